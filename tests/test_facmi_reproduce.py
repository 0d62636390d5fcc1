"""`ruletree reproduce facmi` on the paper's protocol (issue 21): the paper's sets, directions
from each training fold, both CARTs, median leaves, paired differences with standard errors,
the claim check, the §4.3.1 learning curves and the held-out choice of FACMI's readings."""

import numpy as np
import pandas as pd
import pytest

from engine import cli
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.reproduce import facmi as F
from engine.reproduce import facmi_common as C
from engine.reproduce import facmi_choice as E
from engine.reproduce import facmi_curves as D


def test_the_papers_sets_and_the_others_labelled():
    assert set(F.IN_PAPER) == {"car", "balance", "breast", "wine quality", "diabetes", "wine"}
    assert set(F.REAL) - set(F.IN_PAPER) == {"era", "esl", "lev", "swd"}
    assert F.REAL["diabetes"][0] == "pima_indians_diabetes.csv" and F.REAL["wine"][0] == "wine.csv"
    # the paper's own per-set statements, with and without preprocessing
    assert F.CLAIMS[("car", "yes")] == F.CLAIMS[("balance", "yes")] == "clearly lowest"
    assert F.CLAIMS[("breast", "yes")] == F.CLAIMS[("wine quality", "yes")] == "not lowest"
    assert F.CLAIMS[("wine", "no")] == "not lowest" and F.CLAIMS[("breast", "no")] == "lowest"
    assert F.VARIANTS["cart min10"] == ("cart", {"prune": "none", "min_samples_split": 10})
    assert all(F.VARIANTS[m][1] == {"leaf": "median"} for m in F.MEDIAN_VARIANTS)


def _toy(n=200, seed=0):
    rng = np.random.default_rng(seed)
    a, b = rng.random(n), rng.random(n)
    y = np.clip((2 * a - b + 1 + rng.normal(scale=0.2, size=n)).astype(np.int64), 0, 2)
    schema = DataSchema("class", ["0", "1", "2"], True, [AttributeSchema("up", "numeric"),
                                                        AttributeSchema("down", "numeric")])
    return EncodedData(np.column_stack([a, b]), y, np.ones(n), schema, np.arange(n))


def test_spearman_directions_are_set_on_a_copy():
    data = _toy()
    turned = F.spearman_directions(data)
    assert [a.monotone for a in turned.schema.attributes] == [1, -1]
    assert [a.monotone for a in data.schema.attributes] == [0, 0]  # the caller's schema untouched


def test_directions_come_from_the_training_fold_only(monkeypatch):
    data = _toy()
    seen = []
    real = C.spearman_directions

    def spy(train):
        seen.append(set(train.rows.tolist()))
        return real(train)

    monkeypatch.setattr(C, "spearman_directions", spy)  # where fold_scores (engine.reproduce.facmi_common) finds it
    fold, _ = C.stratified_folds(data.y, 5, 3)
    scores, n_test, n_train = F.fold_scores(data, ("facmi", "ie"), 5, 3, per_fold_directions=True)
    assert [set(np.flatnonzero(fold != k).tolist()) for k in range(5)] == seen  # never a test case
    assert len(scores["facmi"]) == 5 and sum(n_test) == 200 and n_train == [200 - t for t in n_test]
    F.fold_scores(data, ("facmi",), 5, 3, per_fold_directions=False)
    assert len(seen) == 5


def test_paired_difference_by_hand():
    """d = (0.1, 0.2, 0.3, 0.2, 0.2): mean 0.2, sample variance 0.005; corrected SE with
    n_test/n_train = 1/4: sqrt((1/5 + 1/4) 0.005) = 0.047434; t = 4.2164, 4 df, p = 0.01354."""
    ref = np.array([0.3, 0.2, 0.4, 0.5, 0.1])
    p = F.paired(ref + [0.1, 0.2, 0.3, 0.2, 0.2], ref, 0.25)
    assert p["difference"] == pytest.approx(0.2)
    assert p["se"] == pytest.approx(0.0474342, abs=1e-6)
    assert p["p"] == pytest.approx(0.01354, abs=2e-4)
    assert p["verdict"] == "better"  # the reference is lower
    noisy = F.paired(ref + [0.1, -0.2, 0.3, -0.1, 0.0], ref, 0.25)
    assert noisy["verdict"] == "tie" and noisy["difference"] == pytest.approx(0.02)
    assert F.paired(ref - 0.05 + [0.001, -0.001, 0, 0.002, -0.002], ref, 0.25)["verdict"] == "worse"


def _entry(facmi, **others):
    return {"scores": {"facmi": list(facmi), **{k: list(v) for k, v in others.items()}}, "ratio": 0.25}


def test_claim_verdicts():
    base = np.array([0.30, 0.32, 0.29, 0.31, 0.30, 0.33, 0.28, 0.30, 0.31, 0.29])
    jitter = np.array([0.001, -0.001, 0.002, 0.0, -0.002, 0.001, 0.0, -0.001, 0.002, -0.002])
    clear = _entry(base, cart=base + 0.05 + jitter, rt=base + 0.04 - jitter)
    st = F.facmi_status(clear, ("facmi", "cart", "rt"))
    assert st["lowest mean"] and st["significantly above FACMI"] == ["cart", "rt"]
    assert F.claim_verdict("clearly lowest", st)[0] == "agree"
    assert F.claim_verdict("not lowest", st)[0] == "disagree"
    beaten = F.facmi_status(_entry(base, cart=base - 0.05 + jitter, rt=base + 0.04), ("facmi", "cart", "rt"))
    verdict, why = F.claim_verdict("lowest", beaten)
    assert verdict == "disagree" and "significantly lower than FACMI: cart" in why
    assert F.claim_verdict("not lowest", beaten)[0] == "agree"
    noise = np.array([0.05, -0.04, 0.03, -0.05, 0.04, -0.03, 0.05, -0.04, 0.02, -0.02])
    tied = F.facmi_status(_entry(base, cart=base + 0.005 + noise, rt=base + 0.04 + jitter), ("facmi", "cart", "rt"))
    verdict, why = F.claim_verdict("clearly lowest", tied)
    assert verdict == "tie" and why.endswith("within noise of FACMI: cart")  # rt is significantly above
    assert F.claim_verdict("not in the paper", tied)[0] == "-"


def test_differences_pair_every_learner_with_its_facmi():
    base = np.linspace(0.2, 0.3, 10)
    scores = {("x", "yes"): _entry(base, cart=base + 0.1, **{"facmi median": base - 0.01,
                                                               "ie median": base + 0.02})}
    d = F.differences(scores)
    assert list(d["learner"]) == ["cart", "ie median"]
    assert list(d["reference"]) == ["facmi", "facmi median"]
    np.testing.assert_allclose(d["minus reference"], [0.1, 0.03])
    assert list(d["verdict"]) == ["FACMI lower", "FACMI lower"]  # constant differences: significant


def test_real_data_rows_carry_both_carts_and_median_leaves(datasets):
    scores = {}
    c = F.experiment_c(1, names=("diabetes",), folder=datasets, say=F.Progress(quiet=True),
                       variants=("facmi", "cart", "cart min10", "facmi median"), scores=scores)
    row = c.iloc[0]
    assert row["cart"] != row["cart min10"]  # Matlab's minimum of 10 cases to split changes CART
    assert set(scores) == {("diabetes", "yes"), ("diabetes", "no")}
    assert all(len(v) == 5 for v in scores[("diabetes", "yes")]["scores"].values())
    claims = F.claims(scores)
    assert list(claims["paper's claim"]) == ["lowest", "lowest"]
    assert set(claims["verdict"]) <= {"agree", "tie", "disagree"}


def test_stratified_draw_keeps_the_class_shares():
    y = np.repeat([0, 1, 2], [60, 30, 10])
    idx = D.stratified_draw(y, 10, np.random.default_rng(1))
    assert len(np.unique(idx)) == 10 and list(np.bincount(y[idx])) == [6, 3, 1]
    idx = D.stratified_draw(y, 7, np.random.default_rng(1))  # 4.2, 2.1, 0.7: the largest remainder
    assert list(np.bincount(y[idx], minlength=3)) == [4, 2, 1]


def test_learning_curves_table_claims_and_plots(datasets):
    scores = {}
    d = D.experiment_d(2, names=("diabetes",), sizes=(25, 50), folder=datasets, say=F.Progress(quiet=True),
                       variants=("facmi", "cart", "ie"), scores=scores)
    assert list(d["training cases"]) == [25, 50]
    assert set(scores) == {("diabetes", 25), ("diabetes", 50)}
    assert all(len(v) == 2 for v in scores[("diabetes", 25)]["scores"].values())
    assert ((d[["facmi", "cart", "ie"]] > 0) & (d[["facmi", "cart", "ie"]] < 1)).all().all()
    claims = D.curve_claims(scores, variants=("facmi", "cart", "ie"))
    assert list(claims["training cases"]) == [25, 50] and set(claims["paper's claim"]) == {"lowest"}
    plots = D.curve_plots(d, ("facmi", "cart", "ie"))
    assert [p.name for p in plots] == ["facmi_d_curve_diabetes"] and plots[0].x == (25.0, 50.0)
    assert list(plots[0].series) == ["facmi", "cart", "ie"]


def test_the_halves_are_fixed_and_disjoint():
    assert not set(E.CHOOSE) & set(E.JUDGE) and set(E.CHOOSE) | set(E.JUDGE) == set(F.REAL)
    # published decreasing attributes on each half (balance, car), data-made directions on each
    assert {"balance", "wine quality"} <= set(E.CHOOSE) and {"car", "diabetes", "wine"} <= set(E.JUDGE)


def _reading_scores(shift):
    base = np.linspace(0.3, 0.4, 10)
    jitter = np.array([0.001, -0.001, 0.002, 0.0, -0.002, 0.001, 0.0, -0.001, 0.002, -0.002])
    return {"scores": {r: list(base + shift.get(r, 0.0) + (jitter if r != E.DEFAULT else 0))
                       for r in E.READINGS}, "ratio": 0.25}


def test_choice_takes_the_best_mean_rank_unless_it_is_significantly_worse_somewhere():
    better = {"net, negate": -0.01, "concordant, reciprocal": 0.001, "net, reciprocal": 0.002}
    chosen, table = E.choose({"s1": _reading_scores(better), "s2": _reading_scores(better)})
    assert chosen == "net, negate" and table.loc[table["chosen"], "reading"].unique().tolist() == ["net, negate"]
    worse = dict(better)
    chosen, _ = E.choose({"s1": _reading_scores(better), "s2": _reading_scores(better),
                          "s3": _reading_scores({**worse, "net, negate": 0.05})})
    assert chosen == E.DEFAULT  # best mean rank, but significantly worse than the default on s3


def test_judging_pairs_the_chosen_reading_with_the_default():
    entry = _reading_scores({"net, negate": -0.01})
    entry["scores"]["cart"] = list(np.array(entry["scores"][E.DEFAULT]) - 0.005)
    j = E.judge({"s": entry}, "net, negate")
    row = j.iloc[0]
    assert row["chosen minus default"] == pytest.approx(-0.01, abs=1e-9) and row["verdict"] == "chosen lower"
    assert not row["default: lowest mean"] and row["default: beaten by (significant)"] == "cart"
    assert row["chosen: lowest mean"] and row["chosen: beaten by (significant)"] == "-"


def test_repeats_option(tmp_path, monkeypatch, capsys):
    got = []

    def tiny(out, quick=False, say=None, repeats=None):
        got.append(repeats)
        out.mkdir(parents=True, exist_ok=True)
        return {"facmi_a_training_size": F.experiment_a(1, sizes=(8,), say=F.Progress(quiet=True))}

    monkeypatch.setattr(F, "run", tiny)
    assert cli.main(["reproduce", "facmi", "--repeats", "3", "--out", str(tmp_path)]) == 0
    assert got == [3]
    capsys.readouterr()
    assert cli.main(["reproduce", "facmi", "--repeats", "0", "--out", str(tmp_path)]) == 2
    assert "--repeats must be at least 1" in capsys.readouterr().err and got == [3]
    assert cli.main(["reproduce", "trichotomy", "--repeats", "3", "--out", str(tmp_path)]) == 2
    assert "--repeats is not available" in capsys.readouterr().err


def test_report_names_claims_and_verdicts(tmp_path):
    tables = {"facmi_c_claims": pd.DataFrame([{"data set": "car", "monotone preprocessing": "yes",
                                               "paper's claim": "clearly lowest", "verdict": "tie",
                                               "our figures": "FACMI 0.0417 | rt"}])}
    path = F.write_report(tmp_path / "r.md", tables, (1, 1, 1, 1, 1))
    text = path.read_text()
    assert "| car | yes | clearly lowest | tie | FACMI 0.0417 / rt |" in text and text.startswith("# Seed 000")
