"""File > Export the model as an Excel calculator (issue 38): the trained model written as a workbook
whose formulas answer; a fuzzy tree and C4.5's fractional missing values refused in a dialog that says
why, and no file written."""

from __future__ import annotations

import pytest
from openpyxl import load_workbook
from PySide6.QtWidgets import QFileDialog

from engine.algorithms.registry import get
from engine.data.read import read_table
from engine.data.spec import ProblemSpec
from engine.workflows import train_model
from engine.xlsx_calculator import DEFAULT_ROWS, sheet_names


def _model(datasets, algorithm):
    table = read_table(datasets / "iris.csv")
    return train_model(get(algorithm), table, ProblemSpec(target="class"), {}).model


def test_the_file_menu_exports_the_model_as_a_calculator(window, datasets, tmp_path, monkeypatch):
    action = next(a for a in window.menuBar().actions()[0].menu().actions()
                  if "calculator" in a.text().replace("&", ""))
    model = _model(datasets, "cart")
    model.save(tmp_path / "cart.json")
    assert window.open_model(str(tmp_path / "cart.json"))
    out = tmp_path / "chosen"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "Excel workbooks (*.xlsx)"))
    action.trigger()
    wb = load_workbook(tmp_path / "chosen.xlsx")
    names = sheet_names()
    calc = wb[names["Calculator"]]
    assert [calc.cell(row=1, column=j + 1).value for j in range(len(model.schema.names))] == model.schema.names
    assert str(calc["B4"].value).startswith("=IF(")  # the class: a formula
    assert wb[names["Score work"]].max_row == DEFAULT_ROWS + 1
    assert window.said == []


@pytest.mark.parametrize("algorithm, why", (("hfdt", "fuzzy"), ("c45", "fractional")))
def test_a_model_the_calculator_cannot_carry_is_refused_in_a_dialog(window, datasets, tmp_path, algorithm, why):
    model = _model(datasets, algorithm)
    if algorithm == "hfdt":
        model.missing = "stop"
    model.save(tmp_path / "m.json")
    assert window.open_model(str(tmp_path / "m.json"))
    assert not window.export_calculator(str(tmp_path / "m.xlsx"))
    assert any("Excel calculator" in text and why in text for text in window.said)
    assert not (tmp_path / "m.xlsx").exists()
