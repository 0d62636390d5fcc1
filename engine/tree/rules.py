"""IF-THEN rules: one per leaf, conditions on the same attribute merged.

Numeric (and ordinal) tests on one attribute merge into one interval
(`x <= 3 AND x <= 2` -> `x <= 2`; `x > 1 AND x <= 2` -> `1 < x <= 2`); category
tests merge into the set of values still allowed. Support is the training
weight that reaches the leaf, confidence the share of it in the rule's class,
coverage support over all training weight.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..data.table import format_number
from .model import (CATEGORY, FUZZY, PENDING, THRESHOLD, TRICHOTOMY, Tree)


@dataclass
class Bound:
    """What a rule says about one attribute."""

    attribute: int
    low: float = -np.inf  # x > low
    high: float = np.inf  # x <= high
    values: set[int] | None = None  # allowed category codes
    terms: list[str] = field(default_factory=list)  # fuzzy terms, in path order


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


def _term_names(k: int) -> list[str]:
    return {2: ["low", "high"], 3: ["low", "medium", "high"],
            5: ["very low", "low", "medium", "high", "very high"]}.get(k, [f"T{i + 1}" for i in range(k)])


def _linear_text(tree: Tree, node, op: str, value: float) -> str:
    """'0.83·X3 + 0.55·X5 <= 1.27' (coefficients to 4 decimals)."""
    text = ""
    single = len(node.features) == 1 and abs(abs(float(node.weights[0])) - 1.0) < 1e-12
    for j, w in zip(node.features, node.weights):
        term = tree.attribute_name(j) if single else f"{format_number(round(abs(float(w)), 4))}·{tree.attribute_name(j)}"
        if not text:
            text = ("-" if w < 0 else "") + term
        else:
            text += (" - " if w < 0 else " + ") + term
    return f"{text} {op} {format_number(round(float(value), 4))}"


def _unreachable(tree: Tree, leaf: int) -> bool:
    """The middle branch of a trichotomy stage with low >= high (a plain cut) takes no case."""
    path = tree.path_to(leaf)
    for parent_id, child_id in zip(path, path[1:]):
        node = tree.nodes[parent_id]
        if node.kind == TRICHOTOMY and node.children.index(child_id) == 2 and node.low >= node.high:
            return True
    return False


def extract_rules(tree: Tree, leaves: list[int] | None = None) -> list[Rule]:
    """One rule per leaf (all leaves, or the ones given)."""
    total = max(tree.root.weight, 1e-300)
    rules = []
    for leaf in tree.leaves() if leaves is None else leaves:
        if _unreachable(tree, leaf):
            continue
        bounds: dict[int, Bound] = {}
        linear: list[str] = []
        order: list[int] = []
        path = tree.path_to(leaf)
        for parent_id, child_id in zip(path, path[1:]):
            node = tree.nodes[parent_id]
            pos = node.children.index(child_id)
            if node.kind == TRICHOTOMY:
                if pos == 0:
                    linear.append(_linear_text(tree, node, "<=", node.low))
                elif pos == 1:
                    linear.append(_linear_text(tree, node, ">=", node.high))
                else:
                    low = _linear_text(tree, node, ">", node.low)
                    linear.append(f"{low} AND {_linear_text(tree, node, '<', node.high)}")
                continue
            j = node.feature
            if j not in bounds:
                bounds[j] = Bound(j)
                order.append(j)
            b = bounds[j]
            if node.kind == THRESHOLD:
                if pos == 0:
                    b.high = min(b.high, node.threshold)
                else:
                    b.low = max(b.low, node.threshold)
            elif node.kind == CATEGORY and getattr(node, "cuts", None) is not None:
                # intervals of a discretised numeric attribute: (cuts[c-1], cuts[c]]
                allowed = sorted(c for c, br in enumerate(node.branches) if br == pos)
                if allowed:
                    if allowed[0] > 0:
                        b.low = max(b.low, node.cuts[allowed[0] - 1])
                    if allowed[-1] < len(node.cuts):
                        b.high = min(b.high, node.cuts[allowed[-1]])
            elif node.kind == CATEGORY or (node.kind == FUZZY and node.centres is None):
                allowed = {c for c, br in enumerate(node.branches) if br == pos}
                b.values = allowed if b.values is None else b.values & allowed
            elif node.kind == FUZZY:
                b.terms.append(_term_names(len(node.children))[pos])
        node = tree.nodes[leaf]
        weight = node.weight
        if node.label == PENDING or node.label >= tree.n_classes or weight <= 0:
            confidence = None
        else:
            confidence = float(node.counts[node.label] / weight)
        rules.append(Rule(leaf=leaf, label=node.label, bounds=bounds, linear=linear, order=order, support=weight,
                          confidence=confidence, coverage=weight / total))
    return rules


def ordinal_range(attr, bound: Bound) -> tuple[int, int]:
    """The first and last rank a bound on an ordinal attribute's ranks admits."""
    last = len(attr.categories) - 1
    lo = int(np.floor(bound.low)) + 1 if bound.low > -np.inf else 0
    hi = int(np.floor(bound.high)) if bound.high < np.inf else last
    return max(lo, 0), min(hi, last)


def _value(v: float) -> str:
    return format_number(round(float(v), 10))


def condition_texts(tree: Tree, rule: Rule) -> list[str]:
    out = []
    for j in rule.order:
        b = rule.bounds[j]
        name = tree.attribute_name(j)
        attr = tree.schema.attributes[j]
        if b.values is not None:
            names = [attr.categories[c] for c in sorted(b.values)]
            out.append(f"{name} = {names[0]}" if len(names) == 1 else f"{name} in {{{', '.join(names)}}}")
        ordinal_codes = attr.categories is not None and attr.kind == "ordinal"
        if ordinal_codes:  # x <= 1.5 on ranks reads "x <= med"; x > 1.5 reads "x >= high"
            cats = attr.categories
            lo, hi = ordinal_range(attr, b)
            if lo == hi:
                out.append(f"{name} = {cats[lo]}")
            elif b.low > -np.inf and b.high < np.inf:
                out.append(f"{cats[lo]} <= {name} <= {cats[hi]}")
            elif b.high < np.inf:
                out.append(f"{name} <= {cats[hi]}")
            elif b.low > -np.inf:
                out.append(f"{name} >= {cats[lo]}")
        else:
            if b.low > -np.inf and b.high < np.inf:
                out.append(f"{_value(b.low)} < {name} <= {_value(b.high)}")
            elif b.high < np.inf:
                out.append(f"{name} <= {_value(b.high)}")
            elif b.low > -np.inf:
                out.append(f"{name} > {_value(b.low)}")
        for term in b.terms:
            out.append(f"{name} is {term}")
    out.extend(rule.linear)
    return out


def rule_text(tree: Tree, rule: Rule) -> str:
    conditions = condition_texts(tree, rule)
    head = " AND ".join(conditions) if conditions else "TRUE"
    return f"IF {head} THEN {tree.label_name(rule.label)}"


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
        out.append({"rule": rule_text(tree, r), "conditions": condition_texts(tree, r),
                    "conclusion": tree.label_name(r.label), "support": r.support, "confidence": r.confidence,
                    "coverage": r.coverage, "bounds": bounds, "linear": r.linear, "leaf": r.leaf})
    return out
