"""Hierarchy-aware evaluation for every learner, and hierarchy_labels for crisp ones (issue 14
items 4 and 5): hand-checked on a 20-case problem whose classes 1 and 3 cannot be told apart."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.data.hierarchy import ClassLevels
from engine.data.spec import ProblemSpec
from engine.errors import OptionError, SpecError
from engine.evaluate import metrics
from engine.model import Model
from engine.tree.model import PENDING, Tree
from engine.tree.predict import predict
from engine.tree.rules import extract_rules
from engine.workflows import Scoring, evaluate_algorithm, prediction_labels

# ALL -> {P, 2}; P -> {1, 3}: levels L1 {ALL}, L2 {2, P}, L3 {1, 2, 3}; h = 3
HIERARCHY = {"ALL": None, "P": "ALL", "2": "ALL", "1": "P", "3": "P"}
CLASSES = ["1", "2", "3"]
PRE_CLASS, PRE_P, PRE_ALL = math.log(4, 3), 1.0, math.log(2, 3)


def _data() -> EncodedData:
    """x = 2: five cases of class 1 and five of class 3 (no split tells them apart); x in
    10..19: ten cases of class 2 (a wide gap: every fold cuts between)."""
    x = np.array([2] * 10 + list(range(10, 20)), float)
    y = np.array([0] * 5 + [2] * 5 + [1] * 10)
    schema = DataSchema("class", CLASSES, False, [AttributeSchema("x", "numeric")])
    return EncodedData(x[:, None], y, np.ones(20), schema, np.arange(20))


def _fit(name: str, data: EncodedData, spec: ProblemSpec, **params):
    info = get(name)
    return info.fit(data, spec, info.stage_params(resolve_params(info, params, spec), "fit"))


def test_levels_read_every_label():
    levels = ClassLevels(HIERARCHY, CLASSES)
    labels = CLASSES + levels.coarse_labels()
    assert levels.labels == [["ALL"], ["2", "P"], ["1", "2", "3"]]
    assert labels == ["1", "2", "3", "ALL", "P"]
    # 1 reads as P at level 2; P as itself there and nothing at level 3; ALL only at level 1
    assert levels.at_level(labels).tolist() == [[0, 1, 0], [0, 0, 1], [0, 1, 2], [0, -1, -1], [0, 1, -1]]


def test_metrics_at_each_level_by_hand():
    scoring = ClassLevels(HIERARCHY, CLASSES).scoring(CLASSES + ["ALL", "P"])
    y = np.array([0, 0, 2, 1, 1])
    pred = np.array([0, 4, 0, 3, PENDING])  # right; P for a 1; 1 for a 3; ALL for a 2; pending
    m = metrics(y, pred, 3, hierarchy=scoring)
    assert m["accuracy"] == pytest.approx(1 / 5)
    assert m["hierarchical_accuracy"] == pytest.approx(3 / 5)  # 1 for 1, P for 1, ALL for 2
    assert m["label_precision"] == pytest.approx((PRE_CLASS + PRE_P + PRE_CLASS + PRE_ALL + 0) / 5)
    assert m["accuracy_level_1"] == pytest.approx(4 / 5)  # all but the pending one
    assert m["accuracy_level_2"] == pytest.approx(3 / 5)  # P, P, P right; ALL says nothing at level 2
    assert m["accuracy_level_3"] == pytest.approx(1 / 5)
    assert m["pending_rate"] == pytest.approx(1 / 5)


def test_level_confusion_by_hand():
    labels = CLASSES + ["ALL", "P"]
    scoring = ClassLevels(HIERARCHY, CLASSES).scoring(labels)
    confusion = np.zeros((3, 6))  # rows true 1, 2, 3; columns 1, 2, 3, ALL, P, PENDING
    confusion[0, 0], confusion[0, 4], confusion[2, 0], confusion[1, 3], confusion[1, 5] = 3, 2, 4, 1, 5
    level2 = scoring.level_confusion(confusion, labels, 2)
    assert level2["true"] == ["2", "P"] and level2["predicted"] == ["2", "P", "ALL"]
    assert level2["matrix"] == [[0, 0, 1, 5], [0, 9, 0, 0]]
    level3 = scoring.level_confusion(confusion, labels, 3, answers=CLASSES)  # a crisp learner's answers
    assert level3["predicted"] == ["1", "2", "3"]
    assert level3["matrix"] == [[3, 0, 0, 0], [0, 0, 0, 5], [4, 0, 0, 0]]


@pytest.mark.parametrize("name", ["cart", "c45", "id3", "dp", "rs"])
def test_a_leaf_that_cannot_tell_1_from_3_answers_their_parent(name):
    data, spec = _data(), ProblemSpec(target="class", hierarchy=HIERARCHY)
    params = {"prune": "none"} if name == "cart" else {"prune": False} if name == "c45" else {}
    plain = _fit(name, data, spec, **params)
    tree = _fit(name, data, spec, hierarchy_labels=True, **params)
    assert plain.labels == CLASSES
    assert tree.labels == ["1", "2", "3", "ALL", "P"]
    low, high = np.array([[2.0]]), np.array([[15.0]])
    assert plain.label_name(int(predict(plain, low).labels[0])) == "1"  # the majority (a tie: the first)
    # F(1) = 0.5 * log_3 4 = 0.631 < F(P) = 1.0 * log_3 3 = 1 > F(ALL) = log_3 2
    assert tree.label_name(int(predict(tree, low).labels[0])) == "P"
    assert tree.label_name(int(predict(tree, high).labels[0])) == "2"  # pure: the class (1.26 > 1)
    # the splits are the same: only labels change
    assert [n.kind for n in tree.nodes] == [n.kind for n in plain.nodes]
    assert any(tree.label_name(rule.label) == "P" for rule in extract_rules(tree))


def test_scores_on_the_example_and_a_model_round_trip():
    data, spec = _data(), ProblemSpec(target="class", hierarchy=HIERARCHY)
    info = get("cart")
    params = resolve_params(info, {"prune": "none", "hierarchy_labels": True}, spec)
    tree = info.fit(data, spec, info.stage_params(params, "fit"))
    scoring = Scoring(info, data, spec, params)
    assert scoring.labels == ["1", "2", "3", "ALL", "P"]
    labels = predict(tree, data.X).labels
    m = scoring.metrics(data.y, labels, data.w)
    assert m["accuracy"] == pytest.approx(0.5)  # only the ten 2s are named exactly
    assert m["hierarchical_accuracy"] == pytest.approx(1.0)
    assert m["label_precision"] == pytest.approx((10 * PRE_P + 10 * PRE_CLASS) / 20)
    assert m["accuracy_level_2"] == pytest.approx(1.0)
    # the same tree without the option: strict 0.75 (five 1s and ten 2s), hierarchical the same
    plain_params = resolve_params(info, {"prune": "none"}, spec)
    plain = info.fit(data, spec, info.stage_params(plain_params, "fit"))
    m0 = Scoring(info, data, spec, plain_params).metrics(data.y, predict(plain, data.X).labels, data.w)
    assert (m0["accuracy"], m0["hierarchical_accuracy"]) == (pytest.approx(0.75), pytest.approx(0.75))
    assert m0["label_precision"] == pytest.approx(PRE_CLASS)
    assert prediction_labels(info, data, spec, plain_params) == CLASSES
    model = Model(algorithm="cart", params=params, spec=spec, tree=tree, missing="majority")
    again = Model.from_json(json.loads(json.dumps(model.to_json())))
    assert again.tree.labels == tree.labels
    assert (predict(again.tree, data.X).labels == labels).all()


def test_spread_cases_vote_with_their_leaves_labels():
    """C4.5 sends a case without x down both branches by the training shares (10/20 each); the
    leaves answer P and 2 with weight 0.5 each; the tie goes to the first label, 2."""
    data, spec = _data(), ProblemSpec(target="class", hierarchy=HIERARCHY)
    tree = _fit("c45", data, spec, hierarchy_labels=True, prune=False)
    p = predict(tree, np.array([[np.nan]]), "fractional")
    assert tree.aggregate == "label_sum"
    assert tree.label_name(int(p.labels[0])) == "2"
    assert p.scores[0] == pytest.approx([0.25, 0.5, 0.25])


def test_refused_without_a_hierarchy_and_with_monotone_relabelling():
    data = _data()
    with pytest.raises(SpecError, match="class hierarchy"):
        _fit("cart", data, ProblemSpec(target="class"), hierarchy_labels=True)
    with pytest.raises(OptionError, match="exclude each other"):
        resolve_params(get("cart"), {"hierarchy_labels": True, "enforce_monotone": True}, None)


def test_evaluate_reports_levels_for_every_learner():
    """A learner that ignores the hierarchy (CART without the option) is still scored against it."""
    data, spec = _data(), ProblemSpec(target="class", hierarchy=HIERARCHY)
    out = evaluate_algorithm(get("cart"), data, spec, {"prune": "none"}, cv=5).to_json()
    assert out["confusion"]["predicted"] == CLASSES + ["PENDING"]
    assert {"hierarchical_accuracy", "label_precision", "accuracy_level_1", "accuracy_level_2",
            "accuracy_level_3"} <= set(out["metrics"])
    # 1 and 3 are told apart by chance only; at level 2 every case is right
    assert out["metrics"]["accuracy_level_2"]["mean"] == pytest.approx(1.0)
    assert [level["level"] for level in out["levels"]] == [1, 2, 3]
    assert out["levels"][1]["matrix"] == [[10, 0, 0], [0, 10, 0]]
    with_option = evaluate_algorithm(get("cart"), data, spec, {"prune": "none", "hierarchy_labels": True}, cv=5)
    summary = with_option.summary()
    assert summary["hierarchical_accuracy"]["mean"] == pytest.approx(1.0)
    assert summary["accuracy"]["mean"] == pytest.approx(0.5)
    assert with_option.to_json()["confusion"]["predicted"] == CLASSES + ["ALL", "P", "PENDING"]


def test_excel_export_gives_levels_precision_and_coarse_confidence(tmp_path):
    import openpyxl

    from engine.export import export_model

    data, spec = _data(), ProblemSpec(target="class", hierarchy=HIERARCHY)
    info = get("cart")
    params = resolve_params(info, {"prune": "none", "hierarchy_labels": True}, spec)
    tree = info.fit(data, spec, info.stage_params(params, "fit"))
    model = Model(algorithm="cart", params=params, spec=spec, tree=tree, missing="majority")
    scoring = Scoring(info, data, spec, params)
    labels = predict(tree, data.X).labels
    levels = scoring.level_confusions(data.y, labels, data.w)
    path = tmp_path / "rules.xlsx"
    export_model(model, path, scoring.metrics(data.y, labels, data.w), scored_on="training rows (optimistic)",
                 levels=levels)
    wb = openpyxl.load_workbook(path)
    rules = list(wb["Rules"].iter_rows(values_only=True))
    assert rules[0][:8] == ("rule", "IF (conditions)", "THEN", "label level", "label precision", "support",
                            "confidence", "coverage")
    by_label = {row[2]: row for row in rules[1:]}
    assert by_label["P"][3:5] == (2, pytest.approx(1.0))
    assert by_label["P"][6] == pytest.approx(1.0)  # all ten cases of the leaf are under P
    assert by_label["2"][3:5] == (3, pytest.approx(PRE_CLASS))
    metrics_rows = {row[0]: row for row in wb["Metrics"].iter_rows(min_row=2, values_only=True)}
    assert metrics_rows["label precision"][1] == pytest.approx((10 * PRE_P + 10 * PRE_CLASS) / 20)
    assert metrics_rows["hierarchical accuracy"][3] == "training rows (optimistic)"
    cells = [row for row in wb["Levels"].iter_rows(values_only=True)]
    level2 = next(i for i, row in enumerate(cells) if row[0] and str(row[0]).startswith("level 2"))
    assert cells[level2 + 1][1:5] == ("2", "P", "ALL", "PENDING")  # ALL: an answer coarser than level 2
    assert cells[level2 + 2][:3] == ("2", 10, 0) and cells[level2 + 3][:3] == ("P", 0, 10)


def test_fuzzy_predictions_report_every_labels_score():
    """HFDT (label_sum) gives each label its share of the firing strength; the answer is the
    largest; a crisp tree's case that ends in one leaf scores 1 for its label."""
    data, spec = _data(), ProblemSpec(target="class", hierarchy=HIERARCHY)
    tree = _fit("hfdt", data, spec)
    p = predict(tree, data.X, "fractional")
    scores = p.label_score_matrix(tree)
    assert scores.shape == (20, len(tree.labels))
    assert np.allclose(scores.sum(axis=1), 1.0)
    assert (np.argmax(scores, axis=1) == p.labels).all()
    crisp = _fit("cart", data, spec, prune="none", hierarchy_labels=True)
    q = predict(crisp, data.X, "majority")
    assert q.label_scores is None
    one_hot = q.label_score_matrix(crisp)
    assert (one_hot.sum(axis=1) == 1).all() and (np.argmax(one_hot, axis=1) == q.labels).all()
