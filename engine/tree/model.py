"""The one tree model every algorithm produces.

A `Tree` is a list of nodes (node 0 is the root); children are node ids. Every
node, internal or leaf, keeps its weighted class distribution `counts` (over
the K classes of the schema) and its own `label` — an index into
`tree.labels` (the classes first, then any coarser hierarchy labels), or
`PENDING`. That lets a case stop at any node (unknown attribute) and lets the
consultation show a tentative answer at every step.

The node kinds, and what each knows of itself (routing a case, describing its
branches, its JSON and compiled form), are in `engine.tree.nodes`.

Fuzzy trees also need two settings of the whole tree, stored in the model
file: the t-norm that combines the memberships along a path (`product`, the
default, or `minimum`) and how the reached leaves are aggregated into an
answer (`distribution`: the sum of firing strength x leaf distribution;
`label_sum`: each leaf's label gets its firing strength, summed; `label_max`:
the largest firing strength per label, as a rule base).

`compile()` turns the nodes into parallel arrays for fast batch prediction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..data.encode import DataSchema
from .case_values import CaseValues
from .check import NodeColumns
from . import columns as columns_module
from .columns import Columns, LazyNodes
from .seen import Seen
from .nodes import (
    CATEGORY,
    FUZZY,
    KIND_CODES,
    KIND_NAMES,
    LEAF,
    NODE_CLASSES,
    NODE_KINDS,
    PENDING,
    THRESHOLD,
    TRICHOTOMY,
    CategorySplit,
    FuzzySplit,
    Leaf,
    Node,
    ThresholdSplit,
    TrichotomySplit,
    triangular_memberships,
)

__all__ = ["CATEGORY", "FUZZY", "KIND_CODES", "KIND_NAMES", "LEAF", "NODE_CLASSES", "NODE_KINDS", "PENDING",
           "THRESHOLD", "TRICHOTOMY", "CategorySplit", "FuzzySplit", "Leaf", "Node", "ThresholdSplit",
           "TrichotomySplit", "triangular_memberships", "Tree", "CompiledTree", "MIXED", "PENDING_LABEL",
           "NOMINAL_KIND", "TNORMS", "AGGREGATES"]

NOMINAL_KIND = "nominal"  # attribute kind whose values are category codes

MIXED = -2  # single_label_below: the leaves below disagree
PENDING_LABEL = "PENDING"

TNORMS = ("product", "minimum")
AGGREGATES = ("distribution", "label_sum", "label_max")


class Tree:
    """Nodes plus what is needed to read them: the data schema and the label names."""

    def __init__(self, schema: DataSchema, labels: list[str] | None = None, *, tnorm: str = "product",
                 aggregate: str = "distribution", answer_as: list[int] | None = None,
                 label_costs: np.ndarray | None = None):
        self.schema = schema
        self.labels = list(labels) if labels is not None else list(schema.classes)
        self.nodes: list[Node] = []
        self.tnorm = tnorm  # combines memberships along a path (fuzzy trees)
        self.aggregate = aggregate  # turns the reached leaves into an answer (fuzzy trees)
        # with the distribution aggregate: the label each class's score counts for (a tree that
        # answers at one level of a class hierarchy); None: every class for itself
        self.answer_as = None if answer_as is None else [int(a) for a in answer_as]
        # label_costs[i][j]: the cost of answering class j for a case of class i (K x K), set by
        # the learners that label by least expected cost: a case spread over several leaves
        # (fractional missing values) then takes the class of least expected cost under its
        # summed distribution too; None: the largest share
        self.label_costs = None if label_costs is None else np.asarray(label_costs, dtype=np.float64)
        self._compiled = None
        self._below = None
        self._columns = None  # a tree read from a file: its nodes as columns (engine.tree.columns)
        # per leaf, how its training cases' values fall (engine.tree.case_values; planning reads it)
        self.case_values = None
        # per node id whose effective number of training cases (Kish's, weighted cases) differs
        # from its weight: that number; {} every node's is its weight; None: never counted (a
        # model without its training rows). engine.trust.intervals counts and reads it.
        self.effective_cases: dict[int, float] | None = None
        # per node, what its training cases were (engine.tree.seen; the trust layer's novelty reads it)
        self.seen = None

    # ---- construction ----------------------------------------------------

    @property
    def n_classes(self) -> int:
        return len(self.schema.classes)

    def add(self, node: Node, parent: int = -1) -> int:
        node.parent = parent
        node.counts = np.asarray(node.counts, dtype=np.float64)
        self.nodes.append(node)
        self._compiled = None
        self._below = None
        self._columns = None
        return len(self.nodes) - 1

    def replace(self, node_id: int, node: Node) -> None:
        node.parent = self.nodes[node_id].parent
        node.counts = np.asarray(node.counts, dtype=np.float64)
        self.nodes[node_id] = node
        self._compiled = None
        self._below = None
        self._columns = None

    def changed(self) -> None:
        self._compiled = None
        self._below = None
        self._columns = None

    def columns(self) -> "Columns | None":
        """The tree's nodes as columns while they still describe every node (engine.tree.columns),
        else None (and forgotten: the Node objects answer from then on)."""
        cols = self._columns
        if cols is not None and not (isinstance(self.nodes, LazyNodes) and len(self.nodes) == cols.n
                                     and cols.still_describe(self.nodes.made)):
            cols = self._columns = None
        return cols

    # ---- reading ---------------------------------------------------------

    def __len__(self) -> int:
        return len(self.nodes)

    @property
    def root(self) -> Node:
        return self.nodes[0]

    def reachable(self) -> list[int]:
        """Node ids reachable from the root, depth-first, children in order."""
        cols = self.columns()
        if cols is not None:
            return cols.preorder().tolist()
        out, stack = [], [0]
        while stack:
            i = stack.pop()
            out.append(i)
            stack.extend(reversed(self.nodes[i].children))
        return out

    def leaves(self) -> list[int]:
        """Leaf ids reachable from the root, depth-first (from the columns, making no Node, while
        the tree has them)."""
        cols = self.columns()
        if cols is not None:
            order = cols.preorder()
            return order[cols.sizes[order] == 0].tolist()
        return [i for i in self.reachable() if self.nodes[i].is_leaf]

    @property
    def n_leaves(self) -> int:
        return len(self.leaves())

    @property
    def edited(self) -> bool:
        """The expert made or locked a node of this tree (engine.edits)."""
        return any(self.nodes[i].origin != "learned" or self.nodes[i].locked for i in self.reachable())

    @property
    def n_single_case_leaves(self) -> int:
        """Leaves that hold one training case (weight in (0, 2): with unit case weights, exactly
        one case, as seed 001 reports them beside the leaves; with C4.5's fractional cases, one
        case and the small shares of cases whose value was missing — 1.01 is one case too)."""
        return sum(1 for i in self.leaves() if 0.0 < self.nodes[i].weight < 2.0 - 1e-9)

    @property
    def depth(self) -> int:
        """Longest root-to-leaf path in edges."""
        cols = self.columns()
        if cols is not None:
            return cols.depth()
        best, stack = 0, [(0, 0)]
        while stack:
            i, d = stack.pop()
            best = max(best, d)
            stack.extend((c, d + 1) for c in self.nodes[i].children)
        return best

    def single_label_below(self) -> np.ndarray:
        """Per node: the label every leaf below it carries, or MIXED when they differ
        (computed once per tree; a consultation's end rule reads it)."""
        cols = self.columns() if self._below is None else None
        if cols is not None:
            self._below = cols.single_label_below(MIXED)
        if self._below is None:
            below = np.full(len(self.nodes), MIXED, dtype=np.int64)
            for i in reversed(self.reachable()):  # children before parents
                node = self.nodes[i]
                if node.is_leaf:
                    below[i] = node.label
                else:
                    first = below[node.children[0]]
                    same = all(below[c] == first for c in node.children)
                    below[i] = first if same else MIXED
            self._below = below
        return self._below

    def label_name(self, label: int) -> str:
        return PENDING_LABEL if label == PENDING else self.labels[label]

    def path_to(self, node_id: int) -> list[int]:
        path = [node_id]
        while self.nodes[path[-1]].parent >= 0:
            path.append(self.nodes[path[-1]].parent)
        return path[::-1]

    def attribute_name(self, j: int) -> str:
        return self.schema.attributes[j].name

    # ---- JSON ------------------------------------------------------------

    def to_json(self) -> dict:
        """Nodes reachable from the root, renumbered depth-first; exact round trip.
        The fuzzy settings are written only when they differ from the defaults."""
        order = self.reachable()
        new_id = {old: new for new, old in enumerate(order)}
        names = self.schema.names
        nodes = []
        for old in order:
            node = self.nodes[old]
            item = {"kind": KIND_NAMES[node.kind], "counts": [float(c) for c in node.counts],
                    "label": self.label_name(node.label)}
            if node.children:
                item["children"] = [new_id[c] for c in node.children]
            item.update(node.json_fields(names))
            if node.origin != "learned":
                item["origin"] = node.origin
            if node.locked:
                item["locked"] = True
            nodes.append(item)
        out = {"labels": list(self.labels), "nodes": nodes}
        if self.tnorm != "product" or self.aggregate != "distribution" or self.answer_as is not None:
            out["fuzzy"] = {"tnorm": self.tnorm, "aggregate": self.aggregate}
            if self.answer_as is not None:
                out["fuzzy"]["answer_as"] = [self.labels[a] for a in self.answer_as]
        if self.label_costs is not None:
            out["label_costs"] = [[float(v) for v in row] for row in self.label_costs]
        if self.case_values is not None:
            out["case_values"] = self.case_values.to_json(self, new_id)
        if self.effective_cases is not None:
            out["effective_cases"] = sorted([new_id[i], float(v)] for i, v in self.effective_cases.items()
                                            if i in new_id)
        if self.seen is not None:
            out["seen"] = self.seen.to_json(self, new_id)
        return out

    @classmethod
    def from_json(cls, obj: dict, schema: DataSchema, columns: NodeColumns | None = None) -> "Tree":
        """The tree of a model file. With `columns` (what engine.tree.check found the checked nodes
        to be) no Node is made up front: `tree.nodes` makes each on first reading (engine.tree.columns)."""
        fuzzy = obj.get("fuzzy") or {}
        tnorm, aggregate = fuzzy.get("tnorm", "product"), fuzzy.get("aggregate", "distribution")
        if tnorm not in TNORMS or aggregate not in AGGREGATES:
            raise ValueError(f"unknown fuzzy settings (t-norm {tnorm!r}, aggregation {aggregate!r})")
        tree = cls(schema, obj["labels"], tnorm=tnorm, aggregate=aggregate)
        index = {name: j for j, name in enumerate(schema.names)}
        label_index = {name: i for i, name in enumerate(tree.labels)}
        answer_as = fuzzy.get("answer_as")
        if answer_as is not None:
            if (not isinstance(answer_as, list) or len(answer_as) != len(schema.classes)
                    or any(not isinstance(a, str) or a not in label_index for a in answer_as)):
                raise ValueError("fuzzy.answer_as must name one of the tree's labels for every class")
            tree.answer_as = [label_index[a] for a in answer_as]
        costs = obj.get("label_costs")
        if costs is not None:
            k = len(schema.classes)
            if (not isinstance(costs, list) or len(costs) != k
                    or any(not isinstance(row, list) or len(row) != k for row in costs)
                    or any(isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)
                           for row in costs for v in row)):
                raise ValueError(f"label_costs must be {k} rows of {k} finite numbers (one per class)")
            tree.label_costs = np.array(costs, dtype=np.float64)
        label_index[PENDING_LABEL] = PENDING
        if columns is not None:
            tree._from_columns(obj["nodes"], columns, index, label_index)
        else:
            tree._from_items(obj["nodes"], index, label_index)
        if obj.get("case_values") is not None:
            tree.case_values = CaseValues.from_json(obj["case_values"], tree)
        if obj.get("effective_cases") is not None:
            tree.effective_cases = {int(i): float(v) for i, v in obj["effective_cases"]}
        if obj.get("seen") is not None:
            tree.seen = Seen.from_json(obj["seen"], tree)
        return tree

    def _from_columns(self, items: list, columns: NodeColumns, index: dict, label_index: dict) -> None:
        n = len(items)
        label = _codes(columns.labels, label_index)
        counts = columns.counts
        parent = columns.parent
        children, origins, locked = columns.children, columns.origins, columns.locked
        feature = np.full(n, -1, np.int64)
        split = columns.kind == THRESHOLD
        if split.any():
            feature[split] = _codes(columns.split_attributes, index)
        kinds = {code: NODE_CLASSES[code] for code in (LEAF, THRESHOLD)}

        def make(i: int) -> Node:
            cls_ = kinds.get(int(columns.kind[i]))
            common = dict(counts=counts[i], label=int(label[i]), children=list(children[i]), origin=origins[i],
                          locked=bool(locked[i]))
            if cls_ is None:  # the other kinds: as the file-by-item reader makes them
                node = NODE_KINDS[items[i]["kind"]].from_json_fields(items[i], index, common)
            elif cls_ is ThresholdSplit:
                node = ThresholdSplit(**common, feature=int(feature[i]), threshold=float(columns.threshold[i]))
            else:
                node = Leaf(**common)
            node.parent = int(parent[i])
            return node

        cols = Columns(columns.kind, label, counts, children, columns.child, columns.sizes, parent, feature,
                       columns.threshold)
        if n < columns_module.LAZY_FROM or cols.levels() is None:  # small or deep: Node objects at once
            self.nodes = [make(i) for i in range(n)]
            return
        self.nodes = LazyNodes(n, make)
        for i in np.flatnonzero(columns.kind > THRESHOLD).tolist():  # their own fields are read now: a
            self.nodes[i]  # damaged one is the file's error at once, not later
        self._columns = cols

    def _from_items(self, items: list, index: dict, label_index: dict) -> None:
        tree = self
        schema = self.schema
        parents = {}
        for i, item in enumerate(items):
            for c in item.get("children", []):
                parents[c] = i
        # every node's counts parsed at once (rows of one array: each node owns its row)
        k = len(schema.classes)
        all_counts = np.array([item["counts"] for item in items], dtype=np.float64).reshape(len(items), k)
        for i, item in enumerate(items):
            common = dict(counts=all_counts[i], label=label_index[item["label"]],
                          children=list(item.get("children", [])), origin=item.get("origin", "learned"),
                          locked=bool(item.get("locked", False)))
            node = NODE_KINDS[item["kind"]].from_json_fields(item, index, common)
            tree.add(node, parents.get(i, -1))

    # ---- compiled form -----------------------------------------------------

    def compile(self) -> "CompiledTree":
        if self._compiled is None:
            self._compiled = CompiledTree.from_tree(self)
        return self._compiled


@dataclass
class CompiledTree:
    """Parallel arrays over node ids for Numba prediction kernels.

    children of node i: child_index[child_start[i] : child_start[i] + child_count[i]];
    category nodes: branch of code c is cat_branch[cat_start[i] + c] (c < cat_count[i]);
    trichotomy nodes: features/weights in tri_*[tri_start[i] : tri_start[i] + tri_count[i]],
    low in threshold[i], high in threshold2[i]; fuzzy numeric nodes: centres in
    centres[fz_start[i] : fz_start[i] + child_count[i]].
    """

    kind: np.ndarray
    feature: np.ndarray
    threshold: np.ndarray
    threshold2: np.ndarray
    child_start: np.ndarray
    child_count: np.ndarray
    child_index: np.ndarray
    cat_start: np.ndarray
    cat_count: np.ndarray
    cat_branch: np.ndarray
    tri_start: np.ndarray
    tri_count: np.ndarray
    tri_feature: np.ndarray
    tri_weight: np.ndarray
    fz_start: np.ndarray
    centres: np.ndarray
    counts: np.ndarray
    label: np.ndarray
    cut_start: np.ndarray  # interval splits: cuts in cuts[cut_start[i] : cut_start[i] + cut_count[i]]
    cut_count: np.ndarray
    cuts: np.ndarray
    majority_child: np.ndarray  # child position with the most training weight (-1 for leaves)
    dist_source: np.ndarray  # node whose counts give the scores: itself, or the nearest ancestor with weight

    @classmethod
    def from_tree(cls, tree: Tree) -> "CompiledTree":
        cols = tree.columns()
        if cols is not None and cols.thresholds_only:
            return cls.from_columns(tree, cols)
        n = len(tree.nodes)
        c = _Buffers(n, tree.n_classes)
        nodes = tree.nodes
        # whole columns at once, then one light pass per node (a million nodes: seconds, not a minute)
        if n:
            c.counts[:] = np.array([node.counts for node in nodes], np.float64).reshape(n, tree.n_classes)
        c.kind[:] = [node.kind for node in nodes]
        c.label[:] = [node.label for node in nodes]
        sizes = [len(node.children) for node in nodes]
        c.child_count[:] = sizes
        c.child_start[:] = np.concatenate(([0], np.cumsum(sizes, dtype=np.int64)[:-1])) if n else []
        weight = np.sum(c.counts, axis=1).tolist()  # as Node.weight: the sum of the counts
        majority = c.majority
        children = c.children
        for i, node in enumerate(nodes):
            kids = node.children
            if kids:
                children.extend(kids)
                if len(kids) == 2:  # np.argmax: the first largest
                    majority[i] = 1 if weight[kids[1]] > weight[kids[0]] else 0
                else:
                    majority[i] = int(np.argmax([weight[ch] for ch in kids]))
            if node.kind != LEAF:
                node.compile_into(c, i)
        order = tree.reachable()
        dist_source = np.arange(n)
        for i in order:  # parents before children
            parent = nodes[i].parent
            if parent >= 0 and weight[i] <= 0:
                dist_source[i] = dist_source[parent]
        compiled = cls(c.kind, c.feature, c.threshold, c.threshold2, c.child_start, c.child_count,
                       np.asarray(c.children, np.int64), c.cat_start, c.cat_count, np.asarray(c.cats, np.int64),
                       c.tri_start, c.tri_count, np.asarray(c.tri_f, np.int64), np.asarray(c.tri_w, np.float64),
                       c.fz_start, np.asarray(c.centres, np.float64), c.counts, c.label, c.cut_start, c.cut_count,
                       np.asarray(c.cut_values, np.float64), c.majority, dist_source)
        compiled.n_features = len(tree.schema.attributes)
        compiled.parent = np.array([node.parent for node in tree.nodes], np.int64)
        compiled.preorder = np.asarray(order, np.int64)  # parents before children
        return compiled

    @classmethod
    def from_columns(cls, tree: Tree, cols: Columns) -> "CompiledTree":
        """from_tree for a tree of leaves and threshold splits still described by its columns: the
        same arrays, computed over whole columns (no Node object made)."""
        n = cols.n
        c = _Buffers(n, tree.n_classes)
        c.counts[:] = cols.counts
        c.kind[:] = cols.kind
        c.label[:] = cols.label
        c.child_count[:] = cols.sizes
        c.child_start[:] = cols.start
        c.feature[:] = cols.feature
        c.threshold[:] = cols.threshold
        empty_i, empty_f = np.zeros(0, np.int64), np.zeros(0, np.float64)
        compiled = cls(c.kind, c.feature, c.threshold, c.threshold2, c.child_start, c.child_count,
                       cols.child.astype(np.int64, copy=True), c.cat_start, c.cat_count, empty_i,
                       c.tri_start, c.tri_count, empty_i.copy(), empty_f, c.fz_start, empty_f.copy(), c.counts,
                       c.label, c.cut_start, c.cut_count, empty_f.copy(), cols.majority(), cols.dist_source())
        compiled.n_features = len(tree.schema.attributes)
        compiled.parent = cols.parent.astype(np.int64, copy=True)
        compiled.preorder = cols.preorder().copy()
        return compiled

    @property
    def has_fuzzy(self) -> bool:
        return bool((self.kind == FUZZY).any())

    def __post_init__(self):
        self.thresholds_only = bool(np.isin(self.kind, (LEAF, THRESHOLD)).all())
        # each node's answer as scores (its class distribution, or its nearest weighted ancestor's,
        # normalised): computed once, so a prediction gathers one row per case
        counts = self.counts[self.dist_source]
        total = counts.sum(axis=1, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            self.scores = np.where(total > 0, counts / np.where(total > 0, total, 1), 0.0)
        # binary children for the threshold-only kernel (-1 for leaves)
        self.left = np.full(len(self.kind), -1, np.int64)
        self.right = np.full(len(self.kind), -1, np.int64)
        internal = self.child_count >= 2
        self.left[internal] = self.child_index[self.child_start[internal]]
        self.right[internal] = self.child_index[self.child_start[internal] + 1]
        self._tested = None

    def tested(self) -> np.ndarray:
        """(nodes, attributes): tested by a strict ancestor (threshold trees)."""
        if self._tested is None:
            # deferred: loads the Numba kernels (not on this command's light path)
            from ..kernels.traverse import path_attributes

            self._tested = path_attributes(self.parent, self.feature, self.preorder, self.n_features)
        return self._tested


class _Buffers:
    """The arrays a CompiledTree is made of, while the nodes write themselves in (Node.compile_into)."""

    def __init__(self, n: int, n_classes: int):
        self.kind = np.zeros(n, np.int8)
        self.feature = np.full(n, -1, np.int64)
        self.threshold = np.zeros(n)
        self.threshold2 = np.zeros(n)
        self.child_start = np.zeros(n, np.int64)
        self.child_count = np.zeros(n, np.int64)
        self.cat_start = np.zeros(n, np.int64)
        self.cat_count = np.zeros(n, np.int64)
        self.tri_start = np.zeros(n, np.int64)
        self.tri_count = np.zeros(n, np.int64)
        self.fz_start = np.zeros(n, np.int64)
        self.cut_start = np.zeros(n, np.int64)
        self.cut_count = np.zeros(n, np.int64)
        self.majority = np.full(n, -1, np.int64)
        self.counts = np.zeros((n, n_classes))
        self.label = np.zeros(n, np.int64)
        self.children: list[int] = []
        self.cats: list[int] = []
        self.tri_f: list[int] = []
        self.tri_w: list[float] = []
        self.centres: list[float] = []
        self.cut_values: list[float] = []


def _codes(names, index: dict) -> np.ndarray:
    """Each name's code in `index` (names already checked)."""
    return np.fromiter(map(index.__getitem__, names), np.int64, count=len(names))
