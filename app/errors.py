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

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QMessageBox

from engine.errors import RuleTreeError, WriteError
from engine.paths import log_file

log = logging.getLogger(__name__)

#: said after a message about a file that could not be written (translated where shown)
WORK_KEPT = QT_TRANSLATE_NOOP("Errors", "Your work is kept.")


def _tr(text: str) -> str:
    return QCoreApplication.translate("Errors", text)


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
    text = _file_error_text(exc, path, writing)
    if not writing:
        return text
    return QCoreApplication.translate("Errors", "{message} {work_kept}").format(message=text,
                                                                               work_kept=_tr(WORK_KEPT))


def _file_error_text(exc: OSError, path: str | None, writing: bool) -> str:
    """file_error_text without "Your work is kept." (added after it when writing)."""
    path = os.fspath(path) if path else (exc.filename if isinstance(exc.filename, str) else None)
    code = exc.errno
    if path is None:
        reason = exc.strerror or str(exc)
        if writing:
            return QCoreApplication.translate("Errors", "The file could not be written: {reason}.").format(
                reason=reason)
        return QCoreApplication.translate("Errors", "The file could not be read: {reason}.").format(reason=reason)
    full = os.path.abspath(path)
    folder = os.path.dirname(full)
    name = os.path.basename(full)
    if writing:
        if os.path.isdir(full):
            return QCoreApplication.translate(
                "Errors", '"{path}" is a folder, not a file: "{name}" cannot be written over it. Choose a file '
                          "name.").format(path=full, name=name)
        if not os.path.exists(folder):
            above = _existing_parent(folder)
            if above != folder and os.path.exists(above) and not os.path.isdir(above):
                return QCoreApplication.translate(
                    "Errors", '"{name}" cannot be written: "{file}" is a file, not a folder. Choose another '
                              "folder.").format(name=name, file=above)
            return QCoreApplication.translate(
                "Errors", 'The folder "{folder}" does not exist (was it moved, deleted, or a drive removed?): '
                          '"{name}" cannot be written there. Choose another folder.').format(folder=folder, name=name)
        if not os.path.isdir(folder):
            return QCoreApplication.translate(
                "Errors", '"{name}" cannot be written: "{file}" is a file, not a folder. Choose another '
                          "folder.").format(name=name, file=folder)
    else:
        if code == errno.ENOENT or (code is None and not os.path.exists(full)):
            return QCoreApplication.translate(
                "Errors", 'The file "{path}" does not exist (was it moved or deleted?).').format(path=full)
        if os.path.isdir(full):
            return QCoreApplication.translate("Errors", '"{path}" is a folder, not a file.').format(path=full)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return QCoreApplication.translate(
            "Errors", 'The disk is full: "{path}" could not be written. Free some space or choose another '
                      "disk.").format(path=full)
    if code == errno.EROFS:
        return QCoreApplication.translate(
            "Errors", 'The folder "{folder}" is on a read-only disk: "{name}" cannot be written there. Choose '
                      "another folder.").format(folder=folder, name=name)
    if isinstance(exc, PermissionError) or code in (errno.EACCES, errno.EPERM):
        if writing:
            return QCoreApplication.translate(
                "Errors", '"{path}" cannot be written: you may not write in the folder "{folder}", or the file is '
                          "read-only or open in another program. Choose another folder, or close the "
                          "file.").format(path=full, folder=folder)
        return QCoreApplication.translate(
            "Errors", '"{path}" cannot be read: you may not read it, or another program holds it.').format(path=full)
    if code == errno.ENAMETOOLONG:
        return QCoreApplication.translate(
            "Errors", 'The name "{path}" is too long for the disk. Choose a shorter name.').format(path=full)
    if code == errno.EISDIR:
        return QCoreApplication.translate(
            "Errors", '"{path}" is a folder, not a file. Choose a file name.').format(path=full)
    if code == errno.ENOTDIR:
        if writing:
            return QCoreApplication.translate(
                "Errors", '"{path}" cannot be written: a part of the path is a file, not a folder.').format(
                path=full)
        return QCoreApplication.translate(
            "Errors", '"{path}" cannot be read: a part of the path is a file, not a folder.').format(path=full)
    reason = exc.strerror or str(exc) or type(exc).__name__
    if writing:
        return QCoreApplication.translate("Errors", '"{path}" could not be written: {reason}.').format(
            path=full, reason=reason)
    return QCoreApplication.translate("Errors", '"{path}" could not be read: {reason}.').format(path=full,
                                                                                             reason=reason)


def error_text(exc: BaseException, path: str | None = None, writing: bool = True) -> tuple[str, bool]:
    """(message, is_bug) for an exception of an action on `path` (writing it, or reading it).
    A bug is logged here with its traceback (call from the `except` block)."""
    if isinstance(exc, WriteError) and exc.os_error is not None:  # worded as the OSError it stands for
        return file_error_text(exc.os_error, path or exc.os_error.filename, writing), False
    if isinstance(exc, WriteError):  # a file that cannot be written (engine.fileio): the work is kept
        return QCoreApplication.translate("Errors", "{message} {work_kept}").format(message=str(exc),
                                                                                    work_kept=_tr(WORK_KEPT)), False
    if isinstance(exc, RuleTreeError):
        return str(exc), False
    if _is_file_problem(exc):
        log.info("file error on %s: %s", path, exc)
        return file_error_text(exc, path, writing), False
    log.error("unexpected error", exc_info=(type(exc), exc, exc.__traceback__))
    return (QCoreApplication.translate("Errors", "Something went wrong ({error}). Your work is kept. The details "
                                                 "are in {log}.").format(error=type(exc).__name__, log=log_file()),
            True)


def show_error(parent, exc: BaseException, path: str | None = None, writing: bool = True,
               title: str = "RuleTree Studio") -> str:
    """A dialog for an exception (the user's words, or the polite bug message); returns the text."""
    text, bug = error_text(exc, path, writing)
    (QMessageBox.critical if bug else QMessageBox.warning)(parent, title, text)
    return text
