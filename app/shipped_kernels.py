"""Kernels compiled at build time and shipped in the bundle; copied into the user's cache at start.

packaging/build.sh runs the built bundle's self-test once with NUMBA_CACHE_DIR pointing into
the bundle (`<_internal>/numba-cache`), then stamps that folder (`python -m app.shipped_kernels
stamp FOLDER`). The frozen app always runs with NUMBA_CPU_NAME=generic (app.launch): numba keys
its cache index by the CPU name and features it compiled for, so the shipped entries match on
any machine of the bundle's architecture (on x86-64 the baseline instruction set). Measured
no slower than code for this machine's own processor (an AVX-512 Xeon): median ratios 0.83-1.15
over CART, C4.5, FACMI and prediction, within the run's noise, and x86-64-v2 / -v3 no faster
(tests/benchmarks/generic_cpu.py, RESULTS.md), so one portable target is shipped, not several. At start app.launch calls seed_user_cache: the shipped
files are copied into the per-user cache folder once per build. The user's folder stays the one
numba reads and writes: a kernel or signature the build did not compile is compiled and cached
there as before.

No numba import here: app.launch uses this module before NUMBA_CACHE_DIR is set.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

SHIPPED_DIR_NAME = "numba-cache"
SHIPPED_STAMP = "SHIPPED"  # in the shipped folder: a digest of its cache files
SEEDED_MARKER = "seeded-from"  # in the user's folder: the stamp it was last seeded from
CACHE_SUFFIXES = (".nbi", ".nbc")


def cache_files(folder: Path) -> list[Path]:
    """The numba cache files in folder's package folders (`<package>/<file>`, one level), sorted.

    Only regular files with numba's suffixes: nothing else in the folder is copied or stamped.
    """
    folder = Path(folder)
    files: list[Path] = []
    if not folder.is_dir():
        return files
    for package in sorted(folder.iterdir()):
        if package.is_symlink() or not package.is_dir():
            continue
        for entry in sorted(package.iterdir()):
            if entry.suffix in CACHE_SUFFIXES and not entry.is_symlink() and entry.is_file():
                files.append(entry)
    return files


def shipped_digest(folder: Path) -> str:
    """sha256 over the cache files' relative names and contents."""
    digest = hashlib.sha256()
    for path in cache_files(folder):
        digest.update(f"{path.parent.name}/{path.name}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def stamp_shipped(folder: Path) -> tuple[int, str]:
    """At build time: write folder/SHIPPED (the digest); return (number of cache files, digest)."""
    folder = Path(folder)
    files = cache_files(folder)
    if not files:
        raise RuntimeError(f"{folder}: no compiled kernels to ship (run the bundle's self-test with "
                           f"NUMBA_CACHE_DIR={folder} first)")
    digest = shipped_digest(folder)
    tmp = folder / (SHIPPED_STAMP + ".tmp")
    tmp.write_text(digest + "\n", encoding="ascii")
    os.replace(tmp, folder / SHIPPED_STAMP)
    return len(files), digest


def shipped_cache_dir() -> Path | None:
    """The frozen bundle's compiled kernels, or None (a source run, or a bundle built without them)."""
    if not getattr(sys, "frozen", False):
        return None
    places = [Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent)) / SHIPPED_DIR_NAME]
    if sys.platform == "darwin":  # the .app keeps data under Contents/Resources
        places.append(Path(sys.executable).resolve().parent.parent / "Resources" / SHIPPED_DIR_NAME)
    for place in places:
        if (place / SHIPPED_STAMP).is_file():
            return place
    return None


def seed_user_cache(shipped: Path, target: Path) -> int:
    """Copy the shipped kernels into the user's cache folder once per build; return files copied.

    0 when target's marker names the shipped stamp already. Each file is written under a
    temporary name and renamed, so a second process starting at the same moment never reads
    half a file; the marker is written last. Errors (a read-only or full disk) are the caller's
    to report: the app then compiles its kernels as before.
    """
    shipped, target = Path(shipped), Path(target)
    stamp = (shipped / SHIPPED_STAMP).read_text(encoding="ascii").strip()
    marker = target / SEEDED_MARKER
    try:
        if marker.read_text(encoding="ascii").strip() == stamp:
            return 0
    except (OSError, UnicodeDecodeError):
        pass
    copied = 0
    for source in cache_files(shipped):
        folder = target / source.parent.name
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f".{source.name}.{os.getpid()}.tmp"
        tmp.write_bytes(source.read_bytes())
        os.replace(tmp, folder / source.name)
        copied += 1
    target.mkdir(parents=True, exist_ok=True)
    tmp = target / f".{SEEDED_MARKER}.{os.getpid()}.tmp"
    tmp.write_text(stamp + "\n", encoding="ascii")
    os.replace(tmp, marker)
    return copied


def main(argv: list[str] | None = None) -> int:
    """`python -m app.shipped_kernels stamp FOLDER` (packaging/build.sh)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) != 2 or argv[0] != "stamp":
        print("usage: python -m app.shipped_kernels stamp FOLDER", file=sys.stderr)
        return 2
    try:
        count, digest = stamp_shipped(Path(argv[1]))
    except (OSError, RuntimeError) as exc:
        print(f"shipped kernels: {exc}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in cache_files(Path(argv[1])))
    print(f"shipped kernels: {count} cache files, {size / 1e6:.1f} MB, stamp {digest[:12]}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
