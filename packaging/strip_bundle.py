"""Strip symbol tables and debug information from a built bundle's libraries, one by one, keeping
each stripped file only if it still loads (Linux; needs binutils' `strip`).

    python packaging/strip_bundle.py OUT/RuleTree

Every ELF file under OUT/RuleTree/_internal with something to strip (bundle_elf.strippable_bytes)
is stripped into a copy beside it (`strip --strip-unneeded`); the copy replaces the file only if
it loads as the bundle loads it (`dlopen` in a fresh process of this Python, RTLD_NOW, with the
bundle's top folder on LD_LIBRARY_PATH) and the original loaded the same way. A library that does
not load stripped keeps its symbols (the report names it: a wheel's library rewritten by
patchelf can break under strip, as OpenBLAS once did here); one whose original does not load
in such a process either (a plugin needing what this machine lacks) is left alone. The
executables beside `_internal` are never touched: PyInstaller appends its archive to them.
Run it before packaging/ship_kernels.py, whose self-test then runs on the stripped bundle.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bundle_elf import elf_files, strippable_bytes  # noqa: E402

_LOAD = "import ctypes, os, sys; ctypes.CDLL(sys.argv[1], mode=os.RTLD_NOW | os.RTLD_LOCAL)"


def loads(path: Path, internal: Path) -> tuple[bool, str]:
    env = dict(os.environ, LD_LIBRARY_PATH=os.pathsep.join([str(internal), os.environ.get("LD_LIBRARY_PATH", "")]))
    run = subprocess.run([sys.executable, "-c", _LOAD, str(path)], env=env, capture_output=True, text=True,
                         timeout=120, cwd=str(internal))
    return run.returncode == 0, (run.stderr.strip().splitlines() or [""])[-1]


def strip_one(path: Path, internal: Path, strip: str):
    """('stripped', bytes saved) | ('kept', reason) | ('skipped', reason)."""
    ok, why = loads(path, internal)
    if not ok:
        return "skipped", f"does not load unstripped here either: {why}"
    copy = path.with_name(f".strip-{path.name}")
    try:
        run = subprocess.run([strip, "--strip-unneeded", "-o", str(copy), str(path)], capture_output=True, text=True)
        if run.returncode != 0:
            return "kept", f"strip failed: {run.stderr.strip()}"
        ok, why = loads(copy, internal)
        if not ok:
            return "kept", f"does not load stripped: {why}"
        saved = path.stat().st_size - copy.stat().st_size
        shutil.copymode(path, copy)
        os.replace(copy, path)
        return "stripped", saved
    finally:
        copy.unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python packaging/strip_bundle.py OUT/RuleTree", file=sys.stderr)
        return 2
    strip = shutil.which("strip")
    if strip is None:
        print("build: strip (binutils) not found: the libraries keep their symbols", file=sys.stderr)
        return 0
    internal = Path(argv[0]).resolve() / "_internal"
    todo = [p for p in elf_files(internal) if strippable_bytes(p) > 0]
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        results = list(pool.map(lambda p: (p, strip_one(p, internal, strip)), todo))
    saved = sum(r[1] for _, r in results if r[0] == "stripped")
    for path, (what, detail) in results:
        if what != "stripped":
            print(f"build: strip: {what} {path.relative_to(internal)}: {detail}")
    count = sum(1 for _, r in results if r[0] == "stripped")
    print(f"build: stripped {count} of {len(todo)} libraries with symbols, {saved / 1e6:.1f} MB saved")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
