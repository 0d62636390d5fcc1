"""Hierarchical fuzzy trees (seed 002, ALGORITHMS.md §3.3–3.4): class levels from a hierarchy,
the hierarchical fuzzy entropy kernels on the paper's worked example, naive twins."""

import math

import numpy as np
import pytest

from engine.data.hierarchy import ClassLevels
from engine.kernels.hierarchy import (fuzzy_entropy, hierarchical_entropy, hierarchical_gain, level_masses,
                                      level_weights)

SIX_HIERARCHY = {"1": "5", "2": "5", "3": "6", "4": "6", "5": "root", "6": "root", "root": None}
A1 = np.array([0.7, 0.6, 0.4, 0.8, 0.3, 0.0])
Y = np.array([0, 1, 2, 0, 2, 3])  # classes 1, 2, 3, 1, 3, 4


def six_bags():
    """Class masses of each term's child: M(D^{A_g} ∩ class) = Σ of A_g over the class's cases."""
    bags = np.zeros((2, 4))
    for mu, k in zip(A1, Y):
        bags[0, k] += mu
        bags[1, k] += 1 - mu
    return bags


def test_class_levels_of_the_six_case_hierarchy():
    levels = ClassLevels(SIX_HIERARCHY, ["1", "2", "3", "4"])
    assert levels.h == 3
    assert levels.labels == [["root"], ["5", "6"], ["1", "2", "3", "4"]]
    assert levels.ancestor.tolist() == [[0, 0, 0, 0], [0, 0, 1, 1], [0, 1, 2, 3]]
    assert levels.coarse_labels() == ["root", "5", "6"]
    assert levels.ancestors(2) == ["root", "6", "3"]
    assert levels.level_of == {"root": 1, "5": 2, "6": 2, "1": 3, "2": 3, "3": 3, "4": 3}


def test_glass_levels_shallow_classes_stand_for_themselves():
    from engine.data.hierarchy import read_hierarchy

    from conftest import ROOT

    h = read_hierarchy(ROOT / "resources" / "demo" / "glass_hierarchy.csv")
    levels = ClassLevels(h, ["1", "2", "3", "5", "6", "7"])
    assert levels.h == 4
    assert levels.labels[2] == ["5", "6", "7", "FP", "NFP"]
    assert [levels.labels[3][q] for q in levels.ancestor[3]] == ["1", "2", "3", "5", "6", "7"]
    assert levels.level_of["5"] == 3 and levels.level_of["1"] == 4 and levels.level_of["ALL"] == 1
    flat = ClassLevels(None, ["a", "b"])
    assert flat.h == 1 and flat.labels == [["a", "b"]] and flat.coarse_labels() == []


def test_worked_example_of_section_3_4():
    """FEntr_3^D = 1.9183, FEntr_2^D = 1.0, HFEntr^D = 1.3061; FEntr_3^{D^A1} = 1.4586,
    FEntr_2^{D^A1} = 0.8113; η_1 HFEntr^{D^A1} = 0.4793, η_2 HFEntr^{D^A2} = 0.6329;
    HFEntr^{A,D} = 1.1122 and HG^A = 0.1939 (ω_2 = 2/3, ω_3 = 1/3)."""
    levels = ClassLevels(SIX_HIERARCHY, ["1", "2", "3", "4"])
    bags = six_bags()
    node = bags.sum(axis=0)
    masses = level_masses(node, levels.ancestor, levels.width)
    assert round(fuzzy_entropy(masses[2]), 4) == 1.9183 and round(fuzzy_entropy(masses[1]), 4) == 1.0
    assert level_weights(3).tolist() == pytest.approx([0, 2 / 3, 1 / 3])
    assert round(hierarchical_entropy(node, levels.ancestor, levels.width), 4) == 1.3061
    a1 = level_masses(bags[0], levels.ancestor, levels.width)
    assert round(fuzzy_entropy(a1[2]), 4) == 1.4586 and round(fuzzy_entropy(a1[1]), 4) == 0.8113
    eta = bags.sum(axis=1) / bags.sum()
    parts = [eta[g] * hierarchical_entropy(bags[g], levels.ancestor, levels.width) for g in range(2)]
    assert [round(p, 4) for p in parts] == [0.4793, 0.6329]
    gain, after = hierarchical_gain(bags, levels.ancestor, levels.width)
    assert round(after, 4) == 1.1122 and round(gain, 4) == 0.1939


def naive_hfentr(counts, hierarchy, classes):
    """From the definitions: a case of class y belongs to y and every ancestor; level i's labels
    are the chains' i-th entries (a short chain repeats its class)."""
    chains = []
    for c in classes:
        chain = [c]
        while hierarchy.get(chain[-1]) is not None:
            chain.append(hierarchy[chain[-1]])
        chains.append(chain[::-1])
    h = max(map(len, chains))
    total = sum(counts)
    out = 0.0
    for i in range(2, h + 1):
        mass: dict = {}
        for chain, m in zip(chains, counts):
            label = chain[min(i, len(chain)) - 1]
            mass[label] = mass.get(label, 0.0) + m
        entropy = -sum(v / total * math.log2(v / total) for v in mass.values() if v > 0)
        out += 2 * (h - i + 1) / (h * (h - 1)) * entropy
    return out


def test_hierarchical_entropy_matches_its_naive_twin_on_glass():
    from engine.data.hierarchy import read_hierarchy

    from conftest import ROOT

    h = read_hierarchy(ROOT / "resources" / "demo" / "glass_hierarchy.csv")
    classes = ["1", "2", "3", "5", "6", "7"]
    levels = ClassLevels(h, classes)
    rng = np.random.default_rng(5)
    for trial in range(100):
        counts = rng.random(6) * rng.integers(0, 2, 6)
        if counts.sum() == 0:
            continue
        assert hierarchical_entropy(counts, levels.ancestor, levels.width) == pytest.approx(
            naive_hfentr(list(counts), h, classes), abs=1e-12)
