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


# ---- the learner ----------------------------------------------------------------------------


def test_leaf_label_by_accuracy_times_precision():
    """A leaf with masses (1.5, 0.6, 0.7, 0) of classes 1..4 (the A1 child of §3.4), h = 3, pre =
    log_3(level + 1): class 1: 1.5/2.8 · log_3 4 = 0.676; label 5 (= {1, 2}): 2.1/2.8 · 1 = 0.75;
    root: 1 · log_3 2 = 0.631. The coarse "5" wins; with (2.5, 0.1, 0.2, 0) class 1 does
    (0.893 · 1.262 = 1.127 > 0.929)."""
    from engine.algorithms.hfdt import best_f_label

    levels = ClassLevels(SIX_HIERARCHY, ["1", "2", "3", "4"])
    labels = ["1", "2", "3", "4"] + levels.coarse_labels()
    rule = best_f_label(levels, labels)
    assert labels[rule(np.array([1.5, 0.6, 0.7, 0.0]))] == "5"
    assert labels[rule(np.array([2.5, 0.1, 0.2, 0.0]))] == "1"
    assert labels[rule(np.array([1.0, 1.0, 1.0, 1.0]))] == "root"  # 0.5 · 1 < 0.631
    assert levels.precision("root") == pytest.approx(math.log(2) / math.log(3))
    flat = ClassLevels(None, ["a", "b", "c"])
    assert best_f_label(flat, ["a", "b", "c"])(np.array([1.0, 3.0, 2.0])) == 1  # majority


def glass():
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.project import load_project

    from conftest import ROOT

    project = load_project(str(ROOT / "resources" / "demo" / "glass.rtproj"))
    return project.spec, encode(read_table(project.data_path, project.sheet), project.spec)


def test_hfdt_on_glass_answers_coarse_labels_that_are_right():
    from engine.algorithms.registry import get, resolve_params
    from engine.tree.model import FuzzySplit
    from engine.tree.predict import predict
    from engine.workflows import evaluate_algorithm

    spec, data = glass()
    info = get("hfdt")
    tree = info.fit(data, spec, resolve_params(info, {}, spec))
    assert tree.labels[len(data.classes):] == ["ALL", "NWG", "WG", "FP", "NFP"]
    assert isinstance(tree.root, FuzzySplit) and tree.root.centres is not None and len(tree.root.centres) == 2
    p = predict(tree, data.X, info.missing)
    answered = {tree.labels[l] for l in p.labels}
    assert answered & {"WG", "NWG", "FP", "NFP"}  # some answers are coarse
    members = ClassLevels(spec.hierarchy, list(data.classes)).members(tree.labels)
    right = members[p.labels, data.y]
    assert right.mean() > 0.9  # hierarchical accuracy on the training cases
    np.testing.assert_allclose(p.scores.sum(axis=1), 1.0)  # every label's share of the firing strength
    # cross-validated: strict accuracy (the class itself), hierarchical accuracy (or an ancestor),
    # and the answers' precision (log_4(level + 1): 0.5 for ALL .. 1.161 for a class)
    result = evaluate_algorithm(info, data, spec, {}, cv=5, seed=0)
    summary = {k: v["mean"] for k, v in result.summary().items()}
    assert summary["accuracy"] < summary["hierarchical_accuracy"]
    assert 0.8 < summary["hierarchical_accuracy"] <= 1.0
    assert 0.5 < summary["label_precision"] < math.log(5) / math.log(4)
    assert result.confusion().shape == (len(data.classes), len(tree.labels) + 1)
    payload = result.to_json()
    assert payload["confusion"]["predicted"][:len(tree.labels)] == tree.labels
    # without the hierarchy: the classes only, majority leaves
    flat = info.fit(data, None, resolve_params(info, {}))
    assert flat.labels == list(data.classes)


def test_fuzzy_id3_answers_at_its_level():
    """Trained at level 2 of glass (WG / NWG) it answers only WG or NWG, by the leaves' class
    shares summed per label; at level 4 only classes; the flat learners trade accuracy for
    precision, and HFDT is at least as right as level 2 with more precise answers."""
    from engine.algorithms.registry import get, resolve_params
    from engine.errors import OptionError
    from engine.tree.model import Tree
    from engine.tree.predict import predict
    from engine.workflows import evaluate_algorithm

    spec, data = glass()
    info = get("fuzzy_id3")
    two = info.fit(data, spec, resolve_params(info, {"level": 2}, spec))
    p = predict(two, data.X, info.missing)
    assert {two.labels[l] for l in p.labels} == {"WG", "NWG"}
    assert [two.labels[a] for a in two.answer_as] == ["WG", "WG", "WG", "NWG", "NWG", "NWG"]
    again = Tree.from_json(two.to_json(), two.schema)  # the level travels with the model
    assert (predict(again, data.X, info.missing).labels == p.labels).all()
    four = info.fit(data, spec, resolve_params(info, {"level": 4}, spec))
    assert set(predict(four, data.X, info.missing).labels) <= set(range(len(data.classes)))
    with pytest.raises(OptionError):
        resolve_params(info, {"level": 5}, spec)
    figures = {}
    for name, params in (("fuzzy_id3", {"level": 2}), ("fuzzy_id3", {"level": 4}), ("hfdt", {})):
        summary = evaluate_algorithm(get(name), data, spec, params, cv=5, seed=0).summary()
        figures[name, params.get("level")] = (summary["hierarchical_accuracy"]["mean"],
                                              summary["label_precision"]["mean"])
    (acc2, pre2), (acc4, pre4), (acc_h, pre_h) = figures.values()
    assert acc2 > acc4 and pre2 < pre4  # the flat learner's trade
    assert acc_h >= acc2 - 0.02 and pre_h > pre2  # HFDT: about as right, more precise


def test_a_model_file_with_a_bad_answer_map_is_refused():
    from engine.tree.model import Tree

    spec, data = glass()
    from engine.algorithms.registry import get, resolve_params

    info = get("fuzzy_id3")
    obj = info.fit(data, spec, resolve_params(info, {"level": 2}, spec)).to_json()
    obj["fuzzy"]["answer_as"] = ["WG"]  # not one per class
    with pytest.raises(ValueError, match="answer_as"):
        Tree.from_json(obj, data.schema)
    obj["fuzzy"]["answer_as"] = ["nowhere"] * len(data.classes)
    with pytest.raises(ValueError, match="answer_as"):
        Tree.from_json(obj, data.schema)


# ---- Min-Ambiguity (Yuan & Shaw) ------------------------------------------------------------


def naive_ambiguity(pi):
    """g(π) = Σ_i (π*_i - π*_{i+1}) ln i, π* sorted descending, π*_{n+1} = 0."""
    p = sorted(pi, reverse=True) + [0.0]
    return sum((p[i] - p[i + 1]) * math.log(i + 1) for i in range(len(pi)))


def naive_subsethood(A, B):
    return sum(min(a, b) for a, b in zip(A, B)) / sum(A)


def test_ambiguity_by_hand_on_the_six_cases():
    """π = (1, 0.5, 0.2): g = 0.3 ln 2 + 0.2 ln 3 = 0.4277. The six cases of §3.4 as crisp classes
    C_1..C_4 and evidence A1, A2 (all memberships ≥ α = 0.1 but A1's 0, which is 0 anyway):
    S(A1, C) = (1.5, 0.6, 0.7, 0) / 2.8, π = (1, 0.4, 0.467, 0): g = 0.4857; A2: masses
    (0.5, 0.4, 1.3, 1.0): g = 0.7777; G(A) = 2.8/6 · 0.4857 + 3.2/6 · 0.7777 = 0.6414, below
    the root's g(π) of masses (2, 1, 2, 1) = 0.5 ln 2 + 0.5 ln 4 = 1.0397: A expands the root."""
    from engine.kernels.ambiguity import ambiguity, classification_ambiguity

    assert round(ambiguity(np.array([1.0, 0.5, 0.2])), 4) == 0.4277
    classes = [[1.0 if y == k else 0.0 for y in Y] for k in range(4)]
    a2 = 1 - A1
    for evidence, want in ((A1, 0.4857), (a2, 0.7777)):
        s = [naive_subsethood(evidence, c) for c in classes]
        pi = [v / max(s) for v in s]
        assert round(naive_ambiguity(pi), 4) == want
        masses = np.array([sum(e for e, y in zip(evidence, Y) if y == k) for k in range(4)])
        assert ambiguity(masses) == pytest.approx(naive_ambiguity(pi), abs=1e-12)
    bags = six_bags()
    assert round(classification_ambiguity(bags), 4) == 0.6414
    assert round(ambiguity(bags.sum(axis=0)), 4) == 1.0397


def test_min_ambiguity_expands_a_branch_only_when_ambiguity_drops(six_data):
    """The six cases twice, once with N = 0 and once with N = 1: N's terms leave every node's classes
    in the same proportions (G = the node's own g), so N lowers no ambiguity and is never used,
    while A splits the root; with N alone nothing is ever split."""
    from engine.algorithms.hfdt import fit_min_ambiguity
    from engine.tree.model import FuzzySplit

    params = {"k": 2, "learning_rate": 0.5, "epochs": 20, "seed": 0, "alpha": 0.1, "beta": 0.99, "level": None}
    tree = fit_min_ambiguity(six_data, None, params)
    assert isinstance(tree.root, FuzzySplit) and tree.root.feature == 0
    assert all(n.feature == 0 for n in tree.nodes if isinstance(n, FuzzySplit))
    assert tree.tnorm == "minimum" and tree.aggregate == "label_max"
    only_noise = six_data.subset(np.arange(12))
    only_noise.X = only_noise.X.copy()
    only_noise.X[:, 0] = 0.5  # A says nothing now
    assert fit_min_ambiguity(only_noise, None, params).n_leaves == 1


@pytest.fixture
def six_data():
    from engine.data.encode import AttributeSchema, DataSchema, EncodedData

    x = np.array([0.3, 0.4, 0.6, 0.2, 0.7, 1.0])
    X = np.column_stack([np.r_[x, x], np.r_[np.zeros(6), np.ones(6)]])
    schema = DataSchema("c", ["1", "2", "3", "4"], False, [AttributeSchema("A", "numeric"),
                                                         AttributeSchema("N", "numeric")])
    return EncodedData(X, np.r_[Y, Y], np.ones(12), schema, np.arange(12))


def test_min_ambiguity_on_glass_levels():
    from engine.algorithms.registry import get, resolve_params
    from engine.tree.predict import predict

    spec, data = glass()
    info = get("min_ambiguity")
    two = info.fit(data, spec, resolve_params(info, {"level": 2}, spec))
    labels = {two.labels[l] for l in predict(two, data.X, info.missing).labels}
    assert labels <= {"WG", "NWG"} and len(labels) == 2
    strict = info.fit(data, spec, resolve_params(info, {"alpha": 0.0}, spec))
    assert strict.to_json() != info.fit(data, spec, resolve_params(info, {}, spec)).to_json()


# ---- the stop that scales with the file (min_mass_share) -------------------------------------


def pima(weight: float = 1.0):
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.spec import ProblemSpec

    from conftest import ROOT

    data = encode(read_table(str(ROOT / "tests" / "data" / "datasets" / "pima_indians_diabetes.csv")),
                  ProblemSpec(target="class"))
    data.w = np.full(len(data.y), weight)
    return data


def split_masses(tree) -> list[float]:
    return [float(tree.nodes[i].counts.sum()) for i in tree.reachable() if not tree.nodes[i].is_leaf]


def test_min_mass_share_is_a_share_of_the_roots_mass():
    """share 0.02 on pima (768 cases, weight 2 each: root mass 1,536) stops below a mass of
    30.72: the same tree as the paper's stop with the minimum membership at 30.72; every split
    node holds at least that; fewer leaves than the paper's stop. The mass, not the number of
    cases: with every weight halved the splits are the same (a share of the cases would stop
    at 15.36 on masses twice as large, a larger tree)."""
    from engine.algorithms.hfdt import min_mass
    from engine.algorithms.registry import get, resolve_params

    info = get("hfdt")
    heavy = pima(2.0)
    params = resolve_params(info, {"min_mass_share": 0.02})
    assert min_mass(heavy, params) == pytest.approx(30.72)
    assert min_mass(heavy, resolve_params(info, {"min_mass_share": 0.0001})) == 1.0  # the minimum membership
    tree = info.fit(heavy, None, params)
    same = info.fit(heavy, None, resolve_params(info, {"min_mass_share": 0.0, "min_membership": 30.72}))
    assert tree.to_json() == same.to_json()
    assert min(split_masses(tree)) >= 30.72
    paper = info.fit(heavy, None, resolve_params(info, {"min_mass_share": 0.0}))
    assert min(split_masses(paper)) < 30.72 and tree.n_leaves < paper.n_leaves
    light = info.fit(pima(1.0), None, params)

    def shape(t):
        return [(type(t.nodes[i]).__name__, getattr(t.nodes[i], "feature", None)) for i in t.reachable()]

    assert shape(light) == shape(tree)
    np.testing.assert_allclose([t.counts * 2 for t in light.nodes], [t.counts for t in tree.nodes])


def test_the_default_share_changes_nothing_on_a_small_file_and_fuzzy_id3_keeps_the_papers_stop():
    """HFDT's default share times the mass of a file of fewer than 1 / share cases is below
    the minimum membership 1: iris (150) gets the paper's tree; pima (768) a smaller one.
    Fuzzy ID3's default is the paper's stop; the share is there to be set."""
    from engine.algorithms.hfdt import MIN_MASS_SHARE, PAPER
    from engine.algorithms.registry import get, resolve_params
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.spec import ProblemSpec

    from conftest import ROOT

    assert 0 < MIN_MASS_SHARE * 150 < 1 < MIN_MASS_SHARE * 768
    iris = encode(read_table(str(ROOT / "tests" / "data" / "datasets" / "iris.csv")), ProblemSpec(target="class"))
    hfdt, fid3 = get("hfdt"), get("fuzzy_id3")
    assert resolve_params(hfdt, {})["min_mass_share"] == MIN_MASS_SHARE
    # the stop alone (the answer rule apart: PAPER also asks for the published answer rule)
    same_stop = {"min_mass_share": PAPER["min_mass_share"]}
    assert (hfdt.fit(iris, None, resolve_params(hfdt, {})).to_json()
            == hfdt.fit(iris, None, resolve_params(hfdt, same_stop)).to_json())
    data = pima()
    default, paper = (hfdt.fit(data, None, resolve_params(hfdt, p)) for p in ({}, PAPER))
    assert default.n_leaves < paper.n_leaves
    assert resolve_params(fid3, {})["min_mass_share"] == 0.0
    assert (fid3.fit(data, None, resolve_params(fid3, {})).to_json()
            == fid3.fit(data, None, resolve_params(fid3, {"min_mass_share": 0.0})).to_json())
    assert fid3.fit(data, None, resolve_params(fid3, {"min_mass_share": 0.02})).n_leaves < paper.n_leaves
