"""Seed 000 §4.3.1: real-data learning curves at small training sizes (ALGORITHMS.md §1.7 (d)).

For each real set and training size m: draw m cases stratified by class (each class in
its share of the set, rounded so the sizes add up), train on them, test on every other
case; `repeats` draws per size, the same draws for every learner. Learners: FACMI, CART
(fully grown and with 10 cases to split), ID3, C4.5, IE, RT and REMT (the paper left REMT
out), with monotone preprocessing; directions that come from the data are computed on
the drawn training cases only.

Each point pairs every learner with FACMI over the draws: the difference of mean MAE
with its standard error and p-value by the paired t-test (the corrected resampled test
with n_test/n_train = 0: the training draws are small against the set, so they seldom
overlap, and Nadeau & Bengio's correction, made for training sets that share most of
their cases, would inflate the variance by up to n_test/n_train ~ 60 here).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..i18n import _
from ..plot import LinePlot
from . import Count, reporter
from .facmi_common import (IN_PAPER, REAL, _fit_variant, _mae, claim_verdict, datasets_dir, facmi_status, learns_directions,
                    real_problem, spearman_directions)

SIZES = (25, 50, 100, 200, 400)
CURVE_VARIANTS = ("facmi", "cart", "cart min10", "id3", "c45", "ie", "rt", "remt")


def stratified_draw(y: np.ndarray, size: int, rng: np.random.Generator) -> np.ndarray:
    """`size` case indices, each class in proportion to its count (largest remainders)."""
    classes, counts = np.unique(y, return_counts=True)
    share = size * counts / counts.sum()
    take = np.floor(share).astype(int)
    for i in np.argsort(-(share - take), kind="stable")[: size - take.sum()]:
        take[i] += 1
    take = np.minimum(take, counts)
    out = [rng.choice(np.flatnonzero(y == c), t, replace=False) for c, t in zip(classes, take) if t > 0]
    return np.sort(np.concatenate(out))


def experiment_d(repeats: int, names=tuple(REAL), sizes=SIZES, folder: Path | None = None, say=None,
                 count: Count | None = None, variants=CURVE_VARIANTS, scores: dict | None = None) -> pd.DataFrame:
    """Units counted: one draw of one size of one set, every learner fitted on it. One row per
    (set, size) with each learner's mean test MAE and FACMI against the best other learner;
    the per-draw MAEs go into `scores` keyed (set, size)."""
    say = reporter(say)
    folder = folder or datasets_dir()
    scores = {} if scores is None else scores
    plan = []
    for dataset in names:
        data = real_problem(dataset, True, folder)
        plan.append((dataset, data, [m for m in sizes if m <= 0.8 * len(data.y)]))
    count = count or Count(say, sum(len(s) for _, _, s in plan) * repeats)
    rows = []
    for dataset, data, usable in plan:
        for m in usable:
            results = {v: [] for v in variants}
            for rep in range(repeats):
                rng = np.random.default_rng(7919 * rep + m)
                idx = stratified_draw(data.y, m, rng)
                test = np.setdiff1d(np.arange(len(data.y)), idx)
                train = data.subset(idx)
                if learns_directions(dataset, True):
                    train = spearman_directions(train)
                for v in variants:
                    results[v].append(_mae(_fit_variant(v, train, data.X[test]), data.y[test]))
                count(_("(d) {dataset}, {size} training cases: draw {k} of {n}").format(
                    dataset=dataset, size=m, k=rep + 1, n=repeats))
            entry = {"scores": results, "ratio": 0.0}
            scores[(dataset, m)] = entry
            row = {"data set": dataset, "in paper": "yes" if dataset in IN_PAPER else "not in the paper",
                   "training cases": m, **{v: float(np.mean(results[v])) for v in variants}}
            if repeats >= 2 and "facmi" in results:
                st = facmi_status(entry, variants)
                t = st["runner-up test"]
                row.update({"lowest MAE": min(variants, key=lambda v: row[v]), "best other": st["best other"],
                            "best other minus FACMI": t["difference"], "SE": t["se"], "p": t["p"],
                            "FACMI": ("lower than all (significant)" if len(st["significantly above FACMI"]) ==
                                      st["n"] else "beaten" if st["significantly below FACMI"] else
                                      "lowest mean, within noise" if st["lowest mean"] else "tie")})
            rows.append(row)
            say(_("(d) {dataset}, {size} training cases: {figures}").format(
                dataset=dataset, size=m, figures=", ".join(f"{v} {row[v]:.3f}" for v in variants)))
    return pd.DataFrame(rows)


#: the learners of the paper's §4.3.1 curves (REMT was left out there)
PAPER_CURVE_VARIANTS = ("facmi", "cart", "cart min10", "id3", "c45", "ie", "rt")


def curve_claims(scores: dict, small: int = 50, variants=CURVE_VARIANTS) -> pd.DataFrame:
    """The paper's §4.3.1 claim, FACMI lowest at small training sizes, checked at every size up to
    `small` cases (engine.reproduce.facmi.claim_verdict): against the paper's learners (CART
    both ways, ID3, C4.5, IE, RT), and again with REMT, which the paper left out."""
    rows = []
    paper = tuple(v for v in PAPER_CURVE_VARIANTS if v in variants)
    for (dataset, m), entry in scores.items():
        if m > small or len(next(iter(entry["scores"].values()))) < 2:
            continue
        claim = "lowest" if dataset in IN_PAPER else "not in the paper"
        verdict, why = claim_verdict(claim, facmi_status(entry, paper))
        row = {"data set": dataset, "training cases": m, "paper's claim": claim, "verdict": verdict,
               "our figures": why}
        if "remt" in variants:
            with_remt, why_remt = claim_verdict(claim, facmi_status(entry, variants))
            row.update({"verdict with REMT": with_remt, "figures with REMT": why_remt})
        rows.append(row)
    return pd.DataFrame(rows)


def curve_plots(table: pd.DataFrame, variants=CURVE_VARIANTS) -> list[LinePlot]:
    """One plot per set: test MAE against training cases, a line per learner."""
    out = []
    for dataset, part in table.groupby("data set", sort=False):
        if len(part) < 2:
            continue
        slug = dataset.replace(" ", "_")
        title = _("Seed 000 §4.3.1: {dataset}, MAE against training cases") if dataset in IN_PAPER else \
            _("Seed 000 §4.3.1: {dataset} (not in the paper), MAE against training cases")
        out.append(LinePlot(f"facmi_d_curve_{slug}", title.format(dataset=dataset),
                            _("training cases"), _("test MAE"), tuple(part["training cases"]),
                            {v: tuple(part[v]) for v in variants if v in part}))
    return out
