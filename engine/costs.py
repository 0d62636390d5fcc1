"""Test, waiting and batch costs of obtaining attribute values (ALGORITHMS.md §4.1).

Qt-free and data-free: a `CostModel` is built once from the problem settings and
a model's attribute names and answers in attribute indices, given the state of a
case (which attributes are known, which batch groups' common costs are paid). The
consultation uses it today; the minimum-cost learners (§4.2–4.3) and the test
strategies (§4.5) are its other callers.

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
- obtaining attributes for a case (`cost`, `batch_cost`) asks every unknown
  prerequisite first, as a test of its own, so each pays TC(p | P) + WC₀(p):
  for one attribute a, cost = Σ_{x ∈ chain(a | K) ∪ {a}} (TC(x | P), WC₀(x)),
  i.e. §4.1's WC(a | K) plus the prerequisites' TC and WCS.
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
        unless `expand` is False), nothing in `known` again:
        TC = Σ_x TC(x | P), WC = Σ_x WC₀(x) — a prerequisite is waited for before its test.

        Each is charged at its price before this step: two members of an unpaid group
        obtained in one step without their batch pay the common cost twice (the batch is
        the way to share it: `batch_cost`)."""
        todo = self._todo(attributes, known, expand)
        tc = sum(self.test_cost(j, paid) for j in todo)
        wc = sum(self.own_waiting_cost(j) for j in todo)
        return Cost(tc, wc)

    def batch_cost(self, group: Group, attributes: Iterable[int], known: Iterable[int] = (),
                   paid: Iterable[str] = (), *, expand: bool = True) -> Cost:
        """Obtaining `attributes` through the batch `group` (prerequisites first unless
        `expand` is False), M the members among them, O the others (prerequisites from
        outside the batch):

            TC = CC·[M ≠ ∅ and G not paid] + Σ_{a ∈ M} max(TC(a) - CC, 0) + Σ_{o ∈ O} TC(o | P)
            WC = Σ_{o ∈ O} WC₀(o) + max_{a ∈ M} WC₀(a)

        The outside prerequisites are waited for first; the members wait in parallel."""
        todo = self._todo(attributes, known, expand)
        members = [j for j in todo if j in group.members]
        others = [j for j in todo if j not in group.members]
        common = group.common_cost if members and group.name not in paid else 0.0
        tc = common + sum(max(self.test_costs[j] - group.common_cost, 0.0) for j in members)
        tc += sum(self.test_cost(j, paid) for j in others)
        before = sum(self.own_waiting_cost(j) for j in others)
        return Cost(tc, before + max((self.own_waiting_cost(j) for j in members), default=0.0))

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
        paid = set(paid)
        obtained = list(obtained)
        saved = 0.0
        if group is not None:
            members = [j for j in obtained if j in group.members]
            if members and group.name not in paid:
                saved = group.common_cost * (len(members) - 1)
                paid.add(group.name)
        for j in obtained:
            g = self._group_of[j]
            if g is not None:
                paid.add(g.name)
        return frozenset(paid), saved

    # ---- budget -------------------------------------------------------------------------------

    def budget_left(self, spent: float) -> float | None:
        """budget - spent (TC + WC paid so far); None without a budget."""
        return None if self.budget is None else self.budget - spent

    def affordable(self, cost: float, spent: float) -> bool:
        """cost ≤ budget - spent (up to rounding); always without a budget."""
        left = self.budget_left(spent)
        return left is None or cost <= left + 1e-12
