"""What a file really is (by its bytes, not its name), its text encoding, its delimiter."""

from __future__ import annotations

import codecs
import csv
import io

from ..i18n import N_, _

ZIP_MAGIC = b"PK\x03\x04"
EMPTY_ZIP_MAGIC = b"PK\x05\x06"
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # old .xls, and password-protected .xlsx

_KNOWN_BINARIES = {
    b"%PDF": N_("a PDF document"),
    b"\x89PNG": N_("a PNG image"),
    b"\xff\xd8\xff": N_("a JPEG image"),
    b"GIF8": N_("a GIF image"),
    b"\x1f\x8b": N_("a gzip archive"),
    b"7z\xbc\xaf": N_("a 7-Zip archive"),
    b"Rar!": N_("a RAR archive"),
    b"SQLite format 3": N_("an SQLite database"),
    b"\x7fELF": N_("a program"),
}


def binary_kind(head: bytes) -> str | None:
    """'an Excel workbook', 'a PDF document', ... for known binary formats, else None."""
    if head.startswith((ZIP_MAGIC, EMPTY_ZIP_MAGIC)):
        return _("a zip archive (an .xlsx workbook is one)")
    if head.startswith(OLE2_MAGIC):
        return _("an old-format Excel (.xls) or password-protected workbook")
    for magic, what in _KNOWN_BINARIES.items():
        if head.startswith(magic):
            return _(what)
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
    """Best guess of the text encoding of a whole file (see `guess_encoding`)."""
    return guess_encoding(raw)[0]


def guess_encoding(raw: bytes) -> tuple[str, str | None]:
    """(encoding, doubt): the best guess of the text encoding of a whole file, and
    None when it is certain (a byte-order mark, UTF-16 by its NUL bytes, valid UTF-8)
    or else why the guess may be wrong (for a warning).

    Order: a byte-order mark; UTF-16 without a mark (NUL in every other byte);
    strict UTF-8 (ASCII is UTF-8); then GB18030 (a superset of GBK and GB2312,
    what Chinese Excel writes) when it decodes and the text contains Chinese,
    unless the same bytes read better as Japanese (Shift-JIS or EUC-JP: see
    `_cjk_choice`); then charset-normalizer's guess for other scripts (Cyrillic,
    Greek, ...), with Latin guesses read as cp1252 (Windows Western).
    """
    if raw.isascii() and b"\x00" not in raw:  # no mark, not UTF-16 (no NUL): ASCII, so UTF-8
        return "utf-8", None
    for bom, name in _BOMS:
        if raw.startswith(bom):
            return name, None
    sample = raw[:4096]
    if len(sample) >= 4:
        even_nuls = sample[0::2].count(0)
        odd_nuls = sample[1::2].count(0)
        half = len(sample) / 2
        if odd_nuls > 0.3 * half and even_nuls < 0.05 * half:
            return "utf-16-le", None
        if even_nuls > 0.3 * half and odd_nuls < 0.05 * half:
            return "utf-16-be", None
    try:
        raw.decode("utf-8")
        return "utf-8", None
    except UnicodeDecodeError:
        pass
    chinese = 0
    try:
        chinese = _chinese_score(raw.decode("gb18030"))
        gb_whole: tuple[str, ...] = ("gb18030",)
    except UnicodeDecodeError:
        gb_whole = ()
    if chinese >= 2:
        return _cjk_choice(raw, None, gb_whole)
    guess = _detector_guess(raw)
    if chinese == 1 and guess and guess.startswith(("gb", "big5", "hz", "cp936", "cp950")):
        # one Chinese character: trust it only when the detector sees Chinese too
        return "gb18030", _("the file holds very little non-ASCII text to tell its encoding by")
    if guess in _CJK_GUESSES:
        return _cjk_choice(raw, _CJK_GUESSES[guess], gb_whole)
    chosen = _single_byte_guess(raw, guess)
    return chosen, _mojibake_doubt(raw, chosen)


#: how many non-ASCII characters the commonness measure looks at
_CJK_SAMPLE = 3000


def _gb_common(ch: str) -> bool:
    """A Chinese character of GB2312 level 1 (the 3,755 everyday hanzi)."""
    try:
        b = ch.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return len(b) == 2 and 0xB0 <= b[0] <= 0xD7


def _ja_common(ch: str) -> bool:
    """Kana, or a kanji of JIS X 0208 level 1 (the 2,965 everyday kanji)."""
    if "\u3041" <= ch <= "\u30ff":
        return True
    try:
        b = ch.encode("shift_jis")
    except UnicodeEncodeError:
        return False
    return len(b) == 2 and 0x889F <= (b[0] << 8 | b[1]) <= 0x9872


def _commonness(text: str, common) -> tuple[float, int]:
    """(share of everyday characters among the non-ASCII ones, how many were looked at);
    CJK punctuation and full-width ASCII left out. Near 1 for real text, near 0 for mojibake."""
    chars = []
    for ch in text:
        if ch > "\x7f" and not ("\u3000" <= ch <= "\u303f") and not ("\uff01" <= ch <= "\uff5e"):
            chars.append(ch)
            if len(chars) >= _CJK_SAMPLE:
                break
    if not chars:
        return 1.0, 0
    return sum(1 for ch in chars if common(ch)) / len(chars), len(chars)


def _decodes(raw: bytes, encoding: str) -> str | None:
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError:
        return None


def _ko_common(ch: str) -> bool:
    """A Hangul syllable of KS X 1001 (the 2,350 everyday ones)."""
    if not "\uac00" <= ch <= "\ud7a3":
        return False
    try:
        return len(ch.encode("euc_kr")) == 2  # not the 8-byte make-up sequences of the rest
    except UnicodeEncodeError:
        return False


def _big5_common(ch: str) -> bool:
    """A Big5 frequently used character (0xA440-0xC67E)."""
    try:
        b = ch.encode("big5")
    except UnicodeEncodeError:
        return False
    return len(b) == 2 and 0xA440 <= (b[0] << 8 | b[1]) <= 0xC67E


#: multi-byte East Asian encodings that compete for the same bytes, in order of
#: preference on a tie, with the test of an everyday character in each
_CJK_CANDIDATES = (("gb18030", _gb_common), ("cp932", _ja_common), ("euc_jp", _ja_common),
                   ("big5", _big5_common), ("cp949", _ko_common))
_CJK_LABELS = {"gb18030": N_("Chinese (GB18030)"), "cp932": N_("Japanese (Shift-JIS)"),
               "euc_jp": N_("Japanese (EUC-JP)"), "big5": N_("Traditional Chinese (Big5)"),
               "cp949": N_("Korean (EUC-KR)")}  # shown as _(label)
#: the language of each, as "everyday ... characters" names it
_CJK_LANGUAGES = {"gb18030": N_("Chinese"), "cp932": N_("Japanese"), "euc_jp": N_("Japanese"),
                  "big5": N_("Traditional Chinese"), "cp949": N_("Korean")}
#: detector guesses that send a file to `_cjk_choice`, and what they mean there
_CJK_GUESSES = {"gb2312": "gb18030", "gbk": "gb18030", "gb18030": "gb18030", "hz": "gb18030",
                "cp936": "gb18030", "shift_jis": "cp932", "cp932": "cp932", "euc_jp": "euc_jp",
                "big5": "big5", "cp950": "big5", "big5hkscs": "big5", "euc_kr": "cp949", "cp949": "cp949"}


#: bytes of a file the East Asian encodings are judged by
_CJK_HEAD_BYTES = 200_000

#: characters a signature needs before it decides (a chance match is then below 1 in 10,000)
_SIGNATURE_CHARS = 20


def _big5_low_trails(text: str) -> bool:
    """Whether any Big5 character of `text` has a second byte 0x40-0x7E: about 40 % of
    real Big5 characters do, none of the EUC encodings' (GB2312, EUC-JP, EUC-KR) does."""
    for ch in text[:20000]:
        if ch > "\x7f":
            try:
                b = ch.encode("big5")
            except UnicodeEncodeError:
                continue
            if len(b) == 2 and b[1] <= 0x7E:
                return True
    return False


def _cjk_choice(raw: bytes, hint: str | None = None, decodes_whole: tuple[str, ...] = ()) -> tuple[str, str | None]:
    """Bytes that look East Asian: which multi-byte encoding?

    The same bytes often decode in several of them: Shift-JIS bytes decode as GB18030
    into rare characters (柤慜 for 名前), EUC-KR Hangul into everyday hanzi. So each
    reading that decodes is scored by the share of everyday characters in it (GB2312
    level 1 hanzi; kana and JIS level 1 kanji; Big5 frequent characters; KS X 1001
    Hangul) and the best wins, GB18030 first on a tie (`hint`, the detector's guess,
    next). A doubt is returned when the best is poor or another reading is about as good.
    `decodes_whole`: encodings the caller already knows decode the whole file.
    """
    head = raw
    if len(raw) > _CJK_HEAD_BYTES:  # enough to judge by; cut at a line end (no CJK byte is 0x0A)
        cut = raw.rfind(b"\n", 0, _CJK_HEAD_BYTES)
        head = raw[:cut + 1] if cut > 0 else raw
    texts = {name: _decodes(head, name) for name, _ in _CJK_CANDIDATES}
    measured = {name: _commonness(texts[name], common) for name, common in _CJK_CANDIDATES
                if texts[name] is not None}
    if not measured:
        return hint or "gb18030", None  # decode_text names the byte that fits no encoding
    scores = {name: share for name, (share, _) in measured.items()}
    # signatures: text that reads as nothing but KS X 1001 Hangul is Korean (EUC-KR Hangul
    # also reads as everyday hanzi and kanji); Big5 without one low second byte is not Big5
    if "cp949" in measured and measured["cp949"] == (1.0, measured["cp949"][1]) \
            and measured["cp949"][1] >= _SIGNATURE_CHARS:
        scores["cp949"] += 0.5
    if "big5" in measured and measured["big5"][1] >= _SIGNATURE_CHARS and not _big5_low_trails(texts["big5"]):
        scores["big5"] -= 0.5
    order = [n for n, _ in _CJK_CANDIDATES]
    if hint in order:  # the detector's guess wins a tie after GB18030
        order.remove(hint)
        order.insert(1, hint)
    ranked = sorted(scores, key=lambda n: (-scores[n], order.index(n)))
    if head is not raw:  # the best that decodes the whole file, not only its head
        whole = next((n for n in ranked if n in decodes_whole or _decodes(raw, n) is not None), None)
        if whole is not None:
            ranked.remove(whole)
            ranked.insert(0, whole)
    best = ranked[0]
    top = scores[best]
    close = [n for n in order if n != best and n in scores and scores[n] >= max(0.6, top - 0.15)]
    if top < 0.6:
        fields = dict(share=format(max(top, 0), ".0%"), language=_(_CJK_LANGUAGES[best]),
                      others=", ".join(_(_CJK_LABELS[n]) for n in scores if n != best))
        if len(scores) > 1:
            return best, _("only {share} of its non-ASCII characters are everyday {language} characters, a sign of "
                           "a wrong encoding (it also reads as {others})").format(**fields)
        return best, _("only {share} of its non-ASCII characters are everyday {language} characters, a sign of "
                       "a wrong encoding").format(**fields)
    if close:
        return best, _("the bytes read about as well as {encodings}").format(
            encodings=_(" or ").join(_(_CJK_LABELS[n]) for n in close))
    return best, None


def _mojibake_doubt(raw: bytes, chosen: str) -> str | None:
    """Why a single-byte guess may be wrong, or None when the text looks right."""
    text = _decodes(raw, chosen)
    if text is None:
        return None  # decode_text reports the byte
    head = text[:100_000]
    odd = sum(1 for ch in head if "\x80" <= ch <= "\x9f" or ch == "\ufffd" or "\ue000" <= ch <= "\uf8ff")
    if odd:
        return _("{n} of its characters are control or unassigned characters").format(n=odd)
    if chosen in ("cp1252", "latin-1"):
        letters = [ch for ch in head if ch.isalpha()]
        accented = sum(1 for ch in letters if ch > "\x7f")
        if accented >= 20 and accented > 0.4 * len(letters):
            return _("{share} of its letters are accented Latin letters, typical of Cyrillic, Greek or other text "
                     "read in the wrong encoding").format(share=format(accented / len(letters), ".0%"))
    return None


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
        # deferred: loads charset-normalizer (only to guess an encoding)
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
    for _line in range(n):
        nxt = text.find("\n", end)
        if nxt < 0:
            return text
        end = nxt + 1
    return text[:end]
