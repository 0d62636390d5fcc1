"""Fixtures of the GUI tests: a tree canvas on screen (offscreen), CART's tree of the car demo."""

from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def car_tree():
    from engine.algorithms.params import resolve_params
    from engine.algorithms.registry import get
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.project import load_project

    p = load_project(str(Path(__file__).resolve().parents[2] / "resources" / "demo" / "car_evaluation.rtproj"))
    d = encode(read_table(p.data_path, p.sheet), p.spec)
    info = get("cart")
    return info.fit(d, p.spec, resolve_params(info, {}))


@pytest.fixture
def canvas(qtbot):
    """A TreeCanvas of 1000 x 700, shown, with the keyboard focus."""
    from app.widgets.tree_canvas import TreeCanvas

    c = TreeCanvas()
    c.resize(1000, 700)
    qtbot.addWidget(c)
    c.show()
    qtbot.waitExposed(c)
    c.setFocus()
    return c


@pytest.fixture(autouse=True)
def _no_job_outlives_its_test():
    """After each GUI test, wait for the background jobs it started (a kernel compiling cannot be
    cancelled); one still running after the wait fails the test in words. The threads are the
    application's (app.jobs), so a window destroyed by the test's teardown never aborts the run.
    Then the automatic garbage collector comes back (app.collector turned it off while jobs ran)."""
    yield
    from app import collector, jobs

    if not jobs.wait_all(600_000):
        pytest.fail(f"{len(jobs.running())} background job(s) still running 10 minutes after the test ended")
    collector.uninstall()  # no job runs: the automatic collector is safe again (the engine's tests after)


@pytest.fixture(autouse=True)
def _no_program_started_again(monkeypatch):
    """A test that accepts the language change's offer to restart (the monkey answers every question
    yes) must never start a real, detached copy of the program: it would outlive the test run, an
    orphan window on the tester's machine. Recorded instead; a test that checks the restart
    patches it itself."""
    from app import main

    started = []
    monkeypatch.setattr(main.QProcess, "startDetached", lambda program, args, *rest: started.append(args) or True)
    return started


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    """The main window on a settings file of its own, its message boxes recorded in `window.said`
    instead of shown (a test file may define its own)."""
    # deferred: the window's modules only for the tests that take it
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from app.main import MainWindow

    said = []
    for kind in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, lambda parent, title, text, *a, **k: said.append(text))
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    w.said = said
    qtbot.addWidget(w)
    return w
