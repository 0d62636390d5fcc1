"""Planned consultations for fuzzy trees and trichotomy stages (issue 42 item 4).

`engine.plan` plans crisp one-attribute trees. Here the two other kinds of tree the
consultation reads:

**Fuzzy trees** (`FuzzyPlanner`: HFDT, fuzzy ID3, Min-Ambiguity). A case goes down every
term it has a membership in, so what matters of a numeric answer is which terms it fires and
how strongly. Each tested attribute has *representative values*: the term centres (one term
fires, fully) and the midpoints between neighbouring centres (two terms at 0.5 each) — with
a crisp threshold on the attribute as well, every cut point, the midpoints and one value above
the last; a nominal attribute's categories. The chance of each representative value given what
is known goes *through the memberships*: a leaf's training mass is its prior weight; the
leaf's share of a value v of attribute j is the membership of v in the term its path takes at
the node testing j, normalised over the values (the overall mix of the leaves testing j when
its path does not test it); the weights multiply over the answered attributes (a real answer
counts as its nearest representative value). A state is what is known (an attribute unasked,
answered "unknown", a representative value, or the real answer given); the end rule is the
utility consultation's (`engine.consult`): every frontier node a leaf, nothing on the frontier
left to ask, or every frontier node settled on the tentative answer — settled *given the answers
so far* (`settled_given`: below a node only the branches a known answer fires), so that a
deeper answer can end the case before the frontier's own test is asked; with every answer given
the case ends with `predict`'s label. The questions
are every attribute tested at or below the frontier (not only at it) and the batch groups
holding one; the order minimises the expected test + waiting cost plus the expected
misclassification cost of the answer it ends with, by dynamic programming over the states
(memoised within a step), exactly while at most `STATE_BUDGET` states are valued, else with a
look-ahead of one question whose answers' states are valued by `tail` (the tests still on the
paths of the leaves the case may reach, each weighted by the chance of needing it) — an
estimate, so there the utility order's question is kept first and the others are ranked by it.

**Trichotomy stages** (`StagePlanner`: the sequential discriminant tree, a chain of stages each
scoring the attributes introduced so far, the middle branch pending to the next stage). A
question is a stage's attributes asked together — the current stage's, or a deeper stage's
(every attribute up to it at once); its outcomes are where the case is decided: Lo or Hi at
one of the stages the answers complete, or PENDING past them (to the next stage, or the
PENDING leaf at the end, whose own cost is the worst misclassification cost of its cases'
classes, as `engine.plan` prices PENDING). The chances are the stages' training masses (the
share of a stage's cases each branch takes). Batch groups holding a stage attribute are
questions too (members at once, in parallel). Planned exactly (the states are a stage and the
attributes known: few).

Both planners keep the utility order's first question when nothing is cheaper by more than
rounding, so a plan that cannot improve on it asks what the utility consultation asks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .costs import CostModel
from .plan import priced_questions
from .tree.aggregate import aggregate, node_vote, settled_below
from .tree.model import MIXED, PENDING
from .tree.nodes import CATEGORY, FUZZY, LEAF, THRESHOLD, TRICHOTOMY, FuzzySplit, ThresholdSplit

UNASKED, UNKNOWN_CODE, REAL = -1, -2, -3
NEVER = 1 << 30
STATE_BUDGET = 400  # states valued at most by the exact programme at one step
MAX_OUTCOMES = 729  # joint answers of one question weighed at most
_PLANNERS: dict = {}


@dataclass
class PlannedQuestion:
    name: str
    attributes: tuple[int, ...]  # to obtain, prerequisites first
    group: object | None
    test_cost: float
    waiting_cost: float
    expected: float  # its price plus the plan's expected cost from each answer on
    ends_at_once: float  # P(the case ends right after it)

    @property
    def cost(self) -> float:
        return self.test_cost + self.waiting_cost


def frontier_plannable(tree) -> bool:
    """A fuzzy tree (fuzzy, threshold and category splits, no attribute twice on a path), or a
    chain of trichotomy stages (Lo and Hi leaves, the middle to the next stage or a leaf)."""
    kinds = tree.compile().kind
    if (kinds == TRICHOTOMY).any():
        return _chain(tree) is not None
    if not (kinds == FUZZY).any() or not np.isin(kinds, (LEAF, FUZZY, THRESHOLD, CATEGORY)).all():
        return False
    for leaf in tree.leaves():
        seen = [tree.nodes[i].feature for i in tree.path_to(leaf)[:-1]]
        if len(seen) != len(set(seen)):
            return False
    return True


def _chain(tree) -> list[int] | None:
    stages, i = [], 0
    while not tree.nodes[i].is_leaf:
        node = tree.nodes[i]
        if node.kind != TRICHOTOMY or len(node.children) != 3:
            return None
        if not (tree.nodes[node.children[0]].is_leaf and tree.nodes[node.children[1]].is_leaf):
            return None
        stages.append(i)
        i = node.children[2]
    return stages or None


def settled_given(tree, node_id: int, x: np.ndarray, unknown) -> int:
    """The label every way of going on below `node_id` ends with, given the answers `x` (NaN: not
    known) and the attributes answered unknown: below a node whose attribute is known only the
    branches the answer fires; a node whose attribute is unknown (or no branch takes the answer)
    answers with its own vote, as the case stops there; else MIXED. Settled on L at every frontier
    node, the answer is L whatever the answers still to come (`engine.tree.aggregate.node_vote`)."""
    node = tree.nodes[node_id]
    if node.is_leaf:
        return node_vote(tree, node_id)
    j = node.feature
    if j in unknown:
        return node_vote(tree, node_id)
    if x[j] == x[j]:
        share = node.route(x)
        if share is None:
            return node_vote(tree, node_id)
        children = [c for c, s in zip(node.children, share) if s > 0]
    else:
        children = list(node.children)
    first = None
    for c in children:
        vote = settled_given(tree, c, x, unknown)
        if vote == MIXED or (first is not None and vote != first):
            return MIXED
        first = vote
    return MIXED if first is None else first


def frontier_planner_for(tree, costs: CostModel, cost_matrix):
    key = (id(tree), costs, None if cost_matrix is None else np.asarray(cost_matrix).tobytes())
    hit = _PLANNERS.get(key)
    if hit is not None and hit.tree is tree:
        return hit
    if len(_PLANNERS) > 16:
        _PLANNERS.clear()
    cls = StagePlanner if (tree.compile().kind == TRICHOTOMY).any() else FuzzyPlanner
    planner = _PLANNERS[key] = cls(tree, costs, cost_matrix)
    return planner


def _label_costs(tree, counts: np.ndarray, cost_matrix) -> np.ndarray:
    """(n, labels + 1): the expected misclassification cost of answering each label (a class, a
    coarser label by its classes' worst, PENDING last: the worst) over each row's classes."""
    k = tree.n_classes
    matrix = 1.0 - np.eye(k) if cost_matrix is None else np.asarray(cost_matrix, np.float64)
    total = counts.sum(axis=1, keepdims=True)
    dist = np.where(total > 0, counts / np.where(total > 0, total, 1), 1.0 / k)
    out = np.empty((len(counts), len(tree.labels) + 1))
    out[:, :k] = dist @ matrix
    worst = dist @ matrix.max(axis=1)
    out[:, k:] = worst[:, None]
    # a coarse hierarchy label (HFDT's WG, say) is priced as PENDING: the worst
    return out


# ---- fuzzy trees -----------------------------------------------------------------------------------


class FuzzyPlanner:
    """The plan tables of one fuzzy tree under one set of costs (see the module's notes)."""

    def __init__(self, tree, costs: CostModel, cost_matrix=None):
        self.tree, self.costs = tree, costs
        self.names = tree.schema.names
        p = self.p = len(self.names)
        self.leaves = np.array(tree.leaves(), np.int64)
        L = len(self.leaves)
        self.paths = [tree.path_to(int(leaf)) for leaf in self.leaves]
        self.leaf_depth = np.array([len(path) - 1 for path in self.paths], np.int64)
        width = int(self.leaf_depth.max()) + 1
        self.path_node = np.zeros((L, width), np.int64)
        for li, path in enumerate(self.paths):
            self.path_node[li, :len(path)] = path
            self.path_node[li, len(path):] = path[-1]
        nodes = [tree.nodes[i] for i in tree.reachable() if not tree.nodes[i].is_leaf]
        self.tested = np.zeros(p, bool)
        self.reps: list[np.ndarray] = []
        for j in range(p):
            on = [n for n in nodes if n.feature == j]
            self.tested[j] = bool(on)
            attr = tree.schema.attributes[j]
            if not on:
                self.reps.append(np.array([0.0]))
            elif attr.categories is not None:
                self.reps.append(np.arange(max(1, len(attr.categories)), dtype=np.float64))
            else:
                points = sorted({float(c) for n in on if isinstance(n, FuzzySplit) and n.centres
                                 for c in n.centres} | {float(n.threshold) for n in on if isinstance(n, ThresholdSplit)})
                values = set(points) | {(a + b) / 2 for a, b in zip(points, points[1:])}
                if any(isinstance(n, ThresholdSplit) for n in on):
                    values.add(points[-1] + max(1.0, abs(points[-1])))
                self.reps.append(np.array(sorted(values)))
        self.first_depth = np.full((p, L), NEVER, np.int64)
        self.factor = [np.ones((L, len(self.reps[j]))) for j in range(p)]
        self.blocked = [np.zeros((L, len(self.reps[j])), bool) for j in range(p)]  # no branch takes it
        for li, path in enumerate(self.paths):
            for d, (a, b) in enumerate(zip(path, path[1:])):
                node = tree.nodes[a]
                j, pos = node.feature, node.children.index(b)
                self.first_depth[j, li] = min(self.first_depth[j, li], d)
                for r, v in enumerate(self.reps[j]):
                    share = self._share(node, j, v)
                    if share is None:
                        self.blocked[j][li, r] = True
                        self.factor[j][li, r] = 0.0
                    else:
                        self.factor[j][li, r] *= share[pos]
        mass = np.array([tree.nodes[int(leaf)].counts.sum() for leaf in self.leaves], np.float64)
        self.prior = mass + 1e-9 * max(mass.sum(), 1.0)
        # P(value | leaf): through the memberships where the path tests j, else the overall mix
        self.q = []
        for j in range(p):
            f = self.factor[j]
            sums = f.sum(axis=1, keepdims=True)
            q = np.where(sums > 0, f / np.where(sums > 0, sums, 1.0), 0.0)
            testing = self.first_depth[j] < NEVER
            overall = (self.prior[testing] @ q[testing]) if testing.any() else np.ones(f.shape[1])
            overall = overall / overall.sum()
            q[~testing] = overall
            self.q.append(q)
        counts = np.array([tree.nodes[int(leaf)].counts for leaf in self.leaves], np.float64)
        self.label_cost = _label_costs(tree, counts, cost_matrix)
        self.settled = settled_below(tree)
        self._rows = np.arange(L)
        self._priced_cache: dict = {}

    def _share(self, node, j: int, value: float):
        """Each child's share of a case with value `value` of j at this node (None: no branch)."""
        x = np.full(self.p, np.nan)
        x[j] = value
        return node.route(x)

    # ---- a state -------------------------------------------------------------------------------

    def region(self, j: int, value: float) -> int:
        reps = self.reps[j]
        if self.tree.schema.attributes[j].categories is not None:
            return int(value) if 0 <= int(value) < len(reps) else 0
        return int(np.argmin(np.abs(reps - float(value))))

    def context(self, values: dict, unknown) -> tuple[tuple, dict]:
        """(the state's codes, the real answers' per-leaf factors and regions)."""
        codes = [UNASKED] * self.p
        real = {}
        for j, v in values.items():
            if v is unknown:
                codes[j] = UNKNOWN_CODE
                continue
            codes[j] = REAL
            node_share = np.ones(len(self.leaves))
            blocked = np.zeros(len(self.leaves), bool)
            for li, path in enumerate(self.paths):
                for a, b in zip(path, path[1:]):
                    node = self.tree.nodes[a]
                    if node.feature != j:
                        continue
                    share = self._share(node, j, float(v))
                    if share is None:
                        blocked[li] = True
                        node_share[li] = 0.0
                    else:
                        node_share[li] *= share[node.children.index(b)]
            real[j] = (node_share, blocked, self.region(j, float(v)), float(v))
        unknown_set = {j for j, c in enumerate(codes) if c == UNKNOWN_CODE}
        for j in range(self.p):  # a prerequisite unknown: j cannot be obtained either
            if codes[j] == UNASKED and unknown_set and self.costs.prerequisite_unknown(j, unknown_set):
                codes[j] = UNKNOWN_CODE
        return tuple(codes), real

    def _factor(self, j: int, code: int, real: dict):
        if code == REAL:
            return real[j][0], real[j][1]
        return self.factor[j][:, code], self.blocked[j][:, code]

    def posterior(self, codes: tuple, real: dict) -> np.ndarray:
        w = self.prior.copy()
        for j, code in enumerate(codes):
            if code >= 0:
                w *= self.q[j][:, code]
            elif code == REAL:
                w *= self.q[j][:, real[j][2]]
        return w

    def frontier(self, codes: tuple, real: dict):
        """(frontier [(node, weight)], per leaf: the depth its case stands at, whether it stopped on
        an unasked attribute (open), firing weight)."""
        L = len(self.leaves)
        asked_stop = self.leaf_depth.copy()
        blocked_stop = self.leaf_depth.copy()
        tnorm_min = self.tree.tnorm == "minimum"
        for j, code in enumerate(codes):
            if not self.tested[j]:
                continue
            if code == UNASKED:
                np.minimum(asked_stop, self.first_depth[j], out=asked_stop)
            elif code == UNKNOWN_CODE:
                np.minimum(blocked_stop, self.first_depth[j], out=blocked_stop)
            else:
                _, blocked = self._factor(j, code, real)
                np.minimum(blocked_stop, np.where(blocked, self.first_depth[j], NEVER), out=blocked_stop)
        stop = np.minimum(asked_stop, blocked_stop)
        weight = np.ones(L)
        for j, code in enumerate(codes):
            if code == UNASKED or code == UNKNOWN_CODE or not self.tested[j]:
                continue
            f, _ = self._factor(j, code, real)
            passed = self.first_depth[j] < stop
            if tnorm_min:
                weight = np.where(passed & (f > 0), np.minimum(weight, f), np.where(passed, 0.0, weight))
            else:
                weight = np.where(passed, weight * f, weight)
        nodes = self.path_node[self._rows, stop]
        front: dict[int, float] = {}
        for li in np.flatnonzero(weight > 0):
            front.setdefault(int(nodes[li]), float(weight[li]))
        opened = (asked_stop < blocked_stop) & (weight > 0)
        return list(front.items()), stop, blocked_stop, opened, weight

    def _stuck(self, n: int, codes: tuple) -> bool:
        node = self.tree.nodes[n]
        if node.is_leaf:
            return True
        j = node.feature
        if codes[j] == UNKNOWN_CODE:
            return True
        return codes[j] == UNASKED and self.costs.prerequisite_unknown(
            j, {k for k, c in enumerate(codes) if c == UNKNOWN_CODE})

    def end(self, codes: tuple, real: dict, spent: float):
        """(ends, label, expected misclassification cost, frontier data): the utility
        consultation's end rule on this state."""
        front, stop, blocked_stop, opened, weight = self.frontier(codes, real)
        tree = self.tree
        answer = aggregate(tree, front)
        w = self.posterior(codes, real)
        column = answer.label if answer.label != PENDING else self.label_cost.shape[1] - 1
        mc = float(w @ self.label_cost[:, column] / max(w.sum(), 1e-300))
        data = (front, stop, blocked_stop, opened, weight, w)
        if all(tree.nodes[n].is_leaf for n, _ in front):
            return True, answer.label, mc, data
        askable = False
        known = {j for j, c in enumerate(codes) if c != UNASKED}
        for n, _ in front:
            if not self._stuck(n, codes) and tree.nodes[n].feature not in known:
                todo, tc, wc = self._priced(codes)[0][tree.nodes[n].feature]
                if self.costs.affordable(tc + wc, spent):
                    askable = True
                    break
        if not askable:
            return True, answer.label, mc, data
        label = answer.label
        x = np.full(self.p, np.nan)
        for j, code in enumerate(codes):
            if code == REAL:
                x[j] = real[j][3]
            elif code >= 0:
                x[j] = self.reps[j][code]
        unknown = {j for j, c in enumerate(codes) if c == UNKNOWN_CODE}
        for n, _ in front:
            vote = node_vote(tree, n) if self._stuck(n, codes) else settled_given(tree, n, x, unknown)
            if vote == MIXED or vote != label:
                return False, label, mc, data
        return True, label, mc, data

    # ---- questions -------------------------------------------------------------------------------

    def _priced(self, codes: tuple):
        key = tuple(c != UNASKED for c in codes), tuple(c == UNKNOWN_CODE for c in codes)
        hit = self._priced_cache.get(key)
        if hit is not None:
            return hit
        known = {j for j, c in enumerate(codes) if c != UNASKED}
        unknown = {j for j, c in enumerate(codes) if c == UNKNOWN_CODE}
        if len(self._priced_cache) > 50_000:
            self._priced_cache.clear()
        self._priced_cache[key] = priced_questions(self.costs, self.p, known, unknown)
        return self._priced_cache[key]

    def actions(self, codes: tuple, data, spent: float) -> list[tuple]:
        """(name, to obtain, group, TC, WC): every attribute tested at or below where a reachable
        leaf's case stands (not blocked), and every batch group holding one."""
        front, stop, blocked_stop, opened, weight, w = data
        unknown = {j for j, c in enumerate(codes) if c == UNKNOWN_CODE}
        live = opened & (w > 0)
        wanted = []
        for j in range(self.p):
            if codes[j] != UNASKED or not self.tested[j] or self.costs.prerequisite_unknown(j, unknown):
                continue
            fd = self.first_depth[j]
            if (live & (fd >= stop) & (fd < blocked_stop)).any():
                wanted.append(j)
        singles, batches = self._priced(codes)
        out = []
        for j in wanted:
            todo, tc, wc = singles[j]
            if self.costs.affordable(tc + wc, spent):
                out.append((self.names[j], todo, None, tc, wc))
        for g, members, todo, tc, wc in batches:
            if set(members) & set(wanted) and self.costs.affordable(tc + wc, spent):
                out.append((g.name, todo, g, tc, wc))
        return out

    def outcomes(self, codes: tuple, w: np.ndarray, todo: tuple) -> list[tuple[float, tuple]]:
        if math.prod(len(self.reps[j]) for j in todo) > MAX_OUTCOMES:
            return []
        total = w.sum()
        if total <= 0:
            return []
        branches = [(w, list(codes))]
        for j in todo:
            grown = []
            for wb, c in branches:
                for r in range(len(self.reps[j])):
                    nw = wb * self.q[j][:, r]
                    if nw.sum() > 1e-12 * total:
                        nc = list(c)
                        nc[j] = r
                        grown.append((nw, nc))
            branches = grown
        return [(float(wb.sum() / total), tuple(c)) for wb, c in branches]

    # ---- values ----------------------------------------------------------------------------------

    def tail(self, codes: tuple, data, mc: float) -> float:
        """A look-ahead's last states: the misclassification cost now, plus each test still on the
        path below where a reachable leaf's case stands, weighted by that leaf's chance."""
        front, stop, blocked_stop, opened, weight, w = data
        singles, _ = self._priced(codes)
        live = opened & (w > 0)
        total = w.sum()
        if total <= 0 or not live.any():
            return mc
        extra = 0.0
        for j in range(self.p):
            if codes[j] != UNASKED or not self.tested[j] or j not in singles:
                continue
            fd = self.first_depth[j]
            need = live & (fd >= stop) & (fd < blocked_stop)
            if need.any():
                extra += float(w[need].sum() / total) * (singles[j][1] + singles[j][2])
        return mc + extra

    def _value(self, codes, real, spent, depth, memo, counter):
        key = (codes, round(spent, 9) if self.costs.budget is not None else 0.0, depth)
        hit = memo.get(key)
        if hit is not None:
            return hit
        counter[0] += 1
        if counter[0] > STATE_BUDGET and depth is None:
            raise _TooMany
        done, _label, mc, data = self.end(codes, real, spent)
        if done:
            out = (mc, [])
        elif depth == 0:
            out = (self.tail(codes, data, mc), [])
        else:
            scored = []
            w = data[5]
            for name, todo, group, tc, wc in self.actions(codes, data, spent):
                answers = self.outcomes(codes, w, todo)
                if not answers:
                    continue
                total = tc + wc
                ends = 0.0
                for prob, nxt in answers:
                    v = self._value(nxt, real, spent + tc + wc, None if depth is None else depth - 1, memo, counter)
                    total += prob * v[0]
                    ends += prob if not v[1] else 0.0
                scored.append((total, name, todo, group, tc, wc, ends))
            out = (min(s[0] for s in scored), scored) if scored else (self.tail(codes, data, mc), [])
        memo[key] = out
        return out

    def plan(self, values: dict, unknown, spent: float, prefer: str | None = None) -> list[PlannedQuestion]:
        """Every question at the consultation's state with its expected cost, best first (ties:
        `prefer` — the utility order's first question —, then cheaper, then by name)."""
        codes, real = self.context(values, unknown)
        scored, exact = None, True
        for depth in (None, 1):
            memo, counter = {}, [0]
            try:
                scored = self._value(codes, real, spent, depth, memo, counter)[1]
                exact = depth is None
                break
            except _TooMany:
                continue
        self.exact = exact
        out = [PlannedQuestion(name, todo, group, tc, wc, total, ends)
               for total, name, todo, group, tc, wc, ends in scored or []]
        best = min((q.expected for q in out), default=0.0)
        tol = 1e-9 * max(1.0, abs(best))
        if not exact and any(q.name == prefer for q in out):
            # the look-ahead's tail is an estimate (on the glass HFDT it chose dearer questions than the
            # utility order): beyond the exact programme's reach the utility order's question goes first
            best = next(q.expected for q in out if q.name == prefer)
            tol = 0.0
        out.sort(key=lambda q: (q.expected > best + tol, q.name != prefer, q.expected, q.cost, q.name))
        return out


class _TooMany(Exception):
    pass


# ---- trichotomy stages -----------------------------------------------------------------------------


class StagePlanner:
    """The plan of one chain of trichotomy stages under one set of costs (see the module's notes)."""

    def __init__(self, tree, costs: CostModel, cost_matrix=None):
        self.tree, self.costs = tree, costs
        self.names = tree.schema.names
        self.stages = _chain(tree)
        self.upto = []  # the attributes every stage up to s needs
        seen: list[int] = []
        for s in self.stages:
            for j in tree.nodes[s].features:
                if j not in seen:
                    seen.append(j)
            self.upto.append(tuple(seen))
        ends = [c for s in self.stages for c in tree.nodes[s].children[:2]] + [tree.nodes[self.stages[-1]].children[2]]
        counts = np.array([tree.nodes[i].counts for i in ends], np.float64)
        cost = _label_costs(tree, counts, cost_matrix)
        self.end_cost = {}
        for i, row in zip(ends, cost):
            label = tree.nodes[i].label
            self.end_cost[i] = float(row[label if label != PENDING else -1])
        self.exact = True

    def _branch_shares(self, s: int) -> tuple[float, float, float]:
        node = self.tree.nodes[s]
        w = np.array([self.tree.nodes[c].counts.sum() for c in node.children], np.float64)
        if w.sum() <= 0:
            return 1 / 3, 1 / 3, 1 / 3
        return tuple(float(v) for v in w / w.sum())

    def where(self, known: frozenset) -> int:
        """The first stage whose attributes are not all known (the model: the case was pending)."""
        for k, need in enumerate(self.upto):
            if not set(need) <= known:
                return k
        return len(self.stages)

    def _actions(self, k: int, known: frozenset, unknown: frozenset, spent: float):
        paid = self.costs.paid_by(known - unknown)
        out, sets = [], set()
        for m in range(k, len(self.stages)):
            need = [j for j in self.upto[m] if j not in known]
            if not need or any(j in unknown or self.costs.prerequisite_unknown(j, unknown) for j in need):
                continue
            todo = tuple(self.costs.to_obtain(need, known))
            if frozenset(todo) in sets:
                continue
            sets.add(frozenset(todo))
            tc, wc = self.costs.cost(todo, known, paid, expand=False)
            if self.costs.affordable(tc + wc, spent):
                out.append((" + ".join(self.names[j] for j in need), todo, None, tc, wc))
        if k < len(self.stages):
            stage_need = {j for j in self.upto[k] if j not in known}
            for g in self.costs.groups:
                members = [j for j in g.members if j not in known and not self.costs.prerequisite_unknown(j, unknown)]
                if not members or not set(members) & stage_need:
                    continue
                todo = tuple(self.costs.to_obtain(members, known))
                tc, wc = self.costs.batch_cost(g, todo, known, paid, expand=False)
                if self.costs.affordable(tc + wc, spent):
                    out.append((g.name, todo, g, tc, wc))
        return out

    def _resolve(self, k: int, known: frozenset):
        """[(probability, end node or None, next stage)] from stage k once `known` are known."""
        out, stack = [], [(1.0, k)]
        while stack:
            p, s = stack.pop()
            if s >= len(self.stages):
                out.append((p, self.tree.nodes[self.stages[-1]].children[2], s))
                continue
            if not set(self.upto[s]) <= known:
                out.append((p, None, s))
                continue
            lo, hi, mid = self._branch_shares(self.stages[s])
            node = self.tree.nodes[self.stages[s]]
            out.append((p * lo, node.children[0], s))
            out.append((p * hi, node.children[1], s))
            if mid > 0:
                stack.append((p * mid, s + 1))
        return [o for o in out if o[0] > 0]

    def value(self, k: int, known: frozenset, unknown: frozenset, spent: float, memo: dict) -> tuple[float, list]:
        key = (k, known, round(spent, 9) if self.costs.budget is not None else 0.0)
        hit = memo.get(key)
        if hit is not None:
            return hit
        here = self.tree.nodes[self.stages[k]] if k < len(self.stages) else None
        if here is None:
            out = (self.end_cost[self.tree.nodes[self.stages[-1]].children[2]], [])
        else:
            scored = []
            for name, todo, group, tc, wc in self._actions(k, known, unknown, spent):
                after = known | frozenset(todo)
                total, ends = tc + wc, 0.0
                for p, end, s in self._resolve(k, after):
                    if end is not None:
                        total += p * self.end_cost[end]
                        ends += p
                    else:
                        total += p * self.value(s, after, unknown, spent + tc + wc, memo)[0]
                scored.append((total, name, todo, group, tc, wc, ends))
            if scored:
                out = (min(s[0] for s in scored), scored)
            else:  # nothing left to ask: the case ends pending at this stage (its node's answer)
                counts = here.counts[None, :]
                row = _label_costs(self.tree, np.asarray(counts, np.float64), None)[0]
                out = (float(row[-1]), [])
        memo[key] = out
        return out

    def plan(self, values: dict, unknown, spent: float, prefer: str | None = None) -> list[PlannedQuestion]:
        known = frozenset(j for j in values)
        unknown_set = frozenset(j for j, v in values.items() if v is unknown)
        # the stage the case stands at (its real answers), the known attributes
        k = 0
        x = np.full(len(self.names), np.nan)
        for j, v in values.items():
            if v is not unknown:
                x[j] = v
        while k < len(self.stages):
            node = self.tree.nodes[self.stages[k]]
            share = node.route(x)
            if share is None or int(np.argmax(share)) != 2:
                break
            k += 1
        scored = self.value(k, known, unknown_set, spent, {})[1]
        out = [PlannedQuestion(name, todo, group, tc, wc, total, ends)
               for total, name, todo, group, tc, wc, ends in scored]
        best = min((q.expected for q in out), default=0.0)
        tol = 1e-9 * max(1.0, abs(best))
        out.sort(key=lambda q: (q.expected > best + tol, q.name != prefer, q.expected, q.cost, q.name))
        return out


__all__ = ["FuzzyPlanner", "StagePlanner", "PlannedQuestion", "frontier_plannable", "frontier_planner_for",
           "STATE_BUDGET"]
