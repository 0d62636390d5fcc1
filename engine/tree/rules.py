"""IF-THEN rules: one per leaf, conditions on the same attribute merged.

Numeric (and ordinal) tests on one attribute merge into one interval
(`x <= 3 AND x <= 2` -> `x <= 2`; `x > 1 AND x <= 2` -> `1 < x <= 2`); category
tests merge into the set of values still allowed. Support is the training
weight that reaches the leaf, confidence the share of it in the rule's class,
coverage support over all training weight. The conditions are merged and
worded by engine.tree.describe.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..i18n import N_, _
from .describe import Bound, bound_texts, label_text, ordinal_range, walk_path_bounds
from .model import PENDING, Tree

__all__ = ["Bound", "Rule", "extract_rules", "condition_texts", "rule_text", "rule_conditions", "rules_json",
           "ordinal_range"]


@dataclass
class Rule:
    leaf: int
    label: int
    bounds: dict[int, Bound]
    linear: list[str]  # trichotomy conditions, already text
    order: list[int]  # attributes in the order they are first tested
    support: float
    confidence: float | None
    coverage: float
    linear_parts: list[list[str]] | None = None  # each trichotomy condition's parts (joined by AND)


def extract_rules(tree: Tree, leaves: list[int] | None = None, members: np.ndarray | None = None) -> list[Rule]:
    """One rule per leaf (all leaves, or the ones given); a leaf no case can reach has none.
    `members[l, k]`: label l covers class k (a coarser hierarchy label covers several), so
    such a rule's confidence is its classes' share; without it those rules have none."""
    total = max(tree.root.weight, 1e-300)
    rules = []
    # one walk carries the merged conditions down the tree (linear in its size; a path per leaf
    # from the root would be quadratic in depth)
    if leaves is None:
        walked = walk_path_bounds(tree)
    else:
        found = {leaf: (path, ok) for leaf, path, ok in walk_path_bounds(tree, leaves)}
        walked = ((leaf, *found[leaf]) for leaf in leaves)
    for leaf, path, ok in walked:
        if not ok:
            continue
        node = tree.nodes[leaf]
        weight = node.weight
        if node.label == PENDING or weight <= 0:
            confidence = None
        elif node.label >= tree.n_classes:
            confidence = None if members is None or node.label >= len(members) else float(
                node.counts[members[node.label]].sum() / weight)
        else:
            confidence = float(node.counts[node.label] / weight)
        rules.append(Rule(leaf=leaf, label=node.label, bounds=path.bounds, linear=path.linear, order=path.order,
                          support=weight, confidence=confidence, coverage=weight / total,
                          linear_parts=path.linear_parts))
    return rules


def condition_texts(tree: Tree, rule: Rule, translate: bool = False) -> list[str]:
    """The rule's conditions; `translate`: their words ("in", "is") in the current language (shown
    to a person), else English (JSON)."""
    out = []
    for j in rule.order:
        out.extend(bound_texts(tree.schema, j, rule.bounds[j], translate=translate))
    if translate and rule.linear_parts is not None and len(rule.linear_parts) == len(rule.linear):
        out.extend(_(_AND).join(parts) for parts in rule.linear_parts)  # "... >= a 且 ... <= b"
    else:
        out.extend(rule.linear)
    return out


_IF_THEN = N_("IF {conditions} THEN {label}")
_AND = N_(" AND ")
_TRUE = N_("TRUE")


def rule_text(tree: Tree, rule: Rule, *, translate: bool = True) -> str:
    """'IF a <= 3 AND b = x THEN yes'; in zh_CN '如果 a <= 3 且 b = x 则 yes'. `translate=False`:
    the English keywords whatever the language (JSON output, files on disk)."""
    tr = _ if translate else str
    return tr(_IF_THEN).format(conditions=rule_conditions(tree, rule, translate=translate),
                               label=label_text(tree, rule.label) if translate else tree.label_name(rule.label))


def rule_conditions(tree: Tree, rule: Rule, *, translate: bool = True) -> str:
    """The rule's conditions joined by AND (TRUE when it has none)."""
    tr = _ if translate else str
    conditions = condition_texts(tree, rule, translate=translate)
    return tr(_AND).join(conditions) if conditions else tr(_TRUE)


def rules_json(tree: Tree, rules: list[Rule]) -> list[dict]:
    out = []
    for r in rules:
        bounds = {}
        for j in r.order:
            b = r.bounds[j]
            item = {}
            if b.low > -np.inf:
                item["greater_than"] = float(b.low)
            if b.high < np.inf:
                item["at_most"] = float(b.high)
            if b.values is not None:
                item["in"] = [tree.schema.attributes[j].categories[c] for c in sorted(b.values)]
            if b.terms:
                item["terms"] = list(b.terms)
            bounds[tree.attribute_name(j)] = item
        out.append({"rule": rule_text(tree, r, translate=False), "conditions": condition_texts(tree, r),
                    "conclusion": tree.label_name(r.label), "support": r.support, "confidence": r.confidence,
                    "coverage": r.coverage, "bounds": bounds, "linear": r.linear, "leaf": r.leaf})
    return out
