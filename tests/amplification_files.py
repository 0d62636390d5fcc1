"""Small files that amplify when read (issue 41): each builder writes one to `path` and returns
it. Shared by tests/test_amplification.py and tests/benchmarks/fuzz_readers.py."""

from __future__ import annotations

import zipfile

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
