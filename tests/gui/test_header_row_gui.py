"""The header row in the window: a workbook whose column names sit under two rows of notes
cannot be read as found; the window asks which row holds them (suggesting the one the reader
points at), reads it, shows the choice on the Data tab, saves it with the project and reopens
with it; the Data tab's Header row box reads the file again."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_header_row import notes_workbook  # noqa: E402

from .test_main_window import window  # noqa: E402,F401 - the window fixture


def test_the_window_asks_for_the_header_row(window, tmp_path, monkeypatch):  # noqa: F811
    asked = []

    def ask(message, suggested):
        asked.append((message, suggested))
        return suggested

    monkeypatch.setattr(window, "ask_header_row", ask)
    path = notes_workbook(tmp_path / "心脏病.xlsx")
    assert window.open_path(str(path))
    assert len(asked) == 1 and "no name in the header row (row 2;" in asked[0][0] and asked[0][1] == 3
    assert [c.name for c in window.table.columns] == ["年龄", "性别", "诊断"] and window.table.n_rows == 4
    panel = window.data_panel
    assert panel.header_row.value() == 3 and panel.header_row.text() == "3"
    assert "rows 1-2 above the header row were skipped" in panel.banner.text()
    # saved with the project, reopened without asking
    assert window.save_project(path=str(tmp_path / "p.rtproj"))
    assert json.loads((tmp_path / "p.rtproj").read_text(encoding="utf-8"))["data"]["header_row"] == 3
    assert window.open_path(str(tmp_path / "p.rtproj")) and len(asked) == 1
    assert window.table.n_rows == 4 and panel.header_row.value() == 3


def test_cancel_keeps_what_was_open(window, demo_dir, tmp_path, monkeypatch):  # noqa: F811
    from .test_main_window import open_demo

    open_demo(window, demo_dir, tmp_path)
    monkeypatch.setattr(window, "ask_header_row", lambda message, suggested: None)
    assert not window.open_path(str(notes_workbook(tmp_path / "h.xlsx")))
    assert window.table.n_rows == 1728 and not window.dialogs


def test_the_header_row_box_reads_the_file_again(window, tmp_path):  # noqa: F811
    path = tmp_path / "t.csv"
    path.write_text("a,b,class\n1,2,x\nc,d,label\n3,4,y\n5,6,z\n", encoding="utf-8")
    assert window.open_path(str(path))
    panel = window.data_panel
    assert panel.header_row.value() == 0 and panel.header_row.text() == "found" and window.table.n_rows == 4
    panel.header_row.setValue(3)  # the second header further down
    assert [c.name for c in window.table.columns] == ["c", "d", "label"] and window.table.n_rows == 2
    assert window.project.header_row == 3 and window.spec.target == "label"
    panel.header_row.setValue(9)  # past the end: refused in words, the table shown stays
    assert "the header row 9 is below the last row (5)" in window.dialogs[-1]
    assert window.table.n_rows == 2 and panel.header_row.value() == 3
    panel.header_row.setValue(0)  # back to what the reader finds
    assert window.table.n_rows == 4 and window.project.header_row is None


def test_the_chinese_demo_opens_on_its_data_sheet(window):  # noqa: F811
    from engine.resources import resources_dir

    assert window.open_path(str(resources_dir() / "demo" / "heart_zh.rtproj"))
    assert window.table.sheet == "病例" and window.table.n_rows == 303 and window.spec.target == "诊断"
    assert window.data_panel.sheet.currentText() == "病例" and window.data_panel.sheet.isEnabled()
    assert window.problem_panel.positive.currentData() == "有"


def test_rules_show_shares_as_percentages_and_say_why_an_empty_leaf_has_none(window, qtbot):  # noqa: F811
    """C4.5 on the Chinese demo has a leaf no training case reached (a value of 静息心电图 absent
    under its parent): its confidence reads "–" with the reason; the others read as the
    workbook does, in percent."""
    from engine.resources import resources_dir
    from engine.tree.rules import extract_rules

    from app.panels.rules_panel import EMPTY_LEAF

    from .test_main_window import train_and_wait

    assert window.open_path(str(resources_dir() / "demo" / "heart_zh.rtproj"))
    train_and_wait(window, qtbot, "c45")
    rules = extract_rules(window.model.tree)
    model = window.rules_panel.model
    empty = [k for k, r in enumerate(rules) if r.support == 0]
    assert empty, "the demo's C4.5 tree has an empty leaf"
    for k, r in enumerate(rules):
        confidence, coverage = model.item(k, 4), model.item(k, 5)
        if r.support == 0:
            assert confidence.text() == "–" and confidence.toolTip() == EMPTY_LEAF
        else:
            assert confidence.text() == f"{100 * r.confidence:.1f} %"
        assert coverage.text() == f"{100 * r.coverage:.1f} %"


def test_a_sheet_that_cannot_be_read_leaves_the_boxes_as_the_table_shown(window, tmp_path):  # noqa: F811
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.title = "cases"
    for row in (["a", "b", "class"], [1, 2, "x"], [3, 4, "y"]):
        wb.active.append(row)
    bad = wb.create_sheet("bad")
    bad.append(["a", None, "class"])
    bad.append([1, 2, "x"])
    wb.save(tmp_path / "two.xlsx")
    assert window.open_path(str(tmp_path / "two.xlsx"))
    panel = window.data_panel
    panel.sheet.setCurrentText("bad")
    window._sheet_chosen("bad")  # column B has values but no name: refused in words
    assert "no name in the header row" in window.dialogs[-1]
    assert window.table.sheet == "cases" and panel.sheet.currentText() == "cases"
    assert panel.header_row.text() == "found"
