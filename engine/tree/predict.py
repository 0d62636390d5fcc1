"""Prediction over any tree of the shared model.

Missing-value policies (what a case does at a node whose attribute it lacks,
or whose category was never seen in training):
- "stop": the case stops there and takes that internal node's label and
  distribution (the internal-node strategy of seed 003);
- "majority": it follows the branch that held the most training weight;
- "fractional": it goes down every branch, weighted by the branches' shares
  of the training weight, and the reached distributions are summed (C4.5).
Fuzzy splits always send a case down every term with its membership; the
tree's t-norm combines memberships along a path and its aggregation turns the
reached leaves into an answer (engine.tree.model).

Crisp trees under "stop"/"majority" run in a Numba kernel; the rest use a
weighted frontier that is propagated node by node over arrays of rows.
"""

from __future__ import annotations

import numpy as np

from ..kernels.traverse import MAJORITY, STOP, traverse, traverse_thresholds
from .model import LEAF, PENDING, Tree

POLICIES = ("stop", "majority", "fractional")


class Prediction:
    """labels (n,): index into tree.labels, or PENDING; scores (n, K): the class
    distribution reached (rows sum to 1, or 0 without training weight); nodes (n,):
    the node each case ended in, -1 when spread over several; used (n, p): the
    attributes whose value the case showed on its way (computed when first read);
    label_scores (n, L) or None: for a tree that answers by its labels (fuzzy
    aggregates, answers at a hierarchy level), every label's score — label_sum: its
    share of the firing strength, label_max: its truth (the strongest rule), answer_as:
    the summed shares of its classes."""

    def __init__(self, labels, scores, nodes, used, label_scores=None):
        self.labels, self.scores, self.nodes = labels, scores, nodes
        self.label_scores = label_scores
        self._used = used

    @property
    def used(self) -> np.ndarray:
        if callable(self._used):
            self._used = self._used()
        return self._used

    def label_score_matrix(self, tree: Tree) -> np.ndarray:
        """(n, L) every label's score: label_scores, or (a case that ended in one node of a crisp
        tree) 1 for its label; PENDING rows 0."""
        if self.label_scores is not None:
            return self.label_scores
        out = np.zeros((len(self.labels), len(tree.labels)))
        decided = self.labels != PENDING
        out[np.flatnonzero(decided), self.labels[decided]] = 1.0
        return out

    def label_names(self, tree: Tree) -> list[str]:
        return [tree.label_name(int(v)) for v in self.labels]


def _normalise(counts: np.ndarray) -> np.ndarray:
    total = counts.sum(axis=-1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(total > 0, counts / np.where(total > 0, total, 1), 0.0)
    return out


#: two expected costs this close (relative to the least, or absolute below 1) are equal: the lower
#: class answers, whatever the last bits of the sums say
COST_TIE = 1e-9


def expected_costs(scores: np.ndarray, costs: np.ndarray) -> np.ndarray:
    """(n, K) each label's expected cost, sum_k scores[:, k] * costs[k, j], summed over k in class
    order (not a matrix product: BLAS sums in an order of its own, which differs between machines,
    and the SQL export (engine.sql_fractional) sums as this does)."""
    out = scores[:, :1] * costs[0][None, :]
    for k in range(1, costs.shape[0]):
        out = out + scores[:, k:k + 1] * costs[k][None, :]
    return out


def least_cost(scores: np.ndarray, costs: np.ndarray) -> np.ndarray:
    """The label of least expected cost for each row; among labels within COST_TIE of the least,
    the lowest."""
    expected = expected_costs(scores, np.asarray(costs, dtype=np.float64))
    least = expected.min(axis=1, keepdims=True)
    return np.argmax(expected <= least + COST_TIE * np.maximum(1.0, np.abs(least)), axis=1).astype(np.int64)


def predict(tree: Tree, X: np.ndarray, missing: str = "stop") -> Prediction:
    if missing not in POLICIES:
        raise ValueError(f"missing policy must be one of {POLICIES}")
    X = np.ascontiguousarray(X, dtype=np.float64)
    ct = tree.compile()
    n, p = X.shape[0], len(tree.schema.attributes)
    if missing != "fractional" and ct.thresholds_only:
        end = np.empty(n, np.int64)
        traverse_thresholds(X, ct.feature, ct.threshold, ct.left, ct.right, ct.majority_child,
                            MAJORITY if missing == "majority" else STOP, end)
        # the attributes a case showed: those tested above its end node, where it has a value
        return Prediction(labels=ct.label[end], scores=ct.scores[end], nodes=end,
                          used=lambda: ct.tested()[end] & ~np.isnan(X))
    if missing != "fractional" and not ct.has_fuzzy:
        end = np.empty(n, np.int64)
        used = np.zeros((n, p), np.bool_)
        traverse(X, ct.kind, ct.feature, ct.threshold, ct.threshold2, ct.child_start, ct.child_index,
                 ct.cat_start, ct.cat_count, ct.cat_branch, ct.cut_start, ct.cut_count, ct.cuts, ct.tri_start, ct.tri_count, ct.tri_feature,
                 ct.tri_weight, ct.majority_child, MAJORITY if missing == "majority" else STOP, end, used)
        return Prediction(labels=ct.label[end], scores=ct.scores[end], nodes=end,
                          used=used)
    return _spread(tree, X, missing)


def _branch_weights(tree: Tree, node_id: int) -> np.ndarray:
    """Each child's share of the node's training weight (equal shares if none)."""
    node = tree.nodes[node_id]
    w = np.array([tree.nodes[c].weight for c in node.children], dtype=np.float64)
    return w / w.sum() if w.sum() > 0 else np.full(len(w), 1.0 / len(w))


def _spread(tree: Tree, X: np.ndarray, missing: str) -> Prediction:
    n, p = X.shape[0], len(tree.schema.attributes)
    K = tree.n_classes
    scores = np.zeros((n, K))
    label_votes = np.zeros((n, len(tree.labels) + 1))  # last column: PENDING
    used = np.zeros((n, p), bool)
    end_node = np.full(n, -2, np.int64)
    source = tree.compile().dist_source
    minimum = True if tree.tnorm == "minimum" else None  # the t-norm along a path (product by default)
    best_rule = tree.aggregate == "label_max"
    stack = [(0, np.arange(n), np.ones(n))]
    while stack:
        node_id, rows, w = stack.pop()
        keep = w > 0
        rows, w = rows[keep], w[keep]
        if not len(rows):
            continue
        node = tree.nodes[node_id]

        def finish(r, weight):
            # an empty node (a branch no training case took) answers with its nearest weighted ancestor
            dist = _normalise(tree.nodes[source[node_id]].counts[None, :])[0]
            scores[r] += weight[:, None] * dist[None, :]
            column = node.label if node.label != PENDING else -1
            if best_rule:
                label_votes[r, column] = np.maximum(label_votes[r, column], weight)
            else:
                label_votes[r, column] += weight
            end_node[r] = np.where(end_node[r] == -2, node_id, -1)

        if node.kind == LEAF:
            finish(rows, w)
            continue
        share = node.route_rows(X[rows])  # weight of each row sent down each child
        attrs = np.asarray(node.attributes(), np.int64)
        known = ~np.isnan(X[np.ix_(rows, attrs)]).any(axis=1)
        used[np.ix_(rows[known], attrs)] = True
        stuck = share.sum(axis=1) <= 0  # no usable value here
        if stuck.any():
            if missing == "stop":
                finish(rows[stuck], w[stuck])
            elif missing == "majority":
                share[np.flatnonzero(stuck), tree.compile().majority_child[node_id]] = 1
            else:
                share[stuck] = _branch_weights(tree, node_id)[None, :]
        for c_pos, child in enumerate(node.children):
            cw = w * share[:, c_pos] if minimum is None else np.where(share[:, c_pos] > 0, np.minimum(
                w, share[:, c_pos]), 0.0)
            if (cw > 0).any():
                stack.append((child, rows, cw))
    total = scores.sum(axis=1, keepdims=True)
    scores = np.where(total > 0, scores / np.where(total > 0, total, 1), 0.0)
    label_scores = None
    if tree.aggregate in ("label_sum", "label_max"):
        best = np.argmax(label_votes, axis=1)
        labels = np.where(best == len(tree.labels), PENDING, best)
        votes = label_votes[:, :-1]
        if tree.aggregate == "label_sum":
            total = label_votes.sum(axis=1, keepdims=True)
            label_scores = np.where(total > 0, votes / np.where(total > 0, total, 1), 0.0)
        else:
            label_scores = votes.copy()
    else:
        if tree.answer_as is None and tree.label_costs is not None:  # least expected cost, ties the lower
            labels = least_cost(scores, tree.label_costs)
        elif tree.answer_as is None:
            labels = np.argmax(scores, axis=1).astype(np.int64)
        else:  # each class's score counts for the label it is answered as
            by_label = np.zeros((n, len(tree.labels)))
            for k, label in enumerate(tree.answer_as):
                by_label[:, label] += scores[:, k]
            labels = np.argmax(by_label, axis=1).astype(np.int64)
            label_scores = by_label
        all_pending = label_votes[:, -1] >= label_votes.sum(axis=1) - 1e-12
        labels[all_pending] = PENDING
        single = end_node >= 0
        labels[single] = [tree.nodes[i].label for i in end_node[single]]
    end_node[end_node == -2] = -1
    return Prediction(labels=labels.astype(np.int64), scores=scores, nodes=end_node, used=used,
                      label_scores=label_scores)


def decision_path(tree: Tree, x: np.ndarray, missing: str = "stop") -> list[int]:
    """Node ids one case passes through (crisp routing; fuzzy nodes follow the
    strongest term, fractional the heaviest branch)."""
    path = [0]
    while True:
        node = tree.nodes[path[-1]]
        if node.is_leaf:
            return path
        shares = node.route(x)
        if shares is None:
            if missing == "stop":
                return path
            branch = int(tree.compile().majority_child[path[-1]])
        else:
            branch = int(np.argmax(shares))
        path.append(node.children[branch])
