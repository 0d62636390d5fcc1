"""Checks over a built bundle's tree (stdlib only): what CI runs after the build.

    python packaging/check_bundle.py OUT/RuleTree [--max-mb MB] [--tarball FILE --max-tar-mb MB]

- no symlink that dangles or points out of the bundle (PyInstaller's links to libraries the spec
  pruned were such: `_internal/libQt6Network.so.6 -> PySide6/Qt/lib/libQt6Network.so.6`);
- every library an ELF file in the bundle needs (DT_NEEDED) is in the bundle, where the dynamic
  loader looks for it (the file's RUNPATH, beside the executable, or a file of that name loaded
  before it), or is one the bundle leaves to the system on purpose (SYSTEM_LIBS: glibc, OpenGL/EGL,
  libxcb, Wayland's client libraries: the .deb's Depends): a library pruned while something still
  needs it fails here, not on a user's machine;
- with --guard: the bundle (bytes of its files, as `du -b`) and its tarball are no larger than
  MAX_BUNDLE_MIB / MAX_TARBALL_MIB, a little above what the pruning reaches (a guard against it
  silently stopping: without it the bundle is 473 MiB). The goals (GOAL_*, issue 43) are printed
  with the sizes, met or by how much not.

tests/test_bundle_tree.py runs the same checks on a built bundle (RULETREE_BUNDLE, or CI's
build/ci-bundle/RuleTree). Exit 0, or 1 with one line per problem.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bundle_elf import dynamic, elf_files, expand_origin  # noqa: E402
from bundle_prune import tree_size  # noqa: E402

SYSTEM_LIBS = frozenset({
    "libc.so.6", "libm.so.6", "libdl.so.2", "libpthread.so.0", "librt.so.1", "libresolv.so.2", "libutil.so.1",
    "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
    "libGL.so.1", "libEGL.so.1", "libOpenGL.so.0", "libGLX.so.0",
    "libxcb.so.1", "libwayland-client.so.0", "libwayland-cursor.so.0", "libwayland-egl.so.1",
})

MIB = 2 ** 20
GOAL_BUNDLE_MIB, GOAL_TARBALL_MIB = 380, 150  # issue 43, item 7 (the figures `du -h` prints)
# reached at 699fa46: 402.5 and 149.6 MiB; the guards leave room for a few more kernels
MAX_BUNDLE_MIB, MAX_TARBALL_MIB = 415, 155


def dangling_symlinks(root: Path) -> list[str]:
    """'link -> target' for every symlink below root whose target is missing or outside root."""
    root = Path(root).resolve()
    bad = []
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            if not path.is_symlink():
                continue
            target = Path(os.path.realpath(path))
            if not target.exists():
                bad.append(f"{path.relative_to(root)} -> {os.readlink(path)} (missing)")
            elif root not in target.parents and target != root:
                bad.append(f"{path.relative_to(root)} -> {os.readlink(path)} (outside the bundle)")
    return bad


def unresolved_libraries(root: Path) -> list[str]:
    """'file: needs lib' for every DT_NEEDED neither in the bundle where the loader finds it nor in
    SYSTEM_LIBS."""
    root = Path(root).resolve()
    internal = root / "_internal"
    top = internal if internal.is_dir() else root
    bundled_names = {p.name for p in root.rglob("*") if p.is_file()}
    bad = []
    for path in elf_files(root):
        try:
            info = dynamic(path)
        except ValueError:
            continue
        for lib in info.needed:
            if lib in SYSTEM_LIBS:
                continue
            places = [expand_origin(entry, path.parent) for entry in info.runpath] + [top, path.parent]
            if any((place / lib).exists() for place in places):
                continue
            if lib in bundled_names:  # loaded by soname before this file, from where it is
                continue
            bad.append(f"{path.relative_to(root)}: needs {lib}, which the bundle does not carry")
    return bad


def _against(what: str, size: int, goal: float) -> str:
    mib = size / MIB
    verdict = "met" if mib <= goal else f"missed by {mib - goal:.1f} MiB"
    return f"{what} {mib:.1f} MiB ({size / 1e6:.1f} MB), goal {goal:g} MiB {verdict}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path)
    parser.add_argument("--tarball", type=Path, help="the tarball made from it, to size")
    parser.add_argument("--guard", action="store_true",
                        help=f"fail above {MAX_BUNDLE_MIB} MiB of bundle or {MAX_TARBALL_MIB} MiB of tarball")
    args = parser.parse_args(argv)
    root = args.bundle.resolve()
    if not (root / "_internal").is_dir():
        print(f"check: {root}: not a bundle (no _internal folder)", file=sys.stderr)
        return 2
    problems = [f"dangling symlink: {p}" for p in dangling_symlinks(root)]
    problems += [f"missing library: {p}" for p in unresolved_libraries(root)]
    size = tree_size(root)
    sizes = [_against("bundle", size, GOAL_BUNDLE_MIB)]
    if args.guard and size > MAX_BUNDLE_MIB * MIB:
        problems.append(f"bundle {size / MIB:.1f} MiB, above the guard of {MAX_BUNDLE_MIB} MiB: is the pruning on?")
    if args.tarball:
        tar = args.tarball.stat().st_size
        sizes.append(_against("tar.gz", tar, GOAL_TARBALL_MIB))
        if args.guard and tar > MAX_TARBALL_MIB * MIB:
            problems.append(f"tarball {tar / MIB:.1f} MiB, above the guard of {MAX_TARBALL_MIB} MiB")
    for problem in problems:
        print(f"check: {problem}")
    print(f"check: {'; '.join(sizes)}: {'OK' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
