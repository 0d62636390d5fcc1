"""A case outside what the model has seen (issue 39 item 3), and where cases with a value missing
went at each split.

What the model has seen is kept per node in the model file (`engine.tree.seen`, computed at fit
time by `seen_of`), so a model opened without its data still flags. `flags(model, table_or_X)`
gives, per row, the reasons its answer stands on less than the training data:

- **out_of_range**: a number further outside the range of the training cases that reached the
  row's end node (the leaf, or the node where an unknown value stopped it) than
  `trust.range_margin` times the attribute's whole training range. The end node's range is
  used for the attributes tested on its path (the rule's own evidence: "age > 50" learned from
  ages 51 to 90 says nothing of 130); every other attribute is checked against its whole
  training range (the root's), with the same margin;
- **unseen_category**: a text never seen in training for that attribute (the encoder reads it
  as unknown; only a table shows it), a category the schema declares but no training case had,
  or, for an attribute tested on the path, a category no training case of the end node had (a
  subset split "colour in {red, blue}" whose leaf only ever saw red);
- **combination**: at a leaf whose path tests two or more attributes, the row's tuple of values
  on those attributes — a category as itself, a number as its interval between the cuts the
  tree uses on that attribute anywhere — matches no training case of the leaf (a missing value
  matches anything, in the row or in a training case). Cuts on the path alone would put every
  case of a leaf in the same tuple; the tree's other cuts are the finest distinctions the model
  makes, so a tuple none of the leaf's cases had is an interaction it never saw;
- **empty**: the row ends in a node no training case reached (a branch no training case took;
  its answer is borrowed from an ancestor).

A row is routed under the model's missing-value policy; under "fractional" (and below fuzzy
splits) every node it reaches with some weight is checked. Training cases that reached a node
include every case a missing value sent down any branch (`engine.tree.seen`), so no training
row is flagged at the default margin, whatever the policy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..data.spec.trust import TrustSettings
from ..data.table import Table, format_number
from ..i18n import N_, _
from ..tree.case_values import all_tree_cuts, is_category
from ..tree.describe import branch_labels, short_number
from ..tree.nodes import TRICHOTOMY
from ..tree.seen import MAX_ENTRIES, NodeSeen, Seen

KINDS = ("out_of_range", "unseen_category", "combination", "empty")


@dataclass(frozen=True)
class Flag:
    kind: str  # one of KINDS
    attribute: str | None  # the attribute (None: a combination of several, or an empty node)
    value: str | None  # the row's value as it reads ("130", "purple")
    why: str  # in the current language
    why_en: str = ""  # the same in English (files: the predictions CSV, the session file)


# ---- what the model has seen: computed at fit time ------------------------------------------


def seen_of(tree, X: np.ndarray, w: np.ndarray | None, policy: str) -> Seen | None:
    """What the training rows (X, weights w) show at every node of `tree` (engine.tree.seen);
    `policy` is how the learner moved cases with a value missing (engine.tree.node_cases.
    training_policy). None for an empty training set."""
    # deferred: engine.tree.node_cases reads the splitters' kernels (only when a tree is counted)
    from ..tree.node_cases import divide_as_learned

    X = np.asarray(X, np.float64)
    if not len(X):
        return None
    w = np.ones(len(X)) if w is None else np.asarray(w, np.float64)
    schema = tree.schema
    p = len(schema.attributes)
    category = [is_category(tree, j) for j in range(p)]
    cuts = {j: c for j, c in all_tree_cuts(tree).items() if not category[j]}
    nodes: dict[int, NodeSeen] = {}
    # reach: every branch for a row a test cannot route (no weights: who reached, not how much)
    stack = [(0, np.arange(len(X)), frozenset())]
    while stack:
        i, rows, above = stack.pop()
        node = tree.nodes[i]
        own = frozenset(node.attributes())
        keep = range(p) if i == 0 else sorted(above | own)
        item = NodeSeen(cases=int(len(rows)))
        for j in keep:
            v = X[rows, j]
            v = v[v == v]
            if not len(v):
                continue
            if category[j]:
                item.categories[j] = frozenset(int(c) for c in np.unique(v))
            else:
                item.ranges[j] = (float(v.min()), float(v.max()))
        if node.is_leaf and len(above) >= 2 and len(rows):
            attrs = sorted(above)
            item.combo_attributes = attrs
            item.combos = np.unique(np.stack([_bins(X[rows, j], cuts.get(j), category[j]) for j in attrs], axis=1),
                                    axis=0)
        nodes[i] = item
        if node.children:
            share = node.route_rows(X[rows])
            stuck = share.sum(axis=1) <= 0
            for c_pos, child in enumerate(node.children):
                stack.append((child, rows[(share[:, c_pos] > 0) | stuck], above | own))
    # branch and missing weights: the rows routed as the learner routed them
    stack = [(0, np.arange(len(X)), w)]
    while stack:
        i, rows, weights = stack.pop()
        node = tree.nodes[i]
        if not node.children:
            continue
        share = node.route_rows(X[rows])
        stuck = share.sum(axis=1) <= 0
        known = weights[~stuck, None] * share[~stuck]
        nodes[i].branches = [float(b) for b in known.sum(axis=0)]
        nodes[i].missing = float(weights[stuck].sum())
        for child, (r, cw) in zip(node.children, divide_as_learned(tree, node, X, rows, weights, policy)):
            stack.append((child, r, cw))
    seen = Seen(policy, cuts, nodes)
    _bound(tree, seen)
    return seen


def _bins(values: np.ndarray, cuts: np.ndarray | None, category: bool) -> np.ndarray:
    out = np.full(len(values), -1, np.int64)
    known = values == values
    if category:
        out[known] = values[known].astype(np.int64)
    else:
        out[known] = np.searchsorted(np.zeros(0) if cuts is None else cuts, values[known], side="left")
    return out


def _bound(tree, seen: Seen) -> None:
    """At most MAX_ENTRIES numbers: the inner nodes' ranges go first, then the combinations."""
    def total():
        return sum(item.size() for item in seen.nodes.values())

    if total() <= MAX_ENTRIES:
        return
    for i, item in seen.nodes.items():
        if i != 0 and tree.nodes[i].children:
            item.ranges, item.categories = {}, {}
    if total() <= MAX_ENTRIES:
        return
    for item in seen.nodes.values():
        item.combos, item.combo_attributes = None, []
    if total() > MAX_ENTRIES:  # only the root and the counts are left
        for i, item in seen.nodes.items():
            if i != 0:
                item.ranges, item.categories = {}, {}


def keep_seen(tree, data, info) -> None:
    """`tree.seen` from its training data (EncodedData) as the learner `info` routed them."""
    # deferred: engine.tree.node_cases reads the splitters' kernels (only when a tree is counted)
    from ..tree.node_cases import training_policy

    tree.seen = seen_of(tree, data.X, data.w, training_policy(info))


# ---- flags ------------------------------------------------------------------------------------

_OUT_ALL = N_("{name} = {value} is outside the range seen in training ({low} to {high})")
_OUT_NODE = N_("{name} = {value} is outside the range of the {n} training cases at this node ({low} to {high})")
_NEW_TEXT = N_('{name} = "{value}" was never seen in training (read as unknown)')
_NEW_CODE = N_("{name} = {value}: no training case had this value")
_NEW_AT_NODE = N_("{name} = {value}: none of the {n} training cases at this node had this value")
_COMBINATION = N_("no training case at this leaf shares this combination of {values}")
_EMPTY = N_("no training case reached this part of the tree (node {node}): its answer is borrowed from above")


def _flag(kind, attribute, shown, msgid, **fields) -> Flag:
    return Flag(kind, attribute, shown, _(msgid).format(**fields), msgid.format(**fields))


def end_nodes(tree, X: np.ndarray, missing: str) -> list[tuple[int, np.ndarray]]:
    """(node, rows) for every node where rows of X end under the missing-value policy: a leaf,
    or (policy "stop") the node where an unknown value stopped them; "majority" follows the
    heaviest branch, "fractional" (and fuzzy splits) every branch the row has a share in."""
    compiled = tree.compile()
    out, stack = [], [(0, np.arange(len(X)))]
    while stack:
        i, rows = stack.pop()
        if not len(rows):
            continue
        node = tree.nodes[i]
        if node.is_leaf:
            out.append((i, rows))
            continue
        share = node.route_rows(X[rows])
        stuck = share.sum(axis=1) <= 0
        if stuck.any():
            if missing == "stop":
                out.append((i, rows[stuck]))
            elif missing == "majority":
                share[np.flatnonzero(stuck), compiled.majority_child[i]] = 1.0
            else:
                weights = np.array([tree.nodes[c].weight for c in node.children])
                share[stuck] = (weights > 0) if weights.sum() > 0 else 1.0
        for c_pos, child in enumerate(node.children):
            stack.append((child, rows[share[:, c_pos] > 0]))
    return out


def _source(tree, seen: Seen, i: int, j: int, categories: bool) -> tuple[int, NodeSeen] | None:
    """The nearest node from i up that kept attribute j (the root keeps them all)."""
    while i >= 0:
        item = seen.at(i)
        if item is not None and j in (item.categories if categories else item.ranges):
            return i, item
        i = tree.nodes[i].parent
    return None


def node_flags(tree, seen: Seen, node_id: int, X: np.ndarray, trust: TrustSettings | None = None,
               attributes=None) -> list[list[Flag]]:
    """Per row of X (cases ending at `node_id`), what lies outside what that node's training
    cases (and the whole training set) showed; only `attributes` (schema indices) when given,
    and then no combination or empty-node flag."""
    trust = trust or TrustSettings()
    schema = tree.schema
    out: list[list[Flag]] = [[] for _ in range(len(X))]
    item = seen.at(node_id)
    root = seen.at(0)
    if item is None or root is None:
        return out
    if attributes is None and item.cases == 0:
        for row in out:
            row.append(_flag("empty", None, None, _EMPTY, node=node_id))
        return out
    for j in range(len(schema.attributes)) if attributes is None else attributes:
        attr = schema.attributes[j]
        v = X[:, j]
        known = v == v
        if not known.any():
            continue
        cat = attr.categories is not None
        found = _source(tree, seen, node_id, j, cat)
        if found is None:
            continue
        at, here = found
        if cat:
            allowed = np.zeros(len(attr.categories), bool)
            allowed[[c for c in here.categories[j] if 0 <= c < len(allowed)]] = True
            codes = np.where(known, v, 0).astype(np.int64)
            bad = known & ((codes < 0) | (codes >= len(allowed)) | ~allowed[np.clip(codes, 0, len(allowed) - 1)])
            for r in np.flatnonzero(bad):
                text = attr.categories[codes[r]] if 0 <= codes[r] < len(attr.categories) else format_number(v[r])
                globally = j not in root.categories or codes[r] not in root.categories[j]
                if globally:
                    out[r].append(_flag("unseen_category", attr.name, text, _NEW_CODE, name=attr.name, value=text))
                else:
                    out[r].append(_flag("unseen_category", attr.name, text, _NEW_AT_NODE, name=attr.name,
                                        value=text, n=here.cases))
            continue
        lo, hi = here.ranges[j]
        whole = root.ranges.get(j, (lo, hi))
        margin = trust.range_margin * (whole[1] - whole[0])
        slack = 1e-12 * max(1.0, abs(whole[0]), abs(whole[1]))  # rounding of the bounds written
        with np.errstate(invalid="ignore"):
            bad = known & ((v < lo - margin - slack) | (v > hi + margin + slack))
        for r in np.flatnonzero(bad):
            value = format_number(float(v[r]))
            if at == 0:
                out[r].append(_flag("out_of_range", attr.name, value, _OUT_ALL, name=attr.name, value=value,
                                    low=format_number(lo), high=format_number(hi)))
            else:
                out[r].append(_flag("out_of_range", attr.name, value, _OUT_NODE, name=attr.name, value=value,
                                    n=here.cases, low=format_number(lo), high=format_number(hi)))
    if attributes is None and item.combos is not None and len(item.combos):
        attrs = item.combo_attributes
        rows = np.stack([_bins(X[:, j], seen.cuts.get(j), is_category(tree, j)) for j in attrs], axis=1)
        for r in np.flatnonzero(~_matches(rows, item.combos)):
            values = ", ".join(f"{schema.attributes[j].name} = {schema.attributes[j].value_label(X[r, j])}"
                               for j in attrs)
            out[r].append(_flag("combination", None, values, _COMBINATION, values=values))
    return out


def _matches(rows: np.ndarray, seen_rows: np.ndarray) -> np.ndarray:
    """Per row (bins, -1 missing): some seen tuple agrees with it wherever both are known."""
    out = np.zeros(len(rows), bool)
    if not len(rows) or not len(seen_rows):
        return out
    # exact matches at once: each tuple as one number (bins shifted by 1, so -1 is 0)
    base = np.maximum(rows.max(axis=0), seen_rows.max(axis=0)) + 2
    if float(np.prod(base.astype(np.float64))) < 2.0 ** 62:
        weights = np.concatenate([np.cumprod(base[::-1])[::-1][1:], [1]]).astype(np.int64)
        out = np.isin((rows + 1) @ weights, (seen_rows + 1) @ weights)
    else:
        exact = {tuple(t) for t in seen_rows.tolist()}
        out = np.array([tuple(t) in exact for t in rows.tolist()], bool)
    wild = seen_rows[(seen_rows < 0).any(axis=1)]
    for r in np.flatnonzero(~out):
        t = rows[r]
        if t.min() >= 0 and not len(wild):
            continue
        pool = seen_rows if t.min() < 0 else wild
        out[r] = bool(((pool == t[None, :]) | (pool < 0) | (t[None, :] < 0)).all(axis=1).any())
    return out


def unseen_texts(model, table: Table, X: np.ndarray) -> list[list[Flag]]:
    """Per row of `table`, the category texts never seen in training (X: the table encoded,
    where the encoder read them as unknown)."""
    out: list[list[Flag]] = [[] for _ in range(len(table.frame))]
    for j, attr in enumerate(model.schema.attributes):
        if attr.categories is None or attr.name not in table.frame.columns:
            continue
        column = table.frame[attr.name]
        present = pd.notna(column).to_numpy()
        for r in np.flatnonzero(present & np.isnan(X[:, j])):
            text = str(column.iloc[r])
            if text.strip():
                out[r].append(_flag("unseen_category", attr.name, text, _NEW_TEXT, name=attr.name, value=text))
    return out


def flags(model, table_or_X, trust: TrustSettings | None = None) -> list[list[Flag]]:
    """Per row, its flags (module docstring): `table_or_X` a Table (its texts are checked too) or
    the model's encoded X. None of them without `tree.seen` (a model from before issue 39, or
    from another tool), but for the texts a table shows were never seen."""
    trust = trust or getattr(model.spec, "trust", None) or TrustSettings()
    if isinstance(table_or_X, Table):
        X = model.schema.encode_features(table_or_X)
        out = unseen_texts(model, table_or_X, X)
    else:
        X = np.asarray(table_or_X, np.float64)
        out = [[] for _ in range(len(X))]
    seen = model.tree.seen
    if seen is None or not len(X):
        return out
    for node_id, rows in end_nodes(model.tree, X, model.missing):
        for r, found in zip(rows, node_flags(model.tree, seen, node_id, X[rows], trust)):
            have = {(f.kind, f.attribute, f.value) for f in out[r]}
            for f in found:
                if (f.kind, f.attribute, f.value) not in have and not (
                        f.kind == "unseen_category" and any(g.attribute == f.attribute for g in out[r])):
                    out[r].append(f)
                    have.add((f.kind, f.attribute, f.value))
    return out


def warning_text(row_flags: list[Flag], translate: bool = False) -> str:
    """A row's flags as one cell ("" when nothing is flagged); English unless `translate`."""
    return "; ".join(f.why if translate else f.why_en for f in row_flags)


# ---- where cases with a value missing went ------------------------------------------------------


@dataclass
class MissingCounts:
    """At one split: the training weight down each branch with a known value, the weight whose
    value was missing, and their sum (the node's count); `went`: where the missing ones went."""

    branches: list[float]
    missing: float
    went: str  # in the current language

    @property
    def total(self) -> float:
        return float(sum(self.branches) + self.missing)


_WENT = {
    "stay": N_("they stayed at this node"),
    "fractional": N_("they went down every branch in proportion ({shares})"),
    "heavier": N_("they went down the branch most cases took ({branch})"),
    "oriented_heavier": N_("they went down the branch most cases took ({branch})"),
}


def count(value: float) -> str:
    """A training weight as it reads: whole cases as whole numbers, fractional ones to 3 digits."""
    return format_number(round(value)) if abs(value - round(value)) < 1e-9 else short_number(value, 3)


def missing_counts(tree, node_id: int) -> MissingCounts | None:
    """The split's counts (None: a leaf, or a tree without `seen`)."""
    seen = tree.seen
    item = seen.at(node_id) if seen is not None else None
    if tree.nodes[node_id].kind == TRICHOTOMY:  # a chained stage counts its own cases (its learner's)
        return None
    if item is None or item.branches is None or len(item.branches) != len(tree.nodes[node_id].children):
        return None
    labels = branch_labels(tree, node_id)
    known = sum(item.branches)
    shares = " : ".join(short_number(b / known, 2) for b in item.branches) if known > 0 else ""
    heavy = labels[int(np.argmax(item.branches))] if item.branches else ""
    went = _(_WENT[seen.policy]).format(shares=shares, branch=heavy) if item.missing > 0 else ""
    return MissingCounts(list(item.branches), item.missing, went)


_COUNTS = N_("{branch}: {n} of {total}")
_MISSING = N_("missing: {n} of {total}")


def count_lines(tree, node_id: int) -> list[str]:
    """The split's counts in words: one line per branch, then the missing ones and where they went."""
    counts = missing_counts(tree, node_id)
    if counts is None:
        return []
    total = count(counts.total)
    lines = [_(_COUNTS).format(branch=label, n=count(b), total=total)
             for label, b in zip(branch_labels(tree, node_id), counts.branches)]
    line = _(_MISSING).format(n=count(counts.missing), total=total)
    return lines + [line + (" — " + counts.went if counts.went else "")]


# ---- the consultation's words -------------------------------------------------------------------

_UNKNOWN_STOPS = N_("{name} unknown: the case stops here, at {node}, and takes its answer ({label}, from {n} training "
                    "cases)")
_UNKNOWN_MAJORITY = N_("{name} unknown: the case goes on down the branch most cases took ({branch}: {n} of {total})")
_UNKNOWN_SPREAD = N_("{name} unknown: the case is spread over the branches {shares}")
_IN_TRAINING = N_(" (in training, {n} of {total} cases had {name} missing here)")


def unknown_words(tree, node_id: int, j: int, policy: str = "stop", translate: bool = True) -> str:
    """Where an "unknown" answer for attribute j sends a case standing at `node_id` under a
    missing-value policy ("stop": it stops there, as a consultation does; "majority"; "fractional")."""
    # deferred: engine.tree.describe's wording, only when an unknown answer is said
    from ..tree.describe import label_text

    tr = _ if translate else str
    node = tree.nodes[node_id]
    name = tree.attribute_name(j)
    counts = missing_counts(tree, node_id)
    weights = [tree.nodes[c].weight for c in node.children]
    total = node.weight
    if policy == "majority" and weights:
        b = int(np.argmax(weights))
        text = tr(_UNKNOWN_MAJORITY).format(name=name, branch=branch_labels(tree, node_id)[b], n=count(weights[b]),
                                            total=count(total))
    elif policy == "fractional" and sum(weights) > 0:
        text = tr(_UNKNOWN_SPREAD).format(name=name, shares=" : ".join(short_number(v / sum(weights), 2)
                                                                       for v in weights))
    else:
        label = label_text(tree, node.label) if translate else tree.label_name(node.label)
        text = tr(_UNKNOWN_STOPS).format(name=name, node=tr(N_("node {node}")).format(node=node_id), label=label,
                                         n=count(total))
    if counts is not None and counts.missing > 0:
        text += tr(_IN_TRAINING).format(n=count(counts.missing), total=count(counts.total), name=name)
    return text
