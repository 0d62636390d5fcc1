"""The fuzzy splitter's compiled kernels (engine.kernels.fuzzy_split) against their naive twin:
`divide` (each attribute's FuzzySplit node routing the rows in NumPy) and `np.bincount`, number
for number (exact equality, not a tolerance), with missing values, unknown codes, nominal
attributes, case weights, both t-norms, every missing-value policy and a significance floor;
and whole fuzzy trees, compiled path against the attribute-by-attribute one."""

import numpy as np
import pytest

from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.kernels import fuzzy_split as FZ
from engine.tree.model import FuzzySplit
from engine.tree.splitters import FuzzySplitter, divide

POLICIES = {"stay": FZ.STAY, "fractional": FZ.FRACTIONAL, "heavier": FZ.HEAVIER}


def naive_bags(X, y, w, rows, weights, nodes, tnorm, missing, floor, n_classes):
    """Per attribute: its node's children's rows and weights by `divide`, a floor applied, and
    their class masses by np.bincount (the minimum t-norm's masses times the cases' weights)."""
    out = []
    for node in nodes:
        base = w[rows] if tnorm == "minimum" else None
        parts = [(r[pw >= floor], pw[pw >= floor]) for r, pw in divide(node, X, rows, weights, missing, tnorm,
                                                                         base=base)]
        bags = [np.bincount(y[r], weights=pw * w[r] if tnorm == "minimum" else pw, minlength=n_classes)
                for r, pw in parts]
        out.append((parts, np.array(bags, dtype=np.float64)))
    return out


def problem(seed, n=300):
    """Two numeric attributes (4 and 2 terms, some values missing, one with many ties on a
    centre), a nominal one (5 codes, some missing, one unknown code), one numeric with no
    missing value (the one-pass path), case weights, 3 classes; a node: a random subset of rows in
    order with random weights (some exactly 1)."""
    rng = np.random.default_rng(seed)
    X = np.column_stack([rng.normal(size=n), np.round(rng.uniform(0, 4, n)), rng.integers(0, 5, n).astype(float),
                         rng.uniform(-1, 1, n)])
    X[rng.random(n) < 0.1, 0] = np.nan
    X[rng.random(n) < 0.05, 2] = np.nan
    X[3, 2] = 7.0  # a code no branch takes
    X[rng.random(n) < 0.05, 1] = np.nan
    y = rng.integers(0, 3, n)
    w = rng.choice([1.0, 0.5, 2.0], n)
    rows = np.flatnonzero(rng.random(n) < 0.7)
    weights = np.where(rng.random(len(rows)) < 0.2, 1.0, rng.random(len(rows)))
    terms = [[-1.0, -0.2, 0.4, 1.5], [1.0, 3.0], None, [-0.45, 0.1, 0.7]]
    return X, y, w, rows, weights, terms


def nodes_of(terms):
    out = []
    for j, t in enumerate(terms):
        if t is None:
            out.append(FuzzySplit(counts=None, label=0, children=[-1] * 5, feature=j, branches=list(range(5))))
        else:
            out.append(FuzzySplit(counts=None, label=0, children=[-1] * len(t), feature=j, centres=list(t)))
    return out


def kernel_form(terms, X):
    n_terms = np.array([5 if t is None else len(t) for t in terms], np.int64)
    nominal = np.array([t is None for t in terms])
    lengths = [0 if t is None else len(t) for t in terms]
    starts = np.zeros(len(terms), np.int64)
    starts[1:] = np.cumsum(lengths)[:-1]
    centres = np.array([c for t in terms if t is not None for c in t], dtype=np.float64)
    XT = np.ascontiguousarray(X.T)
    complete = np.array([not FZ.has_unknown(XT[j], np.arange(X.shape[0]), n_terms[j], nominal[j])
                         for j in range(len(terms))])
    return XT, centres, starts, n_terms, nominal, complete


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("tnorm", ["product", "minimum"])
@pytest.mark.parametrize("missing", ["fractional", "stay", "heavier"])
@pytest.mark.parametrize("floor", [0.0, 0.3])
def test_bags_and_children_are_divide_and_bincount_exactly(seed, tnorm, missing, floor):
    X, y, w, rows, weights, terms = problem(seed)
    if tnorm == "minimum":
        weights = np.minimum(weights, 1.0)  # memberships
    XT, centres, starts, n_terms, nominal, complete = kernel_form(terms, X)
    assert complete.tolist() == [False, False, False, True]
    features = np.array([3, 0, 2, 1], np.int64)  # any order of the candidates
    naive = naive_bags(X, y, w, rows, weights, [nodes_of(terms)[j] for j in features], tnorm, missing, floor, 3)
    minimum = tnorm == "minimum"
    bags, filled = FZ.fuzzy_bags(XT, y, w, rows, weights, features, centres, starts, n_terms, nominal, complete,
                                 minimum, POLICIES[missing], floor, 3)
    for a, j in enumerate(features):
        parts, twin = naive[a]
        k = n_terms[j]
        np.testing.assert_array_equal(bags[a, :k], twin)
        assert not bags[a, k:].any()
        assert filled[a] == np.count_nonzero(twin.sum(axis=1) > 0)
        out_rows, out_weights, at, counts = FZ.fuzzy_children(XT, y, w, rows, weights, j, centres, starts,
                                                             n_terms, nominal, minimum, POLICIES[missing], floor, 3)
        assert len(at) == k + 1
        for c, (r, pw) in enumerate(parts):
            np.testing.assert_array_equal(out_rows[at[c]:at[c + 1]], r)
            np.testing.assert_array_equal(out_weights[at[c]:at[c + 1]], pw)
        np.testing.assert_array_equal(counts, twin)


def test_a_node_without_missing_values_takes_the_one_pass_path_with_the_same_bags():
    """Attribute 0 has missing values somewhere, but not in this node: the same numbers whether
    the kernel is told the column is complete or finds out."""
    X, y, w, rows, weights, terms = problem(3)
    rows = rows[~np.isnan(X[rows, 0])]
    weights = weights[:len(rows)]
    XT, centres, starts, n_terms, nominal, complete = kernel_form(terms, X)
    features = np.array([0], np.int64)
    found, _ = FZ.fuzzy_bags(XT, y, w, rows, weights, features, centres, starts, n_terms, nominal, complete, False,
                             FZ.FRACTIONAL, 0.0, 3)
    told, _ = FZ.fuzzy_bags(XT, y, w, rows, weights, features, centres, starts, n_terms, nominal,
                            np.ones(4, bool), False, FZ.FRACTIONAL, 0.0, 3)
    twin = naive_bags(X, y, w, rows, weights, [nodes_of(terms)[0]], "product", "fractional", 0.0, 3)[0][1]
    np.testing.assert_array_equal(found[0], twin)
    np.testing.assert_array_equal(told[0], twin)


def test_memberships_at_and_beyond_the_centres():
    """Values on a centre, between, outside, a single term: the triangular memberships."""
    from engine.tree.nodes import triangular_memberships

    centres = np.array([0.0, 1.0, 3.0])
    values = np.array([-5.0, 0.0, 0.25, 1.0, 2.999, 3.0, 7.0, np.nan])
    out = np.empty((len(values), 3))
    FZ.term_shares(values, np.arange(len(values)), centres, 0, 3, False, out)
    expected = np.nan_to_num(triangular_memberships(values, centres))
    np.testing.assert_array_equal(out, expected)
    one = np.empty((len(values), 1))
    FZ.term_shares(values, np.arange(len(values)), np.array([2.0]), 0, 1, False, one)
    assert one[:, 0].tolist() == [1.0] * 7 + [0.0]
    codes = np.empty((4, 3))
    FZ.term_shares(np.array([0.0, 2.0, 3.0, np.nan]), np.arange(4), centres, 0, 3, True, codes)
    assert codes.tolist() == [[1, 0, 0], [0, 0, 1], [0, 0, 0], [0, 0, 0]]


@pytest.mark.parametrize("n", [0, 1, 7, 8, 9, 15, 16, 127, 128, 129, 255, 256, 257, 1000, 4099])
def test_numpy_sum_adds_as_numpy_does(n):
    rng = np.random.default_rng(n)
    a = rng.random(n + 3) * 10.0 ** rng.uniform(-8, 8, n + 3)
    assert FZ.numpy_sum(a, 0, n) == a[:n].sum()
    assert FZ.numpy_sum(a, 3, n) == a[3:].sum()


class ByParts(FuzzySplitter):
    """The attribute-by-attribute path: a subclass with its own (here: the same) `parts`."""

    def parts(self, node, cases):
        return super().parts(node, cases)


def mixed_data():
    rng = np.random.default_rng(5)
    n = 240
    X = np.column_stack([rng.integers(0, 4, n).astype(float), np.round(rng.normal(size=n), 1), rng.random(n)])
    y = ((X[:, 0] == 1) | (X[:, 1] > 0.5)).astype(int) + (X[:, 2] > 0.8).astype(int)
    X[rng.random(X.shape) < 0.08] = np.nan
    schema = DataSchema("y", ["a", "b", "c"], False,
                        [AttributeSchema("colour", "nominal", ["red", "green", "blue", "grey"]),
                         AttributeSchema("score", "numeric"), AttributeSchema("ratio", "numeric")])
    return EncodedData(X, y.astype(np.int64), rng.choice([1.0, 3.0], n), schema, np.arange(n))


@pytest.mark.parametrize("tnorm", ["product", "minimum"])
@pytest.mark.parametrize("missing", ["fractional", "stay", "heavier"])
@pytest.mark.parametrize("floor", [0.0, 0.2])
def test_whole_trees_are_the_same_either_way(tnorm, missing, floor):
    from engine.algorithms.fuzzify import fuzzify
    from engine.kernels.hierarchy import hierarchical_gain
    from engine.tree.grow import BestByKey, Stopping, grow

    data = mixed_data()
    terms = fuzzify(data, 3)
    one_level = np.arange(3)[None, :].copy()

    def score(bags, total, j):
        gain, after = hierarchical_gain(np.ascontiguousarray(bags), one_level, 3)
        return gain, {"entropy_after": after}

    trees = []
    for kind in (FuzzySplitter, ByParts):
        splitter = kind(data, terms.terms, score, tnorm=tnorm, missing=missing, names=terms.names, floor=floor)
        assert splitter.compiled == (kind is FuzzySplitter)
        stopping = Stopping(min_samples_split=1, min_samples_leaf=0, min_impurity_decrease=None,
                            max_class_share=0.95, min_mass=0.5)
        trees.append(grow(splitter, choice=BestByKey("value", margin=1e-12), stopping=stopping).to_json())
    assert trees[0] == trees[1]
    assert len(trees[0]["nodes"]) > 10


def glass():
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.project import load_project

    from conftest import ROOT

    project = load_project(str(ROOT / "resources" / "demo" / "glass.rtproj"))
    return project.spec, encode(read_table(project.data_path, project.sheet), project.spec)


@pytest.mark.parametrize("name, params", [("hfdt", {}), ("hfdt", {"tnorm": "minimum", "k": 3}),
                                          ("fuzzy_id3", {"level": 2}), ("fuzzy_id3", {"beta0": 0.99})])
def test_glass_trees_are_the_same_as_attribute_by_attribute(monkeypatch, name, params):
    """The learners on the glass demo (4-level hierarchy): the compiled splitter grows the tree
    the attribute-by-attribute path grows, to the last digit of every mass."""
    import engine.algorithms.hfdt as H
    from engine.algorithms.registry import get, resolve_params

    spec, data = glass()
    info = get(name)
    resolved = resolve_params(info, params, spec)
    fast = info.fit(data, spec, resolved).to_json()
    monkeypatch.setattr(H, "FuzzySplitter", ByParts)
    assert info.fit(data, spec, resolved).to_json() == fast


@pytest.mark.parametrize("alpha", [0.1, 0.3])
def test_a_floor_is_the_significance_level(monkeypatch, alpha):
    """Min-Ambiguity grows through FuzzySplitter(floor=α): the same tree as Yuan & Shaw's rule
    written out on the attribute-by-attribute path (divide, then drop the cases whose
    membership in a child is below α)."""
    import engine.algorithms.hfdt as H
    from engine.algorithms.registry import get, resolve_params

    spec, data = glass()
    info = get("min_ambiguity")
    params = resolve_params(info, {"alpha": alpha, "level": 3}, spec)
    fast = info.fit(data, spec, params).to_json()

    class Significant(FuzzySplitter):
        def __init__(self, *args, floor=0.0, **kwargs):
            super().__init__(*args, **kwargs)
            self.alpha = floor

        def parts(self, node, cases):
            return [(rows[w >= self.alpha], w[w >= self.alpha]) for rows, w in super().parts(node, cases)]

    monkeypatch.setattr(H, "FuzzySplitter", Significant)
    slow = info.fit(data, spec, params).to_json()
    assert slow == fast
    params0 = resolve_params(info, {"alpha": 0.0, "level": 3}, spec)
    assert info.fit(data, spec, params0).to_json() != fast  # α matters
