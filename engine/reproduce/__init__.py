"""One runnable experiment per paper (`ruletree reproduce PAPER`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from .. import progress as _progress
from ..export import csv_text, write_tables
from ..fileio import atomic_write_text
from ..i18n import _


def _print_line(line: str) -> None:
    print(line, flush=True)


class Progress(_progress.Progress):
    """What an experiment reports to (its `say`): an `engine.progress.Progress` that also logs.

    `say(message)`: a line of the run's log, `[   12.3 s] message` (seconds since this Progress
    was made) on stdout as the experiments have always printed it; nothing with quiet=True; a
    plain callable `log` gets the bare message instead. `write` prints the finished line
    (`ruletree reproduce` passes one that keeps its bar below the log).
    `say.report(done, total, message, log=False)`: units of work done of a total known up front,
    passed to the callback `(done, total, message)` (the terminal's bar, a test's recorder) after
    a cancel check; logged too with log=True. A message logged between two reports goes to the
    callback as well, at the last count (once something was counted).
    """

    def __init__(self, callback: _progress.ProgressCallback | None = None, *, quiet: bool = False,
                 log: Callable[[str], None] | None = None, write: Callable[[str], None] | None = None):
        super().__init__(callback)
        self.quiet = quiet
        self.start = time.monotonic()
        self._log = log
        self._write = write or _print_line
        self._counts: tuple[int, int] | None = None

    def __call__(self, message: str) -> None:
        self._line(message)
        if self._counts is not None and self._callback is not None:
            self._callback(*self._counts, message)

    def report(self, done: int, total: int, message: str = "", log: bool = False) -> None:
        if log:
            self._line(message)
        self._counts = (done, total)
        super().report(done, total, message)

    def _line(self, message: str) -> None:
        self.check()
        if self._log is not None:
            self._log(message)
        elif not self.quiet:
            self._write(f"[{time.monotonic() - self.start:7.1f} s] {message}")


def reporter(say) -> Progress:
    """An experiment's `say` as a `Progress`: None, the default (the log on stdout); a Progress
    as it is; a plain `engine.progress.Progress`, its callback and cancel flag, no log; a plain
    callable of one message (as the experiments were first called), that as the log, no counts."""
    if say is None:
        return Progress()
    if isinstance(say, Progress):
        return say
    if isinstance(say, _progress.Progress):
        wrapped = Progress(say._callback, quiet=True)
        wrapped._cancel = say._cancel
        return wrapped
    if callable(say):
        return Progress(log=say)
    raise TypeError(f"say must be a Progress or a callable of one message, not {type(say).__name__}")


class Count:
    """Units of work done of a `total` known up front, reported to `say` as each one ends; one
    Count is shared by the parts of a run (facmi's (a), (b), (c)) so the total stays the same."""

    def __init__(self, say: Progress, total: int):
        self.say, self.total, self.done = say, total, 0

    def __call__(self, message: str, log: bool = False) -> None:
        self.done += 1
        self.say.report(self.done, self.total, message, log=log)


def save_tables(out: Path, tables: dict, workbook: str, say) -> None:
    """Each table as `out/NAME.csv` and all of them as sheets of `out/WORKBOOK.xlsx` (atomic writes)."""

    for name, frame in tables.items():
        # data set and class names come from files: none may reach a spreadsheet as a formula
        safe = frame.rename(columns=lambda c: csv_text(c) if isinstance(c, str) else c)
        safe = safe.apply(lambda col: col.map(lambda v: csv_text(v) if isinstance(v, str) else v)
                          if not pd.api.types.is_numeric_dtype(col) else col)
        atomic_write_text(out / f"{name}.csv", safe.to_csv(index=False, float_format="%.4f"))
    write_tables(out / f"{workbook}.xlsx", tables)
    say(_("tables written to {path}").format(path=out))
