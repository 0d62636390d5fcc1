"""Files from strangers (the text readers): what an attack run found must not come back.

1. silent misreads: an unclosed quote, a Japanese file read as Chinese, ARFF dates that are not dates;
2. control and text-direction characters anywhere in a file (not only where the binary check looks),
   in cells and in column names, in every format;
3. random text with such characters and quotes: only a DataError, never a control character in a cell.

Every warning and error must name the place (file, sheet, row, column).
"""

import os
import re
import tempfile

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.data import read_table
from engine.errors import DataError
from xlsx_builder import sheet_xml, write_xlsx

#: what no cell, column name or message may hold: C0 and C1 controls but tab and newline,
#: DEL, the line/paragraph separators and the bidi embeddings, overrides and isolates
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def write(tmp_path, name, data, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode(encoding))
    return path


def all_text(table):
    """Every column name and text cell of a table."""
    out = [c.name for c in table.columns]
    for name in table.frame.columns:
        if table.frame[name].dtype == object:
            out += [v for v in table.frame[name] if isinstance(v, str)]
    return out


# ---- 1a: an unclosed quote ------------------------------------------------------------

def test_unclosed_quote_at_the_end_warns_naming_the_cell(tmp_path):
    path = write(tmp_path, "notes.csv", 'id,note\n1,fine\n2,ok\n3,"starts here\nand goes on\n')
    t = read_table(path)
    assert t.frame["note"].tolist() == ["fine", "ok", "starts here\nand goes on"]
    [w] = [w for w in t.warnings if "quote" in w]
    assert 'file "notes.csv"' in w and "row 4" in w and 'column "note"' in w
    assert "rest of the file" in w and "never closed" in w


def test_unclosed_quote_that_swallows_rows_is_refused(tmp_path):
    rows = "".join(f"{i},v{i}\n" for i in range(3, 40))
    path = write(tmp_path, "stray.csv", 'id,note\n1,fine\n2,"oops\n' + rows)
    with pytest.raises(DataError) as info:
        read_table(path)
    exc = info.value
    assert exc.code == "unclosed_quote" and exc.row == 3 and exc.column == "note"
    text = str(exc)
    assert 'file "stray.csv"' in text and "row 3" in text and 'column "note"' in text
    assert "look like rows" in text and "rest of the file" in text


def test_unclosed_quote_in_the_header_is_refused(tmp_path):
    path = write(tmp_path, "head.csv", 'id,"note\n1,a\n2,b\n')
    with pytest.raises(DataError) as info:
        read_table(path)
    assert info.value.code == "unclosed_quote" and info.value.row == 1
    assert 'file "head.csv"' in str(info.value)


def test_closed_quotes_and_quoted_line_breaks_give_no_warning(tmp_path):
    path = write(tmp_path, "good.csv", 'id,note\r\n1,"two\r\nlines"\r\n2,"say ""hi"""')
    t = read_table(path)
    assert t.frame["note"].tolist() == ["two\nlines", 'say "hi"']
    assert t.warnings == []


# ---- 1b: the encoding guessed -----------------------------------------------------------

JAPANESE = "名前,都市,年齢\n田中,東京,30\n佐藤,大阪,25\n鈴木,京都,40\n高橋,名古屋,35\n"


def test_shift_jis_file_is_not_read_as_chinese(tmp_path):
    # Shift-JIS bytes also decode as GB18030, into rare characters (柤慜 for 名前)
    t = read_table(write(tmp_path, "jp.csv", JAPANESE, encoding="shift_jis"))
    assert [c.name for c in t.columns] == ["名前", "都市", "年齢"]
    assert t.frame["都市"].tolist() == ["東京", "大阪", "京都", "名古屋"]
    assert t.encoding == "cp932"


def test_doubtful_guess_warns_naming_file_encoding_and_option(tmp_path):
    # three short rows of EUC-KR Korean read as well as everyday Chinese (GB18030) and Japanese
    text = "이름,성별,결과\n김철수,남,양성\n이영희,여,음성\n"
    t = read_table(write(tmp_path, "kr.csv", text, encoding="euc_kr"))
    [w] = [w for w in t.warnings if "encoding" in w]
    assert 'file "kr.csv"' in w and f"guessed as {t.encoding}" in w and "--encoding" in w
    # the encoding the user gives is not doubted
    t = read_table(tmp_path / "kr.csv", encoding="euc_kr")
    assert t.frame["이름"].tolist() == ["김철수", "이영희"] and t.warnings == []


def test_cyrillic_read_as_latin_warns(tmp_path):
    text = "Имя,Город,Результат\nИван,Москва,да\nМария,Казань,нет\nПётр,Самара,да\n"
    t = read_table(write(tmp_path, "ru.csv", text, encoding="koi8_r"))
    if t.encoding in ("koi8_r", "koi8-r"):
        return  # a detector that gets it right needs no warning
    [w] = [w for w in t.warnings if "encoding" in w]
    assert 'file "ru.csv"' in w and t.encoding in w and "--encoding" in w


@pytest.mark.parametrize("encoding,expected", [
    ("gbk", "gb18030"), ("gb18030", "gb18030"), ("utf-8", "utf-8"), ("utf-16", "utf-16"),
    ("big5", "big5")])
def test_real_chinese_files_read_without_doubt(tmp_path, encoding, expected):
    text = ("姓名,性别,年龄,诊断\n张三,男,45,阳性\n李四,女,38,阴性\n王五,男,62,阳性\n赵六,女,51,阴性\n"
            if encoding != "big5" else "姓名,性別,診斷結果\n陳大文,男,陽性\n黃小明,女,陰性\n李美麗,女,陽性\n")
    t = read_table(write(tmp_path, "zh.csv", text, encoding=encoding))
    assert t.encoding == expected
    assert t.warnings == []
    assert t.columns[0].name == text.split(",")[0]


# ---- 1c: ARFF dates -----------------------------------------------------------------------

ARFF_DATES = """@relation visits
@attribute seen date
@attribute day date "dd.MM.yyyy"
@attribute class {yes,no}
@data
2020-01-02T03:04:05,31.12.2020,yes
?,'1.2.2021',no
'2021-06-30T00:00:00',?,yes
"""


def test_arff_dates_are_parsed_like_workbook_dates(tmp_path):
    t = read_table(write(tmp_path, "d.arff", ARFF_DATES))
    # as text in ISO form, the way dates of a workbook are read (a date at midnight: the day only)
    assert t.frame["seen"].tolist() == ["2020-01-02 03:04:05", None, "2021-06-30"]
    assert t.frame["day"].tolist() == ["2020-12-31", "2021-02-01", None]


@pytest.mark.parametrize("column,line,value", [("seen", 7, "tomorrow"), ("day", 6, "2020-12-31")])
def test_arff_value_that_is_not_a_date_is_an_error(tmp_path, column, line, value):
    lines = ARFF_DATES.splitlines()
    parts = lines[line - 1].split(",")
    parts[0 if column == "seen" else 1] = value
    lines[line - 1] = ",".join(parts)
    with pytest.raises(DataError) as info:
        read_table(write(tmp_path, "bad.arff", "\n".join(lines) + "\n"))
    exc = info.value
    assert exc.code == "bad_date" and exc.row == line and exc.column == column
    assert f'file "bad.arff", row {line}, column "{column}"' in str(exc) and value in str(exc)


def test_arff_date_format_this_reader_cannot_read_is_named(tmp_path):
    text = "@relation r\n@attribute q date 'yyyy-QQ'\n@attribute c {a,b}\n@data\n2020-01,a\n"
    with pytest.raises(DataError) as info:
        read_table(write(tmp_path, "q.arff", text))
    assert info.value.code == "bad_arff" and info.value.row == 2 and "QQ" in str(info.value)


# ---- 2: control characters ------------------------------------------------------------------

#: far past the 64 KiB the binary check samples
FILLER_ROWS = 20_000


@pytest.mark.parametrize("quoted", [False, True])
def test_control_characters_deep_in_a_csv_are_escaped_with_a_warning(tmp_path, quoted):
    q = '"' if quoted else ""
    body = "".join(f"{i},{q}plain{q}\n" for i in range(FILLER_ROWS))
    tail = f"{FILLER_ROWS},{q}\x1b[31mred\x07{q}\n{FILLER_ROWS + 1},{q}evil\u202etxt.exe{q}\n"
    path = write(tmp_path, "ctl.csv", "id,label\n" + body + tail)
    t = read_table(path)
    labels = t.frame["label"].tolist()
    assert labels[-2:] == ["\\x1b[31mred\\x07", "evil\\u202etxt.exe"]
    assert not any(FORBIDDEN.search(v) for v in all_text(t))
    [w] = [w for w in t.warnings if "control" in w]
    row = FILLER_ROWS + 2  # the header is row 1
    assert f'file "ctl.csv", row {row}, column "label"' in w
    assert "ESC" in w and "3 control" in w and "\\x1b" in w
    assert not FORBIDDEN.search(w)


def test_nul_deep_in_a_csv_is_refused_as_damaged(tmp_path):
    body = "".join(f"{i},plain\n" for i in range(FILLER_ROWS))
    path = write(tmp_path, "nul.csv", "id,label\n" + body + "x,a\x00b\n")
    with pytest.raises(DataError) as info:
        read_table(path)
    assert info.value.code == "binary" and info.value.row == FILLER_ROWS + 2
    assert 'file "nul.csv"' in str(info.value)


def test_control_characters_in_column_names(tmp_path):
    t = read_table(write(tmp_path, "head.csv", "id,la\x1bbel\n1,a\n2,b\n"))
    assert [c.name for c in t.columns] == ["id", "la\\x1bbel"]
    [w] = [w for w in t.warnings if "control" in w]
    assert 'file "head.csv", row 1, column "2"' in w


def test_control_characters_in_arff(tmp_path):
    text = ("@relation r\n@attribute 'na\x1bme' {x,'y\x07'}\n@attribute s string\n@data\n"
            "x,plain\n'y\x07','bad\x08'\n")
    t = read_table(write(tmp_path, "c.arff", text))
    assert [c.name for c in t.columns] == ["na\\x1bme", "s"]
    assert t.frame["na\\x1bme"].tolist() == ["x", "y\\x07"]
    assert t.frame["s"].tolist() == ["plain", "bad\\x08"]
    assert t.columns[0].declared_values == ["x", "y\\x07"]
    [w] = [w for w in t.warnings if "control" in w]
    assert 'file "c.arff", row 2, column "na\\x1bme"' in w and "3 control" in w


def test_control_characters_in_a_workbook(tmp_path):
    # OOXML writes characters XML cannot hold as _xHHHH_; a reader turns them back
    path = tmp_path / "c.xlsx"
    write_xlsx(path, {"Data": sheet_xml([["id", "label"], [1, "fine"], [2, "red_x001B_[31m"],
                                         [3, "bell_x0007_"]])})
    t = read_table(path)
    assert t.frame["label"].tolist() == ["fine", "red\\x1b[31m", "bell\\x07"]
    assert not any(FORBIDDEN.search(v) for v in all_text(t))
    [w] = [w for w in t.warnings if "control" in w]
    assert 'file "c.xlsx", sheet "Data", row 3, column "label"' in w


# ---- 3: random hostile text -------------------------------------------------------------------

HOSTILE = st.sampled_from(list("\x00\x01\x07\x08\x0b\x0c\x1b\x1f\x7f\x80\x85\x9b\u2028\u2029\u202a\u202e\u2066\u2069")
                          + ['"', '""', "'", "\r", "\r\n", "\n", "\t", ",", ";", "?", " "])
PLAIN = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=6)
PIECE = st.one_of(PLAIN, HOSTILE, HOSTILE, st.sampled_from(["1", "2.5", "-3", "a", "b", "名前"]))


def _read_bytes(data: bytes, suffix: str):
    fd, path = tempfile.mkstemp(suffix=suffix)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        try:
            return read_table(path)
        except DataError as exc:
            assert exc.code != "unreadable", f"reader bug on {data[:80]!r}: {exc.__cause__!r}"
            assert not FORBIDDEN.search(str(exc)), str(exc)
            return exc
    finally:
        os.unlink(path)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PIECE, min_size=1, max_size=60), st.sampled_from([".csv", ".tsv", ".txt", ".arff"]),
       st.sampled_from(["utf-8", "utf-16", "gb18030"]))
def test_random_hostile_text_gives_clean_cells_or_a_data_error(pieces, suffix, encoding):
    """Newlines and tabs may stay in a cell (a quoted CSV cell holds them legitimately);
    no other control or text-direction character may."""
    body = "".join(pieces)
    if suffix == ".arff":
        text = "@relation r\n@attribute 'a\x1b' string\n@attribute b {x,y}\n@data\n" + body
    else:
        text = "a,b\x07,c\n" + body
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    result = _read_bytes(data, suffix)
    if isinstance(result, DataError):
        event(f"error {result.code}")
        return
    event("table")
    for value in all_text(result):
        assert not FORBIDDEN.search(value), repr(value)
        assert "\r" not in value, repr(value)
    for w in result.warnings:
        assert not FORBIDDEN.search(w), w
