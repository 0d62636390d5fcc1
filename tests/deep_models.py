"""Deep and large trees for the "costs that grow faster than the file" class (issue 41):
a chain of any depth, a complete binary tree of about a million nodes, a deep class hierarchy.
Shared by tests/test_costs_that_grow.py and tests/benchmarks/deep_trees.py."""

from __future__ import annotations

import numpy as np

from engine.data.encode import AttributeSchema, DataSchema
from engine.data.spec import ProblemSpec
from engine.model import Model
from engine.tree.model import CategorySplit, Leaf, ThresholdSplit, Tree

CHAIN_SCHEMA_NAMES = ("x0", "x1", "x2", "colour")
COLOURS = ["red", "green", "blue", "black"]


def chain_schema() -> DataSchema:
    attrs = [AttributeSchema(n, "numeric", low=0.0, high=1e6) for n in CHAIN_SCHEMA_NAMES[:3]]
    attrs.append(AttributeSchema("colour", "nominal", categories=list(COLOURS)))
    return DataSchema("y", ["a", "b"], False, attrs)


def chain_tree(depth: int) -> Tree:
    """A chain `depth` splits deep: at level d a split on x(d % 3) — or every 7th level on colour —
    one branch a leaf, the other going on. The continuing side alternates (x <= 2N - d, then x > d),
    so every level narrows a bound: what an unpruned CART on an alternating file grows. The
    deepest leaf is reached by x0 = x1 = x2 = depth + 0.5 (between every pair of thresholds),
    colour red."""
    tree = Tree(chain_schema())
    n = depth
    # node ids: the continuing node of level d is 2d, its leaf 2d + 1; the last leaf 2n
    kinds = []
    for d in range(n):
        if d % 7 == 6:
            kinds.append(("colour", None, 0))  # red (code 0) goes on; the others stop
        else:
            j = d % 3
            on_left = (d // 3) % 2 == 0
            kinds.append((j, float(2 * n - d) if on_left else float(d), 0 if on_left else 1))
    weights = np.arange(n + 1, 0, -1, dtype=np.float64)  # cases below level d: n + 1 - d
    for d in range(n):
        w = weights[d]
        counts = [w / 2 + (d % 2) * 0.5, w / 2 - (d % 2) * 0.5]
        label = 0 if counts[0] >= counts[1] else 1
        go, leaf = 2 * d + 2, 2 * d + 1
        what, threshold, side = kinds[d]
        children = [go, leaf] if side == 0 else [leaf, go]
        parent = 2 * (d - 1) if d else -1
        if what == "colour":
            node = CategorySplit(counts=counts, label=label, children=children, feature=3,
                                 branches=[0, 1, 1, 1])
        else:
            node = ThresholdSplit(counts=counts, label=label, children=children, feature=what, threshold=threshold)
        tree.add(node, parent)
        leaf_label = d % 2
        tree.add(Leaf(counts=[1.0, 0.0] if leaf_label == 0 else [0.0, 1.0], label=leaf_label), 2 * d)
    tree.add(Leaf(counts=[1.0, 0.0], label=0), 2 * (n - 1) if n else -1)
    # ids as added: level d's split is added at 2d, its leaf at 2d + 1, the last leaf at 2n: as planned
    return tree


def chain_model(depth: int) -> Model:
    return Model("cart", {"prune": "none"}, ProblemSpec(target="y"), chain_tree(depth))


def deep_case(depth: int) -> dict:
    """Answers that reach the chain's deepest leaf."""
    v = depth + 0.5
    return {"x0": v, "x1": v, "x2": v, "colour": "red"}


def big_tree(levels: int = 19, p: int = 20, seed: int = 0) -> Tree:
    """A complete binary tree of threshold splits `levels` deep (2^(levels+1) - 1 nodes: 1,048,575
    for 19), random attributes of p numbers in [0, 1) and random thresholds; leaves of 1-3 cases."""
    rng = np.random.default_rng(seed)
    schema = DataSchema("y", ["a", "b", "c"], False,
                        [AttributeSchema(f"x{j}", "numeric", low=0.0, high=1.0) for j in range(p)])
    tree = Tree(schema)
    n_internal = 2 ** levels - 1
    n = 2 ** (levels + 1) - 1
    counts = np.zeros((n, 3))
    leaf_ids = np.arange(n_internal, n)
    counts[leaf_ids, rng.integers(0, 3, size=len(leaf_ids))] = rng.integers(1, 4, size=len(leaf_ids))
    for i in range(n_internal - 1, -1, -1):
        counts[i] = counts[2 * i + 1] + counts[2 * i + 2]
    features = rng.integers(0, p, size=n_internal)
    thresholds = np.round(rng.random(n_internal), 6)
    labels = counts.argmax(axis=1)
    for i in range(n):
        parent = (i - 1) // 2 if i else -1
        if i < n_internal:
            tree.add(ThresholdSplit(counts=counts[i], label=int(labels[i]), children=[2 * i + 1, 2 * i + 2],
                                    feature=int(features[i]), threshold=float(thresholds[i])), parent)
        else:
            tree.add(Leaf(counts=counts[i], label=int(labels[i])), parent)
    return tree


def big_model(levels: int = 19) -> Model:
    return Model("cart", {"prune": "none"}, ProblemSpec(target="y"), big_tree(levels))


def big_rows_csv(path, rows: int = 10000, p: int = 20, seed: int = 1) -> None:
    rng = np.random.default_rng(seed)
    X = np.round(rng.random((rows, p)), 6)
    with open(path, "w", encoding="utf-8") as f:
        f.write(",".join(f"x{j}" for j in range(p)) + "\n")
        for row in X:
            f.write(",".join(repr(float(v)) for v in row) + "\n")
