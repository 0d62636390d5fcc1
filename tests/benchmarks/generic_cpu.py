"""Kernels compiled for a portable CPU target against this machine's own: how much slower?

    python tests/benchmarks/generic_cpu.py [--rounds 5] [--rows 100000] [--targets generic x86-64-v2 x86-64-v3]

The bundle ships kernels compiled for portable targets (app.shipped_kernels), so a fresh
user's first start loads them instead of compiling. This times the same work in child
processes, rotating through the host's own CPU (numba's default) and each target
(NUMBA_CPU_NAME=target, NUMBA_CPU_FEATURES="" so only the target's own features), each with
its own cache folder (compiled once before the rounds): CART fully grown, CART's default
(pruned by 5-fold CV) on a fifth of the rows, C4.5, FACMI (ramp) and prediction of every row.
Prints each workload's median seconds and the median of the per-round ratios target / host.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(os.environ.get("RULETREE_ENGINE_ROOT") or Path(__file__).resolve().parents[2])

CHILD = r"""
import json, os, sys, time
sys.path.insert(0, sys.argv[1])
import numpy as np
from sklearn.datasets import make_classification
from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.tree.predict import predict
n = int(sys.argv[2])
schema = DataSchema("y", ["0", "1", "2", "3"], True, [AttributeSchema(f"x{j}", "numeric") for j in range(20)])
def enc(X, y):
    return EncodedData(np.ascontiguousarray(X), y.astype(np.int64), np.ones(len(y)), schema, np.arange(len(y)))
X, y = make_classification(n_samples=n, n_features=20, n_informative=10, n_classes=4, random_state=0)
full, small = enc(X, y), enc(X[: n // 5], y[: n // 5])
warm = enc(X[:400], y[:400])
work = [("cart fully grown", "cart", {"prune": "none"}, full), ("cart default (pruned)", "cart", {}, small),
        ("c45 default", "c45", {}, small), ("facmi ramp", "facmi", {"membership": "ramp"}, full)]
out = {}
for name, algo, params, data in work:
    info = get(algo)
    p = resolve_params(info, params)
    predict(info.fit(warm, None, p), X[:400])  # compiled or loaded before timing
    t = time.perf_counter()
    tree = info.fit(data, None, p)
    out[name] = time.perf_counter() - t
    if name == "cart fully grown":
        t = time.perf_counter()
        predict(tree, X)
        out["predict every row"] = time.perf_counter() - t
print(json.dumps(out))
"""


def run(mode: str, rows: int, cache: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env.update(NUMBA_NUM_THREADS="1", OMP_NUM_THREADS="1", NUMBA_CACHE_DIR=str(cache / mode))
    if mode != "host":
        env["NUMBA_CPU_NAME"] = mode
        env["NUMBA_CPU_FEATURES"] = ""
    out = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(rows)], env=env, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--targets", nargs="+", default=["generic", "x86-64-v2", "x86-64-v3"])
    args = ap.parse_args()
    cache = Path(tempfile.mkdtemp(prefix="generic-cpu-"))
    modes = ["host"] + args.targets
    for mode in modes:
        run(mode, 2000, cache)  # compile into each cache before the timed rounds
    rounds = []
    for r in range(args.rounds):
        order = modes[r % len(modes):] + modes[:r % len(modes)]
        got = {mode: run(mode, args.rows, cache) for mode in order}
        rounds.append(got)
        print(f"round {r + 1}: " + json.dumps({t: {k: round(got[t][k] / got["host"][k], 3) for k in got["host"]}
                                                for t in args.targets}), flush=True)
    print(f"\n{args.rows:,} x 20, {args.rounds} rounds, NUMBA_NUM_THREADS=1; ratio: median over rounds of "
          f"target / host in the same round\n")
    print("| work | host CPU median s | " + " | ".join(f"{t} median s (ratio)" for t in args.targets) + " |")
    print("|---|---|" + "---|" * len(args.targets))
    for key in rounds[0]["host"]:
        cells = []
        for t in args.targets:
            seconds = np.median([g[t][key] for g in rounds])
            ratio = np.median([g[t][key] / g["host"][key] for g in rounds])
            cells.append(f"{seconds:.3f} ({ratio:.2f})")
        print(f"| {key} | {np.median([g['host'][key] for g in rounds]):.3f} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
