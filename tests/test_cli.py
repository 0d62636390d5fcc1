"""`ruletree` headless commands: output, JSON, exit statuses 0 / 2 / 1."""

import json
import os
import subprocess
import sys

import pytest

from engine import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args, env=None):
    """`ruletree ARGS` as installed: the app's launcher (app.launch:main), in a subprocess."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "app.launch", *args], capture_output=True, text=True,
                          env=full_env, cwd=ROOT, timeout=120)


def test_info_on_a_data_file(demo_dir, capsys):
    assert cli.main(["info", str(demo_dir / "car_evaluation.xlsx")]) == 0
    out = capsys.readouterr().out
    assert 'car_evaluation.xlsx, sheet "cars"' in out and "sheets: cars, About" in out
    assert "1728 rows, 7 columns" in out
    assert 'target "class" (the last column' in out
    assert "unacc 1210" in out and "vgood 65" in out


def test_info_json(tmp_path, capsys):
    (tmp_path / "d.csv").write_text("x;y;k\n1,5;a;p\n?;b;q\n3;a;p\n")
    assert cli.main(["info", str(tmp_path / "d.csv"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rows"] == 3 and out["delimiter"] == ";" and out["encoding"] == "utf-8"
    x, y, k = out["columns"]
    assert (x["type"], x["missing"], x["min"], x["max"]) == ("numeric", 1, 1.5, 3)
    assert (y["type"], y["values"], y["counts"]) == ("nominal", ["a", "b"], [2, 1])
    assert out["target"] == {"name": "k", "assumed": True, "ordered": False,
                             "classes": [{"label": "p", "count": 2}, {"label": "q", "count": 1}]}


def test_info_project_json_is_valid(demo_dir, capsys):
    assert cli.main(["info", "--project", str(demo_dir / "car_evaluation.rtproj"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["project"]["valid"] is True and out["project"]["problems"] == []
    assert out["project"]["settings"]["class_order"] == ["unacc", "acc", "good", "vgood"]
    assert [c["label"] for c in out["target"]["classes"]] == ["unacc", "acc", "good", "vgood"]


def test_info_project_text(demo_dir, capsys):
    assert cli.main(["info", "--project", str(demo_dir / "glass.rtproj")]) == 0
    out = capsys.readouterr().out
    assert "class hierarchy: 11 links, top: ALL" in out and "settings: valid" in out


def test_broken_project_exits_2_naming_the_setting(demo_dir, tmp_path, capsys):
    obj = json.loads((demo_dir / "car_evaluation.rtproj").read_text())
    obj["data"]["path"] = str(demo_dir / "car_evaluation.xlsx")
    obj["attributes"]["safety"]["test_cost"] = -3
    (tmp_path / "bad.rtproj").write_text(json.dumps(obj))
    assert cli.main(["info", "--project", str(tmp_path / "bad.rtproj")]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1
    # the same refusal as every command's (engine.data.spec.raise_problems)
    assert err[0] == 'ruletree: error: file "bad.rtproj", setting attributes.safety.test_cost: must not be negative'
    assert "must not be negative" in captured.out


def test_command_line_problem_options_are_validated(demo_dir, capsys):
    data = str(demo_dir / "car_evaluation.xlsx")
    assert cli.main(["info", data, "--target", "class", "--class-order", "unacc,acc,good,vgood",
                     "--monotone", "safety=+"]) == 2  # safety is nominal text until typed ordinal
    assert "attributes.safety.monotone" in capsys.readouterr().err
    assert cli.main(["info", data, "--monotone", "safety=up"]) == 2
    assert '"safety=up"' in capsys.readouterr().err


def test_hierarchy_option(demo_dir, capsys):
    assert cli.main(["info", str(demo_dir / "glass.xlsx"), "--target", "Type", "--hierarchy",
                     str(demo_dir / "glass_hierarchy.csv"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["project"]["settings"]["hierarchy"]["FP"] == "WG"


@pytest.mark.parametrize("args,words", [
    (["info", "missing.csv"], ['file "missing.csv"', "does not exist"]),
    (["info"], ["give a data file"]),
    (["info", "x.csv", "--bogus"], ["unrecognized arguments"]),
    (["frobnicate"], ['"frobnicate" is neither a file nor a command']),
])
def test_user_errors_are_one_line_and_status_2(args, words):
    result = run(*args)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ruletree: error: "), result.stderr
    assert all(w in lines[0] for w in words)
    assert "Traceback" not in result.stderr


def test_bad_data_file_status_2(tmp_path):
    (tmp_path / "bomb.xlsx").write_text("not a workbook")
    result = run("info", str(tmp_path / "bomb.xlsx"))
    assert result.returncode == 2
    assert 'file "bomb.xlsx"' in result.stderr and "not an Excel workbook" in result.stderr


def test_algorithms_json():
    result = run("algorithms", "--json")
    assert result.returncode == 0
    assert isinstance(json.loads(result.stdout), list)


def test_has_display(monkeypatch):
    monkeypatch.setattr(cli.sys, "platform", "linux")  # Windows and macOS always have a display
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    assert not cli.has_display()
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert cli.has_display()
    monkeypatch.delenv("QT_QPA_PLATFORM")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert cli.has_display()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Windows and macOS always have a display")
def test_no_display_says_so_in_one_line():
    """`ruletree` (no subcommand) on a machine with no display: one line, status 2, and Qt never loaded."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "app.launch"], capture_output=True,
                            text=True, cwd=ROOT, timeout=120,
                            env={k: v for k, v in os.environ.items()
                                 if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")})
    assert result.returncode == 2
    lines = [line for line in result.stderr.splitlines() if not line.startswith("import time:")]
    assert len(lines) == 1 and "no display" in lines[0] and lines[0].startswith("ruletree: ")
    assert not [m for m in imported_modules(result.stderr) if m.split(".")[0] in ("PySide6", "shiboken6")]


def imported_modules(importtime_stderr: str) -> list[str]:
    """Module names from `python -X importtime` output ("import time: self | cumulative | name")."""
    out = []
    for line in importtime_stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            name = line.rsplit("|", 1)[1].strip()
            if name != "imported package":
                out.append(name)
    return out


def test_engine_cli_alone_does_not_open_the_window(capsys):
    """Without the launcher (python -m engine.cli) no subcommand is a one-line user error."""
    assert cli.main([]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "give a command" in lines[0] and "python -m app.launch" in lines[0]


def test_a_bug_exits_1_with_the_traceback_in_the_log(monkeypatch, capsys, tmp_path):
    def broken(args):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(cli, "cmd_algorithms", broken)
    assert cli.main(["algorithms"]) == 1
    err = capsys.readouterr().err
    assert "internal error" in err and "ZeroDivisionError" in err and "Traceback" not in err
    log = cli.log_file().read_text()
    assert "Traceback" in log and "oops" in log


def test_headless_commands_never_import_qt(demo_dir):
    code = ("import sys; from engine.cli import main; "
            f"rc = main(['info', '--project', {str(demo_dir / 'car_evaluation.rtproj')!r}, '--json']); "
            "bad = [m for m in ('PySide6', 'shiboken6', 'pyqtgraph', 'app') if m in sys.modules]; "
            "print('QT', bad, file=sys.stderr); sys.exit(rc or bool(bad))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "QT []" in result.stderr


def test_console_script_is_installed():
    import shutil

    exe = shutil.which("ruletree")
    assert exe, "pip install -e . installs the ruletree command"
    result = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "RuleTree Studio" in result.stdout


def test_project_without_target_is_not_called_valid(demo_dir, tmp_path, capsys):
    obj = json.loads((demo_dir / "glass.rtproj").read_text())
    obj["data"]["path"] = str(demo_dir / "glass.xlsx")
    obj["target"] = None
    (tmp_path / "nt.rtproj").write_text(json.dumps(obj))
    assert cli.main(["info", "--project", str(tmp_path / "nt.rtproj")]) == 2
    assert "no target column is chosen" in capsys.readouterr().err


def test_train_predict_rules_evaluate(demo_dir, tmp_path, capsys):
    data = str(demo_dir / "car_evaluation.xlsx")
    project = str(demo_dir / "car_evaluation.rtproj")
    model = tmp_path / "car.json"
    assert cli.main(["train", data, "--project", project, "--algorithm", "cart", "--out", str(model)]) == 0
    assert "leaves" in capsys.readouterr().out
    obj = json.loads(model.read_text())
    assert obj["format"] == "ruletree-model" and obj["version"] == 3 and obj["trained_on"]["rows"] == 1728
    assert cli.main(["predict", str(model), data, "--out", str(tmp_path / "p.csv")]) == 0
    assert "1728 predictions" in capsys.readouterr().out
    lines = (tmp_path / "p.csv").read_text().splitlines()
    # the rule that fired (issue 36), then the warning (issue 39: outside what the model has seen): columns
    # added, none renamed
    assert lines[0] == "row,prediction,score_unacc,score_acc,score_good,score_vgood,attributes_used,rule,warning"
    assert len(lines) == 1729 and lines[1].startswith("2,unacc,")
    assert all(line.split(",")[-2].startswith("IF ") and line.split(",")[-2].endswith(" THEN " + line.split(",")[1])
               and line.split(",")[-1] == "" for line in lines[1:])  # the training rows: nothing flagged
    assert cli.main(["rules", str(model), "--json", "--xlsx", str(tmp_path / "r.xlsx")]) == 0
    rules = json.loads(capsys.readouterr().out)
    assert rules and all(r["rule"].startswith("IF ") for r in rules)
    assert abs(sum(r["coverage"] for r in rules) - 1) < 1e-9
    assert (tmp_path / "r.xlsx").stat().st_size > 0
    assert cli.main(["evaluate", data, "--project", project, "--algorithm", "cart", "--cv", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # the car demo prices its tests: the cases are played under the default strategy
    assert out["algorithm"] == "cart" and out["scheme"] == {"cv": 3, "repeats": 1, "seed": 0,
                                                            "strategy": "sequential"}
    assert {"accuracy", "mae", "leaves", "depth", "fit_seconds", "predict_seconds",
            "avg_misclassification_cost", "avg_total_cost", "avg_test_cost", "avg_waiting_cost"} <= set(out["metrics"])
    assert 0.85 < out["metrics"]["accuracy"]["mean"] <= 1


def test_evaluate_holdout_and_param_errors(datasets, capsys):
    iris = str(datasets / "iris.csv")
    assert cli.main(["evaluate", iris, "--algorithm", "cart", "--holdout", "0.3", "--repeats", "2",
                     "--param", "prune=none", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scheme"]["holdout"] == 0.3 and out["params"]["prune"] == "none"
    assert cli.main(["evaluate", iris, "--algorithm", "cart", "--param", "max_depth=0"]) == 2
    assert "max_depth must be at least 1" in capsys.readouterr().err
    assert cli.main(["evaluate", iris, "--algorithm", "cart", "--holdout", "1.5"]) == 2
    assert cli.main(["train", iris, "--algorithm", "nope", "--out", "x.json"]) == 2


def test_predict_with_a_damaged_model_is_a_user_error(tmp_path, capsys, demo_dir):
    (tmp_path / "m.json").write_text('{"format": "ruletree-model", "version": 1}')
    assert cli.main(["predict", str(tmp_path / "m.json"), str(demo_dir / "glass.xlsx")]) == 2
    assert "damaged" in capsys.readouterr().err


def test_evaluate_reports_monotonicity_for_ordinal_learners(demo_dir, capsys):
    project = str(demo_dir / "car_evaluation.rtproj")
    assert cli.main(["evaluate", "--project", project, "--algorithm", "facmi", "--cv", "3", "--json",
                     "--param", "enforce_monotone=true"]) == 0
    out = json.loads(capsys.readouterr().out)
    metrics = out["metrics"]
    assert {"mae", "nonmonotone_pairs", "nmi", "inverted_pairs"} <= set(metrics)
    assert metrics["nonmonotone_pairs"]["mean"] == 0 and metrics["nmi"]["mean"] == 0
    assert metrics["mae"]["mean"] < 0.1


def test_progress_bar_on_a_terminal_only(demo_dir, tmp_path, capsys, monkeypatch):
    """train and evaluate draw a progress line on stderr when it is a terminal, nothing when piped."""
    import sys

    from engine.cli import main

    project = str(demo_dir / "car_evaluation.rtproj")
    assert main(["evaluate", "--project", project, "--algorithm", "c45", "--cv", "3"]) == 0
    assert "[" not in capsys.readouterr().err
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert main(["evaluate", "--project", project, "--algorithm", "c45", "--cv", "3"]) == 0
    err = capsys.readouterr().err
    assert "\r[" in err and "3/3" in err and err.endswith("\n")
    assert main(["train", "--project", project, "--algorithm", "c45", "--out", str(tmp_path / "m.json")]) == 0
    assert "\r[" in capsys.readouterr().err


def test_predictions_csv_never_carries_a_formula(tmp_path):
    """Class labels and attribute names come from the data: in the predictions file a text that a
    spreadsheet would run as a formula gets a leading apostrophe; plain numbers ("-1") and the
    scores stay as they are."""
    import csv as csv_module

    from engine.export import csv_text

    data = tmp_path / "evil.csv"
    data.write_text("+cmd,x,class\n1,a,=1+1\n2,b,=1+1\n3,a,@SUM(A1)\n4,b,@SUM(A1)\n5,a,-1\n6,b,-1\n",
                    encoding="utf-8")
    model = tmp_path / "m.json"
    assert cli.main(["train", str(data), "--target", "class", "--algorithm", "id3", "--out", str(model)]) == 0
    out = tmp_path / "p.csv"
    assert cli.main(["predict", str(model), str(data), "--out", str(out)]) == 0
    rows = list(csv_module.reader(out.open(encoding="utf-8")))
    assert [r[1] for r in rows[1:]] == ["'=1+1", "'=1+1", "'@SUM(A1)", "'@SUM(A1)", "-1", "-1"]
    assert {r[-3] for r in rows[1:]} == {"'+cmd"}  # attributes used (then the rule that fired, the warning)
    assert all(r[-2].startswith("IF ") for r in rows[1:])
    formula_start = ("=", "+", "@", "\t", "\r")
    assert not any(cell.startswith(formula_start) for row in rows for cell in row)
    assert [csv_text(t) for t in ("-1.5", "-x", "\tx", "plain")] == ["-1.5", "'-x", "'\tx", "plain"]
