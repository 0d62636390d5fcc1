"""Weka's ARFF: @relation, @attribute (numeric, nominal {..}, string, date), @data
(dense or sparse rows, '?' missing, quoted values, % comments)."""

from __future__ import annotations

import re

import numpy as np

from ..errors import DataError
from .limits import ReadLimits
from .read_csv import check_text_is_text, decode_text, read_limited
from .table import Table, TableBuilder

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
    text, used = decode_text(raw, path, encoding)
    check_text_is_text(text, path)
    lines = [line.rstrip("\r") for line in text.split("\n")]

    names: list[str] = []
    kinds: list[str] = []
    declared: dict[str, list[str]] = {}
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
                raise DataError("the @attribute line cannot be read", code="bad_arff", file=path, row=number)
            name, spec = _unquote(match.group(1)), match.group(2).strip()
            if name in names:
                raise DataError(f'the attribute "{name}" is declared twice', code="duplicate_header",
                                file=path, row=number, column=name)
            if spec.startswith("{"):
                if not spec.endswith("}"):
                    raise DataError("the value list { ... } is not closed", code="bad_arff",
                                    file=path, row=number, column=name)
                try:
                    values = [v for v in _split_values(spec[1:-1]) if v != ""]
                except ValueError as exc:
                    raise DataError(f"the value list cannot be read: {exc}", code="bad_arff",
                                    file=path, row=number, column=name) from None
                if len(set(values)) != len(values):
                    dup = next(v for v in values if values.count(v) > 1)
                    raise DataError(f'the value "{dup}" is declared twice', code="bad_arff",
                                    file=path, row=number, column=name)
                declared[name] = values
                kinds.append("nominal")
            else:
                kind = spec.split()[0].lower()
                if kind in _NUMERIC_TYPES:
                    kinds.append("numeric")
                elif kind in ("string", "date"):
                    kinds.append("text")
                elif kind == "relational":
                    raise DataError("relational attributes are not supported", code="bad_arff",
                                    file=path, row=number, column=name)
                else:
                    raise DataError(f'unknown attribute type "{spec}"', code="bad_arff",
                                    file=path, row=number, column=name)
            names.append(name)
            continue
        if lower.startswith("@data"):
            data_line = number
            break
        raise DataError(f'unexpected line before @data: "{stripped[:60]}"', code="bad_arff",
                        file=path, row=number)
    if not names:
        raise DataError("no @attribute lines: this is not an ARFF file", code="bad_arff", file=path)
    if data_line is None:
        raise DataError("the @data section is missing", code="bad_arff", file=path)

    width = len(names)
    # in ARFF only "?" means missing: "-", "NA" ... can be declared values
    builder = TableBuilder(path, limits, missing_tokens=frozenset({"?", ""}))
    columns: list[list] = [[] for _ in range(width)]
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
            raise DataError(f"the data line cannot be read: {exc}", code="bad_arff",
                            file=path, row=number) from None
        if len(values) != width:
            raise DataError(f"the data line has {len(values)} values but {width} attributes are declared",
                            code="ragged_row", file=path, row=number)
        for j, value in enumerate(values):
            columns[j].append(value)
        numbers.append(number)
        if len(numbers) * width > limits.max_cells:
            raise DataError(f"the table has more than {limits.max_cells:,} cells, the limit",
                            code="too_large", file=path, row=number)

    def column_label(j: int) -> str:
        return names[j]

    row_numbers = np.asarray(numbers, dtype=np.int64)
    table = builder.build(names, columns, row_numbers, column_label, declared=declared)
    for j, info in enumerate(table.columns):
        if kinds[j] == "numeric" and info.type != "numeric" and info.distinct:
            for i, value in enumerate(table.frame[info.name]):
                if value is not None and not _is_number(value):
                    raise DataError(f'the attribute is declared numeric but holds "{value}"', code="bad_arff",
                                    file=path, row=int(row_numbers[i]), column=info.name)
    table.encoding = used
    return table


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def _sparse_row(body: str, width: int, kinds, declared, names) -> list[str]:
    # Absent entries are 0 for numeric attributes and the first declared value for nominal ones.
    values = []
    for j in range(width):
        if kinds[j] == "nominal":
            values.append(declared[names[j]][0] if declared[names[j]] else "?")
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

