"""Predict a file under the project's missing-value texts (a finding of issue 36's screenshot
tour): "未提供" read as missing in training is read so in the file predicted, and a refusal quotes
the stray text, never a good number."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.algorithms.registry import get, resolve_params
from engine.errors import DataError
from engine.predicting import predict_file
from engine.problem import open_problem, read_as_missing
from engine.workflows import train_model

sys.path.insert(0, str(Path(__file__).parent))
from test_data_hygiene import loan_workbook  # noqa: E402


def test_the_project_s_missing_texts_apply_to_the_file_predicted(tmp_path):
    problem = read_as_missing(open_problem(loan_workbook(tmp_path / "train.xlsx", 120)), "信用评分", ["未提供", "—", "n/a"])
    info = get("c45")
    model = train_model(info, problem.table, problem.spec, resolve_params(info, {}, problem.spec)).model
    new = loan_workbook(tmp_path / "new.xlsx", 200)
    with pytest.raises(DataError) as refused:
        predict_file(model, new)
    assert '"—"' in str(refused.value) or '"未提供"' in str(refused.value) or '"n/a"' in str(refused.value)
    assert '"3' not in str(refused.value)  # not a good number such as "300"
    predictions = predict_file(model, new, missing_values=problem.project.missing_values)
    assert len(predictions.rows()) == 200


def test_a_row_spread_over_several_leaves_says_so(tmp_path):
    """C4.5 spreads a row whose tested value is missing over the branches: no one rule fired; a
    person reads why, the command line's CSV keeps its empty cell."""
    problem = read_as_missing(open_problem(loan_workbook(tmp_path / "train.xlsx", 120)), "信用评分", ["未提供", "—", "n/a"])
    info = get("c45")
    model = train_model(info, problem.table, problem.spec, resolve_params(info, {}, problem.spec)).model
    predictions = predict_file(model, tmp_path / "train.xlsx", missing_values=problem.project.missing_values)
    spread = [i for i, n in enumerate(predictions.prediction.nodes) if n < 0]
    assert spread, "rows whose score is missing reach no single leaf"
    shown, written = predictions.rules(translate=True), predictions.rules(translate=False)
    assert all(shown[i].startswith("(several rules, weighted") for i in spread)
    assert all(written[i] == "" for i in spread)
    assert all(shown[i].startswith("IF ") for i in range(len(shown)) if i not in spread)
