"""What a model has seen (issue 39 item 3): per node, the training cases that reached it, kept in
the model file so that a model opened without its data still knows when a case lies outside them.

Computed once at fit time from the training rows (`engine.trust.novelty.seen_of`) and kept as
``tree.seen``:

    {"policy": "fractional",                      how training cases with a value missing moved
     "cuts": {name: [c1, c2, ...]},               numeric bins of the combinations (the tree's cuts)
     "nodes": [{"node": 0, "cases": 1728,         training rows that reached the node
                "ranges": {name: [low, high]},    numbers: the least and largest known value
                "categories": {name: [text, ...]},  categories: those seen
                "branches": [w0, w1, ...],        inner nodes: the weight of the cases with a known
                "missing": m,                       value down each branch, and of those without one
                "combinations": {"attributes": [name, ...], "seen": [[b, ...], ...]}}, ...]}

- **reached** (cases, ranges, categories, combinations): a training row reaches a node when the
  path's tests send it there; a row whose value a test lacks goes down *every* branch, so what a
  node has seen covers the rows any missing-value policy sends it (no training row is ever
  outside what its own end node has seen);
- the root keeps every attribute (the whole training range: what a margin is a share of); any
  other node the attributes tested on its path and by itself (a leaf: its rule's attributes);
- **branches / missing** (inner nodes): the training rows routed as the learner routed them
  (`policy`: "stay", "fractional" or "heavier"), with their weights: the weight of the rows with
  a usable value down each branch, and of those without one (missing, or a category no branch
  takes). The two add up to the weight of the rows routed to the node, which is the node's count
  for a tree learned (or recounted) under that policy; under "fractional", a case's fractional
  share of a node counts at its fraction, missing or known;
- **combinations** (leaves whose path tests two or more attributes): each training row's tuple
  of bins on those attributes — a category's code, a number's interval between the cuts the tree
  uses on it anywhere (`cuts`), -1 when missing (it matches any value) — unique tuples only.

Bounded: at most MAX_ENTRIES numbers in all; beyond that the inner nodes' ranges are left out
(the root's and the leaves' kept), then the combinations. Read from a stranger's file only after
`check_seen` accepted it (every number finite, every name the schema's, every node a node).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..i18n import _

MAX_ENTRIES = 2_000_000
SEEN_POLICIES = ("stay", "fractional", "heavier", "oriented_heavier")


@dataclass
class NodeSeen:
    cases: int = 0
    ranges: dict[int, tuple[float, float]] = field(default_factory=dict)
    categories: dict[int, frozenset] = field(default_factory=dict)
    branches: list[float] | None = None
    missing: float = 0.0
    combo_attributes: list[int] = field(default_factory=list)
    combos: np.ndarray | None = None  # (m, len(combo_attributes)) int64, -1: missing

    def size(self) -> int:
        return (2 * len(self.ranges) + sum(len(v) for v in self.categories.values())
                + (0 if self.combos is None else self.combos.size))


@dataclass
class Seen:
    policy: str
    cuts: dict[int, np.ndarray]
    nodes: dict[int, NodeSeen]

    def at(self, node_id: int) -> NodeSeen | None:
        return self.nodes.get(node_id)

    def to_json(self, tree, new_id: dict[int, int]) -> dict:
        names = tree.schema.names
        out = []
        for old, item in sorted(self.nodes.items(), key=lambda kv: new_id.get(kv[0], 1 << 60)):
            if old not in new_id:
                continue
            entry: dict = {"node": new_id[old], "cases": int(item.cases)}
            if item.ranges:
                entry["ranges"] = {names[j]: [float(lo), float(hi)] for j, (lo, hi) in sorted(item.ranges.items())}
            if item.categories:
                cats = tree.schema.attributes
                entry["categories"] = {names[j]: [cats[j].categories[c] for c in sorted(codes)]
                                       for j, codes in sorted(item.categories.items())}
            if item.branches is not None:
                entry["branches"] = [float(b) for b in item.branches]
                entry["missing"] = float(item.missing)
            if item.combos is not None:
                entry["combinations"] = {"attributes": [names[j] for j in item.combo_attributes],
                                         "seen": [[int(b) for b in row] for row in item.combos]}
            out.append(entry)
        return {"policy": self.policy, "cuts": {names[j]: [float(c) for c in cuts] for j, cuts in sorted(self.cuts.items())},
                "nodes": out}

    @classmethod
    def from_json(cls, obj: dict, tree) -> "Seen":
        """Read after `check_seen` accepted the object."""
        index = {n: j for j, n in enumerate(tree.schema.names)}
        attrs = tree.schema.attributes
        cuts = {index[n]: np.asarray(c, np.float64) for n, c in (obj.get("cuts") or {}).items()}
        nodes = {}
        for entry in obj["nodes"]:
            item = NodeSeen(cases=int(entry.get("cases", 0)))
            item.ranges = {index[n]: (float(lo), float(hi)) for n, (lo, hi) in (entry.get("ranges") or {}).items()}
            item.categories = {index[n]: frozenset(attrs[index[n]].categories.index(t) for t in texts)
                               for n, texts in (entry.get("categories") or {}).items()}
            if "branches" in entry:
                item.branches = [float(b) for b in entry["branches"]]
                item.missing = float(entry.get("missing", 0.0))
            combos = entry.get("combinations")
            if combos is not None:
                item.combo_attributes = [index[n] for n in combos["attributes"]]
                item.combos = np.asarray(combos["seen"], np.int64).reshape(-1, len(item.combo_attributes))
            nodes[int(entry["node"])] = item
        return cls(obj["policy"], cuts, nodes)


# ---- checks of a stranger's file -----------------------------------------------------------


def _finite(v) -> bool:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    try:
        return math.isfinite(v)
    except OverflowError:
        return False


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_seen(obj, nodes: list, attributes: dict, problem) -> None:
    """tree.seen (module docstring) as it stands in a file; `problem(field, message)` makes the
    error (engine.tree.check.TreeFileProblem). Every node once, every attribute the schema's,
    every range two finite numbers low <= high, every category one of the attribute's, branch
    weights one finite non-negative number per child, combinations whole numbers from -1 below
    each attribute's bin count."""
    where = "tree.seen"
    if not isinstance(obj, dict) or not isinstance(obj.get("nodes"), list):
        raise problem(where, _('must be an object with "nodes"'))
    if obj.get("policy") not in SEEN_POLICIES:
        raise problem(f"{where}.policy", _("must be one of {choices}").format(choices=", ".join(SEEN_POLICIES)))
    cuts = obj.get("cuts", {})
    if not isinstance(cuts, dict):
        raise problem(f"{where}.cuts", _("must be an object"))
    for name, values in cuts.items():
        if name not in attributes or attributes[name].get("categories") is not None:
            raise problem(f"{where}.cuts.{name}", _("is not a numeric attribute of the schema"))
        if not isinstance(values, list) or not all(_finite(c) for c in values) or any(
                a >= b for a, b in zip(values, values[1:])):
            raise problem(f"{where}.cuts.{name}", _("must be increasing finite numbers"))
    done = set()
    for p, entry in enumerate(obj["nodes"]):
        at = f"{where}.nodes[{p}]"
        if not isinstance(entry, dict):
            raise problem(at, _("must be an object"))
        node = entry.get("node")
        if not _whole(node) or not 0 <= node < len(nodes) or node in done:
            raise problem(f"{at}.node", _("must be a node number, each node once"))
        done.add(node)
        if not _whole(entry.get("cases", 0)) or entry.get("cases", 0) < 0:
            raise problem(f"{at}.cases", _("must be a whole number from 0"))
        ranges = entry.get("ranges", {})
        if not isinstance(ranges, dict):
            raise problem(f"{at}.ranges", _("must be an object"))
        for name, pair in ranges.items():
            if name not in attributes or attributes[name].get("categories") is not None:
                raise problem(f"{at}.ranges.{name}", _("is not a numeric attribute of the schema"))
            if not isinstance(pair, list) or len(pair) != 2 or not all(_finite(v) for v in pair) or pair[0] > pair[1]:
                raise problem(f"{at}.ranges.{name}", _("must be [low, high], two finite numbers"))
        categories = entry.get("categories", {})
        if not isinstance(categories, dict):
            raise problem(f"{at}.categories", _("must be an object"))
        for name, texts in categories.items():
            known = (attributes.get(name) or {}).get("categories")
            if known is None:
                raise problem(f"{at}.categories.{name}", _("is not a category attribute of the schema"))
            if not isinstance(texts, list) or not all(isinstance(t, str) and t in known for t in texts):
                raise problem(f"{at}.categories.{name}", _("must list categories of the attribute"))
        children = nodes[node].get("children") or []
        if "branches" in entry:
            branches = entry["branches"]
            if (not isinstance(branches, list) or len(branches) != len(children)
                    or not all(_finite(b) and b >= 0 for b in branches)):
                raise problem(f"{at}.branches", _("must be one finite, non-negative weight per child"))
            if not _finite(entry.get("missing")) or entry["missing"] < 0:
                raise problem(f"{at}.missing", _("must be a finite, non-negative weight"))
        combos = entry.get("combinations")
        if combos is not None:
            names = combos.get("attributes") if isinstance(combos, dict) else None
            if not isinstance(names, list) or not names or not all(isinstance(n, str) and n in attributes
                                                                   for n in names) or len(set(names)) != len(names):
                raise problem(f"{at}.combinations.attributes", _("must name attributes of the schema, each once"))
            sizes = [len(attributes[n]["categories"]) if attributes[n].get("categories") is not None
                     else len(cuts.get(n, [])) + 1 for n in names]
            rows = combos.get("seen")
            if not isinstance(rows, list) or not all(
                    isinstance(r, list) and len(r) == len(names)
                    and all(_whole(b) and -1 <= b < s for b, s in zip(r, sizes)) for r in rows):
                raise problem(f"{at}.combinations.seen", _("must be lists of bin numbers, one per attribute"))
