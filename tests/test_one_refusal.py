"""Validation in one place (issue 35): the same 20 invalid settings, fed to every entry point
that makes a problem's settings, get the same refusal from each — the setting named and the
same message — whether the settings are checked against the data (info, train, evaluate,
compare, open_problem, the estimators) or against a trained model (consult, a session, a
session file).

Before, `ruletree consult --project` accepted a project whose test cost was -50 and printed
"costs: tests -40", while `ruletree info --project` refused it.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import numpy as np
import pytest

from engine import cli
from engine.data import read_table
from engine.data.project import project_from_json
from engine.errors import SpecError
from engine.model import load_model
from engine.problem import open_problem
from engine.sessions import Session


def _group(obj, **changes):
    obj["batch_groups"][0].update(changes)


#: (name, a change of the car demo's project, the setting refused, the message)
INVALID = [
    ("negative test cost", lambda o: o["attributes"]["safety"].update(test_cost=-50),
     "attributes.safety.test_cost", "must not be negative"),
    ("negative waiting time", lambda o: o["attributes"]["maint"].update(wait_time=-1),
     "attributes.maint.wait_time", "must not be negative"),
    ("huge waiting cost", lambda o: o["attributes"]["safety"].update(wait_cost=2e12),
     "attributes.safety.wait_cost", "must be at most 1e+12 (express costs in a larger unit)"),
    ("negative cost per time", lambda o: o.update(cost_per_time=-1), "cost_per_time", "must not be negative"),
    ("huge cost per time", lambda o: o.update(cost_per_time=5e12), "cost_per_time",
     "must be at most 1e+12 (express costs in a larger unit)"),
    ("zero budget", lambda o: o.update(budget=0), "budget", "must be a positive number, or empty for no budget"),
    ("negative budget", lambda o: o.update(budget=-5), "budget",
     "must be a positive number, or empty for no budget"),
    ("one-member batch", lambda o: _group(o, attributes=["doors"]), "batch_groups[0].attributes",
     'batch group "showroom visit" needs at least two attributes'),
    ("common cost above a member's test cost", lambda o: _group(o, common_cost=5), "batch_groups[0].common_cost",
     'the common cost 5 is more than the test cost of "doors" (2); a member\'s test cost includes the common cost'),
    ("negative common cost", lambda o: _group(o, common_cost=-1), "batch_groups[0].common_cost",
     "must not be negative"),
    ("nameless batch", lambda o: _group(o, name=" "), "batch_groups[0].name", "every batch group needs a name"),
    ("two batches of one name", lambda o: o["batch_groups"].append(
        {"name": "showroom visit", "attributes": ["buying", "safety"], "common_cost": 0}),
     "batch_groups[1].name", 'two batch groups are named "showroom visit"'),
    ("an attribute in two batches", lambda o: o["batch_groups"].append(
        {"name": "papers", "attributes": ["doors", "buying"], "common_cost": 0}),
     "batch_groups[1].attributes", '"doors" is in two batch groups ("showroom visit" and "papers")'),
    ("its own prerequisite", lambda o: o["attributes"]["buying"].update(prerequisite="buying"),
     "attributes.buying.prerequisite", "an attribute cannot be its own prerequisite"),
    ("a prerequisite cycle", lambda o: o["attributes"]["buying"].update(prerequisite="maint"),
     "attributes.buying.prerequisite", "the prerequisites form a cycle: buying -> maint -> buying"),
    ("a negative error cost", lambda o: o["misclassification_costs"]["matrix"][1].__setitem__(2, -100),
     "misclassification_costs.matrix[1][2]", "costs must not be negative"),
    ("a cost matrix of the wrong shape", lambda o: o["misclassification_costs"]["matrix"].pop(),
     "misclassification_costs.matrix", "must be 4 x 4 (one row and column per label), not 3 x 4"),
    ("a class missing from the cost matrix", lambda o: o["misclassification_costs"]["labels"].__setitem__(3, "great"),
     "misclassification_costs.labels", 'the class "vgood" has no row and column in the cost matrix'),
    ("a class twice in the order", lambda o: o.update(class_order=["unacc", "acc", "acc", "good", "vgood"]),
     "class_order", 'the class "acc" appears twice'),
    ("a class its own parent", lambda o: o.update(hierarchy={"unacc": "unacc", "acc": "ALL", "good": "ALL",
                                                             "vgood": "ALL"}),
     "hierarchy.unacc", '"unacc" cannot be its own parent'),
    ("a hierarchy cycle", lambda o: o.update(hierarchy={"unacc": "A", "acc": "A", "good": "B", "vgood": "B",
                                                        "A": "B", "B": "A"}),
     "hierarchy.A", "the hierarchy has a cycle: A -> B -> A"),
    ("a positive class that is no class", lambda o: o.update(positive_class="excellent"), "positive_class",
     '"excellent" is not a class of "class" (classes: acc, good, unacc, vgood)'),
]
assert len(INVALID) >= 20
IDS = [case[0] for case in INVALID]


DEMO = Path(__file__).resolve().parents[1] / "resources" / "demo"


@pytest.fixture(scope="module")
def car(tmp_path_factory):
    """The car demo's project (data path made absolute) and a model trained on it."""
    demo_dir = DEMO
    folder = tmp_path_factory.mktemp("one_refusal")
    obj = json.loads((demo_dir / "car_evaluation.rtproj").read_text(encoding="utf-8"))
    obj["data"]["path"] = str(demo_dir / "car_evaluation.xlsx")
    (folder / "good.rtproj").write_text(json.dumps(obj), encoding="utf-8")
    model = folder / "car.json"
    assert cli.main(["train", "--project", str(folder / "good.rtproj"), "--algorithm", "cart", "--out",
                     str(model)]) == 0
    (folder / "answers.json").write_text(json.dumps({"safety": "low"}), encoding="utf-8")
    return folder, obj, model


def _bad_project(car, change, name="bad.rtproj"):
    folder, obj, _model = car
    bad = copy.deepcopy(obj)
    change(bad)
    path = folder / name
    path.write_text(json.dumps(bad), encoding="utf-8")
    return path, bad


def _line(field, message, file="bad.rtproj"):
    return f'ruletree: error: file "{file}", setting {field}: {message}'


def _refusal(exc: SpecError):
    return exc.field, exc.message


@pytest.mark.parametrize("name,change,field,message", INVALID, ids=IDS)
def test_every_command_line_entry_refuses_it_in_the_same_words(car, capsys, name, change, field, message):
    path, _ = _bad_project(car, change)
    folder, _obj, model = car
    commands = {
        "info": ["info", "--project", str(path)],
        "train": ["train", "--project", str(path), "--algorithm", "cart", "--out", str(folder / "never.json")],
        "evaluate": ["evaluate", "--project", str(path), "--algorithm", "cart", "--cv", "2"],
        "compare": ["compare", "--project", str(path), "--algorithms", "cart", "--cv", "2", "--jobs", "1"],
        "consult": ["consult", str(model), "--project", str(path), "--answers", str(folder / "answers.json")],
    }
    lines = {}
    for command, argv in commands.items():
        capsys.readouterr()
        assert cli.main(argv) == 2, command
        lines[command] = capsys.readouterr().err.strip().splitlines()[-1]
    assert not (folder / "never.json").exists()
    expected = _line(field, message)
    assert set(lines.values()) == {expected} or all(line.startswith(expected) for line in lines.values()), lines
    assert len({line for line in lines.values()}) == 1, lines  # one refusal, word for word, from each


@pytest.mark.parametrize("name,change,field,message", INVALID, ids=IDS)
def test_every_engine_entry_refuses_it_with_the_same_setting_and_message(car, name, change, field, message):
    path, bad = _bad_project(car, change)
    folder, _obj, model_path = car
    refusals = {}
    with pytest.raises(SpecError) as opened:  # the one front door for a problem
        open_problem(str(path))
    refusals["open_problem"] = _refusal(opened.value)
    assert str(opened.value).startswith(f'file "bad.rtproj", setting {field}: {message}')
    model = load_model(model_path)
    spec = project_from_json(bad, file=str(path)).spec
    with pytest.raises(SpecError) as consulted:  # a consultation's settings, made beside the model
        Session(model, str(model_path), spec, project=str(path))
    refusals["session"] = _refusal(consulted.value)
    # a saved session whose settings were tampered with is refused when it is resumed
    good = Session(model, str(model_path))
    saved = good.to_json()
    saved["problem"] = bad_problem = {k: v for k, v in bad.items() if k not in ("format", "version", "data")}
    assert bad_problem
    session_file = folder / "tampered_session.json"
    session_file.write_text(json.dumps(saved), encoding="utf-8")
    with pytest.raises(SpecError) as resumed:
        Session.resume(str(session_file), model)
    refusals["resumed session"] = _refusal(resumed.value)
    assert resumed.value.file == str(session_file)
    # the estimators: the problem given as a ProblemSpec beside the learner's parameters
    pytest.importorskip("sklearn")
    from engine.estimators import CARTClassifier

    table = read_table(bad["data"]["path"], "cars")
    X = table.frame.drop(columns="class")
    y = table.frame["class"]
    estimator_spec = spec.copy()
    estimator_spec.target = None  # the estimator names its own target column
    for a in list(estimator_spec.attributes):  # it reads every column as the frame gives it
        estimator_spec.attributes[a].type = None
        estimator_spec.attributes[a].order = None
        estimator_spec.attributes[a].monotone = "none"
    with pytest.raises(ValueError) as fitted:
        CARTClassifier(problem=estimator_spec).fit(X, y)
    assert isinstance(fitted.value.__cause__, SpecError)
    refusals["estimator"] = _refusal(fitted.value.__cause__)
    assert len(set(refusals.values())) == 1, refusals  # word for word, "(and n more problems)" included
    assert all(f == field and m.startswith(message) for f, m in refusals.values()), refusals


def test_a_valid_project_is_accepted_by_every_entry(car, capsys):
    """The control: the car demo as it is passes every door the tests above close."""
    folder, obj, model_path = car
    good = folder / "good.rtproj"
    assert cli.main(["info", "--project", str(good)]) == 0
    problem = open_problem(str(good))
    assert problem.valid and problem.spec.target == "class" and not problem.target_assumed
    session = Session(load_model(model_path), str(model_path), problem.spec, project=str(good))
    assert session.consultation.costs.test_costs[session.model.schema.names.index("safety")] == 30
    assert np.isfinite(session.consultation.costs.cost_per_time)
