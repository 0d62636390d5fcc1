"""A consultation: one case, the most useful question next (ALGORITHMS.md §4.1, §4.5).

Works on any tree of the shared model through a weighted frontier: the nodes a
case has reached with what is known so far, with their weights (one node for
crisp trees; several below fuzzy splits, each weighted by its firing strength:
the tree's t-norm of the memberships along its path). At every step:

- the tentative answer is the tree's own answer over the frontier
  (`engine.tree.aggregate`): a crisp tree's node label; for a fuzzy tree the
  label with the largest sum of firing strengths (HFDT, `label_sum`), the
  largest firing strength (Min-Ambiguity, `label_max`), or the best label of
  the weighted class distribution (fuzzy ID3, each class counting for its label
  at the learned level); a frontier node not yet past its test answers with its
  own label. The answer can be a coarse hierarchy label ("WG"), and every
  label's score is reported;
- the candidates are the attributes tested at frontier nodes, every batch
  group holding one of them, and, for a trichotomy stage, its unknown
  attributes together;
- utility = (E_now - E_after) / (TC + WC), E = expected misclassification cost
  over the class distributions (1 - max p without a matrix; the frontier's
  weights normalised), E_after from the children's shares of their parent's
  training weight; ties and zero utilities go to the cheaper test; a test whose
  prerequisite is unknown carries the prerequisite's costs too; a batch costs
  its common cost once plus each member's test cost less it, and waits as long
  as its slowest member; the budget caps TC + WC (the arithmetic is
  `engine/costs.py`'s `CostModel`).
- the consultation ends when every frontier node is a leaf, the budget allows
  no further test, or no answer could change the decision: for a crisp tree,
  every leaf below the frontier carries the tentative label (E* = E_now); for a
  fuzzy tree, every frontier node is settled on the tentative answer (every
  leaf below it votes for that label, or it is stuck on an unknown answer and
  votes for it itself).

"Unknown" answers stop the case at that node (the internal-node strategy), so
a case whose every answer is given ends where `predict` ends it, with its label.
The outcome's reasons are the frontier nodes carrying the answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from .costs import Cost, CostModel, Group
from .data.table import format_number
from .errors import OptionError
from .i18n import N_, _
from .plan import Planner, Step, Windows, plannable, planner_for
from .plan_frontier import frontier_plannable, frontier_planner_for, settled_given
from .tree.aggregate import Aggregate, aggregate, node_vote, path_weight, settled_below
from .tree.model import MIXED, PENDING, Tree
from .trust.intervals import leaf_trust
from .trust.novelty import node_flags, unknown_words

UNKNOWN = object()

#: an accepted answer outside the training range: English in the history and the session file,
#: translated where shown (check_value's `translate`)
OUTSIDE_RANGE = N_("{name} = {value} is outside the range seen in training ({low} to {high})")
PLANNING = ("utility", "planned", "frontier")
MAX_REASONS = 6  # a planned outcome's reasons: the strongest places the case may end


def _category_code(categories: list[str], value) -> int | None:
    """The category an answer names: its exact text; else, for a number or number-like text,
    the category with the same numeric value ("4.0" -> "4"); else a unique match ignoring case
    (JSON true -> "TRUE")."""
    if isinstance(value, bool):
        value = "TRUE" if value else "FALSE"
    text = str(value).strip()
    if text in categories:
        return categories.index(text)
    try:
        number = float(text)
    except (ValueError, OverflowError):
        number = None
    if number is not None and number == number:
        for k, cat in enumerate(categories):
            try:
                if float(cat) == number:
                    return k
            except ValueError:
                continue
    folded = [k for k, cat in enumerate(categories) if cat.casefold() == text.casefold()]
    return folded[0] if len(folded) == 1 else None


@dataclass
class Candidate:
    name: str  # an attribute, or a batch group's name
    attributes: list[int]  # schema indices asked together (prerequisites first)
    test_cost: float
    waiting_cost: float
    gain: float  # E_now - E_after (planned: how much the plan through it lowers the expected cost, its price aside)
    utility: float
    expected: float | None = None  # planned: the expected cost still to pay asking it (its price included)
    reason: str = ""  # planned: what the plan expects of it, in words (the current language)
    reason_en: str = ""  # the same in English: what a session file keeps, whatever the language
    ends_at_once: float | None = None  # planned: P(the case ends right after it)

    @property
    def cost(self) -> float:
        return self.test_cost + self.waiting_cost


@dataclass
class Outcome:
    label: int  # index into tree.labels (a class or a coarser hierarchy label), or PENDING
    distribution: np.ndarray  # the class distribution reached
    nodes: list[int]  # the reasons: the frontier nodes carrying the answer, strongest first (crisp: the one node)
    missing: list[str]  # attributes answered "unknown" (or never affordable) that stopped it
    test_cost: float
    waiting_cost: float
    common_cost_saved: float
    unsettled: list[str] = field(default_factory=list)  # PENDING: the attributes whose values could not settle it
    frontier: list[tuple[int, float]] = field(default_factory=list)  # every (node, weight) where it ended
    scores: list[tuple[str, float]] = field(default_factory=list)  # (label, score) the answer was chosen by, best first
    # the leaves among `nodes` flagged "few cases" (engine.trust.intervals: too few training cases, or
    # too wide an interval for their confidence under the problem's trust settings), with why
    few_cases: list = field(default_factory=list)


@dataclass
class Consultation:
    tree: Tree
    spec: object  # ProblemSpec: costs, batch groups, budget, cost matrix
    values: dict[int, object] = field(default_factory=dict)  # attribute -> value (float code) or UNKNOWN
    test_cost: float = 0.0
    waiting_cost: float = 0.0
    saved: float = 0.0
    paid_groups: set = field(default_factory=set)
    history: list = field(default_factory=list)
    # §4.5's option: also stop when E_now - E* is below the cheapest remaining test's cost
    # (planned: when stopping now costs no more than the plan expects to pay)
    stop_when_not_worth: bool = False
    # "utility": ask among the frontier's tests by ΔE/(TC + WC) (§4.1); "planned": any attribute a
    # still-possible leaf tests, in the order of least expected cost (engine.plan, issue 23) —
    # crisp one-attribute trees; fuzzy trees and trichotomy stages by engine.plan_frontier (the
    # utility consultation's end rule, the plan's questions); any other tree consults by utility
    planning: str = "utility"

    def __post_init__(self):
        # a fuzzy tree answers by its aggregation over the frontier (engine.tree.aggregate)
        self.fuzzy = self.tree.compile().has_fuzzy
        # once per tree: the end rule reads it at every step
        settled_below(self.tree) if self.fuzzy else self.tree.single_label_below()
        schema = self.tree.schema
        self.names = schema.names
        self.index = {n: j for j, n in enumerate(self.names)}
        mc = self.spec.misclassification_costs if self.spec is not None else None
        self.cost_matrix = mc.as_array(schema.classes) if mc is not None else None
        self.costs = CostModel.from_spec(self.spec, self.names)
        self.groups = list(self.costs.groups)  # (name, members, common_cost) of each batch group
        if self.planning not in PLANNING:
            raise OptionError(_("planning must be one of {choices}, not {value}").format(
                choices=", ".join(PLANNING), value=repr(self.planning)),
                              code="bad_option")
        # fuzzy trees and trichotomy stages plan through the frontier (engine.plan_frontier); any
        # other tree the crisp planner cannot read consults by the frontier's utility order
        # "planned" plans a trichotomy's stages (measured no dearer than the utility order) but
        # consults a fuzzy tree by utility: on the glass HFDT the frontier plan paid more (101.92
        # against 101.10 over 40 cases) and took 40x longer. "frontier" plans a fuzzy tree too.
        self._frontier_plan = False
        if self.planning == "planned" and self.fuzzy:
            self.planning = "utility"
        if self.planning == "frontier" and not self.fuzzy and plannable(self.tree):
            self.planning = "planned"
        if self.planning in ("planned", "frontier") and (self.fuzzy or not plannable(self.tree)):
            if frontier_plannable(self.tree):
                self._frontier_plan = True
                self.planning = "planned"
            else:
                self.planning = "utility"

    # ---- the plan (engine/plan.py) ----------------------------------------------------------

    @property
    def planned(self) -> bool:
        """Planned by the crisp planner (engine.plan); a fuzzy or trichotomy tree's planned
        consultation keeps the utility consultation's frontier and end rule and plans only its
        questions (`_frontier_candidates`)."""
        return self.planning == "planned" and not self._frontier_plan

    def _frontier_candidates(self) -> list[Candidate]:
        """A fuzzy or trichotomy tree's planned questions (engine.plan_frontier), best first; the
        utility order's when the plan weighs none."""
        utility = self._rank()
        plans = frontier_planner_for(self.tree, self.costs, self.cost_matrix)
        spent = self.test_cost + self.waiting_cost
        questions = plans.plan(self.values, UNKNOWN, spent, utility[0].name if utility else None)
        if not questions:
            return utility
        now = self.e_now()
        best = questions[0]
        how_en = N_("planned") if plans.exact else N_("planned a few questions ahead")
        out = []
        for q in questions:
            gain = now - (q.expected - q.cost)
            gain = gain if gain > 1e-9 * max(1.0, now) else 0.0
            utility_q = gain / q.cost if q.cost > 0 else (np.inf if gain > 0 else 0.0)
            if q is best:
                text = N_("asking {name} first; expected cost from here {expected} ({how})")
                numbers = dict(name=q.name, expected=format_number(round(q.expected, 2)))
                reason, reason_en = (_(text).format(how=_(how_en), **numbers),
                                     text.format(how=how_en, **numbers))
            else:
                text = N_("expected cost from here asking it {cost}, against {expected} for the plan's question")
                numbers = dict(cost=format(q.expected, ".4g"), expected=format(best.expected, ".4g"))
                reason, reason_en = _(text).format(**numbers), text.format(**numbers)
            out.append(Candidate(q.name, list(q.attributes), q.test_cost, q.waiting_cost, gain, utility_q,
                                 expected=q.expected, reason=reason, reason_en=reason_en,
                                 ends_at_once=q.ends_at_once))
        return out

    @property
    def planner(self) -> Planner:
        """The plan tables of this tree under these costs (shared by consultations on it): the
        whole tree's, or on a large tree the window below where the case stands."""
        key = (id(self.costs), id(self.cost_matrix))
        if getattr(self, "_plans", (None, None))[0] != key:  # once per consultation (and costs set)
            self._plans = (key, planner_for(self.tree, self.costs, self.cost_matrix))
        plans = self._plans[1]
        return plans.at(self.values, UNKNOWN) if isinstance(plans, Windows) else plans

    def plan_state(self) -> tuple:
        return self.planner.state_of(self.values, UNKNOWN)

    def plan_step(self) -> Step:
        """The plan's advice now (planned consultations)."""
        if getattr(self, "_step", None) is None:
            self._step = self.planner.step(self.plan_state(), self.test_cost + self.waiting_cost)
        return self._step

    def _planned_candidates(self) -> list[Candidate]:
        planner = self.planner
        state = self.plan_state()
        spent = self.test_cost + self.waiting_cost
        step = self.plan_step()
        mc_now = planner.closed(state)[2]
        out = []
        for a, q in planner.ranked(state, spent):
            gain = mc_now - (q - a.cost)
            gain = gain if gain > 1e-9 * max(1.0, mc_now) else 0.0
            utility = gain / a.cost if a.cost > 0 else (np.inf if gain > 0 else 0.0)
            first = step.action is not None and a.name == step.action.name
            other = N_("expected cost from here asking it {cost}, against {expected} for the plan's question")
            numbers = dict(cost=format(q, ".4g"), expected=format(step.expected, ".4g"))
            reason = planner.reason(step) if first else _(other).format(**numbers)
            reason_en = planner.reason(step, translate=False) if first else other.format(**numbers)
            out.append(Candidate(a.name, list(a.attributes), a.test_cost, a.waiting_cost, gain, utility,
                                 expected=q, reason=reason, reason_en=reason_en,
                                 ends_at_once=planner.ends_share(state, a)))
        return out

    # ---- costs (§4.1, engine/costs.py) ----------------------------------------------

    def _single_costs(self, j: int) -> tuple[float, float]:
        """(TC, WC) of j alone now, its prerequisites known (the latency benchmark reads it)."""
        return self.costs.test_cost(j, self.paid_groups), self.costs.own_waiting_cost(j)

    def _with_prerequisites(self, attributes: list[int]) -> list[int]:
        """The attributes to obtain, each unknown prerequisite before its test."""
        return self.costs.to_obtain(attributes, self.values)

    def _prerequisite_unknown(self, j: int) -> bool:
        """Some prerequisite of j (directly or through a chain) was answered unknown."""
        return self.costs.prerequisite_unknown(j, self._unknown())

    def _unknown(self) -> set[int]:
        return {j for j, v in self.values.items() if v is UNKNOWN}

    def costs_of(self, attributes: list[int], group: Group | None = None, *, expand: bool = True) -> Cost:
        """(test cost, waiting cost) of obtaining these attributes now (with their unknown
        prerequisites unless `expand` is False), through the batch `group` if given."""
        if group is not None:
            return self.costs.batch_cost(group, attributes, self.values, self.paid_groups, expand=expand)
        return self.costs.cost(attributes, self.values, self.paid_groups, expand=expand)

    # ---- the frontier ---------------------------------------------------------

    def frontier(self) -> list[tuple[int, float]]:
        """(node, weight) pairs the case has reached; computed once per state of the answers.
        Planned: where the case stands following the tree with what is known, and once the
        consultation is over the nodes its answer comes from."""
        if getattr(self, "_front", None) is None:
            self._front = self._walk()
            if self.planned and self.finished():
                out = self.outcome()
                weight = dict(out.frontier)
                self._front = [(n, weight[n]) for n in out.nodes]
        return self._front

    def _walk(self) -> list[tuple[int, float]]:
        out: list[tuple[int, float]] = []
        stack = [(0, 1.0)]
        x = self._case()
        while stack:
            node_id, w = stack.pop()
            node = self.tree.nodes[node_id]
            if node.is_leaf:
                out.append((node_id, w))
                continue
            shares = self._route(node, x)
            if shares is None:
                out.append((node_id, w))
                continue
            for child, share in zip(node.children, shares):
                weight = path_weight(self.tree.tnorm, w, share) if share > 0 else 0.0
                if weight > 0:
                    stack.append((child, float(weight)))
        return out

    def _case(self) -> np.ndarray:
        """The case as the tree reads it: known values, NaN for unknown or not yet asked."""
        x = np.full(len(self.names), np.nan)
        for j, v in self.values.items():
            if v is not UNKNOWN:
                x[j] = v
        return x

    def _route(self, node, x: np.ndarray | None = None) -> np.ndarray | None:
        """Each child's share for this case, or None when the node needs an answer."""
        return node.route(self._case() if x is None else x)

    # ---- expected costs -----------------------------------------------------------

    def _dist(self, node_id: int) -> np.ndarray:
        counts = self.tree.nodes[node_id].counts
        total = counts.sum()
        return counts / total if total > 0 else np.full(len(counts), 1.0 / len(counts))

    def expected_cost(self, p: np.ndarray) -> float:
        if self.cost_matrix is None:
            return float(1.0 - p.max())
        return float((p @ self.cost_matrix).min())

    def decide(self, p: np.ndarray) -> int:
        if self.cost_matrix is None:
            return int(np.argmax(p))
        return int(np.argmin(p @ self.cost_matrix))

    def distribution(self) -> np.ndarray:
        """The class distribution reached: the frontier's, weighted (a fuzzy tree's as its
        aggregation computes it, an empty node counting with its nearest weighted ancestor's)."""
        if self.fuzzy:
            return self.tentative().distribution
        front = self.frontier()
        total = sum(w for _, w in front)
        return sum(w * self._dist(n) for n, w in front) / total

    def _mass(self) -> float:
        """The frontier's total weight (1 for a crisp tree and the product t-norm; the expected
        costs are over the weights normalised, which the minimum t-norm needs)."""
        return sum(w for _, w in self.frontier())

    def tentative(self) -> Aggregate:
        """The tentative answer: the tree's aggregation over the frontier (engine.tree.aggregate),
        with every label's score; computed once per state of the answers."""
        if getattr(self, "_answer", None) is None:
            self._answer = aggregate(self.tree, self.frontier())
        return self._answer

    def e_now(self) -> float:
        return sum(w * self.expected_cost(self._dist(n)) for n, w in self.frontier()) / self._mass()

    def _e_after(self, attributes: set[int]) -> float:
        """Expected cost once these attributes are known, each frontier node that tests
        them replaced by its children in proportion to their training weight."""
        total = 0.0
        for node_id, w in self.frontier():
            node = self.tree.nodes[node_id]
            if node.is_leaf or not set(node.attributes()) <= (attributes | self._known()):
                total += w * self.expected_cost(self._dist(node_id))
                continue
            weights = np.array([self.tree.nodes[c].weight for c in node.children])
            if weights.sum() <= 0:
                total += w * self.expected_cost(self._dist(node_id))
                continue
            shares = weights / weights.sum()
            total += w * sum(s * self.expected_cost(self._dist(c)) for c, s in zip(node.children, shares))
        return total / self._mass()

    def _known(self) -> set[int]:
        return {j for j, v in self.values.items() if v is not UNKNOWN}

    # ---- questions ------------------------------------------------------------------

    def candidates(self) -> list[Candidate]:
        """Every test worth asking now, best first (utility, then cheaper, then name; planned:
        the plan's question, then the others by the expected cost of asking them)."""
        if getattr(self, "_cands", None) is None:
            self._cands = self._planned_candidates() if self.planned else \
                self._frontier_candidates() if self._frontier_plan else self._rank()
        return self._cands

    def _rank(self) -> list[Candidate]:
        front = [n for n, _ in self.frontier() if not self.tree.nodes[n].is_leaf]
        wanted: list[list[int]] = []
        for n in front:
            node = self.tree.nodes[n]
            need = [j for j in node.attributes() if j not in self.values]
            if not need or any(self.values.get(j) is UNKNOWN for j in node.attributes()):
                continue
            if any(self._prerequisite_unknown(j) for j in need):
                continue  # a test whose prerequisite cannot be obtained cannot be done (§4.1)
            if node.asks_together and len(need) > 1:
                wanted.append(need)  # a stage needs all of its attributes
            else:
                wanted.extend([j] for j in need)
        now = self.e_now()
        spent = self.test_cost + self.waiting_cost
        out: dict[str, Candidate] = {}

        def consider(name, attributes, group=None):
            tc, wc = self.costs_of(attributes, group)
            if not self.costs.affordable(tc + wc, spent):
                return
            gain = now - self._e_after(set(self._with_prerequisites(attributes)))
            gain = gain if gain > 1e-9 * max(1.0, now) else 0.0  # rounding noise is no gain
            cost = tc + wc
            utility = gain / cost if cost > 0 else (np.inf if gain > 0 else 0.0)
            out[name] = Candidate(name, self._with_prerequisites(attributes), tc, wc, gain, utility)

        for attributes in wanted:
            consider(" + ".join(self.names[j] for j in attributes), attributes)
            for group in self.groups:
                if set(attributes) & set(group.members):
                    members = [j for j in group.members if j not in self.values]
                    consider(group.name, members, group)
        return sorted(out.values(), key=lambda c: (-c.utility, c.cost, c.name))

    def finished(self) -> bool:
        if self.planned:
            done, _, mc_now, _, _ = self.planner.closed(self.plan_state())
            if done or not self.candidates():
                return True
            return self.stop_when_not_worth and mc_now <= self.plan_step().expected + 1e-9
        front = self.frontier()
        if all(self.tree.nodes[n].is_leaf for n, _ in front):
            return True
        if not self.candidates():
            return True  # nothing left to ask, or nothing affordable
        if self.settled():
            return True
        if self.stop_when_not_worth:
            cheapest = min(c.cost for c in self.candidates())
            return self.e_now() - self.e_star() < cheapest
        return False

    def settled(self) -> bool:
        """No answer could change the decision. Crisp: every leaf below the frontier carries the
        tentative label. Fuzzy: every frontier node votes for the tentative answer however it
        goes on (engine.tree.aggregate.settled_below), a node stuck on an unknown answer with
        its own vote."""
        if self.planned:  # every still-possible leaf ends with one label
            return self.planner.closed(self.plan_state())[0]
        if not self.fuzzy:
            # a crisp tree labelled over a class hierarchy answers with its nodes' own labels
            label = self.tentative().label if self.tree.aggregate != "distribution" else \
                self.decide(self.distribution())
            below = self.tree.single_label_below()
            return all(below[n] == label and below[n] != MIXED for n, _ in self.frontier())
        label = self.tentative().label
        below = settled_below(self.tree)
        x, unknown = self._case(), self._unknown()
        for n, _weight in self.frontier():
            # planned: settled given the answers so far (a deeper answer may settle the case)
            vote = node_vote(self.tree, n) if self.stuck(n) else \
                settled_given(self.tree, n, x, unknown) if self._frontier_plan else below[n]
            if vote == MIXED or vote != label:
                return False
        return True

    def stuck(self, node_id: int) -> bool:
        """A frontier node no answer can move on: one of its attributes, or a prerequisite of one,
        was answered unknown (a leaf is stuck too)."""
        node = self.tree.nodes[node_id]
        if node.is_leaf:
            return True
        if any(self.values.get(j) is UNKNOWN for j in node.attributes()):
            return True
        return any(self._prerequisite_unknown(j) for j in node.attributes() if j not in self.values)

    def e_star(self) -> float:
        """E*: the expected misclassification cost if everything below the frontier were
        known, Σ over frontier nodes of their weight times Σ_leaves p(leaf | node)·E(leaf)."""
        if getattr(self, "_estar", None) is None:
            estar = np.zeros(len(self.tree.nodes))
            for i in reversed(self.tree.reachable()):  # children before parents
                node = self.tree.nodes[i]
                if node.is_leaf:
                    estar[i] = self.expected_cost(self._dist(i))
                    continue
                weights = np.array([self.tree.nodes[c].weight for c in node.children])
                if weights.sum() <= 0:
                    estar[i] = self.expected_cost(self._dist(i))
                else:
                    estar[i] = float(weights @ estar[node.children]) / weights.sum()
            self._estar = estar
        return float(sum(w * self._estar[n] for n, w in self.frontier())) / self._mass()

    # ---- answers ----------------------------------------------------------------------

    def encode_value(self, j: int, value, *, outside_ok: bool = False):
        """A user's answer as the model codes it; None/"?" is unknown.

        Checked: a category must be one seen in training; a number must be a
        finite number, and one inside the range seen in training unless
        `outside_ok` (the tree was never shown such a case: the user confirms).
        """
        code, _warning = self.check_value(j, value, outside_ok=outside_ok)
        return code

    def check_value(self, j: int, value, *, outside_ok: bool = False, translate: bool = False):
        """(code, warning or None) for an answer; OptionError with a clear message if it cannot be used.
        The warning (a value outside the training range, accepted) is English, as the history and the
        session file keep it; `translate`: in the current language, as the window and the CLI show it."""
        if value is None or (isinstance(value, str) and value.strip() in ("", "?")):
            return UNKNOWN, None
        attr = self.tree.schema.attributes[j]
        if attr.categories is not None:
            code = _category_code(attr.categories, value)
            if code is None:
                shown = ", ".join(attr.categories[:12]) + (", ..." if len(attr.categories) > 12 else "")
                raise OptionError(_('"{value}" is not a value of {name} seen in training ({shown})').format(
                    value=value, name=attr.name, shown=shown),
                                  code="bad_answer")
            return float(code), None
        if isinstance(value, str) and re.fullmatch(r"\s*[-+]?\d{1,3},\d{3}\s*", value):
            raise OptionError(_('{name} = "{value}" is ambiguous (a thousands separator or a decimal '
                                "comma?): write it without the comma, or with a decimal point").format(
                name=attr.name, value=value.strip()), code="bad_answer")
        try:
            if isinstance(value, bool):
                raise TypeError
            number = float(str(value).strip().replace(",", ".")) if isinstance(value, str) else float(value)
        except (TypeError, ValueError, OverflowError):
            raise OptionError(_('{name} needs a number, not "{value}"').format(name=attr.name, value=value),
                              code="bad_answer") from None
        if not np.isfinite(number):
            raise OptionError(_("{name} needs a finite number, not {value}").format(name=attr.name, value=value),
                              code="bad_answer")
        if attr.low is not None and not attr.low <= number <= attr.high:
            fields = dict(name=attr.name, value=format_number(number), low=format_number(attr.low),
                          high=format_number(attr.high))
            if not outside_ok:
                shown = _(OUTSIDE_RANGE).format(**fields)
                raise OptionError(_("{problem}; check it, or confirm to use it anyway").format(problem=shown),
                                  code="out_of_range")
            return number, (_ if translate else str)(OUTSIDE_RANGE).format(**fields)
        return number, None

    def answers_from_row(self, candidate: Candidate, x: np.ndarray, obtainable: np.ndarray | None = None) -> dict:
        """The answers a case (x: the model's codes, NaN where not known) gives to `candidate`:
        its attributes not yet answered, each as the user would write it (a category's text, a
        number); None ("unknown") where the value is missing or not `obtainable`."""
        out = {}
        for j in candidate.attributes:
            if j in self.values:
                continue
            attr = self.tree.schema.attributes[j]
            v = x[j]
            if v != v or (obtainable is not None and not obtainable[j]):
                out[attr.name] = None
            elif attr.categories is not None:
                out[attr.name] = attr.categories[int(v)]
            else:
                out[attr.name] = float(v)
        return out

    def answer(self, answers: dict[str, object], candidate: Candidate | None = None, *,
               outside_ok: bool = False) -> None:
        """Record answers (attribute name -> value or None for unknown) and pay for them.

        Nothing is recorded when any answer is refused (see `check_value`)."""
        codes, warnings, shown = {}, [], []
        for name, value in answers.items():
            if name not in self.index:
                raise OptionError(_('"{name}" is not an attribute of the model').format(name=name), code="bad_answer")
            j = self.index[name]
            if j in self.values:
                raise OptionError(_("{name} is already answered (undo to change it)").format(name=name),
                                  code="bad_answer")
            codes[j], warning = self.check_value(j, value, outside_ok=outside_ok)
            if warning:
                warnings.append(warning)  # English, for the files
                shown.append(self.check_value(j, value, outside_ok=True, translate=True)[1])
        # a value that cannot be obtained ("unknown", §4.4) costs nothing
        obtained = [j for j, code in codes.items() if code is not UNKNOWN]
        group = self.costs.group(candidate.name) if candidate is not None else None
        tc, wc = self.costs_of(obtained, group, expand=False) if obtained else (0.0, 0.0)
        paid, saved = self.costs.settle(obtained, self.paid_groups, group)
        self.paid_groups = set(paid)
        self.saved += saved
        self.test_cost += tc
        self.waiting_cost += wc
        self.values.update(codes)
        self._front = self._cands = self._answer = self._step = None
        novelty, novelty_shown = self._novelty(codes, set(warnings))
        self.history.append({"answers": dict(answers), "test_cost": tc, "waiting_cost": wc, "warnings": warnings,
                             "warnings_shown": shown, "novelty": novelty, "novelty_shown": novelty_shown})

    def _novelty(self, codes: dict, warned: set) -> tuple[list[str], list[str]]:
        """What these answers tell of the case against what the model has seen (engine.trust.novelty),
        in English (the session file) and in the current language: each answered value outside what
        the training cases where the case now stands showed (said once), a combination or an empty
        node at a leaf reached, and where an "unknown" answer sent the case (`warned`: the answers'
        warnings already given, not said twice)."""
        tree = self.tree
        said = getattr(self, "_said", None)
        if said is None:
            said = self._said = set()
        english, shown = [], []
        front = self.frontier()
        if tree.seen is not None:
            trust = getattr(self.spec, "trust", None)
            x = self._case()[None, :]
            for n, _w in front:
                for flag in node_flags(tree, tree.seen, n, x, trust,
                                       attributes=None if tree.nodes[n].is_leaf else sorted(self._known()))[0]:
                    if (flag.kind, flag.attribute) not in said and flag.why_en not in warned:
                        said.add((flag.kind, flag.attribute))
                        english.append(flag.why_en)
                        shown.append(flag.why)
        for j, code in codes.items():
            if code is not UNKNOWN:
                continue
            for n, _w in front:
                if j in tree.nodes[n].attributes() and not tree.nodes[n].is_leaf:
                    english.append(unknown_words(tree, n, j, "stop", translate=False))
                    shown.append(unknown_words(tree, n, j, "stop", translate=True))
        return english, shown

    def novelty_notes(self, translate: bool = True) -> list[str]:
        """Every answer's notes so far (`_novelty`), in order."""
        key = "novelty_shown" if translate else "novelty"
        return [note for step in self.history for note in step.get(key, [])]

    def outcome(self) -> Outcome:
        if self.planned:
            return self._planned_outcome()
        front = self.frontier()
        p = self.distribution()
        answer = self.tentative()
        label = answer.label  # a crisp tree: the one node's own label, as predict gives it
        ranked = sorted(front, key=lambda nw: (-nw[1], nw[0]))
        nodes = [n for n, _ in ranked if self.tree.nodes[n].label == label] or [n for n, _ in ranked]
        # a fuzzy frontier may hold nodes left unasked because no answer could change the
        # decision: only what was answered unknown, or what could no longer be asked, is missing
        unasked_too = not self.fuzzy or not self.candidates()
        missing = sorted({self.names[j] for n, _ in front for j in self.tree.nodes[n].attributes()
                          if self.values.get(j) is UNKNOWN or (unasked_too and j not in self.values)})
        unsettled = []
        if label == PENDING:  # the tests above each pending leaf were answered and left it undecided
            for n, _score in ranked:
                parent = self.tree.nodes[n].parent
                if self.tree.nodes[n].is_leaf and self.tree.nodes[n].label == PENDING and parent >= 0:
                    unsettled += [self.names[j] for j in self.tree.nodes[parent].attributes()
                                  if self.values.get(j, UNKNOWN) is not UNKNOWN and self.names[j] not in unsettled]
        return Outcome(label, p, nodes, missing, self.test_cost, self.waiting_cost, self.saved, unsettled,
                       frontier=ranked, scores=answer.ranked(self.tree), few_cases=self.few_cases(nodes))

    def _planned_outcome(self) -> Outcome:
        """The plan's answer: where the still-possible leaves' cases end (strongest first, at most
        MAX_REASONS of them), the label they all end with (else the best answer over them),
        their weighted class distribution."""
        planner = self.planner
        state = self.plan_state()
        done, label, _, w, depth = planner.closed(state)
        alive = np.flatnonzero(w > 0)
        ends: dict[int, float] = {}
        dist = np.zeros(self.tree.n_classes)
        for li in alive:
            node = planner.paths[li][depth[li]]
            ends[node] = ends.get(node, 0.0) + float(w[li])
            counts = self.tree.nodes[int(planner.leaves[li])].counts
            if counts.sum() > 0:
                dist += w[li] * counts / counts.sum()
        total = sum(ends.values())
        dist = dist / dist.sum() if dist.sum() > 0 else dist
        ranked = sorted(((n, v / total) for n, v in ends.items()), key=lambda nw: (-nw[1], nw[0]))
        nodes = [n for n, _ in ranked if self.tree.nodes[n].label == label] or [n for n, _ in ranked]
        nodes = nodes[:MAX_REASONS]
        missing = sorted({self.names[j] for n, _ in ranked for j in self.tree.nodes[n].attributes()
                          if self.values.get(j) is UNKNOWN or (not done and j not in self.values)})
        scores = sorted(((self.tree.labels[k], float(v)) for k, v in enumerate(dist) if v > 0),
                        key=lambda lv: -lv[1])
        return Outcome(label, dist, nodes, missing, self.test_cost, self.waiting_cost, self.saved, [],
                       frontier=ranked, scores=scores, few_cases=self.few_cases(nodes))

    def few_cases(self, nodes: list[int]) -> list:
        """The LeafTrust of each leaf among `nodes` flagged "few cases" (engine.trust.intervals) under
        the problem's trust settings."""
        settings = getattr(self.spec, "trust", None)
        found = (leaf_trust(self.tree, n, settings) for n in nodes if self.tree.nodes[n].is_leaf)
        return [t for t in found if t.few_cases]
