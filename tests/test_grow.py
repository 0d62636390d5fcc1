"""The one growth loop and its parts: splitters that send a case down several
branches with weights, choices by tuple keys or over all candidates, missing-value
policies, stopping rules. Worked examples by hand (ALGORITHMS.md §2, §3.4)."""

import math

import numpy as np
import pytest

from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.tree.grow import BestByKey, Candidate, Cases, Stopping, grow
from engine.tree.model import CategorySplit, FuzzySplit, Tree
from engine.tree.predict import predict
from engine.tree.splitters import CodesSplitter, FuzzySplitter, divide


def H(p):
    p = np.asarray(p, float)
    p = p[p > 0] / p.sum()
    return float(-(p * np.log2(p)).sum())


def fuzzy_gain(bags, total, j):
    """Fuzzy ID3's gain: FEntr(D) - Σ_g η_g FEntr(D^{T_g}), η_g = M(D^{T_g}) / Σ M."""
    masses = bags.sum(axis=1)
    after = sum(m / masses.sum() * H(b) for m, b in zip(masses, bags) if m > 0)
    return H(bags.sum(axis=0)) - after, {"after": after}


@pytest.fixture
def six():
    """§3.4: classes (1, 2, 3, 1, 3, 4); attribute A with two terms, A1 = (0.7, 0.6, 0.4, 0.8, 0.3, 0.0)
    = 1 - x on centres 0 and 1; a second attribute B that separates {1, 2} from {3, 4}."""
    x = np.array([0.3, 0.4, 0.6, 0.2, 0.7, 1.0])
    b = np.array([0.0, 0.1, 0.9, 0.0, 1.0, 0.8])
    y = np.array([0, 1, 2, 0, 2, 3])
    schema = DataSchema("c", ["1", "2", "3", "4"], False, [AttributeSchema("A", "numeric"),
                                                         AttributeSchema("B", "numeric")])
    return EncodedData(np.column_stack([x, b]), y, np.ones(6), schema, np.arange(6))


def test_fuzzy_splitter_worked_example(six):
    """The memberships route each case to both terms: child masses by class are the sums of A1
    (and A2) over the class's cases; FEntr_3^D = 1.9183 and FEntr_3^{D^A1} = 1.4586 (§3.4)."""
    seen = {}

    def score(bags, total, j):
        seen[j] = bags
        return fuzzy_gain(bags, total, j)

    splitter = FuzzySplitter(six, [[0.0, 1.0], None], score)
    root = splitter.root()
    (cand,) = splitter.candidates(root)  # B has no terms (a numeric attribute with terms None is not offered)
    assert cand.attribute == 0
    np.testing.assert_allclose(seen[0], [[1.5, 0.6, 0.7, 0.0], [0.5, 0.4, 1.3, 1.0]])
    assert round(H(root.counts), 4) == 1.9183
    assert round(H(seen[0][0]), 4) == 1.4586
    tree = grow(splitter, choice=BestByKey("value"), stopping=Stopping(max_depth=1, min_samples_split=1))
    assert isinstance(tree.root, FuzzySplit) and tree.root.centres == [0.0, 1.0]
    np.testing.assert_allclose([tree.nodes[c].weight for c in tree.root.children], [2.8, 3.2])
    # a case at x = 0.25 is 0.75 low and 0.25 high: its scores mix the two leaves' distributions
    p = predict(tree, np.array([[0.25, np.nan]]))
    want = 0.75 * np.array([1.5, 0.6, 0.7, 0.0]) / 2.8 + 0.25 * np.array([0.5, 0.4, 1.3, 1.0]) / 3.2
    np.testing.assert_allclose(p.scores[0], want)


def test_fuzzy_tnorm_product_or_minimum(six):
    """Two levels of fuzzy splits: a case's mass in a grandchild is node(x)·T(x) with the product,
    min(node(x), T(x)) with the minimum; the t-norm is stored with the tree and read back."""
    terms = [[0.0, 1.0], [0.0, 1.0]]
    masses = {}
    for tnorm in ("product", "minimum"):
        splitter = FuzzySplitter(six, terms, fuzzy_gain, tnorm=tnorm)
        tree = grow(splitter, choice=BestByKey("value"), stopping=Stopping(min_samples_split=1))
        assert tree.depth == 2 and tree.tnorm == tnorm
        first = tree.root.children[0]
        masses[tnorm] = [tree.nodes[c].weight for c in tree.nodes[first].children]
        x = np.array([[0.45, 0.35]])
        back = Tree.from_json(tree.to_json(), tree.schema)
        assert back.tnorm == tnorm and (tnorm == "product") == ("fuzzy" not in tree.to_json())
        np.testing.assert_array_equal(predict(back, x).scores, predict(tree, x).scores)
    mu_root = 1 - six.X[:, tree.root.feature]  # every case's membership in the first child (a term "low")
    other = 1 - tree.root.feature  # the attribute the grandchildren split on
    low = 1 - six.X[:, other]
    assert masses["product"][0] == pytest.approx(float((mu_root * low).sum()))
    assert masses["minimum"][0] == pytest.approx(float(np.minimum(mu_root, low).sum()))
    assert masses["product"] != pytest.approx(masses["minimum"])


def test_stop_at_class_share_and_mass(six):
    """β0: a node whose largest class holds at least this share is a leaf; so is a node whose
    membership mass is below min_mass."""
    splitter = FuzzySplitter(six, [[0.0, 1.0], [0.0, 1.0]], fuzzy_gain)
    full = grow(splitter, choice=BestByKey("value"), stopping=Stopping(min_samples_split=1))
    assert full.n_leaves == 4
    shares = [full.nodes[c].counts.max() / full.nodes[c].weight for c in full.root.children]
    beta = min(shares)  # the root's children that reach this share become leaves
    cut = grow(FuzzySplitter(six, [[0.0, 1.0], [0.0, 1.0]], fuzzy_gain), choice=BestByKey("value"),
               stopping=Stopping(min_samples_split=1, max_class_share=beta))
    assert cut.n_leaves < full.n_leaves
    assert all(cut.nodes[i].counts.max() / cut.nodes[i].weight < beta for i in cut.reachable()
               if not cut.nodes[i].is_leaf)
    light = min(full.nodes[c].weight for c in full.root.children)
    massed = grow(FuzzySplitter(six, [[0.0, 1.0], [0.0, 1.0]], fuzzy_gain), choice=BestByKey("value"),
                  stopping=Stopping(min_samples_split=1, min_mass=light + 1e-9))
    child_weights = {massed.nodes[c].weight: massed.nodes[c].is_leaf for c in massed.root.children}
    assert child_weights[light] is True and massed.n_leaves == 3


# ---- choices --------------------------------------------------------------------------


def test_best_by_tuple_key_and_margin():
    cands = [Candidate(0.0, 0, scores={"gamma": 0.0, "purity": 1.25}),
             Candidate(0.0, 1, scores={"gamma": 0.0, "purity": 1.40}),
             Candidate(0.0, 2, scores={"gamma": 0.0, "purity": 1.50}),
             Candidate(0.0, 3, scores={"gamma": 0.0, "purity": 1.50})]
    key = BestByKey(lambda c: (c["gamma"], c["purity"]))
    assert key(cands, None).attribute == 2  # the larger purity; of two equal, the first
    cands[0].scores["gamma"] = 0.1
    assert key(cands, None).attribute == 0  # dependency first
    near = [Candidate(1.0, 0), Candidate(1.0 + 1e-13, 1), Candidate(1.0 + 1e-9, 2)]
    assert BestByKey("value", margin=1e-12)(near, None).attribute == 2
    assert BestByKey("value")(near, None).attribute == 2
    assert BestByKey("value", margin=1e-8)(near, None).attribute == 0


def rough_scores(bags, total, j):
    """Dependency γ (the share of cases in pure granules) and attribute purity (the sum of the
    granules' largest class shares), ALGORITHMS.md §2."""
    granules = bags[bags.sum(axis=1) > 0]
    pure = granules[(granules > 0).sum(axis=1) == 1].sum()
    purity = float((granules.max(axis=1) / granules.sum(axis=1)).sum())
    return float(pure / total), {"gamma": float(pure / total), "purity": purity}


def dp_example():
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.spec import ProblemSpec

    from conftest import ROOT

    path = ROOT / "tests" / "data" / "datasets" / "dp_paper_example.csv"
    spec = ProblemSpec(target="D")
    spec.set_attribute("case", use=False)
    for c in ("c1", "c2", "c3", "c4", "c5"):
        spec.set_attribute(c, type="nominal")
    return encode(read_table(str(path)), spec)


def test_tuple_key_through_the_loop_dp_worked_example():
    """§2's table: at the root every γ = 0 and the purities are 1.25, 1.4, 1.5, 1.25, 1.3393, so the
    key (γ, purity) takes c3; under c3 = 1 then c4 = 0 it takes c2 (DP), not c5 (gain): the
    paper's 7 leaves, 3 of them with one case."""
    data = dp_example()
    codes = data.X.copy()
    sizes = [len(a.categories) for a in data.schema.attributes]
    splitter = CodesSplitter(data, codes, sizes, [None] * len(sizes), rough_scores)
    root = splitter.root()
    cands = splitter.candidates(root)
    assert [round(c["purity"], 4) for c in cands] == [1.25, 1.4, 1.5, 1.25, 1.3393]
    assert all(c["gamma"] == 0 for c in cands)
    tree = grow(splitter, choice=BestByKey(lambda c: (c["gamma"], c["purity"])),
                stopping=Stopping(min_samples_split=1, min_samples_leaf=0, min_impurity_decrease=None))
    names = data.schema.names
    assert names[tree.root.feature] == "c3"
    leaves = sorted(tree.nodes[i].weight for i in tree.leaves() if tree.nodes[i].weight > 0)
    assert len(leaves) == 7 and leaves.count(1.0) == 3
    assert sorted(leaves) == [1, 1, 1, 2, 3, 3, 4]


def test_a_choice_that_sees_every_candidate():
    """Min-max normalisation across the candidates (the cost family's F): the choice is made
    on the normalised scores, which no key on one candidate alone could give."""
    data = dp_example()
    codes = data.X.copy()
    sizes = [len(a.categories) for a in data.schema.attributes]
    test_cost = [10.0, 30.0, 50.0, 1.0, 5.0]

    def score(bags, total, j):
        granules = bags[bags.sum(axis=1) > 0]
        errors = float((granules.sum(axis=1) - granules.max(axis=1)).sum())
        return -errors, {"mc": errors, "tc": test_cost[j]}

    def normalised(cands, cases):
        def norm(v):
            v = np.asarray(v, float)
            return np.zeros_like(v) if v.max() == v.min() else (v - v.min()) / (v.max() - v.min())

        f = 0.5 * norm([c["mc"] for c in cands]) + 0.5 * norm([c["tc"] for c in cands])
        return cands[int(np.argmin(f))] if cands else None

    splitter = CodesSplitter(data, codes, sizes, [None] * len(sizes), score)
    root = splitter.root()
    cands = splitter.candidates(root)
    mc = [c["mc"] for c in cands]
    assert mc == [6.0, 5.0, 4.0, 6.0, 5.0]  # errors left by each split's majority labels
    # F = 0.5 (mc - 4) / 2 + 0.5 (tc - 1) / 49: c1 0.59, c2 0.55, c3 0.5, c4 0.5, c5 0.29
    assert normalised(cands, root).attribute == 4
    # neither raw criterion alone nor their raw sum picks c5: c3 has the fewest errors, c4 the least mc + tc
    assert BestByKey(lambda c: -c["mc"])(cands, root).attribute == 2
    assert BestByKey(lambda c: -(c["mc"] + c["tc"]))(cands, root).attribute == 3
    tree = grow(splitter, choice=normalised,
                stopping=Stopping(max_depth=1, min_samples_split=1, min_impurity_decrease=None))
    assert tree.root.feature == 4


# ---- missing values ------------------------------------------------------------------------


def test_divide_missing_policies():
    """Three cases with a value (two left, weights 1 and 2; one right, weight 3) and one missing
    (weight 4): stay -> it goes nowhere; fractional -> 4 · 3/6 to each side; heavier -> the right
    side (weight 3 > ... no: left 3 vs right 3, a tie goes to the first, the left)."""
    X = np.array([[1.0], [2.0], [9.0], [np.nan]])
    node = CategorySplit(counts=None, label=0, children=[-1, -1], feature=0, cuts=[5.0], branches=[0, 1])
    rows, w = np.arange(4), np.array([1.0, 2.0, 3.0, 4.0])
    stay = divide(node, X, rows, w, "stay")
    assert [r.tolist() for r, _ in stay] == [[0, 1], [2]]
    frac = divide(node, X, rows, w, "fractional")
    assert [r.tolist() for r, _ in frac] == [[0, 1, 3], [2, 3]]
    assert frac[0][1].tolist() == [1.0, 2.0, 2.0] and frac[1][1].tolist() == [3.0, 2.0]
    heavy = divide(node, X, rows, np.array([1.0, 2.0, 3.5, 4.0]), "heavier")
    assert [r.tolist() for r, _ in heavy] == [[0, 1], [2, 3]]
    # nothing known here: the shares given (the training branches' weights), else equal
    only = divide(node, X, np.array([3]), np.array([4.0]), "fractional", shares=np.array([0.25, 0.75]))
    assert [w.tolist() for _, w in only] == [[1.0], [3.0]]


def test_keep_cases_returns_each_nodes_training_rows(six):
    splitter = FuzzySplitter(six, [[0.0, 1.0], None], fuzzy_gain)
    tree, cases = grow(splitter, choice=BestByKey("value"), stopping=Stopping(min_samples_split=1),
                       keep_cases=True)
    assert set(cases) == set(tree.reachable())
    for i, c in cases.items():
        np.testing.assert_allclose(c.counts, tree.nodes[i].counts)
        assert isinstance(c, Cases) and math.isclose(c.weight, tree.nodes[i].weight)


def test_minimum_tnorm_keeps_case_weights_apart(six):
    """With the minimum t-norm a child's mass is Σ case weight · min(membership, T(x)): case
    weights are frequencies, not degrees, so a weight of 2 doubles the mass instead of being
    capped by the minimum at the membership."""
    weighted = EncodedData(six.X, six.y, np.array([2.0, 1.0, 1.0, 1.0, 1.0, 1.0]), six.schema, six.rows)
    terms = [[0.0, 1.0], [0.0, 1.0]]
    tree = grow(FuzzySplitter(weighted, terms, fuzzy_gain, tnorm="minimum"), choice=BestByKey("value"),
                stopping=Stopping(min_samples_split=1))
    plain = grow(FuzzySplitter(six, terms, fuzzy_gain, tnorm="minimum"), choice=BestByKey("value"),
                 stopping=Stopping(min_samples_split=1))
    assert tree.root.feature == plain.root.feature
    np.testing.assert_allclose(tree.root.counts, [3, 1, 2, 1])
    f = tree.root.feature
    low = 1 - six.X[:, f]  # membership in the first term; case 0 has weight 2
    first = tree.nodes[tree.root.children[0]]
    assert first.counts[0] == pytest.approx(2 * low[0] + low[3])
    g = 1 - f
    grandchild = tree.nodes[first.children[0]]
    want = 2 * min(low[0], 1 - six.X[0, g]) + min(low[3], 1 - six.X[3, g])
    assert grandchild.counts[0] == pytest.approx(want)


def test_fuzzy_splitter_names_terms_and_sets_the_aggregation(six):
    """The term names given reach the split (and so the rules and the canvas), and the tree
    answers with the aggregation the splitter was given."""
    from engine.tree.describe import branch_labels
    from engine.tree.rules import extract_rules, rule_text

    splitter = FuzzySplitter(six, [[0.0, 1.0], None], fuzzy_gain, names=[["dry", "wet"], None],
                             aggregate="label_sum")
    tree = grow(splitter, choice=BestByKey("value"), stopping=Stopping(max_depth=1, min_samples_split=1))
    assert tree.aggregate == "label_sum" and tree.root.terms == ["dry", "wet"]
    assert branch_labels(tree, 0) == ["dry ~0", "wet ~1"]
    assert [rule_text(tree, r).split(" THEN ")[0] for r in extract_rules(tree)] == ["IF A is dry", "IF A is wet"]
