"""Python's cyclic garbage collected on the GUI thread only, while background jobs can run.

CPython runs its cyclic collector in whichever thread happens to allocate past the threshold.
When that is a worker thread (a training in app.jobs), the cycles it frees may hold Qt objects
of the window (a closed dialog, a panel's old model, a lambda connected to a widget), and
destroying a widget from a thread that is not the GUI thread crashes the process: the segfault
an offscreen test run met with a worker "Garbage-collecting" inside an engine list comprehension.

So, once the first worker starts, automatic collection is turned off and a timer on the GUI
thread collects instead, the generation CPython itself would have chosen (its thresholds and
counts), between events, where Qt allows it. `uninstall` gives the automatic collector back
(a test run's teardown, after its jobs ended).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer

#: how often the GUI thread looks at the collector's counts
INTERVAL_MS = 250

_collector: "MainThreadCollector | None" = None


class MainThreadCollector(QObject):
    """Turns automatic collection off and collects from a GUI-thread timer (module docstring)."""

    def __init__(self, parent: QObject, interval_ms: int = INTERVAL_MS):
        super().__init__(parent)
        self.was_enabled = gc.isenabled()
        self.collections = [0, 0, 0]  # how many of each generation this collector ran
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)

    def check(self) -> int | None:
        """Collect the oldest generation whose count passed its threshold, as CPython would
        (a generation's collection includes the younger ones); the generation, or None."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        generation = None
        for g in range(3):
            if thresholds[g] and counts[g] > thresholds[g]:
                generation = g
        if generation is not None:
            gc.collect(generation)
            self.collections[generation] += 1
        return generation

    def stop(self) -> None:
        self.timer.stop()
        if self.was_enabled:
            gc.enable()


def install() -> MainThreadCollector | None:
    """The collector of the application (made at the first call, from the GUI thread); None
    without a QCoreApplication or when called from another thread (nothing to guard then, or
    no timer that thread could own)."""
    global _collector
    app = QCoreApplication.instance()
    if app is None or QThread.currentThread() is not app.thread():
        return None
    if _collector is None:
        _collector = MainThreadCollector(app)
    return _collector


def uninstall() -> None:
    """Stop the GUI-thread collector and give the automatic one back (call with no job running)."""
    global _collector
    if _collector is not None:
        _collector.stop()
        _collector.deleteLater()
        _collector = None
