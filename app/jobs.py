"""Engine work off the GUI thread: progress throttled, Cancel through the engine's
Progress, results and errors back by queued signals.

A job is a plain function `work(progress) -> result`. The window never blocks:
`start` returns at once; `finished(result)`, `failed(message, is_bug)` or
`cancelled()` arrive later on the GUI thread.

Two runners:
- `JobRunner`, the window's: one job at a time (training); starting a new job
  cancels the running one, whose outcome is then ignored.
- `TaskRunner`, for short side jobs (writing a model's copy for its consultation
  sessions): jobs run side by side to their end and never cancel one another or
  the window's job.

Every worker belongs to the application, not to the window or panel that started it:
destroying a QThread that still runs aborts the whole process ("Destroyed while
thread is still running"), and a job cannot always stop at once (Numba compiles a
kernel in one piece, for a minute or more on a busy machine). So a window closed
during a job closes; the job finishes off-screen, its outcome dropped; and when the
event loop has ended `settle(status)` waits for what still runs, then ends the
process plainly (`os._exit`) rather than let Qt destroy a running thread.
"""

from __future__ import annotations

import logging
import os
import sys
import time
import weakref

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal

from app import collector
from engine.errors import Cancelled, RuleTreeError
from engine.progress import Progress

log = logging.getLogger(__name__)

#: every worker whose thread has not finished, whoever started it (strong references: a worker
#: whose runner is gone keeps its Python side until its job ends)
_LIVE: set["_Worker"] = set()
#: how long the application waits, after its event loop, for jobs still running
SETTLE_MS = 10 * 60 * 1000


def running() -> list["_Worker"]:
    """The workers whose job has not ended."""
    return [w for w in list(_LIVE) if w.isRunning()]


def wait_all(ms: int = SETTLE_MS) -> bool:
    """Wait until every job of every runner has ended; False when some still run after `ms`."""
    deadline = time.monotonic() + ms / 1000.0
    for worker in running():
        if not worker.wait(max(0, int((deadline - time.monotonic()) * 1000))):
            return False
    return True


def settle(status: int, ms: int = SETTLE_MS) -> int:
    """After the application's event loop: let the jobs still running end (off-screen), then
    `status`; if some cannot end within `ms`, end the process here with `status`, logged, rather
    than let Qt abort the process destroying a running thread."""
    if wait_all(ms):
        return status
    log.warning("%d background job(s) still running %.0f s after the window closed; exiting", len(running()),
                ms / 1000)
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    os._exit(status)


class _Worker(QThread):
    progressed = Signal(int, int, str)
    succeeded = Signal(object)
    failed = Signal(str, bool)
    stopped = Signal()

    def __init__(self, work, parent=None):
        super().__init__(parent)
        self.work = work
        self._last = 0.0
        self.progress = Progress(self._report)

    def _report(self, done: int, total: int, message: str) -> None:
        now = time.monotonic()
        if now - self._last >= 0.05 or done >= total:  # at most ~20 updates a second
            self._last = now
            self.progressed.emit(int(done), int(total), message)

    def run(self) -> None:
        try:
            result = self.work(self.progress)
        except Cancelled:
            self.stopped.emit()
        except RuleTreeError as exc:
            self.failed.emit(str(exc), False)
        except Exception as exc:  # a bug: logged with its traceback, shown politely
            log.exception("unexpected error in a background job")
            self.failed.emit(f"{type(exc).__name__}: {exc}", True)
        else:
            self.succeeded.emit(result)


class _Runner(QObject):
    """What both runners share: workers that delete themselves when done, and `wait`."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._running: list[_Worker] = []  # workers whose job has not ended (or whose end is not yet seen)

    def _launch(self, work) -> _Worker:
        app = QCoreApplication.instance()
        if app is None:
            raise RuntimeError("a job runner needs a QCoreApplication (it owns the workers)")
        collector.install()  # from now on cycles are freed on the GUI thread only (app.collector)
        worker = _Worker(work, app)
        _LIVE.add(worker)
        worker.finished.connect(lambda w=worker: _LIVE.discard(w))
        # bookkeeping first, so that whoever hears the outcome sees the runner as it is after it
        for signal in (worker.succeeded, worker.failed, worker.stopped):
            signal.connect(self._weakly(worker, _Runner._ended))
        worker.finished.connect(worker.deleteLater)
        self._running.append(worker)
        return worker

    def _weakly(self, worker: _Worker, method, *extra):
        """A handler of the worker's signal that calls `method(runner, worker, *extra, *args)` while
        this runner lives. Not a bound method, and not holding the runner: a worker deleted after
        its job must not drop the last reference to the runner that owns it (it would be deleted
        twice), nor may Qt queue a call to a runner that is gone."""
        ref = weakref.ref(self)

        def handler(*args):
            runner = ref()
            # the runner's Qt side may be gone before its Python side (its window was destroyed while
            # this job ran on): the outcome is dropped then
            if runner is not None and shiboken6.isValid(runner):
                method(runner, worker, *extra, *args)
        return handler

    def _ended(self, worker: _Worker, *_outcome) -> None:
        worker.wait()  # returns at once: the job's last line has run
        self._running = [w for w in self._running if w is not worker]

    def wait(self, ms: int = 30000) -> bool:
        """Wait until every job started here has ended (cancelled ones too); False on timeout."""
        deadline = time.monotonic() + ms / 1000.0
        for worker in list(self._running):
            if not worker.wait(max(0, int((deadline - time.monotonic()) * 1000))):
                return False
        return True


class JobRunner(_Runner):
    """Runs one job at a time; starting a new job cancels the running one, whose outcome is dropped."""

    progressed = Signal(int, int, str)
    finished = Signal(object)
    failed = Signal(str, bool)
    cancelled = Signal()
    busy_changed = Signal(bool)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._worker: _Worker | None = None  # the current job's
        self._done = None  # the current job's own handler of its result (start's `done`)

    @property
    def busy(self) -> bool:
        return self._worker is not None and self._worker.isRunning()

    def start(self, work, done=None) -> None:
        """Run `work(progress)`; its result goes to `done(result)` when given, else to `finished`
        (failures and a cancel are said by `failed` and `cancelled` either way)."""
        self.cancel()
        worker = self._launch(work)
        worker.progressed.connect(self._weakly(worker, JobRunner._forward, "progressed", False))
        worker.succeeded.connect(self._weakly(worker, JobRunner._forward, "finished", True))
        worker.failed.connect(self._weakly(worker, JobRunner._forward, "failed", True))
        worker.stopped.connect(self._weakly(worker, JobRunner._forward, "cancelled", True))
        self._worker, self._done = worker, done
        self.busy_changed.emit(True)
        worker.start()

    def _forward(self, worker: _Worker, signal: str, end: bool, *args) -> None:
        """Pass a worker's signal on while it is the current job's (a cancelled job's outcome is dropped)."""
        if worker is not self._worker:
            return
        done = self._done
        if end:
            self._worker, self._done = None, None
            self.busy_changed.emit(False)
        if signal == "finished" and done is not None:
            done(*args)
            return
        getattr(self, signal).emit(*args)

    def cancel(self) -> None:
        worker = self._worker
        if worker is not None and worker.isRunning():
            worker.progress.cancel()


class TaskRunner(_Runner):
    """Short side jobs: each runs to its end on a worker of its own; none cancels another.

    Its workers, as every runner's, belong to the application (the module docstring).
    """

    finished = Signal(object)
    failed = Signal(str, bool)

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def start(self, work) -> None:
        worker = self._launch(work)
        worker.succeeded.connect(self.finished)  # signal to signal: Qt cuts it if this runner goes
        worker.failed.connect(self.failed)
        worker.start()
