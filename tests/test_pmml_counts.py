"""An imported tree's cases counted on its training file (engine.pmml_counts, `ruletree import
--data`): sklearn2pmml writes scikit-learn >= 1.4's leaf shares as recordCounts, so without the
data every leaf is "1 case" — said in a note; with the data, the counts are the rows' and the
answers stay scikit-learn's."""

from __future__ import annotations

import numpy as np
import pytest

from engine import cli
from engine.model import load_model
from engine.pmml_import import counts_look_like_shares, read_pmml
from engine.trust.intervals import tree_trust
from tests.test_pmml_import import FIXTURES, TESTS, _assert_answers_as_sklearn, _data, _sklearn_answers

DATA = {"iris": TESTS / "data" / "datasets" / "iris.csv", "car": TESTS / "data" / "datasets" / "car_evaluation.csv"}


def _leaves(tree):
    return [i for i in tree.reachable() if tree.nodes[i].is_leaf]


@pytest.mark.parametrize("name", ["iris", "car"])
def test_shares_are_said_and_the_data_counts_the_cases(name, tmp_path, capsys):
    imported = read_pmml(FIXTURES / f"sklearn_{name}.pmml")
    assert counts_look_like_shares(imported.tree, imported.trained_on["pmml_application"])
    assert any("class shares" in n for n in imported.info["pmml_notes"])
    # without the data: every leaf "1 case", flagged few cases — the note is why
    assert all(t.support == pytest.approx(1.0) and t.few_cases for t in tree_trust(imported.tree).values())

    out = tmp_path / "model.json"
    assert cli.main(["import", str(FIXTURES / f"sklearn_{name}.pmml"), "--out", str(out), "--data", str(DATA[name])]) == 0
    said = capsys.readouterr().out
    rows = {"iris": 150, "car": 1728}[name]
    assert f"cases counted on {DATA[name].name}: {rows} rows" in said and "class shares" not in said
    model = load_model(out)
    tree = model.tree
    assert not counts_look_like_shares(tree, model.trained_on["pmml_application"])
    assert model.trained_on["counted_on"]["rows"] == rows and len(model.trained_on["counted_on"]["sha256"]) == 64
    assert tree.nodes[0].weight == rows
    # each leaf's counts are the training rows that reach it (whole numbers, adding up to the rows)
    leaves = _leaves(tree)
    counts = np.array([tree.nodes[i].counts for i in leaves])
    assert np.array_equal(counts, np.round(counts)) and counts.sum() == rows
    if name == "iris":  # min_samples_leaf=3: no leaf under 3 cases, and the root's classes 50/50/50
        assert counts.sum(axis=1).min() >= 3
        assert tree.nodes[0].counts.tolist() == [50.0, 50.0, 50.0]
    # the answers stay scikit-learn's (its shares are its training rows' shares), labels and probabilities
    _assert_answers_as_sklearn(model, _data(name), _sklearn_answers(name))
    # the trust layer now reads real cases: supports are the counts, and not every leaf is flagged
    trust = tree_trust(tree)
    assert sorted(t.support for t in trust.values()) == sorted(counts.sum(axis=1).tolist())
    assert not all(t.few_cases for t in trust.values())
    assert "pmml_notes" not in model.info or not any("class shares" in n for n in model.info["pmml_notes"])


def test_counting_on_a_file_without_the_target_is_refused_in_one_line(tmp_path, capsys):
    no_target = tmp_path / "no_target.csv"
    no_target.write_text(DATA["iris"].read_text().replace("class", "species", 1))
    out = tmp_path / "model.json"
    assert cli.main(["import", str(FIXTURES / "sklearn_iris.pmml"), "--out", str(out), "--data", str(no_target)]) == 2
    err = capsys.readouterr().err
    assert "class" in err and "Traceback" not in err and not out.exists()


def test_our_own_export_is_not_taken_for_shares(tmp_path):
    """A tree of ours exported and imported keeps its counts: no shares note."""
    from engine.algorithms.params import resolve_params
    from engine.algorithms.registry import get
    from engine.data.project import load_project
    from engine.data.read import read_table
    from engine.pmml import write_pmml
    from engine.workflows import train_model

    project = load_project(str(TESTS.parent / "resources" / "demo" / "car_evaluation.rtproj"))
    table = read_table(project.data_path, project.sheet)
    info = get("cart")
    model = train_model(info, table, project.spec, resolve_params(info, {})).model
    write_pmml(model, tmp_path / "ours.pmml")
    back = read_pmml(tmp_path / "ours.pmml")
    assert not counts_look_like_shares(back.tree, back.trained_on.get("pmml_application", ""))
    assert not any("class shares" in n for n in back.info.get("pmml_notes", []))


def test_shares_are_told_from_one_case_leaves():
    """Leaves adding up to 1: shares when some count is a fraction or sklearn2pmml wrote the file;
    whole single cases from another tool are cases."""
    tree = read_pmml(FIXTURES / "sklearn_iris.pmml").tree
    assert counts_look_like_shares(tree, "")  # 0.333.../0.666... at two leaves
    for i in tree.reachable():
        node = tree.nodes[i]
        if node.is_leaf:
            node.counts = np.eye(len(node.counts))[int(np.argmax(node.counts))]
    assert not counts_look_like_shares(tree, "KNIME 5.2") and counts_look_like_shares(tree, "SkLearn2PMML 0.110")
    tree.nodes[_leaves(tree)[0]].counts = tree.nodes[_leaves(tree)[0]].counts * 2
    assert not counts_look_like_shares(tree, "SkLearn2PMML 0.110")  # a leaf of two cases: counts
