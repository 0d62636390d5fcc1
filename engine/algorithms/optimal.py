"""The provably cheapest small tree (issue 40): learner `optimal`, family "optimal".

Over every binary tree of depth <= d (`max_depth`, default 3) on the binarised attributes,
whose leaves (the children of every split) hold a weight of at least m (`min_samples_leaf`;
the number of cases when every case weighs 1), the learner finds one of least training
objective

    Σ_cases w · MC[class][label of the node the case ends at]     (the cost matrix; else 0/1)
    + λ · leaves                                                   (`leaf_penalty`)
    + Σ_cases w · Σ_{splits on the case's path whose value it has} TC(a | P) + WC(a | K)

where a is the split's attribute, K the attributes tested above it on the path and P their
batch groups: `CostModel.attribute_costs`, the price M2 and M3 charge a candidate (§4.1):
an attribute tested higher on the path costs nothing again (so a second cut of the same
number is free), a batch member after another member of its group costs TC - CC, and the
waiting cost adds the waiting times of the prerequisite chain up to the first attribute
known on the path. A case whose value of a node's attribute is missing stops at that node
and takes its label (the internal-node strategy, §4.4; missing "stop" at prediction), and
pays no test there (as M2's W_known). Each node's label is its least-cost class over all the
cases that reach it (ties: the lower class), the label `predict` answers.

**Which terms are exact.** All of the above, exactly: the dynamic programme's state is (the
set of cases at the node, the depth left, and — when the problem prices tests — the set K of
attributes tested above), and every term is a function of that state, so with K in the key
the recursion over (set, depth, K) enumerates exactly the trees' objectives. Prerequisites and
batch groups enter only through TC(a | P) and WC(a | K), so they are exact too. What the
objective does *not* model: the consultation's and the test strategies' price of obtaining
an unknown prerequisite as a test of its own (its TC and WCS; `CostModel.cost`), the hybrid
strategy's choice of which test to obtain, and a budget. These are the learners' view of
§4.1 (M2, M3): the tree is optimal for that objective; what a case pays under a test
strategy on held-out cases is measured by `ruletree reproduce mincost`, not optimised.

**Binarisation** (`cuts`): a numeric attribute (and an ordinal one, on its ranks) by
thresholds x <= t. `auto` (default): every midpoint between consecutive distinct training
values when there are at most `max_cuts` of them (then the tree is optimal over *all*
threshold trees on that attribute), else `quantile`; `all`: every midpoint, however many;
`quantile`: at most `max_cuts` thresholds at the quantiles of the training values (each
snapped to the midpoint after the quantile's value). The cap is the default because the
depth-3 search costs about F³ in the number F of binary features: a cap keeps F near
`max_cuts` times the numeric attributes. A nominal attribute gives one-vs-rest features, one
per category seen in training (one when only two are seen).

**Search.** Depth <= 2 is solved from class counts (`engine/kernels/optimal_dp.py`: the
pair counts of all features over the node's cases in one pass, then every depth-two tree
priced from them: MurTree's specialised solver, with our costs). A node of depth three below
the root is one compiled call too (`best_depth3`: its pair counts once, each split's smaller
child counted and the other by subtraction, MurTree's similarity bound where it holds). Above, a memoised
recursion over the set of cases (a bitset key) with branch and bound: the features are
tried best split first; a feature is pruned when the lower bounds of its two children
(identical binarised cases cannot be told apart: each group of them pays at least its least
cost under one label, plus λ) already reach the best tree found; a node stops as soon as its
best tree meets its lower bound.

**Anytime** (`time_limit` seconds, empty: none): when the time runs out, the features not
yet tried count with their lower bounds, and the answer is the best tree found so far with
the root's lower bound (the least of every option's bound: the leaf's cost, each tried
feature's value or bound, each untried feature's bound; never above the optimum) and the gap
(objective - bound) / objective. A depth-two solve, and a depth-three one below the root, is one
compiled call, not interrupted. The
model's info records objective, lower_bound, gap, optimal (true when the search finished)
and the number of binary features. Progress is reported per feature at the root; Cancel is
checked at every node above depth two.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

import numpy as np

from ..costs import CostModel
from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..i18n import N_, _
from ..kernels import optimal_dp as kernels
from ..progress import Progress
from ..tree.model import CategorySplit, Leaf, ThresholdSplit, Tree
from .mincost import _answers_by_cost, cost_matrix_of
from .params import AlgorithmInfo, Param

TOL = 1e-9
CUTS = ("auto", "all", "quantile")


@dataclass(frozen=True)
class BinaryFeature:
    """x[attribute] <= value (kind "threshold") or x[attribute] == value (kind "category")."""

    attribute: int
    kind: str
    value: float


def _midpoints(values: np.ndarray) -> np.ndarray:
    distinct = np.unique(values)
    return (distinct[:-1] + distinct[1:]) / 2.0


def _quantile_cuts(values: np.ndarray, max_cuts: int) -> np.ndarray:
    """At most max_cuts thresholds: for each inner quantile q of the values, the midpoint between
    the value at q and the next larger distinct value (none after the largest)."""
    distinct = np.unique(values)
    if len(distinct) < 2:
        return np.zeros(0)
    qs = np.quantile(values, np.arange(1, max_cuts + 1) / (max_cuts + 1), method="lower")
    at = np.unique(np.searchsorted(distinct, qs, side="left"))
    at = at[at < len(distinct) - 1]
    return (distinct[at] + distinct[at + 1]) / 2.0


def binarise(data: EncodedData, cuts: str = "auto", max_cuts: int = 16) -> list[BinaryFeature]:
    """The binary features (module docstring, Binarisation), attribute by attribute."""
    out: list[BinaryFeature] = []
    for j, attr in enumerate(data.schema.attributes):
        col = data.X[:, j]
        known = col[col == col]
        if len(known) == 0:
            continue
        if attr.kind == "nominal" and attr.categories is not None:
            seen = np.unique(known).astype(np.int64)
            if len(seen) < 2:
                continue
            for v in (seen[:1] if len(seen) == 2 else seen):
                out.append(BinaryFeature(j, "category", float(v)))
            continue
        if cuts == "all" or (cuts == "auto" and len(np.unique(known)) - 1 <= max_cuts):
            thresholds = _midpoints(known)
        else:
            thresholds = _quantile_cuts(known, max_cuts)
        out.extend(BinaryFeature(j, "threshold", float(t)) for t in thresholds)
    return out


def feature_states(data: EncodedData, features: list[BinaryFeature]) -> tuple[np.ndarray, np.ndarray]:
    """(true, missing): (n, F) bool, the case satisfies the feature / lacks the value."""
    n = data.n
    true = np.zeros((n, len(features)), bool)
    missing = np.zeros((n, len(features)), bool)
    for f, b in enumerate(features):
        col = data.X[:, b.attribute]
        missing[:, f] = col != col
        with np.errstate(invalid="ignore"):
            true[:, f] = (col <= b.value) if b.kind == "threshold" else (col == b.value)
    return true, missing


def _csr(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rows, cols = np.nonzero(mask)  # row-major: each row's columns ascending
    ptr = np.zeros(mask.shape[0] + 1, np.int64)
    np.add.at(ptr, rows + 1, 1)
    return np.cumsum(ptr), cols.astype(np.int64)


class TimeUp(Exception):
    pass


class Search:
    """The memoised branch-and-bound search over (set of cases, depth left, attributes known)."""

    def __init__(self, data: EncodedData, features: list[BinaryFeature], cost: np.ndarray, costs: CostModel,
                 lam: float, min_leaf: float, deadline: float, progress: Progress | None):
        self.data, self.features = data, features
        self.y = np.asarray(data.y, np.int64)
        self.w = np.asarray(data.w, np.float64)
        self.cost = np.ascontiguousarray(cost, np.float64)
        self.K = len(data.classes)
        self.costs = costs
        self.priced = any(c > 0 for c in costs.test_costs) or any(
            costs.own_waiting_cost(j) > 0 for j in range(len(costs.names)))
        self.lam, self.min_leaf = float(lam), float(min_leaf)
        self.deadline, self.progress = deadline, progress
        self.timed_out = False
        true, missing = feature_states(data, features)
        other = ~true & ~missing
        # each feature's counted side: the one fewer training cases take
        self.counted_is_true = true.sum(axis=0) <= other.sum(axis=0)
        counted = np.where(self.counted_is_true, true, other)
        self.counted, self.missing, self.true = counted, missing, true
        self.counted_c = np.ascontiguousarray(counted, np.bool_)
        self.missing_c = np.ascontiguousarray(missing, np.bool_)
        self.cmax = np.ascontiguousarray(self.cost.max(axis=1))
        # MurTree's similarity bound holds when no case pays a test, none misses a value and every
        # case alone meets the minimum leaf (kernels._similarity_bound)
        self.similarity = bool(not self.priced and not missing.any() and data.n
                               and self.w.min() >= self.min_leaf - kernels.EPS)
        self.cnt_ptr, self.cnt_idx = _csr(counted)
        self.mis_ptr, self.mis_idx = _csr(missing)
        F = len(features)
        self.F = F
        if F:
            # identical binarised cases: one group (each case's counted and missing bits as one key,
            # compared as raw bytes: far quicker than np.unique over the rows of an (n, F) matrix)
            bits = np.ascontiguousarray(np.concatenate([np.packbits(counted, axis=1), np.packbits(missing, axis=1)],
                                                       axis=1))
            _, group = np.unique(bits.view(np.dtype((np.void, bits.shape[1]))).reshape(-1), return_inverse=True)
        else:
            group = np.zeros(data.n, np.int64)
        self.group = np.asarray(group, np.int64).reshape(-1)
        self.n_groups = int(self.group.max(initial=0)) + 1
        self.attr = np.array([b.attribute for b in features], np.int64)
        self.usable = np.ones(F, np.bool_)
        self.memo: dict = {}  # key -> (optimal value, plan)
        self.lower: dict = {}  # key -> a lower bound (a search cut by a budget or the clock)
        self._price: dict = {}
        self.nodes_searched = 0

    # ---- costs given the attributes known on the path -------------------------------------------

    def _attribute_costs(self, known: frozenset) -> np.ndarray:
        key = ("a", known)
        if key not in self._price:
            tc, wc = self.costs.attribute_costs(known, self.costs.paid_by(known))
            self._price[key] = tc + wc
        return self._price[key]

    def prices(self, known: frozenset) -> tuple[np.ndarray, np.ndarray]:
        """(tc_root (F,), tc_child (F, F)): a known case's test and waiting cost for each feature at
        a node with `known` above it, and for g below a node testing f."""
        if (known,) in self._price:
            return self._price[(known,)]
        if not self.priced:
            out = (np.zeros(self.F), np.zeros((self.F, self.F)))
        else:
            p = len(self.costs.names)
            by_attr = np.zeros((p, p))
            for a in np.unique(self.attr):
                by_attr[a] = self._attribute_costs(known | {int(a)})
            root = self._attribute_costs(known)[self.attr]
            out = (np.ascontiguousarray(root), np.ascontiguousarray(by_attr[self.attr][:, self.attr]))
        self._price[(known,)] = out
        return out

    def slot_prices(self, known: frozenset) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(slot (F,), S_root, S_child): below a split on f, at a node with `known` above it, the
        children pay S_root[slot[f]] / S_child[slot[f]] (`prices` of known plus f's attribute)."""
        key = ("s", known if self.priced else None)
        if key in self._price:
            return self._price[key]
        F = self.F
        if not self.priced or F == 0:
            out = (np.zeros(F, np.int64), np.zeros((1, F)), np.zeros((1, F, F)))
        else:
            attrs = np.unique(self.attr)
            parts = [self.prices(known | {int(a)}) for a in attrs]
            out = (np.searchsorted(attrs, self.attr).astype(np.int64), np.ascontiguousarray([r for r, _ in parts]),
                   np.ascontiguousarray([c for _, c in parts]))
        self._price[key] = out
        return out

    # ---- bounds ---------------------------------------------------------------------------------

    def bound(self, rows: np.ndarray) -> float:
        """No tree over `rows` costs less (module docstring)."""
        return kernels.equivalence_bound(rows, self.y, self.w, self.group, self.n_groups, self.cost) + self.lam

    def _key(self, rows, depth, known):
        mask = np.zeros(self.data.n, bool)
        mask[rows] = True
        return (np.packbits(mask).tobytes(), depth, known if self.priced else None)

    # ---- the search -----------------------------------------------------------------------------

    def solve(self, rows: np.ndarray, depth: int, known: frozenset = frozenset(), ub: float = np.inf,
              root: bool = False, table=None):
        """(value, lower bound, plan): the cheapest tree over `rows` found (plan None for a leaf,
        else (f, plan of f's counted side, plan of its other side)) and a bound no tree over
        `rows` goes below. lower == value: that tree is optimal. lower >= ub: no tree costs less
        than the caller's budget `ub` (then value may be inf, no tree returned). lower < value
        otherwise: the time ran out. `table`: (depth-two cache, decision) from the node of depth
        four above a node of depth three (kernels.depth3_run)."""
        key = self._key(rows, depth, known)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0], hit[0], hit[1]
        known_lower = self.lower.get(key, -np.inf)
        if known_lower >= ub:
            return np.inf, known_lower, None
        self.nodes_searched += 1
        if depth <= 2:
            # exactly, whatever the budget: one compiled call, and an exact answer is reused by the memo
            value, lower, plan = self._depth2(rows, depth, known, np.inf)
        elif depth == 3:
            value, lower, plan = self._depth3(rows, known, ub, root, table)
        else:
            value, lower, plan = self._search(rows, depth, known, ub, root)
        lower = max(lower, known_lower)
        if lower >= value - TOL:
            self.memo[key] = (value, plan)
            return value, value, plan
        self.lower[key] = lower
        return value, lower, plan

    def _search(self, rows, depth, known, ub, root):
        if self.progress is not None:
            self.progress.check()
        y, w = self.y, self.w
        tot, A, M = kernels.single_counts(rows, y, w, self.cnt_ptr, self.cnt_idx, self.mis_ptr, self.mis_idx,
                                          self.F, self.K)
        leaf, label = kernels.leaf_cost(tot, self.cost)
        best, plan = leaf + self.lam, None
        floor = self.bound(rows)
        total = float(tot.sum())
        if best <= floor + TOL or total < 2 * self.min_leaf - kernels.EPS:
            return best, best, None
        tc_root = self.prices(known)[0]
        options = []
        for f in range(self.F):
            wa, wm = float(A[f].sum()), float(M[f].sum())
            wb = total - wa - wm
            if wa < self.min_leaf - kernels.EPS or wb < self.min_leaf - kernels.EPS:
                continue
            fixed = float(M[f] @ self.cost[:, label]) + tc_root[f] * (wa + wb)
            quick = fixed + kernels.leaf_cost(A[f], self.cost)[0] + kernels.leaf_cost(tot - A[f] - M[f],
                                                                                      self.cost)[0]
            options.append((quick, f, fixed))
        options.sort()
        bounds = [best]  # every option's bound: the leaf's value, each split's
        # below a node of depth four, the nodes of depth three share one depth-two cache
        cache = kernels.depth2_table(self.F) if depth == 4 else None
        # MurTree's similarity bound (kernels._similarity_bound) from the last child solved on each side
        similar = self.similarity
        prev, mark = [], (np.zeros(self.data.n, np.bool_) if similar else None)
        for i, (_quick, f, fixed) in enumerate(options):
            if root and self.progress is not None:
                self.progress.report(i, len(options), _("searching the optimal tree: split {done} of {total} at "
                                                        "the root").format(done=i + 1, total=len(options)))
            limit = min(best, ub)
            if limit <= floor + TOL:
                bounds.append(floor)
                break  # nothing left beats the bound (or the budget)
            ra = rows[self.counted[rows, f]]
            rb = rows[~self.counted[rows, f] & ~self.missing[rows, f]]
            lba, lbb = self.bound(ra), self.bound(rb)
            for p_rows, p_lower in prev:
                lba = max(lba, kernels._similarity_bound(ra, p_rows, p_lower, mark, w, y, self.cmax))
                lbb = max(lbb, kernels._similarity_bound(rb, p_rows, p_lower, mark, w, y, self.cmax))
            if fixed + lba + lbb >= limit - TOL:
                bounds.append(fixed + lba + lbb)
                continue
            if time.perf_counter() > self.deadline:
                self.timed_out = True
                bounds.append(fixed + lba + lbb)
                continue
            below = known | {int(self.attr[f])} if self.priced else known
            ta, tb = ((cache, 2 * f), (cache, 2 * f + 1)) if cache is not None else (None, None)
            va, la, pa = self.solve(ra, depth - 1, below, limit - fixed - lbb, table=ta)
            if similar:
                prev = [(ra, la)] + prev[1:2] if len(prev) == 2 else [(ra, la)]
            if fixed + la + lbb >= limit - TOL:
                bounds.append(fixed + la + lbb)
                continue
            vb, lb_b, pb = self.solve(rb, depth - 1, below, limit - fixed - va, table=tb)
            if similar:
                prev = [prev[0], (rb, lb_b)]
            bounds.append(fixed + la + lb_b)
            if fixed + va + vb < best - TOL:
                best, plan = fixed + va + vb, (f, pa, pb)
        lower = max(min(bounds), floor)
        return best, min(lower, best) if best < ub else lower, plan

    def _depth3(self, rows, known, ub, root, table=None):
        """A node of depth three: one compiled call below the root (kernels.best_depth3); at the
        root option by option, with progress, the clock and Cancel between them."""
        if self.progress is not None:
            self.progress.check()
        floor = self.bound(rows)
        tc_root = self.prices(known)[0]
        slot, S_root, S_child = self.slot_prices(known)
        # the depth-two cache shared with the other nodes of depth three below the same node (none: -1)
        (c_val, c_low, c_plan), pkey = table if table is not None else (self._no_cache(), -1)
        common = (self.counted_c, self.missing_c, self.y, self.w, self.cnt_ptr, self.cnt_idx, self.mis_ptr,
                  self.mis_idx, self.cost, self.cmax, slot, S_root, S_child, self.usable, self.group,
                  self.n_groups, c_val, c_low, c_plan, int(pkey), self.similarity)
        if not root:
            value, lower, p = kernels.best_depth3(rows, float(ub), floor, self.lam, self.min_leaf,
                                                  self.counted_c, self.missing_c, self.y, self.w, self.cnt_ptr,
                                                  self.cnt_idx, self.mis_ptr, self.mis_idx, self.cost, self.cmax,
                                                  tc_root, slot, S_root, S_child, self.usable, self.group,
                                                  self.n_groups, c_val, c_low, c_plan, int(pkey), self.similarity)
            return value, lower, self._plan3(p)
        counts = kernels.pair_counts(rows, self.y, self.w, self.cnt_ptr, self.cnt_idx, self.mis_ptr, self.mis_idx,
                                     self.F, self.K)
        tot, A, M = counts[:3]
        leaf, _label = kernels.leaf_cost(tot, self.cost)
        best = leaf + self.lam
        if best <= floor + TOL or float(tot.sum()) < 2 * self.min_leaf - kernels.EPS:
            return best, best, None
        order, fixed = kernels.depth3_options(tot, A, M, self.cost, tc_root, self.min_leaf, self.usable)
        plan = np.full(7, -1, np.int64)
        lowest = best
        for i in range(len(order)):
            if self.progress is not None:
                self.progress.report(i, len(order), _("searching the optimal tree: split {done} of {total} at "
                                                      "the root").format(done=i + 1, total=len(order)))
                self.progress.check()
            timed_out = time.perf_counter() > self.deadline
            best, low, stopped = kernels.depth3_run(rows, order, fixed, i, len(order) if timed_out else i + 1,
                                                    not timed_out, best, plan, floor, ub, self.lam, self.min_leaf,
                                                    *counts, *common)
            lowest = min(lowest, low)
            if timed_out:
                self.timed_out = True
            if stopped or timed_out:
                break
        lower = max(lowest, floor)
        return best, min(lower, best) if best < ub else lower, self._plan3(plan)

    @staticmethod
    def _no_cache():
        return np.full((1, 1), np.nan), np.full((1, 1), -np.inf), np.full((1, 1, 3), -1, np.int64)

    @staticmethod
    def _plan3(p):
        if p[0] < 0:
            return None
        leaf = lambda g: None if g < 0 else (int(g), None, None)  # noqa: E731
        child = lambda f, ga, gb: None if f < 0 else (int(f), leaf(ga), leaf(gb))  # noqa: E731
        return (int(p[0]), child(p[1], p[2], p[3]), child(p[4], p[5], p[6]))

    def _depth2(self, rows, depth, known, ub):
        tot, A, M, AA, AM, MM = kernels.pair_counts(rows, self.y, self.w, self.cnt_ptr, self.cnt_idx, self.mis_ptr,
                                                    self.mis_idx, self.F, self.K)
        tc_root, tc_child = self.prices(known)
        value, f, ga, gb, lower = kernels.best_depth2(tot, A, M, AA, AM, MM, self.cost, self.lam, self.min_leaf,
                                                      depth, tc_root, tc_child, self.usable, ub)
        if f < 0:
            return value, lower, None
        leaf = lambda g: None if g < 0 else (int(g), None, None)  # noqa: E731
        return value, lower, (int(f), leaf(ga), leaf(gb))

    # ---- the tree -------------------------------------------------------------------------------

    def build(self, rows: np.ndarray, plan) -> Tree:
        tree = Tree(self.data.schema)
        self._add(tree, rows, plan, -1)
        return tree

    def _add(self, tree: Tree, rows: np.ndarray, plan, parent: int) -> int:
        counts = kernels.class_weights(rows, self.y, self.w, self.K)
        label = int(np.argmin(counts @ self.cost))
        if plan is None:
            return tree.add(Leaf(counts, label), parent)
        f, p_counted, p_other = plan
        b = self.features[f]
        if b.kind == "threshold":
            node = ThresholdSplit(counts, label, feature=b.attribute, threshold=b.value)
        else:
            size = len(self.data.schema.attributes[b.attribute].categories)
            node = CategorySplit(counts, label, feature=b.attribute,
                                 branches=[0 if c == int(b.value) else 1 for c in range(size)])
        i = tree.add(node, parent)
        counted = rows[self.counted[rows, f]]
        other = rows[~self.counted[rows, f] & ~self.missing[rows, f]]
        sides = [(counted, p_counted), (other, p_other)]
        if not self.counted_is_true[f]:
            sides.reverse()  # children[0]: the cases that satisfy the feature (x <= t, x == v)
        node.children = [self._add(tree, r, p, i) for r, p in sides]
        return i


def objective_of(tree: Tree, data: EncodedData, cost: np.ndarray, costs: CostModel, lam: float) -> float:
    """The module docstring's objective of any tree on `data`, case by case (the tests' check)."""
    total = lam * tree.n_leaves
    for r in range(data.n):
        x, i, known = data.X[r], 0, set()
        while True:
            node = tree.nodes[i]
            if node.is_leaf:
                break
            a = node.attributes()[0]
            share = node.route(x)
            if share is None:
                break
            tc, wc = costs.attribute_costs(known, costs.paid_by(known))
            total += data.w[r] * (tc[a] + wc[a])
            known.add(a)
            i = node.children[int(np.argmax(share))]
        total += data.w[r] * cost[data.y[r], node.label]
    return float(total)


def fit_optimal(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    started = time.perf_counter()
    limit = params.get("time_limit")
    deadline = np.inf if limit is None else started + float(limit)
    features = binarise(data, params.get("cuts", "auto"), int(params.get("max_cuts", 16)))
    cost = cost_matrix_of(spec, data.classes)
    costs = CostModel.from_spec(spec, data.schema.names)
    search = Search(data, features, cost, costs, float(params.get("leaf_penalty", 0.0)),
                    float(params.get("min_samples_leaf", 1)), deadline, progress)
    rows = np.arange(data.n, dtype=np.int64)
    value, lower, plan = search.solve(rows, int(params.get("max_depth", 3)), frozenset(), root=True)
    complete = lower >= value - TOL
    tree = search.build(rows, plan)
    gap = 0.0 if complete or value <= 0 else max(0.0, (value - lower) / value)
    tree.info = {"objective": float(value), "lower_bound": float(value if complete else lower), "gap": float(gap),
                 "optimal": bool(complete), "binary_features": len(features),
                 "seconds": round(time.perf_counter() - started, 3)}
    if progress is not None:
        progress.report(1, 1, _("optimal tree found") if complete else _("time limit reached: best tree so far"))
    return _answers_by_cost(tree, spec)


def status_text(info: dict) -> str | None:
    """"optimal" or "gap 1.2 %" for a model's info (None for another learner's)."""
    if not isinstance(info, dict) or "optimal" not in info:
        return None
    if info.get("optimal"):
        return _("optimal")
    return _("gap {gap} %").format(gap=format(100.0 * float(info.get("gap", 0.0)), ".1f"))


OPTIMAL = AlgorithmInfo(
    name="optimal", family="optimal",
    title=N_("Optimal tree (the provably cheapest tree of bounded depth for your costs)"),
    params=(
        Param("max_depth", 3, N_("deepest level of the tree"), kind="int", minimum=1, maximum=5),
        Param("min_samples_leaf", 1, N_("fewest cases (weight) in a leaf"), kind="int", minimum=1),
        Param("leaf_penalty", 0.0, N_("cost added per leaf (lambda): larger gives smaller trees"), minimum=0.0),
        Param("time_limit", None, N_("seconds to search (empty: until optimal); then the best tree so far and "
                                     "its gap"), minimum=0.0),
        Param("cuts", "auto", N_("numeric thresholds: auto (all midpoints up to max_cuts, else quantiles), all, "
                                 "or quantile"), kind="choice", choices=CUTS),
        Param("max_cuts", 16, N_("most thresholds per numeric attribute (auto, quantile)"), kind="int", minimum=1),
    ),
    uses=("costs", "misclassification_costs"), missing="stop", training_missing="stay",
)

ALGORITHMS = (replace(OPTIMAL, fit=fit_optimal),)
