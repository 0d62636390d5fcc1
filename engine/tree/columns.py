"""A tree read from a file, kept as columns until a node is asked for (issue 41: a million nodes).

`Tree.from_json` on a checked file (engine.tree.check.NodeColumns) makes no Node object up front:
`tree.nodes` is a `LazyNodes` that builds a node from its dict the first time it is read (the very
same object the eager reader made) and keeps it. What needs the whole tree — the compiled arrays a
prediction walks, the depth-first order, the label every leaf below a node carries — is computed
from the columns with whole-array operations while the columns still describe the nodes: every
node made so far is compared with its columns first (`Columns.still_describe`), and after an edit
(`Tree.add`, `replace`, `changed`), a difference, or once most nodes have been made, the tree
forgets its columns and works from its Node objects as any other tree does. So the answers are
the same as from Node objects; only the cost differs (a predict on a million nodes makes none of
them, a consultation only those on its path).
"""

from __future__ import annotations

import numpy as np

from .nodes import LEAF, THRESHOLD

#: beyond this many nodes made, comparing them with the columns costs more than it saves
MAX_MADE = 1 << 16
#: trees with fewer nodes are made as Node objects at once (they cost little; tests lower it)
LAZY_FROM = 1 << 12
#: deeper trees too: the whole-array steps go level by level (a chain 10,000 deep is 10,000 steps)
MAX_LEVELS = 512


class LazyNodes:
    """`tree.nodes` of a tree read from a file: a list of Node objects, each made on first reading."""

    __slots__ = ("_n", "_make", "made")

    def __init__(self, n: int, make):
        self._n = n
        self._make = make
        self.made: dict[int, object] = {}

    def __len__(self) -> int:
        return self._n

    def __bool__(self) -> bool:
        return self._n > 0

    def _index(self, i) -> int:
        i = int(i) if not isinstance(i, int) else i
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("node index out of range")
        return i

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._n))]
        i = self._index(i)
        node = self.made.get(i)
        if node is None:
            node = self.made[i] = self._make(i)
        return node

    def __setitem__(self, i, node) -> None:
        self.made[self._index(i)] = node

    def __iter__(self):
        for i in range(self._n):
            yield self[i]

    def __reversed__(self):
        for i in range(self._n - 1, -1, -1):
            yield self[i]

    def __contains__(self, node) -> bool:
        return any(node is other for other in self)

    def index(self, node) -> int:
        for i, other in enumerate(self):
            if other is node:
                return i
        raise ValueError("not a node of this tree")

    def append(self, node) -> None:
        self.made[self._n] = node
        self._n += 1

    def extend(self, nodes) -> None:
        for node in nodes:
            self.append(node)

    def __eq__(self, other) -> bool:
        return list(self) == list(other)

    def __repr__(self) -> str:
        return f"LazyNodes({self._n} nodes, {len(self.made)} made)"


class Columns:
    """A checked tree's nodes as arrays: the kind, label code, counts, children (CSR), parent, and
    for threshold splits the attribute index and threshold; the depth-first order and levels are
    computed on first need."""

    def __init__(self, kind, label, counts, children, child, sizes, parent, feature, threshold):
        self.n = len(kind)
        self.kind = kind
        self.label = label
        self.counts = counts
        self.children = children  # per node its list of children (the file's own lists)
        self.child = child  # all children, node after node
        self.sizes = sizes
        self.start = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64) if self.n else sizes
        self.parent = parent
        self.feature = feature
        self.threshold = threshold
        self.thresholds_only = bool(((kind == LEAF) | (kind == THRESHOLD)).all())
        self._levels = None
        self._preorder = None

    def still_describe(self, made: dict) -> bool:
        """Every node made so far is still what the columns say (kind, label, children, parent,
        counts; a threshold split's attribute and threshold)."""
        if len(made) > MAX_MADE:
            return False
        for i, node in made.items():
            if i >= self.n or node.kind != self.kind[i] or node.label != self.label[i] \
                    or node.parent != self.parent[i] or node.children != self.children[i] \
                    or not np.array_equal(node.counts, self.counts[i]):
                return False
            if node.kind == THRESHOLD and (node.feature != self.feature[i] or node.threshold != self.threshold[i]):
                return False
        return True

    # ---- whole-tree orders --------------------------------------------------------------------

    def levels(self) -> list[np.ndarray] | None:
        """The nodes by depth (the root's level first), each level's nodes in their parents' order
        and each parent's children in order; None for a tree more than MAX_LEVELS deep."""
        if self._levels is None:
            levels, level = [], np.zeros(1, np.int64)
            while level.size:
                if len(levels) > MAX_LEVELS:
                    return None
                levels.append(level)
                level = self.children_of(level)
            self._levels = levels
        return self._levels

    def children_of(self, nodes: np.ndarray) -> np.ndarray:
        counts = self.sizes[nodes]
        total = int(counts.sum())
        if not total:
            return np.zeros(0, np.int64)
        starts = np.repeat(self.start[nodes], counts)
        offsets = np.arange(total, dtype=np.int64) - np.repeat(np.cumsum(counts) - counts, counts)
        return self.child[starts + offsets]

    def preorder(self) -> np.ndarray:
        """Node ids depth-first from the root, children in order (Tree.reachable's order)."""
        if self._preorder is None:
            levels = self.levels()
            size = np.ones(self.n, np.int64)
            for level in reversed(levels[1:]):  # subtree sizes, children before parents
                np.add.at(size, self.parent[level], size[level])
            pos = np.zeros(self.n, np.int64)
            for level in levels[:-1]:
                kids = self.children_of(level)
                if not kids.size:
                    continue
                counts = self.sizes[level]
                # before each child, inside its parent's subtree: the parent and the earlier siblings' subtrees
                before = np.cumsum(size[kids]) - size[kids]
                group_start = np.repeat(np.cumsum(counts) - counts, counts)
                before -= before[group_start]
                pos[kids] = np.repeat(pos[level], counts) + 1 + before
            order = np.empty(self.n, np.int64)
            order[pos] = np.arange(self.n, dtype=np.int64)
            self._preorder = order
        return self._preorder

    def depth(self) -> int:
        return len(self.levels()) - 1

    def single_label_below(self, mixed: int) -> np.ndarray:
        """Per node the label every leaf below it carries, or `mixed` (Tree.single_label_below)."""
        below = np.where(self.sizes == 0, self.label, mixed).astype(np.int64)
        for level in reversed(self.levels()):
            inner = level[self.sizes[level] > 0]
            if not inner.size:
                continue
            kids = self.children_of(inner)
            counts = self.sizes[inner]
            first = below[self.child[self.start[inner]]]
            same = np.minimum.reduceat((below[kids] == np.repeat(first, counts)).astype(np.int8),
                                       np.cumsum(counts) - counts)
            below[inner] = np.where(same > 0, first, mixed)
        return below

    def dist_source(self) -> np.ndarray:
        """Per node the node whose counts give its scores: itself when it has weight (or is the
        root), else its nearest such ancestor (CompiledTree.dist_source)."""
        weight = self.counts.sum(axis=1)
        up = np.where((weight > 0) | (self.parent < 0), np.arange(self.n, dtype=np.int64), self.parent)
        while True:  # pointer jumping to the fixed points
            nxt = up[up]
            if np.array_equal(nxt, up):
                return up
            up = nxt

    def majority(self) -> np.ndarray:
        """Per node the child position with the most training weight (the first largest; -1 leaves)."""
        weight = self.counts.sum(axis=1)
        out = np.full(self.n, -1, np.int64)
        two = np.flatnonzero(self.sizes == 2)
        if two.size:
            left, right = self.child[self.start[two]], self.child[self.start[two] + 1]
            out[two] = (weight[right] > weight[left]).astype(np.int64)
        for i in np.flatnonzero((self.sizes > 0) & (self.sizes != 2)).tolist():
            out[i] = int(np.argmax(weight[self.child[self.start[i]:self.start[i] + self.sizes[i]]]))
        return out
