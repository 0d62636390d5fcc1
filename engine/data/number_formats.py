"""Numbers written as a spreadsheet shows them: "12%", "1,234", "¥1,200", "3.5 万" (issue 36).

A column of such texts is read as numbers when the whole column agrees on how they are written
(`parse_formatted`); otherwise it stays text, as before. What "agrees" means, per cell (spaces
around the parts allowed):

    [sign] [currency] [sign] digits [unit] [suffix]

- digits: a plain number (12, 3.5, .5) or one with thousands separators in groups of three
  (1,234 or 1，234,567.89), never both in one cell; not in a file that writes decimal commas
  (there "1,234" is 1.234);
- currency: one of ¥ ￥ $ € £ before the digits, or 元 after them: one currency per column
  (cells without one are fine: "1,200" beside "¥1,300");
- unit: 千 (10³), 万 (10⁴) or 亿 (10⁸), times the digits (cells without one are fine);
- percent: % or ％ after the digits; then every cell of the column is a percentage (a plain
  number beside percentages is ambiguous), read as Excel stores it: "36%" is 0.36.

At least one cell must use a format (a column of plain numbers is read before this is asked).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from ..i18n import N_

_CELL = re.compile(
    r"^\s*(?P<sign>[+-])?\s*(?P<cur>[¥￥$€£])?\s*(?P<sign2>[+-])?\s*"
    r"(?P<num>\d{1,3}(?:[,，]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"\s*(?P<unit>[千万亿])?\s*(?P<suffix>元|%|％)?\s*$")
UNITS = {"千": 1e3, "万": 1e4, "亿": 1e8}

#: what the warning calls each way of writing numbers (the column's example is shown beside it)
PERCENT = N_("percentages")
THOUSANDS = N_("thousands separators")
CURRENCY = N_("a currency sign")
UNIT = N_("Chinese units (千, 万, 亿)")


def parse_formatted(texts: Sequence[str], *, decimal_comma: bool = False) -> tuple[np.ndarray, list[str]] | None:
    """(float64 per text, the formats used: a list of PERCENT, THOUSANDS, CURRENCY, UNIT) when
    every text is a number written the one way the column agrees on; else None."""
    values = np.empty(len(texts), dtype=np.float64)
    currency: set[str] = set()
    percent = separators = units = 0
    for i, text in enumerate(texts):
        m = _CELL.match(text)
        if m is None or (m.group("sign") and m.group("sign2")):
            return None
        digits = m.group("num")
        grouped = "," in digits or "，" in digits
        if grouped:
            if decimal_comma:
                return None
            separators += 1
            digits = digits.replace(",", "").replace("，", "")
        symbol = m.group("cur")
        suffix = m.group("suffix")
        if suffix == "元":
            symbol = symbol or "元"
            if m.group("cur"):  # "¥12元": two currencies in one cell
                return None
        if symbol is not None:
            currency.add("¥" if symbol in "¥￥" else symbol)
        value = float(digits)
        unit = m.group("unit")
        if unit is not None:
            units += 1
            value *= UNITS[unit]
        if suffix in ("%", "％"):
            percent += 1
            value /= 100.0
        if (m.group("sign") or m.group("sign2")) == "-":
            value = -value
        values[i] = value
    if len(currency) > 1:
        return None
    if percent and percent != len(texts):
        return None  # some cells percentages, others not: which do the others mean?
    used = [name for name, n in ((PERCENT, percent), (THOUSANDS, separators), (CURRENCY, len(currency)),
                                 (UNIT, units)) if n]
    if not used:
        return None
    return values, used
