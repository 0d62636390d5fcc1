"""C4.5 as Weka's J48 does it (Quinlan 1993, release 8; ALGORITHMS.md §0).

- Split choice: information gain and gain ratio per attribute; among the
  attributes whose gain is at least the average gain (less 1e-3), the largest
  gain ratio. Nominal attributes split multiway (a branch per value, empty
  ones included) and need two branches with at least M cases; numeric and
  ordinal attributes take the binary cut of largest gain, both sides with at
  least minSplit = clamp(0.1 · known / K, M, 25) cases, then the gain is
  reduced by log2(candidate cuts) / N (Quinlan's MDL correction).
- Missing values: gains are scaled by the share of known values, the split
  information counts the unknowns as a branch of their own, and cases with
  the attribute missing go down every branch with fractional weights.
- Pruning: collapse of subtrees that do not reduce training errors, then
  error-based pruning (upper confidence limit of the binomial error, CF =
  0.25) with subtree raising.

Cut points are midpoints between consecutive distinct values (ALGORITHMS.md's
convention); J48 finally moves a cut down to the largest training value
below it, which only matters for values in that gap.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace

import numpy as np

from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..kernels.c45 import category_bags, numeric_cut_bags
from ..progress import Progress
from ..tree.grow import Candidate, Cases, Stopping, grow
from ..tree.model import NOMINAL_KIND, CategorySplit, Leaf, ThresholdSplit, Tree
from ..tree.splitters import RowSplitter, divide
from .hierarchy_labels import with_hierarchy_labels
from .params import AlgorithmInfo, Param

LOG2 = math.log(2.0)


def _lnf(x):
    """x ln x, 0 for x <= 0 (the logarithm only ever sees positive numbers: no warnings to silence)."""
    x = np.asarray(x, dtype=np.float64)
    return np.where(x > 0, x * np.log(np.where(x > 0, x, 1.0)), 0.0)


def old_ent(per_class) -> np.ndarray:
    """N · H(class) in bits, for each row of per-class weights (last axis)."""
    per_class = np.asarray(per_class, dtype=np.float64)
    return (_lnf(per_class.sum(axis=-1)) - _lnf(per_class).sum(axis=-1)) / LOG2


def new_ent(bags) -> np.ndarray:
    """Σ_b N_b · H(class | b) in bits; bags (..., B, K)."""
    bags = np.asarray(bags, dtype=np.float64)
    return -(_lnf(bags).sum(axis=-1) - _lnf(bags.sum(axis=-1))).sum(axis=-1) / LOG2


def split_ent(bag_totals, total) -> np.ndarray:
    """N · SplitInfo in bits, with the unknown-valued cases as one more bag."""
    bag_totals = np.asarray(bag_totals, dtype=np.float64)
    known = bag_totals.sum(axis=-1)
    value = -_lnf(bag_totals).sum(axis=-1) - _lnf(total - known) + _lnf(total)
    return np.where(known > 0, value, 0.0) / LOG2


def info_gain(bags, total, old=None) -> np.ndarray:
    """Gain in bits per case, scaled by the share of known values (J48's InfoGainSplitCrit)."""
    bags = np.asarray(bags, dtype=np.float64)
    known = bags.sum(axis=(-1, -2))
    if old is None:
        old = old_ent(bags.sum(axis=-2))
    numerator = (old - new_ent(bags)) * (known / total)
    gain = np.where(known > 0, numerator / np.where(known > 0, known, 1.0), 0.0)
    return np.where(np.abs(numerator) < 1e-6, 0.0, gain)


def gain_ratio(bags, total, gain) -> np.ndarray:
    denominator = split_ent(np.asarray(bags).sum(axis=-1), total) / total
    return np.where(np.abs(denominator) < 1e-6, 0.0, gain / np.where(denominator == 0, 1.0, denominator))


def add_errors(n: float, e: float, cf: float) -> float:
    """Extra errors for the upper confidence limit of the binomial (Weka's Stats.addErrs)."""
    if cf > 0.5:
        raise ValueError("confidence factor above 0.5")
    if e < 1:
        base = n * (1 - cf ** (1 / n))
        if e == 0:
            return base
        return base + e * (add_errors(n, 1, cf) - base)
    if e + 0.5 >= n:
        return max(n - e, 0.0)
    z = _normal_inverse(1 - cf)
    f = (e + 0.5) / n
    r = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (1 + z * z / n)
    return r * n - e


@functools.lru_cache(maxsize=64)
def _normal_inverse(p: float) -> float:
    from statistics import NormalDist

    return NormalDist().inv_cdf(p)


class C45Splitter(RowSplitter):
    """C4.5's candidates: every attribute's split with its gain and gain ratio (J48's
    C45Split); cases with a missing value go down every branch with fractional weights."""

    def __init__(self, data: EncodedData, min_obj: float, mdl: bool):
        super().__init__(data, missing="fractional")
        self.M = min_obj
        self.mdl = mdl
        attrs = data.schema.attributes
        self.nominal = [a.kind == NOMINAL_KIND for a in attrs]
        self.n_cat = [len(a.categories) if a.kind == NOMINAL_KIND else 0 for a in attrs]
        self.numeric_features = np.array([j for j, nom in enumerate(self.nominal) if not nom], np.int64)
        self.nominal_features = np.array([j for j, nom in enumerate(self.nominal) if nom], np.int64)
        self.nominal_sizes = np.array([self.n_cat[j] for j in self.nominal_features], np.int64)
        self.nominal_groups: dict[int, list[int]] = {}  # number of values -> positions in nominal_features
        for a, m in enumerate(self.nominal_sizes):
            self.nominal_groups.setdefault(int(m), []).append(a)

    def candidates(self, cases: Cases) -> list[Candidate]:
        """Every attribute's split, gains and gain ratios computed for all attributes at once
        (the counts by engine/kernels/c45.py, the formulas by NumPy as J48's)."""
        rows, weights = cases.data.rows, cases.data.weights
        total = cases.counts.sum()
        found: dict[int, Candidate] = {}
        if len(self.numeric_features):
            self._numeric(rows, weights, total, found)
        if len(self.nominal_features):
            self._nominal(rows, weights, total, found)
        return [found[f] for f in sorted(found)]

    def _numeric(self, rows, weights, total, found) -> None:
        """The best cut of each numeric attribute by gain (the lowest among equals), less
        Quinlan's MDL correction log2(admissible cuts) / N."""
        bags, thresholds, start, count, known = numeric_cut_bags(self.X, self.y, rows, weights,
                                                                 self.numeric_features, self.K, self.M)
        if not count.any():
            return
        gains = info_gain(bags, total, np.repeat(old_ent(known), count))
        chosen, adjusted = [], []
        for a, f in enumerate(self.numeric_features):
            if count[a] == 0:
                continue
            best = start[a] + int(np.argmax(gains[start[a]: start[a] + count[a]]))  # first maximum: the lowest cut
            gain = float(gains[best])
            if gain <= 0:
                continue
            if self.mdl:
                gain -= math.log2(int(count[a])) / total
            if gain <= 0:
                continue
            chosen.append((int(f), best))
            adjusted.append(gain)
        if not chosen:
            return
        best_rows = np.array([b for _, b in chosen])
        ratios = gain_ratio(bags[best_rows], total, np.array(adjusted))
        for (f, best), gain, ratio in zip(chosen, adjusted, ratios):
            found[f] = Candidate(gain, f, float(thresholds[best]), {"gain": gain, "ratio": float(ratio)})

    def _nominal(self, rows, weights, total, found) -> None:
        """Multiway splits of the nominal attributes with at least two values of weight >= M,
        attributes with the same number of values computed together."""
        all_bags = category_bags(self.X, self.y, rows, weights, self.nominal_features, self.nominal_sizes, self.K)
        for m, members in self.nominal_groups.items():
            bags = np.ascontiguousarray(all_bags[members, :m, :])
            ok = np.count_nonzero(bags.sum(axis=2) >= self.M, axis=1) >= 2
            if not ok.any():
                continue
            bags = bags[ok]
            gains = info_gain(bags, total)
            ratios = gain_ratio(bags, total, gains)
            for a, gain, ratio in zip(np.asarray(members)[ok], gains, ratios):
                f = int(self.nominal_features[a])
                found[f] = Candidate(float(gain), f, None, {"gain": float(gain), "ratio": float(ratio)})

    def make_node(self, cases: Cases, chosen: Candidate):
        f = chosen.attribute
        if self.nominal[f]:
            m = self.n_cat[f]
            return CategorySplit(counts=None, label=0, children=[-1] * m, feature=f, branches=list(range(m)))
        return ThresholdSplit(counts=None, label=0, children=[-1, -1], feature=f, threshold=chosen.detail)


def gain_ratio_among_average_gains(candidates: list[Candidate], cases: Cases) -> Candidate | None:
    """C4.5's choice, which sees every candidate: among the attributes whose gain is at least
    the average gain (less 1e-3), the largest gain ratio (above 0; a later one must beat the
    best by more than 1e-6, so ties go to the lower attribute)."""
    if not candidates:
        return None
    average = sum(c["gain"] for c in candidates) / len(candidates)
    best, best_ratio = None, 0.0
    for c in candidates:  # attribute order: ties go to the lower index
        if c["gain"] >= average - 1e-3 and c["ratio"] > best_ratio + 1e-6:
            best, best_ratio = c, c["ratio"]
    return best


class C45Pruner:
    """Weka's C45PruneableClassifierTree: collapse, then error-based pruning with subtree
    raising, over the grown tree and the cases each node was trained on."""

    def __init__(self, tree: Tree, data: EncodedData, cases: dict):
        self.tree = tree
        self.X, self.y = data.X, data.y
        self.K = len(data.classes)
        self.rows = {i: (c.data.rows, c.data.weights) for i, c in cases.items()}

    def counts(self, rows, weights) -> np.ndarray:
        return np.bincount(self.y[rows], weights=weights, minlength=self.K).astype(np.float64)

    def route(self, node, rows, weights, shares=None):
        """Cases (and weights) per child; unknowns go everywhere in proportion to the known
        weight of each branch (or `shares` when no case here is known)."""
        return divide(node, self.X, rows, weights, "fractional", shares=shares)

    def _make_leaf(self, node_id):
        node = self.tree.nodes[node_id]
        self.tree.replace(node_id, Leaf(counts=node.counts, label=node.label))

    def training_errors(self, node_id) -> float:
        node = self.tree.nodes[node_id]
        if node.is_leaf:
            return float(node.counts.sum() - node.counts.max()) if node.counts.sum() > 0 else 0.0
        return sum(self.training_errors(c) for c in node.children)

    def collapse(self, node_id) -> None:
        node = self.tree.nodes[node_id]
        if node.is_leaf:
            return
        subtree = self.training_errors(node_id)
        as_leaf = float(node.counts.sum() - node.counts.max())
        if subtree >= as_leaf - 1e-3:
            self._make_leaf(node_id)
        else:
            for c in node.children:
                self.collapse(c)

    def dist_errors(self, counts, cf) -> float:
        total = counts.sum()
        if total <= 0:
            return 0.0
        wrong = total - counts.max()
        return wrong + add_errors(total, wrong, cf)

    def estimated_errors(self, node_id, cf) -> float:
        node = self.tree.nodes[node_id]
        if node.is_leaf:
            return self.dist_errors(node.counts, cf)
        return sum(self.estimated_errors(c, cf) for c in node.children)

    def branch_errors(self, node_id, rows, weights, cf) -> float:
        """Estimated errors if these cases were passed down the subtree at node_id."""
        node = self.tree.nodes[node_id]
        if node.is_leaf:
            return self.dist_errors(self.counts(rows, weights), cf)
        shares = self._child_shares(node)
        return sum(self.branch_errors(c, r, w, cf)
                   for c, (r, w) in zip(node.children, self.route(node, rows, weights, shares)))

    def _child_shares(self, node) -> np.ndarray:
        w = np.array([self.tree.nodes[c].weight for c in node.children])
        return w / w.sum() if w.sum() > 0 else np.full(len(w), 1.0 / len(w))

    def redistribute(self, node_id, rows, weights) -> None:
        """New training cases for a subtree (after subtree raising): recount everything."""
        node = self.tree.nodes[node_id]
        self.rows[node_id] = (rows, weights)
        node.counts = self.counts(rows, weights)
        if node.counts.sum() > 0:
            node.label = int(np.argmax(node.counts))
        if node.is_leaf:
            return
        shares = self._child_shares(node)
        for c, (r, w) in zip(node.children, self.route(node, rows, weights, shares)):
            self.redistribute(c, r, w)
            if self.tree.nodes[c].counts.sum() <= 0:
                self.tree.nodes[c].label = node.label

    def prune(self, node_id, cf, raising: bool) -> None:
        node = self.tree.nodes[node_id]
        if node.is_leaf:
            return
        for c in node.children:
            self.prune(c, cf, raising)
        node = self.tree.nodes[node_id]
        if node.is_leaf:
            return
        weights = [self.tree.nodes[c].weight for c in node.children]
        largest = node.children[int(np.argmax(weights))]
        rows, w = self.rows[node_id]
        errors_largest = self.branch_errors(largest, rows, w, cf) if raising else np.inf
        errors_leaf = self.dist_errors(node.counts, cf)
        errors_tree = self.estimated_errors(node_id, cf)
        if errors_leaf <= errors_tree + 0.1 and errors_leaf <= errors_largest + 0.1:
            self._make_leaf(node_id)
            return
        if errors_largest <= errors_tree + 0.1:
            # subtree raising: the largest branch takes this node's place and all its cases
            raised = self.tree.nodes[largest]
            parent = node.parent
            raised.parent = parent
            self.tree.nodes[node_id] = raised
            for c in raised.children:
                self.tree.nodes[c].parent = node_id
            self.tree.nodes[largest] = Leaf(counts=np.zeros(self.K), label=0)  # orphaned
            self.tree.changed()
            self.redistribute(node_id, rows, w)
            self.prune(node_id, cf, raising)


C45 = AlgorithmInfo(
    name="c45", family="classic", title="C4.5 (J48: gain ratio, error-based pruning)",
    params=(
        Param("min_cases", 2, "M: fewest cases in at least two branches of a split", kind="int", minimum=1),
        Param("confidence", 0.25, "CF of error-based pruning (smaller prunes more)", kind="float",
              minimum=1e-6, maximum=0.5),
        Param("prune", True, "error-based pruning (false: the unpruned tree)", kind="bool"),
        Param("subtree_raising", True, "replace a node by its largest branch when that is better", kind="bool"),
        Param("collapse", True, "collapse subtrees that do not reduce training errors", kind="bool"),
        Param("mdl_correction", True, "Quinlan's MDL correction of numeric cuts", kind="bool"),
    ),
    uses=(),
    missing="fractional",
)


def fit_c45(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    M = float(params["min_cases"])
    stopping = Stopping(min_samples_split=1, min_samples_leaf=0, min_weight_split=2 * M, pure_tolerance=1e-9,
                        min_impurity_decrease=None)
    tree, cases = grow(C45Splitter(data, M, params["mdl_correction"]), choice=gain_ratio_among_average_gains,
                       stopping=stopping, progress=progress, message="growing the C4.5 tree", keep_cases=True)
    builder = C45Pruner(tree, data, cases)
    if params["collapse"]:
        builder.collapse(0)
    if params["prune"]:
        builder.prune(0, params["confidence"], params["subtree_raising"])
    compact = _compact(tree)
    return compact


def _compact(tree: Tree) -> Tree:
    """Drop unreachable nodes (left behind by pruning) and renumber."""
    from ..tree.model import Tree as _Tree

    return _Tree.from_json(tree.to_json(), tree.schema)


ALGORITHMS = (with_hierarchy_labels(replace(C45, fit=fit_c45)),)
