"""The Qt binding itself: PySide6 6.12.0 on CPython 3.11 lost a reference to None on
every call that returns nothing, and painting a tree makes thousands (the interpreter
then aborts). pyproject.toml pins it out; this test says so if it comes back."""

import sys




def test_void_calls_keep_none_alive():
    from PySide6.QtCore import QPointF

    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(256):
        point.setX(0.0)
    lost = before - sys.getrefcount(None)
    assert lost < 64, f"PySide6 drops references to None ({lost} in 256 calls): use PySide6-Essentials < 6.12"
