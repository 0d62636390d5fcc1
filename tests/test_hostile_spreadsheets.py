"""Files from strangers: tiny workbooks that expand (one far cell, repeated rows, a huge
DIMENSIONS record), and paths that are not files (a pipe, a link to /dev/zero). Each is
made here, a few KB at most, and must be refused with one clear DataError before the
reader allocates anything; `ruletree info` on any file under 10 KB stays under 300 MB.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import textwrap
import threading
import zipfile

import pytest

from engine.data import list_sheets, read_table
from engine.errors import DataError
from xlsx_builder import SHEET, write_xlsx

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: the acceptance bound: peak memory of `ruletree info` on any file under 10 KB
PEAK_LIMIT_MB = 300
#: address space of the child processes: a regression aborts there instead of eating the machine
CHILD_ADDRESS_SPACE = 8 << 30

# ---- builders ------------------------------------------------------------------------------

HEADER_ROWS = ('<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c>'
               '<c r="B1" t="inlineStr"><is><t>b</t></is></c></row>'
               '<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>2</v></c></row>'
               '<row r="3"><c r="A3"><v>3</v></c><c r="B3"><v>4</v></c></row>')


def xlsx(path, body: str, *, before_data: str = "") -> str:
    xml = SHEET.format(rows=body, merges="")
    if before_data:
        xml = xml.replace("<sheetData>", before_data + "<sheetData>")
    write_xlsx(path, {"S": xml})
    return str(path)


def xlsx_far_cell(path, ref: str, row: int | None = None) -> str:
    row = row or int("".join(ch for ch in ref if ch.isdigit()))
    return xlsx(path, HEADER_ROWS + f'<row r="{row}"><c r="{ref}"><v>5</v></c></row>')


ODS_HEAD = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
            'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
            '<office:body><office:spreadsheet><table:table table:name="S">')
ODS_TAIL = "</table:table></office:spreadsheet></office:body></office:document-content>"
MANIFEST = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
            'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
            '<manifest:file-entry manifest:full-path="/" '
            'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
            "</manifest:manifest>")


def ods_cell(value=None, repeat: int | None = None) -> str:
    rep = f' table:number-columns-repeated="{repeat}"' if repeat else ""
    if value is None:
        return f"<table:table-cell{rep}/>"
    if isinstance(value, (int, float)):
        return (f'<table:table-cell{rep} office:value-type="float" office:value="{value}">'
                f"<text:p>{value}</text:p></table:table-cell>")
    return f'<table:table-cell{rep} office:value-type="string"><text:p>{value}</text:p></table:table-cell>'


def ods_row(*cells: str, repeat: int | None = None) -> str:
    rep = f' table:number-rows-repeated="{repeat}"' if repeat else ""
    return f"<table:table-row{rep}>" + "".join(cells) + "</table:table-row>"


ODS_TABLE = (ods_row(ods_cell("a"), ods_cell("b")) + ods_row(ods_cell(1), ods_cell(2))
             + ods_row(ods_cell(3), ods_cell(4)))


def ods(path, body: str) -> str:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("META-INF/manifest.xml", MANIFEST)
        z.writestr("content.xml", ODS_HEAD + body + ODS_TAIL)
    return str(path)


# .xls: BIFF8 records in a minimal OLE2 compound file

def biff(typ: int, data: bytes = b"") -> bytes:
    return struct.pack("<HH", typ, len(data)) + data


def xls_label(row, col, text):
    raw = text.encode("latin-1")
    return biff(0x0204, struct.pack("<HHHHB", row, col, 0, len(raw), 0) + raw)


def xls_number(row, col, value):
    return biff(0x0203, struct.pack("<HHHd", row, col, 0, value))


def xls_dimensions(first_row, last_row, first_col, last_col):
    return biff(0x0200, struct.pack("<IIHHH", first_row, last_row, first_col, last_col, 0))


XLS_TABLE = [xls_dimensions(0, 3, 0, 2), xls_label(0, 0, "a"), xls_label(0, 1, "b"), xls_number(1, 0, 1),
             xls_number(1, 1, 2), xls_number(2, 0, 3), xls_number(2, 1, 4)]


def biff_workbook(sheet_records, name="S", sheet_offset: int | None = None) -> bytes:
    bof = biff(0x0809, struct.pack("<HHHHII", 0x0600, 0x0005, 0, 1997, 0, 6))
    raw = name.encode("latin-1")

    def globals_(offset):
        return (bof + biff(0x0085, struct.pack("<IBB", offset, 0, 0) + bytes([len(raw), 0]) + raw) + biff(0x000A))

    offset = len(globals_(0))
    sheet = (biff(0x0809, struct.pack("<HHHHII", 0x0600, 0x0010, 0, 1997, 0, 6)) + b"".join(sheet_records)
             + biff(0x000A))
    return globals_(offset if sheet_offset is None else sheet_offset) + sheet


def compound_file(stream: bytes, name: str = "Workbook") -> bytes:
    """One stream of at least 4096 bytes (so no mini stream) in a version-3 compound file."""
    stream = stream.ljust(4096, b"\0")
    n = -(-len(stream) // 512)
    end, free, fat_sector, none = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD, 0xFFFFFFFF
    header = (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 16 + struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6)
              + b"\0" * 6 + struct.pack("<IIIIIIIII", 0, 1, 1, 0, 4096, end, 0, end, 0)
              + struct.pack("<109I", 0, *([free] * 108)))
    fat = [fat_sector, end] + [3 + i for i in range(n - 1)] + [end]
    fat += [free] * (128 - len(fat))

    def entry(entry_name, typ, child, start, size):
        raw = entry_name.encode("utf-16-le") + b"\0\0" if entry_name else b""
        return (raw.ljust(64, b"\0") + struct.pack("<HBBIII", len(raw), typ, 1, none, none, child) + b"\0" * 36
                + struct.pack("<IQ", start, size))

    directory = entry("Root Entry", 5, 1, end, 0) + entry(name, 2, none, 2, len(stream)) + entry("", 0, none, 0, 0) * 2
    return header + struct.pack("<128I", *fat) + directory + stream.ljust(n * 512, b"\0")


def xls(path, sheet_records, **kw) -> str:
    with open(path, "wb") as handle:
        handle.write(compound_file(biff_workbook(sheet_records, **kw)))
    return str(path)


# .xlsb: BIFF12 records in a zip

def brt(typ: int, data: bytes = b"") -> bytes:
    out = bytearray()
    for value, most in ((typ, 2), (len(data), 4)):
        for _ in range(most):
            byte, value = value & 0x7F, value >> 7
            out.append(byte | (0x80 if value else 0))
            if not value:
                break
    return bytes(out) + data


def wide(text: str) -> bytes:
    return struct.pack("<I", len(text)) + text.encode("utf-16-le")


def xlsb_sheet(cells, dim=(0, 2, 0, 1)) -> bytes:
    """cells: [(row, col, value)] in row order."""
    out = brt(0x0081) + brt(0x0094, struct.pack("<IIII", *dim)) + brt(0x0091)
    current = None
    for row, col, value in cells:
        if row != current:
            out += brt(0x0000, struct.pack("<IIHBBBI", row, 0, 0, 0, 0, 0, 0))
            current = row
        if isinstance(value, str):
            out += brt(0x0006, struct.pack("<II", col, 0) + wide(value))
        else:
            out += brt(0x0005, struct.pack("<IId", col, 0, float(value)))
    return out + brt(0x0092) + brt(0x0082)


XLSB_TABLE = [(0, 0, "a"), (0, 1, "b"), (1, 0, 1), (1, 1, 2), (2, 0, 3), (2, 1, 4)]


def xlsb(path, sheet: bytes, name: str = "S") -> str:
    book = (brt(0x0083) + brt(0x008F) + brt(0x009C, struct.pack("<II", 0, 1) + wide("rId1") + wide(name))
            + brt(0x0090) + brt(0x0084))
    rel = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{}</Relationships>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                   'content-types"><Default Extension="bin" ContentType="application/'
                   'vnd.ms-excel.sheet.binary.macroEnabled.main"/></Types>')
        z.writestr("_rels/.rels", rel.format('<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
                   'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.bin"/>'))
        z.writestr("xl/workbook.bin", book)
        z.writestr("xl/_rels/workbook.bin.rels", rel.format(
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'worksheet" Target="worksheets/sheet1.bin"/>'))
        z.writestr("xl/worksheets/sheet1.bin", sheet)
    return str(path)


def _name_id(value) -> str:
    """Test ids: the file name only (not the XML or records)."""
    return value if isinstance(value, str) and "." in value and len(value) < 30 else "_"


def refused(path, code="too_large", **kw) -> DataError:
    with pytest.raises(DataError) as caught:
        read_table(path, **kw)
    err = caught.value
    assert err.code == code, str(err)
    assert err.file == str(path) and os.path.basename(str(path)) in str(err)
    return err


# ---- 1. spreadsheets that expand ------------------------------------------------------------


@pytest.mark.parametrize("name, ref, row", [
    ("corner.xlsx", "XFD1048576", None),        # the last cell of the sheet
    ("last_row.xlsx", "B1048576", None),        # two columns, the last row: was ~1 GB
    ("cell_says_far.xlsx", "C1048576", 4),      # the row tag says 4, the cell reference decides
    ("macro.xlsm", "AB1000000", None),
], ids=_name_id)
def test_xlsx_far_cell_is_refused_before_loading(tmp_path, name, ref, row):
    path = xlsx_far_cell(tmp_path / name, ref, row)
    assert os.path.getsize(path) < 10_000
    err = refused(path)
    assert err.sheet == "S"
    far_row = "".join(ch for ch in ref if ch.isdigit())
    assert f"row {int(far_row):,}" in err.message and "".join(ch for ch in ref if ch.isalpha()) in err.message


@pytest.mark.parametrize("name, body", [
    # the far row first, then a near one: the last row tag is not the farthest
    ("unsorted.xlsx", HEADER_ROWS.replace('<row r="3">', '<row r="1048576"><c r="B1048576"><v>5</v></c></row>'
                                          '<row r="3">')),
    # single quotes, spaces around "=", a namespace prefix: still references
    ("quoted.xlsx", HEADER_ROWS + "<row r='900000'><c r = 'XX900000'><v>5</v></c></row>"),
    ("prefixed.xlsx", HEADER_ROWS.replace("<row", "<x:row").replace("</row", "</x:row")
     .replace("<c ", "<x:c ").replace("</c>", "</x:c>") + '<x:row r="800000"><x:c r="ZZ800000"><v>5</v></x:c></x:row>'),
    # no references: each <row> is the next row (many empty rows, then a cell)
    ("implicit.xlsx", HEADER_ROWS + "<row/>" * 3000 + "<row>" + "<c><v>1</v></c>" * 400 + "</row>"),
], ids=_name_id)
def test_xlsx_far_cell_written_oddly_is_refused(tmp_path, name, body):
    path = xlsx(tmp_path / name, body)
    assert os.path.getsize(path) < 10_000
    assert refused(path).sheet == "S"


def test_xlsx_far_cell_in_another_sheet_leaves_the_first_readable(tmp_path):
    path = tmp_path / "two.xlsx"
    write_xlsx(path, {"Data": SHEET.format(rows=HEADER_ROWS, merges=""),
                      "Junk": SHEET.format(rows=HEADER_ROWS + '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>',
                                           merges="")})
    assert read_table(path).frame.shape == (2, 2)
    assert refused(path, sheet="Junk").sheet == "Junk"


@pytest.mark.parametrize("name, body, far", [
    # an empty row repeated a million times, then a value (was ~290 MB)
    ("rows.ods", ODS_TABLE + ods_row(ods_cell(), ods_cell(), repeat=1_048_000) + ods_row(ods_cell(5)),
     "row 1,048,004"),
    # a row of 16,000 empty cells and a value, repeated 1,000 times (was 1.2 GB; 5.9 GB in the attack)
    ("nested.ods", ODS_TABLE + ods_row(ods_cell(repeat=16_000), ods_cell(5), repeat=1_000), "column WQK"),
    # a value repeated across the sheet (calamine gave up only at 100 million cells)
    ("values.ods", ODS_TABLE + ods_row(ods_cell(7, repeat=16_384), repeat=1_048_000), "column XFD"),
], ids=_name_id)
def test_ods_repeats_are_refused_before_loading(tmp_path, name, body, far):
    path = ods(tmp_path / name, body)
    assert os.path.getsize(path) < 10_000
    err = refused(path)
    assert err.sheet == "S" and far in err.message
    with pytest.raises(DataError) as caught:  # calamine loads every table on opening
        list_sheets(path)
    assert caught.value.code == "too_large"


def test_ods_empty_rows_after_the_table_cost_nothing(tmp_path):
    """What LibreOffice writes after the data (empty rows to the end of the sheet) is fine."""
    wide_row = ods_cell(repeat=1022)
    body = (ods_row(ods_cell("a"), ods_cell("b"), wide_row) + ods_row(ods_cell(1), ods_cell(2), wide_row)
            + ods_row(ods_cell(3), ods_cell(4), wide_row) + ods_row(ods_cell(repeat=1024), repeat=1_048_573))
    table = read_table(ods(tmp_path / "lo.ods", body))
    assert table.frame.shape == (2, 2)


def test_ods_ending_inside_its_table_is_refused_not_looped_on(tmp_path):
    """calamine loops forever on a content.xml that ends inside a table (the fuzzer found it):
    refused first. In a child process, so that a regression fails on the timeout."""
    path = ods(tmp_path / "unclosed.ods", ODS_TABLE)
    with zipfile.ZipFile(path) as z:
        content = z.read("content.xml").replace(b"</table:table>", b"")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("META-INF/manifest.xml", MANIFEST)
        z.writestr("content.xml", content)
    code = ("import sys\nfrom engine.data import read_table\nfrom engine.errors import DataError\n"
            "try:\n    read_table(sys.argv[1])\nexcept DataError as exc:\n    print(exc.code, exc)\n")
    try:
        out = subprocess.run([sys.executable, "-c", code, path], cwd=ROOT, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("reading an .ods that ends inside its table did not finish")
    assert out.stdout.startswith("truncated ") and "unclosed.ods" in out.stdout, out.stdout + out.stderr
    assert "ends inside a table:table element" in out.stdout


@pytest.mark.parametrize("name, records, far", [
    # DIMENSIONS claims 4 billion rows x 65,535 columns: calamine reserved it (native abort)
    ("dimensions.xls", [xls_dimensions(0, 0xFFFFFFFF, 0, 0xFFFF)] + XLS_TABLE[1:], "DIMENSIONS"),
    # first row after the last: calamine's subtraction wraps around
    ("wrapped.xls", [xls_dimensions(9, 2, 0, 2)] + XLS_TABLE[1:], "DIMENSIONS"),
    ("far_cell.xls", XLS_TABLE + [xls_number(65535, 65535, 5)], "row 65,536"),
    ("far_row.xls", XLS_TABLE + [xls_number(65535, 255, 5)], "column IV"),  # was 1.2 GB
], ids=_name_id)
def test_xls_far_cells_and_dimensions_are_refused(tmp_path, name, records, far):
    path = xls(tmp_path / name, records)
    err = refused(path)
    assert err.sheet == "S" and far in err.message


@pytest.mark.parametrize("name, cells, far", [
    ("far.xlsb", XLSB_TABLE + [(1_048_575, 16_383, 5)], "column XFD"),
    ("far_column.xlsb", XLSB_TABLE + [(3, 0x7FFFFFFF, 5)], "column number 2,147,483,648"),
], ids=_name_id)
def test_xlsb_far_cells_are_refused(tmp_path, name, cells, far):
    path = xlsb(tmp_path / name, xlsb_sheet(cells))
    err = refused(path)
    assert err.sheet == "S" and far in err.message


def test_small_workbooks_of_every_format_still_read(tmp_path):
    made = [xlsx(tmp_path / "t.xlsx", HEADER_ROWS), ods(tmp_path / "t.ods", ODS_TABLE),
            xls(tmp_path / "t.xls", XLS_TABLE), xlsb(tmp_path / "t.xlsb", xlsb_sheet(XLSB_TABLE)),
            # a note far below a table, in a file big enough for it: read (and named by the reader)
            xlsx(tmp_path / "note.xlsx", HEADER_ROWS + '<row r="5000"><c r="B5000"><v>9</v></c></row>')]
    for path in made:
        table = read_table(path)
        assert [c.name for c in table.columns] == ["a", "b"], path
        assert table.frame["a"].tolist()[:2] == [1, 3], path


def test_budget_grows_with_the_file():
    from engine.data.limits import ReadLimits

    limits = ReadLimits()
    assert limits.sheet_cell_budget(1_600) == limits.min_sheet_cells
    assert limits.sheet_cell_budget(100_000) == 100_000 * limits.sheet_cells_per_byte
    assert limits.sheet_cell_budget(1 << 30) == limits.max_cells


# ---- 2. paths that are not files -------------------------------------------------------------


def test_a_pipe_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "x.csv"
    os.mkfifo(fifo)
    # were the pipe opened, nothing would ever come: a writer unblocks it after a while
    # (so a regression fails instead of hanging the suite)
    timer = threading.Timer(5.0, lambda: open(fifo, "wb").close())
    timer.start()
    try:
        err = refused(fifo, code="not_regular")
    finally:
        timer.cancel()
    assert "not a regular file" in err.message and "pipe" in err.message


@pytest.mark.parametrize("name", ["x.csv", "x.xlsx"])
def test_a_link_to_a_device_is_refused_before_reading(tmp_path, name):
    link = tmp_path / name
    os.symlink("/dev/zero", link)
    err = refused(link, code="not_regular")
    assert "device" in err.message and "/dev/zero" in err.message
    with pytest.raises(DataError) as caught:
        list_sheets(link)
    assert caught.value.code == "not_regular"


# ---- 3. memory of the real command --------------------------------------------------------------


#: runs a command and reports its status, peak RSS and stderr. It is a small process of its
#: own because Linux carries the peak RSS of the process that forks over to the child (even
#: across exec): started from pytest, a child would "peak" at pytest's own size.
LAUNCHER = textwrap.dedent("""
    import json, os, resource, sys
    limit, argv = int(sys.argv[1]), sys.argv[2:]
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        os.dup2(write_end, 2)
        os.execv(argv[0], argv)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        err = pipe.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(pid, 0)
    print(json.dumps({"status": os.waitstatus_to_exitcode(status), "peak_mb": usage.ru_maxrss / 1024,
                      "stderr": err}))
""")


def run_measured(argv) -> tuple[int, float, str]:
    """(exit status, peak RSS in MB, stderr) of a command run as a child of the launcher."""
    out = subprocess.run([sys.executable, "-c", LAUNCHER, str(CHILD_ADDRESS_SPACE), *argv], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    return report["status"], report["peak_mb"], report["stderr"]


def test_ruletree_info_on_a_far_cell_stays_small(tmp_path):
    """The real command, in its own process: refused (status 2) in well under 300 MB."""
    for path in (xlsx_far_cell(tmp_path / "far.xlsx", "B1048576"),
                 ods(tmp_path / "nested.ods", ODS_TABLE + ods_row(ods_cell(repeat=16_000), ods_cell(5), repeat=1_000))):
        status, peak, stderr = run_measured([sys.executable, "-m", "engine.cli", "info", path])
        assert status == 2, stderr
        assert os.path.basename(path) in stderr and 'sheet "S"' in stderr
        assert peak < PEAK_LIMIT_MB, f"{path}: {peak:.0f} MB"


def hostile_corpus(d) -> list[str]:
    """Small crafted files (each < 10 KB) of every workbook format, and a few text ones."""
    files = [
        xlsx_far_cell(d / "corner.xlsx", "XFD1048576"),
        xlsx_far_cell(d / "last_row.xlsx", "B1048576"),
        xlsx_far_cell(d / "far_column.xlsx", "XFD4"),
        xlsx(d / "dimension.xlsx", HEADER_ROWS, before_data='<dimension ref="A1:XFD1048576"/>'),
        xlsx(d / "implicit_rows.xlsx", HEADER_ROWS + "<row/>" * 20000 + "<row><c><v>1</v></c><c><v>2</v></c></row>"),
        xlsx(d / "lower_case.xlsx", HEADER_ROWS + '<row r="1048576"><c r="xfd1048576"><v>1</v></c></row>'),
        xlsx(d / "absurd_ref.xlsx", HEADER_ROWS + '<row r="4"><c r="A99999999999999999999"><v>1</v></c></row>'),
        xlsx(d / "merged.xlsx", HEADER_ROWS + '</sheetData><mergeCells count="1"><mergeCell ref="A1:XFD1048576"/>'
             "</mergeCells><sheetData>"),
        xlsx(d / "deep.xlsx", HEADER_ROWS.replace("<t>a</t>", "<t>" + "<x>" * 20000 + "a" + "</x>" * 20000 + "</t>")),
        xlsx(d / "sst_count.xlsx", HEADER_ROWS),
        ods(d / "rows.ods", ODS_TABLE + ods_row(ods_cell(), repeat=1_048_000) + ods_row(ods_cell(5))),
        ods(d / "cells.ods", ODS_TABLE + ods_row(ods_cell(repeat=16_383), ods_cell(5))),
        ods(d / "nested.ods", ODS_TABLE + ods_row(ods_cell(repeat=16_000), ods_cell(5), repeat=1_000)),
        ods(d / "values.ods", ODS_TABLE + ods_row(ods_cell(7, repeat=16_384), repeat=1_048_000)),
        ods(d / "last_row.ods", ODS_TABLE + ods_row(ods_cell(repeat=2), repeat=1_048_570) + ods_row(ods_cell(3))),
        ods(d / "spanned.ods", ODS_TABLE.replace("<table:table-cell ", '<table:table-cell table:number-columns-spanned='
                                                 '"16384" table:number-rows-spanned="1048576" ', 1)),
        ods(d / "covered.ods", ODS_TABLE + ods_row('<table:covered-table-cell table:number-columns-repeated="16384">'
                                                   "<text:p>x</text:p></table:covered-table-cell>", repeat=100_000)),
        ods(d / "deep.ods", ODS_TABLE.replace("<text:p>a</text:p>", "<text:p>" + "<text:span>" * 20000 + "a"
                                              + "</text:span>" * 20000 + "</text:p>")),
        xls(d / "dimensions.xls", [xls_dimensions(0, 0xFFFFFFFF, 0, 0xFFFF)] + XLS_TABLE[1:]),
        xls(d / "far_cell.xls", XLS_TABLE + [xls_number(65535, 65535, 5)]),
        xls(d / "far_row.xls", XLS_TABLE + [xls_number(65535, 255, 5)]),
        xls(d / "mulrk.xls", XLS_TABLE + [biff(0x00BD, struct.pack("<HH", 65535, 0) + b"\0" * 6
                                               + struct.pack("<H", 65535))]),
        xls(d / "bad_offset.xls", XLS_TABLE, sheet_offset=0x7FFFFFFF),
        xlsb(d / "far.xlsb", xlsb_sheet(XLSB_TABLE + [(1_048_575, 16_383, 5)])),
        xlsb(d / "far_column.xlsb", xlsb_sheet(XLSB_TABLE + [(3, 0x7FFFFFFF, 5)])),
        xlsb(d / "dimension.xlsb", xlsb_sheet(XLSB_TABLE, dim=(0, 0xFFFFFFFF, 0, 0xFFFFFFFF))),
        # a cell record claiming 256 MB: calamine sized its buffer by it (330 MB)
        xlsb(d / "huge_record.xlsb", xlsb_sheet(XLSB_TABLE).replace(brt(0x0092), b"\x05\xff\xff\xff\x7f" + b"\0" * 16
                                                                  + brt(0x0092))),
    ]
    # a huge shared-strings count announced in a tiny part
    path = d / "sst_count.xlsx"
    with zipfile.ZipFile(path, "a") as z:
        z.writestr("xl/sharedStrings.xml", '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                   'count="4294967295" uniqueCount="4294967295"><si><t>a</t></si></sst>')
    # zip-bomb-ish: parts of a MB of zeros each, compressed a thousand to one
    with zipfile.ZipFile(d / "zeros.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
        for i in range(8):
            z.writestr(f"xl/worksheets/sheet{i + 1}.xml", b"\0" * ((1 << 20) - 1))
    files.append(str(d / "zeros.xlsx"))
    (d / "zeros.csv").write_bytes(b"a,b\n" + b"1,2\n" * 2000)
    files.append(str(d / "zeros.csv"))
    (d / "deep.arff").write_text("@relation r\n@attribute a {" + "{" * 5000 + "}\n@data\n" + "x\n" * 10)
    files.append(str(d / "deep.arff"))
    for f in files:
        assert os.path.getsize(f) < 10_000, (f, os.path.getsize(f))
    return files


#: each file read by `ruletree info` in a child forked from one that imported everything once
#: (a forked child's peak RSS starts from its parent's size: here, the program's own)
DRIVER = textwrap.dedent("""
    import json, os, resource, sys
    from engine import cli
    limit = int(sys.argv[1])
    for path in sys.argv[2:]:
        pid = os.fork()
        if pid == 0:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            err = os.open(path + ".err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(err, 2)
            try:
                code = cli.main(["info", path])
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            except BaseException:
                import traceback
                traceback.print_exc()
                code = 1
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
        _, status, usage = os.wait4(pid, 0)
        print(json.dumps({"file": path, "status": os.waitstatus_to_exitcode(status),
                          "peak_mb": usage.ru_maxrss / 1024}), flush=True)
""")


def test_ruletree_info_on_a_corpus_of_small_hostile_files(tmp_path):
    """Every crafted file: status 0 or 2 (never a crash, a traceback or a signal), each under
    300 MB at its peak. The driver imports the program once and forks a child per file, whose
    peak RSS (inherited pages included) is what `ruletree info FILE` would use."""
    files = hostile_corpus(tmp_path)
    result = subprocess.run([sys.executable, "-c", DRIVER, str(CHILD_ADDRESS_SPACE), *files], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    reports = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert len(reports) == len(files)
    bad = []
    for report in reports:
        with open(report["file"] + ".err", encoding="utf-8", errors="replace") as handle:
            err = handle.read()
        if report["status"] not in (0, 2) or report["peak_mb"] >= PEAK_LIMIT_MB or "Traceback" in err:
            bad.append(f'{os.path.basename(report["file"])}: status {report["status"]}, '
                       f'{report["peak_mb"]:.0f} MB, {err.strip()[-300:]}')
        elif report["status"] == 2:
            assert os.path.basename(report["file"]) in err, err
    assert not bad, "\n".join(bad)
