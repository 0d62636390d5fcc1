"""Issue 41, class "interrupted and tampered runs": a stopped `compare` leaves no worker
process behind (SIGTERM and SIGKILL of the parent), and a resume file's figures are checked
against the run's own before any is shown."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from engine.compare import Entry, ResultsFileError, Scheme, compare
from engine.data import read_table
from engine.data.encode import encode
from engine.data.spec import ProblemSpec

ROOT = Path(__file__).resolve().parents[1]
POSIX = hasattr(os, "killpg") and sys.platform.startswith("linux")


# ---- workers die with their parent ------------------------------------------------------------


def _descendants(pid: int) -> set[int]:
    """Every live (not zombie) process below `pid`, from /proc (psutil when installed)."""
    try:
        import psutil
    except ImportError:
        psutil = None
    if psutil is not None:
        try:
            return {p.pid for p in psutil.Process(pid).children(recursive=True)
                    if p.status() != psutil.STATUS_ZOMBIE}
        except psutil.Error:
            return set()
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                children.setdefault(int(fields[1]), []).append(int(name))
    out, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.add(child)
            todo.append(child)
    return out


def _alive(pid: int) -> bool:
    """The process exists and is not a zombie (a dead child nobody has reaped yet)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def long_csv(tmp_path_factory) -> Path:
    """A table on which a 10-fold comparison of C4.5 runs for minutes."""
    rng = np.random.default_rng(0)
    n = 6000
    X = rng.normal(size=(n, 8)).round(3)
    y = np.where(X[:, 0] + 0.5 * X[:, 1] * X[:, 2] + rng.normal(scale=0.8, size=n) > 0.3, "a",
                 np.where(X[:, 3] > 0, "b", "c"))
    path = tmp_path_factory.mktemp("long") / "long.csv"
    lines = [",".join(f"x{i}" for i in range(8)) + ",class"]
    lines += [",".join(map(str, row)) + "," + c for row, c in zip(X, y)]
    path.write_text("\n".join(lines) + "\n")
    return path


def _start(csv: Path, tmp: Path, *more: str, pool=("--jobs", "2", "--executor", "processes"),
           at_least: int = 2) -> tuple[subprocess.Popen, set[int]]:
    """`compare` on 2 worker processes in its own session; returns once the workers exist."""
    env = dict(os.environ, RULETREE_LANG="en")
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "compare", str(csv), "--target", "class",
                             "--algorithms", "c45,cart", "--cv", "10", *pool,
                             *more], cwd=ROOT, env=env, start_new_session=True,
                            stdout=open(tmp / "out.txt", "wb"), stderr=open(tmp / "err.txt", "wb"))
    deadline = time.monotonic() + 240  # a busy 2-core machine reads, encodes and forks slowly
    while time.monotonic() < deadline:
        workers = _descendants(proc.pid)
        if len(workers) >= at_least:
            time.sleep(0.5)  # let the pool settle (every worker started)
            return proc, _descendants(proc.pid)
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the workers never started: {(tmp / 'err.txt').read_text()[-2000:]}")


def _left_behind(pids: set[int], seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = {p for p in pids if _alive(p)}
        if not alive:
            return set()
        time.sleep(0.1)
    return {p for p in pids if _alive(p)}


def _clean_up(proc: subprocess.Popen, workers: set[int]) -> None:
    """Whatever the test found, nothing it started outlives it."""
    for pid in [proc.pid, *workers]:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    proc.wait(timeout=30)


@pytest.mark.skipif(not POSIX, reason="sends POSIX signals and reads /proc (Linux)")
def test_sigterm_of_the_parent_leaves_no_worker_and_keeps_the_finished_units(long_csv, tmp_path):
    results = tmp_path / "run.json"
    proc, workers = _start(long_csv, tmp_path, "--resume", str(results))
    try:
        assert len(workers) >= 2
        deadline = time.monotonic() + 240
        while not results.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)  # a first unit done: the file holds it
        assert proc.poll() is None, "the run ended before it could be stopped: give it more rows"
        os.kill(proc.pid, signal.SIGTERM)
        assert proc.wait(timeout=30) == 128 + signal.SIGTERM
        assert _left_behind(workers, 10) == set()
        saved = json.loads(results.read_text())
        assert saved["format"] == "ruletree-compare" and 1 <= len(saved["units"]) < 22
    finally:
        _clean_up(proc, workers)


@pytest.mark.skipif(not POSIX, reason="sends POSIX signals and reads /proc (Linux)")
def test_sigkill_of_the_parent_leaves_no_worker(long_csv, tmp_path):
    proc, workers = _start(long_csv, tmp_path)
    try:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        assert _left_behind(workers, 10) == set()
    finally:
        _clean_up(proc, workers)


import importlib.util  # noqa: E402

HAS_DASK = importlib.util.find_spec("distributed") is not None


@pytest.mark.skipif(not POSIX or not HAS_DASK, reason="needs Linux and dask[distributed] (an optional extra)")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_local_dask_cluster_goes_with_its_parent(long_csv, tmp_path, how):
    # local:2: the Dask worker processes (nannies and their workers) are children of the run
    proc, workers = _start(long_csv, tmp_path, pool=("--scheduler", "local:2"))
    try:
        time.sleep(2)  # the units under way on the cluster
        workers |= _descendants(proc.pid)
        os.kill(proc.pid, how)
        proc.wait(timeout=60)
        assert _left_behind(workers, 15) == set()
    finally:
        _clean_up(proc, workers)


# ---- a resume file's figures are the run's own ------------------------------------------------


@pytest.fixture(scope="module")
def car_run(tmp_path_factory):
    """The car data, a 3-fold run of id3 with its results file, and the file's text."""
    table = read_table(ROOT / "tests" / "data" / "datasets" / "car_evaluation.csv")
    spec = ProblemSpec(target="class")
    data = encode(table, spec)
    path = tmp_path_factory.mktemp("resume") / "run.json"
    whole = compare(data, spec, [Entry("id3")], Scheme(cv=3), jobs=1, results=path)
    return data, spec, path, path.read_text(), whole


def _resume(car_run, change):
    data, spec, path, good, _whole = car_run
    body = json.loads(good)
    change(body)
    path.write_text(json.dumps(body))
    return compare(data, spec, [Entry("id3")], Scheme(cv=3), jobs=1, results=path)


def _refused(car_run, change, *words):
    with pytest.raises(ResultsFileError) as err:
        _resume(car_run, change)
    text = str(err.value)
    assert "run.json" in text and "\n" not in text, text
    for word in words:
        assert word in text, text
    return text


def _set(where, key, value):
    return lambda body: body["units"][0][where].__setitem__(key, value) if where else \
        body["units"][0].__setitem__(key, value)


def test_an_untouched_resume_file_still_resumes(car_run):
    resumed = _resume(car_run, lambda body: None)
    assert resumed.computed == 0 and resumed.to_json() == car_run[4].to_json()


def test_tampered_figures_are_refused_naming_the_file_entry_and_fold(car_run):
    # an accuracy of 99.0 (and a plausible 0.999): not what the unit's answers give
    text = _refused(car_run, _set("metrics", "accuracy", 99.0), 'entry "id3"', "fold 1 of 3", "accuracy is 99")
    assert "give" in text
    _refused(car_run, _set("metrics", "accuracy", 0.999), "accuracy is 0.999")
    # huge, NaN and infinite figures where the answers cannot say (times, tree sizes)
    _refused(car_run, _set("metrics", "fit_seconds", 1e308), "fit_seconds", "a year")
    _refused(car_run, _set("metrics", "predict_seconds", None), "predict_seconds", "not a finite number")
    _refused(car_run, _set("metrics", "fit_seconds", "inf"), "fit_seconds")
    _refused(car_run, _set("metrics", "leaves", 1e308), "leaves is 1e+308")
    _refused(car_run, _set("metrics", "leaves", 2.5), "whole count")
    _refused(car_run, _set("metrics", "depth", -1), "depth is -1")
    _refused(car_run, _set("metrics", "single_case_leaves", 10 ** 6), "single_case_leaves")
    _refused(car_run, _set("metrics", "accuracy", None), "accuracy is nan")
    # a figure this run never makes, a metric nobody knows, one that is missing
    _refused(car_run, _set("metrics", "pending_rate", 0.0), "pending_rate is not a figure of this comparison")
    _refused(car_run, _set("metrics", "bogus", 1.0), "'bogus' is not a metric")
    _refused(car_run, lambda body: body["units"][0]["metrics"].pop("accuracy"), "lacks accuracy")


def test_strings_for_numbers_wrong_hash_fold_count_and_huge_lists_are_refused(car_run):
    _refused(car_run, _set("metrics", "accuracy", "0.9"), "not a number")
    _refused(car_run, _set(None, "n_test", "576"), "fold sizes")
    _refused(car_run, _set(None, "fold", "0"), "fold")
    _refused(car_run, lambda body: body["config"]["data"].__setitem__("sha256", "0" * 64), "the data differ")
    _refused(car_run, lambda body: body["config"]["scheme"].__setitem__("cv", 5), "another scheme: cv differ")
    _refused(car_run, _set(None, "fold", 3), "fold 3 is not one of 0..2")
    _refused(car_run, lambda body: body["units"].append(dict(body["units"][0], fold=2)), "appears twice")
    # a huge list: far more answers than the fold has rows, refused before it is parsed
    _refused(car_run, _set(None, "y_pred", [0] * 3_000_000), "far too large")
    _refused(car_run, _set(None, "labels", json.loads(car_run[3])["units"][0]["labels"] + ["x"] * 50_000),
             "labels this entry cannot give")
    _refused(car_run, _set(None, "y_pred", [0] * 577), "y_pred")


def test_without_the_checks_the_tampered_figures_would_be_shown(car_run, monkeypatch):
    """What the checks stop: switched off, the accuracy of 99.0 reaches the results."""
    from engine.compare import runner

    monkeypatch.setattr(runner, "_check_resumed", lambda *args: None)
    shown = _resume(car_run, _set("metrics", "accuracy", 99.0))
    assert shown.entries[0].fold_metric("accuracy")[0] == 99.0
