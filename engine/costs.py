"""Test, waiting and batch costs of obtaining attribute values (ALGORITHMS.md §4.1).

Qt-free and data-free: a `CostModel` is built once from the problem settings and
a model's attribute names and answers in attribute indices, given the state of a
case (which attributes are known, which batch groups' common costs are paid). It is
the one place these formulas are written: the consultation, the planned consultation
(engine/plan.py), the test strategies (§4.5) and the minimum-cost learners (§4.2–4.3)
call it; the compiled planner (engine/kernels/plan_dp.py) calls its compiled twins in
engine/kernels/costs.py over `CostModel.arrays()` (tests/test_costs_kernels.py checks
that the two agree).

Notation (a an attribute, G(a) its batch group, cpt the cost per time unit):

    TC(a)          test cost of obtaining a alone; includes CC(G(a)), the group's common cost
    TC(a | P)      = max(TC(a) - CC(G(a)), 0) when G(a) is in P, the groups already paid; else TC(a)
    WC₀(a)         = cpt·WCT(a) + WCS(a), a's own waiting cost (WCT a time, WCS a situational cost)
    chain(a | K)   = a's prerequisite, its prerequisite, ... nearest first, up to the first one in K
    WC(a | K)      = cpt·(WCT(a) + Σ_{p ∈ chain(a | K)} WCT(p)) + WCS(a)          §4.1's "⊕"

Two views of an attribute's cost, on purpose:

- a learner scoring a candidate A at a node (§4.2–4.3) uses `attribute_costs`:
  TC(A | P) and WC(A | K), both 0 when A is known on the path — §4.1 literally:
  the prerequisites only add their waiting time;
- obtaining attributes for a case (`cost`, `one_by_one`, `batch_cost`,
  `order_cost`) asks every unknown prerequisite first, as a test of its own, so
  each pays TC(p | P) + WC₀(p): for one attribute a,
  cost = Σ_{x ∈ chain(a | K) ∪ {a}} (TC(x | P), WC₀(x)),
  i.e. §4.1's WC(a | K) plus the prerequisites' TC and WCS.

Several attributes one after another are priced two ways today, and they differ only
when two members of a group whose common cost is not yet paid are obtained in one
step: `cost` (the consultation's and the planner's price of one question) charges each
at its price before the step, so both pay CC; `one_by_one` (the sequential strategy's,
`node_costs`) charges each at the price of its turn, so the second pays TC - CC —
§4.1's "testing a member after the group's CC is paid costs TC(a) - CC".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np


class Cost(NamedTuple):
    """(test cost, waiting cost) of obtaining something; a plain pair for the callers that unpack it."""

    test: float
    waiting: float

    @property
    def total(self) -> float:
        return self.test + self.waiting


class Group(NamedTuple):
    """A batch group in attribute indices: members tested together share one common cost."""

    name: str
    members: tuple[int, ...]
    common_cost: float


class CostTables(NamedTuple):
    """A CostModel as plain arrays, what the compiled twins (engine/kernels/costs.py) read.
    A set of attributes is a (p,) bool mask over them; a set of groups a (G,) one."""

    tc: np.ndarray  # (p,) TC(j)
    wc0: np.ndarray  # (p,) WC₀(j) = cpt·WCT(j) + WCS(j)
    prereq: np.ndarray  # (p,) int64: j's prerequisite, -1 for none
    group_of: np.ndarray  # (p,) int64: the index in `groups` of j's group (`group_of`), -1 for none
    gcc: np.ndarray  # (G,) CC of each group
    gmembers: np.ndarray  # (G, widest group) int64: each group's members, -1 after the last


@dataclass(frozen=True)
class CostModel:
    """The §4.1 costs of a model's attributes (index j is the model's attribute j)."""

    names: tuple[str, ...]
    test_costs: tuple[float, ...]  # TC(j), a member's including its group's common cost
    wait_times: tuple[float, ...]  # WCT(j)
    wait_costs: tuple[float, ...]  # WCS(j)
    prerequisites: tuple[int | None, ...]  # the attribute that must be known before j is tested
    groups: tuple[Group, ...] = ()
    cost_per_time: float = 1.0  # cpt: time to cost units
    budget: float | None = None  # per-case cap on TC + WC paid

    # ---- building -------------------------------------------------------------

    @classmethod
    def from_spec(cls, spec, names: Sequence[str]) -> CostModel:
        """The costs of the attributes `names` under a ProblemSpec (None: everything free).

        A prerequisite or batch member that is not one of `names` (not in the model)
        is left out; a group with no member in the model is dropped."""
        names = tuple(names)
        n = len(names)
        if spec is None:
            return cls(names, (0.0,) * n, (0.0,) * n, (0.0,) * n, (None,) * n)
        index = {name: j for j, name in enumerate(names)}
        settings = [spec.attribute(name) for name in names]
        groups = []
        for g in spec.batch_groups:
            members = tuple(index[a] for a in g.attributes if a in index)
            if members:
                groups.append(Group(g.name, members, float(g.common_cost)))
        return cls(names,
                   tuple(s.test_cost for s in settings),
                   tuple(s.wait_time for s in settings),
                   tuple(s.wait_cost for s in settings),
                   tuple(index.get(s.prerequisite) for s in settings),
                   tuple(groups), spec.cost_per_time, spec.budget)

    def __post_init__(self):
        # the first group holding each attribute (check() refuses an attribute in two groups)
        by_attribute: list[Group | None] = [None] * len(self.names)
        for g in reversed(self.groups):
            for j in g.members:
                by_attribute[j] = g
        object.__setattr__(self, "_group_of", tuple(by_attribute))

    def arrays(self) -> CostTables:
        """The model as arrays for the compiled twins (fresh ones each call: the caller owns them)."""
        p = len(self.names)
        index = {id(g): k for k, g in enumerate(self.groups)}
        width = max([len(g.members) for g in self.groups], default=1)
        gmembers = np.full((len(self.groups), width), -1, np.int64)
        for k, g in enumerate(self.groups):
            gmembers[k, :len(g.members)] = g.members
        return CostTables(
            tc=np.array(self.test_costs, np.float64),
            wc0=np.array([self.own_waiting_cost(j) for j in range(p)], np.float64),
            prereq=np.array([-1 if x is None else x for x in self.prerequisites], np.int64),
            group_of=np.array([-1 if g is None else index[id(g)] for g in self._group_of], np.int64),
            gcc=np.array([g.common_cost for g in self.groups], np.float64),
            gmembers=gmembers)

    def group_of(self, j: int) -> Group | None:
        return self._group_of[j]

    def group(self, name: str) -> Group | None:
        return next((g for g in self.groups if g.name == name), None)

    # ---- one attribute ----------------------------------------------------------

    def test_cost(self, j: int, paid: Iterable[str] = ()) -> float:
        """TC(j | P): TC(j), less its group's common cost once that is paid (never below 0)."""
        g = self._group_of[j]
        if g is not None and g.name in paid:
            return max(self.test_costs[j] - g.common_cost, 0.0)
        return self.test_costs[j]

    def own_waiting_cost(self, j: int) -> float:
        """WC₀(j) = cpt·WCT(j) + WCS(j): j's waiting when its prerequisites are known."""
        return self.cost_per_time * self.wait_times[j] + self.wait_costs[j]

    def chain(self, j: int, known: Iterable[int] = ()) -> list[int]:
        """chain(j | K): j's prerequisite, that one's, ..., nearest first; it stops before the
        first one in `known` (already obtained, so already waited for) and at a cycle."""
        known = known if isinstance(known, (set, frozenset, dict)) else set(known)
        out: list[int] = []
        p = self.prerequisites[j]
        while p is not None and p not in known and p != j and p not in out:
            out.append(p)
            p = self.prerequisites[p]
        return out

    def waiting_cost(self, j: int, known: Iterable[int] = ()) -> float:
        """WC(j | K) = cpt·(WCT(j) + Σ_{p ∈ chain(j | K)} WCT(p)) + WCS(j) (§4.1)."""
        time = self.wait_times[j] + sum(self.wait_times[p] for p in self.chain(j, known))
        return self.cost_per_time * time + self.wait_costs[j]

    def attribute_costs(self, known: Iterable[int] = (), paid: Iterable[str] = ()) -> tuple[np.ndarray, np.ndarray]:
        """Per attribute A, the (TC, WC) a learner charges for testing A at a node (§4.2):
        0 and 0 when A is known on the path; else TC(A | P) and WC(A | K)."""
        known = set(known)
        paid = set(paid)
        tc = np.zeros(len(self.names))
        wc = np.zeros(len(self.names))
        for j in range(len(self.names)):
            if j not in known:
                tc[j] = self.test_cost(j, paid)
                wc[j] = self.waiting_cost(j, known)
        return tc, wc

    def paid_by(self, obtained: Iterable[int]) -> frozenset[str]:
        """P once `obtained` are known: the groups of those attributes (a member tested, alone or
        in its batch, pays its group's common cost)."""
        return frozenset(g.name for j in obtained if (g := self._group_of[j]) is not None)

    # ---- prerequisites ---------------------------------------------------------------

    def to_obtain(self, attributes: Iterable[int], known: Iterable[int] = ()) -> list[int]:
        """The attributes to ask for: each not in `known`, its unknown prerequisites before it
        (farthest first), none twice."""
        known = known if isinstance(known, (set, frozenset, dict)) else set(known)
        out: list[int] = []
        for j in attributes:
            if j in known:
                continue
            for x in [*reversed(self.chain(j, known)), j]:
                if x not in out:
                    out.append(x)
        return out

    def prerequisite_unknown(self, j: int, unknown: Iterable[int]) -> bool:
        """Some prerequisite of j (directly or down its chain) was answered "unknown": j cannot
        be tested (§4.1: a prerequisite must be known before j is tested)."""
        unknown = unknown if isinstance(unknown, (set, frozenset, dict)) else set(unknown)
        return any(p in unknown for p in self.chain(j))

    # ---- obtaining several ---------------------------------------------------------------

    def cost(self, attributes: Iterable[int], known: Iterable[int] = (), paid: Iterable[str] = (), *,
             expand: bool = True) -> Cost:
        """Obtaining `attributes` one after another (with their unknown prerequisites first
        unless `expand` is False), nothing in `known` again, each at the price of its turn
        (`one_by_one`): TC = Σ_k TC(x_k | P ∪ P(x_1..x_{k-1})), WC = Σ_k WC₀(x_k) — a
        prerequisite is waited for before its test, and a member obtained after its group's
        common cost was paid (by a prerequisite of the same group, say) costs TC - CC (§4.1).
        Two members that could share the common cost at once are the batch's (`batch_cost`)."""
        return self.one_by_one(self._todo(attributes, known, expand), paid)[0]

    def one_by_one(self, todo: Iterable[int], paid: Iterable[str] = ()) -> tuple[Cost, frozenset[str]]:
        """Obtaining `todo` (prerequisites already in it, first) one after another, each at the
        price of its turn: TC = Σ_k TC(x_k | P ∪ P(x_1..x_{k-1})), WC = Σ_k WC₀(x_k) — a member
        obtained after its group's common cost was paid, earlier in `todo`, costs TC - CC
        (§4.1). Also the groups paid after."""
        tc = wc = 0.0
        paid = frozenset(paid)
        for j in todo:
            tc += self.test_cost(j, paid)
            wc += self.own_waiting_cost(j)
            paid = paid | self.paid_by([j])
        return Cost(tc, wc), paid

    def batch_cost(self, group: Group, attributes: Iterable[int], known: Iterable[int] = (),
                   paid: Iterable[str] = (), *, expand: bool = True) -> Cost:
        """Obtaining `attributes` through the batch `group` (prerequisites first unless
        `expand` is False), M the members among them, O the others (prerequisites from
        outside the batch):

            TC = CC·[M ≠ ∅ and G not paid] + Σ_{a ∈ M} max(TC(a) - CC, 0) + Σ_{o ∈ O} TC(o | P)
            WC = Σ_{o ∈ O} WC₀(o) + max_{a ∈ M} (WC₀(a) + Σ_{p ∈ chain(a) ∩ M} WC₀(p))

        The outside prerequisites are waited for first; the members wait in parallel, but a
        member whose prerequisite is another member of the batch waits for it first (§4.1: a
        prerequisite must be known before its test starts), as `order_cost` has it."""
        todo = self._todo(attributes, known, expand)
        members = [j for j in todo if j in group.members]
        others = [j for j in todo if j not in group.members]
        common = group.common_cost if members and group.name not in paid else 0.0
        tc = common + sum(max(self.test_costs[j] - group.common_cost, 0.0) for j in members)
        tc += sum(self.test_cost(j, paid) for j in others)
        before = sum(self.own_waiting_cost(j) for j in others)
        inside = set(members)
        slowest = max((self.own_waiting_cost(j) + sum(self.own_waiting_cost(p) for p in self._chain_within(j, inside))
                       for j in members), default=0.0)
        return Cost(tc, before + slowest)

    def _chain_within(self, j: int, inside: set[int]) -> list[int]:
        """j's prerequisite, that one's, ..., nearest first, while they are in `inside` (a cycle ends it)."""
        out: list[int] = []
        p = self.prerequisites[j]
        while p is not None and p in inside and p != j and p not in out:
            out.append(p)
            p = self.prerequisites[p]
        return out

    def order_cost(self, order: Iterable[int]) -> Cost:
        """One order of every attribute in `order` (its prerequisites in it too), from nothing
        known (the batch strategy, §4.5): every group's common cost once, all waits in parallel
        but a prerequisite chain in sequence (a test cannot start before its prerequisite is known):

            TC = Σ_{G met} CC(G) + Σ_{a in a group} max(TC(a) - CC, 0) + Σ_{others} TC(o)
            WC = max_{a ∈ order} (WC₀(a) + Σ_{p ∈ chain(a)} WC₀(p))"""
        order = list(order)
        tc = 0.0
        groups = {}
        for j in order:
            g = self._group_of[j]
            if g is None:
                tc += self.test_costs[j]
            else:
                groups[g.name] = g.common_cost
                tc += max(self.test_costs[j] - g.common_cost, 0.0)
        tc += sum(groups.values())
        wc = max((self.own_waiting_cost(j) + sum(self.own_waiting_cost(p) for p in self.chain(j)) for j in order),
                 default=0.0)
        return Cost(tc, wc)

    def _todo(self, attributes, known, expand: bool) -> list[int]:
        if expand:
            return self.to_obtain(attributes, known)
        known = known if isinstance(known, (set, frozenset, dict)) else set(known)
        return [j for j in attributes if j not in known]

    def settle(self, obtained: Iterable[int], paid: Iterable[str] = (), group: Group | None = None
               ) -> tuple[frozenset[str], float]:
        """After `obtained` were paid for (through the batch `group`, if given): the groups
        whose common cost is now paid, and the common cost the batch saved,
        CC·(|M| - 1) for the M members obtained in a batch whose CC was not yet paid
        (each alone would have paid CC). A member obtained alone pays its group's CC."""
        paid = frozenset(paid)
        obtained = list(obtained)
        saved = 0.0
        if group is not None:
            members = [j for j in obtained if j in group.members]
            if members and group.name not in paid:
                saved = group.common_cost * (len(members) - 1)
                paid = paid | {group.name}
        return paid | self.paid_by(obtained), saved

    # ---- budget -------------------------------------------------------------------------------

    def budget_left(self, spent: float) -> float | None:
        """budget - spent (TC + WC paid so far); None without a budget."""
        return None if self.budget is None else self.budget - spent

    def affordable(self, cost: float, spent: float) -> bool:
        """cost ≤ budget - spent (up to rounding); always without a budget."""
        left = self.budget_left(spent)
        return left is None or cost <= left + 1e-12


# ---- what a case pays at each node of a tree -----------------------------------------------------


class NodeCost(NamedTuple):
    """What the sequential strategy pays at one node, every value obtainable (`node_costs`)."""

    test: float  # TC paid here: the node's attributes not known above, their unknown prerequisites first
    waiting: float  # WC paid here
    before: float  # TC + WC paid on the way from the root to the node

    @property
    def total(self) -> float:
        return self.test + self.waiting


def node_costs(tree, costs: CostModel) -> list[NodeCost | None]:
    """Per node of the Tree `tree` (index as tree.nodes; None where no path from the root
    reaches it), the sequential strategy's bill for a case that reaches it with every value
    obtainable: at a split, obtaining its attributes that are not known on the path
    (`CostModel.one_by_one`: prerequisites first, each at the price of its turn: a batch member
    after its group's common cost was paid above costs less); at a leaf nothing; `before`, what
    the path above paid. A fuzzy tree's case may reach several nodes, each priced here as if on
    its own path."""
    out: list[NodeCost | None] = [None] * len(tree.nodes)
    stack: list[tuple[int, frozenset[int], frozenset[str], float]] = [(0, frozenset(), frozenset(), 0.0)]
    while stack:
        i, known, paid, before = stack.pop()
        node = tree.nodes[i]
        if node.is_leaf:
            out[i] = NodeCost(0.0, 0.0, before)
            continue
        todo = costs.to_obtain(node.attributes(), known)
        (tc, wc), after = costs.one_by_one(todo, paid)
        out[i] = NodeCost(tc, wc, before)
        below = known.union(todo) if todo else known
        stack.extend((c, below, after, before + tc + wc) for c in node.children if c >= 0)
    return out
