"""`ruletree reproduce`'s counted progress: each experiment reports (done, total, message) to the
Progress it is given; the command draws it as a bar on stderr when that is a terminal, else nothing."""

import sys

import numpy as np
import pandas as pd
import pytest

from engine import cli
from engine.errors import Cancelled
from engine.progress import Progress as EngineProgress
from engine.reproduce import Progress
from engine.reproduce import dp as D
from engine.reproduce import hfdt as H
from engine.reproduce import mincost as M


@pytest.fixture(scope="module")
def glass(glass_csv_folder):
    return glass_csv_folder


@pytest.fixture(scope="module")
def small_mincost(tmp_path_factory):
    """Small stand-ins for car_evaluation.csv and mushroom.csv (names, targets and classes of the real ones)."""
    out = tmp_path_factory.mktemp("mincost")
    rng = np.random.default_rng(1)
    car = pd.DataFrame({"buying": rng.choice(["low", "med", "high", "vhigh"], 90),
                        "safety": rng.choice(["low", "med", "high"], 90)})
    car["class"] = rng.choice(["unacc", "acc", "good", "vgood"], 90)
    car.to_csv(out / "car_evaluation.csv", index=False)
    mush = pd.DataFrame({"odor": rng.choice(list("anlfcy"), 90), "gill-size": rng.choice(list("bn"), 90)})
    mush["class"] = np.where(mush["odor"].isin(list("fcy")), "p", "e")
    mush.to_csv(out / "mushroom.csv", index=False)
    return out


def recorded(run, **kwargs):
    """Run an experiment with a recording Progress: the reports (done, total, message) and the log."""
    reports, log = [], []
    say = Progress(lambda done, total, message: reports.append((done, total, message)), log=log.append)
    tables = run(say=say, **kwargs)
    return tables, reports, log


def check_counts(reports, total):
    assert reports, "nothing was counted"
    assert {t for _, t, _ in reports} == {total}  # one total, known up front
    done = [d for d, _, _ in reports]
    assert done == sorted(done) and done[0] >= 1 and done[-1] == total
    assert len(set(done)) == total  # every unit counted once (1, 2, ..., total)


def test_hfdt_counts_its_splits(glass, tmp_path):
    _, reports, log = recorded(H.run, out=tmp_path, quick=True, folder=glass)
    check_counts(reports, H.QUICK_SEEDS)
    messages = [m for _, _, m in reports]
    splits = [m for m in log if m.startswith("split ")]  # the experiment's own log lines, as before
    assert [m.split(":")[0] for m in splits] == [f"split {i} of 3" for i in (1, 2, 3)]
    assert messages[:3] == splits  # each split's line is also the bar's message
    assert log[-1] == f"tables written to {tmp_path}" and messages[-1] == log[-1]
    assert reports[-1][:2] == (3, 3)


def test_dp_counts_folds(datasets, tmp_path):
    _, reports, log = recorded(D.run, out=tmp_path, quick=True, names=("iris",), folder=datasets)
    check_counts(reports, D.QUICK_REPEATS * D.FOLDS)
    messages = [m for _, _, m in reports]
    assert messages[:D.FOLDS] == [f"iris: repeat 1 of 1, fold {k} of 10" for k in range(1, 11)]
    assert log[0].startswith("iris (150 rows, 0 deleted; 1 x 10-fold") and log[0] in messages
    assert log[-1].startswith("tables written to")
    assert all(m in messages for m in log)


def test_mincost_counts_rates_of_every_seed_and_data_set(small_mincost, tmp_path):
    _, reports, log = recorded(M.run, out=tmp_path, quick=True, folder=small_mincost)
    total = len(M.DATASETS) * M.QUICK_SEEDS * len(M.QUICK_RATES)
    check_counts(reports, total)
    messages = [m for _, _, m in reports]
    assert messages[0] == "Car: seed 1, 10% missing" and "Mushroom: seed 3, 50% missing" in messages
    assert next(m for m in log if m.startswith("Car: seed")).startswith("Car: seed 1 of 3")


def test_plain_callables_and_engine_progress_still_work(glass, tmp_path):
    lines = []
    H.experiment(1, glass, say=lines.append)  # a plain message callable: the log, as before
    assert len(lines) == 1 and lines[0].startswith("split 1 of 1: HFDT")
    reports = []
    H.experiment(2, glass, say=EngineProgress(lambda *r: reports.append(r)))  # engine.progress.Progress
    assert [r[:2] for r in reports] == [(1, 2), (2, 2)]
    stop = EngineProgress()
    stop.cancel()
    with pytest.raises(Cancelled):
        H.experiment(1, glass, say=stop)


# ---- the command ------------------------------------------------------------------------------------


def run_cli(tmp_path):
    return cli.main(["reproduce", "hfdt", "--quick", "--out", str(tmp_path / "out")])


def test_no_bar_when_stderr_is_not_a_terminal(glass, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("RULETREE_DATASETS", str(glass))
    assert run_cli(tmp_path) == 0
    out, err = capsys.readouterr()
    assert err == ""  # silent: no bar, no escape codes
    lines = out.splitlines()
    assert [line.split("] ", 1)[1].split(":")[0] for line in lines[:3]] == [f"split {i} of 3" for i in (1, 2, 3)]
    assert "\nhfdt_glass\n" in out and "\r" not in out


def test_bar_on_a_terminal_is_drawn_and_closed(glass, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("RULETREE_DATASETS", str(glass))
    assert run_cli(tmp_path) == 0
    plain_out = capsys.readouterr().out
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert run_cli(tmp_path) == 0
    out, err = capsys.readouterr()
    assert "\r[" in err and "3/3" in err and "split 3 of 3" in err
    assert err.endswith("\n") and err.count("\n") == 1  # the bar's line, finished once
    assert "\x1b[2K" in err  # erased before each log line on stdout, drawn again below it
    # stdout: the same log lines and tables as without a terminal (the seconds aside)
    strip = (lambda text: [line.split("] ", 1)[-1] for line in text.splitlines()])
    assert strip(out) == strip(plain_out)


def test_bar_is_closed_when_the_run_fails(tmp_path, capsys, monkeypatch):
    from engine.errors import OptionError

    def failing(out, quick=False, say=None):
        say.report(1, 4, "first unit")
        raise OptionError("stopped half-way", code="bad_option")

    monkeypatch.setattr(H, "run", failing)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert run_cli(tmp_path) == 2
    err = capsys.readouterr().err
    assert "\r[" in err and "1/4  first unit" in err
    bar, rest = err.split("\n", 1)
    assert bar.startswith("\r[") and "stopped half-way" in rest  # the message starts on a line of its own


def test_facmi_parts_share_one_total():
    from engine.reproduce import Count
    from engine.reproduce import facmi as F

    reports = []
    say = Progress(lambda *r: reports.append(r), quiet=True)
    count = Count(say, 2 * 1 + 2 * 1)  # (a) two sizes, (b) two ks, one repeat each
    F.experiment_a(1, sizes=(8, 12), say=say, count=count)
    F.experiment_b(1, ks=(2, 3), say=say, count=count)
    check_counts(reports, 4)
    messages = [m for _, _, m in reports]
    assert "(a) 8 training cases: draw 1 of 1" in messages and "(b) k = 3: repeat 1 of 1" in messages
    assert any(m.startswith("(b) k = 3: facmi") for m in messages)  # the logged line, on the bar too
