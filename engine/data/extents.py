"""How far each sheet of a workbook reaches, found before calamine allocates it.

calamine allocates the whole rectangle from a sheet's first to its farthest cell (for
.ods and .xls every sheet's, when the file is opened). A file of a few KB can name a
cell at XFD1048576, repeat an empty row a million times (.ods), or declare a huge
DIMENSIONS record (.xls): so each format's parts are scanned first, cheaply, for the
farthest row and column any cell can land on (an upper bound: references, repeat counts
and implicit positions all counted), and a sheet whose rectangle exceeds the budget
(`ReadLimits.sheet_cell_budget`) is refused, naming the far row and column. The zip of
an .xlsx, .xlsm, .xlsb or .ods is also checked against the unzipped-size budget by
inflating each entry (declared sizes can lie), so a zip bomb is refused before parsing.
"""

from __future__ import annotations

import html
import os
import posixpath
import re
import struct
import zipfile
import zlib
from array import array

import numpy as np

from ..errors import DataError
from ..i18n import _
from .limits import ReadLimits
from .sniff import OLE2_MAGIC

_CHUNK = 1 << 20


def column_letter(index: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA'."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


class Extent:
    """The farthest row and column (1-based) a sheet's cells reach, and where they were seen;
    and, for the memory estimate, an upper bound of the text its cells decode to (`text`,
    bytes) and of how many cells hold a text (`strings`); `shared` is the part of `text` that
    references to shared strings bring (a long text referred to by many cells)."""

    __slots__ = ("rows", "cols", "declared", "text", "strings", "shared")

    def __init__(self, rows: int = 0, cols: int = 0, declared: int = 0, text: int = 0, strings: int = 0,
                 shared: int = 0):
        self.rows, self.cols, self.declared = rows, cols, declared
        self.text, self.strings, self.shared = text, strings, shared

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def memory(self) -> int:
        """Bytes reading the sheet takes at most, about: every cell of the rectangle in calamine
        and in Python, every text twice (calamine's copy and Python's), with its headers."""
        return self.cells * CELL_BYTES + 2 * self.text + self.strings * STRING_BYTES

    def merge(self, other: "Extent") -> "Extent":
        return Extent(max(self.rows, other.rows), max(self.cols, other.cols), max(self.declared, other.declared),
                      max(self.text, other.text), max(self.strings, other.strings), max(self.shared, other.shared))

    def __repr__(self) -> str:
        return (f"Extent(rows={self.rows}, cols={self.cols}, declared={self.declared}, text={self.text}, "
                f"strings={self.strings}, shared={self.shared})")


#: bytes one cell of a sheet's rectangle takes while read: calamine's value (32), the slot in
#: Python's row list (8) and in the table's grid (8)
CELL_BYTES = 48
#: bytes a text cell takes beyond its characters: calamine's allocation and Python's str header
STRING_BYTES = 96


def check_extent(extent: Extent, path: str, sheet: str | None, limits: ReadLimits, file_bytes: int) -> None:
    """Refuse a sheet whose rectangle is larger than the budget for a file of this size."""
    budget = limits.sheet_cell_budget(file_bytes)
    if extent.cells > budget:
        col = _column_name(extent.cols)
        hint = (_("delete the stray cells far from the table") if extent.cells <= limits.max_cells
                else _("more than any table this program reads; delete the stray cells far from the table"))
        raise DataError(_("the sheet reaches row {rows} and column {column}: {rows} x {cols} = {cells} cells, more "
                          "than the limit of {limit} for a workbook of {size} ({hint})").format(
            rows=f"{extent.rows:,}", column=col, cols=f"{extent.cols:,}", cells=f"{extent.cells:,}",
            limit=f"{budget:,}", size=_size(file_bytes), hint=hint), code="too_large", file=path, sheet=sheet)
    check_memory(extent, path, sheet, limits, file_bytes)
    if extent.declared > limits.max_declared_cells:
        raise DataError(_("the sheet declares a size of {cells} cells (its DIMENSIONS record), more than the limit "
                          "of {limit}; the file is damaged or not made by a spreadsheet program").format(
            cells=f"{extent.declared:,}", limit=f"{limits.max_declared_cells:,}"),
                code="too_large", file=path, sheet=sheet)


def check_memory(extent: Extent, path: str, sheet: str | None, limits: ReadLimits, file_bytes: int) -> None:
    """Refuse a sheet whose cells and decoded text would take more memory than the budget for
    a file of this size (`ReadLimits.read_budget`): found from the parts before calamine decodes
    anything, so a small file whose cells all refer to one long text is refused, not read."""
    budget = limits.read_budget(file_bytes)
    need = extent.memory()
    if need <= budget:
        return
    if extent.shared * 2 > need // 2:
        why = _("{n} cells refer to shared texts that add up to {text}: many cells repeat a long text").format(
            n=f"{extent.strings:,}", text=_size(extent.shared))
    elif extent.text * 2 > need // 2:
        why = _("its cells hold {text} of text").format(text=_size(extent.text))
    else:
        why = _("its rectangle spans {cells} cells").format(cells=f"{extent.cells:,}")
    raise DataError(_("reading the sheet would take about {need} of memory ({why}), more than the limit of "
                      "{limit} for a workbook of {size} (a file made to exhaust memory?)").format(need=_size(need), why=why, limit=_size(budget), size=_size(file_bytes)),
                    code="too_large", file=path, sheet=sheet)


def _column_name(number: int) -> str:
    """1 -> 'A'; absurd numbers (from a hostile file) as a number."""
    return column_letter(number - 1) if 1 <= number <= 1 << 20 else f"number {number:,}"


def _size(n: int) -> str:
    return f"{n:,} bytes" if n < 10_000 else f"{n / 1024:,.0f} KB" if n < 10 << 20 else f"{n / (1 << 20):,.0f} MB"


#: an XML tag longer than this is refused (no spreadsheet writes one; scanning must not buffer it)
MAX_TAG_BYTES = 4 << 20


class _TagWindows:
    """Feeds a scanner whole tags only: from a chunk's last "<" on, the text waits for the next
    chunk (or `finish`). "<" cannot occur unescaped inside a tag, so no tag is ever cut."""

    def __init__(self, part: str):
        self.part, self.tail = part, b""

    def windows(self, chunk: bytes) -> bytes:
        window = self.tail + chunk if self.tail else chunk
        cut = window.rfind(b"<")
        if cut < 0:
            self.tail = b""
            return window
        tail = window[cut:]
        if len(tail) > MAX_TAG_BYTES:
            if tail.find(b">") < 0:
                raise _Damaged(f'the part "{self.part}" holds an XML tag longer than {MAX_TAG_BYTES:,} bytes')
            self.tail = b""  # a whole tag and a long text after it
            return window
        self.tail = tail
        return window[:cut]

    def finish(self) -> bytes:
        tail, self.tail = self.tail, b""
        return tail


class _Damaged(Exception):
    """A workbook part that no spreadsheet program writes (raised as a DataError by the caller)."""


# xlsx: every r="B12" (cell) and r="12" (row) reference, whatever the element prefix or quotes
_REF_ROW = re.compile(rb"""\sr\s*=\s*["']\s*[A-Za-z]*0*(\d+)""")
_REF_COL = re.compile(rb"""\sr\s*=\s*["']\s*([A-Za-z]+)""")
_ROW_OR_CELL = re.compile(rb"<(?:[\w.-]+:)?(?:row|c)(?=[\s/>])")
_ROW_OR_CELL_WITH_REF = re.compile(rb"<(?:[\w.-]+:)?(?:row|c)\s[^>]*?(?<=\s)r\s*=")


class _XlsxScan:
    """Farthest row and column of a worksheet part (.xlsx, .xlsm). A <row> or <c> without a
    reference takes the next position, so those are counted as possible extra rows and columns.

    Windows written the usual way are read by whole-window NumPy passes (`_fast_extent`, the
    same numbers); the regular expressions read everything else."""

    def __init__(self, part: str, budget: int | None = None, size: int | None = None):
        self.tags = _TagWindows(part)
        self.budget, self.size = budget, size
        self.sst_seen = False
        self.rows = self.cols = self.implicit = 0
        #: cells marked t="s" (each refers to a shared string)
        self.shared_cells = 0
        #: bytes of the part seen so far; and, for the shared strings part, where each <si> starts
        self.offset = 0
        self.strings_part = _is_strings_part(part)
        self.si_starts: list[np.ndarray] = []

    def feed(self, chunk: bytes) -> None:
        self._scan(self.tags.windows(chunk))

    def finish(self) -> None:
        self._scan(self.tags.finish())

    def _scan(self, window: bytes) -> None:
        if self.strings_part:
            starts = [m.start() for m in _SI.finditer(window)]
            if starts:
                self.si_starts.append(np.asarray(starts, dtype=np.int64) + self.offset)
        else:
            self.shared_cells += len(_SHARED_COUNT.findall(window))
        self.offset += len(window)
        if not self.sst_seen and b"sst" in window:
            self._check_strings(window)
        if len(window) >= 4096 and self._scan_quick(window):
            return
        rows = _REF_ROW.findall(window)
        if rows:
            # a number of more than 12 digits is absurd whatever it is (and int() of a
            # million digits is slow)
            self.rows = max(self.rows, 10**12 if max(map(len, rows)) > 12 else max(map(int, rows)))
        letters = set(_REF_COL.findall(window))
        if letters:
            self.cols = max(self.cols, max(_column_number(c[:12].upper()) for c in letters))
        missing = len(_ROW_OR_CELL.findall(window)) - len(_ROW_OR_CELL_WITH_REF.findall(window))
        if missing > 0:
            self.implicit += missing

    def _check_strings(self, window: bytes) -> None:
        """calamine reserves room for as many shared strings as <sst uniqueCount="..."> says:
        no more than the part can hold (a string takes at least "<si/>")."""
        found = _SST.search(window)
        if not found:
            return
        self.sst_seen = True
        count = found.group(1).lstrip(b"0")
        room = (self.size or 0) // 5 + 16
        if len(count) > 12 or int(count or b"0") > room:
            raise _Damaged(f'the part "{self.tags.part}" announces {int(count[:15] or b"0"):,} shared strings '
                           f"(uniqueCount) but can hold at most {room:,}")

    def _scan_quick(self, window: bytes) -> bool:
        """True when the window is written the usual way and its references were all taken,
        exactly, by a few whole-window NumPy passes (`_fast_extent`); False leaves the window to
        the exact scan: an attack, an unusual writer, anything the fast path is not sure of."""
        found = _fast_extent(window)
        if found is None:
            return False
        rows, cols = found
        self.rows, self.cols = max(self.rows, rows), max(self.cols, cols)
        return True

    def extent(self) -> Extent:
        # everything a cell holds literally (inline texts, cached formula texts) is in the part
        return Extent(self.rows + self.implicit, self.cols + self.implicit, text=self.offset,
                      strings=self.shared_cells)

    def string_lengths(self) -> np.ndarray:
        """Shared strings part: an upper bound of each string's decoded size (bytes from its <si>
        to the next; entities and tags only shrink when decoded)."""
        if not self.si_starts:
            return np.zeros(0, dtype=np.int64)
        starts = np.concatenate(self.si_starts)
        return np.diff(np.append(starts, self.offset))


def _is_strings_part(part: str) -> bool:
    return part.lower().endswith("sharedstrings.xml")


#: a shared string's element, and a cell's mark that it refers to one (t="s", any quotes and spaces)
_SI = re.compile(rb"<(?:[\w.-]+:)?si(?=[\s/>])")
_SHARED_MARK = re.compile(rb"""\st\s*=\s*["']\s*s\s*["']""")
#: the same, counted over a whole window: without the whitespace before (twice as fast; it may
#: count an attribute that ends in t, which only makes the bound larger)
_SHARED_COUNT = re.compile(rb"""t\s*=\s*["']\s*s\s*["']""")
#: cells and values, in document order (for the exact sum of the shared strings referred to)
_CELL_OR_VALUE = re.compile(rb"<(?:[\w.-]+:)?(c|v)(?=[\s/>])([^>]*)>([^<]*)")


def shared_text(member, lengths: np.ndarray, part: str) -> tuple[int, int]:
    """(bytes of shared strings the cells of a worksheet part refer to, summed cell by cell;
    cells that refer to one) read from `member`: each t="s" cell's <v> is the index."""
    tags = _TagWindows(part)
    total = cells = 0
    pending = False
    n = len(lengths)

    def scan(window: bytes) -> None:
        nonlocal total, cells, pending
        for name, attrs, text in _CELL_OR_VALUE.findall(window):
            if name == b"c":
                pending = not attrs.endswith(b"/") and _SHARED_MARK.search(attrs) is not None
                cells += pending
            elif pending:
                pending = False
                digits = text.strip()
                if digits.isdigit() and len(digits) <= 12:
                    index = int(digits)
                    if index < n:
                        total += int(lengths[index])

    while True:
        chunk = member.read(_CHUNK)
        if not chunk:
            break
        scan(tags.windows(chunk))
    scan(tags.finish())
    return total, cells


_PREFIXED_TAG = re.compile(rb":(?:c|row)[\s/>]")
_SST = re.compile(rb"""<(?:[\w.-]+:)?sst\b(?:[^>"']|"[^"]*"|'[^']*')*?\suniqueCount\s*=\s*["']\s*(\d+)""")
#: a reference the fast path reads: at most this many letters, and characters (XFD1048576 is 10)
_FAST_LETTERS, _FAST_CHARS = 4, 11
_FAST_WIDTH = _FAST_CHARS + 1  # and the closing quote
_FAST_PAD = b"\0" * 16
#: the bytes a bytes regex's \s takes (XML's whitespace is space, tab, CR and LF)
_SPACES = np.zeros(256, dtype=bool)
_SPACES[list(b" \t\n\r\x0b\x0c")] = True
_ENDS_NAME = _SPACES.copy()  # what may follow a tag's name
_ENDS_NAME[list(b"/>")] = True
_WHITESPACE = b" \t\n\r\x0b\x0c"


def _spaced_reference(window: bytes, spaced: np.ndarray) -> bool:
    """Whether any "=" at `spaced` (each after whitespace) may end a reference written "r =" or
    "r  =" (whitespace, r, whitespace, =); True also when one cannot be told from the 80 bytes
    before it, or there are too many to look at one by one."""
    if len(spaced) > 256:
        return True
    for e in spaced.tolist():
        head = window[max(0, e - 80):e].rstrip(_WHITESPACE)
        if len(head) < 2 or (head[-1] == 114 and head[-2] in _WHITESPACE):
            return True
    return False


def _fast_extent(window: bytes) -> tuple[int, int] | None:
    """(farthest row, farthest column) of the references in `window`: the same numbers the exact
    scan takes from it, read with a few whole-window NumPy passes; or None when the window is not
    of the one form read here (then the exact scan reads it):

    - every <c and <row tag (any name ending) starts with a plain ` r="` (a space, then r="), and
      no tag is prefixed (x:c), so no position is implicit;
    - no "r =" (whitespace before "="), and every "r=" after whitespace (where the exact scan
      takes a reference: in any tag, or in text) is followed by a double quote;
    - every such reference is 0-4 letters and then digits (no leading zero), 11 characters at most,
      and the closing quote.

    None costs nothing but the exact scan of this window."""
    if _PREFIXED_TAG.search(window):
        return None
    a = np.frombuffer(window + _FAST_PAD, dtype=np.uint8)
    n = len(window)
    after = a[1:n + 1]
    tags = np.flatnonzero((a[:n] == 60) & ((after == 99) | (after == 114)))  # "<c...", "<r..."
    named = a[tags + 1]
    cell = tags[(named == 99) & _ENDS_NAME[a[tags + 2]]]  # "<c" and a space, "/" or ">"
    tags = tags[named == 114]
    row = tags[(a[tags + 2] == 111) & (a[tags + 3] == 119) & _ENDS_NAME[a[tags + 4]]]  # "<row"
    if not ((a[cell + 2] == 32).all() and (a[cell + 3] == 114).all() and (a[cell + 4] == 61).all()
            and (a[row + 4] == 32).all() and (a[row + 5] == 114).all() and (a[row + 6] == 61).all()):
        return None
    eq = np.flatnonzero(a[:n] == 61)  # "="
    eq = eq[eq >= 2]
    before = a[eq - 1]
    spaced = eq[_SPACES[before]]
    if len(spaced) and _spaced_reference(window, spaced):
        return None  # "r =" (the exact scan reads it), or too many "=" after spaces to look at
    # every "r=" after whitespace, wherever it stands (in a tag, a second one in a tag, in text):
    # all are taken, as the exact scan takes them
    eq = eq[(before == 114) & _SPACES[a[eq - 2]]]
    if not len(eq):
        return 0, 0
    if not (a[eq + 1] == 34).all():
        return None  # spaces after "=", or single quotes
    refs = np.lib.stride_tricks.sliding_window_view(a, _FAST_WIDTH)[eq + 2]  # each reference, left-aligned
    every = np.arange(len(refs))
    closing = refs == 34
    length = closing.argmax(axis=1)
    letter = (refs & 0xDF) - 65 < 26
    digit = refs - 48 < 10
    n_letters = letter.argmin(axis=1)  # the first that is not a letter (the quote is not)
    n_digits = length - n_letters
    # letters, then digits, then the quote: the first character that is neither is the closing
    # quote, and no digit before it is followed by a letter
    switch = digit[:, :-1] & letter[:, 1:]
    back = switch.argmax(axis=1)
    if (not closing[every, length].all() or not ((digit | letter).argmin(axis=1) == length).all()
            or (switch[every, back] & (back < length)).any()
            or n_letters.max() > _FAST_LETTERS or n_digits.min() < 1
            or (refs[every, n_letters] == 48).any()):  # a leading zero: more digits, not a larger number
        return None
    # rows: the largest of the references with the most digits
    most = int(n_digits.max())
    top = np.flatnonzero(n_digits == most)
    digits = np.lib.stride_tricks.sliding_window_view(a, most)[eq[top] + 2 + n_letters[top]]
    rows = int(((digits - 48).astype(np.float64) @ (10.0 ** np.arange(most - 1, -1, -1))).max())
    cols = 0
    wide = int(n_letters.max())
    if wide:
        top = np.flatnonzero(n_letters == wide)
        letters = (refs[top, :wide] & 0xDF).astype(np.int64) - 64
        cols = int((letters @ (26 ** np.arange(wide - 1, -1, -1, dtype=np.int64))).max())
    return rows, cols


def _column_number(letters: bytes) -> int:
    number = 0
    for ch in letters:
        number = number * 26 + (ch - 64)
    return number


# ods: the table, row and cell tags, in document order
_ODS_TAG = re.compile(rb"""<(/?)table:(table|table-row|table-cell|covered-table-cell)(?=[\s/>])"""
                      rb"""((?:[^>"']|"[^"]*"|'[^']*')*?)(/?)>""")
_ODS_ROWS_REPEATED = re.compile(rb"""table:number-rows-repeated\s*=\s*["']\s*(\d+)""")
_ODS_COLS_REPEATED = re.compile(rb"""table:number-columns-repeated\s*=\s*["']\s*(\d+)""")
_ODS_NAME = re.compile(rb"""table:name\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_ODS_VALUE = re.compile(rb"(?:office:value-type|table:formula|office:string-value)\s*=")


class _OdsScan:
    """Per table of content.xml: the last row holding a cell with content, times repeats, and
    the farthest such cell. Empty rows and cells after the last content cost nothing in
    calamine; before it they are part of the rectangle."""

    def __init__(self, part: str):
        self.tags = _TagWindows(part)
        self.sheets: dict[str, Extent] = {}
        self.depth = 0
        self.name = ""
        self.row = 0  # rows before the current one
        self.row_repeat = 1
        self.col = 0
        self.row_cols = 0  # farthest content cell of the current row
        self.current: Extent | None = None
        self.open = {b"table": 0, b"table-row": 0, b"table-cell": 0}  # elements opened, not yet closed
        # the memory estimate: bytes of the part before the window; the current cell's start
        # and repeat count; text bytes and text cells of the current row (repeats across counted)
        self.offset = 0
        self.cell_start, self.cell_repeat = -1, 1
        self.row_text = self.row_strings = 0

    def feed(self, chunk: bytes) -> None:
        self._scan(self.tags.windows(chunk))

    def finish(self) -> None:
        """calamine loops forever on a table, row or cell that the file ends inside of (a
        truncated content.xml): such a file is refused here."""
        self._scan(self.tags.finish())
        unclosed = [tag.decode() for tag, n in self.open.items() if n > 0]
        if unclosed:
            raise _Damaged(f'the part "{self.tags.part}" ends inside a table:{unclosed[-1]} element '
                           "(it is truncated)")

    def _scan(self, window: bytes) -> None:
        opened = self.open
        base, self.offset = self.offset, self.offset + len(window)
        for found in _ODS_TAG.finditer(window):
            closing, tag, attrs, empty = found.groups()
            if not empty:
                key = b"table-cell" if tag == b"covered-table-cell" else tag
                opened[key] += -1 if closing else 1
            if tag == b"table":
                self._table(closing, attrs, empty)
            elif self.current is None:
                continue
            elif tag == b"table-row":
                if closing:
                    self._end_row()
                else:
                    found_repeat = _ODS_ROWS_REPEATED.search(attrs)
                    self.row_repeat = _count(found_repeat)
                    self.col = self.row_cols = 0
                    self.row_text = self.row_strings = 0
                    if empty:
                        self.row += self.row_repeat
            else:  # a cell
                if closing:
                    if self.cell_start >= 0 and opened[b"table-cell"] == 0:
                        self._cell_text(base + found.end() - self.cell_start)
                    continue
                found_repeat = _ODS_COLS_REPEATED.search(attrs)
                repeat = _count(found_repeat)
                self.col += repeat
                if not empty or _ODS_VALUE.search(attrs):
                    self.row_cols = self.col
                if opened[b"table-cell"] == (0 if empty else 1):  # an outer cell (not one nested in it)
                    self.cell_repeat = repeat
                    if empty:
                        self.cell_start = base + found.start()
                        self._cell_text(found.end() - found.start())
                    else:
                        self.cell_start = base + found.start()

    def _cell_text(self, size: int) -> None:
        """A cell of `size` bytes (its tags, attributes and text: all calamine may decode),
        repeated across; a cell of no more than its tag holds no text."""
        if size > 64:
            self.row_text += size * self.cell_repeat
            self.row_strings += self.cell_repeat
        self.cell_start, self.cell_repeat = -1, 1

    def _table(self, closing, attrs, empty) -> None:
        if closing:
            self.depth = max(0, self.depth - 1)
            return
        if empty:
            return
        self.depth += 1
        if self.depth > 1:
            return  # a table inside a cell: its rows count as the outer table's
        found = _ODS_NAME.search(attrs)
        name = (found.group(1) or found.group(2) or b"").decode("utf-8", "replace") if found else ""
        self.name = html.unescape(name) or f"Sheet{len(self.sheets) + 1}"
        self.current = self.sheets.setdefault(self.name, Extent())
        self.row = 0
        self.row_repeat, self.col, self.row_cols = 1, 0, 0

    def _end_row(self) -> None:
        if self.row_cols:
            self.current.rows = max(self.current.rows, self.row + self.row_repeat)
            self.current.cols = max(self.current.cols, self.row_cols)
        # repeated rows and cells are each a copy of their text (calamine clones them)
        self.current.text += self.row_text * self.row_repeat
        self.current.strings += self.row_strings * self.row_repeat
        self.row_text = self.row_strings = 0
        self.row += self.row_repeat
        self.row_repeat, self.col, self.row_cols = 1, 0, 0


def _count(found) -> int:
    """A repeat count; absent or 0 means 1, absurdly long numbers are capped (still absurd)."""
    if not found:
        return 1
    digits = found.group(1).lstrip(b"0")
    return 10**12 if len(digits) > 12 else max(1, int(digits or b"0"))


# xlsb: BIFF12 records; BrtRowHdr (0) sets the row, cell records (1-11) start with the column
_XLSB_CELLS = range(0x0001, 0x000C)
#: cell records that hold their text (BrtCellSt, BrtFmlaString); BrtCellIsst (7) refers to a shared one
_XLSB_TEXT_CELLS = frozenset({0x0006, 0x0008})


class _XlsbScan:
    """Farthest row and column of an .xlsb worksheet part; and, for any record part calamine
    reads, no record longer than what is left of the part (calamine sizes its buffer by it)."""

    def __init__(self, part: str, cells: bool = True, lengths=None):
        self.part, self.cells = part, cells
        self.buf = b""
        self.skip = 0
        self.row = 0
        self.rows = self.cols = 0
        #: xl/sharedStrings.bin: an upper bound of each shared string's decoded size (BrtSSTItem)
        self.strings_part = not cells and _is_xlsb_strings_part(part)
        self.lengths = array("q")
        #: worksheets: cells that refer to a shared string (BrtCellIsst), text held in the cells
        #: themselves (BrtCellSt, BrtFmlaString); with `given` (the shared strings' sizes), the
        #: exact sum of the shared strings the cells refer to
        self.shared_cells = self.text = self.shared = 0
        self.given = lengths

    def feed(self, chunk: bytes) -> None:
        if self.skip:
            if len(chunk) <= self.skip:
                self.skip -= len(chunk)
                return
            chunk, self.skip = chunk[self.skip:], 0
        data = self.buf + chunk if self.buf else chunk
        n, pos = len(data), 0
        unpack = struct.unpack_from
        while pos < n:
            start = pos
            b = data[pos]
            pos += 1
            typ = b & 0x7F
            if b & 0x80:
                if pos >= n:
                    pos = start
                    break
                typ += (data[pos] & 0x7F) << 7
                pos += 1
            size, shift, complete = 0, 0, False
            for _attempt in range(4):
                if pos >= n:
                    break
                b = data[pos]
                pos += 1
                size += (b & 0x7F) << shift
                shift += 7
                if not b & 0x80:
                    complete = True
                    break
            else:
                complete = True
            if not complete:
                pos = start
                break
            if self.cells and (typ == 0 or typ in _XLSB_CELLS) and size >= 4:
                if pos + 4 > n or (typ == 0x0007 and self.given is not None and size >= 12 and pos + 12 > n):
                    pos = start
                    break
                value = unpack("<I", data, pos)[0]
                if typ == 0:
                    self.row = value
                else:
                    self.rows = max(self.rows, self.row + 1)
                    self.cols = max(self.cols, value + 1)
                    if typ == 0x0007:
                        self.shared_cells += 1
                        if self.given is not None and size >= 12:
                            index = unpack("<I", data, pos + 8)[0]
                            if index < len(self.given):
                                self.shared += self.given[index]
                    elif typ in _XLSB_TEXT_CELLS:
                        self.text += size * 3 // 2  # UTF-16: 2 bytes a unit, at most 3 in UTF-8
            elif self.strings_part and typ == 0x0013 and size >= 5:
                if pos + 5 > n:
                    pos = start
                    break
                # flags (1 byte), then the count of UTF-16 units and the units: each decodes to at
                # most 3 bytes of UTF-8 (calamine refuses a count beyond the record)
                units = min(unpack("<I", data, pos + 1)[0], (size - 5) // 2)
                self.lengths.append(3 * units)
            pos += size
        if pos > n:
            self.skip, pos = pos - n, n
        self.buf = data[pos:]
        if len(self.buf) > 64:
            raise _Damaged(f'the part "{self.part}" is not a sequence of records')

    def finish(self) -> None:
        if self.skip:
            raise _Damaged(f'the part "{self.part}" ends inside a record ({self.skip:,} bytes short)')

    def extent(self) -> Extent:
        return Extent(self.rows, self.cols, text=self.text, strings=self.shared_cells)

    def string_lengths(self) -> np.ndarray:
        return np.frombuffer(self.lengths, dtype=np.int64) if len(self.lengths) else np.zeros(0, dtype=np.int64)


def _is_xlsb_strings_part(part: str) -> bool:
    """The part calamine reads the shared strings of an .xlsb from (its name, any case)."""
    return part.replace("\\", "/").lower() == "xl/sharedstrings.bin"


def xlsb_shared_text(member, lengths: np.ndarray, part: str) -> tuple[int, int]:
    """(bytes of shared strings the cells of an .xlsb worksheet part refer to, summed cell by
    cell; cells that refer to one), read from `member`."""
    scan = _XlsbScan(part, lengths=lengths.tolist())
    while True:
        chunk = member.read(_CHUNK)
        if not chunk:
            break
        scan.feed(chunk)
    scan.finish()
    return scan.shared, scan.shared_cells


def check_zip(path: str, limits: ReadLimits) -> dict[str, Extent]:
    """Refuse a damaged zip or one that would inflate beyond the budget.

    Returns, per sheet part (.xlsx/.xlsb worksheet part, or ods table name as
    "content.xml#Name"), the Extent its cells reach, found while inflating: calamine
    allocates that whole rectangle, so a tiny file with one cell at XFD1048576 must be
    refused before it is loaded.
    """
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise DataError(_("the workbook is damaged or truncated (its zip directory is missing); "
                          "save it again from Excel"), code="truncated", file=path) from None
    except (NotImplementedError, EOFError, ValueError, OverflowError) as exc:
        # e.g. "zip file version 6.4": a zip feature no spreadsheet program writes, or a damaged directory
        raise DataError(_("the workbook is damaged or not a spreadsheet zip ({error}); save it again "
                          "from Excel").format(
            error=exc),
                        code="truncated", file=path) from None
    with archive:
        infos = archive.infolist()
        declared = sum(i.file_size for i in infos)
        if declared > limits.max_unzipped_bytes:
            raise DataError(_("the workbook would unpack to {size} bytes, more than the limit of {limit} (a zip "
                              "bomb?)").format(size=f"{declared:,}", limit=f"{limits.max_unzipped_bytes:,}"),
                                  code="zip_bomb", file=path)
        for info in infos:
            if info.file_size > _CHUNK and info.file_size > limits.max_zip_ratio * max(1, info.compress_size):
                raise DataError(_('the workbook part "{part}" is compressed {ratio} to 1, far beyond any real '
                                  "workbook (a zip bomb?)").format(
                    part=info.filename, ratio=f"{info.file_size / max(1, info.compress_size):,.0f}"),
                        code="zip_bomb", file=path)
        binary_sheets = _xlsb_sheet_parts(archive, infos, limits)
        budget = limits.sheet_cell_budget(os.path.getsize(path))
        total = 0
        extents: dict[str, Extent] = {}
        strings: list[np.ndarray] = []
        for info in infos:
            seen = 0
            scan = _scanner(info, binary_sheets, budget)
            try:
                with archive.open(info) as member:
                    while True:
                        chunk = member.read(_CHUNK)
                        if not chunk:
                            break
                        seen += len(chunk)
                        total += len(chunk)
                        if total > limits.max_unzipped_bytes or seen > info.file_size:
                            raise DataError(_("the workbook unpacks to more than it declares or than the limit "
                                              "of {limit} bytes (a zip bomb?)").format(
                                limit=f"{limits.max_unzipped_bytes:,}"),
                                            code="zip_bomb", file=path)
                        if scan is not None:
                            scan.feed(chunk)
                if scan is not None:
                    scan.finish()
            except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError) as exc:
                raise DataError(_('the workbook is damaged or truncated (part "{part}": {error})').format(
                    part=info.filename, error=exc),
                                code="truncated", file=path) from None
            except _Damaged as exc:
                raise DataError(_("the workbook is damaged: {error}").format(error=exc),
                    code="truncated", file=path) from None
            if isinstance(scan, _OdsScan):
                for name, extent in scan.sheets.items():
                    extents[f"{info.filename}#{name}"] = extent
            elif isinstance(scan, (_XlsxScan, _XlsbScan)) and scan.strings_part:
                strings.append(scan.string_lengths())
            elif scan is not None and getattr(scan, "cells", True):
                extents[info.filename] = scan.extent()
        if strings:
            _add_shared_text(archive, extents, _longest(strings), limits.read_budget(os.path.getsize(path)), path)
    return extents


def _longest(strings: list[np.ndarray]) -> np.ndarray:
    """Index by index, the longest of several shared strings parts (calamine reads one)."""
    out = np.zeros(max(len(a) for a in strings), dtype=np.int64)
    for a in strings:
        out[:len(a)] = np.maximum(out[:len(a)], a)
    return out


def _add_shared_text(archive: zipfile.ZipFile, extents: dict[str, Extent], lengths: np.ndarray, budget: int,
                     path: str) -> None:
    """Count into each worksheet part's text the shared strings its cells refer to: at most the
    longest string for every t="s" cell; when that bound is over the budget, the exact sum,
    cell by cell (a second pass over the part)."""
    longest = int(lengths.max()) if len(lengths) else 0
    for part, extent in extents.items():
        if not extent.strings or not longest:
            continue
        extent.shared = extent.strings * longest
        if extent.memory() + 2 * extent.shared > budget:
            try:
                with archive.open(part) as member:
                    exact = xlsb_shared_text if part.lower().endswith(".bin") else shared_text
                    extent.shared, extent.strings = exact(member, lengths, part)
            except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, KeyError) as exc:
                raise DataError(_('the workbook is damaged or truncated (part "{part}": {error})').format(
                    part=part, error=exc), code="truncated", file=path) from None
            except _Damaged as exc:
                raise DataError(_("the workbook is damaged: {error}").format(error=exc),
                                code="truncated", file=path) from None
        extent.text += extent.shared


def _scanner(info: zipfile.ZipInfo, binary_sheets: set[str], budget: int | None = None):
    name = info.filename
    if name == "content.xml":
        return _OdsScan(name)
    if name.lower().endswith(".xml"):
        return _XlsxScan(name, budget, info.file_size)
    if _is_xlsb_strings_part(name):  # a target of the workbook's relationships, but no sheet
        return _XlsbScan(name, cells=False)
    if name in binary_sheets:
        return _XlsbScan(name)
    if name in _XLSB_RECORD_PARTS:
        return _XlsbScan(name, cells=False)
    return None


#: other .xlsb parts calamine reads record by record
_XLSB_RECORD_PARTS = {"xl/workbook.bin", "xl/sharedStrings.bin", "xl/styles.bin"}


_TARGET = re.compile(rb"""Target\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def _xlsb_sheet_parts(archive: zipfile.ZipFile, infos, limits: ReadLimits) -> set[str]:
    """.bin parts that may be worksheets: those under xl/worksheets/ and the targets of the
    workbook's relationships (other .bin parts, printer settings or macros, hold no cells)."""
    names = {i.filename for i in infos}
    parts = {n for n in names if n.lower().endswith(".bin") and n.lower().startswith("xl/worksheets/")}
    rels = next((i for i in infos if i.filename == "xl/_rels/workbook.bin.rels"), None)
    if rels is not None and rels.file_size <= 16 << 20:
        try:
            text = archive.read(rels)
        except Exception:
            text = b""
        for found in _TARGET.finditer(text):
            target = (found.group(1) or found.group(2) or b"").decode("utf-8", "replace")
            for candidate in (f"xl/{target}", target.lstrip("/"),
                              posixpath.normpath(posixpath.join("xl", target)).lstrip("/")):
                if candidate in names and not candidate.lower().endswith(("vbaproject.bin",)):
                    parts.add(candidate)
    return parts


def _xlsb_sheet_names(path: str) -> dict[str, str]:
    """Sheet name -> worksheet part of an .xlsb, from xl/workbook.bin (BrtBundleSh records)."""
    try:
        with zipfile.ZipFile(path) as z:
            book = z.read("xl/workbook.bin")
            rels = z.read("xl/_rels/workbook.bin.rels")
    except Exception:
        return {}
    targets = {}
    for found in re.finditer(rb"""<Relationship\b[^>]*>""", rels):
        rid = re.search(rb"""\sId\s*=\s*["']([^"']*)""", found.group(0))
        target = _TARGET.search(found.group(0))
        if rid and target:
            targets[rid.group(1).decode("utf-8", "replace")] = (target.group(1) or target.group(2)).decode(
                "utf-8", "replace")
    out = {}
    pos, n = 0, len(book)
    try:
        while pos < n:
            b = book[pos]
            pos += 1
            typ = b & 0x7F
            if b & 0x80:
                typ += (book[pos] & 0x7F) << 7
                pos += 1
            size = 0
            for i in range(4):
                b = book[pos]
                pos += 1
                size += (b & 0x7F) << (7 * i)
                if not b & 0x80:
                    break
            data = book[pos:pos + size]
            pos += size
            if typ == 0x009C and len(data) >= 12:
                rel_len = struct.unpack_from("<I", data, 8)[0]
                if rel_len == 0xFFFFFFFF:
                    continue
                rid = data[12:12 + 2 * rel_len].decode("utf-16-le", "replace")
                at = 12 + 2 * rel_len
                name_len = struct.unpack_from("<I", data, at)[0]
                name = data[at + 4:at + 4 + 2 * name_len].decode("utf-16-le", "replace")
                if rid in targets:
                    out[name] = posixpath.normpath(f"xl/{targets[rid]}")
            elif typ == 0x0090:
                break
    except (IndexError, struct.error):
        pass
    return out


# ---- .xls: the Workbook stream of the compound file, scanned record by record --------------

_FREE_SECTORS = 0xFFFFFFFA  # this and above: no sector (end of chain, free, FAT, DIFAT)
_XLS_CELLS = frozenset({0x0001, 0x0002, 0x0003, 0x0004, 0x0005, 0x0006, 0x00D6, 0x00FD, 0x0201, 0x0203, 0x0204,
                        0x0205, 0x0206, 0x027E, 0x0406})
_XLS_MULTI = frozenset({0x00BD, 0x00BE})  # MulRk, MulBlank: row, first column, ..., last column


def _cfb_streams(data: bytes, wanted: tuple[str, ...]) -> list[bytes]:
    """The streams named `wanted` (case-insensitive) of an OLE2 compound file."""
    if len(data) < 512:
        raise _Damaged("the file is shorter than a compound-file header")
    shift, mini_shift = struct.unpack_from("<HH", data, 30)
    if not 7 <= shift <= 16 or not 2 <= mini_shift <= shift:
        raise _Damaged(f"its sector size (2^{shift}) is not one a spreadsheet program writes")
    size = 1 << shift
    n_sectors = max(0, (len(data) - size) // size + (1 if (len(data) - size) % size else 0))
    (_num_fat, dir_start, _txn, cutoff, minifat_start, _num_minifat, difat_start,
      _num_difat) = struct.unpack_from("<IIIIIIII", data, 44)

    def sector(i: int) -> bytes:
        if i >= n_sectors:
            raise _Damaged(f"sector {i} is past the end of the file")
        return data[size * (i + 1): size * (i + 2)]

    fat_sectors = [s for s in struct.unpack_from("<109I", data, 76) if s < _FREE_SECTORS]
    nxt, hops = difat_start, 0
    while nxt < _FREE_SECTORS and hops <= n_sectors:
        block = struct.unpack(f"<{size // 4}I", sector(nxt).ljust(size, b"\0"))
        fat_sectors.extend(s for s in block[:-1] if s < _FREE_SECTORS)
        nxt, hops = block[-1], hops + 1
    fat_bytes = b"".join(sector(s) for s in fat_sectors[:n_sectors + 1])
    fat = struct.unpack(f"<{len(fat_bytes) // 4}I", fat_bytes[: len(fat_bytes) // 4 * 4])

    def chain(start: int, table, limit: int) -> list[int]:
        out, seen = [], set()
        while start < _FREE_SECTORS and start < len(table) and start not in seen and len(out) <= limit:
            seen.add(start)
            out.append(start)
            start = table[start]
        if start < _FREE_SECTORS and start not in seen and len(out) <= limit:
            out.append(start)  # a last sector the table does not cover
        return out

    def read(start: int) -> bytes:
        return b"".join(sector(s) for s in chain(start, fat, n_sectors) if s < n_sectors)

    directory = read(dir_start)
    entries = [directory[k:k + 128] for k in range(0, len(directory) - 127, 128)]
    if not entries:
        raise _Damaged("it has no directory")
    root = entries[0]
    mini_stream = b""
    minifat: tuple = ()
    out = []
    for entry in entries:
        name_len = min(64, struct.unpack_from("<H", entry, 64)[0])
        name = entry[:max(0, name_len - 2)].decode("utf-16-le", "replace")
        if entry[66] != 2 or name.lower() not in wanted:
            continue
        start, length = struct.unpack_from("<IQ", entry, 116)
        if size == 512:
            length &= 0xFFFFFFFF
        if length < cutoff:
            if not mini_stream:
                mini_stream = read(struct.unpack_from("<I", root, 116)[0])
                raw = read(minifat_start) if minifat_start < _FREE_SECTORS else b""
                minifat = struct.unpack(f"<{len(raw) // 4}I", raw[: len(raw) // 4 * 4])
            mini = 1 << mini_shift
            blocks = chain(start, minifat, len(mini_stream) // mini + 1)
            stream = b"".join(mini_stream[b * mini:(b + 1) * mini] for b in blocks)
        else:
            stream = read(start)
        out.append(stream[:length])
    return out


def scan_xls(path: str, limits: ReadLimits) -> dict[str, Extent]:
    """Sheet name -> Extent of an .xls (BIFF) workbook, from its records: the DIMENSIONS record
    (calamine reserves that much) and every cell record's row and column."""
    with open(path, "rb") as handle:
        data = handle.read(limits.max_file_bytes + 1)
    try:
        streams = _cfb_streams(data, ("workbook", "book"))
    except (_Damaged, struct.error, IndexError) as exc:
        reason = str(exc) if isinstance(exc, _Damaged) else "its structure is broken"
        raise DataError(_("the workbook is damaged or truncated ({reason}); save it again from Excel").format(
            reason=reason),
                        code="truncated", file=path) from None
    extents: dict[str, Extent] = {}
    for stream in streams:
        lengths = _biff_sst_lengths(stream)
        for name, pos in _biff_sheets(stream):
            extent = _biff_sheet_extent(stream, pos, lengths)
            extents[name] = extents[name].merge(extent) if name in extents else extent
    return extents


#: BIFF8 records: SST (the shared strings), CONTINUE (its data goes on), LabelSst (a cell that
#: refers to a shared string), and the cell records that hold a text of their own (Label, RString)
_BIFF_SST, _BIFF_CONTINUE, _BIFF_LABEL_SST = 0x00FC, 0x003C, 0x00FD
_BIFF_TEXT_CELLS = frozenset({0x0204, 0x00D6})


def _biff_sst_lengths(stream: bytes) -> array:
    """An upper bound of each shared string's decoded size (UTF-8 bytes: 2 a character stored in
    one byte, 3 a UTF-16 unit), read as calamine reads the SST record of the workbook globals and
    its CONTINUE records: a string's characters may go on in the next record after a flags byte
    of their own; its formatting runs and phonetic data are skipped."""
    parts: list[bytes] = []
    pos, n = 0, len(stream)
    unpack = struct.unpack_from
    while pos + 4 <= n:
        typ, size = unpack("<HH", stream, pos)
        body = stream[pos + 4:pos + 4 + size]
        pos += 4 + size
        if parts:
            if typ != _BIFF_CONTINUE:
                break
            parts.append(body)
        elif typ == _BIFF_SST:
            parts.append(body[8:])
        elif typ == 0x000A:  # the end of the globals: no SST
            break
    out = array("q")
    k, data, at = 0, parts[0] if parts else b"", 0
    while parts:
        if at >= len(data):
            k += 1
            if k >= len(parts):
                break
            data, at = parts[k], 0
            continue
        if len(data) - at < 3:
            break  # calamine refuses the workbook
        cch, flags = unpack("<HB", data, at)
        at += 3
        runs = extra = 0
        if flags & 0x8:
            runs = unpack("<H", data, at)[0] if at + 2 <= len(data) else 0
            at += 2
        if flags & 0x4:
            extra = unpack("<I", data, at)[0] if at + 4 <= len(data) else 0
            at += 4
        wide, left, bound = flags & 0x1, cch, 0
        while left > 0:
            step = 2 if wide else 1
            take = min(left, max(0, len(data) - at) // step)
            bound += take * (3 if wide else 2)
            at += take * step
            left -= take
            if left > 0:
                k += 1
                if k >= len(parts) or not parts[k]:
                    break
                data = parts[k]
                wide, at = data[0] & 0x1, 1
        out.append(bound)
        skip = runs * 4 + extra
        while skip > 0 and k < len(parts):
            if at >= len(data):
                k += 1
                if k >= len(parts):
                    break
                data, at = parts[k], 0
                continue
            step = min(skip, len(data) - at)
            at += step
            skip -= step
    return out


def _biff_sheets(stream: bytes) -> list[tuple[str, int]]:
    """(name, offset of its BOF) of each BoundSheet record of the workbook globals."""
    sheets, pos, n = [], 0, len(stream)
    while pos + 4 <= n:
        typ, size = struct.unpack_from("<HH", stream, pos)
        body = stream[pos + 4:pos + 4 + size]
        pos += 4 + size
        if typ == 0x0085 and len(body) >= 8:
            offset = struct.unpack_from("<I", body, 0)[0]
            cch, flags = body[6], body[7]
            raw = body[8:8 + (2 * cch if flags & 1 else cch)]
            name = raw.decode("utf-16-le" if flags & 1 else "latin-1", "replace")
            if not name.strip() or len(raw) < cch:
                name = body[7:7 + cch].decode("latin-1", "replace")  # BIFF5: no flags byte
            sheets.append((name or f"Sheet{len(sheets) + 1}", offset))
        elif typ == 0x000A:
            break
    return sheets


def _biff_sheet_extent(stream: bytes, pos: int, lengths=()) -> Extent:
    """Every record up to the sheet's own EOF, nested substreams (charts) included; with the
    decoded size of each shared string (`lengths`), the text its LabelSst cells refer to, cell by
    cell (calamine copies the string into each), and the text its other cells hold."""
    extent = Extent()
    rows = cols = 0
    depth, n = 0, len(stream)
    unpack = struct.unpack_from
    count = len(lengths)
    shared = text = strings = 0
    while pos + 4 <= n:
        typ, size = unpack("<HH", stream, pos)
        at = pos + 4
        pos = at + size
        if typ in _XLS_CELLS:
            if size >= 4 and at + 4 <= n:
                r, c = unpack("<HH", stream, at)
                rows, cols = max(rows, r + 1), max(cols, c + 1)
            if typ == _BIFF_LABEL_SST:
                if size >= 10 and pos <= n:
                    index = unpack("<I", stream, at + 6)[0]
                    if index < count:
                        shared += lengths[index]
                        strings += 1
            elif typ in _BIFF_TEXT_CELLS:
                text += 2 * size  # a character takes 1 or 2 bytes here, at most 3 in UTF-8
        elif typ in _XLS_MULTI:
            if size >= 6 and pos <= n:
                r, first = unpack("<HH", stream, at)
                last = unpack("<H", stream, pos - 2)[0]
                width = (size - 6) // (6 if typ == 0x00BD else 2)
                rows, cols = max(rows, r + 1), max(cols, first + width, last + 1)
        elif typ == 0x0207:  # the text a formula gave (String), after its Formula record
            text += 2 * size
        elif typ == 0x0200:
            extent.declared = max(extent.declared, _biff_declared(stream[at:pos]))
        elif typ == 0x0809:
            depth += 1
        elif typ == 0x000A:
            depth -= 1
            if depth <= 0:
                break
    extent.rows, extent.cols = rows, cols
    extent.shared, extent.text, extent.strings = shared, text + shared, strings
    return extent


def _biff_declared(body: bytes) -> int:
    """Cells calamine reserves for a DIMENSIONS record (its arithmetic, wrap-arounds included)."""
    if len(body) == 14:
        first_row, last_row, first_col, last_col = struct.unpack_from("<IIHH", body)
    elif len(body) == 10:
        first_row, last_row, first_col, last_col = struct.unpack_from("<HHHH", body)
    else:
        return 0
    if first_col > 0xFF or last_col < first_col:
        first_col = 0
    if last_row < 1 or last_col < 1:
        return 1
    rows = ((last_row - 1 - first_row) % (1 << 32) + 1) % (1 << 32)  # u32 arithmetic, wrapping
    cols = ((last_col - 1 - first_col) % (1 << 32) + 1) % (1 << 32)
    return rows * cols


def _sheet_parts(path: str) -> dict[str, str]:
    """Sheet name -> worksheet part (xl/worksheets/sheetN.xml) from the workbook's XML."""
    # deferred: loads defusedxml (only for .ods/.xlsx extents)
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


class SheetExtents:
    """Sheet name -> Extent found before loading; `fallback` (the farthest of all sheet parts)
    for a sheet whose part could not be told (a workbook.xml our parser refuses, an odd path)."""

    def __init__(self, by_sheet: dict[str, Extent] | None = None, fallback: Extent | None = None,
                 file_bytes: int = 0):
        self.by_sheet, self.fallback, self.file_bytes = by_sheet or {}, fallback, file_bytes

    def get(self, sheet: str) -> Extent | None:
        return self.by_sheet.get(sheet, self.fallback)

    def check(self, path: str, sheet: str, limits: ReadLimits) -> None:
        extent = self.get(sheet)
        if extent is not None:
            check_extent(extent, path, sheet, limits, self.file_bytes)

    def check_all(self, path: str, limits: ReadLimits) -> None:
        """Every sheet, and all of them together: calamine reads every sheet of an .xls or .ods
        when it opens the file, so many sheets each within the budget must not add up beyond it."""
        for sheet, extent in self.by_sheet.items():
            check_extent(extent, path, sheet, limits, self.file_bytes)
        if len(self.by_sheet) > 1:
            need = sum(extent.memory() for extent in self.by_sheet.values())
            budget = limits.read_budget(self.file_bytes)
            if need > budget:
                raise DataError(_("reading its {n} sheets, all read when the workbook is opened, would take about "
                                  "{need} of memory together, more than the limit of {limit} for a workbook of "
                                  "{size} (a file made to exhaust memory?)").format(
                    n=f"{len(self.by_sheet):,}", need=_size(need), limit=_size(budget), size=_size(self.file_bytes)),
                                code="too_large", file=path)


def _farthest(extents) -> Extent | None:
    out = None
    for extent in extents:
        out = extent if out is None else out.merge(extent)
    return out


def scan_workbook(path: str, head: bytes, limits: ReadLimits) -> SheetExtents:
    """The extents of a workbook's sheets, read before calamine sees it; .ods and .xls, whose
    sheets calamine loads all at once when the file is opened, are checked here entirely."""
    file_bytes = os.path.getsize(path)
    if head.startswith(OLE2_MAGIC):
        by_sheet = scan_xls(path, limits)
        out = SheetExtents(by_sheet, _farthest(by_sheet.values()), file_bytes)
        out.check_all(path, limits)
        return out
    by_part = check_zip(path, limits)
    tables = {key.split("#", 1)[1]: e for key, e in by_part.items() if key.startswith("content.xml#")}
    zip_names = _zip_names(path)
    if "content.xml" in zip_names:
        out = SheetExtents(tables, _farthest(tables.values()), file_bytes)
        out.check_all(path, limits)
        return out
    names = _xlsb_sheet_names(path) if "xl/workbook.bin" in zip_names else _sheet_parts(path)
    by_sheet = {name: by_part[part] for name, part in names.items() if part in by_part}
    return SheetExtents(by_sheet, _farthest(by_part.values()), file_bytes)


def _zip_names(path: str) -> set[str]:
    try:
        with zipfile.ZipFile(path) as z:
            return set(z.namelist())
    except Exception:
        return set()
