"""C4.5 (J48): a tree computed by hand, gains and ratios, the binomial error bound,
pruning, fractional missing values."""

import math

import numpy as np
import pytest

from engine.algorithms.c45 import C45Splitter, add_errors, gain_ratio, gain_ratio_among_average_gains, info_gain
from engine.algorithms.registry import get, resolve_params
from engine.data import read_table
from engine.data.encode import encode
from engine.data.spec import ProblemSpec
from engine.tree.model import CategorySplit, Leaf, ThresholdSplit
from engine.tree.predict import predict

TOY = ("outlook,temp,y\nsunny,1,no\nsunny,2,no\nsunny,3,yes\nrain,4,yes\nrain,5,yes\nrain,6,yes\n"
       "sunny,7,no\nrain,8,no\n")


@pytest.fixture
def toy(tmp_path):
    (tmp_path / "toy.csv").write_text(TOY)
    return encode(read_table(tmp_path / "toy.csv"), ProblemSpec(target="y"))


def H(*p):
    t = sum(p)
    return -sum(x / t * math.log2(x / t) for x in p if x)


def test_root_split_by_hand(toy):
    """outlook: gain 1 - H(3,1) = 0.1887, ratio the same (split info 1).
    temp: best cut 2.5 (gain 1 - 6/8 H(2,4) = 0.3113, tied with 6.5: the lower wins), five cuts
    leave two cases a side, so MDL takes log2(5)/8: 0.0210, ratio 0.0210 / H(2,6) = 0.0259.
    The average gain is 0.1049 (0.1887 + 0.0210) / 2: temp is below it, so outlook is chosen despite the numbers."""
    splitter = C45Splitter(toy, 2.0, True)
    root = splitter.root()
    outlook, temp = splitter.candidates(root)
    assert (outlook.attribute, temp.attribute) == (0, 1)
    assert outlook["gain"] == pytest.approx(1 - H(3, 1), abs=1e-9) and outlook["ratio"] == pytest.approx(outlook["gain"])
    gain = 1 - 6 / 8 * H(2, 4) - math.log2(5) / 8
    assert temp.detail == 2.5 and temp["gain"] == pytest.approx(gain, abs=1e-9)
    assert temp["ratio"] == pytest.approx(gain / H(2, 6), abs=1e-9)
    assert round(temp["gain"], 4) == 0.0210 and round(temp["ratio"], 4) == 0.0259
    assert gain_ratio_among_average_gains([outlook, temp], root) is outlook


def test_unpruned_and_pruned_trees_by_hand(toy):
    info = get("c45")
    unpruned = info.fit(toy, None, resolve_params(info, {"prune": False, "collapse": False}))
    root = unpruned.root
    assert isinstance(root, CategorySplit) and root.feature == 0
    rain, sunny = (unpruned.nodes[c] for c in root.children)  # categories in natural order: rain, sunny
    assert isinstance(sunny, ThresholdSplit) and sunny.threshold == 2.5 and sunny.counts.tolist() == [3, 1]
    assert isinstance(rain, ThresholdSplit) and rain.threshold == 5.5 and rain.counts.tolist() == [1, 3]
    assert [unpruned.nodes[c].counts.tolist() for c in sunny.children] == [[2, 0], [1, 1]]
    assert [unpruned.nodes[c].counts.tolist() for c in rain.children] == [[0, 2], [1, 1]]
    assert unpruned.nodes[rain.children[1]].label == 0  # a 1:1 tie goes to the first class, "no"
    # collapse: each temp split leaves 1 training error, as many as its node as a leaf -> both collapse;
    # the root keeps its split: leaf estimate 4 + 1.394 > leaves 2 x (1 + 1.172) + 0.1
    pruned = info.fit(toy, None, resolve_params(info, {}))
    assert isinstance(pruned.root, CategorySplit)
    assert [pruned.nodes[c].counts.tolist() for c in pruned.root.children] == [[1, 3], [3, 1]]
    assert all(isinstance(pruned.nodes[c], Leaf) for c in pruned.root.children)


def test_binomial_upper_limit_matches_weka():
    assert add_errors(8, 4, 0.25) == pytest.approx(1.39406, abs=1e-4)
    assert add_errors(4, 1, 0.25) == pytest.approx(1.17201, abs=1e-4)
    assert add_errors(4, 0, 0.25) == pytest.approx(4 * (1 - 0.25 ** 0.25), abs=1e-12)
    assert add_errors(3, 3, 0.25) == 0.0  # e + 0.5 >= n


def test_gain_with_missing_values_is_scaled_and_split_info_counts_them():
    bags = np.array([[3.0, 0.0], [0.0, 3.0]])  # 6 known cases split perfectly, 2 more unknown
    g = info_gain(bags, 8.0)
    assert g == pytest.approx(6 / 8 * 1.0)
    si = -(2 * (3 / 8) * math.log2(3 / 8) + (2 / 8) * math.log2(2 / 8))
    assert gain_ratio(bags, 8.0, g) == pytest.approx(g / si)


def test_missing_values_go_down_every_branch(tmp_path):
    rows = ["a,b,y"] + [f"{i},{'p' if i % 2 else 'q'},{'A' if i < 10 else 'B'}" for i in range(20)]
    rows += ["?,p,A", "?,q,B"]
    (tmp_path / "m.csv").write_text("\n".join(rows) + "\n")
    data = encode(read_table(tmp_path / "m.csv"), ProblemSpec(target="y"))
    info = get("c45")
    tree = info.fit(data, None, resolve_params(info, {}))
    root = tree.root
    assert isinstance(root, ThresholdSplit) and root.feature == 0 and root.threshold == 9.5
    left, right = (tree.nodes[c] for c in root.children)
    # the two unknown cases are shared 10:10 between the branches
    assert left.counts.tolist() == [10.5, 0.5] and right.counts.tolist() == [0.5, 10.5]
    p = predict(tree, np.array([[np.nan, 0.0]]), "fractional")
    np.testing.assert_allclose(p.scores[0], [0.5, 0.5])


def test_c45_on_real_data_is_reasonable(datasets):
    data = encode(read_table(datasets / "breast_cancer_wisconsin_original.csv"), ProblemSpec(target="class"))
    info = get("c45")
    pruned = info.fit(data, None, resolve_params(info, {}))
    unpruned = info.fit(data, None, resolve_params(info, {"prune": False, "collapse": False}))
    assert pruned.n_leaves < unpruned.n_leaves
    acc = (predict(pruned, data.X, "fractional").labels == data.y).mean()
    assert 0.95 < acc < 0.995
