"""Columns that cannot teach a tree anything, flagged when a data file is opened (issue 36).

A tree that may split on a column unique on every row (an application number, a patient id)
grows one leaf per case and calls it a rule; a column with one value never splits. Opened
without a project (which says for itself which columns are in use), such columns are left out
of training, each with a warning saying why and how to take it back; a project keeps its own
settings. The kinds, over the column's non-missing cells (n of them, at least MIN_ROWS):

- "constant": one distinct value (or none at all);
- "identifier": a text column (or whole numbers kept as text, such as 00501) distinct on every
  row; or whole numbers distinct on every row that run consecutively (1, 2, 3, ... in any order)
  or all have the same number of digits, four or more (codes such as 20230417);
- "near identifier": a text column with at least NEAR_SHARE of its rows distinct (names, free
  text, an id with a few repeats); not a number column held as text for a few stray texts
  (`ColumnInfo.not_numbers`: read those as missing instead).

Numbers with fractions distinct on every row (a measurement) are never flagged.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..i18n import N_, _
from .table import NUMERIC, Table

MIN_ROWS = 20
NEAR_SHARE = 0.9

CONSTANT, IDENTIFIER, NEAR_IDENTIFIER = "constant", "identifier", "near identifier"
_WHY = {CONSTANT: N_("it holds one value"),
        IDENTIFIER: N_("it is unique on every row (an identifier)"),
        NEAR_IDENTIFIER: N_("it is unique on {share} of its rows (close to an identifier)")}


@dataclass(frozen=True)
class ColumnFlag:
    column: str
    kind: str  # CONSTANT, IDENTIFIER, NEAR_IDENTIFIER
    distinct: int
    present: int

    @property
    def reason(self) -> str:
        """Why, in words (translated)."""
        share = format(self.distinct / self.present, ".0%") if self.present else "0%"
        return _(_WHY[self.kind]).format(share=share)


def column_flags(table: Table, target: str | None) -> list[ColumnFlag]:
    """The columns other than `target` that cannot teach a tree anything (see the module)."""
    out = []
    for info in table.columns:
        if info.name == target:
            continue
        present = table.n_rows - info.missing
        if info.distinct <= 1:
            out.append(ColumnFlag(info.name, CONSTANT, info.distinct, present))
            continue
        if present < MIN_ROWS:
            continue
        if info.type == NUMERIC:
            if info.integer and info.distinct == present and _code_like(table, info):
                out.append(ColumnFlag(info.name, IDENTIFIER, info.distinct, present))
        elif info.distinct == present:
            out.append(ColumnFlag(info.name, IDENTIFIER, info.distinct, present))
        elif info.distinct >= NEAR_SHARE * present and not info.numeric_text and not info.not_numbers:
            out.append(ColumnFlag(info.name, NEAR_IDENTIFIER, info.distinct, present))
    return out


def _code_like(table: Table, info) -> bool:
    """Whole numbers distinct on every row that look like numbering: a consecutive run, or codes of
    one length (four digits or more)."""
    if info.maximum - info.minimum + 1 == info.distinct:
        return True
    values = table.frame[info.name].to_numpy(dtype=np.float64)
    values = values[~np.isnan(values)]
    if (values < 0).any():
        return False
    digits = np.floor(np.log10(np.maximum(values, 1))).astype(np.int64) + 1
    return bool(digits.min() == digits.max() and digits.min() >= 4)
