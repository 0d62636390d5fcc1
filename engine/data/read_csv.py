"""Delimited text (.csv, .txt, .tsv): encoding and delimiter found, rows checked."""

from __future__ import annotations

import codecs
import csv
import io
import itertools
import re
import string
import sys

import numpy as np
import pandas as pd

from ..errors import DataError
from ..i18n import _
from .limits import ReadLimits
from .sniff import binary_kind, detect_encoding, guess_encoding, sniff_delimiter
from .table import MISSING_TOKENS, PreParsed, Table, TableBuilder, TextColumn, place_text

csv.field_size_limit(min(sys.maxsize, 2**31 - 1))  # our own cell limit applies instead


def read_limited(path: str, limits: ReadLimits) -> bytes:
    """The whole file, refused when larger than the budget or empty."""
    with open(path, "rb") as handle:
        raw = handle.read(limits.max_file_bytes + 1)
    if len(raw) > limits.max_file_bytes:
        raise DataError(_("the file is larger than the limit of {limit} bytes").format(
            limit=f"{limits.max_file_bytes:,}"), code="too_large", file=path)
    if not raw or raw.isspace():  # (what raw.strip() removes, without copying the file)
        raise DataError(_("the file is empty"), code="empty_file", file=path)
    return raw


#: bytes that may end a cell: the delimiters sniffed for, and line breaks
_CELL_ENDS = b",;\t|\r\n"
#: the file is searched for long runs this many bytes at a time (at most 8x in positions)
_RUN_CHUNK = 4 << 20


def check_long_runs(raw: bytes, path: str, limits: ReadLimits, delimiter: str | None = None) -> None:
    """Refuse, before the text is decoded and parsed, a cell far longer than the cell limit: a
    run of more than 4 bytes per allowed character (the most any encoding takes) with no byte
    that can end a cell (a delimiter sniffed for, the one given, a line break) is one cell,
    surely too long. A file of one giant cell is then not decoded, parsed and built whole
    before the limit is checked. (Shorter excesses are found, exactly, when the table is built.)"""
    longest = 4 * limits.max_cell_chars + 8
    if len(raw) <= longest:
        return
    ends = np.zeros(256, dtype=bool)
    ends[list(_CELL_ENDS)] = True
    if delimiter is not None and len(delimiter) == 1 and ord(delimiter) < 128:
        ends[ord(delimiter)] = True
    last = -1  # the last byte that can end a cell, before the chunk
    for start in range(0, len(raw), _RUN_CHUNK):
        chunk = np.frombuffer(raw, dtype=np.uint8, count=min(_RUN_CHUNK, len(raw) - start), offset=start)
        at = np.flatnonzero(ends[chunk]) + start
        if len(at):
            gaps = np.diff(at, prepend=last) - 1
            k = int(np.argmax(gaps))
            if gaps[k] > longest:
                _long_cell(raw, (last if k == 0 else int(at[k - 1])) + 1, int(gaps[k]), path, limits, ends)
            last = int(at[-1])
        # a run still open at the end of the chunk, already too long whatever follows
        if start + len(chunk) - last - 1 > longest:
            _long_cell(raw, last + 1, start + len(chunk) - last - 1, path, limits, ends)


def _long_cell(raw: bytes, begin: int, length: int, path: str, limits: ReadLimits, ends: np.ndarray) -> None:
    line_start = raw.rfind(b"\n", 0, begin) + 1
    row = raw.count(b"\n", 0, line_start) + 1
    first = raw[:raw.find(b"\n") if b"\n" in raw[:1 << 20] else min(len(raw), 1 << 20)]
    # the column: the delimiter most frequent in the first line, counted before the cell
    delims = [d for d in b",;\t|" if ends[d]]
    delim = max(delims, key=first.count) if delims else None
    column = None
    if delim is not None and first.count(delim):
        j = raw.count(bytes([delim]), line_start, begin)
        names = first.decode("utf-8", "replace").lstrip("\ufeff").split(chr(delim))
        column = names[j].strip().strip('"') if j < len(names) and names[j].strip().strip('"') else str(j + 1)
    raise DataError(_("a cell holds more than {limit} characters (it runs at least {n} bytes without a delimiter or a "
                      "line break), more than the limit; the file was not read further").format(
        limit=f"{limits.max_cell_chars:,}", n=f"{length:,}"), code="cell_too_large", file=path, row=row,
        column=column)


def decode_text(raw: bytes, file: str, encoding: str | None = None) -> tuple[str, str]:
    """Bytes -> (text, encoding used); a wrong encoding names the row it breaks in."""
    chosen = encoding or detect_encoding(raw)
    try:
        codecs_name = chosen
        text = raw.decode(codecs_name)
    except LookupError:
        raise DataError(_('"{encoding}" is not a text encoding this program knows').format(encoding=chosen),
                        code="encoding", file=file) from None
    except UnicodeDecodeError as exc:
        row = raw[: exc.start].count(b"\n") + 1
        raise DataError(
            _("the file is not valid {encoding} text (byte {byte}); it was probably saved in another "
              "encoding: choose the right one, or save it as UTF-8").format(encoding=chosen, byte=exc.start),
            code="encoding", file=file, row=row) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text, chosen


_CONTROL_BYTES = bytes(b for b in range(32) if b not in b"\t\n\r\f\v\x1a")


def encoding_warning(file: str, used: str, doubt: str) -> str:
    """The warning for an encoding that was guessed with doubt: which, why, how to choose."""
    return _("{place}: the text encoding was not given and was guessed as {encoding}, but {doubt}. "
             "If the text looks wrong, give the right encoding (on the command line --encoding ENC, for "
             "example --encoding shift_jis, gbk, big5, euc_kr, cp1251) or save the file as UTF-8.").format(
        place=place_text(file), encoding=used, doubt=doubt)


def check_bytes_are_text(raw: bytes, file: str) -> None:
    """Refuse binary junk before decoding (for 8-bit and UTF-8 encodings): a NUL byte
    anywhere (a text file has none: a damaged or binary file), or many control bytes."""
    nul = raw.find(b"\x00")  # the whole file: a NUL in row 100,000 is as wrong as in row 1
    if nul >= 0:
        raise DataError(_("the file contains binary data (NUL bytes), not text; is it really a CSV file, "
                          "or is it damaged?"), code="binary", file=file, row=raw.count(b"\n", 0, nul) + 1)
    sample = raw[:65536]
    control = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    if control > max(8, len(sample) // 200):
        raise DataError(_("the file contains binary data (control characters), not text; is it really "
                          "a CSV file?"), code="binary", file=file)


_CONTROL_CHARS = re.compile("[\x00-\x08\x0e-\x1f]")


def check_text_is_text(text: str, file: str) -> None:
    """Refuse binary junk: a NUL character anywhere, or many control characters at the start.
    (Single control characters further on are escaped, with a warning, by the table builder.)"""
    nul = text.find("\x00")
    if nul >= 0:
        raise DataError(_("the file contains binary data (NUL bytes), not text; is it really a CSV file, "
                          "or is it damaged?"), code="binary", file=file, row=text.count("\n", 0, nul) + 1)
    sample = text[:65536]
    control = len(_CONTROL_CHARS.findall(sample))  # below " ", but tab, LF, VT, FF, CR
    if control > max(8, len(sample) // 100):
        raise DataError(_("the file contains binary data (control characters), not text; is it really "
                          "a CSV file?"), code="binary", file=file)


def read_delimited(path: str, limits: ReadLimits, *, encoding: str | None = None,
                   delimiter: str | None = None, header_row: int | None = None) -> Table:
    if delimiter is not None and (len(delimiter) != 1 or delimiter in '"\r\n'):
        raise DataError(_("the delimiter must be one character (not a quote or line break), not "
                          "{delimiter!r}").format(delimiter=delimiter), code="bad_option", file=path)
    raw = read_limited(path, limits)
    check_long_runs(raw, path, limits, delimiter)
    what = binary_kind(raw[:16])
    if what is not None and not encoding:
        hint = _(" Open it as .xlsx instead (rename it).") if "zip" in what or "xls" in what else ""
        raise DataError(_("the file is {kind}, not delimited text.{hint}").format(kind=what, hint=hint),
                        code="binary", file=path)
    chosen, doubt = (encoding, None) if encoding else guess_encoding(raw)
    if not chosen.lower().replace("_", "-").startswith(("utf-16", "utf-32")):
        check_bytes_are_text(raw, path)
    text, used = decode_text(raw, path, chosen)
    check_text_is_text(text, path)
    delim = delimiter or sniff_delimiter(text)
    # decimal commas ("1,5") belong to semicolon files (European Excel); elsewhere
    # "1,234" is more likely a thousands separator, so such columns stay text
    builder = TableBuilder(path, limits, decimal_comma=(delim == ";"))
    builder.nul_free = True  # check_text_is_text
    if doubt:
        builder.warnings.append(encoding_warning(path, used, doubt))
    plan = _fast_plan(raw, text, used, delim, header_row) if FAST_PATH else None
    if plan is not None:
        box, header = [plan[0]], plan[1]
        del raw, text, plan  # the fast path holds only the UTF-8 bytes (at 1M x 20, 120 MB less)
        table = _read_fast(box, header, used, path, delim, limits, builder)
        if table is not None:
            return table
        text = box[0].decode("utf-8")  # the same text again, for the csv module
        raw = b""
    del raw
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
    where = _(" (on line {line})").format(line=line) if line != row else ""
    what = _("the rest of the file")
    if len(lines) > 1:
        what += _(" ({lines} lines, {rowlike} of which look like rows of the table)").format(
            lines=len(lines), rowlike=rowlike) if rowlike else _(" ({lines} lines)").format(lines=len(lines))
    if header or rowlike or len(lines) > MAX_SWALLOWED_LINES or len(cell) > limits.max_cell_chars:
        raise DataError(_("the quote that opens in this cell{where} is never closed, so {what} would be read "
                          "into this one cell; add the missing closing quote (\") or remove the stray one").format(
            where=where, what=what), code="unclosed_quote", file=path, row=row, column=column)
    return _("{place}: the quote that opens in this cell{where} is never closed, so {what} was read into this "
             "one cell; if that is wrong, add the closing quote (\")").format(
        place=place_text(path, row=row, column=column), where=where, what=what)


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
            raise DataError(_("the header row {row} is empty: choose the row that holds the column names").format(
                row=wanted), code="bad_header_row", file=path, row=wanted)
    except StopIteration:
        if wanted is not None and header_row >= 1:
            raise DataError(_("the header row {row} is below the last row ({last}): choose the row that "
                              "holds the column names").format(row=wanted, last=header_row),
                            code="bad_header_row", file=path, row=wanted) from None
        raise DataError(_("the file has no rows"), code="empty_file", file=path) from None
    except csv.Error as exc:
        raise DataError(_("the header row cannot be read: {error}").format(error=exc), code="bad_csv", file=path,
                        row=header_row + 1) from None

    def column_label(j: int) -> str:
        return str(j + 1)

    builder.header_row = header_row
    if wanted is not None and wanted > 1:
        builder.warnings.append(_("rows 1-{last} above the header row were skipped").format(last=wanted - 1)
                                if wanted > 2 else _("row 1 above the header row was skipped"))
    names = builder.header_names(header, column_label)
    width = len(names)
    max_rows = max(1, limits.max_cells // max(1, width))
    records: list[list[str]] = []
    try:
        records.extend(itertools.islice(reader, max_rows + 2))  # + 1 for the end mark
    except csv.Error as exc:  # `records` holds the rows before the bad one
        raise DataError(_("the row cannot be read: {error}").format(error=exc), code="bad_csv", file=path,
                        row=header_row + len(records) + 1) from None
    unclosed = bool(records) and _take_end_mark(records[-1], end)
    if unclosed is None:
        records.pop()
    if len(records) > max_rows:
        raise DataError(_("the table has more than {limit} cells, the limit").format(limit=f"{limits.max_cells:,}"),
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
                    _('the row has {fields} fields but the header has {width}; a delimiter ("{delimiter}") '
                      "inside a value, or a missing quote?").format(fields=len(record), width=width,
                                                                    delimiter=_show(delim)),
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
        more = _(" (and {n} more rows)").format(n=len(short_rows) - 1) if len(short_rows) > 1 else ""
        builder.warnings.append(_("row {row}{more} has fewer fields than the header; the missing fields are "
                                  "read as missing values").format(row=short_rows[0], more=more))
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


#: bytes per piece of the file scanned at once (bounds the scans' temporary arrays)
_SCAN_BYTES = 1 << 22
#: bytes str.strip() removes (ASCII whitespace); every byte from 0x80 may be part of a
#: non-ASCII space (U+00A0, U+3000 ...), so lines with only those are decided on their text
_ASCII_SPACE = b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"
_DIGIT = np.zeros(256, dtype=bool)
_DIGIT[ord("0"):ord("9") + 1] = True


def _utf8_bytes(raw: bytes, text: str, used: str) -> bytes | None:
    """The text as UTF-8 bytes without a byte-order mark (the file itself when it is UTF-8)."""
    try:
        name = codecs.lookup(used).name
    except LookupError:
        return None
    if name in ("utf-8", "utf-8-sig"):
        return raw[len(codecs.BOM_UTF8):] if raw.startswith(codecs.BOM_UTF8) else raw
    try:
        return text.encode("utf-8")
    except UnicodeError:
        return None


def _scan_lines(buf: bytes, delim: str):
    """Per line of `buf` (split at LF only; the last line need not end with one): (start
    offsets, delimiters, whether it is blank: nothing but spaces and delimiters), and whether
    a number with a leading zero (007) starts a field below the first line's first field
    (the regex `[delim\\n][ \\t+-]*0\\d`). Scanned piece by piece: small temporary arrays."""
    data = np.frombuffer(buf, dtype=np.uint8)
    d = ord(delim)
    starts, delims, zero = [], [], False
    lo = 0
    while lo < len(data):
        cut = buf.find(b"\n", lo + _SCAN_BYTES)
        hi = len(data) if cut < 0 else cut + 1  # pieces end after a line break
        piece = data[lo:hi]
        seps = np.flatnonzero((piece == 10) | (piece == d))  # delimiters and line breaks
        breaks = np.flatnonzero(piece[seps] == 10)  # their places among the separators
        ends = seps[breaks]
        first = np.concatenate(([0], ends + 1))
        count = np.diff(np.concatenate(([-1], breaks, [len(seps)]))) - 1  # delimiters per line
        if len(ends) and ends[-1] == len(piece) - 1:
            first, count = first[:-1], count[:-1]  # the next line is the next piece's (or none)
        starts.append(first + lo)
        delims.append(count)
        zero = zero or _leading_zero(piece, seps + 1, lo > 0)
        lo = hi
    starts = np.concatenate(starts) if starts else np.zeros(0, dtype=np.int64)
    delims = np.concatenate(delims) if delims else np.zeros(0, dtype=np.int64)
    limits = np.append(starts[1:], len(data))  # where each line ends (after its line break)
    return starts, delims, _blank_lines(buf, data, starts, limits, delim), zero


#: the bytes that may come before the 0 of a leading zero at the start of a field
_SIGNS_SPACES = np.zeros(256, dtype=bool)
_SIGNS_SPACES[list(b" \t+-")] = True


def _leading_zero(piece: np.ndarray, fields: np.ndarray, after_break: bool) -> bool:
    """Whether a field (starting at one of the offsets `fields`, or at 0 when the piece starts
    after a line break) begins, past any spaces, tabs and signs, with a 0 and a digit."""
    if after_break:
        fields = np.concatenate(([0], fields))
    last = len(piece) - 1
    while len(fields):
        if fields[-1] >= last:
            fields = fields[fields < last]
        fields = fields[piece[fields] <= ord("0")]  # tab, space, +, - and 0 are all <= "0"
        first = piece[fields]
        if _DIGIT[piece[fields[first == ord("0")] + 1]].any():
            return True
        fields = fields[_SIGNS_SPACES[first]] + 1
    return False


def _blank_lines(buf: bytes, data: np.ndarray, starts: np.ndarray, limits: np.ndarray, delim: str) -> np.ndarray:
    """Which lines hold nothing but spaces (as str.strip() sees them) and delimiters."""
    space = np.zeros(256, dtype=bool)
    space[list(_ASCII_SPACE) + [ord(delim)]] = True
    blank = np.zeros(len(starts), dtype=bool)
    lines = np.arange(len(starts))
    at = starts.copy()
    unsure = []  # lines with a non-ASCII byte (perhaps a space: U+00A0, U+3000 ...) among the first
    for _attempt in range(16):  # most lines show a byte that is not a space among their first few
        inside = at < limits[lines]
        blank[lines[~inside]] = True  # every byte was a space or a delimiter
        lines, at = lines[inside], at[inside]
        byte = data[at]
        unsure.append(lines[byte >= 128])
        lines, at = lines[space[byte]], at[space[byte]] + 1
        if not len(lines):
            break
    spaces = bytes(_ASCII_SPACE) + delim.encode("ascii")
    for i in np.concatenate([lines] + unsure).tolist():
        line = buf[int(starts[i]):int(limits[i])]
        rest = line.translate(None, spaces)
        blank[i] = not rest or (not rest.isascii() and not line.decode("utf-8").replace(delim, "").strip())
    return blank


#: delimiters pandas' parser splits on as the csv module does (not a space: with
#: skipinitialspace it would swallow an empty first field; not letters or digits)
_FAST_DELIMITERS = frozenset("\t" + string.punctuation) - {'"'}


def _fast_plan(raw: bytes, text: str, used: str, delim: str, header_row: int | None):
    """(the text as UTF-8 bytes, the header's fields) for `_read_fast`, or None: the file needs
    the csv module. Only files without quote characters or lone carriage returns qualify (there
    one line is one record, so fields per line, delimiters + 1, tell short rows exactly),
    whose header is on the first line."""
    if header_row not in (None, 1) or delim not in _FAST_DELIMITERS or '"' in text:
        return None
    if "\r" in text and text.count("\r") != text.count("\r\n"):
        return None  # a lone CR ends a record for the csv module, not for the line scan
    first_end = text.find("\n")
    header_line = text if first_end < 0 else text[:first_end]
    header_line = header_line[:-1] if header_line.endswith("\r") else header_line
    header = header_line.split(delim)
    if not any(c.strip() for c in header):
        return None  # blank lines above the header
    buf = _utf8_bytes(raw, text, used)
    return None if buf is None else (buf, header)


def _read_fast(box: list[bytes], header: list[str], used: str, path: str, delim: str, limits: ReadLimits,
               builder: TableBuilder) -> Table | None:
    """pandas' C parser for plain files (see `_fast_plan`; `box` holds the bytes, emptied once
    they are no longer needed): the table, or None (the builder untouched, the box full) to read
    the file with the csv module, which names any irregular row.

    Columns that pandas parsed as numbers (missing tokens as NaN) come back as float64
    arrays; the rest as text for the common inference.
    """
    width = len(header)
    buf = box[0]
    starts, delims, blank, zero = _scan_lines(buf, delim)
    n_lines = len(starts)
    if zero:
        return None  # codes with leading zeros (007): pandas would read them as numbers
    if n_lines * width > limits.max_cells or (delims + 1 > width).any():
        return None  # the exact path names the row
    keep = ~blank
    keep[0] = False  # the header
    rows = np.flatnonzero(keep)
    pick = None if len(rows) == n_lines - 1 else rows - 1  # None: every line below the header
    try:
        columns = _parse_columns(buf, starts, delim, width, pick)
    except Exception:  # anything odd: the exact path will say what and where
        return None
    if columns is None:
        return None
    box.clear()
    del buf
    names = builder.header_names(header, _column_label)
    fields = delims + 1
    short = np.flatnonzero(keep & (fields < width))
    if len(short):
        more = _(" (and {n} more rows)").format(n=len(short) - 1) if len(short) > 1 else ""
        builder.warnings.append(_("row {row}{more} has fewer fields than the header; the missing fields are "
                                  "read as missing values").format(row=int(short[0]) + 1, more=more))
    table = builder.build(names, columns, (rows + 1).astype(np.int64), _column_label)
    table.encoding = used
    table.delimiter = delim
    return table


def _column_label(j: int) -> str:
    return str(j + 1)


#: bytes of the file pandas parses at once (the columns are filled piece by piece, so the
#: parser's own buffers stay this small); the first piece, which tells the text columns
#: (read as categories from then on: no Python object per cell), is smaller
_PARSE_BYTES = 1 << 22
_PROBE_BYTES = 1 << 16


class _Codes:
    """A text column being filled piece by piece: codes into distinct texts numbered in the
    order they first occur (-1: missing)."""

    def __init__(self, n: int):
        self.codes = np.full(n, -1, dtype=np.int64)
        self.uniques: list[str] = []
        self.index: dict[str, int] = {}

    def add(self, start: int, codes: np.ndarray, texts: list) -> bool:
        """Cells start.. as `codes` into `texts` (-1: missing); False: a text is not a str."""
        if not all(type(t) is str for t in texts):
            return False
        if any(t not in self.index for t in texts):  # new texts: numbered as they first occur
            for k in pd.unique(codes).tolist():
                if k >= 0 and texts[k] not in self.index:
                    self.index[texts[k]] = len(self.uniques)
                    self.uniques.append(texts[k])
        lut = np.array([self.index.get(t, -1) for t in texts] + [-1], dtype=np.int64)
        self.codes[start:start + len(codes)] = lut[codes]
        return True

    def column(self, pick: np.ndarray | None) -> TextColumn:
        """The column, the rows of `pick` only (None: all)."""
        codes, uniques = self.codes, np.array(self.uniques + [""], dtype=object)[:-1]
        if pick is not None:  # blank lines left out: renumber by first occurrence again
            codes = codes[pick]
            order = pd.unique(codes[codes >= 0])
            lut = np.full(len(uniques) + 1, -1, dtype=np.int64)
            lut[order] = np.arange(len(order))
            codes, uniques = lut[codes], uniques[order]
        return TextColumn(codes=codes, uniques=uniques)


def _parse_columns(buf: bytes, starts: np.ndarray, delim: str, width: int, pick: np.ndarray | None):
    """The lines below the first (`starts`: where each line starts; `pick`: the rows to keep,
    None: all) as `width` columns, as pandas' C parser reads the whole text at once (no
    quoting): `PreParsed` float64 where every cell is a number or a missing token (NaN), else
    `TextColumn` of the cells as written. None: a line did not give one row, or a cell that
    is not text.

    Read in pieces into arrays of the final size, so that memory is the table and one piece.
    Where the pieces disagree the column is read again so that every cell is converted as one
    whole-file parse would: numbers as floats when they are not all integers, text as
    written when not all are numbers (booleans too). (A -0 becomes 0 in the table, whichever
    way a parser read its sign: TableBuilder._numeric_column.)"""
    n = len(starts) - 1
    ends = np.append(starts[1:], len(buf))
    bounds = [1, n + 1]
    if n:
        first = int(starts[1])
        bounds += np.searchsorted(starts, [first + _PROBE_BYTES] + list(range(
            first + _PROBE_BYTES + _PARSE_BYTES, len(buf), _PARSE_BYTES))).tolist()
    bounds = sorted(set(b for b in bounds if 1 <= b <= n + 1))
    pieces = list(zip(bounds[:-1], bounds[1:]))  # lines a..b-1, rows a-1..b-2

    def read(a: int, b: int, dtype=None, usecols=None) -> pd.DataFrame | None:
        frame = _parse_c(buf[int(starts[a]):int(ends[b - 1])], delim, width, usecols, dtype)
        return frame if len(frame) == b - a else None

    numbers: dict[int, np.ndarray] = {j: np.full(n, np.nan) for j in range(width)}
    kinds: list[set] = [set() for _ in range(width)]  # dtypes of the pieces of a numeric column
    text: dict[int, _Codes] = {}
    again: set[int] = set()  # numbers in the pieces above a text piece: read all again as text

    def add_text(j: int, a: int, b: int, series: pd.Series) -> bool:
        if isinstance(series.dtype, pd.CategoricalDtype):
            texts = series.cat.categories.tolist()
            if all(type(t) is str for t in texts):
                return text[j].add(a - 1, series.cat.codes.to_numpy(), texts)
        if not isinstance(series.dtype, pd.StringDtype):
            # pandas made booleans or numbers of these cells (categories too): as written instead
            series = read(a, b, {j: object}, [j])
            if series is None:
                return False
            series = series[j]
        codes, uniques = pd.factorize(series.to_numpy(dtype=object))
        return text[j].add(a - 1, codes, uniques.tolist())

    for a, b in pieces:
        frame = read(a, b, {j: "category" for j in text} or None)
        if frame is None:
            return None
        for j in range(width):
            series = frame[j]
            if j in numbers and series.dtype.kind in "fiu":
                numbers[j][a - 1:b - 1] = series.to_numpy()
                kinds[j].add(series.dtype)
                continue
            if j in numbers:  # from now on a text column
                if not np.isnan(numbers.pop(j)[:a - 1]).all():
                    again.add(j)
                text[j] = _Codes(n)
            if j not in again and not add_text(j, a, b, series):
                return None
        del frame
    floats = [j for j in numbers if len(kinds[j]) > 1]
    dtype = {j: "category" for j in again} | {j: np.float64 for j in floats}
    for a, b in pieces if dtype else ():
        frame = read(a, b, dtype, sorted(dtype))
        if frame is None:
            return None
        for j in again:
            if not add_text(j, a, b, frame[j]):
                return None
        for j in floats:
            numbers[j][a - 1:b - 1] = frame[j].to_numpy()
    return [PreParsed(numbers[j] if pick is None else numbers[j][pick]) if j in numbers
            else text[j].column(pick) for j in range(width)]


def _parse_c(buf: bytes, delim: str, width: int, usecols: list[int] | None = None, dtype=None) -> pd.DataFrame:
    """Lines as columns 0..width-1 (pandas' C parser, no quoting, all at once)."""
    extra = {} if usecols is None else {"usecols": usecols}
    return pd.read_csv(io.BytesIO(buf), encoding="utf-8", sep=delim, header=None, names=list(range(width)),
                       na_values=_NA_SPELLINGS, keep_default_na=False, skip_blank_lines=False, dtype=dtype,
                       skipinitialspace=True, engine="c", quoting=csv.QUOTE_NONE, low_memory=False, **extra)


def _show(delim: str) -> str:
    return {"\t": "tab", "|": "|"}.get(delim, delim)
