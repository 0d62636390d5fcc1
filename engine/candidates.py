"""Ranked candidates at a node (issue 37, "the expert's hand on the tree").

For any node of a crisp tree (CART, C4.5, ID3, DP, RS, FACMI, IE, RT, REMT, M1, M2, M3):
every attribute the learner could split the node's cases by, with the learner's own
criterion value (Gini decrease, gain ratio, γ, rank mutual information, F, ...), the cut
or grouping of each, the cases each branch would receive and, when the problem prices
its tests, TC(A | P) and WC(A | K) of asking A there — in the learner's order, the one
it chooses first.

    ranking = node_candidates(model, data, "root/1/0", top=5)   # the node, its decision, the list
    rank_candidates(model, data, "#7", top=5) -> list[RankedCandidate]

Nothing here scores a split. The learner's growth parts (`AlgorithmInfo.parts(data, spec,
params)`: the splitter, choice and stopping its fit grows with) are built on `data` (the
model's schema: engine.data.encode.encode_for_schema), and

1. the node's cases are the rows routed down its path (engine.tree.node_cases.cases_at)
   under the splitter's missing-value policy, held as the splitter holds a node's cases
   (`splitter.node_cases`; the root: `splitter.root()`);
2. the learner's decision there is the growth loop's (engine.tree.grow.decide): the split
   it makes, or why it leaves a leaf (a stopping rule; a split too weak);
3. the candidates are the splitter's (a presorted sweep offers only its winner:
   `every_candidate` asks the same sweep attribute by attribute), in the order of the
   choice (`choice.ranked`: C4.5's gains below the average, M3's F normalised over all the
   candidates, noted per candidate), the learner's own pick first;
4. each candidate's split node (`splitter.make_node`, in the user's values:
   `parts.user_node`), the cases each branch receives as the learner divides them
   (`splitter.branch_counts`: the sweep's side counts, or the splitter's own division), and
   engine.costs prices the attribute given the attributes the path tested (§4.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .algorithms import registry
from .algorithms.params import resolve_params
from .costs import CostModel
from .data.encode import EncodedData
from .edits import Edit, EditError
from .errors import ModelFileError, SpecError
from .i18n import N_, _
from .tree.describe import split_branch_labels
from .tree.grow import decide
from .tree.model import CategorySplit, ThresholdSplit
from .tree.node_cases import cases_at, file_id, find_node, node_path
from .workflows import has_test_costs

#: the learners' criteria as a person reads them (the JSON keeps the identifier)
CRITERION_WORDS = {
    "gini_decrease": N_("Gini decrease"), "entropy_decrease": N_("entropy decrease"),
    "gain_ratio": N_("gain ratio"), "information_gain": N_("information gain"), "gamma": N_("dependency γ"),
    "facmi": N_("FACMI"), "complementary_mutual_information": N_("complementary mutual information"),
    "ranking_impurity_decrease": N_("ranking impurity decrease"),
    "rank_mutual_information": N_("rank mutual information"), "f": N_("F (smaller is better)"),
    "total_cost_reduction": N_("total-cost reduction"),
}

#: the decision at the node: the learner splits it, or leaves a leaf (and why)
DECISIONS = {
    "split": N_("the learner splits this node by {attribute}"),
    "stops": N_("the learner leaves this node a leaf: a stopping rule holds (pure, too few cases, or the deepest "
                "level); the first candidate is the one it would choose"),
    "weak": N_("the learner leaves this node a leaf: its best split is below the learner's minimum; the first "
               "candidate is that split"),
    "declines": N_("the learner leaves this node a leaf: its choice takes none of the candidates"),
    "none": N_("no attribute separates this node's cases"),
}


@dataclass
class Branch:
    """One branch of a candidate split: its condition and the cases it would receive."""

    label: str  # "<= 2.5", "{low, med}" (engine.tree.describe)
    weight: float
    counts: dict[str, float]  # class -> weight

    def to_json(self) -> dict:
        return {"label": self.label, "weight": self.weight, "counts": dict(self.counts)}


@dataclass
class RankedCandidate:
    """One attribute the node could be split by, as the learner scores and would split it."""

    rank: int  # 1: the learner's choice (or, when it leaves a leaf, the one it would choose)
    attribute: str
    feature: int  # the attribute's index in the model's schema
    criterion: str  # the learner's criterion, in the papers' terms (CRITERION_WORDS)
    value: float  # its value for this split
    scores: dict[str, float] = field(default_factory=dict)  # the other numbers the choice reads
    notes: dict = field(default_factory=dict)  # why it ranks where it does (C4.5: below_average_gain)
    chosen: bool = False  # the learner splits the node by this candidate
    kind: str = "threshold"  # threshold | groups (values per branch) | intervals (a discretised attribute)
    threshold: float | None = None
    groups: list[list[str]] | None = None
    absent: list[str] = field(default_factory=list)  # values no branch takes (none at the node): the heavier's
    cuts: list[float] | None = None
    branches: list[Branch] = field(default_factory=list)
    stays: float = 0.0  # weight of the cases that stay at the node (the attribute missing)
    test_cost: float | None = None  # TC(A | P) at the node, when the problem prices tests
    waiting_cost: float | None = None  # WC(A | K)

    @property
    def split_text(self) -> str:
        """The cut or the groups, branch by branch ("<= 2.5 | > 2.5", "{low, med} | high")."""
        return " | ".join(b.label for b in self.branches)

    @property
    def branch_weights(self) -> list[float]:
        return [b.weight for b in self.branches]

    def as_edit(self, at: str) -> Edit:
        """The expert's edit that splits the node at `at` as this candidate does (engine.edits): at
        its cut, or by its groups of values (a value no branch takes goes with the heaviest, as the
        tree sends it). A split into a discretised attribute's intervals is not an edit."""
        if self.kind == "threshold":
            return Edit("split", at=at, attribute=self.attribute, threshold=self.threshold)
        if self.kind == "intervals":
            raise EditError(_('a split of "{attribute}" into its intervals is not an edit: split it at one of its '
                              "cuts ({cuts})").format(attribute=self.attribute,
                                                      cuts=", ".join(format(c, "g") for c in self.cuts)),
                            code="bad_split")
        groups = [list(g) for g in self.groups]
        if self.absent:
            groups[int(np.argmax(self.branch_weights))] += self.absent
        return Edit("split", at=at, attribute=self.attribute, groups=tuple(tuple(g) for g in groups))

    def to_json(self) -> dict:
        out = {"rank": self.rank, "attribute": self.attribute, "criterion": self.criterion, "value": self.value,
               "scores": dict(self.scores), "notes": dict(self.notes), "chosen": self.chosen, "kind": self.kind}
        if self.kind == "threshold":
            out["threshold"] = self.threshold
        elif self.kind == "groups":
            out["groups"] = [list(g) for g in self.groups]
            if self.absent:
                out["absent"] = list(self.absent)
        else:
            out["cuts"] = list(self.cuts)
        out["branches"] = [b.to_json() for b in self.branches]
        out["stays"] = self.stays
        if self.test_cost is not None:
            out["costs"] = {"test": self.test_cost, "waiting": self.waiting_cost}
        return out


@dataclass
class NodeCandidates:
    """A node, what the learner decides there, and its ranked candidates."""

    algorithm: str
    node: int  # the node's number in the model file
    path: str  # root/1/0
    tests: str | None  # the attribute the tree tests there (None: a leaf)
    weight: float  # of the node's cases
    counts: dict[str, float]
    criterion: str
    decision: str  # a key of DECISIONS
    offered: int  # candidates in all (before --top)
    candidates: list[RankedCandidate]

    @property
    def decision_text(self) -> str:
        chosen = next((c.attribute for c in self.candidates if c.chosen), "")
        return _(DECISIONS[self.decision]).format(attribute=chosen)

    def to_json(self) -> dict:
        return {"algorithm": self.algorithm,
                "node": {"id": self.node, "path": self.path, "tests": self.tests, "weight": self.weight,
                         "counts": dict(self.counts)},
                "criterion": self.criterion, "decision": self.decision, "offered": self.offered,
                "candidates": [c.to_json() for c in self.candidates]}


def rank_candidates(model, data: EncodedData, node: int | str, top: int | None = None) -> list[RankedCandidate]:
    """The ranked candidates of a node (`node_candidates`)."""
    return node_candidates(model, data, node, top).candidates


def node_candidates(model, data: EncodedData, node: int | str, top: int | None = None) -> NodeCandidates:
    """The node of `model` named by `node` (a path `root/1/0` or a file id `#7`: find_node; an int:
    the node's id in `model.tree`), its cases among `data`'s rows (encoded as the model's schema),
    what the learner decides there and its candidates, the first `top` (None: all)."""
    info = registry.known(model.algorithm)
    if info is None:
        raise ModelFileError(_('the model was trained by "{algorithm}", which this version does not have').format(
            algorithm=model.algorithm), code="unknown_algorithm")
    tree = model.tree
    kinds = {n.kind_name for n in tree.nodes}
    if info.parts is None or kinds & {"fuzzy", "trichotomy"}:
        crisp = ", ".join(a.name for a in registry.algorithms() if a.parts is not None)
        if "fuzzy" in kinds or info.family == "fuzzy":
            why = N_("{algorithm} grows fuzzy splits (a case goes down several branches at once); candidates are "
                     "ranked for crisp trees that test one attribute at a split ({crisp})")
        elif "trichotomy" in kinds:
            why = N_("{algorithm} grows splits that test several attributes at once (a discriminant score); "
                     "candidates are ranked for crisp trees that test one attribute at a split ({crisp})")
        else:
            why = N_("{algorithm} has no splitter of its own to rank a node's candidates with; candidates are ranked "
                     "by the learners that grow a tree split by split ({crisp})")
        raise SpecError(_(why).format(algorithm=model.algorithm, crisp=crisp), code="not_crisp")
    node_id = find_node(tree, node) if isinstance(node, str) else int(node)
    params = info.stage_params(resolve_params(info, model.params, model.spec), "fit")
    parts = info.parts(data, model.spec, params)
    splitter = parts.splitter
    path = tree.path_to(node_id)
    rows, weights = cases_at(tree, node_id, data.X, data.w, splitter.missing)
    tested = frozenset(j for i in path[:-1] for j in tree.nodes[i].attributes())
    cases = splitter.root() if len(path) == 1 else splitter.node_cases(rows, weights, len(path) - 1, tested)

    offered = splitter.candidates(cases) if cases.weight > 0 else []  # a node without cases offers nothing
    decision = decide(splitter, parts.choice, parts.stopping, cases, float(data.w.sum()), offered=offered)
    every = getattr(splitter, "every_candidate", None)
    if every is not None and offered:  # a compiled sweep that offers only its winner: asked attribute by attribute
        offered, choice = every(cases), splitter.sweep_choice
    else:
        choice = parts.choice
    ranked = _learner_first(choice.ranked(offered, cases), decision.pick) if offered else []
    shown = ranked[:top] if top is not None else ranked

    classes = list(tree.schema.classes)
    costs = None
    if has_test_costs(model.spec):
        prices = CostModel.from_spec(model.spec, tree.schema.names)
        costs = prices.attribute_costs(tested, prices.paid_by(tested))
    out = []
    for rank, (candidate, notes) in enumerate(shown, start=1):
        split = splitter.make_node(cases, candidate)
        sides = splitter.branch_counts(cases, candidate)
        if parts.user_node is not None:
            split, order = parts.user_node(split)
            sides = [sides[b] for b in order]
        out.append(_ranked(tree, parts, rank, candidate, notes, split, sides, cases.weight, classes, costs,
                           chosen=candidate is decision.split))
    here = tree.nodes[node_id]
    return NodeCandidates(
        algorithm=model.algorithm, node=file_id(tree, node_id), path=node_path(tree, node_id),
        tests=None if here.is_leaf else ", ".join(tree.attribute_name(j) for j in here.attributes()),
        weight=float(weights.sum()), counts=_class_weights(classes, data.y[rows], weights),
        criterion=parts.criterion_name, decision=_decision(decision, ranked), offered=len(ranked), candidates=out)


def _learner_first(ranked: list, pick) -> list:
    """The choice's order with the learner's own pick first (a presorted learner's pick is its
    full sweep's candidate, which takes the place of the same attribute's single sweep)."""
    if pick is None:
        return ranked
    at = next((k for k, (c, _) in enumerate(ranked) if c.attribute == pick.attribute), None)
    if at is None:
        return [(pick, {})] + ranked
    return [(pick, ranked[at][1])] + ranked[:at] + ranked[at + 1:]


def _decision(decision, ranked) -> str:
    if decision.split is not None:
        return "split"
    if not ranked:
        return "none"
    if decision.stops:
        return "stops"
    return "weak" if decision.weak else "declines"


def _class_weights(classes: list[str], y: np.ndarray, weights: np.ndarray) -> dict[str, float]:
    counts = np.bincount(y, weights=weights, minlength=len(classes))
    return {c: float(counts[k]) for k, c in enumerate(classes)}


def _ranked(tree, parts, rank, candidate, notes, split, sides, weight, classes, costs, *,
            chosen: bool) -> RankedCandidate:
    """One candidate as it reads: its scores, its split in the user's values and the class
    weights each branch receives (`sides`, in the split's branch order)."""
    j = candidate.attribute
    attr = tree.schema.attributes[j]
    scores = {k: float(v) for k, v in candidate.scores.items() if k != parts.criterion}
    branches = [Branch(label, float(np.sum(counts)), {c: float(counts[k]) for k, c in enumerate(classes)})
                for label, counts in zip(split_branch_labels(tree, split), sides)]
    stays = weight - sum(b.weight for b in branches)
    out = RankedCandidate(rank=rank, attribute=attr.name, feature=j, criterion=parts.criterion_name,
                          value=float(candidate[parts.criterion]), scores=scores, notes=dict(notes), chosen=chosen,
                          branches=branches, stays=stays if stays > 1e-9 * max(1.0, weight) else 0.0)
    if isinstance(split, ThresholdSplit):
        out.threshold = float(split.threshold)
    elif isinstance(split, CategorySplit) and split.cuts is not None:
        out.kind, out.cuts = "intervals", [float(c) for c in split.cuts]
    else:
        out.kind = "groups"
        out.groups = [[attr.categories[c] for c in split.allowed(pos)] for pos in range(len(split.children))]
        taken = {c for pos in range(len(split.children)) for c in split.allowed(pos)}
        out.absent = [name for c, name in enumerate(attr.categories) if c not in taken]
    if costs is not None:
        out.test_cost, out.waiting_cost = float(costs[0][j]), float(costs[1][j])
    return out
