"""Fuzzy terms in the project: an attribute's term names (and fixed centres) stored under
"attributes" (fuzzy_terms, fuzzy_centres), read back, refused when malformed with the file and
the attribute named, and used by HFDT, fuzzy ID3 and Min-Ambiguity — in the model's fuzzy
nodes, its rules and its model file — with the defaults and a warning when they do not fit."""

import json

import numpy as np
import pytest

from engine.algorithms.fuzzify import fuzzy_term_warnings, kohonen_centres, preview_terms
from engine.algorithms.registry import get
from engine.data import read_table
from engine.data.encode import encode
from engine.data.project import load_project, project_from_json, save_project
from engine.data.spec import check
from engine.errors import ProjectFileError
from engine.model import load_model
from engine.tree.nodes import FuzzySplit
from engine.tree.rules import extract_rules, rule_text, rules_json
from engine.workflows import train_model

FUZZY = ("hfdt", "fuzzy_id3", "min_ambiguity")


@pytest.fixture
def glass(demo_dir, tmp_path):
    """The glass demo project as a dict, its data path made absolute (saving stays in tmp_path)."""
    obj = json.loads((demo_dir / "glass.rtproj").read_text())
    obj["data"]["path"] = str(demo_dir / obj["data"]["path"])
    return obj


def write(tmp_path, obj, name="glass.rtproj"):
    path = tmp_path / name
    path.write_text(json.dumps(obj))
    return path


def opened(tmp_path, obj):
    project = load_project(write(tmp_path, obj))
    return project, read_table(project.data_path, project.sheet)


def mg_nodes(tree):
    return [n for n in tree.nodes if isinstance(n, FuzzySplit) and tree.attribute_name(n.feature) == "Mg"]


# ---- the project file ---------------------------------------------------------------------


def test_names_and_centres_round_trip(glass, tmp_path):
    glass["attributes"] = {"Mg": {"fuzzy_terms": ["poor", "normal", "rich"], "fuzzy_centres": [0.5, 2, 3.6]},
                           "Al": {"fuzzy_terms": ["thin", "thick"]}}
    project = load_project(write(tmp_path, glass))
    mg = project.spec.attribute("Mg")
    assert mg.fuzzy_terms == ["poor", "normal", "rich"] and mg.fuzzy_centres == [0.5, 2.0, 3.6]
    assert project.spec.attribute("Al").fuzzy_terms == ["thin", "thick"]
    assert project.spec.attribute("Al").fuzzy_centres is None
    save_project(project, tmp_path / "again.rtproj")
    saved = json.loads((tmp_path / "again.rtproj").read_text())
    assert saved["version"] == 1
    assert saved["attributes"]["Mg"]["fuzzy_terms"] == ["poor", "normal", "rich"]
    assert saved["attributes"]["Mg"]["fuzzy_centres"] == [0.5, 2, 3.6]
    assert saved["attributes"]["Al"]["fuzzy_terms"] == ["thin", "thick"] and "fuzzy_centres" not in saved[
        "attributes"]["Al"]
    again = load_project(tmp_path / "again.rtproj")
    assert again.spec.attributes == project.spec.attributes


def test_a_project_without_fuzzy_terms_loads_and_saves_as_before(glass, tmp_path):
    project = load_project(write(tmp_path, glass))
    assert project.spec.attribute("Mg").fuzzy_terms is None and project.spec.attribute("Mg").fuzzy_centres is None
    project.spec.set_attribute("Mg", test_cost=3)
    saved = project.to_json()
    assert "fuzzy_terms" not in saved["attributes"]["Mg"] and "fuzzy_centres" not in saved["attributes"]["Mg"]


BAD = [
    ({"fuzzy_terms": "poor, rich"}, "fuzzy_terms", "list of names"),
    ({"fuzzy_terms": [1, 2]}, "fuzzy_terms", "list of names"),
    ({"fuzzy_terms": ["poor", None]}, "fuzzy_terms", "list of names"),
    ({"fuzzy_terms": []}, "fuzzy_terms", "at least one name"),
    ({"fuzzy_terms": [f"t{i}" for i in range(10)]}, "fuzzy_terms", "at most 9"),
    ({"fuzzy_terms": ["poor", "  "]}, "fuzzy_terms", "name 2 is empty"),
    ({"fuzzy_terms": ["poor", "poor"]}, "fuzzy_terms", '"poor" appears twice'),
    ({"fuzzy_centres": "0.5"}, "fuzzy_centres", "list of numbers"),
    ({"fuzzy_centres": [0.5, True]}, "fuzzy_centres", "list of numbers"),
    ({"fuzzy_centres": [0.5, "2"]}, "fuzzy_centres", "list of numbers"),
    ({"fuzzy_centres": []}, "fuzzy_centres", "at least one centre"),
    ({"fuzzy_centres": [3.0, 1.0]}, "fuzzy_centres", "increase strictly"),
    ({"fuzzy_centres": [1.0, 1.0]}, "fuzzy_centres", "increase strictly"),
    ({"fuzzy_centres": [1.0, float("inf")]}, "fuzzy_centres", "finite"),
    ({"fuzzy_centres": [1.0, float("nan")]}, "fuzzy_centres", "finite"),
    ({"fuzzy_centres": list(range(10))}, "fuzzy_centres", "at most 9"),
    ({"fuzzy_terms": ["poor", "rich"], "fuzzy_centres": [0.5, 2.0, 3.5]}, "fuzzy_centres", "one centre per name"),
]


@pytest.mark.parametrize("settings, key, words", BAD, ids=[f"{k}-{i}" for i, (_, k, _) in enumerate(BAD)])
def test_bad_terms_are_refused_naming_the_file_and_the_attribute(glass, tmp_path, settings, key, words):
    glass["attributes"] = {"Mg": settings}
    with pytest.raises(ProjectFileError) as err:
        try:
            json.dumps(glass, allow_nan=False)
        except ValueError:  # NaN and infinity cannot be written as JSON: a project object from code
            project_from_json(glass, file=str(tmp_path / "bad.rtproj"))
        else:
            load_project(write(tmp_path, glass, "bad.rtproj"))
    assert err.value.field == f"attributes.Mg.{key}"
    assert words in err.value.message
    assert str(err.value).startswith('file "bad.rtproj", setting attributes.Mg.')


def test_a_huge_centre_in_the_file_is_refused(glass, tmp_path):
    text = json.dumps(glass).replace('"attributes": {}', '"attributes": {"Mg": {"fuzzy_centres": [1, 1e400]}}')
    path = tmp_path / "huge.rtproj"
    path.write_text(text)
    with pytest.raises(ProjectFileError, match="1e400") as err:
        load_project(path)  # refused as it is read: no JSON number may stand for infinity
    assert err.value.code == "bad_json" and err.value.row == 1
    assert f"column {text.index('1e400') + 1})" in err.value.message


def test_the_checks_refuse_bad_terms_edited_in_memory(glass, tmp_path):
    project, table = opened(tmp_path, glass)
    project.spec.set_attribute("Mg", fuzzy_terms=["low", "low"])
    project.spec.set_attribute("Al", fuzzy_centres=[2.0, 1.0])
    found = {(p.field, p.message) for p in check(project.spec, table)}
    assert ("attributes.Mg.fuzzy_terms", 'the name "low" appears twice') in found
    assert any(f == "attributes.Al.fuzzy_centres" and "increase strictly" in m for f, m in found)
    project.spec.set_attribute("Mg", fuzzy_terms=["low", "high"])
    project.spec.set_attribute("Al", fuzzy_centres=[1.0, 2.0])
    assert check(project.spec, table) == []


# ---- the learners -----------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", FUZZY)
def test_the_learners_name_the_terms_as_the_project_says(glass, tmp_path, algorithm):
    glass["attributes"] = {"Mg": {"fuzzy_terms": ["poor", "rich"]}}
    project, table = opened(tmp_path, glass)
    result = train_model(get(algorithm), table, project.spec, {})
    tree = result.model.tree
    nodes = mg_nodes(tree)
    assert nodes and all(n.terms == ["poor", "rich"] for n in nodes)
    texts = [rule_text(tree, r) for r in extract_rules(tree)]
    assert any("Mg is poor" in t for t in texts) and any("Mg is rich" in t for t in texts)
    assert not any("Mg is less" in t or "Mg is more" in t for t in texts)
    assert any(r["bounds"].get("Mg", {}).get("terms") == ["rich"] for r in rules_json(tree, extract_rules(tree)))
    assert not result.warnings or not any("Mg" in w for w in result.warnings)
    # the model file keeps them
    result.model.save(tmp_path / "model.json")
    again = load_model(tmp_path / "model.json").tree
    assert [rule_text(again, r) for r in extract_rules(again)] == texts


def test_without_names_the_default_names_stay(glass, tmp_path):
    project, table = opened(tmp_path, glass)
    tree = train_model(get("hfdt"), table, project.spec, {}).model.tree
    assert all(n.terms == ["less", "more"] for n in mg_nodes(tree))


@pytest.mark.parametrize("algorithm", FUZZY)
def test_fixed_centres_replace_kohonen(glass, tmp_path, algorithm):
    glass["attributes"] = {"Mg": {"fuzzy_terms": ["poor", "normal", "rich"], "fuzzy_centres": [0.5, 2.0, 3.6]}}
    project, table = opened(tmp_path, glass)
    tree = train_model(get(algorithm), table, project.spec, {"k": 2}).model.tree
    nodes = mg_nodes(tree)
    assert nodes and all(n.centres == [0.5, 2.0, 3.6] and n.terms == ["poor", "normal", "rich"] for n in nodes)
    # the other attributes keep k = 2 Kohonen terms
    others = [n for n in tree.nodes if isinstance(n, FuzzySplit) and n.centres is not None and n not in nodes]
    assert others and all(len(n.centres) == 2 for n in others)


def test_names_that_do_not_fit_fall_back_to_the_defaults_with_a_warning(glass, tmp_path):
    glass["attributes"] = {"Mg": {"fuzzy_terms": ["poor", "normal", "rich"]}}
    project, table = opened(tmp_path, glass)
    assert check(project.spec, table) == []  # not an error: training goes on
    warnings = fuzzy_term_warnings(table, project.spec, k=2)
    assert [w.field for w in warnings] == ["attributes.Mg.fuzzy_terms"]
    assert "3 names" in warnings[0].message and "k = 2" in warnings[0].message
    assert "train with k = 3" in warnings[0].message
    assert fuzzy_term_warnings(table, project.spec, k=3) == []
    result = train_model(get("hfdt"), table, project.spec, {"k": 2})
    assert all(n.terms == ["less", "more"] for n in mg_nodes(result.model.tree))
    assert any('fuzzy terms of "Mg"' in w and "default names (less, more)" in w for w in result.warnings)
    three = train_model(get("hfdt"), table, project.spec, {"k": 3}).model.tree
    assert all(n.terms == ["poor", "normal", "rich"] for n in mg_nodes(three))


def test_merged_centres_are_reported(tmp_path):
    """A column with one value: the k centres meet and merge into one term; two names do not fit."""
    (tmp_path / "cases.csv").write_text("x,y\n" + "".join(f"3,{c}\n" for c in "ab" * 10))
    obj = {"format": "ruletree-project", "version": 1, "data": {"path": "cases.csv"}, "target": "y",
           "attributes": {"x": {"fuzzy_terms": ["low", "high"]}}}
    project = load_project(write(tmp_path, obj, "one.rtproj"))
    table = read_table(project.data_path)
    terms = preview_terms(table, project.spec, "x", k=2)
    assert terms.centres.tolist() == [3.0] and terms.names == ["all"]
    assert "k = 2 made only 1 term" in terms.note and "merged" in terms.note
    assert [w.field for w in fuzzy_term_warnings(table, project.spec)] == ["attributes.x.fuzzy_terms"]


def test_terms_on_a_nominal_attribute_are_a_warning(glass, tmp_path):
    glass["attributes"] = {"Mg": {"type": "nominal", "fuzzy_terms": ["poor", "rich"]}}
    project, table = opened(tmp_path, glass)
    assert check(project.spec, table) == []
    warnings = fuzzy_term_warnings(table, project.spec)
    assert [w.field for w in warnings] == ["attributes.Mg.fuzzy_terms"] and "not numeric" in warnings[0].message
    assert preview_terms(table, project.spec, "Mg") is None


def test_the_preview_is_what_the_learner_makes(glass, tmp_path):
    """The Problem tab's plot reads preview_terms: the same values, seed and centres as HFDT
    trained on all rows (Mg is the third attribute: its Kohonen seed is 0 + 2)."""
    glass["attributes"] = {"Mg": {"fuzzy_terms": ["poor", "rich"]}}
    project, table = opened(tmp_path, glass)
    terms = preview_terms(table, project.spec, "Mg")
    data = encode(table, project.spec)
    j = data.schema.names.index("Mg")
    assert j == 2 and len(terms.values) == data.n == 214
    assert terms.centres.tolist() == kohonen_centres(data.X[:, j], 2, 0.5, 20, 0 + j).tolist()
    assert terms.names == ["poor", "rich"] and terms.note is None and not terms.fixed
    tree = train_model(get("hfdt"), table, project.spec, {}).model.tree
    assert all(np.allclose(n.centres, terms.centres) for n in mg_nodes(tree))
    # an attribute left out shifts the seeds of the ones after it, as in training
    project.spec.set_attribute("Na", use=False)
    shifted = preview_terms(table, project.spec, "Mg")
    assert shifted.centres.tolist() == kohonen_centres(data.X[:, j], 2, 0.5, 20, 1).tolist()


def test_project_from_json_keeps_the_error_place():
    obj = {"format": "ruletree-project", "version": 1, "attributes": {"Ca": {"fuzzy_terms": ["a", ""]}}}
    with pytest.raises(ProjectFileError) as err:
        project_from_json(obj, file="/some/where/p.rtproj")
    assert str(err.value) == 'file "p.rtproj", setting attributes.Ca.fuzzy_terms: name 2 is empty; every term ' \
                             "needs a name"


def test_the_preview_leaves_out_rows_without_a_class_as_learning_does(tmp_path):
    rows = [(1, "a"), (2, "a"), (8, "b"), (9, "b"), (100, "")]
    (tmp_path / "cases.csv").write_text("x,y\n" + "".join(f"{v},{c}\n" for v, c in rows))
    obj = {"format": "ruletree-project", "version": 1, "data": {"path": "cases.csv"}, "target": "y"}
    project = load_project(write(tmp_path, obj, "gap.rtproj"))
    table = read_table(project.data_path)
    data = encode(table, project.spec)
    terms = preview_terms(table, project.spec, "x")
    assert sorted(terms.values.tolist()) == [1, 2, 8, 9] == sorted(data.X[:, 0].tolist())
    assert terms.centres.tolist() == kohonen_centres(data.X[:, 0], 2, 0.5, 20, 0).tolist()


def test_cli_train_says_the_names_were_not_used(tmp_path, capsys):
    """Names that do not fit the terms made are reported by `ruletree train` (said while fitting)."""
    from engine import cli

    from conftest import ROOT

    demo = ROOT / "resources" / "demo"
    obj = json.loads((demo / "glass.rtproj").read_text())
    obj["data"]["path"] = str(demo / "glass.xlsx")
    obj["attributes"] = {"Mg": {"fuzzy_terms": ["a", "b", "c"]}}
    (tmp_path / "p.rtproj").write_text(json.dumps(obj))
    assert cli.main(["train", "--project", str(tmp_path / "p.rtproj"), "--algorithm", "hfdt",
                     "--out", str(tmp_path / "m.json")]) == 0
    err = capsys.readouterr().err
    assert 'fuzzy terms of "Mg": 3 names given, but k = 2 makes 2 terms' in err
