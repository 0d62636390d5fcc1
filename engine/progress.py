"""Progress reporting and cancellation, usable from a terminal or the GUI.

Long engine work takes a `Progress`, calls `report(done, total, message)` and
`check()` between nodes or folds. The GUI subclasses nothing: it passes a
callback and sets the cancel flag from its thread.
"""

from __future__ import annotations

import threading
from typing import Callable

from .errors import Cancelled


class Progress:
    def __init__(self, callback: Callable[[int, int, str], None] | None = None):
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


