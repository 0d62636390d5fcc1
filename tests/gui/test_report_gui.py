"""File > Export a printable report (issue 38): the window writes, in a job, the same PDF as `ruletree
report` — the figures cross-validated on the open data, every rule; refused in words with no model
or while another job runs."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest
from PySide6.QtWidgets import QFileDialog

from engine.report import rule_items

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None and
                                   os.environ.get("RULETREE_REQUIRE_BUILD_TOOLS") != "1",
                                   reason="pdftotext not found: apt-get install poppler-utils")


def _open_demo(window, demo_dir, tmp_path):
    project = json.loads((demo_dir / "heart_zh.rtproj").read_text())
    project["data"]["path"] = str(demo_dir / project["data"]["path"])
    path = tmp_path / "heart.rtproj"
    path.write_text(json.dumps(project))
    assert window.open_path(str(path))


def test_without_a_model_the_report_is_refused_in_words(window, tmp_path):
    assert not window.export_report(str(tmp_path / "r.pdf"))
    assert window.said and not (tmp_path / "r.pdf").exists()


@needs_poppler
def test_the_file_menu_writes_the_report_of_the_shown_model(window, qtbot, demo_dir, tmp_path, monkeypatch):
    _open_demo(window, demo_dir, tmp_path)
    window.train_panel.select("cart")
    with qtbot.waitSignal(window.jobs.finished, timeout=120000):
        window.train_panel.train_requested.emit("cart", window.train_panel.form.values())
    action = next(a for a in window.menuBar().actions()[0].menu().actions() if "report" in a.text().lower())
    out = tmp_path / "chosen"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "PDF (*.pdf)"))
    action.trigger()
    assert window.jobs.busy  # the cross-validation runs in a job, the window stays responsive
    assert not window.export_report(str(tmp_path / "second.pdf"))  # one job at a time: said, not started
    assert any("running job" in text for text in window.said)
    qtbot.waitUntil(lambda: not window.jobs.busy and (tmp_path / "chosen.pdf").exists(), timeout=120000)
    text = re.sub(r"\s+", "", subprocess.run(["pdftotext", "-raw", str(tmp_path / "chosen.pdf"), "-"],
                                             capture_output=True, text=True, check=True).stdout)
    assert "Cross-validatedaccuracy(10folds)" in text
    for rule in rule_items(window.model.tree):
        assert re.sub(r"\s+", "", rule.conditions) in text
    assert "chosen.pdf" in window.statusBar().currentMessage()
    assert not (tmp_path / "second.pdf").exists()
