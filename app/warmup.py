"""Kernel warm-up: every learner trains once on a tiny synthetic table, off the GUI thread.

The first start compiles the engine's Numba kernels and writes them to the
cache (NUMBA_CACHE_DIR, see app.launch); later starts load them from there in
about a second. On a fresh machine the compile takes minutes (see
tests/benchmarks/kernel_compile.py), so the window never waits for all of it:
the status bar counts the learners warmed and the time left, the learner the
user trains is warmed next (`WarmupPlan.prefer`), and while a job of the
window runs the warm-up pauses between learners so that the job's own compile
has the cores (`WarmupPlan.pause`). `warm_kernels()` has no Qt in it (the
self-test, the benchmarks and the tests call it directly); `start_warmup(window)`
runs it in a daemon thread.

Imported only after app.launch.configure_numba_cache (engine and Numba at the top here).
"""

from __future__ import annotations

import importlib
import logging
import os
import pkgutil
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from numba.core.registry import CPUDispatcher
from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QIcon

import engine.kernels
from engine.algorithms.c45 import fit_c45
from engine.algorithms.registry import AlgorithmInfo, algorithms
from engine.consult import Consultation
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.data.spec import AttributeSettings, BatchGroup, ProblemSpec
from engine.progress import Progress
from engine.resources import resources_dir
from engine.tree.case_counts import count_case_values
from engine.tree.predict import predict

from . import collector, jobs

log = logging.getLogger(__name__)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - lupdate's marker
    return text


# the status bar's texts, translated where shown (context "Warmup"); these English constants are the sources
PREPARING = QT_TRANSLATE_NOOP("Warmup", "Preparing fast kernels…")
READY = QT_TRANSLATE_NOOP("Warmup", "Ready")
COUNTED = QT_TRANSLATE_NOOP("Warmup", "Preparing fast kernels… {done} of {total} learners, {left}")
PAUSED = QT_TRANSLATE_NOOP("Warmup", "Preparing fast kernels… {done} of {total} learners (paused while a job runs)")
ESTIMATING = QT_TRANSLATE_NOOP("Warmup", "estimating the time left")
SECONDS_LEFT = QT_TRANSLATE_NOOP("Warmup", "about {seconds} s left")
MINUTES_LEFT = QT_TRANSLATE_NOOP("Warmup", "about {minutes} min left")


def seconds_left(done: int, total: int, elapsed: float) -> float | None:
    """The time the remaining learners should take at the pace so far, or None before the first
    learner is done (the pace unknown)."""
    if done <= 0 or total <= done:
        return None if done <= 0 else 0.0
    return elapsed / done * (total - done)


def time_left_text(left: float | None, translate: Callable[[str], str] = lambda text: text) -> str:
    """'about 40 s left', 'about 3 min left' (whole minutes above 90 s), or 'estimating…'."""
    if left is None:
        return translate(ESTIMATING)
    if left <= 90:
        return translate(SECONDS_LEFT).format(seconds=max(5, int(round(left / 5.0)) * 5))
    return translate(MINUTES_LEFT).format(minutes=int(round(left / 60.0)))


class WarmupPlan:
    """The order the learners are warmed in, shared by the warm-up thread and the window: the
    window moves the learner the user trains to the front (`prefer`), and `pause()` (a callable:
    true while the warm-up should wait between learners) lets a running job compile alone."""

    def __init__(self, names: Sequence[str], pause: Callable[[], bool] = lambda: False):
        self._lock = threading.Lock()
        self._pending = list(names)
        self.total = len(self._pending)
        self.pause = pause

    def prefer(self, name: str) -> None:
        """Warm `name` next (nothing when it is warmed already or unknown)."""
        with self._lock:
            if name in self._pending:
                self._pending.remove(name)
                self._pending.insert(0, name)

    def next(self) -> str | None:
        with self._lock:
            return self._pending.pop(0) if self._pending else None

    def pending(self) -> list[str]:
        with self._lock:
            return list(self._pending)


def kernel_modules() -> list[str]:
    """Every module of engine.kernels (a new kernel file is counted without a list to update)."""
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


#: the callback of warm_kernels: (learners done, learners in all, seconds left or None, paused)
Progressed = Callable[[int, int, "float | None", bool], None]


def warm_kernels(plan: WarmupPlan | None = None, progressed: Progressed | None = None,
                 learners: Sequence[AlgorithmInfo] | None = None, poll_s: float = 0.2) -> WarmupResult:
    """Fit every registered learner (or `learners`) on synthetic_data() and predict with each
    missing-value policy, in `plan`'s order (re-read before each learner), waiting between
    learners while `plan.pause()` holds; `progressed` is told after each learner and on each pause."""
    infos = {info.name: info for info in (algorithms() if learners is None else learners)}
    plan = WarmupPlan(list(infos)) if plan is None else plan
    t0 = time.perf_counter()
    result = WarmupResult(cache_dir=os.environ.get("NUMBA_CACHE_DIR"))
    data = synthetic_data()
    done, paused_s = 0, 0.0

    def tell(paused: bool = False) -> None:
        if progressed is not None:
            progressed(done, plan.total, seconds_left(done, plan.total, time.perf_counter() - t0 - paused_s), paused)

    while (name := plan.next()) is not None:
        if plan.pause():
            tell(paused=True)
            waited = time.perf_counter()
            while plan.pause():
                time.sleep(poll_s)
            paused_s += time.perf_counter() - waited
        info = infos.get(name)
        if info is not None and _warm_one(info, data):
            result.algorithms.append(info.name)
        done += 1
        tell()
    result.cache_hits, result.cache_misses = kernel_stats()
    result.seconds = time.perf_counter() - t0
    return result


def _warm_one(info: AlgorithmInfo, data: EncodedData) -> bool:
    """One learner's fit and predictions (and the extras its kernels serve); False when it failed."""
    spec = ProblemSpec(target="class", class_order=list(data.classes))
    spec.positive_class = "high"  # the trichotomy family asks for one class against the rest
    params = {p.name: p.default for p in info.params}
    if any(p.required for p in info.params):  # nothing to fit without the user's value (a guideline's rules):
        return True  # its predictions run the kernels the other learners warm
    try:
        tree = info.fit(data, spec, params, None)
        for missing in ("stop", "majority", "fractional"):
            predict(tree, data.X, missing).used  # noqa: B018 - `used` runs the path kernel
    except Exception as exc:  # noqa: BLE001 - a learner that cannot warm up still works later
        log.warning("warm-up of %s failed: %s", info.name, exc)
        return False
    if info.name == "cart":
        _warm_plan(tree, data)
    if info.name == "c45":
        _warm_c45_by_node(data, params)
    if info.name == "optimal":  # depth 4 runs the compiled depth-three solver the default depth 3 does not
        try:
            info.fit(data, spec, dict(params, max_depth=4), None)
        except Exception as exc:  # noqa: BLE001 - it compiles on first use instead
            log.warning("warm-up of the optimal tree at depth 4 failed: %s", exc)
    return True


def _warm_c45_by_node(data, params) -> None:
    """C4.5 grown node by node, as the window trains it on larger files (with progress and
    Cancel at every node): its own kernels (engine/kernels/c45_choose.py, c45_prune.py)."""
    try:
        fit_c45(data, None, params, Progress(), whole_fit_cells=0)
    except Exception as exc:  # noqa: BLE001 - they compile on first use instead
        log.warning("warm-up of C4.5 grown node by node failed: %s", exc)


def _warm_plan(tree, data) -> None:
    """A planned consultation's first step on a crisp tree, with a prerequisite and a batch group
    (the compiled dynamic programme of engine/kernels/plan_dp.py)."""
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
    for name in ("ruletree.svg", "ruletree.png"):
        path = resources_dir() / "icons" / name
        if path.is_file():
            return QIcon(str(path))
    return None


_started: dict[int, object] = {}


def train_first(window, name: str) -> None:
    """The user trains `name`: its kernels are warmed next, if the warm-up still runs (the job
    compiles them itself meanwhile; the warm-up pauses while the job runs)."""
    relay = _started.get(id(window))
    if relay is not None and relay.result is None:
        relay.plan.prefer(name)


def start_warmup(window, first: str | None = None):
    """Warm the kernels in a daemon thread, `first` (the learner on the Train tab) first; status
    bar: PREPARING, then the learners done and the time left, then READY. Idempotent per window.

    Returns the QObject whose `done(object)` signal carries the WarmupResult
    (on the GUI thread; `progressed(int, int, object, bool)` carries each step). A daemon thread,
    not a QThread: closing the window during the warm-up must not wait for the compiler nor abort
    on a running QThread. The status bar's own messages (a job's) are never overwritten by a
    step: a step replaces only the warm-up's last message.
    """
    key = id(window)
    if key in _started:
        return _started[key]

    class _Relay(QObject):
        done = Signal(object)
        progressed = Signal(int, int, object, bool)

    relay = _Relay(window)
    _started[key] = relay
    relay.result = None
    relay.plan = WarmupPlan([info.name for info in algorithms()], pause=lambda: bool(jobs.running()))
    if first:
        relay.plan.prefer(first)
    bar = window.statusBar()

    def show(text: str, force: bool = False) -> None:
        current = bar.currentMessage()
        if force or not current or current == relay.shown:
            bar.showMessage(text)
            relay.shown = text

    relay.shown = None
    show(QCoreApplication.translate("Warmup", PREPARING), force=True)

    def step(done: int, total: int, left, paused: bool) -> None:
        def tr(text: str) -> str:
            return QCoreApplication.translate("Warmup", text)

        if paused:
            show(tr(PAUSED).format(done=done, total=total))
        elif done < total:
            show(tr(COUNTED).format(done=done, total=total, left=time_left_text(left, tr)))

    def finished(result: WarmupResult) -> None:
        relay.result = result
        if result.error:
            show(QCoreApplication.translate("Warmup", "Ready (kernel warm-up failed; see the log)"), force=True)
        else:
            show(QCoreApplication.translate("Warmup", READY), force=True)

    relay.progressed.connect(step)
    relay.done.connect(finished)
    window.destroyed.connect(lambda *_: _started.pop(key, None))

    def emit(signal, *args) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:  # the window (and the relay) is gone already
            pass

    def work() -> None:
        try:
            result = warm_kernels(relay.plan, lambda *a: emit(relay.progressed, *a))
            log.info("kernel warm-up: %s", result.describe())
        except Exception as exc:  # noqa: BLE001 - logged; the app works without the warm-up
            log.exception("kernel warm-up failed")
            result = WarmupResult(error=f"{type(exc).__name__}: {exc}")
        emit(relay.done, result)

    collector.install()  # the warm-up thread must never free the window's cycles (app.collector)
    threading.Thread(target=work, name="ruletree-warmup", daemon=True).start()
    return relay
