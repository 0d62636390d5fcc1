"""`ruletree reproduce mincost_weights`: the grid, the score and the selection on hand-made records,
the held-out sets kept out of tuning, and a tiny run on small stand-in files."""

import numpy as np
import pandas as pd
import pytest

from engine.cli.reproduce import PAPERS, experiment
from engine.data.spec.settings import CostMatrix
from engine.reproduce import mincost as M
from engine.reproduce import mincost_weights as W


def test_registered():
    assert "mincost_weights" in PAPERS and experiment("mincost_weights") is W


def test_grid_is_the_whole_simplex_with_step_a_quarter():
    points = W.simplex()
    assert len(points) == 35 and len(set(points)) == 35
    assert all(abs(sum(p) - 1) < 1e-12 for p in points)
    assert all(w in (0, 0.25, 0.5, 0.75, 1) for p in points for w in p)
    assert {(1.0, 0, 0, 0), (0, 0, 0, 1.0), W.EQUAL} <= set(points)
    configs = W.grid()
    assert len(configs) == 70 and len({c["config"] for c in configs}) == 70
    assert [c["cost_stop"] for c in configs[:2]] == [False, True]
    assert len(W.simplex(0.5)) == 10


def test_recommended_constant_is_a_grid_point_and_mincosts_row():
    rec = M.RECOMMENDED
    assert tuple(rec[k] for k in W.WEIGHTS) in W.simplex() and isinstance(rec["cost_stop"], bool)
    assert ("M3, recommended weights", "mincost", rec) in M.METHODS


def test_held_out_sets_are_never_tuned_on():
    held = {f for _, f, _, _ in M.DATASETS}
    assert held == {"car_evaluation.csv", "mushroom.csv"}
    tuning = {f for _, f, _, _, _ in W.TUNING}
    assert len(tuning) == 5 and not tuning & held
    assert not {n for n, *_ in W.TUNING} & {n for n, *_ in M.DATASETS}


def test_tuning_cost_matrices_make_the_dangerous_error_dearer():
    mats = {name: (matrix(), nominal) for name, _, _, matrix, nominal in W.TUNING}
    # predicting benign / negative / good for a malignant / positive / bad case costs 800
    for name, (low, high) in {"Breast cancer": ("2", "4"), "Diabetes": ("0", "1"),
                              "German credit": ("1", "2")}.items():
        assert mats[name][0].as_array([low, high]).tolist() == [[0, 200], [800, 0]]
    assert mats["Balance"][0].as_array(["L", "B", "R"]).tolist() == [[0, 100, 200], [100, 0, 100], [200, 100, 0]]
    assert mats["Heart disease"][0].as_array(list("01234"))[4].tolist() == [400, 300, 200, 100, 0]


def records(table):
    """Long records from {config: {(data set, seed): total}} at one rate."""
    return pd.DataFrame([{"data set": s, "seed": seed, "rate": 0.1, "config": c, "total": v}
                         for c, cells in table.items() for (s, seed), v in cells.items()])


def configs(*items):
    return [{"config": W.config_label(w, stop), **dict(zip(W.WEIGHTS, w)), "cost_stop": stop} for w, stop in items]


A, B, C = (1.0, 0.0, 0.0, 0.0), (0.5, 0.5, 0.0, 0.0), W.EQUAL


def test_score_is_the_mean_over_sets_of_the_ratio_to_m2_and_the_best_is_selected():
    cs = configs((A, False), (B, True), (C, False))
    a, b, c = (x["config"] for x in cs)
    # set "x" has costs 10x those of "y": the raw mean would favour a (cheapest on x), the ratio b
    runs = records({"M2": {("x", 0): 1000, ("x", 1): 1000, ("y", 0): 10, ("y", 1): 10},
                    a: {("x", 0): 800, ("x", 1): 800, ("y", 0): 20, ("y", 1): 20},
                    b: {("x", 0): 900, ("x", 1): 1100, ("y", 0): 5, ("y", 1): 7},
                    c: {("x", 0): 2000, ("x", 1): 2000, ("y", 0): 10, ("y", 1): 10}})
    table = W.sweep(runs, cs)
    scores = dict(zip(table["config"], table["score"]))
    assert scores["M2"] == 1.0
    assert scores[a] == pytest.approx((0.8 + 2.0) / 2)
    assert scores[b] == pytest.approx((1.0 + 0.6) / 2)
    assert scores[c] == pytest.approx((2.0 + 1.0) / 2)
    assert list(table["config"]) == [b, "M2", a, c]
    assert table.loc[table["config"] == b, "cheaper than M2"].item() == pytest.approx(0.75)
    assert table.loc[table["config"] == a, "x"].item() == pytest.approx(0.8)
    assert W.select(table)["config"] == b
    # noise: the score per seed (x and y averaged), its spread over the seeds
    per_seed = {a: (1.4, 1.4), b: (0.7, 0.9), c: (1.5, 1.5)}
    for label, (s0, s1) in per_seed.items():
        assert table.loc[table["config"] == label, "score se"].item() == pytest.approx(abs(s1 - s0) / 2)
    rec = W.recommendation(table, W.select(table), runs)
    assert list(rec["role"]) == ["selected", "defaults", "reference"] and rec["config"].iloc[1] == c
    assert rec["minus selected"].tolist() == pytest.approx([0.0, 0.7, 0.2])
    assert rec["minus selected se"].tolist() == pytest.approx([0.0, 0.1, 0.1])


def test_selection_never_takes_m2_and_breaks_ties_towards_equal_weights():
    cs = configs((A, False), (B, True), (C, True), (C, False))
    runs = records({"M2": {("x", 0): 10}, **{x["config"]: {("x", 0): 12} for x in cs}})
    table = W.sweep(runs, cs)
    assert table["config"].iloc[0] == "M2"
    # all four tied: equal weights first, then cost_stop off
    assert W.select(table)["config"] == W.config_label(C, False)
    assert W.select(table[table["config"] != W.config_label(C, False)])["config"] == W.config_label(C, True)
    assert W.select(table[~table["config"].str.startswith("w = (0.25")])["config"] == W.config_label(B, True)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """Stand-ins for car_evaluation.csv and mushroom.csv (as in test_reproduce_mincost) and one
    small tuning set, tiny.csv."""
    out = tmp_path_factory.mktemp("mincost_weights")
    rng = np.random.default_rng(1)
    n = 90
    car = pd.DataFrame({"buying": rng.choice(["low", "med", "high", "vhigh"], n),
                        "safety": rng.choice(["low", "med", "high"], n)})
    score = car["safety"].map({"low": 0, "med": 1, "high": 2}) + rng.integers(0, 3, n)
    car["class"] = np.array(["unacc", "unacc", "acc", "good", "vgood"])[score]
    car.to_csv(out / "car_evaluation.csv", index=False)
    mush = pd.DataFrame({"odor": rng.choice(list("anlf"), n), "gill-size": rng.choice(list("bn"), n)})
    mush["class"] = np.where(mush["odor"].isin(list("lf")) ^ (rng.random(n) < 0.1), "p", "e")
    mush.to_csv(out / "mushroom.csv", index=False)
    tiny = pd.DataFrame({"a": rng.integers(1, 4, n), "b": rng.normal(size=n)})
    tiny["class"] = np.where(tiny["a"] + tiny["b"] + rng.normal(scale=0.5, size=n) > 2, "yes", "no")
    tiny.to_csv(out / "tiny.csv", index=False)
    return out


TINY = (("Tiny", "tiny.csv", "class", lambda: CostMatrix(["no", "yes"], [[0.0, 200.0], [800.0, 0.0]]), ("a",)),)


def test_split_runs_play_as_mincost_does(folder):
    """M2 and the default weights cost what mincost.split_costs says on the same split; a tree
    shared by several configurations is played once but recorded for each."""
    data, spec = W.load(*TINY[0], folder=folder)
    assert data.schema.attributes[0].categories is not None  # "a" read as nominal
    cs = configs((C, False), (C, False))
    got = W.split_runs(data, spec, 2, (0.3,), cs)
    assert [r["config"] for r in got] == ["M2", cs[0]["config"], cs[1]["config"]]
    want = M.split_costs(data, spec, 2, (0.3,), None, (("M2", "m2", {}), ("M3", "mincost", {})), ("hybrid",))
    assert got[0]["total"] == want[0]["total"] and got[1]["total"] == want[1]["total"] == got[2]["total"]


def test_tiny_run_writes_the_tables(folder, tmp_path):
    cs = configs((C, False), (A, True))
    tables = W.run(tmp_path, quick=True, say=lambda m: None, folder=folder, configs=cs, tuning_sets=TINY)
    assert list(tables) == ["mincost_weights_sweep", "mincost_weights_recommendation", "mincost_weights_held_out"]
    sweep = tables["mincost_weights_sweep"]
    assert list(sweep.columns) == ["config", "w1", "w2", "w3", "w4", "cost_stop", "score", "score se", "mean rank",
                                   "cheaper than M2", "Tiny", "mean total cost"]
    assert sorted(sweep["config"]) == sorted(["M2"] + [c["config"] for c in cs])
    assert (np.diff(sweep["score"].to_numpy()) >= -1e-12).all()
    chosen = W.select(sweep)
    rec = tables["mincost_weights_recommendation"]
    # the grid here has no "defaults, cost_stop" row
    assert list(rec["role"]) == ["selected", "defaults", "reference"]
    assert rec["config"].iloc[0] == chosen["config"] and rec["config"].iloc[-1] == "M2"

    held = tables["mincost_weights_held_out"]
    rates = [f"{r * 100:g} %" for r in M.QUICK_RATES]
    assert list(held.columns) == (["data set", "method", "strategy", "test cases"]
                                  + [c for r in rates for c in (r, f"{r} std")] + ["vs M2"])
    methods = ["M3", "M3, cost_stop", "M3, tuned weights", "M2"]
    assert list(held["data set"]) == ["Car"] * 4 + ["Mushroom"] * 4 and list(held["method"]) == methods * 2
    assert (held["strategy"] == "hybrid").all() and (held.loc[held["method"] == "M2", "vs M2"] == 1).all()
    assert (held[rates].to_numpy() >= 0).all()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{name}.csv" for name in tables] + ["mincost_weights_tables.xlsx"])
    plots = W.plots(tables)
    assert [p.name for p in plots] == ["mincost_weights_car", "mincost_weights_mushroom"]
    assert list(plots[0].series) == methods and plots[0].x == (10.0, 30.0, 50.0)
