"""Sequential discriminant tree by trichotomy and the Fisher LDA baseline (seed 004)."""

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.algorithms.registry import get, resolve_params
from engine.algorithms.trichotomy import between_within, f_survival, regularized_beta
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.data.spec import ProblemSpec
from engine.errors import SpecError
from engine.tree.model import PENDING, TrichotomySplit
from engine.tree.predict import predict
from engine.tree.rules import extract_rules, rule_text


def make(X, y, classes=("Lo", "Hi")):
    X = np.asarray(X, float)
    schema = DataSchema("y", list(classes), False, [AttributeSchema(f"X{j + 1}", "numeric") for j in range(X.shape[1])])
    return EncodedData(X, np.asarray(y, np.int64), np.ones(len(y)), schema, np.arange(len(y)))


def fit(name, data, spec=None, **params):
    info = get(name)
    return info.fit(data, spec, resolve_params(info, params))


# Lo: X1 = 1, 2, 3, 4, 4.5 ; Hi: X1 = 3, 3.8, 5, 6, 7 ; X2 mixes the classes
LO = [[1, 1.0], [2, 3.0], [3, 1.5], [4, 0.5], [4.5, 2.0]]
HI = [[3, 1.2], [3.8, 2.5], [5, 0.8], [6, 2.9], [7, 1.8]]


def test_worked_example_thresholds_and_stage_two_direction():
    data = make(LO + HI, [0] * 5 + [1] * 5)
    hi = data.y == 1
    # stage 1: B/W(X1) = 10.609 / 18.632 = 0.569 beats X2
    assert between_within(data.X[:, 0], hi, data.w) == pytest.approx(10.609 / 18.632, rel=1e-4)
    assert between_within(data.X[:, 0], hi, data.w) > between_within(data.X[:, 1], hi, data.w)
    tree = fit("trichotomy", data, n_min=2)
    stage1 = tree.root
    assert isinstance(stage1, TrichotomySplit) and stage1.features == [0] and stage1.weights == [1.0]
    # overlap [c, d] = [min Hi, max Lo] = [3, 4.5]; e = 5 % of 1.5 = 0.075
    assert stage1.low == pytest.approx(2.925) and stage1.high == pytest.approx(4.575)
    # pending: Lo (3, 1.5), (4, 0.5), (4.5, 2) and Hi (3, 1.2), (3.8, 2.5)
    stage2 = tree.nodes[stage1.children[2]]
    assert isinstance(stage2, TrichotomySplit) and stage2.features == [0, 1]
    lo = np.array([[3, 1.5], [4, 0.5], [4.5, 2.0]])
    hi_ = np.array([[3, 1.2], [3.8, 2.5]])
    sw = sum(np.outer(r - lo.mean(0), r - lo.mean(0)) for r in lo) + \
        sum(np.outer(r - hi_.mean(0), r - hi_.mean(0)) for r in hi_)
    (p, q), (_, s) = sw
    inverse = np.array([[s, -q], [-q, p]]) / (p * s - q * q)  # the 2 x 2 inverse written out
    direction = inverse @ (hi_.mean(0) - lo.mean(0))
    direction /= np.linalg.norm(direction)
    np.testing.assert_allclose(stage2.weights, direction, atol=1e-12)
    assert (hi_ @ direction).mean() > (lo @ direction).mean()  # oriented: Hi's mean above Lo's
    # no training error
    labels = predict(tree, data.X).labels
    assert not ((labels != PENDING) & (labels != data.y)).any()
    texts = [rule_text(tree, r) for r in extract_rules(tree)]
    assert texts[0] == "IF X1 <= 2.925 THEN Lo" and texts[1] == "IF X1 >= 4.575 THEN Hi"


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 40), st.integers(1, 4), st.integers(0, 10 ** 6))
@example(11, 4, 226)  # a training score on the edge of a one-ulp pending region: BLAS rounding put it outside
def test_no_training_error_on_data_without_conflicting_duplicates(n, p, seed):
    rng = np.random.default_rng(seed)
    X = np.round(rng.normal(size=(n, p)) * 3) / 2  # ties on purpose
    y = rng.integers(0, 2, n)
    y[0], y[1] = 0, 1
    # drop identical cases of different classes
    keep, seen = [], {}
    for i in range(n):
        key = tuple(X[i])
        if key in seen and seen[key] != y[i]:
            continue
        seen[key] = y[i]
        keep.append(i)
    if len(set(y[keep])) < 2:
        return
    data = make(X[keep], y[keep])
    tree = fit("trichotomy", data, n_min=1)
    labels = predict(tree, data.X).labels
    assert not ((labels != PENDING) & (labels != data.y)).any()


def gaussian(n, mu, seed):
    rng = np.random.default_rng(seed)
    shift = np.array([mu, mu - 0.5, mu + 0.5, 0, 0, 0])
    X = np.vstack([rng.normal(size=(n, 6)), shift + np.sqrt(2) * rng.normal(size=(n, 6))])
    return make(X, np.r_[np.zeros(n, int), np.ones(n, int)])


def test_trim_trades_pending_for_errors():
    train, test = gaussian(500, 2.0, 1), gaussian(500, 2.0, 2)
    plain = predict(fit("trichotomy", train), test.X).labels
    trimmed = predict(fit("trichotomy", train, trim=0.05), test.X).labels
    assert (trimmed == PENDING).mean() < 0.5 * (plain == PENDING).mean()
    assert ((plain != PENDING) & (plain != test.y)).mean() < 0.02


def test_fisher_lda_selects_the_informative_attributes():
    train = gaussian(500, 2.0, 3)
    tree = fit("fisher_lda", train)
    root = tree.root
    assert isinstance(root, TrichotomySplit) and root.low == root.high
    assert set(root.features) <= {0, 1, 2} and 2 in root.features
    assert tree.info["selected"][0] == "X3"
    assert len(extract_rules(tree)) == 2  # the middle branch of a plain cut takes no case
    labels = predict(tree, gaussian(500, 2.0, 4).X).labels
    assert (labels != PENDING).all()


def test_wilks_lambda_with_a_side_of_no_weight_is_finite():
    """A class with no weight (case weights of 0) left its mean 0/0: NaN scatter, NaN lambda."""
    import warnings

    from engine.algorithms.trichotomy import wilks_lambda

    rng = np.random.default_rng(0)
    X = rng.random((40, 3))
    hi = np.arange(40) < 20
    w = np.where(hi, 0.0, 1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value = wilks_lambda(X, hi, w)
    assert value == pytest.approx(1.0)  # one side only: no separation
    assert 0 < wilks_lambda(X, hi, np.ones(40)) < 1


def test_f_distribution_and_incomplete_beta():
    assert regularized_beta(0.5, 2, 3) == pytest.approx(0.6875, abs=1e-12)
    assert f_survival(4.9646, 1, 10) == pytest.approx(0.05, abs=1e-4)  # F(1, 10) critical value at 5 %
    assert f_survival(3.8415, 1, 1e6) == pytest.approx(0.05, abs=1e-3)  # -> chi-square(1)


def test_more_than_two_classes_needs_the_positive_class():
    X = np.random.default_rng(0).normal(size=(30, 2))
    data = make(X, np.arange(30) % 3, classes=("a", "b", "c"))
    with pytest.raises(SpecError) as info:
        fit("trichotomy", data)
    assert info.value.field == "positive_class"
    tree = fit("trichotomy", data, ProblemSpec(target="y", positive_class="b"))
    assert tree.labels == ["a", "b", "c", "not b"]


def test_error_pending_curve_over_trim():
    from engine.algorithms.trichotomy import error_pending_curve

    curve = error_pending_curve(gaussian(200, 2.0, 5), None, [0.0, 0.05, 0.2], folds=3)
    pending = [c["pending_rate"] for c in curve]
    wrong = [c["misclassification_rate"] for c in curve]
    assert pending[0] > pending[1] > pending[2]
    assert wrong[0] < wrong[2]
    assert all(0 < c["attributes_used"] <= 6 for c in curve)


def test_cli_evaluate_and_predict_write_pending(tmp_path, capsys):
    import json

    from engine import cli

    data = gaussian(150, 1.0, 6)
    lines = ["X1,X2,X3,X4,X5,X6,class"] + [",".join(f"{v:.4f}" for v in row) + f",{'Hi' if c else 'Lo'}"
                                           for row, c in zip(data.X, data.y)]
    (tmp_path / "g.csv").write_text("\n".join(lines) + "\n")
    assert cli.main(["evaluate", str(tmp_path / "g.csv"), "--algorithm", "trichotomy", "--class-order", "Lo,Hi",
                     "--cv", "3", "--json"]) == 0
    metrics = json.loads(capsys.readouterr().out)["metrics"]
    assert {"pending_rate", "misclassification_rate", "attributes_used"} <= set(metrics)
    assert metrics["pending_rate"]["mean"] > 0.3
    assert cli.main(["train", str(tmp_path / "g.csv"), "--algorithm", "trichotomy", "--out",
                     str(tmp_path / "t.json")]) == 0
    assert cli.main(["predict", str(tmp_path / "t.json"), str(tmp_path / "g.csv"), "--out",
                     str(tmp_path / "p.csv")]) == 0
    predictions = [line.split(",")[1] for line in (tmp_path / "p.csv").read_text().splitlines()[1:]]
    assert "PENDING" in predictions and {"Lo", "Hi"} <= set(predictions)


def test_one_against_rest_is_scored_by_membership():
    from engine.algorithms.trichotomy import label_members
    from engine.evaluate import metrics

    members = label_members(["a", "b", "c", "not b"], 3)
    assert members.tolist() == [[True, False, False], [False, True, False], [False, False, True],
                                [True, False, True]]
    m = metrics(np.array([0, 1, 2, 1]), np.array([3, 1, 3, 3]), 3, members=members)
    assert m["accuracy"] == pytest.approx(3 / 4)


def test_simulation_generator():
    from engine.reproduce.trichotomy import simulate

    d = simulate(3, 2.0, 0.5, n=4000)
    lo, hi = d.X[d.y == 0], d.X[d.y == 1]
    np.testing.assert_allclose(hi.mean(0), [2, 1.5, 2.5, 0, 0, 0], atol=0.1)
    np.testing.assert_allclose(np.corrcoef(lo.T)[0, 1], 0.5, atol=0.05)
    np.testing.assert_allclose(hi.var(0) / lo.var(0), 2.0, rtol=0.15)


def test_a_stage_of_one_attribute_reads_in_its_own_direction():
    """Issue 36: a stage on one attribute negated (s = -score) reads "score >= 732.5" in rules and
    on the tree, never "-score <= -732.5"; a stage of several attributes keeps its linear score."""
    from engine.data.encode import AttributeSchema, DataSchema
    from engine.tree.describe import branch_labels, node_heading
    from engine.tree.model import Leaf, Tree, TrichotomySplit
    from engine.tree.rules import condition_texts, extract_rules

    schema = DataSchema("y", ["good", "bad"], False, [AttributeSchema("信用评分", "numeric"),
                                                      AttributeSchema("收入", "numeric")])

    def stage(features, weights, low, high):
        tree = Tree(schema)
        tree.add(TrichotomySplit(counts=np.array([5.0, 5.0]), label=0, children=[1, 2, 3], features=features,
                                 weights=weights, low=low, high=high))
        for counts in ([4.0, 0.0], [0.0, 4.0], [1.0, 1.0]):
            tree.add(Leaf(counts=np.array(counts), label=int(np.argmax(counts))), 0)
        return tree

    tree = stage([0], [-1.0], -732.5, -600.0)
    assert node_heading(tree, 0) == "信用评分"
    assert branch_labels(tree, 0) == [">= 732.5", "<= 600", "> 600, < 732.5"]
    texts = [condition_texts(tree, r) for r in extract_rules(tree)]
    assert texts == [["信用评分 >= 732.5"], ["信用评分 <= 600"], ["信用评分 > 600 AND 信用评分 < 732.5"]]
    two = stage([0, 1], [-0.8, 0.6], -1.5, 2.0)
    assert node_heading(two, 0).startswith("-0.8") and condition_texts(two, extract_rules(two)[0])[0].endswith("<= -1.5")
