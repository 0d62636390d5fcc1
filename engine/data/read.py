"""`read_table`: any supported file -> `Table`, or one clear `DataError`.

Whatever the bytes, nothing but a `DataError` leaves this module for a problem
in the file (tests feed it random bytes to make sure).
"""

from __future__ import annotations

import logging
import os
import stat

from ..errors import DataError, RuleTreeError
from ..i18n import N_, _
from .limits import DEFAULT_LIMITS, ReadLimits
from .read_arff import read_arff
from .read_csv import read_delimited
from .read_excel import EXCEL_SUFFIXES, list_sheets as _list_sheets, read_workbook
from .table import Table

log = logging.getLogger(__name__)

TEXT_SUFFIXES = (".csv", ".txt", ".tsv", ".tab", ".dat")
ARFF_SUFFIXES = (".arff",)
SUPPORTED_SUFFIXES = EXCEL_SUFFIXES + TEXT_SUFFIXES + ARFF_SUFFIXES


#: what a path that is not a regular file is, by its stat mode
_SPECIAL = ((stat.S_ISFIFO, N_("a pipe")), (stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a device")),
            (stat.S_ISSOCK, N_("a socket")))


def _check_path(path: str) -> str:
    """Refuse a path that is missing, a folder or any other non-regular file (after following
    links) before it is opened: a pipe named x.csv would block reading forever, a link to
    /dev/zero would feed a gigabyte of zeros."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise DataError(_("the file does not exist"), code="not_found", file=path) from None
    except (OSError, ValueError) as exc:  # a link loop, a name too long, a NUL in the name
        raise DataError(_("the file cannot be opened ({reason})").format(
            reason=getattr(exc, 'strerror', None) or exc), code="not_found", file=path) from None
    if stat.S_ISDIR(mode):
        raise DataError(_("this is a folder, not a file"), code="not_found", file=path)
    if not stat.S_ISREG(mode):
        what = _(next((name for test, name in _SPECIAL if test(mode)), N_("a special file")))
        if os.path.islink(path):
            what = _("a link to {what} ({target})").format(what=what, target=os.path.realpath(path))
        raise DataError(_("the file is not a regular file: it is {what}; save the data to a file and open that").format(
            what=what), code="not_regular", file=path)
    if not os.access(path, os.R_OK):
        raise DataError(_("the file cannot be read (permission denied)"), code="not_readable", file=path)
    suffix = os.path.splitext(path)[1].lower()
    if suffix not in SUPPORTED_SUFFIXES:
        raise DataError(_('files of type "{suffix}" are not supported; use .xlsx, .xls, .ods, .csv, .txt, .tsv '
                          "or .arff").format(suffix=suffix or _("(none)")), code="unsupported", file=path)
    return suffix


def list_sheets(path: str | os.PathLike, limits: ReadLimits = DEFAULT_LIMITS) -> list[str]:
    """Worksheet names of a workbook; [] for text and ARFF files."""
    path = os.fspath(path)
    suffix = _check_path(path)
    if suffix not in EXCEL_SUFFIXES:
        return []
    return _guard(path, lambda: _list_sheets(path, limits))


def read_table(path: str | os.PathLike, sheet: str | None = None, *, encoding: str | None = None,
               delimiter: str | None = None, limits: ReadLimits = DEFAULT_LIMITS,
               header_row: int | None = None) -> Table:
    """Read a table (first row = column names) from .xlsx/.xls/.ods/.csv/.txt/.tsv/.arff.

    `sheet`: workbook sheet name (default: the first worksheet that holds a table).
    `encoding` and `delimiter` override detection for text files. `header_row`: the row
    (1 = the first) of the column names, the rows above it skipped; default: the first
    filled row, or in a workbook the row under a one-cell title.
    """
    path = os.fspath(path)
    suffix = _check_path(path)
    check_header_row(header_row, file=path)
    if suffix in EXCEL_SUFFIXES:
        return _guard(path, lambda: read_workbook(path, limits, sheet, header_row))
    if sheet is not None:
        raise DataError(_('a sheet ("{sheet}") was given, but a {suffix} file has no sheets').format(
            sheet=sheet, suffix=suffix), code="no_sheet", file=path)
    if suffix in ARFF_SUFFIXES:
        if header_row is not None:
            raise DataError(_("an ARFF file declares its attributes: it has no header row to choose"),
                            code="bad_header_row", file=path)
        return _guard(path, lambda: read_arff(path, limits, encoding=encoding))
    return _guard(path, lambda: read_delimited(path, limits, encoding=encoding, delimiter=delimiter,
                                               header_row=header_row))


#: the last row a header may be on (Excel's last row)
MAX_HEADER_ROW = 1_048_576


def check_header_row(header_row, *, file: str | None = None) -> None:
    if header_row is None:
        return
    if isinstance(header_row, bool) or not isinstance(header_row, int) or not 1 <= header_row <= MAX_HEADER_ROW:
        raise DataError(_("the header row must be a row number from 1 to {last}, not {given!r}").format(
            last=f"{MAX_HEADER_ROW:,}", given=header_row), code="bad_header_row", file=file)


def _guard(path: str, work):
    try:
        return work()
    except RuleTreeError:
        raise
    except MemoryError:
        raise DataError(_("the file is too large to read into memory"), code="too_large", file=path) from None
    except RecursionError:
        raise DataError(_("the file is nested too deeply to read"), code="too_large", file=path) from None
    except OSError as exc:
        raise DataError(_("the file cannot be read: {reason}").format(reason=exc.strerror or exc), code="not_readable",
                        file=path) from None
    except Exception as exc:
        # A safety net for users: a reader bug must not become a crash. Tests assert
        # that this code ("unreadable") never occurs, so bugs still show there.
        log.exception("unexpected error while reading %s", path)
        raise DataError(_("the file could not be read ({kind}); the details are in the log file").format(
            kind=type(exc).__name__), code="unreadable", file=path) from exc
