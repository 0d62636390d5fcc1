"""A node of a tree named by its path, the training cases that reach it, and a tree's counts
recomputed from data.

Ranked candidates (engine.candidates), the expert's edits (engine.edits) and a typed
guideline (engine.guideline) all speak of "this node" and "its cases":

- a node is named by its **path**: `root`, then the child position at each step
  (`root/1/0`: the root's second child's first child), or by its **id**: its number in
  the model file (depth-first from the root, `Tree.to_json`'s order), written `#7` or `7`;
- its **cases** are the training rows routed down the path, with the weight each brings
  there, under the learner's missing-value policy while training (`training_policy`): a case
  whose value is missing stays above ("stay"), goes down every branch in proportion to the
  known weight ("fractional", C4.5), or down the heaviest branch ("heavier", the presorted
  sweeps);
- `recount` routes the cases again from a node down and writes every node's counts, so
  an edited tree's rules, supports and consultation read the data, not the learner's memory.
"""

from __future__ import annotations

import re

import numpy as np

from ..errors import OptionError
from ..i18n import _
from .nodes import ThresholdSplit
from .splitters import divide

# a learner's prediction policy (AlgorithmInfo.missing) -> how its training cases with the value
# missing move at a split (engine.tree.splitters.divide)
TRAINING_POLICY = {"fractional": "fractional", "stop": "stay", "majority": "heavier"}
# the ordinal learners' sweep: the heavier side of the attribute as it learns it, a decreasing attribute
# turned increasing: at a tie, the side that is the second branch once the cut is turned back
ORIENTED_HEAVIER = "oriented_heavier"

_PATH = re.compile(r"root((?:/\d+)*)/?")
_ID = re.compile(r"#?(\d+)")


def training_policy(info) -> str:
    """How a learner's (AlgorithmInfo's) training cases with a value missing move at a split: its
    own `training_missing`, else what its prediction's policy implies (the presorted sweeps send
    them to the heavier side whatever a prediction does: the ordinal learners say so)."""
    return info.training_missing or TRAINING_POLICY.get(info.missing, "stay")


def node_path(tree, node_id: int) -> str:
    """`root/1/0` for a node of `tree` (by its id in memory)."""
    steps = []
    for parent, child in zip(tree.path_to(node_id), tree.path_to(node_id)[1:]):
        steps.append(str(tree.nodes[parent].children.index(child)))
    return "/".join(["root"] + steps)


def find_node(tree, text: str) -> int:
    """The node (id in memory) named by a path (`root/1/0`) or a file id (`#7`, `7`); an
    OptionError saying what exists when the name leads nowhere."""
    text = str(text).strip()
    path = _PATH.fullmatch(text)
    if path:
        node = 0
        steps = [int(s) for s in path.group(1).split("/") if s]
        for depth, step in enumerate(steps):
            children = tree.nodes[node].children
            if step >= len(children):
                where = "/".join(["root"] + [str(s) for s in steps[:depth]])
                have = (_("it is a leaf") if not children else
                        _("its children are 0 to {last}").format(last=len(children) - 1))
                raise OptionError(_('the tree has no node "{path}": at "{where}" {have}').format(
                    path=text, where=where, have=have), code="bad_option")
            node = children[step]
        return node
    number = _ID.fullmatch(text)
    if number:
        order = tree.reachable()
        k = int(number.group(1))
        if k >= len(order):
            raise OptionError(_("the tree has no node #{id}: its nodes are #0 to #{last}").format(
                id=k, last=len(order) - 1), code="bad_option")
        return order[k]
    raise OptionError(_('"{text}" names no node: write a path such as root/1/0 (the child taken at each step '
                        "from the root) or a node number such as #7").format(text=text), code="bad_option")


def file_id(tree, node_id: int) -> int:
    """The node's number in the model file (depth-first from the root)."""
    return tree.reachable().index(node_id)


def divide_as_learned(tree, node, X: np.ndarray, rows: np.ndarray, weights: np.ndarray,
                      policy: str) -> list[tuple[np.ndarray, np.ndarray]]:
    """`divide` under a learner's training policy (`training_policy`), ORIENTED_HEAVIER included:
    the heavier side, except that at a cut of a decreasing attribute whose two sides weigh the
    same the cases with the value missing go down the second branch, as the ordinal sweep (on
    the turned attribute, ties to its left) sent them."""
    if policy != ORIENTED_HEAVIER:
        return divide(node, X, rows, weights, policy, tree.tnorm)
    parts = divide(node, X, rows, weights, "heavier", tree.tnorm)
    if not isinstance(node, ThresholdSplit) or tree.schema.attributes[node.feature].monotone >= 0:
        return parts
    (r0, w0), (r1, w1) = parts
    missing0 = np.isnan(X[r0, node.feature])
    if not missing0.any() or w0[~missing0].sum() != w1[~np.isnan(X[r1, node.feature])].sum():
        return parts
    rows1 = np.concatenate([r1, r0[missing0]])
    order = np.argsort(rows1, kind="stable")
    return [(r0[~missing0], w0[~missing0]), (rows1[order], np.concatenate([w1, w0[missing0]])[order])]


def cases_at(tree, node_id: int, X: np.ndarray, w: np.ndarray, policy: str) -> tuple[np.ndarray, np.ndarray]:
    """The rows of X that reach `node_id` and the weight each brings (module docstring)."""
    rows, weights = np.arange(len(X)), np.asarray(w, np.float64)
    path = tree.path_to(node_id)
    for parent, child in zip(path, path[1:]):
        node = tree.nodes[parent]
        parts = divide_as_learned(tree, node, X, rows, weights, policy)
        rows, weights = parts[node.children.index(child)]
    return rows, weights


def recount(tree, node_id: int, X: np.ndarray, y: np.ndarray, w: np.ndarray, policy: str,
            cases: tuple[np.ndarray, np.ndarray] | None = None) -> None:
    """Write the class counts of `node_id` and every node below it from the data (its cases:
    `cases`, else routed from the root)."""
    k = tree.n_classes
    rows, weights = cases_at(tree, node_id, X, w, policy) if cases is None else cases
    stack = [(node_id, rows, weights)]
    while stack:
        i, rows, weights = stack.pop()
        node = tree.nodes[i]
        node.counts = np.bincount(y[rows], weights=weights, minlength=k).astype(np.float64)
        if node.children:
            for child, (r, cw) in zip(node.children, divide_as_learned(tree, node, X, rows, weights, policy)):
                stack.append((child, r, cw))
    tree.changed()
