"""Every text a tree shows, from one place: branch labels, node headings, rule
conditions, the Excel export's cells, and the boxes the monotonicity report reads.

Nodes describe their branches as `Condition` values (engine.tree.nodes); this
module merges them along a path and renders them:

- `branch_labels(tree, node)`: the condition on each branch, short, without the
  attribute's name ("<= 2.5", "{green, blue}", "low ~0.3", "middle") — the
  tree canvas's edge labels and the consultation's path;
- `node_heading(tree, node)`: the tested attribute (or a trichotomy stage's
  score), or a leaf's label;
- `path_bounds(tree, node)`: what the path from the root to a node says about
  each attribute, merged (`x <= 3` and `x <= 2` -> `x <= 2`; category sets
  intersected), and a trichotomy stage's conditions as text;
- `bound_texts` / `bound_cell`: a merged bound as rule conditions ("age <= 40",
  "buying >= med", "colour in {red, blue}") or as one Excel cell;
- `node_test(tree, node)`: a one-line description of a node's test.

Ordinal attributes with named values are split on their ranks; their bounds
read in the user's values (a cut at rank 1.5 reads "<= med" / ">= high").
Numbers in rules are shown to 10 decimals, on the canvas to 6 significant
digits. A threshold just below a shorter number (a typed "x < 50" kept as
"x <= 50⁻", `strict_end`) reads "x < 50" (and its other side "x >= 50").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..data.table import format_number
from ..i18n import N_, _
from .nodes import PENDING, TRICHOTOMY, FuzzyTerm, Interval, LinearBand, OneOf

TERM_NAMES = {2: ["low", "high"], 3: ["low", "medium", "high"],
              5: ["very low", "low", "medium", "high", "very high"]}


def term_names(k: int) -> list[str]:
    """Default names of k fuzzy terms, lowest first."""
    return TERM_NAMES.get(k, [f"T{i + 1}" for i in range(k)])


def term_name(cond: FuzzyTerm) -> str:
    return cond.name if cond.name else term_names(cond.of)[cond.index]


# the default names of fuzzy terms (engine.algorithms.fuzzify.TERM_NAMES) are words of the
# program: stored in English in models and projects, shown in the current language (shown_term)
DEFAULT_TERM_WORDS = (N_("all"), N_("less"), N_("more"), N_("very low"), N_("low"), N_("medium"), N_("high"),
                      N_("very high"))


def shown_term(name: str) -> str:
    """A term's name as a person reads it: a default name in the current language; a name the
    user gave (any other) as it is."""
    return _(name) if name in DEFAULT_TERM_WORDS else name


def exact_number(value: float) -> str:
    """A number in a rule: up to 10 decimals, no trailing zeros."""
    return format_number(round(float(value), 10))


def short_number(value: float, digits: int = 6) -> str:
    """A number on the canvas: `digits` significant digits."""
    value = float(value)
    if not math.isfinite(value):
        return str(value)
    return format_number(float(f"{value:.{digits}g}"))


def _category_names(attr, codes) -> str:
    names = [attr.categories[c] if attr.categories is not None and 0 <= c < len(attr.categories) else str(c)
             for c in codes]
    if not names:
        return _("(none)")
    return names[0] if len(names) == 1 else "{" + ", ".join(names) + "}"


def _is_ranked(attr) -> bool:
    """An ordinal attribute with named values, learnt on their ranks 0, 1, ..."""
    return attr.categories is not None and attr.kind == "ordinal"


# ---- one branch ----------------------------------------------------------------------


def linear_score(schema, features, weights, digits: int | None = None) -> str:
    """'a', '-a' or '0.83·a + 0.55·b': coefficients rounded to 4 decimals (digits=None, rules)
    or to `digits` significant digits (the canvas)."""
    names = [schema.attributes[j].name for j in features]
    single = len(features) == 1 and abs(abs(float(weights[0])) - 1.0) < 1e-12
    text = ""
    for name, w in zip(names, weights):
        if single:
            term = name
        elif digits is None:
            term = f"{format_number(round(abs(float(w)), 4))}·{name}"
        else:
            term = f"{short_number(abs(float(w)), digits)}·{name}"
        if not text:
            text = ("-" if w < 0 else "") + term
        else:
            text += (" - " if w < 0 else " + ") + term
    return text


def _on_attribute(band: LinearBand) -> LinearBand:
    """A band over one attribute's score s = w·x as the same band over x itself (issue 36: a stage
    that tests one attribute reads in the attribute's own direction, "score >= 732.5", never
    "-score <= -732.5"): the bounds divided by w, their sides swapped when w < 0."""
    w = float(band.weights[0])
    low, high = band.low / w, band.high / w
    if w > 0:
        return LinearBand(band.features, (1.0,), low=low, high=high, low_closed=band.low_closed,
                          high_closed=band.high_closed)
    return LinearBand(band.features, (1.0,), low=high, high=low, low_closed=band.high_closed,
                      high_closed=band.low_closed)


def _linear_parts(schema, band: LinearBand) -> list[str]:
    """A trichotomy branch as one or two rule conditions ('0.83·X3 + 0.55·X5 <= 1.27'; a stage of
    one attribute in that attribute's own terms: 'X3 >= 732.5')."""
    if len(band.features) == 1 and float(band.weights[0]) != 0:
        band = _on_attribute(band)
    score = linear_score(schema, band.features, band.weights)

    def one(op, value):
        return f"{score} {op} {format_number(round(float(value), 4))}"

    if band.low == -np.inf:
        return [one("<=" if band.high_closed else "<", band.high)]
    if band.high == np.inf:
        return [one(">=" if band.low_closed else ">", band.low)]
    return [one('>=' if band.low_closed else '>', band.low), one('<=' if band.high_closed else '<', band.high)]


def _linear_condition(schema, band: LinearBand) -> str:
    """A trichotomy branch as one rule condition, its parts joined by AND (English: JSON, files)."""
    return " AND ".join(_linear_parts(schema, band))


def branch_labels(tree, node_id: int) -> list[str]:
    """The condition on each branch of a node, in child order (no attribute names)."""
    return split_branch_labels(tree, tree.nodes[node_id])


def split_branch_labels(tree, node) -> list[str]:
    """`branch_labels` of a split node that need not be in the tree (a candidate split)."""
    out = [_branch_label(tree, node, cond) for cond in node.branch_conditions()]
    return out + [""] * (len(node.children) - len(out))


def _branch_label(tree, node, cond) -> str:
    if isinstance(cond, LinearBand):  # a trichotomy stage: low side, high side, the middle
        if len(cond.features) == 1 and float(cond.weights[0]) != 0:  # one attribute: its own values
            own = _on_attribute(cond)
            parts = []
            if own.low > -np.inf:
                parts.append(f"{'>=' if own.low_closed else '>'} {short_number(own.low, 4)}")
            if own.high < np.inf:
                parts.append(f"{'<=' if own.high_closed else '<'} {short_number(own.high, 4)}")
            return ", ".join(parts) or _("any")
        if cond.low == -np.inf:
            return _("low <= {value}").format(value=short_number(cond.high, 4))
        if cond.high == np.inf:
            return _("high >= {value}").format(value=short_number(cond.low, 4))
        return _("middle")
    attr = tree.schema.attributes[cond.attribute]
    if isinstance(cond, OneOf):
        return _category_names(attr, sorted(cond.values))
    if isinstance(cond, FuzzyTerm):
        name = shown_term(term_name(cond))
        return f"{name} ~{short_number(cond.centre, 4)}" if cond.centre is not None else name
    # an interval: a threshold's side, or a discretised attribute's interval
    if getattr(node, "cuts", None) is None and _is_ranked(attr):
        r = int(math.floor(cond.high if cond.high < np.inf else cond.low))
        if 0 <= r < len(attr.categories) - 1:
            return f"<= {attr.categories[r]}" if cond.high < np.inf else f">= {attr.categories[r + 1]}"
    return interval_text(cond.low, cond.high, short_number) or _("any")


def label_text(tree, label: int) -> str:
    """A label as a person reads it: the class's name, or PENDING in the current language
    (`tree.label_name` keeps "PENDING" for files and JSON)."""
    return _("PENDING") if label == PENDING else tree.label_name(label)


def node_heading(tree, node_id: int) -> str:
    """What a node shows first: the tested attribute (or a stage's score); a leaf's label."""
    node = tree.nodes[node_id]
    if node.is_leaf:
        return label_text(tree, node.label)
    if node.kind == TRICHOTOMY:
        if len(node.features) == 1:  # one attribute: named as it is (its branches say its own values)
            return tree.attribute_name(node.features[0])
        return linear_score(tree.schema, node.features, node.weights, digits=3)
    name = tree.attribute_name(node.feature)
    return _("{name} (fuzzy)").format(name=name) if node.kind_name == "fuzzy" else name


def path_steps(tree, node_id: int) -> list[str]:
    """'attribute: branch' for every step from the root to the node."""
    path = tree.path_to(node_id)
    steps = []
    for parent, child in zip(path, path[1:]):
        labels = branch_labels(tree, parent)
        steps.append(_("{test}: {branch}").format(test=node_heading(tree, parent),
                                                    branch=labels[tree.nodes[parent].children.index(child)]))
    return steps


def node_test(tree, node) -> str:
    """One line for a node's test (the Excel export's Tree sheet)."""
    if node.is_leaf:
        return ""
    if node.kind == TRICHOTOMY:
        return " + ".join(f"{w:.4g}·{tree.attribute_name(j)}" for j, w in zip(node.features, node.weights)) + \
            f" (<= {node.low:.6g} | >= {node.high:.6g})"
    name = tree.attribute_name(node.feature)
    if node.kind_name == "threshold":
        below = strict_end(node.threshold)
        return f"{name} < {format_number(below)}" if below is not None else \
            f"{name} <= {format_number(node.threshold)}"
    if node.kind_name == "category" and node.cuts is not None:
        return _("{name} intervals cut at {cuts}").format(name=name,
                                                          cuts=", ".join(format_number(c) for c in node.cuts))
    if node.kind_name == "fuzzy" and node.centres is not None:
        return _("{name} fuzzy terms at {centres}").format(name=name,
                                                          centres=", ".join(format(c, ".6g") for c in node.centres))
    return _("{name} (by value)").format(name=name)


# ---- a path, merged -------------------------------------------------------------------


@dataclass
class Bound:
    """What a path says about one attribute: low < x <= high, allowed categories, fuzzy terms."""

    attribute: int
    low: float = -np.inf  # x > low
    high: float = np.inf  # x <= high
    values: set[int] | None = None  # allowed category codes
    terms: list[str] = field(default_factory=list)  # fuzzy terms, in path order

    def add(self, cond) -> None:
        if isinstance(cond, Interval):
            self.high = min(self.high, cond.high)
            self.low = max(self.low, cond.low)
        elif isinstance(cond, OneOf):
            self.values = set(cond.values) if self.values is None else self.values & cond.values
        elif isinstance(cond, FuzzyTerm):
            self.terms.append(term_name(cond))


@dataclass
class PathBounds:
    bounds: dict[int, Bound]
    linear: list[str]  # trichotomy conditions, already text
    order: list[int]  # attributes in the order they are first tested
    linear_parts: list[list[str]] = field(default_factory=list)  # each linear condition's parts (AND)


def path_bounds(tree, node_id: int) -> PathBounds:
    """The conditions from the root to a node, merged per attribute."""
    bounds: dict[int, Bound] = {}
    linear: list[str] = []
    parts: list[list[str]] = []
    order: list[int] = []
    path = tree.path_to(node_id)
    for parent_id, child_id in zip(path, path[1:]):
        node = tree.nodes[parent_id]
        cond = node.branch_conditions()[node.children.index(child_id)]
        if isinstance(cond, LinearBand):
            linear.append(_linear_condition(tree.schema, cond))
            parts.append(_linear_parts(tree.schema, cond))
            continue
        j = cond.attribute
        if j not in bounds:
            bounds[j] = Bound(j)
            order.append(j)
        bounds[j].add(cond)
    return PathBounds(bounds, linear, order, parts)


def walk_path_bounds(tree, wanted=None):
    """(node, PathBounds, passable) for every leaf reachable from the root — or, with `wanted`
    (node ids), for each of those nodes — in depth-first order, children in order: what
    `path_bounds` and `passable` say of each, in one walk that carries the merged bounds down
    and undoes each branch's condition on the way back up (linear in the tree's size plus the
    rules' own length, where one call per leaf from the root is quadratic in depth; and no
    recursion, so a chain 10,000 deep is walked as any other tree). With `wanted` only the paths
    to those nodes are walked; a wanted node the root does not reach is described alone."""
    nodes = tree.nodes
    on_path = None
    if wanted is not None:
        wanted = set(int(i) for i in wanted)
        on_path = bytearray(len(nodes))
        for i in wanted:
            if not 0 <= i < len(nodes):
                continue
            while i >= 0 and not on_path[i]:  # up to a node already marked: each node marked once
                on_path[i] = 1
                i = nodes[i].parent
    bounds: dict[int, Bound] = {}
    linear: list[str] = []
    parts: list[list[str]] = []
    order: list[int] = []
    blocked = 0  # branches on the path that take no case by construction
    found = set()
    stack: list = [(0, None, True)]
    if on_path is not None and not (len(nodes) and on_path[0]):
        stack = []
    while stack:
        item = stack.pop()
        if item[0] is _BACK:  # leaving a node: its branch's condition undone
            _, j, created, low, high, values, n_terms, ok = item
            if j is None:
                linear.pop()
                parts.pop()
            elif created:
                del bounds[j]
                order.pop()
            else:
                b = bounds[j]
                b.low, b.high, b.values = low, high, values
                del b.terms[n_terms:]
            blocked -= 0 if ok else 1
            continue
        node_id, cond, ok = item
        if cond is None:
            back = (_BACK, None, False, None, None, None, 0, ok)
            linear.append(None)  # popped as a linear condition would be; never shown (see below)
            parts.append(None)
        elif isinstance(cond, LinearBand):
            back = (_BACK, None, False, None, None, None, 0, ok)
            linear.append(_linear_condition(tree.schema, cond))
            parts.append(_linear_parts(tree.schema, cond))
        else:
            j = cond.attribute
            b = bounds.get(j)
            if b is None:
                back = (_BACK, j, True, None, None, None, 0, ok)
                b = bounds[j] = Bound(j)
                order.append(j)
            else:
                back = (_BACK, j, False, b.low, b.high, b.values, len(b.terms), ok)
            b.add(cond)
        blocked += 0 if ok else 1
        stack.append(back)
        node = nodes[node_id]
        if (node_id in wanted) if wanted is not None else node.is_leaf:
            found.add(node_id)
            yield node_id, PathBounds({k: Bound(k, v.low, v.high, None if v.values is None else set(v.values),
                                                 list(v.terms)) for k, v in bounds.items()},
                                      [t for t in linear if t is not None], list(order),
                                      [list(p) for p in parts if p is not None]), blocked == 0
        if node.children:
            conds = node.branch_conditions()
            check = getattr(node, "passable", None)
            for pos in range(len(node.children) - 1, -1, -1):
                child = node.children[pos]
                if on_path is not None and not on_path[child]:
                    continue
                stack.append((child, conds[pos] if pos < len(conds) else None, check is None or bool(check(pos))))
    if wanted is not None:
        for i in wanted - found:  # not below the root (a detached node): from its own parents
            yield i, path_bounds(tree, i), passable(tree, i)


_BACK = object()  # a walk's marker: leave a node


def passable(tree, node_id: int) -> bool:
    """False when some branch on the path takes no case by construction (the middle
    branch of a trichotomy stage that is a plain cut)."""
    path = tree.path_to(node_id)
    for parent_id, child_id in zip(path, path[1:]):
        node = tree.nodes[parent_id]
        check = getattr(node, "passable", None)
        if check is not None and not check(node.children.index(child_id)):
            return False
    return True


def ordinal_range(attr, bound: Bound) -> tuple[int, int]:
    """The first and last rank a bound on an ordinal attribute's ranks admits."""
    last = len(attr.categories) - 1
    lo = int(np.floor(bound.low)) + 1 if bound.low > -np.inf else 0
    hi = int(np.floor(bound.high)) if bound.high < np.inf else last
    return max(lo, 0), min(hi, last)


def strict_end(value: float) -> float | None:
    """v when `value` is the float just below a number v that has a shorter form: a bound a person
    typed as "x < v" or "x >= v" and the tree keeps as "x <= v⁻" / "x > v⁻" (the tree tests only
    x <= t; engine.tree.conditions). For doubles x <= v⁻ exactly when x < v, so reading it so is
    always true. None for any other number."""
    if not math.isfinite(value):
        return None
    up = float(np.nextafter(value, np.inf))
    return up if round(up, 10) == up and round(value, 10) != value else None


def interval_text(low: float, high: float, number, name: str | None = None) -> str | None:
    """low < x <= high in words: with the attribute's name 'a < x <= b', 'x <= b', 'x > a' (a
    rule's condition), without it '(a, b]', '<= b', '> a' (a cell); None when unbounded. An end
    just below a shorter number (`strict_end`) reads as that number: 'x < v', 'x >= v', and
    'x = v' for the interval of v alone."""
    above = strict_end(low) if low > -np.inf else None  # x > low reads x >= above
    below = strict_end(high) if high < np.inf else None  # x <= high reads x < below
    if low > -np.inf and high < np.inf:
        if above is not None and above == high:
            return f"{name} = {number(high)}" if name else f"= {number(high)}"
        left = (number(above), "<=", "[") if above is not None else (number(low), "<", "(")
        right = (number(below), "<", ")") if below is not None else (number(high), "<=", "]")
        if name:
            return f"{left[0]} {left[1]} {name} {right[1]} {right[0]}"
        return f"{left[2]}{left[0]}, {right[0]}{right[2]}"
    if high < np.inf:
        op, value = ("<", below) if below is not None else ("<=", high)
    elif low > -np.inf:
        op, value = (">=", above) if above is not None else (">", low)
    else:
        return None
    return f"{name} {op} {number(value)}" if name else f"{op} {number(value)}"


def bound_texts(schema, j: int, b: Bound, translate: bool = False) -> list[str]:
    """A merged bound as rule conditions, each with the attribute's name. `translate`: the words
    ("in", "is") in the current language (a rule shown to a person); else English (JSON)."""
    tr = _ if translate else str
    out = []
    attr = schema.attributes[j]
    name = attr.name
    if b.values is not None:
        names = [attr.categories[c] for c in sorted(b.values)]
        out.append(f"{name} = {names[0]}" if len(names) == 1 else
                   tr(N_("{name} in {values}")).format(name=name, values="{" + ", ".join(names) + "}"))
    if _is_ranked(attr):  # x <= 1.5 on ranks reads "x <= med"; x > 1.5 reads "x >= high"
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
        text = interval_text(b.low, b.high, exact_number, name)
        if text:
            out.append(text)
    for term in b.terms:
        out.append(tr(N_("{name} is {term}")).format(name=name, term=shown_term(term) if translate else term))
    return out


def bound_cell(schema, j: int, bound: Bound) -> str | None:
    """A merged bound as one cell (the Excel export's column for the attribute), no name."""
    attr = schema.attributes[j]
    parts = []
    if bound.values is not None:
        parts.append("{" + ", ".join(attr.categories[c] for c in sorted(bound.values)) + "}")
    if _is_ranked(attr) and (bound.low > -np.inf or bound.high < np.inf):
        lo, hi = ordinal_range(attr, bound)
        parts.append(f"{attr.categories[lo]} .. {attr.categories[hi]}" if lo != hi else attr.categories[lo])
    else:
        text = interval_text(bound.low, bound.high, format_number)
        if text:
            parts.append(text)
    parts.extend(_("is {term}").format(term=t) for t in bound.terms)
    return "; ".join(parts) if parts else None
