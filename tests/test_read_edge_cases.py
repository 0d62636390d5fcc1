"""Reader edge cases found in review: each once lost or altered data."""

import numpy as np
import pytest
from openpyxl import Workbook

from engine.data import read_table
from engine.data.encode import encode
from engine.data.spec import ProblemSpec, check
from engine.errors import DataError
from xlsx_builder import sheet_xml, write_xlsx


def write(tmp_path, name, text, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def test_stray_far_cell_is_refused_before_loading(tmp_path):
    wb = Workbook()
    ws = wb.active
    ws.append(["a", "b"])
    ws.append([1, 2])
    ws["ZZ200000"] = 5  # a 5 KB file whose sheet spans 140 million cells
    wb.save(tmp_path / "sparse.xlsx")
    with pytest.raises(DataError) as info:
        read_table(tmp_path / "sparse.xlsx")
    assert info.value.code == "too_large" and "ZZ" in str(info.value) and 'sheet "Sheet"' in str(info.value)


def test_arff_declared_values_are_never_missing(tmp_path):
    text = ("@relation credit\n@attribute a numeric\n@attribute country {US,NA,DE}\n"
            "@attribute class {'+','-'}\n@data\n1,US,+\n2,NA,-\n3,DE,-\n4,?,?\n")
    t = read_table(write(tmp_path, "c.arff", text))
    assert t.frame["class"].tolist() == ["+", "-", "-", None]
    assert t.frame["country"].tolist() == ["US", "NA", "DE", None]


def test_plus_minus_column_keeps_minus(tmp_path):
    t = read_table(write(tmp_path, "pm.csv", "x,sign\n1,+\n2,-\n3,-\n4,\n"))
    assert t.frame["sign"].tolist() == ["+", "-", "-", None]
    t = read_table(write(tmp_path, "m.csv", "x,y\n1,-\n2,a\n"))
    assert t.frame["y"].tolist() == [None, "a"]  # without "+", "-" is the missing mark


def test_arff_comment_tail_and_brace_after_name(tmp_path):
    text = "@relation r\n@attribute a numeric\n@attribute class{y,n}\n@data\n1,y % a comment\n2,n\n"
    t = read_table(write(tmp_path, "w.arff", text))
    assert t.frame["class"].tolist() == ["y", "n"]


@pytest.mark.parametrize("text", ["n,c\nGrüße,a\n", "id,name\n1,Ana Núñez\n", "w,c\nnaïve,x\n"])
def test_western_text_without_utf8(tmp_path, text):
    t = read_table(write(tmp_path, "w.csv", text, encoding="cp1252"))
    assert t.encoding == "cp1252"
    accented = next(w for w in text.replace("\n", ",").split(",") if not w.isascii())
    assert accented in t.frame.to_numpy().ravel().tolist()


def test_gbk_with_a_single_chinese_character(tmp_path):
    t = read_table(write(tmp_path, "g.csv", "name,cls\n张,a\n", encoding="gbk"))
    assert t.frame["name"].tolist() == ["张"]


def test_thousands_separators_are_not_decimal_commas_outside_semicolon_files(tmp_path):
    """Read as thousands (issue 36: the whole column writes them so), never as 1.234."""
    t = read_table(write(tmp_path, "t.tsv", "amount\tcls\n1,234\ta\n12,000\tb\n"))
    assert t.column("amount").type == "numeric"
    assert t.frame["amount"].tolist() == [1234.0, 12000.0]


@pytest.mark.parametrize("fast", [True, False])
def test_leading_zeros_are_kept_as_text(tmp_path, monkeypatch, fast):
    import engine.data.read_csv as rc

    monkeypatch.setattr(rc, "FAST_PATH", fast)
    t = read_table(write(tmp_path, "z.csv", "zip,n,cls\n01234,1,a\n00501,2,b\n90210,3,a\n"))
    info = t.column("zip")
    assert info.type == "nominal" and info.numeric_text
    assert t.frame["zip"].tolist() == ["01234", "00501", "90210"]
    assert t.column("n").type == "numeric"
    # the user may still call it numeric
    spec = ProblemSpec(target="cls")
    spec.set_attribute("zip", type="numeric")
    assert check(spec, t) == []
    assert encode(t, spec).X[:, 0].tolist() == [1234, 501, 90210]


def test_a_header_starting_with_mz_is_text(tmp_path):
    t = read_table(write(tmp_path, "m.csv", "MZ_score,cls\n1,a\n2,b\n"))
    assert t.frame["MZ_score"].tolist() == [1, 2]


def test_bad_delimiter_option(tmp_path):
    with pytest.raises(DataError) as info:
        read_table(write(tmp_path, "d.csv", "a;;b\n1;;2\n"), delimiter=";;")
    assert info.value.code == "bad_option"


def test_header_too_long_names_the_header_row(tmp_path):
    write_xlsx(tmp_path / "h.xlsx", {"S": sheet_xml([["a", "x" * 1500], [1, 2]], first_row=3)})
    with pytest.raises(DataError) as info:
        read_table(tmp_path / "h.xlsx")
    assert info.value.code == "header_too_long" and info.value.row == 3


def test_merged_header_cell_is_not_copied_into_the_next_column(tmp_path):
    write_xlsx(tmp_path / "m.xlsx", {"S": sheet_xml([["a", None, "c"], [1, 2, 3], [4, 5, 6]], merges=["A1:B1"])})
    with pytest.raises(DataError) as info:
        read_table(tmp_path / "m.xlsx")
    assert info.value.code == "unnamed_column" and info.value.column == "B"


def test_numbers_written_differently_match_training_categories(tmp_path):
    train = read_table(write(tmp_path, "tr.csv", "dose,cls\n1.0,a\n2.5,b\nx,a\n1.0,b\n"))
    spec = ProblemSpec(target="cls")
    schema = encode(train, spec).schema
    assert schema.attributes[0].categories == ["1.0", "2.5", "x"]
    new = read_table(write(tmp_path, "new.csv", "dose,cls\n1,a\n2.5,b\n7,a\n"))
    warnings = []
    X = schema.encode_features(new, warnings=warnings)
    assert X[:2, 0].tolist() == [0, 1] and np.isnan(X[2, 0])
    assert len(warnings) == 1 and '"7"' in warnings[0]


def test_text_typed_into_a_numeric_xlsx_column_is_named_as_in_csv(tmp_path):
    """"五十" and "62岁" among Excel numbers: the column is read as text, and said so with the
    first cell's row, as the csv path says it (was: silently categories)."""
    wb = Workbook()
    ws = wb.active
    ws.append(["年龄", "诊断"])
    for i in range(30):
        ws.append([40 + i, "有" if i % 2 else "无"])
    ws.append(["五十", "有"])
    ws.append(["62岁", "无"])
    wb.save(tmp_path / "t.xlsx")
    table = read_table(tmp_path / "t.xlsx")
    said = 'column "年龄" is numeric except for "五十" in row 32 and 1 more; it is read as nominal (text)'
    assert any(w.startswith(said) for w in table.warnings)
    (tmp_path / "t.csv").write_text("年龄,诊断\n" + "".join(f"{40 + i},x\n" for i in range(30)) + "五十,x\n62岁,x\n",
                                    encoding="utf-8")
    assert any(w.startswith(said) for w in read_table(tmp_path / "t.csv").warnings)
    # mostly text with a few numbers: a text column, nothing to say
    ws2 = Workbook()
    sheet = ws2.active
    sheet.append(["name", "y"])
    for i in range(30):
        sheet.append([f"n{i}" if i % 5 else i, "a"])
    ws2.save(tmp_path / "u.xlsx")
    assert not any("numeric except" in w for w in read_table(tmp_path / "u.xlsx").warnings)


def test_a_workbook_opens_on_its_first_table_not_on_notes_or_an_empty_sheet(tmp_path):
    wb = Workbook()
    notes = wb.active
    notes.title = "说明"
    notes.append(["本表为2024年门诊病例"])
    notes.append(["数据来源：某医院"])
    notes.append(["诊断：有 / 无"])
    wb.create_sheet("空白")
    data = wb.create_sheet("病例")
    data.append(["年龄", "诊断"])
    for i in range(10):
        data.append([40 + i, "有" if i % 2 else "无"])
    wb.save(tmp_path / "w.xlsx")
    table = read_table(tmp_path / "w.xlsx")
    assert table.sheet == "病例" and table.n_rows == 10 and [c.name for c in table.columns] == ["年龄", "诊断"]
    assert table.warnings[0].startswith('the first sheet ("说明") is not a table; the sheet "病例" was read')
    assert read_table(tmp_path / "w.xlsx", sheet="说明").sheet == "说明"  # asked for: read as asked
    # a workbook whose first sheet is a table opens on it, silently
    wb2 = Workbook()
    wb2.active.append(["a", "y"])
    wb2.active.append([1, "p"])
    wb2.create_sheet("more").append(["x", "z"])
    wb2.save(tmp_path / "v.xlsx")
    assert read_table(tmp_path / "v.xlsx").warnings == []


def test_a_title_row_above_the_header_is_skipped_and_said(tmp_path):
    wb = Workbook()
    ws = wb.active
    ws.append(["心脏病门诊病例（2024）"])
    ws.merge_cells("A1:C1")
    ws.append(["年龄", "性别", "诊断"])
    for i in range(6):
        ws.append([50 + i, "男" if i % 2 else "女", "有" if i % 3 else "无"])
    wb.save(tmp_path / "t.xlsx")
    table = read_table(tmp_path / "t.xlsx")
    assert [c.name for c in table.columns] == ["年龄", "性别", "诊断"] and table.n_rows == 6
    assert table.row_number(0) == 3
    assert any(w.startswith('row 1 ("心脏病门诊病例（2024）") looks like a title above the table') for w in table.warnings)
    # a header that only lacks a name is not a title: the old, precise error stays
    wb = Workbook()
    ws = wb.active
    ws.append(["age"])
    for i in range(4):
        ws.append([50 + i, "yes"])
    wb.save(tmp_path / "u.xlsx")
    with pytest.raises(DataError, match="no name"):
        read_table(tmp_path / "u.xlsx")
