"""Kernel warm-up: every learner trains once on a tiny synthetic table, off the GUI thread.

The first start compiles the engine's Numba kernels (about 15 s on 2 cores)
and writes them to the cache (NUMBA_CACHE_DIR, see app.launch); later starts
load them from there in about a second. Without the warm-up the user's first
Train would pay that cost. `warm_kernels()` has no Qt in it (the self-test and
the tests call it directly); `start_warmup(window)` runs it in a daemon thread
and shows "Preparing fast kernels…" then "Ready" in the window's status bar.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field

log = logging.getLogger(__name__)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - lupdate's marker, without importing Qt here
    return text


# the status bar's texts, translated where shown (context "Warmup"); these English constants are the sources
PREPARING = QT_TRANSLATE_NOOP("Warmup", "Preparing fast kernels…")
READY = QT_TRANSLATE_NOOP("Warmup", "Ready")


def kernel_modules() -> list[str]:
    """Every module of engine.kernels (a new kernel file is counted without a list to update)."""
    import pkgutil

    import engine.kernels

    return [f"engine.kernels.{m.name}" for m in pkgutil.iter_modules(engine.kernels.__path__) if m.name != "config"]


@dataclass
class WarmupResult:
    seconds: float = 0.0
    algorithms: list[str] = field(default_factory=list)
    cache_hits: int = 0  # kernels loaded from NUMBA_CACHE_DIR (or __pycache__ from source)
    cache_misses: int = 0  # kernels compiled now (and written to the cache)
    cache_dir: str | None = None
    error: str | None = None

    @property
    def from_cache(self) -> bool:
        return self.cache_hits > 0 and self.cache_misses == 0

    def describe(self) -> str:
        if self.error:
            return f"failed: {self.error}"
        where = "loaded from the cache" if self.from_cache else (
            "compiled and cached" if self.cache_hits == 0 else "partly from the cache")
        return (f"{len(self.algorithms)} learners in {self.seconds:.2f} s; kernels {where} "
                f"({self.cache_hits} hits, {self.cache_misses} compiled)")


def synthetic_data(n: int = 60, seed: int = 0):
    """A numeric, a nominal and an ordinal attribute, three ordered classes, a missing value:
    the dtypes `encode` produces (float64 X with NaN, int64 y, float64 weights)."""
    import numpy as np

    from engine.data.encode import AttributeSchema, DataSchema, EncodedData

    rng = np.random.default_rng(seed)
    x = rng.random(n)
    nominal = rng.integers(0, 3, n).astype(np.float64)
    ordinal = rng.integers(0, 4, n).astype(np.float64)
    y = np.minimum(2, (3 * x).astype(np.int64))
    X = np.column_stack([x, nominal, ordinal])
    X[3, 0] = np.nan
    schema = DataSchema("class", ["low", "mid", "high"], True, [
        AttributeSchema("x", "numeric", monotone=1),
        AttributeSchema("colour", "nominal", categories=["red", "green", "blue"]),
        AttributeSchema("grade", "ordinal", categories=["1", "2", "3", "4"], monotone=1)])
    return EncodedData(X, y, np.ones(n), schema, np.arange(n))


def kernel_stats() -> tuple[int, int]:
    """(cache hits, cache misses) over the engine's kernels in this process so far."""
    import importlib

    from numba.core.registry import CPUDispatcher

    hits = misses = 0
    for name in kernel_modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            # a kernel imported from another module is counted there
            if isinstance(value, CPUDispatcher) and value.py_func.__module__ == name:
                stats = value.stats
                hits += sum(stats.cache_hits.values())
                misses += sum(stats.cache_misses.values())
    return hits, misses


def warm_kernels() -> WarmupResult:
    """Fit every registered learner on synthetic_data() and predict with each missing-value policy."""
    import os

    from engine.algorithms.registry import algorithms
    from engine.data.spec import ProblemSpec
    from engine.tree.predict import predict

    t0 = time.perf_counter()
    result = WarmupResult(cache_dir=os.environ.get("NUMBA_CACHE_DIR"))
    data = synthetic_data()
    for info in algorithms():
        spec = ProblemSpec(target="class", class_order=list(data.classes))
        spec.positive_class = "high"  # the trichotomy family asks for one class against the rest
        params = {p.name: p.default for p in info.params}
        try:
            tree = info.fit(data, spec, params, None)
            for missing in ("stop", "majority", "fractional"):
                predict(tree, data.X, missing).used  # noqa: B018 - `used` runs the path kernel
        except Exception as exc:  # noqa: BLE001 - a learner that cannot warm up still works later
            log.warning("warm-up of %s failed: %s", info.name, exc)
            continue
        result.algorithms.append(info.name)
        if info.name == "cart":
            _warm_plan(tree, data)
        if info.name == "c45":
            _warm_c45_by_node(data, params)
    result.cache_hits, result.cache_misses = kernel_stats()
    result.seconds = time.perf_counter() - t0
    return result


def _warm_c45_by_node(data, params) -> None:
    """C4.5 grown node by node, as the window trains it on larger files (with progress and
    Cancel at every node): its own kernels (engine/kernels/c45_choose.py, c45_prune.py)."""
    from engine.algorithms.c45 import fit_c45
    from engine.progress import Progress

    try:
        fit_c45(data, None, params, Progress(), whole_fit_cells=0)
    except Exception as exc:  # noqa: BLE001 - they compile on first use instead
        log.warning("warm-up of C4.5 grown node by node failed: %s", exc)


def _warm_plan(tree, data) -> None:
    """A planned consultation's first step on a crisp tree, with a prerequisite and a batch group
    (the compiled dynamic programme of engine/kernels/plan_dp.py)."""
    from engine.consult import Consultation
    from engine.data.spec import AttributeSettings, BatchGroup, ProblemSpec
    from engine.tree.case_counts import count_case_values

    spec = ProblemSpec(target="class", class_order=list(data.classes))
    spec.attributes = {"x": AttributeSettings(test_cost=3), "colour": AttributeSettings(test_cost=1, wait_time=1),
                       "grade": AttributeSettings(test_cost=2, prerequisite="colour")}
    spec.batch_groups = [BatchGroup("panel", ["colour", "grade"], common_cost=1)]
    tree.case_values = count_case_values(tree, data.X, data.w)
    try:
        Consultation(tree, spec, planning="planned").candidates()
    except Exception as exc:  # noqa: BLE001 - the consultation still works later, compiling then
        log.warning("warm-up of the planned consultation failed: %s", exc)


# ---- the window's side (Qt imported lazily: warm_kernels stays usable headless) ----------


def app_icon():
    """The application icon from the bundled resources, or None."""
    from PySide6.QtGui import QIcon

    from engine.resources import resources_dir

    for name in ("ruletree.svg", "ruletree.png"):
        path = resources_dir() / "icons" / name
        if path.is_file():
            return QIcon(str(path))
    return None


_started: dict[int, object] = {}


def start_warmup(window):
    """Warm the kernels in a daemon thread; status bar: PREPARING, then READY. Idempotent per window.

    Returns the QObject whose `done(object)` signal carries the WarmupResult
    (on the GUI thread). A daemon thread, not a QThread: closing the window
    during the warm-up must not wait for the compiler nor abort on a running QThread.
    """
    from PySide6.QtCore import QCoreApplication, QObject, Signal

    key = id(window)
    if key in _started:
        return _started[key]

    class _Relay(QObject):
        done = Signal(object)

    relay = _Relay(window)
    _started[key] = relay
    relay.result = None
    window.statusBar().showMessage(QCoreApplication.translate("Warmup", PREPARING))

    def finished(result: WarmupResult) -> None:
        relay.result = result
        if result.error:
            window.statusBar().showMessage(QCoreApplication.translate("Warmup",
                                                                      "Ready (kernel warm-up failed; see the log)"))
        else:
            window.statusBar().showMessage(QCoreApplication.translate("Warmup", READY))

    relay.done.connect(finished)
    window.destroyed.connect(lambda *_: _started.pop(key, None))

    def work() -> None:
        try:
            result = warm_kernels()
            log.info("kernel warm-up: %s", result.describe())
        except Exception as exc:  # noqa: BLE001 - logged; the app works without the warm-up
            log.exception("kernel warm-up failed")
            result = WarmupResult(error=f"{type(exc).__name__}: {exc}")
        try:
            relay.done.emit(result)
        except RuntimeError:  # the window (and the relay) is gone already
            pass

    threading.Thread(target=work, name="ruletree-warmup", daemon=True).start()
    return relay
