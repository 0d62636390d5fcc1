"""`ruletree compare` with the optimal learner beside mincost on the car demo (issue 40 item 3):
cross-validated in worker processes (their progress reports once tripped a `_` shadowing the
translation mark in engine/algorithms/optimal.py: an internal error), a second optimal entry and
a sweep of its depth."""

import json
from pathlib import Path

import pytest

from engine import cli

CAR = str(Path(__file__).resolve().parents[1] / "resources" / "demo" / "car_evaluation.rtproj")


def test_compare_optimal_beside_mincost_on_car(capsys):
    assert cli.main(["compare", "--project", CAR, "--algorithms", "mincost,optimal,opt4=optimal",
                     "--param", "opt4.max_depth=4", "--sweep", "optimal.max_depth=1,2", "--cv", "3",
                     "--jobs", "2", "--json"]) == 0
    out = {o["name"]: o for o in json.loads(capsys.readouterr().out)}
    assert list(out) == ["mincost", "optimal (max_depth=1)", "optimal (max_depth=2)", "opt4", "baseline (least cost)"]
    mean = {name: {k: v["mean"] for k, v in o["metrics"].items()} for name, o in out.items()}
    for name, o in out.items():
        assert o["scheme"]["cv"] == 3 and sum(o["folds"]["n_test"]) == 1728
        m = mean[name]
        assert m["avg_total_cost"] == pytest.approx(m["avg_test_cost"] + m["avg_waiting_cost"]
                                                    + m["avg_misclassification_cost"])
    assert out["opt4"]["algorithm"] == "optimal" and out["opt4"]["params"]["max_depth"] == 4
    assert out["optimal (max_depth=2)"]["params"]["max_depth"] == 2
    # each tree within its depth; at depth 1 the demo's prices make the root leaf optimal on every
    # fold, the least-cost baseline; deeper ones test something and pay less than it held out
    assert mean["optimal (max_depth=1)"]["leaves"] == 1
    assert mean["optimal (max_depth=1)"]["avg_total_cost"] == pytest.approx(mean["baseline (least cost)"]["avg_total_cost"])
    assert mean["optimal (max_depth=2)"]["depth"] <= 2 and mean["opt4"]["depth"] <= 4
    assert mean["opt4"]["leaves"] > mean["optimal (max_depth=2)"]["leaves"] > 1
    assert mean["opt4"]["avg_test_cost"] > 0
    assert mean["opt4"]["avg_total_cost"] < mean["baseline (least cost)"]["avg_total_cost"] - 2
    # mincost grows hundreds of leaves; the optimum at depth 4 a handful
    assert mean["mincost"]["leaves"] > 100 and mean["opt4"]["leaves"] <= 16


def test_compare_text_table_and_significance(capsys):
    assert cli.main(["compare", "--project", CAR, "--algorithms", "mincost,optimal", "--cv", "3",
                     "--strategy", "hybrid", "--jobs", "2"]) == 0
    text = capsys.readouterr().out
    assert "2 algorithms and baseline (least cost)" in text and "3-fold cross-validation" in text
    rows = {line.split()[0] for line in text.splitlines() if line.strip()}
    assert {"mincost", "optimal"} <= rows
    assert "significance on avg_total_cost (lower is better), against mincost" in text
