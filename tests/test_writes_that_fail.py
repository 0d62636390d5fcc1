"""Files from strangers, third round (issue 41), the class "writes that fail": every writer of the
command line refuses a folder, a device, a pipe and a missing folder with exit 2 and one line naming
the path (not "internal error ... this is a bug"), and never replaces a device by a regular file; a
legal 250-character name is written (its hidden temporary name stays under 255 bytes); under a
full disk (a 64 KiB tmpfs, as root) the old file is kept and the message names the path; the
consultation saves its session before it says it can be resumed."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cli
from engine.algorithms.registry import get
from engine.data.project import load_project
from engine.data.read import read_table
from engine.errors import WriteError
from engine.fileio import atomic_write_bytes, remove_stale_temporaries
from engine.workflows import train_model

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo"


@pytest.fixture(scope="module")
def model_file(tmp_path_factory):
    folder = tmp_path_factory.mktemp("model")
    project = load_project(DEMO / "car_evaluation.rtproj")
    model = train_model(get("cart"), read_table(DEMO / "car_evaluation.xlsx"), project.spec, {}).model
    model.save(folder / "cart.json")
    return folder / "cart.json"


def _writers(model: Path) -> dict[str, list[str]]:
    """Each writer of the command line, as arguments with OUT where the output path goes."""
    data = str(DEMO / "car_evaluation.xlsx")
    return {
        "train --out": ["train", "--project", str(DEMO / "car_evaluation.rtproj"), "--algorithm", "id3", "--out", "OUT"],
        "predict --out": ["predict", str(model), data, "--out", "OUT"],
        "rules --xlsx": ["rules", str(model), "--xlsx", "OUT"],
        "export --pmml": ["export", str(model), "--pmml", "OUT"],
        "export --sql": ["export", str(model), "--sql", "OUT"],
        "export --xlsx-calculator": ["export", str(model), "--xlsx-calculator", "OUT"],
        "report --pdf": ["report", str(model), "--pdf", "OUT"],
        "consult --log": ["consult", str(model), "--answers", "ANSWERS", "--log", "OUT"],
    }


def _targets(tmp_path: Path) -> dict[str, str]:
    folder = tmp_path / "a folder"
    folder.mkdir()
    fifo = tmp_path / "a pipe"
    os.mkfifo(fifo)
    return {"a folder": str(folder), "a missing folder": str(tmp_path / "nowhere" / "out.file"),
            "a pipe": str(fifo), "a device": os.devnull}


@pytest.mark.parametrize("writer", list(_writers(Path("m")).keys()))
def test_every_writer_refuses_a_folder_a_device_a_pipe_and_a_missing_folder(writer, model_file, tmp_path, capsys,
                                                                           monkeypatch):
    monkeypatch.setenv("RULETREE_DATA_DIR", str(tmp_path / "user"))  # the consultation's own session folder
    answers = tmp_path / "answers.json"
    answers.write_text('{"safety": "low"}', encoding="utf-8")
    devnull_mode = os.stat(os.devnull).st_mode
    for what, target in _targets(tmp_path).items():
        args = [str(answers) if a == "ANSWERS" else target if a == "OUT" else a for a in _writers(model_file)[writer]]
        capsys.readouterr()
        assert cli.main(args) == 2, (writer, what)
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "cannot write" in err[0] and target in err[0], (writer, what, err)
        assert "internal error" not in err[0]
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode) and os.stat(os.devnull).st_mode == devnull_mode
    assert stat.S_ISFIFO(os.stat(tmp_path / "a pipe").st_mode)


def test_a_250_character_name_is_written_and_its_temporaries_stay_short(tmp_path):
    name = "a" * 245 + ".json"
    assert len(name) == 250
    atomic_write_bytes(tmp_path / name, b"{}")
    assert (tmp_path / name).read_bytes() == b"{}"
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no temporary left
    # a stale temporary of such a name (a killed write) is found and removed as any other
    stale = tmp_path / ".rt-0123456789abcdef.abcdefgh.tmp"
    stale.write_bytes(b"x")
    os.utime(stale, (0, 0))
    assert remove_stale_temporaries(tmp_path / name) == []  # another name's hash: not ours
    from engine.fileio import _name_hash

    ours = tmp_path / f".rt-{_name_hash(name)}.abcdefgh.tmp"
    ours.write_bytes(b"x")
    os.utime(ours, (0, 0))
    assert remove_stale_temporaries(tmp_path / name) == [str(ours)]


def _can_mount() -> str | None:
    if sys.platform != "linux" or os.geteuid() != 0:
        return "a small tmpfs needs root on Linux"
    probe = Path("/tmp") / f"rt-mount-probe-{os.getpid()}"
    probe.mkdir(exist_ok=True)
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(probe)], capture_output=True)
        if done.returncode != 0:
            return f"mount refused here: {done.stderr.decode(errors='replace').strip()}"
        subprocess.run(["umount", str(probe)], check=False)
        return None
    except OSError as exc:
        return f"mount not available: {exc}"
    finally:
        probe.rmdir()


_NO_MOUNT = _can_mount()


@pytest.fixture
def small_disk(tmp_path):
    disk = tmp_path / "disk"
    disk.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)], check=True)
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], check=False)


@pytest.mark.skipif(_NO_MOUNT is not None, reason=str(_NO_MOUNT))
def test_a_full_disk_keeps_the_old_file_and_names_the_path(small_disk):
    target = small_disk / "model.json"
    atomic_write_bytes(target, b"old")
    with pytest.raises(WriteError) as caught:
        atomic_write_bytes(target, b"x" * (1 << 20))  # 1 MiB on a 64 KiB disk
    assert caught.value.code == "cannot_write" and str(target) in str(caught.value)
    assert "disk is full" in str(caught.value)
    assert target.read_bytes() == b"old" and sorted(p.name for p in small_disk.iterdir()) == ["model.json"]


@pytest.mark.skipif(_NO_MOUNT is not None, reason=str(_NO_MOUNT))
def test_a_full_disk_under_the_cli_is_one_line_and_exit_2(small_disk, model_file, capsys):
    out = small_disk / "rules.xlsx"
    (small_disk / "filler").write_bytes(b"\0" * (60 << 10))
    assert cli.main(["rules", str(model_file), "--xlsx", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(out) in err[0] and "internal error" not in err[0]
    assert not out.exists()


def test_the_consultation_never_says_it_can_be_resumed_before_it_saved(model_file, tmp_path, monkeypatch, capsys):
    """Its session folder is a file: the consultation stops at once, exit 2, with no "resume with"."""
    user = tmp_path / "user"
    user.mkdir()
    blocker = user / "sessions"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("RULETREE_DATA_DIR", str(user))
    answers = tmp_path / "answers.json"
    answers.write_text('{"safety": "low"}', encoding="utf-8")
    status = cli.main(["consult", str(model_file), "--answers", str(answers)])
    err = capsys.readouterr().err
    assert status == 2 and "resume with" not in err and "internal error" not in err, err
