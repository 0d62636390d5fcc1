"""A model's lifecycle in the window (issue 36 item 3): Save model -> Open model -> consult gives the
same answers; Predict a file of 1,000 rows shows and exports the rules that fired; every model of
the session can be shown again."""

from __future__ import annotations

import json

import numpy as np
import openpyxl
import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from app.main import MainWindow
from engine.data import read_table
from engine.sessions import Session


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    said = []
    for kind in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, lambda parent, title, text, *a, **k: said.append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    w.said = said
    qtbot.addWidget(w)
    return w


def _open_demo(window, demo_dir, tmp_path):
    project = json.loads((demo_dir / "car_evaluation.rtproj").read_text())
    project["data"]["path"] = str(demo_dir / project["data"]["path"])
    path = tmp_path / "car.rtproj"
    path.write_text(json.dumps(project))
    assert window.open_path(str(path))


def _train(window, qtbot, algorithm):
    window.train_panel.select(algorithm)
    with qtbot.waitSignal(window.jobs.finished, timeout=120000):
        window.train_panel.train_requested.emit(algorithm, window.train_panel.form.values())


def _consult(model, answers: dict) -> tuple[str, list[str]]:
    """A scripted consultation to its end: (the answer, the questions asked)."""
    session = Session(model, None, model.spec)
    asked = []
    while True:
        candidates = session.ask()
        if not candidates:
            break
        best = candidates[0]
        names = [model.schema.names[j] for j in best.attributes]
        asked.append(best.name)
        session.answer({n: answers.get(n) for n in names}, best)
    return session.outcome_json()["label"], asked


def test_save_open_consult_gives_the_same_answers(window, qtbot, demo_dir, tmp_path):
    _open_demo(window, demo_dir, tmp_path)
    _train(window, qtbot, "c45")
    trained = window.model
    assert window.save_model(str(tmp_path / "car_c45.json"))
    window.dirty = False
    assert window.open_path(str(tmp_path / "car_c45.json"))  # File > Open model, or a .json opened
    opened = window.model
    assert opened is not trained and opened.to_json() == trained.to_json()
    assert window.tree_panel.tree is opened.tree and window.rules_panel.model.rowCount() > 0
    assert window.consult_panel.model is opened and "car_c45.json" in window.train_panel.headline.text()
    table = read_table(demo_dir / "car_evaluation.xlsx", "cars")
    rng = np.random.default_rng(4)
    for i in rng.choice(table.n_rows, 40, replace=False):
        answers = {c: table.frame[c].iloc[int(i)] for c in trained.schema.names}
        if i % 3 == 0:
            answers["safety"] = None  # unknown
        assert _consult(trained, answers) == _consult(opened, answers)


def test_predict_a_file_of_1000_rows_shows_and_exports_the_rules(window, qtbot, demo_dir, tmp_path):
    _open_demo(window, demo_dir, tmp_path)
    _train(window, qtbot, "cart")
    table = read_table(demo_dir / "car_evaluation.xlsx", "cars")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append([c.name for c in table.columns])
    for i in range(1000):
        ws.append([str(v) for v in table.frame.iloc[i * 7 % table.n_rows].tolist()])
    wb.save(tmp_path / "new_cars.xlsx")
    dialog = window.predict_path(str(tmp_path / "new_cars.xlsx"))
    qtbot.addWidget(dialog)
    model = dialog.model
    assert model.rowCount() == 1000 and "1,000 rows of new_cars.xlsx" in dialog.summary.text()
    expected = window.model.predict_table(read_table(tmp_path / "new_cars.xlsx")).label_names(window.model.tree)
    assert [model.data(model.index(i, 1)) for i in range(1000)] == expected
    rules = [model.data(model.index(i, 2)) for i in range(1000)]
    assert all(r.startswith("IF ") and r.endswith(f"THEN {e}") for r, e in zip(rules, expected))
    assert model.data(model.index(0, 3)) == ""  # no warning: the row is one of the training rows
    assert model.data(model.index(0, 4)) == str(table.frame.iloc[0, 0])  # the row's own columns beside
    assert dialog.export(str(tmp_path / "p.xlsx")) and dialog.export(str(tmp_path / "p.csv"))
    ws = openpyxl.load_workbook(tmp_path / "p.xlsx").active
    header = [c.value for c in ws[1]]
    fired = header.index("rule that fired")
    assert ws.max_row == 1001 and [ws.cell(i + 2, fired + 1).value for i in range(1000)] == rules
    csv_rows = (tmp_path / "p.csv").read_text(encoding="utf-8").splitlines()
    assert len(csv_rows) == 1001 and csv_rows[0].endswith(",rule,warning") and csv_rows[1].endswith(rules[0] + ",")
    assert window.said == []


def test_every_model_of_the_session_can_be_shown_again(window, qtbot, demo_dir, tmp_path):
    _open_demo(window, demo_dir, tmp_path)
    _train(window, qtbot, "cart")
    first = window.model
    _train(window, qtbot, "c45")
    box = window.train_panel.results_box
    assert box.count() == 2 and box.itemText(0).startswith("2. C4.5 (defaults)") and box.itemText(1).startswith("1. CART")
    window.train_panel.result_chosen.emit(1)
    assert window.model is first and window.tree_panel.tree is first.tree and window.train_result.model is first
    assert window.save_model(str(tmp_path / "again.json"))  # the one shown is the one saved
    assert json.loads((tmp_path / "again.json").read_text())["algorithm"] == "cart"
    window.dirty = False
    _open_demo(window, demo_dir, tmp_path)  # another file (the same one again): the list starts anew
    assert window.results == [] and box.isHidden()
