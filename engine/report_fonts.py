"""The font a printed report is set in (engine.report).

A report whose texts are all Latin-1 is set in Helvetica, one of PDF's standard fonts (nothing to
embed). A report holding any other character — a Chinese report, or an English one over a file with
Chinese names — is set in a TrueType font that has the CJK glyphs, embedded (subset) in the PDF so
that it prints the same on a machine without that font. The font is the first that exists of:

- the file named by the environment variable RULETREE_REPORT_FONT (a .ttf or .ttc);
- the fonts the installers bring or recommend, and the systems' own (CANDIDATES);
- what fontconfig (`fc-match`) names for Chinese, when it is a TrueType file.

PDF writers embed TrueType outlines only (reportlab reads no CFF/OpenType-PostScript outlines, which
is what the Noto CJK .otf/.ttc files hold), so such a file is passed over. No usable font: a
`FontUnavailable` saying what to install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass

from .errors import RuleTreeError
from .i18n import _

LATIN = "Helvetica"
LATIN_BOLD = "Helvetica-Bold"

#: TrueType fonts with the Chinese glyphs, where systems keep them: Debian's and Ubuntu's WenQuanYi
#: (the .deb recommends fonts-wqy-microhei), Droid, AR PL; Windows' Microsoft YaHei and SimSun;
#: macOS' Arial Unicode and STHeiti
CANDIDATES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/usr/share/fonts/wqy-microhei/wqy-microhei.ttc",  # Fedora
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/simsun.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
    "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
    "/System/Library/Fonts/STHeiti Light.ttc",
)


class FontUnavailable(RuleTreeError):
    """No TrueType font with the report's characters was found."""


@dataclass(frozen=True)
class ReportFont:
    regular: str  # the names the PDF writer knows the font by
    bold: str
    file: str | None  # the TrueType file embedded, or None for Helvetica


def is_latin1(text: str) -> bool:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def _fc_match() -> list[str]:
    """The file fontconfig picks for Chinese text, when fc-match is there."""
    exe = shutil.which("fc-match")
    if exe is None:
        return []
    try:
        out = subprocess.run([exe, "-f", "%{file}", ":lang=zh-cn"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return []
    return [out.stdout.strip()] if out.returncode == 0 and out.stdout.strip() else []


def _truetype(path: str):
    """The reportlab TTFont of a .ttf, or of the first face of a .ttc; None when it is no TrueType
    file reportlab can embed (CFF outlines, damaged, unreadable)."""
    # deferred: reportlab only when a report is written
    from reportlab.pdfbase.ttfonts import TTFont

    try:
        return TTFont("RuleTreeCJK", path, subfontIndex=0) if path.lower().endswith(".ttc") else \
            TTFont("RuleTreeCJK", path)
    except Exception:  # noqa: BLE001 - reportlab raises many kinds for a font it cannot use
        return None


def candidate_files() -> list[str]:
    named = os.environ.get("RULETREE_REPORT_FONT")
    return ([named] if named else []) + list(CANDIDATES) + _fc_match()


def font_for(texts) -> ReportFont:
    """Helvetica when every text is Latin-1, else the first usable CJK TrueType font, registered
    with reportlab (module docstring)."""
    if all(is_latin1(t) for t in texts):
        return ReportFont(LATIN, LATIN_BOLD, None)
    # deferred: reportlab only when a report is written
    from reportlab.pdfbase import pdfmetrics

    for path in candidate_files():
        if not path or not path.lower().endswith((".ttf", ".ttc")) or not os.path.isfile(path):
            continue
        font = _truetype(path)
        if font is None:
            continue
        pdfmetrics.registerFont(font)
        return ReportFont(font.fontName, font.fontName, path)
    raise FontUnavailable(_("the report holds characters outside Latin-1 (Chinese, say) and no TrueType font with "
                            "them was found to embed; install one (Debian, Ubuntu: apt install fonts-wqy-microhei) "
                            "or name a .ttf or .ttc file in the environment variable RULETREE_REPORT_FONT"),
                          code="no_font")
