"""The one tree model every algorithm produces.

A `Tree` is a list of nodes (node 0 is the root); children are node ids. Every
node, internal or leaf, keeps its weighted class distribution `counts` (over
the K classes of the schema) and its own `label` — an index into
`tree.labels` (the classes first, then any coarser hierarchy labels), or
`PENDING`. That lets a case stop at any node (unknown attribute) and lets the
consultation show a tentative answer at every step.

Node kinds (ARCHITECTURE.md):

- `Leaf`
- `ThresholdSplit`: x[a] <= t -> children[0], else children[1]
- `CategorySplit`: x[a] == v -> children[branches[v]] (branches[v] = -1: no
  branch for that value, the case stops here); with `cuts` (a discretised
  numeric attribute) v is the interval index: the number of cuts below x[a],
  intervals (cuts[i-1], cuts[i]]
- `FuzzySplit`: membership of x[a] in each triangular term (centres m_1 <
  ... < m_k, seed 002 Def. 2) -> the case goes down every child with that
  weight; a nominal attribute has one crisp term per value (`branches`)
- `TrichotomySplit`: s = w . x over `features`; s <= low -> children[0],
  s >= high -> children[1], else children[2] (next stage or PENDING leaf)

`compile()` turns the nodes into parallel arrays for fast batch prediction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..data.encode import DataSchema

NOMINAL_KIND = "nominal"  # attribute kind whose values are category codes

PENDING = -1
MIXED = -2  # single_label_below: the leaves below disagree
PENDING_LABEL = "PENDING"

LEAF, THRESHOLD, CATEGORY, FUZZY, TRICHOTOMY = 0, 1, 2, 3, 4
KIND_NAMES = {LEAF: "leaf", THRESHOLD: "threshold", CATEGORY: "category", FUZZY: "fuzzy",
              TRICHOTOMY: "trichotomy"}
KIND_CODES = {v: k for k, v in KIND_NAMES.items()}


@dataclass(eq=False)
class Node:
    counts: np.ndarray  # weighted class distribution, length K
    label: int  # index into Tree.labels, or PENDING
    children: list[int] = field(default_factory=list)
    parent: int = -1
    kind = LEAF

    @property
    def is_leaf(self) -> bool:
        return not self.children

    @property
    def weight(self) -> float:
        return float(np.sum(self.counts))

    def attributes(self) -> list[int]:
        """Attributes (schema indices) this node tests."""
        return []


@dataclass(eq=False)
class Leaf(Node):
    kind = LEAF


@dataclass(eq=False)
class ThresholdSplit(Node):
    feature: int = -1
    threshold: float = 0.0
    kind = THRESHOLD

    def attributes(self):
        return [self.feature]


@dataclass(eq=False)
class CategorySplit(Node):
    feature: int = -1
    branches: list[int] = field(default_factory=list)  # category code -> child position (-1: none)
    cuts: list[float] | None = None  # numeric intervals: code = number of cuts below the value
    kind = CATEGORY

    def code(self, value: float) -> int:
        """Category code of a value (interval index when the split has cuts); -1 if unknown."""
        if value != value:
            return -1
        if self.cuts is not None:
            return int(np.searchsorted(np.asarray(self.cuts), value, side="left"))
        return int(value)

    def attributes(self):
        return [self.feature]


@dataclass(eq=False)
class FuzzySplit(Node):
    feature: int = -1
    centres: list[float] | None = None  # numeric: sorted term centres, one child per term
    branches: list[int] | None = None  # nominal: category code -> child position
    kind = FUZZY

    def attributes(self):
        return [self.feature]

    def memberships(self, value: float) -> np.ndarray:
        """Membership of `value` in each term (sums to 1; NaN -> all NaN)."""
        k = len(self.children)
        if value != value:
            return np.full(k, np.nan)
        if self.centres is None:
            out = np.zeros(k)
            branch = self.branches[int(value)] if 0 <= int(value) < len(self.branches) else -1
            if branch < 0:
                return np.full(k, np.nan)
            out[branch] = 1.0
            return out
        return triangular_memberships(np.asarray([value]), np.asarray(self.centres))[0]


@dataclass(eq=False)
class TrichotomySplit(Node):
    features: list[int] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)
    low: float = 0.0  # a: s <= a -> children[0]
    high: float = 0.0  # b: s >= b -> children[1]; otherwise children[2]
    kind = TRICHOTOMY

    def attributes(self):
        return list(self.features)

    def score(self, x: np.ndarray) -> float:
        return float(np.dot(np.asarray(self.weights), x[np.asarray(self.features, dtype=np.int64)]))


NODE_CLASSES = {LEAF: Leaf, THRESHOLD: ThresholdSplit, CATEGORY: CategorySplit, FUZZY: FuzzySplit,
                TRICHOTOMY: TrichotomySplit}


def triangular_memberships(values: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Memberships (n, k) of values in triangular terms over sorted centres.

    T_1 is 1 below m_1 and falls to 0 at m_2; T_i rises from m_{i-1} to m_i and
    falls to m_{i+1}; T_k rises from m_{k-1} and is 1 above m_k. For any value
    the memberships sum to 1. NaN values give NaN rows.
    """
    values = np.asarray(values, dtype=np.float64)
    m = np.asarray(centres, dtype=np.float64)
    k = len(m)
    out = np.zeros((len(values), k))
    if k == 1:
        out[:, 0] = 1.0
    else:
        for i in range(k):
            mu = np.ones(len(values))
            if i > 0:
                rise = (values - m[i - 1]) / (m[i] - m[i - 1])
                mu = np.where(values < m[i], np.clip(rise, 0.0, 1.0), mu)
            if i < k - 1:
                fall = (m[i + 1] - values) / (m[i + 1] - m[i])
                mu = np.where(values > m[i], np.clip(fall, 0.0, 1.0), mu)
            out[:, i] = mu
    out[np.isnan(values)] = np.nan
    return out


class Tree:
    """Nodes plus what is needed to read them: the data schema and the label names."""

    def __init__(self, schema: DataSchema, labels: list[str] | None = None):
        self.schema = schema
        self.labels = list(labels) if labels is not None else list(schema.classes)
        self.nodes: list[Node] = []
        self._compiled = None
        self._below = None

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
        return len(self.nodes) - 1

    def replace(self, node_id: int, node: Node) -> None:
        node.parent = self.nodes[node_id].parent
        node.counts = np.asarray(node.counts, dtype=np.float64)
        self.nodes[node_id] = node
        self._compiled = None
        self._below = None

    def changed(self) -> None:
        self._compiled = None
        self._below = None

    # ---- reading ---------------------------------------------------------

    def __len__(self) -> int:
        return len(self.nodes)

    @property
    def root(self) -> Node:
        return self.nodes[0]

    def reachable(self) -> list[int]:
        """Node ids reachable from the root, depth-first, children in order."""
        out, stack = [], [0]
        while stack:
            i = stack.pop()
            out.append(i)
            stack.extend(reversed(self.nodes[i].children))
        return out

    def leaves(self) -> list[int]:
        return [i for i in self.reachable() if self.nodes[i].is_leaf]

    @property
    def n_leaves(self) -> int:
        return len(self.leaves())

    @property
    def depth(self) -> int:
        """Longest root-to-leaf path in edges."""
        best, stack = 0, [(0, 0)]
        while stack:
            i, d = stack.pop()
            best = max(best, d)
            stack.extend((c, d + 1) for c in self.nodes[i].children)
        return best

    def single_label_below(self) -> np.ndarray:
        """Per node: the label every leaf below it carries, or MIXED when they differ
        (computed once per tree; a consultation's end rule reads it)."""
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
        """Nodes reachable from the root, renumbered depth-first; exact round trip."""
        order = self.reachable()
        new_id = {old: new for new, old in enumerate(order)}
        nodes = []
        for old in order:
            node = self.nodes[old]
            item = {"kind": KIND_NAMES[node.kind], "counts": [float(c) for c in node.counts],
                    "label": self.label_name(node.label)}
            if node.children:
                item["children"] = [new_id[c] for c in node.children]
            if isinstance(node, ThresholdSplit):
                item.update(attribute=self.attribute_name(node.feature), threshold=float(node.threshold))
            elif isinstance(node, CategorySplit):
                item.update(attribute=self.attribute_name(node.feature), branches=list(node.branches))
                if node.cuts is not None:
                    item["cuts"] = [float(c) for c in node.cuts]
            elif isinstance(node, FuzzySplit):
                item["attribute"] = self.attribute_name(node.feature)
                if node.centres is not None:
                    item["centres"] = [float(c) for c in node.centres]
                else:
                    item["branches"] = list(node.branches)
            elif isinstance(node, TrichotomySplit):
                item.update(attributes=[self.attribute_name(j) for j in node.features],
                            weights=[float(w) for w in node.weights], low=float(node.low),
                            high=float(node.high))
            nodes.append(item)
        return {"labels": list(self.labels), "nodes": nodes}

    @classmethod
    def from_json(cls, obj: dict, schema: DataSchema) -> "Tree":
        tree = cls(schema, obj["labels"])
        index = {name: j for j, name in enumerate(schema.names)}
        label_index = {name: i for i, name in enumerate(tree.labels)}
        label_index[PENDING_LABEL] = PENDING
        parents = {}
        for i, item in enumerate(obj["nodes"]):
            for c in item.get("children", []):
                parents[c] = i
        for i, item in enumerate(obj["nodes"]):
            kind = KIND_CODES[item["kind"]]
            common = dict(counts=np.asarray(item["counts"], dtype=np.float64), label=label_index[item["label"]],
                          children=list(item.get("children", [])))
            if kind == LEAF:
                node = Leaf(**common)
            elif kind == THRESHOLD:
                node = ThresholdSplit(**common, feature=index[item["attribute"]], threshold=float(item["threshold"]))
            elif kind == CATEGORY:
                node = CategorySplit(**common, feature=index[item["attribute"]], branches=list(item["branches"]),
                                     cuts=item.get("cuts"))
            elif kind == FUZZY:
                node = FuzzySplit(**common, feature=index[item["attribute"]], centres=item.get("centres"),
                                  branches=item.get("branches"))
            else:
                node = TrichotomySplit(**common, features=[index[a] for a in item["attributes"]],
                                       weights=list(item["weights"]), low=float(item["low"]),
                                       high=float(item["high"]))
            tree.add(node, parents.get(i, -1))
        return tree

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
        n = len(tree.nodes)
        kind = np.zeros(n, np.int8)
        feature = np.full(n, -1, np.int64)
        threshold = np.zeros(n)
        threshold2 = np.zeros(n)
        child_start = np.zeros(n, np.int64)
        child_count = np.zeros(n, np.int64)
        cat_start = np.zeros(n, np.int64)
        cat_count = np.zeros(n, np.int64)
        tri_start = np.zeros(n, np.int64)
        tri_count = np.zeros(n, np.int64)
        fz_start = np.zeros(n, np.int64)
        cut_start = np.zeros(n, np.int64)
        cut_count = np.zeros(n, np.int64)
        cut_values = []
        majority = np.full(n, -1, np.int64)
        children, cats, tri_f, tri_w, centres = [], [], [], [], []
        counts = np.zeros((n, tree.n_classes))
        label = np.zeros(n, np.int64)
        for i, node in enumerate(tree.nodes):
            kind[i] = node.kind
            counts[i] = node.counts
            label[i] = node.label
            child_start[i] = len(children)
            child_count[i] = len(node.children)
            children.extend(node.children)
            if node.children:
                weights = [tree.nodes[c].weight for c in node.children]
                majority[i] = int(np.argmax(weights))
            if isinstance(node, (ThresholdSplit, CategorySplit, FuzzySplit)):
                feature[i] = node.feature
            if isinstance(node, ThresholdSplit):
                threshold[i] = node.threshold
            branches = getattr(node, "branches", None)
            if isinstance(node, (CategorySplit, FuzzySplit)) and branches is not None:
                cat_start[i] = len(cats)
                cat_count[i] = len(branches)
                cats.extend(branches)
            if isinstance(node, CategorySplit) and node.cuts is not None:
                cut_start[i] = len(cut_values)
                cut_count[i] = len(node.cuts)
                cut_values.extend(node.cuts)
            if isinstance(node, FuzzySplit) and node.centres is not None:
                fz_start[i] = len(centres)
                centres.extend(node.centres)
            if isinstance(node, TrichotomySplit):
                tri_start[i] = len(tri_f)
                tri_count[i] = len(node.features)
                tri_f.extend(node.features)
                tri_w.extend(node.weights)
                threshold[i] = node.low
                threshold2[i] = node.high
        dist_source = np.arange(n)
        for i in tree.reachable():  # parents before children
            node = tree.nodes[i]
            if node.parent >= 0 and counts[i].sum() <= 0:
                dist_source[i] = dist_source[node.parent]
        compiled = cls(kind, feature, threshold, threshold2, child_start, child_count,
                   np.asarray(children, np.int64), cat_start, cat_count, np.asarray(cats, np.int64),
                   tri_start, tri_count, np.asarray(tri_f, np.int64), np.asarray(tri_w, np.float64),
                   fz_start, np.asarray(centres, np.float64), counts, label, cut_start, cut_count,
                   np.asarray(cut_values, np.float64), majority, dist_source)
        compiled.n_features = len(tree.schema.attributes)
        compiled.parent = np.array([node.parent for node in tree.nodes], np.int64)
        compiled.preorder = np.asarray(tree.reachable(), np.int64)  # parents before children
        return compiled

    @property
    def has_fuzzy(self) -> bool:
        return bool((self.kind == FUZZY).any())

    def __post_init__(self):
        self.thresholds_only = bool(np.isin(self.kind, (LEAF, THRESHOLD)).all())
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
            from ..kernels.traverse import path_attributes

            self._tested = path_attributes(self.parent, self.feature, self.preorder, self.n_features)
        return self._tested
