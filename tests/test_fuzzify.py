"""Fuzzification (seed 002, ALGORITHMS.md §3.1): Kohonen centres by hand and against a naive
twin, triangular memberships that sum to 1, term names."""

import numpy as np
import pytest

from engine.algorithms.fuzzify import fuzzify, kohonen_centres, term_names
from engine.kernels.kohonen import kohonen_1d
from engine.tree.nodes import triangular_memberships


def naive_kohonen(values, centres, orders, rate):
    centres = [float(c) for c in centres]
    steps = len(orders) * len(values)
    t = 0
    for order in orders:
        for i in order:
            x = values[i]
            j = min(range(len(centres)), key=lambda c: (abs(x - centres[c]), c))
            centres[j] += rate * (1 - t / steps) * (x - centres[j])
            t += 1
    return centres


def test_kohonen_steps_by_hand():
    """Values (2, 8, 5, 9), one epoch in the order 5, 2, 9, 8, η = 0.5, centres start at 2 and 9:
    5 -> centre 1 (3 < 4), η 0.5: 3.5;  2 -> centre 1, η 0.375: 3.5 - 0.375 · 1.5 = 2.9375;
    9 -> centre 2, η 0.25: stays 9;  8 -> centre 2 (1 < 5.0625), η 0.125: 8.875."""
    values = np.array([2.0, 8.0, 5.0, 9.0])
    out = kohonen_1d(values, np.array([2.0, 9.0]), np.array([[2, 0, 3, 1]]), 0.5)
    assert out.tolist() == [2.9375, 8.875]


def test_kohonen_kernel_matches_its_naive_twin():
    rng = np.random.default_rng(3)
    for trial in range(50):
        n, k, epochs = int(rng.integers(1, 30)), int(rng.integers(1, 5)), int(rng.integers(1, 4))
        values = rng.normal(size=n) * 10
        start = np.sort(rng.uniform(values.min(), values.max(), k))
        orders = np.stack([rng.permutation(n) for _ in range(epochs)])
        want = naive_kohonen(values, start, orders, 0.4)
        assert kohonen_1d(values, start.copy(), orders, 0.4) == pytest.approx(want, abs=1e-12)


def test_centres_find_two_clusters_and_are_seeded():
    rng = np.random.default_rng(0)
    values = np.concatenate([rng.normal(0, 0.5, 200), rng.normal(10, 0.5, 200), [np.nan] * 5])
    centres = kohonen_centres(values, k=2, rate=0.5, epochs=20, seed=1)
    assert centres[0] == pytest.approx(0, abs=0.3) and centres[1] == pytest.approx(10, abs=0.3)
    assert kohonen_centres(values, 2, 0.5, 20, 1).tolist() == centres.tolist()
    assert kohonen_centres(values, 2, 0.5, 20, 2).tolist() != centres.tolist()
    three = kohonen_centres(values, k=3, seed=1)
    assert len(three) == 3 and np.all(np.diff(three) > 0)
    assert values[~np.isnan(values)].min() <= three[0] and three[-1] <= np.nanmax(values)


def test_memberships_sum_to_one_for_every_value():
    for centres in ([0.0, 1.0], [-2.0, 0.5, 3.0], [1.0, 2.0, 4.0, 8.0]):
        grid = np.linspace(-5, 10, 301)
        mu = triangular_memberships(grid, np.array(centres))
        assert np.allclose(mu.sum(axis=1), 1.0) and (mu >= 0).all()
    # by hand: centres 0 and 1 (k = 2); 0.25 is 0.75 "less" and 0.25 "more"
    assert triangular_memberships(np.array([0.25, -1.0, 2.0]), np.array([0.0, 1.0])).tolist() == [
        [0.75, 0.25], [1.0, 0.0], [0.0, 1.0]]


def test_degenerate_columns():
    assert kohonen_centres(np.array([3.0, 3.0, np.nan]), k=3).tolist() == [3.0]
    assert kohonen_centres(np.array([np.nan, np.nan]), k=2).tolist() == []
    two_values = kohonen_centres(np.array([0.0, 1.0] * 10), k=4, seed=0)
    assert 2 <= len(two_values) <= 4 and np.all(np.diff(two_values) > 0)
    with pytest.raises(ValueError):
        kohonen_centres(np.array([1.0, 2.0]), k=0)


def test_fuzzify_names_terms_and_keeps_categories_crisp(tmp_path):
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.spec import ProblemSpec

    (tmp_path / "t.csv").write_text("x,colour,y\n1,red,a\n2,red,a\n8,blue,b\n9,blue,b\n5,red,a\n")
    data = encode(read_table(str(tmp_path / "t.csv")), ProblemSpec(target="y"))
    f = fuzzify(data, k=2, seed=0)
    assert f.centres[1] is None and f.names[1] is None and f.terms[1] is None
    assert len(f.terms[0]) == 2 and f.names[0] == ["less", "more"]
    assert fuzzify(data, k=3, names={"x": ["short", "mid", "tall"]}).names[0] == ["short", "mid", "tall"]
    assert fuzzify(data, k=3, names={"x": ["short", "tall"]}).names[0] == ["low", "medium", "high"]
    assert term_names(7) == [f"term {i}" for i in range(1, 8)]


def test_epoch_by_epoch_is_the_same_as_all_at_once():
    """kohonen_centres passes one epoch's order at a time (bounded memory) with its step offset:
    the centres equal one call over all the epochs' orders."""
    rng = np.random.default_rng(4)
    values = rng.normal(size=50)
    orders = np.stack([rng.permutation(50) for _ in range(3)])
    whole = kohonen_1d(values, np.array([values.min(), values.max()]), orders, 0.5)
    parts = np.array([values.min(), values.max()])
    for e in range(3):
        kohonen_1d(values, parts, orders[e:e + 1], 0.5, e * 50, 150)
    assert parts.tolist() == whole.tolist()


# ---- every attribute in one call: the orders drawn in the kernel, as NumPy draws them ----------


def old_kohonen_centres(values, k=2, rate=0.5, epochs=20, seed=0):
    """The per-attribute fuzzification the kernel replaced (one rng.permutation and one
    kohonen_1d call per epoch): its twin, bit for bit."""
    values = np.asarray(values, dtype=np.float64)
    values = values[~np.isnan(values)]
    if not len(values):
        return np.array([], dtype=np.float64)
    lo, hi = float(values.min()), float(values.max())
    if lo == hi:
        return np.array([lo])
    centres = np.linspace(lo, hi, k) if k > 1 else np.array([(lo + hi) / 2])
    rng = np.random.default_rng(seed)
    n = len(values)
    for epoch in range(epochs):
        kohonen_1d(values, centres, rng.permutation(n)[None, :].astype(np.int64), float(rate), epoch * n, epochs * n)
    centres = np.sort(centres)
    keep = np.concatenate([[True], np.diff(centres) > 1e-9 * (hi - lo)])
    return centres[keep]


def test_the_kernels_generator_is_numpys_default_rng():
    """The seeding (SeedSequence + PCG64), the 64-bit outputs and the permutations are NumPy's,
    for small and large seeds (one and two 32-bit words of entropy), n = 1 .. 1000, several
    epochs in a row (the buffered 32-bit half carried from one permutation to the next)."""
    from engine.kernels.kohonen import STATE, _next64, _seed_state, seeded_permutations

    for seed in [0, 1, 2, 7, 123, 2**31, 2**32 - 1, 2**32, 2**40 + 7, 2**63 - 1]:
        state = np.empty(STATE, dtype=np.uint64)
        _seed_state(seed, state)
        numpy_state = np.random.default_rng(seed).bit_generator.state["state"]
        limbs = [int(v) for v in state[:8]]
        assert sum(v << (32 * i) for i, v in enumerate(limbs[:4])) == numpy_state["state"]
        assert sum(v << (32 * i) for i, v in enumerate(limbs[4:])) == numpy_state["inc"]
        assert [int(_next64(state)) for _ in range(3)] == np.random.default_rng(seed).bit_generator.random_raw(
            3).tolist()
        for n, epochs in ((1, 2), (2, 3), (3, 1), (7, 4), (150, 2), (1000, 1)):
            rng = np.random.default_rng(seed)
            want = np.stack([rng.permutation(n) for _ in range(epochs)])
            assert seeded_permutations(seed, n, epochs).tolist() == want.tolist(), (seed, n)


def test_kohonen_columns_gives_the_old_centres_bit_for_bit():
    """Random columns (NaN, rounded values with ties, a constant column, an empty one), k 1-6,
    epochs, rates and seeds: every attribute's centres equal the old per-attribute code's."""
    from engine.kernels.kohonen import kohonen_columns

    rng = np.random.default_rng(1)
    for trial in range(60):
        n, p = int(rng.integers(1, 40)), int(rng.integers(1, 5))
        X = rng.normal(size=(n, p)) * 10.0 ** rng.integers(-3, 4)
        if trial % 3 == 0:
            X = np.round(X)
        X[rng.random(X.shape) < 0.2] = np.nan
        if trial % 7 == 0:
            X[:, 0] = 3.0
        if trial % 11 == 0:
            X[:, -1] = np.nan
        k, epochs = int(rng.integers(1, 7)), int(rng.integers(1, 8))
        rate, seed = float(rng.uniform(0.01, 1)), int(rng.integers(0, 1000))
        columns = np.arange(p, dtype=np.int64)
        centres, counts = kohonen_columns(X, columns, seed + columns, k, rate, epochs)
        for j in range(p):
            want = old_kohonen_centres(X[:, j], k, rate, epochs, seed + j)
            assert centres[j, :counts[j]].tolist() == want.tolist(), (trial, j)
            assert np.isnan(centres[j, counts[j]:]).all()


def test_the_two_centre_path_takes_the_same_steps():
    """kohonen_1d keeps two centres in registers: the same numbers, exactly, as the naive
    twin's step by step (ties to the lower centre included: values halfway)."""
    rng = np.random.default_rng(8)
    for trial in range(30):
        n, epochs = int(rng.integers(1, 40)), int(rng.integers(1, 4))
        values = np.round(rng.normal(size=n) * 4) / 2  # halves: ties between centres 0 and 1 happen
        start = np.array([0.0, 1.0]) if trial % 2 else np.sort(rng.uniform(-2, 2, 2))
        orders = np.stack([rng.permutation(n) for _ in range(epochs)])
        assert kohonen_1d(values, start.copy(), orders, 0.5).tolist() == naive_kohonen(values, start, orders, 0.5)


def test_fuzzify_learns_every_attribute_with_its_own_seed(tmp_path):
    """fuzzify's one call gives each numeric attribute j the centres of kohonen_centres(...,
    seed + j) (j counting every attribute, nominal ones too), keeps fixed centres as given."""
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.spec import ProblemSpec

    rng = np.random.default_rng(2)
    lines = ["a,colour,b,c,y"] + [f"{rng.normal():.3f},{'red' if i % 3 else 'blue'},{rng.integers(0, 9)},"
                                   f"{'' if i % 5 == 0 else f'{rng.random():.4f}'},{'p' if i % 2 else 'q'}"
                                   for i in range(60)]
    (tmp_path / "t.csv").write_text("\n".join(lines) + "\n")
    data = encode(read_table(str(tmp_path / "t.csv")), ProblemSpec(target="y"))
    f = fuzzify(data, k=3, rate=0.3, epochs=7, seed=5, centres={"b": [1.0, 4.0]})
    assert f.centres[1] is None
    assert f.centres[0].tolist() == old_kohonen_centres(data.X[:, 0], 3, 0.3, 7, 5).tolist()
    assert f.centres[3].tolist() == old_kohonen_centres(data.X[:, 3], 3, 0.3, 7, 8).tolist()
    assert f.centres[2].tolist() == [1.0, 4.0]
    assert kohonen_centres(data.X[:, 3], 3, 0.3, 7, 8).tolist() == f.centres[3].tolist()
    with pytest.raises(ValueError):
        kohonen_centres(data.X[:, 0], 2, 0.5, 20, -1)
