"""The Data tab on a stranger's loan workbook (issue 36 item 2): what opening found is said, and
each thing that can be mended is one click — stray texts read as missing, a column left out
used again; the Problem tab follows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from app.main import MainWindow
from test_data_hygiene import loan_workbook


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    said = []
    for kind in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, lambda parent, title, text, *a, **k: said.append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    w.said = said
    qtbot.addWidget(w)
    w.resize(1400, 900)
    return w


def test_one_click_each_for_what_opening_found(window, qtbot, tmp_path):
    path = loan_workbook(tmp_path / "贷款.xlsx")
    assert window.open_path(str(path))
    panel = window.data_panel
    banner = panel.banner.text()
    assert not panel.banner.isHidden() and '"申请号" is left out of training' in banner and "percentages" in banner
    assert set(panel.fix_buttons) == {("missing", "信用评分"), ("use", "申请号"), ("use", "备注")}
    stray = panel.fix_buttons[("missing", "信用评分")]
    assert "未提供" in stray.text() and "rows 11, 25" in stray.toolTip()  # the cells, as the sheet numbers them
    assert window.table.column("信用评分").type == "nominal"
    qtbot.mouseClick(stray, Qt.LeftButton)
    assert window.table.column("信用评分").type == "numeric"
    assert ("missing", "信用评分") not in panel.fix_buttons and window.project.missing_values == {"信用评分": ["未提供"]}
    assert window.dirty
    # the identifier, left out on opening: the Problem tab says so, one click takes it back
    assert not window.spec.attribute("申请号").use
    qtbot.mouseClick(panel.fix_buttons[("use", "申请号")], Qt.LeftButton)
    assert window.spec.attribute("申请号").use and ("use", "申请号") not in panel.fix_buttons
    assert '"申请号"' not in panel.banner.text() and '"备注" is left out' in panel.banner.text()
    assert window.said == []  # nothing was refused
