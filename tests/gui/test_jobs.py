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
