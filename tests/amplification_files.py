"""Small files that amplify when read (issue 41): each builder writes one to `path` and returns
it. Shared by tests/test_amplification.py and tests/benchmarks/fuzz_readers.py."""

from __future__ import annotations

import zipfile

from test_hostile_spreadsheets import brt as _brt, wide as _wide  # the .xlsb record writers

_CT = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
       'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
       'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/'
       'workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
       '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
       'officedocument.spreadsheetml.worksheet+xml"/>{sst}</Types>')
_SST_CT = ('<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
           'officedocument.spreadsheetml.sharedStrings+xml"/>')
_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
         '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
         'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')
_BOOK = ('<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
         '2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
         '<sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>')
_BOOK_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
              'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
              'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>{sst}</Relationships>')
_SST_REL = ('<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'sharedStrings" Target="sharedStrings.xml"/>')
_SHEET = ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
          'spreadsheetml/2006/main"><sheetData>{rows}</sheetData></worksheet>')


def _zip(path, sheet: str, sst: str | None = None, level: int = 9):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as z:
        z.writestr("[Content_Types].xml", _CT.format(sst=_SST_CT if sst is not None else ""))
        z.writestr("_rels/.rels", _RELS)
        z.writestr("xl/workbook.xml", _BOOK)
        z.writestr("xl/_rels/workbook.xml.rels", _BOOK_RELS.format(sst=_SST_REL if sst is not None else ""))
        z.writestr("xl/worksheets/sheet1.xml", _SHEET.format(rows=sheet))
        if sst is not None:
            z.writestr("xl/sharedStrings.xml", sst)
    return path


def _ref(i: int, j: int) -> str:
    letters = ""
    j += 1
    while j:
        j, rem = divmod(j - 1, 26)
        letters = chr(65 + rem) + letters
    return f"{letters}{i + 1}"


def _header(cols: int) -> str:
    cells = "".join(f'<c r="{_ref(0, j)}" t="inlineStr"><is><t>c{j}</t></is></c>' for j in range(cols))
    return f'<row r="1">{cells}</row>'


def xlsx_shared_strings(path, rows: int = 5_000, cols: int = 10, length: int = 32_000):
    """Every cell refers to shared string 0, `length` characters long: a few KB of zip, rows x cols
    x length characters decoded (the default: 1.6 billion)."""
    body = "".join(f'<row r="{i + 1}">' + "".join(f'<c r="{_ref(i, j)}" t="s"><v>0</v></c>' for j in range(cols))
                   + "</row>" for i in range(1, rows + 1))
    sst = (f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
           f'2006/main" count="{rows * cols}" uniqueCount="1"><si><t>{"a" * length}</t></si></sst>')
    return _zip(path, _header(cols) + body, sst)


def xlsx_inline(path, rows: int = 8_000, cols: int = 10, length: int = 3_000):
    """Long inline strings, compressed ~250:1 just under the zip-ratio check: about 1 MB of zip,
    360 MB of text."""
    import random

    rng = random.Random(41)
    parts = [_header(cols)]
    for i in range(rows):
        # a few random letters per row keep the ratio below the zip-bomb check
        cells = "".join(f'<c r="{_ref(i + 1, j)}" t="inlineStr"><is><t>{"a" * length}{rng.randrange(10**6)}'
                        "</t></is></c>" for j in range(cols))
        parts.append(f'<row r="{i + 2}">{cells}</row>')
    return _zip(path, "".join(parts))


def csv_giant_cell(path, length: int = 900_000):
    """A header and one row whose second cell is `length` characters long."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("a,b\n1,")
        f.write("x" * length)
        f.write("\n")
    return path


def arff_sparse_wide(path, attributes: int = 30_000, rows: int = 20):
    """A sparse ARFF file with very many numeric attributes, a few values per row."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("@relation wide\n")
        for j in range(attributes):
            f.write(f"@attribute a{j} numeric\n")
        f.write("@attribute class {yes,no}\n@data\n")
        for i in range(rows):
            f.write(f"{{{i} 1, {attributes} {'yes' if i % 2 else 'no'}}}\n")
    return path


def csv_many_classes(path, rows: int = 20_000, features: int = 3):
    """An id column (every value its own class) beside a few numbers."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("id," + ",".join(f"x{j}" for j in range(features)) + "\n")
        for i in range(rows):
            f.write(f"id{i}," + ",".join(str((i * (j + 7)) % 97) for j in range(features)) + "\n")
    return path


# ---- .xls (BIFF8 in an OLE2 compound file) and .xlsb (BIFF12 in a zip), written by hand -----------

def _biff(typ: int, data: bytes = b"") -> bytes:
    import struct

    return struct.pack("<HH", typ, len(data)) + data


#: the most data a BIFF8 record holds; longer data goes on in CONTINUE records
_BIFF_MAX = 8224


def xls_sst(strings: list[str]) -> bytes:
    """An SST record and its CONTINUE records: each string compressed (one byte a character)
    when it is Latin-1, else UTF-16; a string cut at a record's end goes on after a flags byte,
    as Excel writes it."""
    import struct

    records, body = [], bytearray(struct.pack("<II", len(strings), len(strings)))
    for text in strings:
        wide = any(ord(ch) > 0xFF for ch in text)
        if len(body) + 3 > _BIFF_MAX:
            records.append(bytes(body))
            body = bytearray()
        body += struct.pack("<HB", len(text), 1 if wide else 0)
        raw = text.encode("utf-16-le" if wide else "latin-1")
        step = 2 if wide else 1
        while raw:
            room = (_BIFF_MAX - len(body)) // step * step
            if room <= 0:
                records.append(bytes(body))
                body = bytearray([1 if wide else 0])
                continue
            body += raw[:room]
            raw = raw[room:]
    records.append(bytes(body))
    return _biff(0x00FC, records[0]) + b"".join(_biff(0x003C, r) for r in records[1:])


def xls_compound_file(stream: bytes, name: str = "Workbook") -> bytes:
    """One stream (of at least 4,096 bytes, so no mini stream) in a version-3 compound file of
    512-byte sectors, as many FAT sectors as it needs (up to 109: streams of up to 7 MB)."""
    import struct

    stream = stream.ljust(4096, b"\0")
    n = -(-len(stream) // 512)
    fat_count = 1
    while fat_count * 128 < fat_count + 1 + n:
        fat_count += 1
    assert fat_count <= 109, "stream too long for this writer"
    end, free, fat_mark, none = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD, 0xFFFFFFFF
    directory_at, stream_at = fat_count, fat_count + 1
    header = (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 16 + struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6)
              + b"\0" * 6 + struct.pack("<IIIIIIIII", 0, fat_count, directory_at, 0, 4096, end, 0, end, 0)
              + struct.pack("<109I", *range(fat_count), *([free] * (109 - fat_count))))
    fat = [fat_mark] * fat_count + [end] + [stream_at + i + 1 for i in range(n - 1)] + [end]
    fat += [free] * (fat_count * 128 - len(fat))

    def entry(entry_name, typ, child, start, size):
        raw = entry_name.encode("utf-16-le") + b"\0\0" if entry_name else b""
        return (raw.ljust(64, b"\0") + struct.pack("<HBBIII", len(raw), typ, 1, none, none, child) + b"\0" * 36
                + struct.pack("<IQ", start, size))

    directory = (entry("Root Entry", 5, 1, end, 0) + entry(name, 2, none, stream_at, len(stream))
                 + entry("", 0, none, 0, 0) * 2)
    return header + struct.pack(f"<{len(fat)}I", *fat) + directory + stream.ljust(n * 512, b"\0")


def xls_workbook(sheets: dict[str, list[bytes]], globals_records: list[bytes] = ()) -> bytes:
    """A BIFF8 Workbook stream: globals (BOF, `globals_records`, a BoundSheet a sheet, EOF), then
    each sheet's substream (BOF, its records, EOF)."""
    import struct

    bof = struct.pack("<HHHHII", 0x0600, 0x0005, 0, 1997, 0, 6)
    bodies = [_biff(0x0809, struct.pack("<HHHHII", 0x0600, 0x0010, 0, 1997, 0, 6)) + b"".join(records)
              + _biff(0x000A) for records in sheets.values()]

    def globals_(offsets):
        bound = b""
        for name, offset in zip(sheets, offsets):
            raw = name.encode("latin-1")
            bound += _biff(0x0085, struct.pack("<IBB", offset, 0, 0) + bytes([len(raw), 0]) + raw)
        return _biff(0x0809, bof) + b"".join(globals_records) + bound + _biff(0x000A)

    at, offsets = len(globals_([0] * len(sheets))), []
    for body in bodies:
        offsets.append(at)
        at += len(body)
    return globals_(offsets) + b"".join(bodies)


def xls_label(row: int, col: int, text: str) -> bytes:
    import struct

    raw = text.encode("latin-1")
    return _biff(0x0204, struct.pack("<HHHHB", row, col, 0, len(raw), 0) + raw)


def xls_label_sst(row: int, col: int, index: int) -> bytes:
    import struct

    return _biff(0x00FD, struct.pack("<HHHI", row, col, 0, index))


def xls_shared_strings(path, rows: int = 2_000, cols: int = 10, length: int = 32_000, wide: bool = False,
                       sheets: int = 1):
    """.xls: a header of `cols` labels, then rows x cols LABELSST cells that all refer to shared
    string 0, `length` characters long (UTF-16 when `wide`): 14 bytes a cell in the file, `length`
    characters each when read (the default: 20,000 cells, 640 million characters, in 320 KB).
    `sheets`: that many sheets of those cells (Data, Data2, ...), all read when the file is opened."""
    text = ("\u4e2d" if wide else "a") * length
    records = [xls_label(0, j, f"c{j}") for j in range(cols)]
    records += [xls_label_sst(i, j, 0) for i in range(1, rows + 1) for j in range(cols)]
    book = {("Data" if k == 0 else f"Data{k + 1}"): records for k in range(sheets)}
    with open(path, "wb") as handle:
        handle.write(xls_compound_file(xls_workbook(book, [xls_sst([text, "b"])])))
    return path


def xlsb_shared_strings(path, rows: int = 2_000, cols: int = 10, length: int = 32_000):
    """.xlsb: a header of `cols` inline texts, then rows x cols BrtCellIsst cells that all refer to
    shared string 0, `length` characters long (xl/sharedStrings.bin): a few KB of zip, rows x cols
    x `length` characters decoded."""
    import struct

    sheet = bytearray(_brt(0x0081) + _brt(0x0094, struct.pack("<IIII", 0, rows + 1, 0, cols)) + _brt(0x0091))
    sheet += _brt(0x0000, struct.pack("<IIHBBBI", 0, 0, 0, 0, 0, 0, 0))
    for j in range(cols):
        sheet += _brt(0x0006, struct.pack("<II", j, 0) + _wide(f"c{j}"))
    for i in range(1, rows + 1):
        sheet += _brt(0x0000, struct.pack("<IIHBBBI", i, 0, 0, 0, 0, 0, 0))
        for j in range(cols):
            sheet += _brt(0x0007, struct.pack("<III", j, 0, 0))
    sheet += _brt(0x0092) + _brt(0x0082)
    strings = (_brt(0x009F, struct.pack("<II", rows * cols, 2)) + _brt(0x0013, b"\0" + _wide("a" * length))
               + _brt(0x0013, b"\0" + _wide("b")) + _brt(0x00A0))
    book = (_brt(0x0083) + _brt(0x008F) + _brt(0x009C, struct.pack("<II", 0, 1) + _wide("rId1") + _wide("Data"))
            + _brt(0x0090) + _brt(0x0084))
    rel = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{}</Relationships>'
    kind = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                   'content-types"><Default Extension="bin" ContentType="application/'
                   'vnd.ms-excel.sheet.binary.macroEnabled.main"/></Types>')
        z.writestr("_rels/.rels", rel.format(f'<Relationship Id="rId1" Type="{kind}officeDocument" '
                                             'Target="xl/workbook.bin"/>'))
        z.writestr("xl/workbook.bin", book)
        z.writestr("xl/_rels/workbook.bin.rels", rel.format(
            f'<Relationship Id="rId1" Type="{kind}worksheet" Target="worksheets/sheet1.bin"/>'
            f'<Relationship Id="rId2" Type="{kind}sharedStrings" Target="sharedStrings.bin"/>'))
        z.writestr("xl/worksheets/sheet1.bin", bytes(sheet))
        z.writestr("xl/sharedStrings.bin", strings)
    return path
