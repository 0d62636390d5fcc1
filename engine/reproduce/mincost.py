"""Seed 003's experiment (ALGORITHMS.md §4.6, issue 15 item 5), rerun with our learners:
average total cost of M1, M2 and M3 against the share of values missing.

Car (1728 cases, 6 nominal attributes, classes unacc < acc < good < vgood) and Mushroom
(8124 cases, 22 nominal attributes, class e = edible / p = poisonous; its own 2480
missing stalk-root values stay missing), from ../shared/datasets or RULETREE_DATASETS
(`car_evaluation.csv`, `mushroom.csv`, target `class` in both).

Per seed s (0..19; --quick: 0..2) and data set:
- costs: per attribute TC ~ U[1, 100] and WC ~ U[0, 50] (drawn from
  default_rng([s, 3]); WC given as the attribute's situational waiting cost WCS with
  cost_per_time 1); no prerequisites, no batch groups, no budget; the same costs at
  every missing rate of the seed;
- cost matrices (§4.6, ours: the paper's tables were lost): Mushroom — predicting
  edible for a poisonous one 800, poisonous for an edible one 200; Car — 100·|i - j|
  over unacc < acc < good < vgood;
- one stratified 60/40 split (`stratified_holdout(y, 0.4, s)`), the same at every rate;
- MCAR at R = 10, 20, 30, 40, 50, 60 % (--quick: 10, 30, 50 %), training and test rows
  alike: each attribute value blanked independently with probability R
  (`engine.workflows.inject_missing(X, R, s)`, as `evaluate --missing-rate`; for one seed
  the cells blanked at a lower rate are also blanked at every higher one);
- learners: M1 (`m1`: C4.5 gain ratio, C4.5's fractional missing values in training,
  minimum-cost labels), M2 (`m2`), M3 (`mincost`, default weights 0.25 each) and, beyond
  the paper's figure, M3 with `cost_stop` (§4.6's option) in a row of its own, and M3 with
  the weights and cost_stop `RECOMMENDED` by `reproduce mincost_weights` (tuned on five
  other data sets, never on Car or Mushroom) in another; and (issue 40) the optimal cost-aware
  tree of depth <= 2, 3, 4 (`optimal`, its default objective, OPTIMAL_TIME_LIMIT seconds at
  most) in three more, their training objective, gap and search time kept beside their costs;
- each tree played on the test rows under the sequential, batch and hybrid strategies
  (engine.strategies.simulate): a value blanked in the test row cannot be obtained and the
  case stops at that internal node (§4.4) — for every learner, M1 included, so the three
  are compared under one test-time rule; average total cost per case = MC + TC + WC paid;
- beyond that, M1 with C4.5's own missing values at test too (row "M1, C4.5 missing
  values at test", strategy "sequential, fractional"): a case whose value is blanked goes
  down every branch, weighted (`predict(..., "fractional")`); it pays TC + WC of every
  attribute it shows on the way (every node it reaches with weight whose value it has; no
  prerequisites or batch groups here) and takes the class of least expected cost under
  the class distribution reached.

Tables: `mincost_total_cost` (the paper's figure: each learner under the hybrid
strategy, mean ± sample std over the seeds per rate), `mincost_strategies` (each learner
under each strategy), `mincost_components` (long: test, waiting and misclassification
cost, leaves), `mincost_paper_claims` ("M3 lowest average total cost at every missing
rate", on each set and on both), `mincost_optimal` (issue 40's acceptance: the depth-4 optimum
against the cheapest of M1 / M2 / M3 per rate, hybrid). Plots: one per data set, average total cost against the
missing rate (hybrid).

Test subsample (Mushroom only): playing all 3250 Mushroom test cases under the hybrid
strategy for 4 learners x 6 rates x 20 seeds took over 10 minutes for Mushroom alone
(70-80 s a seed, measured with other jobs on the machine), so Mushroom's test set is cut
to MUSHROOM_TEST_CASES = 1000 cases per
split by a seeded stratified draw (`test_rows`: the 40 % test rows, then
stratified_holdout(y_test, 1000 / n_test, seed + 7919)); the learners still train on the
full 60 %. Car's 692 test cases are all played. The tables give the "test cases" per data
set. With the cut the full run took 5 min 43 s with the five learners (Car about 1.3 min,
Mushroom about 13 s a seed; another job shared the two cores); --quick about a minute. With
the three optimal rows it took 38 min on the two cores shared with several other jobs (load 8-10;
Mushroom's depth-4 searches 5-8 s each there, about 1 s alone); --quick 4.5 min.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..algorithms.registry import get, resolve_params
from ..costs import CostModel
from ..data import read_table
from ..data.encode import EncodedData, encode
from ..data.spec import ProblemSpec
from ..data.spec.settings import CostMatrix
from ..evaluate import stratified_holdout
from ..i18n import _
from ..plot import LinePlot
from ..strategies import STRATEGIES, simulate
from ..tree.predict import predict
from ..workflows import inject_missing
from . import Count, Progress, report, reporter, save_tables  # noqa: F401 (Progress: as before, for callers)
from .facmi import datasets_dir
from .report import claim_row, claims_table

#: (name, file, target, cost matrix given the file's classes)
DATASETS = (
    ("Car", "car_evaluation.csv", "class",
     lambda: CostMatrix.absolute_difference(["unacc", "acc", "good", "vgood"], 100.0)),
    ("Mushroom", "mushroom.csv", "class",
     lambda: CostMatrix(["e", "p"], [[0.0, 200.0], [800.0, 0.0]])),
)
#: M3's weights and cost_stop as `ruletree reproduce mincost_weights` selects them: tuned on
#: five other data sets, never on Car or Mushroom (engine/reproduce/mincost_weights.py; there
#: too why cost_stop matters far more than the weights)
RECOMMENDED = {"w1": 0.25, "w2": 0.5, "w3": 0.25, "w4": 0.0, "cost_stop": True}
#: issue 40's rows: the optimal cost-aware tree (learner `optimal`, its default objective:
#: the cost matrix + each case's test and waiting cost on its path, λ = 0, one case a leaf)
#: of depth <= 2, 3, 4; each search stops after OPTIMAL_TIME_LIMIT seconds with its best tree
#: and its gap (none came near it: the longest, Mushroom at depth 4, took about a second)
OPTIMAL_DEPTHS = (2, 3, 4)
OPTIMAL_TIME_LIMIT = 60.0
OPTIMAL_METHODS = tuple((f"optimal, depth {d}", "optimal", {"max_depth": d, "time_limit": OPTIMAL_TIME_LIMIT})
                        for d in OPTIMAL_DEPTHS)
#: the row the acceptance reads: the optimum over every tree of depth <= 4
OPTIMAL_MAIN = f"optimal, depth {max(OPTIMAL_DEPTHS)}"
#: (label, learner, parameters); the first three are the paper's
METHODS = (("M1", "m1", {}), ("M2", "m2", {}), ("M3", "mincost", {}),
           ("M3, cost_stop", "mincost", {"cost_stop": True}),
           ("M3, recommended weights", "mincost", RECOMMENDED)) + OPTIMAL_METHODS
PAPER_METHODS = ("M1", "M2", "M3")
MAIN_STRATEGY = "hybrid"
#: M1 with C4.5's fractional missing values at test (module docstring): (label, strategy)
M1_FRACTIONAL = ("M1, C4.5 missing values at test", "sequential, fractional")
RATES, QUICK_RATES = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6), (0.1, 0.3, 0.5)
SEEDS, QUICK_SEEDS = 20, 3
TEST_SHARE = 0.4
TC_RANGE, WC_RANGE = (1.0, 100.0), (0.0, 50.0)
#: Mushroom's test rows played per split (None: all); see the module docstring
MUSHROOM_TEST_CASES: int | None = 1000


def rate_column(rate: float) -> str:
    return f"{rate * 100:g} %"


def std_column(rate: float) -> str:
    return f"{rate * 100:g} % std"


def load(name: str, file: str, target: str, matrix, folder: Path | None = None) -> tuple[EncodedData, ProblemSpec]:
    folder = folder or datasets_dir()
    table = read_table(folder / file)
    spec = ProblemSpec(target=target)
    spec.misclassification_costs = matrix()
    return encode(table, spec), spec


def priced(spec: ProblemSpec, data: EncodedData, seed: int) -> ProblemSpec:
    """The problem with this seed's test and waiting cost per attribute (module docstring)."""
    out = spec.copy()
    rng = np.random.default_rng([seed, 3])
    out.cost_per_time = 1.0
    for a in data.schema.attributes:
        out.set_attribute(a.name, test_cost=float(rng.uniform(*TC_RANGE)), wait_cost=float(rng.uniform(*WC_RANGE)),
                          wait_time=0.0, prerequisite=None)
    return out


def train_rows(y: np.ndarray, seed: int) -> np.ndarray:
    """The training rows of the 60/40 split: the 60 %, whether or not the test set is cut."""
    return np.flatnonzero(~stratified_holdout(y, TEST_SHARE, seed))


def test_rows(y: np.ndarray, seed: int, limit: int | None) -> np.ndarray:
    """The test mask of the 60/40 split, cut to `limit` cases by a seeded stratified draw (None: all)."""
    test = stratified_holdout(y, TEST_SHARE, seed)
    if limit is not None and test.sum() > limit:
        idx = np.flatnonzero(test)
        keep = stratified_holdout(y[idx], limit / len(idx), seed + 7919)
        test = np.zeros(len(y), bool)
        test[idx[keep]] = True
    return test


def split_costs(data: EncodedData, spec: ProblemSpec, seed: int, rates, limit: int | None = None,
                methods=METHODS, strategies=STRATEGIES, step=None) -> list[dict]:
    """One record per (rate, method, strategy) on one seed's split: the average costs paid
    (`methods`: (label, learner, parameters) triples; M1's fractional row only when "M1" is one).
    `step(message)`, if given, after each rate."""
    spec = priced(spec, data, seed)
    matrix = spec.misclassification_costs.as_array(list(data.classes))
    test = test_rows(data.y, seed, limit)
    # not ~test: the test rows left out by the cut are not played, nor trained on
    train_idx = train_rows(data.y, seed)
    out = []
    for rate in rates:
        X = inject_missing(data.X, rate, seed)
        train = EncodedData(X[train_idx], data.y[train_idx], data.w[train_idx], data.schema, data.rows[train_idx])
        X_test, y_test = X[test], data.y[test]
        for label, name, params in methods:
            info = get(name)
            tree = info.fit(train, spec, info.stage_params(resolve_params(info, params, spec), "fit"))
            search = optimal_info(tree, len(train_idx))
            for strategy in strategies:
                m = simulate(tree, X_test, strategy, spec=spec, cost_matrix=matrix, y=y_test).metrics()
                out.append({"rate": rate, "method": label, "strategy": strategy, "seed": seed,
                            "total": float(m["avg_total_cost"]), "test": float(m["avg_test_cost"]),
                            "waiting": float(m["avg_waiting_cost"]),
                            "misclassification": float(m["avg_misclassification_cost"]),
                            "leaves": float(tree.n_leaves), "test cases": int(test.sum()), **search})
            if label == "M1":
                m = fractional_costs(tree, X_test, y_test, spec, matrix)
                out.append({"rate": rate, "method": M1_FRACTIONAL[0], "strategy": M1_FRACTIONAL[1], "seed": seed,
                            **m, "leaves": float(tree.n_leaves), "test cases": int(test.sum())})
        if step is not None:
            step(_("seed {k}, {rate} missing").format(k=seed + 1, rate=format(rate, ".0%")))
    return out


def optimal_info(tree, n_train: int) -> dict:
    """An optimal tree's search figures (engine.algorithms.optimal: tree.info): the training
    objective per training case, the gap, whether the search finished, its seconds; {} for
    another learner's tree."""
    info = getattr(tree, "info", None)
    if not isinstance(info, dict) or "optimal" not in info:
        return {}
    return {"objective": float(info["objective"]) / max(n_train, 1), "gap": float(info["gap"]),
            "finished": float(bool(info["optimal"])), "seconds": float(info.get("seconds", float("nan")))}


def fractional_costs(tree, X: np.ndarray, y: np.ndarray, spec: ProblemSpec, matrix: np.ndarray) -> dict:
    """Average costs of C4.5's missing values at test (module docstring): TC + WC of every
    attribute a case shows on its weighted way down, MC of the least-expected-cost class."""
    p = predict(tree, X, "fractional")
    costs = CostModel.from_spec(spec, tree.schema.names)
    tables = costs.arrays()
    tc, wc = tables.tc, tables.wc0  # TC and WC₀ = cpt·WCT + WCS of each attribute, each paid in full
    used = p.used.astype(np.float64)
    reached = p.scores.sum(axis=1) > 0
    labels = np.where(reached, np.argmin(p.scores @ matrix, axis=1), p.labels)
    mc = matrix[y, labels]
    test, waiting = used @ tc, used @ wc
    return {"total": float((test + waiting + mc).mean()), "test": float(test.mean()),
            "waiting": float(waiting.mean()), "misclassification": float(mc.mean())}


def experiment(seeds: int, rates, folder: Path | None = None, say=None, datasets=DATASETS, methods=METHODS,
               strategies=STRATEGIES, count: Count | None = None) -> pd.DataFrame:
    """Every record of every data set and seed (long). Units counted: one missing rate on one
    seed's split of one data set, every method fitted and played on it."""
    say = reporter(say)
    count = count or Count(say, len(datasets) * seeds * len(rates))
    records = []
    for name, file, target, matrix in datasets:
        data, spec = load(name, file, target, matrix, folder)
        limit = MUSHROOM_TEST_CASES if name == "Mushroom" else None
        if limit is not None and stratified_holdout(data.y, TEST_SHARE, 0).sum() > limit:
            say(_("{name}: the test set of each split is cut to {limit} cases (seeded, stratified) "
                  "to keep the hybrid strategy's run short").format(name=name, limit=limit))
        for seed in range(seeds):
            runs = split_costs(data, spec, seed, rates, limit, methods, strategies,
                               step=lambda message, name=name: count(f"{name}: {message}"))
            for r in runs:
                r["data set"] = name
            records += runs
            m3 = [r["total"] for r in runs if r["method"] == "M3" and r["strategy"] == MAIN_STRATEGY]
            say(_("{name}: seed {k} of {n}").format(name=name, k=seed + 1, n=seeds)
                + (", M3 (hybrid) " + " / ".join(f"{v:.1f}" for v in m3) if m3 else ""))
    return pd.DataFrame(records)


def _std(values) -> float:
    return float(np.std(values, ddof=1)) if len(values) > 1 else float("nan")


def wide(runs: pd.DataFrame, rates, pairs) -> pd.DataFrame:
    """data set, method, strategy, test cases, then per rate the mean total cost and its std;
    one row per data set and (method, strategy) of `pairs`."""
    rows = []
    for dataset in dict.fromkeys(runs["data set"]):
        for label, strategy in pairs:
            sel = runs[(runs["data set"] == dataset) & (runs["method"] == label) & (runs["strategy"] == strategy)]
            row = {"data set": dataset, "method": label, "strategy": strategy,
                   "test cases": float(sel["test cases"].mean())}
            for rate in rates:
                v = sel.loc[np.isclose(sel["rate"], rate), "total"].to_numpy()
                row[rate_column(rate)] = float(v.mean()) if len(v) else float("nan")
                row[std_column(rate)] = _std(v)
            rows.append(row)
    return pd.DataFrame(rows)


def components(runs: pd.DataFrame) -> pd.DataFrame:
    """Mean test, waiting and misclassification cost and leaves per data set, method, strategy and rate."""
    keys = ["data set", "method", "strategy", "rate"]
    order = {label: i for i, label in enumerate([m[0] for m in METHODS] + [M1_FRACTIONAL[0]])}
    g = runs.groupby(keys, sort=False)[["total", "test", "waiting", "misclassification", "leaves"]].mean().reset_index()
    g = g.sort_values(["data set", "method", "strategy", "rate"],
                      key=lambda c: c.map(order) if c.name == "method" else c, kind="stable")
    g["rate"] = g["rate"].map(rate_column)
    return g.rename(columns={"rate": "missing rate", "total": "total cost", "test": "test cost",
                             "waiting": "waiting cost", "misclassification": "misclassification cost"}
                    ).reset_index(drop=True)


def optimal_table(runs: pd.DataFrame, rates) -> pd.DataFrame:
    """Issue 40's acceptance, per data set and missing rate (hybrid strategy, means over the
    seeds): each optimal row's average total cost on the held-out cases, the cheapest of M1 / M2
    / M3 there, whether the depth-4 optimum pays no more than it ("holds"), and the depth-4
    searches' figures: training objective per training case, worst gap, share finished, the
    longest search (s)."""
    hybrid = runs[runs["strategy"] == MAIN_STRATEGY]
    rows = []
    for dataset in dict.fromkeys(runs["data set"]):
        for rate in rates:
            sel = hybrid[(hybrid["data set"] == dataset) & np.isclose(hybrid["rate"], rate)]
            mean = sel.groupby("method", sort=False)["total"].mean()
            if OPTIMAL_MAIN not in mean or not all(m in mean for m in PAPER_METHODS):
                continue
            best = min(PAPER_METHODS, key=lambda m: float(mean[m]))
            deep = sel[sel["method"] == OPTIMAL_MAIN]
            row = {"data set": dataset, "missing rate": rate_column(rate)}
            for label, _name, _params in OPTIMAL_METHODS:
                row[label] = float(mean.get(label, float("nan")))
            row.update({"cheapest of M1, M2, M3": best, "its cost": float(mean[best]),
                        "holds": "yes" if float(mean[OPTIMAL_MAIN]) <= float(mean[best]) + 1e-9 else "no",
                        "training objective": float(deep["objective"].mean()),
                        "worst gap": float(deep["gap"].max()), "finished": float(deep["finished"].mean()),
                        "longest search (s)": float(deep["seconds"].max())})
            rows.append(row)
    return pd.DataFrame(rows)


def rates_of(table: pd.DataFrame) -> list[str]:
    return [c for c in table.columns if c.endswith(" %")]


def paper_claims(table: pd.DataFrame) -> pd.DataFrame:
    """"M3 lowest average total cost at every missing rate" (among M1, M2, M3, hybrid strategy)
    on each data set of `table` (the `mincost_total_cost` frame) and on all of them; a tie
    for the lowest counts for M3."""
    rates = rates_of(table)
    out, every = [], True
    sets = list(dict.fromkeys(table["data set"]))
    for dataset in sets:
        sub = table[(table["data set"] == dataset) & table["method"].isin(PAPER_METHODS)]
        if "strategy" in sub:
            sub = sub[sub["strategy"] == MAIN_STRATEGY]
        means = {r["method"]: r for _, r in sub.iterrows()}
        lost = []
        for rate in rates:
            best = min(PAPER_METHODS, key=lambda m: float(means[m][rate]))
            if float(means["M3"][rate]) > float(means[best][rate]) + 1e-9:
                lost.append(f"{rate}: {best} {float(means[best][rate]):.1f} < M3 {float(means['M3'][rate]):.1f}")
        every &= not lost
        figures = "; ".join(f"{m} " + " / ".join(f"{float(means[m][rate]):.1f}" for rate in rates)
                            for m in PAPER_METHODS)
        out.append({"claim": f"M3 lowest average total cost at every missing rate on {dataset}",
                    "holds": "yes" if not lost else "no",
                    "figures": f"rates {' / '.join(rates)}: {figures}"
                               + (f"; M3 not lowest at {', '.join(lost)}" if lost else "")})
    out.append({"claim": f"M3 lowest average total cost at every missing rate on {' and '.join(sets)}",
                "holds": "yes" if every else "no", "figures": "both rows above" if len(sets) == 2 else "rows above"})
    return pd.DataFrame(out)


def plots(tables: dict[str, pd.DataFrame]) -> list[LinePlot]:
    """The paper's two figures: average total cost against the missing rate (%), hybrid strategy."""
    return cost_plots(tables["mincost_total_cost"], "mincost",
                      lambda dataset: _("Seed 003, {dataset}: average total cost ({strategy} strategy)").format(
                          dataset=dataset, strategy=MAIN_STRATEGY))


def cost_plots(table: pd.DataFrame, prefix: str, title) -> list[LinePlot]:
    """One plot per data set of a `wide` table: each method's cost against the missing rate (%)."""
    rates = rates_of(table)
    x = tuple(float(r.split()[0]) for r in rates)
    out = []
    for dataset in dict.fromkeys(table["data set"]):
        sub = table[table["data set"] == dataset]
        series = {r["method"]: tuple(float(r[c]) for c in rates) for _k, r in sub.iterrows()}
        out.append(LinePlot(f"{prefix}_{dataset.lower()}", title(dataset), _("missing rate (%)"),
                            _("average total cost"), x, series))
    return out


def run(out: Path, quick: bool = False, say=None, folder: Path | None = None) -> dict[str, pd.DataFrame]:
    """The experiment; tables as CSV and one XLSX in `out`, the claims as
    `out/mincost_report.md`. Full: 20 seeds x 6 rates; quick: 3 x 3."""
    say = reporter(say)
    out.mkdir(parents=True, exist_ok=True)
    rates = QUICK_RATES if quick else RATES
    runs = experiment(QUICK_SEEDS if quick else SEEDS, rates, folder, say)
    main = wide(runs, rates, [(label, MAIN_STRATEGY) for label, _, _ in METHODS] + [M1_FRACTIONAL])
    every = [(label, strategy) for label, _, _ in METHODS for strategy in STRATEGIES] + [M1_FRACTIONAL]
    tables = {"mincost_total_cost": main,
              "mincost_strategies": wide(runs, rates, every),
              "mincost_components": components(runs),
              "mincost_paper_claims": paper_claims(main),
              "mincost_optimal": optimal_table(runs, rates)}
    write_report(out / "mincost_report.md", tables, QUICK_SEEDS if quick else SEEDS)
    say(_("report written to {path}").format(path=out / "mincost_report.md"))
    save_tables(out, tables, "mincost_tables", say)
    return tables


def report_rows(tables: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """`mincost_paper_claims` as the report's rows: the claim, our figure (M3's cost and the
    cheapest of M1 / M2 per rate), agree / disagree (from its "holds"), why. No tie: the table
    holds means and stds over the seeds, no paired test."""
    main = tables["mincost_total_cost"]
    main = main[(main["strategy"] == MAIN_STRATEGY) & main["method"].isin(PAPER_METHODS)]
    rates = rates_of(main)
    sets = list(dict.fromkeys(main["data set"]))
    rows, won = [], []
    for _row, claim in tables["mincost_paper_claims"].iterrows():
        text, holds = str(claim["claim"]), claim["holds"]
        dataset = next((d for d in sets if text.endswith(f" on {d}")), None)
        if dataset is None:  # the claim on every set
            figure = f"M3 lowest at every rate on {len(won)} of {len(sets)} data sets"
            why = (f"M3 is the cheapest of M1, M2, M3 at every missing rate on {len(won)} of {len(sets)} data sets"
                   + (f" ({', '.join(won)})" if won else "") + ".")
        else:
            cost = {r["method"]: [float(r[c]) for c in rates] for _, r in main[main["data set"] == dataset].iterrows()}
            best = [min((m for m in PAPER_METHODS if m != "M3"), key=lambda m, i=i: cost[m][i])
                    for i in range(len(rates))]
            figure = (f"rates {' / '.join(rates)}: M3 " + " / ".join(f"{v:.1f}" for v in cost["M3"])
                      + "; cheapest of M1, M2: " + " / ".join(f"{b} {cost[b][i]:.1f}" for i, b in enumerate(best)))
            lost = [f"{rate} ({best[i]} {cost[best[i]][i]:.1f} < M3 {cost['M3'][i]:.1f})"
                    for i, rate in enumerate(rates) if cost["M3"][i] > cost[best[i]][i] + 1e-9]
            if not lost:
                won.append(dataset)
            why = (f"On {dataset} M3 pays at most what M1 and M2 pay at all {len(rates)} rates." if not lost else
                   f"On {dataset} M3 is not the cheapest at {len(lost)} of {len(rates)} rates: {', '.join(lost)}.")
        rows.append(claim_row(text, figure, holds, why))
    return claims_table(rows)


def write_report(path: Path, tables: dict[str, pd.DataFrame], seeds: int) -> Path:
    """The one-page report (engine.reproduce.report): the paper's claims, our figures, verdicts."""
    rates = rates_of(tables["mincost_total_cost"])
    sets = list(dict.fromkeys(tables["mincost_total_cost"]["data set"]))
    protocol = (
        f"Data sets: {', '.join(sets)}. {seeds} seeds, each with its own test costs (TC ~ U[1, 100], "
        f"WC ~ U[0, 50] per attribute) and one stratified 60/40 split; values missing completely at random at "
        f"{', '.join(rates)} in training and test rows alike; M1, M2, M3 (default weights) played under the "
        f"{MAIN_STRATEGY} strategy; figures are the mean average total cost per test case over the seeds "
        "(the cost matrices are ours: the paper's were lost). Verdicts: agree where M3's mean is the lowest of "
        "the three at every rate, disagree where it is not (means only, no paired test: no tie).")
    sections = [(None, report_rows(tables))]
    if "mincost_optimal" in tables and len(tables["mincost_optimal"]):
        sections.append(("Beyond the paper: the optimal tree of depth <= 4 (issue 40)",
                         optimal_rows(tables["mincost_optimal"])))
    return report.write(path, "Seed 003 (minimum-cost trees M1, M2, M3) against its paper", protocol, sections)


def optimal_rows(table: pd.DataFrame) -> pd.DataFrame:
    """Issue 40's acceptance per data set as the report's rows: the depth-4 optimum's held-out
    cost (hybrid) against the cheapest of M1 / M2 / M3 at every rate, from `optimal_table`."""
    rows = []
    for dataset in dict.fromkeys(table["data set"]):
        sub = table[table["data set"] == dataset]
        rates = list(sub["missing rate"])
        figure = (f"rates {' / '.join(rates)}: {OPTIMAL_MAIN} " + " / ".join(f"{v:.1f}" for v in sub[OPTIMAL_MAIN])
                  + "; cheapest of M1, M2, M3: " + " / ".join(f"{m} {v:.1f}" for m, v in
                                                              zip(sub["cheapest of M1, M2, M3"], sub["its cost"])))
        lost = [f"{r['missing rate']} ({r['cheapest of M1, M2, M3']} {r['its cost']:.1f} < {r[OPTIMAL_MAIN]:.1f})"
                for _k, r in sub.iterrows() if r["holds"] != "yes"]
        gap = float(sub["worst gap"].max())
        why = ((f"On {dataset} the depth-4 optimum pays at most the cheapest of M1, M2, M3 at all {len(rates)} rates"
                if not lost else f"On {dataset} the depth-4 optimum pays more at {len(lost)} of {len(rates)} rates: "
                + ", ".join(lost)) + f"; every search {'finished' if gap == 0 else f'left a gap up to {gap:.1%}'}"
               + f" (longest {float(sub['longest search (s)'].max()):.1f} s).")
        rows.append(claim_row(f"The optimal tree of depth <= 4 pays no more than the cheapest of M1, M2, M3 "
                              f"on {dataset}", figure, "yes" if not lost else "no", why))
    return claims_table(rows)
