"""What planning a consultation needs from the training cases: per leaf, how its cases' values fall.

A planned consultation (`engine.plan`) may ask any attribute tested below where the case
stands, so it needs the chance of each answer given what is known: for every leaf and every
attribute the tree tests, the (weighted) count of the leaf's training cases in each *bin*
of that attribute. The bins of a category attribute are its categories; those of a numeric
attribute are the intervals between the cut points the tree uses anywhere on it (every
threshold and every interval cut), (c[b-1], c[b]], so a bin decides every test of the tree.

Kept in the model file (version 3) as ``tree.case_values``:

    {"attributes": {name: {"cuts": [c1, c2, ...]      (numeric attributes only)
                           "leaves": [[node, [n_0, n_1, ...]], ...]}}}

with node numbers as the file numbers them. A model without it (older files, or a tree too
large to keep it: more than `MAX_ENTRIES` counts) still plans, each leaf's cases spread
evenly over the bins its path allows. Attributes with more than `MAX_BINS` bins are left out
the same way. Rows that stop above a leaf (a missing value) are not counted.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .nodes import CategorySplit, ThresholdSplit

MAX_BINS = 512
MAX_ENTRIES = 2_000_000


def tree_cuts(tree, j: int, nodes=None) -> np.ndarray:
    """The cut points the tree uses on numeric attribute j anywhere (or at these nodes): sorted, unique."""
    found: list[float] = []
    for i in tree.reachable() if nodes is None else nodes:
        node = tree.nodes[i]
        if isinstance(node, ThresholdSplit) and node.feature == j:
            found.append(float(node.threshold))
        elif isinstance(node, CategorySplit) and node.feature == j and node.cuts is not None:
            found.extend(float(c) for c in node.cuts)
    return np.unique(np.asarray(found, dtype=np.float64))


def all_tree_cuts(tree) -> dict[int, np.ndarray]:
    """tree_cuts of every attribute in one walk of the tree (attributes without cuts: absent)."""
    found: dict[int, list[float]] = {}
    for i in tree.reachable():
        node = tree.nodes[i]
        if isinstance(node, ThresholdSplit):
            found.setdefault(node.feature, []).append(float(node.threshold))
        elif isinstance(node, CategorySplit) and node.cuts is not None:
            found.setdefault(node.feature, []).extend(float(c) for c in node.cuts)
    return {j: np.unique(np.asarray(v, dtype=np.float64)) for j, v in found.items()}


def is_category(tree, j: int) -> bool:
    return tree.schema.attributes[j].categories is not None


@dataclass
class CaseValues:
    """Per attribute j (schema index): `cuts[j]` (numeric; None for a category attribute) and
    `counts[j]`, {leaf node id: counts per bin} — absent attributes were not kept."""

    cuts: dict[int, np.ndarray | None]
    counts: dict[int, dict[int, np.ndarray]]

    def to_json(self, tree, new_id: dict[int, int]) -> dict:
        names = tree.schema.names
        out = {}
        for j, table in self.counts.items():
            item: dict = {}
            if self.cuts[j] is not None:
                item["cuts"] = [float(c) for c in self.cuts[j]]
            item["leaves"] = [[new_id[leaf], [float(v) for v in row]] for leaf, row in sorted(table.items())
                              if leaf in new_id]
            out[names[j]] = item
        return {"attributes": out}

    @classmethod
    def from_json(cls, obj: dict, tree) -> "CaseValues":
        """Read after `engine.tree.check.check_case_values` accepted the object."""
        index = {n: j for j, n in enumerate(tree.schema.names)}
        cuts, counts = {}, {}
        for name, item in obj["attributes"].items():
            j = index[name]
            cuts[j] = np.asarray(item["cuts"], np.float64) if "cuts" in item else None
            counts[j] = {int(node): np.asarray(row, np.float64) for node, row in item["leaves"]}
        return cls(cuts, counts)

    def bins(self, tree, j: int) -> np.ndarray | None:
        """(leaves-by-node) counts remapped onto the tree's current bins of j, or None when
        the stored cuts do not cover the tree's (the tree was changed after counting)."""
        if j not in self.counts:
            return None
        if self.cuts[j] is None:
            return self.counts[j] if is_category(tree, j) else None
        if is_category(tree, j):
            return None
        now = tree_cuts(tree, j)
        stored = self.cuts[j]
        if not np.isin(now, stored).all():
            return None
        # stored bin b is (stored[b-1], stored[b]]: it lies inside the current bin of its upper end
        upper = np.append(stored, np.inf)
        target = np.searchsorted(now, upper, side="left")
        out = {}
        for leaf, row in self.counts[j].items():
            merged = np.zeros(len(now) + 1)
            np.add.at(merged, target[:len(row)], row[:len(target)])
            out[leaf] = merged
        return out
