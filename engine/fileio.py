"""Atomic file writes: a reader sees the old file or the new one, never half."""

from __future__ import annotations

import errno
import gc
import hashlib
import json
import math
import os
import re
import stat
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from .errors import WriteError
from .i18n import N_, _

#: the `what` of read_json_file's callers, translated where a message names it
WHAT_NAMES = (N_("project"), N_("model file"), N_("session"), N_("comparison results file"), N_("answers file"))


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, fsync it, then rename.

    The rename is atomic on POSIX and Windows (os.replace), so a crash leaves
    either the previous file or the complete new one. File mode of an existing
    target is kept. The target must be a regular file or absent, in a folder that exists
    (`check_target`): a rename over a device (/dev/null, as root) would replace it with a
    regular file. Every OSError on the way (a full disk, no permission, a read-only file
    system) is a `WriteError` naming the path; the old file is kept.
    """
    path = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)  # write through a link
    check_target(path)
    directory = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temporary_prefix(path.name), suffix=".tmp", dir=directory)
    except OSError as exc:
        raise _write_error(path, exc) from None
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
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            raise _write_error(path, exc) from None
        raise
    _fsync_directory(directory)
    remove_stale_temporaries(path)


def check_target(path: str | os.PathLike) -> None:
    """`WriteError` unless `path` can be written by a rename beside it: absent or a regular file (not
    a folder, a device, a pipe or a socket), in a folder that exists."""
    path = Path(path)
    shown = os.fspath(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise _write_error(path, exc) from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise _with_cause(WriteError(_('cannot write "{path}": it is a folder; give a file name').format(
                path=shown), code="cannot_write"), IsADirectoryError(errno.EISDIR, "Is a directory", shown))
        if not stat.S_ISREG(info.st_mode):
            raise WriteError(_('cannot write "{path}": it is not a regular file (a device, a pipe or a socket); '
                               "give a file name").format(path=shown), code="cannot_write")
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.exists():
        raise _with_cause(WriteError(_('cannot write "{path}": the folder "{folder}" does not exist').format(
            path=shown, folder=os.fspath(directory)), code="cannot_write"),
            FileNotFoundError(errno.ENOENT, "No such file or directory", shown))
    if not directory.is_dir():
        raise _with_cause(WriteError(_('cannot write "{path}": "{folder}" is not a folder').format(
            path=shown, folder=os.fspath(directory)), code="cannot_write"),
            NotADirectoryError(errno.ENOTDIR, "Not a directory", shown))


def _with_cause(error: WriteError, os_error: OSError) -> WriteError:
    """The WriteError, keeping the OSError it stands for (the window words each case itself)."""
    error.os_error = os_error
    return error


#: what an OSError's errno means to the person saving
_WRITE_REASONS = {errno.ENOSPC: N_("the disk is full"), errno.EDQUOT: N_("the disk quota is used up"),
                  errno.EACCES: N_("permission denied"), errno.EPERM: N_("permission denied"),
                  errno.EROFS: N_("the file system is read-only"), errno.ENAMETOOLONG: N_("the name is too long"),
                  errno.EISDIR: N_("it is a folder"), errno.ENOENT: N_("the folder does not exist")}


def _write_error(path, exc: OSError) -> WriteError:
    reason = _WRITE_REASONS.get(exc.errno)
    why = _(reason) if reason else (exc.strerror or str(exc))
    return _with_cause(WriteError(_('cannot write "{path}": {why}; nothing was changed there').format(
        path=os.fspath(path), why=why), code="cannot_write"), exc)


#: a temporary name beside the target: ".NAME.XXXXXXXX.tmp", or for a name too long to take that
#: within the 255 bytes a file name may have, ".rt-<hash of the name>.XXXXXXXX.tmp"
_MAX_NAME_BYTES = 255


def _temporary_prefix(name: str) -> str:
    if len(f".{name}.XXXXXXXX.tmp".encode("utf-8", "surrogateescape")) <= _MAX_NAME_BYTES:
        return f".{name}."
    return f".rt-{_name_hash(name)}."


def _name_hash(name: str) -> str:
    return hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:16]


STALE_SECONDS = 3600  # a temporary file this old belongs to no write still running
_TEMPORARY = re.compile(r"\.(?P<name>.+)\.[A-Za-z0-9_]{8}\.tmp")


def remove_stale_temporaries(path: str | os.PathLike) -> list[str]:
    """Delete the temporary files that killed writes of `path` left beside it (a save cut off by a
    crash or a kill never reaches its own cleanup): regular files named as `atomic_write_bytes`
    names them, for this file only, older than an hour (a write still running is never touched).
    Returns the paths removed."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    removed = []
    now = time.time()
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMPORARY.fullmatch(entry.name)
        if match is None or match["name"] not in (path.name, f"rt-{_name_hash(path.name)}"):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_SECONDS:
                os.unlink(entry.path)
                removed.append(entry.path)
        except OSError:
            continue
    return removed


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


@contextmanager
def collector_paused():
    """Python's cycle collector paused for the block (and restored as it was): reading a large file
    makes millions of objects, none of them in a cycle, and each collection would pass over all of
    those made so far (a 200 MB model: seconds, again and again)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def read_json_file(path: str | os.PathLike, error, *, what: str, not_ours: str, max_bytes: int):
    """The JSON object of one of our files, or `error(...)` naming the file (and the line of
    a syntax error). `what` names the file in messages ("project", "model file"); `not_ours`
    is the code for a file that is not UTF-8 text. NaN and Infinity are not JSON."""
    path = os.fspath(path)
    what = _(what)
    if not os.path.isfile(path):
        if os.path.exists(path):  # a folder, a pipe or a device: opening one could hang or never end
            raise error(_("the {what} is not a regular file").format(what=what), code="not_readable", file=path)
        raise error(_("the {what} does not exist").format(what=what), code="not_found", file=path)
    if os.path.getsize(path) > max_bytes:
        raise error(_("the file is far too large to be a {what}").format(what=what), code=not_ours, file=path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as exc:
        raise error(_("the {what} cannot be read: {error}").format(what=what, error=exc.strerror or exc),
                    code="not_readable", file=path) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(_("this is not a RuleTree {what} (not UTF-8 text)").format(what=what), code=not_ours,
                    file=path) from None
    if _bracket_depth(raw) > MAX_JSON_DEPTH:  # before parsing: the parser itself recurses
        raise error(_("the {what} nests lists and objects more than {depth} deep; none of our files does").format(
            what=what, depth=MAX_JSON_DEPTH), code="bad_json", file=path)
    try:
        # each float through _finite_float only where one could overflow: a million-node model holds
        # millions of numbers, and a call per number costs seconds
        careful = {"parse_float": _finite_float} if _may_overflow(raw) else {}
        with collector_paused():
            return json.loads(text, parse_constant=_no_constant, **careful)
    except json.JSONDecodeError as exc:
        raise error(_("the {what} is not valid JSON: {error} (line {line}, column {column})").format(
            what=what, error=exc.msg, line=exc.lineno, column=exc.colno), code="bad_json", file=path,
            row=exc.lineno) from None
    except _TooLarge as exc:
        line, column = _position(text, exc.text)
        raise error(_("the {what} holds the number {number} (line {line}, column {column}), too large for any "
                      "setting").format(what=what, number=exc.text[:40], line=line, column=column),
                    code="bad_json", file=path, row=line) from None
    except (ValueError, RecursionError) as exc:
        raise error(_("the {what} is not valid JSON: {error}").format(what=what, error=exc), code="bad_json",
                    file=path) from None


class _TooLarge(ValueError):
    def __init__(self, text: str):
        super().__init__(f"the number {text[:40]} is too large")
        self.text = text


def _position(text: str, literal: str) -> tuple[int, int]:
    """Line and column (from 1) of the first `literal` that stands as a number in `text`."""
    match = re.search(r"(?<![\w.\"])" + re.escape(literal) + r"(?![\w.])", text)
    at = match.start() if match else 0
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


MAX_JSON_DEPTH = 64  # our own files nest a few levels; copying or writing back deeper ones recurses


def json_depth(text: str | bytes) -> int:
    """How deep brackets nest in JSON text (outside its strings): a scan, not a parse, so a file
    nested a million deep costs no recursion. Malformed text gives some number; the parser
    judges it after."""
    return _bracket_depth(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)


_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{}')


def _bracket_depth(raw: bytes) -> int:
    """json_depth over the text's UTF-8 bytes, in a few passes of C over the bytes and none of
    Python per byte: escaped backslashes, then escaped quotes, are taken out (left to right, as a
    JSON reader pairs them), every byte but quotes and brackets is dropped (a 200 MB model leaves
    some 20 MB), and a bracket counts when an even number of quotes comes before it (outside the
    strings). Only the brackets are summed: a step per byte (and its cumulative sum in 64 bits)
    costs gigabytes and seconds on a 200 MB model ('[' | 0x20 is '{', ']' | 0x20 is '}'). Bytes of a
    multi-byte UTF-8 character are all >= 0x80, so none is taken for a quote, a backslash or a
    bracket."""
    kept = raw.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_STRUCTURE)
    codes = np.frombuffer(kept, np.uint8)
    if not codes.size:
        return 0
    quote = codes == ord('"')
    outside = (np.cumsum(quote, dtype=np.int64) % 2 == 0) & ~quote
    brackets = codes[outside] | 0x20
    step = np.where(brackets == ord("{"), 1, -1).astype(np.int32)
    return int(np.cumsum(step, dtype=np.int64).max(initial=0))


# bytes as classes, for `_may_overflow`: digits -> "0", e/E -> "e", signs -> "+", the rest -> " "
_NUMBER_CLASSES = bytes(ord("0") if chr(b).isdigit() and b < 128 else ord("e") if b in b"eE" else
                        ord("+") if b in b"+-" else ord(" ") for b in range(256))


def _may_overflow(raw: bytes) -> bool:
    """Whether some number in the text could be too large for a float: an exponent of three digits
    or more, or a run of 200 digits (with an exponent of at most two digits a number needs 210
    digits before its point to pass 1.8e308). Texts that merely look so (inside strings) only
    cost the careful reading."""
    classes = raw.translate(_NUMBER_CLASSES)
    return b"e000" in classes or b"e+000" in classes or b"0" * 200 in classes


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    """A JSON number as a float; one too large for a float (1e400) is refused, not made infinite."""
    value = float(text)
    if value in (math.inf, -math.inf):
        raise _TooLarge(text)
    return value
