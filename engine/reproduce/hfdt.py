"""Seed 002's experiment (ALGORITHMS.md §3.6), rerun with our learners: HFDT against fuzzy ID3
and Min-Ambiguity trained at each level of the glass hierarchy.

Glass (214 cases, ../shared/datasets or RULETREE_DATASETS) with the 4-level
hierarchy of glass_hierarchy.csv: ALL → {WG, NWG}; WG → {FP: 1, 3; NFP: 2, 4};
NWG → {5, 6, 7} (classes 5, 6, 7 stand for themselves at level 4). Fuzzy terms:
k = 2 Kohonen centres, η = 0.5, 20 epochs, seeded (the learners' defaults);
HFDT and fuzzy ID3 stop at the paper's rule (β0 0.9, minimum membership 1,
no minimum share of the root's mass: `hfdt.PAPER`), whatever the defaults, and
HFDT answers by the paper's rule (the largest summed firing strength per label,
`answer=firing_strength`; with the glass hierarchy the default `auto` is that rule too).
The paper uses one 70/30 split; we repeat a stratified 70/30 split over 30
seeds (0..29) and report mean ± std (sample std over the 30 splits) of:
- hierarchical accuracy: the answer is the true class or one of its ancestors
  (for a flat learner at level i, its accuracy at that level);
- label precision: the mean of log_4(level + 1) over the answers (ALL 0.5,
  WG/NWG 0.792, FP/NFP 1.0, a class 1.161; a class counts at level 4, where it
  stands for itself);
- strict accuracy (the class itself) and leaves, as secondary figures.
Every method sees the same splits. Beyond the paper, CART and C4.5 with and
without `hierarchy_labels` (leaves labelled by HFDT's accuracy x precision rule)
run on the same splits, in rows of their own. `hfdt_paper_claims` checks the paper's
three claims on the means.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..algorithms.hfdt import PAPER
from ..algorithms.registry import get, resolve_params
from ..data import read_table
from ..data.encode import EncodedData, encode
from ..data.hierarchy import ClassLevels, read_hierarchy
from ..data.spec import ProblemSpec
from ..evaluate import stratified_holdout
from ..i18n import _
from ..plot import LinePlot
from ..tree.predict import predict
from . import Progress, report, reporter, save_tables  # noqa: F401 (Progress: as before, for callers)
from .facmi import datasets_dir
from .report import claim_row, claims_table

LEVELS = (1, 2, 3, 4)
#: (label, learner, parameters)
METHODS = (("HFDT", "hfdt", dict(PAPER)),
           *((f"fuzzy ID3 L{i}", "fuzzy_id3", {"level": i, "min_mass_share": PAPER["min_mass_share"]}) for i in LEVELS),
           *((f"Min-Ambiguity L{i}", "min_ambiguity", {"level": i}) for i in LEVELS))
#: beyond the paper, on the same splits: crisp learners with and without hierarchy_labels
BEYOND = (("CART", "cart", {}), ("CART, hierarchy labels", "cart", {"hierarchy_labels": True}),
          ("C4.5", "c45", {}), ("C4.5, hierarchy labels", "c45", {"hierarchy_labels": True}))
SEEDS, QUICK_SEEDS = 30, 3


def glass(folder: Path | None = None) -> tuple[EncodedData, ProblemSpec]:
    folder = folder or datasets_dir()
    spec = ProblemSpec(target="Type", hierarchy=read_hierarchy(folder / "glass_hierarchy.csv"))
    return encode(read_table(folder / "glass.csv"), spec), spec


def split_scores(data: EncodedData, spec: ProblemSpec, seed: int) -> dict[str, tuple[float, float, float, int]]:
    """label -> (hierarchical accuracy, label precision, strict accuracy, leaves) on one split."""
    test = stratified_holdout(data.y, 0.3, seed)
    train = data.subset(np.flatnonzero(~test))
    levels = ClassLevels(spec.hierarchy, list(data.classes))
    y = data.y[test]
    out = {}
    for label, name, params in METHODS + BEYOND:
        info = get(name)
        tree = info.fit(train, spec, info.stage_params(resolve_params(info, params, spec), "fit"))
        answers = predict(tree, data.X[test], info.missing).labels
        above = levels.members(tree.labels)
        precision = np.array([levels.precision(n) for n in tree.labels])
        out[label] = (float(above[answers, y].mean()), float(precision[answers].mean()),
                      float((answers == y).mean()), tree.n_leaves)
    return out


def experiment(seeds: int, folder: Path | None = None, say=None) -> pd.DataFrame:
    """Units counted: one split (seed), every method fitted and scored on it."""
    say = reporter(say)
    data, spec = glass(folder)
    runs: dict[str, list] = {label: [] for label, _, _ in METHODS + BEYOND}
    for seed in range(seeds):
        for label, figures in split_scores(data, spec, seed).items():
            runs[label].append(figures)
        say.report(seed + 1, seeds, _("split {k} of {n}: HFDT {accuracy} / {precision}").format(
            k=seed + 1, n=seeds, accuracy=format(runs["HFDT"][-1][0], ".3f"),
            precision=format(runs["HFDT"][-1][1], ".3f")), log=True)
    rows = []
    for label, name, params in METHODS + BEYOND:
        r = np.asarray(runs[label], dtype=np.float64)
        std = (lambda c: float(r[:, c].std(ddof=1)) if len(r) > 1 else float("nan"))
        level = params.get("level", "all" if name == "hfdt" or params.get("hierarchy_labels") else "classes")
        rows.append({"method": label, "level": level,
                     "hierarchical accuracy": float(r[:, 0].mean()), "accuracy std": std(0),
                     "label precision": float(r[:, 1].mean()), "precision std": std(1),
                     "strict accuracy": float(r[:, 2].mean()), "leaves": float(r[:, 3].mean())})
    return pd.DataFrame(rows)


def paper_claims(table: pd.DataFrame) -> pd.DataFrame:
    """The paper's claims, checked on the means: flat learners lose accuracy and gain precision
    level by level; HFDT balances both; fuzzy ID3 beats Min-Ambiguity below level 1."""
    row = {r["method"]: r for _, r in table.iterrows()}

    def series(method, column):
        return [float(row[f"{method} L{i}"][column]) for i in LEVELS]

    out = []
    for method in ("fuzzy ID3", "Min-Ambiguity"):
        acc, pre = series(method, "hierarchical accuracy"), series(method, "label precision")
        falls = all(a >= b for a, b in zip(acc, acc[1:]))
        rises = all(a <= b for a, b in zip(pre, pre[1:]))
        out.append({"claim": f"{method}: accuracy falls and precision rises with the level",
                    "holds": "yes" if falls and rises else "no",
                    "figures": "accuracy " + " / ".join(f"{a:.3f}" for a in acc)
                               + "; precision " + " / ".join(f"{p:.3f}" for p in pre)})
    h = row["HFDT"]
    h_acc, h_pre = float(h["hierarchical accuracy"]), float(h["label precision"])
    # balance: no flat level is both at least as right and at least as precise (HFDT is not dominated),
    # and HFDT beats the flat learners' best product of the two
    flat = [r for name, r in row.items() if name.startswith(("fuzzy ID3", "Min-Ambiguity"))]
    dominated = [r["method"] for r in flat
                 if r["hierarchical accuracy"] >= h_acc and r["label precision"] >= h_pre]
    best_flat = max(flat, key=lambda r: r["hierarchical accuracy"] * r["label precision"])
    balanced = not dominated and h_acc * h_pre >= best_flat["hierarchical accuracy"] * best_flat["label precision"]
    out.append({"claim": "HFDT balances accuracy and precision", "holds": "yes" if balanced else "no",
                "figures": f"HFDT {h_acc:.3f} / {h_pre:.3f} (accuracy x precision {h_acc * h_pre:.3f}); best flat "
                           f"{best_flat['method']} {best_flat['hierarchical accuracy']:.3f} / "
                           f"{best_flat['label precision']:.3f} ({best_flat['hierarchical accuracy'] * best_flat['label precision']:.3f})"
                           + (f"; dominated by {', '.join(dominated)}" if dominated else "")})
    fid3, mina = series("fuzzy ID3", "hierarchical accuracy"), series("Min-Ambiguity", "hierarchical accuracy")
    wins = [i for i in LEVELS[1:] if fid3[i - 1] > mina[i - 1]]
    out.append({"claim": "fuzzy ID3 beats Min-Ambiguity below level 1", "holds": "yes" if len(wins) == 3 else "no",
                "figures": "levels 2-4: fuzzy ID3 " + " / ".join(f"{v:.3f}" for v in fid3[1:])
                           + "; Min-Ambiguity " + " / ".join(f"{v:.3f}" for v in mina[1:])})
    return pd.DataFrame(out)


def plots(tables: dict[str, pd.DataFrame]) -> list[LinePlot]:
    """The paper's figure 8: accuracy and precision per method against the training level
    (HFDT, which uses every level, drawn flat)."""
    t = tables["hfdt_glass"]
    row = {r["method"]: r for _k, r in t.iterrows()}
    out = []
    for column, name, title, axis in (
            ("hierarchical accuracy", "hfdt_accuracy", _("Seed 002, glass: hierarchical accuracy by training level"),
             _("hierarchical accuracy")),
            ("label precision", "hfdt_precision", _("Seed 002, glass: label precision by training level"),
             _("label precision"))):
        series = {method: tuple(float(row[f"{method} L{i}"][column]) for i in LEVELS)
                  for method in ("fuzzy ID3", "Min-Ambiguity")}
        series["HFDT"] = tuple(float(row["HFDT"][column]) for _level in LEVELS)
        out.append(LinePlot(name, title, _("level"), axis, tuple(float(i) for i in LEVELS), series))
    return out


def run(out: Path, quick: bool = False, say=None, folder: Path | None = None) -> dict[str, pd.DataFrame]:
    """The experiment; tables as CSV and one XLSX in `out`, the claims as
    `out/hfdt_report.md`. Full: 30 splits; quick: 3."""
    say = reporter(say)
    out.mkdir(parents=True, exist_ok=True)
    table = experiment(QUICK_SEEDS if quick else SEEDS, folder, say)
    tables = {"hfdt_glass": table, "hfdt_paper_claims": paper_claims(table)}
    write_report(out / "hfdt_report.md", tables, QUICK_SEEDS if quick else SEEDS)
    say(_("report written to {path}").format(path=out / "hfdt_report.md"))
    save_tables(out, tables, "hfdt_tables", say)
    return tables


def report_rows(tables: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """`hfdt_paper_claims` as the report's rows: the claim, our figure (its "figures"), agree /
    disagree (from its "holds"), why. No tie: the claims are on means, with no paired test."""
    row = {r["method"]: r for _, r in tables["hfdt_glass"].iterrows()}
    rows = []
    for _row, claim in tables["hfdt_paper_claims"].iterrows():
        text, holds = str(claim["claim"]), claim["holds"]
        if text.startswith("HFDT balances"):
            h = row["HFDT"]
            why = (f"HFDT's hierarchical accuracy {h['hierarchical accuracy']:.3f} and label precision "
                   f"{h['label precision']:.3f} are " + ("not dominated by any flat level and their product is the "
                                                         "highest" if holds == "yes" else
                                                         "dominated by a flat level or their product is not the "
                                                         "highest") + " (figures beside).")
        elif text.startswith("fuzzy ID3 beats"):
            wins = [i for i in LEVELS[1:] if float(row[f"fuzzy ID3 L{i}"]["hierarchical accuracy"])
                    > float(row[f"Min-Ambiguity L{i}"]["hierarchical accuracy"])]
            why = (f"Fuzzy ID3's hierarchical accuracy is above Min-Ambiguity's at {len(wins)} of the 3 levels 2-4"
                   + (f" (levels {', '.join(map(str, wins))})" if wins else "") + ".")
        else:
            method = text.split(":")[0]
            acc = [float(row[f"{method} L{i}"]["hierarchical accuracy"]) for i in LEVELS]
            pre = [float(row[f"{method} L{i}"]["label precision"]) for i in LEVELS]
            rises = [i + 1 for i in range(1, len(LEVELS)) if acc[i] > acc[i - 1]]
            falls = [i + 1 for i in range(1, len(LEVELS)) if pre[i] < pre[i - 1]]
            why = (f"From level 1 to 4 {method}'s accuracy goes {acc[0]:.3f} to {acc[-1]:.3f} and its precision "
                   f"{pre[0]:.3f} to {pre[-1]:.3f}" + (f"; accuracy rises at level {', '.join(map(str, rises))}"
                                                       if rises else "")
                   + (f"; precision falls at level {', '.join(map(str, falls))}" if falls else "") + ".")
        rows.append(claim_row(text, str(claim["figures"]), holds, why))
    return claims_table(rows)


def write_report(path: Path, tables: dict[str, pd.DataFrame], seeds: int) -> Path:
    """The one-page report (engine.reproduce.report): the paper's claims, our figures, verdicts."""
    protocol = (
        f"Glass (214 cases) with its 4-level class hierarchy; {seeds} stratified 70/30 splits (seeds 0..{seeds - 1}; "
        "the paper used one), the same for every method; fuzzy terms by k = 2 Kohonen centres. HFDT against "
        "fuzzy ID3 and Min-Ambiguity trained at each level 1-4; figures are means over the splits of "
        "hierarchical accuracy / label precision. Verdicts: agree where the claim holds on our means, disagree "
        "where it does not (no paired test: no tie).")
    return report.write(path, "Seed 002 (HFDT: hierarchical fuzzy decision tree) against its paper", protocol,
                        [(None, report_rows(tables))])

