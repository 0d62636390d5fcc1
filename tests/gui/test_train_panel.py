"""The Train panel reads the registry: families in its order, parameter stages in their own
group, choices filled from the current problem; training goes through engine.workflows."""

import json

import pytest
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QComboBox, QMessageBox  # noqa: E402

from app.main import MainWindow  # noqa: E402
from app.panels.train_panel import DEFAULT_CHOICE, ParamForm, TrainPanel  # noqa: E402
from engine import workflows  # noqa: E402
from engine.algorithms import registry  # noqa: E402

from test_registry_schema import DEMO, GLASS_HIERARCHY  # noqa: E402


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    """The main window with the schema's demo learner registered (family "fuzzy")."""
    table = dict(registry._table())
    table["demo"] = DEMO
    monkeypatch.setattr(registry, "_TABLE", table)
    dialogs = []
    for kind in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, lambda parent, title, text: dialogs.append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)  # never blocks offscreen
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    w.dialogs = dialogs
    qtbot.addWidget(w)
    return w


def open_project(window, demo_dir, tmp_path, name):
    project = json.loads((demo_dir / f"{name}.rtproj").read_text())
    project["data"]["path"] = str(demo_dir / project["data"]["path"])
    path = tmp_path / f"{name}.rtproj"
    path.write_text(json.dumps(project))
    assert window.open_path(str(path))


def combo_items(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def test_algorithms_are_listed_by_family_in_the_registrys_order(qtbot, monkeypatch):
    panel = TrainPanel()
    qtbot.addWidget(panel)
    texts = combo_items(panel.algorithm)
    expected = [f"{fam.title}: {a.title}" for fam, infos in registry.by_family() for a in infos]
    assert texts == expected and texts[0].startswith("Classic baselines: ")
    monkeypatch.setattr(registry, "FAMILIES", tuple(reversed(registry.FAMILIES)))
    reversed_panel = TrainPanel()
    qtbot.addWidget(reversed_panel)
    last = registry.by_family()[0][0]  # the reversed order's first family: the registry's last
    assert last.name == "expert" and combo_items(reversed_panel.algorithm)[0].startswith(f"{last.title}: ")


def test_predict_stage_parameters_have_their_own_group(qtbot):
    form = ParamForm(DEMO)
    qtbot.addWidget(form)
    assert form.predict_group is not None
    assert form.predict_group.isAncestorOf(form.editors["policy"])
    assert not form.predict_group.isAncestorOf(form.editors["depth"])
    assert form.values()["policy"] == "stop"
    plain = ParamForm(registry.get("cart"))  # no predict-stage parameter: no empty group
    qtbot.addWidget(plain)
    assert plain.predict_group is None


def test_problem_choices_follow_the_current_problem(window, demo_dir, tmp_path, qtbot):
    open_project(window, demo_dir, tmp_path, "glass")
    window.train_panel.select("demo")
    level = window.train_panel.form.editors["level"]
    assert combo_items(level) == [DEFAULT_CHOICE, "1", "2", "3", "4"] and level.isEnabled()
    level.setCurrentText("3")
    # an edit that makes the hierarchy shallower: the choices follow, a value still allowed stays
    window.spec.hierarchy = {c: p for c, p in GLASS_HIERARCHY.items() if c not in ("1", "2", "3", "4")}
    window.spec.hierarchy.update({"1": "WG", "2": "WG", "3": "WG", "4": "WG", "FP": None, "NFP": None})
    window.problem_panel.changed.emit()
    assert combo_items(level) == [DEFAULT_CHOICE, "1", "2", "3"] and level.currentText() == "3"
    open_project(window, demo_dir, tmp_path, "car_evaluation")  # no hierarchy: only the default
    window.train_panel.select("demo")
    level = window.train_panel.form.editors["level"]
    assert combo_items(level) == [DEFAULT_CHOICE] and not level.isEnabled()
    assert window.train_panel.form.values()["level"] is None


def test_the_window_trains_through_the_workflow(window, demo_dir, tmp_path, qtbot, monkeypatch):
    calls = []
    import app.training as training

    real = workflows.train_model
    monkeypatch.setattr(training, "train_model", lambda *a, **k: calls.append(a[0].name) or real(*a, **k))
    open_project(window, demo_dir, tmp_path, "glass")
    window.train_panel.select("demo")
    window.train_panel.form.editors["level"].setCurrentText("2")
    window.train_panel.form.editors["policy"].setCurrentText("majority")
    with qtbot.waitSignal(window.jobs.finished, timeout=120000):
        window.train_panel.train_requested.emit("demo", window.train_panel.form.values())
    assert calls == ["demo"]
    assert window.model.params["level"] == 2 and window.model.params["policy"] == "majority"
    assert window.model.trained_on["sha256"] and window.model.trained_on["file"] == "glass.xlsx"


def test_a_bad_parameter_combination_is_a_dialog(window, demo_dir, tmp_path):
    open_project(window, demo_dir, tmp_path, "glass")
    window.train_panel.select("demo")
    values = window.train_panel.form.values()
    values.update({f"w{k}": 0.0 for k in range(1, 5)})
    window.train("demo", values)
    assert window.dialogs == ["demo parameters: w1..w4 are all zero; give at least one a weight"]
    assert not window.jobs.busy


def test_the_pending_column_only_for_a_learner_that_can_answer_it():
    """confusion_of drops PENDING for a result that reports no pending rate (and pended nothing)."""
    from types import SimpleNamespace

    import numpy as np

    from app.panels.train_panel import confusion_of

    tree = SimpleNamespace(schema=SimpleNamespace(classes=["a", "b"]))
    matrix = np.array([[5.0, 1.0, 0.0], [2.0, 4.0, 0.0]])
    plain = SimpleNamespace(levels=[], model=SimpleNamespace(tree=tree), labels=["a", "b", "PENDING"],
                            confusion=matrix, metrics={"accuracy": 0.75})
    assert confusion_of(plain)[1] == ["a", "b"] and confusion_of(plain)[2] == [[5.0, 1.0], [2.0, 4.0]]
    pending = SimpleNamespace(**{**vars(plain), "metrics": {"accuracy": 0.75, "pending_rate": 0.0}})
    assert confusion_of(pending)[1] == ["a", "b", "PENDING"]
    pended = SimpleNamespace(**{**vars(plain), "confusion": np.array([[5.0, 0.0, 1.0], [2.0, 4.0, 0.0]])})
    assert confusion_of(pended)[1][-1] == "PENDING"  # a case pended: the column stays, whoever answered


def test_choices_are_shown_in_words_and_kept_as_values(qtbot, qapp):
    """Issue 36: option values read in the window's language ("基尼", not "gini"); what the form
    gives the engine is the value."""
    from app import i18n

    try:
        i18n.install(qapp, "zh_CN")
        form = ParamForm(registry.get("cart"))
        qtbot.addWidget(form)
        criterion = form.editors["criterion"]
        assert [criterion.itemText(i) for i in range(criterion.count())] == ["基尼", "熵"]
        assert form.values()["criterion"] == "gini"
        criterion.setCurrentIndex(1)
        assert form.values()["criterion"] == "entropy"
    finally:
        i18n.install(qapp, "en")
    form = ParamForm(registry.get("cart"))
    qtbot.addWidget(form)
    assert form.editors["criterion"].currentText() == "gini" and form.values()["criterion"] == "gini"
