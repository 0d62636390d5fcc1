"""Cost metrics of a test strategy in train and evaluate, for any learner (issue 15 item 3):
wired to engine.strategies, only when the problem prices obtaining values or a strategy is asked."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine import cli
from engine.algorithms.registry import get
from engine.data import read_table
from engine.data.encode import encode
from engine.data.project import load_project
from engine.errors import OptionError
from engine.strategies import simulate
from engine.workflows import evaluate_algorithm, train_model

from conftest import ROOT

CAR = ROOT / "resources" / "demo" / "car_evaluation.rtproj"


@pytest.fixture(scope="module")
def car():
    project = load_project(str(CAR))
    table = read_table(project.data_path, project.sheet)
    return table, project.spec, encode(table, project.spec)


def test_evaluate_adds_the_costs_paid_and_they_add_up(car):
    _, spec, data = car
    result = evaluate_algorithm(get("cart"), data, spec, {}, cv=5)
    assert result.to_json()["scheme"]["strategy"] == "sequential"  # the demo has test costs
    for fold in result.evaluation.folds:
        m = fold.metrics
        assert m["avg_total_cost"] == pytest.approx(m["avg_test_cost"] + m["avg_waiting_cost"]
                                                    + m["avg_misclassification_cost"])
        assert m["avg_test_cost"] > 0


def test_train_scores_the_held_out_rows_under_the_strategy(car):
    table, spec, data = car
    result = train_model(get("cart"), table, spec, {}, data=data, holdout=0.3, strategy="batch")
    tree = result.model.tree
    test = _holdout_mask(data)
    played = simulate(tree, data.X[test], "batch", spec=spec, y=data.y[test])
    assert result.metrics["avg_test_cost"] == pytest.approx(played.test_cost.mean())
    assert result.metrics["avg_total_cost"] == pytest.approx(played.total.mean())
    # batch obtains every attribute the tree asks, for every case: one test bill for all
    assert np.ptp(played.test_cost) == 0


def _holdout_mask(data):
    from engine.evaluate import stratified_holdout

    return stratified_holdout(data.y, 0.3, 0)


def test_no_costs_no_cost_metrics_unless_asked(car):
    _, spec, data = car
    plain = spec.copy()
    plain.attributes = {}
    plain.batch_groups = []
    result = evaluate_algorithm(get("cart"), data, plain, {}, cv=3)
    assert "avg_total_cost" not in result.summary() and "strategy" not in result.to_json()["scheme"]
    asked = evaluate_algorithm(get("cart"), data, plain, {}, cv=3, strategy="sequential")
    assert asked.summary()["avg_test_cost"]["mean"] == 0.0  # every value free
    with pytest.raises(OptionError, match="test strategy"):
        evaluate_algorithm(get("cart"), data, plain, {}, cv=3, strategy="cheapest")


def test_cli_strategy(capsys):
    assert cli.main(["evaluate", "--project", str(CAR), "--algorithm", "c45", "--cv", "3", "--strategy", "batch",
                     "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scheme"]["strategy"] == "batch"
    assert out["metrics"]["avg_test_cost"]["std"] == pytest.approx(0.0)
    assert out["metrics"]["avg_total_cost"]["mean"] > out["metrics"]["avg_test_cost"]["mean"]
