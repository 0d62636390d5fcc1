"""The seed-000 experiment runner on tiny settings (the full run is `ruletree reproduce facmi`)."""

import pytest

from engine import cli
from engine.reproduce import facmi as F


def test_experiment_tables_have_every_learner(datasets, tmp_path, monkeypatch):
    say = F.Progress(quiet=True)
    a = F.experiment_a(1, sizes=(8,), say=say)
    assert list(a.columns) == ["training cases", *F.LEARNERS_A] and len(a) == 1
    b = F.experiment_b(1, ks=(2,), say=say)
    assert list(b.columns) == ["classes", *F.LEARNERS_B]
    c = F.experiment_c(1, names=("breast",), folder=datasets, say=say)
    assert list(c["monotone preprocessing"]) == ["yes", "no"]
    assert ((c[list(F.LEARNERS_C)] >= 0) & (c[list(F.LEARNERS_C)] < 1)).all().all()


def test_monotone_preprocessing_reverses_decreasing_attributes(datasets):
    data = F.real_problem("car", True, datasets)
    signs = {a.name: a.monotone for a in data.schema.attributes}
    assert signs == {"buying": -1, "maint": -1, "doors": 1, "persons": 1, "lug_boot": 1, "safety": 1}
    assert all(a.monotone == 0 for a in F.real_problem("car", False, datasets).schema.attributes)


def test_unknown_paper_is_a_user_error(capsys):
    assert cli.main(["reproduce", "nosuch"]) == 2
    assert "no reproduction" in capsys.readouterr().err
