"""A consultation on a sequential discriminant (trichotomy) model of a two-Gaussian
problem: a case in the overlap ends PENDING and names the attributes that could not
settle it; a case in a tail ends after one question."""

import numpy as np
import pytest

from engine.algorithms.registry import get, resolve_params
from engine.consult import Consultation
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.tree.model import PENDING, TRICHOTOMY


@pytest.fixture(scope="module")
def model():
    rng = np.random.default_rng(7)
    n = 1500
    lo = rng.normal(0.0, 1.0, size=(n, 2))
    hi = rng.normal(2.0, 1.0, size=(n, 2))
    X = np.vstack([lo, hi])
    y = np.repeat([0, 1], n)
    schema = DataSchema("y", ["Lo", "Hi"], False, [AttributeSchema("X1", "numeric"), AttributeSchema("X2", "numeric")])
    data = EncodedData(X, y, np.ones(len(y)), schema, np.arange(len(y)))
    info = get("trichotomy")
    tree = info.fit(data, None, resolve_params(info, {"trim": 0.05}))
    stages = [node for node in tree.nodes if node.kind == TRICHOTOMY]
    assert len(stages) == 2 and sorted(stages[1].features) == [0, 1]
    return tree


def run(tree, case: dict):
    c = Consultation(tree, None)
    asked = []
    while not c.finished():
        best = c.candidates()[0]
        names = [c.names[j] for j in best.attributes]
        asked.append(names)
        c.answer({name: case[name] for name in names}, best)
    return c.outcome(), asked


def test_overlap_case_ends_pending_naming_both_attributes(model):
    outcome, asked = run(model, {"X1": 1.0, "X2": 1.0})
    assert outcome.label == PENDING
    assert len(asked) == 2  # stage 1 asks one attribute, stage 2 the other
    assert sorted(outcome.unsettled) == ["X1", "X2"] and outcome.missing == []
    # the stage-2 score of (1, 1) lies strictly between its thresholds
    stage = model.nodes[model.nodes[outcome.nodes[0]].parent]
    score = float(np.dot(stage.weights, [1.0, 1.0]))
    assert stage.low < score < stage.high


@pytest.mark.parametrize("case, label", [({"X1": -4.0, "X2": -4.0}, "Lo"), ({"X1": 6.0, "X2": 6.0}, "Hi")])
def test_tail_case_ends_after_one_question(model, case, label):
    outcome, asked = run(model, case)
    assert len(asked) == 1 and len(asked[0]) == 1
    assert model.label_name(outcome.label) == label and outcome.unsettled == []


def test_unknown_at_stage_one_is_pending_naming_it(model):
    c = Consultation(model, None)
    best = c.candidates()[0]
    c.answer({c.names[best.attributes[0]]: None}, best)
    assert c.finished()
    outcome = c.outcome()
    assert outcome.label == PENDING and outcome.missing == [c.names[best.attributes[0]]]
