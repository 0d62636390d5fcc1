"""`ruletree compare`: JSON, the text table, user errors (exit status 2, one line)."""

import json
from pathlib import Path

import pytest

from engine import cli

CAR = str(Path(__file__).resolve().parent / "data" / "datasets" / "car_evaluation.csv")


def test_json_has_one_object_per_entry_and_the_baseline(capsys):
    assert cli.main(["compare", CAR, "--target", "class", "--algorithms", "c45,small=c45,id3",
                     "--param", "small.min_cases=20", "--param", "max_depth=3", "--cv", "3", "--jobs", "2",
                     "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress line when stderr is not a terminal
    out = json.loads(captured.out)
    assert [o["name"] for o in out] == ["c45", "small", "id3 (max_depth=3)", "baseline (majority)"]
    assert [o["algorithm"] for o in out] == ["c45", "c45", "id3", "baseline"]
    assert out[1]["params"]["min_cases"] == 20 and out[0]["params"]["min_cases"] == 2
    assert out[2]["params"]["max_depth"] == 3
    for o in out:  # CLI.md's evaluate object, plus the per-fold values
        assert {"algorithm", "params", "data", "scheme", "metrics"} <= set(o)
        assert o["data"] == {"rows": 1728, "target": "class"} and o["scheme"] == {"cv": 3, "repeats": 1, "seed": 0}
        assert len(o["folds"]["metrics"]["accuracy"]) == 3 and sum(o["folds"]["n_test"]) == 1728
    assert out[3]["metrics"]["accuracy"]["mean"] == pytest.approx(1210 / 1728, abs=1e-3)


def test_worker_processes_print_the_same(capsys):
    args = ["compare", CAR, "--algorithms", "c45,id3", "--cv", "3", "--json", "--jobs", "2"]
    assert cli.main(args + ["--executor", "threads"]) == 0
    threads = json.loads(capsys.readouterr().out)
    assert cli.main(args) == 0  # worker processes, the default
    processes = json.loads(capsys.readouterr().out)
    for out in (threads, processes):
        for o in out:
            for name in ("fit_seconds", "predict_seconds"):
                del o["metrics"][name], o["folds"]["metrics"][name]
    assert threads == processes


def test_text_table_and_all(capsys):
    assert cli.main(["compare", CAR, "--algorithms", "all", "--cv", "2", "--jobs", "2"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0].startswith("12 algorithms and baseline (majority) on car_evaluation.csv (1728 rows), "
                               "2-fold cross-validation")
    rows = {line.split()[0] for line in lines[2:] if line.strip()}
    assert {"cart", "c45", "mincost", "baseline"} <= rows and "facmi" not in rows
    assert "note: facmi left out" in captured.err and "±" in captured.out


@pytest.mark.parametrize("args, message", [
    (["--algorithms", "c45,nope"], 'unknown algorithm "nope"'),
    (["--algorithms", "c45", "--param", "c45.bogus=1"], 'c45 has no parameter "bogus"'),
    (["--algorithms", "c45", "--param", "id3.max_depth=1"], '"id3" is not one of the algorithms'),
    (["--algorithms", "c45", "--param", "bogus"], "is not A.K=V"),
    (["--algorithms", "c45,c45"], "both named"),
    (["--algorithms", "facmi"], "facmi does not apply"),
    (["--algorithms", "c45", "--cv", "1"], "--cv must be at least 2"),
    (["--algorithms", "c45", "--jobs", "0"], "--jobs must be at least 1"),
])
def test_user_errors_are_one_line_and_status_2(capsys, args, message):
    assert cli.main(["compare", CAR, *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and err.startswith("ruletree: error:")


def test_resume_file_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "run.json"
    args = ["compare", CAR, "--algorithms", "id3", "--cv", "2", "--resume", str(path), "--json"]
    assert cli.main(args) == 0
    first = capsys.readouterr().out
    assert json.loads(path.read_text())["format"] == "ruletree-compare"
    assert cli.main(args) == 0  # everything kept: the same output, timings included
    assert capsys.readouterr().out == first
    assert cli.main(args[:-3] + ["--seed", "4", "--resume", str(path)]) == 2
    assert "another scheme: seed differ" in capsys.readouterr().err


def test_the_progress_line_on_a_terminal():
    import io

    from engine.cli.printing import ProgressLine

    stream = io.StringIO()
    line = ProgressLine(stream)
    line(0, 4, "4 of 4 units to run")
    line(1, 4, "c45, fold 1 of 2 done; about 3 s left")  # within 0.2 s: not redrawn
    line(4, 4, "baseline (majority), fold 2 of 2 done; about 1 s left")  # the last one always
    line.close()
    text = stream.getvalue()
    assert text.count("\r") == 2 and "[....................] 0/4" in text and text.endswith("\n")
    assert "[####################] 4/4  baseline (majority), fold 2 of 2 done" in text
