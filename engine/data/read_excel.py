"""Workbooks (.xlsx, .xlsm, .xls, .xlsb, .ods) through python-calamine.

calamine (Rust) reads the values Excel cached for formulas, dates as dates, and
is several times faster than openpyxl. Before it sees a zip-based file, the zip
is checked against the unzipped-size budget by actually inflating each entry
(declared sizes can lie), so a zip bomb is refused before any parsing.
"""

from __future__ import annotations

import os
import re
import zipfile
import zlib

import numpy as np

from ..errors import DataError
from .limits import ReadLimits
from .sniff import EMPTY_ZIP_MAGIC, OLE2_MAGIC, ZIP_MAGIC, binary_kind
from .table import Table, TableBuilder

EXCEL_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".xlsb", ".ods")
_CHUNK = 1 << 20


def column_letter(index: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA'."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


_ROW_REF = re.compile(rb"<(?:\w+:)?row\b[^>]*?\sr=\"(\d+)\"")
_CELL_COL = re.compile(rb"<(?:\w+:)?c\b[^>]*?\sr=\"([A-Z]+)\d")
_WIDE_REF = re.compile(rb"r=\"[A-Z]{3,}\d")
_TWO_LETTER_REF = re.compile(rb"r=\"[A-Z]{2}\d")


def _widest_column(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> int:
    """The largest column number any cell reference in the part names."""
    widest, tail = 0, b""
    with archive.open(info) as member:
        while True:
            chunk = member.read(_CHUNK)
            if not chunk:
                return widest
            cols = set(_CELL_COL.findall(tail + chunk))
            if cols:
                widest = max(widest, _column_number(max(cols, key=lambda c: (len(c), c))))
            tail = chunk[-64:]


def _column_number(letters: bytes) -> int:
    number = 0
    for ch in letters:
        number = number * 26 + (ch - 64)
    return number


def check_zip(path: str, limits: ReadLimits) -> dict[str, tuple[int, int]]:
    """Refuse a damaged zip or one that would inflate beyond the budget.

    Returns, per worksheet part, the (last row, last column) its cell references
    reach, found while inflating: calamine allocates that whole rectangle, so a
    tiny file with one cell at XFD1048576 must be refused before it is loaded.
    """
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise DataError("the workbook is damaged or truncated (its zip directory is missing); "
                        "save it again from Excel", code="truncated", file=path) from None
    except (NotImplementedError, EOFError, ValueError) as exc:
        # e.g. "zip file version 6.4": a zip feature no spreadsheet program writes, or a damaged directory
        raise DataError(f"the workbook is damaged or not a spreadsheet zip ({exc}); save it again from Excel",
                        code="truncated", file=path) from None
    with archive:
        infos = archive.infolist()
        declared = sum(i.file_size for i in infos)
        if declared > limits.max_unzipped_bytes:
            raise DataError(f"the workbook would unpack to {declared:,} bytes, more than the limit of "
                            f"{limits.max_unzipped_bytes:,} (a zip bomb?)", code="zip_bomb", file=path)
        for info in infos:
            if info.file_size > _CHUNK and info.file_size > limits.max_zip_ratio * max(1, info.compress_size):
                raise DataError(f'the workbook part "{info.filename}" is compressed '
                                f"{info.file_size / max(1, info.compress_size):,.0f} to 1, far beyond any real "
                                "workbook (a zip bomb?)", code="zip_bomb", file=path)
        total = 0
        extents: dict[str, tuple[int, int]] = {}
        for info in infos:
            seen = 0
            is_sheet = info.filename.startswith("xl/worksheets/") and info.filename.endswith(".xml")
            last_row, tail, wide, medium = 0, b"", False, False
            try:
                with archive.open(info) as member:
                    while True:
                        chunk = member.read(_CHUNK)
                        if not chunk:
                            break
                        if is_sheet:
                            window = tail + chunk
                            at = window.rfind(b"<row ")
                            found = _ROW_REF.match(window, at) if at >= 0 else None
                            if found:
                                last_row = max(last_row, int(found.group(1)))
                            if _WIDE_REF.search(window):
                                wide = True
                            elif _TWO_LETTER_REF.search(window):
                                medium = True
                            tail = chunk[-64:]
                        seen += len(chunk)
                        total += len(chunk)
                        if total > limits.max_unzipped_bytes or seen > info.file_size:
                            raise DataError("the workbook unpacks to more than it declares or than the "
                                            f"limit of {limits.max_unzipped_bytes:,} bytes (a zip bomb?)",
                                            code="zip_bomb", file=path)
            except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError) as exc:
                raise DataError(f'the workbook is damaged or truncated (part "{info.filename}": {exc})',
                                code="truncated", file=path) from None
            if is_sheet:
                # columns: 26 without two-letter references, 702 without three-letter ones;
                # only when that bound is too coarse are the references read one by one
                bound = 16384 if wide else 702 if medium else 26
                if last_row * bound > limits.max_cells:
                    bound = _widest_column(archive, info)
                extents[info.filename] = (last_row, bound)
    return extents


def _sheet_parts(path: str) -> dict[str, str]:
    """Sheet name -> worksheet part (xl/worksheets/sheetN.xml) from the workbook's XML."""
    from defusedxml import ElementTree

    try:
        with zipfile.ZipFile(path) as z:
            book = ElementTree.fromstring(z.read("xl/workbook.xml"))
            rels = ElementTree.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    except Exception:
        return {}
    targets = {}
    for rel in rels:
        target = rel.get("Target", "")
        target = target.lstrip("/")
        if not target.startswith("xl/"):
            target = "xl/" + target
        targets[rel.get("Id")] = target
    out = {}
    for element in book.iter():
        if element.tag.endswith("}sheet") or element.tag == "sheet":
            rid = next((v for k, v in element.attrib.items() if k.endswith("}id")), None)
            if rid in targets:
                out[element.get("name")] = targets[rid]
    return out


def _open_workbook(path: str, limits: ReadLimits):
    import python_calamine as pc

    with open(path, "rb") as handle:
        head = handle.read(16)
    if not head:
        raise DataError("the file is empty", code="empty_file", file=path)
    if os.path.getsize(path) > limits.max_file_bytes:
        raise DataError(f"the file is larger than the limit of {limits.max_file_bytes:,} bytes",
                        code="too_large", file=path)
    suffix = os.path.splitext(path)[1].lower()
    extents: dict[str, tuple[int, int]] = {}
    if head.startswith((ZIP_MAGIC, EMPTY_ZIP_MAGIC)):
        extents = check_zip(path, limits)
    elif head.startswith(OLE2_MAGIC):
        pass  # .xls, or an encrypted .xlsx: calamine says which below
    else:
        what = binary_kind(head)
        if what is None:
            text_like = all(b >= 9 for b in head) or head.startswith(b"\xef\xbb\xbf")
            what = "plain text (a CSV file renamed?)" if text_like else "not a workbook"
            hint = " Rename it to .csv and open it again." if text_like else ""
        else:
            hint = ""
        raise DataError(f"the file is {what}, not an Excel workbook ({suffix}).{hint}",
                        code="not_a_workbook", file=path)
    try:
        return pc.CalamineWorkbook.from_path(path), extents
    except pc.PasswordError:
        raise DataError("the workbook is password-protected; save an unprotected copy",
                        code="password", file=path) from None
    except Exception as exc:  # calamine raises several kinds for damaged files
        raise DataError(f"the workbook cannot be read ({_short(exc)}); it may be damaged or truncated",
                        code="truncated", file=path) from None


def _short(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:200]


def list_sheets(path: str, limits: ReadLimits) -> list[str]:
    """Worksheet names in workbook order (chart sheets left out)."""
    wb, _ = _open_workbook(path, limits)
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
            raise DataError("the workbook has no worksheets", code="no_sheet", file=path)
        chosen = sheet is None
        if sheet is None:
            sheet, read = _first_table_sheet(wb, names, path, extents, limits)
        elif sheet not in names:
            raise DataError(f'there is no sheet "{sheet}"; the sheets are: {", ".join(names)}',
                            code="no_sheet", file=path)
        else:
            read = None
        rows, merged, start = read or _sheet_rows(wb, sheet, path, extents, limits)
    finally:
        wb.close()
    table = _table_from_rows(path, sheet, names, rows, merged, start, limits, header_row)
    if chosen and sheet != names[0]:
        table.warnings.insert(0, f'the first sheet ("{names[0]}") is not a table; the sheet "{sheet}" was read '
                                 "(choose another sheet to read that one)")
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


def _sheet_rows(wb, sheet, path, extents, limits):
    """(rows, merged ranges, top-left (row, column)) of one worksheet, within the limits."""
    part = _sheet_parts(path).get(sheet) if extents else None
    if part in extents:
        rows, cols = extents[part]
        if rows * cols > limits.max_cells + cols:
            raise DataError(f"the sheet reaches row {rows:,} and column {column_letter(cols - 1)}: "
                            f"{rows:,} x {cols:,} cells, more than the limit of {limits.max_cells:,} "
                            "(delete the stray cells far from the table)", code="too_large",
                            file=path, sheet=sheet)
    try:
        ws = wb.get_sheet_by_name(sheet)
        height, width = ws.height, ws.width
        if height * width > limits.max_cells + width:
            raise DataError(f"the sheet has {height:,} rows x {width} columns, more than the limit of "
                            f"{limits.max_cells:,} cells", code="too_large", file=path, sheet=sheet)
        rows = ws.to_python(skip_empty_area=True)
        merged = ws.merged_cell_ranges or []
        start = ws.start or (0, 0)
    except DataError:
        raise
    except Exception as exc:
        raise DataError(f"the sheet cannot be read ({_short(exc)}); the workbook may be damaged",
                        code="truncated", file=path, sheet=sheet) from None
    return rows, merged, start


def _table_from_rows(path, sheet, sheet_names, rows, merged, start, limits, header_row: int | None = None) -> Table:
    builder = TableBuilder(path, limits, sheet=sheet)
    if not rows or not any(_filled(c) for c in rows[0]) and not any(any(_filled(c) for c in r) for r in rows):
        raise DataError("the sheet is empty", code="empty_file", file=path, sheet=sheet)
    row0, col0 = start
    # leading blank rows (calamine crops most)
    first = next(i for i, r in enumerate(rows) if any(_filled(c) for c in r))
    if header_row is not None:  # the user's choice: no guessing
        chosen = header_row - 1 - row0
        last = row0 + len(rows)
        if chosen < first or chosen >= len(rows) or not any(_filled(c) for c in rows[chosen]):
            where = ("above the first filled row" if chosen < first else f"below the last row ({last})"
                     if chosen >= len(rows) else "empty")
            raise DataError(f"the header row {header_row} is {where}: choose the row that holds the column names",
                            code="bad_header_row", file=path, sheet=sheet, row=header_row)
        if chosen > first:
            builder.warnings.append(f"rows {row0 + first + 1}-{header_row - 1} above the header row were skipped"
                                    if chosen - first > 1 else f"row {row0 + first + 1} above the header row was skipped")
        header_at = first = chosen
    else:
        header_at = _header_below_title(rows, first)
    if header_at != first:
        title = next(str(c).strip() for c in rows[first] if _filled(c))
        builder.warnings.append(f'row {row0 + first + 1} ("{title[:60]}") looks like a title above the table and '
                                f"was skipped: the column names are read from row {row0 + header_at + 1}")
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
        builder.warnings.append(f"{skipped} blank row(s) inside the sheet were skipped")
    columns = [[r[j] if j < len(r) else None for r in body] for j in range(width)]
    table = builder.build(names, columns, np.asarray(numbers, dtype=np.int64), column_label)
    table.sheets = list(sheet_names)
    return table


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
