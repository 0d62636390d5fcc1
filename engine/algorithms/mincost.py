"""Minimum-cost trees (seed 003; ALGORITHMS.md §4.1–4.4): M3 and its baselines M1, M2.

All three label every node by the class of least expected misclassification cost,
argmin_j Σ_i N_i · MC[i][j] (without a cost matrix: 0/1 costs, i.e. the majority; ties
to the lower class index).

**M3** (`mincost`, §4.2). At a node, the candidates are the discrete attributes
(those with categories: one branch per value) not yet used on the path, and every
numeric attribute as its best cut (a binary cut at a midpoint between consecutive
distinct known values, reusable on a path): the cut of smallest raw MC, ties the
larger gain ratio, then the lower cut. Each candidate A gets

- MC(A): Σ over the children of min_j Σ_i N_ci · MC[i][j] (each child labelled with its
  own minimum-cost class), plus Σ_i M_i · MC[i][node label] for the cases with A
  missing, which stay at the node (§4.4);
- TC(A), WC(A): `CostModel.attribute_costs` with K = the attributes tested on the path
  and P = their batch groups (a member tested alone pays its group's common cost):
  0 for an attribute tested above; TC(A | P) = TC(A) - CC once A's group is paid;
  WC(A | K) = cpt·(WCT(A) + WCT of A's prerequisite chain up to the first tested one)
  + WCS(A);
- GR(A): C4.5's gain ratio (gain scaled by the known share, the unknowns a bag of
  their own in the split information: engine.algorithms.c45).

Each of the four is min-max normalised over the node's candidates (all equal: 0),
F = w1·MC' + w2·TC' + w3·WC' - w4·GR', and the smallest F wins; ties (compared to 10
decimals): smaller raw MC, then smaller TC, then smaller WC (`tie_order=waiting_first`:
WC before TC), then the lower attribute index. A node is a leaf when it is pure, has
no candidate, has fewer than `min_samples_split` cases or is at `max_depth`; with
`cost_stop` (§4.6, off by default) also when the chosen split's total-cost reduction,
as M2 computes it, is not positive.

**M2** (`m2`, §4.3, Ling et al. 2004): the same candidates; the one with the largest
total-cost reduction

    R(A) = cost(node as leaf) - [MC(A) + W_known(A) · (TC(A) + WC(A))]

(MC(A) as above, with the cases missing A kept at the node; W_known the weight of the
cases whose value of A is known); ties to the lower index; a leaf when no R(A) > 0.

**M1** (`m1`, §4.3): C4.5 as `c45` grows and prunes it (gain ratio, fractional missing
values), then every node relabelled by minimum misclassification cost (a node with no
weight takes its parent's label). A new case that C4.5's missing values spread over
several leaves takes the class of least expected cost under its summed distribution
(the tree's `label_costs`, set by all three learners when the problem has a cost matrix),
not the largest share.

Missing values: M3 and M2 keep a case whose value of the chosen attribute is missing
at the node in training, and a new case stops there at prediction (missing "stop").

M3 and M2 grow on presorted columns (`PresortedMinCostSplitter`: each numeric attribute
sorted once, every split partitioning the sorted columns stably; no sorting in a node),
which give the same trees, bit for bit, as `MinCostSplitter`, which sorts every node's
values again (kept as the reference: tests/test_mincost_presorted.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..costs import CostModel
from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..i18n import N_, _
from ..kernels.c45 import category_bags
from ..kernels.mincost import (
    missing_bags,
    near_best_cut_bags,
    sweep_work,
    partition_segment,
    presorted_cut_bags,
    segment_category_bags,
    segment_integral,
    segment_missing_bags,
    xlnx_table,
)
from ..kernels.split import presort
from ..progress import Progress
from ..tree.grow import Candidate, Cases, Child, GrowthParts, Stopping, min_cost_label
from ..tree.model import PENDING, CategorySplit, ThresholdSplit, Tree
from ..tree.splitters import RowSplitter
from . import c45 as _c45
from .c45 import gain_ratio, info_gain
from .params import AlgorithmInfo, Param

#: decimals to which F, MC, TC and WC are compared (equal in exact arithmetic: a tie)
DECIMALS = 10
#: the numeric cuts kept by the kernel: MC within SLACK · max(1, |least MC|) of the least (far
#: above the rounding to DECIMALS decimals and the differences between summation orders)
SLACK = 1e-9
#: the tied cuts whose gain ratio NumPy computes: the kernel's approximation within
#: RATIO_SLACK · max(1, largest) of the largest (its error is below 1e-8 of that)
RATIO_SLACK = 1e-6
NO_TABLE = np.zeros(0)


def cost_matrix_of(spec: ProblemSpec | None, classes: list[str]) -> np.ndarray:
    """MC[i][j] of the problem reindexed to `classes`; 0/1 costs when it has none."""
    if spec is not None and spec.misclassification_costs is not None:
        return spec.misclassification_costs.as_array(list(classes))
    k = len(classes)
    return 1.0 - np.eye(k)


class MinCostSplitter(RowSplitter):
    """The M2/M3 candidates of a node (module docstring), each with its raw scores:
    `mc`, `tc`, `wc`, `gr` (gain ratio), `gain`, `known` (weight of the cases with the
    attribute known) and `leaf` (the node's cost as a leaf). Cases missing the chosen
    attribute stay at the node."""

    def __init__(self, data: EncodedData, cost: np.ndarray, costs: CostModel):
        super().__init__(data, missing="stay")
        self.cost = np.asarray(cost, dtype=np.float64)
        self.costs = costs
        self.rule = min_cost_label(self.cost)
        attrs = data.schema.attributes
        self.discrete = [a.categories is not None for a in attrs]
        self.sizes = [len(a.categories) if a.categories is not None else 0 for a in attrs]
        self.integral_cost = bool(np.all(self.cost == np.floor(self.cost)) and np.all(self.cost >= 0))
        self.largest_cost = float(np.abs(self.cost).max(initial=0.0))
        self.numeric_features = np.array([j for j, d in enumerate(self.discrete) if not d], np.int64)
        self.discrete_features = [j for j, d in enumerate(self.discrete) if d and self.sizes[j] >= 2]
        self._path_costs: dict = {}  # the attributes tested above -> (TC, WC) of every attribute

    def candidates(self, cases: Cases) -> list[Candidate]:
        """Every candidate's scores for all attributes together: the class weights per branch
        and of the cases missing each attribute by engine/kernels (one call for the numeric
        attributes' cuts, one for the discrete attributes' values, one for the missing
        weights), MC, gain and gain ratio from them by NumPy over all candidates at once."""
        node = self.node_costs(cases)
        if node is None:
            return []
        total, node_label, leaf, tc, wc = node
        used = cases.data.used
        found: dict[int, tuple] = {}
        if len(self.numeric_features):
            self._numeric(cases, total, found)
        discrete = [j for j in self.discrete_features if j not in used]
        if discrete:
            self._discrete(cases, total, np.array(discrete, np.int64), found)
        if not found:
            return []
        attributes = sorted(found)
        missing = self._missing_bags(cases, np.array(attributes, np.int64))
        column = self.cost[:, node_label]
        out = []
        for a, j in enumerate(attributes):
            mc, gain, ratio, known_weight, threshold = found[j]
            missing_mc = float(missing[a] @ column)
            scores = {"mc": mc + missing_mc, "tc": float(tc[j]), "wc": float(wc[j]), "gr": ratio, "gain": gain,
                      "known": known_weight, "leaf": leaf}
            out.append(Candidate(0.0, j, threshold, scores))
        return out

    # the node's class weights, from its rows (this class: the reference, which sorts at every
    # node) or from presorted columns (PresortedMinCostSplitter, the learners' own)

    def _cut_bags(self, cases: Cases, total: float, exact: bool, table: np.ndarray):
        """engine.kernels.mincost.near_best_cut_bags of the node's numeric attributes."""
        return near_best_cut_bags(self.X, self.y, cases.data.rows, cases.data.weights, self.numeric_features, self.K,
                                  self.cost, SLACK, total, exact, table, RATIO_SLACK)

    def _category_bags(self, cases: Cases, features: np.ndarray, sizes: np.ndarray) -> np.ndarray:
        return category_bags(self.X, self.y, cases.data.rows, cases.data.weights, features, sizes, self.K)

    def _missing_bags(self, cases: Cases, features: np.ndarray) -> np.ndarray:
        return missing_bags(self.X, self.y, cases.data.rows, cases.data.weights, features, self.K)

    def _integral_weights(self, cases: Cases) -> bool:
        w = cases.data.weights
        return bool(np.all(w == np.floor(w)))

    def _table(self, total: float) -> np.ndarray:
        """i ln i for i = 0 .. the node's weight."""
        return xlnx_table(int(total))

    def node_costs(self, cases: Cases):
        """(total weight, the node's label, its cost as a leaf, TC and WC of every attribute given
        the path: `CostModel.attribute_costs`), or None for a node without weight."""
        counts = cases.counts
        total = float(counts.sum())
        if total <= 0:
            return None
        node_label = self.rule(counts)
        used = cases.data.used
        path = self._path_costs.get(used)
        if path is None:  # the same for every node below the same tested attributes (a chain's)
            path = self._path_costs[used] = self.costs.attribute_costs(used, self.costs.paid_by(used))
        tc, wc = path
        return total, node_label, float(counts @ self.cost[:, node_label]), tc, wc

    def _children_mc(self, bags: np.ndarray) -> np.ndarray:
        """Σ over the children (axis -2) of each child's minimum-cost total."""
        return (bags @ self.cost).min(axis=-1).sum(axis=-1)

    def _discrete(self, cases, total, features, found) -> None:
        """Multiway splits of the discrete attributes `features` with at least two non-empty
        values; attributes with the same number of values scored together (with whole numbers:
        all of them together)."""
        sizes = np.array([self.sizes[j] for j in features], np.int64)
        all_bags = self._category_bags(cases, features, sizes)
        groups: dict[int, list[int]] = {}
        if all_bags.shape[1] < 8 and self.integral_cost and total * self.largest_cost < 2.0 ** 52 and \
                self._integral_weights(cases):
            # whole numbers: every attribute together, its values padded with empty ones to the
            # most values (< 8). The same numbers: the sums of class weights are exact in any
            # order; the x ln x of an empty bag is 0, added after the others (NumPy adds fewer
            # than 8 numbers one after the other: adding 0 changes nothing)
            groups[all_bags.shape[1]] = list(range(len(sizes)))
            for a in np.flatnonzero(sizes < all_bags.shape[1]):
                all_bags[a, sizes[a]:, :] = 0.0  # only values inside the attribute's own (as [:m] below)
        else:
            for a, m in enumerate(sizes):
                groups.setdefault(int(m), []).append(a)
        for m, members in groups.items():
            bags = np.ascontiguousarray(all_bags[members, :m, :])
            ok = np.count_nonzero(bags.sum(axis=2) > 0, axis=1) >= 2
            if not ok.any():
                continue
            bags = bags[ok]
            gains = info_gain(bags, total)
            ratios = gain_ratio(bags, total, gains)
            mcs = self._children_mc(bags)
            for i, a in enumerate(np.asarray(members)[ok]):
                found[int(features[a])] = (float(mcs[i]), float(gains[i]), float(ratios[i]), float(bags[i].sum()),
                                           None)

    def _numeric(self, cases, total, found) -> None:
        """Each numeric attribute's best cut: the smallest MC, ties the larger gain ratio, then
        the lower cut. The kernel keeps the cuts whose MC is within SLACK of the least; their
        MC is computed again here as NumPy computes it, and gain ratios only for the cuts tied
        at the least (MC compared to DECIMALS decimals)."""
        # integers throughout (costs, weights, sums below 2**52): every order of summation gives
        # the same MC, the kernel's included, and x ln x of the weights can come from a table
        exact = self.integral_cost and total * self.largest_cost < 2.0 ** 52 and self._integral_weights(cases)
        table = self._table(total) if exact and total < 2 ** 26 else NO_TABLE
        bags, thresholds, cuts, start, count, known, kernel_mc, approximate, near = self._cut_bags(
            cases, total, exact, table)
        has = np.flatnonzero(count > 0)
        if not len(has):
            return
        mc = kernel_mc if exact else self._children_mc(bags)
        rounded = np.round(mc, DECIMALS)
        lowest = np.minimum.reduceat(rounded, start[has])
        tied = np.flatnonzero(rounded == np.repeat(lowest, count[has]))
        segment = np.repeat(np.arange(len(has)), count[has])[tied]
        # among the tied cuts, NumPy's gain ratio only for those whose approximate ratio is
        # within RATIO_SLACK of the attribute's largest (or near a 1e-6 threshold)
        near_t = near[tied]
        ratio_t = np.where(near_t, -np.inf, approximate[tied])
        firsts = np.r_[0, np.flatnonzero(segment[1:] != segment[:-1]) + 1]
        top = np.maximum.reduceat(ratio_t, firsts)
        top = np.repeat(top, np.diff(np.r_[firsts, len(tied)]))
        keep = near_t | (ratio_t >= top - RATIO_SLACK * np.maximum(1.0, np.abs(top)))
        tied, segment = tied[keep], segment[keep]
        gains = info_gain(bags[tied], total)
        ratios = gain_ratio(bags[tied], total, gains)
        order = np.lexsort((cuts[tied], -np.round(ratios, DECIMALS), segment))
        first = order[np.r_[True, segment[order][1:] != segment[order][:-1]]]
        for q in first:
            a, best = has[segment[q]], tied[q]
            found[int(self.numeric_features[a])] = (float(mc[best]), float(gains[q]), float(ratios[q]),
                                                    float(known[a]), float(thresholds[best]))

    def make_node(self, cases: Cases, chosen: Candidate):
        j = chosen.attribute
        if self.discrete[j]:
            m = self.sizes[j]
            return CategorySplit(counts=None, label=0, children=[-1] * m, feature=j, branches=list(range(m)))
        return ThresholdSplit(counts=None, label=0, children=[-1, -1], feature=j, threshold=chosen.detail)


@dataclass(eq=False)
class Segment:
    """A node's cases for PresortedMinCostSplitter: positions [start, end) of its presorted
    columns (`order`'s last row: the cases in row order); the attributes used above."""

    order: np.ndarray
    weights_of: np.ndarray
    start: int
    end: int
    used: frozenset = frozenset()

    @property
    def rows(self) -> np.ndarray:
        """The node's data rows, ascending (as Rows.rows)."""
        return self.order[-1, self.start:self.end].astype(np.int64)

    @property
    def weights(self) -> np.ndarray:
        return self.weights_of[self.rows]


class PresortedMinCostSplitter(MinCostSplitter):
    """MinCostSplitter over columns sorted once (engine.kernels.mincost's presorted kernels):
    `root()` sorts each numeric attribute's rows by value (ties by row, missing values last);
    a split partitions every sorted column stably into the children (the cases missing the
    attribute tested stay out of them), so a node's sweep sorts nothing, and a chain of
    nodes (the trees M3 grows at scale) costs O(p · n_node) a node instead of O(p · n_node
    log n_node). The same sums in the same order as MinCostSplitter: the same trees, bit for
    bit. A node's cases are valid until one of its ancestors' siblings is split: the growth
    loop's depth-first order; `root()` starts afresh."""

    def __init__(self, data: EncodedData, cost: np.ndarray, costs: CostModel):
        super().__init__(data, cost, costs)
        self.w = np.ascontiguousarray(data.w, dtype=np.float64)
        self.all_integral = bool(np.all(self.w == np.floor(self.w)))
        self.nonnegative = bool(np.all(self.w >= 0))  # with exact costs: the kernel's one-pass sweep
        self.ones = np.ones(len(self.w)) if bool(np.all(self.w == 1.0)) else np.empty(0)
        self.y64 = np.ascontiguousarray(self.y, dtype=np.int64)
        self.Xc = np.ascontiguousarray(self.X, dtype=np.float64)
        self.root_table = NO_TABLE
        # column[j]: attribute j's row of the presorted columns (-1: not presorted, a discrete one)
        self.column = np.full(len(self.discrete), -1, np.int64)
        self.column[self.numeric_features] = np.arange(len(self.numeric_features))
        # code[j]: a discrete attribute's row of the row-order data (rowdata[2 + code[j]]; -1: numeric)
        self.discrete_columns = np.array([j for j, d in enumerate(self.discrete) if d], np.int64)
        self.code = np.full(len(self.discrete), -1, np.int64)
        self.code[self.discrete_columns] = np.arange(len(self.discrete_columns))

    def root(self) -> Cases:
        n = len(self.y)
        P = len(self.numeric_features)
        order = np.empty((P + 1, n), np.int32)
        if P:
            order[:P], self.vals, self.ys = presort(self.Xc[:, self.numeric_features], self.y64)
        else:
            self.vals, self.ys = np.empty((0, n)), np.empty((0, n), np.int8)
        order[P] = np.arange(n, dtype=np.int32)
        self.order = order
        rowdata = np.empty((2 + len(self.discrete_columns), n))
        rowdata[0] = self.y64
        rowdata[1] = self.w
        rowdata[2:] = self.Xc[:, self.discrete_columns].T
        self.rowdata = rowdata
        self.dest = np.empty(n, np.int32)
        self.buffer = np.empty(n, np.int32)
        self.place = np.empty(n, np.int32)
        self.work = sweep_work(n, self.K)
        self.vbuffer = np.empty(n)
        self.ybuffer = np.empty(n, self.ys.dtype)
        counts = np.bincount(self.y, weights=self.w, minlength=self.K).astype(np.float64)
        total = float(counts.sum())
        self.root_table = xlnx_table(int(total)) if 0 < total < 2 ** 26 else NO_TABLE
        return Cases(counts, n, 0, Segment(order, self.w, 0, n))

    def node_cases(self, rows: np.ndarray, weights: np.ndarray, depth: int, tested=frozenset()) -> Cases:
        """The cases of the node that holds `rows` (the cases missing a tested attribute stay
        above, so the others keep their own weights) as the growth loop holds them: the root's
        columns, each partitioned stably so the node's cases come first in their presorted
        order (the learner's sums in the learner's order); the attributes tested above."""
        if not np.array_equal(weights, self.w[rows]):
            raise ValueError("a minimum-cost splitter's cases keep their own weights")
        self.root()
        inside = np.zeros(len(self.y), np.bool_)
        inside[rows] = True
        P = len(self.numeric_features)
        for r in range(P + 1):
            first = np.argsort(~inside[self.order[r]], kind="stable")
            self.order[r] = self.order[r][first]
            if r < P:
                self.vals[r], self.ys[r] = self.vals[r][first], self.ys[r][first]
            else:  # the row-order data follows the last row
                self.rowdata = np.ascontiguousarray(self.rowdata[:, first])
        counts = np.bincount(self.y[rows], weights=weights, minlength=self.K).astype(np.float64)
        return Cases(counts, len(rows), depth, Segment(self.order, self.w, 0, len(rows), frozenset(tested)))

    def split(self, cases: Cases, chosen: Candidate):
        node = self.make_node(cases, chosen)
        seg = cases.data
        j = chosen.attribute
        n_children = len(node.children)
        threshold = 0.0 if self.discrete[j] else float(chosen.detail)
        at, sizes, counts = partition_segment(self.w, self.order, self.vals, self.ys, self.rowdata, seg.start,
                                              seg.end, j, self.column, self.code, threshold, n_children, self.K,
                                              self.dest, self.buffer, self.vbuffer, self.ybuffer, self.place)
        used = seg.used | {j}
        depth = cases.depth + 1
        children = []
        for c in range(n_children):
            first, size = int(at[c]), int(sizes[c])
            children.append(Child(Cases(counts[c].copy(), size, depth, Segment(self.order, self.w, first,
                                                                                  first + size, used))))
        return node, children

    def _cut_bags(self, cases, total, exact, table):
        seg = cases.data
        return presorted_cut_bags(self.order, self.vals, self.ys, self.w, seg.start, seg.end, self.K, self.cost,
                                  SLACK, total, exact, table, RATIO_SLACK, self.nonnegative, self.work, self.vbuffer,
                                  self.ones)

    def _category_bags(self, cases, features, sizes):
        seg = cases.data
        return segment_category_bags(self.rowdata, seg.start, seg.end, self.code[features], sizes, self.K)

    def _missing_bags(self, cases, features):
        seg = cases.data
        return segment_missing_bags(self.w, self.y64, self.order, self.vals, self.rowdata, seg.start, seg.end,
                                    features, self.column, self.code, self.K)

    def _integral_weights(self, cases):
        if self.all_integral:
            return True
        seg = cases.data
        return bool(segment_integral(self.rowdata, seg.start, seg.end))

    def _table(self, total):
        """The root's table when it reaches the node's weight (i ln i is the same number in
        either: a longer table only holds more of them)."""
        return self.root_table if self.root_table.shape[0] > int(total) else xlnx_table(int(total))


def reduction(c: Candidate) -> float:
    """M2's total-cost reduction: cost(leaf) - [MC + W_known · (TC + WC)]."""
    return c["leaf"] - (c["mc"] + c["known"] * (c["tc"] + c["wc"]))


def _positive(value: float, scale: float) -> bool:
    return value > 1e-9 * max(1.0, abs(scale))


def _normalised(values: np.ndarray) -> np.ndarray:
    low, high = values.min(), values.max()
    span = high - low
    if span <= 1e-12 * max(1.0, abs(high), abs(low)):
        return np.zeros_like(values)
    return (values - low) / span


class MinF:
    """M3's choice (§4.2): the smallest F over the min-max normalised MC, TC, WC, GR, ties
    by raw MC, TC, WC (or WC, TC), then index. Writes mc_n, tc_n, wc_n, gr_n and f into each
    candidate's scores. With `cost_stop`: None when the winner's M2 reduction is not positive."""

    def __init__(self, weights, tie_order: str = "test_first", cost_stop: bool = False):
        self.w1, self.w2, self.w3, self.w4 = (float(x) for x in weights)
        self.waiting_first = tie_order == "waiting_first"
        self.cost_stop = cost_stop

    def _f(self, candidates: list[Candidate]) -> np.ndarray:
        """F over the candidates, written into their scores (with the normalised MC', TC', WC', GR')
        and, negated, into their values."""
        scores = [c.scores for c in candidates]
        norm = [_normalised(np.array([s[name] for s in scores])) for name in ("mc", "tc", "wc", "gr")]
        f = self.w1 * norm[0] + self.w2 * norm[1] + self.w3 * norm[2] - self.w4 * norm[3]
        for c, s, mc_n, tc_n, wc_n, gr_n, fi in zip(candidates, scores, *(x.tolist() for x in norm), f.tolist()):
            s.update(mc_n=mc_n, tc_n=tc_n, wc_n=wc_n, gr_n=gr_n, f=fi)
            c.value = -fi
        return f

    def _order_key(self, candidates: list[Candidate]):
        """F over the candidates (written into their scores) and the key of candidate i (smaller first)."""
        f = self._f(candidates)

        def key(i):
            c = candidates[i]
            costs = (c["wc"], c["tc"]) if self.waiting_first else (c["tc"], c["wc"])
            return (round(f[i], DECIMALS), round(c["mc"], DECIMALS), round(costs[0], DECIMALS),
                    round(costs[1], DECIMALS), c.attribute)

        return key

    def __call__(self, candidates: list[Candidate], cases: Cases) -> Candidate | None:
        if not candidates:
            return None
        key = self._order_key(candidates)
        # the smallest key: F rounded first (np.round, as round() of a NumPy number), the rest of
        # the key only among the candidates tied there (the first of equal keys, as min() picks)
        f = np.array([-c.value for c in candidates])
        rounded = np.round(f, DECIMALS)
        tied = np.flatnonzero(rounded == rounded.min())
        best = candidates[int(tied[0])] if len(tied) == 1 else candidates[min(tied.tolist(), key=key)]
        if self.cost_stop and not _positive(reduction(best), best["leaf"]):
            return None
        return best

    def ranked(self, candidates: list[Candidate], cases: Cases) -> list[tuple[Candidate, dict]]:
        """Every candidate by F (normalised over all of them), then the ties' order; with
        `cost_stop`, each noted with its M2 reduction and whether that is positive."""
        if not candidates:
            return []
        key = self._order_key(candidates)
        order = [candidates[i] for i in sorted(range(len(candidates)), key=key)]
        if not self.cost_stop:
            return [(c, {}) for c in order]
        return [(c, {"total_cost_reduction": reduction(c),
                     "reduction_not_positive": not _positive(reduction(c), c["leaf"])}) for c in order]


class ChooseM2:
    """M2's choice: the largest total-cost reduction (ties: the lower index); None when none is
    positive. Writes the reduction into each candidate's value."""

    def __call__(self, candidates: list[Candidate], cases: Cases) -> Candidate | None:
        best, best_value = None, None
        for c in candidates:
            r = reduction(c)
            c.value = r
            if best_value is None or round(r, DECIMALS) > round(best_value, DECIMALS):
                best, best_value = c, r
        if best is None or not _positive(best_value, best["leaf"]):
            return None
        return best

    def ranked(self, candidates: list[Candidate], cases: Cases) -> list[tuple[Candidate, dict]]:
        """By reduction, largest first (ties: in order), each noted when it is not positive."""
        self(candidates, cases)
        order = sorted(candidates, key=lambda c: round(c.value, DECIMALS), reverse=True)
        return [(c, {"reduction_not_positive": not _positive(c.value, c["leaf"])}) for c in order]


choose_m2 = ChooseM2()


# ---- the learners ----------------------------------------------------------------------------

STOP_PARAMS = (
    Param("min_samples_split", 2, N_("fewest cases in a node that may be split"), kind="int", minimum=2),
    Param("max_depth", None, N_("deepest level (empty: no limit)"), kind="int", minimum=1),
)

WEIGHTS = (
    Param("w1", 0.25, N_("weight of the misclassification cost MC' in F"), minimum=0.0),
    Param("w2", 0.25, N_("weight of the test cost TC' in F"), minimum=0.0),
    Param("w3", 0.25, N_("weight of the waiting cost WC' in F"), minimum=0.0),
    Param("w4", 0.25, N_("weight of the gain ratio GR' (subtracted) in F"), minimum=0.0),
)


def check_weights(params: dict) -> str | None:
    """w1..w4 must not all be zero"""
    if all(float(params.get(f"w{k}", 0.25)) == 0 for k in range(1, 5)):
        return _("w1..w4 are all zero; give at least one a weight")
    return None


N_("w1..w4 must not all be zero")  # check_weights's docstring: its constraint, shown


USES = ("costs", "misclassification_costs")

MINCOST = AlgorithmInfo(
    name="mincost", family="costsensitive",
    title=N_("M3 minimum cost (MC, test, waiting costs and gain ratio, normalised and weighted)"),
    params=WEIGHTS + (
        Param("tie_order", "test_first", N_("ties in F and MC: the smaller test cost first, or the smaller waiting "
              "cost first"), kind="choice", choices=("test_first", "waiting_first")),
        Param("cost_stop", False, N_("also make a leaf when the chosen split's total-cost reduction (as M2 "
              "computes it) is not positive"), kind="bool"),
    ) + STOP_PARAMS,
    uses=USES, missing="stop", check=check_weights,
)

M2 = AlgorithmInfo(
    name="m2", family="costsensitive",
    title=N_("M2 minimum total cost (Ling et al. 2004: largest total-cost reduction)"),
    params=STOP_PARAMS, uses=USES, missing="stop",
)

M1 = AlgorithmInfo(
    name="m1", family="costsensitive",
    title=N_("M1 (C4.5 gain ratio and missing values, minimum-cost labels)"),
    params=_c45.C45.params, uses=("misclassification_costs",), missing="fractional",
)


def _stopping(params: dict) -> Stopping:
    return Stopping(max_depth=params.get("max_depth"), min_samples_split=params.get("min_samples_split", 2),
                    min_samples_leaf=0, min_impurity_decrease=None)


def _splitter(data: EncodedData, spec: ProblemSpec | None, presorted: bool = True) -> MinCostSplitter:
    """The learners' splitter (presorted columns); presorted=False: the reference that sorts at
    every node (the same trees, slower: tests)."""
    kind = PresortedMinCostSplitter if presorted else MinCostSplitter
    return kind(data, cost_matrix_of(spec, data.classes), CostModel.from_spec(spec, data.schema.names))


def mincost_parts(data: EncodedData, spec: ProblemSpec | None, params: dict) -> GrowthParts:
    """M3's growth parts: the candidates' MC, TC, WC and gain ratio on presorted columns, the
    smallest normalised F, leaves by least misclassification cost."""
    splitter = _splitter(data, spec)
    choice = MinF([params.get(f"w{k}", 0.25) for k in range(1, 5)], params.get("tie_order", "test_first"),
                  bool(params.get("cost_stop", False)))
    return GrowthParts(splitter, choice=choice, label_rule=splitter.rule, stopping=_stopping(params),
                       message=N_("growing the minimum-cost tree (M3)"), criterion="f", criterion_name="f")


def m2_parts(data: EncodedData, spec: ProblemSpec | None, params: dict) -> GrowthParts:
    """M2's growth parts: the same candidates, the largest total-cost reduction."""
    splitter = _splitter(data, spec)
    return GrowthParts(splitter, choice=choose_m2, label_rule=splitter.rule, stopping=_stopping(params),
                       message=N_("growing the minimum total cost tree (M2)"),
                       criterion_name="total_cost_reduction")


def fit_mincost(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    return _answers_by_cost(mincost_parts(data, spec, params).grow(progress), spec)


def fit_m2(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    return _answers_by_cost(m2_parts(data, spec, params).grow(progress), spec)


def _answers_by_cost(tree: Tree, spec: ProblemSpec | None) -> Tree:
    """With a cost matrix, a case spread over several leaves (C4.5's fractional missing values,
    chosen at prediction) also answers with the class of least expected cost (Tree.label_costs)."""
    if spec is not None and spec.misclassification_costs is not None:
        tree.label_costs = cost_matrix_of(spec, list(tree.schema.classes))
    return tree


def relabel_min_cost(tree: Tree, cost: np.ndarray) -> Tree:
    """Every node's label: argmin_j Σ_i N_i · MC[i][j]; a node with no weight takes its parent's."""
    rule = min_cost_label(cost)
    stack = [(0, None)]
    while stack:
        node_id, parent_label = stack.pop()
        node = tree.nodes[node_id]
        if node.label != PENDING:
            if node.counts.sum() > 0:
                node.label = rule(node.counts)
            elif parent_label is not None:
                node.label = parent_label
        if not node.is_leaf:
            stack.extend((c, node.label) for c in node.children)
    tree.changed()
    return tree


def m1_parts(data: EncodedData, spec: ProblemSpec | None, params: dict) -> GrowthParts:
    """M1's growth parts: C4.5's, with leaves by least misclassification cost."""
    return replace(_c45.c45_parts(data, spec, params), label_rule=min_cost_label(cost_matrix_of(spec, data.classes)))


def fit_m1(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    tree = _c45.fit_c45(data, spec, params, progress)
    return _answers_by_cost(relabel_min_cost(tree, cost_matrix_of(spec, data.classes)), spec)


ALGORITHMS = (
    replace(MINCOST, fit=fit_mincost, parts=mincost_parts),
    replace(M1, fit=fit_m1, parts=m1_parts),
    replace(M2, fit=fit_m2, parts=m2_parts),
)
