"""Test strategies at prediction time: what obtaining a case's values costs (ALGORITHMS.md §4.1, §4.4, §4.5).

`simulate(tree, X, strategy, costs=..., cost_matrix=..., y=...)` plays every row of
X as a case whose values are obtained one test at a time. A NaN in X is a value
that *cannot be obtained*: asking for it costs nothing and the case stops at the
node that needs it, with that internal node's label (the internal-node strategy,
§4.4). An attribute whose prerequisite (directly or down its chain) cannot be
obtained cannot be tested either (§4.1), so it counts as not obtainable.

What is paid is `engine.costs.CostModel`'s arithmetic (§4.1): each obtained
attribute x pays TC(x | P) (its group's common cost once that is paid) and its own
waiting WC₀(x) = cpt·WCT(x) + WCS(x); unknown prerequisites are obtained first,
each as a test of its own (`CostModel.one_by_one`: each at the price of its turn). Per case:

- label: the answer the strategy ends with (an index into `tree.labels`);
- MC: cost_matrix[true class, label]; without a matrix 0/1 (label != class);
  a label that is not a class (PENDING, a coarser hierarchy label) costs the
  largest entry of the true class's row (1 without a matrix);
- TC, WC: test and waiting costs paid;
- saved: the common costs saved, Σ_{x obtained} TC(x) - TC paid: what the
  obtained attributes would have cost one by one, each paying its group's
  common cost, less what was paid — a batch of m members saves CC·(m - 1), and
  a member obtained after its group's common cost was paid in an earlier step
  saves CC too (the consultation's own `saved` counts only the first kind).

The strategies (§4.5):

- ``sequential``: follow the tree from the root; at each node the case needs,
  obtain the node's attributes (prerequisites first, farthest first) unless
  known, and go on; a node whose attribute cannot be obtained ends the case
  there with its label. Trying costs nothing, but the prerequisites obtained
  before the first value that cannot be obtained are paid (they were tested
  before it was found missing — as the consultation does when it asks an
  attribute together with its prerequisites).
  Under a budget, a test (with its unknown prerequisites) whose cost does not fit
  the budget left ends the case at that node too. A fuzzy split sends the case
  down several branches: every node reached that needs a value asks for it, in
  the order the nodes are reached; the answer is then `predict`'s
  ("stop") over the values obtained.
- ``batch`` — our reading of "obtain, at once, every attribute the tree could
  still ask": at the start (the root) the tree could still ask every attribute
  tested at any node reachable from the root, so all of them that can be
  obtained are ordered together in one batch, with the prerequisites they need
  (also outside the tree's attributes). Each is paid once; each batch group's
  common cost is paid once (CC + Σ max(TC(a) - CC, 0) over its members); the
  waits run in parallel — the whole order waits as long as its slowest
  member, WC = max_a Σ_{x ∈ chain(a) ∪ {a}} WC₀(x), where a prerequisite chain
  is waited for in sequence (a test cannot start before its prerequisite is
  known). This is §4.1's batch rule ("its waiting cost is the largest member's")
  applied to the whole order, not only within batch groups (`CostModel.order_cost`). The case is then
  routed with what was obtained ("stop" at a node whose value is missing).
  Under a budget, the attributes join the order in the tree's breadth-first
  order of first use (the root's first) while the order's cost fits; the first
  one that does not fit ends the order.
- ``hybrid``: the consultation's utility order (`engine.consult.Consultation`,
  ΔE/(TC + WC), batch groups as candidates, the E* stop rule, the budget), driven
  programmatically: its best candidate is answered from the case's values, None
  ("unknown") where the value cannot be obtained; with every value obtainable it
  ends with `predict`'s label (§4.5). `stop_when_not_worth` passes §4.5's option on.
- ``planned`` (issue 23): the consultation that plans (`engine.plan`): any attribute a
  still-possible leaf tests may be asked, in the order of least expected total cost, until
  every still-possible leaf ends with one label; driven as ``hybrid`` is. A tree with fuzzy
  or multi-attribute tests is consulted as ``hybrid``. The tree's per-leaf training values
  (`tree.case_values`) give the answers' chances; without them each leaf's cases are spread
  evenly over the values its path allows.

Metrics (`StrategyCosts.metrics()`): avg_total_cost (MC + TC + WC per case),
avg_test_cost, avg_waiting_cost, avg_misclassification_cost, and
avg_common_cost_saved.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .consult import UNKNOWN, Consultation
from .costs import CostModel
from .errors import OptionError
from .i18n import _
from .tree.model import PENDING, Tree
from .tree.predict import predict

STRATEGIES = ("sequential", "batch", "hybrid", "planned")


@dataclass
class StrategyCosts:
    """Per case (n,) arrays; mc is NaN when the true classes were not given."""

    strategy: str
    labels: np.ndarray
    mc: np.ndarray
    test_cost: np.ndarray
    waiting_cost: np.ndarray
    saved: np.ndarray

    @property
    def total(self) -> np.ndarray:
        return self.mc + self.test_cost + self.waiting_cost

    def case(self, i: int) -> dict:
        return {"label": int(self.labels[i]), "misclassification_cost": float(self.mc[i]),
                "test_cost": float(self.test_cost[i]), "waiting_cost": float(self.waiting_cost[i]),
                "common_cost_saved": float(self.saved[i])}

    def metrics(self) -> dict[str, float]:
        def mean(a):
            return float(np.mean(a)) if len(a) else float("nan")

        return {"avg_total_cost": mean(self.total), "avg_test_cost": mean(self.test_cost),
                "avg_waiting_cost": mean(self.waiting_cost), "avg_misclassification_cost": mean(self.mc),
                "avg_common_cost_saved": mean(self.saved)}


def simulate(tree: Tree, X: np.ndarray, strategy: str = "sequential", *, costs: CostModel | None = None,
             cost_matrix: np.ndarray | None = None, y: np.ndarray | None = None, spec=None,
             stop_when_not_worth: bool = False, planning: str = "planned") -> StrategyCosts:
    """Every row of X (the model's attributes, codes as the tree reads them; NaN: cannot be
    obtained) played under `strategy`. The costs: `costs` (a CostModel over the tree's
    attributes), else those of the ProblemSpec `spec` (None: everything free); the cost
    matrix (K x K over the schema's classes, rows true): `cost_matrix`, else the spec's;
    y: the true class indices (MC is NaN without them). `planning`: the "planned" strategy's
    consultation planning (engine.consult.PLANNING: "planned", or "frontier" to plan a fuzzy tree
    through its memberships too)."""
    if strategy not in STRATEGIES:
        raise OptionError(_("test strategy must be one of {choices}, not {strategy!r}").format(
                              choices=", ".join(STRATEGIES), strategy=strategy),
                          code="bad_option")
    names = tree.schema.names
    if costs is None:
        costs = CostModel.from_spec(spec, names)
    if cost_matrix is None and spec is not None and spec.misclassification_costs is not None:
        cost_matrix = spec.misclassification_costs.as_array(tree.schema.classes)
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2 or X.shape[1] != len(names):
        raise ValueError(f"X must have one column per model attribute ({len(names)})")
    obtainable = _obtainable(costs, X)
    if strategy in ("hybrid", "planned"):
        labels, tc, wc, got = _hybrid(tree, X, obtainable, costs, cost_matrix, stop_when_not_worth,
                                      planning if strategy == "planned" else "utility")
    else:
        play = _sequential_case if strategy == "sequential" else _batch_case(tree, costs)
        n = len(X)
        tc, wc = np.zeros(n), np.zeros(n)
        got = np.zeros(X.shape, bool)
        for i in range(n):
            tc[i], wc[i], obtained = play(tree, costs, X[i], obtainable[i])
            got[i, obtained] = True
        labels = predict(tree, np.where(got, X, np.nan), "stop").labels
    alone = np.asarray(costs.test_costs, dtype=np.float64)
    saved = (got * alone[None, :]).sum(axis=1) - tc if len(alone) else np.zeros(len(X))
    saved = np.where(np.abs(saved) < 1e-9, 0.0, saved)
    mc = _misclassification(tree, labels, y, cost_matrix)
    return StrategyCosts(strategy, np.asarray(labels, np.int64), mc, tc, wc, saved)


def _obtainable(costs: CostModel, X: np.ndarray) -> np.ndarray:
    """(n, p): the value is there and so is every prerequisite's down its chain (§4.1)."""
    ok = ~np.isnan(X)
    out = ok.copy()
    for j in range(X.shape[1]):
        for p in costs.chain(j):
            out[:, j] &= ok[:, p]
    return out


def _misclassification(tree: Tree, labels, y, matrix) -> np.ndarray:
    labels = np.asarray(labels, np.int64)
    if y is None:
        return np.full(len(labels), np.nan)
    y = np.asarray(y, np.int64)
    k = tree.n_classes
    is_class = (labels >= 0) & (labels < k) & (labels != PENDING)
    safe = np.where(is_class, labels, 0)
    if matrix is None:
        return np.where(is_class, (safe != y).astype(float), 1.0)
    matrix = np.asarray(matrix, dtype=np.float64)
    return np.where(is_class, matrix[y, safe], matrix[y].max(axis=1))


# ---- sequential --------------------------------------------------------------------------


def _sequential_case(tree: Tree, costs: CostModel, x: np.ndarray, can: np.ndarray):
    """(TC, WC, obtained attributes) for one case followed from the root."""
    known: dict[int, None] = {}  # obtained, in order
    failed: set[int] = set()
    paid: frozenset[str] = frozenset()
    tc = wc = 0.0
    xk = np.full(len(x), np.nan)
    while True:
        need = _needed(tree, xk)
        asked = False
        for node_attributes in need:
            for a in node_attributes:
                if a in known or a in failed:
                    continue
                todo = costs.to_obtain([a], known)
                if not costs.affordable(costs.one_by_one(todo, paid)[0].total, tc + wc):
                    failed.add(a)  # over the budget: the case stops at this node
                    continue
                # prerequisites first; the first value that cannot be obtained (free) ends the
                # chain, and the case stops at this node; what was obtained before is paid
                obtained = todo[:next((k for k, j in enumerate(todo) if not can[j]), len(todo))]
                (step_tc, step_wc), paid = costs.one_by_one(obtained, paid)
                tc, wc = tc + step_tc, wc + step_wc
                for j in obtained:
                    known[j] = None
                    xk[j] = x[j]
                if len(obtained) < len(todo):
                    failed.add(a)
                asked = asked or bool(obtained)
        if not asked:
            return tc, wc, list(known)


def _needed(tree: Tree, xk: np.ndarray) -> list[list[int]]:
    """The attributes of the nodes the case reaches that cannot route it with what is known,
    in the order the nodes are reached (one node for a crisp tree)."""
    out, stack = [], [0]
    while stack:
        node = tree.nodes[stack.pop()]
        if node.is_leaf:
            continue
        shares = node.route(xk)
        if shares is None:
            out.append(node.attributes())
            continue
        stack.extend(c for c, s in reversed(list(zip(node.children, shares))) if s > 0)
    return out


# ---- batch --------------------------------------------------------------------------------


def _tree_attributes(tree: Tree) -> list[int]:
    """Every attribute tested at a node reachable from the root, breadth-first order of first use."""
    out: dict[int, None] = {}
    queue = [0]
    for i in queue:
        node = tree.nodes[i]
        for a in node.attributes():
            out.setdefault(a, None)
        queue.extend(node.children)
    return list(out)


def _batch_case(tree: Tree, costs: CostModel):
    asked = _tree_attributes(tree)

    def play(tree, costs, x, can):
        chosen: list[int] = []
        if costs.budget is None:  # cannot be obtained (nor tested, a prerequisite missing): not ordered
            chosen = [a for a in asked if can[a]]
        for a in asked if costs.budget is not None else ():
            if not can[a]:
                continue
            trial = costs.to_obtain(chosen + [a])
            if costs.budget is not None and not costs.affordable(costs.order_cost(trial).total, 0.0):
                break
            chosen.append(a)
        order = costs.to_obtain(chosen)
        tc, wc = costs.order_cost(order)
        return tc, wc, order

    return play


# ---- hybrid --------------------------------------------------------------------------------


def _hybrid(tree: Tree, X: np.ndarray, can: np.ndarray, costs: CostModel, matrix, stop_when_not_worth: bool,
            planning: str = "utility"):
    n, p = X.shape
    labels = np.zeros(n, np.int64)
    tc, wc = np.zeros(n), np.zeros(n)
    got = np.zeros((n, p), bool)
    for i in range(n):
        c = Consultation(tree, None, stop_when_not_worth=stop_when_not_worth, planning=planning)
        # the problem's costs, not the spec's: set what __post_init__ derived from it
        c.costs, c.groups, c.cost_matrix = costs, list(costs.groups), matrix
        x, ok = X[i], can[i]
        steps = 0
        while not c.finished():
            best = c.candidates()[0]
            c.answer(c.answers_from_row(best, x, ok), best, outside_ok=True)
            steps += 1
            if steps > 4 * p + 10:  # every step answers at least one new attribute
                raise RuntimeError("the consultation did not end")
        out = c.outcome()
        labels[i], tc[i], wc[i] = out.label, c.test_cost, c.waiting_cost
        for j, v in c.values.items():
            got[i, j] = v is not UNKNOWN
    return labels, tc, wc, got
