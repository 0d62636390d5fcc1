"""A first-match decision list as the one tree model.

A list `IF c11 AND c12 THEN k1; ELSE IF c21 THEN k2; ...; ELSE k0` answers the class of the
first rule whose conditions all hold, else the default k0. As a tree (so that prediction,
rules, the consultation, export and planning work unchanged): rule i's conditions become a
chain of splits whose "yes" branches lead to a leaf labelled k_i, and every "no" branch
leads on to rule i + 1 (a copy of the rest of the list under each); the last "no" branches
reach the default's leaf.

A condition is one or two tests, each a split of the tree: an `Interval` low < x <= high is
"x > low" and then "x <= high" (a `ThresholdSplit` each, the "yes" child the one the
interval is on), a `OneOf` a two-branch `CategorySplit` (its codes to child 0, the others
to child 1).

Tests the path above already decides are left out (the path knows x <= 3: "x <= 5" holds,
"x > 4" fails, and so for category sets): a case routed there has a value (it passed a test
of that attribute), so the tree answers as the list does for every case, and no branch is
built that no case can take. What is left can still grow as the product of the rules'
conditions; a list whose tree would pass `max_nodes` is refused (`TooLarge`, naming the
rule it had reached).

A case whose value is missing stops at the first test of that attribute (the "stop"
policy): it answers that node's label. Every node is the expert's (`origin` "expert", as the
model file writes it): an edit's regrowth keeps them, as it keeps the splits an expert forced. Counts and the labels of the inner nodes are the
caller's (they come from data: engine.tree.node_cases.recount); here every inner node takes
the default's label and every leaf its rule's class.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .model import CategorySplit, Leaf, ThresholdSplit, Tree
from .nodes import Condition, Interval, OneOf

#: the largest tree a decision list may become (nodes)
MAX_NODES = 20_000
EXPERT = "expert"  # who made the nodes (engine.tree.nodes.ORIGINS)


class TooLarge(Exception):
    """The list's tree passes the bound; `rule`: the index of the rule being copied then."""

    def __init__(self, rule: int, limit: int):
        super().__init__(f"more than {limit} nodes at rule {rule}")
        self.rule = rule
        self.limit = limit


@dataclass(frozen=True)
class Test:
    """One split: "x[feature] <= threshold" (kind "le"), "x[feature] > threshold" ("gt") or
    "x[feature] in codes" ("in")."""

    feature: int
    kind: str
    threshold: float = 0.0
    codes: frozenset = frozenset()


def tests_of(condition: Condition) -> list[Test]:
    """The splits that together say `condition` (module docstring)."""
    if isinstance(condition, OneOf):
        return [Test(condition.attribute, "in", codes=frozenset(condition.values))]
    if not isinstance(condition, Interval):
        raise TypeError(f"a decision list's condition is an Interval or a OneOf, not {condition!r}")
    out = []
    if condition.low > -np.inf:
        out.append(Test(condition.attribute, "gt", float(condition.low)))
    if condition.high < np.inf:
        out.append(Test(condition.attribute, "le", float(condition.high)))
    return out


def _yes_codes(test: Test, m: int) -> frozenset:
    """The codes (ranks) of an attribute with m named values that pass the test."""
    if test.kind == "in":
        return test.codes
    return frozenset(c for c in range(m) if (c <= test.threshold) == (test.kind == "le"))


def _decided(test: Test, known: dict, schema) -> bool | None:
    """True / False when what the path knows of the attribute settles the test; else None."""
    if test.feature not in known:
        return None
    state = known[test.feature]
    categories = schema.attributes[test.feature].categories
    if categories is not None:
        yes = _yes_codes(test, len(categories))
        return True if state <= yes else False if not state & yes else None
    low, high = state  # the path: low < x <= high
    t = test.threshold
    passes_all, fails_all = (high <= t, low >= t) if test.kind == "le" else (low >= t, high <= t)
    return True if passes_all else False if fails_all else None


def _narrowed(test: Test, known: dict, schema, yes: bool) -> dict:
    """What the path knows once it has taken the test's yes (or no) branch."""
    out = dict(known)
    categories = schema.attributes[test.feature].categories
    if categories is not None:
        m = len(categories)
        passing = _yes_codes(test, m)
        state = known.get(test.feature, frozenset(range(m)))
        out[test.feature] = state & passing if yes else state - passing
        return out
    low, high = known.get(test.feature, (-np.inf, np.inf))
    below = (test.kind == "le") == yes  # the branch holds x <= t
    out[test.feature] = (low, min(high, test.threshold)) if below else (max(low, test.threshold), high)
    return out


def _split(test: Test, schema, k: int, label: int):
    """The node of a test and its yes / no child positions."""
    counts = np.zeros(k)
    if test.kind == "in":
        m = len(schema.attributes[test.feature].categories)
        branches = [0 if c in test.codes else 1 for c in range(m)]
        return CategorySplit(counts, label, [-1, -1], origin=EXPERT, feature=test.feature, branches=branches), 0, 1
    node = ThresholdSplit(counts, label, [-1, -1], origin=EXPERT, feature=test.feature, threshold=test.threshold)
    return (node, 0, 1) if test.kind == "le" else (node, 1, 0)


def decision_list_tree(schema, rules: list[tuple[list[Condition], int]], default: int,
                       max_nodes: int = MAX_NODES) -> Tree:
    """The tree of the list (module docstring): `rules` are (conditions, class) in order,
    `default` the class when none applies. Counts are zero. TooLarge past `max_nodes`."""
    tree = Tree(schema)
    k = len(schema.classes)
    tests = [[t for c in conditions for t in tests_of(c)] for conditions, _label in rules]
    # (parent, its child position, rule, test of the rule, what the path knows)
    work: list[tuple[int, int, int, int, dict]] = [(-1, 0, 0, 0, {})]
    while work:
        parent, slot, i, t, known = work.pop()
        while i < len(rules) and t < len(tests[i]):  # past the tests the path decides
            verdict = _decided(tests[i][t], known, schema)
            if verdict is None:
                break
            i, t = (i, t + 1) if verdict else (i + 1, 0)
        if i == len(rules) or t == len(tests[i]):
            node, branches = Leaf(np.zeros(k), default if i == len(rules) else rules[i][1], origin=EXPERT), None
        else:
            node, yes, no = _split(tests[i][t], schema, k, default)
            branches = (yes, no)
        node_id = tree.add(node, parent)
        if parent >= 0:
            tree.nodes[parent].children[slot] = node_id
        if len(tree) > max_nodes:
            raise TooLarge(i, max_nodes)
        if branches is not None:
            test = tests[i][t]
            work.append((node_id, branches[1], i + 1, 0, _narrowed(test, known, schema, yes=False)))
            work.append((node_id, branches[0], i, t + 1, _narrowed(test, known, schema, yes=True)))
    tree.changed()
    return tree
