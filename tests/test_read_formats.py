"""Reading good files of every supported kind: values, types, missing counts."""

import datetime
import math

import numpy as np
import pytest
from openpyxl import Workbook

from engine.data import list_sheets, read_table
from xlsx_builder import ErrorValue, Formula, sheet_xml, write_xlsx


def write(tmp_path, name, data, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode(encoding))
    return path


def col(table, name):
    return table.column(name)


# ---- the acceptance case: GBK, semicolons, Chinese headers, '?' -----------------------

GBK_TEXT = (
    "年龄;性别;血压;诊断\n"
    "45;男;120,5;阳性\n"
    "?;女;135;阴性\n"
    "62;?;?;阳性\n"
    "38;女;118,25;阴性\n"
    "51;男;142;?\n"
)


def test_gbk_semicolon_chinese_headers_and_question_marks(tmp_path):
    path = write(tmp_path, "病人.csv", GBK_TEXT, encoding="gbk")
    t = read_table(path)
    assert t.encoding == "gb18030"
    assert t.delimiter == ";"
    assert [c.name for c in t.columns] == ["年龄", "性别", "血压", "诊断"]
    assert [c.type for c in t.columns] == ["numeric", "nominal", "numeric", "nominal"]
    assert [c.missing for c in t.columns] == [1, 1, 1, 1]
    assert col(t, "性别").values == ["女", "男"] and col(t, "性别").counts == [2, 2]
    assert col(t, "诊断").values == ["阳性", "阴性"]
    # decimal commas of a semicolon file are read as numbers
    np.testing.assert_allclose(t.frame["血压"].to_numpy(), [120.5, 135, np.nan, 118.25, 142])
    assert np.isnan(t.frame["年龄"][1]) and t.frame["年龄"][0] == 45
    assert col(t, "年龄").integer and col(t, "年龄").minimum == 38 and col(t, "年龄").maximum == 62


@pytest.mark.parametrize("encoding,expected", [
    ("utf-8", "utf-8"), ("utf-8-sig", "utf-8-sig"), ("utf-16", "utf-16"), ("utf-16-le", "utf-16-le"),
    ("gb18030", "gb18030"), ("gbk", "gb18030")])
def test_encodings(tmp_path, encoding, expected):
    text = "名称,数量,等级\n苹果,3,高\n香蕉,?,低\n梨子,5,中\n"
    t = read_table(write(tmp_path, "f.csv", text, encoding=encoding))
    assert t.encoding == expected
    assert [c.name for c in t.columns] == ["名称", "数量", "等级"]
    assert t.frame["名称"].tolist() == ["苹果", "香蕉", "梨子"]
    assert col(t, "数量").missing == 1


def test_gb18030_four_byte_characters(tmp_path):
    # U+20000 is outside GBK; GB18030 encodes it in four bytes
    text = "名字,值\n\U00020000甲,1\n乙,2\n"
    t = read_table(write(tmp_path, "f.csv", text, encoding="gb18030"))
    assert t.frame["名字"].tolist() == ["\U00020000甲", "乙"]


def test_explicit_encoding_overrides_detection(tmp_path):
    path = write(tmp_path, "latin.csv", "name,town\nJosé,Málaga\nAnn,Köln\n", encoding="cp1252")
    t = read_table(path, encoding="cp1252")
    assert t.frame["name"].tolist() == ["José", "Ann"]
    assert read_table(path).frame["town"].tolist() == ["Málaga", "Köln"]  # detected too


@pytest.mark.parametrize("delim", [",", ";", "\t", "|"])
def test_delimiter_sniffing(tmp_path, delim):
    rows = [["a", "b", "c"], ["1", "x y", "2.5"], ["3", "z", "4"]]
    text = "\n".join(delim.join(r) for r in rows) + "\n"
    t = read_table(write(tmp_path, "f.txt", text))
    assert t.delimiter == delim
    assert t.frame.shape == (2, 3)
    assert t.frame["c"].tolist() == [2.5, 4.0]


def test_comma_file_with_semicolons_in_values(tmp_path):
    text = 'id,note,score\n1,"a;b;c",3\n2,"d;e",4\n3,f,5\n'
    t = read_table(write(tmp_path, "f.csv", text))
    assert t.delimiter == ","
    assert t.frame["note"].tolist() == ["a;b;c", "d;e", "f"]


@pytest.mark.parametrize("token", ["", "?", "NA", "na", "N/A", "n/a", "-", "null", "NULL", " ? ", "NaN", "#N/A"])
def test_missing_tokens(tmp_path, token):
    text = f"x,y\n1,a\n{token},b\n3,{token}\n"
    t = read_table(write(tmp_path, "f.csv", text))
    assert col(t, "x").type == "numeric" and col(t, "x").missing == 1
    assert col(t, "y").missing == 1 and col(t, "y").values == ["a", "b"]


def test_minus_sign_is_not_missing(tmp_path):
    t = read_table(write(tmp_path, "f.csv", "x,y\n-5,a\n-,b\n2,c\n"))
    assert t.frame["x"].tolist()[0] == -5 and math.isnan(t.frame["x"][1]) and col(t, "x").missing == 1


def test_mostly_numeric_column_is_nominal_with_a_warning_naming_the_row(tmp_path):
    lines = ["v,c"] + [f"{i},a" for i in range(30)] + ["abc,b"]
    t = read_table(write(tmp_path, "f.csv", "\n".join(lines) + "\n"))
    assert col(t, "v").type == "nominal"
    assert len(t.warnings) == 1 and '"abc" in row 32' in t.warnings[0] and '"v"' in t.warnings[0]


def test_quoted_fields_with_newlines_and_row_numbers(tmp_path):
    text = 'a,b\n1,"two\nlines"\n\n2,"x, y"\n'
    t = read_table(write(tmp_path, "f.csv", text))
    assert t.frame["b"].tolist() == ["two\nlines", "x, y"]
    # rows as a spreadsheet shows the file: one row per record (a quoted newline stays in
    # its cell), blank lines count as rows
    assert t.row_number(0) == 2 and t.row_number(1) == 4


def test_short_rows_are_padded_with_a_warning(tmp_path):
    t = read_table(write(tmp_path, "f.csv", "a,b,c\n1,2,3\n4,5\n6,7,8\n"))
    assert math.isnan(t.frame["c"][1]) and col(t, "c").missing == 1
    assert "row 3" in t.warnings[0]


def test_trailing_empty_fields_are_harmless(tmp_path):
    t = read_table(write(tmp_path, "f.csv", "a,b\n1,2,,\n3,4,\n"))
    assert t.frame.shape == (2, 2)


def test_empty_unnamed_trailing_column_is_dropped(tmp_path):
    t = read_table(write(tmp_path, "f.csv", "a,b,\n1,2,\n3,4,\n"))
    assert [c.name for c in t.columns] == ["a", "b"]


def test_natural_order_of_values(tmp_path):
    t = read_table(write(tmp_path, "f.csv", "g,v\nitem10,1\nitem2,2\nItem1,3\n"))
    assert col(t, "g").values == ["Item1", "item2", "item10"]


# ---- Excel ---------------------------------------------------------------------------


def test_demo_workbook(demo_dir):
    path = demo_dir / "car_evaluation.xlsx"
    assert list_sheets(path) == ["cars", "About"]
    t = read_table(path)
    assert t.sheet == "cars" and t.sheets == ["cars", "About"]
    assert t.frame.shape == (1728, 7)
    cls = col(t, "class")
    assert dict(zip(cls.values, cls.counts)) == {"unacc": 1210, "acc": 384, "good": 69, "vgood": 65}
    assert col(t, "doors").values == ["2", "3", "4", "5more"]  # numbers and text: nominal labels
    about = read_table(path, "About")
    assert about.frame.shape[1] == 1


def test_xlsx_cached_formula_values_merged_cells_offsets_and_errors(tmp_path):
    path = tmp_path / "f.xlsx"
    rows = [["id", "double", "group", "flag"],
            [1, Formula("B4*2", 2), "north", True],
            [2, Formula("B5*2", 4), None, False],
            [3, Formula("B6*2", 6), "south", ErrorValue("#DIV/0!")]]
    # the table starts at B3 and group is merged over D4:D5
    write_xlsx(path, {"Data": sheet_xml(rows, merges=["D4:D5"], first_row=3, first_col=1)})
    t = read_table(path)
    assert t.frame["double"].tolist() == [2.0, 4.0, 6.0]
    assert t.frame["group"].tolist() == ["north", "north", "south"]
    assert t.frame["flag"].tolist() == ["TRUE", "FALSE", None]
    assert [t.row_number(i) for i in range(3)] == [4, 5, 6]


def test_xlsx_dates_read_as_iso_text(tmp_path):
    wb = Workbook()
    ws = wb.active
    ws.title = "visits"
    ws.append(["when", "stamp", "n"])
    ws.append([datetime.date(2024, 3, 1), datetime.datetime(2024, 3, 1, 12, 30), 1])
    ws.append([datetime.date(2023, 12, 31), datetime.datetime(2024, 1, 2), 2])
    wb.save(tmp_path / "d.xlsx")
    t = read_table(tmp_path / "d.xlsx")
    assert t.frame["when"].tolist() == ["2024-03-01", "2023-12-31"]
    assert t.frame["stamp"].tolist() == ["2024-03-01 12:30:00", "2024-01-02"]


def test_xlsx_choose_sheet_and_blank_rows(tmp_path):
    write_xlsx(tmp_path / "f.xlsx", {
        "first": sheet_xml([["a"], [1]]),
        "second": sheet_xml([["x", "y"], [1, "p"], [None, None], [3, "q"]])})
    t = read_table(tmp_path / "f.xlsx", "second")
    assert t.frame["x"].tolist() == [1.0, 3.0]
    assert [t.row_number(i) for i in range(2)] == [2, 4]
    assert "1 blank row" in t.warnings[0]


def test_ods_and_xls_go_through_the_same_reader(tmp_path):
    # an .xlsm is an .xlsx with macros allowed; same zip checks, same reader
    write_xlsx(tmp_path / "f.xlsm", {"S": sheet_xml([["a", "b"], [1, "x"]])})
    assert read_table(tmp_path / "f.xlsm").frame.shape == (1, 2)


# ---- ARFF ----------------------------------------------------------------------------

ARFF = """% a comment
@relation weather
@attribute outlook {sunny, overcast, 'rainy day'}
@attribute temperature numeric
@attribute 'wind speed' real
@attribute play {yes,no}

@data
sunny,85,3.5,no
'rainy day',?,2,yes
% another comment
overcast,72,?,yes
"""


def test_arff_dense(tmp_path):
    t = read_table(write(tmp_path, "w.arff", ARFF))
    assert [c.name for c in t.columns] == ["outlook", "temperature", "wind speed", "play"]
    assert [c.type for c in t.columns] == ["nominal", "numeric", "numeric", "nominal"]
    assert col(t, "outlook").declared_values == ["sunny", "overcast", "rainy day"]
    assert t.frame["outlook"].tolist() == ["sunny", "rainy day", "overcast"]
    assert col(t, "temperature").missing == 1 and col(t, "wind speed").missing == 1
    assert t.row_number(2) == 12


def test_arff_sparse(tmp_path):
    text = "@relation s\n@attribute a numeric\n@attribute b numeric\n@attribute c {x,y}\n@data\n{1 5, 2 y}\n{}\n"
    t = read_table(write(tmp_path, "s.arff", text))
    assert t.frame["a"].tolist() == [0.0, 0.0]
    assert t.frame["b"].tolist() == [5.0, 0.0]
    assert t.frame["c"].tolist() == ["y", "x"]


def test_every_bundled_dataset_reads(datasets):
    for path in sorted(datasets.glob("*.csv")):
        t = read_table(path)
        assert t.n_rows > 0 and not t.warnings, path.name
    mush = read_table(datasets / "mushroom.csv")
    assert col(mush, "stalk-root").missing == 2480
