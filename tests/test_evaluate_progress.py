"""Folds, metrics, cross-validation; progress reports and Cancel between nodes."""

import numpy as np
import pytest

from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.errors import Cancelled
from engine.evaluate import confusion_matrix, cross_validate, metrics, stratified_folds, stratified_holdout
from engine.progress import Progress
from engine.tree.model import PENDING
from engine.tree.predict import predict


def test_stratified_folds_balance_classes_and_warn():
    y = np.array([0] * 23 + [1] * 7 + [2] * 2)
    fold, warnings = stratified_folds(y, 5, seed=3)
    for k in range(5):
        counts = np.bincount(y[fold == k], minlength=3)
        assert 4 <= counts[0] <= 5 and 1 <= counts[1] <= 2
    assert np.bincount(fold).max() - np.bincount(fold).min() <= 1
    assert warnings == ["class 2 has 2 case(s), fewer than the 5 folds"]
    again, _ = stratified_folds(y, 5, seed=3)
    np.testing.assert_array_equal(fold, again)


def test_holdout_share_per_class():
    y = np.array([0] * 50 + [1] * 10)
    test = stratified_holdout(y, 0.3, seed=0)
    assert test[:50].sum() == 15 and test[50:].sum() == 3


def test_metrics_by_hand():
    y = np.array([0, 1, 2, 2, 1])
    pred = np.array([0, 2, 2, PENDING, 0])
    m = metrics(y, pred, 3, ordered=True, cost=np.array([[0, 1, 4], [1, 0, 1], [4, 1, 0]], float))
    assert m["accuracy"] == pytest.approx(2 / 5)
    assert m["mae"] == pytest.approx((0 + 1 + 0 + 1) / 4)  # decided cases only
    assert m["pending_rate"] == pytest.approx(1 / 5)
    assert m["misclassification_rate"] == pytest.approx(2 / 5)
    assert m["avg_misclassification_cost"] == pytest.approx((0 + 1 + 0 + 0 + 1) / 5)
    cm = confusion_matrix(y, pred, 3)
    assert cm.tolist() == [[1, 0, 0, 0], [1, 0, 1, 0], [0, 0, 1, 1]]


def toy_data(n=2000, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 4))
    y = ((X[:, 0] > 0) ^ (X[:, 1] > 0.5)).astype(np.int64)
    schema = DataSchema("y", ["a", "b"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(4)])
    return EncodedData(X, y, np.ones(n), schema, np.arange(n))


@pytest.mark.parametrize("name", ["cart", "c45", "id3"])
def test_progress_is_reported_and_cancel_stops_training(name):
    info = get(name)
    params = resolve_params(info, {"prune": "none"} if name == "cart" else {})
    seen = []
    info.fit(toy_data(), None, params, Progress(lambda done, total, msg: seen.append((done, total))))
    assert seen and all(0 <= d <= t for d, t in seen)
    if name == "cart":
        assert seen[-1][0] == seen[-1][1]
    calls = []

    def cancel_on_first(done, total, msg):
        calls.append(done)
        progress.cancel()

    progress = Progress(cancel_on_first)
    with pytest.raises(Cancelled):
        info.fit(toy_data(), None, params, progress)
    assert len(calls) == 1


def test_cross_validation_reports_every_fold():
    data = toy_data(600)
    info = get("cart")
    params = resolve_params(info, {"prune": "none"})
    ev = cross_validate(data, lambda d: info.fit(d, None, params), lambda t, X: (predict(t, X).labels, {}), cv=5,
                        repeats=2, seed=1)
    assert len(ev.folds) == 10
    s = ev.summary()
    assert 0.8 < s["accuracy"]["mean"] <= 1 and s["accuracy"]["std"] >= 0
    assert ev.confusion(2).sum() == 2 * 600
