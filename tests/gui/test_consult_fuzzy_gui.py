"""The Consult panel over a fuzzy model (pytest-qt, offscreen): HFDT trained on the glass demo
from the Train panel; cases consulted through the widgets end with the tree's own answer — a
coarse hierarchy label, what predict gives — with every label's score, the rules carrying it
and the weighted frontier (the nodes reached and their firing strengths)."""

import re

import numpy as np
from PySide6.QtCore import Qt

from engine.data import read_table
from engine.tree.predict import predict

from .test_consult_panel import fill
from .test_main_window import open_demo, window  # noqa: F401 - the window fixture

# the case of the bug report: every "because" rule said WG, the answer said "1"
CASE = {"RI": 1.517, "Na": 13.5, "Mg": 3.5, "Al": 1.2, "Si": 72.8, "K": 0.6, "Ca": 8.5, "Ba": 0, "Fe": 0}


def listed_weights(text: str) -> list[float]:
    """The firing strengths in the frontier's text, one per node listed."""
    return [float(m) for m in re.findall(r"^  .* -> \S+  ([0-9.e-]+)", text, flags=re.MULTILINE)]


def shown_scores(panel) -> dict[str, float]:
    """The scores line of the answer box: label -> score."""
    line = panel.answer_detail.text().splitlines()[0]
    assert line.startswith("Scores (sum of firing strengths): ")
    pairs = [item.rsplit(" ", 1) for item in line.split(": ", 1)[1].split(", ")]
    return {name: float(value) for name, value in pairs}


def consult(panel, qtbot, case: dict) -> int:
    """Answer every question through the widgets; the most nodes reached at once."""
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert panel.reached.isVisible() and panel.reached.text().startswith("Reached 1 node")
    widest, asked = 1, 0
    while panel.current is not None:
        asked += 1
        assert asked <= len(case)
        assert "nodes the case has reached" in panel.reason.text()
        fill(panel, case)
        qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
        assert panel.message.text() == ""
        weights = listed_weights(panel.reached.text())
        front = panel.session.consultation.frontier()
        assert len(weights) == min(len(front), 8) and all(w > 0 for w in weights)
        assert weights == sorted(weights, reverse=True)  # strongest first
        if panel.current is not None:
            assert panel.answer_label.text().startswith("So far: ")
            if len(front) > 1:
                assert "(asks " in panel.reached.text()
        widest = max(widest, len(front))
    assert panel.finished()
    return widest


def test_hfdt_consultations_end_with_coarse_labels(window, demo_dir, tmp_path, qtbot):  # noqa: F811
    open_demo(window, demo_dir, tmp_path, name="glass")
    window.train_panel.select("hfdt")
    with qtbot.waitSignal(window.jobs.finished, timeout=120000):
        qtbot.mouseClick(window.train_panel.train_button, Qt.LeftButton)
    tree = window.model.tree
    assert window.model.algorithm == "hfdt" and tree.aggregate == "label_sum"
    panel = window.consult_panel
    window.show()
    with qtbot.waitSignal(panel.tasks.finished, timeout=10000):
        window.tabs.setCurrentWidget(panel)

    # the reported case: WG, as predict says (the class distribution's best is 1)
    x = np.array([[CASE[name] for name in tree.schema.names]], dtype=float)
    assert tree.label_name(predict(tree, x, "fractional").labels[0]) == "WG"
    assert consult(panel, qtbot, CASE) >= 2  # a weighted frontier on the way
    assert panel.answer_label.text().startswith("Answer: WG  (sum of firing strengths ")
    assert max(shown_scores(panel).items(), key=lambda kv: kv[1])[0] == "WG"
    rules = [line for line in panel.answer_detail.text().splitlines() if line.startswith("Rule (")]
    assert rules and all("THEN WG" in line for line in rules)
    assert panel.history.item(0, 2).text() == "WG"  # the saved case shows the coarse answer too

    # glass row 18: leaves labelled FP, WG and 1 reached; FP has the largest sum of firing strengths
    table = read_table(demo_dir / "glass.xlsx", "glass")
    row = {k: v for k, v in table.frame.iloc[17].to_dict().items() if k != "Type"}
    x = np.array([[row[name] for name in tree.schema.names]], dtype=float)
    assert tree.label_name(predict(tree, x, "fractional").labels[0]) == "FP"
    assert consult(panel, qtbot, row) >= 3
    assert panel.answer_label.text().startswith("Answer: FP  (sum of firing strengths ")
    scores = shown_scores(panel)
    assert next(iter(scores)) == "FP" and {"FP", "WG", "1"} <= set(scores)
    assert list(scores.values()) == sorted(scores.values(), reverse=True)
    outcome = panel.session.consultation.outcome()
    for name, value in outcome.scores:
        assert scores[name] == float(f"{value:.3g}")
    rules = [line for line in panel.answer_detail.text().splitlines() if line.startswith("Rule (")]
    assert len(rules) == len(outcome.nodes) and all(line.endswith("THEN FP") for line in rules)
    # the frontier where it ended: the reached leaves, each with its label and firing strength
    text = panel.reached.text()
    assert text.startswith(f"Reached {len(outcome.frontier)} nodes (weight = firing strength, product along the path)")
    np.testing.assert_allclose(listed_weights(text), [float(f"{w:.3g}") for _, w in outcome.frontier[:8]])
    assert {"-> FP", "-> WG", "-> 1"} <= set(re.findall(r"-> \S+", text))
    assert panel.history.item(0, 2).text() == "FP"
