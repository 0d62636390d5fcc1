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

Compiled (issue 20, goal 4): a fit is one kernel call (engine/kernels/c45_prune.py
`c45_fit_whole`: growth with the split kernels of engine/kernels/c45_choose.py, the
numeric attributes sorted once at the root and the orders filtered down, then
collapse and pruning), or, with progress reports on large data, the node-by-node
loop `grow_c45` and the compiled pruning. Every number is what the NumPy formulas
and the Python pruner (`NumpyC45Splitter`, `C45Pruner`, `fit_c45_reference`, kept for
the tests) give, bit for bit: NumPy's logarithms (a table of whole numbers, else
np.log in object mode) and NumPy's summation order.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from statistics import NormalDist

import numpy as np

from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..i18n import N_, _
from ..kernels.c45 import category_bags, numeric_cut_bags
from ..kernels.c45_choose import (COLLECT, COMPUTE, TRY, c45_children, c45_divide, c45_node_bags, c45_node_choice,
                                  c45_scores)
from ..kernels.c45_prune import c45_fit_whole
from ..kernels.c45_prune import collapse as c45_collapse
from ..kernels.c45_prune import prune_tree as c45_prune
from ..progress import Progress
from ..tree.grow import Candidate, Cases, GrowthParts, Stopping, _Reporter
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
    return NormalDist().inv_cdf(p)


_LOG2_TABLE = np.zeros(1)


def _log2_table(n: int) -> np.ndarray:
    """math.log2(i) for i = 0..n (0 at 0): the MDL correction's log2(cuts), the C library's
    logarithm as before (NumPy's log2 differs in the last bit of a few integers)."""
    global _LOG2_TABLE
    if len(_LOG2_TABLE) <= n:
        _LOG2_TABLE = np.array([0.0] + [math.log2(i) for i in range(1, 2 * n + 2)])
    return _LOG2_TABLE


_LOG_TABLE = np.zeros(1)


def _log_table(n: int) -> np.ndarray:
    """np.log(i) for i = 0..n (0 at 0): NumPy's logarithm of every whole count up to n, looked up
    by the split kernel (NumPy's log of a number is the same wherever it sits in an array)."""
    global _LOG_TABLE
    if len(_LOG_TABLE) <= n:
        table = np.arange(2 * n + 2, dtype=np.float64)
        table[0] = 1.0
        _LOG_TABLE = np.log(table)
    return _LOG_TABLE


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
        self.p = len(attrs)
        self.log2_count = _log2_table(len(self.y))
        self.log_table = _log_table(len(self.y))
        self._no_logs = np.zeros(0)

    def presorted(self, rows) -> np.ndarray:
        """(len(rows), numeric attributes): the positions in rows by each attribute's value (stable, NaN last)."""
        if not len(self.numeric_features):
            return np.empty((len(rows), 0), np.int64)
        return np.ascontiguousarray(np.argsort(self.X[np.ix_(rows, self.numeric_features)], axis=0, kind="stable"))

    def _scores(self, rows, weights, total: float, orders=None):
        if orders is None:
            orders = self.presorted(rows)
        bags, thresholds, start, count, known, nbags = c45_node_bags(
            self.X, self.y, rows, weights, self.numeric_features, orders, self.nominal_features, self.nominal_sizes,
            self.K, self.M)
        args = (bags, start, count, known, nbags, self.numeric_features, self.nominal_features, self.nominal_sizes,
                self.K, total, self.M, self.mdl, self.log2_count, self.p)
        _, _, offered, gains, ratios, cut, chosen = c45_scores(TRY, self.log_table, *args)
        if chosen == -2:  # some count is not a whole number (or beyond the table): NumPy's log of each
            values, n, *_ = c45_scores(COLLECT, self._no_logs, *args)
            _, _, offered, gains, ratios, cut, chosen = c45_scores(COMPUTE, np.log(values[:n]), *args)
        return thresholds, offered, gains, ratios, cut, chosen

    def choose(self, rows, weights, total: float, orders=None) -> tuple[int, float]:
        """gain_ratio_among_average_gains(candidates) as (attribute, threshold), (-1, 0) for none;
        orders: `presorted(rows)` (computed when None)."""
        if orders is None:
            orders = self.presorted(rows)
        chosen, threshold = c45_node_choice(self.X, self.y, rows, weights, orders, self.numeric_features,
                                            self.nominal_features, self.nominal_sizes, self.K, self.M, total,
                                            self.mdl, self.log2_count, self.p, self.log_table)
        if chosen != -2:
            return chosen, threshold
        thresholds, _, _, _, cut, chosen = self._scores(rows, weights, total, orders)
        if chosen < 0:
            return -1, 0.0
        return int(chosen), (float(thresholds[cut[chosen]]) if cut[chosen] >= 0 else 0.0)

    def candidates(self, cases: Cases) -> list[Candidate]:
        """Every attribute's split with its gain and gain ratio, in attribute order: the counts,
        the formulas and the choice's inputs by engine/kernels/c45_choose.py (two passes around
        one NumPy logarithm, bit for bit `candidates_numpy`)."""
        thresholds, offered, gains, ratios, cut, _ = self._scores(cases.data.rows, cases.data.weights,
                                                                  float(cases.counts.sum()))
        out = []
        for f in np.flatnonzero(offered):
            f = int(f)
            gain, ratio = float(gains[f]), float(ratios[f])
            detail = None if cut[f] < 0 else float(thresholds[cut[f]])
            out.append(Candidate(gain, f, detail, {"gain": gain, "ratio": ratio}))
        return out

    def candidates_numpy(self, cases: Cases) -> list[Candidate]:
        """The same candidates by NumPy's formulas (what `candidates` replaced; tests compare them)."""
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


class GainRatioAmongAverageGains:
    """C4.5's choice, which sees every candidate: among the attributes whose gain is at least
    the average gain (less 1e-3), the largest gain ratio (above 0; a later one must beat the
    best by more than 1e-6, so ties go to the lower attribute)."""

    @staticmethod
    def average_gain(candidates: list[Candidate]) -> float:
        return sum(c["gain"] for c in candidates) / len(candidates)

    @staticmethod
    def at_least_average(c: Candidate, average: float) -> bool:
        return c["gain"] >= average - 1e-3

    def __call__(self, candidates: list[Candidate], cases: Cases) -> Candidate | None:
        if not candidates:
            return None
        average = self.average_gain(candidates)
        best, best_ratio = None, 0.0
        for c in candidates:  # attribute order: ties go to the lower index
            if self.at_least_average(c, average) and c["ratio"] > best_ratio + 1e-6:
                best, best_ratio = c, c["ratio"]
        return best

    def ranked(self, candidates: list[Candidate], cases: Cases) -> list[tuple[Candidate, dict]]:
        """Every candidate in the choice's order: its pick first, then the attributes of at least
        average gain by gain ratio, then those below it (never chosen here) by gain ratio; each
        noted with the average gain it was measured against and whether it falls below."""
        if not candidates:
            return []
        pick = self(candidates, cases)
        average = self.average_gain(candidates)
        rest = sorted((c for c in candidates if c is not pick),
                      key=lambda c: (self.at_least_average(c, average), c["ratio"]), reverse=True)
        return [(c, {"average_gain": average, "below_average_gain": not self.at_least_average(c, average)})
                for c in ([pick] if pick is not None else []) + rest]


gain_ratio_among_average_gains = GainRatioAmongAverageGains()


class C45Pruner:
    """Weka's C45PruneableClassifierTree: collapse, then error-based pruning with subtree
    raising, over the grown tree and the cases each node was trained on."""

    def __init__(self, tree: Tree, data: EncodedData, rows: dict):
        self.tree = tree
        self.X, self.y = data.X, data.y
        self.K = len(data.classes)
        self.rows = dict(rows)  # node id -> (rows, weights) it was trained on

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
    name="c45", family="classic", title=N_("C4.5 (J48: gain ratio, error-based pruning)"),
    params=(
        Param("min_cases", 2, N_("M: fewest cases in at least two branches of a split"), kind="int", minimum=1),
        Param("confidence", 0.25, N_("CF of error-based pruning (smaller prunes more)"), kind="float",
              minimum=1e-6, maximum=0.5),
        Param("prune", True, N_("error-based pruning (false: the unpruned tree)"), kind="bool"),
        Param("subtree_raising", True, N_("replace a node by its largest branch when that is better"), kind="bool"),
        Param("collapse", True, N_("collapse subtrees that do not reduce training errors"), kind="bool"),
        Param("mdl_correction", True, N_("Quinlan's MDL correction of numeric cuts"), kind="bool"),
    ),
    uses=(),
    missing="fractional",
)


class Grown:
    """A grown C4.5 tree as arrays (node ids in the order the generic grow loop gives them):
    per node its test (feature -1: a leaf; nominal: a branch per category code, else the
    threshold), children, class counts, label and training cases (rows, weights)."""

    def __init__(self, K: int):
        self.feature: list[int] = []
        self.nominal: list[bool] = []
        self.threshold: list[float] = []
        self.children: list[list[int]] = []
        self.counts: list[np.ndarray] = []
        self.label: list[int] = []
        self.rows: list[np.ndarray] = []
        self.weights: list[np.ndarray] = []
        self.K = K

    def add(self, counts: np.ndarray, label: int) -> int:
        self.feature.append(-1)
        self.nominal.append(False)
        self.threshold.append(0.0)
        self.children.append([])
        self.counts.append(counts)
        self.label.append(label)
        self.rows.append(None)
        self.weights.append(None)
        return len(self.feature) - 1

    def add_children(self, parent: int, counts: np.ndarray, labels: list[int]) -> list[int]:
        first = len(self.feature)
        k = len(labels)
        self.feature += [-1] * k
        self.nominal += [False] * k
        self.threshold += [0.0] * k
        self.children += [[] for _ in range(k)]
        self.counts += list(counts)
        self.label += labels
        self.rows += [None] * k
        self.weights += [None] * k
        ids = list(range(first, first + k))
        self.children[parent] = ids
        return ids

    def arrays(self):
        n = len(self.feature)
        child_count = np.array([len(c) for c in self.children], np.int64)
        child_start = np.zeros(n, np.int64)
        np.cumsum(child_count[:-1], out=child_start[1:])
        child_index = np.array([c for cs in self.children for c in cs], np.int64)
        return dict(is_leaf=child_count == 0, nominal=np.array(self.nominal, np.bool_),
                    feature=np.array(self.feature, np.int64), threshold=np.array(self.threshold, np.float64),
                    child_start=child_start, child_count=child_count, child_index=child_index,
                    counts=np.array(self.counts, np.float64).reshape(n, self.K), label=np.array(self.label, np.int64))

    def tree(self, splitter: "C45Splitter") -> Tree:
        """The Python tree (Tree, Leaf, ThresholdSplit, CategorySplit) as the generic grow makes it."""
        tree: Tree = splitter.tree()
        for i in range(len(self.feature)):
            tree.add(Leaf(counts=self.counts[i], label=self.label[i]))
        for i, children in enumerate(self.children):
            for c in children:
                tree.nodes[c].parent = i
            if children:
                f = self.feature[i]
                node = tree.nodes[i]
                if self.nominal[i]:
                    split = CategorySplit(counts=node.counts, label=node.label, children=list(children), feature=f,
                                          branches=list(range(len(children))))
                else:
                    split = ThresholdSplit(counts=node.counts, label=node.label, children=list(children), feature=f,
                                           threshold=self.threshold[i])
                tree.replace(i, split)
        return tree


WHOLE_FIT_CELLS = 200_000  # with progress: the one-call fit (reports before and after it) up to this many cells


def grow_c45(splitter: C45Splitter, progress: Progress | None = None,
             message: str = N_("growing the C4.5 tree")) -> Grown:
    """engine.tree.grow.grow(splitter, choice=gain_ratio_among_average_gains, stopping=C4.5's,
    keep_cases=True) specialised to C4.5 (the same tree, node ids and cases, bit for bit): a
    node stops below 2 M weight or when pure within 1e-9; the choice and the division of its
    cases (fractional shares for unknowns) are compiled (engine/kernels/c45_choose.py)."""
    X, y, K = splitter.X, splitter.y, splitter.K
    n = len(y)
    grown = Grown(K)
    rows0 = np.arange(n)
    w0 = splitter.data.w.astype(np.float64)
    counts0 = splitter.counts(rows0, w0)
    grown.add(counts0, int(counts0.argmax()))
    report = _Reporter(progress, n, message)
    min_weight = 2 * splitter.M
    settled = 0
    total0 = counts0.sum()
    stack = [(0, rows0, w0, splitter.presorted(rows0),
              len(rows0) < 1 or total0 < min_weight or counts0.max() >= total0 - 1e-9)]
    while stack:
        node_id, rows, w, orders, stops = stack.pop()
        grown.rows[node_id], grown.weights[node_id] = rows, w
        chosen = -1
        if not stops:
            chosen, threshold = splitter.choose(rows, w, float(grown.counts[node_id].sum()), orders)
        if chosen < 0:
            settled += len(rows)
            report(settled)
            continue
        nominal = splitter.nominal[chosen]
        k = splitter.n_cat[chosen] if nominal else 2
        child_rows, child_w, offsets, child_counts, child_orders = c45_divide(X, y, rows, w, orders, chosen, nominal,
                                                                              threshold, k, K)
        labels, child_stops = c45_children(child_counts, grown.label[node_id], min_weight)
        grown.feature[node_id], grown.nominal[node_id] = chosen, nominal
        grown.threshold[node_id] = threshold
        ids = grown.add_children(node_id, child_counts, labels.tolist())
        for c in range(k - 1, -1, -1):
            a, b = offsets[c], offsets[c + 1]
            stack.append((ids[c], child_rows[a:b], child_w[a:b], child_orders[a:b], child_stops[c] or a == b))
        report(settled)
    report.finish()
    return grown


def c45_parts(data: EncodedData, spec: ProblemSpec | None, params: dict, *, splitter=C45Splitter) -> GrowthParts:
    """C4.5's growth parts: its splitter (gains, gain ratios, fractional missing values), the
    choice among the gains at least average, and its stopping (below 2 M weight, or pure within
    1e-9). `grow_c45` and the one-call fit are this loop compiled; `splitter`: the class (the
    tests' NumPy twin)."""
    M = float(params["min_cases"])
    stopping = Stopping(min_samples_split=1, min_samples_leaf=0, min_weight_split=2 * M, pure_tolerance=1e-9,
                        min_impurity_decrease=None)
    return GrowthParts(splitter(data, M, params["mdl_correction"]), choice=gain_ratio_among_average_gains,
                       stopping=stopping, message=N_("growing the C4.5 tree"), criterion="ratio",
                       criterion_name="gain_ratio")


def fit_c45(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None,
            *, whole_fit_cells: int = WHOLE_FIT_CELLS) -> Tree:
    """C4.5's tree. With progress and more than `whole_fit_cells` cases x attributes it grows node by
    node (progress and Cancel at every node); else in one compiled call (app.warmup passes 0 to
    compile the node-by-node kernels too)."""
    M = float(params["min_cases"])
    splitter = c45_parts(data, spec, params).splitter
    cf = float(params["confidence"])
    if params["prune"] and cf > 0.5:
        raise ValueError("confidence factor above 0.5")
    if progress is None or data.n * max(splitter.p, 1) <= whole_fit_cells:
        # one compiled call: progress reported (and Cancel seen) before and after it only, so with
        # progress only for small data (fits of well under a second)
        report = _Reporter(progress, data.n, _("growing the C4.5 tree"))
        report(0)
        ok, *arrays = c45_fit_whole(
            splitter.X, splitter.y, splitter.data.w.astype(np.float64), splitter.presorted(np.arange(data.n)),
            splitter.numeric_features, splitter.nominal_features, splitter.nominal_sizes,
            np.array(splitter.nominal, np.bool_), np.array(splitter.n_cat, np.int64), splitter.K, M, splitter.mdl,
            splitter.log2_count, splitter.log_table, bool(params["collapse"]), bool(params["prune"]), cf,
            _normal_inverse(1 - cf) if params["prune"] else 0.0, bool(params["subtree_raising"]))
        if ok:
            names = ("is_leaf", "nominal", "feature", "threshold", "child_start", "child_count", "child_index",
                     "counts", "label")
            report.finish()
            return _from_arrays(splitter.tree(), dict(zip(names, arrays)))
    grown = grow_c45(splitter, progress)
    a = grown.arrays()
    if params["collapse"]:
        c45_collapse(a["is_leaf"], a["child_start"], a["child_count"], a["child_index"], a["counts"])
    if params["prune"]:
        case_len = np.array([len(r) for r in grown.rows], np.int64)
        c45_prune(data.X, data.y, a["is_leaf"], a["nominal"], a["feature"], a["threshold"], a["child_start"],
                  a["child_count"], a["child_index"], a["counts"], a["label"], np.concatenate(grown.rows),
                  np.concatenate(grown.weights), case_len, cf, _normal_inverse(1 - cf),
                  bool(params["subtree_raising"]))
    return _from_arrays(splitter.tree(), a)


class NumpyC45Splitter(C45Splitter):
    """C45Splitter with the NumPy formulas the split kernels replaced (for the tests)."""

    def candidates(self, cases: Cases) -> list[Candidate]:
        return self.candidates_numpy(cases)


def fit_c45_reference(data: EncodedData, params: dict) -> Tree:
    """The fit as it was before the compiled one (the generic grow loop with NumPy's formulas, the
    Python pruner C45Pruner), for the tests: fit_c45 must give the same tree, bit for bit."""
    tree, cases = c45_parts(data, None, params, splitter=NumpyC45Splitter).grow(keep_cases=True)
    builder = C45Pruner(tree, data, {i: (c.data.rows, c.data.weights) for i, c in cases.items()})
    if params["collapse"]:
        builder.collapse(0)
    if params["prune"]:
        builder.prune(0, params["confidence"], params["subtree_raising"])
    return _compact(tree)


def _from_arrays(tree: Tree, a: dict) -> Tree:
    """The reachable nodes of the pruned arrays as `tree`'s nodes, depth first (what _compact gives:
    the nodes of Tree.from_json(tree.to_json()), each with its own row of one copy of the counts).
    Plain Python lists throughout (a NumPy scalar read costs ~100 ns; car's tree has 200 nodes)."""
    leaf, start, count = a["is_leaf"].tolist(), a["child_start"].tolist(), a["child_count"].tolist()
    children = a["child_index"].tolist()
    labels, feature, threshold, nominal = a["label"].tolist(), a["feature"].tolist(), a["threshold"].tolist(), \
        a["nominal"].tolist()
    rows = list(np.array(a["counts"], dtype=np.float64))  # one copy; every node keeps its row (a view)
    nodes = tree.nodes
    append = nodes.append
    stack = [(0, -1, -1)]  # node, new parent, position among its children
    pop, push = stack.pop, stack.append
    while stack:
        i, parent, pos = pop()
        new = len(nodes)
        if leaf[i]:
            append(Leaf(rows[i], labels[i], [], parent))
        else:
            s = start[i]
            k = count[i]
            if nominal[i]:
                append(CategorySplit(rows[i], labels[i], [-1] * k, parent, feature[i], list(range(k))))
            else:
                append(ThresholdSplit(rows[i], labels[i], [-1] * k, parent, feature[i], threshold[i]))
            for q in range(k - 1, -1, -1):
                push((children[s + q], new, q))
        if parent >= 0:
            nodes[parent].children[pos] = new
    tree.changed()
    return tree


def _compact(tree: Tree) -> Tree:
    """Drop unreachable nodes (left behind by pruning) and renumber."""
    return Tree.from_json(tree.to_json(), tree.schema)


ALGORITHMS = (with_hierarchy_labels(replace(C45, fit=fit_c45, parts=c45_parts)),)
