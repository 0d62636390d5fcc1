"""Class hierarchies: read a `label,parent` table, or split path-like labels."""

from __future__ import annotations

import os

import numpy as np

from ..errors import DataError
from .read import read_table
from .table import NUMERIC, format_number


def read_hierarchy(path: str | os.PathLike, sheet: str | None = None) -> dict[str, str | None]:
    """child -> parent from a csv/xlsx with columns `label,parent` (or the first two).

    A row with an empty parent marks the root. A label given two different
    parents is an error naming its rows.
    """
    table = read_table(path, sheet)
    lower = {c.name.strip().lower(): c.name for c in table.columns}
    if "label" in lower and "parent" in lower:
        label_col, parent_col = lower["label"], lower["parent"]
    elif len(table.columns) >= 2:
        label_col, parent_col = table.columns[0].name, table.columns[1].name
    else:
        raise DataError("a hierarchy file needs two columns, label and parent", code="bad_hierarchy",
                        file=os.fspath(path), sheet=table.sheet)

    def labels(col):
        series = table.frame[col]
        if table.column(col).type == NUMERIC:
            return [None if np.isnan(v) else format_number(v) for v in series.to_numpy(dtype=float)]
        return [None if v is None else str(v) for v in series.to_numpy(dtype=object)]

    out: dict[str, str | None] = {}
    first_row: dict[str, int] = {}
    for i, (child, parent) in enumerate(zip(labels(label_col), labels(parent_col))):
        row = table.row_number(i)
        if child is None:
            if parent is None:
                continue
            raise DataError("the label is empty", code="bad_hierarchy", file=os.fspath(path),
                            sheet=table.sheet, row=row, column=label_col)
        if parent is None:
            out.setdefault(child, None)  # a top label
            continue
        if child in out and out[child] is not None and out[child] != parent:
            raise DataError(f'"{child}" has two parents: "{out[child]}" (row {first_row[child]}) and '
                            f'"{parent}"', code="bad_hierarchy", file=os.fspath(path), sheet=table.sheet,
                            row=row, column=parent_col)
        out[child] = parent
        first_row[child] = row
    return out


def hierarchy_from_paths(labels, sep: str = "/", root: str = "ALL") -> dict[str, str]:
    """Labels like 'Rock/Sedimentary/Sandstone' -> child -> parent over full paths.

    Each prefix is a node named by its full path ('Rock/Sedimentary'), so equal
    names under different parents stay distinct; top-level parts hang under `root`.
    """
    out: dict[str, str | None] = {}
    for label in labels:
        parts = [p.strip() for p in str(label).split(sep) if p.strip()]
        parent = root
        for k in range(1, len(parts) + 1):
            node = sep.join(parts[:k])
            out.setdefault(node, parent)
            parent = node
    return out
