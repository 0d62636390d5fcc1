"""M3's weights tuned on data sets other than Car and Mushroom, then checked on those two
(ALGORITHMS.md §4.6: "the weights that do best on data sets you do not tune on"; issue 15).

Tuning sets (../shared/datasets or RULETREE_DATASETS; each file's own attribute types
except where named nominal):
- Breast cancer (`breast_cancer_wisconsin_original.csv`, `class`: 2 benign, 4 malignant):
  predicting benign for a malignant case 800, malignant for a benign one 200;
- Diabetes (`pima_indians_diabetes.csv`, `class`: 0 negative, 1 positive): predicting
  negative for a positive case 800, positive for a negative one 200;
- German credit (`german_credit.csv`, `class`: 1 good, 2 bad): predicting good for a bad
  customer 800, bad for a good one 200 (UCI's own matrix is 5 : 1; we keep Mushroom's 4 : 1);
- Heart disease (`heart_disease_cleveland.csv`, `num` 0 < 1 < 2 < 3 < 4): 100·|i - j|;
  the coded attributes sex, cp, fbs, restecg, exang, slope, thal read as nominal;
- Balance (`balance_scale.csv`, `class` L < B < R): 100·|i - j|; its four attributes
  (integers 1..5) read as nominal, so it is, like Car, all nominal with ordered classes.
Car and Mushroom (the held-out sets) are never read while tuning (`TUNING` and
`mincost.DATASETS` share no file).

Per tuning set, seed s (0..9; --quick: 0) and MCAR rate R (10, 30, 50 %; --quick: 10,
50 %), as `reproduce mincost` does it: the seed's costs `mincost.priced` (TC ~ U[1, 100],
WC ~ U[0, 50]), one stratified 60/40 split (`mincost.test_rows`, every test case played),
values blanked in training and test rows by `inject_missing(X, R, s)`; every configuration
and M2 trained on the 60 % and played under the hybrid strategy on the 40 %; average
total cost per case (MC + TC + WC paid).

Grid: (w1, w2, w3, w4) on the simplex with step 0.25 (every wi in {0, 0.25, .., 1},
sum 1: 35 weight vectors), each with cost_stop off and on: 70 configurations; M2 as the
reference row. Configurations that grow the same tree on a split are played once.

Score of a configuration: the mean, over tuning sets, of its mean over rates and seeds of
(its average total cost / M2's on the same split, rate and seed). A ratio, not the raw
cost, because the sets' costs differ in scale (one set would decide the mean); M2 as the
unit because it is the cheapest learner of `reproduce mincost`, so a score below 1 reads
as "beats M2"; a mean ratio rather than a mean rank because a rank hides how much worse a
configuration is (a config slightly worse than the winner everywhere and one far worse
somewhere rank alike). The mean rank (among the 70 configurations and M2, ties averaged)
and the share of splits cheaper than M2 are reported beside it. Selection: the lowest score
(compared to 9 decimals); ties to the weights closest (Euclidean) to equal weights, then
cost_stop off, then grid order.

Held out: on Car and Mushroom with `reproduce mincost`'s own protocol (`mincost.experiment`:
its seeds 0..19 and rates 10..60 %, --quick 3 seeds and 10/30/50 %, Mushroom's test set cut
to 1000 cases), hybrid strategy only: M3 with the default weights, the defaults with
cost_stop, the weights this run selects, and M2.

Tables: `mincost_weights_sweep` (every configuration and M2: score, its standard error
over the seeds ("score se": the std of the per-seed scores / sqrt(seeds)), mean rank, share
cheaper than M2, per tuning set its mean ratio, and its mean average total cost; sorted by
score), `mincost_weights_recommendation` (the selected configuration beside the defaults,
the defaults with cost_stop and M2, each with its score minus the selected one's and the
standard error of that difference, paired by seed), `mincost_weights_held_out` (per data set and method:
test cases, per rate the mean average total cost and its sample std over the seeds, and
"vs M2", the mean over rates and seeds of the ratio to M2 on the same split). Plots: the
held-out cost against the missing rate, one per data set. The selection of the full run is
`mincost.RECOMMENDED` (that module's row "M3, recommended weights").

Run time (one process on a 2-core machine): full 12 min 54 s (tuning 10.2 min, about 61 s
a seed over the five sets, German credit the slowest at about 24 s; held out 2.7 min);
--quick 66 s. 10 tuning seeds (not mincost's 20) keep the full run near a quarter of an hour.

The full run selected w = (0.25, 0.5, 0.25, 0) with cost_stop: score 0.9981 (se 0.0014)
against M2's 1, the defaults with cost_stop 1.0123 and the defaults 1.8160. Held out, its
trees cost on Car what M2's and the defaults-with-cost_stop trees cost (the same single
leaf) and on Mushroom 1.3 % more than M2's (the defaults with cost_stop 0.2 %): cost_stop
is what matters; among the weights with it no choice beats M2 beyond noise.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pandas as pd

from ..algorithms.registry import get, resolve_params
from ..data import read_table
from ..data.encode import EncodedData, encode
from ..data.spec import ProblemSpec
from ..data.spec.settings import CostMatrix
from ..i18n import _
from ..plot import LinePlot
from ..strategies import simulate
from ..workflows import inject_missing
from . import Count, Progress, reporter, save_tables  # noqa: F401 (Progress: as before, for callers)
from . import mincost as M
from .facmi import datasets_dir


def _binary(negative: str, positive: str):
    """Predicting `negative` for a `positive` case 800, the other error 200."""
    return lambda: CostMatrix([negative, positive], [[0.0, 200.0], [800.0, 0.0]])


def _ordered(classes: list[str]):
    return lambda: CostMatrix.absolute_difference(classes, 100.0)


#: (name, file, target, cost matrix, attributes read as nominal); see the module docstring
TUNING = (
    ("Breast cancer", "breast_cancer_wisconsin_original.csv", "class", _binary("2", "4"), ()),
    ("Diabetes", "pima_indians_diabetes.csv", "class", _binary("0", "1"), ()),
    ("German credit", "german_credit.csv", "class", _binary("1", "2"), ()),
    ("Heart disease", "heart_disease_cleveland.csv", "num", _ordered(["0", "1", "2", "3", "4"]),
     ("sex", "cp", "fbs", "restecg", "exang", "slope", "thal")),
    ("Balance", "balance_scale.csv", "class", _ordered(["L", "B", "R"]),
     ("left-weight", "left-distance", "right-weight", "right-distance")),
)
STEP = 0.25
EQUAL = (0.25, 0.25, 0.25, 0.25)
WEIGHTS = ("w1", "w2", "w3", "w4")
SEEDS, QUICK_SEEDS = 10, 1
RATES, QUICK_RATES = (0.1, 0.3, 0.5), (0.1, 0.5)
REFERENCE = "M2"
STRATEGY = M.MAIN_STRATEGY
#: decimals to which scores are compared (closer: a tie)
DECIMALS = 9


def simplex(step: float = STEP) -> list[tuple[float, ...]]:
    """Every (w1, w2, w3, w4) with each wi a multiple of `step` and sum 1, in lexicographic order."""
    n = round(1 / step)
    return [tuple(k / n for k in c) for c in itertools.product(range(n + 1), repeat=4) if sum(c) == n]


def config_label(weights, cost_stop: bool) -> str:
    return "w = (" + ", ".join(f"{w:g}" for w in weights) + ")" + (", cost_stop" if cost_stop else "")


def grid(step: float = STEP) -> list[dict]:
    """The configurations: every simplex point, cost_stop off then on."""
    return [{"config": config_label(w, stop), **dict(zip(WEIGHTS, w)), "cost_stop": stop}
            for w in simplex(step) for stop in (False, True)]


def params_of(config: dict) -> dict:
    return {**{k: float(config[k]) for k in WEIGHTS}, "cost_stop": bool(config["cost_stop"])}


def load(name: str, file: str, target: str, matrix, nominal=(), folder: Path | None = None):
    folder = folder or datasets_dir()
    table = read_table(folder / file)
    spec = ProblemSpec(target=target)
    spec.misclassification_costs = matrix()
    for column in nominal:
        spec.set_attribute(column, type="nominal")
    return encode(table, spec), spec


def split_runs(data: EncodedData, spec: ProblemSpec, seed: int, rates, configs, step=None) -> list[dict]:
    """One record per rate and configuration (and M2) on one seed's split: the average total
    cost under the hybrid strategy. A tree grown by several configurations is played once.
    `step(message)`, if given, after each rate."""
    spec = M.priced(spec, data, seed)
    matrix = spec.misclassification_costs.as_array(list(data.classes))
    test = M.test_rows(data.y, seed, None)
    train_idx = M.train_rows(data.y, seed)
    learners = [(REFERENCE, "m2", {})] + [(c["config"], "mincost", params_of(c)) for c in configs]
    out = []
    for rate in rates:
        X = inject_missing(data.X, rate, seed)
        train = EncodedData(X[train_idx], data.y[train_idx], data.w[train_idx], data.schema, data.rows[train_idx])
        played: dict[str, float] = {}
        for label, name, params in learners:
            info = get(name)
            tree = info.fit(train, spec, info.stage_params(resolve_params(info, params, spec), "fit"))
            key = json.dumps(tree.to_json(), sort_keys=True)
            if key not in played:
                m = simulate(tree, X[test], STRATEGY, spec=spec, cost_matrix=matrix, y=data.y[test]).metrics()
                played[key] = float(m["avg_total_cost"])
            out.append({"rate": rate, "seed": seed, "config": label, "total": played[key],
                        "leaves": float(tree.n_leaves)})
        if step is not None:
            step(_("seed {k}, {rate} missing").format(k=seed + 1, rate=format(rate, ".0%")))
    return out


def tuning_runs(seeds: int, rates, configs, folder: Path | None = None, say=None, datasets=TUNING,
                count: Count | None = None) -> pd.DataFrame:
    """Every record of every tuning set and seed (long). Units counted: one missing rate on one
    seed's split of one tuning set, every configuration fitted (and played) on it."""
    say = reporter(say)
    count = count or Count(say, len(datasets) * seeds * len(rates))
    records = []
    for name, file, target, matrix, nominal in datasets:
        data, spec = load(name, file, target, matrix, nominal, folder)
        for seed in range(seeds):
            runs = split_runs(data, spec, seed, rates, configs,
                              step=lambda message, name=name: count(_("tuning on {name}: {message}").format(
                                  name=name, message=message)))
            for r in runs:
                r["data set"] = name
            records += runs
            say(_("tuning on {name}: seed {k} of {n}").format(name=name, k=seed + 1, n=seeds))
    return pd.DataFrame(records)


def ratios(runs: pd.DataFrame) -> pd.DataFrame:
    """`runs` with "ratio": each record's total cost over M2's on the same data set, seed and rate
    (both 0: 1)."""
    keys = ["data set", "seed", "rate"]
    ref = runs[runs["config"] == REFERENCE][keys + ["total"]].rename(columns={"total": "reference"})
    out = runs.merge(ref, on=keys, how="left", validate="many_to_one")
    total, reference = out["total"].to_numpy(float), out["reference"].to_numpy(float)
    with np.errstate(divide="ignore", invalid="ignore"):
        out["ratio"] = np.where(reference > 0, total / reference, np.where(total > 0, np.inf, 1.0))
    return out


def seed_scores(runs: pd.DataFrame) -> pd.DataFrame:
    """Each configuration's score on each seed alone (rows: configurations, columns: seeds); the
    score is their mean, their spread over the seeds (independent splits and costs) its noise."""
    r = ratios(runs)
    per_set = r.groupby(["config", "seed", "data set"])["ratio"].mean()
    return per_set.groupby(["config", "seed"]).mean().unstack("seed")


def _se(values: np.ndarray) -> float:
    return float(np.std(values, ddof=1) / np.sqrt(len(values))) if len(values) > 1 else float("nan")


def sweep(runs: pd.DataFrame, configs) -> pd.DataFrame:
    """One row per configuration and M2 (module docstring), sorted by score."""
    by_seed = seed_scores(runs)
    r = ratios(runs)
    keys = ["data set", "seed", "rate"]
    r["rank"] = r.groupby(keys)["total"].rank(method="average")
    r["cheaper"] = (r["total"] < r["reference"] - 1e-9).astype(float)
    sets = list(dict.fromkeys(r["data set"]))
    per_set = r.groupby(["config", "data set"])["ratio"].mean().unstack("data set")
    rows = []
    for c in [{"config": REFERENCE, **{k: np.nan for k in WEIGHTS}, "cost_stop": None}] + list(configs):
        sel = r[r["config"] == c["config"]]
        if sel.empty:
            continue
        rows.append({**c, "score": float(per_set.loc[c["config"], sets].mean()),
                     "score se": _se(by_seed.loc[c["config"]].to_numpy(float)),
                     "mean rank": float(sel.groupby("data set")["rank"].mean().mean()),
                     "cheaper than M2": float(sel["cheaper"].mean()),
                     **{s: float(per_set.loc[c["config"], s]) for s in sets},
                     "mean total cost": float(sel["total"].mean())})
    table = pd.DataFrame(rows)
    order = np.lexsort((np.arange(len(table)), table["score"].round(DECIMALS).to_numpy()))
    return table.iloc[order].reset_index(drop=True)


def select(table: pd.DataFrame) -> pd.Series:
    """The configuration (not M2) of the lowest score; ties (to DECIMALS) to the weights closest
    to equal weights, then cost_stop off, then the table's order."""
    cand = table[table["config"] != REFERENCE].reset_index(drop=True)
    if cand.empty:
        raise ValueError("no configuration to select")
    distance = np.sqrt(((cand[list(WEIGHTS)].to_numpy(float) - np.array(EQUAL)) ** 2).sum(axis=1))
    order = np.lexsort((np.arange(len(cand)), cand["cost_stop"].astype(bool).to_numpy(),
                        np.round(distance, DECIMALS), cand["score"].round(DECIMALS).to_numpy()))
    return cand.iloc[order[0]]


def recommendation(table: pd.DataFrame, chosen: pd.Series, runs: pd.DataFrame) -> pd.DataFrame:
    """The selected configuration beside the defaults, the defaults with cost_stop and M2, each
    with its score minus the selected one's and that difference's standard error (paired by seed)."""
    by_seed = seed_scores(runs)
    roles = (("selected", chosen["config"]), ("defaults", config_label(EQUAL, False)),
             ("defaults, cost_stop", config_label(EQUAL, True)), ("reference", REFERENCE))
    rows = []
    for role, label in roles:
        sel = table[table["config"] == label]
        if len(sel):
            diff = (by_seed.loc[label] - by_seed.loc[chosen["config"]]).to_numpy(float)
            rows.append({"role": role, **sel.iloc[0].to_dict(), "minus selected": float(diff.mean()),
                         "minus selected se": _se(diff)})
    return pd.DataFrame(rows)


def held_out_methods(chosen: pd.Series) -> tuple:
    return (("M3", "mincost", {}), ("M3, cost_stop", "mincost", {"cost_stop": True}),
            ("M3, tuned weights", "mincost", params_of(chosen)), (REFERENCE, "m2", {}))


def held_out(runs: pd.DataFrame, rates, methods) -> pd.DataFrame:
    """mincost.wide's table (hybrid) plus "vs M2": the mean ratio to M2 on the same split."""
    table = M.wide(runs, rates, [(label, STRATEGY) for label, _, _ in methods])
    r = ratios(runs[runs["strategy"] == STRATEGY].rename(columns={"method": "config"}))
    vs = r.groupby(["data set", "config"])["ratio"].mean()
    table["vs M2"] = [float(vs[(d, m)]) for d, m in zip(table["data set"], table["method"])]
    return table


def plots(tables: dict[str, pd.DataFrame]) -> list[LinePlot]:
    """Held-out average total cost against the missing rate (%), hybrid strategy, per data set."""
    return M.cost_plots(tables["mincost_weights_held_out"], "mincost_weights",
                        lambda dataset: _("M3 weights tuned elsewhere, {dataset} (held out, {strategy} "
                                          "strategy)").format(dataset=dataset, strategy=STRATEGY))


def run(out: Path, quick: bool = False, say=None, folder: Path | None = None, configs=None,
        held_out_sets=M.DATASETS, tuning_sets=TUNING) -> dict[str, pd.DataFrame]:
    """Tune on TUNING, check on Car and Mushroom; tables as CSV and one XLSX in `out`.
    Full: 10 seeds x 3 rates to tune, mincost's 20 x 6 held out; quick: 1 x 2 and 3 x 3.
    Units counted: one missing rate on one seed's split, tuning and held-out sets under one total."""
    say = reporter(say)
    out.mkdir(parents=True, exist_ok=True)
    configs = grid() if configs is None else list(configs)
    seeds, tuning_rates = (QUICK_SEEDS, QUICK_RATES) if quick else (SEEDS, RATES)
    rates = M.QUICK_RATES if quick else M.RATES
    held_out_seeds = M.QUICK_SEEDS if quick else M.SEEDS
    count = Count(say, len(tuning_sets) * seeds * len(tuning_rates) + len(held_out_sets) * held_out_seeds * len(rates))
    runs = tuning_runs(seeds, tuning_rates, configs, folder, say, tuning_sets, count)
    table = sweep(runs, configs)
    chosen = select(table)
    say(_("selected {config} (score {score}); checking it on the held-out sets").format(
        config=chosen["config"], score=format(chosen["score"], ".4f")))
    methods = held_out_methods(chosen)
    checked = M.experiment(held_out_seeds, rates, folder, say, held_out_sets, methods, (STRATEGY,), count)
    tables = {"mincost_weights_sweep": table,
              "mincost_weights_recommendation": recommendation(table, chosen, runs),
              "mincost_weights_held_out": held_out(checked, rates, methods)}
    save_tables(out, tables, "mincost_weights_tables", say)
    return tables
