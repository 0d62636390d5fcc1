"""How a tree turns the nodes one case has reached into an answer (ALGORITHMS.md §3.2-§3.5).

Below fuzzy splits a case reaches several nodes at once, each with a weight: its
firing strength, the tree's t-norm (`product`, or `minimum`) of the memberships
along the path. A case that stops early (an unknown value: the internal-node
strategy) stays at that internal node, which answers with its own label and
class distribution. The tree's `aggregate` turns the reached nodes into scores
and an answer:

- `label_sum` (HFDT): each label's score is the sum of the weights of the
  reached nodes carrying it; the answer is the label with the largest score;
- `label_max` (Min-Ambiguity): the largest weight per label, as a rule base;
- `distribution` (fuzzy ID3, and every crisp tree): the class scores are the
  weighted sum of the reached nodes' class distributions (an empty node answers
  with its nearest weighted ancestor's), normalised; with `tree.answer_as` each
  class's score counts for the label it is answered as (a tree that answers at
  one level of a class hierarchy), else every class for itself; a case that
  ends in one node takes that node's own label.

Labels are indices into `tree.labels` (the classes, then any coarser hierarchy
labels), or PENDING (only when every reached node is pending, or when pending
nodes outweigh every label under `label_sum` / `label_max`).

The arithmetic follows `engine.tree.predict` step for step, in the same order
(reached nodes depth-first, last child first), so a consultation whose every
answer is given ends with `predict`'s label.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from ..i18n import N_
from .model import MIXED, PENDING, Tree

__all__ = ["SCORE_MEANINGS", "Aggregate", "aggregate", "node_vote", "path_weight", "settled_below"]

# what a label's score is, per aggregation (shown beside the scores)
SCORE_MEANINGS = {"label_sum": N_("sum of firing strengths"), "label_max": N_("largest firing strength"),
                  "distribution": N_("share of the weighted class distribution")}  # shown as _(meaning)


def path_weight(tnorm: str, weight, share):
    """The weight of a child: the node's weight combined with the case's share of (membership
    in) the child by the t-norm; 0 where the share is 0. Works on numbers and arrays."""
    if tnorm == "minimum":
        return np.where(np.asarray(share) > 0, np.minimum(weight, share), 0.0)
    return weight * share


@dataclass
class Aggregate:
    """The answer over the reached nodes.

    label: index into tree.labels, or PENDING; scores: per tree label, the score the
    answer is chosen by (see the module docstring); pending: the pending nodes' score
    (label_sum / label_max) or weight share (distribution); distribution: the class
    distribution reached (sums to 1, or 0 without training weight); weight: the
    reached nodes' total weight."""

    label: int
    scores: np.ndarray
    pending: float
    distribution: np.ndarray
    weight: float

    def ranked(self, tree: Tree) -> list[tuple[str, float]]:
        """(label name, score) of every label with a score, largest first (then in label order),
        the pending nodes' score last under its name."""
        order = sorted((i for i in range(len(self.scores)) if self.scores[i] > 0), key=lambda i: (-self.scores[i], i))
        out = [(tree.labels[i], float(self.scores[i])) for i in order]
        if self.pending > 0:
            out.append((tree.label_name(PENDING), float(self.pending)))
        return out


def _class_distribution(tree: Tree, node_id: int) -> np.ndarray:
    """A node's class distribution; an empty node's is its nearest weighted ancestor's."""
    counts = tree.nodes[int(tree.compile().dist_source[node_id])].counts[None, :]
    total = counts.sum(axis=-1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, counts / np.where(total > 0, total, 1), 0.0)[0]


def _by_label(tree: Tree, class_scores: np.ndarray) -> np.ndarray:
    """Class scores as label scores: each class's score for the label it is answered as."""
    out = np.zeros(len(tree.labels))
    if tree.answer_as is None:
        out[:len(class_scores)] = class_scores
    else:
        for k, label in enumerate(tree.answer_as):
            out[label] += class_scores[k]
    return out


def aggregate(tree: Tree, reached: list[tuple[int, float]]) -> Aggregate:
    """The answer over `reached`, (node, weight) pairs in the order they were reached
    (depth-first, last child first, as `predict` and the consultation walk them)."""
    n_labels = len(tree.labels)
    classes = np.zeros(tree.n_classes)
    votes = np.zeros(n_labels + 1)  # last: PENDING
    best_rule = tree.aggregate == "label_max"
    total = 0.0
    for node_id, weight in reached:
        if weight <= 0:
            continue
        total += weight
        classes += weight * _class_distribution(tree, node_id)
        label = tree.nodes[node_id].label
        column = label if label != PENDING else -1
        votes[column] = max(votes[column], weight) if best_rule else votes[column] + weight
    mass = classes.sum()
    distribution = classes / mass if mass > 0 else np.zeros_like(classes)
    live = [n for n, w in reached if w > 0]
    if tree.aggregate in ("label_sum", "label_max"):
        best = int(np.argmax(votes))
        label = PENDING if best == n_labels else best
        return Aggregate(label, votes[:n_labels].copy(), float(votes[-1]), distribution, total)
    scores = _by_label(tree, distribution)
    label = int(np.argmax(scores))
    pending = float(votes[-1])
    if pending >= votes.sum() - 1e-12:
        label = PENDING
    if len(live) == 1:
        label = tree.nodes[live[0]].label  # the node's own label, as predict gives it
    return Aggregate(label, scores, pending / total if total > 0 else 0.0, distribution, total)


def node_vote(tree: Tree, node_id: int) -> int:
    """The label a node pushes into the answer whether it ends alone or among others: its own
    label; under the `distribution` aggregate only when its distribution's best label is that
    label too (else MIXED). A pending node votes PENDING."""
    node = tree.nodes[node_id]
    if tree.aggregate != "distribution" or node.label == PENDING:
        return node.label
    best = int(np.argmax(_by_label(tree, _class_distribution(tree, node_id))))
    return node.label if best == node.label else MIXED


def settled_below(tree: Tree) -> np.ndarray:
    """Per node: the label every way of going on below it ends with when all values are
    known (the vote of every leaf below, when they agree), or MIXED. If every reached node
    is settled on one label L, the answer is L whatever the remaining answers are."""
    cache = _SETTLED.get(tree)
    if cache is not None and cache[0] is tree.compile():  # the tree has not changed since
        return cache[1]
    out = np.full(len(tree.nodes), MIXED, dtype=np.int64)
    for i in reversed(tree.reachable()):  # children before parents
        node = tree.nodes[i]
        if node.is_leaf:
            out[i] = node_vote(tree, i)
        else:
            first = out[node.children[0]]
            out[i] = first if all(out[c] == first for c in node.children) else MIXED
    _SETTLED[tree] = (tree.compile(), out)
    return out


# tree -> (its compiled form, settled_below), forgotten with the tree
_SETTLED: weakref.WeakKeyDictionary[Tree, tuple] = weakref.WeakKeyDictionary()
