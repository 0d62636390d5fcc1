"""Compile the kernels into a built bundle, for the generic CPU, and stamp them (any platform).

    python packaging/ship_kernels.py BUNDLE_EXECUTABLE SHIPPED_FOLDER

Runs the bundle's own self-test once with NUMBA_CACHE_DIR=SHIPPED_FOLDER and
NUMBA_CPU_NAME=generic on a throw-away user folder: every kernel the window's
warm-up, a training, a cross-validation, an export, a consultation and a
comparison use is compiled by the bundle's own numba and written there. Then
writes SHIPPED_FOLDER/SHIPPED (app.shipped_kernels.stamp_shipped), which the app
looks for at start to copy them into the user's cache. SHIPPED_FOLDER is
`_internal/numba-cache` beside the executable (Linux, Windows) or
`RuleTree.app/Contents/Resources/numba-cache` (macOS, before signing).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.shipped_kernels import cache_files, stamp_shipped  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    exe, shipped = Path(argv[0]).resolve(), Path(argv[1]).resolve()
    if not exe.is_file():
        print(f"ship kernels: {exe}: no such executable", file=sys.stderr)
        return 2
    shutil.rmtree(shipped, ignore_errors=True)
    shipped.mkdir(parents=True)
    user = Path(tempfile.mkdtemp(prefix="ruletree-ship-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env.update(NUMBA_CACHE_DIR=str(shipped), NUMBA_CPU_NAME="generic", RULETREE_DATA_DIR=str(user),
               XDG_CONFIG_HOME=str(user / "config"), QT_QPA_PLATFORM="offscreen")
    start = time.perf_counter()
    try:
        run = subprocess.run([str(exe), "--selftest"], env=env, capture_output=True, text=True, timeout=900)
    finally:
        shutil.rmtree(user, ignore_errors=True)
    if run.returncode != 0:
        print(run.stdout[-4000:] + run.stderr[-4000:], file=sys.stderr)
        print(f"ship kernels: the bundle's self-test failed (status {run.returncode})", file=sys.stderr)
        return 1
    count, digest = stamp_shipped(shipped)
    size = sum(p.stat().st_size for p in cache_files(shipped))
    print(f"build: kernels compiled for the generic CPU and shipped: {count} cache files, {size / 1e6:.1f} MB "
          f"in {time.perf_counter() - start:.0f} s (stamp {digest[:12]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
