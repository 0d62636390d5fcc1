"""What a file really is (by its bytes, not its name), its text encoding, its delimiter."""

from __future__ import annotations

import codecs
import csv
import io

ZIP_MAGIC = b"PK\x03\x04"
EMPTY_ZIP_MAGIC = b"PK\x05\x06"
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # old .xls, and password-protected .xlsx

_KNOWN_BINARIES = {
    b"%PDF": "a PDF document",
    b"\x89PNG": "a PNG image",
    b"\xff\xd8\xff": "a JPEG image",
    b"GIF8": "a GIF image",
    b"\x1f\x8b": "a gzip archive",
    b"7z\xbc\xaf": "a 7-Zip archive",
    b"Rar!": "a RAR archive",
    b"SQLite format 3": "an SQLite database",
    b"\x7fELF": "a program",
    b"MZ": "a Windows program",
}


def binary_kind(head: bytes) -> str | None:
    """'an Excel workbook', 'a PDF document', ... for known binary formats, else None."""
    if head.startswith((ZIP_MAGIC, EMPTY_ZIP_MAGIC)):
        return "a zip archive (an .xlsx workbook is one)"
    if head.startswith(OLE2_MAGIC):
        return "an old-format Excel (.xls) or password-protected workbook"
    for magic, what in _KNOWN_BINARIES.items():
        if head.startswith(magic):
            return what
    return None


# ---- encodings -------------------------------------------------------------

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def detect_encoding(raw: bytes) -> str:
    """Best guess of the text encoding of a whole file.

    Order: a byte-order mark; UTF-16 without a mark (NUL in every other byte);
    strict UTF-8 (ASCII is UTF-8); then GB18030 (a superset of GBK and GB2312,
    what Chinese Excel writes) when it decodes and the text contains Chinese;
    then charset-normalizer's guess; cp1252 as the last resort (decodes any byte
    but five).
    """
    for bom, name in _BOMS:
        if raw.startswith(bom):
            return name
    sample = raw[:4096]
    if len(sample) >= 4:
        even_nuls = sample[0::2].count(0)
        odd_nuls = sample[1::2].count(0)
        half = len(sample) / 2
        if odd_nuls > 0.3 * half and even_nuls < 0.05 * half:
            return "utf-16-le"
        if even_nuls > 0.3 * half and odd_nuls < 0.05 * half:
            return "utf-16-be"
    try:
        raw.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        text = raw.decode("gb18030")
        if _looks_chinese(text):
            return "gb18030"
    except UnicodeDecodeError:
        pass
    try:
        from charset_normalizer import from_bytes

        best = from_bytes(raw[:200_000]).best()
        if best is not None and best.encoding:
            name = best.encoding.lower()
            if name in ("gb2312", "gbk", "hz", "gb18030"):
                return "gb18030"
            return name
    except Exception:  # pragma: no cover - a detector failure is not the user's problem
        pass
    return "cp1252"


def _looks_chinese(text: str) -> bool:
    """At least a few CJK ideographs and hardly any unusual symbols."""
    cjk = sum(1 for ch in text[:20000] if "\u4e00" <= ch <= "\u9fff")
    odd = sum(1 for ch in text[:20000] if ord(ch) > 0x7F and not ("\u4e00" <= ch <= "\u9fff")
              and not ("\u3000" <= ch <= "\u303f") and not ("\uff00" <= ch <= "\uffef"))
    return cjk >= 2 and odd <= cjk * 0.2


# ---- delimiters ------------------------------------------------------------

DELIMITERS = (",", ";", "\t", "|")


def sniff_delimiter(text: str) -> str:
    """The delimiter that splits the first lines into the most consistent columns.

    For each candidate, parse up to 50 records: score = records whose field count
    equals the header's (> 1 field). Highest score wins; ties go to more fields,
    then to the order comma, semicolon, tab, bar. One-column files get a comma.
    """
    head = _first_lines(text, 50)
    best, best_key = ",", None
    for rank, delim in enumerate(DELIMITERS):
        try:
            rows = list(csv.reader(io.StringIO(head), delimiter=delim))
        except csv.Error:
            continue
        rows = [r for r in rows if r]
        if not rows or len(rows[0]) < 2:
            continue
        width = len(rows[0])
        agree = sum(1 for r in rows if len(r) == width)
        key = (agree / len(rows), width, -rank)
        if best_key is None or key > best_key:
            best, best_key = delim, key
    return best


def _first_lines(text: str, n: int) -> str:
    end = 0
    for _ in range(n):
        nxt = text.find("\n", end)
        if nxt < 0:
            return text
        end = nxt + 1
    return text[:end]
