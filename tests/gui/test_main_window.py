"""The first window: opens the demo, shows columns and validation, survives bad files."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QMessageBox  # noqa: E402

from app.main import MainWindow  # noqa: E402


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    return w


def test_opens_the_demo_project(window, demo_dir):
    assert window.open_path(str(demo_dir / "car_evaluation.rtproj"))
    assert window.columns.rowCount() == 7
    assert window.columns.item(0, 0).text() == "buying" and window.columns.item(0, 1).text() == "ordinal"
    assert window.problems.item(0).text() == "The problem settings are valid."
    assert "car_evaluation.xlsx" in window.windowTitle()


def test_bad_file_shows_a_dialog_and_keeps_the_old_table(window, demo_dir, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    assert window.open_path(str(demo_dir / "glass.rtproj"))
    (tmp_path / "junk.xlsx").write_bytes(b"\x00\x01junk" * 50)
    assert not window.open_path(str(tmp_path / "junk.xlsx"))
    assert len(shown) == 1 and 'file "junk.xlsx"' in shown[0]
    assert window.columns.rowCount() == 10  # glass is still shown


def test_gbk_csv_opens(window, tmp_path):
    (tmp_path / "病人.csv").write_bytes("年龄;诊断\n45;阳性\n?;阴性\n".encode("gbk"))
    assert window.open_path(str(tmp_path / "病人.csv"))
    assert window.columns.item(0, 0).text() == "年龄"
