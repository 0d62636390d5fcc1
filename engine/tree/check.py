"""A model file's schema and tree checked as they stand in the file, before anything builds on them.

A model file may come from anyone (e-mail, a shared drive). The Numba kernels index arrays with
the child, branch and feature numbers the file gives, and the rule and drawing code walks the
node graph, so nothing may reach them until the file is known to describe one tree:

- the schema: a target, classes (unique texts), attributes with known kinds, unique names,
  categories that are texts, ranges of two finite numbers;
- the tree: labels that start with the classes; nodes that are objects of a known kind, with
  one finite, non-negative count per class and a label the tree knows; children that are node
  numbers in range, each node the child of at most one parent and every node reachable from
  node 0 (so the graph is a tree: no cycle, no shared node, nothing left over);
- each kind's own fields: the attributes it tests exist, thresholds and weights are finite,
  branch tables point at children that exist, a split has the children its test can reach.

Sizes are bounded by the file itself: every list the checks accept is data in the file, one
count row per node, one child entry per edge, so no claim inside a file can make us allocate
more than the file holds. A problem is a `TreeFileProblem` naming the field
("tree.nodes[12].children[1]"); `Model.from_json` turns it into the file's error.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from itertools import chain, repeat
from operator import itemgetter

import numpy as np

from ..i18n import N_, _
from .nodes import ORIGINS
from .seen import check_seen


ATTRIBUTE_KINDS = ("numeric", "ordinal", "nominal")
MONOTONE = ("increasing", "decreasing", "none")
PENDING_LABEL = "PENDING"


class TreeFileProblem(ValueError):
    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an integer beyond any float
        return False


def _texts(value, field: str, *, unique: bool = True, empty: bool = False) -> list[str]:
    if not isinstance(value, list) or (not empty and not value):
        raise TreeFileProblem(field, _("must be a list of texts") if empty else
                              _("must be a list of texts (at least one)"))
    for i, v in enumerate(value):
        if not isinstance(v, str):
            raise TreeFileProblem(f"{field}[{i}]", _("must be a text, not {v}").format(v=_show(v)))
    if unique and len(set(value)) != len(value):
        seen = set()
        for i, v in enumerate(value):
            if v in seen:
                raise TreeFileProblem(f"{field}[{i}]", _('"{v}" comes twice').format(v=v))
            seen.add(v)
    return value


def _show(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _need(obj: dict, key: str, field: str):
    if key not in obj:
        raise TreeFileProblem(f"{field}.{key}", _("is missing"))
    return obj[key]


# ---- the schema -----------------------------------------------------------------------------


def check_schema(obj) -> None:
    """The stored data schema: what new data is encoded with."""
    if not isinstance(obj, dict):
        raise TreeFileProblem("schema", _("must be an object"))
    if not isinstance(_need(obj, "target", "schema"), str):
        raise TreeFileProblem("schema.target", _("must be a text"))
    _texts(_need(obj, "classes", "schema"), "schema.classes")
    if not isinstance(_need(obj, "ordered", "schema"), bool):
        raise TreeFileProblem("schema.ordered", _("must be true or false"))
    attributes = _need(obj, "attributes", "schema")
    if not isinstance(attributes, list):
        raise TreeFileProblem("schema.attributes", _("must be a list"))
    names = set()
    for j, attr in enumerate(attributes):
        where = f"schema.attributes[{j}]"
        if not isinstance(attr, dict):
            raise TreeFileProblem(where, _("must be an object"))
        name = _need(attr, "name", where)
        if not isinstance(name, str):
            raise TreeFileProblem(f"{where}.name", _("must be a text"))
        if name in names:
            raise TreeFileProblem(f"{where}.name", _('the attribute "{name}" comes twice').format(name=name))
        names.add(name)
        if _need(attr, "kind", where) not in ATTRIBUTE_KINDS:
            raise TreeFileProblem(f"{where}.kind", _("must be one of {choices}").format(
                                                       choices=', '.join(ATTRIBUTE_KINDS)))
        if attr.get("monotone", "none") not in MONOTONE:
            raise TreeFileProblem(f"{where}.monotone", _("must be one of {choices}").format(
                                                           choices=', '.join(MONOTONE)))
        categories = attr.get("categories")
        if categories is not None:
            _texts(categories, f"{where}.categories", empty=True)
        elif attr["kind"] == "nominal":
            raise TreeFileProblem(f"{where}.categories", _("a nominal attribute needs its categories"))
        span = attr.get("range")
        if span is not None and (not isinstance(span, list) or len(span) != 2
                                 or not all(v is None or _is_number(v) for v in span)
                                 or (None not in span and span[0] > span[1])):
            raise TreeFileProblem(f"{where}.range", _("must be two finite numbers, lowest first"))
        if not isinstance(attr.get("integer", False), bool):
            raise TreeFileProblem(f"{where}.integer", _("must be true or false"))


# ---- the tree -------------------------------------------------------------------------------


def check_tree(obj, schema: dict) -> "NodeColumns | None":
    """The stored tree against its (already checked) schema; its nodes as columns (None when they
    were checked one by one)."""
    if not isinstance(obj, dict):
        raise TreeFileProblem("tree", _("must be an object"))
    classes = schema["classes"]
    k = len(classes)
    labels = _texts(_need(obj, "labels", "tree"), "tree.labels")
    if labels[:k] != classes:
        raise TreeFileProblem("tree.labels", _("must start with the classes of the schema, in their order"))
    if PENDING_LABEL in labels:
        raise TreeFileProblem("tree.labels", _('"{label}" is the pending answer, not a label').format(
                                                 label=PENDING_LABEL))
    known_labels = set(labels) | {PENDING_LABEL}
    nodes = _need(obj, "nodes", "tree")
    if not isinstance(nodes, list) or not nodes:
        raise TreeFileProblem("tree.nodes", _("must be a list of nodes (at least the root)"))
    attributes = {a["name"]: a for a in schema["attributes"]}
    n = len(nodes)
    columns = _nodes_are_sound(nodes, k, known_labels, attributes)
    if columns is None:
        _check_nodes(nodes, k, known_labels, attributes)  # names the first problem
    if obj.get("case_values") is not None:
        check_case_values(obj["case_values"], nodes, attributes)
    if obj.get("effective_cases") is not None:
        check_effective_cases(obj["effective_cases"], n)
    if obj.get("seen") is not None:
        check_seen(obj["seen"], nodes, attributes, TreeFileProblem)
    return columns


_NO_CHILDREN: list = []
_NUMBER_TYPES = (int, float)


def _nodes_are_sound(nodes: list, k: int, known_labels: set, attributes: dict) -> "NodeColumns | None":
    """The nodes as columns when every node passes every check `_check_nodes` makes: the same rules over whole
    columns at once (a million nodes in well under a second, where the node-by-node loop takes
    seconds). None says only that some node is not (or may not be) right: `_check_nodes` then
    finds the first problem and names it. Kinds other than leaves and threshold splits are checked
    node by node as there (they are few, and their fields are lists of their own)."""
    try:
        return _sound(nodes, k, known_labels, attributes)
    except (TypeError, ValueError, OverflowError):  # a list where a text belongs (unhashable), ...
        return None


def _sound(nodes: list, k: int, known_labels: set, attributes: dict):
    if set(map(type, nodes)) != {dict}:
        return None
    n = len(nodes)
    # a column per field, each by C calls alone (dict.get mapped over the nodes: no Python per node)
    kinds, counts, labels, children, names, values, origins, locked = (
        list(map(dict.get, nodes, repeat(key), repeat(default))) for key, default in (
            ("kind", None), ("counts", None), ("label", None), ("children", _NO_CHILDREN), ("attribute", None),
            ("threshold", None), ("origin", "learned"), ("locked", False)))
    kind_set = set(kinds)
    if not all(isinstance(kind, str) and kind in _KIND_CHECKS for kind in kind_set):
        return None
    if set(map(type, counts)) != {list} or set(map(len, counts)) != {k}:
        return None
    if not all(isinstance(label, str) and label in known_labels for label in set(labels)):
        return None
    if not set(map(type, children)) <= {list}:
        return None
    sizes = np.fromiter(map(len, children), np.int64, count=n)
    flat = list(chain.from_iterable(children))
    if flat:
        if set(map(type, flat)) != {int}:  # bool is not int here, as _is_int says
            return None
        if max(flat) >= n or min(flat) <= 0:
            return None
        child = np.array(flat, np.int64)
        if np.bincount(child, minlength=n).max() > 1:  # a node with two parents
            return None
    else:
        child = np.zeros(0, np.int64)
    kind_of = np.array([_KIND_CODE[kind] for kind in kinds], np.int8) if len(kind_set) > 1 else \
        np.full(n, _KIND_CODE[kinds[0]], np.int8)
    if ((kind_of == 0) & (sizes != 0)).any() or ((kind_of == 1) & (sizes != 2)).any():
        return None
    split = kind_of == 1
    at = np.flatnonzero(split).tolist()
    pick = itemgetter(*at) if len(at) > 1 else (lambda seq: tuple(seq[i] for i in at))
    names, values = list(pick(names)), list(pick(values))
    if not all(isinstance(name, str) and name in attributes for name in set(names)):
        return None
    threshold = np.zeros(n)
    if values:
        if not set(map(type, values)) <= set(_NUMBER_TYPES):
            return None
        threshold[split] = np.array(values, np.float64)  # an integer beyond any float: OverflowError
        if not np.isfinite(threshold).all():
            return None
    for i in np.flatnonzero(kind_of > 1).tolist():  # the other kinds, as the node-by-node loop checks them
        try:
            _KIND_CHECKS[kinds[i]](nodes[i], f"tree.nodes[{i}]", int(sizes[i]), attributes)
        except TreeFileProblem:
            return None
    if not set(origins) <= set(ORIGINS) or not set(map(type, locked)) <= {bool}:
        return None
    flat_counts = list(chain.from_iterable(counts))
    flat_counts = np.array(flat_counts, np.float64) if set(map(type, flat_counts)) <= set(_NUMBER_TYPES) else None
    with np.errstate(over="ignore"):
        if flat_counts is None or not (np.isfinite(flat_counts).all() and (flat_counts >= 0).all()
                                       and np.isfinite(flat_counts.sum())):
            return None
    # one parent per node, node 0 nobody's child: a tree exactly when no node is left without a
    # parent and following parents from any node ends at the root (no cycle)
    parent = np.full(n, -1, np.int64)
    parent[child] = np.repeat(np.arange(n, dtype=np.int64), sizes)
    if n > 1 and (parent[1:] < 0).any():
        return None
    up = parent.copy()
    up[0] = 0
    for _step in range(max(1, int(n).bit_length() + 1)):  # pointer jumping: 2^steps >= n levels
        up = up[up]
    if not (up == 0).all():
        return None
    return NodeColumns(kind_of, flat_counts.reshape(n, k), labels, children, child, sizes, parent,
                       names, threshold, origins, locked)


@dataclass
class NodeColumns:
    """A checked tree's nodes as columns (what `check_tree` found them to be, so the tree that is
    built from them reads each node's dict no second time): kind codes (engine.tree.nodes), counts
    (nodes, classes), label names, children lists (the file's own), their concatenation and sizes,
    each node's parent (-1 for the root), the threshold splits' attribute names (in node order) and
    every node's threshold (0 elsewhere), origins and locks."""

    kind: np.ndarray
    counts: np.ndarray
    labels: tuple
    children: tuple
    child: np.ndarray
    sizes: np.ndarray
    parent: np.ndarray
    split_attributes: list
    threshold: np.ndarray
    origins: tuple
    locked: tuple


def _check_nodes(nodes: list, k: int, known_labels: set, attributes: dict) -> None:
    """Node by node, in order: the first problem, named by its field."""
    n = len(nodes)
    parent = [-1] * n
    all_counts: list = []
    for i, node in enumerate(nodes):
        where = f"tree.nodes[{i}]"
        if not isinstance(node, dict):
            raise TreeFileProblem(where, _("must be an object"))
        kind = _need(node, "kind", where)
        if not isinstance(kind, str) or kind not in _KIND_CHECKS:
            raise TreeFileProblem(f"{where}.kind", _("must be one of {choices}, not {kind}").format(
                                                       choices=', '.join(_KIND_CHECKS), kind=_show(kind)))
        counts = _need(node, "counts", where)
        if not isinstance(counts, list) or len(counts) != k:
            _bad_counts(i, k)
        all_counts.extend(counts)
        label = _need(node, "label", where)
        if not isinstance(label, str) or label not in known_labels:
            raise TreeFileProblem(f"{where}.label", _("{node} is none of the tree's labels").format(
                                                        node=_show(node['label'])))
        children = node.get("children", [])
        if not isinstance(children, list):
            raise TreeFileProblem(f"{where}.children", _("must be a list of node numbers"))
        for p, c in enumerate(children):
            if not _is_int(c) or not 0 < c < n:
                raise TreeFileProblem(f"{where}.children[{p}]", _("must be a node number from 1 to {value}, not {c}").format(
                                                                    value=n - 1, c=_show(c)))
            if parent[c] >= 0:
                raise TreeFileProblem(f"{where}.children[{p}]",
                                      _("node {c} is already a child of node {parent} (a tree node has one parent)").format(
                                          c=c, parent=parent[c]))
            parent[c] = i
        _KIND_CHECKS[kind](node, where, len(children), attributes)
        if node.get("origin", "learned") not in ORIGINS:
            raise TreeFileProblem(f"{where}.origin", _("must be one of {choices}, not {kind}").format(
                                                         choices=", ".join(ORIGINS), kind=_show(node["origin"])))
        if not isinstance(node.get("locked", False), bool):
            raise TreeFileProblem(f"{where}.locked", _("must be true or false"))
    _check_counts(nodes, all_counts, k)
    _check_reachable(nodes, n)


def check_effective_cases(obj, n: int) -> None:
    """tree.effective_cases (engine.trust.intervals): [[node, n_eff], ...], each node once, n_eff a
    finite number >= 0."""
    where = "tree.effective_cases"
    if not isinstance(obj, list):
        raise TreeFileProblem(where, _("must be a list of [node, effective number of cases] pairs"))
    seen = set()
    for p, pair in enumerate(obj):
        if (not isinstance(pair, list) or len(pair) != 2 or not _is_int(pair[0]) or not 0 <= pair[0] < n
                or pair[0] in seen or not _is_number(pair[1]) or pair[1] < 0):
            raise TreeFileProblem(f"{where}[{p}]", _("must be [node, effective number of cases]: a node number "
                                                     "from 0 to {last} (each once) and a number >= 0").format(last=n - 1))
        seen.add(pair[0])


def check_case_values(obj, nodes: list, attributes: dict) -> None:
    """tree.case_values (engine.tree.case_values): per attribute of the schema, increasing finite
    cuts for a numeric one (none for a category attribute), and per leaf one finite,
    non-negative count per bin (categories, or cuts + 1 intervals); each leaf once."""
    where = "tree.case_values"
    if not isinstance(obj, dict) or not isinstance(obj.get("attributes"), dict):
        raise TreeFileProblem(where, _('must be an object with "attributes"'))
    for name, item in obj["attributes"].items():
        at = f"{where}.attributes.{name}"
        if name not in attributes:
            raise TreeFileProblem(at, _("is not an attribute of the schema"))
        if not isinstance(item, dict):
            raise TreeFileProblem(at, _("must be an object"))
        categories = attributes[name].get("categories")
        if categories is not None:
            if "cuts" in item:
                raise TreeFileProblem(f"{at}.cuts", _("a category attribute has no cuts"))
            size = len(categories)
        else:
            cuts = _need(item, "cuts", at)
            if not isinstance(cuts, list) or not all(_is_number(c) for c in cuts) or any(
                    a >= b for a, b in zip(cuts, cuts[1:])):
                raise TreeFileProblem(f"{at}.cuts", _("must be increasing finite numbers"))
            size = len(cuts) + 1
        leaves = _need(item, "leaves", at)
        if not isinstance(leaves, list):
            raise TreeFileProblem(f"{at}.leaves", _("must be a list of [node, counts]"))
        seen = set()
        for p, entry in enumerate(leaves):
            here = f"{at}.leaves[{p}]"
            if not isinstance(entry, list) or len(entry) != 2:
                raise TreeFileProblem(here, _("must be [node, counts]"))
            node, row = entry
            if not _is_int(node) or not 0 <= node < len(nodes) or nodes[node].get("children") or node in seen:
                raise TreeFileProblem(f"{here}[0]", _("must be a leaf's node number, each leaf once, not {node}").format(
                                                        node=_show(node)))
            seen.add(node)
            if (not isinstance(row, list) or len(row) != size
                    or not all(_is_number(v) and v >= 0 for v in row)):
                raise TreeFileProblem(f"{here}[1]", _("must be {size} finite, non-negative counts (one per bin)").format(
                                                        size=size))


def _bad_counts(i: int, k: int):
    raise TreeFileProblem(f"tree.nodes[{i}].counts", _("must be {k} finite, non-negative numbers (one per class)").format(
                                                         k=k))


def _check_counts(nodes: list, flat: list, k: int) -> None:
    """Every count a finite, non-negative number: all at once (a model may have 100,000 nodes),
    then node by node only to name the first wrong one."""
    if set(map(type, flat)) <= {int, float}:
        try:
            values = np.asarray(flat, dtype=np.float64)
        except OverflowError:  # an integer beyond any float: named below
            values = None
        with np.errstate(over="ignore"):
            if values is not None and np.isfinite(values).all() and (values >= 0).all() \
                    and np.isfinite(values.sum()):
                return
    for i, node in enumerate(nodes):
        counts = node["counts"]
        if not all(_is_number(c) and c >= 0 for c in counts):
            _bad_counts(i, k)
    raise TreeFileProblem("tree.nodes", _("the class counts add up to more than a number can hold"))


def _check_reachable(nodes: list, n: int) -> None:
    """With one parent per node and node 0 nobody's child, the nodes form a tree exactly when
    every node is reachable from node 0 (a cycle or a stray node would not be)."""
    seen = bytearray(n)
    seen[0] = 1
    queue = deque([0])
    while queue:
        for c in nodes[queue.popleft()].get("children", []):
            if not seen[c]:
                seen[c] = 1
                queue.append(c)
    if not all(seen):
        stray = seen.index(0)
        raise TreeFileProblem(f"tree.nodes[{stray}]", _("cannot be reached from the root (node 0): the nodes do "
                                                        "not form one tree"))


# ---- each kind's own fields -----------------------------------------------------------------


def _attribute(node: dict, where: str, attributes: dict, key: str = "attribute") -> dict:
    name = _need(node, key, where)
    if not isinstance(name, str) or name not in attributes:
        raise TreeFileProblem(f"{where}.{key}", _("{name} is not an attribute of the schema").format(
                                                    name=_show(name)))
    return attributes[name]


def _branch_table(node: dict, where: str, n_children: int) -> None:
    branches = _need(node, "branches", where)
    if not isinstance(branches, list):
        raise TreeFileProblem(f"{where}.branches", _("must be a list of child positions"))
    for v, b in enumerate(branches):
        if not _is_int(b) or not -1 <= b < n_children:
            raise TreeFileProblem(f"{where}.branches[{v}]", _("must be a child position from 0 to {value} (or -1: "
                                                              "no branch), not {b}").format(
                                                                value=n_children - 1, b=_show(b)))


def _children(where: str, n_children: int, low: int, high: int | None, kind: str) -> None:
    if n_children < low or (high is not None and n_children > high):
        need = _("at least {low}").format(low=low) if high is None else str(low) if low == high else \
            _("{low} or {high}").format(low=low, high=high)
        raise TreeFileProblem(f"{where}.children", _("a {kind} has {need} children, not {n_children}").format(
                                                       kind=_(kind), need=need, n_children=n_children))


def _leaf(node, where, n_children, attributes):
    _children(where, n_children, 0, 0, N_("leaf"))


def _threshold(node, where, n_children, attributes):
    _children(where, n_children, 2, 2, N_("threshold split"))
    _attribute(node, where, attributes)
    if not _is_number(_need(node, "threshold", where)):
        raise TreeFileProblem(f"{where}.threshold", _("must be a finite number"))


def _category(node, where, n_children, attributes):
    _children(where, n_children, 1, None, N_("category split"))
    attr = _attribute(node, where, attributes)
    _branch_table(node, where, n_children)
    cuts = node.get("cuts")
    if cuts is not None:
        if not isinstance(cuts, list) or not all(_is_number(c) for c in cuts) or any(
                a >= b for a, b in zip(cuts, cuts[1:])):
            raise TreeFileProblem(f"{where}.cuts", _("must be increasing finite numbers"))
        if len(node["branches"]) > len(cuts) + 1:
            raise TreeFileProblem(f"{where}.branches", _("{n_cuts} cuts make {value} intervals, not {n_node}").format(
                                                           n_cuts=len(cuts), value=len(cuts) + 1,
                                                           n_node=len(node['branches'])))
    elif attr.get("categories") is not None and len(node["branches"]) > len(attr["categories"]):
        raise TreeFileProblem(f"{where}.branches", _('"{attr}" has {n_attr} categories, not {n_node}').format(
                                                       attr=attr["name"], n_attr=len(attr["categories"]),
                                                       n_node=len(node['branches'])))


def _fuzzy(node, where, n_children, attributes):
    _children(where, n_children, 1, None, N_("fuzzy split"))
    _attribute(node, where, attributes)
    centres = node.get("centres")
    if centres is not None:
        if (not isinstance(centres, list) or len(centres) != n_children or not all(_is_number(c) for c in centres)
                or any(a >= b for a, b in zip(centres, centres[1:]))):
            raise TreeFileProblem(f"{where}.centres", _("a fuzzy split needs {n_children} increasing centres "
                                                        "(finite numbers, one per child)").format(
                                                          n_children=n_children))
    else:
        _branch_table(node, where, n_children)
    terms = node.get("terms")
    if terms is not None and (not isinstance(terms, list) or len(terms) != n_children
                              or not all(isinstance(t, str) for t in terms)):
        raise TreeFileProblem(f"{where}.terms", _("the term names must be {n_children} texts (one per child)").format(
                                                    n_children=n_children))


def _trichotomy(node, where, n_children, attributes):
    _children(where, n_children, 2, 3, N_("trichotomy split"))
    names = _texts(_need(node, "attributes", where), f"{where}.attributes")
    for p, name in enumerate(names):
        if name not in attributes:
            raise TreeFileProblem(f"{where}.attributes[{p}]", _('"{name}" is not an attribute of the schema').format(
                                                                  name=name))
    weights = _need(node, "weights", where)
    if not isinstance(weights, list) or len(weights) != len(names) or not all(_is_number(w) for w in weights):
        raise TreeFileProblem(f"{where}.weights", _("must be {n_names} finite numbers (one per attribute)").format(
                                                      n_names=len(names)))
    for key in ("low", "high"):
        if not _is_number(_need(node, key, where)):
            raise TreeFileProblem(f"{where}.{key}", _("must be a finite number"))


_KIND_CHECKS = {"leaf": _leaf, "threshold": _threshold, "category": _category, "fuzzy": _fuzzy,
                "trichotomy": _trichotomy}
_KIND_CODE = {"leaf": 0, "threshold": 1, "category": 2, "fuzzy": 3, "trichotomy": 4}  # the fast check's own
