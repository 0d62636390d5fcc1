"""The planned consultation (issue 23) against following the tree: cost paid, labels, latency.

    python tests/benchmarks/consult_planned.py [--cases 300] [--unknown 0.3] [--latency-cases 50]
    python tests/benchmarks/consult_planned.py --frontier   (issue 42: fuzzy and trichotomy trees only)

Cost (`engine.strategies.simulate`, each case played step by step; a value that cannot be
obtained is "unknown"):

- sequential: follow the tree from the root, its tests in its order (the baseline);
- hybrid: the utility consultation of §4.1 (the frontier's tests, ΔE/(TC + WC));
- planned: `engine.plan` (any attribute a still-possible leaf tests, least expected cost).

Reported per case: cost paid (test + waiting), the total (+ misclassification), how
many labels equal `predict(..., "stop")` on the values the case could show, and the
planned cost paid as a change against following the tree.

Problems:
1. car_evaluation, the demo project (its costs: a prerequisite, a waiting time, a batch
   group, a misclassification matrix), CART trained on every row as the window trains it
   (`engine.workflows.train`, defaults), --cases rows drawn (seed 0), every answer given;
   then the same rows with --unknown of the answers "unknown" (MCAR, seed 1).
2. german_credit and mushroom (CART defaults), german_credit and pima_indians_diabetes
   (CART prune=none, min_samples_leaf=5: larger trees) from ../shared/datasets, with random
   costs (seed 2): test cost U{1..20}, a third of the attributes with a waiting time
   U{1..3} (1 per time unit), the second attribute a prerequisite of the first, the
   next three a batch group with common cost 3, misclassification 30 for any error; the
   tree trained on a stratified 70 % (seed 0), the cases the other 30 % (at most --cases),
   every answer and --unknown unknown.

Latency: one step = the end rule, the ranked questions, the answer recorded (no session
file), over --latency-cases cases; the first step of the first case on a tree (the plan's
one-off work: its tables and its dynamic programme, kept for every later case on the
tree) is reported apart. On car (planned whole) and on an unpruned CART of a 100,000 x 20
synthetic table (about 20,000 leaves: planned in windows), with random test costs.
Prints Markdown.

--frontier (issue 42 item 4, engine/plan_frontier.py): the glass demo's HFDT (its hierarchy,
random costs seed 2 as above, 40 rows drawn with seed 0) and a trichotomy model of two
Gaussian classes in 3 attributes (costs and a batch group; 40 cases drawn apart) — the
problems of tests/test_plan_frontier.py — utility order against planned: mean paid, labels
equal to predict(..., "stop"), cases paying more / less than the utility order, seconds.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np
from _common import DATA_DIR, ROOT

from engine.algorithms.registry import get
from engine.consult import Consultation
from engine.costs import CostModel
from engine.data import read_table
from engine.data.encode import encode
from engine.data.project import load_project
from engine.data.spec import AttributeSettings, BatchGroup, CostMatrix, ProblemSpec
from engine.evaluate import stratified_holdout
from engine.strategies import simulate
from engine.tree.case_counts import count_case_values
from engine.tree.predict import predict
from engine.workflows import train_model

STRATEGIES = ("sequential", "hybrid", "planned")


def car_problem():
    project = load_project(ROOT / "resources" / "demo" / "car_evaluation.rtproj")
    table = read_table(project.data_path, project.sheet)
    result = train_model(get("cart"), table, project.spec, {})
    data = encode(table, project.spec)
    return result.model.tree, project.spec, data


def random_problem(name: str, target: str, params: dict | None = None):
    table = read_table(DATA_DIR / f"{name}.csv")
    spec = ProblemSpec(target=target, cost_per_time=1.0)
    rng = np.random.default_rng(2)
    names = [c.name for c in table.columns if c.name != target]
    for k, a in enumerate(names):
        spec.attributes[a] = AttributeSettings(test_cost=float(rng.integers(1, 21)),
                                               wait_time=float(rng.integers(1, 4)) if k % 3 == 2 else 0.0)
    spec.attributes[names[0]].prerequisite = names[1]
    spec.batch_groups = [BatchGroup("panel", names[2:5], common_cost=3.0)]
    data = encode(table, spec)
    k = len(data.classes)
    spec.misclassification_costs = CostMatrix(list(data.classes), (30 * (1 - np.eye(k))).tolist())
    test = stratified_holdout(data.y, 0.3, 0)
    fit = data.subset(np.flatnonzero(~test))
    info = get("cart")
    from engine.algorithms.registry import resolve_params

    tree = info.fit(fit, spec, info.stage_params(resolve_params(info, params or {}, spec), "fit"))
    tree.case_values = count_case_values(tree, fit.X, fit.w)
    return tree, spec, data.subset(np.flatnonzero(test))


def with_unknown(X: np.ndarray, share: float, seed: int = 1) -> np.ndarray:
    X = X.copy()
    X[np.random.default_rng(seed).random(X.shape) < share] = np.nan
    return X


def play(tree, spec, X, y) -> dict:
    out = {}
    costs = CostModel.from_spec(spec, tree.schema.names)
    from engine.strategies import _obtainable

    can = _obtainable(costs, X)
    reference = predict(tree, np.where(can, X, np.nan), "stop").labels
    for s in STRATEGIES:
        t0 = time.perf_counter()
        r = simulate(tree, X, s, spec=spec, y=y)
        out[s] = {"paid": float((r.test_cost + r.waiting_cost).mean()), "total": float(r.total.mean()),
                  "same": int((r.labels == reference).sum()), "n": len(X), "seconds": time.perf_counter() - t0,
                  "worse": None}
    seq = simulate(tree, X, "sequential", spec=spec, y=y)
    pl = simulate(tree, X, "planned", spec=spec, y=y)
    out["planned"]["worse"] = int(((pl.test_cost + pl.waiting_cost) > (seq.test_cost + seq.waiting_cost) + 1e-9).sum())
    return out


def cost_rows(title: str, tree, spec, X, y, unknown: float) -> list[str]:
    rows = []
    for share in (0.0, unknown):
        Xs = with_unknown(X, share) if share else X
        res = play(tree, spec, Xs, y)
        base = res["sequential"]
        for s in STRATEGIES:
            r = res[s]
            change = (r["paid"] / base["paid"] - 1) if base["paid"] > 0 else 0.0
            total_change = (r["total"] / base["total"] - 1) if base["total"] > 0 else 0.0
            rows.append(f"| {title} | {tree.n_leaves} | {share:.0%} | {s} | {r['paid']:.2f} | {change:+.1%} | "
                        f"{r['total']:.2f} | {total_change:+.1%} | {r['same']}/{r['n']} | "
                        f"{'' if r['worse'] is None else r['worse']} | {r['seconds']:.2f} |")
    return rows


def latency(tree, costs: CostModel, matrix, X, cases: int) -> dict:
    from engine import plan

    plan._PLANNERS.clear()
    steps, first = [], None
    for i in range(min(cases, len(X))):
        c = Consultation(tree, None, planning="planned")
        c.costs, c.groups, c.cost_matrix = costs, list(costs.groups), matrix
        while True:
            t0 = time.perf_counter()
            if c.finished():
                break
            best = c.candidates()[0]
            c.answer(c.answers_from_row(best, X[i]), best, outside_ok=True)
            took = time.perf_counter() - t0
            if first is None:
                first = took
            else:
                steps.append(took)
    s = np.array(steps) * 1e3
    return {"steps": len(s), "median": float(np.median(s)), "p95": float(np.percentile(s, 95)),
            "max": float(s.max()), "first": first * 1e3}


def frontier_rows() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from test_plan_frontier import glass_hfdt, trichotomy_model

    print("| problem | leaves | strategy | cost paid (mean of 40) | label = predict | cases paying more / less than "
          "utility | seconds |")
    print("|---|---|---|---|---|---|---|")
    for title, make in (("glass HFDT (demo, hierarchy; random costs)", glass_hfdt),
                        ("trichotomy, 3 attributes (batch group)", trichotomy_model)):
        tree, spec, X = make()
        reference = predict(tree, X, "stop").labels
        runs = {}
        for s in ("hybrid", "planned"):
            t0 = time.perf_counter()
            r = simulate(tree, X, s, spec=spec)
            runs[s] = (r, time.perf_counter() - t0)
        base = runs["hybrid"][0].test_cost + runs["hybrid"][0].waiting_cost
        for s, (r, took) in runs.items():
            paid = r.test_cost + r.waiting_cost
            print(f"| {title} | {tree.n_leaves} | {'utility' if s == 'hybrid' else s} | {paid.mean():.2f} | "
                  f"{int((r.labels == reference).sum())}/{len(X)} | {int((paid > base + 1e-9).sum())} / "
                  f"{int((paid < base - 1e-9).sum())} | {took:.1f} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--unknown", type=float, default=0.3)
    ap.add_argument("--latency-cases", type=int, default=50)
    ap.add_argument("--frontier", action="store_true", help="only the fuzzy and trichotomy trees (issue 42)")
    args = ap.parse_args()
    if args.frontier:
        frontier_rows()
        return
    import numba
    import sys

    print(f"{time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{sys.version.split()[0]}, NumPy {np.__version__}, Numba {numba.__version__}\n")
    print("| problem | leaves | unknown | strategy | cost paid | vs following | total (with MC) | vs following | "
          "label = predict | cases paying more than following | seconds |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    tree, spec, data = car_problem()
    pick = np.random.default_rng(0).choice(data.n, min(args.cases, data.n), replace=False)
    for row in cost_rows("car_evaluation (demo)", tree, spec, data.X[pick], data.y[pick], args.unknown):
        print(row)
    car = (tree, spec, data.X[pick])
    for name, target, params in (("german_credit", "class", {}), ("mushroom", "class", {}),
                                 ("german_credit", "class", {"prune": "none", "min_samples_leaf": 5}),
                                 ("pima_indians_diabetes", "class", {"prune": "none", "min_samples_leaf": 5})):
        t, s, d = random_problem(name, target, params)
        n = min(args.cases, d.n)
        title = name + (" (" + ", ".join(f"{k}={v}" for k, v in params.items()) + ")" if params else "")
        for row in cost_rows(title, t, s, d.X[:n], d.y[:n], args.unknown):
            print(row)
    print("\n| tree | leaves | planned | steps | first step (one-off) ms | median ms | p95 ms | max ms |")
    print("|---|---|---|---|---|---|---|---|")
    tree, spec, X = car
    matrix = spec.misclassification_costs.as_array(tree.schema.classes)
    r = latency(tree, CostModel.from_spec(spec, tree.schema.names), matrix, X, args.latency_cases)
    print(f"| car_evaluation (demo) | {tree.n_leaves} | whole | {r['steps']} | {r['first']:.1f} | {r['median']:.2f} | "
          f"{r['p95']:.2f} | {r['max']:.2f} |")
    sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
    from consult_latency import big

    model, data = big(100000)
    tree = model.tree
    rng = np.random.default_rng(0)
    p = len(tree.schema.names)
    costs = CostModel(tuple(tree.schema.names), tuple(rng.integers(1, 20, p).astype(float)), (0.0,) * p,
                      (0.0,) * p, (None,) * p)
    idx = rng.choice(data.n, args.latency_cases, replace=False)
    r = latency(tree, costs, None, data.X[idx], args.latency_cases)
    print(f"| 100,000 x 20 (CART, prune=none) | {tree.n_leaves} | windows | {r['steps']} | {r['first']:.1f} | "
          f"{r['median']:.2f} | {r['p95']:.2f} | {r['max']:.2f} |")


if __name__ == "__main__":
    main()
