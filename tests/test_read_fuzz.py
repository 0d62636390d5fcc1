"""Random bytes and random CSV text: nothing but a DataError ever escapes the
reader, and never the safety-net kind ("unreadable") that would hide a bug."""

import io
import os
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from engine.data import read_table
from engine.data.table import Table
from engine.errors import DataError

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def try_read(data: bytes, suffix: str, **kw):
    fd, path = tempfile.mkstemp(suffix=suffix)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        try:
            table = read_table(path, **kw)
        except DataError as exc:
            assert exc.code != "unreadable", f"reader bug on {data[:80]!r}: {exc.__cause__!r}"
            assert exc.file == path and os.path.basename(path) in str(exc)
            return exc
        assert isinstance(table, Table)
        assert table.frame.shape == (table.n_rows, len(table.columns))
        return table
    finally:
        os.unlink(path)


@FUZZ
@given(st.binary(max_size=3000), st.sampled_from([".csv", ".txt", ".tsv", ".arff", ".xlsx", ".xls", ".ods"]))
def test_random_bytes(data, suffix):
    try_read(data, suffix)


cell = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
    st.sampled_from(["", "?", "NA", "-", "null", "1e400", "inf", "-0", "1,5", "3.25", '"', '""', "a\nb"]),
    st.integers(-10**6, 10**6).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)


@FUZZ
@given(st.lists(st.lists(cell, min_size=0, max_size=6), min_size=0, max_size=12),
       st.sampled_from([",", ";", "\t", "|"]),
       st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "gb18030"]))
def test_random_csv_text(rows, delim, encoding):
    text = "\n".join(delim.join(r) for r in rows)
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    try_read(data, ".csv")


def _small_xlsx() -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.append(["a", "b"])
    for i in range(30):
        ws.append([i, f"v{i % 3}"])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


SMALL_XLSX = _small_xlsx()


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(SMALL_XLSX) - 1), st.integers(0, 255)), min_size=1, max_size=8),
       st.integers(100, len(SMALL_XLSX)))
def test_mutated_xlsx(flips, cut):
    data = bytearray(SMALL_XLSX[:cut])
    for pos, value in flips:
        if pos < len(data):
            data[pos] = value
    try_read(bytes(data), ".xlsx")


plain_cell = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc"), exclude_characters='"'),
            max_size=8),
    st.sampled_from(["", " ", "?", " NA ", "-", "Null", "nan", "1e3", "-0", "1,5", "3.25", " 7 ", "TRUE",
                     "false", "inf", "0x10", "1_000", "#N/A"]),
    st.integers(-1000, 1000).map(str),
    st.floats(-1e6, 1e6, allow_nan=False).map(lambda v: f"{v:.3f}"),
)


@FUZZ
@given(st.integers(1, 5).flatmap(lambda w: st.tuples(
    st.just(w), st.lists(st.lists(plain_cell, min_size=0, max_size=w + 1), min_size=1, max_size=10))),
    st.sampled_from([",", ";", "\t"]))
def test_fast_and_exact_csv_paths_agree(shape, delim):
    """The pandas fast path and the csv-module path read any quote-free file alike."""
    import engine.data.read_csv as rc

    width, rows = shape
    header = [f"h{j}" for j in range(width)]
    text = "\n".join(delim.join(r) for r in [header] + rows) + "\n"
    data = text.encode("utf-8")
    results = []
    for fast in (True, False):
        rc.FAST_PATH = fast
        try:
            results.append(try_read(data, ".csv", delimiter=delim))
        finally:
            rc.FAST_PATH = True
    a, b = results
    if isinstance(a, DataError) or isinstance(b, DataError):
        assert isinstance(a, DataError) and isinstance(b, DataError), (a, b)
        assert (a.code, a.row, a.column) == (b.code, b.row, b.column)
        return
    assert [c.to_json() for c in a.columns] == [c.to_json() for c in b.columns]
    assert a.row_numbers.tolist() == b.row_numbers.tolist()
    assert a.warnings == b.warnings
    for name in a.frame.columns:
        left, right = a.frame[name].tolist(), b.frame[name].tolist()
        assert [None if v != v else v for v in left] == [None if v != v else v for v in right], name
