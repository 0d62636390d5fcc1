"""The Problem tab's fuzzy terms: the membership plot's curves against triangular memberships
computed here by hand, curves that sum to 1 and relabel when the names change, and names and
centres edited in the window that end up in the saved project (pytest-qt, offscreen)."""

import json

import numpy as np
import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from app.main import MainWindow
from app.widgets.membership_plot import MembershipPlot
from engine.algorithms.fuzzify import kohonen_centres


def triangle(x: float, centres: list[float], i: int) -> float:
    """Seed 002 Def. 2, written out: T_1 is 1 up to m_1 and falls to 0 at m_2; T_i rises from
    m_{i-1} to m_i and falls to m_{i+1}; T_k rises from m_{k-1} and is 1 from m_k on."""
    m, k = centres, len(centres)
    if k == 1:
        return 1.0
    if x <= m[i]:
        if i == 0:
            return 1.0
        return max(0.0, (x - m[i - 1]) / (m[i] - m[i - 1]))
    if i == k - 1:
        return 1.0
    return max(0.0, (m[i + 1] - x) / (m[i + 1] - m[i]))


def curve_at(curve, x: float) -> float:
    xs, ys = curve.getData()
    return float(np.interp(x, xs, ys))


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    dialogs = []
    for kind in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, lambda parent, title, text: dialogs.append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)  # on closing, edited
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    w.dialogs = dialogs
    qtbot.addWidget(w)
    return w


@pytest.fixture
def glass(window, demo_dir, tmp_path):
    """The glass demo opened from a copy (saving stays in tmp_path); the Problem tab's fuzzy
    terms editor on Mg."""
    project = json.loads((demo_dir / "glass.rtproj").read_text())
    project["data"]["path"] = str(demo_dir / project["data"]["path"])
    path = tmp_path / "glass.rtproj"
    path.write_text(json.dumps(project))
    assert window.open_path(str(path))
    window.tabs.setCurrentWidget(window.problem_panel)
    window.problem_panel.edit_fuzzy_terms("Mg")
    return path


def test_curves_are_the_triangles_and_sum_to_one(qtbot):
    plot = MembershipPlot()
    qtbot.addWidget(plot)
    centres = [1.0, 2.0, 4.0]
    plot.set_terms(np.array([0.0, 1.5, 3.0, 5.0, np.nan]), centres, ["low", "medium", "high"], "x")
    assert len(plot.curves) == 3 and plot.names() == ["low", "medium", "high"]
    by_hand = {0.5: [1, 0, 0], 1.5: [0.5, 0.5, 0], 3.0: [0, 0.5, 0.5], 3.5: [0, 0.25, 0.75], 4.8: [0, 0, 1]}
    for x, want in by_hand.items():
        assert [curve_at(c, x) for c in plot.curves] == pytest.approx(want, abs=1e-12)
        assert [triangle(x, centres, i) for i in range(3)] == pytest.approx(want)
    xs = plot.curves[0].getData()[0]
    assert set(centres) <= set(xs.tolist())  # the peaks are drawn exactly
    assert np.allclose(sum(c.getData()[1] for c in plot.curves), 1.0)
    plot.set_names(["a", "b", "c"])
    assert plot.names() == ["a", "b", "c"]


def test_glass_mg_is_drawn_with_hfdts_kohonen_centres(window, glass):
    editor = window.problem_panel.fuzzy
    assert window.problem_panel.editors.currentWidget() is editor
    assert editor.attribute.currentText() == "Mg" and editor.k.value() == 2
    table = window.table
    values = table.frame["Mg"].to_numpy(dtype=float)
    # HFDT's defaults: k = 2, η = 0.5, 20 epochs, seed 0 + Mg's position among the attributes (2)
    centres = kohonen_centres(values, 2, 0.5, 20, 2).tolist()
    plot = editor.plot
    assert plot.centres.tolist() == centres
    assert [editor.terms.item(i, 1).text() for i in range(2)] == [format(c, ".6g") for c in centres]
    for x in (0.0, 0.8, 1.9, centres[1], 4.2):
        got = [curve_at(c, x) for c in plot.curves]
        assert got == pytest.approx([triangle(x, centres, i) for i in range(2)], abs=1e-9)
        assert sum(got) == pytest.approx(1.0)
    assert plot.names() == ["less", "more"]
    assert len(plot.values) == 214


def test_names_typed_relabel_the_curves_and_are_saved(window, glass, tmp_path):
    panel = window.problem_panel
    editor = panel.fuzzy
    editor.terms.item(0, 0).setText("poor")
    editor.terms.item(1, 0).setText(" rich ")
    assert editor.plot.names() == ["poor", "rich"]
    assert window.spec.attribute("Mg").fuzzy_terms == ["poor", "rich"]
    assert window.dirty
    assert panel.attributes.cellWidget(panel.attribute_row("Mg"), 9).text() == "poor, rich"
    assert window.save_project()
    saved = json.loads(glass.read_text())
    assert saved["attributes"]["Mg"]["fuzzy_terms"] == ["poor", "rich"]
    assert "fuzzy_centres" not in saved["attributes"]["Mg"]


def test_fixed_centres_edited_are_saved_and_drawn(window, glass):
    editor = window.problem_panel.fuzzy
    editor.fixed.setChecked(True)
    fixed = window.spec.attribute("Mg").fuzzy_centres
    assert len(fixed) == 2
    editor.terms.item(1, 1).setText("3.1")
    assert window.spec.attribute("Mg").fuzzy_centres == [fixed[0], 3.1]
    assert editor.plot.centres.tolist() == [fixed[0], 3.1]
    assert curve_at(editor.plot.curves[1], 3.1) == pytest.approx(1.0)
    editor.terms.item(0, 1).setText("5")  # above the next centre: refused, the centre stays
    assert window.spec.attribute("Mg").fuzzy_centres == [fixed[0], 3.1]
    assert "must be a number below 3.1" in editor.note.text()
    editor.terms.item(0, 1).setText("lots")
    assert window.spec.attribute("Mg").fuzzy_centres == [fixed[0], 3.1]
    assert window.save_project()
    saved = json.loads(glass.read_text())["attributes"]["Mg"]
    assert saved["fuzzy_centres"] == [fixed[0], 3.1] and "fuzzy_terms" not in saved


def test_names_that_k_does_not_make_are_a_warning_in_the_checks(window, glass):
    panel = window.problem_panel
    editor = panel.fuzzy
    editor.k.setValue(3)
    assert editor.terms.rowCount() == 3 and editor.plot.names() == ["low", "medium", "high"]
    editor.set_names(["low", "normal", "high"])
    assert editor.plot.names() == ["low", "normal", "high"]
    shown = [panel.problems.item(i).text() for i in range(panel.problems.count())]
    assert shown[0] == "The problem settings are valid."
    assert any(t.startswith('Warning: attribute "Mg", fuzzy term names: 3 names given, but k = 2') for t in shown)
    editor.set_names(["low", "low", "high"])
    shown = [panel.problems.item(i).text() for i in range(panel.problems.count())]
    assert 'Attribute "Mg", fuzzy term names: the name "low" appears twice' in shown
    editor.reset()
    assert window.spec.attribute("Mg").fuzzy_terms is None and editor.k.value() == 2
    assert editor.plot.names() == ["less", "more"]


def test_choosing_a_row_shows_its_terms_and_a_nominal_one_has_none(window, glass):
    panel = window.problem_panel
    panel.attributes.setCurrentCell(panel.attribute_row("Al"), 0)
    assert panel.fuzzy.attribute.currentText() == "Al"
    assert panel.fuzzy.plot.counts.getAxis("bottom").labelText == "Al"
    panel.attributes.cellWidget(panel.attribute_row("Al"), 2).setCurrentText("nominal")
    assert panel.fuzzy.attribute.findText("Al") < 0
    assert panel.attributes.cellWidget(panel.attribute_row("Al"), 9) is None
