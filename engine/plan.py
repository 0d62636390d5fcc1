"""A consultation that plans its questions (issue 23): anything below may be asked, in the order that costs least.

Following a crisp tree asks its tests in the tree's order, one node at a time. A planned
consultation may ask *any* attribute that some still-possible leaf's path tests, and plans the
order by the expected total cost still to pay: test + waiting costs (`engine.costs.CostModel`,
prerequisites and batch groups as the consultation pays them) + the expected
misclassification cost of the answer it ends with.

The state is what is known: per attribute, unasked, answered (its *bin*: the interval
between two cut points the tree uses on a number, or the set of categories every test of the
tree sends the same way — `engine.tree.case_values`), or "unknown" (it cannot be obtained;
so cannot an attribute whose prerequisite is unknown). From it:

- the consistent leaves: those whose path agrees with every answer, each weighted by
  P(leaf | answers) ∝ n(leaf) · Π_answered q(leaf, attribute, bin), where q is the share of
  the leaf's training cases in that bin (the model's `case_values`, smoothed towards the
  attribute's overall shares with one case's weight, so a value no training case at the leaf
  had does not rule the leaf out; zero where the leaf's path excludes the bin). A model
  without the counts (an older file) spreads each leaf's cases evenly over the intervals, or
  the categories, its path allows;
- where each consistent leaf's case ends: the leaf, or the first node on its path whose
  attribute was answered "unknown" (or whose answer no branch takes): that node's label
  (the internal-node strategy, as `predict` with "stop");
- the end rule: every consistent leaf ends with the same label — so with every answer
  given the label is `predict`'s;
- the candidates: every attribute tested on some consistent leaf's path above where it
  ends (its unknown prerequisites asked first, as a test each), and every batch group
  holding one (all its unasked members at once, the group's common cost once, waits in
  parallel).

The order minimises V(state) = min over candidates a of cost(a) + Σ_answers P(answer)·V(next),
with V = the expected misclassification cost of the label it ends with at a state the end
rule closes (or where nothing more can be asked, or afforded; then the label is the least
costly answer over the consistent leaves). By dynamic programming over the answer states,
memoised across steps and cases on the same tree:

- the whole tree, exactly, when its states fit dense memo arrays (`KERNEL_STATES`: 2^21
  states of Π (bins + 2) over the attributes a question can change, about 25 MB; the car
  tree has 6·6·6·5·5·5 = 27,000), compiled (`engine/kernels/plan_dp.py`, tested state by
  state against `value_python`); under a budget the Python programme plans (its states
  carry what was spent), exactly while Π (bins + 1) ≤ `STATE_LIMIT`;
- otherwise by a bounded look-ahead (`Windows`): the window of the tree below where the
  case stands (as deep as `WINDOW_LEAVES` leaves and `WINDOW_STATES` states allow, at least
  one level) is planned exactly, its deeper subtrees standing as leaves whose cost is that
  of following the tree from them (`follow_costs`: an estimate — it knows only the path's
  answers). The issue suggested the one-step utility as the horizon's estimate; following
  the tree's cost is a cost in the same units as the plan's and is what a case would pay
  from there, so the window's plan is never rated above following the tree.

Following the tree is always among the plans weighed: its next test is a candidate, so the
exact plan's expected cost is never above following the tree's (both over the model's
probabilities); ties go to the tree's own next test, then to the cheaper one, then by name.

The plan assumes every value can be obtained; an "unknown" answer is a new state, planned
from again. Under a budget a question that does not fit what is left is not asked, and the
plan keeps what was spent along each of its paths. Fuzzy trees and trichotomy stages are
planned by `engine.plan_frontier` (issue 42), through the frontier's weights.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .costs import CostModel, node_costs
from .data.table import format_number
from .i18n import N_, _
from .tree.case_values import all_tree_cuts, is_category, tree_cuts
from .tree.nodes import CATEGORY, LEAF, PENDING, THRESHOLD, ThresholdSplit

UNASKED, UNKNOWN_ANSWER = -1, -2
STATE_LIMIT = 20_000  # the Python programme (under a budget): answer states planned exactly at most
KERNEL_STATES = 1 << 21  # the compiled one: dense memo arrays of at most this many states (25 MB)
MAX_OUTCOMES = 4096  # joint answers of one question (a batch) weighed at most
MAX_PLAN_LEAVES = 2_000  # beyond (or beyond MAX_TABLE leaf-bins), the tree is planned in windows
MAX_TABLE = 2_000_000
NEVER = 1 << 30


#: beyond this many nodes a tree is consulted by the utility order: the plan's horizon (every
#: node's cost of following the tree from it, `follow_costs`) is a Python walk of the whole tree,
#: some 25 s on a million nodes (issue 41: a consultation of such a model within 5 s)
MAX_PLAN_NODES = 200_000


def priced_questions(costs: CostModel, p: int, known: set, unknown: set) -> tuple[dict, list]:
    """What each question costs given the attributes `known` (asked) and `unknown` (asked, no
    answer): per unasked attribute (to obtain, TC, WC), and per batch group with two obtainable
    unasked members or more (group, members, to obtain, TC, WC). The crisp planner's and the
    frontier planner's pricing (engine.plan_frontier)."""
    paid = costs.paid_by(known - unknown)
    singles = {}
    for j in range(p):
        if j in known:
            continue
        todo = tuple(costs.to_obtain([j], known))
        tc, wc = costs.cost(todo, known, paid, expand=False)
        singles[j] = (todo, tc, wc)
    batches = []
    for g in costs.groups:
        members = [j for j in g.members if j not in known and not costs.prerequisite_unknown(j, unknown)]
        if len(members) < 2:
            continue  # one member is the attribute's own question
        todo = tuple(costs.to_obtain(members, known))
        tc, wc = costs.batch_cost(g, todo, known, paid, expand=False)
        batches.append((g, members, todo, tc, wc))
    return singles, batches


def plannable(tree) -> bool:
    """Crisp one-attribute tests only (threshold and category splits), on a tree of at most
    MAX_PLAN_NODES nodes."""
    return len(tree) <= MAX_PLAN_NODES and bool(np.isin(tree.compile().kind, (LEAF, THRESHOLD, CATEGORY)).all())


@dataclass
class Action:
    """One question: a single attribute (with its unknown prerequisites first) or a batch group."""

    name: str
    attributes: tuple[int, ...]  # to obtain, prerequisites first
    group: object | None  # engine.costs.Group for a batch
    test_cost: float
    waiting_cost: float
    follows_tree: bool = False  # the tree's own next test from this state

    @property
    def cost(self) -> float:
        return self.test_cost + self.waiting_cost


@dataclass
class Step:
    """The plan's advice at one state."""

    action: Action | None  # None: the case ends here
    expected: float  # the plan's expected cost still to pay (tests, waits and misclassification)
    follow: float  # the same for following the tree from here
    exact: bool  # planned exactly (dynamic programming) or by the bounded look-ahead
    ends_at_once: float  # P(the case ends right after this question)
    outcomes: list  # (probability, answers {attribute: bin}, ends) of the action


class Planner:
    """The plan tables of one tree under one set of costs (built once; states are tuples of
    per-attribute codes: UNASKED, UNKNOWN_ANSWER, or a bin)."""

    def __init__(self, tree, costs: CostModel, cost_matrix: np.ndarray | None = None, *, root: int = 0,
                 max_depth: int | None = None, horizon: np.ndarray | None = None):
        """The whole tree (root 0, no depth limit), or a window of it: the nodes below `root` down
        to `max_depth` levels, whose deepest nodes stand for their subtrees — one whose leaves
        all carry one label as a leaf with that label, any other as *open*: the case cannot
        end there, and reaching it costs `horizon[node]` (following the tree from it)."""
        self.tree = tree
        self.costs = costs
        self.root = root
        self.p = len(tree.schema.names)
        self.names = tree.schema.names
        below = tree.single_label_below()
        ends, stack = [], [(root, 0)]
        inside: list[int] = []
        while stack:  # depth-first, children in order: the leaves below a node are one run
            i, d = stack.pop()
            node = tree.nodes[i]
            if node.is_leaf or (max_depth is not None and d >= max_depth):
                ends.append(i)
                continue
            inside.append(i)
            stack.extend((c, d + 1) for c in reversed(node.children))
        leaves = np.asarray(ends, np.int64)
        self.leaves = leaves
        L = len(leaves)
        self.is_open = np.array([not tree.nodes[i].is_leaf and below[i] < -1 for i in ends], bool)
        self.open_cost = np.zeros(L) if horizon is None else np.where(self.is_open, horizon[leaves], 0.0)
        cut = len(tree.path_to(root)) - 1
        self.paths = [tree.path_to(int(leaf))[cut:] for leaf in leaves]
        # the leaves below each node: a run of the leaves in depth-first order
        self.first_leaf = np.full(len(tree.nodes), len(leaves), np.int64)
        self.last_leaf = np.full(len(tree.nodes), -1, np.int64)
        for li, path in enumerate(self.paths):
            for node_id in path:
                self.first_leaf[node_id] = min(self.first_leaf[node_id], li)
                self.last_leaf[node_id] = max(self.last_leaf[node_id], li)
        self.leaf_depth = np.array([len(path) - 1 for path in self.paths], np.int64)
        k = tree.n_classes
        # bins of every attribute (the cuts the window uses), and each split's child per bin
        self.n_bins = np.ones(self.p, np.int64)
        self.cuts: list[np.ndarray | None] = [None] * self.p
        self.cat_bin: list[np.ndarray | None] = [None] * self.p  # category code -> bin
        reps: list[np.ndarray] = []
        window = None if root == 0 and max_depth is None else inside
        every_cut = all_tree_cuts(tree) if window is None else None
        for j in range(self.p):
            if is_category(tree, j):
                # categories every test of the window sends the same way share one bin
                n_cat = max(1, len(tree.schema.attributes[j].categories))
                tests = [tree.nodes[i] for i in inside if tree.nodes[i].feature == j]
                signature = [tuple((0 if c <= t.threshold else 1) if isinstance(t, ThresholdSplit) else t.branch_of(c)
                                   for t in tests) for c in range(n_cat)]
                first: dict[tuple, int] = {}
                self.cat_bin[j] = np.array([first.setdefault(sig, len(first)) for sig in signature], np.int64)
                self.n_bins[j] = len(first)
                reps.append(np.array([float(signature.index(sig)) for sig in first]))
            else:
                cuts = tree_cuts(tree, j, window) if window is not None else every_cut.get(j, np.zeros(0))
                self.cuts[j] = cuts
                self.n_bins[j] = len(cuts) + 1
                reps.append(np.append(cuts, np.inf))
        self.whole = window is None
        self.tested = np.zeros(self.p, bool)
        self.consistent = [np.ones((L, int(b)), bool) for b in self.n_bins]
        self.stop_depth = [np.full((L, int(b)), NEVER, np.int64) for b in self.n_bins]
        self.first_depth = np.full((self.p, L), NEVER, np.int64)
        child_of: dict[int, np.ndarray] = {}
        for i in inside:
            node = tree.nodes[i]
            j = node.feature
            self.tested[j] = True
            if isinstance(node, ThresholdSplit):
                pos = np.where(reps[j] <= node.threshold, 0, 1)
            else:
                pos = np.array([node.branch_of(v) for v in reps[j]], np.int64)
            child_of[i] = np.array([node.children[c] if c >= 0 else -1 for c in pos], np.int64)
        self.child_of = child_of
        # node by node, parents first (each leaf meets its path's tests from the top): the bins
        # each leaf's path allows, and where a bin no branch takes stops its case
        depth_of = {root: 0}
        for i in inside:  # depth-first preorder
            d = depth_of[i]
            node = tree.nodes[i]
            j = node.feature
            lo, hi = self.first_leaf[i], self.last_leaf[i] + 1
            towards = np.empty(hi - lo, np.int64)  # the child each leaf below lies under
            for c in node.children:
                depth_of[c] = d + 1
                if self.last_leaf[c] >= 0:
                    towards[self.first_leaf[c] - lo:self.last_leaf[c] + 1 - lo] = c
            np.minimum(self.first_depth[j, lo:hi], d, out=self.first_depth[j, lo:hi])
            go = child_of[i]
            consistent, stop = self.consistent[j][lo:hi], self.stop_depth[j][lo:hi]
            alive = consistent & (stop == NEVER)
            stop[alive & (go < 0)[None, :]] = d
            consistent &= ~(alive & (go >= 0)[None, :] & (go[None, :] != towards[:, None]))
        # the leaves' weights, class distributions and what each label costs there
        counts = np.array([tree.nodes[int(leaf)].counts for leaf in leaves], np.float64).reshape(L, k)
        total = counts.sum(axis=1)
        self.prior = total + 1e-9 * max(total.sum(), 1.0)
        # a leaf whose path no value of some attribute satisfies (x <= 1 below x > 2) is never reached
        for j in range(self.p):
            self.prior[~self.consistent[j].any(axis=1)] = 0.0
        dist = np.where(total[:, None] > 0, counts / np.where(total > 0, total, 1)[:, None], 1.0 / k)
        self.leaf_dist = dist
        matrix = 1.0 - np.eye(k) if cost_matrix is None else np.asarray(cost_matrix, np.float64)
        n_labels = len(tree.labels)
        label_cost = np.empty((L, n_labels + 1))  # the last column: PENDING
        by_class = dist @ matrix  # (L, K): expected cost of answering each class
        label_cost[:, :k] = by_class
        label_cost[:, k:] = (dist @ matrix.max(axis=1))[:, None]
        self.label_cost = label_cost
        self.node_label = np.array(tree.compile().label, np.int64)
        # a leaf standing for a subtree of one label answers with it
        self.node_label[leaves] = np.where(below[leaves] >= 0, below[leaves], self.node_label[leaves])
        width = int(self.leaf_depth.max()) + 1 if L else 1
        self.path_label = np.zeros((L, width), np.int64)  # the label of the node at each depth of a leaf's path
        for li, path in enumerate(self.paths):
            self.path_label[li, :len(path)] = self.node_label[path]
        self._rows = np.arange(L)
        self._closed: dict = {}
        self._costs_at: dict = {}
        self.q = [self._shares(j) for j in range(self.p)]
        self._memo: dict = {}
        self._follow_memo: dict = {}
        self.compiled = True  # the dynamic programme in engine/kernels/plan_dp.py where it can run

    # ---- tables ------------------------------------------------------------------------------

    def _shares(self, j: int) -> np.ndarray:
        """(L, bins) P(bin | leaf) for attribute j: the leaf's case counts (or evenly), smoothed
        towards the attribute's overall shares by one case, zero where the path excludes it."""
        L, b = len(self.leaves), int(self.n_bins[j])
        raw = np.zeros((L, b))
        stored = self.tree.case_values.bins(self.tree, j) if self.tree.case_values is not None and self.whole \
            else None
        if stored is not None:
            for li, leaf in enumerate(self.leaves):
                row = stored.get(int(leaf))
                if row is not None and self.cat_bin[j] is not None and len(row) == len(self.cat_bin[j]):
                    raw[li] = np.bincount(self.cat_bin[j], weights=row, minlength=b)
                elif row is not None and self.cat_bin[j] is None and len(row) == b:
                    raw[li] = row
            overall = raw.sum(axis=0)
            overall = overall / overall.sum() if overall.sum() > 0 else np.full(b, 1.0 / b)
            raw = raw + overall[None, :]
        else:  # evenly: over the categories a bin holds, over the intervals of a number
            raw[:] = 1.0 if self.cat_bin[j] is None else np.bincount(self.cat_bin[j], minlength=b)
        raw = raw * self.consistent[j]
        sums = raw.sum(axis=1, keepdims=True)
        return np.where(sums > 0, raw / np.where(sums > 0, sums, 1.0), 0.0)

    # ---- a state -------------------------------------------------------------------------------

    def state_of(self, values: dict, unknown) -> tuple:
        """The planner's state of a consultation's answers: {attribute: code} (UNKNOWN for
        "unknown"); a number is put into its bin."""
        codes = [UNASKED] * self.p
        for j, v in values.items():
            if v is unknown:
                codes[j] = UNKNOWN_ANSWER
            elif self.cuts[j] is not None:
                codes[j] = int(np.searchsorted(self.cuts[j], float(v), side="left"))
            else:
                table = self.cat_bin[j]
                codes[j] = int(table[int(v)]) if 0 <= int(v) < len(table) else UNKNOWN_ANSWER
        # an attribute whose prerequisite (down its chain) is unknown cannot be tested either (§4.1)
        unknown = {j for j, c in enumerate(codes) if c == UNKNOWN_ANSWER}
        for j in range(self.p):
            if codes[j] == UNASKED and unknown and self.costs.prerequisite_unknown(j, unknown):
                codes[j] = UNKNOWN_ANSWER
        return tuple(codes)

    def weights(self, state: tuple) -> np.ndarray:
        w = self.prior.copy()
        for j, code in enumerate(state):
            if code >= 0:
                w *= self.q[j][:, code]
        return w

    def ends(self, state: tuple) -> np.ndarray:
        """Per leaf, the depth on its path where its case ends."""
        depth = self.leaf_depth.copy()
        for j, code in enumerate(state):
            if code == UNKNOWN_ANSWER:
                np.minimum(depth, self.first_depth[j], out=depth)
            elif code >= 0:
                np.minimum(depth, self.stop_depth[j][:, code], out=depth)
        return depth

    def end_labels(self, depth: np.ndarray) -> np.ndarray:
        return self.path_label[self._rows, depth]

    def closed(self, state: tuple) -> tuple[bool, int, float, np.ndarray, np.ndarray]:
        """(ends, label, expected misclassification cost, weights, end depths): the end rule
        holds when every consistent leaf ends with one label; otherwise the label is the best
        answer over the consistent leaves."""
        hit = self._closed.get(state)
        if hit is None:
            hit = self._closed[state] = self._close(state)
        return hit

    def _close(self, state: tuple):
        w = self.weights(state)
        depth = self.ends(state)
        alive = w > 0
        labels = self.end_labels(depth)[alive]
        wa = w[alive]
        # an open leaf of a window the case reaches: its subtree still has questions
        opened = (self.is_open & (depth == self.leaf_depth))[alive]
        if len(labels) and (labels == labels[0]).all() and not opened.any():
            label = int(labels[0])
            column = label if label != PENDING else self.label_cost.shape[1] - 1
            return True, label, float(wa @ self.label_cost[alive, column] / wa.sum()), w, depth
        classes = self.tree.n_classes
        costs = self.label_cost[alive, :classes]
        expected = wa @ costs / max(wa.sum(), 1e-300)
        label = int(np.argmin(expected))
        # open leaves: what following the tree from them costs (their misclassification included)
        value = np.where(opened, self.open_cost[alive], costs[:, label])
        return False, label, float(wa @ value / max(wa.sum(), 1e-300)), w, depth

    # ---- questions -------------------------------------------------------------------------------

    def actions(self, state: tuple, w: np.ndarray, depth: np.ndarray, spent: float) -> list[Action]:
        """Every question worth asking at this state that the budget allows."""
        unknown = {j for j, c in enumerate(state) if c == UNKNOWN_ANSWER}
        alive = w > 0
        wanted = [j for j in range(self.p) if state[j] == UNASKED and self.tested[j]
                  and (alive & (self.first_depth[j] < depth)).any()
                  and not self.costs.prerequisite_unknown(j, unknown)]
        follow = self.follow_attribute(state, w, depth)
        out: dict[str, Action] = {}
        priced = self._priced(tuple(c != UNASKED for c in state), tuple(c == UNKNOWN_ANSWER for c in state))
        for j in wanted:
            todo, tc, wc = priced[0][j]
            if self.costs.affordable(tc + wc, spent):
                out[self.names[j]] = Action(self.names[j], todo, None, tc, wc, follows_tree=j == follow)
        for g, members, todo, tc, wc in priced[1]:
            if not set(g.members) & set(wanted):
                continue
            if self.costs.affordable(tc + wc, spent):
                out[g.name] = Action(g.name, todo, g, tc, wc)
        return sorted(out.values(), key=lambda a: (not a.follows_tree, a.cost, a.name))

    def _priced(self, known_mask: tuple, unknown_mask: tuple):
        """What each question costs given what is known (cached): per attribute (to obtain, TC, WC),
        and per batch group with two unasked members or more (group, members, to obtain, TC, WC)."""
        key = (known_mask, unknown_mask)
        hit = self._costs_at.get(key)
        if hit is not None:
            return hit
        known = {j for j, k in enumerate(known_mask) if k}
        unknown = {j for j, u in enumerate(unknown_mask) if u}
        self._costs_at[key] = priced_questions(self.costs, self.p, known, unknown)
        return self._costs_at[key]

    def follow_attribute(self, state: tuple, w: np.ndarray, depth: np.ndarray) -> int | None:
        """The tree's own next test: walk from the root with the answers; the first node whose
        attribute is unasked and below which the consistent leaves do not all end alike."""
        alive = w > 0
        labels = self.end_labels(depth)
        node_id = self.root
        while True:
            node = self.tree.nodes[node_id]
            if node.is_leaf or node_id not in self.child_of:
                return None
            j = node.feature
            code = state[j]
            if code == UNKNOWN_ANSWER:
                return None
            if code >= 0:
                nxt = self._child(node_id, code)
                if nxt < 0:
                    return None
                node_id = nxt
                continue
            if node_id not in self.child_of:
                return None  # a leaf of the window
            lo, hi = self.first_leaf[node_id], self.last_leaf[node_id] + 1
            below = labels[lo:hi][alive[lo:hi]]
            opened = (self.is_open[lo:hi] & (depth[lo:hi] == self.leaf_depth[lo:hi]))[alive[lo:hi]]
            if len(below) == 0 or ((below == below[0]).all() and not opened.any()):
                return None
            if self.costs.prerequisite_unknown(j, {k for k, c in enumerate(state) if c == UNKNOWN_ANSWER}):
                return None
            return j

    def _child(self, node_id: int, code: int) -> int:
        return int(self.child_of[node_id][code])

    def outcomes(self, state: tuple, w: np.ndarray, action: Action) -> list[tuple[float, tuple]]:
        """(probability, next state) of every joint answer to the action with a chance; none
        when it has more than MAX_OUTCOMES joint answers (a large batch: not weighed)."""
        if math.prod(int(self.n_bins[j]) for j in action.attributes) > MAX_OUTCOMES:
            return []
        total = w.sum()
        if len(action.attributes) == 1:
            j = action.attributes[0]
            shares = (w @ self.q[j]) / total
            out = []
            for b in np.flatnonzero(shares > 1e-12):
                codes = list(state)
                codes[j] = int(b)
                out.append((float(shares[b]), tuple(codes)))
            return out
        branches = [(w, list(state))]
        for j in action.attributes:
            grown = []
            for wb, codes in branches:
                for b in range(int(self.n_bins[j])):
                    nw = wb * self.q[j][:, b]
                    if nw.sum() > 1e-12 * total:
                        nc = list(codes)
                        nc[j] = b
                        grown.append((nw, nc))
            branches = grown
        return [(float(wb.sum() / total), tuple(codes)) for wb, codes in branches]

    # ---- the values -------------------------------------------------------------------------------

    def space(self, state: tuple) -> int:
        """A bound on the answer states below this one: Π (bins + 1) over the unasked attributes
        the tree tests."""
        size = 1
        for j in range(self.p):
            if state[j] == UNASKED and self.tested[j]:
                size *= int(self.n_bins[j]) + 1
                if size > STATE_LIMIT:
                    return size
        return size

    # ---- the compiled programme (engine/kernels/plan_dp.py) --------------------------------------

    def _kernel_tables(self):
        """The arrays plan_values reads, and its memo (None: a budget, or too many states for
        dense memo arrays — the Python programme below runs)."""
        if getattr(self, "_tables", False) is not False:
            return self._tables
        self._tables = None
        if self.costs.budget is not None:
            return None
        costs = self.costs
        p = self.p
        # what a question can change: the tested attributes, batch members, and their prerequisites
        can = set(np.flatnonzero(self.tested).tolist()) | {j for g in costs.groups for j in g.members}
        for j in list(can):
            can.update(costs.chain(j))
        active = np.array(sorted(can), np.int64)
        radix = self.n_bins[active] + 2
        if float(np.prod(radix.astype(float))) > KERNEL_STATES:
            return None
        strides = np.ones(len(active), np.int64)
        for a in range(1, len(active)):
            strides[a] = strides[a - 1] * radix[a - 1]
        size = int(np.prod(radix)) if len(active) else 1
        off = np.zeros(p, np.int64)
        off[1:] = np.cumsum(self.n_bins)[:-1]
        L = len(self.leaves)
        Q = np.concatenate([self.q[j] for j in range(p)], axis=1) if p else np.zeros((L, 0))
        SD = np.concatenate(self.stop_depth, axis=1) if p else np.zeros((L, 0), np.int64)
        arrays = costs.arrays()  # TC, WC0, prerequisites, groups: what the cost kernels read
        names = list(self.names) + [g.name for g in costs.groups]
        order = sorted(range(len(names)), key=lambda i: names[i])
        name_rank = np.empty(len(names), np.int64)
        name_rank[order] = np.arange(len(names))
        # the window's nodes, numbered from its root
        local = {self.root: 0}
        for path in self.paths:
            for node_id in path:
                local.setdefault(node_id, len(local))
        n_nodes = len(local)
        node_feat = np.zeros(n_nodes, np.int64)
        node_inside = np.zeros(n_nodes, np.bool_)
        node_child = np.full((n_nodes, int(self.n_bins.max()) if p else 1), -1, np.int64)
        node_first = np.array([self.first_leaf[n] for n in local], np.int64)
        node_last = np.array([self.last_leaf[n] for n in local], np.int64)
        for node_id, i in local.items():
            if node_id in self.child_of:
                node_inside[i] = True
                node_feat[i] = self.tree.nodes[node_id].feature
                row = self.child_of[node_id]
                node_child[i, :len(row)] = [local.get(int(c), -1) if c >= 0 else -1 for c in row]
        self._tables = dict(
            active=active, strides=strides, memo_v=np.full(size, np.nan), memo_a=np.full(size, -2, np.int64),
            follow_v=np.full(size, np.nan), follow_a=np.full(size, -2, np.int64),
            Q=np.ascontiguousarray(Q), off=off, nb=self.n_bins.astype(np.int64), SD=np.ascontiguousarray(SD),
            FD=self.first_depth, leaf_depth=self.leaf_depth, path_label=self.path_label, is_open=self.is_open,
            open_cost=self.open_cost.astype(np.float64), label_cost=self.label_cost, n_classes=self.tree.n_classes,
            tested=self.tested, **arrays._asdict(), name_rank=name_rank, node_feat=node_feat, node_child=node_child,
            node_first=node_first, node_last=node_last, node_inside=node_inside, max_outcomes=MAX_OUTCOMES)
        return self._tables

    def _compiled(self, state: tuple, follow: bool = False) -> tuple[float, int]:
        """(V, the best question's id) from the compiled programme's memo, run from this state
        if it has not been reached yet; `follow`: following the tree's value."""
        # imported here, not at the top: it loads numba (and compiles the programme on first use)
        # deferred: loads the Numba kernels (not on this command's light path)
        from .kernels.plan_dp import plan_values

        t = self._tables
        memo_v, memo_a = (t["follow_v"], t["follow_a"]) if follow else (t["memo_v"], t["memo_a"])
        codes = np.array(state, np.int64)
        key = int(np.dot(codes[t["active"]] + 2, t["strides"]))
        if memo_a[key] == -2:
            args = {k: v for k, v in t.items() if k not in ("follow_v", "follow_a")}
            args.update(memo_v=memo_v, memo_a=memo_a)
            plan_values(codes, self.weights(state), follow_only=follow, **args)
        return float(memo_v[key]), int(memo_a[key])

    def value_only(self, state: tuple, spent: float = 0.0) -> float:
        if self.compiled and self._kernel_tables() is not None:
            return self._compiled(state)[0]
        return self.value(state, spent)[0]

    def _compiled_value(self, state: tuple, spent: float):
        value, action_id = self._compiled(state)
        if action_id < 0:
            return value, None
        _, _, _, w, depth = self.closed(state)
        name = self.names[action_id] if action_id < self.p else self.costs.groups[action_id - self.p].name
        action = next(a for a in self.actions(state, w, depth, spent) if a.name == name)
        return value, action

    def value(self, state: tuple, spent: float = 0.0) -> tuple[float, Action | None]:
        """(V, best action) at a state, by dynamic programming over the answer states below it
        (memoised: a later step, or a later case on the same tree, reads what is known);
        compiled unless there is a budget (see `_kernel_tables`)."""
        if self.compiled and self._kernel_tables() is not None:
            hit = self._memo.get((state, 0.0))
            if hit is None:
                hit = self._memo[(state, 0.0)] = self._compiled_value(state, spent)
            return hit
        return self.value_python(state, spent)

    def value_python(self, state: tuple, spent: float = 0.0) -> tuple[float, Action | None]:
        """`value` in Python: the reference the compiled programme is tested against, and the
        programme under a budget."""
        key = (state, round(spent, 9) if self.costs.budget is not None else 0.0)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        done, _, mc, w, depth = self.closed(state)
        out = (mc, None)
        if not done:
            best, best_action = math.inf, None
            for a in self.actions(state, w, depth, spent):
                total = a.cost
                answers = self.outcomes(state, w, a)
                if not answers:
                    continue  # too many joint answers to weigh
                for prob, nxt in answers:
                    total += prob * self.value_python(nxt, spent + a.cost)[0]
                    if total >= best + 1e-9:
                        break
                if total < best - 1e-9 * max(1.0, abs(best) if best < math.inf else 1.0):
                    best, best_action = total, a
            if best_action is not None:
                out = (best, best_action)
        self._memo[key] = out
        return out

    def follow_value(self, state: tuple, spent: float = 0.0) -> float:
        """The expected cost still to pay following the tree from this state: its next test each
        time, until the end rule closes the case."""
        if self.compiled and self._kernel_tables() is not None:
            return self._compiled(state, follow=True)[0]
        key = (state, round(spent, 9) if self.costs.budget is not None else 0.0)
        hit = self._follow_memo.get(key)
        if hit is not None:
            return hit
        done, _, mc, w, depth = self.closed(state)
        out = mc
        if not done:
            j = self.follow_attribute(state, w, depth)
            if j is not None:
                act = next((a for a in self.actions(state, w, depth, spent) if a.follows_tree and a.group is None),
                           None)
                if act is not None:
                    out = act.cost + sum(p * self.follow_value(nxt, spent + act.cost)
                                         for p, nxt in self.outcomes(state, w, act))
        self._follow_memo[key] = out
        return out

    def ranked(self, state: tuple, spent: float = 0.0) -> list[tuple[Action, float]]:
        """Every question at this state with its expected cost (its own price plus the plan's
        from each answer on), the plan's first (then the tree's own, then the cheaper)."""
        best = self.value(state, spent)[1]
        done, _, _, w, depth = self.closed(state)
        if done:
            return []
        out = []
        for a in self.actions(state, w, depth, spent):
            answers = self.outcomes(state, w, a)
            if answers:  # else too many joint answers to weigh
                out.append((a, a.cost + sum(p * self.value_only(nxt, spent + a.cost) for p, nxt in answers)))
        out.sort(key=lambda aq: (best is None or aq[0].name != best.name, aq[1], not aq[0].follows_tree,
                                 aq[0].cost, aq[0].name))
        return out

    def ends_share(self, state: tuple, action: Action) -> float:
        """P(the case ends right after this question)."""
        _, _, _, w, _ = self.closed(state)
        return float(sum(p for p, nxt in self.outcomes(state, w, action) if self.closed(nxt)[0]))

    def step(self, state: tuple, spent: float = 0.0) -> Step:
        """The plan's advice at a state: its next question (or None: the case ends), what it
        expects to pay from here, and what following the tree would."""
        exact = self.whole
        expected, action = self.value(state, spent)
        follow = self.follow_value(state, spent)
        outcomes = []
        ends_at_once = 0.0
        if action is not None:
            _, _, _, w, _ = self.closed(state)
            for prob, nxt in self.outcomes(state, w, action):
                ends = self.closed(nxt)[0]
                outcomes.append((prob, {j: nxt[j] for j in action.attributes}, ends))
                ends_at_once += prob if ends else 0.0
        return Step(action, expected, follow, exact, ends_at_once, outcomes)

    # ---- words ------------------------------------------------------------------------------------

    def levels(self) -> int:
        return int(self.leaf_depth.max()) if len(self.leaf_depth) else 0

    def bin_text(self, j: int, code: int, translate: bool = True) -> str:
        attr = self.tree.schema.attributes[j]
        if attr.categories is not None:
            names = [attr.categories[c] for c in np.flatnonzero(self.cat_bin[j] == code)]
            return ", ".join(names[:3]) + (", …" if len(names) > 3 else "") if len(names) > 1 else names[0]
        cuts = self.cuts[j]

        if len(cuts) == 0:
            return (_ if translate else str)(N_("any value"))
        if code == 0:
            return f"≤ {format_number(cuts[0])}"
        if code == len(cuts):
            return f"> {format_number(cuts[-1])}"
        return f"{format_number(cuts[code - 1])} < … ≤ {format_number(cuts[code])}"

    def reason(self, step: Step, what: str = "case", translate: bool = True) -> str:
        """What the plan expects, in words: 'asking persons first ends the case at once for 1
        case in 3 (persons = 2); expected cost from here 25.4, following the tree 30.2'. `translate`:
        in the current language (shown), else English (kept in session files)."""
        tr = _ if translate else str  # tr(N_(...)): marked for the catalogue, translated when shown

        if step.action is None:
            return tr(N_("no further question can change the answer"))
        a = step.action
        ending = [answers for prob, answers, ends in step.outcomes if ends]
        asking = (tr(N_("asking {name} next")) if a.follows_tree else
                  tr(N_("asking {name} first"))).format(name=a.name)
        text = asking
        if step.ends_at_once > 0:
            share = step.ends_at_once
            ratio = _as_ratio(share, what, translate)
            shown = "; ".join(", ".join(f"{self.names[j]} = {self.bin_text(j, b, translate)}"
                                        for j, b in answers.items() if self.tested[j])
                              for answers in ending[:3])
            if shown:
                text = tr(N_("{asking} ends the case at once for {ratio} ({shown})")).format(
                    asking=asking, ratio=ratio, shown=shown + ("; …" if len(ending) > 3 else ""))
            else:
                text = tr(N_("{asking} ends the case at once for {ratio}")).format(asking=asking, ratio=ratio)
        how = tr(N_("planned")) if step.exact else tr(N_("planned {levels} levels ahead")).format(levels=self.levels())
        text = tr(N_("{text}; expected cost from here {expected} ({how}), following the tree {follow}")).format(
            text=text, expected=format_number(round(step.expected, 2)), how=how,
            follow=format_number(round(step.follow, 2)))
        return text


def _as_ratio(share: float, what: str = "case", translate: bool = True) -> str:
    """0.333 -> '1 case in 3'; 0.5 -> '1 case in 2'; 0.72 -> '72% of cases'."""
    tr = _ if translate else str
    what = tr(what)  # "case" is N_-marked below; a caller's own word stays as it is
    if share >= 0.999:
        return tr(N_("every {what}")).format(what=what)
    for d in range(2, 7):
        for n in range(1, d):
            if math.gcd(n, d) == 1 and abs(share - n / d) < 0.005:
                return (tr(N_("{n} {what} in {d}")) if n == 1 else
                        tr(N_("{n} {what}s in {d}"))).format(n=n, what=what, d=d)
    return tr(N_("{share} of {what}s")).format(share=format(share, ".0%"), what=what)


N_("case")  # the default `what` of Planner.reason and _as_ratio


def follow_costs(tree, costs: CostModel, cost_matrix: np.ndarray | None) -> np.ndarray:
    """Per node, the expected cost still to pay following the tree from it: the tests and waits
    the sequential strategy pays below it (every value obtainable, nothing known but its path;
    `engine.costs.node_costs`), until every leaf below carries one label, plus the
    misclassification cost of that label. A window's open leaves cost this."""
    k = tree.n_classes
    matrix = 1.0 - np.eye(k) if cost_matrix is None else np.asarray(cost_matrix, np.float64)
    below = tree.single_label_below()
    compiled = tree.compile()
    counts = compiled.counts
    totals = counts.sum(axis=1)
    dist = np.where(totals[:, None] > 0, counts / np.where(totals > 0, totals, 1)[:, None], 1.0 / k)
    # a node every leaf below answers alike (a leaf too): the misclassification cost of that answer
    label = np.where(below >= 0, below, compiled.label)
    columns = np.concatenate([matrix, matrix.max(axis=1)[:, None]], axis=1)  # the last: not a class
    pure = np.einsum("nk,kn->n", dist, columns[:, np.where((label >= 0) & (label < k), label, k)])
    # what the sequential strategy pays at each split
    bill = np.array([c.total if c is not None else 0.0 for c in node_costs(tree, costs)])
    out = pure.copy()
    weight = totals.tolist()
    for i in reversed(tree.reachable()):  # children before parents
        node = tree.nodes[i]
        if node.is_leaf or below[i] >= 0 or below[i] == PENDING:
            continue
        children = node.children
        total = sum(weight[c] for c in children)
        if total > 0:
            out[i] = bill[i] + sum(weight[c] * out[c] for c in children) / total
        else:
            out[i] = bill[i] + sum(out[c] for c in children) / len(children)
    return out


class Windows:
    """Planning on a tree too large to plan whole: a window below where the case stands (the
    first node, from the root, whose test is not yet answered), as deep as `WINDOW_LEAVES`
    leaves and `WINDOW_STATES` answer states allow (at least one level), planned exactly; its
    open leaves are valued by following the tree from them. The bounded look-ahead."""

    def __init__(self, tree, costs: CostModel, cost_matrix: np.ndarray | None):
        self.tree, self.costs, self.cost_matrix = tree, costs, cost_matrix
        self.horizon = follow_costs(tree, costs, cost_matrix)
        self._windows: dict[int, Planner] = {}

    def at(self, values: dict, unknown) -> "Planner":
        root = self._standing(values, unknown)
        hit = self._windows.get(root)
        if hit is not None:
            return hit
        depth = 1
        while True:
            ends, space, whole = self._size(root, depth + 1)
            if ends > WINDOW_LEAVES or space > WINDOW_STATES:
                break
            depth += 1
            if whole:
                break  # the whole subtree fits
        best = Planner(self.tree, self.costs, self.cost_matrix, root=root, max_depth=depth, horizon=self.horizon)
        if len(self._windows) > 256:
            self._windows.clear()
        self._windows[root] = best
        return best

    def _size(self, root: int, depth: int) -> tuple[int, int, bool]:
        """(leaves, a bound on the answer states, whether it holds the whole subtree) of the
        window `depth` levels below root."""
        tree = self.tree
        ends, inside, stack = 0, [], [(root, 0)]
        whole = True
        while stack:
            i, d = stack.pop()
            node = tree.nodes[i]
            if node.is_leaf or d >= depth:
                ends += 1
                whole = whole and node.is_leaf
                continue
            inside.append(i)
            stack.extend((c, d + 1) for c in node.children)
        space = 1
        for j in {tree.nodes[i].feature for i in inside}:
            bins = (len(tree.schema.attributes[j].categories) if is_category(tree, j)
                    else len(tree_cuts(tree, j, inside)) + 1)
            space *= bins + 1
        return ends, space, whole

    def _standing(self, values: dict, unknown) -> int:
        node_id = 0
        while True:
            node = self.tree.nodes[node_id]
            if node.is_leaf:
                return node_id
            j = node.feature
            v = values.get(j)
            if v is None or v is unknown:
                return node_id
            b = node.branch_of(float(v))
            if b < 0:
                return node_id
            node_id = node.children[b]


WINDOW_LEAVES = 24
WINDOW_STATES = 150
_PLANNERS: dict = {}


def planner_for(tree, costs: CostModel, cost_matrix: np.ndarray | None) -> "Planner | Windows":
    """One planner per tree, costs and cost matrix (its memo is what makes later steps cheap):
    the whole tree when its tables are small enough (MAX_PLAN_LEAVES leaves, MAX_TABLE bins
    over all of them), else `Windows`."""
    key = (id(tree), costs, None if cost_matrix is None else np.asarray(cost_matrix).tobytes())
    hit = _PLANNERS.get(key)
    if hit is not None and hit.tree is tree:
        return hit
    if len(_PLANNERS) > 16:
        _PLANNERS.clear()
    n_leaves = tree.n_leaves
    cuts = all_tree_cuts(tree)
    bins = sum(len(a.categories) if a.categories is not None else len(cuts.get(j, ())) + 1
               for j, a in enumerate(tree.schema.attributes))
    planner = None
    if n_leaves <= MAX_PLAN_LEAVES and n_leaves * bins <= MAX_TABLE:
        planner = Planner(tree, costs, cost_matrix)
        if planner._kernel_tables() is None and planner.space(tuple([UNASKED] * planner.p)) > STATE_LIMIT:
            planner = None
    if planner is None:
        planner = Windows(tree, costs, cost_matrix)
    _PLANNERS[key] = planner
    return planner


__all__ = ["Planner", "Windows", "Step", "Action", "plannable", "planner_for", "follow_costs", "STATE_LIMIT"]
