"""Pruning of PyInstaller's TOC lists after the spec's own filters (packaging/ruletree.spec).

A TOC entry is (dest_name, src_name, typecode); a SYMLINK entry's src_name is the link's target,
relative to the link's folder. Three steps, each returning the new list and what it changed:

- `drop_dangling_symlinks`: PyInstaller puts a symlink beside the executable for a library that
  lives in a package folder (`libQt6Network.so.6 -> PySide6/Qt/lib/libQt6Network.so.6`); when
  the spec prunes the library, the link stays and dangles. Drop every link whose target is gone.
- `drop_unneeded_libraries`: a library PyInstaller collected only because a file the spec then
  pruned needed it (the GTK theme plugin's GTK, cairo and pango; QtNetwork's Kerberos; OpenMP for
  the excluded Numba OpenMP layer) is needed by nothing left. Only shared libraries beside the
  executable or in a wheel's `*.libs` folder, never Python extension modules, plugins or
  anything loaded by path (libpython, llvmlite's library, which live elsewhere or are kept).
- `share_identical_libraries`: the same file in two wheels' `*.libs` folders (NumPy's and SciPy's
  libgfortran and libquadmath) is kept once; the other becomes a symlink to it (POSIX only).
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import posixpath
from pathlib import Path

from bundle_elf import dynamic, is_elf

# loaded by path (the bootloader, ctypes), not through another file's DT_NEEDED
LOADED_BY_PATH = ("libpython3*",)


def _dest(entry) -> str:
    return entry[0].replace("\\", "/")


def _target(entry) -> str:
    """The path (relative to the bundle) a SYMLINK entry points at."""
    return posixpath.normpath(posixpath.join(posixpath.dirname(_dest(entry)), entry[1].replace("\\", "/")))


def drop_dangling_symlinks(binaries, datas):
    """(binaries, datas, dropped dest names): SYMLINK entries whose target is in neither list."""
    dropped: list[str] = []
    while True:
        present = {_dest(e) for e in list(binaries) + list(datas)}
        dangling = {_dest(e) for e in list(binaries) + list(datas)
                    if e[2] == "SYMLINK" and _target(e) not in present}
        if not dangling:
            return binaries, datas, dropped
        dropped += sorted(dangling)
        binaries = [e for e in binaries if _dest(e) not in dangling]
        datas = [e for e in datas if _dest(e) not in dangling]


def _library_candidate(dest: str) -> bool:
    folder, name = posixpath.split(dest)
    if ".so" not in name or ".cpython-" in name or name.endswith(".abi3.so"):
        return False
    if any(fnmatch.fnmatch(name, pattern) for pattern in LOADED_BY_PATH):
        return False
    return folder == "" or folder.endswith(".libs")


def drop_unneeded_libraries(binaries, needed_of=None):
    """(binaries, dropped dest names): shared libraries (beside the executable or in `*.libs`) that
    no ELF file left in the list needs, repeated until none; `needed_of(src) -> (soname, needed)`."""
    needed_of = needed_of or _needed_of
    info = {}
    for entry in binaries:
        if entry[2] != "SYMLINK" and is_elf(entry[1]):
            try:
                info[_dest(entry)] = needed_of(entry[1])
            except ValueError:
                pass
    dropped: list[str] = []
    while True:
        kept = {_dest(e) for e in binaries}
        wanted = set()
        for dest, (_soname, needed) in info.items():
            if dest in kept:
                wanted.update(needed)
        orphans = set()
        for entry in binaries:
            dest = _dest(entry)
            if entry[2] == "SYMLINK" or dest not in info or not _library_candidate(dest):
                continue
            soname = info[dest][0] or posixpath.basename(dest)
            names = {soname, posixpath.basename(dest)}
            # a symlink beside the executable that points at this library also provides its name
            names |= {posixpath.basename(_dest(e)) for e in binaries if e[2] == "SYMLINK" and _target(e) == dest}
            if not names & wanted:
                orphans.add(dest)
        if not orphans:
            break
        dropped += sorted(orphans)
        binaries = [e for e in binaries if _dest(e) not in orphans]
    # symlinks to what was dropped dangle now
    binaries, _, _ = drop_dangling_symlinks(binaries, [])
    return binaries, dropped


def _needed_of(src):
    d = dynamic(src)
    return d.soname, d.needed


def _digest(path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def share_identical_libraries(binaries):
    """(binaries, [(dest, kept dest)]): a file found under the same name with the same bytes in
    several `*.libs` folders is kept once (the first folder by name); the others link to it."""
    groups: dict[tuple[str, int], list] = {}
    for entry in binaries:
        dest = _dest(entry)
        folder, name = posixpath.split(dest)
        if entry[2] != "SYMLINK" and folder.endswith(".libs") and os.path.isfile(entry[1]):
            groups.setdefault((name, os.path.getsize(entry[1])), []).append(entry)
    replace: dict[str, str] = {}
    for (_name, _size), entries in groups.items():
        if len(entries) < 2:
            continue
        entries = sorted(entries, key=_dest)
        first = entries[0]
        digest = _digest(first[1])
        for other in entries[1:]:
            if _digest(other[1]) == digest:
                replace[_dest(other)] = _dest(first)
    if not replace:
        return binaries, []
    out = []
    for entry in binaries:
        dest = _dest(entry)
        if dest in replace:
            out.append((entry[0], posixpath.relpath(replace[dest], posixpath.dirname(dest)), "SYMLINK"))
        else:
            out.append(entry)
    return out, sorted(replace.items())


def tree_size(root: Path) -> int:
    """Bytes of the regular files below root (symlinks count nothing): what `du -b` adds up."""
    return sum(p.stat().st_size for p in Path(root).rglob("*") if p.is_file() and not p.is_symlink())
