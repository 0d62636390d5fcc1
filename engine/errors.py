"""User-facing errors.

Every problem a user can cause (a bad file, a bad setting, a bad option) is a
`RuleTreeError` whose message a domain expert understands and which names the
place: file, sheet, row and column where they apply. The CLI prints it in one
line and exits with status 2; the GUI shows it in a dialog. Anything else that
escapes is a bug (exit status 1, traceback in the log file).

`code` is a short stable identifier of the error kind ("zip_bomb",
"duplicate_header", ...) that tests and the GUI can rely on; the message text
may be reworded freely.
"""

from __future__ import annotations

import os

from .i18n import LanguageUnavailable, _, _accepted


class RuleTreeError(Exception):
    """A problem the user can fix; `str()` gives the full one-line message."""

    kind = "error"

    def __init__(
        self,
        message: str,
        *,
        code: str = "error",
        file: str | os.PathLike | None = None,
        sheet: str | None = None,
        row: int | None = None,
        column: str | int | None = None,
        field: str | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.code = code
        self.file = os.fspath(file) if file is not None else None
        self.sheet = sheet
        self.row = row
        self.column = column
        self.field = field

    @property
    def place(self) -> str:
        """'file "x.csv", sheet "S", row 5, column "age"' (the parts that apply)."""
        parts = []
        if self.file is not None:
            parts.append(_('file "{name}"').format(name=os.path.basename(self.file)))
        if self.sheet is not None:
            parts.append(_('sheet "{sheet}"').format(sheet=self.sheet))
        if self.row is not None:
            parts.append(_("row {row}").format(row=self.row))
        if self.column is not None:
            if isinstance(self.column, int):
                parts.append(_("column {column}").format(column=self.column))
            else:
                parts.append(_('column "{column}"').format(column=self.column))
        if self.field is not None:
            parts.append(_("setting {field}").format(field=self.field))
        return _(", ").join(parts)

    def __str__(self) -> str:
        place = self.place
        return _("{place}: {message}").format(place=place, message=self.message) if place else self.message

    def with_place(self, **kw) -> "RuleTreeError":
        """Fill in place parts that are still unknown (outer callers know the file)."""
        for key, value in kw.items():
            if getattr(self, key, None) is None and value is not None:
                setattr(self, key, os.fspath(value) if key == "file" else value)
        return self


class DataError(RuleTreeError):
    """A data file that cannot be read or used as it is."""

    kind = "data"


class SpecError(RuleTreeError):
    """Problem settings that contradict each other or the data.

    `problems` lists every problem found (each a `SpecProblem`), so a form can
    show each one next to its field; the message names the first.
    """

    kind = "settings"

    def __init__(self, message: str, *, problems=(), **kw):
        super().__init__(message, **kw)
        self.problems = list(problems)


class ProjectFileError(RuleTreeError):
    """A project file that is not valid JSON, not a project, or too new."""

    kind = "project"


class ModelFileError(RuleTreeError):
    """A model file that cannot be loaded."""

    kind = "model"


class WriteError(RuleTreeError, OSError):
    """A file that cannot be written where the user asked (a folder, a device, a missing folder, a
    full disk, no permission): one line naming the path; the old file, if any, is kept. Also an
    OSError, which it is: callers that catch a failed write as one go on catching it."""

    kind = "write"
    os_error: OSError | None = None  # the OSError it stands for, when there is one


class OptionError(RuleTreeError):
    """A command-line option with a bad value."""

    kind = "option"


class Cancelled(RuleTreeError):
    """The user pressed Cancel; not an error to report, just a stop."""

    kind = "cancelled"

    def __init__(self, message: str | None = None, **kw):
        super().__init__(_("cancelled by the user") if message is None else message, code="cancelled", **kw)


def accepted_language(name: str, where: str) -> str:
    """The language `name` (--lang, RULETREE_LANG) in its normal form, or the OptionError that
    names the accepted ones."""
    try:
        return _accepted(name, where)
    except LanguageUnavailable as exc:
        raise OptionError(exc.message, code=exc.code) from None
