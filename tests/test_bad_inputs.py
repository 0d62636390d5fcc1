"""The bad-input corpus: every file is generated here, and each must give one
DataError of the exact kind, naming the file and (where it applies) the sheet,
row and column."""

import io
import os
import random
import zipfile
from dataclasses import dataclass, field

import pytest
from openpyxl import Workbook

from engine.data import ReadLimits, read_table
from engine.errors import DataError
from xlsx_builder import sheet_xml, write_xlsx


def text(content, encoding="utf-8"):
    return lambda path: path.write_bytes(content.encode(encoding))


def raw(content: bytes):
    return lambda path: path.write_bytes(content)


def good_xlsx_bytes() -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.title = "Data"
    ws.append(["a", "b", "c"])
    for i in range(2000):
        ws.append([i, f"text {i}", i * 0.5])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def truncated_xlsx(path):
    data = good_xlsx_bytes()
    path.write_bytes(data[: len(data) // 2])


def xlsx_damaged_entry(path):
    # the central directory is intact but the sheet's compressed bytes are garbage
    data = bytearray(good_xlsx_bytes())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as z:
        info = z.getinfo("xl/worksheets/sheet1.xml")
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    for k in range(start + 10, start + min(info.compress_size, 400)):
        data[k] ^= 0x5A
    path.write_bytes(bytes(data))


def zip_bomb(path):
    # a worksheet of 300 MB of spaces compresses to ~300 KB: ratio ~1000
    big = b" " * (300 << 20)
    sheet = sheet_xml([["a"], [1]]).encode()
    sheet = sheet.replace(b"<sheetData>", b"<sheetData>" + big[:0])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("xl/worksheets/sheet1.xml", sheet[:-len(b"</worksheet>")] + big + b"</worksheet>")


def many_small_parts(path):
    # many parts of modest ratio whose total exceeds the (test-sized) unzip budget
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for i in range(20):
            z.writestr(f"xl/media/part{i}.bin", random.Random(i).randbytes(100_000))


def xlsx(rows_by_sheet, **kw):
    return lambda path: write_xlsx(path, {name: sheet_xml(rows, **kw) for name, rows in rows_by_sheet.items()})


def xlsx_empty_sheet(path):
    wb = Workbook()
    wb.active.title = "Empty"
    wb.save(path)


def gbk_file(path):
    path.write_bytes("name,value\n甲,1\n乙,2\n".encode("gbk"))


def arff(body):
    return text("@relation r\n" + body)


@dataclass
class Case:
    name: str  # file name written
    make: object
    code: str
    row: int | None = None
    column: str | None = None
    sheet: str | None = None
    kwargs: dict = field(default_factory=dict)


ONE_MB = "x" * (1 << 20)

CASES = [
    Case("empty.csv", raw(b""), "empty_file"),
    Case("blank.csv", text("\n\n   \n"), "empty_file"),
    Case("header_only.csv", text("a,b,c\n"), "no_rows"),
    Case("dup_header.csv", text("age,sex,age\n1,m,2\n"), "duplicate_header", column="age"),
    Case("ragged.csv", text("a,b\n1,2\n3,4\n5,6,7\n8,9\n"), "ragged_row", row=4),
    Case("junk.csv", raw(random.Random(7).randbytes(4000)), "binary"),
    Case("junk_no_nul.csv", raw(random.Random(8).randbytes(4000).replace(b"\x00", b"\x01")), "binary"),
    Case("nul_in_text.csv", raw(b"a,b\n1,2\n3,\x004\n"), "binary", row=3),
    Case("truncated.xlsx", truncated_xlsx, "truncated"),
    Case("damaged_part.xlsx", xlsx_damaged_entry, "truncated"),
    Case("bomb.xlsx", zip_bomb, "zip_bomb"),
    Case("over_budget.xlsx", many_small_parts, "zip_bomb",
         kwargs={"limits": ReadLimits(max_unzipped_bytes=1_000_000)}),
    Case("text_renamed.xlsx", text("a,b\n1,2\n"), "not_a_workbook"),
    Case("pdf_renamed.xlsx", raw(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"), "not_a_workbook"),
    Case("fake_old.xls", raw(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600), "truncated"),
    Case("xlsx_renamed.csv", lambda p: p.write_bytes(good_xlsx_bytes()), "binary"),
    Case("png_renamed.csv", raw(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64), "binary"),
    Case("inf.csv", text("x,y\n1,a\n2,b\ninf,c\n"), "non_finite", row=4, column="x"),
    Case("huge_number.csv", text("x,y\n1,a\n1e400,b\n"), "non_finite", row=3, column="x"),
    Case("minus_infinity.csv", text("x;y\n-Infinity;a\n2;b\n"), "non_finite", row=2, column="x"),
    Case("one_mb_cell.csv", text(f"id,note\n1,short\n2,{ONE_MB}\n"), "cell_too_large", row=3, column="note"),
    Case("wrong_encoding.csv", gbk_file, "encoding", row=2, kwargs={"encoding": "utf-8"}),
    Case("unknown_encoding.csv", text("a,b\n1,2\n"), "encoding", kwargs={"encoding": "klingon-8"}),
    Case("unnamed_column.csv", text("a,,c\n1,2,3\n"), "unnamed_column", column="2"),
    Case("header_is_text_blob.csv", text("x" * 2000 + ",b\n1,2\n"), "header_too_long", row=1),
    Case("too_many_cells.csv", text("a,b\n" + "1,2\n" * 100), "too_large",
         kwargs={"limits": ReadLimits(max_cells=150)}),
    Case("too_big_file.csv", text("a,b\n" + "1,2\n" * 100), "too_large",
         kwargs={"limits": ReadLimits(max_file_bytes=100)}),
    Case("no_such_file.csv", None, "not_found"),
    Case("data.json", text('{"a": 1}'), "unsupported"),
    Case("empty_sheet.xlsx", xlsx_empty_sheet, "empty_file", sheet="Empty"),
    Case("header_only.xlsx", xlsx({"S": [["a", "b"]]}), "no_rows", sheet="S"),
    Case("dup_header.xlsx", xlsx({"S": [["a", "a"], [1, 2]]}), "duplicate_header", sheet="S", column="a"),
    Case("long_cell.xlsx", xlsx({"S": [["a", "b"], [1, "y" * 40000]]}), "cell_too_large",
         sheet="S", row=2, column="b"),
    Case("unnamed.xlsx", xlsx({"S": [["a", None, "c"], [1, 2, 3]]}, first_col=2), "unnamed_column",
         sheet="S", column="D"),
    Case("no_such_sheet.xlsx", xlsx({"S": [["a"], [1]]}), "no_sheet", kwargs={"sheet": "Missing"}),
    Case("sheet_for_csv.csv", text("a\n1\n"), "no_sheet", kwargs={"sheet": "S"}),
    Case("bad_type.arff", arff("@attribute a numeric\n@attribute b blob\n@data\n1,2\n"), "bad_arff",
         row=3, column="b"),
    Case("ragged.arff", arff("@attribute a numeric\n@attribute b {x,y}\n@data\n1,x\n2,y,3\n"),
         "ragged_row", row=6),
    Case("undeclared.arff", arff("@attribute a numeric\n@attribute b {x,y}\n@data\n1,x\n2,z\n"),
         "undeclared_value", row=6, column="b"),
    Case("no_data.arff", arff("@attribute a numeric\n"), "bad_arff"),
    Case("text_in_numeric.arff", arff("@attribute a numeric\n@attribute b {x}\n@data\n1,x\nabc,x\n"),
         "bad_arff", row=6, column="a"),
    Case("dup_value.arff", arff("@attribute a {x,y,x}\n@attribute b numeric\n@data\nx,1\n"), "bad_arff",
         row=2, column="a"),
    Case("dup.arff", arff("@attribute a numeric\n@attribute a numeric\n@data\n1,2\n"), "duplicate_header",
         row=3, column="a"),
]


def test_corpus_is_large_enough():
    assert len(CASES) >= 25
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_file(tmp_path, case):
    path = tmp_path / case.name
    if case.make is not None:
        case.make(path)
    with pytest.raises(DataError) as info:
        read_table(path, **case.kwargs)
    err = info.value
    assert err.code == case.code, str(err)
    message = str(err)
    assert err.file == os.fspath(path)
    assert case.name in message  # the file is named
    if case.row is not None:
        assert err.row == case.row, message
        assert f"row {case.row}" in message
    if case.column is not None:
        assert err.column == case.column, message
        assert f'column "{case.column}"' in message
    if case.sheet is not None:
        assert err.sheet == case.sheet and f'sheet "{case.sheet}"' in message
    assert "\n" not in message.split(": ", 1)[0]  # one line of place, then the message


def test_zip_needing_a_newer_zip_version_is_a_clear_error(tmp_path):
    """A directory entry that asks for zip version 6.4 (found by the xlsx fuzz test: Python's
    zipfile raises NotImplementedError while opening) is a damaged workbook, not a reader bug."""
    path = tmp_path / "book.xlsx"
    write_xlsx(path, {"Sheet1": sheet_xml([["a", "b"], [1, 2]])})
    data = bytearray(path.read_bytes())
    at = data.find(b"PK\x01\x02")  # the first central directory entry
    data[at + 6] = 64  # version needed to extract: 6.4
    path.write_bytes(bytes(data))
    with pytest.raises(DataError) as err:
        read_table(str(path))
    assert err.value.code == "truncated" and "damaged" in str(err.value) and "book.xlsx" in str(err.value)
