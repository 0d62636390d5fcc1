"""Every file we write from a stranger's data (issue 19, scope 4): no cell of an Excel export is a
formula, no CSV cell starts as one, and the terminal never receives a control sequence.

The data is a CSV whose class labels, column names and values are what an attacker would put
there: formulas for Excel (=, +, -, @), a DDE payload, and an escape sequence for the terminal."""

from __future__ import annotations

import csv
import io
import subprocess
import sys

import pandas as pd
import pytest
from openpyxl import load_workbook

HOSTILE_CLASSES = ["=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "@SUM(1+1)"]
ESC = "\x1b"


def _run(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    rows = []
    for i in range(60):
        label = HOSTILE_CLASSES[i % 3]
        colour = ["-red", "=blue", "@green"][(i // 2) % 3]
        rows.append([i % 7 + (i % 3) * 10, colour, f"-tag{i % 2}" if i != 41 else f"{ESC}[2J{ESC}]0;owned\a", label])
    path = folder / "hostile.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["=size", "@colour", "-tag", "class"])
        writer.writerows(rows)
    model = folder / "m.json"
    out = _run("train", path, "--target", "class", "--algorithm", "c45", "--param", "min_cases=1", "--out", model)
    assert out.returncode == 0, out.stderr
    return folder, path, model


def _no_formula_in(workbook_path):
    wb = load_workbook(workbook_path)
    seen = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    seen += 1
                    assert cell.data_type != "f", f"{ws.title}!{cell.coordinate} is a formula: {cell.value!r}"
                    assert ESC not in cell.value
    return seen


def test_the_terminal_never_receives_a_control_sequence(hostile):
    folder, data, _ = hostile
    out = _run("info", data)
    assert out.returncode == 0, out.stderr
    assert "\\x1b[2J" in out.stdout + out.stderr  # the value is listed, escaped
    for stream in (out.stdout, out.stderr):
        assert ESC not in stream and "\a" not in stream


def test_the_rules_workbook_holds_no_formula(hostile, tmp_path):
    folder, _, model = hostile
    out = _run("rules", model, "--xlsx", tmp_path / "rules.xlsx")
    assert out.returncode == 0, out.stderr
    assert ESC not in out.stdout and ESC not in out.stderr  # the rules on the terminal
    assert _no_formula_in(tmp_path / "rules.xlsx") > 0
    text = " ".join(str(c.value) for ws in load_workbook(tmp_path / "rules.xlsx").worksheets
                    for row in ws.iter_rows() for c in row if c.value is not None)
    assert "@SUM(1+1)" in text  # the label is kept as text, not dropped


def test_the_predictions_csv_holds_no_formula(hostile, tmp_path):
    folder, data, model = hostile
    out = _run("predict", model, data, "--out", tmp_path / "p.csv")
    assert out.returncode == 0, out.stderr
    cells = [c for row in csv.reader(io.StringIO((tmp_path / "p.csv").read_text(encoding="utf-8"))) for c in row]
    assert any("SUM(1+1)" in c for c in cells)
    for c in cells:
        assert not c.startswith(("=", "+", "@", "\t", "\r")), c
        if c.startswith("-"):
            float(c)  # only a negative number may start with a minus


def test_the_comparison_workbook_holds_no_formula(hostile, tmp_path):
    folder, data, _ = hostile
    out = _run("compare", data, "--target", "class", "--algorithms", "cart,c45", "--cv", "3", "--jobs", "1",
               "--xlsx", tmp_path / "c.xlsx")
    assert out.returncode == 0, out.stderr
    assert ESC not in out.stdout and ESC not in out.stderr
    assert _no_formula_in(tmp_path / "c.xlsx") > 0


def test_reproduced_tables_hold_no_formula(tmp_path):
    """The reproduction tables name data sets and classes read from files."""
    from engine.reproduce import save_tables

    frame = pd.DataFrame({"data set": ["=cmd|' /C calc'!A0", "glass"], "accuracy": [0.5, -0.25],
                          "=note": ["-1.5", "+a"]})
    save_tables(tmp_path, {"t": frame}, "w", lambda message: None)
    rows = list(csv.reader(io.StringIO((tmp_path / "t.csv").read_text())))
    assert rows == [["data set", "accuracy", "'=note"], ["'=cmd|' /C calc'!A0", "0.5000", "-1.5"],
                    ["glass", "-0.2500", "'+a"]]
    assert _no_formula_in(tmp_path / "w.xlsx") > 0
