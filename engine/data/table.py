"""A read table: the DataFrame plus what was inferred about each column.

All three readers (csv, Excel, ARFF) hand raw cells to `build_table`, which
applies the same rules everywhere: header checks, missing-value tokens, type
inference (numeric / nominal), finite numbers, cell-size limits. Row numbers in
messages are the ones a user sees in a spreadsheet (the header is row 1 unless
the sheet starts lower).
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import math
import re
import unicodedata
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..errors import DataError
from ..i18n import _
from .limits import DEFAULT_LIMITS, ReadLimits
from .number_formats import parse_formatted

#: Cell texts read as "missing", compared after stripping spaces, case-insensitive (a dash alone:
#: hyphen, em and en dash, full-width hyphen-minus, as spreadsheets write "no value").
MISSING_TOKENS = frozenset({"", "?", "na", "n/a", "-", "—", "–", "－", "null", "nan", "#n/a"})

NUMERIC = "numeric"
NOMINAL = "nominal"
ORDINAL = "ordinal"
COLUMN_TYPES = (NUMERIC, ORDINAL, NOMINAL)

_DECIMAL_COMMA = re.compile(r"^[+-]?\d+,\d+$")
_MAX_TOKEN_LEN = max(len(t) for t in MISSING_TOKENS)
#: Only this many distinct values are listed per nominal column in the info.
MAX_LISTED_VALUES = 1000

#: Characters no cell or column name keeps: C0 controls except tab and line breaks, DEL,
#: C1 controls, the Unicode line/paragraph separators, and the bidi embeddings, overrides
#: and isolates ("Trojan Source"). They move a terminal's cursor or colours, break
#: line-based tools and XML (the Excel export), or show text in another order than it is.
CONTROL_CHARS = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_CONTROL = re.compile(f"[{CONTROL_CHARS}]")
_CONTROL_OR_CR = re.compile(f"[\r{CONTROL_CHARS}]")
_CONTROL_NAMES = {0: "NUL", 7: "BEL", 8: "BACKSPACE", 0x0B: "VERTICAL TAB", 0x0C: "FORM FEED",
                  0x1B: "ESC", 0x7F: "DEL"}


def _escape_char(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> tuple[str, int]:
    """(text with each control character written as a visible escape such as \\x1b,
    number of such characters). Line breaks stay, CR LF and a lone CR becoming LF."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.subn(_escape_char, text)


def describe_char(ch: str) -> str:
    """'ESC, U+001B' / 'RIGHT-TO-LEFT OVERRIDE, U+202E'."""
    code = ord(ch)
    name = _CONTROL_NAMES.get(code) or unicodedata.name(ch, "") or "control character"
    return f"{name}, U+{code:04X}"


def place_text(file: str | None, sheet: str | None = None, row: int | None = None, column=None) -> str:
    """'file "x.csv", sheet "S", row 5, column "age"' as in error messages, for warnings."""
    text = DataError("", file=file, sheet=sheet, row=row, column=column).place
    return escape_controls(text)[0]


@dataclass
class ColumnInfo:
    """What was inferred about one column; `values` lists nominal categories."""

    name: str
    type: str  # "numeric" or "nominal" (ordinal only when the user says so)
    missing: int
    distinct: int
    values: list[str] = field(default_factory=list)  # nominal: categories, natural order
    counts: list[int] = field(default_factory=list)  # nominal: count per value
    minimum: float | None = None
    maximum: float | None = None
    integer: bool = False  # numeric: every value a whole number
    numeric_text: bool = False  # nominal, but every value reads as a number (kept as text: leading zeros)
    declared_values: list[str] | None = None  # ARFF: the header's value list, in its order
    # nominal for a few cells that are not numbers (at most 10 %): those texts, distinct, natural order
    # (Table.read_as_missing reads them as missing: the column is numeric then)
    not_numbers: list[str] | None = None
    notes: list[str] = field(default_factory=list)  # the reader's warnings about this column (in Table.warnings)

    def to_json(self) -> dict:
        out = {"name": self.name, "type": self.type, "missing": self.missing, "distinct": self.distinct}
        if self.type == NUMERIC:
            out.update(min=self.minimum, max=self.maximum, integer=self.integer)
        else:
            out["values"] = self.values[:MAX_LISTED_VALUES]
            out["counts"] = self.counts[:MAX_LISTED_VALUES]
        if self.declared_values is not None:
            out["declared_values"] = self.declared_values
        if self.numeric_text:
            out["numeric_text"] = True
        if self.not_numbers:
            out["not_numbers"] = self.not_numbers[:MAX_LISTED_VALUES]
        return out


@dataclass
class Table:
    """A table read from a file, ready for `ProblemSpec` and `encode`."""

    frame: pd.DataFrame  # numeric columns float64 (NaN missing); nominal object str (None missing)
    columns: list[ColumnInfo]
    file: str
    sheet: str | None = None
    sheets: list[str] = field(default_factory=list)
    encoding: str | None = None
    delimiter: str | None = None
    first_row: int = 2  # spreadsheet row number of the first data row
    header_row: int = 1  # spreadsheet row (record, in a text file) of the column names
    row_numbers: np.ndarray | None = None  # spreadsheet row of each data row (blank rows skipped)
    warnings: list[str] = field(default_factory=list)

    @property
    def n_rows(self) -> int:
        return len(self.frame)

    def column(self, name: str) -> ColumnInfo:
        for info in self.columns:
            if info.name == name:
                return info
        raise KeyError(name)

    def row_number(self, index: int) -> int:
        """Spreadsheet row number of data row `index` (0-based)."""
        if self.row_numbers is not None:
            return int(self.row_numbers[index])
        return self.first_row + index

    def read_as_missing(self, name: str, texts, limits: ReadLimits | None = None) -> "Table":
        """This table with the cells of column `name` that hold one of `texts` (compared after
        stripping spaces) read as missing, the column inferred again: a number column with a
        few stray texts ("—", "未提供") becomes numeric. The other columns are shared, not copied.
        The reader's warnings about the column give way to what is said now."""
        texts = {str(t).strip() for t in texts}
        old = self.column(name)
        cells = self.frame[name].to_numpy(dtype=object).copy()
        hits = np.fromiter((isinstance(c, str) and c.strip() in texts for c in cells), dtype=bool, count=len(cells))
        cells[hits] = None
        builder = TableBuilder(self.file, limits or DEFAULT_LIMITS, sheet=self.sheet, header_row=self.header_row)
        rows = self.row_numbers if self.row_numbers is not None else np.arange(self.first_row,
                                                                               self.first_row + self.n_rows)
        series, info = builder.infer_column(name, list(cells), rows)
        frame = self.frame.copy(deep=False)
        frame[name] = series
        columns = [info if c.name == name else c for c in self.columns]
        said = _('column "{name}": {n} cell(s) holding {texts} read as missing').format(
            name=name, n=int(hits.sum()), texts=_(", ").join(f'"{escape_controls(t)[0]}"' for t in sorted(texts)))
        warnings = [w for w in self.warnings if w not in old.notes] + builder.warnings + [said]
        info.notes = builder.warnings + [said]
        return dataclasses.replace(self, frame=frame, columns=columns, warnings=warnings)

    def to_json(self) -> dict:
        return {
            "file": self.file,
            "sheet": self.sheet,
            "sheets": self.sheets,
            "encoding": self.encoding,
            "delimiter": self.delimiter,
            "rows": self.n_rows,
            "columns": [c.to_json() for c in self.columns],
            "warnings": self.warnings,
        }


def natural_key(text: str):
    """Sort key that orders '2' before '10' and 'item2' before 'item10'."""
    parts = re.split(r"(\d+(?:\.\d+)?)", text)
    key = []
    for i, part in enumerate(parts):
        if i % 2:
            key.append((0, float(part), part))
        elif part:
            key.append((1, 0.0, part.lower()))
    return key


def format_number(value: float) -> str:
    """The label of a number: '3' for 3.0, '2.5' for 2.5 (shortest round-trip form)."""
    if math.isfinite(value) and value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(float(value))


def _cell_text(value) -> str | None:
    """A raw cell (str, float, bool, date...) as text, or None when empty."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return None if math.isnan(value) else format_number(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, _dt.datetime):
        if value.hour == value.minute == value.second == value.microsecond == 0:
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    if isinstance(value, (_dt.date, _dt.time)):
        return value.isoformat()
    if isinstance(value, _dt.timedelta):
        return str(value)
    return str(value)


def _has_leading_zero(texts) -> bool:
    """Any text like 007 or -01.5 (a code, not a number: the zeros would be lost)."""
    for t in texts:
        if len(t) > 1 and t[0] in "0+-":
            body = t[1:] if t[0] in "+-" else t
            if len(body) > 1 and body[0] == "0" and body[1].isdigit():
                return True
    return False


class PreParsed:
    """A column a fast parser already read as numbers (float64, NaN = missing)."""

    def __init__(self, numbers: np.ndarray):
        self.numbers = numbers

    def __len__(self) -> int:
        return len(self.numbers)


class TextColumn:
    """A column a fast parser read as text: an object array of str, with float NaN where the
    parser already found a missing-value token; or the same as codes into distinct texts
    (-1: NaN) numbered in the order they first occur. Inferred value by value (each distinct
    text once), with the same results as the same cells given as a list of str and NaN."""

    def __init__(self, values: np.ndarray | None = None, *, codes: np.ndarray | None = None,
                 uniques: np.ndarray | None = None):
        self._values = values
        self._factors = None if codes is None else (codes, uniques)

    @property
    def values(self) -> np.ndarray:
        if self._values is None:
            codes, uniques = self._factors
            table = np.empty(len(uniques) + 1, dtype=object)
            table[:-1] = uniques
            table[-1] = np.nan
            self._values = table[codes]
        return self._values

    def __len__(self) -> int:
        return len(self._values) if self._values is not None else len(self._factors[0])

    def factors(self) -> tuple[np.ndarray, np.ndarray]:
        """(codes, distinct texts in the order they first occur); code -1: a NaN cell."""
        if self._factors is None:
            codes, uniques = pd.factorize(self._values)
            self._factors = (np.asarray(codes, dtype=np.int64), np.asarray(uniques, dtype=object))
        return self._factors

    def first_nonblank(self) -> int | None:
        """Index of the first cell that is not empty or spaces, or None."""
        codes, uniques = self.factors()
        filled = [k for k, u in enumerate(uniques) if isinstance(u, str) and u.strip()]
        if not filled:
            return None
        return int(np.argmax(codes == filled[0]))  # codes number texts by first occurrence


def _repair_decimal_commas(parsed: np.ndarray, bad: np.ndarray, bad_text: pd.Series) -> np.ndarray:
    """When every text that is not a number is one with a decimal comma ("1,5"), read those as
    numbers in `parsed`; the cells still not numbers."""
    if all(_DECIMAL_COMMA.match(t) for t in bad_text):
        parsed[bad] = np.array(pd.to_numeric(bad_text.str.replace(",", ".", regex=False), errors="coerce"),
                               dtype=np.float64)
        return np.isnan(parsed)
    return bad


class TableBuilder:
    """Turns raw header + column cells into a `Table`, checking as it goes."""

    def __init__(self, file: str, limits: ReadLimits, *, sheet: str | None = None,
                 decimal_comma: bool = False, missing_tokens: frozenset[str] = MISSING_TOKENS,
                 header_row: int = 1):
        self.file = file
        self.limits = limits
        self.sheet = sheet
        self.decimal_comma = decimal_comma
        self.missing_tokens = missing_tokens
        self.header_row = header_row
        self.warnings: list[str] = []
        #: the reader refused NUL characters already (numpy's text arrays drop a trailing NUL, so
        #: without this promise the cells themselves are searched for one)
        self.nul_free = False
        #: control characters escaped so far: count, and the first (row, column order, column, char)
        self.controls = 0
        self._first_control: tuple | None = None
        self._column_order: dict[str, int] = {}

    def error(self, message: str, code: str, *, row=None, column=None) -> DataError:
        return DataError(message, code=code, file=self.file, sheet=self.sheet, row=row, column=column)

    def header_names(self, header: list, column_label) -> list[str]:
        """Check and clean the header row; `column_label(j)` names column j for messages."""
        names = []
        for j, cell in enumerate(header):
            text = _cell_text(cell)
            names.append(self.clean_name("" if text is None else text.strip(), j, column_label,
                                          self.header_row))
        seen: dict[str, int] = {}
        for j, name in enumerate(names):
            if len(name) > 1000:
                raise self.error(_("the header cell is longer than 1,000 characters; is the first row "
                                   "really a header?"), "header_too_long", row=self.header_row,
                                 column=column_label(j))
            if not name:
                continue
            if name in seen:
                raise self.error(
                    _('the header names "{name}" twice (columns {first} and {second}); give each column its own '
                      "name").format(name=name, first=column_label(seen[name]), second=column_label(j)),
                    "duplicate_header", column=name)
            seen[name] = j
        return names

    def clean_name(self, name: str, j: int, column_label, row) -> str:
        """A column name with control characters escaped (counted for the warning)."""
        if _CONTROL_OR_CR.search(name):
            clean, n = escape_controls(name)
            if n:
                self._note_controls(n, row if row is not None else 0, j, column_label(j),
                                    _CONTROL.search(name).group())
            name = clean.strip()
        return name

    def _note_controls(self, n: int, row: int, order: int, column, ch: str) -> None:
        self.controls += n
        if self._first_control is None or (row, order) < self._first_control[:2]:
            self._first_control = (row, order, column, ch)

    def _control_warning(self) -> None:
        if not self.controls:
            return
        row, _order, column, ch = self._first_control
        where = place_text(self.file, self.sheet, row or None, column)
        count = _("a control character") if self.controls == 1 else \
            _("{n} control or text-direction characters in the table, the first").format(n=f"{self.controls:,}")
        self.warnings.append(
            _('{place}: {count} ({char}) is shown as the escape "{escape}" (such characters would disturb the '
              "screen, exports and other programs). Check the file: it may be damaged or tampered with.").format(
                place=where, count=count, char=describe_char(ch), escape=escape_controls(ch)[0]))

    def build(self, names: list[str], columns: list[list], row_numbers: np.ndarray,
              column_label, declared: dict[str, list[str]] | None = None) -> Table:
        """`columns[j]` holds the raw cells of column j (one per data row)."""
        n_rows = len(row_numbers)
        # names that did not come through header_names (ARFF): the same cleaning
        clean = [self.clean_name(name, j, column_label, None) for j, name in enumerate(names)]
        if declared:
            renamed = dict(zip(names, clean))
            declared = {renamed.get(k, k): [escape_controls(v)[0].strip() for v in vals]
                        for k, vals in declared.items()}
        names = clean
        self._column_order = {name: j for j, name in enumerate(names) if name}
        if not any(names):
            raise self.error(_("the first row is empty; the first row must name the columns"),
                             "no_header", row=int(row_numbers[0]) - 1 if n_rows else 1)
        kept_names, kept_cols = [], []
        for j, (name, cells) in enumerate(zip(names, columns)):
            if not name:
                if isinstance(cells, PreParsed):
                    hits = np.flatnonzero(~np.isnan(cells.numbers))
                    nonempty = int(hits[0]) if len(hits) else None
                elif isinstance(cells, TextColumn):
                    nonempty = cells.first_nonblank()
                else:
                    nonempty = next((i for i, c in enumerate(cells) if _cell_text(c) not in (None, "")
                                     and str(_cell_text(c)).strip()), None)
                if nonempty is None:
                    continue  # an empty column with no header: nothing to lose
                exc = self.error(
                    _("column {column} has values (first in row {row}) but no name in the header row (row "
                      "{header}; if the column names are on another row, choose it: Header row on the Data tab, "
                      "or --header-row N)").format(column=column_label(j), row=int(row_numbers[nonempty]),
                                                   header=self.header_row), "unnamed_column",
                    column=column_label(j))
                # the first row where the table is as wide as this column: perhaps the real header
                exc.header_row_hint = int(row_numbers[nonempty])
                raise exc
            kept_names.append(name)
            kept_cols.append(cells)
        if n_rows == 0:
            raise self.error(_("the table has a header but no data rows"), "no_rows")
        if len(kept_names) > self.limits.max_columns:
            raise self.error(_("{n} columns is more than the limit of {limit}").format(
                n=len(kept_names), limit=self.limits.max_columns), "too_large")
        if n_rows * len(kept_names) > self.limits.max_cells:
            raise self.error(_("{rows} rows x {columns} columns is more than the limit of {limit} cells").format(
                rows=f"{n_rows:,}", columns=len(kept_names), limit=f"{self.limits.max_cells:,}"), "too_large")

        data, infos = {}, []
        for name, cells in zip(kept_names, kept_cols):
            decl = declared.get(name) if declared else None
            series, info = self.infer_column(name, cells, row_numbers, decl)
            data[name] = series
            infos.append(info)
        frame = pd.DataFrame(data, copy=False)
        frame.index = pd.RangeIndex(n_rows)
        self._control_warning()
        return Table(frame=frame, columns=infos, file=self.file, sheet=self.sheet,
                     first_row=int(row_numbers[0]), row_numbers=row_numbers, warnings=self.warnings,
                     header_row=int(self.header_row))

    # ---- one column -------------------------------------------------------

    def infer_column(self, name: str, cells, row_numbers: np.ndarray,
                     declared: list[str] | None = None):
        """Missing cells, then numbers, then text; per column, vectorised where it counts."""
        n = len(cells)
        if isinstance(cells, PreParsed) and declared is None:
            present = ~np.isnan(cells.numbers)
            return self._numeric_column(name, cells.numbers, present, int(n - present.sum()), row_numbers)
        if isinstance(cells, TextColumn):
            if declared is None:
                done = self._infer_text_column(name, cells, row_numbers)
                if done is not None:
                    return done
            cells = cells.values  # the cell-by-cell inference below
        numbers = np.full(n, np.nan)
        kinds = set(map(type, cells))
        if kinds <= {str}:  # text files: every cell is a str
            text_idx = np.arange(n)
            text_list = list(cells)
            is_num = np.zeros(n, dtype=bool)
        else:
            is_str = np.fromiter((type(c) is str for c in cells), dtype=bool, count=n)
            is_num = np.fromiter((type(c) is float or type(c) is int for c in cells), dtype=bool, count=n)
            if is_num.any():
                numbers[is_num] = np.array([cells[i] for i in np.flatnonzero(is_num)], dtype=np.float64)
                is_num &= ~np.isnan(numbers)  # a float NaN cell is missing
            other = ~(is_str | is_num)
            if kinds - {str, float, int, type(None)}:  # booleans, dates, times: as text
                other &= np.fromiter((c is not None and type(c) is not float for c in cells), dtype=bool,
                                     count=n)
            else:
                other[:] = False
            text_idx = np.flatnonzero(is_str | other)
            text_list = [cells[i] if is_str[i] else _cell_text(cells[i]) for i in text_idx]
        texts, text_missing = self._clean_text(name, text_list, text_idx, row_numbers, declared)
        present = is_num.copy()
        kept_idx = text_idx[~text_missing]
        present[kept_idx] = True
        missing = int(n - present.sum())
        kept = texts[~text_missing]
        hint = None
        numeric_text = False
        if declared is None and present.any():
            parsed = self._parse_numbers(kept, kept_idx)
            if not isinstance(parsed, np.ndarray):
                parsed = self._formatted(name, kept.tolist(), parsed)
            if isinstance(parsed, np.ndarray):
                if not _has_leading_zero(kept):
                    numbers[kept_idx] = parsed
                    return self._numeric_column(name, numbers, present, missing, row_numbers)
                numeric_text = True  # codes such as 00501: numbers would lose the zeros
            elif parsed is not None:
                hint = parsed
            elif is_num.any():  # Excel numbers with a few texts among them ("五十", "62岁")
                hint = self._text_among_numbers(kept, kept_idx, int(present.sum()))
        out = np.full(n, None, dtype=object)
        out[kept_idx] = kept
        for i in np.flatnonzero(is_num):  # an Excel number in a column that also holds text
            out[i] = format_number(numbers[i])
        column, info = self._nominal_column(name, out, present, missing, row_numbers, declared, hint)
        info.numeric_text = numeric_text
        return column, info

    def _infer_text_column(self, name: str, cells: TextColumn, row_numbers: np.ndarray):
        """`infer_column` for a `TextColumn`, one distinct text at a time: the same column,
        info, errors and warnings as the cell-by-cell inference, or None (nothing done, no
        warning added) where that is not guaranteed: texts with control characters, cells
        that are not text."""
        n = len(cells)
        codes, uniques = cells.factors()
        if not all(type(u) is str for u in uniques):
            return None
        raw = uniques.tolist()
        if raw and _CONTROL_OR_CR.search("".join(raw)):
            return None  # escaped cell by cell, with the first row and column named
        stripped = [u.strip() for u in raw]
        lengths = np.fromiter(map(len, stripped), dtype=np.int64, count=len(stripped))
        if len(stripped) and int(lengths.max()) > self.limits.max_cell_chars:
            k = int(np.argmax(lengths))  # distinct texts are numbered by first occurrence
            first = int(np.argmax(codes == k))
            raise self.error(_("a cell holds {n} characters, more than the limit of {limit}").format(
                n=f"{int(lengths[k]):,}", limit=f"{self.limits.max_cell_chars:,}"), "cell_too_large",
                             row=int(row_numbers[first]), column=name)
        tokens = self.missing_tokens
        if "-" in tokens and "+" in stripped:
            tokens = tokens - {"-"}  # a +/- column: "-" is a value, not a gap
        # each distinct stripped text once, in order of first occurrence; -1: missing
        remap = np.full(len(raw) + 1, -1, dtype=np.int64)
        seen: dict[str, int] = {}
        for k, t in enumerate(stripped):
            if len(t) <= _MAX_TOKEN_LEN and t.lower() in tokens:
                continue
            remap[k] = seen.setdefault(t, len(seen))
        vals = list(seen)
        codes = remap[codes]  # a NaN cell (-1) takes remap[-1], missing
        present = codes >= 0
        n_present = int(present.sum())
        missing = n - n_present
        if not n_present:  # all missing
            info = ColumnInfo(name=name, type=NOMINAL, missing=missing, distinct=0)
            return pd.Series(np.full(n, None, dtype=object), dtype=object), info
        counts = np.bincount(codes[present], minlength=len(vals))
        kept_codes = codes[present]
        hint = None
        numeric_text = False
        parsed = self._parse_distinct_numbers(np.array(vals, dtype=object), counts, kept_codes)
        if not isinstance(parsed, np.ndarray):
            parsed = self._formatted(name, vals, parsed)
        if isinstance(parsed, np.ndarray):
            if not _has_leading_zero(vals):
                numbers = np.append(parsed, np.nan)[codes]
                return self._numeric_column(name, numbers, present, missing, row_numbers)
            numeric_text = True
        elif parsed is not None:
            k, n_bad = parsed
            hint = (int(np.argmax(codes == k)), vals[k], n_bad)
        out = np.array(vals + [None], dtype=object)[codes]
        order = sorted(range(len(vals)), key=vals.__getitem__)  # as np.unique sorts them
        order.sort(key=lambda k: natural_key(vals[k]))
        info = ColumnInfo(name=name, type=NOMINAL, missing=missing, distinct=len(vals),
                          values=[vals[k] for k in order], counts=[int(counts[k]) for k in order])
        info.numeric_text = numeric_text
        self._numeric_except(name, hint, row_numbers, info)
        return pd.Series(out, dtype=object, copy=False), info

    def _formatted(self, name: str, texts: list, otherwise):
        """Numbers written as a spreadsheet shows them ("12%", "1,234", "¥1,200", "3.5 万",
        engine.data.number_formats) when the whole column agrees, said in a warning; else
        `otherwise` (what the plain parse gave). `texts`: the cells in row order, or the distinct
        texts in order of first occurrence (the first is the same either way)."""
        found = parse_formatted(texts, decimal_comma=self.decimal_comma) if texts else None
        if found is None:
            return otherwise
        values, used = found
        self.warnings.append(
            _('column "{name}" holds numbers written with {formats} (e.g. "{example}"); they are read as '
              "numbers ({example} = {value})").format(
                name=name, formats=_(", ").join(_(u) for u in used), example=escape_controls(texts[0])[0],
                value=format_number(values[0])))
        return values

    def _numeric_except(self, name: str, hint, row_numbers: np.ndarray, info: ColumnInfo) -> None:
        """The warning for a column read as text for a few cells that are not numbers: `hint` is
        (first such cell, its text, how many), or None; the texts that are not numbers kept in
        `info.not_numbers`."""
        if hint is None:
            return
        first, text, n_bad = hint
        values = pd.Series(info.values, dtype=object)
        info.not_numbers = [v for v, bad in zip(info.values, pd.to_numeric(values, errors="coerce").isna()) if bad]
        more = _(" and {n} more").format(n=n_bad - 1) if n_bad > 1 else ""
        text = escape_controls(text)[0]
        note = _('column "{name}" is numeric except for "{text}" in row {row}{more}; it is read as nominal (text). '
                 "Fix those cells, or read them as missing, to use it as a number.").format(
            name=name, text=text, row=int(row_numbers[first]), more=more)
        self.warnings.append(note)
        info.notes.append(note)

    def _parse_distinct_numbers(self, vals: np.ndarray, counts: np.ndarray, kept_codes: np.ndarray):
        """`_parse_numbers` over distinct texts `vals` (`counts` cells each; `kept_codes`: the
        cells in row order): float64 per distinct text when every cell is a number; otherwise
        None, or (distinct text of the first cell that is not a number, how many cells are not)."""
        try:
            return np.asarray(pd.to_numeric(vals), dtype=np.float64)
        except (ValueError, TypeError, OverflowError):
            pass
        parsed = np.array(pd.to_numeric(pd.Series(vals, dtype=object), errors="coerce"), dtype=np.float64)
        bad = np.isnan(parsed)
        if bad[kept_codes[:200]].mean() > 0.5 and not self.decimal_comma:
            return None  # as `_parse_numbers`: judged by the first 200 cells
        if bad.any() and self.decimal_comma:
            bad = _repair_decimal_commas(parsed, bad, pd.Series(vals[bad], dtype=object))
        if not bad.any():
            return parsed
        n_bad = int(counts[bad].sum())
        if n_bad <= 0.1 * len(kept_codes):
            return int(np.argmax(bad)), n_bad  # distinct texts are numbered by first occurrence
        return None

    def _clean_text(self, name, text_list, text_idx, row_numbers, declared=None):
        """Stripped texts (object array) and which of them are missing-value tokens."""
        stripped = [t.strip() for t in text_list]
        lengths = np.fromiter(map(len, stripped), dtype=np.int64, count=len(stripped))
        if len(stripped) and int(lengths.max()) > self.limits.max_cell_chars:
            k = int(np.argmax(lengths))
            raise self.error(_("a cell holds {n} characters, more than the limit of {limit}").format(
                n=f"{int(lengths[k]):,}", limit=f"{self.limits.max_cell_chars:,}"), "cell_too_large",
                             row=int(row_numbers[text_idx[k]]), column=name)
        texts = np.empty(len(stripped), dtype=object)
        texts[:] = stripped
        missing = np.zeros(len(stripped), dtype=bool)
        short = np.flatnonzero(lengths <= _MAX_TOKEN_LEN)
        if len(short):
            tokens = self.missing_tokens
            if declared is not None:  # a value the file declares is never "missing"
                tokens = tokens - {d.lower() for d in declared}
            if "-" in tokens and any(stripped[i] == "+" for i in short):
                tokens = tokens - {"-"}  # a +/- column: "-" is a value, not a gap
            missing[short] = [stripped[i].lower() in tokens for i in short]
        return texts, missing

    def _parse_numbers(self, texts: np.ndarray, idx: np.ndarray):
        """All texts as float64 when every one is a number; otherwise None, or a hint
        (first index, text, count) when fewer than 10 % are not numbers."""
        if not len(texts):
            return np.array([], dtype=np.float64)
        try:
            return np.asarray(pd.to_numeric(texts), dtype=np.float64)
        except (ValueError, TypeError, OverflowError):
            pass
        sample = texts[:200]
        sample_bad = np.isnan(np.asarray(pd.to_numeric(sample, errors="coerce"), dtype=np.float64))
        if sample_bad.mean() > 0.5 and not self.decimal_comma:
            return None  # clearly a text column: skip the full coercing pass
        raw = pd.Series(texts, dtype=object)
        parsed = np.array(pd.to_numeric(raw, errors="coerce"), dtype=np.float64)
        bad = np.isnan(parsed)
        if bad.any() and self.decimal_comma:
            bad = _repair_decimal_commas(parsed, bad, raw[bad])
        if not bad.any():
            return parsed
        n_bad = int(bad.sum())
        if n_bad <= 0.1 * len(texts):
            k = int(np.argmax(bad))
            return (int(idx[k]), str(texts[k]), n_bad)
        return None

    @staticmethod
    def _text_among_numbers(texts: np.ndarray, idx: np.ndarray, n_present: int):
        """A column of Excel numbers and texts: the hint (first index, text, count) of
        `_parse_numbers` when the texts that are not numbers are at most 10 % of its values."""
        bad = np.isnan(np.asarray(pd.to_numeric(pd.Series(texts, dtype=object), errors="coerce"), dtype=np.float64))
        n_bad = int(bad.sum())
        if 0 < n_bad <= 0.1 * n_present:
            k = int(np.argmax(bad))
            return (int(idx[k]), str(texts[k]), n_bad)
        return None

    def _escape_cells(self, name, out, present, values, row_numbers) -> bool:
        """Write control characters in the cells of `out` as visible escapes (see
        `escape_controls`), counted for the warning; False when there are none. Looks at
        the distinct values only, so a clean column costs next to nothing."""
        distinct = values.tolist()
        suspect = not "".join(distinct).isprintable() and any(_CONTROL_OR_CR.search(v) for v in distinct)
        if not suspect and not self.nul_free:
            suspect = "\x00" in "".join(out[present].tolist())
        if not suspect:
            return False
        order = self._column_order.get(name, 0)
        for i in np.flatnonzero(present):
            cell = out[i]
            if _CONTROL_OR_CR.search(cell):
                clean, n = escape_controls(cell)
                if n:
                    self._note_controls(n, int(row_numbers[i]), order, name, _CONTROL.search(cell).group())
                out[i] = clean.strip()
        return True

    def _numeric_column(self, name, numbers, present, missing, row_numbers):
        values = numbers[present]
        bad = ~np.isfinite(values)
        if bad.any():
            where = np.flatnonzero(present)[int(np.argmax(bad))]
            raise self.error(
                _("the value is not a finite number ({value}: too large, or infinity); fix or clear the cell").format(
                    value=float(values[bad][0])), "non_finite", row=int(row_numbers[where]), column=name)
        if not present.any():  # all missing: nothing says it is numeric
            info = ColumnInfo(name=name, type=NOMINAL, missing=missing, distinct=0)
            return pd.Series(np.full(len(numbers), None, dtype=object), dtype=object), info
        # a written -0 is the number 0 (parsers disagree on its sign: pandas' C parser, to_numeric
        # on integers or on floats), so every reader gives the same table: -0.0 + 0.0 is 0.0
        if ((numbers == 0) & np.signbit(numbers)).any():
            numbers = numbers + 0.0
            values = numbers[present]
        info = ColumnInfo(name=name, type=NUMERIC, missing=missing, distinct=int(len(np.unique(values))),
                          minimum=float(values.min()) if len(values) else None,
                          maximum=float(values.max()) if len(values) else None,
                          integer=bool(len(values) and np.all(values == np.round(values))))
        return pd.Series(numbers, dtype=np.float64, copy=False), info

    def _nominal_column(self, name, out, present, missing, row_numbers, declared, hint):
        values, counts = np.unique(out[present].astype(str), return_counts=True) if present.any() \
            else (np.array([], dtype=str), np.array([], dtype=int))
        if len(values) and self._escape_cells(name, out, present, values, row_numbers):
            values, counts = np.unique(out[present].astype(str), return_counts=True)
        order = sorted(range(len(values)), key=lambda k: natural_key(values[k]))
        info = ColumnInfo(name=name, type=NOMINAL, missing=missing, distinct=len(values),
                          values=[str(values[k]) for k in order], counts=[int(counts[k]) for k in order])
        if declared is not None:
            info.declared_values = list(declared)
            unknown = [v for v in info.values if v not in set(declared)]
            if unknown:
                where = next(i for i, t in enumerate(out) if t == unknown[0])
                raise self.error(_('the value "{value}" is not among the values the header declares ({values})').format(
                    value=unknown[0], values=", ".join(declared[:10])), "undeclared_value",
                                 row=int(row_numbers[where]), column=name)
        self._numeric_except(name, hint, row_numbers, info)
        return pd.Series(out, dtype=object, copy=False), info
