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


try:
    import distributed  # noqa: F401

    HAS_DASK = True
except ImportError:
    HAS_DASK = False


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
