"""Class hierarchies: read a `label,parent` table, or split path-like labels."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

import numpy as np

from ..errors import DataError
from ..i18n import _
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
        raise DataError(_("a hierarchy file needs two columns, label and parent"), code="bad_hierarchy",
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
            raise DataError(_("the label is empty"), code="bad_hierarchy", file=os.fspath(path),
                            sheet=table.sheet, row=row, column=label_col)
        if parent is None:
            out.setdefault(child, None)  # a top label
            continue
        if child in out and out[child] is not None and out[child] != parent:
            raise DataError(_('"{label}" has two parents: "{first}" (row {row}) and "{second}"').format(
                label=child, first=out[child], row=first_row[child], second=parent),
                    code="bad_hierarchy", file=os.fspath(path), sheet=table.sheet,
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


def label_members(labels: list[str], classes: list[str], hierarchy: dict | None) -> np.ndarray | None:
    """members[l, k]: label l is class k or one of its ancestors; None without a hierarchy."""
    if not hierarchy:
        return None
    return ClassLevels(hierarchy, list(classes)).members(list(labels))


class ClassLevels:
    """A class hierarchy seen from the classes (ALGORITHMS.md §3.3): levels L_1 (the top,
    most abstract) .. L_h (most specific); a class shallower than h stands for itself at
    the deeper levels; a class the hierarchy does not name is a top label of its own.

    `labels[i]`: level i + 1's labels (names, in a fixed order: classes in their order,
    then the coarser labels by name); `ancestor[i, k]`: the index in labels[i] of class k's
    label at that level; `level_of[name]`: a label's level (1..h)."""

    def __init__(self, hierarchy: dict[str, str | None] | None, classes: list[str]):
        parent = {str(c): (None if p is None else str(p)) for c, p in (hierarchy or {}).items()}
        chains = []
        for c in classes:
            chain, node, seen = [c], parent.get(c), {c}
            while node is not None and node not in seen:  # a cycle is reported by the settings check
                chain.append(node)
                seen.add(node)
                node = parent.get(node)
            chains.append(chain[::-1])  # top first
        self.h = max(len(chain) for chain in chains)
        order = {c: i for i, c in enumerate(classes)}
        self.labels: list[list[str]] = []
        self.ancestor = np.zeros((self.h, len(classes)), dtype=np.int64)
        self.level_of: dict[str, int] = {}
        for i in range(self.h):
            names = [chain[min(i, len(chain) - 1)] for chain in chains]
            level = sorted(set(names), key=lambda n: (n not in order, order.get(n, 0), n))
            self.labels.append(level)
            index = {n: q for q, n in enumerate(level)}
            self.ancestor[i] = [index[n] for n in names]
            for n in level:
                self.level_of.setdefault(n, i + 1)
        self.classes = list(classes)

    @property
    def width(self) -> int:
        return max(len(level) for level in self.labels)

    def coarse_labels(self) -> list[str]:
        """The labels that are not classes, coarsest first (the tree's labels after the classes)."""
        out = []
        for level in self.labels:
            out += [n for n in level if n not in self.classes and n not in out]
        return out

    def precision(self, name: str) -> float:
        """pre = log_h(i + 1) of a label answered at level i, a class at its deepest level h (it
        stands for itself there): coarser answers are less precise; 1 without a hierarchy."""
        if self.h == 1:
            return 1.0
        deepest = max(i + 1 for i, level in enumerate(self.labels) if name in level)
        return math.log(deepest + 1) / math.log(self.h)

    def members(self, labels: list[str]) -> np.ndarray:
        """members[l, k]: answering labels[l] is right for a case of class k (the class itself or
        one of its ancestors)."""
        out = np.zeros((len(labels), len(self.classes)), bool)
        for k in range(len(self.classes)):
            chain = set(self.ancestors(k))
            for l, name in enumerate(labels):
                out[l, k] = name in chain
        return out

    def ancestors(self, k: int) -> list[str]:
        """Class k and the labels above it, top first (its chain)."""
        out = []
        for i in range(self.h):
            name = self.labels[i][self.ancestor[i, k]]
            if name not in out:
                out.append(name)
        return out

    def at_level(self, labels: list[str]) -> np.ndarray:
        """(len(labels), h): label l read at level i + 1 — its index in labels[i]: itself where it
        is a label of that level, its ancestor at a coarser level, -1 at a deeper level than it
        reaches (the answer does not say which of its labels there it is)."""
        out = np.full((len(labels), self.h), -1, dtype=np.int64)
        for l, name in enumerate(labels):
            classes = [k for k in range(len(self.classes)) if name in self.ancestors(k)]
            if not classes:
                continue
            for i in range(self.h):
                if name in self.labels[i]:
                    out[l, i] = self.labels[i].index(name)
                elif i + 1 < self.level_of.get(name, 0):  # coarser than the label: its one ancestor there
                    out[l, i] = self.ancestor[i, classes[0]]
        return out

    def scoring(self, labels: list[str]) -> "HierarchyScoring":
        """What scoring answers `labels` against this hierarchy needs."""
        return HierarchyScoring(members=self.members(labels),
                                precision=np.array([self.precision(n) for n in labels]),
                                at_level=self.at_level(labels), class_at_level=self.ancestor.copy(),
                                level_labels=[list(level) for level in self.labels])


@dataclass
class HierarchyScoring:
    """Answers (labels: the classes, then coarser labels) against a class hierarchy:
    `members[l, k]` answering l is right for class k (k or an ancestor); `precision[l]`
    log_h(level + 1); `at_level[l, i]` l read at level i + 1 (-1: coarser than that level);
    `class_at_level[i, k]` class k's label there; `level_labels[i]` the level's names."""

    members: np.ndarray
    precision: np.ndarray
    at_level: np.ndarray
    class_at_level: np.ndarray
    level_labels: list[list[str]]

    @property
    def h(self) -> int:
        return len(self.level_labels)

    def level_confusion(self, confusion: np.ndarray, labels: list[str], level: int,
                        answers: list[str] | None = None) -> dict:
        """A (classes x labels + PENDING) confusion matrix read at `level` (1..h): rows the
        level's labels (true), columns the level's labels, then the answers coarser than the
        level (each by name; only those in `answers`, the learner's labels, when given), then
        PENDING."""
        i = level - 1
        rows = self.level_labels[i]
        coarser = [l for l in range(len(labels)) if self.at_level[l, i] < 0 and self.members[l].any()
                   and (answers is None or labels[l] in answers)]
        columns = rows + [labels[l] for l in coarser]
        out = np.zeros((len(rows), len(columns) + 1))
        column_of = {l: (int(self.at_level[l, i]) if self.at_level[l, i] >= 0 else len(rows) + coarser.index(l))
                     for l in range(len(labels)) if self.at_level[l, i] >= 0 or l in coarser}
        for k in range(confusion.shape[0]):
            r = int(self.class_at_level[i, k])
            for l, c in column_of.items():
                out[r, c] += confusion[k, l]
            out[r, -1] += confusion[k, -1]
        return {"level": level, "true": rows, "predicted": columns, "matrix": out.tolist()}
