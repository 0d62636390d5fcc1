"""Before/after identity of C4.5 trees (issue 20, goal 4: faster, the same trees).

    python tests/benchmarks/c45_identity.py --out trees.json          # with this checkout's engine
    RULETREE_ENGINE_ROOT=/tmp/c45_base python tests/benchmarks/c45_identity.py --out before.json
    python tests/benchmarks/c45_identity.py --compare before.json after.json

Cases: the seven parity data sets x {defaults; prune=False collapse=False; prune=False
collapse=True; confidence 0.1; subtree_raising=False; min_cases 5; mdl_correction=False} x
{the data as read; random case weights (0.5..3, seed 1); 15 % of the values removed (seed 2);
both}, each fitted on all the cases and on a 70 % bootstrap-free subsample (seed 3). Each tree is
stored as `Tree.to_json()` (every node's kind, counts, label, attribute, threshold, branches);
the comparison is of the JSON text (identical to the last bit) and names the cases that differ.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

PARAMS = {
    "default": {},
    "unpruned": {"prune": False, "collapse": False},
    "collapse_only": {"prune": False, "collapse": True},
    "cf0.1": {"confidence": 0.1},
    "no_raising": {"subtree_raising": False},
    "M5": {"min_cases": 5},
    "no_mdl": {"mdl_correction": False},
}


def variants(data):
    """(name, EncodedData) of one data set."""
    import numpy as np

    from engine.data.encode import EncodedData

    rng = np.random.default_rng(1)
    weights = rng.uniform(0.5, 3.0, data.n).round(2)
    rng = np.random.default_rng(2)
    X = data.X.copy()
    X[rng.random(X.shape) < 0.15] = np.nan
    sub = np.sort(np.random.default_rng(3).choice(data.n, int(0.7 * data.n), replace=False))
    out = []
    for tag, d in (("plain", data),
                   ("weights", EncodedData(data.X, data.y, weights, data.schema, data.rows)),
                   ("missing", EncodedData(X, data.y, data.w, data.schema, data.rows)),
                   ("missing+weights", EncodedData(X, data.y, weights, data.schema, data.rows))):
        out.append((tag, d))
        out.append((tag + "/sub70", d.subset(sub)))
    return out


def run(out: Path) -> None:
    from _common import DATA_DIR, DATASETS, ROOT
    from parity_weka import load

    from engine.algorithms.registry import get, resolve_params

    info = get("c45")
    trees = {}
    t0 = time.perf_counter()
    for name in DATASETS:
        for tag, data in variants(load(DATA_DIR, name)):
            for pname, overrides in PARAMS.items():
                key = f"{name} | {tag} | {pname}"
                try:
                    trees[key] = info.fit(data, None, resolve_params(info, overrides)).to_json()
                except Exception as exc:  # noqa: BLE001  (a fit that raises is recorded, and compared)
                    trees[key] = {"error": f"{type(exc).__name__}: {exc}"}
    out.write_text(json.dumps(trees, sort_keys=True))
    print(f"{len(trees)} fits with the engine at {ROOT} written to {out} ({time.perf_counter() - t0:.0f} s)")


def compare(a: Path, b: Path) -> int:
    before, after = json.loads(a.read_text()), json.loads(b.read_text())
    if set(before) != set(after):
        print(f"different cases: {sorted(set(before) ^ set(after))[:10]}")
        return 1
    different = [k for k in before if json.dumps(before[k], sort_keys=True) != json.dumps(after[k], sort_keys=True)]
    nodes = sum(len(t.get("nodes", [])) for t in before.values())
    errors = sum("error" in t for t in before.values())
    print(f"{len(before)} fits compared ({nodes} nodes, {errors} fits raising in both): "
          f"{len(before) - len(different)} identical, {len(different)} different")
    for k in different[:20]:
        print(f"  DIFFERENT: {k}")
    return 1 if different else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", nargs=2, type=Path)
    args = ap.parse_args()
    if args.compare:
        sys.exit(compare(*args.compare))
    if args.out is None:
        ap.error("--out or --compare")
    run(args.out)


if __name__ == "__main__":
    main()
