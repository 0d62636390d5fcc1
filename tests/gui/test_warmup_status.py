"""The warm-up in the window (issue 36 item 1): the status bar counts the learners and the time
left, never over a job's message; the learner trained is warmed next; the warm-up waits while the
job runs."""

from __future__ import annotations

import threading

from app.warmup import COUNTED, PAUSED, PREPARING, start_warmup, train_first


def test_the_status_bar_counts_and_training_goes_first(qtbot, tmp_path, monkeypatch):
    """The window: the warm-up's steps in the status bar (never over a job's message), the learner
    trained moved to the front, and the warm-up paused while the job runs."""
    from PySide6.QtCore import QSettings

    import app.warmup as warmup
    from app.main import MainWindow
    from engine.resources import demo_project

    release = threading.Event()
    monkeypatch.setattr(warmup, "warm_kernels", lambda plan, progressed: (release.wait(60), warmup.WarmupResult())[1])
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.open_path(str(demo_project()))
    first = window.train_panel.algorithm.currentData()
    relay = start_warmup(window, first)
    try:
        assert relay.plan.pending()[0] == first and relay.plan.total == len(relay.plan.pending())
        bar = window.statusBar()
        assert bar.currentMessage() == PREPARING
        relay.progressed.emit(3, 17, 130.0, False)
        assert bar.currentMessage() == COUNTED.format(done=3, total=17, left="about 2 min left")
        relay.progressed.emit(4, 17, None, True)
        assert bar.currentMessage() == PAUSED.format(done=4, total=17)
        bar.showMessage("a job's own message")
        relay.progressed.emit(5, 17, 60.0, False)
        assert bar.currentMessage() == "a job's own message"  # not overwritten by a step
        other = next(name for name in relay.plan.pending() if name not in (first, "id3"))
        train_first(window, other)
        assert relay.plan.pending()[0] == other
        assert not relay.plan.pause()
        window.train("id3", {})  # Train: id3 next, and the warm-up waits while the job runs
        assert relay.plan.pending()[0] == "id3"
        assert relay.plan.pause()
        qtbot.waitUntil(lambda: not window.jobs.busy, timeout=120_000)
        qtbot.waitUntil(lambda: not relay.plan.pause(), timeout=10_000)
    finally:
        release.set()
    qtbot.waitUntil(lambda: relay.result is not None, timeout=10_000)
    assert bar.currentMessage() == "Ready"
