"""The printable report's rules checklist holds each rule's interval and the "few cases" mark, with
why each mark is there (issue 39, item 1); read back with pdftotext (poppler-utils, as
tests/test_report.py: skipped without it unless RULETREE_REQUIRE_BUILD_TOOLS=1, then failed)."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import cli
from engine.algorithms.registry import get
from engine.data.project import load_project
from engine.data.read import read_table
from engine.model import load_model
from engine.report import rule_items
from engine.workflows import train_model

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo"

_MISSING = shutil.which("pdftotext") is None
pytestmark = pytest.mark.skipif(_MISSING and os.environ.get("RULETREE_REQUIRE_BUILD_TOOLS") != "1",
                                reason="pdftotext not found: apt-get install poppler-utils")


def pdf_text(path: Path) -> str:
    found = shutil.which("pdftotext")
    assert found, "pdftotext not found (apt-get install poppler-utils; RULETREE_REQUIRE_BUILD_TOOLS=1)"
    return subprocess.run([found, "-raw", str(path), "-"], capture_output=True, text=True, check=True,
                          timeout=60).stdout


def test_the_reports_checklist_holds_the_intervals_and_the_few_cases_marks(tmp_path, capsys):
    project = load_project(DEMO / "heart_zh.rtproj")
    model = train_model(get("c45"), read_table(DEMO / "heart_zh.xlsx"), project.spec, {}).model
    model.save(tmp_path / "c45.json")
    assert cli.main(["report", str(tmp_path / "c45.json"), "--pdf", str(tmp_path / "r.pdf")]) == 0
    capsys.readouterr()
    text = pdf_text(tmp_path / "r.pdf")
    squeezed = re.sub(r"\s+", "", text)
    items = rule_items(load_model(tmp_path / "c45.json").tree, model.spec.trust)
    flagged = [r for r in items if r.few_cases]
    assert flagged and len(flagged) < len(items)
    for r in items:
        if r.interval:
            assert re.sub(r"\s+", "", f"[{r.interval}]") in squeezed, r.interval
    # the mark in the confidence cell, and why, under the table
    assert text.count("few cases") >= len(flagged)
    assert "the rules marked hold too few training cases" in re.sub(r"\s+", " ", text)
    for r in flagged:
        assert re.sub(r"\s+", "", f"Rule {r.number}: {r.few_cases}") in squeezed
    assert "[44-100 %]" in text and "3 cases (fewer than 10)" in text
    # stricter trust settings in the model: every rule is marked
    model.spec.trust.min_cases = 500
    model.save(tmp_path / "strict.json")
    assert cli.main(["report", str(tmp_path / "strict.json"), "--pdf", str(tmp_path / "s.pdf")]) == 0
    strict = re.sub(r"\s+", "", pdf_text(tmp_path / "s.pdf"))
    assert all(f"Rule{r.number}:" in strict for r in items)
    assert "(fewerthan500)" in strict
