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
weight takes its parent's label).

Missing values: M3 and M2 keep a case whose value of the chosen attribute is missing
at the node in training, and a new case stops there at prediction (missing "stop").
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..costs import CostModel
from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..progress import Progress
from ..tree.grow import Candidate, Cases, Stopping, grow, min_cost_label
from ..tree.model import PENDING, CategorySplit, ThresholdSplit, Tree
from ..tree.splitters import RowSplitter
from . import c45 as _c45
from .c45 import gain_ratio, info_gain
from .params import AlgorithmInfo, Param

#: decimals to which F, MC, TC and WC are compared (equal in exact arithmetic: a tie)
DECIMALS = 10


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

    def candidates(self, cases: Cases) -> list[Candidate]:
        rows, w = cases.data.rows, cases.data.weights
        counts = cases.counts
        total = float(counts.sum())
        if total <= 0:
            return []
        node_label = self.rule(counts)
        leaf = float(counts @ self.cost[:, node_label])
        used = cases.data.used
        paid = {g.name for j in used if (g := self.costs.group_of(j)) is not None}
        tc, wc = self.costs.attribute_costs(used, paid)
        y = self.y[rows]
        out = []
        for j in range(self.X.shape[1]):
            if self.discrete[j] and (j in used or self.sizes[j] < 2):
                continue
            column = self.X[rows, j]
            known = ~np.isnan(column)
            missing_counts = np.bincount(y[~known], weights=w[~known], minlength=self.K)
            missing_mc = float(missing_counts @ self.cost[:, node_label])
            if self.discrete[j]:
                found = self._discrete(column[known], y[known], w[known], self.sizes[j], total)
            else:
                found = self._numeric(column[known], y[known], w[known], total)
            if found is None:
                continue
            mc, gain, ratio, known_weight, threshold = found
            scores = {"mc": mc + missing_mc, "tc": float(tc[j]), "wc": float(wc[j]), "gr": ratio, "gain": gain,
                      "known": known_weight, "leaf": leaf}
            out.append(Candidate(0.0, j, threshold, scores))
        return out

    def _children_mc(self, bags: np.ndarray) -> np.ndarray:
        """Σ over the children (axis -2) of each child's minimum-cost total."""
        return (bags @ self.cost).min(axis=-1).sum(axis=-1)

    def _discrete(self, codes, y, w, m, total):
        bags = np.zeros((m, self.K))
        np.add.at(bags, (codes.astype(np.int64), y), w)
        if np.count_nonzero(bags.sum(axis=1) > 0) < 2:
            return None
        gain = float(info_gain(bags, total))
        ratio = float(gain_ratio(bags, total, gain))
        return float(self._children_mc(bags)), gain, ratio, float(bags.sum()), None

    def _numeric(self, values, y, w, total):
        if len(values) < 2:
            return None
        order = np.argsort(values, kind="stable")
        v, yy, ww = values[order], y[order], w[order]
        onehot = np.zeros((len(v), self.K))
        onehot[np.arange(len(v)), yy] = ww
        cumulative = np.cumsum(onehot, axis=0)
        ends = np.flatnonzero(v[1:] > v[:-1])  # cut after position e: between v[e] and v[e + 1]
        if not len(ends):
            return None
        left = cumulative[ends]
        right = cumulative[-1] - left
        right[right < 0] = 0.0
        bags = np.stack([left, right], axis=1)  # cuts x 2 x K
        mc = self._children_mc(bags)
        gains = info_gain(bags, total)
        ratios = gain_ratio(bags, total, gains)
        # the smallest MC, ties the larger gain ratio, then the lower cut
        best = np.lexsort((np.arange(len(ends)), -np.round(ratios, DECIMALS), np.round(mc, DECIMALS)))[0]
        threshold = float((v[ends[best]] + v[ends[best] + 1]) / 2.0)
        return float(mc[best]), float(gains[best]), float(ratios[best]), float(ww.sum()), threshold

    def make_node(self, cases: Cases, chosen: Candidate):
        j = chosen.attribute
        if self.discrete[j]:
            m = self.sizes[j]
            return CategorySplit(counts=None, label=0, children=[-1] * m, feature=j, branches=list(range(m)))
        return ThresholdSplit(counts=None, label=0, children=[-1, -1], feature=j, threshold=chosen.detail)


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

    def __call__(self, candidates: list[Candidate], cases: Cases) -> Candidate | None:
        if not candidates:
            return None
        raw = {name: np.array([c[name] for c in candidates]) for name in ("mc", "tc", "wc", "gr")}
        norm = {name: _normalised(values) for name, values in raw.items()}
        f = self.w1 * norm["mc"] + self.w2 * norm["tc"] + self.w3 * norm["wc"] - self.w4 * norm["gr"]
        for i, c in enumerate(candidates):
            c.scores.update(mc_n=float(norm["mc"][i]), tc_n=float(norm["tc"][i]), wc_n=float(norm["wc"][i]),
                            gr_n=float(norm["gr"][i]), f=float(f[i]))
            c.value = -float(f[i])

        def key(i):
            c = candidates[i]
            costs = (c["wc"], c["tc"]) if self.waiting_first else (c["tc"], c["wc"])
            return (round(f[i], DECIMALS), round(c["mc"], DECIMALS), round(costs[0], DECIMALS),
                    round(costs[1], DECIMALS), c.attribute)

        best = candidates[min(range(len(candidates)), key=key)]
        if self.cost_stop and not _positive(reduction(best), best["leaf"]):
            return None
        return best


def choose_m2(candidates: list[Candidate], cases: Cases) -> Candidate | None:
    """The largest total-cost reduction (ties: the lower index); None when none is positive."""
    best, best_value = None, None
    for c in candidates:
        r = reduction(c)
        c.value = r
        if best_value is None or round(r, DECIMALS) > round(best_value, DECIMALS):
            best, best_value = c, r
    if best is None or not _positive(best_value, best["leaf"]):
        return None
    return best


# ---- the learners ----------------------------------------------------------------------------

STOP_PARAMS = (
    Param("min_samples_split", 2, "fewest cases in a node that may be split", kind="int", minimum=2),
    Param("max_depth", None, "deepest level (empty: no limit)", kind="int", minimum=1),
)

WEIGHTS = (
    Param("w1", 0.25, "weight of the misclassification cost MC' in F", minimum=0.0),
    Param("w2", 0.25, "weight of the test cost TC' in F", minimum=0.0),
    Param("w3", 0.25, "weight of the waiting cost WC' in F", minimum=0.0),
    Param("w4", 0.25, "weight of the gain ratio GR' (subtracted) in F", minimum=0.0),
)


def check_weights(params: dict) -> str | None:
    """w1..w4 must not all be zero"""
    if all(float(params.get(f"w{k}", 0.25)) == 0 for k in range(1, 5)):
        return "w1..w4 are all zero; give at least one a weight"
    return None


USES = ("costs", "misclassification_costs")

MINCOST = AlgorithmInfo(
    name="mincost", family="costsensitive",
    title="M3 minimum cost (MC, test, waiting costs and gain ratio, normalised and weighted)",
    params=WEIGHTS + (
        Param("tie_order", "test_first", "ties in F and MC: the smaller test cost first, or the smaller waiting "
              "cost first", kind="choice", choices=("test_first", "waiting_first")),
        Param("cost_stop", False, "also make a leaf when the chosen split's total-cost reduction (as M2 "
              "computes it) is not positive", kind="bool"),
    ) + STOP_PARAMS,
    uses=USES, missing="stop", check=check_weights,
)

M2 = AlgorithmInfo(
    name="m2", family="costsensitive",
    title="M2 minimum total cost (Ling et al. 2004: largest total-cost reduction)",
    params=STOP_PARAMS, uses=USES, missing="stop",
)

M1 = AlgorithmInfo(
    name="m1", family="costsensitive",
    title="M1 (C4.5 gain ratio and missing values, minimum-cost labels)",
    params=_c45.C45.params, uses=("misclassification_costs",), missing="fractional",
)


def _stopping(params: dict) -> Stopping:
    return Stopping(max_depth=params.get("max_depth"), min_samples_split=params.get("min_samples_split", 2),
                    min_samples_leaf=0, min_impurity_decrease=None)


def _splitter(data: EncodedData, spec: ProblemSpec | None) -> MinCostSplitter:
    return MinCostSplitter(data, cost_matrix_of(spec, data.classes), CostModel.from_spec(spec, data.schema.names))


def fit_mincost(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    splitter = _splitter(data, spec)
    choice = MinF([params.get(f"w{k}", 0.25) for k in range(1, 5)], params.get("tie_order", "test_first"),
                  bool(params.get("cost_stop", False)))
    return grow(splitter, choice=choice, label_rule=splitter.rule, stopping=_stopping(params), progress=progress,
                message="growing the minimum-cost tree (M3)")


def fit_m2(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    splitter = _splitter(data, spec)
    return grow(splitter, choice=choose_m2, label_rule=splitter.rule, stopping=_stopping(params), progress=progress,
                message="growing the minimum total cost tree (M2)")


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


def fit_m1(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    tree = _c45.fit_c45(data, spec, params, progress)
    return relabel_min_cost(tree, cost_matrix_of(spec, data.classes))


ALGORITHMS = (
    replace(MINCOST, fit=fit_mincost),
    replace(M1, fit=fit_m1),
    replace(M2, fit=fit_m2),
)
