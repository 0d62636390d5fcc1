"""Ranked candidates at the root of a large CART tree against the learner's own time for that node.

    python tests/benchmarks/candidates_speed.py [--rows 100000] [--features 20] [--classes 4] [--repeats 3]

Issue 37's goal: candidates for the root of a 100k x 20 CART tree within 2x the learner's
own time for that node. Synthetic data as cart_fit.py (sklearn.datasets.make_classification,
10 informative features). The learner's time for its root: its growth parts built on the data
(the presorted columns) and the growth loop's decision there (one compiled sweep of every
attribute), i.e. what `fit` spends before it splits the root. `rank_candidates(model, data,
"root")`: the same parts, the same decision, one sweep per attribute (`every_candidate`) and
each candidate's branches routed. Best of --repeats, one thread; Numba kernels compiled (or
loaded from the cache) first.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402
from _common import timed  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402

from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.candidates import rank_candidates  # noqa: E402
from engine.data.encode import AttributeSchema, DataSchema, EncodedData  # noqa: E402
from engine.data.spec import ProblemSpec  # noqa: E402
from engine.model import Model  # noqa: E402
from engine.tree.grow import decide  # noqa: E402

CART = get("cart")


def learner_root(data, params):
    """The learner's own work for the root: its parts (presorted columns) and its decision there."""
    parts = CART.parts(data, None, params)
    cases = parts.splitter.root()
    return decide(parts.splitter, parts.choice, parts.stopping, cases, float(data.w.sum())).split


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--features", type=int, default=20)
    ap.add_argument("--classes", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    schema = DataSchema("y", [str(k) for k in range(args.classes)], False,
                        [AttributeSchema(f"x{j}", "numeric") for j in range(args.features)])

    def model_and_data(n, seed):
        X, y = make_classification(n_samples=n, n_features=args.features, n_informative=10, n_classes=args.classes,
                                   random_state=seed)
        data = EncodedData(np.ascontiguousarray(X), y.astype(np.int64), np.ones(n), schema, np.arange(n))
        # the root's candidates do not depend on how deep the tree grew: a shallow one trains fast
        params = resolve_params(CART, {"prune": "none", "max_depth": 3})
        tree = CART.fit(data, None, CART.stage_params(params, "fit"))
        return Model("cart", params, ProblemSpec(target="y"), tree, CART.missing), data, params

    warm, warm_data, warm_params = model_and_data(500, 1)  # compile / load the kernels
    learner_root(warm_data, warm_params)
    rank_candidates(warm, warm_data, "root")

    model, data, params = model_and_data(args.rows, 0)
    own, chosen = timed(lambda: learner_root(data, params), args.repeats)
    ranked_seconds, ranked = timed(lambda: rank_candidates(model, data, "root"), args.repeats)
    first = ranked[0]
    assert (first.feature, first.threshold) == (chosen.attribute, model.tree.root.threshold), "not the learner's"
    print(f"| rows x features | learner's root (parts + decision) | rank_candidates(root) | ratio |")
    print("|---|---|---|---|")
    print(f"| {args.rows} x {args.features} | {own:.3f} s | {ranked_seconds:.3f} s | {ranked_seconds / own:.2f} |")
    print(f"{len(ranked)} candidates; the first, {first.attribute} <= {first.threshold:.6g}, is the learner's split")


if __name__ == "__main__":
    main()
