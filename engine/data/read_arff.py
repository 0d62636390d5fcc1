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
from .table import Table, TableBuilder, escape_controls

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
            if name in names:
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
    columns: list[list] = [[] for _column in range(width)]
    numbers: list[int] = []
    for number in range(data_line + 1, len(lines) + 1):
        stripped = lines[number - 1].strip()
        if not stripped or stripped.startswith("%"):
            continue
        try:
            if stripped.startswith("{"):
                if not stripped.endswith("}"):
                    raise ValueError("a sparse row { ... } is not closed")
                values = _sparse_row(stripped[1:-1], width, kinds, declared, names)
            else:
                values = _split_values(stripped)
        except ValueError as exc:
            raise DataError(_("the data line cannot be read: {error}").format(error=exc), code="bad_arff",
                            file=path, row=number) from None
        if len(values) != width:
            raise DataError(_("the data line has {n} values but {width} attributes are declared").format(
                n=len(values), width=width),
                            code="ragged_row", file=path, row=number)
        for j, (pattern, fmt) in date_formats.items():
            values[j] = _parse_date(values[j], pattern, fmt, path, number, names[j])
        for j, value in enumerate(values):
            columns[j].append(value)
        numbers.append(number)
        if len(numbers) * width > limits.max_cells:
            raise DataError(_("the table has more than {limit} cells, the limit").format(limit=f"{limits.max_cells:,}"),
                            code="too_large", file=path, row=number)

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


def _sparse_row(body: str, width: int, kinds, declared, names) -> list[str]:
    # Absent entries are 0 for numeric attributes and the first declared value for nominal ones.
    values = []
    for j in range(width):
        if kinds[j] == "nominal":
            values.append(declared[names[j]][0] if declared[names[j]] else "?")
        elif kinds[j] == "date":
            values.append(_EPOCH)  # Weka stores a date as milliseconds since 1970: 0 is the epoch
        else:
            values.append("0")
    if not body.strip():
        return values
    for item in _split_values(body):
        parts = item.split(None, 1)
        if len(parts) != 2 or not parts[0].isdigit():
            raise ValueError(f'sparse entry "{item}" is not "index value"')
        index = int(parts[0])
        if index >= width:
            raise ValueError(f"sparse index {index} is beyond the {width} attributes")
        values[index] = _unquote(parts[1])
    return values

