"""File > Open model reads a PMML TreeModel another tool wrote (issue 38 item 2): scikit-learn's tree
(through sklearn2pmml) shown on the Tree tab, ready to consult and to predict with, the headline saying
where it came from and that its training rows are not known; a damaged file is one dialog naming the
element, and the model shown stays."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from PySide6.QtWidgets import QFileDialog


FIXTURES = Path(__file__).resolve().parent.parent / "data" / "pmml_import"


def test_file_open_model_reads_a_pmml_tree(window, datasets, tmp_path, monkeypatch):
    action = next(a for a in window.menuBar().actions()[0].menu().actions() if "mo&del" in a.text())
    chosen = []

    def dialog(parent, caption, folder, patterns, *a, **k):
        chosen.append(patterns)
        return str(FIXTURES / "sklearn_iris.pmml"), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", dialog)
    action.trigger()
    assert "*.pmml" in chosen[0]
    assert window.said == []
    model = window.model
    assert model is not None and model.algorithm == "pmml"
    assert window.tree_panel.tree is model.tree and model.tree.n_leaves == 7
    assert window.consult_panel.model is model
    headline = window.train_panel.headline.text()
    assert "sklearn_iris.pmml" in headline and "SkLearn2PMML package 0.133.1" in headline
    assert "does not say how many rows" in headline and "?" not in headline
    # predicted as scikit-learn predicted, row by row
    dialog = window.predict_path(str(datasets / "iris.csv"))
    assert dialog is not None and window.said == []
    answers = pd.read_csv(FIXTURES / "sklearn_iris.predictions.csv")
    labels = [model.tree.labels[v] for v in window.predictions_dialog.predictions.prediction.labels]
    assert labels == answers["label"].tolist()
    # saved as our model beside its name
    saved = tmp_path / "iris"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(saved), ""))
    assert window.save_model()
    assert (tmp_path / "iris.json").exists()


def test_open_path_takes_pmml_as_a_model(window):
    assert window.open_path(str(FIXTURES / "sklearn_car.pmml"))
    assert window.model.algorithm == "pmml" and window.model.tree.n_leaves == 14
    assert str(FIXTURES / "sklearn_car.pmml") in window.recent_files()


def test_a_damaged_pmml_file_is_one_dialog_and_the_model_stays(window, tmp_path):
    assert window.open_model(str(FIXTURES / "sklearn_car.pmml"))
    shown = window.model
    bad = tmp_path / "bad.pmml"
    bad.write_text((FIXTURES / "sklearn_iris.pmml").read_text(encoding="utf-8").replace(
        'field="petalwidth" operator="lessOrEqual" value="0.8"', 'field="foo" operator="lessOrEqual" value="0.8"'),
        encoding="utf-8")
    assert not window.open_model(str(bad))
    assert window.model is shown
    assert len(window.said) == 1 and 'the field "foo" is not in the DataDictionary' in window.said[0]
    assert "line 30" in window.said[0]


def test_shares_are_counted_on_the_open_data_when_the_user_says_so(window, datasets, monkeypatch):
    """scikit-learn's leaves hold shares: with iris open, the window offers to count the cases on it
    (yes: every leaf's support is its training rows, the headline says where they were counted; no:
    the shares stay, the note says why every leaf is one case)."""
    from PySide6.QtWidgets import QMessageBox

    asked = []
    answer = [QMessageBox.No]
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *a, **k: (asked.append(text), answer[0])[1])
    assert window.open_model(str(FIXTURES / "sklearn_iris.pmml"))
    assert asked == []  # no data open: nothing to count on
    assert window.open_path(str(datasets / "iris.csv"))
    assert window.open_model(str(FIXTURES / "sklearn_iris.pmml"))
    assert len(asked) == 1 and "iris.csv, 150 rows" in asked[0]
    assert window.model.tree.nodes[0].weight == 7  # the shares kept: seven leaves of "1 case"
    assert "class shares" in window.train_panel.headline.text()
    answer[0] = QMessageBox.Yes
    assert window.open_model(str(FIXTURES / "sklearn_iris.pmml"))
    model = window.model
    assert model.tree.nodes[0].counts.tolist() == [50.0, 50.0, 50.0]
    assert model.trained_on["counted_on"] == {"file": "iris.csv", "sheet": None, "rows": 150}
    headline = window.train_panel.headline.text()
    assert "its cases counted on iris.csv (150 rows)" in headline and "class shares" not in headline
    # the Rules tab's supports are the rows now (a leaf of 1 share would read "1")
    supports = sorted(model.tree.nodes[i].weight for i in model.tree.reachable() if model.tree.nodes[i].is_leaf)
    assert sum(supports) == 150 and min(supports) >= 3
