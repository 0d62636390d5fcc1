"""Engine work off the GUI thread: one worker at a time, progress throttled,
Cancel through the engine's Progress, results and errors back by queued signals.

A job is a plain function `work(progress) -> result`. The window never blocks:
`JobRunner.start` returns at once; `finished(result)`, `failed(message, is_bug)`
or `cancelled()` arrive later on the GUI thread.
"""

from __future__ import annotations

import logging
import threading
import time

from PySide6.QtCore import QObject, QThread, Signal

from engine.errors import Cancelled, RuleTreeError
from engine.progress import Progress

log = logging.getLogger(__name__)


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


class JobRunner(QObject):
    """Runs one job at a time; starting a new job cancels the running one."""

    progressed = Signal(int, int, str)
    finished = Signal(object)
    failed = Signal(str, bool)
    cancelled = Signal()
    busy_changed = Signal(bool)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._worker: _Worker | None = None
        self._lock = threading.Lock()

    @property
    def busy(self) -> bool:
        return self._worker is not None and self._worker.isRunning()

    def start(self, work) -> None:
        self.cancel()
        worker = _Worker(work, self)
        worker.progressed.connect(self.progressed)
        worker.succeeded.connect(self._done(self.finished))
        worker.failed.connect(self._done(self.failed))
        worker.stopped.connect(self._done(self.cancelled))
        self._worker = worker
        self.busy_changed.emit(True)
        worker.start()

    def _done(self, signal):
        def handler(*args):
            self._worker = None
            self.busy_changed.emit(False)
            signal.emit(*args)
        return handler

    def cancel(self) -> None:
        worker = self._worker
        if worker is not None and worker.isRunning():
            worker.progress.cancel()

    def wait(self, ms: int = 30000) -> bool:
        worker = self._worker
        return True if worker is None else worker.wait(ms)
