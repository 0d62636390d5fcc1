"""Seed 004's simulation (ALGORITHMS.md §5), rerun with our learners.

Six variables, n1 = n2 = 500: Lo ~ N6(0, Σ), Hi ~ N6(μ2, λΣ), λ = 2,
μ2 = (μ, μ - 0.5, μ + 0.5, 0, 0, 0), μ in {1, 1.5, 2}; Σ = I (uncorrelated) or
equicorrelation ρ = 0.2, 0.5, 0.8 (the paper's Σ were lost; these are ours).
Seeds 1..200: each odd seed draws a training set, seed + 1 its test set.
Reported per setting: training and test misclassification rate (wrong
decisions / all cases), pending rate and mean attributes used per test case,
for SDT with trim α = 0, 0.02, 0.05, Fisher LDA and pruned CART.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..algorithms.registry import get, resolve_params
from ..data.encode import AttributeSchema, DataSchema, EncodedData
from ..plot import LinePlot
from ..tree.model import PENDING
from ..tree.predict import predict
from . import Count, Progress, reporter, save_tables  # noqa: F401 (Progress: as before, for callers)

SETTINGS = (("uncorrelated", 0.0), ("low (0.2)", 0.2), ("medium (0.5)", 0.5), ("high (0.8)", 0.8))
MUS = (1.0, 1.5, 2.0)
METHODS = (("SDT α=0", "trichotomy", {"trim": 0.0}), ("SDT α=0.02", "trichotomy", {"trim": 0.02}),
           ("SDT α=0.05", "trichotomy", {"trim": 0.05}), ("Fisher", "fisher_lda", {}), ("CART", "cart", {}))
SCHEMA = DataSchema("class", ["Lo", "Hi"], False, [AttributeSchema(f"X{j + 1}", "numeric") for j in range(6)])


def simulate(seed: int, mu: float, rho: float, n: int = 500, lam: float = 2.0) -> EncodedData:
    rng = np.random.default_rng(seed)
    sigma = np.full((6, 6), rho) + (1 - rho) * np.eye(6)
    chol = np.linalg.cholesky(sigma)
    shift = np.array([mu, mu - 0.5, mu + 0.5, 0, 0, 0])
    lo = rng.normal(size=(n, 6)) @ chol.T
    hi = shift + np.sqrt(lam) * (rng.normal(size=(n, 6)) @ chol.T)
    X = np.vstack([lo, hi])
    y = np.r_[np.zeros(n, np.int64), np.ones(n, np.int64)]
    return EncodedData(X, y, np.ones(2 * n), SCHEMA, np.arange(2 * n))


def _rates(tree, data, missing):
    p = predict(tree, data.X, missing)
    decided = p.labels != PENDING
    return (float((decided & (p.labels != data.y)).mean()), float((~decided).mean()),
            float(p.used.sum(axis=1).mean()))


def plots(tables: dict[str, pd.DataFrame]) -> list[LinePlot]:
    """Test misclassification and pending rate against mu, uncorrelated attributes."""
    t = tables["trichotomy_simulation"]
    flat = t[t["correlation"] == "uncorrelated"]
    methods = list(dict.fromkeys(flat["method"]))
    mus = tuple(sorted(set(flat["mu"])))

    def column(name):
        return {m: tuple(flat[flat["method"] == m].sort_values("mu")[name]) for m in methods}

    return [
        LinePlot("trichotomy_test_error", "Seed 004 (uncorrelated): test misclassification", "mu",
                 "wrong decisions / all cases", mus, column("test misclassification")),
        LinePlot("trichotomy_pending", "Seed 004 (uncorrelated): pending rate", "mu", "pending / all cases", mus,
                 column("pending rate")),
    ]


def run(out: Path, quick: bool = False, say=None) -> dict[str, pd.DataFrame]:
    """Units counted: one pair of simulated training and test sets in one setting (correlation, mu),
    every method fitted and scored on it."""
    say = reporter(say)
    out.mkdir(parents=True, exist_ok=True)
    pairs = 10 if quick else 100
    count = Count(say, len(SETTINGS) * len(MUS) * pairs)
    rows = []
    for setting, rho in SETTINGS:
        for mu in MUS:
            acc = {label: np.zeros(4) for label, _, _ in METHODS}
            for k in range(pairs):
                seed = 2 * k + 1
                train, test = simulate(seed, mu, rho), simulate(seed + 1, mu, rho)
                for label, name, params in METHODS:
                    info = get(name)
                    tree = info.fit(train, None, resolve_params(info, params))
                    train_wrong, _, _ = _rates(tree, train, info.missing)
                    test_wrong, pending, used = _rates(tree, test, info.missing)
                    acc[label] += (train_wrong, test_wrong, pending, used)
                count(f"{setting}, mu = {mu}: pair {k + 1} of {pairs}")
            for label, _, _ in METHODS:
                tr, te, pe, us = acc[label] / pairs
                rows.append({"correlation": setting, "mu": mu, "method": label, "train misclassification": tr,
                             "test misclassification": te, "pending rate": pe, "attributes used": us})
            say(f"{setting}, mu = {mu}: " + "; ".join(
                f"{r['method']} {r['test misclassification']:.3f}/{r['pending rate']:.3f}" for r in rows[-len(METHODS):]))
    table = pd.DataFrame(rows)
    save_tables(out, {"trichotomy_simulation": table}, "trichotomy_tables", say)
    return {"trichotomy_simulation": table}
