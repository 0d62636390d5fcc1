"""Text laid out in columns of a terminal or a fixed-width font: a character's display width is 2
for East Asian wide and full-width characters (汉字, full-width punctuation), 0 for combining
marks and 1 otherwise, so that a column of Chinese names lines up with one of Latin ones."""

from __future__ import annotations

import unicodedata


def display_width(text: str) -> int:
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def ljust(text: str, width: int) -> str:
    """`text` padded with spaces on the right to `width` display columns."""
    return text + " " * max(0, width - display_width(text))


def rjust(text: str, width: int) -> str:
    """`text` padded with spaces on the left to `width` display columns."""
    return " " * max(0, width - display_width(text)) + text
