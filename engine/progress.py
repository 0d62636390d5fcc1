"""Progress reporting and cancellation, usable from a terminal, the GUI or a worker process.

Long engine work takes a `Progress`, calls `report(done, total, message)` and
`check()` between nodes or folds. The GUI subclasses nothing: it passes a
callback and sets the cancel flag from its thread. Workflows also take a plain
callable `(done, total, message)` (`as_progress`): a task sent to a Dask worker
carries plain data and cannot share a threading.Event with the caller.
"""

from __future__ import annotations

import threading
from typing import Callable

from .errors import Cancelled

ProgressCallback = Callable[[int, int, str], None]


class Progress:
    def __init__(self, callback: ProgressCallback | None = None):
        self._callback = callback
        self._cancel = threading.Event()

    def report(self, done: int, total: int, message: str = "") -> None:
        self.check()
        if self._callback is not None:
            self._callback(done, total, message)

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def check(self) -> None:
        """Raise `Cancelled` once cancel() was called (from any thread)."""
        if self._cancel.is_set():
            raise Cancelled()

    def quiet(self) -> "Progress":
        """The same cancel flag, no reports: for work inside one step of a longer job (a fold's
        fit), whose own counts would make the job's bar jump."""
        child = Progress()
        child._cancel = self._cancel
        return child


def as_progress(progress: "Progress | ProgressCallback | None") -> Progress | None:
    """A `Progress` as it is; a plain callable `(done, total, message)` wrapped in a new one
    (cancelled only by raising `Cancelled` from the callback); None stays None."""
    if progress is None or isinstance(progress, Progress):
        return progress
    if callable(progress):
        return Progress(progress)
    raise TypeError(f"progress must be a Progress or a callable (done, total, message), not "
                    f"{type(progress).__name__}")
