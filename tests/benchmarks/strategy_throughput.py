"""Test-strategy evaluation throughput: engine.strategies.simulate (sequential, batch, hybrid, planned)
in cases per second on a fully grown tree of about 20,000 leaves (issue 15's acceptance),
with plain prediction (ours and scikit-learn's) in the same run for reference.

    python tests/benchmarks/strategy_throughput.py [--rows 290000] [--features 20] [--classes 3]
                                                   [--sequential-cases 5000] [--batch-cases 20000]
                                                   [--hybrid-cases 3000] [--planned-cases 3000] [--missing 0 0.3]
                                                   [--repeats 3] [--profile-cases 1000]
                                                   [--mincost-rows 20000] [--no-mincost]

Data and costs: mincost_fit.py's synthetic set and costs (make_classification, --rows x
--features, 10 informative, --classes classes, 5 % label noise, seed 0; the last three
attributes quantile-coded into 4/5/6 nominal values; 5 % MCAR in x0, x4, x8, x12, x18;
test cost ~ U[1, 100], waiting time ~ U[0, 50], waiting cost ~ U[0, 5] per attribute,
cost per time unit 1, x3 needs x2 first, x5/x6/x7 a batch group with common cost 20,
misclassification cost 1000 · |i - j|; seed 2). A stratified 70/30 holdout (seed 0).

Trees: our CART with prune=none (fully grown; its own defaults otherwise, the problem's
costs passed as mincost_fit.py passes them) fitted on the 70 %; the default --rows gives
about 20,000 leaves (the exact count is printed). Optionally (unless --no-mincost) a
mincost (M3, default weights) tree fitted on the 70 % of a --mincost-rows set (a few
thousand leaves; its fit is the slow part, so it is kept small).

Test cases: the 30 % rows that have no missing value, in order (the first --*-cases of
them per strategy); at each --missing rate r, a share r of their values is removed
(MCAR, seed 3): such a value cannot be obtained (ALGORITHMS.md §4.4, §4.5). Every value
is the row's own value otherwise (all values obtainable at 0 %).

What is timed: one `simulate(tree, X, strategy, spec=spec, y=y)` call over the case set,
best of --repeats (wall clock), reported as cases per second; also avg total cost and avg
test cost per case over the first --hybrid-cases cases, the same for every strategy (a
sanity check, not the point) and how many labels equal `predict(..., "stop")` on the same
rows with every value that cannot be obtained removed (a value whose prerequisite is
missing too, §4.1): every case should agree (§4.4, §4.5). Hybrid's first
call on a newly fitted tree (one case: the tree's one-off walks, e.g. compile and the
end rule's labels below each node) is timed apart, next to a second one-case call.
For reference only (NOT like-for-like: the strategies play each case step by step in
Python and hybrid ranks utilities per step, while predict walks each row once in compiled
code): our `engine.tree.predict.predict(tree, X, "stop")` and scikit-learn's
`DecisionTreeClassifier(random_state=0).predict` (fully grown on the same 70 %, nominal
attributes as their codes, NaN handled by scikit-learn >= 1.3) on the --batch-cases rows,
best of max(--repeats, 5); the ratios are strategy cases/s ÷ predict cases/s.
Profile: cProfile of one hybrid call over --profile-cases cases at the first --missing
rate (top 10 functions by cumulative time, and top 10 by own time).

Single thread (NUMBA/OMP/OPENBLAS_NUM_THREADS=1 unless set); every strategy and predict
run once on a small tree before any timing (Numba kernels compiled or loaded from the
cache). RULETREE_ENGINE_ROOT=<checkout> measures another checkout's engine. Prints Markdown.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import io
import os
import platform
import pstats
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
from _common import ROOT, timed
from mincost_fit import synthetic  # the same data and costs
from sklearn.tree import DecisionTreeClassifier

from engine.algorithms.registry import get, resolve_params
from engine.costs import CostModel
from engine.evaluate import stratified_holdout
from engine.strategies import STRATEGIES, simulate
from engine.tree.predict import predict


def split(rows: int, features: int, classes: int):
    data, spec = synthetic(rows, features, classes)
    test_mask = stratified_holdout(data.y, 0.3, 0)
    train, test = data.subset(np.flatnonzero(~test_mask)), data.subset(np.flatnonzero(test_mask))
    complete = ~np.isnan(test.X).any(axis=1)
    return train, test.X[complete], test.y[complete], spec


def remove(X: np.ndarray, rate: float, seed: int = 3) -> np.ndarray:
    """A share `rate` of the values removed (MCAR): they cannot be obtained."""
    if rate <= 0:
        return X
    X = X.copy()
    X[np.random.default_rng(seed).random(X.shape) < rate] = np.nan
    return X


def fit(name: str, train, spec, extra: dict):
    info = get(name)
    t0 = time.perf_counter()
    tree = info.fit(train, spec, resolve_params(info, extra))
    return tree, time.perf_counter() - t0


def warm_up() -> float:
    t0 = time.perf_counter()
    train, X, y, spec = split(3000, 12, 3)
    tree, _ = fit("cart", train, spec, {"prune": "none"})
    for rate in (0.0, 0.3):
        Xr = remove(X[:50], rate)
        predict(tree, Xr, "stop")
        for strategy in STRATEGIES:
            simulate(tree, Xr, strategy, spec=spec, y=y[:50])
    return time.perf_counter() - t0


def first_calls(tree, X, y, spec) -> str:
    """The first one-case hybrid call on a newly fitted tree, a second one, and the two one-off
    walks the first pays (timed on an untouched copy of the tree)."""
    fresh = copy.deepcopy(tree)
    t0 = time.perf_counter()
    simulate(tree, X[:1], "hybrid", spec=spec, y=y[:1])
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    simulate(tree, X[:1], "hybrid", spec=spec, y=y[:1])
    second = time.perf_counter() - t0
    t0 = time.perf_counter()
    fresh.compile()
    compiled = time.perf_counter() - t0
    t0 = time.perf_counter()
    fresh.single_label_below()
    below = time.perf_counter() - t0
    return (f"Hybrid, first call on the new tree (1 case): {first * 1000:.1f} ms (of which, timed apart on a copy: "
            f"Tree.compile {compiled * 1000:.1f} ms, single_label_below {below * 1000:.1f} ms); "
            f"second call (1 case): {second * 1000:.1f} ms.")


def obtainable(X: np.ndarray, spec, names) -> np.ndarray:
    """X with NaN where the value cannot be obtained: missing, or a prerequisite (down its chain)
    missing (§4.1) — what the strategies may read; `predict(..., "stop")` on it is the reference."""
    costs = CostModel.from_spec(spec, names)
    ok = ~np.isnan(X)
    out = ok.copy()
    for j in range(X.shape[1]):
        for p in costs.chain(j):
            out[:, j] &= ok[:, p]
    return np.where(out, X, np.nan)


def measure(tree, X, y, spec, args, model=None) -> list[dict]:
    """Per missing rate: every strategy, our predict and (with `model`) scikit-learn's."""
    sizes = {"sequential": args.sequential_cases, "batch": args.batch_cases, "hybrid": args.hybrid_cases,
             "planned": args.planned_cases}
    rows = []
    for rate in args.missing:
        Xr = remove(X, rate)
        n_ref = min(args.batch_cases, len(Xr))
        reference = predict(tree, obtainable(Xr[:n_ref], spec, tree.schema.names), "stop").labels
        ref_reps = max(args.repeats, 5)
        head = Xr[:n_ref]
        seconds, _ = timed(lambda head=head: predict(tree, head, "stop"), ref_reps)
        ours = n_ref / seconds
        sk = None
        if model is not None:
            sk_seconds, _ = timed(lambda head=head: model.predict(head), ref_reps)
            sk = n_ref / sk_seconds
        for strategy in STRATEGIES:
            n = min(sizes[strategy], len(Xr))
            seconds, out = timed(lambda Xr=Xr, n=n, s=strategy: simulate(tree, Xr[:n], s, spec=spec, y=y[:n]),
                                 args.repeats)
            common = slice(0, min(sizes["hybrid"], n))  # the averages over the same cases for each strategy
            rows.append({"rate": rate, "what": strategy, "cases": n, "seconds": seconds, "cps": n / seconds,
                         "total": float(np.mean(out.total[common])), "tc": float(np.mean(out.test_cost[common])),
                         "same": int(np.sum(out.labels == reference[:n])), "ours": ours, "sk": sk})
        rows.append({"rate": rate, "what": "predict (ours, stop)", "cases": n_ref, "seconds": n_ref / ours,
                     "cps": ours, "ours": ours, "sk": sk})
        if sk is not None:
            rows.append({"rate": rate, "what": "predict (scikit-learn)", "cases": n_ref, "seconds": n_ref / sk,
                         "cps": sk, "ours": ours, "sk": sk})
    return rows


def table(title: str, rows: list[dict], repeats: int, hybrid_cases: int) -> None:
    print(f"\n### {title}\n")
    print(f"Strategies: best of {repeats}; predict: best of {max(repeats, 5)}. The ratios are NOT "
          "like-for-like (see the docstring).\n")
    print("| missing | what | cases | best s | cases/s | ÷ our predict | ÷ sklearn predict | avg total cost* | "
          "avg TC* | label = predict(stop) |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        ours = f"{r['cps'] / r['ours']:.4f}" if r["what"] in STRATEGIES else "-"
        sk = f"{r['cps'] / r['sk']:.4f}" if r["what"] in STRATEGIES and r["sk"] else "-"
        total = f"{r['total']:.1f}" if "total" in r else "-"
        tc = f"{r['tc']:.1f}" if "tc" in r else "-"
        same = f"{r['same']}/{r['cases']}" if "same" in r else "-"
        print(f"| {r['rate'] * 100:.0f} % | {r['what']} | {r['cases']:,} | {r['seconds']:.3f} | {r['cps']:,.0f} | "
              f"{ours} | {sk} | {total} | {tc} | {same} |")
    print(f"\n\\* over the first {hybrid_cases:,} cases (hybrid's), the same cases for every strategy.")


def profile(tree, X, y, spec, n: int) -> None:
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.enable()
    simulate(tree, X[:n], "hybrid", spec=spec, y=y[:n])
    prof.disable()
    wall = time.perf_counter() - t0
    print(f"\n### cProfile: hybrid, {n:,} cases ({wall:.2f} s under the profiler)\n")
    for key in ("cumulative", "tottime"):
        out = io.StringIO()
        stats = pstats.Stats(prof, stream=out)
        stats.sort_stats(key).print_stats(10)
        text = out.getvalue()
        body = text[text.index("ncalls"):] if "ncalls" in text else text
        print(f"Top 10 by {key}:\n\n```\n{body.rstrip()}\n```\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=290_000, help="synthetic rows (70 %% train): ~20k CART leaves")
    ap.add_argument("--features", type=int, default=20)
    ap.add_argument("--classes", type=int, default=3)
    ap.add_argument("--sequential-cases", type=int, default=5000)
    ap.add_argument("--batch-cases", type=int, default=20000, help="also the rows predict is timed on")
    ap.add_argument("--hybrid-cases", type=int, default=3000)
    ap.add_argument("--planned-cases", type=int, default=3000)
    ap.add_argument("--missing", type=float, nargs="+", default=[0.0, 0.3],
                    help="MCAR shares of the test values removed (cannot be obtained)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--profile-cases", type=int, default=1000, help="0: no profile")
    ap.add_argument("--mincost-rows", type=int, default=20_000)
    ap.add_argument("--no-mincost", action="store_true")
    args = ap.parse_args()
    print(f"engine: {ROOT}; Python {platform.python_version()}, {platform.platform()}, "
          f"{os.cpu_count()} CPUs, single thread")
    print(f"\nwarm-up (small tree, every strategy and predict; Numba compile or cache load): {warm_up():.2f} s")

    train, X, y, spec = split(args.rows, args.features, args.classes)
    tree, fit_s = fit("cart", train, spec, {"prune": "none"})
    first = first_calls(tree, X, y, spec)
    model = DecisionTreeClassifier(random_state=0)
    t0 = time.perf_counter()
    model.fit(train.X, train.y)
    sk_fit = time.perf_counter() - t0
    print(f"\nCART (prune=none): {tree.n_leaves:,} leaves, depth {tree.depth}, "
          f"fit on {len(train.y):,} rows in {fit_s:.2f} s; scikit-learn: {int(model.get_n_leaves()):,} leaves, "
          f"fit {sk_fit:.2f} s; {len(y):,} complete test rows.")
    print(first)
    table(f"CART prune=none, {tree.n_leaves:,} leaves ({args.rows:,} x {args.features} synthetic, "
          f"{args.classes} classes)", measure(tree, X, y, spec, args, model), args.repeats,
          min(args.hybrid_cases, len(y)))

    if args.profile_cases:
        profile(tree, remove(X, args.missing[0]), y, spec, min(args.profile_cases, len(X)))

    if not args.no_mincost:
        train, X, y, spec = split(args.mincost_rows, args.features, args.classes)
        tree, fit_s = fit("mincost", train, spec, {})
        first = first_calls(tree, X, y, spec)
        print(f"\nmincost (M3, defaults): {tree.n_leaves:,} leaves, depth {tree.depth}, fit on {len(train.y):,} rows "
              f"in {fit_s:.2f} s; {len(y):,} complete test rows.")
        print(first)
        table(f"mincost, {tree.n_leaves:,} leaves ({args.mincost_rows:,} x {args.features} synthetic)",
              measure(tree, X, y, spec, args), args.repeats, min(args.hybrid_cases, len(y)))


if __name__ == "__main__":
    main()
