"""One page per paper (issue 21 item 5): the paper's claims, our figures, agree / disagree /
tie, and why, as `out/<paper>_report.md`.

A reproduction builds its claim rows (`claim_row`: the claim, our figure, the verdict, why)
from its own `*_paper_claims` table and passes them, with a title and one paragraph on the
protocol, to `write`. A claim table that only says whether a claim holds ("yes" / "no") gives
"agree" / "disagree" (`verdict`); "tie" is only ever passed through from a reproduction that
tested the difference (FACMI's corrected resampled t-test), never made up here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd

from ..fileio import atomic_write_text

#: the columns of a claims table on the page
COLUMNS = ("the paper's claim", "our figure", "verdict", "why")
#: a claim table's "holds" -> the page's verdict
VERDICTS = {"yes": "agree", "no": "disagree"}


def verdict(holds) -> str:
    """"agree" for a claim that holds ("yes"), "disagree" for one that does not ("no")."""
    key = str(holds).strip().lower()
    if key not in VERDICTS:
        raise ValueError(f'a claim holds "yes" or "no", not {holds!r}')
    return VERDICTS[key]


def cell(value) -> str:
    """A value as one Markdown table cell: floats to 4 decimals; a bar (the cell separator)
    becomes a slash and a line break a space, so a cell never splits the row."""
    if isinstance(value, float):
        return f"{value:.4f}"
    return " ".join(str(value).replace("|", "/").split())


def markdown_table(frame: pd.DataFrame) -> str:
    """`frame` as a Markdown table: a header row, the rule, one line per row."""
    lines = ["| " + " | ".join(cell(c) for c in frame.columns) + " |", "|" + "---|" * len(frame.columns)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join(lines)


def claim_row(claim: str, figure: str, holds: str, why: str) -> dict:
    """One row of the page's claims table, its verdict from `holds` ("yes" / "no")."""
    return dict(zip(COLUMNS, (claim, figure, verdict(holds), why)))


def claims_table(rows: Iterable[dict]) -> pd.DataFrame:
    """The rows (`claim_row`'s dicts) as a frame with exactly COLUMNS, in that order."""
    return pd.DataFrame(list(rows), columns=list(COLUMNS))


def render(title: str, protocol: str, sections: Sequence[tuple[str | None, pd.DataFrame | None]]) -> str:
    """The page: `# title`, the protocol paragraph, then per section `## heading` (None: none)
    and its table (None: the heading alone)."""
    parts = [f"# {title}", "", " ".join(protocol.split()), ""]
    for heading, frame in sections:
        if heading:
            parts += [f"## {heading}", ""]
        if frame is not None:
            parts += [markdown_table(frame), ""]
    return "\n".join(parts) + "\n"


def write(path: Path, title: str, protocol: str, sections: Sequence[tuple[str | None, pd.DataFrame | None]]) -> Path:
    """`render`'s page written to `path` (atomically); returns `path`."""
    return atomic_write_text(path, render(title, protocol, sections)) or path
