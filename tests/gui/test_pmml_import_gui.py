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
