"""`ruletree reproduce mincost` (seed 003's experiment, ALGORITHMS.md §4.6) on small stand-ins
for Car and Mushroom (the team's copies are not in CI); the claims' verdicts on hand-made frames."""

import numpy as np
import pandas as pd
import pytest

from engine.algorithms.registry import get, resolve_params
from engine.cli.reproduce import PAPERS, experiment
from engine.reproduce import mincost as M
from engine.strategies import STRATEGIES, simulate


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """car_evaluation.csv and mushroom.csv: the real files' names, target and classes, 150 and 160 rows."""
    out = tmp_path_factory.mktemp("mincost")
    rng = np.random.default_rng(0)
    n = 150
    car = pd.DataFrame({"buying": rng.choice(["low", "med", "high", "vhigh"], n),
                        "persons": rng.choice(["2", "4", "more"], n),
                        "safety": rng.choice(["low", "med", "high"], n)})
    score = (car["safety"].map({"low": 0, "med": 1, "high": 2}) + (car["persons"] != "2")
             + car["buying"].map({"vhigh": -1, "high": 0, "med": 0, "low": 1}) + rng.integers(0, 2, n))
    car["class"] = np.array(["unacc", "unacc", "acc", "good", "vgood", "vgood"])[np.clip(score, 0, 5)]
    car.to_csv(out / "car_evaluation.csv", index=False)
    m = 160
    mush = pd.DataFrame({"odor": rng.choice(list("anlfcy"), m), "gill-size": rng.choice(list("bn"), m),
                         "ring-type": rng.choice(list("pel"), m)})
    poison = mush["odor"].isin(list("fcy")) ^ (rng.random(m) < 0.1)
    mush["class"] = np.where(poison, "p", "e")
    mush.to_csv(out / "mushroom.csv", index=False)
    return out


def test_registered():
    assert "mincost" in PAPERS and experiment("mincost") is M


def test_quick_run_writes_tables_and_plots(folder, tmp_path):
    tables = M.run(tmp_path, quick=True, say=lambda m: None, folder=folder)
    assert list(tables) == ["mincost_total_cost", "mincost_strategies", "mincost_components", "mincost_paper_claims",
                            "mincost_optimal"]
    rates = [f"{r:g} %" for r in (10, 30, 50)]
    wide = ["data set", "method", "strategy", "test cases"] + [c for r in rates for c in (r, f"{r} std")]
    labels = [label for label, _, _ in M.METHODS]
    optimal = ["optimal, depth 2", "optimal, depth 3", "optimal, depth 4"]
    assert labels == ["M1", "M2", "M3", "M3, cost_stop", "M3, recommended weights"] + optimal
    assert M.METHODS[4] == ("M3, recommended weights", "mincost", M.RECOMMENDED)
    assert M.METHODS[5:] == tuple((f"optimal, depth {d}", "optimal", {"max_depth": d, "time_limit": 60.0})
                                  for d in (2, 3, 4))

    fractional = "M1, C4.5 missing values at test"
    main = tables["mincost_total_cost"]
    assert list(main.columns) == wide
    assert list(main["data set"]) == ["Car"] * 9 + ["Mushroom"] * 9
    assert list(main["method"]) == (labels + [fractional]) * 2
    assert list(main["strategy"]) == (["hybrid"] * 8 + ["sequential, fractional"]) * 2
    # 40 % of each class held out
    assert list(main["test cases"]) == [60.0] * 9 + [64.0] * 9
    assert (main[rates].to_numpy() >= 0).all() and (main[[f"{r} std" for r in rates]].to_numpy() >= 0).all()

    strategies = tables["mincost_strategies"]
    assert list(strategies.columns) == wide and len(strategies) == 2 * (8 * len(STRATEGIES) + 1)
    assert list(strategies["strategy"][:3]) == ["sequential", "batch", "hybrid"]
    keep = strategies["strategy"].isin(["hybrid", "sequential, fractional"])
    pd.testing.assert_frame_equal(strategies[keep].reset_index(drop=True), main)

    parts = tables["mincost_components"]
    assert list(parts.columns) == ["data set", "method", "strategy", "missing rate", "total cost", "test cost",
                                   "waiting cost", "misclassification cost", "leaves"]
    assert len(parts) == 2 * (8 * len(STRATEGIES) + 1) * 3
    assert np.allclose(parts["total cost"], parts["test cost"] + parts["waiting cost"]
                       + parts["misclassification cost"])
    hybrid = parts[parts["strategy"].isin(["hybrid", "sequential, fractional"])]
    assert np.allclose(hybrid["total cost"].to_numpy(), main[rates].to_numpy().ravel())
    # C4.5's missing values at test: the same tree as M1, the same leaves
    m1 = parts[parts["method"] == "M1"].groupby("missing rate", sort=False)["leaves"].first()
    frac = parts[parts["method"] == fractional].groupby("missing rate", sort=False)["leaves"].first()
    assert (m1 == frac).all()

    claims = tables["mincost_paper_claims"]
    assert list(claims["claim"]) == [f"M3 lowest average total cost at every missing rate on {s}"
                                     for s in ("Car", "Mushroom", "Car and Mushroom")]
    assert set(claims["holds"]) <= {"yes", "no"}
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{name}.csv" for name in tables] + ["mincost_tables.xlsx", "mincost_report.md"])
    # the one-page report: one row per claim, its verdict from the claim's "holds"
    report = (tmp_path / "mincost_report.md").read_text()
    assert report.startswith("# Seed 003") and "3 seeds" in report and "10 %, 30 %, 50 %" in report
    rows = [line.split(" | ") for line in report.splitlines() if line.startswith("| M3 lowest")]
    assert [(r[0][2:], r[2]) for r in rows] == [
        (c, {"yes": "agree", "no": "disagree"}[h]) for c, h in zip(claims["claim"], claims["holds"])]

    plots = M.plots(tables)
    assert [p.name for p in plots] == ["mincost_car", "mincost_mushroom"]
    assert plots[0].x == (10.0, 30.0, 50.0) and list(plots[0].series) == labels + [fractional]
    assert plots[1].series["M3"] == tuple(main.iloc[11][rates])


def test_same_seed_same_figures_and_costs_drawn_in_range(folder):
    data, spec = M.load(*M.DATASETS[1], folder=folder)
    def figures(runs):  # all but the optimal searches' wall-clock seconds
        return [{k: v for k, v in r.items() if k != "seconds"} for r in runs]

    a = M.split_costs(data, spec, 1, (0.2,))
    b = M.split_costs(data, spec, 1, (0.2,))
    assert figures(a) == figures(b) and len(a) == len(b) == 8 * len(STRATEGIES) + 1
    names = [attr.name for attr in data.schema.attributes]

    def drawn(seed):
        p = M.priced(spec, data, seed)
        return (np.array([p.attribute(n).test_cost for n in names]), np.array([p.attribute(n).wait_cost for n in names]),
                p)

    tc, wc, priced = drawn(1)
    # U[1, 100] and U[0, 50] per attribute: in range, a different value per attribute (not one
    # constant), the same again for the same seed and different for another seed
    assert ((tc >= 1) & (tc <= 100)).all() and ((wc >= 0) & (wc <= 50)).all()
    assert len(set(tc)) == len(names) and len(set(wc)) == len(names)
    assert (drawn(1)[0] == tc).all() and not np.allclose(drawn(2)[0], tc)
    # waiting is a cost (wait_cost), not a time; no prerequisites; the original spec untouched
    assert all(priced.attribute(n).wait_time == 0 and priced.attribute(n).prerequisite is None for n in names)
    assert all(spec.attribute(n).test_cost == 0 for n in names)
    # many draws fill the ranges: their means are near 50.5 and 25
    many = np.concatenate([drawn(seed)[0] for seed in range(60)])
    assert abs(many.mean() - 50.5) < 8 and many.min() < 15 and many.max() > 85
    assert not priced.batch_groups and priced.cost_per_time == 1.0
    assert spec.misclassification_costs.as_array(["e", "p"]).tolist() == [[0, 200], [800, 0]]


def test_fractional_costs_with_every_value_known_match_sequential(folder):
    """No value blanked: C4.5's routing and the sequential strategy ask the same tests and
    (M1's nodes labelled by least cost) give the same answers."""
    data, spec = M.load(*M.DATASETS[0], folder=folder)
    spec = M.priced(spec, data, 0)
    matrix = spec.misclassification_costs.as_array(list(data.classes))
    info = get("m1")
    tree = info.fit(data, spec, info.stage_params(resolve_params(info, {}, spec), "fit"))
    got = M.fractional_costs(tree, data.X, data.y, spec, matrix)
    played = simulate(tree, data.X, "sequential", spec=spec, cost_matrix=matrix, y=data.y).metrics()
    assert got["test"] == pytest.approx(played["avg_test_cost"])
    assert got["waiting"] == pytest.approx(played["avg_waiting_cost"])
    assert got["misclassification"] == pytest.approx(played["avg_misclassification_cost"])
    assert got["total"] == pytest.approx(played["avg_total_cost"])


def test_test_subsample_is_deterministic_and_stratified():
    y = np.repeat([0, 1], [600, 400])
    full = M.test_rows(y, 3, None)
    cut = M.test_rows(y, 3, 100)
    assert full.sum() == 400 and cut.sum() == 100
    assert (cut <= full).all() and np.array_equal(cut, M.test_rows(y, 3, 100))
    assert cut[y == 0].sum() == 60
    # the learners train on the 60 %, cut or not (not on the test rows the cut leaves out)
    train = M.train_rows(y, 3)
    assert len(train) == 600 and not full[train].any() and not cut[train].any()
    assert np.array_equal(np.sort(np.r_[train, np.flatnonzero(full)]), np.arange(len(y)))


def frame(car, mushroom):
    """Hand-made `mincost_total_cost`: per data set, M1 / M2 / M3 / M3 cost_stop means at 10 and 20 %."""
    rows = []
    for name, table in (("Car", car), ("Mushroom", mushroom)):
        for label, values in zip(("M1", "M2", "M3", "M3, cost_stop"), table):
            rows.append({"data set": name, "method": label, "strategy": "hybrid", "test cases": 10.0,
                         "10 %": values[0], "10 % std": 1.0, "20 %": values[1], "20 % std": 1.0})
    return pd.DataFrame(rows)


def test_claims_verdicts():
    good = M.paper_claims(frame([(5, 6), (4, 5), (3, 4), (9, 9)], [(5, 6), (4, 4), (4, 4), (1, 1)]))
    # a tie for the lowest counts for M3; the cost_stop row is not one of the paper's methods
    assert list(good["holds"]) == ["yes", "yes", "yes"]
    assert good["figures"][0] == "rates 10 % / 20 %: M1 5.0 / 6.0; M2 4.0 / 5.0; M3 3.0 / 4.0"
    bad = M.paper_claims(frame([(5, 6), (4, 3), (3, 4), (1, 1)], [(5, 6), (4, 5), (3, 4), (1, 1)]))
    assert list(bad["holds"]) == ["no", "yes", "no"]
    assert bad["figures"][0].endswith("M3 not lowest at 20 %: M2 3.0 < M3 4.0")
