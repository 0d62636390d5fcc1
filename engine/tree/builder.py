"""The generic builder: grow a tree node by node with a pluggable split search,
leaf rule and stopping rules, reporting progress and checking Cancel between
nodes.

`grow_presorted` is the builder for binary splits where every case goes to
exactly one child (CART and the impurity-based learners): columns are sorted
once and kept sorted by stable partitions, so a node costs O(p · n_node).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..data.encode import EncodedData
from ..kernels import split as K
from ..progress import Progress
from .model import NOMINAL_KIND, CategorySplit, Leaf, ThresholdSplit, Tree


@dataclass(frozen=True)
class Stopping:
    """When a node becomes a leaf (besides being pure)."""

    max_depth: int | None = None
    min_samples_split: int = 2
    min_samples_leaf: int = 1
    min_impurity_decrease: float = 0.0  # weighted decrease / total weight, as scikit-learn


def majority_label(counts: np.ndarray) -> int:
    """The class with the most weight; ties go to the lower class index."""
    return int(np.argmax(counts))


def min_cost_label(cost: np.ndarray) -> Callable[[np.ndarray], int]:
    """argmin_j sum_i counts_i · cost[i, j] (ties: lower index)."""

    def rule(counts: np.ndarray) -> int:
        return int(np.argmin(counts @ cost))

    return rule


class _Reporter:
    """Throttled progress: at most ~20 reports a second."""

    def __init__(self, progress: Progress | None, total: float, message: str):
        self.progress, self.total, self.message = progress, total, message
        self.last = -1.0

    def __call__(self, done: float) -> None:
        """Check Cancel (every call), report at most every 50 ms (the first call always)."""
        if self.progress is None:
            return
        self.progress.check()
        now = time.monotonic()
        if self.last < 0 or now - self.last >= 0.05:
            self.last = now
            self.progress.report(int(done), int(self.total), self.message)

    def finish(self) -> None:
        if self.progress is not None:
            self.progress.report(int(self.total), int(self.total), self.message)


def grow_presorted(data: EncodedData, *, criterion: int = K.GINI, stopping: Stopping = Stopping(),
                   leaf_rule: Callable[[np.ndarray], int] = majority_label,
                   candidate: np.ndarray | None = None, progress: Progress | None = None,
                   message: str = "growing the tree", split_finder: Callable | None = None,
                   min_value: float | None = None) -> Tree:
    """Grow by binary splits. By default the impurity `criterion` (Gini, entropy) with
    the scikit-learn-like `stopping` rules; or `split_finder(vals, ys, w, order, start,
    end, candidate, left_out, unit) -> (feature, threshold, value, missing_left)` for other
    criteria (numeric and ordinal attributes), splitting only while the criterion's
    value reaches `min_value`."""
    X, y, w = data.X, data.y, data.w
    n, p = X.shape
    n_classes = len(data.classes)
    attrs = data.schema.attributes
    is_nominal = np.array([a.kind == NOMINAL_KIND for a in attrs], dtype=np.bool_)
    n_categories = np.array([len(a.categories) if a.kind == NOMINAL_KIND else 0 for a in attrs], dtype=np.int64)
    candidate = np.ones(p, np.bool_) if candidate is None else np.asarray(candidate, np.bool_)
    order, vals, ys = K.presort(X, y)
    unit = bool(np.all(w == 1.0))
    left_mask = np.zeros(n, np.bool_)
    buffer = np.empty(n, np.int32)
    vbuffer = np.empty(n)
    ybuffer = np.empty(n, np.int32)
    branch = np.empty(max(1, int(n_categories.max(initial=0))), np.int64)
    left_counts = np.zeros(n_classes)
    tree = Tree(data.schema)
    root_counts = np.bincount(y, weights=w, minlength=n_classes).astype(np.float64)
    tree.add(Leaf(counts=root_counts, label=leaf_rule(root_counts)))
    total_weight = root_counts.sum()
    min_decrease = stopping.min_impurity_decrease * total_weight
    report = _Reporter(progress, n, message)
    ordered_candidates = candidate & ~is_nominal  # split finders cut numeric and ordinal attributes only
    settled = 0  # cases that reached a leaf, for progress
    stack = [(0, 0, n, 0)]  # node id, start, end, depth
    while stack:
        node_id, start, end, depth = stack.pop()
        node = tree.nodes[node_id]
        size = end - start
        if (size < stopping.min_samples_split or size < 2 * stopping.min_samples_leaf
                or np.count_nonzero(node.counts) <= 1
                or (stopping.max_depth is not None and depth >= stopping.max_depth)):
            settled += size
            report(settled)
            continue
        if split_finder is None:
            f, threshold, gain, missing_left = K.best_split(
                X, vals, ys, w, order, start, end, candidate, is_nominal, n_categories, n_classes, criterion,
                stopping.min_samples_leaf, branch, left_counts, unit)
            weak = gain + 1e-12 * node.weight < min_decrease
        else:
            f, threshold, gain, missing_left = split_finder(vals, ys, w, order, start, end, ordered_candidates,
                                                            left_counts, unit)
            weak = min_value is not None and gain < min_value
        if f < 0 or weak:
            settled += size
            report(settled)
            continue
        nominal = bool(is_nominal[f])
        n_left = K.goes_left(X, order, start, end, f, threshold, nominal, branch, missing_left, left_mask)
        K.partition(order, vals, ys, start, end, left_mask, buffer, vbuffer, ybuffer)
        lc = left_counts.copy()
        rc = node.counts - lc
        rc[rc < 0] = 0.0
        left_id = tree.add(Leaf(counts=lc, label=leaf_rule(lc)), node_id)
        right_id = tree.add(Leaf(counts=rc, label=leaf_rule(rc)), node_id)
        if nominal:
            split = CategorySplit(counts=node.counts, label=node.label, children=[left_id, right_id],
                                  feature=int(f), branches=[int(b) for b in branch[: n_categories[f]]])
        else:
            split = ThresholdSplit(counts=node.counts, label=node.label, children=[left_id, right_id],
                                   feature=int(f), threshold=float(threshold))
        tree.replace(node_id, split)
        stack.append((right_id, start + n_left, end, depth + 1))
        stack.append((left_id, start, start + n_left, depth + 1))
    report.finish()
    return tree
