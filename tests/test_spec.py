"""Problem settings: every validation rule broken by a project file, shape errors,
round trips that keep unknown keys, versions, relative data paths."""

import copy
import json
import os

import pytest

from engine.data import read_table
from engine.data.project import Project, load_project, save_project
from engine.data.spec import CostMatrix, ProblemSpec, check, validate
from engine.errors import ProjectFileError, SpecError

from samples import SPEC_CSV as CSV

BASE = {
    "format": "ruletree-project", "version": 1,
    "data": {"path": "cases.csv", "sheet": None},
    "target": "class",
    "class_order": ["a", "b", "c"],
    "hierarchy": None,
    "attributes": {
        "age": {"use": True, "type": "numeric", "monotone": "increasing", "test_cost": 1},
        "grade": {"type": "ordinal", "order": ["low", "med", "high"], "monotone": "increasing"},
        "lab1": {"test_cost": 12, "wait_time": 2, "prerequisite": "xray"},
        "lab2": {"test_cost": 10},
        "xray": {"test_cost": 30, "wait_cost": 5},
    },
    "cost_per_time": 2.0,
    "batch_groups": [{"name": "blood", "attributes": ["lab1", "lab2"], "common_cost": 8}],
    "misclassification_costs": {"labels": ["a", "b", "c"],
                                "matrix": [[0, 1, 2], [1, 0, 1], [2, 1, 0]]},
    "budget": 100,
}


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "cases.csv").write_text(CSV)
    return tmp_path


def write_project(folder, obj, name="p.rtproj"):
    path = folder / name
    path.write_text(json.dumps(obj))
    return path


def problems_of(folder, obj):
    project = load_project(write_project(folder, obj))
    table = read_table(project.data_path, project.sheet)
    return check(project.spec, table)


def test_the_base_project_is_valid(folder):
    assert problems_of(folder, BASE) == []


def edit(**changes):
    obj = copy.deepcopy(BASE)
    for path, value in changes.items():
        keys = path.split("__")
        node = obj
        for key in keys[:-1]:
            node = node[int(key)] if isinstance(node, list) else node[key]
        last = keys[-1]
        if isinstance(node, list):
            node[int(last)] = value
        elif value is _DELETE:
            del node[last]
        else:
            node[last] = value
    return obj


_DELETE = object()

# (id, project, field of the problem, words the message must contain)
RULES = [
    ("unknown target", edit(target="klass"), "target", ['no column "klass"']),
    ("no target", edit(target=None), "target", ["no target"]),
    ("unknown attribute column", edit(attributes__weight={"test_cost": 1}), "attributes.weight",
     ['no column "weight"']),
    ("class order misses a class", edit(class_order=["a", "b"]), "class_order", ['"c"', "not in the class order"]),
    ("class order has a typo", edit(class_order=["a", "b", "c", "cc"]), "class_order", ['"cc"', "not a class"]),
    ("class order duplicate", edit(class_order=["a", "b", "c", "a"]), "class_order", ['"a"', "twice"]),
    ("hierarchy cycle", edit(hierarchy={"a": "X", "b": "X", "c": "Y", "X": "Y", "Y": "X"}), "hierarchy.",
     ["cycle"]),
    ("hierarchy self parent", edit(hierarchy={"a": "a", "b": "R", "c": "R"}), "hierarchy.a", ["own parent"]),
    ("class not in hierarchy", edit(hierarchy={"a": "R", "b": "R"}), "hierarchy", ['"c"', "not in the hierarchy"]),
    ("hierarchy two roots", edit(hierarchy={"a": "R", "b": "R", "c": "S"}), "hierarchy", ["2 top labels"]),
    ("data class is an inner node", edit(hierarchy={"a": "R", "b": "a", "c": "R"}), "hierarchy.a",
     ["sub-classes"]),
    ("negative test cost", edit(attributes__lab2={"test_cost": -1}), "attributes.lab2.test_cost", ["negative"]),
    ("negative wait time", edit(attributes__lab2={"test_cost": 10, "wait_time": -2}),
     "attributes.lab2.wait_time", ["negative"]),
    ("negative wait cost", edit(attributes__xray={"test_cost": 30, "wait_cost": -5}),
     "attributes.xray.wait_cost", ["negative"]),
    ("negative cost per time", edit(cost_per_time=-1), "cost_per_time", ["negative"]),
    ("negative common cost", edit(batch_groups=[{"name": "blood", "attributes": ["lab1", "lab2"],
                                                 "common_cost": -3}]),
     "batch_groups[0].common_cost", ["negative"]),
    ("negative matrix entry", edit(misclassification_costs={"labels": ["a", "b", "c"],
                                                            "matrix": [[0, 1, 2], [1, 0, -1], [2, 1, 0]]}),
     "misclassification_costs.matrix[1][2]", ["negative"]),
    ("zero budget", edit(budget=0), "budget", ["positive"]),
    ("prerequisite cycle", edit(attributes__xray={"test_cost": 30, "prerequisite": "lab1"}),
     "attributes.", ["cycle", "lab1", "xray"]),
    ("prerequisite is itself", edit(attributes__lab2={"test_cost": 10, "prerequisite": "lab2"}),
     "attributes.lab2.prerequisite", ["own prerequisite"]),
    ("prerequisite unknown", edit(attributes__lab2={"test_cost": 10, "prerequisite": "mri"}),
     "attributes.lab2.prerequisite", ['"mri"', "not an attribute"]),
    ("prerequisite is the target", edit(attributes__lab2={"test_cost": 10, "prerequisite": "class"}),
     "attributes.lab2.prerequisite", ["not an attribute"]),
    ("matrix shape", edit(misclassification_costs={"labels": ["a", "b", "c"], "matrix": [[0, 1], [1, 0]]}),
     "misclassification_costs.matrix", ["3 x 3", "2 x 2"]),
    ("matrix ragged", edit(misclassification_costs={"labels": ["a", "b", "c"],
                                                    "matrix": [[0, 1, 2], [1, 0], [2, 1, 0]]}),
     "misclassification_costs.matrix", ["3 x 3"]),
    ("matrix label not a class", edit(misclassification_costs={"labels": ["a", "b", "z"],
                                                               "matrix": [[0, 1, 2], [1, 0, 1], [2, 1, 0]]}),
     "misclassification_costs.labels", ['"c"']),
    ("matrix duplicate label", edit(misclassification_costs={"labels": ["a", "b", "b"],
                                                             "matrix": [[0, 1, 2], [1, 0, 1], [2, 1, 0]]}),
     "misclassification_costs.labels", ["twice"]),
    ("batch member unknown", edit(batch_groups=[{"name": "blood", "attributes": ["lab1", "lab9"],
                                                 "common_cost": 1}]),
     "batch_groups[0].attributes", ['"lab9"', "not an attribute"]),
    ("batch member is target", edit(batch_groups=[{"name": "blood", "attributes": ["lab1", "class"],
                                                   "common_cost": 1}]),
     "batch_groups[0].attributes", ['"class"', "not an attribute"]),
    ("batch of one", edit(batch_groups=[{"name": "blood", "attributes": ["lab1"], "common_cost": 1}]),
     "batch_groups[0].attributes", ["at least two"]),
    ("batch without name", edit(batch_groups=[{"name": "", "attributes": ["lab1", "lab2"], "common_cost": 1}]),
     "batch_groups[0].name", ["needs a name"]),
    ("batch names twice", edit(batch_groups=[{"name": "g", "attributes": ["lab1", "lab2"], "common_cost": 1},
                                             {"name": "g", "attributes": ["age", "xray"], "common_cost": 1}]),
     "batch_groups[1].name", ["two batch groups"]),
    ("member in two groups", edit(batch_groups=[{"name": "g", "attributes": ["lab1", "lab2"], "common_cost": 1},
                                                {"name": "h", "attributes": ["lab2", "xray"], "common_cost": 1}]),
     "batch_groups[1].attributes", ['"lab2"', "two batch groups"]),
    ("common cost above a member's test cost",
     edit(batch_groups=[{"name": "blood", "attributes": ["lab1", "lab2"], "common_cost": 11}]),
     "batch_groups[0].common_cost", ['"lab2"']),
    ("monotone on nominal", edit(attributes__sex={"monotone": "increasing"}), "attributes.sex.monotone",
     ["nominal", "monotone"]),
    ("monotone on attribute typed nominal", edit(attributes__age={"type": "nominal", "monotone": "decreasing"}),
     "attributes.age.monotone", ["nominal"]),
    ("text column typed numeric", edit(attributes__sex={"type": "numeric"}), "attributes.sex.type", ["text"]),
    ("ordinal text without order", edit(attributes__grade={"type": "ordinal"}), "attributes.grade.order",
     ["give the order"]),
    ("ordinal order misses a value", edit(attributes__grade={"type": "ordinal", "order": ["low", "high"]}),
     "attributes.grade.order", ['"med"', "row 4"]),
    ("order on a nominal attribute", edit(attributes__sex={"order": ["m", "f"]}), "attributes.sex.order",
     ["only for ordinal"]),
    ("nothing in use", edit(attributes={n: {"use": False} for n in ["age", "sex", "grade", "lab1", "lab2",
                                                                    "xray"]}, batch_groups=[]),
     "attributes", ["no attribute"]),
    ("positive class unknown", edit(positive_class="d"), "positive_class", ['"d"']),
]


@pytest.mark.parametrize("name,obj,field,words", RULES, ids=[r[0] for r in RULES])
def test_validation_rule(folder, name, obj, field, words):
    problems = problems_of(folder, obj)
    assert problems, "the broken project was accepted"
    hits = [p for p in problems if p.field.startswith(field)]
    assert hits, f"no problem at {field}: {problems}"
    assert any(all(w in p.message for w in words) for p in hits), hits


@pytest.mark.parametrize("column_text,words", [
    ("class\nx\nx\nx\n", ["only one class"]),
    ("class\n?\n\nNA\n", ["empty"]),
])
def test_target_with_one_class_or_all_missing(tmp_path, column_text, words):
    rows = column_text.splitlines()
    lines = ["v," + rows[0]] + [f"{i},{r}" for i, r in enumerate(rows[1:])]
    (tmp_path / "t.csv").write_text("\n".join(lines) + "\n")
    table = read_table(tmp_path / "t.csv")
    with pytest.raises(SpecError) as info:
        validate(ProblemSpec(target="class"), table)
    assert info.value.field == "target"
    assert all(w in str(info.value) for w in words)


def test_validate_raises_with_every_problem(folder):
    obj = edit(target="klass", budget=-5)
    project = load_project(write_project(folder, obj))
    with pytest.raises(SpecError) as info:
        validate(project.spec, read_table(project.data_path))
    fields = [p.field for p in info.value.problems]
    assert "target" in fields and "budget" in fields
    assert "and 1 more problem" in str(info.value)


# ---- shape errors in the file itself --------------------------------------------------

SHAPE = [
    ("monotone word", edit(attributes__age={"monotone": "sideways"}), "attributes.age.monotone"),
    ("type word", edit(attributes__age={"type": "float"}), "attributes.age.type"),
    ("use not bool", edit(attributes__age={"use": "yes"}), "attributes.age.use"),
    ("cost text", edit(attributes__age={"test_cost": "ten"}), "attributes.age.test_cost"),
    ("cost bool", edit(attributes__age={"test_cost": True}), "attributes.age.test_cost"),
    ("attributes list", edit(attributes=["age"]), "attributes"),
    ("matrix text", edit(misclassification_costs={"labels": ["a", "b", "c"],
                                                  "matrix": [[0, 1, "x"], [1, 0, 1], [2, 1, 0]]}),
     "misclassification_costs.matrix[0][2]"),
    ("batch groups object", edit(batch_groups={"name": "x"}), "batch_groups"),
    ("class order text", edit(class_order="a,b,c"), "class_order"),
    ("data path number", edit(data={"path": 5}), "data.path"),
    ("version text", edit(version="1"), "version"),
]


@pytest.mark.parametrize("name,obj,field", SHAPE, ids=[s[0] for s in SHAPE])
def test_shape_errors_name_the_setting(folder, name, obj, field):
    path = write_project(folder, obj)
    with pytest.raises(ProjectFileError) as info:
        load_project(path)
    assert info.value.field == field
    assert f"setting {field}" in str(info.value) and "p.rtproj" in str(info.value)


def test_newer_version_is_refused_clearly(folder):
    path = write_project(folder, edit(version=2))
    with pytest.raises(ProjectFileError) as info:
        load_project(path)
    assert info.value.code == "newer_version"
    assert "newer" in str(info.value) and "version 2" in str(info.value)


@pytest.mark.parametrize("content,code", [
    ('{"format": "ruletree-project", "version": 1,', "bad_json"),
    ("[1, 2]", "not_a_project"),
    ('{"format": "ruletree-model", "version": 1}', "not_a_project"),
    ('{"format": "ruletree-project", "version": 1, "budget": NaN}', "bad_json"),
    ("\xff\xfe garbage", "not_a_project"),
])
def test_not_a_project(tmp_path, content, code):
    path = tmp_path / "x.rtproj"
    path.write_bytes(content.encode("latin-1"))
    with pytest.raises(ProjectFileError) as info:
        load_project(path)
    assert info.value.code == code and "x.rtproj" in str(info.value)


def test_bad_json_names_the_line(tmp_path):
    path = tmp_path / "x.rtproj"
    path.write_text('{\n  "format": "ruletree-project",\n  "version": 1\n  "target": "c"\n}')
    with pytest.raises(ProjectFileError) as info:
        load_project(path)
    assert info.value.row == 4 and "line 4" in str(info.value)


# ---- round trips --------------------------------------------------------------------


def test_round_trip_keeps_unknown_keys_everywhere(folder):
    obj = copy.deepcopy(BASE)
    obj["future_top"] = {"nested": [1, 2, {"x": None}]}
    obj["data"]["checksum"] = "abc"
    obj["attributes"]["age"]["unit"] = "years"
    obj["batch_groups"][0]["colour"] = "red"
    obj["misclassification_costs"]["note"] = "from the clinic"
    first = write_project(folder, obj)
    project = load_project(first)
    second = folder / "sub" / "copy.rtproj"
    second.parent.mkdir()
    save_project(project, second)
    again = load_project(second)
    saved = json.loads(second.read_text())
    assert saved["future_top"] == obj["future_top"]
    assert saved["data"]["checksum"] == "abc"
    assert saved["attributes"]["age"]["unit"] == "years"
    assert saved["batch_groups"][0]["colour"] == "red"
    assert saved["misclassification_costs"]["note"] == "from the clinic"
    # the data path is relative to the new project file and still points at the data
    assert saved["data"]["path"] == "../cases.csv"
    assert again.data_path == str((folder / "cases.csv").resolve())
    # read -> write -> read is a fixed point
    save_project(again, folder / "third.rtproj")
    assert json.loads((folder / "third.rtproj").read_text()) == {**saved, "data": {**saved["data"],
                                                                                   "path": "cases.csv"}}
    assert again.spec == project.spec


def test_round_trip_of_the_demo_projects(demo_dir, tmp_path):
    for name in ("car_evaluation.rtproj", "glass.rtproj"):
        project = load_project(demo_dir / name)
        table = read_table(project.data_path, project.sheet)
        assert check(project.spec, table) == []
        out = tmp_path / name
        save_project(project, out)
        again = load_project(out)
        assert again.spec == project.spec
        assert os.path.samefile(again.data_path, project.data_path)


def test_save_is_atomic_and_leaves_no_temp_files(folder, monkeypatch):
    import engine.fileio as fileio

    path = write_project(folder, BASE)
    before = path.read_text()
    project = load_project(path)
    project.spec.budget = 5

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(fileio.os, "replace", boom)
    with pytest.raises(OSError):
        save_project(project, path)
    assert path.read_text() == before  # the old file is intact
    assert sorted(p.name for p in folder.iterdir()) == ["cases.csv", "p.rtproj"]


def test_defaults_for_missing_keys(folder):
    obj = {"format": "ruletree-project", "version": 1, "data": {"path": "cases.csv"}, "target": "class"}
    project = load_project(write_project(folder, obj))
    spec = project.spec
    assert spec.class_order is None and spec.hierarchy is None and spec.budget is None
    assert spec.cost_per_time == 1.0 and spec.batch_groups == []
    settings = spec.attribute("age")
    assert settings.use and settings.type is None and settings.monotone == "none" and settings.test_cost == 0


def test_cost_matrix_reindexed_to_class_order():
    mc = CostMatrix(["b", "a"], [[0, 5], [7, 0]])
    assert mc.as_array(["a", "b"]).tolist() == [[0, 7], [5, 0]]
    assert CostMatrix.absolute_difference(["x", "y", "z"], 100).matrix[0] == [0, 100, 200]


# ---- regressions from review --------------------------------------------------------


def test_huge_numbers_are_a_clear_error(folder):
    for obj, field in [(edit(budget=10 ** 400), "budget"),
                       (edit(misclassification_costs={"labels": ["a", "b", "c"],
                                                      "matrix": [[0, 10 ** 400, 1], [1, 0, 1], [1, 1, 0]]}),
                        "misclassification_costs.matrix[0][1]")]:
        path = folder / "huge.rtproj"
        path.write_text(json.dumps(obj))
        with pytest.raises(ProjectFileError) as info:
            load_project(path)
        assert info.value.field == field


def test_hierarchy_top_labels_with_null_parent_survive_a_round_trip(folder):
    obj = edit(hierarchy={"a": "P", "b": "P", "c": "Q", "P": "ALL", "Q": "ALL", "ALL": None})
    project = load_project(write_project(folder, obj))
    assert problems_of(folder, obj) == []
    save_project(project, folder / "again.rtproj")
    assert json.loads((folder / "again.rtproj").read_text())["hierarchy"]["ALL"] is None


def test_a_linked_data_file_keeps_its_own_name(folder, tmp_path):
    shared = tmp_path / "elsewhere"
    shared.mkdir()
    (shared / "real.csv").write_text(CSV)
    (folder / "link.csv").symlink_to(shared / "real.csv")
    project = Project(data_path=str(folder / "link.csv"), spec=ProblemSpec(target="class"))
    save_project(project, folder / "l.rtproj")
    assert json.loads((folder / "l.rtproj").read_text())["data"]["path"] == "link.csv"


def test_saving_through_a_linked_project_file_keeps_the_link(folder, tmp_path):
    real = tmp_path / "real.rtproj"
    real.write_text(json.dumps(BASE))
    (folder / "p.rtproj").symlink_to(real)
    project = load_project(folder / "p.rtproj")
    project.spec.budget = 7
    save_project(project, folder / "p.rtproj")
    assert (folder / "p.rtproj").is_symlink()
    assert json.loads(real.read_text())["budget"] == 7


def test_data_must_be_an_object(folder):
    with pytest.raises(ProjectFileError) as info:
        load_project(write_project(folder, edit(data=[])))
    assert info.value.field == "data"
