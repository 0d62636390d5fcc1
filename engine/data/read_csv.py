"""Delimited text (.csv, .txt, .tsv): encoding and delimiter found, rows checked."""

from __future__ import annotations

import csv
import io
import sys

import numpy as np

from ..errors import DataError
from .limits import ReadLimits
from .sniff import binary_kind, detect_encoding, sniff_delimiter
from .table import Table, TableBuilder

csv.field_size_limit(min(sys.maxsize, 2**31 - 1))  # our own cell limit applies instead


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


def check_bytes_are_text(raw: bytes, file: str) -> None:
    """Refuse binary junk before decoding (for 8-bit and UTF-8 encodings)."""
    sample = raw[:65536]
    nul = sample.find(b"\x00")
    if nul >= 0:
        raise DataError("the file contains binary data (NUL bytes), not text; is it really a CSV file?",
                        code="binary", file=file, row=sample[:nul].count(b"\n") + 1)
    control = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    if control > max(8, len(sample) // 200):
        raise DataError("the file contains binary data (control characters), not text; is it really "
                        "a CSV file?", code="binary", file=file)


def check_text_is_text(text: str, file: str) -> None:
    """Refuse binary junk: NUL characters or many control characters."""
    sample = text[:65536]
    nul = sample.find("\x00")
    if nul >= 0:
        raise DataError("the file contains binary data (NUL bytes), not text; is it really a CSV file?",
                        code="binary", file=file, row=sample[:nul].count("\n") + 1)
    control = sum(1 for ch in sample if ch < " " and ch not in "\t\r\n\f\v")
    if control > max(8, len(sample) // 100):
        raise DataError("the file contains binary data (control characters), not text; is it really "
                        "a CSV file?", code="binary", file=file)


def read_delimited(path: str, limits: ReadLimits, *, encoding: str | None = None,
                   delimiter: str | None = None) -> Table:
    with open(path, "rb") as handle:
        raw = handle.read(limits.max_file_bytes + 1)
    if len(raw) > limits.max_file_bytes:
        raise DataError(f"the file is larger than the limit of {limits.max_file_bytes:,} bytes",
                        code="too_large", file=path)
    if not raw.strip():
        raise DataError("the file is empty", code="empty_file", file=path)
    what = binary_kind(raw[:16])
    if what is not None and not encoding:
        hint = " Open it as .xlsx instead (rename it)." if "zip" in what or "xls" in what else ""
        raise DataError(f"the file is {what}, not delimited text.{hint}", code="binary", file=path)
    if not (encoding or detect_encoding(raw[:4096])).lower().startswith(("utf-16", "utf-32")):
        check_bytes_are_text(raw, path)
    text, used = decode_text(raw, path, encoding)
    del raw
    check_text_is_text(text, path)
    delim = delimiter or sniff_delimiter(text)
    builder = TableBuilder(path, limits, decimal_comma=(delim != ","))
    return parse_delimited(text, path, delim, limits, builder, encoding=used)


def parse_delimited(text: str, path: str, delim: str, limits: ReadLimits, builder: TableBuilder,
                    *, encoding: str | None = None) -> Table:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delim, skipinitialspace=False,
                        strict=False)
    try:
        header = next(reader)
        while not any(c.strip() for c in header):
            header = next(reader)
    except StopIteration:
        raise DataError("the file has no rows", code="empty_file", file=path) from None
    except csv.Error as exc:
        raise DataError(f"the header row cannot be read: {exc}", code="bad_csv", file=path, row=1) from None
    header_row = reader.line_num

    def column_label(j: int) -> str:
        return str(j + 1)

    names = builder.header_names(header, column_label)
    width = len(names)
    rows: list[list[str]] = []
    row_numbers: list[int] = []
    short_rows: list[int] = []
    budget = limits.max_cells
    row_no = header_row
    try:
        for record in reader:
            row_no += 1
            if len(record) != width:
                if not record or not any(c.strip() for c in record):
                    continue  # a blank line
                if len(record) > width:
                    extra = [c for c in record[width:] if c.strip()]
                    if extra:
                        raise DataError(
                            f"the row has {len(record)} fields but the header has {width}; a delimiter "
                            f'("{_show(delim)}") inside a value, or a missing quote?',
                            code="ragged_row", file=path, row=row_no)
                    record = record[:width]  # only empty trailing fields: nothing is lost
                else:
                    short_rows.append(row_no)
                    record = record + [""] * (width - len(record))
            rows.append(record)
            row_numbers.append(row_no)
            if len(rows) * width > budget:
                raise DataError(f"the table has more than {budget:,} cells, the limit",
                                code="too_large", file=path, row=row_no)
    except csv.Error as exc:
        raise DataError(f"the row cannot be read: {exc}", code="bad_csv", file=path, row=row_no + 1) from None
    if short_rows:
        more = f" (and {len(short_rows) - 1} more rows)" if len(short_rows) > 1 else ""
        builder.warnings.append(f"row {short_rows[0]}{more} has fewer fields than the header; "
                                "the missing fields are read as missing values")
    columns = [list(col) for col in zip(*rows)] if rows else [[] for _ in range(width)]
    table = builder.build(names, columns, np.asarray(row_numbers, dtype=np.int64), column_label)
    table.encoding = encoding
    table.delimiter = delim
    return table


def _show(delim: str) -> str:
    return {"\t": "tab", "|": "|"}.get(delim, delim)
