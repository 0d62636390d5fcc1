"""`ruletree consult`: scripted answers, unknowns, the session log, undo, and a killed
session resumed with every answer it had."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from engine import cli
from engine.sessions import Session

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def car_model(tmp_path_factory):
    out = tmp_path_factory.mktemp("consult") / "car.json"
    demo = ROOT / "resources" / "demo" / "car_evaluation.rtproj"
    assert cli.main(["train", "--project", str(demo), "--algorithm", "cart", "--out", str(out)]) == 0
    return out


def rows():
    import csv

    with open(ROOT / "tests" / "data" / "datasets" / "car_evaluation.csv", newline="") as handle:
        return list(csv.DictReader(handle))


def test_scripted_sessions_end_like_predict(car_model, tmp_path, capsys, datasets):
    demo = str(ROOT / "resources" / "demo" / "car_evaluation.rtproj")
    assert cli.main(["predict", str(car_model), str(datasets / "car_evaluation.csv"),
                     "--out", str(tmp_path / "p.csv")]) == 0
    predicted = [line.split(",")[1] for line in (tmp_path / "p.csv").read_text().splitlines()[1:]]
    data = rows()
    rng = np.random.default_rng(1)
    for i in rng.choice(len(data), 50, replace=False):
        answers = {k: v for k, v in data[i].items() if k != "class"}
        (tmp_path / "a.json").write_text(json.dumps(answers))
        assert cli.main(["consult", str(car_model), "--project", demo, "--answers", str(tmp_path / "a.json"),
                         "--log", str(tmp_path / "log.json")]) == 0
        log = json.loads((tmp_path / "log.json").read_text())
        assert log["finished"] and log["outcome"]["label"] == predicted[i]
        assert all(s["utility"] is None or s["utility"] >= 0 for s in log["steps"])
    capsys.readouterr()


def test_unknown_answers_still_end(car_model, tmp_path, capsys):
    demo = str(ROOT / "resources" / "demo" / "car_evaluation.rtproj")
    data = rows()
    rng = np.random.default_rng(2)
    for i in rng.choice(len(data), 50, replace=False):
        answers = {k: (None if rng.random() < 0.3 else v) for k, v in data[i].items() if k != "class"}
        (tmp_path / "a.json").write_text(json.dumps(answers))
        assert cli.main(["consult", str(car_model), "--project", demo, "--answers", str(tmp_path / "a.json"),
                         "--log", str(tmp_path / "log.json")]) == 0
        log = json.loads((tmp_path / "log.json").read_text())
        assert log["finished"] and log["outcome"]["label"] in ("unacc", "acc", "good", "vgood")
    capsys.readouterr()


def test_undo_takes_back_the_last_answer(car_model):
    from engine.model import load_model

    session = Session(load_model(car_model), str(car_model))
    first = session.ask()[0]
    session.answer({session.model.schema.names[first.attributes[0]]: "4"}, first)
    second = session.ask()[0]
    session.answer({session.model.schema.names[second.attributes[0]]: "high"}, second)
    session.undo()
    assert len(session.steps) == 1 and len(session.consultation.values) == 1
    again = Session.resume(str(session.path))
    assert again.steps == session.steps


def test_killed_session_resumes_with_its_answers(car_model, tmp_path, monkeypatch):
    env = {**os.environ, "RULETREE_DATA_DIR": str(tmp_path / "data")}
    process = subprocess.Popen([sys.executable, "-m", "engine.cli", "consult", str(car_model)], cwd=ROOT, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    session_id = line.split()[1]
    sessions = tmp_path / "data" / "sessions"
    for value in ("4", "high", "low"):  # persons, safety, buying in the demo model's order
        process.stdin.write(value + "\n")
        process.stdin.flush()
        deadline = time.time() + 60
        while time.time() < deadline:
            path = sessions / f"{session_id}.json"
            if path.exists() and len(json.loads(path.read_text())["steps"]) >= ["4", "high", "low"].index(value) + 1:
                break
            time.sleep(0.1)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    saved = json.loads((sessions / f"{session_id}.json").read_text())
    assert len(saved["steps"]) == 3
    from engine.model import load_model

    monkeypatch.setenv("RULETREE_DATA_DIR", str(tmp_path / "data"))
    resumed = Session.resume(session_id, load_model(car_model))
    assert [s["answers"] for s in resumed.steps] == [s["answers"] for s in saved["steps"]]
    assert len(resumed.consultation.values) == 3


def test_planned_by_default_and_utility_on_request(car_model, tmp_path, capsys):
    """persons = 2 ends a car at once: the planned consultation (the default) asks persons first
    and stops; --planning utility asks the tree's tests by utility. Both end with predict's label,
    the planned one after paying less."""
    demo = str(ROOT / "resources" / "demo" / "car_evaluation.rtproj")
    answers = {"buying": "vhigh", "maint": "vhigh", "doors": "2", "persons": "2", "lug_boot": "small",
               "safety": "high"}
    (tmp_path / "a.json").write_text(json.dumps(answers))
    paid = {}
    for planning in ("planned", "utility"):
        extra = [] if planning == "planned" else ["--planning", "utility"]
        assert cli.main(["consult", str(car_model), "--project", demo, "--answers", str(tmp_path / "a.json"),
                         "--log", str(tmp_path / f"{planning}.json"), *extra]) == 0
        out = capsys.readouterr().out
        log = json.loads((tmp_path / f"{planning}.json").read_text())
        assert log["finished"] and log["outcome"]["label"] == "unacc"
        assert log["options"]["planning"] == planning
        paid[planning] = log["outcome"]["total_cost"]
        if planning == "planned":
            assert [s["question"] for s in log["steps"]] == ["persons"]
            assert "Q1: persons  (asking persons next ends the case at once for 1 case in 3" in out
            assert log["steps"][0]["expected"] > 0 and log["steps"][0]["reason"].startswith("asking persons")
        else:
            assert "utility" in out and all("expected" not in s for s in log["steps"])
    assert paid["planned"] == 2 and paid["utility"] >= paid["planned"]
