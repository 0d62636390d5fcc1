"""Counting the training cases' values per leaf (`count_case_values`), for `CaseValues`
(engine.tree.case_values, which the model file keeps): the cases are routed by the tree
(engine.tree.predict), so this sits above both."""

from __future__ import annotations

import numpy as np

from .case_values import MAX_BINS, MAX_ENTRIES, CaseValues, all_tree_cuts, is_category
from .nodes import CategorySplit, ThresholdSplit
from .predict import predict


def count_case_values(tree, X: np.ndarray, w: np.ndarray | None = None) -> CaseValues | None:
    """Count the training cases (rows of X, weights w) at every leaf, per bin of every attribute
    the tree tests. None for a tree with fuzzy or multi-attribute tests (planning reads only
    crisp one-attribute trees), or when the counts would exceed MAX_ENTRIES."""
    if any(not isinstance(tree.nodes[i], (ThresholdSplit, CategorySplit)) for i in tree.reachable()
           if not tree.nodes[i].is_leaf):
        return None
    leaves = tree.leaves()
    compiled = tree.compile()
    tested = sorted(set(compiled.feature[compiled.feature >= 0].tolist()))
    every_cut = all_tree_cuts(tree)
    X = np.asarray(X, np.float64)
    w = np.ones(len(X)) if w is None else np.asarray(w, np.float64)
    plan = []
    for j in tested:
        if is_category(tree, j):
            cuts, size = None, len(tree.schema.attributes[j].categories)
        else:
            cuts = every_cut.get(j, np.zeros(0))
            size = len(cuts) + 1
        if size <= MAX_BINS:
            plan.append((j, cuts, size))
    if len(leaves) * sum(size for _, _, size in plan) > MAX_ENTRIES:
        return None
    nodes = predict(tree, X, "stop").nodes
    position = np.full(len(tree.nodes), -1, np.int64)
    position[leaves] = np.arange(len(leaves))
    at = np.where(nodes >= 0, position[np.maximum(nodes, 0)], -1)
    cuts_of, counts_of = {}, {}
    for j, cuts, size in plan:
        v = X[:, j]
        ok = (at >= 0) & ~np.isnan(v)
        if cuts is None:
            b = v[ok].astype(np.int64)
            good = (b >= 0) & (b < size)
        else:
            b = np.searchsorted(cuts, v[ok], side="left")
            good = np.ones(len(b), bool)
        flat = np.bincount(at[ok][good] * size + b[good], weights=w[ok][good], minlength=len(leaves) * size)
        table = flat.reshape(len(leaves), size)
        cuts_of[j] = cuts
        counts_of[j] = {int(leaf): table[k] for k, leaf in enumerate(leaves) if table[k].any()}
    return CaseValues(cuts_of, counts_of)
