"""Consultations over fuzzy trees answer as the tree does (ALGORITHMS.md §3.3, §3.5, §4.5):
the t-norm along a path, HFDT's sum of firing strengths per label (coarse hierarchy labels
included), Min-Ambiguity's largest firing strength, fuzzy ID3's class distribution counted
at its level; "no answer could change the decision" and the reasons read the tree's labels;
every answer given ends with predict's label; crisp trees answer as before."""

import json
from pathlib import Path

import numpy as np
import pytest

from engine import cli
from engine.algorithms.registry import get, resolve_params
from engine.consult import Consultation
from engine.data import read_table
from engine.data.encode import AttributeSchema, DataSchema, encode
from engine.data.project import load_project
from engine.model import Model
from engine.sessions import Session
from engine.tree.aggregate import aggregate
from engine.tree.model import FuzzySplit, Leaf, Tree
from engine.tree.predict import predict

ROOT = Path(__file__).resolve().parents[1]
GLASS = ROOT / "resources" / "demo" / "glass.rtproj"
# the case of the bug report: every "because" rule said WG, the answer said "1"
CASE = {"RI": 1.517, "Na": 13.5, "Mg": 3.5, "Al": 1.2, "Si": 72.8, "K": 0.6, "Ca": 8.5, "Ba": 0, "Fe": 0}
LEARNERS = {"hfdt": ("hfdt", {}), "fuzzy_id3 level 2": ("fuzzy_id3", {"level": 2}),
            "min_ambiguity": ("min_ambiguity", {})}


@pytest.fixture(scope="module")
def glass():
    project = load_project(GLASS)
    data = encode(read_table(project.data_path, project.sheet), project.spec)
    return project, data


_TREES = {}


def fitted(glass, key):
    if key not in _TREES:
        project, data = glass
        name, params = LEARNERS.get(key, (key, {}))
        info = get(name)
        _TREES[key] = info.fit(data, project.spec, resolve_params(info, params))
    return _TREES[key]


def consult_row(tree, spec, x, unknown=()):
    """Answer every question the consultation asks with the row's values (None where unknown)."""
    c = Consultation(tree, spec)
    asked = []
    while not c.finished():
        best = c.candidates()[0]
        asked += best.attributes
        c.answer({tree.schema.names[j]: (None if j in unknown or np.isnan(x[j]) else float(x[j]))
                  for j in best.attributes}, best)
        assert len(asked) <= len(tree.schema.names)
    return c, asked


def test_the_reported_case_answers_wg_like_predict(glass):
    project, _ = glass
    tree = fitted(glass, "hfdt")
    x = np.array([CASE[name] for name in tree.schema.names], dtype=float)
    c, _ = consult_row(tree, project.spec, x)
    out = c.outcome()
    assert tree.label_name(out.label) == "WG" == tree.label_name(predict(tree, x[None, :], "fractional").labels[0])
    assert out.label >= tree.n_classes  # a coarse label, not one of the classes
    assert out.scores[0][0] == "WG"
    assert out.nodes and all(tree.nodes[n].label == out.label for n in out.nodes)  # the reasons carry it
    assert out.missing == []  # the frontier's open nodes were not needed: nothing was unknown


def test_the_reported_case_through_the_cli(tmp_path, capsys):
    model = tmp_path / "g.json"
    assert cli.main(["train", "--project", str(GLASS), "--algorithm", "hfdt", "--out", str(model)]) == 0
    (tmp_path / "a.json").write_text(json.dumps(CASE))
    capsys.readouterr()
    assert cli.main(["consult", str(model), "--answers", str(tmp_path / "a.json"),
                     "--log", str(tmp_path / "log.json")]) == 0
    printed = capsys.readouterr().out
    assert "answer: WG\n" in printed
    because = [line for line in printed.splitlines() if line.startswith("  because ")]
    assert because and all(" THEN WG" in line for line in because)
    log = json.loads((tmp_path / "log.json").read_text())
    assert log["finished"] and log["outcome"]["label"] == "WG"
    assert all(" THEN WG" in rule for rule in log["outcome"]["rules"])
    # every value was given: nothing "stopped" on an unknown; a node left unasked says why
    assert not any("unknown" in rule for rule in log["outcome"]["rules"])
    assert any(rule.endswith("(every rule below ends in WG)") for rule in log["outcome"]["rules"])
    scores = log["outcome"]["scores"]
    assert max(scores, key=scores.get) == "WG"
    assert sum(w for _, w in log["outcome"]["frontier"]) == pytest.approx(1.0)


def test_several_labels_reached_the_largest_sum_wins(glass):
    """Glass row 18 (index 17, a type-1 glass) reaches leaves labelled FP, WG and 1: each
    label's score is the sum of the firing strengths of the reached leaves carrying it, and
    the answer is FP, the largest sum; the reasons are exactly the FP leaves, strongest first."""
    project, data = glass
    tree = fitted(glass, "hfdt")
    c, _ = consult_row(tree, project.spec, data.X[17])
    out = c.outcome()
    assert all(tree.nodes[n].is_leaf for n, _ in out.frontier)
    sums = {}
    for n, w in out.frontier:
        name = tree.label_name(tree.nodes[n].label)
        sums[name] = sums.get(name, 0.0) + w
    assert {name for name, _ in out.scores} == set(sums) and len(sums) >= 3
    for name, score in out.scores:
        assert score == pytest.approx(sums[name])
    assert tree.label_name(out.label) == "FP" == max(sums, key=sums.get)
    assert tree.label_name(predict(tree, data.X[17:18], "fractional").labels[0]) == "FP"
    fp = [n for n, w in out.frontier if tree.nodes[n].label == out.label]
    assert sorted(out.nodes) == sorted(fp)
    weights = dict(out.frontier)
    assert [weights[n] for n in out.nodes] == sorted((weights[n] for n in out.nodes), reverse=True)
    # the session log (what the CLI writes) names the coarse label and its rules only
    session = Session(Model("hfdt", {}, project.spec, tree), None, project.spec)
    for j in range(len(tree.schema.names)):
        session.consultation.values[j] = float(data.X[17, j])
    logged = session.outcome_json()
    assert logged["label"] == "FP" and len(logged["rules"]) == len(fp)
    assert all(rule.endswith("THEN FP") for rule in logged["rules"])


@pytest.mark.parametrize("key", list(LEARNERS))
def test_every_glass_row_ends_with_predicts_label(glass, key):
    project, data = glass
    tree = fitted(glass, key)
    labels = predict(tree, data.X, "fractional").labels
    coarse = 0
    for row in range(len(data.y)):
        c, _ = consult_row(tree, project.spec, data.X[row])
        out = c.outcome()
        assert out.label == labels[row], (row, tree.label_name(out.label), tree.label_name(labels[row]))
        coarse += out.label >= tree.n_classes
    if key == "min_ambiguity":  # trained on the classes: no coarse labels
        assert coarse == 0
    else:
        assert coarse > 0  # HFDT's leaves at any level; fuzzy ID3 answers at level 2 (WG / NWG)


@pytest.mark.parametrize("key", list(LEARNERS))
def test_unknown_answers_end_like_predict_stopping_there(glass, key):
    """An unknown value stops the case at that node, as predict's "stop" policy does; the
    node then answers with its own label among the leaves reached elsewhere."""
    project, data = glass
    tree = fitted(glass, key)
    rng = np.random.default_rng(3)
    X = data.X.copy()
    X[rng.random(X.shape) < 0.3] = np.nan
    labels = predict(tree, X, "stop").labels
    for row in rng.choice(len(X), 60, replace=False):
        c, _ = consult_row(tree, project.spec, X[row])
        assert c.outcome().label == labels[row]


# ---- a hand-made fuzzy tree -----------------------------------------------------------------

SCHEMA = DataSchema("y", ["1", "2", "3"], False, [AttributeSchema(n, "numeric", low=-100.0, high=100.0)
                                                  for n in ("A", "B")])
LABELS = ["1", "2", "3", "G"]  # G: a coarse label above 1 and 2


def hand_fuzzy(tnorm="product", aggregate="label_sum", labels=(0, 3, 3), root=0, inner=1):
    """A: centres 0 and 5 -> (leaf labels[0]; B: centres 0 and 10 -> (leaf labels[1]; leaf labels[2]))."""
    t = Tree(SCHEMA, LABELS, tnorm=tnorm, aggregate=aggregate)
    t.add(FuzzySplit(counts=[10, 6, 4], label=root, children=[1, 2], feature=0, centres=[0.0, 5.0]))
    t.add(Leaf(counts=[6, 0, 0], label=labels[0]), 0)
    t.add(FuzzySplit(counts=[4, 6, 4], label=inner, children=[3, 4], feature=1, centres=[0.0, 10.0]), 0)
    t.add(Leaf(counts=[3, 3, 0], label=labels[1]), 2)
    t.add(Leaf(counts=[1, 3, 4], label=labels[2]), 2)
    return t


@pytest.mark.parametrize("tnorm, how, weights, answer", [
    # A = 3: memberships 0.4 / 0.6; B = 5: 0.5 / 0.5
    ("product", "label_sum", {1: 0.4, 3: 0.3, 4: 0.3}, "G"),  # G 0.6 against 1's 0.4
    ("product", "label_max", {1: 0.4, 3: 0.3, 4: 0.3}, "1"),  # 1's 0.4 against G's best 0.3
    ("minimum", "label_max", {1: 0.4, 3: 0.5, 4: 0.5}, "G"),  # min(0.6, 0.5) = 0.5 against 0.4
    ("minimum", "label_sum", {1: 0.4, 3: 0.5, 4: 0.5}, "G"),
])
def test_hand_tree_t_norm_and_aggregation(tnorm, how, weights, answer):
    t = hand_fuzzy(tnorm, how)
    c = Consultation(t, None)
    c.answer({"A": 3})
    assert not c.finished()  # the leaf says 1, the B node's leaves say G: B can change the answer
    c.answer({"B": 5}, c.candidates()[0])
    assert c.finished()
    assert dict(c.frontier()) == pytest.approx(weights)
    out = c.outcome()
    assert t.label_name(out.label) == answer
    assert t.label_name(predict(t, np.array([[3.0, 5.0]]), "fractional").labels[0]) == answer
    assert all(t.nodes[n].label == out.label for n in out.nodes)


def test_nothing_asked_when_every_leaf_says_the_same_coarse_label():
    """Every leaf says G and so does the root: no answer can change the decision, the case ends
    at once with G (the class distribution's best is 1, which no leaf answers)."""
    t = hand_fuzzy(labels=(3, 3, 3), root=3, inner=3)
    c = Consultation(t, None)
    assert c.finished() and c.candidates() != []
    out = c.outcome()
    assert t.label_name(out.label) == "G" and out.nodes == [0] and out.missing == []
    assert int(np.argmax(out.distribution)) == 0
    # the root says 1 instead: the tentative answer is 1, every way on ends with G, so ask on
    c = Consultation(hand_fuzzy(labels=(3, 3, 3), root=0, inner=3), None)
    assert not c.finished()
    c.answer({"A": 3}, c.candidates()[0])
    assert c.finished() and c.tentative().label == 3  # the leaf and the B node (G's) both say G


def test_distribution_aggregate_counts_classes_for_their_label():
    """fuzzy ID3's way: class shares summed into the labels they are answered as. A = 3, B = 5
    (product): 0.4·(1, 0, 0) + 0.3·(.5, .5, 0) + 0.3·(.125, .375, .5) = (.5875, .2625, .15);
    classes 1 and 2 count for G: G .85, 3 .15."""
    t = hand_fuzzy(aggregate="distribution", labels=(3, 3, 2))
    t.answer_as = [3, 3, 2]
    c = Consultation(t, None)
    c.answer({"A": 3})
    c.answer({"B": 5})
    out = c.outcome()
    np.testing.assert_allclose(out.distribution, [0.5875, 0.2625, 0.15])
    assert t.label_name(out.label) == "G" and dict(out.scores) == pytest.approx({"G": 0.85, "3": 0.15})
    assert t.label_name(predict(t, np.array([[3.0, 5.0]]), "fractional").labels[0]) == "G"
    assert aggregate(t, [(2, 1.0)]).label == t.nodes[2].label  # one node reached: its own label


# ---- crisp trees answer as before ---------------------------------------------------------------

def test_crisp_cart_consultation_unchanged(glass):
    """A crisp tree: the frontier is one node with weight 1; the questions are the tests on the
    case's path, in order; the answer is that node's label, predict's (the end node, or an
    ancestor below which every leaf carries it), with the node's class distribution."""
    project, data = glass
    tree = fitted(glass, "cart")
    pred = predict(tree, data.X, "stop")
    below = tree.single_label_below()
    for row in range(len(data.y)):
        c, asked = consult_row(tree, project.spec, data.X[row])
        out = c.outcome()
        assert c.frontier() == [(out.nodes[0], 1.0)] and len(out.nodes) == 1
        end, node = int(pred.nodes[row]), out.nodes[0]
        path = tree.path_to(end)
        assert node in path and out.label == pred.labels[row] == tree.nodes[node].label
        assert node == end or below[node] == out.label
        tested = []
        for n in path[:path.index(node)]:
            tested += [j for j in tree.nodes[n].attributes() if j not in tested]
        assert asked == tested
        counts = tree.nodes[node].counts
        np.testing.assert_allclose(out.distribution, counts / counts.sum())
