"""Workbooks (.xlsx, .xlsm, .xls, .xlsb, .ods) through python-calamine.

calamine (Rust) reads the values Excel cached for formulas, dates as dates, and
is several times faster than openpyxl. Before it sees a file, engine.data.extents
scans it for how far each sheet reaches and refuses zip bombs, so a small file can
never make calamine allocate gigabytes.
"""

from __future__ import annotations

import os

import numpy as np
from pandas.api.types import infer_dtype

from ..errors import DataError
from ..i18n import _
from .extents import SheetExtents, column_letter, scan_workbook
from .limits import ReadLimits
from .sniff import EMPTY_ZIP_MAGIC, OLE2_MAGIC, ZIP_MAGIC, binary_kind
from .table import PreParsed, Table, TableBuilder, TextColumn

EXCEL_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".xlsb", ".ods")


def _is_panic(exc: BaseException) -> bool:
    """A Rust panic inside calamine (pyo3 raises it as a BaseException, not an Exception)."""
    return type(exc).__name__ == "PanicException"


def _open_workbook(path: str, limits: ReadLimits):
    # deferred: loads the workbook reader (only for workbooks)
    import python_calamine as pc

    with open(path, "rb") as handle:
        head = handle.read(16)
    if not head:
        raise DataError(_("the file is empty"), code="empty_file", file=path)
    if os.path.getsize(path) > limits.max_file_bytes:
        raise DataError(_("the file is larger than the limit of {limit} bytes").format(
            limit=f"{limits.max_file_bytes:,}"), code="too_large", file=path)
    suffix = os.path.splitext(path)[1].lower()
    if head.startswith((ZIP_MAGIC, EMPTY_ZIP_MAGIC, OLE2_MAGIC)):
        # OLE2: .xls, or an encrypted .xlsx (no Workbook stream: calamine says which below)
        extents = scan_workbook(path, head, limits)
    else:
        what = binary_kind(head)
        if what is None:
            text_like = all(b >= 9 for b in head) or head.startswith(b"\xef\xbb\xbf")
            what = _("plain text (a CSV file renamed?)") if text_like else _("not a workbook")
            hint = _(" Rename it to .csv and open it again.") if text_like else ""
        else:
            hint = ""
        raise DataError(_("the file is {kind}, not an Excel workbook ({suffix}).{hint}").format(
            kind=what, suffix=suffix, hint=hint), code="not_a_workbook", file=path)
    try:
        return pc.CalamineWorkbook.from_path(path), extents
    except pc.PasswordError:
        raise DataError(_("the workbook is password-protected; save an unprotected copy"),
                        code="password", file=path) from None
    except Exception as exc:  # calamine raises several kinds for damaged files
        raise DataError(_("the workbook cannot be read ({reason}); it may be damaged or truncated").format(
            reason=_short(exc)), code="truncated", file=path) from None
    except BaseException as exc:
        if _is_panic(exc):
            raise DataError(_("the workbook cannot be read ({reason}); it is damaged").format(reason=_short(exc)),
                            code="truncated", file=path) from None
        raise


def _short(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:200]


def list_sheets(path: str, limits: ReadLimits) -> list[str]:
    """Worksheet names in workbook order (chart sheets left out)."""
    wb, _extents = _open_workbook(path, limits)
    try:
        return _worksheet_names(wb)
    finally:
        wb.close()


def _worksheet_names(wb) -> list[str]:
    names = []
    for meta in wb.sheets_metadata:
        if "Chart" in str(meta.typ):
            continue
        names.append(meta.name)
    return names


def read_workbook(path: str, limits: ReadLimits, sheet: str | None = None, header_row: int | None = None) -> Table:
    """`header_row`: the sheet row (1 = its first) of the column names; None: the first filled row,
    or the row under a title (`_header_below_title`)."""
    wb, extents = _open_workbook(path, limits)
    try:
        names = _worksheet_names(wb)
        if not names:
            raise DataError(_("the workbook has no worksheets"), code="no_sheet", file=path)
        chosen = sheet is None
        if sheet is None:
            sheet, read = _first_table_sheet(wb, names, path, extents, limits)
        elif sheet not in names:
            raise DataError(_('there is no sheet "{sheet}"; the sheets are: {sheets}').format(
                sheet=sheet, sheets=", ".join(names)), code="no_sheet", file=path)
        else:
            read = None
        rows, merged, start = read or _sheet_rows(wb, sheet, path, extents, limits)
    finally:
        wb.close()
    table = _table_from_rows(path, sheet, names, rows, merged, start, limits, header_row)
    if chosen and sheet != names[0]:
        table.warnings.insert(0, _('the first sheet ("{first}") is not a table; the sheet "{sheet}" was read '
                                   "(choose another sheet to read that one)").format(first=names[0], sheet=sheet))
    return table


#: a sheet is a table when at least this many of its first rows have two or more filled cells
TABLE_ROWS = 2


def _looks_like_table(rows) -> bool:
    wide = 0
    for row in rows[:200]:
        if sum(1 for c in row if _filled(c)) >= 2:
            wide += 1
            if wide >= TABLE_ROWS:
                return True
    return False


def _first_table_sheet(wb, names, path, extents, limits):
    """The first worksheet that holds a table (a header and a row of at least two cells), not
    notes or nothing, with what was read of it; the first sheet (not read) when none does (its
    own error then says why)."""
    for name in names:
        try:
            read = _sheet_rows(wb, name, path, extents, limits)
        except DataError:
            continue
        if _looks_like_table(read[0]):
            return name, read
    return names[0], None


def _sheet_rows(wb, sheet, path, extents: SheetExtents, limits):
    """(rows, merged ranges, top-left (row, column)) of one worksheet, within the limits."""
    extents.check(path, sheet, limits)
    try:
        ws = wb.get_sheet_by_name(sheet)
        height, width = ws.height, ws.width
        if height * width > limits.max_cells + width:
            raise DataError(_("the sheet has {rows} rows x {columns} columns, more than the limit of {limit} "
                              "cells").format(rows=f"{height:,}", columns=width, limit=f"{limits.max_cells:,}"),
                            code="too_large", file=path, sheet=sheet)
        rows = ws.to_python(skip_empty_area=True)
        merged = ws.merged_cell_ranges or []
        start = ws.start or (0, 0)
    except DataError:
        raise
    except Exception as exc:
        raise DataError(_("the sheet cannot be read ({reason}); the workbook may be damaged").format(
            reason=_short(exc)),
                        code="truncated", file=path, sheet=sheet) from None
    except BaseException as exc:
        if _is_panic(exc):
            raise DataError(_("the sheet cannot be read ({reason}); the workbook is damaged").format(
                reason=_short(exc)),
                            code="truncated", file=path, sheet=sheet) from None
        raise
    return rows, merged, start


def _table_from_rows(path, sheet, sheet_names, rows, merged, start, limits, header_row: int | None = None) -> Table:
    builder = TableBuilder(path, limits, sheet=sheet)
    if not rows or not any(_filled(c) for c in rows[0]) and not any(any(_filled(c) for c in r) for r in rows):
        raise DataError(_("the sheet is empty"), code="empty_file", file=path, sheet=sheet)
    row0, col0 = start
    # leading blank rows (calamine crops most)
    first = next(i for i, r in enumerate(rows) if any(_filled(c) for c in r))
    if header_row is not None:  # the user's choice: no guessing
        chosen = header_row - 1 - row0
        last = row0 + len(rows)
        if chosen < first or chosen >= len(rows) or not any(_filled(c) for c in rows[chosen]):
            where = (_("above the first filled row") if chosen < first
                     else _("below the last row ({last})").format(last=last) if chosen >= len(rows) else _("empty"))
            raise DataError(_("the header row {row} is {where}: choose the row that holds the column names").format(
                row=header_row, where=where), code="bad_header_row", file=path, sheet=sheet, row=header_row)
        if chosen > first:
            builder.warnings.append(
                _("rows {first}-{last} above the header row were skipped").format(first=row0 + first + 1,
                                                                                  last=header_row - 1)
                if chosen - first > 1 else _("row {row} above the header row was skipped").format(row=row0 + first + 1))
        header_at = first = chosen
    else:
        header_at = _header_below_title(rows, first)
    if header_at != first:
        title = next(str(c).strip() for c in rows[first] if _filled(c))
        builder.warnings.append(_('row {row} ("{title}") looks like a title above the table and was skipped: the '
                                  "column names are read from row {header}").format(
            row=row0 + first + 1, title=title[:60], header=row0 + header_at + 1))
        first = header_at
    # merged ranges fill the data rows only: a header merged over two columns would
    # otherwise name both the same
    _fill_merged(rows, merged, row0, col0, skip_row=first)
    header = rows[first]
    builder.header_row = row0 + first + 1

    def column_label(j: int) -> str:
        return column_letter(col0 + j)

    names = builder.header_names(header, column_label)
    width = len(header)
    body, numbers = [], []
    for i in range(first + 1, len(rows)):
        row = rows[i]
        if not any(_filled(c) for c in row):
            continue  # blank rows are not cases
        body.append(row)
        numbers.append(row0 + i + 1)
    skipped = len(rows) - first - 1 - len(body)
    if skipped and body:
        builder.warnings.append(_("{n} blank row(s) inside the sheet were skipped").format(n=skipped))
    columns = _columns(body, width, names, builder.missing_tokens)
    table = builder.build(names, columns, np.asarray(numbers, dtype=np.int64), column_label)
    table.sheets = list(sheet_names)
    return table


def _columns(body: list[list], width: int, names: list[str], missing_tokens) -> list:
    """The cells of each column, in the form `TableBuilder.build` infers fastest with the same
    result: `PreParsed` numbers for a named column of numbers whose only texts are missing-value
    tokens; a `TextColumn` for a named column of texts only; otherwise the cells as a list (the
    cell-by-cell inference). A row shorter than the header is padded with empty cells."""
    n = len(body)
    grid = np.empty((n, width), dtype=object)
    if n and width and all(len(r) == width for r in body):
        grid[:] = body
    else:
        for i, r in enumerate(body):
            for j, cell in enumerate(r[:width]):
                grid[i, j] = cell
    columns = []
    for j, name in enumerate(names[:width]):
        cells = np.ascontiguousarray(grid[:, j])
        columns.append(_column(cells, missing_tokens) if name and n else cells.tolist())
    return columns


#: what pandas' type inference says of an object array of Python numbers only (bool is a type
#: of its own: "boolean", "mixed" or "mixed-integer" with numbers)
_NUMBER_ARRAYS = frozenset({"floating", "integer", "mixed-integer-float"})
_NUMBER_KINDS = frozenset({float, int})


def _column(cells: np.ndarray, missing_tokens):
    """One named column's cells (an object array) for `TableBuilder.build`."""
    kind = infer_dtype(cells, skipna=False)
    if kind in _NUMBER_ARRAYS:
        return PreParsed(cells.astype(np.float64))
    if kind == "string":
        return TextColumn(cells)
    if kind == "mixed" and "" in missing_tokens:  # numbers and empty texts, the usual gaps
        empty = cells == ""
        if empty.any() and infer_dtype(cells[~empty], skipna=False) in _NUMBER_ARRAYS:
            numbers = np.full(len(cells), np.nan)
            numbers[~empty] = cells[~empty].astype(np.float64)
            return PreParsed(numbers)
    kinds = set(map(type, cells))
    if kinds <= _NUMBER_KINDS | {str}:
        texts = np.fromiter(map(str.__instancecheck__, cells), dtype=bool, count=len(cells))
        if all(t.strip().lower() in missing_tokens for t in set(cells[texts].tolist())):
            numbers = np.full(len(cells), np.nan)
            numbers[~texts] = cells[~texts].astype(np.float64)
            return PreParsed(numbers)
    return cells.tolist()


#: rows looked at below the first one for the header under a title
TITLE_LOOKAHEAD = 10


def _header_below_title(rows, first: int) -> int:
    """The row of column names: `first`, unless `first` holds a single cell (a title, perhaps
    merged across the table) and a row below it, within TITLE_LOOKAHEAD rows, is at least half
    as wide as the widest row there and all text (column names); then that row. A header that
    only lacks a name is not a title: the row after it holds data (numbers), so it stays."""
    count = [sum(1 for c in r if _filled(c)) for r in rows[first:first + TITLE_LOOKAHEAD + 1]]
    if count[0] != 1 or len(count) < 3:
        return first
    widest = max(count)
    if widest < 2:
        return first
    for k in range(1, len(count)):
        if count[k] >= max(2, (widest + 1) // 2):
            cells = [c for c in rows[first + k] if _filled(c)]
            return first + k if all(isinstance(c, str) for c in cells) else first
    return first


def _filled(cell) -> bool:
    return not (cell is None or (isinstance(cell, str) and not cell.strip()))


def _fill_merged(rows, merged, row0, col0, skip_row: int = -1) -> None:
    """Give every cell of a merged range the value of its top-left cell."""
    for (r1, c1), (r2, c2) in merged:
        top, left = r1 - row0, c1 - col0
        if not (0 <= top < len(rows)) or left < 0 or left >= len(rows[top]):
            continue
        value = rows[top][left]
        for r in range(max(top, 0), min(r2 - row0, len(rows) - 1) + 1):
            if r == skip_row:
                continue
            row = rows[r]
            for c in range(max(left, 0), min(c2 - col0, len(row) - 1) + 1):
                row[c] = value
