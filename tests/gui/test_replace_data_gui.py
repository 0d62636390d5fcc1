"""File > Reload data and File > Replace data file (issue 36 item 3): the corrected spreadsheet
opened under the same settings, the dropped ones listed, the old model's views gone."""

from __future__ import annotations

import csv

import pytest
from PySide6.QtCore import QSettings

import app.opening as opening
from app.main import MainWindow
from engine.data.spec import AttributeSettings, CostMatrix


def write(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return str(path)


ROWS = [[i % 7, (i * 3) % 5, i % 2, ["低", "中", "高"][i % 3]] for i in range(40)]


def test_replace_and_reload_keep_the_settings(qtbot, tmp_path, monkeypatch):
    said = []
    monkeypatch.setattr(opening.QMessageBox, "information", lambda parent, title, text, *a: said.append(text))
    for box in ("warning", "critical"):  # never a modal box the test would wait on: a failure in words
        monkeypatch.setattr(opening.QMessageBox, box, lambda parent, title, text, *a: pytest.fail(text))
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    assert not window.reload_action.isEnabled()
    assert window.open_path(write(tmp_path / "loans.csv", ["收入", "负债", "城市", "风险"], ROWS))
    assert window.reload_action.isEnabled() and window.replace_action.isEnabled()
    window.spec.class_order = ["低", "中", "高"]
    window.spec.attributes["收入"] = AttributeSettings(monotone="decreasing", test_cost=5)
    window.spec.attributes["城市"] = AttributeSettings(test_cost=1, type="nominal")
    window.spec.misclassification_costs = CostMatrix(["低", "中", "高"], [[0, 1, 4], [1, 0, 1], [9, 1, 0]])
    window.train("cart", {})
    qtbot.waitUntil(lambda: window.model is not None, timeout=120_000)

    fewer = write(tmp_path / "loans_v2.csv", ["收入", "负债", "风险"], [r[:2] + r[3:] for r in ROWS[:30]])
    assert window.replace_data_file(fewer)
    assert window.table.n_rows == 30 and window.spec.class_order == ["低", "中", "高"]
    assert window.spec.attributes["收入"].test_cost == 5 and window.spec.misclassification_costs is not None
    assert "城市" not in window.spec.attributes
    assert len(said) == 1 and "城市" in said[0] and "loans_v2.csv" in said[0]
    assert window.model is None and window.tree_panel.tree is None  # the old model's views are gone
    assert window.dirty and window.project.data_path.endswith("loans_v2.csv")

    write(tmp_path / "loans_v2.csv", ["收入", "负债", "风险"], [r[:2] + r[3:] for r in ROWS[:20]])
    window.reload_action.trigger()  # F5: corrected in place
    assert window.table.n_rows == 20 and window.spec.attributes["收入"].monotone == "decreasing"
    assert len(said) == 1  # every setting kept: a status-bar line, no box
    assert "every setting kept" in window.statusBar().currentMessage()
    window.dirty = False  # closing asks nothing
