"""Weka's ARFF: @relation, @attribute (numeric, nominal {..}, string, date), @data
(dense or sparse rows, '?' missing, quoted values, % comments)."""

from __future__ import annotations

import datetime as _dt
import re

import numpy as np

from ..errors import DataError
from ..i18n import _
from .limits import ReadLimits
from .read_csv import check_text_is_text, decode_text, encoding_warning, read_limited
from .sniff import guess_encoding
from .table import PreParsed, Table, TableBuilder, escape_controls

#: ARFF's default date format (ISO-8601), in Java SimpleDateFormat letters
DEFAULT_DATE_FORMAT = "yyyy-MM-dd'T'HH:mm:ss"

#: SimpleDateFormat letter runs -> strptime directives (longest runs first)
_DATE_LETTERS = {
    "yyyy": "%Y", "yyy": "%Y", "yy": "%y", "y": "%Y",
    "MMMM": "%B", "MMM": "%b", "MM": "%m", "M": "%m",
    "dd": "%d", "d": "%d",
    "HH": "%H", "H": "%H", "kk": "%H", "k": "%H",
    "hh": "%I", "h": "%I", "KK": "%I", "K": "%I",
    "mm": "%M", "m": "%M",
    "ss": "%S", "s": "%S",
    "SSS": "%f", "SS": "%f", "S": "%f",
    "a": "%p",
    "EEEE": "%A", "EEE": "%a", "EE": "%a", "E": "%a",
    "DDD": "%j", "DD": "%j", "D": "%j",
    "Z": "%z", "ZZ": "%z", "X": "%z", "XX": "%z", "XXX": "%z", "z": "%Z",
}


def java_date_format(pattern: str) -> str:
    """A Java SimpleDateFormat pattern (what ARFF's @attribute ... date "format" uses)
    as a strptime format; ValueError names a letter this reader cannot read."""
    out, i = [], 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "'":
            if pattern.startswith("''", i):  # '' is a quote
                out.append("'")
                i += 2
                continue
            close = pattern.find("'", i + 1)
            while close >= 0 and pattern.startswith("''", close):
                close = pattern.find("'", close + 2)
            if close < 0:
                raise ValueError("a quote in the date format is not closed")
            out.append(pattern[i + 1:close].replace("''", "'").replace("%", "%%"))
            i = close + 1
        elif ch.isascii() and ch.isalpha():
            j = i
            while j < len(pattern) and pattern[j] == ch:
                j += 1
            run = pattern[i:j]
            directive = _DATE_LETTERS.get(run) or (_DATE_LETTERS.get(ch * 4) if ch in "yME" else None)
            if directive is None:
                raise ValueError(f'the date format letter "{run}" is not supported')
            out.append(directive)
            i = j
        else:
            out.append("%%" if ch == "%" else ch)
            i += 1
    return "".join(out)


def _shown(text: str) -> str:
    """File text quoted in a message: control characters escaped."""
    return escape_controls(text)[0]


_NUMERIC_TYPES = {"numeric", "real", "integer"}


def _split_values(text: str) -> list[str]:
    """Comma-separated ARFF values with ' or " quoting and backslash escapes."""
    out, buf, quote, i = [], [], None, 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\" and i + 1 < len(text):
                buf.append(text[i + 1])
                i += 2
                continue
            if ch == quote:
                quote = None
            else:
                buf.append(ch)
        elif ch in "'\"":
            quote = ch
        elif ch == "%":  # an unquoted % starts a comment (Weka)
            break
        elif ch == ",":
            out.append("".join(buf).strip())
            buf = []
        else:
            buf.append(ch)
        i += 1
    if quote:
        raise ValueError("a quote is not closed")
    out.append("".join(buf).strip())
    return out


def _unquote(name: str) -> str:
    name = name.strip()
    if len(name) >= 2 and name[0] == name[-1] and name[0] in "'\"":
        return name[1:-1]
    return name


_ATTR = re.compile(r"""^@attribute\s+('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^\s{]+)\s*(\S.*)$""", re.IGNORECASE)


def read_arff(path: str, limits: ReadLimits, *, encoding: str | None = None) -> Table:
    raw = read_limited(path, limits)
    chosen, doubt = (encoding, None) if encoding else guess_encoding(raw)
    text, used = decode_text(raw, path, chosen)
    del raw
    check_text_is_text(text, path)
    lines = [line.rstrip("\r") for line in text.split("\n")]

    names: list[str] = []
    seen_names: set[str] = set()
    name_lines: list[int] = []
    kinds: list[str] = []
    declared: dict[str, list[str]] = {}
    date_formats: dict[int, tuple[str, str]] = {}  # column -> (ARFF pattern, strptime format)
    data_line = None
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("%"):
            continue
        lower = stripped.lower()
        if lower.startswith("@relation"):
            continue
        if lower.startswith("@attribute"):
            match = _ATTR.match(stripped)
            if not match:
                raise DataError(_("the @attribute line cannot be read"), code="bad_arff", file=path, row=number)
            name, spec = _unquote(match.group(1)), match.group(2).strip()
            if name in seen_names:  # (a set: a list would make 16,000 attributes quadratic)
                raise DataError(_('the attribute "{name}" is declared twice').format(name=_shown(name)),
                    code="duplicate_header",
                                file=path, row=number, column=_shown(name))
            if spec.startswith("{"):
                if not spec.endswith("}"):
                    raise DataError(_("the value list { ... } is not closed"), code="bad_arff",
                                    file=path, row=number, column=_shown(name))
                try:
                    values = [v for v in _split_values(spec[1:-1]) if v != ""]
                except ValueError as exc:
                    raise DataError(_("the value list cannot be read: {error}").format(error=exc), code="bad_arff",
                                    file=path, row=number, column=_shown(name)) from None
                if len(set(values)) != len(values):
                    dup = next(v for v in values if values.count(v) > 1)
                    raise DataError(_('the value "{value}" is declared twice').format(value=_shown(dup)),
                        code="bad_arff",
                                    file=path, row=number, column=_shown(name))
                declared[name] = values
                kinds.append("nominal")
            else:
                kind = spec.split()[0].lower()
                if kind in _NUMERIC_TYPES:
                    kinds.append("numeric")
                elif kind == "string":
                    kinds.append("text")
                elif kind == "date":
                    rest = spec[len(kind):].strip()
                    pattern = _unquote(rest) if rest else DEFAULT_DATE_FORMAT
                    try:
                        date_formats[len(names)] = (pattern, java_date_format(pattern))
                    except ValueError as exc:
                        raise DataError(_('the date format "{pattern}" cannot be read: {error}').format(
                            pattern=_shown(pattern), error=exc),
                                        code="bad_arff", file=path, row=number, column=_shown(name)) from None
                    kinds.append("date")
                elif kind == "relational":
                    raise DataError(_("relational attributes are not supported"), code="bad_arff",
                                    file=path, row=number, column=_shown(name))
                else:
                    raise DataError(_('unknown attribute type "{kind}"').format(kind=_shown(spec)), code="bad_arff",
                                    file=path, row=number, column=_shown(name))
            names.append(name)
            seen_names.add(name)
            name_lines.append(number)
            continue
        if lower.startswith("@data"):
            data_line = number
            break
        raise DataError(_('unexpected line before @data: "{line}"').format(line=_shown(stripped[:60])), code="bad_arff",
                        file=path, row=number)
    if not names:
        raise DataError(_("no @attribute lines: this is not an ARFF file"), code="bad_arff", file=path)
    if data_line is None:
        raise DataError(_("the @data section is missing"), code="bad_arff", file=path)

    width = len(names)
    # in ARFF only "?" means missing: "-", "NA" ... can be declared values
    builder = TableBuilder(path, limits, missing_tokens=frozenset({"?", ""}))
    builder.nul_free = True  # check_text_is_text
    if doubt:
        builder.warnings.append(encoding_warning(path, used, doubt))
    # names with control characters escaped (counted for the builder's one warning, at their line)
    clean = [builder.clean_name(name, j, lambda k: _shown(names[k]), name_lines[j])
             for j, name in enumerate(names)]
    renamed = dict(zip(names, clean))
    declared = {renamed[k]: v for k, v in declared.items()}
    names = clean
    data_lines = range(data_line + 1, len(lines) + 1)
    sparse = any(lines[k - 1].lstrip().startswith("{") for k in data_lines)
    # sparse data: only the values given are kept (row, column, value), and the columns are built
    # from them at the end: time linear in the file, not in rows x attributes
    columns: list[list] = [] if sparse else [[] for _column in range(width)]
    given: list[tuple[int, int, str]] = []
    budget = limits.sparse_cell_budget(len(text)) if sparse else limits.max_cells
    numbers: list[int] = []
    for number in data_lines:
        stripped = lines[number - 1].strip()
        if not stripped or stripped.startswith("%"):
            continue
        try:
            if stripped.startswith("{"):
                if not stripped.endswith("}"):
                    raise ValueError("a sparse row { ... } is not closed")
                values = None
                entries = _sparse_entries(stripped[1:-1], width)
            else:
                values = _split_values(stripped)
        except ValueError as exc:
            raise DataError(_("the data line cannot be read: {error}").format(error=exc), code="bad_arff",
                            file=path, row=number) from None
        if values is not None:
            if len(values) != width:
                raise DataError(_("the data line has {n} values but {width} attributes are declared").format(
                    n=len(values), width=width),
                                code="ragged_row", file=path, row=number)
            entries = enumerate(values)
        if sparse:
            row = len(numbers)
            for j, value in entries:
                if j in date_formats:
                    pattern, fmt = date_formats[j]
                    value = _parse_date(value, pattern, fmt, path, number, names[j])
                given.append((row, j, value))
        else:
            for j, (pattern, fmt) in date_formats.items():
                values[j] = _parse_date(values[j], pattern, fmt, path, number, names[j])
            for j, value in enumerate(values):
                columns[j].append(value)
        numbers.append(number)
        if len(numbers) * width > limits.max_cells:
            raise DataError(_("the table has more than {limit} cells, the limit").format(limit=f"{limits.max_cells:,}"),
                            code="too_large", file=path, row=number)
        if len(numbers) * width > budget:
            raise DataError(_("the sparse data expands to more than {limit} cells ({rows} rows x {width} attributes "
                              "so far), the limit for a file of {size} bytes; a file made to exhaust memory, or "
                              "too wide to read as a table").format(
                limit=f"{budget:,}", rows=f"{len(numbers):,}", width=f"{width:,}", size=f"{len(text):,}"),
                            code="too_large", file=path, row=number)
    if sparse:
        columns = _sparse_columns(given, len(numbers), width, kinds, declared, names)

    def column_label(j: int) -> str:
        return names[j]

    row_numbers = np.asarray(numbers, dtype=np.int64)
    table = builder.build(names, columns, row_numbers, column_label, declared=declared)
    for j, info in enumerate(table.columns):
        if kinds[j] == "numeric" and info.type != "numeric" and info.distinct:
            for i, value in enumerate(table.frame[info.name]):
                if value is not None and not _is_number(value):
                    raise DataError(_('the attribute is declared numeric but holds "{value}"').format(value=value),
                        code="bad_arff",
                                    file=path, row=int(row_numbers[i]), column=info.name)
    table.encoding = used
    return table


def _parse_date(value, pattern: str, fmt: str, path: str, line: int, column: str):
    """A date value as a datetime (the table shows it as ISO text, like a workbook's
    dates); '?' and empty stay missing; anything else is an error."""
    if not isinstance(value, str) or value.strip() in ("?", ""):
        return value
    try:
        return _dt.datetime.strptime(value.strip(), fmt)
    except ValueError:
        raise DataError(_('"{value}" is not a date in the format "{pattern}" that the attribute declares').format(
            value=_shown(value.strip()[:60]), pattern=_shown(pattern)),
                code="bad_date", file=path, row=line, column=column) from None


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


_EPOCH = _dt.datetime(1970, 1, 1)


def _sparse_entries(body: str, width: int) -> list[tuple[int, str]]:
    """The (attribute, value) pairs of a sparse row's body."""
    out = []
    if not body.strip():
        return out
    for item in _split_values(body):
        parts = item.split(None, 1)
        if len(parts) != 2 or not parts[0].isdigit():
            raise ValueError(f'sparse entry "{item}" is not "index value"')
        index = int(parts[0])
        if index >= width:
            raise ValueError(f"sparse index {index} is beyond the {width} attributes")
        out.append((index, _unquote(parts[1])))
    return out


#: a number as ARFF writes one, read here directly (anything else goes through the table's inference)
_PLAIN_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|\?")


def _sparse_columns(given: list[tuple[int, int, str]], n: int, width: int, kinds, declared, names) -> list:
    """The columns of sparse data from the values given: absent entries are 0 for numeric
    attributes, the first declared value for nominal ones and the epoch for dates (Weka stores
    a date as milliseconds since 1970). A numeric column whose values given are all plain numbers
    is built as numbers at once; any other column as its cells, for the table's inference."""
    by_column: list[list[tuple[int, str]]] = [[] for _j in range(width)]
    for row, j, value in given:
        by_column[j].append((row, value))
    columns = []
    for j in range(width):
        entries = by_column[j]
        if kinds[j] == "numeric" and all(isinstance(v, str) and _PLAIN_NUMBER.fullmatch(v) for _r, v in entries):
            numbers = np.zeros(n)
            if entries:
                rows = np.fromiter((r for r, _v in entries), dtype=np.int64, count=len(entries))
                numbers[rows] = [np.nan if v == "?" else float(v) for _r, v in entries]
            columns.append(PreParsed(numbers))
            continue
        if kinds[j] == "nominal":
            default = declared[names[j]][0] if declared[names[j]] else "?"
        elif kinds[j] == "date":
            default = _EPOCH
        else:
            default = "0"
        cells = [default] * n
        for r, v in entries:
            cells[r] = v
        columns.append(cells)
    return columns
