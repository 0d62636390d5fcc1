"""The comparison's curves (engine/compare/curves.py): the nested, stratified training sizes of a
learning curve, its results against fits made by hand on the same rows, a parameter swept into
entries, and the error / pending points."""

import json
from pathlib import Path

import numpy as np
import pytest
from compare_helpers import untimed

from engine.algorithms.registry import get
from engine.compare import Entry, Scheme, compare
from engine.compare.curves import (
    check_train_sizes,
    error_pending_points,
    learning_plans,
    spread_order,
    sweep,
)
from engine.data import read_table
from engine.data.encode import encode
from engine.data.spec import ProblemSpec
from engine.errors import OptionError
from engine.evaluate import fold_plans, metrics
from engine.tree.predict import predict

DATA = Path(__file__).resolve().parent / "data" / "datasets"


@pytest.fixture(scope="module")
def car():
    spec = ProblemSpec(target="class")
    return encode(read_table(DATA / "car_evaluation.csv"), spec), spec


@pytest.fixture(scope="module")
def pima():
    spec = ProblemSpec(target="class")
    return encode(read_table(DATA / "pima_indians_diabetes.csv"), spec), spec


def test_sizes_are_checked_and_sorted():
    assert check_train_sizes(["0.5", 0.1, 300, 1]) == (0.1, 0.5, 1.0, 300.0)
    for bad, message in ((["x"], 'training size "x" is not a number'), ([0], "between 0 and 1, or a whole number"),
                         ([1.5], "between 0 and 1, or a whole number"), ([-0.2], "between 0 and 1"),
                         ([0.5, 0.5], "given twice"), ([], "at least one training size")):
        with pytest.raises(OptionError, match=message):
            check_train_sizes(bad)


def test_the_cut_is_nested_stratified_and_keeps_the_test_rows():
    y = np.repeat([0, 1, 2], [500, 300, 200])
    base, _ = fold_plans(y, cv=4, seed=2)
    sizes = (0.1, 0.35, 0.8, 1.0)
    plans = learning_plans(y, base, sizes, seed=2)
    assert len(plans) == len(sizes) * 4
    for f, (train, test) in enumerate(base):
        n = int(train.sum())
        cut = [plans[s * 4 + f] for s in range(len(sizes))]
        for s, (sub, sub_test) in enumerate(cut):
            assert (sub_test == test).all()  # the same test rows at every size
            assert not (sub & test).any() and (sub <= train).all()
            assert sub.sum() == round(sizes[s] * n)
            # each class in the fold's proportion, to within two rows
            share = np.bincount(y[sub], minlength=3) / sub.sum()
            expected = np.bincount(y[train], minlength=3) / n
            assert np.abs(share * sub.sum() - expected * sub.sum()).max() <= 2
        for (small, _), (large, _) in zip(cut, cut[1:]):
            assert (small <= large).all()  # nested: a smaller set is part of the larger
        assert (cut[-1][0] == train).all()
    # another seed cuts other rows
    other = learning_plans(y, base, sizes, seed=3)
    assert not (other[0][0] == plans[0][0]).all()


def test_spread_order_takes_each_class_evenly():
    y = np.array([0] * 90 + [1] * 10)
    order = spread_order(y, np.random.default_rng(0))
    assert sorted(order) == list(range(100))
    # every prefix of 10 rows holds one case of the small class, give or take one
    firsts = [int((y[order[:k]] == 1).sum()) for k in range(10, 101, 10)]
    assert all(abs(c - k // 10) <= 1 for c, k in zip(firsts, range(10, 101, 10)))


def test_sizes_in_rows_and_sizes_too_large_or_too_close():
    y = np.repeat([0, 1], [60, 40])
    base, _ = fold_plans(y, cv=5, seed=0)
    plans = learning_plans(y, base, (10.0, 40.0), seed=0)
    assert [int(t.sum()) for t, _ in plans] == [10] * 5 + [40] * 5
    with pytest.raises(OptionError, match="training size 90 rows is more than the smallest fold's 80"):
        learning_plans(y, base, (90.0,), seed=0)
    with pytest.raises(OptionError, match="the same number of rows on every fold"):
        learning_plans(y, base, (0.5, 0.501), seed=0)


def test_a_learning_curve_point_is_the_fit_on_its_rows(car):
    """Each point is the tree fitted on exactly the cut rows and scored on the fold's test rows;
    the largest size (all the rows) gives what a comparison without a curve gives."""
    data, spec = car
    sizes = (0.2, 0.6, 1.0)
    result = compare(data, spec, [Entry("c45")], Scheme(cv=3, seed=1, train_sizes=sizes), jobs=1)
    plain = compare(data, spec, [Entry("c45")], Scheme(cv=3, seed=1), jobs=1)
    for a, b in zip(untimed(result.to_json()), untimed(plain.to_json())):
        curve = a.pop("learning_curve")
        a["scheme"].pop("train_sizes")
        assert a == b
        assert curve["train_sizes"] == list(sizes)
    base, _ = fold_plans(data.y, cv=3, seed=1)
    plans = learning_plans(data.y, base, sizes, seed=1)
    info = get("c45")
    for s in range(len(sizes)):
        for f in range(3):
            train, test = plans[s * 3 + f]
            tree = info.fit(data.subset(np.flatnonzero(train)), spec, _defaults(info, spec), None)
            labels = predict(tree, data.X[test], info.missing).labels
            expected = metrics(data.y[test], labels, len(data.classes))["accuracy"]
            assert result.curve.values["c45"]["accuracy"][s, f] == pytest.approx(expected)
            assert result.curve.train_rows[s, f] == train.sum()
    mean, std = result.curve.summary("c45", "accuracy")
    np.testing.assert_allclose(mean, result.curve.values["c45"]["accuracy"].mean(axis=1))
    assert mean[0] < mean[-1]  # car's trees learn with more rows
    # the baseline's curve is there too, flat in expectation
    assert result.curve.summary(result.baseline, "accuracy") is not None


def _defaults(info, spec):
    from engine.algorithms.params import resolve_params

    return info.stage_params(resolve_params(info, {}, spec), "fit")


def test_a_learning_curve_resumes_and_refuses_other_sizes(car, tmp_path):
    data, spec = car
    path = tmp_path / "curve.json"
    first = compare(data, spec, [Entry("id3")], Scheme(cv=3, train_sizes=(0.5, 1)), jobs=1, results=path)
    again = compare(data, spec, [Entry("id3")], Scheme(cv=3, train_sizes=(0.5, 1)), jobs=1, results=path)
    assert again.computed == 0 and untimed(again.to_json()) == untimed(first.to_json())
    from engine.compare import ResultsFileError

    with pytest.raises(ResultsFileError, match="another scheme: train_sizes differ"):
        compare(data, spec, [Entry("id3")], Scheme(cv=3, train_sizes=(0.25, 1)), jobs=1, results=path)


def test_the_progress_names_the_size(car):
    data, spec = car
    messages = []
    compare(data, spec, [Entry("id3")], Scheme(cv=2, train_sizes=(0.5, 1)), jobs=1, baseline=False,
            progress=lambda done, total, message: messages.append(str(message)))
    assert any(m.startswith("id3, fold 2 of 2 on 50 % of the training rows done") for m in messages)
    assert any(m.startswith("id3, fold 1 of 2 on 100 % of the training rows done") for m in messages)


def test_sweep_makes_one_entry_per_value():
    entries = [Entry("cart"), Entry("trichotomy", {"r": 0.01})]
    swept = sweep(entries, "trichotomy", "trim", [0.0, 0.05])
    assert [(e.algorithm, e.params, e.label) for e in swept] == [
        ("cart", {}, "cart"), ("trichotomy", {"r": 0.01, "trim": 0.0}, "trichotomy (trim=0)"),
        ("trichotomy", {"r": 0.01, "trim": 0.05}, "trichotomy (trim=0.05)")]
    with pytest.raises(OptionError, match='"c45", which is not one of the algorithms compared'):
        sweep(entries, "c45", "min_cases", [2])


def test_error_pending_points_are_the_entries_means(pima):
    data, spec = pima
    entries = sweep([Entry("trichotomy"), Entry("cart")], "trichotomy", "trim", [0.02, 0.1])
    result = compare(data, spec, entries, Scheme(cv=3, seed=2), jobs=1)
    points = error_pending_points(result)
    assert list(points)[:2] == ["trichotomy", "cart"]
    tri = points["trichotomy"]
    assert [p.name for p in tri] == ["trichotomy (trim=0.02)", "trichotomy (trim=0.1)"]
    for p in tri:
        s = result[p.name].evaluation.summary()
        assert p.misclassification_rate == s["misclassification_rate"]["mean"]
        assert p.pending_rate == s["pending_rate"]["mean"] and p.attributes_used == s["attributes_used"]["mean"]
    # a larger trim leaves fewer cases pending, and errs more
    assert tri[1].pending_rate < tri[0].pending_rate and tri[1].misclassification_rate > tri[0].misclassification_rate
    (cart,) = points["cart"]
    assert cart.pending_rate == 0.0
    assert cart.misclassification_rate == pytest.approx(1 - result["cart"].evaluation.summary()["accuracy"]["mean"])
    # nothing pending anywhere: no curve
    plain = compare(data, spec, [Entry("cart")], Scheme(cv=3), jobs=1)
    assert error_pending_points(plain) == {}


def test_cli_train_sizes_and_sweep(tmp_path, capsys):
    from engine.cli import main

    code = main(["compare", str(DATA / "pima_indians_diabetes.csv"), "--target", "class", "--algorithms",
                 "trichotomy,cart", "--sweep", "trichotomy.trim=0.02,0.1", "--train-sizes", "0.5,1", "--cv", "3",
                 "--jobs", "1", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert [o["name"] for o in out] == ["trichotomy (trim=0.02)", "trichotomy (trim=0.1)", "cart",
                                        "baseline (majority)"]
    assert out[0]["params"]["trim"] == 0.02 and out[1]["params"]["trim"] == 0.1
    curve = out[2]["learning_curve"]
    assert curve["train_sizes"] == [0.5, 1.0] and curve["train_rows"][1] == pytest.approx(512)
    assert curve["metrics"]["accuracy"]["mean"][1] == pytest.approx(out[2]["metrics"]["accuracy"]["mean"])
    code = main(["compare", str(DATA / "pima_indians_diabetes.csv"), "--target", "class", "--algorithms",
                 "trichotomy,cart", "--sweep", "trichotomy.trim=0.02,0.1", "--cv", "3", "--jobs", "1"])
    text = capsys.readouterr().out
    assert "error / pending (mean over the folds)" in text and "trichotomy (trim=0.1)" in text
    for args, message in ((["--train-sizes", "0.5,2.5"], "a whole number of rows, not 2.5"),
                          (["--sweep", "trim=0.1"], '--sweep "trim=0.1" is not A.K=V,V,...'),
                          (["--sweep", "c45.trim=0.1"], '"c45", which is not one of the algorithms compared')):
        code = main(["compare", str(DATA / "pima_indians_diabetes.csv"), "--target", "class", "--algorithms",
                     "trichotomy,cart", "--cv", "3"] + args)
        assert code != 0 and message in capsys.readouterr().err
