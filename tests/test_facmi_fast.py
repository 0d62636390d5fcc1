"""FACMI's bounded exact logistic search (engine/kernels/facmi_logistic.py) against the
reference sweep that evaluates every cut (`membership=logistic`): the same attribute, cut,
value and missing-value side at every node, the same whole trees (JSON), whatever the
data (ties, constant columns, weights, missing values, tiny nodes, k, both pairs
readings, decreasing attributes); the bound it prunes with holds at every cut, and a
wrong bound is caught."""

import numpy as np
import pytest

from engine.algorithms.ordinal import _fit, ordinal_parts
from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.kernels import criteria as C_, facmi_logistic as L_, ordinal_split as S_
from engine.kernels.counts import midpoint
from engine.kernels.split import presort
from engine.tree.grow import Stopping

CRITERIA = (C_.FACMI_LOGISTIC, C_.FACMI_LOGISTIC_NET)


def random_data(seed, n=None, p=None):
    rng = np.random.default_rng(seed)
    n = n if n is not None else int(rng.choice([2, 3, 5, 8, 13, 30, 70, 150, 400]))
    p = p or int(rng.integers(1, 6))
    k = int(rng.integers(2, 6))
    X = rng.random((n, p))
    kind = seed % 6
    if kind == 0:
        X = np.round(X * rng.integers(2, 9))  # many ties
    elif kind == 1:
        X = X * 1e-3 + 1e6  # large offset, small spread
    elif kind == 2:
        X[:, 0] = 3.0  # a constant column
    elif kind == 3:
        X = np.exp(4 * X)  # skewed
    score = X[:, 0] / (X[:, 0].std() + 1) - 0.5 * X[:, -1] / (X[:, -1].std() + 1) + rng.normal(scale=0.4, size=n)
    y = np.searchsorted(np.quantile(score, np.linspace(0, 1, k + 1)[1:-1]), score).astype(np.int64)
    w = np.ones(n) if seed % 2 == 0 else rng.choice([0.25, 1.0, 2.0, 3.5], size=n)
    if seed % 5 == 2:
        X[rng.random((n, p)) < 0.15] = np.nan
    return X, y, w, k


def node_choice(X, y, w, k, criterion, min_leaf, steepness, ramp_above):
    order, vals, ys = presort(X, y)
    left = np.zeros(k)
    out = S_.best_ordinal_split(vals, ys, w, order, 0, len(y), np.ones(X.shape[1], np.bool_), k, criterion, min_leaf,
                                steepness, ramp_above, left, bool(np.all(w == 1.0)))
    return tuple(out), left


@pytest.mark.parametrize("seed", range(120))
def test_same_choice_as_the_reference_sweep(seed):
    X, y, w, k = random_data(seed)
    steepness = [10.0, 0.5, 2.0, 50.0, 10.0][seed % 5]
    min_leaf = 1 + seed % 3
    for criterion in CRITERIA:
        ref, ref_left = node_choice(X, y, w, k, criterion, min_leaf, steepness, 2 ** 62)
        got, got_left = node_choice(X, y, w, k, criterion, min_leaf, steepness, S_.bounded(2 ** 62))
        assert got == ref  # feature, threshold, value (bit for bit), missing side
        assert np.array_equal(got_left, ref_left)


def search(X, y, w, k, criterion, min_leaf=1, steepness=10.0, **kw):
    order, vals, ys = presort(X, y)
    parent = np.bincount(y, weights=w, minlength=k).astype(float)
    stats = np.zeros(3, np.int64)
    out = L_.logistic_search(vals, ys, w, order, 0, len(y), np.ones(X.shape[1], np.bool_), k, criterion, min_leaf,
                             steepness, bool(np.all(w == 1.0)), parent, np.zeros(k), kw.get("slack_scale", 1.0),
                             stats)
    return out, stats


def test_the_search_proves_its_choice_and_evaluates_few_cuts():
    """Not a disguised reference sweep: on larger nodes it decides by itself (no fallback) and
    evaluates a small share of the cuts."""
    decided = 0
    for seed in range(20):
        X, y, w, k = random_data(seed, n=600, p=4)
        for criterion in CRITERIA:
            (ok, f, i, value), stats = search(X, y, w, k, criterion)
            decided += ok
            assert stats[2] <= stats[0]
            if seed % 6 not in (0, 2):  # continuous columns: hundreds of cuts each
                assert stats[2] < 0.25 * stats[0], stats
    assert decided >= 36


def reference_values(v, y, w, known, scale, steepness, criterion, cuts):
    """The reference's value at each listed cut position (sorted known column v)."""
    upper = np.zeros(known.shape[0])
    out = []
    for i in cuts:
        t = midpoint(v[i], v[i + 1])
        L_.logistic_upper(v, y, np.arange(len(v)), w, 0, len(v), t, scale, steepness, bool(np.all(w == 1.0)), upper)
        out.append(C_.facmi_pairs_value(criterion, upper, known))
    return np.array(out)


def block_bounds_hold(seed, criterion, shift=0.0):
    """Every cut strictly between two cuts scores at most the bound `_bound` gives them (less
    `shift`: a deliberately wrong bound). Returns the number of violations."""
    rng = np.random.default_rng(seed)
    X, y, w, k = random_data(seed, n=int(rng.integers(40, 300)), p=1)
    col = X[:, 0]
    keep = ~np.isnan(col)
    idx = np.argsort(col[keep], kind="mergesort")
    v, yy, ww = col[keep][idx], y[keep][idx].astype(np.int32), w[keep][idx]
    known = np.bincount(yy, weights=ww, minlength=k).astype(float)
    scale = L_._spread(v, 0, len(v))
    if scale <= 0:
        return 0
    steepness = float(rng.choice([1.0, 10.0, 40.0]))
    cuts = np.array([i for i in range(len(v) - 1) if v[i + 1] > v[i]], np.int64)
    if len(cuts) < 3:
        return 0
    values = reference_values(v, yy, ww, known, scale, steepness, criterion, cuts)
    sums = np.zeros((len(cuts), k))
    curves = np.zeros((len(cuts), k))
    for j, i in enumerate(cuts):
        L_.logistic_upper_curved(v, yy, np.arange(len(v)), ww, 0, len(v), midpoint(v[i], v[i + 1]), scale, steepness,
                                 bool(np.all(ww == 1.0)), sums[j], curves[j])
    slot = np.arange(len(cuts), dtype=np.int64)
    bad = 0
    for _ in range(30):
        a, b = sorted(rng.choice(len(cuts), 2, replace=False))
        if b - a < 2:
            continue
        bound = L_._bound(criterion, v, cuts, slot, sums, curves, a, b, scale, steepness, known, len(v), 1.0)
        bad += int(values[a + 1:b].max() > bound - shift)
    return bad


@pytest.mark.parametrize("seed", range(30))
def test_the_bound_holds_at_every_cut(seed):
    for criterion in CRITERIA:
        assert block_bounds_hold(seed, criterion) == 0


def test_a_wrong_bound_is_caught():
    """Shrinking the bounds (by a small shift, or dropping the curvature term) breaks both the
    bound check and the choice: the tests above would see a mistaken pruning."""
    assert sum(block_bounds_hold(seed, C_.FACMI_LOGISTIC, shift=2e-3) for seed in range(30)) > 0
    wrong = 0
    for seed in range(30):
        X, y, w, k = random_data(seed, n=300, p=3)
        ref, _ = node_choice(X, y, w, k, C_.FACMI_LOGISTIC, 1, 10.0, 2 ** 62)
        (ok, f, i, value), _ = search(X, y, w, k, C_.FACMI_LOGISTIC, slack_scale=-50.0)
        wrong += ok and (f != ref[0] or value != ref[2])
    assert wrong > 0


def make_data(seed, n, p, decreasing=(), weights=False, missing=0.0):
    rng = np.random.default_rng(seed)
    X = rng.random((n, p))
    X[:, -1] = np.round(X[:, -1] * 4)  # an ordinal-like column with ties
    signs = np.array([-1.0 if j in decreasing else 1.0 for j in range(p)])
    score = (X * signs)[:, : max(1, p - 1)].sum(axis=1) + rng.normal(scale=0.4, size=n)
    y = np.searchsorted(np.quantile(score, [0.25, 0.5, 0.75]), score).astype(np.int64)
    if missing:
        X[rng.random((n, p)) < missing] = np.nan
    w = rng.choice([0.5, 1.0, 2.0], size=n) if weights else np.ones(n)
    schema = DataSchema("y", ["1", "2", "3", "4"], True,
                        [AttributeSchema(f"x{j}", "numeric", monotone=-1 if j in decreasing else 1)
                         for j in range(p)])
    return EncodedData(X, y, w, schema, np.arange(n))


def fit(data, **params):
    info = get("facmi")
    return info.fit(data, None, resolve_params(info, params))


@pytest.mark.parametrize("case", range(8))
def test_same_trees_as_the_reference(case):
    data = make_data(case, n=[250, 400, 600][case % 3], p=[3, 4, 5][case % 3], decreasing=(1,) if case % 2 else (),
                     weights=case % 4 in (1, 2), missing=0.1 if case % 3 == 1 else 0.0)
    params = dict(pairs="net" if case % 2 else "concordant", k=[10.0, 3.0, 25.0, 10.0][case % 4],
                  min_samples_leaf=1 + case % 3, decreasing="reciprocal" if case == 5 else "negate",
                  threshold=0.0 if case % 4 == 3 else 0.01)
    ref = fit(data, membership="logistic", **params).to_json()
    got = fit(data, membership="exact", **params).to_json()
    assert got["nodes"] == ref["nodes"]
    assert got == ref


def test_auto_gives_the_same_trees_as_before():
    """auto: the bounded search in nodes of at most ramp_above cases (a negative
    `ramp_above` to the kernel), the ramp above; before, the reference sweep in those nodes."""
    for seed, pairs in ((0, "concordant"), (1, "net")):
        data = make_data(seed, n=700, p=4, weights=seed == 1)
        params = resolve_params(get("facmi"), {"membership": "auto", "ramp_above": 150, "pairs": pairs})
        stopping = Stopping(min_samples_leaf=1, min_value=params["threshold"])
        criterion = "facmi_logistic" + ("_net" if pairs == "net" else "")
        before = _fit(data, params, None, ordinal_parts(data, params, algorithm="facmi", criterion=criterion,
                                                        criterion_name="facmi", stopping=stopping,
                                                        steepness=params["k"], ramp_above=150))
        now = fit(data, membership="auto", ramp_above=150, pairs=pairs)
        assert now.to_json()["nodes"] == before.to_json()["nodes"]


def test_the_default_is_the_exact_logistic_tree():
    """FACMI's default membership gives the exact logistic's tree, also where a node is
    larger than auto's ramp_above (there auto, the old default, takes the ramp's cuts)."""
    data = make_data(3, n=2600, p=3)
    default = fit(data, max_depth=3).to_json()["nodes"]
    assert default == fit(data, membership="logistic", max_depth=3).to_json()["nodes"]
    assert default != fit(data, membership="auto", max_depth=3).to_json()["nodes"]
