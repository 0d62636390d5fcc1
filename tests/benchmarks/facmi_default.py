"""FACMI's default against our CART, in one run (issue 20, goal 1), and whether the default
gives the exact logistic's trees node for node.

    NUMBA_NUM_THREADS=1 python tests/benchmarks/facmi_default.py [--rounds 5] [--compare]
    RULETREE_ENGINE_ROOT=/tmp/facmi_base python tests/benchmarks/facmi_default.py   # another checkout

Timing: for each size (default 50,000 x 10 and 100,000 x 20; --reference-size adds a size
where the reference sweep is affordable, default 5,000 x 10), `--rounds` rounds, each
fitting our CART (prune=none), FACMI's default, FACMI with the ramp and (at the
reference size only) FACMI with `membership=logistic`, the plain sweep that evaluates
every cut; the order rotates from round to round so that a load that comes and goes
hits every learner alike. Printed: median seconds, and the median over rounds of each
learner's time divided by CART's time in the same round. Data: ordinal_fit.py's
generator (uniform attributes, 4 ordered classes from a noisy monotone score).

--compare: the default's tree against the reference's, node for node (tree JSON), on the
real sets of the FACMI reproduction (engine/reproduce/facmi.py REAL, with and without
the published directions) and synthetic 5,000 x 10 and 20,000 x 10, for both pairs
readings (synthetic: concordant only at 20,000, the reference takes minutes there).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ROOT  # noqa: E402  (puts RULETREE_ENGINE_ROOT's engine first on the path)

from engine.algorithms.registry import get, resolve_params  # noqa: E402
from ordinal_fit import make  # noqa: E402  (after engine: the engine imported above is the one measured)

LEARNERS = {"cart": ("cart", {"prune": "none"}), "facmi default": ("facmi", {}),
            "facmi ramp": ("facmi", {"membership": "ramp"}), "facmi reference": ("facmi", {"membership": "logistic"})}


def size(text: str) -> tuple[int, int]:
    rows, cols = text.lower().split("x")
    return int(rows.replace(",", "").replace("_", "")), int(cols)


def fitter(name, data):
    algorithm, params = LEARNERS[name]
    info = get(algorithm)
    resolved = resolve_params(info, params)
    return lambda: info.fit(data, None, resolved)


def timing(args):
    warm = make(500, 10, seed=9)
    for name in LEARNERS:  # compile or load every kernel first
        fitter(name, warm)()
    rows = []
    sizes = [(s, False) for s in args.sizes] + [(s, True) for s in args.reference_size]
    for (n, p), with_reference in sizes:
        data = make(n, p)
        names = ["cart", "facmi default", "facmi ramp"] + (["facmi reference"] if with_reference else [])
        fits = {name: fitter(name, data) for name in names}
        seconds = {name: [] for name in names}
        ratios = {name: [] for name in names}
        leaves = {}
        for r in range(args.rounds):
            turn = names[r % len(names):] + names[:r % len(names)]
            for name in turn:
                t0 = time.perf_counter()
                tree = fits[name]()
                seconds[name].append(time.perf_counter() - t0)
                leaves[name] = tree.n_leaves
            for name in names:
                ratios[name].append(seconds[name][-1] / seconds["cart"][-1])
            print(f"{n:,} x {p} round {r + 1}: " + ", ".join(f"{k} {v[-1]:.3f}" for k, v in seconds.items()),
                  flush=True)
        for name in names:
            rows.append(dict(rows=n, features=p, learner=name, median=statistics.median(seconds[name]),
                             best=min(seconds[name]), ratio=statistics.median(ratios[name]), leaves=leaves[name]))
    print(f"\nengine: {ROOT}\n")
    print("| size | learner | median seconds (best) | median ratio to our CART | leaves |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['rows']:,} x {row['features']} | {row['learner']} | {row['median']:.3f} ({row['best']:.3f}) | "
              f"{row['ratio']:.2f} | {row['leaves']:,} |", flush=True)
    return rows


def comparison_fits():
    from engine.reproduce.facmi import REAL, datasets_dir, real_problem

    folder = datasets_dir()
    for name in REAL:
        for monotone in (True, False):
            for pairs in ("concordant", "net"):
                yield f"{name}{' (directions)' if monotone else ''}, {pairs}", \
                    (lambda name=name, monotone=monotone: real_problem(name, monotone, folder)), {"pairs": pairs}
    for (n, p), readings in (((5_000, 10), ("concordant", "net")), ((20_000, 10), ("concordant",))):
        for pairs in readings:
            yield f"synthetic {n:,} x {p}, {pairs}", (lambda n=n, p=p: make(n, p, seed=1)), {"pairs": pairs}


def compare(args):
    info = get("facmi")
    same = 0
    total = 0
    print("\n| fit | nodes | default seconds | reference seconds | same tree |")
    print("|---|---|---|---|---|")
    for label, load, params in comparison_fits():
        data = load()
        t0 = time.perf_counter()
        default = info.fit(data, None, resolve_params(info, params)).to_json()
        t1 = time.perf_counter()
        reference = info.fit(data, None, resolve_params(info, {**params, "membership": "logistic"})).to_json()
        t2 = time.perf_counter()
        equal = json.dumps(default, sort_keys=True) == json.dumps(reference, sort_keys=True)
        same += equal
        total += 1
        print(f"| {label} | {len(default['nodes'])} | {t1 - t0:.3f} | {t2 - t1:.3f} | {'yes' if equal else 'NO'} |",
              flush=True)
    print(f"\n{same} of {total} fits: the default's tree JSON equals the reference's")
    return same == total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--sizes", type=size, nargs="*", default=[(50_000, 10), (100_000, 20)])
    ap.add_argument("--reference-size", type=size, nargs="*", default=[(5_000, 10)])
    ap.add_argument("--compare", action="store_true", help="also the node-by-node comparison with the reference")
    ap.add_argument("--no-timing", action="store_true")
    args = ap.parse_args()
    if not args.no_timing:
        timing(args)
    if args.compare and not compare(args):
        sys.exit(1)


if __name__ == "__main__":
    main()
