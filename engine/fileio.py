"""Atomic file writes: a reader sees the old file or the new one, never half."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, fsync it, then rename.

    The rename is atomic on POSIX and Windows (os.replace), so a crash leaves
    either the previous file or the complete new one. File mode of an existing
    target is kept.
    """
    path = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)  # write through a link
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        except FileNotFoundError:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_directory(directory)


def atomic_write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> None:
    atomic_write_bytes(path, text.encode(encoding))


def atomic_write_json(path: str | os.PathLike, obj) -> None:
    """Pretty, stable JSON (UTF-8, keys in insertion order, trailing newline)."""
    atomic_write_text(path, json.dumps(obj, indent=2, ensure_ascii=False, allow_nan=False) + "\n")


def _fsync_directory(directory: Path) -> None:
    # Makes the rename itself durable on POSIX; not possible (nor needed) on Windows.
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_json_file(path: str | os.PathLike, error, *, what: str, not_ours: str, max_bytes: int):
    """The JSON object of one of our files, or `error(...)` naming the file (and the line of
    a syntax error). `what` names the file in messages ("project", "model file"); `not_ours`
    is the code for a file that is not UTF-8 text. NaN and Infinity are not JSON."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise error(f"the {what} does not exist", code="not_found", file=path)
    if os.path.getsize(path) > max_bytes:
        raise error(f"the file is far too large to be a {what}", code=not_ours, file=path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as exc:
        raise error(f"the {what} cannot be read: {exc.strerror or exc}", code="not_readable", file=path) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"this is not a RuleTree {what} (not UTF-8 text)", code=not_ours, file=path) from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise error(f"the {what} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                    code="bad_json", file=path, row=exc.lineno) from None
    except (ValueError, RecursionError) as exc:
        raise error(f"the {what} is not valid JSON: {exc}", code="bad_json", file=path) from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")
