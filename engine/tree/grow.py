"""The one growth loop: every learner grows its tree here, with pluggable parts.

    tree = grow(data, splitter, choice=..., label_rule=..., stopping=..., progress=...)

The parts (each small, each replaceable):

- a **splitter** holds the training cases in its own form and knows three
  things: the root's cases (`root()`), the candidate splits of a node's cases
  (`candidates(cases)`), and how a chosen candidate divides them
  (`split(cases, candidate)` -> the split node and its children's cases). It
  also owns the missing-value policy of its splits (heavier side, fractional
  shares, or staying at the node). Splitters: `engine.tree.splitters`
  (presorted binary sweeps, multiway on categories or intervals, rows with
  weights routed by the split node itself — crisp, fractional or fuzzy) and
  the trichotomy's chained stage (engine.algorithms.trichotomy).
- a **choice** picks one candidate: `BestByKey` (the largest key, which may
  be a tuple; the first wins ties, a later one must beat the best by a
  margin) or any callable that sees every candidate at once (C4.5's "largest
  gain ratio among the gains at least average", the cost family's min-max
  normalisation). A splitter whose compiled sweep already applies
  `BestByKey("value")` (the presorted ones) returns just that candidate.
- a **label rule** (`majority_label`, `min_cost_label(cost)`, `median_label`):
  every node's label from its counts; a child with no weight takes its
  parent's; a splitter may fix a child's label (trichotomy: Lo, Hi, PENDING).
- **stopping rules** (`Stopping`): depth, cases, weight, purity, the share of
  the largest class (β0), the membership mass, and a split's value.

Nodes are expanded depth-first, the first child first; `keep_cases=True` also
returns each node's training cases (C4.5's pruning reads them). What the loop
decides at one node is `decide` (a stopping rule, the choice, a weak split).

A learner builds its parts once from (data, spec, params) as `GrowthParts`
(`AlgorithmInfo.parts`): its fit grows with them, and the ranked candidates of a
node (engine.candidates) come from the very same parts — the splitter's
candidates in the choice's order (`ranked`), the learner's own pick first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

import numpy as np

from ..i18n import N_, _
from ..progress import Progress
from .model import Leaf, Tree


# ---- label rules ---------------------------------------------------------------------


def majority_label(counts: np.ndarray) -> int:
    """The class with the most weight; ties go to the lower class index."""
    return int(counts.argmax())


def min_cost_label(cost: np.ndarray) -> Callable[[np.ndarray], int]:
    """argmin_j Σ_i counts_i · cost[i, j] (ties: lower index)."""

    def rule(counts: np.ndarray) -> int:
        return int(np.argmin(counts @ cost))

    return rule


def median_label(counts: np.ndarray) -> int:
    """The weighted median class: the first class whose cumulative weight reaches half."""
    total = counts.sum()
    if total <= 0:
        return 0
    return int(np.searchsorted(np.cumsum(counts), total / 2.0, side="left"))


# ---- what the parts exchange ----------------------------------------------------------


class Cases:
    """A node's training cases: what every part reads, plus the splitter's own handle.

    counts: weighted class distribution; size: number of cases (entries);
    depth: of the node (root 0); data: the splitter's form of the cases (a
    segment of presorted columns, rows with weights, memberships, ...)."""

    __slots__ = ("counts", "size", "depth", "data")

    def __init__(self, counts: np.ndarray, size: int, depth: int, data: Any = None):
        self.counts, self.size, self.depth, self.data = counts, size, depth, data

    @property
    def weight(self) -> float:
        return float(self.counts.sum())


class Candidate:
    """One possible split: `value` (the criterion, larger is better), any further `scores`
    a choice may read, the `attribute` (ties: lower first), and `detail`, what the
    splitter needs to carry it out."""

    __slots__ = ("value", "attribute", "scores", "detail")

    def __init__(self, value: float, attribute: int, detail: Any = None, scores: dict | None = None):
        self.value, self.attribute, self.detail, self.scores = value, attribute, detail, scores or {}

    def __getitem__(self, name: str):
        return self.value if name == "value" else self.scores[name]

    def __repr__(self) -> str:
        return f"Candidate(attribute={self.attribute}, value={self.value:.6g}, {self.scores})"


class Child:
    """One child of a split: its cases; its label when the splitter fixes it; `final`:
    a leaf by construction (never expanded)."""

    __slots__ = ("cases", "label", "final")

    def __init__(self, cases: Cases, label: int | None = None, final: bool = False):
        self.cases, self.label, self.final = cases, label, final


# ---- choices -----------------------------------------------------------------------------


class BestByKey:
    """The candidate with the largest key (a name of `Candidate` scores, or a function; a
    tuple compares element by element). Candidates are taken in order and a later one
    replaces the best only when its key exceeds the best's by more than `margin` (scalar
    keys), so ties go to the first (the lowest attribute)."""

    def __init__(self, key: str | Callable[[Candidate], Any] = "value", margin: float = 0.0):
        self.key = (lambda c, name=key: c[name]) if isinstance(key, str) else key
        self.margin = margin

    def __call__(self, candidates: list[Candidate], cases: Cases) -> Candidate | None:
        best, best_key = None, None
        for c in candidates:
            k = self.key(c)
            if best_key is None or (k > best_key + self.margin if self.margin else k > best_key):
                best, best_key = c, k
        return best

    def ranked(self, candidates: list[Candidate], cases: Cases) -> list[tuple[Candidate, dict]]:
        """Every candidate in this choice's order: its pick first, then the others by key,
        largest first (equal keys in the candidates' order); nothing to note on any."""
        pick = self(candidates, cases)
        rest = sorted((c for c in candidates if c is not pick), key=self.key, reverse=True)
        return [(c, {}) for c in ([pick] if pick is not None else []) + rest]


def first_candidate(candidates: list[Candidate], cases: Cases) -> Candidate | None:
    """For splitters whose compiled sweep already chose (BestByKey("value") inside)."""
    return candidates[0] if candidates else None


# ---- stopping -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stopping:
    """When a node becomes a leaf. Before a split: depth, cases, weight, purity, the largest
    class share, the membership mass; after the choice: the chosen split's value."""

    max_depth: int | None = None
    min_samples_split: int = 2  # fewest cases in a node that may be split
    min_samples_leaf: int = 1  # the splitter keeps this many cases on each side
    min_weight_split: float = 0.0  # fewest weight (C4.5: 2 M)
    min_impurity_decrease: float | None = 0.0  # weighted decrease / total weight, as scikit-learn (None: none)
    min_value: float | None = None  # a split whose value is below this is not made
    pure_tolerance: float | None = None  # None: pure when one class has weight; else max >= total - tol
    max_class_share: float | None = None  # β0: a leaf when the largest class holds this share or more
    min_mass: float = 0.0  # a leaf when the node's weight (membership mass) is below this

    def stops(self, cases: Cases) -> bool:
        counts = cases.counts
        if cases.size < self.min_samples_split or cases.size < 2 * self.min_samples_leaf:
            return True
        if self.max_depth is not None and cases.depth >= self.max_depth:
            return True
        if self.pure_tolerance is None:
            if np.count_nonzero(counts) <= 1:
                return True
        else:
            total = counts.sum()
            if total < self.min_weight_split or counts.max() >= total - self.pure_tolerance:
                return True
        if self.min_mass > 0.0 or self.max_class_share is not None:
            total = counts.sum()
            if total < self.min_mass:
                return True
            if self.max_class_share is not None and total > 0 and counts.max() / total >= self.max_class_share:
                return True
        return False

    def weak(self, candidate: Candidate, cases: Cases, root_weight: float) -> bool:
        if self.min_value is not None:
            return candidate.value < self.min_value
        if self.min_impurity_decrease is None:
            return False
        floor = self.min_impurity_decrease * root_weight
        if candidate.value >= floor:  # the usual case: no need to weigh the node
            return False
        return candidate.value + 1e-12 * cases.weight < floor


# ---- one node's decision, and the parts a learner grows with ------------------------------------


class Decision(NamedTuple):
    """What the growth loop decides at a node: `stops` (a stopping rule holds before any split
    is looked at), `pick` (the choice among the splitter's candidates; None: none offered, or
    the choice declines), `weak` (the pick's value is below the stopping rules' minimum)."""

    stops: bool
    pick: Candidate | None
    weak: bool

    @property
    def split(self) -> Candidate | None:
        """The candidate the node is split by; None: it stays a leaf."""
        return None if self.stops or self.weak else self.pick


def decide(splitter, choice: Callable, stopping: Stopping, cases: Cases, root_weight: float, *,
           offered: list[Candidate] | None = None) -> Decision:
    """The loop's decision at a node. `offered`: the splitter's candidates of the node, when the
    caller has them; the choice is then consulted even when a stopping rule holds (what the
    learner would pick if it went on: the ranked candidates)."""
    stops = stopping.stops(cases)
    if stops and offered is None:
        return Decision(True, None, False)
    pick = choice(splitter.candidates(cases) if offered is None else offered, cases)
    return Decision(stops, pick, pick is not None and stopping.weak(pick, cases, root_weight))


@dataclass
class GrowthParts:
    """The parts a learner grows with, built once from (data, spec, params) by its `parts`
    function (`AlgorithmInfo.parts`). Its fit grows with them and the ranked candidates of a
    node (engine.candidates) ask the same splitter and choice.

    `criterion`: the `Candidate` key holding the learner's criterion ("value", or a score's
    name such as C4.5's "ratio"); `criterion_name`: that criterion in the papers' terms
    ("gini_decrease", "gain_ratio", "rank_mutual_information"); `user_node(node) -> (node,
    branches)`: a split node of the splitter's data read in the user's values and, for each of
    its branches, the splitter's branch it is, when the splitter learns from a transformed
    copy (the ordinal family's turned attributes)."""

    splitter: Any
    choice: Callable = first_candidate
    label_rule: Callable[[np.ndarray], int] = majority_label
    stopping: Stopping = Stopping()
    message: str = N_("growing the tree")
    criterion: str = "value"
    criterion_name: str = "value"
    user_node: Callable | None = None

    def grow(self, progress=None, **options):
        """engine.tree.grow.grow with these parts (`options`: root_label, keep_cases)."""
        return grow(self.splitter, choice=self.choice, label_rule=self.label_rule, stopping=self.stopping,
                    progress=progress, message=self.message, **options)


# ---- the loop ---------------------------------------------------------------------------------


class _Reporter:
    """Throttled progress: Cancel checked at every call, a report at most every 50 ms."""

    def __init__(self, progress: Progress | None, total: float, message: str):
        self.progress, self.total, self.message = progress, total, _(message)
        self.last = -1.0

    def __call__(self, done: float) -> None:
        if self.progress is None:
            return
        self.progress.check()
        now = time.monotonic()
        if self.last < 0 or now - self.last >= 0.05:
            self.last = now
            self.progress.report(int(done), int(self.total), self.message)

    def finish(self) -> None:
        if self.progress is not None:
            self.progress.report(int(self.total), int(self.total), self.message)


def grow(splitter, *, choice: Callable = first_candidate, label_rule: Callable[[np.ndarray], int] = majority_label,
         stopping: Stopping = Stopping(), progress=None, message: str = N_("growing the tree"),
         root_label: int | None = None, keep_cases: bool = False):
    """Grow a tree with these parts (module docstring). Returns the tree, or (tree, {node id:
    cases}) with keep_cases. `splitter.tree()` makes the empty tree (schema and labels)."""
    tree: Tree = splitter.tree()
    root = splitter.root()
    label = root_label if root_label is not None else label_rule(root.counts)
    tree.add(Leaf(counts=root.counts, label=label))
    root_weight = float(root.counts.sum())
    report = _Reporter(progress, root.size, message)
    kept: dict[int, Cases] = {}
    settled = 0
    stack: list[tuple[int, Cases]] = [(0, root)]
    while stack:
        node_id, cases = stack.pop()
        if keep_cases:
            kept[node_id] = cases
        chosen = decide(splitter, choice, stopping, cases, root_weight).split
        made = splitter.split(cases, chosen) if chosen is not None else None
        if made is None:
            settled += cases.size
            report(settled)
            continue
        split, children = made
        node = tree.nodes[node_id]
        split.counts, split.label = node.counts, node.label
        ids = []
        for child in children:
            counts = child.cases.counts
            if child.label is not None:
                child_label = child.label
            else:
                child_label = label_rule(counts) if counts.sum() > 0 else node.label
            ids.append(tree.add(Leaf(counts=counts, label=child_label), node_id))
        split.children = ids
        tree.replace(node_id, split)
        for child_id, child in zip(reversed(ids), reversed(children)):
            if child.final:
                if keep_cases:
                    kept[child_id] = child.cases
                settled += child.cases.size
            else:
                stack.append((child_id, child.cases))
        report(settled)
    report.finish()
    return (tree, kept) if keep_cases else tree
