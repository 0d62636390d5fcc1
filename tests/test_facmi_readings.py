"""FACMI's §1.4 readings: pairs=concordant|net and decreasing=negate|reciprocal.

Each reading has a worked example whose chosen cut differs from the default's, so
a learner that ignored the parameter fails here; the net criterion's kernels (ramp
and exact logistic) are checked against a pairwise double loop.
"""

import math

import numpy as np
import pytest

import naive
from engine.algorithms.ordinal import reversals
from engine.algorithms.registry import get, resolve_params
from engine.data import read_table
from engine.data.encode import AttributeSchema, DataSchema, EncodedData, encode
from engine.data.project import load_project
from engine.errors import OptionError
from engine.kernels import criteria as C_
from engine.kernels import ordinal_split as S_
from engine.kernels.split import presort
from engine.tree.model import ThresholdSplit
from engine.tree.predict import predict

from conftest import ROOT


def make(X, y, monotone, kinds=None, classes=None):
    X = np.asarray(X, float).reshape(len(y), -1)
    kinds = kinds or ["numeric"] * X.shape[1]
    attrs = [AttributeSchema(f"a{i}", kind, monotone=m) for i, (kind, m) in enumerate(zip(kinds, monotone))]
    classes = classes or [str(c) for c in range(int(max(y)) + 1)]
    return EncodedData(X, np.asarray(y, np.int64), np.ones(len(y)), DataSchema("class", classes, True, attrs),
                       np.arange(len(y)))


def fit(data, **params):
    info = get("facmi")
    return info.fit(data, None, resolve_params(info, params))


def root_cut(tree):
    node = tree.nodes[0]
    assert isinstance(node, ThresholdSplit)
    return node.feature, node.threshold


def naive_net(values, y, w, cut, mu):
    """(1/n²) Σ_x Σ_{y: d(y) < d(x)} w_x w_y [μ(x)(1 - μ(y)) - μ(y)(1 - μ(x))]: concordant
    minus discordant, written out pair by pair."""
    n = sum(w)
    total = 0.0
    for i in range(len(values)):
        for j in range(len(values)):
            if y[j] < y[i]:
                a, b = mu(values[i], cut), mu(values[j], cut)
                total += w[i] * w[j] * (a * (1 - b) - b * (1 - a))
    return total / (n * n)


# ---- pairs ---------------------------------------------------------------------------------------

# values 1..7, classes 0 1 0 0 1 0 0: N = (5, 2), n = 7
NET_X = np.arange(1.0, 8.0)
NET_Y = np.array([0, 1, 0, 0, 1, 0, 0])


def test_net_and_concordant_by_hand():
    """Crisp memberships (0/1): per cut 1.5 .. 6.5 the left counts L = (1,0) (1,1) (2,1) (3,1)
    (3,2) (4,2), right R = N - L; concordant = R_1 L_0, net = R_1 L_0 - R_0 L_1 (times n² = 49):
      concordant: 2·1 = 2, 1·1 = 1, 1·2 = 2, 1·3 = 3, 0·3 = 0, 0·4 = 0        -> best 4.5
      net: 2 - 4·0 = 2, 1 - 4·1 = -3, 2 - 3·1 = -1, 3 - 2·1 = 1, 0 - 2·2 = -4, 0 - 1·2 = -2
                                                                            -> best 1.5
    The cut 4.5 pairs the class-1 case at 5 above three class-0 cases, but leaves two class-0
    cases above the class-1 case at 2: net counts those against it."""
    w = np.ones(7)
    crisp = lambda v, c: 1.0 if v > c else 0.0  # noqa: E731
    cuts = np.arange(1.5, 7.0)
    conc = [naive.facmi(NET_X, NET_Y, w, c, crisp) * 49 for c in cuts]
    net = [naive_net(NET_X, NET_Y, w, c, crisp) * 49 for c in cuts]
    np.testing.assert_allclose(conc, [2, 1, 2, 3, 0, 0])
    np.testing.assert_allclose(net, [2, -3, -1, 1, -4, -2])
    # the compiled per-class form (1/n²) Σ_k [M_k N_{<k} - N_k M_{<k}] on the same memberships
    for c, want in zip(cuts, net):
        upper = np.array([sum(crisp(v, c) for v, k in zip(NET_X, NET_Y) if k == j) for j in (0, 1)])
        assert C_.facmi_net_value(upper, np.array([5.0, 2.0])) * 49 == pytest.approx(want)
        assert C_.facmi_pairs_value(C_.FACMI_LOGISTIC_NET, upper, np.array([5.0, 2.0])) * 49 == pytest.approx(want)


@pytest.mark.parametrize("membership", ["logistic", "ramp"])
@pytest.mark.parametrize("k", [10.0, 1000.0])
def test_net_pairs_choose_another_root_cut(membership, k):
    """The learner follows the hand table: concordant cuts at 4.5, net at 1.5 (k = 10: the
    spread is 2, the nearest values 0.5 from a cut, so the memberships are near crisp)."""
    data = make(NET_X, NET_Y, [1])
    assert root_cut(fit(data, k=k, membership=membership)) == (0, 4.5)
    assert root_cut(fit(data, k=k, membership=membership, pairs="net")) == (0, 1.5)


def _best_by_double_loop(X, y, w, k, mu_of, min_leaf=1):
    """Best (feature, threshold, value) over every cut, by the pairwise net value; ties: lowest
    feature, then lowest cut (as the kernels)."""
    best = (-1, 0.0, -math.inf)
    for f in range(X.shape[1]):
        col = X[:, f]
        known = ~np.isnan(col)
        v, yy, ww = col[known], y[known], w[known]
        s = float(np.std(v))
        if len(v) < 2 * min_leaf or s <= 0:
            continue
        u = np.unique(v)
        for a, b in zip(u[:-1], u[1:]):
            c = a + (b - a) / 2
            if (v <= c).sum() < min_leaf or (v > c).sum() < min_leaf:
                continue
            value = naive_net(v, yy, ww, c, mu_of(s))
            if value > best[2] + 1e-12:
                best = (f, c, value)
    return best


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("code", [C_.FACMI_RAMP_NET, C_.FACMI_LOGISTIC_NET])
def test_net_kernels_match_a_pairwise_double_loop(seed, code):
    """Nodes of 70-90 cases (above the size where the concordant ramp tries its bound), weights,
    missing values: the kernel's chosen cut and value are the double loop's."""
    rng = np.random.default_rng(seed)
    n, p, k = int(rng.integers(70, 90)), 3, int(rng.integers(2, 5))
    X = rng.normal(size=(n, p)).round(1)
    y = np.clip((X[:, 0] + rng.normal(scale=0.8, size=n) + 1.5).astype(np.int64), 0, k - 1)
    X[rng.random((n, p)) < 0.05] = np.nan
    w = rng.choice([1.0, 2.0], n) if seed % 2 else np.ones(n)
    order, vals, ys = presort(X, y)
    out = np.zeros(k)
    steep = 10.0
    f, t, v, _ = S_.best_ordinal_split(vals, ys, w, order, 0, n, np.ones(p, bool), k, code, 1, steep, 2 ** 62, out,
                                       bool(seed % 2 == 0))
    mu_of = (lambda s: naive.ramp(2 * s / steep)) if code == C_.FACMI_RAMP_NET else (
        lambda s: naive.logistic(steep, s))
    want_f, want_t, want_v = _best_by_double_loop(X, y, w, k, mu_of)
    assert f == want_f and t == pytest.approx(want_t) and v == pytest.approx(want_v, abs=1e-10)


# ---- decreasing ----------------------------------------------------------------------------------


def test_reciprocal_by_hand():
    """a = 1, 2, 3, 4 decreasing, classes 1 0 1 0, ramp membership (k = 10, half width 2s/10).
    negate: -a = -4 (0), -3 (1), -2 (0), -1 (1); s = 1.118, half width 0.224 < 0.5, so every cut
      is crisp: R_1 L_0 = 2, 1, 2 at -3.5, -2.5, -1.5; the tie goes to the lowest cut, -3.5,
      which reads a >= 3.5 (a <= 3.5 on the right).
    reciprocal: 1/a = 0.25 (0), 0.333 (1), 0.5 (0), 1 (1); s = 0.2909, half width 0.05818. The
      cut 0.2917 lies 0.0417 from both neighbours, inside the window: μ(0.25) = 0.1419,
      μ(0.333) = 0.8581, so it scores M_1 (N_0 - M_0) = 1.8581 · 0.8581 = 1.594 < 2; the cut 0.4167
      is crisp, 1; the cut 0.75 crisp, 2: it wins and reads a <= 1/0.75 = 4/3."""
    x, y = np.array([1.0, 2, 3, 4]), np.array([1, 0, 1, 0])
    u = 1 / x
    s = float(np.std(u))
    assert s == pytest.approx(0.29092, abs=1e-5)
    ramp = naive.ramp(2 * s / 10)
    w = np.ones(4)
    values = [naive.facmi(u, y, w, c, ramp) * 16 for c in (0.29166666666666663, 0.41666666666666663, 0.75)]
    np.testing.assert_allclose(values, [1.8581 * 0.8581, 1.0, 2.0], atol=2e-4)
    data = make(x, y, [-1])
    negated = fit(data, membership="ramp")
    turned = fit(data, membership="ramp", decreasing="reciprocal")
    assert root_cut(negated) == (0, 3.5)
    assert root_cut(turned) == (0, pytest.approx(4 / 3))
    # both read in the user's values, the decreasing attribute's cut with its children swapped:
    # the right child (a > threshold) holds the lower class
    for tree, low_side in ((negated, [3.0, 4.0]), (turned, [2.0, 3.0, 4.0])):
        pred = predict(tree, x[:, None]).labels
        assert set(pred[np.isin(x, low_side)]) <= {0}


def test_reciprocal_changes_the_logistic_choice_as_the_double_loop_says():
    """Six cases, the exact logistic membership: the double loop over the turned values picks
    6.5 under negation and 4 (the harmonic midpoint of 3 and 6: 1/((1/3 + 1/6)/2)) under 1/a."""
    x = np.array([7.0, 8, 2, 6, 1, 3])
    y = np.array([0, 0, 1, 1, 1, 1])
    w = np.ones(6)
    for turn, back, want in ((lambda a: -a, lambda t: -t, 6.5), (lambda a: 1 / a, lambda t: 1 / t, 4.0)):
        u = turn(x)
        s = float(np.std(u))
        cuts = [(a + b) / 2 for a, b in zip(np.unique(u)[:-1], np.unique(u)[1:])]
        scores = [naive.facmi(u, y, w, c, naive.logistic(10.0, s)) for c in cuts]
        assert back(cuts[int(np.argmax(scores))]) == pytest.approx(want)
    data = make(x, y, [-1])
    assert root_cut(fit(data)) == (0, pytest.approx(6.5))
    assert root_cut(fit(data, decreasing="reciprocal")) == (0, pytest.approx(4.0))


def test_reciprocal_tree_predicts_as_the_tree_grown_on_turned_values():
    """Turning the thresholds back is exact: a tree grown with decreasing=reciprocal predicts on
    the user's values what the same learner, given 1/a as an increasing attribute, predicts on
    1/a (numeric attribute; no training value equals a turned threshold)."""
    rng = np.random.default_rng(4)
    n = 300
    a = rng.uniform(0.5, 6.0, n).round(2)
    b = rng.random(n).round(2)
    y = np.clip(((1 / a) * 1.5 + b + rng.normal(scale=0.2, size=n)).astype(np.int64), 0, 2)
    X = np.column_stack([a, b])
    user = fit(make(X, y, [-1, 1]), decreasing="reciprocal")
    turned = fit(make(np.column_stack([1 / a, b]), y, [1, 1]))
    assert user.n_leaves == turned.n_leaves > 2
    np.testing.assert_array_equal(predict(user, X).labels, predict(turned, np.column_stack([1 / a, b])).labels)
    negated = fit(make(X, y, [-1, 1]))
    assert negated.to_json() != user.to_json()


def test_reciprocal_on_ordinal_ranks_and_the_fall_back():
    """Ordinal attributes: 1/(rank + 1); a numeric attribute with a value <= 0 is negated instead
    and the tree says so."""
    project = load_project(str(ROOT / "resources" / "demo" / "car_evaluation.rtproj"))
    data = encode(read_table(project.data_path, project.sheet), project.spec)
    decreasing = [f for f, at in enumerate(data.schema.attributes) if at.monotone < 0]
    assert decreasing and reversals(data, "reciprocal") == {f: 1.0 for f in decreasing}
    assert reversals(data, "negate") == {f: None for f in decreasing}
    user = fit(data, decreasing="reciprocal")
    X = data.X.copy()
    for f in decreasing:
        X[:, f] = 1 / (X[:, f] + 1)
    schema = DataSchema(data.schema.target, data.schema.classes, True, [
        AttributeSchema(at.name, "numeric", monotone=1 if at.monotone else 0) for at in data.schema.attributes])
    turned = fit(EncodedData(X, data.y, data.w, schema, data.rows))
    np.testing.assert_array_equal(predict(user, data.X).labels, predict(turned, X).labels)
    assert "reciprocal_fell_back" not in user.info

    x = np.array([0.0, 1, 2, 3, 4, 5])
    mixed = make(x, np.array([1, 1, 1, 0, 0, 0]), [-1])
    assert reversals(mixed, "reciprocal") == {0: None}
    tree = fit(mixed, decreasing="reciprocal")
    assert tree.info["reciprocal_fell_back"] == ["a0"]
    assert tree.to_json()["nodes"] == fit(mixed).to_json()["nodes"]


def test_bad_reading_values_are_clear_errors():
    info = get("facmi")
    with pytest.raises(OptionError, match="pairs must be one of concordant, net"):
        resolve_params(info, {"pairs": "both"})
    with pytest.raises(OptionError, match="decreasing must be one of negate, reciprocal"):
        resolve_params(info, {"decreasing": "log"})
    with pytest.raises(OptionError, match="decreasing must be one of negate, reciprocal"):
        reversals(make([1.0, 2], [0, 1], [-1]), "log")


def test_defaults_are_unchanged():
    info = get("facmi")
    params = {p.name: p.default for p in info.params}
    assert params["pairs"] == "concordant" and params["decreasing"] == "negate"
    data = make(NET_X, NET_Y, [1])
    assert fit(data).to_json()["nodes"] == fit(data, pairs="concordant", decreasing="negate").to_json()["nodes"]
