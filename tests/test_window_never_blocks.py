"""Files from strangers, third round (issue 41), the class "a window that blocks": a saved session
whose model path names a pipe (or a device) is refused in words at once — resuming it read the pipe
to hash it, on the window's GUI thread, and froze the window for good. `file_sha256` reads regular
files only, opened without blocking; the check runs in a subprocess with a timeout, so a regression
fails instead of hanging the suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cli
from engine.errors import ModelFileError
from engine.model import file_sha256

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo"


@pytest.mark.parametrize("kind", ["pipe", "device", "folder"])
def test_the_hash_of_a_pipe_a_device_or_a_folder_is_refused_at_once(kind, tmp_path):
    path = {"pipe": tmp_path / "model.json", "device": Path(os.devnull), "folder": tmp_path}[kind]
    if kind == "pipe":
        os.mkfifo(path)
    code = ("import sys; from engine.model import file_sha256\n"
            "try:\n    file_sha256(sys.argv[1])\nexcept Exception as e:\n    print(type(e).__name__, e.code)")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert done.stdout.split() == ["ModelFileError", "not_readable"], done.stdout + done.stderr


def test_a_regular_file_is_hashed_as_before(tmp_path):
    path = tmp_path / "f.bin"
    path.write_bytes(b"abc")
    assert file_sha256(path) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_resuming_a_session_whose_model_became_a_pipe_is_refused_in_words(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RULETREE_DATA_DIR", str(tmp_path / "user"))
    model = tmp_path / "cart.json"
    assert cli.main(["train", "--project", str(DEMO / "car_evaluation.rtproj"), "--algorithm", "cart",
                     "--out", str(model)]) == 0
    answers = tmp_path / "answers.json"
    answers.write_text('{"safety": "low"}', encoding="utf-8")
    log = tmp_path / "session.json"
    assert cli.main(["consult", str(model), "--answers", str(answers), "--log", str(log)]) == 0
    assert json.loads(log.read_text(encoding="utf-8"))["model_sha256"]
    model.unlink()
    os.mkfifo(model)  # the session's model path now names a pipe
    code = ("import sys\nfrom engine.sessions import Session\n"
            "try:\n    Session.resume(sys.argv[1])\nexcept Exception as e:\n    print(type(e).__name__, e.code)")
    done = subprocess.run([sys.executable, "-c", code, str(log)], capture_output=True, text=True, timeout=60,
                          cwd=ROOT, env=os.environ | {"RULETREE_DATA_DIR": str(tmp_path / "user")})
    assert done.stdout.split() == ["ModelFileError", "not_readable"], done.stdout + done.stderr
    with pytest.raises(ModelFileError):
        file_sha256(model)
