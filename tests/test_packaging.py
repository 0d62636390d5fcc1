"""Packaging: the bundle's entry point (NUMBA_CACHE_DIR), the self-test, the kernel warm-up.

The self-test runs from source exactly as `RuleTree --selftest` runs in the
bundle (app.launch), twice on one fresh user folder: the first run compiles
the kernels into <data dir>/numba-cache/<version>, the second must load all
of them from there.
"""

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.launch import NUMBA_CACHE_SUBDIR, configure_numba_cache, numba_cache_dir
from engine import __version__

ROOT = Path(__file__).resolve().parents[1]


# ---- NUMBA_CACHE_DIR ------------------------------------------------------------------------


def test_numba_cache_dir_is_per_user_and_per_version(tmp_path, monkeypatch):
    monkeypatch.setenv("RULETREE_DATA_DIR", str(tmp_path / "data"))
    env = {}
    assert configure_numba_cache(env) == tmp_path / "data" / NUMBA_CACHE_SUBDIR / __version__
    assert env["NUMBA_CACHE_DIR"] == str(tmp_path / "data" / "numba-cache" / __version__)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG layout is Linux's")
def test_numba_cache_dir_without_override_is_in_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("RULETREE_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert numba_cache_dir() == tmp_path / "xdg" / "RuleTree Studio" / "numba-cache" / __version__


def test_a_numba_cache_dir_the_user_set_is_kept(tmp_path):
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "mine")}
    assert configure_numba_cache(env) == tmp_path / "mine"
    assert env["NUMBA_CACHE_DIR"] == str(tmp_path / "mine")


def test_launch_sets_the_cache_dir_before_numba_reads_it(tmp_path):
    """numba reads NUMBA_CACHE_DIR once, at import: what the kernels' dispatchers use is what counts."""
    code = ("import sys, app.launch; app.launch.configure_numba_cache(); "
            "from engine.kernels import counts; import numba; "
            "d = [v for v in vars(counts).values() if hasattr(v, 'stats')][0]; "
            "print(numba.config.CACHE_DIR); print(d.stats.cache_path)")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["RULETREE_DATA_DIR"] = str(tmp_path / "data")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    config_dir, cache_path = out.stdout.split("\n")[:2]
    expected = str(tmp_path / "data" / "numba-cache" / __version__)
    assert config_dir == expected
    assert cache_path.startswith(expected + os.sep)


def test_every_cached_kernel_lives_in_engine_kernels():
    """The bundle keeps only engine/kernels as .py files (numba's cache needs the source file):
    a cache=True kernel anywhere else would be compiled again on every start of the bundle."""
    spec = (ROOT / "packaging" / "ruletree.spec").read_text()
    assert re.search(r"module_collection_mode=\{\"engine\.kernels\": \"py\"\}", spec)
    outside = [str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py")
               if "kernels" not in p.relative_to(ROOT / "engine").parts
               and re.search(r"^\s*@(numba\.)?(njit|jit|vectorize|guvectorize)\b", p.read_text(), re.M)]
    assert outside == []


# ---- the self-test, from source, as the bundle runs it ------------------------------------------


def _selftest(data_dir: Path, **extra_env) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "QT_QPA_PLATFORM")}
    env.update(RULETREE_DATA_DIR=str(data_dir), XDG_CONFIG_HOME=str(data_dir / "config"), **extra_env)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "app.launch", "--selftest"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    out.seconds = time.perf_counter() - t0
    return out


@pytest.fixture(scope="module")
def two_selftests(tmp_path_factory):
    """A cold start (compiles and caches) then a warm start, on one fresh user folder."""
    data = tmp_path_factory.mktemp("selftest-user")
    return data, _selftest(data), _selftest(data)


def test_selftest_passes_and_says_what_it_did(two_selftests):
    data, cold, _ = two_selftests
    assert cold.returncode == 0, cold.stdout + cold.stderr
    cache = data / "numba-cache" / __version__
    assert f"numba cache dir: {cache}" in cold.stdout  # QT_QPA_PLATFORM was unset: offscreen by itself
    for step in ("main window", "kernel warm-up", "open the demo project", "train a tree", "2-fold evaluation",
                 "export rules, read back", "printable report"):
        assert re.search(rf"^  ok   {re.escape(step)}.* s ", cold.stdout, re.M), (step, cold.stdout)
    assert "car_evaluation.rtproj: 1728 rows" in cold.stdout
    assert re.search(r"export rules, read back .* (\d+) rules", cold.stdout)
    assert cold.stdout.rstrip().splitlines()[-1].startswith("selftest: OK in ")


def test_second_start_loads_every_kernel_from_the_users_cache(two_selftests):
    data, cold, warm = two_selftests
    assert cold.returncode == 0 and warm.returncode == 0, warm.stdout + warm.stderr
    cache = data / "numba-cache" / __version__
    assert list(cache.rglob("*.nbi")) and list(cache.rglob("*.nbc")), "nothing written to the cache"
    assert re.search(r"kernels: compiled this run \((\d+) compiled", cold.stdout)
    assert "kernels: from the cache" in warm.stdout, warm.stdout
    hits = int(re.search(r"\((\d+) hits, 0 compiled\)", warm.stdout).group(1))
    assert hits >= 5


def test_selftest_fails_with_the_reason(two_selftests, tmp_path):
    data, _, _ = two_selftests  # its warm cache keeps this run short
    failed = _selftest(data, RULETREE_RESOURCES=str(tmp_path / "no-resources"))
    assert failed.returncode == 1
    assert re.search(r"^selftest: FAILED: open the demo project: .*car_evaluation\.rtproj", failed.stdout, re.M), \
        failed.stdout


# ---- the warm-up in the window ---------------------------------------------------------------------


def test_warmup_runs_in_the_background_and_reports_in_the_status_bar(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from app.main import MainWindow
    from app.warmup import PREPARING, READY, start_warmup
    from engine.algorithms.registry import algorithms

    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    t0 = time.perf_counter()
    relay = start_warmup(window)
    assert time.perf_counter() - t0 < 0.5  # returns at once: the work is on another thread
    assert window.statusBar().currentMessage() == PREPARING
    assert start_warmup(window) is relay  # once per window (app.launch and app.main may both ask)
    qtbot.waitUntil(lambda: relay.result is not None, timeout=180_000)
    assert relay.result.error is None
    assert relay.result.algorithms == [a.name for a in algorithms()]
    assert window.statusBar().currentMessage() == READY


_POSING_AS_BUNDLE = """
import sys
sys.frozen = True  # what PyInstaller's bootloader sets
sys._MEIPASS = sys.argv[1]
sys.path.insert(0, sys.argv[1])
import app.launch
app.launch.configure_numba_cache()
import numpy as np
from engine.kernels import counts
assert counts.__file__.startswith(sys.argv[1]), counts.__file__
counts.sort_by_value(np.array([3.0, 1.0, 2.0]))
stats = counts.sort_by_value.stats
print(stats.cache_path)
print(sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
"""


def test_bundle_kernel_cache_does_not_move_with_the_bundle(tmp_path):
    """An AppImage is mounted at a new /tmp/.mount_* on every start: two copies of the kernels,
    each posing as the bundle's folder (sys.frozen, sys._MEIPASS), share one cache folder,
    and the second copy loads what the first compiled."""
    import shutil

    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env["RULETREE_DATA_DIR"] = str(tmp_path / "data")
    env["PYTHONPATH"] = str(ROOT)  # app from the source tree, engine from the copy
    runs = []
    for place in ("mount_a", "mount_b"):
        shutil.copytree(ROOT / "engine", tmp_path / place / "engine",
                        ignore=shutil.ignore_patterns("__pycache__"))
        out = subprocess.run([sys.executable, "-c", _POSING_AS_BUNDLE, str(tmp_path / place)], cwd=tmp_path,
                             env=env, capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        runs.append(out.stdout.split("\n"))
    expected = str(tmp_path / "data" / "numba-cache" / __version__ / "engine.kernels")
    assert runs[0][0] == runs[1][0] == expected
    assert runs[0][1] == "0 1"  # compiled, written to the cache
    assert runs[1][1] == "1 0"  # loaded from it, at another place


def test_source_runs_keep_numbas_own_locators(tmp_path):
    env = {"RULETREE_DATA_DIR": str(tmp_path)}
    configure_numba_cache(env, frozen=False)
    assert "NUMBA_CACHE_LOCATOR_CLASSES" not in env
    configure_numba_cache(env, frozen=True)
    assert env["NUMBA_CACHE_LOCATOR_CLASSES"].startswith("app.numba_cache.BundleCacheLocator,")


def test_warmup_compiles_c45_grown_node_by_node():
    """The window trains C4.5 node by node on larger files (progress and Cancel at every node):
    the warm-up compiles those kernels too, so they are in the cache the bundle ships."""
    from app.warmup import _warm_c45_by_node, synthetic_data
    from engine.algorithms.c45 import fit_c45
    from engine.algorithms.registry import get
    from engine.kernels import c45_choose
    from engine.progress import Progress

    data = synthetic_data()
    params = {p.name: p.default for p in get("c45").params}
    _warm_c45_by_node(data, params)
    assert c45_choose.c45_node_choice.signatures  # compiled (or loaded) by the warm-up
    by_node = fit_c45(data, None, params, Progress(), whole_fit_cells=0)
    whole = fit_c45(data, None, params, None)
    assert by_node.to_json() == whole.to_json()
