"""The held-out choice of FACMI's §1.4 readings (issue 21 item 4; ALGORITHMS.md §1.4).

`pairs` (concordant | net) and `decreasing` (negate | reciprocal) were read from lost
formulas, and one re-check picked `net` after seeing every set. Here the sets are split
in two before anything is run, each half holding one set with published decreasing
attributes and some whose directions come from the data, so `decreasing` can act on
both halves:

- choose on: balance, wine quality, era, lev, breast;
- judge on:  car, diabetes, wine, esl, swd.

On the choosing half every reading is scored by 5-fold cross-validated MAE (monotone
preprocessing, directions from each training fold where they come from the data) and
ranked per set among the four readings; the reading with the best mean rank is chosen,
unless it is significantly worse than the default (concordant, negate) on some choosing
set (corrected resampled t-test, p < 0.05), in which case the default stays. On the
judging half the chosen reading is paired with the default, set by set, and both are
placed among the paper's other learners (lowest mean MAE, and significance).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..i18n import _
from . import Count, reporter
from .facmi_common import (PAPER_VARIANTS, VARIANTS, datasets_dir, facmi_status, fold_scores, learns_directions, paired,
                    real_problem)

CHOOSE = ("balance", "wine quality", "era", "lev", "breast")
JUDGE = ("car", "diabetes", "wine", "esl", "swd")
DEFAULT = "concordant, negate"
READINGS = {
    "concordant, negate": ("facmi", {}),
    "net, negate": ("facmi", {"pairs": "net"}),
    "concordant, reciprocal": ("facmi", {"decreasing": "reciprocal"}),
    "net, reciprocal": ("facmi", {"pairs": "net", "decreasing": "reciprocal"}),
}


def score_sets(names, repeats: int, folder: Path | None = None, say=None, count: Count | None = None,
               with_competitors: bool = False) -> dict:
    """(set) -> {"scores": reading or learner -> fold MAEs, "ratio": n_test / n_train}."""
    say = reporter(say)
    folder = folder or datasets_dir()
    count = count or Count(say, len(names) * repeats)
    variants = dict(READINGS)
    if with_competitors:
        variants.update({v: VARIANTS[v] for v in PAPER_VARIANTS if v != "facmi"})
    out = {}
    for dataset in names:
        data = real_problem(dataset, True, folder)
        results = {v: [] for v in variants}
        n_test, n_train = [], []
        for rep in range(repeats):
            maes, te, tr = fold_scores(data, variants, 5, rep, learns_directions(dataset, True))
            for v, values in maes.items():
                results[v].extend(values)
            n_test += te
            n_train += tr
            count(_("(e) {dataset}: repeat {k} of {n}").format(dataset=dataset, k=rep + 1, n=repeats))
        out[dataset] = {"scores": results, "ratio": float(np.mean(np.array(n_test) / np.array(n_train)))}
    return out


def choose(scores: dict) -> tuple[str, pd.DataFrame]:
    """The reading with the best mean rank over the choosing sets (the default unless another is
    better and nowhere significantly worse than it), and the table it was chosen from."""
    rows = []
    ranks = {r: [] for r in READINGS}
    for dataset, entry in scores.items():
        s = entry["scores"]
        means = {r: float(np.mean(s[r])) for r in READINGS}
        order = pd.Series(means).rank(method="average")
        for r in READINGS:
            ranks[r].append(float(order[r]))
            p = paired(s[r], s[DEFAULT], entry["ratio"]) if r != DEFAULT else None
            rows.append({"half": "choose", "data set": dataset, "reading": r, "MAE": means[r],
                         "rank among readings": float(order[r]),
                         "minus default": p["difference"] if p else 0.0, "SE": p["se"] if p else 0.0,
                         "p (corrected t)": p["p"] if p else 1.0,
                         "verdict": "-" if p is None else {"better": "default lower", "worse": "reading lower",
                                                          "tie": "tie"}[p["verdict"]]})
    table = pd.DataFrame(rows)
    mean_rank = {r: float(np.mean(v)) for r, v in ranks.items()}
    best = min(READINGS, key=lambda r: (mean_rank[r], r != DEFAULT))
    worse_somewhere = ((table["reading"] == best) & (table["verdict"] == "default lower")).any()
    chosen = best if not worse_somewhere else DEFAULT
    table["mean rank"] = table["reading"].map(mean_rank)
    table["chosen"] = table["reading"] == chosen
    return chosen, table


def judge(scores: dict, chosen: str) -> pd.DataFrame:
    """On each judging set: the chosen reading against the default (paired), and where each stands
    among the paper's other learners."""
    rows = []
    for dataset, entry in scores.items():
        s, ratio = entry["scores"], entry["ratio"]
        p = paired(s[chosen], s[DEFAULT], ratio) if chosen != DEFAULT else None
        row = {"half": "judge", "data set": dataset, "chosen": chosen, "default MAE": float(np.mean(s[DEFAULT])),
               "chosen MAE": float(np.mean(s[chosen])), "chosen minus default": p["difference"] if p else 0.0,
               "SE": p["se"] if p else 0.0, "p (corrected t)": p["p"] if p else 1.0,
               "verdict": "-" if p is None else {"better": "default lower", "worse": "chosen lower",
                                                 "tie": "tie"}[p["verdict"]]}
        for label, reading in (("default", DEFAULT), ("chosen", chosen)):
            others = {v: s[v] for v in PAPER_VARIANTS if v != "facmi" and v in s}
            st = facmi_status({"scores": {"facmi": s[reading], **others}, "ratio": ratio})
            row[f"{label}: lowest mean"] = st["lowest mean"]
            row[f"{label}: beaten by (significant)"] = ", ".join(st["significantly below FACMI"]) or "-"
        rows.append(row)
    return pd.DataFrame(rows)


def experiment_e(repeats: int, folder: Path | None = None, say=None, count: Count | None = None,
                 choose_on=CHOOSE, judge_on=JUDGE) -> dict[str, pd.DataFrame]:
    """Units counted: one 5-fold cross-validation of one set (every reading, and on the judging
    half every paper learner too)."""
    say = reporter(say)
    count = count or Count(say, (len(choose_on) + len(judge_on)) * repeats)
    tuned = score_sets(choose_on, repeats, folder, say, count)
    chosen, table = choose(tuned)
    say(_("(e) chosen on {sets}: {chosen}").format(sets=", ".join(choose_on), chosen=chosen))
    judged = judge(score_sets(judge_on, repeats, folder, say, count, with_competitors=True), chosen)
    return {"facmi_e_choose": table, "facmi_e_judge": judged}
