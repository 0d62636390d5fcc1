"""The two job runners (app.jobs): the window's JobRunner (a new job cancels the
running one, whose outcome is dropped) and the TaskRunner for side jobs (jobs run
side by side to their end; a runner may go before its job). Waits are on signals."""

import threading

import pytest
from PySide6.QtCore import QObject

from app.jobs import JobRunner, TaskRunner
from engine.errors import RuleTreeError

TIMEOUT = 10000


def until_cancelled(started: threading.Event, seen: list):
    def work(progress):
        started.set()
        while not progress.cancelled:
            threading.Event().wait(0.005)
        seen.append("cancelled")
        progress.check()  # raises Cancelled
    return work


def blocked(release: threading.Event, result):
    def work(progress):
        assert release.wait(TIMEOUT / 1000)
        return result, threading.current_thread() is threading.main_thread()
    return work


def test_a_new_job_cancels_the_running_one_and_its_outcome_is_dropped(qtbot):
    runner = JobRunner()
    started, release, seen = threading.Event(), threading.Event(), []
    outcomes, busy = [], []
    runner.finished.connect(lambda r: outcomes.append(("finished", r)))
    runner.cancelled.connect(lambda: outcomes.append("cancelled"))
    runner.busy_changed.connect(busy.append)
    runner.start(until_cancelled(started, seen))
    assert started.wait(TIMEOUT / 1000) and runner.busy
    old = runner._worker
    with qtbot.waitSignal(old.destroyed, timeout=TIMEOUT):  # deleted once it has ended
        runner.start(blocked(release, "second"))
    # the first job ended (cancelled) while the second runs: nothing of it reached the window
    assert seen == ["cancelled"] and outcomes == [] and runner.busy and busy == [True, True]
    with qtbot.waitSignal(runner.finished, timeout=TIMEOUT) as done:
        release.set()
    assert done.args == [("second", False)] and outcomes == [("finished", ("second", False))]
    assert busy == [True, True, False] and not runner.busy and runner.wait(1000)


def test_a_job_ends_with_its_error_or_cancelled(qtbot):
    runner = JobRunner()

    def refused(progress):
        raise RuleTreeError("the target has one class")

    with qtbot.waitSignal(runner.failed, timeout=TIMEOUT) as failed:
        runner.start(refused)
    assert failed.args == ["the target has one class", False] and not runner.busy
    started = threading.Event()
    runner.start(until_cancelled(started, []))
    assert started.wait(TIMEOUT / 1000)
    with qtbot.waitSignal(runner.cancelled, timeout=TIMEOUT):
        runner.cancel()
    assert runner.wait(TIMEOUT) and not runner.busy


def test_side_jobs_run_side_by_side_to_their_end(qtbot):
    runner = TaskRunner()
    first, second = threading.Event(), threading.Event()
    results = []
    runner.finished.connect(results.append)
    runner.start(blocked(first, "first"))
    worker = runner._running[0]
    with qtbot.waitSignal(runner.finished, timeout=TIMEOUT) as done:  # the second ends while the first waits
        runner.start(blocked(second, "second"))
        second.set()
    assert done.args == [("second", False)] and runner.busy
    with qtbot.waitSignals([runner.finished, worker.destroyed], timeout=TIMEOUT):
        first.set()
    assert results == [("second", False), ("first", False)] and not runner.busy


def test_a_side_job_outlives_its_runner(qtbot):
    """The panel holding the runner may close while its job runs: the thread is not destroyed
    (Qt would abort the process); the job ends, then its worker is deleted."""
    from app.jobs import _Worker

    owner = QObject()
    runner = TaskRunner(owner)
    release, ended = threading.Event(), threading.Event()

    def work(progress):
        release.wait(TIMEOUT / 1000)
        ended.set()
        return "done"

    runner.start(work)
    worker = runner._running[0]
    with qtbot.waitSignal(owner.destroyed, timeout=TIMEOUT):
        owner.deleteLater()
    del runner, owner
    assert worker.isRunning()
    with qtbot.waitSignal(worker.destroyed, timeout=TIMEOUT):  # deleted once its job has ended
        release.set()
    assert ended.is_set()
    from PySide6.QtCore import QCoreApplication

    assert not [w for w in QCoreApplication.instance().children() if isinstance(w, _Worker)]


@pytest.mark.parametrize("error, is_bug", [(RuleTreeError("no room"), False), (OSError("disk full"), True)])
def test_a_side_job_failure_comes_back_by_signal(qtbot, error, is_bug):
    runner = TaskRunner()

    def work(progress):
        raise error

    with qtbot.waitSignal(runner.failed, timeout=TIMEOUT) as failed:
        runner.start(work)
    assert "disk full" in failed.args[0] or failed.args[0] == "no room"
    assert failed.args[1] is is_bug


# ---- a job that cannot stop (issue 43: the window never aborts on close) ----------------------


def stubborn(started: threading.Event, release: threading.Event, seen: list):
    """A job that ignores Cancel (as a Numba compile does): it ends when released."""
    def work(progress):
        started.set()
        release.wait(60)
        seen.append(progress.cancelled)
        return "done late"
    return work


def test_closing_the_window_during_a_job_that_ignores_cancel(qtbot, tmp_path, monkeypatch):
    """The window closes within its short wait and is destroyed while the job still runs: the
    thread is the application's, so nothing aborts; the job ends off-screen, its outcome dropped."""
    import time

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    import app.main as main
    from app import jobs

    monkeypatch.setattr(main, "CLOSE_WAIT_MS", 300)
    window = main.MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    window.show()
    started, release, seen = threading.Event(), threading.Event(), []
    outcomes = []
    window.jobs.finished.connect(outcomes.append)
    window.jobs.start(stubborn(started, release, seen))
    assert started.wait(TIMEOUT / 1000)
    worker = window.jobs._worker
    assert worker.parent() is QApplication.instance()
    t0 = time.monotonic()
    assert window.close()
    assert time.monotonic() - t0 < 5  # the short wait, not the job's end
    window.deleteLater()
    with qtbot.waitSignal(window.destroyed, timeout=TIMEOUT):
        pass
    assert worker.isRunning() and jobs.running() == [worker]  # the job goes on, off-screen
    release.set()
    assert jobs.wait_all(TIMEOUT)
    qtbot.waitUntil(lambda: worker not in jobs._LIVE, timeout=TIMEOUT)
    assert seen == [True] and outcomes == []  # cancelled, heard it late; nothing reached a window that is gone


SCRIPT = r"""
import os, sys, threading, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
sys.path.insert(0, {root!r})
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
import app.main as main
from app import jobs
main.CLOSE_WAIT_MS = 200
window = main.MainWindow(QSettings({settings!r}, QSettings.IniFormat))
window.show()
started = threading.Event()
def work(progress):  # ignores Cancel, as a compile does
    started.set()
    time.sleep({job_s})
    return 1
window.jobs.start(work)
started.wait(10)
QTimer.singleShot(100, window.close)
QTimer.singleShot(150, app.quit)
status = app.exec()
print("event loop over", flush=True)
sys.exit(jobs.settle(status, ms={settle_ms}))
"""


@pytest.mark.parametrize("job_s, settle_ms", [(2, 30000), (30, 500)], ids=["job ends off-screen", "job outlives the wait"])
def test_the_process_exits_0_when_the_window_closes_during_such_a_job(tmp_path, job_s, settle_ms):
    """Closed during a job that ignores Cancel, the application's process ends with status 0 and
    no abort: after the job when it ends within the settle wait, else at the wait's end."""
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    script = SCRIPT.format(root=root, settings=str(tmp_path / "s.ini"), job_s=job_s, settle_ms=settle_ms)
    env = dict(os.environ, RULETREE_DATA_DIR=str(tmp_path / "data"))
    t0 = time.monotonic()
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    took = time.monotonic() - t0
    assert out.returncode == 0, out.stderr[-2000:]
    assert "event loop over" in out.stdout
    assert "Destroyed while thread" not in out.stderr and "Aborted" not in out.stderr
    if job_s > 10:
        assert took < job_s  # it did not wait for the job


class _Cycle:
    """A piece of cyclic garbage that says which thread freed it."""

    def __init__(self, freed: list):
        self.me = self
        self.freed = freed

    def __del__(self):
        self.freed.append(threading.current_thread() is threading.main_thread())


def test_cycles_are_freed_on_the_gui_thread_while_a_job_allocates(qtbot):
    """A worker allocating past the collector's threshold must not free the GUI's cycles (a widget
    destroyed off the GUI thread crashes the process): app.collector frees them on the GUI thread."""
    import gc

    from app import collector

    freed: list = []
    release, enabled, kept = threading.Event(), [], []

    def work(progress):
        enabled.append(gc.isenabled())
        _Cycle(freed)  # garbage at once: only the cyclic collector can free it
        kept.append([[i] for i in range(200_000)])  # far past generation 0's threshold, in this thread
        assert release.wait(TIMEOUT / 1000)
        return len(kept[0])

    runner = JobRunner()
    try:
        with qtbot.waitSignal(runner.finished, timeout=TIMEOUT):
            runner.start(work)
            qtbot.waitUntil(lambda: bool(enabled), timeout=TIMEOUT)
            threading.Event().wait(0.2)  # the worker's allocations are done
            release.set()
        assert enabled == [False]  # automatic collection was off while the job ran
        qtbot.waitUntil(lambda: bool(freed), timeout=TIMEOUT)  # the GUI thread's timer collected it
        assert freed == [True]
        assert sum(collector.install().collections) >= 1
    finally:
        collector.uninstall()
    assert gc.isenabled()


def test_the_collector_collects_the_generation_cpython_would(qtbot):
    import gc

    from app import collector

    c = collector.install()
    try:
        gc.collect()
        assert c.check() is None  # nothing past any threshold right after a full collection
        before = list(c.collections)
        _ = [[i] for i in range(gc.get_threshold()[0] + 10)]
        assert c.check() == 0 and c.collections[0] == before[0] + 1
    finally:
        collector.uninstall()
