"""ID3 (Quinlan 1986; ALGORITHMS.md §0).

Information gain Gain(A) = Info(D) - Σ_v |U_v|/n · Info(U_v), Info = -Σ p log2 p;
multiway splits, one branch per value (nominal and ordinal attributes) or per
interval (numeric attributes, discretised by Fayyad & Irani's entropy/MDL
method on the training cases); each attribute is used at most once on a path;
a node becomes a leaf when it is pure or no attribute is left that still
separates its cases. Ties go to the lower attribute index.

Missing values (ID3 has none): the gain is computed on the cases with a value
and scaled by their share; at a split, cases with the value missing stay in
the node (its distribution and label), as the internal-node strategy of seed
003, and prediction stops there too.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..kernels.counts import category_counts
from ..progress import Progress
from ..tree.builder import _Reporter
from ..tree.model import CategorySplit, Leaf, Tree
from .c45 import info_gain
from .discretize import mdl_cuts
from .params import AlgorithmInfo, Param


def discretised_codes(data: EncodedData) -> tuple[np.ndarray, list[list[float] | None], list[int]]:
    """Codes per attribute (category codes, or interval indices from MDL cuts),
    the cuts (None for category attributes) and the number of values of each."""
    codes = np.empty_like(data.X)
    cuts: list[list[float] | None] = []
    sizes: list[int] = []
    for j, attr in enumerate(data.schema.attributes):
        column = data.X[:, j]
        if attr.categories is not None:
            codes[:, j] = column
            cuts.append(None)
            sizes.append(len(attr.categories))
        else:
            c = mdl_cuts(column, data.y, data.w, len(data.classes))
            known = column == column
            codes[:, j] = np.nan
            codes[known, j] = np.searchsorted(np.asarray(c), column[known], side="left")
            cuts.append(c)
            sizes.append(len(c) + 1)
    return codes, cuts, sizes


ID3 = AlgorithmInfo(
    name="id3", family="classic", title="ID3 (information gain, multiway, MDL discretisation)",
    params=(Param("max_depth", None, "deepest level (empty: no limit)", kind="int", minimum=1),),
    uses=(),
    missing="stop",
)


def fit_id3(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    codes, cuts, sizes = discretised_codes(data)
    y, w = data.y, data.w
    K = len(data.classes)
    tree = Tree(data.schema)
    rows = np.arange(len(y))
    counts = np.bincount(y, weights=w, minlength=K).astype(np.float64)
    tree.add(Leaf(counts=counts, label=int(np.argmax(counts))))
    max_depth = params.get("max_depth")
    stack = [(0, rows, frozenset(j for j in range(codes.shape[1]) if sizes[j] > 1), 0)]
    done = 0
    report = _Reporter(progress, len(y), "growing the ID3 tree")
    while stack:
        node_id, rows, available, depth = stack.pop()
        report(min(done, len(y)))
        node = tree.nodes[node_id]
        if np.count_nonzero(node.counts) <= 1 or not available or (max_depth is not None and depth >= max_depth):
            done += len(rows)
            continue
        total = node.counts.sum()
        best, best_gain = -1, -np.inf
        for j in sorted(available):
            bags, _ = category_counts(codes[rows, j], y[rows], w[rows], sizes[j], K)
            if np.count_nonzero(bags.sum(axis=1) > 0) < 2:
                continue  # all known cases share one value: no partition
            gain = float(info_gain(bags, total))
            if gain > best_gain + 1e-12:
                best, best_gain = j, gain
        if best < 0:
            done += len(rows)
            continue
        m = sizes[best]
        split = CategorySplit(counts=node.counts, label=node.label, children=[-1] * m, feature=best,
                              branches=list(range(m)), cuts=cuts[best])
        tree.replace(node_id, split)
        column = codes[rows, best]
        parts = []
        for v in range(m):
            sub = rows[column == v]
            sub_counts = np.bincount(y[sub], weights=w[sub], minlength=K).astype(np.float64)
            label = int(np.argmax(sub_counts)) if sub_counts.sum() > 0 else node.label
            split.children[v] = tree.add(Leaf(counts=sub_counts, label=label), node_id)
            parts.append(sub)
        for v in range(m - 1, -1, -1):
            stack.append((split.children[v], parts[v], available - {best}, depth + 1))
    report.finish()
    return tree


ALGORITHMS = (replace(ID3, fit=fit_id3),)
