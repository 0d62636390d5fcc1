"""Consultation: time per step, and what a guided consultation costs.

    python tests/benchmarks/consult_latency.py [--cases 50] [--rows 100000]

Per-step latency (goal <= 20 ms): one step = rank the candidates, check the end
rule, record the answer (and, for a Session, save the session file atomically).
Timed on the car_evaluation CART model of the demo project and on an unpruned
CART tree of a 100,000 x 20 table (about 20,000 leaves), over --cases cases
whose answers come from the data. Starting a consultation is timed apart (the
first one on a tree walks it once to learn which subtrees share one label).

Cost: over the same 50 car cases, with the demo project's costs (test costs, a
waiting time, a prerequisite, a batch group), the mean cost paid with every
answer given and with 30 % of answers "unknown", beside the cost of asking
every attribute (one by one; and with the batch group's common cost paid once).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import os  # noqa: E402

import numpy as np  # noqa: E402

from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.consult import Consultation  # noqa: E402
from engine.data import read_table  # noqa: E402
from engine.data.encode import AttributeSchema, DataSchema, EncodedData, encode  # noqa: E402
from engine.data.project import load_project  # noqa: E402
from engine.model import Model  # noqa: E402
from engine.tree.predict import predict  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo" / "car_evaluation.rtproj"


def car():
    project = load_project(DEMO)
    table = read_table(project.data_path, project.sheet)
    data = encode(table, project.spec)
    info = get("cart")
    tree = info.fit(data, project.spec, resolve_params(info, {}))
    return Model("cart", {}, project.spec, tree), data


def big(n: int, p: int = 20):
    rng = np.random.default_rng(0)
    X = rng.random((n, p))
    score = X[:, :5].sum(axis=1) + rng.normal(scale=0.3, size=n)
    y = np.searchsorted(np.quantile(score, [0.25, 0.5, 0.75]), score).astype(np.int64)
    schema = DataSchema("y", ["1", "2", "3", "4"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(p)])
    data = EncodedData(X, y, np.ones(n), schema, np.arange(n))
    for j, a in enumerate(schema.attributes):
        a.low, a.high = float(X[:, j].min()), float(X[:, j].max())
    info = get("cart")
    tree = info.fit(data, None, resolve_params(info, {"prune": "none"}))
    from engine.data.spec import ProblemSpec

    return Model("cart", {"prune": "none"}, ProblemSpec(target="y"), tree), data


def answer_text(data, i: int, j: int):
    attr = data.schema.attributes[j]
    v = data.X[i, j]
    if v != v:
        return None
    return attr.categories[int(v)] if attr.categories is not None else float(v)


def run_case(model, data, i, spec, unknown_share=0.0, rng=None, session_dir=None):
    """(step seconds list, consultation, start seconds)"""
    from engine.sessions import Session

    t0 = time.perf_counter()
    if session_dir is not None:
        s = Session(model, None, spec)
        c = s.consultation
    else:
        c = Consultation(model.tree, spec)
    start = time.perf_counter() - t0
    steps = []
    while True:
        t0 = time.perf_counter()
        if c.finished():
            break
        best = c.candidates()[0]
        answers = {}
        for j in best.attributes:
            unknown = rng is not None and rng.random() < unknown_share
            answers[data.schema.names[j]] = None if unknown else answer_text(data, i, j)
        if session_dir is not None:
            s.answer(answers, best)
        else:
            c.answer(answers, best)
        steps.append(time.perf_counter() - t0)
    return steps, c, start


def latency(name, model, data, cases, session=False):
    """The first case on a new tree pays one-off work (the end rule's walk of the tree;
    for a Session, the copy of an unsaved model): reported apart from the others."""
    rng = np.random.default_rng(3)
    rows = rng.choice(data.n, cases + 1, replace=False)
    all_steps, starts, first = [], [], None
    with tempfile.TemporaryDirectory() as tmp:
        if session:
            os.environ["RULETREE_DATA_DIR"] = tmp
        for k, i in enumerate(rows):
            steps, c, start = run_case(model, data, int(i), model.spec, session_dir=tmp if session else None)
            if k == 0:
                first = start + sum(steps)
            else:
                starts.append(start)
                all_steps += steps
    ms = np.array(all_steps) * 1000
    what = "Session (saved after each answer)" if session else "Consultation"
    print(f"| {name} | {model.tree.n_leaves:,} | {what} | {len(ms)} | {np.median(ms):.2f} | {ms.mean():.2f} | "
          f"{np.percentile(ms, 95):.2f} | {ms.max():.2f} | {statistics.median(starts) * 1000:.2f} | "
          f"{first * 1000:.1f} |")


def costs(model, data, cases):
    spec = model.spec
    rng = np.random.default_rng(11)
    rows = rng.choice(data.n, cases, replace=False)
    predicted = predict(model.tree, data.X, model.missing).labels
    c0 = Consultation(model.tree, spec)
    every = list(range(len(data.schema.names)))
    one_by_one = sum(sum(c0._single_costs(j)) for j in every)
    grouped_tc, grouped_wc = 0.0, 0.0
    in_group = set()
    for g in c0.groups:
        tc, wc = c0.costs_of(g[1], g)
        grouped_tc += tc
        grouped_wc += wc
        in_group |= set(g[1])
    rest = [j for j in every if j not in in_group]
    tc, wc = c0.costs_of(rest)
    with_batches = grouped_tc + grouped_wc + tc + wc
    for share in (0.0, 0.3):
        paid, asked, same = [], [], 0
        answer_rng = np.random.default_rng(5)
        for i in rows:
            _, c, _ = run_case(model, data, int(i), spec, share, answer_rng)
            paid.append(c.test_cost + c.waiting_cost)
            asked.append(len(c.values))
            same += c.outcome().label == predicted[i]
        print(f"| {share:.0%} | {np.mean(paid):.2f} | {np.median(paid):.2f} | {np.mean(asked):.2f} | "
              f"{same}/{len(rows)} | {one_by_one:.2f} | {with_batches:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=50)
    parser.add_argument("--rows", type=int, default=100_000)
    args = parser.parse_args()
    car_model, car_data = car()
    t0 = time.perf_counter()
    big_model, big_data = big(args.rows)
    print(f"(100k tree grown in {time.perf_counter() - t0:.1f} s)\n")
    print(f"Steps of {args.cases} cases after a first one; the first case (start and all its steps) apart.\n")
    print("| tree | leaves | what is timed | steps | median ms | mean ms | p95 ms | max ms | start ms | "
          "first case on the tree, ms |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    latency("car_evaluation (demo project, CART)", car_model, car_data, args.cases)
    latency("car_evaluation (demo project, CART)", car_model, car_data, args.cases, session=True)
    latency(f"{args.rows:,} x 20 (CART, prune=none)", big_model, big_data, args.cases)
    latency(f"{args.rows:,} x 20 (CART, prune=none)", big_model, big_data, args.cases, session=True)
    print("\nCost on car_evaluation, demo project costs, 50 cases:\n")
    print("| answers unknown | mean cost paid | median | mean attributes asked | label = predict | "
          "every attribute, one by one | every attribute, batch groups |")
    print("|---|---|---|---|---|---|---|")
    costs(car_model, car_data, args.cases)


if __name__ == "__main__":
    main()
