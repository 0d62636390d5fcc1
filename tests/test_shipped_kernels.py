"""Kernels compiled at build time and shipped in the bundle (issue 20, goal 6).

The build runs the bundle's self-test with NUMBA_CACHE_DIR inside the bundle
and NUMBA_CPU_NAME=generic, then stamps the folder; the frozen app runs for the
generic CPU and copies the stamped files into a fresh user's cache folder, so
its first start loads the kernels instead of compiling them. Here two copies of
the engine pose as two bundles (sys.frozen, sys._MEIPASS), as in
tests/test_packaging.py.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.launch import GENERIC_CPU, configure_numba_cache
from app.shipped_kernels import (SEEDED_MARKER, SHIPPED_STAMP, cache_files, main as stamp_main, seed_user_cache,
                                 shipped_digest, stamp_shipped)
from engine import __version__

ROOT = Path(__file__).resolve().parents[1]

_POSING_AS_BUNDLE = """
import sys
sys.frozen = True  # what PyInstaller's bootloader sets
sys._MEIPASS = sys.argv[1]
sys.path.insert(0, sys.argv[1])
import app.launch
app.launch.configure_numba_cache()
import numpy as np
from engine.kernels import counts
counts.sort_by_value(np.array([3.0, 1.0, 2.0]))
stats = counts.sort_by_value.stats
print(stats.cache_path)
print(sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
"""


def _pose(place: Path, env: dict) -> list[str]:
    out = subprocess.run([sys.executable, "-c", _POSING_AS_BUNDLE, str(place)], cwd=place.parent, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout.split("\n")


def _bundle(tmp_path: Path, name: str) -> Path:
    place = tmp_path / name
    shutil.copytree(ROOT / "engine", place / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    return place


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A 'bundle' whose build compiled sort_by_value into <bundle>/numba-cache and stamped it."""
    tmp_path = tmp_path_factory.mktemp("shipped")
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env["PYTHONPATH"] = str(ROOT)  # app from the source tree, engine from the copy
    build = _bundle(tmp_path, "build")
    shipped = build / "numba-cache"
    run = _pose(build, {**env, "NUMBA_CACHE_DIR": str(shipped), "RULETREE_DATA_DIR": str(tmp_path / "builder")})
    assert run[1] == "0 1"  # compiled at build time, into the bundle
    stamp_shipped(shipped)
    return tmp_path, env, shipped


def test_a_fresh_users_first_start_loads_the_shipped_kernels(built, tmp_path):
    _, env, shipped = built
    place = _bundle(tmp_path, "mount_x")  # the user's copy of the bundle, somewhere else
    shutil.copytree(shipped, place / "numba-cache")
    env = {**env, "RULETREE_DATA_DIR": str(tmp_path / "user")}
    first = _pose(place, env)
    user_cache = tmp_path / "user" / "numba-cache" / __version__
    assert first[0] == str(user_cache / "engine.kernels")
    assert first[1] == "1 0"  # loaded, not compiled: the shipped entry was copied and matched
    assert (user_cache / SEEDED_MARKER).read_text().strip() == (shipped / SHIPPED_STAMP).read_text().strip()


def test_without_the_shipped_folder_the_first_start_compiles(built, tmp_path):
    _, env, _ = built
    place = _bundle(tmp_path, "bare")
    assert _pose(place, {**env, "RULETREE_DATA_DIR": str(tmp_path / "user")})[1] == "0 1"


def test_kernels_shipped_for_the_generic_cpu_do_not_match_another_cpu_name(built, tmp_path):
    """A user who sets NUMBA_CPU_NAME (here the host's own name) gets host code, compiled on the
    machine: the generic entries are neither copied nor loaded."""
    import llvmlite.binding as ll

    _, env, shipped = built
    place = _bundle(tmp_path, "host")
    shutil.copytree(shipped, place / "numba-cache")
    host = ll.get_host_cpu_name()
    run = _pose(place, {**env, "RULETREE_DATA_DIR": str(tmp_path / "user"), "NUMBA_CPU_NAME": host})
    assert run[1] == "0 1"
    assert not (tmp_path / "user" / "numba-cache" / __version__ / SEEDED_MARKER).exists()


def test_the_frozen_app_runs_for_the_generic_cpu_unless_told_otherwise(tmp_path):
    env = {"RULETREE_DATA_DIR": str(tmp_path)}
    configure_numba_cache(env, frozen=False)
    assert "NUMBA_CPU_NAME" not in env  # from source: the host's CPU, as numba does by default
    configure_numba_cache(env, frozen=True)
    assert env["NUMBA_CPU_NAME"] == GENERIC_CPU
    env = {"RULETREE_DATA_DIR": str(tmp_path), "NUMBA_CPU_NAME": "znver3"}
    configure_numba_cache(env, frozen=True)
    assert env["NUMBA_CPU_NAME"] == "znver3"


# ---- seeding, without numba ---------------------------------------------------------------

def _shipped(tmp_path: Path, files: dict[str, bytes]) -> Path:
    folder = tmp_path / "shipped"
    for name, content in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content)
    stamp_shipped(folder)
    return folder


def test_seeding_copies_once_per_build_and_again_for_a_new_build(tmp_path):
    shipped = _shipped(tmp_path, {"engine.kernels/a-1.py311.nbi": b"index", "engine.kernels/a-1.py311.1.nbc": b"code"})
    user = tmp_path / "user"
    assert seed_user_cache(shipped, user) == 2
    assert (user / "engine.kernels" / "a-1.py311.1.nbc").read_bytes() == b"code"
    (user / "engine.kernels" / "a-1.py311.1.nbc").write_bytes(b"the user's own")  # numba rewrote it since
    assert seed_user_cache(shipped, user) == 0  # same build: left alone
    assert (user / "engine.kernels" / "a-1.py311.1.nbc").read_bytes() == b"the user's own"
    (shipped / "engine.kernels" / "a-1.py311.1.nbc").write_bytes(b"new build")
    stamp_shipped(shipped)
    assert seed_user_cache(shipped, user) == 2  # a new build (new stamp): copied again
    assert (user / "engine.kernels" / "a-1.py311.1.nbc").read_bytes() == b"new build"
    assert not [p for p in (user / "engine.kernels").iterdir() if p.name.endswith(".tmp")]


def test_only_numba_cache_files_in_package_folders_are_stamped_and_copied(tmp_path):
    shipped = _shipped(tmp_path, {"engine.kernels/k-3.py311.nbi": b"i", "engine.kernels/notes.txt": b"x",
                                  "top.nbi": b"not in a package folder", "engine.kernels/deeper/k.nbi": b"too deep"})
    (tmp_path / "elsewhere.nbc").write_bytes(b"outside")
    (shipped / "engine.kernels" / "link.nbc").symlink_to(tmp_path / "elsewhere.nbc")
    assert [p.name for p in cache_files(shipped)] == ["k-3.py311.nbi"]
    user = tmp_path / "user"
    assert seed_user_cache(shipped, user) == 1
    assert sorted(p.name for p in (user / "engine.kernels").iterdir()) == ["k-3.py311.nbi"]


def test_the_stamp_changes_with_any_file(tmp_path):
    shipped = _shipped(tmp_path, {"engine.kernels/a.nbi": b"1", "engine.kernels/b.nbc": b"2"})
    before = shipped_digest(shipped)
    (shipped / "engine.kernels" / "b.nbc").write_bytes(b"3")
    assert shipped_digest(shipped) != before
    (shipped / "engine.kernels" / "b.nbc").rename(shipped / "engine.kernels" / "c.nbc")
    assert len({before, shipped_digest(shipped)}) == 2


def test_stamping_an_empty_folder_fails_the_build(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    with pytest.raises(RuntimeError, match="no compiled kernels"):
        stamp_shipped(tmp_path / "empty")
    assert stamp_main(["stamp", str(tmp_path / "empty")]) == 1
    assert "no compiled kernels" in capsys.readouterr().err


def test_a_read_only_user_folder_falls_back_to_compiling(tmp_path, monkeypatch):
    """Seeding that fails is logged, not raised: the app then compiles as before."""
    import app.launch
    import app.shipped_kernels

    shipped = _shipped(tmp_path, {"engine.kernels/a.nbi": b"1"})
    monkeypatch.setattr(app.shipped_kernels, "shipped_cache_dir", lambda: shipped)
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    assert app.launch.seed_shipped_kernels(blocker / "cache", {"NUMBA_CPU_NAME": "generic"}) == 0
    assert app.launch.seed_shipped_kernels(tmp_path / "ok", {"NUMBA_CPU_NAME": "generic"}) == 1
    assert app.launch.seed_shipped_kernels(tmp_path / "host", {"NUMBA_CPU_NAME": "skylake"}) == 0
    (shipped / SHIPPED_STAMP).write_bytes(b"\xff\xfe not text")  # a damaged bundle: logged, not raised
    assert app.launch.seed_shipped_kernels(tmp_path / "damaged", {"NUMBA_CPU_NAME": "generic"}) == 0
