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
    then charset-normalizer's guess for other scripts (Cyrillic, Greek, ...),
    with Latin guesses read as cp1252 (Windows Western).
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
    chinese = 0
    try:
        chinese = _chinese_score(raw.decode("gb18030"))
    except UnicodeDecodeError:
        pass
    if chinese >= 2:
        return "gb18030"
    guess = _detector_guess(raw)
    if chinese == 1 and guess and guess.startswith(("gb", "big5", "hz", "cp936", "cp950")):
        return "gb18030"  # one Chinese character: trust it only when the detector sees Chinese too
    return _single_byte_guess(raw, guess)


#: charset-normalizer names of code pages for Latin-script text; cp1252 (Windows
#: Western) reads them best in practice, and mixing them up only changes accents
_LATIN_GUESSES = ("cp1250", "cp1252", "latin_1", "iso8859_1", "iso8859_2", "iso8859_15", "iso8859_9",
                  "cp1254", "cp1257", "iso8859_13", "iso8859_4", "iso8859_10", "mac_roman", "mac_latin2",
                  "cp850", "cp437", "cp1258", "iso8859_3", "iso8859_14", "iso8859_16")


#: non-Latin encodings a guess may name (anything else reads as cp1252)
_OTHER_SCRIPTS = ("cp1251", "koi8_r", "koi8_u", "iso8859_5", "mac_cyrillic", "cp866", "cp1253", "iso8859_7",
                  "cp1255", "iso8859_8", "cp1256", "iso8859_6", "cp874", "tis_620", "shift_jis", "cp932",
                  "euc_jp", "iso2022_jp", "euc_kr", "cp949", "big5", "cp950", "big5hkscs")


def _detector_guess(raw: bytes) -> str | None:
    try:
        from charset_normalizer import from_bytes

        best = from_bytes(raw[:200_000]).best()
        return best.encoding.lower() if best is not None and best.encoding else None
    except Exception:  # pragma: no cover - a detector failure is not the user's problem
        return None


def _single_byte_guess(raw: bytes, guess: str | None) -> str:
    """Neither UTF nor Chinese: charset-normalizer's guess, kept only where it is
    plausible (never UTF-16/32 without NUL bytes, which were checked above);
    Latin code pages become cp1252 when that decodes."""
    if guess in ("gb2312", "gbk", "hz", "gb18030"):
        return "gb18030"
    cp1252_ok = True
    try:
        raw.decode("cp1252")
    except UnicodeDecodeError:
        cp1252_ok = False
    if guess in _OTHER_SCRIPTS:
        return guess
    return "cp1252" if cp1252_ok else "latin-1"


def _chinese_score(text: str) -> int:
    """Number of CJK ideographs in the first 20,000 characters, or 0 when unusual
    symbols (what a wrong decoding produces) are more than a fifth of them."""
    head = text[:20000]
    cjk = sum(1 for ch in head if "\u4e00" <= ch <= "\u9fff")
    odd = sum(1 for ch in head if ord(ch) > 0x7F and not ("\u4e00" <= ch <= "\u9fff")
              and not ("\u3000" <= ch <= "\u303f") and not ("\uff00" <= ch <= "\uffef"))
    return cjk if odd <= cjk * 0.2 else 0


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
