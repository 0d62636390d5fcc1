"""Hand-made .xlsx files, written XML part by XML part.

openpyxl cannot write what Excel writes for formulas (the formula *and* its
cached value), so tests that need such cells, merged ranges or odd parts build
the zip themselves with this.
"""

from __future__ import annotations

import zipfile
from xml.sax.saxutils import escape

CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
{sheets}
</Types>"""
SHEET_TYPE = ('<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="application/'
              'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>')
RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>
</Relationships>"""
WORKBOOK = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<sheets>{sheets}</sheets></workbook>"""
WORKBOOK_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>"""
SHEET = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{rows}</sheetData>{merges}</worksheet>"""


from engine.data.read_excel import column_letter as col_letter  # noqa: E402


class Formula:
    """A formula cell with the value Excel cached for it."""

    def __init__(self, formula: str, cached):
        self.formula, self.cached = formula, cached


def _cell(ref: str, value) -> str:
    if value is None:
        return ""
    if isinstance(value, Formula):
        cached = value.cached
        if isinstance(cached, str):
            return f'<c r="{ref}" t="str"><f>{escape(value.formula)}</f><v>{escape(cached)}</v></c>'
        return f'<c r="{ref}"><f>{escape(value.formula)}</f><v>{cached}</v></c>'
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float)):
        return f'<c r="{ref}"><v>{value!r}</v></c>'
    if isinstance(value, ErrorValue):
        return f'<c r="{ref}" t="e"><v>{escape(value.text)}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(str(value))}</t></is></c>'


class ErrorValue:
    def __init__(self, text: str):
        self.text = text


def sheet_xml(rows, *, merges=(), first_row: int = 1, first_col: int = 0) -> str:
    parts = []
    for i, row in enumerate(rows):
        r = first_row + i
        cells = "".join(_cell(f"{col_letter(first_col + j)}{r}", v) for j, v in enumerate(row))
        parts.append(f'<row r="{r}">{cells}</row>')
    merge_xml = ""
    if merges:
        merge_xml = f'<mergeCells count="{len(merges)}">' + "".join(
            f'<mergeCell ref="{m}"/>' for m in merges) + "</mergeCells>"
    return SHEET.format(rows="".join(parts), merges=merge_xml)


def write_xlsx(path, sheets: dict[str, str], *, compression=zipfile.ZIP_DEFLATED) -> None:
    """`sheets`: name -> worksheet XML (from `sheet_xml`), in workbook order."""
    names = list(sheets)
    with zipfile.ZipFile(path, "w", compression) as z:
        z.writestr("[Content_Types].xml", CONTENT_TYPES.format(
            sheets="".join(SHEET_TYPE.format(n=i + 1) for i in range(len(names)))))
        z.writestr("_rels/.rels", RELS)
        z.writestr("xl/workbook.xml", WORKBOOK.format(sheets="".join(
            f'<sheet name="{escape(n)}" sheetId="{i + 1}" r:id="rId{i + 1}"/>' for i, n in enumerate(names))))
        z.writestr("xl/_rels/workbook.xml.rels", WORKBOOK_RELS.format(rels="".join(
            f'<Relationship Id="rId{i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
            f'relationships/worksheet" Target="worksheets/sheet{i + 1}.xml"/>' for i in range(len(names)))))
        for i, name in enumerate(names):
            z.writestr(f"xl/worksheets/sheet{i + 1}.xml", sheets[name])
