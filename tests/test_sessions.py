"""Answers are checked against what the model saw in training (type, category, range);
sessions are filed per project, listed newest first, and exported to Excel."""

import json
from pathlib import Path

import numpy as np
import pytest
from openpyxl import load_workbook

from engine import cli
from engine.algorithms.registry import get, resolve_params
from engine.consult import UNKNOWN, Consultation
from engine.data import read_table
from engine.data.encode import encode
from engine.data.project import load_project
from engine.errors import ModelFileError, OptionError
from engine.model import Model, load_model
from engine.sessions import Session, export_sessions, list_sessions, sessions_dir

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo" / "car_evaluation.rtproj"


def heart_cart():
    """An unpruned CART model of the Cleveland heart data (numbers: age 29..77, chol 126..564), and its data."""
    from engine.data.spec import ProblemSpec

    table = read_table(ROOT / "tests" / "data" / "datasets" / "heart_disease_cleveland.csv")
    spec = ProblemSpec(target=table.columns[-1].name)
    data = encode(table, spec)
    info = get("cart")
    tree = info.fit(data, spec, resolve_params(info, {"prune": "none"}))
    return Model("cart", {"prune": "none"}, spec, tree), data


@pytest.fixture(scope="module")
def heart_model(tmp_path_factory):
    model, data = heart_cart()
    path = tmp_path_factory.mktemp("heart") / "heart.json"
    model.save(path)
    return path, data


def test_ranges_seen_in_training_are_kept_in_the_model(heart_model):
    path, data = heart_model
    age = load_model(path).schema.attributes[data.schema.names.index("age")]
    column = data.X[:, data.schema.names.index("age")]
    assert (age.low, age.high) == (np.nanmin(column), np.nanmax(column)) == (29.0, 77.0)
    assert age.integer


def test_answers_are_checked(heart_model):
    path, _ = heart_model
    model = load_model(path)
    c = Consultation(model.tree, model.spec)
    age = c.index["age"]
    assert c.encode_value(age, "45") == 45.0 and c.encode_value(age, "45,5") == 45.5
    assert c.encode_value(age, "?") is UNKNOWN and c.encode_value(age, None) is UNKNOWN
    with pytest.raises(OptionError, match="age needs a number"):
        c.encode_value(age, "old")
    with pytest.raises(OptionError, match="finite"):
        c.encode_value(age, "inf")
    with pytest.raises(OptionError, match=r"outside the range seen in training \(29 to 77\)") as info:
        c.encode_value(age, 130)
    assert info.value.code == "out_of_range"
    code, warning = c.check_value(age, 130, outside_ok=True)
    assert code == 130.0 and "outside the range" in warning
    # nothing is recorded when an answer is refused
    with pytest.raises(OptionError):
        c.answer({"age": 130})
    assert c.values == {} and c.test_cost == 0


def test_category_must_be_known(tmp_path):
    out = tmp_path / "car.json"
    assert cli.main(["train", "--project", str(DEMO), "--algorithm", "cart", "--out", str(out)]) == 0
    c = Consultation(load_model(out).tree, None)
    with pytest.raises(OptionError, match=r'"huge" is not a value of safety seen in training \(low, med, high\)'):
        c.answer({"safety": "huge"})
    with pytest.raises(OptionError, match="not an attribute"):
        c.answer({"colour": "red"})
    c.answer({"safety": "low"})
    with pytest.raises(OptionError, match="already answered"):
        c.answer({"safety": "high"})


def test_confirmed_outside_value_survives_resume(heart_model):
    path, _ = heart_model
    s = Session(load_model(path), str(path))
    s.answer({"age": 130}, outside_ok=True)
    assert "outside the range" in s.steps[0]["warnings"][0]
    again = Session.resume(s.id)
    assert again.consultation.values[again.consultation.index["age"]] == 130.0


def test_history_per_project_and_excel_export(tmp_path, heart_model):
    out = tmp_path / "car.json"
    assert cli.main(["train", "--project", str(DEMO), "--algorithm", "cart", "--out", str(out)]) == 0
    model = load_model(out)
    spec = load_project(DEMO).spec
    finished = Session(model, str(out), spec, project=str(DEMO), case="applicant 17")
    while finished.ask():
        best = finished.ask()[0]
        finished.answer({n: ("low" if n == "safety" else None) for n in
                         [model.schema.names[j] for j in best.attributes]}, best)
    open_one = Session(model, str(out), spec, project=str(DEMO), case="applicant 18")
    first = open_one.ask()[0]
    attr = model.schema.attributes[first.attributes[0]]
    open_one.answer({attr.name: attr.categories[-1]}, first)
    other = Session(load_model(heart_model[0]), str(heart_model[0]))  # no project
    other.answer({"age": 50})

    mine, warnings = list_sessions(project=str(DEMO))
    assert warnings == [] and {s["id"] for s in mine} == {finished.id, open_one.id}
    everything, _ = list_sessions()
    assert len(everything) == 3
    # a damaged file is reported and skipped, not fatal
    (sessions_dir() / "broken.json").write_text("{not json")
    _, warnings = list_sessions()
    assert len(warnings) == 1 and "broken.json" in warnings[0]

    book = tmp_path / "sessions.xlsx"
    export_sessions(mine, book)
    wb = load_workbook(book)
    rows = list(wb["Sessions"].values)
    header = rows[0]
    by_case = {r[header.index("case")]: dict(zip(header, r)) for r in rows[1:]}
    assert set(by_case) == {"applicant 17", "applicant 18"}
    assert by_case["applicant 17"]["finished"] is True and by_case["applicant 17"]["label"] == "unacc"
    assert by_case["applicant 18"]["finished"] is False
    answers = list(wb["Answers"].values)
    assert len(answers) - 1 == sum(len(s["answers"]) for s in finished.steps) + \
        sum(len(s["answers"]) for s in open_one.steps)
    assert {(r[1], r[4], r[5]) for r in answers[1:]} == {("applicant 17", "persons", "unknown"),
                                                         ("applicant 18", "persons", "more")}

    # the same through the CLI
    assert cli.main(["sessions", "--project", str(DEMO), "--json"]) == 0
    assert cli.main(["sessions", "--project", str(DEMO), "--xlsx", str(tmp_path / "cli.xlsx")]) == 0
    assert len(list(load_workbook(tmp_path / "cli.xlsx")["Sessions"].values)) == 3
    assert cli.main(["sessions", "--bogus"]) == 2
    assert cli.main(["sessions", "nosuchid"]) == 2


def test_a_model_never_saved_is_kept_so_its_session_resumes(heart_model):
    model = Model.from_json(load_model(heart_model[0]).to_json())  # only in memory, as in the window
    assert model.path is None
    s = Session(model, None)
    s.answer({"age": 60})
    obj = json.loads(s.path.read_text())
    assert Path(obj["model"]).parent == sessions_dir() / "models"
    again = Session.resume(s.id)
    assert again.steps == s.steps and again.model.tree.n_leaves == model.tree.n_leaves


def test_interactive_terminal_asks_to_confirm_a_value_outside_the_range(heart_model, monkeypatch, capsys):
    """Typed answers: a refused value is asked again; outside the range asks y/N first."""
    import sys

    path, _ = heart_model
    model = load_model(path)
    first = Consultation(model.tree, model.spec).candidates()[0]
    name = model.schema.names[first.attributes[0]]
    attr = model.schema.attributes[first.attributes[0]]
    assert attr.categories is None  # a number is asked first
    typed = iter(["nonsense", str(attr.high * 100), "n", str(attr.high * 100), "y"] + ["?"] * 30)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert cli.main(["consult", str(path), "--log", str(path.parent / "typed.json")]) == 0
    out = capsys.readouterr().out
    log = json.loads((path.parent / "typed.json").read_text())
    assert "needs a number" in out and "asked again" in out and "outside the range seen in training" in out
    assert log["steps"][0]["answers"] == {name: str(attr.high * 100)} and log["steps"][0]["outside_ok"]
    assert log["finished"]


def test_cli_stop_when_not_worth_it(tmp_path, capsys):
    """The hand-built tree of test_consult.py can save at most 0.5 (no cost matrix), less than
    any test: with --stop-when-not-worth the CLI answers at once; without it, A is asked."""
    from tests.test_consult import hand_spec, hand_tree

    path = tmp_path / "hand.json"
    Model("hand", {}, hand_spec(), hand_tree()).save(path)
    (tmp_path / "a.json").write_text(json.dumps({"A": 3, "B": 0, "C": 0}))
    for flag, steps in (([], 2), (["--stop-when-not-worth"], 0)):
        assert cli.main(["consult", str(path), "--answers", str(tmp_path / "a.json"), "--log",
                         str(tmp_path / "log.json")] + flag) == 0
        log = json.loads((tmp_path / "log.json").read_text())
        assert len(log["steps"]) == steps and log["options"]["stop_when_not_worth"] == bool(flag)
    capsys.readouterr()


def test_resume_keeps_the_costs_and_refuses_another_model(tmp_path, capsys):
    out = tmp_path / "car.json"
    assert cli.main(["train", "--project", str(DEMO), "--algorithm", "cart", "--out", str(out)]) == 0
    model = load_model(out)
    s = Session(model, str(out), load_project(DEMO).spec, project=str(DEMO))
    first = s.ask()[0]
    attr = model.schema.attributes[first.attributes[0]]
    s.answer({attr.name: attr.categories[-1]}, first)
    assert s.consultation.test_cost > 0
    again = Session.resume(s.id)  # no spec given: the costs it was started with
    assert again.consultation.test_cost == s.consultation.test_cost
    assert again.consultation.spec.to_json() == s.consultation.spec.to_json()
    # the CLI's printed resume command (no --project) pays the same
    (tmp_path / "a.json").write_text("{}")
    assert cli.main(["consult", str(out), "--resume", s.id, "--answers", str(tmp_path / "a.json")]) == 0
    assert json.loads(s.path.read_text())["steps"][0]["test_cost"] == s.steps[0]["test_cost"]
    # retrained into the same file: refused, with the reason
    assert cli.main(["train", "--project", str(DEMO), "--algorithm", "id3", "--out", str(out)]) == 0
    with pytest.raises(ModelFileError, match="changed since this session") as info:
        Session.resume(s.id)
    assert info.value.code == "model_changed"
    assert cli.main(["consult", str(out), "--resume", s.id]) == 2
    assert "changed since this session" in capsys.readouterr().err


def test_answers_file_names_must_be_attributes(tmp_path, capsys):
    out = tmp_path / "car.json"
    assert cli.main(["train", "--project", str(DEMO), "--algorithm", "cart", "--out", str(out)]) == 0
    (tmp_path / "a.json").write_text(json.dumps({"Safety": "high", "persons": "4", "buyng": "low"}))
    assert cli.main(["consult", str(out), "--answers", str(tmp_path / "a.json")]) == 2
    err = capsys.readouterr().err
    assert "a.json" in err and "not attributes of the model: Safety, buyng" in err


def test_terminal_confirms_an_outside_value_from_the_answers_file(heart_model, monkeypatch, capsys):
    import sys

    path, _ = heart_model
    model = load_model(path)
    first = Consultation(model.tree, model.spec).candidates()[0]
    attr = model.schema.attributes[first.attributes[0]]
    answers = path.parent / "outside.json"
    answers.write_text(json.dumps({attr.name: attr.high * 100}))
    typed = iter(["y"] + ["?"] * 40)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert cli.main(["consult", str(path), "--answers", str(answers), "--log", str(path.parent / "o.json")]) == 0
    log = json.loads((path.parent / "o.json").read_text())
    assert log["steps"][0]["outside_ok"] and "outside the range" in capsys.readouterr().out


def test_a_crafted_session_id_never_chooses_where_a_session_is_written(heart_model, tmp_path, capsys):
    """The "id" inside a session file (here "../../x" and an absolute path) is never used as a file
    name: a session resumed from the sessions folder goes on under its file's own name, one from
    elsewhere as a new session in the folder; ids given as arguments must look like ids."""
    path, _ = heart_model
    s = Session(load_model(path), str(path))
    s.answer({"age": 50})
    original = json.loads(s.path.read_text(encoding="utf-8"))
    folder = sessions_dir()
    target = tmp_path / "victim.json"
    target.write_text('{"keep": true}', encoding="utf-8")
    for crafted in ("../../victim", str(target.with_suffix(""))):
        body = dict(original, id=crafted)
        s.path.write_text(json.dumps(body), encoding="utf-8")
        again = Session.resume(s.id)
        assert again.id == s.id and again.path == s.path
        again.answer({"chol": 200})  # saved after the answer: where?
        assert json.loads(target.read_text(encoding="utf-8")) == {"keep": True}
        assert not (folder.parent.parent / "victim.json").exists()
        rows, _ = list_sessions()
        assert {r["id"] for r in rows} == {p.stem for p in folder.glob("*.json")}  # the files' own names
    # a session file from elsewhere continues as a new session inside the folder
    outside = tmp_path / "mailed.json"
    outside.write_text(json.dumps(dict(original, id="../../victim")), encoding="utf-8")
    copy = Session.resume(str(outside))
    assert copy.id != s.id and copy.path.parent == folder
    # ids given on the command line must look like ids
    for bad in ("../../victim", "/etc/passwd", "x"):
        with pytest.raises(ModelFileError, match="is not a session id"):
            Session.resume(bad)
    assert cli.main(["consult", str(path), "--resume", "../victim"]) == 2
    assert "is not a session id" in capsys.readouterr().err


def test_damaged_or_foreign_session_files_are_skipped_in_words(heart_model, tmp_path, capsys):
    """Wrong-typed fields, a newer version, text where numbers belong: `sessions` (text, JSON,
    Excel) skips each file with a warning naming it and the field, and lists the rest; control
    characters of a case name reach neither the terminal nor the workbook as they are; resuming a
    damaged file is refused (exit 2), not a traceback."""
    path, _ = heart_model
    good = Session(load_model(path), str(path), case="\x1b[31mred\x07")
    good.answer({"age": 50})
    body = json.loads(good.path.read_text(encoding="utf-8"))
    folder = sessions_dir()
    damaged = {"20261201-000000-aaaaaa": (dict(body, updated=5), '"updated" is not a text'),
               "20261201-000001-aaaaaa": (dict(body, version="x"), "\"version\" is 'x'"),
               "20261201-000002-aaaaaa": (dict(body, version=99), "it is version 99, newer"),
               "20261201-000003-aaaaaa": (dict(body, steps="x"), '"steps" is not a list'),
               "20261201-000004-aaaaaa": (dict(body, steps=[{"answers": 5}]), 'step 1: "answers" is not'),
               "20261201-000005-aaaaaa": (dict(body, outcome={"missing": 5}), '"outcome.missing" is not a list'),
               "20261201-000006-aaaaaa": (dict(body, outcome={"total_cost": "9"}), '"outcome.total_cost" is not a num')}
    for name, (obj, _) in damaged.items():
        (folder / f"{name}.json").write_text(json.dumps(obj), encoding="utf-8")
    rows, warnings = list_sessions()
    assert [r["id"] for r in rows] == [good.id]
    assert len(warnings) == len(damaged)
    for name, (_, why) in damaged.items():
        assert any(f"{name}.json" in w and why in w for w in warnings), (name, warnings)
    out = tmp_path / "s.xlsx"
    for args in ([], ["--json"], ["--xlsx", str(out)]):
        assert cli.main(["sessions", *args]) == 0
        captured = capsys.readouterr()
        assert captured.err.count("warning: skipped") == len(damaged)
        assert "\x1b" not in captured.out + captured.err and "\x07" not in captured.out + captured.err
    wb = load_workbook(out)
    assert wb["Sessions"]["B2"].value == "\\x1b[31mred\\x07"
    for name in damaged:
        with pytest.raises(ModelFileError, match="this session cannot be resumed"):
            Session.resume(name)
    assert cli.main(["consult", str(path), "--resume", "20261201-000003-aaaaaa"]) == 2
    assert '"steps" is not a list' in capsys.readouterr().err


def test_the_planning_travels_with_the_session(tmp_path):
    """A planned session resumes planned (persons first on the car demo, then ends at persons = 2);
    a session file from before planning (no "planning" option) resumes in the utility order it
    was asked in; a stranger's planning value is refused in words."""
    out = tmp_path / "car.json"
    assert cli.main(["train", "--project", str(DEMO), "--algorithm", "cart", "--out", str(out)]) == 0
    model = load_model(out)
    spec = load_project(DEMO).spec
    planned = Session(model, str(out), spec)
    assert planned.ask()[0].name == "persons" and planned.ask()[0].expected is not None
    planned.answer({"persons": "4"}, planned.ask()[0])
    again = Session.resume(planned.id)
    assert again.consultation.planned and again.ask()[0].expected is not None
    assert [c.name for c in again.ask()] == [c.name for c in planned.ask()]
    old = Session(model, str(out), spec, planning="utility")
    old.answer({"safety": "high"}, old.ask()[0])
    obj = json.loads(old.path.read_text())
    del obj["options"]["planning"]
    old.path.write_text(json.dumps(obj))
    back = Session.resume(old.id)
    assert not back.consultation.planned and back.ask()[0].expected is None
    obj["options"]["planning"] = "clairvoyant"
    old.path.write_text(json.dumps(obj))
    with pytest.raises(ModelFileError, match="options.planning"):
        Session.resume(old.id)


def test_an_accepted_outside_value_is_english_in_the_file_and_translated_where_shown(heart_model):
    """The warning of a value outside the training range: the session file keeps English whatever
    the language; the window and the command line show it in the current language."""
    from engine import i18n

    path, _data = heart_model
    with i18n.using("zh_CN"):
        s = Session(load_model(path), str(path))
        c = s.consultation
        assert c.check_value(c.index["age"], 130, outside_ok=True)[1].startswith("age = 130 is outside the range")
        shown = c.check_value(c.index["age"], 130, outside_ok=True, translate=True)[1]
        assert shown.startswith("age = 130") and "训练" in shown
        s.answer({"age": 130}, outside_ok=True)
        assert s.steps[-1]["warnings"][0].startswith("age = 130 is outside the range seen in training")
        assert c.history[-1]["warnings_shown"] == [shown]
