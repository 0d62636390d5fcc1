"""Delimited text (.csv, .txt, .tsv): encoding and delimiter found, rows checked."""

from __future__ import annotations

import csv
import io
import itertools
import re
import sys

import numpy as np
import pandas as pd

from ..errors import DataError
from .limits import ReadLimits
from .sniff import binary_kind, detect_encoding, guess_encoding, sniff_delimiter
from .table import MISSING_TOKENS, PreParsed, Table, TableBuilder, place_text

csv.field_size_limit(min(sys.maxsize, 2**31 - 1))  # our own cell limit applies instead


def read_limited(path: str, limits: ReadLimits) -> bytes:
    """The whole file, refused when larger than the budget or empty."""
    with open(path, "rb") as handle:
        raw = handle.read(limits.max_file_bytes + 1)
    if len(raw) > limits.max_file_bytes:
        raise DataError(f"the file is larger than the limit of {limits.max_file_bytes:,} bytes",
                        code="too_large", file=path)
    if not raw.strip():
        raise DataError("the file is empty", code="empty_file", file=path)
    return raw


def decode_text(raw: bytes, file: str, encoding: str | None = None) -> tuple[str, str]:
    """Bytes -> (text, encoding used); a wrong encoding names the row it breaks in."""
    chosen = encoding or detect_encoding(raw)
    try:
        codecs_name = chosen
        text = raw.decode(codecs_name)
    except LookupError:
        raise DataError(f'"{chosen}" is not a text encoding this program knows', code="encoding",
                        file=file) from None
    except UnicodeDecodeError as exc:
        row = raw[: exc.start].count(b"\n") + 1
        raise DataError(
            f"the file is not valid {chosen} text (byte {exc.start}); it was probably saved in another "
            "encoding: choose the right one, or save it as UTF-8",
            code="encoding", file=file, row=row) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text, chosen


_CONTROL_BYTES = bytes(b for b in range(32) if b not in b"\t\n\r\f\v\x1a")


def encoding_warning(file: str, used: str, doubt: str) -> str:
    """The warning for an encoding that was guessed with doubt: which, why, how to choose."""
    return (f"{place_text(file)}: the text encoding was not given and was guessed as {used}, but {doubt}. "
            "If the text looks wrong, give the right encoding (on the command line --encoding ENC, for "
            "example --encoding shift_jis, gbk, big5, euc_kr, cp1251) or save the file as UTF-8.")


def check_bytes_are_text(raw: bytes, file: str) -> None:
    """Refuse binary junk before decoding (for 8-bit and UTF-8 encodings): a NUL byte
    anywhere (a text file has none: a damaged or binary file), or many control bytes."""
    nul = raw.find(b"\x00")  # the whole file: a NUL in row 100,000 is as wrong as in row 1
    if nul >= 0:
        raise DataError("the file contains binary data (NUL bytes), not text; is it really a CSV file, "
                        "or is it damaged?", code="binary", file=file, row=raw.count(b"\n", 0, nul) + 1)
    sample = raw[:65536]
    control = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    if control > max(8, len(sample) // 200):
        raise DataError("the file contains binary data (control characters), not text; is it really "
                        "a CSV file?", code="binary", file=file)


def check_text_is_text(text: str, file: str) -> None:
    """Refuse binary junk: a NUL character anywhere, or many control characters at the start.
    (Single control characters further on are escaped, with a warning, by the table builder.)"""
    nul = text.find("\x00")
    if nul >= 0:
        raise DataError("the file contains binary data (NUL bytes), not text; is it really a CSV file, "
                        "or is it damaged?", code="binary", file=file, row=text.count("\n", 0, nul) + 1)
    sample = text[:65536]
    control = sum(1 for ch in sample if ch < " " and ch not in "\t\r\n\f\v")
    if control > max(8, len(sample) // 100):
        raise DataError("the file contains binary data (control characters), not text; is it really "
                        "a CSV file?", code="binary", file=file)


def read_delimited(path: str, limits: ReadLimits, *, encoding: str | None = None,
                   delimiter: str | None = None, header_row: int | None = None) -> Table:
    if delimiter is not None and (len(delimiter) != 1 or delimiter in '"\r\n'):
        raise DataError(f"the delimiter must be one character (not a quote or line break), not "
                        f"{delimiter!r}", code="bad_option", file=path)
    raw = read_limited(path, limits)
    what = binary_kind(raw[:16])
    if what is not None and not encoding:
        hint = " Open it as .xlsx instead (rename it)." if "zip" in what or "xls" in what else ""
        raise DataError(f"the file is {what}, not delimited text.{hint}", code="binary", file=path)
    chosen, doubt = (encoding, None) if encoding else guess_encoding(raw)
    if not chosen.lower().replace("_", "-").startswith(("utf-16", "utf-32")):
        check_bytes_are_text(raw, path)
    text, used = decode_text(raw, path, chosen)
    del raw
    check_text_is_text(text, path)
    delim = delimiter or sniff_delimiter(text)
    # decimal commas ("1,5") belong to semicolon files (European Excel); elsewhere
    # "1,234" is more likely a thousands separator, so such columns stay text
    builder = TableBuilder(path, limits, decimal_comma=(delim == ";"))
    builder.nul_free = True  # check_text_is_text
    if doubt:
        builder.warnings.append(encoding_warning(path, used, doubt))
    return parse_delimited(text, path, delim, limits, builder, encoding=used, header_row=header_row)


#: a row this close below the header that is wider than it suggests that the header is lower down
HEADER_HINT_ROWS = 10

#: appended to the text for the csv module: a quote still open at the end swallows it. The text
#: has no NUL (check_text_is_text refuses one), so the mark cannot be part of the data.
_END_MARK = "\x00"
#: an unclosed quote that swallowed more lines than this (or a line that looks like a row) is refused
MAX_SWALLOWED_LINES = 10


def _take_end_mark(record: list[str], end: str) -> bool | None:
    """None: `record` is the end mark alone (every quote was closed; drop it); True: its
    last field swallowed the mark, a quote never closed (the mark is cut off); False: a
    plain record."""
    if not record or not record[-1].endswith(_END_MARK):
        return False
    if len(record) == 1 and record[0] == _END_MARK:
        return None
    record[-1] = record[-1][: -len(end)]
    return True


def _unclosed_quote(text: str, path: str, delim: str, cell: str, row: int, column, width: int,
                    limits: ReadLimits, header: bool = False) -> str:
    """The warning for a quote never closed (the last cell of the file holds the rest of
    it); a DataError when that is surely a mistake: it swallowed the header's row, more
    than MAX_SWALLOWED_LINES lines, a line that looks like a row of the table, or more
    characters than a cell may hold."""
    line = text.count("\n") - cell.count("\n") + 1  # the line the quote opens on
    lines = cell.rstrip("\r\n").split("\n")
    rowlike = sum(1 for t in lines[1:] if width > 1 and t.count(delim) >= width - 1)
    where = f" (on line {line})" if line != row else ""
    what = "the rest of the file"
    if len(lines) > 1:
        what += f" ({len(lines)} lines, {rowlike} of which look like rows of the table)" if rowlike \
            else f" ({len(lines)} lines)"
    if header or rowlike or len(lines) > MAX_SWALLOWED_LINES or len(cell) > limits.max_cell_chars:
        raise DataError(f"the quote that opens in this cell{where} is never closed, so {what} would be read "
                        "into this one cell; add the missing closing quote (\") or remove the stray one",
                        code="unclosed_quote", file=path, row=row, column=column)
    return (f"{place_text(path, row=row, column=column)}: the quote that opens in this cell{where} is never "
            f"closed, so {what} was read into this one cell; if that is wrong, add the closing quote (\")")


def parse_delimited(text: str, path: str, delim: str, limits: ReadLimits, builder: TableBuilder,
                    *, encoding: str | None = None, header_row: int | None = None) -> Table:
    """`header_row`: the record (1 = the first line) that holds the column names; None: the first
    record that is not blank. The records above it are skipped (a warning says so)."""
    end = _END_MARK if text.endswith(("\n", "\r")) else "\n" + _END_MARK
    reader = csv.reader(io.StringIO(text + end, newline=""), delimiter=delim, skipinitialspace=False,
                        strict=False)

    def next_header_candidate() -> list[str]:
        record = next(reader)
        mark = _take_end_mark(record, end)
        if mark is None:
            raise StopIteration
        if mark:
            _unclosed_quote(text, path, delim, record[-1], header_row + 1, str(len(record)), len(record),
                            limits, header=True)
        return record

    wanted = header_row
    header_row = 0  # records read so far: the header's spreadsheet row
    try:
        header = next_header_candidate()
        header_row = 1
        while (wanted is not None and header_row < wanted) or (wanted is None and not any(c.strip() for c in header)):
            header = next_header_candidate()
            header_row += 1
        if wanted is not None and not any(c.strip() for c in header):
            raise DataError(f"the header row {wanted} is empty: choose the row that holds the column names",
                            code="bad_header_row", file=path, row=wanted)
    except StopIteration:
        if wanted is not None and header_row >= 1:
            raise DataError(f"the header row {wanted} is below the last row ({header_row}): choose the row that "
                            "holds the column names", code="bad_header_row", file=path, row=wanted) from None
        raise DataError("the file has no rows", code="empty_file", file=path) from None
    except csv.Error as exc:
        raise DataError(f"the header row cannot be read: {exc}", code="bad_csv", file=path,
                        row=header_row + 1) from None

    def column_label(j: int) -> str:
        return str(j + 1)

    builder.header_row = header_row
    if wanted is not None and wanted > 1:
        builder.warnings.append(f"rows 1-{wanted - 1} above the header row were skipped" if wanted > 2
                                else "row 1 above the header row was skipped")
    names = builder.header_names(header, column_label)
    width = len(names)
    fast = _tokenize_fast(text, delim, header, header_row, limits)
    if fast is not None:
        columns, row_numbers, short_rows = fast
        if short_rows:
            more = f" (and {len(short_rows) - 1} more rows)" if len(short_rows) > 1 else ""
            builder.warnings.append(f"row {short_rows[0]}{more} has fewer fields than the header; "
                                    "the missing fields are read as missing values")
        table = builder.build(names, columns, row_numbers, column_label)
        table.encoding = encoding
        table.delimiter = delim
        return table
    max_rows = max(1, limits.max_cells // max(1, width))
    records: list[list[str]] = []
    try:
        records.extend(itertools.islice(reader, max_rows + 2))  # + 1 for the end mark
    except csv.Error as exc:  # `records` holds the rows before the bad one
        raise DataError(f"the row cannot be read: {exc}", code="bad_csv", file=path,
                        row=header_row + len(records) + 1) from None
    unclosed = bool(records) and _take_end_mark(records[-1], end)
    if unclosed is None:
        records.pop()
    if len(records) > max_rows:
        raise DataError(f"the table has more than {limits.max_cells:,} cells, the limit",
                        code="too_large", file=path, row=header_row + max_rows + 1)
    if unclosed and len(records[-1]) <= width:
        j = len(records[-1]) - 1
        builder.warnings.append(_unclosed_quote(
            text, path, delim, records[-1][-1], header_row + len(records), names[j] or column_label(j),
            width, limits))
    # One record is one spreadsheet row (a quoted line break stays inside its cell).
    row_numbers = np.arange(header_row + 1, header_row + 1 + len(records), dtype=np.int64)
    lengths = np.fromiter(map(len, records), dtype=np.int64, count=len(records))
    odd = np.flatnonzero(lengths != width)
    # blank: every field empty or spaces (a blank line, or only delimiters)
    keep = np.fromiter((bool("".join(r).strip()) for r in records), dtype=bool, count=len(records))
    short_rows: list[int] = []
    for i in odd:
        record = records[i]
        row_no = int(row_numbers[i])
        if not keep[i]:
            continue
        elif len(record) > width:
            if any(c.strip() for c in record[width:]):
                exc = DataError(
                    f"the row has {len(record)} fields but the header has {width}; a delimiter "
                    f'("{_show(delim)}") inside a value, or a missing quote?',
                    code="ragged_row", file=path, row=row_no)
                if row_no - builder.header_row <= HEADER_HINT_ROWS:  # near the top: notes above the header?
                    exc.header_row_hint = row_no
                raise exc
            records[i] = record[:width]  # only empty trailing fields: nothing is lost
        else:
            short_rows.append(row_no)
            records[i] = record + [""] * (width - len(record))
    if not keep.all():
        records = [r for r, k in zip(records, keep) if k]
        row_numbers = row_numbers[keep]
    if short_rows:
        more = f" (and {len(short_rows) - 1} more rows)" if len(short_rows) > 1 else ""
        builder.warnings.append(f"row {short_rows[0]}{more} has fewer fields than the header; "
                                "the missing fields are read as missing values")
    columns = [list(col) for col in zip(*records)] if records else [[] for _ in range(width)]
    table = builder.build(names, columns, row_numbers, column_label)
    table.encoding = encoding
    table.delimiter = delim
    return table


#: tests switch the fast path off to compare both paths on the same text
FAST_PATH = True


def _case_variants(token: str) -> list[str]:
    options = [(c.lower(), c.upper()) if c.isalpha() else (c,) for c in token]
    return ["".join(p) for p in itertools.product(*options)]


#: every spelling of the missing-value tokens, for pandas' exact matching
#: ("-" is left out: in a +/- column it is a value, so such columns take the text path)
_NA_SPELLINGS = sorted({v for t in MISSING_TOKENS - {"-"} for v in _case_variants(t)})


def _tokenize_fast(text: str, delim: str, header: list[str], header_row: int, limits: ReadLimits):
    """pandas' C parser for plain files: (columns, row numbers, short rows), or None.

    Only files without quote characters take this path: there one line is one
    record, so fields per line (delimiters + 1) tell short rows exactly. Columns
    that pandas parsed as numbers (missing tokens as NaN) come back as float64
    arrays; the rest as raw text for the common inference. None sends the file
    down the csv-module path, which handles quoting and names any irregular row.
    """
    width = len(header)
    if not FAST_PATH or header_row != 1 or '"' in text or "\r" in text.replace("\r\n", "\n"):
        return None
    if re.search(re.escape(delim) + r"[ \t+-]*0\d", text) or re.search(r"\n[ \t+-]*0\d", text):
        return None  # codes with leading zeros (007): pandas would read them as numbers
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) * width > limits.max_cells:
        return None
    fields = np.fromiter((line.count(delim) for line in lines), dtype=np.int64, count=len(lines)) + 1
    if (fields > width).any():
        return None  # the exact path names the row
    try:
        frame = pd.read_csv(io.StringIO(text), sep=delim, header=None, names=list(range(width)), skiprows=1,
                            na_values=_NA_SPELLINGS, keep_default_na=False, skip_blank_lines=False,
                            skipinitialspace=True, engine="c", quoting=csv.QUOTE_NONE, low_memory=False)
    except Exception:  # anything odd: the exact path will say what and where
        return None
    if frame.shape != (len(lines) - 1, width):
        return None
    keep = np.fromiter((bool(line.replace(delim, "").strip()) for line in lines), dtype=bool,
                       count=len(lines))  # blank: every field empty or spaces
    keep[0] = False  # the header
    rows = np.flatnonzero(keep)
    boolean = [j for j in range(width) if frame[j].dtype.kind == "b"
               or (frame[j].dtype.kind == "O" and bool in set(map(type, frame[j].to_numpy())))]
    if boolean:  # pandas turned true/false into booleans: re-read those columns as written
        try:
            raw = pd.read_csv(io.StringIO(text), sep=delim, header=None, names=list(range(width)), skiprows=1,
                              usecols=boolean, dtype=object, na_values=_NA_SPELLINGS, keep_default_na=False,
                              skip_blank_lines=False, skipinitialspace=True, engine="c",
                              quoting=csv.QUOTE_NONE)
        except Exception:
            return None
        for j in boolean:
            frame[j] = raw[j]
    columns = []
    for j in range(width):
        series = frame[j]
        if series.dtype.kind in "fiu":
            columns.append(PreParsed(series.to_numpy()[rows - 1].astype(np.float64)))
        else:
            columns.append(np.asarray(series.to_numpy(dtype=object)[rows - 1], dtype=object))
    short_rows = [int(r) + 1 for r in np.flatnonzero(keep & (fields < width))]
    return columns, (rows + 1).astype(np.int64), short_rows


def _show(delim: str) -> str:
    return {"\t": "tab", "|": "|"}.get(delim, delim)
