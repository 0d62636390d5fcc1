"""File > Export the model as PMML (issue 38): the trained model written as PMML 4.4; a fuzzy tree
refused in a dialog that says why, and no file written."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from PySide6.QtWidgets import QFileDialog

from engine.algorithms.registry import get
from engine.data.read import read_table
from engine.data.spec import ProblemSpec
from engine.workflows import train_model


def _model(datasets, algorithm):
    table = read_table(datasets / "iris.csv")
    return train_model(get(algorithm), table, ProblemSpec(target="class"), {}).model


def test_the_file_menu_exports_the_model_as_pmml(window, datasets, tmp_path, monkeypatch):
    action = next(a for a in window.menuBar().actions()[0].menu().actions() if "PMML" in a.text())
    model = _model(datasets, "cart")
    model.save(tmp_path / "cart.json")
    assert window.open_model(str(tmp_path / "cart.json"))
    out = tmp_path / "chosen"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "PMML 4.4 (*.pmml)"))
    action.trigger()
    root = ET.parse(tmp_path / "chosen.pmml").getroot()
    assert root.get("version") == "4.4" and root.find("{http://www.dmg.org/PMML-4_4}TreeModel") is not None
    assert window.said == []


def test_a_fuzzy_tree_is_refused_in_a_dialog(window, datasets, tmp_path):
    model = _model(datasets, "hfdt")
    model.save(tmp_path / "hfdt.json")
    assert window.open_model(str(tmp_path / "hfdt.json"))
    assert not window.export_pmml(str(tmp_path / "hfdt.pmml"))
    assert any("PMML cannot carry this model exactly" in text and "fuzzy" in text for text in window.said)
    assert not (tmp_path / "hfdt.pmml").exists()
