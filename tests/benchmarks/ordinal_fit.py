"""Fit time of the ordinal learners against our CART and scikit-learn, in one run.

    python tests/benchmarks/ordinal_fit.py [--rows 100000] [--features 20] [--logistic-rows 5000]
    python tests/benchmarks/ordinal_fit.py --interleaved 9   # the goal's ratio only

Data: 20 uniform attributes, 4 ordered classes from a noisy monotone score
(sum of the first five attributes plus Gaussian noise, cut at its quartiles).
FACMI runs with the ramp membership everywhere ("ramp"; also with pairs=net,
whose sweeps skip no attribute: the pruning bound is the concordant reading's), with the default
("exact": the exact logistic's cuts, bounded search; before issue 20 the default was "auto",
exact logistic in nodes of at most 2,000 cases, ramp above; see facmi_default.py), and
with the exact logistic's reference sweep everywhere ("logistic"), whose O(n) per cut makes the
root alone cost n² per attribute: it is timed on --logistic-rows cases, beside
our CART on the same rows. Single thread for the comparison with scikit-learn
(NUMBA_NUM_THREADS=1), best of --repeats.

--interleaved R measures the acceptance goal alone ("FACMI with ramp membership
fits within 2x our CART"): R rounds, each fitting CART and FACMI (ramp) once, in
alternating order so that a load that comes and goes (a build on the other core)
hits both alike; it prints the median and best seconds of each and the median of
the per-round ratios. --informative-last reverses the attribute order (FACMI skips
attributes that cannot beat the best found so far, so the order could matter).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402
from _common import timed  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.data.encode import AttributeSchema, DataSchema, EncodedData  # noqa: E402


def make(n: int, p: int, seed: int = 0, informative_last: bool = False) -> EncodedData:
    rng = np.random.default_rng(seed)
    X = rng.random((n, p))
    score = X[:, :5].sum(axis=1) + rng.normal(scale=0.3, size=n)
    if informative_last:  # the same data, attribute order reversed (x0 is the old last)
        X = X[:, ::-1].copy()
    y = np.searchsorted(np.quantile(score, [0.25, 0.5, 0.75]), score).astype(np.int64)
    schema = DataSchema("y", ["1", "2", "3", "4"], True,
                        [AttributeSchema(f"x{j}", "numeric", monotone=1) for j in range(p)])
    return EncodedData(X, y, np.ones(n), schema, np.arange(n))



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--features", type=int, default=20)
    ap.add_argument("--logistic-rows", type=int, default=5_000)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--interleaved", type=int, default=0, metavar="R",
                    help="only CART against FACMI (ramp), R alternating rounds, medians")
    ap.add_argument("--informative-last", action="store_true",
                    help="with --interleaved: the five informative attributes last instead of first")
    args = ap.parse_args()
    if args.interleaved:
        return interleaved(args)
    warm = make(500, args.features, seed=9)
    runs = [("cart", {"prune": "none"}), ("facmi", {"membership": "ramp"}), ("facmi", {}),
            ("facmi", {"membership": "logistic"}), ("remt", {}), ("rt", {}), ("ie", {}),
            ("facmi", {"membership": "ramp", "pairs": "net"})]  # net: no bound, every attribute swept
    for name, params in runs:  # compile or load every kernel first
        info = get(name)
        info.fit(warm, None, resolve_params(info, params))

    def row(data, name, params):
        info = get(name)
        resolved = resolve_params(info, params)
        seconds, tree = timed(lambda: info.fit(data, None, resolved), args.repeats)
        return seconds, tree.n_leaves

    print("| rows | learner | fit seconds | leaves | ratio to our CART | ratio to scikit-learn |")
    print("|---|---|---|---|---|---|")
    for n, selection in ((args.rows, [r for r in runs if r[1].get("membership") != "logistic"]),
                         (args.logistic_rows, [runs[0], runs[3]])):
        data = make(n, args.features)
        skl, _ = timed(lambda: DecisionTreeClassifier(random_state=0).fit(data.X, data.y), args.repeats)
        cart, cart_leaves = row(data, "cart", {"prune": "none"})
        print(f"| {n:,} | scikit-learn DecisionTreeClassifier | {skl:.3f} | | {skl / cart:.2f} | 1.00 |", flush=True)
        for name, params in selection:
            # CART's row reuses the time every ratio divides by (timing it again only showed the noise)
            seconds, leaves = (cart, cart_leaves) if (name, params) == runs[0] else row(data, name, params)
            label = name + (f" ({params['membership']}{', net' if params.get('pairs') == 'net' else ''})"
                            if "membership" in params else " (default)" if name == "facmi" else "")
            print(f"| {n:,} | {label} | {seconds:.3f} | {leaves} | {seconds / cart:.2f} | {seconds / skl:.2f} |",
                  flush=True)


def interleaved(args):
    pair = [("cart", {"prune": "none"}), ("facmi", {"membership": "ramp"})]
    warm = make(500, args.features, seed=9)
    data = make(args.rows, args.features, informative_last=args.informative_last)
    fits = []
    for name, params in pair:
        info = get(name)
        resolved = resolve_params(info, params)
        info.fit(warm, None, resolved)
        fits.append(lambda info=info, resolved=resolved: info.fit(data, None, resolved))
    seconds = {name: [] for name, _ in pair}
    ratios = []
    for r in range(args.interleaved):
        for j in ((0, 1) if r % 2 == 0 else (1, 0)):
            t0 = time.perf_counter()
            fits[j]()
            seconds[pair[j][0]].append(time.perf_counter() - t0)
        ratios.append(seconds["facmi"][-1] / seconds["cart"][-1])
        print(f"round {r + 1}: CART {seconds['cart'][-1]:.3f} s, FACMI ramp {seconds['facmi'][-1]:.3f} s, "
              f"ratio {ratios[-1]:.2f}", flush=True)
    cart, facmi = seconds["cart"], seconds["facmi"]
    print(f"{args.rows:,} x {args.features}{' (informative last)' if args.informative_last else ''}: CART median {statistics.median(cart):.3f} s (best {min(cart):.3f}), "
          f"FACMI ramp median {statistics.median(facmi):.3f} s (best {min(facmi):.3f}); ratio: median of rounds "
          f"{statistics.median(ratios):.2f}, of medians {statistics.median(facmi) / statistics.median(cart):.2f}, "
          f"of bests {min(facmi) / min(cart):.2f}")


if __name__ == "__main__":
    main()
