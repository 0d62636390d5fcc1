"""`evaluate --missing-rate R` (issue 15 item 4): MCAR injection for experiments, seeded,
in the training and the test rows of every fold; the class never blanked."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine import cli
from engine.algorithms.registry import get
from engine.data import read_table
from engine.data.encode import encode
from engine.data.project import load_project
from engine.errors import OptionError
from engine.workflows import evaluate_algorithm, inject_missing

from conftest import ROOT

CAR = ROOT / "resources" / "demo" / "car_evaluation.rtproj"


@pytest.fixture(scope="module")
def car():
    project = load_project(str(CAR))
    table = read_table(project.data_path, project.sheet)
    return project.spec, encode(table, project.spec)


def test_share_blanked_is_close_to_the_rate():
    X = np.arange(20000 * 10, dtype=np.float64).reshape(20000, 10)
    for rate in (0.1, 0.35, 0.6):
        blank = np.isnan(inject_missing(X, rate, seed=4))
        assert blank.mean() == pytest.approx(rate, abs=0.01)
        # independently per cell: every column and about the right share of whole rows
        assert np.allclose(blank.mean(axis=0), rate, atol=0.03)
        assert blank.all(axis=1).mean() == pytest.approx(rate ** 10, abs=0.01)
    assert not np.isnan(X).any()  # the input is left alone


def test_same_seed_same_cells_other_seed_other_cells():
    X = np.ones((500, 8))
    a, b, c = (np.isnan(inject_missing(X, 0.3, seed=s)) for s in (7, 7, 8))
    assert (a == b).all()
    assert (a != c).any()
    # a lower rate blanks a subset of a higher one's cells (one uniform draw per cell)
    low = np.isnan(inject_missing(X, 0.1, seed=7))
    assert (a | ~low).all()


def test_rate_zero_changes_nothing(car):
    spec, data = car
    X = data.X.copy()
    X[3, 2] = np.nan
    same = inject_missing(X, 0.0, seed=1)
    assert same is not X and np.array_equal(np.isnan(same), np.isnan(X))
    assert np.array_equal(np.nan_to_num(same, nan=-9), np.nan_to_num(X, nan=-9))
    plain = evaluate_algorithm(get("c45"), data, spec, {}, cv=3, seed=2)
    zero = evaluate_algorithm(get("c45"), data, spec, {}, cv=3, seed=2, missing_rate=0.0)
    assert zero.summary().keys() == plain.summary().keys()
    for name, v in plain.summary().items():
        if not name.endswith("_seconds"):
            assert zero.summary()[name]["mean"] == pytest.approx(v["mean"]), name
    assert zero.to_json()["scheme"]["missing_rate"] == 0.0
    assert "missing_rate" not in plain.to_json()["scheme"]


def test_missing_rate_changes_the_metrics_and_keeps_the_class(car, monkeypatch):
    spec, data = car
    seen = []
    info = get("c45")
    real_fit = info.fit

    class Spy:  # the training rows each fold's learner sees
        def __getattr__(self, name):
            return getattr(info, name)

        def fit(self, train, *a, **k):
            seen.append(train)
            return real_fit(train, *a, **k)

    plain = evaluate_algorithm(info, data, spec, {}, cv=3, seed=2)
    spy = Spy()
    blanked = evaluate_algorithm(spy, data, spec, {}, cv=3, seed=2, missing_rate=0.4)
    assert len(seen) == 3
    for train in seen:
        assert np.isnan(train.X).mean() == pytest.approx(0.4, abs=0.03)
        assert (train.y >= 0).all()
    # the class column is untouched: every fold's test rows are scored against their true class
    assert sum(len(f.y_true) for f in blanked.evaluation.folds) == data.n
    assert np.array_equal(np.sort(np.concatenate([f.y_true for f in blanked.evaluation.folds])), np.sort(data.y))
    assert blanked.summary()["accuracy"]["mean"] < plain.summary()["accuracy"]["mean"]
    assert blanked.summary()["avg_total_cost"]["mean"] != pytest.approx(plain.summary()["avg_total_cost"]["mean"])
    assert blanked.to_json()["scheme"]["missing_rate"] == 0.4


@pytest.mark.parametrize("rate", [-0.1, 1.0, 1.5])
def test_bad_rates_are_refused(car, rate):
    spec, data = car
    with pytest.raises(OptionError, match="missing rate"):
        evaluate_algorithm(get("c45"), data, spec, {}, cv=3, missing_rate=rate)
    with pytest.raises(OptionError):
        inject_missing(data.X, rate, 0)


def test_cli_missing_rate(capsys):
    base = ["evaluate", "--project", str(CAR), "--algorithm", "c45", "--cv", "3", "--json"]
    assert cli.main(base + ["--missing-rate", "0.3", "--seed", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scheme"]["missing_rate"] == 0.3 and out["scheme"]["seed"] == 5
    assert cli.main(base + ["--missing-rate", "0.3", "--seed", "5"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["metrics"]["accuracy"] == out["metrics"]["accuracy"]  # seeded
    assert cli.main(base + ["--missing-rate", "1"]) == 2
    assert "--missing-rate" in capsys.readouterr().err


def test_help_documents_the_option(capsys):
    with pytest.raises(SystemExit):
        cli.main(["evaluate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--missing-rate R" in text and "missing completely at random" in text
