"""`ruletree` starts the window offscreen (on the demo, or on a given file) and stays up."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("target", [None, "gbk"])
def test_the_app_starts_and_stays_up(tmp_path, target):
    args = [sys.executable, "-m", "app.launch"]  # `ruletree [FILE]`
    if target == "gbk":
        (tmp_path / "病人.csv").write_bytes("年龄;诊断\n45;阳性\n?;阴性\n".encode("gbk"))
        args.append(str(tmp_path / "病人.csv"))
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "RULETREE_DATA_DIR": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(6)
        assert process.poll() is None, process.communicate()[1].decode(errors="replace")[-2000:]
    finally:
        process.terminate()
        process.wait(timeout=30)
