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
