"""Monotonicity report and the relabelling guarantee (ALGORITHMS.md §1.5)."""

import itertools

import numpy as np
import pytest

from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema
from engine.monotone import enforce_monotone, inverted_share, isotonic_labels, l1_cost, may_lie_below, \
    monotonicity_report
from engine.synth import monotone_data
from engine.tree.model import Leaf, ThresholdSplit, Tree
from engine.tree.predict import predict

SCHEMA = DataSchema("y", ["1", "2", "3"], True, [AttributeSchema("x", "numeric", monotone=1),
                                                 AttributeSchema("z", "numeric", monotone=0)])


def hand_tree(labels):
    """x <= 1 -> A | (x <= 2 -> B | C): three leaves ordered A <= B <= C along x."""
    t = Tree(SCHEMA)
    t.add(ThresholdSplit(counts=[3, 3, 3], label=1, children=[1, 2], feature=0, threshold=1.0))
    t.add(Leaf(counts=[3, 0, 0], label=labels[0]), 0)
    t.add(ThresholdSplit(counts=[0, 3, 3], label=1, children=[3, 4], feature=0, threshold=2.0), 0)
    t.add(Leaf(counts=[0, 3, 0], label=labels[1]), 2)
    t.add(Leaf(counts=[0, 0, 3], label=labels[2]), 2)
    return t


def test_report_counts_pairs_by_hand():
    assert monotonicity_report(hand_tree([0, 1, 2])) == {"nonmonotone_pairs": 0, "nmi": 0.0, "constrained": 1}
    # labels 2, 1, 0: A may lie below B and C, B below C: three inverted pairs out of 3·3 - 3 = 6
    report = monotonicity_report(hand_tree([2, 1, 0]))
    assert report["nonmonotone_pairs"] == 3 and report["nmi"] == pytest.approx(0.5)


def test_unconstrained_attribute_needs_overlap():
    t = Tree(SCHEMA)
    t.add(ThresholdSplit(counts=[2, 2, 0], label=0, children=[1, 2], feature=1, threshold=0.0))
    t.add(Leaf(counts=[0, 2, 0], label=1), 0)  # z <= 0
    t.add(Leaf(counts=[2, 0, 0], label=0), 0)  # z > 0: no case of one box equals one of the other on z
    assert monotonicity_report(t)["nonmonotone_pairs"] == 0
    assert not may_lie_below(t).any()


def brute_force(counts, below):
    n, K = counts.shape
    best = None
    for labels in itertools.product(range(K), repeat=n):
        labels = np.array(labels)
        if (below & (labels[:, None] > labels[None, :])).any():
            continue
        cost = l1_cost(counts, labels)
        if best is None or cost < best - 1e-12:
            best = cost
    return best


@pytest.mark.parametrize("seed", range(25))
def test_isotonic_relabelling_is_optimal(seed):
    rng = np.random.default_rng(seed)
    n, K = int(rng.integers(2, 7)), int(rng.integers(2, 4))
    counts = rng.integers(0, 5, (n, K)).astype(float)
    # a random partial order: a random DAG closed under nothing in particular, plus ties both ways
    below = rng.random((n, n)) < 0.3
    np.fill_diagonal(below, False)
    labels = isotonic_labels(counts, below)
    assert not (below & (labels[:, None] > labels[None, :])).any()
    assert l1_cost(counts, labels) == pytest.approx(brute_force(counts, below))


@pytest.mark.parametrize("name", ["facmi", "ie", "rt", "remt", "cart"])
def test_guarantee_leaves_no_violation_at_a_small_cost(name):
    data = monotone_data(400, 5, seed=8)
    # label noise makes the unconstrained tree non-monotone
    rng = np.random.default_rng(0)
    noisy = rng.random(400) < 0.15
    data.y = data.y.copy()
    data.y[noisy] = rng.integers(0, 5, noisy.sum())
    info = get(name)
    base = {"prune": "none"} if name == "cart" else {}
    free = info.fit(data, None, resolve_params(info, base))
    guarded = info.fit(data, None, resolve_params(info, {**base, "enforce_monotone": True}))
    assert monotonicity_report(free)["nonmonotone_pairs"] > 0
    assert monotonicity_report(guarded)["nonmonotone_pairs"] == 0
    report = guarded.info["monotone_guarantee"]
    assert report["training_mae_after"] >= report["training_mae_before"]
    test = monotone_data(1000, 5, seed=99)
    assert inverted_share(guarded, test.X, predict(guarded, test.X).labels) == 0.0


def test_inverted_share_by_hand():
    t = hand_tree([2, 1, 0])
    X = np.array([[0.5, 0.0], [1.5, 0.0], [2.5, 0.0]])
    labels = predict(t, X).labels  # 2, 1, 0: every comparable pair is inverted
    assert inverted_share(t, X, labels) == 1.0
    X2 = np.array([[0.5, 0.0], [2.5, 1.0]])  # z differs: not comparable
    assert inverted_share(t, X2, predict(t, X2).labels) == 0.0


def test_enforce_reports_the_mae_cost():
    t = hand_tree([0, 2, 1])  # B and C swapped: relabel to the cheapest monotone labels
    report = enforce_monotone(t)
    assert monotonicity_report(t)["nonmonotone_pairs"] == 0
    assert [t.nodes[i].label for i in t.leaves()] == [0, 1, 2]
    assert report["training_mae_after"] == 0.0 and report["relabelled_leaves"] == 2
