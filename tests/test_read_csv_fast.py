"""The fast CSV path (a byte scan + pandas' C parser, read in pieces, text inferred per
distinct value) against the careful path (the csv module, cell by cell): on every tricky
file below both must give the same table (values, types, missing counts, row numbers,
warnings) or the same error (code, row, column, message). The tests also check that the
fast path really read the file (else the comparison would prove nothing), and that the
comparison itself notices a fast path that drops a row number or a missing token."""

import numpy as np
import pandas as pd
import pytest

import engine.data.read_csv as rc
from engine.data import read_table
from engine.errors import DataError


def read_both(path, monkeypatch, **kw):
    """(fast result, careful result, whether the fast path answered: a table or an error)."""
    taken = []
    original = rc._read_fast

    def spy(*args, **kwargs):
        taken.append(True)  # an error raised on the fast path counts as its answer
        table = original(*args, **kwargs)
        taken[-1] = table is not None
        return table

    monkeypatch.setattr(rc, "_read_fast", spy)
    results = []
    for fast in (True, False):
        monkeypatch.setattr(rc, "FAST_PATH", fast)
        try:
            results.append(read_table(path, **kw))
        except DataError as exc:
            results.append(exc)
    monkeypatch.setattr(rc, "FAST_PATH", True)
    monkeypatch.setattr(rc, "_read_fast", original)
    return results[0], results[1], any(taken)


def cells(series):
    """A column's cells, NaN as None, -0.0 told from 0.0, each with its type."""
    out = []
    for v in series.tolist():
        if v is None or (isinstance(v, float) and v != v):
            out.append(None)
        elif isinstance(v, float):
            out.append(("float", v, bool(np.signbit(v))))
        else:
            out.append((type(v).__name__, v))
    return out


def assert_same(fast, careful):
    if isinstance(fast, DataError) or isinstance(careful, DataError):
        assert isinstance(fast, DataError) and isinstance(careful, DataError), (fast, careful)
        assert (fast.code, fast.row, fast.column, str(fast)) == \
            (careful.code, careful.row, careful.column, str(careful))
        return
    assert [c.to_json() for c in fast.columns] == [c.to_json() for c in careful.columns]
    assert [(c.numeric_text, c.integer) for c in fast.columns] == \
        [(c.numeric_text, c.integer) for c in careful.columns]
    assert fast.row_numbers.tolist() == careful.row_numbers.tolist()
    assert (fast.first_row, fast.header_row) == (careful.first_row, careful.header_row)
    assert fast.warnings == careful.warnings
    assert (fast.encoding, fast.delimiter) == (careful.encoding, careful.delimiter)
    assert list(fast.frame.columns) == list(careful.frame.columns)
    assert [str(t) for t in fast.frame.dtypes] == [str(t) for t in careful.frame.dtypes]
    for name in fast.frame.columns:
        assert cells(fast.frame[name]) == cells(careful.frame[name]), name


def check(tmp_path, monkeypatch, name, data, *, fast_expected=True, encoding="utf-8", **kw):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode(encoding))
    fast, careful, taken = read_both(path, monkeypatch, **kw)
    assert taken == fast_expected, "the fast path was (not) taken"
    assert_same(fast, careful)
    return fast


#: (file name, text) read by the fast path
TRICKY = {
    "missing_tokens.csv": "a,b,c\n1,x,?\nNA,y, n/a \nnull,-,NaN\n#N/A,Null,nA\n2, ? ,-\n",
    "plus_minus.csv": "s,v\n+,1\n-,2\n+,3\n ,4\n",
    "blank_lines.csv": "a,b\n1,x\n\n , \n,\n2,y\n\t,\t\n3,z\n",
    "non_ascii_blank.csv": "a,b\n1,x\n\u3000,\u00a0\n2,\u00e9\n\u2003\n3,y\n",
    "short_rows.csv": "a,b,c\n1,2,3\n4,5\n6\n7,8,9\n",
    "trailing_empty.csv": "a,b,\n1,2,\n3,4,\n",
    "crlf.csv": "a,b\r\n1,x\r\n2,y\r\n\r\n3,z\r\n",
    "no_final_newline.csv": "a,b\n1,x\n2,y",
    "mostly_numeric.csv": "n,c\n" + "".join(f"{i},k\n" for i in range(30)) + "oops,k\n",
    "two_thirds_text.csv": "n\n" + "".join(f"{i}\n" if i % 3 else "t{i}\n" for i in range(300)),
    "numeric_text_hint_late.csv": "n\n" + "x\n" * 150 + "".join(f"{i}\n" for i in range(2000)),
    "booleans.csv": "f,g,h\nTRUE,true,1\nFALSE,false,0\nTrue,,1\n",
    "spaces_around.csv": "a,b\n  1.5 ,  x  \n2.5,x\n 3 , y\n",
    "integers_and_floats.csv": "a,b\n1,-0\n2,0.5\n-0,3\n",
    "all_missing.csv": "a,b\n?,1\n,2\nNA,3\n",
    "case_and_natural_order.csv": "v,w\nitem10,B\nitem2,b\nItem2,a\nitem1,A\n",
    "inf.csv": "a,b\n1,2\ninf,3\n",
    "huge.csv": "a,b\n1e400,1\n2,2\n",
    "hex_and_underscore.csv": "a,b,c\n0x10,1_000,1e3\n0x11,2_000,2e3\n",
    "thousands.tsv": "amount\tcls\n1,234\ta\n12,000\tb\n",
    "decimal_comma.csv": "x;y;z\n1,5;2;a\n2,25;3;b\n-0,5;4;c\n",
    "decimal_comma_mixed.csv": "x;y\n1,5;a\n2.5;b\nfoo;c\n",
    "pipe.txt": "a|b\n1|x\n2|y\n",
    "semicolon_text.csv": "a;b\nx;1\ny;2\n",
    "duplicate_header.csv": "a,a\n1,2\n",
    "unnamed_column.csv": "a,,c\n1,,3\n4,5,6\n",
    "unnamed_empty_column.csv": "a,,c\n1,,3\n4,,6\n",
    "header_only.csv": "a,b\n",
    "header_only_no_newline.csv": "a,b",
    "one_column.csv": "x\n1\n2\n?\n",
    "unicode.csv": "名前,値\n张三,1\n李四,2\nкот,3\n",
    "long_cell.csv": "a,b\n1," + "x" * 40000 + "\n",
    "signs.csv": "a,b\n+1,-2\n+3.5,-.5\n",
    "exponents.csv": "a\n1E5\n-2.5e-3\n.5\n5.\n",
    "big_integers.csv": "a,b\n9007199254740993,1\n12345678901234567890,2\n-9223372036854775809,3\n",
    "mixed_case_tokens_only.csv": "a,b\nNULL,1\nN/A,2\n",
    "control_escape.csv": "a,b\n1,x\x1by\n2,ok\n",
    "bidi.csv": "a,b\n1,\u202eevil\n2,ok\n",
    "header_controls.csv": "a\x1b,b\n1,2\n",
    "form_feed.csv": "a,b\n1,x\x0c\n2,y\n",
    "nbsp_cells.csv": "a,b\n\u00a01\u00a0,x\n2,\u3000y\n",
    "empty_first_field.csv": "a,b,c\n,1,2\n,3,4\n",
    "zero_point.csv": "a,b\n0.5,0\n0,1\n-0.25,2\n",
    "mz_header.csv": "MZ_score,cls\n1,a\n2,b\n",
    "tab_spaces.tsv": "a\tb\n 1\t x\n2 \ty \n",
}


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_fast_and_careful_paths_agree(tmp_path, monkeypatch, name):
    check(tmp_path, monkeypatch, name, TRICKY[name])


#: files the fast path must leave to the careful one (it could not promise the same result)
CAREFUL_ONLY = {
    "quoted.csv": 'a,b\n"1,5",x\n2,"y\nz"\n',
    "leading_zeros.csv": "zip,n\n01234,1\n00501,2\n",
    "leading_zeros_signed.csv": "zip,n\n1,1\n -007,2\n",
    "leading_zero_after_tabs.tsv": "a\tb\tc\n1\t\t07\n",
    "leading_zero_after_sign_and_space.csv": "a,b\n1,+ 01\n",
    "lone_cr.csv": "a,b\r1,2\r3,4\r",
    "blank_first_line.csv": "\n,\na,b\n1,2\n",
    "too_many_fields.csv": "a,b\n1,2,3\n",
    "ragged_empty_tail.csv": "a,b\n1,2\n3,4,,\n",
    "ragged.csv": "a,b\n1,2\n3,4,5\n",
}


@pytest.mark.parametrize("name", sorted(CAREFUL_ONLY))
def test_files_the_fast_path_leaves_alone_read_the_same(tmp_path, monkeypatch, name):
    check(tmp_path, monkeypatch, name, CAREFUL_ONLY[name], fast_expected=False)


@pytest.mark.parametrize("delim", [" ", "x"])
def test_space_and_letter_delimiters_are_read_carefully(tmp_path, monkeypatch, delim):
    """With a space as delimiter pandas would skip an empty first field (" 1" read as 1 in the
    first column, where the csv module reads "" then 1)."""
    text = "a b c\n 1\n2 3 4\n".replace(" ", delim)
    table = check(tmp_path, monkeypatch, "sp.txt", text, delimiter=delim, fast_expected=False)
    assert table.frame["a"].tolist()[0] != table.frame["a"].tolist()[0]  # missing
    assert table.frame["b"].tolist() == [1, 3]


def test_header_row_option(tmp_path, monkeypatch):
    text = "a,b\n1,x\n2,y\n"
    check(tmp_path, monkeypatch, "h1.csv", text, header_row=1)
    check(tmp_path, monkeypatch, "h2.csv", "notes\n" + text, header_row=2, fast_expected=False)


@pytest.mark.parametrize("encoding", ["utf-8-sig", "gb18030", "cp1252", "utf-16"])
def test_encodings_agree(tmp_path, monkeypatch, encoding):
    text = {"gb18030": "名字,分数,类别\n张三,1.5,甲\n李四,?,乙\n王五,3,甲\n",
            "cp1252": "Name,Wert\nJosé,1\nFrançois,2\nMüller,?\n" * 5}.get(
        encoding, "名字,x\nä,1\n€,2\n")
    table = check(tmp_path, monkeypatch, "e.csv", text, encoding=encoding)
    assert table.encoding == encoding
    assert table.frame.iloc[0, 0] == text.split("\n")[1].split(",")[0]


def test_encoding_doubt_warning_is_kept(tmp_path, monkeypatch):
    text = "name,v\n" + "".join(f"Привет{i},{i}\n" for i in range(40))
    table = check(tmp_path, monkeypatch, "ru.csv", text, encoding="cp1251")
    assert table.row_numbers[0] == 2


@pytest.mark.parametrize("piece", [64, 200, 1 << 22])
def test_pieces_agree_with_one_whole_file_parse(tmp_path, monkeypatch, piece):
    """Columns whose pieces parse differently (integers here, floats there; numbers here, text
    or booleans there; all missing here) come out as one whole-file parse makes them."""
    monkeypatch.setattr(rc, "_PARSE_BYTES", piece)
    monkeypatch.setattr(rc, "_PROBE_BYTES", max(16, piece // 2))
    monkeypatch.setattr(rc, "_SCAN_BYTES", max(16, piece // 2))
    rows = ["i,f,t,b,m,z,late,c,n"]
    for k in range(120):
        rows.append(",".join([
            str(k),  # integers throughout
            "-0" if k == 3 else (str(k) if k < 100 else f"{k}.5"),  # integers, then floats (-0: the number 0)
            str(k) if k < 100 else f"w{k}",  # numbers, then text: all text
            "true" if k % 2 else "false" if k < 110 else "",  # booleans, with missing at the end
            "?" if k < 100 else "x",  # missing, then text
            "" if k < 60 else str(k * 2),  # all missing in the first pieces
            str(k) if k != 117 else "late",  # one text cell near the end: a hint naming its row
            f"c{k % 5}" if k < 40 else ("TRUE" if k < 80 else f"{k % 3}.50"),  # text, then
            # pieces of booleans and of numbers (as categories pandas would convert them)
            f"{k}.0" if k > 5 else "n/a",  # numbers written with a zero decimal, missing first
        ]))
    text = "\n".join(rows[:50] + ["", " , ,"] + rows[50:]) + "\n"
    table = check(tmp_path, monkeypatch, "pieces.csv", text)
    assert [c.type for c in table.columns] == ["numeric", "numeric", "nominal", "nominal", "nominal",
                                               "numeric", "nominal", "nominal", "numeric"]
    assert "0.50" in table.column("c").values and "TRUE" in table.column("c").values
    assert table.frame["f"].to_numpy()[3] == 0 and not np.signbit(table.frame["f"].to_numpy()[3])
    assert table.row_numbers[48:50].tolist() == [50, 53]  # the two blank lines skipped
    assert any('"late" in row 121' in w for w in table.warnings), table.warnings


def test_many_rows_with_blank_and_short_lines(tmp_path, monkeypatch):
    monkeypatch.setattr(rc, "_PARSE_BYTES", 4096)
    monkeypatch.setattr(rc, "_PROBE_BYTES", 512)
    monkeypatch.setattr(rc, "_SCAN_BYTES", 1000)
    rng = np.random.default_rng(1)
    lines = ["x,y,c"]
    for k in range(3000):
        r = rng.random()
        if r < 0.01:
            lines.append("" if r < 0.005 else " ,\t,")
        elif r < 0.02:
            lines.append(f"{k}")
        else:
            lines.append(f"{rng.normal():.3f},{'?' if r < 0.05 else k},{'NA' if r > 0.98 else 'c' + str(k % 7)}")
    table = check(tmp_path, monkeypatch, "many.csv", "\n".join(lines) + "\n")
    assert table.n_rows == sum(1 for line in lines[1:] if line.replace(",", "").strip())
    assert any("fewer fields than the header" in w for w in table.warnings)


def test_limits_agree(tmp_path, monkeypatch):
    from engine.data.limits import ReadLimits

    text = "a,b\n" + "1,2\n" * 50
    path = tmp_path / "l.csv"
    path.write_text(text)
    for limits in (ReadLimits(max_cells=60), ReadLimits(max_cell_chars=3), ReadLimits(max_columns=1)):
        fast, careful, _ = read_both(path, monkeypatch, limits=limits)
        assert_same(fast, careful)
    long = tmp_path / "long.csv"
    long.write_text("a,b\n1,abcdef\n2,ab\n")
    fast, careful, taken = read_both(long, monkeypatch, limits=ReadLimits(max_cell_chars=3))
    assert taken is False or isinstance(fast, DataError)
    assert_same(fast, careful)
    assert fast.code == "cell_too_large" and fast.row == 2 and fast.column == "b"


# ---- the comparison notices a wrong fast path --------------------------------------------


def assert_caught(tmp_path, monkeypatch, name, text):
    """The (sabotaged) fast path still reads the file, and the comparison fails."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    fast, careful, taken = read_both(path, monkeypatch)
    assert taken
    with pytest.raises(AssertionError):
        assert_same(fast, careful)


def test_the_comparison_notices_a_dropped_blank_line(tmp_path, monkeypatch):
    """A fast path that forgets a blank line numbers the rows below it wrong: caught."""
    original = rc._scan_lines

    def wrong(buf, delim):
        starts, delims, blank, zero = original(buf, delim)
        return starts, delims, np.zeros_like(blank), zero

    monkeypatch.setattr(rc, "_scan_lines", wrong)
    assert_caught(tmp_path, monkeypatch, "b.csv", TRICKY["blank_lines.csv"])


def test_the_comparison_notices_a_missing_token_read_as_text(tmp_path, monkeypatch):
    """A fast path that keeps "?" as text (its parser and its text inference both forget the
    token): caught."""
    from engine.data.table import TableBuilder

    monkeypatch.setattr(rc, "_NA_SPELLINGS", [t for t in rc._NA_SPELLINGS if t != "?"])
    original = TableBuilder._infer_text_column

    def forgetful(self, *args):
        self.missing_tokens = self.missing_tokens - {"?"}
        return original(self, *args)

    monkeypatch.setattr(TableBuilder, "_infer_text_column", forgetful)
    assert_caught(tmp_path, monkeypatch, "m.csv", "a,b\n1,x\n?,y\n3,z\n")


def test_the_comparison_notices_a_value_read_as_missing(tmp_path, monkeypatch):
    monkeypatch.setattr(rc, "_NA_SPELLINGS", rc._NA_SPELLINGS + ["x"])
    assert_caught(tmp_path, monkeypatch, "m.csv", "a,b\n1,x\n2,y\n3,z\n")


def test_the_comparison_notices_a_lost_row_number(tmp_path, monkeypatch):
    original = rc.TableBuilder.build

    def shifted(self, names, columns, row_numbers, *args, **kw):
        return original(self, names, columns, row_numbers + (1 if rc.FAST_PATH else 0), *args, **kw)

    monkeypatch.setattr(rc.TableBuilder, "build", shifted)
    assert_caught(tmp_path, monkeypatch, "r.csv", "a,b\n1,x\n2,y\n")


def test_the_comparison_notices_a_short_row_warning_lost(tmp_path, monkeypatch):
    original = rc._scan_lines

    def wrong(buf, delim):
        starts, delims, blank, zero = original(buf, delim)
        return starts, np.maximum(delims, delims.max()), blank, zero

    monkeypatch.setattr(rc, "_scan_lines", wrong)
    assert_caught(tmp_path, monkeypatch, "s.csv", TRICKY["short_rows.csv"])


def test_a_million_cells_read_fast_with_their_row_numbers(tmp_path):
    """At scale: the values, the missing cells and the row numbers, checked against the writer."""
    rng = np.random.default_rng(0)
    n = 50_000
    x = np.round(rng.normal(50, 15, n), 2)
    gone = rng.random(n) < 0.01
    cat = np.array([f"c{k}" for k in range(12)], dtype=object)[rng.integers(0, 12, n)]
    frame = pd.DataFrame({"x": np.where(gone, "?", x.astype(str)), "c": cat})
    path = tmp_path / "big.csv"
    frame.to_csv(path, index=False)
    table = read_table(path)
    got = table.frame["x"].to_numpy()
    assert np.array_equal(np.isnan(got), gone)
    assert np.array_equal(got[~gone], x[~gone])
    assert table.column("x").missing == int(gone.sum())
    assert table.frame["c"].tolist() == cat.tolist()
    assert table.row_numbers.tolist() == list(range(2, n + 2))


# ---- random files, read in tiny pieces ---------------------------------------------------

from hypothesis import example, HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

piece_cell = st.one_of(
    st.sampled_from(["", " ", "?", " NA ", "-", "+", "null", "nan", "-0", "0", "1.50", "2", "3.25", " 7 ",
                     "TRUE", "false", "inf", "1e3", "x", "y", "Item2", "item10", "\u00a0", "\u3000", "é",
                     "1,5", "00", "a\x1bb"]),
    st.integers(-1000, 1000).map(str),
    st.floats(-1e6, 1e6, allow_nan=False).map(lambda v: f"{v:.2f}"),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(shape=(3, [[], ["", "", ""], ["", "", "-0"]]), delim=",", piece=8)  # found by CI: -0 read as -0.0
@example(shape=(2, [["-0", "1.5"], ["", "-0.0"], ["2", "-0"]]), delim=",", piece=8)
@given(st.integers(1, 4).flatmap(lambda w: st.tuples(
    st.just(w), st.lists(st.lists(piece_cell, min_size=0, max_size=w), min_size=1, max_size=40))),
    st.sampled_from([",", ";", "\t"]), st.integers(8, 200))
def test_random_files_in_tiny_pieces_agree(tmp_path_factory, shape, delim, piece):
    width, rows = shape
    header = [f"h{j}" for j in range(width)]
    text = "\n".join(delim.join(r) for r in [header] + rows) + "\n"
    path = tmp_path_factory.mktemp("p") / "r.csv"
    path.write_text(text, encoding="utf-8")
    saved = rc._PARSE_BYTES, rc._PROBE_BYTES, rc._SCAN_BYTES
    rc._PARSE_BYTES, rc._PROBE_BYTES, rc._SCAN_BYTES = piece, max(4, piece // 3), max(4, piece // 2)
    results = []
    try:
        for fast in (True, False):
            rc.FAST_PATH = fast
            try:
                results.append(read_table(path, delimiter=delim))
            except DataError as exc:
                results.append(exc)
    finally:
        rc.FAST_PATH = True
        rc._PARSE_BYTES, rc._PROBE_BYTES, rc._SCAN_BYTES = saved
    assert_same(*results)
