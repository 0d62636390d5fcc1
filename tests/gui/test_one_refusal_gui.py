"""The window is one more entry point of tests/test_one_refusal.py: a project with any of the
20 invalid settings opens (the settings listed for correcting, naming the setting), and Train
and Compare refuse it with the command line's words: file, setting, message."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from app.main import MainWindow
from test_one_refusal import IDS, INVALID, _bad_project, car  # noqa: F401 - car: the module's fixture


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    dialogs: list[str] = []
    for kind in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, lambda parent, title, text, *a, **k: dialogs.append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    w.dialogs = dialogs
    qtbot.addWidget(w)
    return w


@pytest.mark.parametrize("name,change,field,message", INVALID, ids=IDS)
def test_the_window_opens_it_lists_it_and_refuses_to_train_on_it(window, car, name, change, field, message):
    path, _ = _bad_project(car, change, name="bad_window.rtproj")
    assert window.open_path(str(path))
    opened = window.dialogs.pop()
    assert f"({field}): {message}" in opened and "bad_window.rtproj" in opened
    window.train("cart", {})
    refused = window.dialogs.pop()
    assert refused.startswith(f'file "bad_window.rtproj", setting {field}: {message}'), refused
    assert window.model is None
    with pytest.raises(Exception) as compared:  # what the Compare tab is handed
        window._problem_for_compare()
    assert str(compared.value) == refused
