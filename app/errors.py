"""Errors in the user's words: what the window says when an action fails.

`error_text` is the one place that turns an exception into a message: an engine
error (RuleTreeError) says what its message says; a file that cannot be written or
read (OSError: a folder that does not exist or is read-only, a path that is a
folder, a full disk) is said plainly, naming the path; anything else is a bug,
logged with its traceback and shown politely (`is_bug`).
"""

from __future__ import annotations

import errno
import logging
import os

from PySide6.QtWidgets import QMessageBox

from engine.errors import RuleTreeError
from engine.paths import log_file

log = logging.getLogger(__name__)

WORK_KEPT = "Your work is kept."


def _existing_parent(folder: str) -> str:
    """The nearest folder above `folder` that exists (what the user can still find)."""
    while folder and not os.path.isdir(folder):
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return folder


def _is_file_problem(exc: BaseException) -> bool:
    return isinstance(exc, OSError) and not isinstance(exc, (TimeoutError, ConnectionError, InterruptedError))


def file_error_text(exc: OSError, path: str | None = None, writing: bool = True) -> str:
    """An OSError met writing (or reading) `path`, in words naming the path: why it failed and
    what to do. The file system is looked at first (a folder gone, a path that is a folder),
    then the error's number, so that the message is right whichever call failed."""
    path = os.fspath(path) if path else (exc.filename if isinstance(exc.filename, str) else None)
    code = exc.errno
    if path is None:
        what = "The file could not be written" if writing else "The file could not be read"
        reason = exc.strerror or str(exc)
        return f"{what}: {reason}." + (f" {WORK_KEPT}" if writing else "")
    full = os.path.abspath(path)
    folder = os.path.dirname(full)
    name = os.path.basename(full)
    kept = f" {WORK_KEPT}" if writing else ""
    if writing:
        if os.path.isdir(full):
            return f'"{full}" is a folder, not a file: "{name}" cannot be written over it. ' \
                   f"Choose a file name.{kept}"
        if not os.path.exists(folder):
            above = _existing_parent(folder)
            if above != folder and os.path.exists(above) and not os.path.isdir(above):
                return f'"{name}" cannot be written: "{above}" is a file, not a folder. Choose another ' \
                       f"folder.{kept}"
            return f'The folder "{folder}" does not exist (was it moved, deleted, or a drive removed?): ' \
                   f'"{name}" cannot be written there. Choose another folder.{kept}'
        if not os.path.isdir(folder):
            return f'"{name}" cannot be written: "{folder}" is a file, not a folder. Choose another folder.{kept}'
    else:
        if code == errno.ENOENT or (code is None and not os.path.exists(full)):
            return f'The file "{full}" does not exist (was it moved or deleted?).'
        if os.path.isdir(full):
            return f'"{full}" is a folder, not a file.'
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return f'The disk is full: "{full}" could not be written. Free some space or choose another ' \
               f"disk.{kept}"
    if code == errno.EROFS:
        return f'The folder "{folder}" is on a read-only disk: "{name}" cannot be written there. ' \
               f"Choose another folder.{kept}"
    if isinstance(exc, PermissionError) or code in (errno.EACCES, errno.EPERM):
        if writing:
            return f'"{full}" cannot be written: you may not write in the folder "{folder}", or the file is ' \
                   f"read-only or open in another program. Choose another folder, or close the file.{kept}"
        return f'"{full}" cannot be read: you may not read it, or another program holds it.'
    if code == errno.ENAMETOOLONG:
        return f'The name "{full}" is too long for the disk. Choose a shorter name.{kept}'
    if code == errno.EISDIR:
        return f'"{full}" is a folder, not a file. Choose a file name.{kept}'
    if code == errno.ENOTDIR:
        return f'"{full}" cannot be {"written" if writing else "read"}: a part of the path is a file, not a ' \
               f"folder.{kept}"
    reason = exc.strerror or str(exc) or type(exc).__name__
    return f'"{full}" could not be {"written" if writing else "read"}: {reason}.{kept}'


def error_text(exc: BaseException, path: str | None = None, writing: bool = True) -> tuple[str, bool]:
    """(message, is_bug) for an exception of an action on `path` (writing it, or reading it).
    A bug is logged here with its traceback (call from the `except` block)."""
    if isinstance(exc, RuleTreeError):
        return str(exc), False
    if _is_file_problem(exc):
        log.info("file error on %s: %s", path, exc)
        return file_error_text(exc, path, writing), False
    log.error("unexpected error", exc_info=(type(exc), exc, exc.__traceback__))
    return (f"Something went wrong ({type(exc).__name__}). {WORK_KEPT} The details are in {log_file()}.",
            True)


def show_error(parent, exc: BaseException, path: str | None = None, writing: bool = True,
               title: str = "RuleTree Studio") -> str:
    """A dialog for an exception (the user's words, or the polite bug message); returns the text."""
    text, bug = error_text(exc, path, writing)
    (QMessageBox.critical if bug else QMessageBox.warning)(parent, title, text)
    return text
