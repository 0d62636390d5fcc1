"""Ordinal (monotone) classification trees — seed 000 and its baselines
(ALGORITHMS.md §1): FACMI, IE, RT, REMT.

All four grow binary cuts on numeric and ordinal attributes (nominal ones have
no order and are left out, with a warning) over ordered classes. Monotone
directions from the problem settings: a decreasing attribute is used as -a
during learning (order-equivalent to the paper's reciprocal, and safe for zero
and negative values); the grown tree is turned back so thresholds and rules
read in the user's own values. Leaf labels: the majority class, or the median
class (which minimises the absolute error), by the `leaf` parameter.

FACMI's `membership` (§1.4): `exact` (default) gives the exact logistic's tree without
evaluating every cut: each class's membership sum falls as the cut rises, so the values
of the cuts between two evaluated ones are bounded (first and second order, widened by
the reference's worst-case rounding); only cuts whose bound could win are evaluated,
with the reference's own arithmetic, and the reference's choice (first best by more than
1e-12, attributes then cuts in order) is replayed, else the reference runs
(engine/kernels/facmi_logistic.py). `logistic` is that reference, every cut evaluated
(O(n²) per attribute); `ramp` the piecewise-linear membership (different trees);
`auto` the exact logistic's cuts in nodes of at most `ramp_above` cases, the ramp above
(the default before issue 20; its trees unchanged).

§1.4 readings (FACMI only; the paper's formulas were lost in extraction, these are the
readings its text allows, defaults unchanged):

- `pairs=concordant` (default): FACMI_c = (1/n²) Σ_{d(y)<d(x)} μ_c(x)(1 - μ_c(y)) =
  (1/n²) Σ_k M_k Σ_{j<k} (N_j - M_j): only pairs the cut orders as the class does count;
  a pair on one side scores 0 and a reversed pair is not penalised.
  `pairs=net`: concordant minus discordant, (1/n²) Σ_{d(y)<d(x)} [μ(x)(1 - μ(y)) -
  μ(y)(1 - μ(x))] = (1/n²) Σ_{d(y)<d(x)} (μ(x) - μ(y)) = (1/n²) Σ_k [M_k N_{<k} - N_k M_{<k}]:
  a pair at the cut scores ½ - ½ = 0, a reversed pair counts against the cut. (The
  ramp's pruning bound is the concordant reading's: with net every attribute is swept.)
- `decreasing=negate` (default): a decreasing attribute is learned as -a. `decreasing=
  reciprocal`: as 1/a, the paper's transformation — for an ordinal attribute 1/(rank + 1)
  (ranks 1..m, as the paper's data numbered the levels), for a numeric one 1/a when every
  known training value is positive, else -a (noted in the tree's info under
  "reciprocal_fell_back"). Crisp criteria only see the order, so for them the two agree;
  FACMI's membership μ_c(x) = σ(k (a(x) - c) / s) is scaled by the node's spread s of
  the transformed values, and 1/a stretches the low end and squeezes the high end, so
  the memberships (and the chosen cuts) differ. Thresholds are turned back to the
  user's values: a cut 1/a <= t reads a >= 1/t (ordinal: rank >= 1/t - 1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..errors import OptionError, SpecError
from ..i18n import N_, _
from ..kernels.ordinal_split import bounded
from ..monotone import enforce_monotone, monotonicity_report
from ..progress import Progress
from ..tree.grow import GrowthParts, Stopping, majority_label, median_label
from ..tree.model import NOMINAL_KIND, ThresholdSplit, Tree
from ..tree.node_cases import ORIENTED_HEAVIER
from ..tree.splitters import PresortedSplitter
from .params import AlgorithmInfo, Param


def require_order(data: EncodedData, algorithm: str) -> None:
    if not data.schema.ordered:
        raise SpecError(_("{algorithm} learns ordered classes: set the class order (the project's class_order, "
                          "or --class-order lowest,...,highest)").format(algorithm=algorithm), code="needs_class_order", field="class_order")


DECREASING = ("negate", "reciprocal")


def reversals(data: EncodedData, decreasing: str = "negate") -> dict[int, float | None]:
    """How each decreasing attribute is turned increasing: feature -> None (negated), or the
    offset o of the reciprocal 1/(a + o) (ordinal ranks: 1, so ranks 1..m; numeric: 0, only
    when every known value is positive, else negated)."""
    if decreasing not in DECREASING:
        raise OptionError(_("decreasing must be one of {choices}, not {value}").format(
            choices=", ".join(DECREASING), value=repr(decreasing)),
                          code="bad_option")
    out = {}
    for f, a in enumerate(data.schema.attributes):
        if a.monotone >= 0:
            continue
        out[f] = None
        if decreasing == "reciprocal":
            offset = 1.0 if a.kind == "ordinal" else 0.0
            known = data.X[:, f][~np.isnan(data.X[:, f])] + offset
            if known.size and (known > 0).all():
                out[f] = offset
    return out


def oriented(data: EncodedData, turns: dict[int, float | None] | None = None) -> EncodedData:
    """A copy where decreasing attributes are turned increasing (so 'larger is better'
    everywhere): negated, or by the reciprocal `reversals` chose."""
    turns = reversals(data) if turns is None else turns
    if not turns:
        return data
    X = data.X.copy()
    for f, offset in turns.items():
        X[:, f] = -X[:, f] if offset is None else 1.0 / (X[:, f] + offset)
    return EncodedData(X, data.y, data.w, data.schema, data.rows, data.dropped_rows, data.warnings)


def turn_back(node: ThresholdSplit, offset: float | None) -> None:
    """One split learnt on a turned attribute, read in the user's values (restore_directions)."""
    node.threshold = -node.threshold if offset is None else 1.0 / node.threshold - offset
    node.children = node.children[::-1]


def restore_directions(tree: Tree, turns: dict[int, float | None] | None = None) -> Tree:
    """Undo the turn: a cut -x <= t becomes x > -t on the other side, children swapped; a
    cut 1/(x + o) <= t (t > 0) becomes x >= 1/t - o, so x <= 1/t - o goes to the other side
    (no training value equals the turned midpoint, so <= and < agree on the data)."""
    for node in tree.nodes:
        if not isinstance(node, ThresholdSplit):
            continue
        if turns is None:
            if tree.schema.attributes[node.feature].monotone >= 0:
                continue
            offset = None
        elif node.feature in turns:
            offset = turns[node.feature]
        else:
            continue
        turn_back(node, offset)
    tree.changed()
    return tree


@dataclass(frozen=True)
class TurnBack:
    """A split node of the oriented data in the user's values (`turns`: `reversals`' answer), and
    which of the node's branches each of the user's is (a turned cut swaps its sides)."""

    turns: dict

    def __call__(self, node):
        if isinstance(node, ThresholdSplit) and node.feature in self.turns:
            turn_back(node, self.turns[node.feature])
            return node, [1, 0]
        return node, list(range(len(node.children)))


_COMMON = (
    Param("leaf", "majority", N_("leaf label: majority class, or median class (least absolute error)"),
          kind="choice", choices=("majority", "median")),
    Param("min_samples_leaf", 1, N_("fewest cases in a leaf"), kind="int", minimum=1),
    Param("max_depth", None, N_("deepest level (empty: no limit)"), kind="int", minimum=1),
    Param("enforce_monotone", False, N_("relabel the leaves so no non-monotone pair is left (the relabelling "
          "of least training error)"), kind="bool"),
)


def ordinal_parts(data: EncodedData, params: dict, *, algorithm: str, criterion: str, criterion_name: str,
                  stopping: Stopping, steepness: float = 10.0, ramp_above: int = 2 ** 62,
                  decreasing: str = "negate") -> GrowthParts:
    """Binary cuts by an ordinal criterion (by name, engine.kernels.criteria) on the oriented data
    (decreasing attributes turned, `TurnBack` reads a cut in the user's values); leaves by the
    majority or the median class."""
    require_order(data, algorithm)
    turns = reversals(data, decreasing)
    splitter = PresortedSplitter(oriented(data, turns), criterion, min_samples_leaf=stopping.min_samples_leaf,
                                 steepness=steepness, ramp_above=ramp_above)
    leaf_rule = median_label if params["leaf"] == "median" else majority_label
    return GrowthParts(splitter, label_rule=leaf_rule, stopping=stopping,
                       message=_("growing the {algorithm} tree").format(algorithm=algorithm),
                       criterion_name=criterion_name, user_node=TurnBack(turns))


def _fit(data: EncodedData, params: dict, progress: Progress | None, parts: GrowthParts) -> Tree:
    """Grow with the ordinal parts, then turn the tree back to the user's directions."""
    nominal = [a.name for a in data.schema.attributes if a.kind == NOMINAL_KIND]
    turns = parts.user_node.turns
    tree = restore_directions(parts.grow(progress), turns)
    tree.info = {"ignored_nominal": nominal} if nominal else {}
    fell_back = [data.schema.attributes[f].name for f, o in turns.items() if o is None]
    if params.get("decreasing", "negate") == "reciprocal" and fell_back:
        tree.info["reciprocal_fell_back"] = fell_back  # zero or negative values: negated instead
    return finish_monotone(tree, params)


def finish_monotone(tree: Tree, params: dict) -> Tree:
    """Apply the guarantee when asked; record the monotonicity report either way."""
    info = getattr(tree, "info", None) or {}
    if params.get("enforce_monotone"):
        info["monotone_guarantee"] = enforce_monotone(tree)
    info["monotonicity"] = monotonicity_report(tree)
    tree.info = info
    return tree


FACMI = AlgorithmInfo(
    name="facmi", family="ordinal", title=N_("FACMI (ordinal tree: fuzzy dominance complementary mutual information)"),
    training_missing=ORIENTED_HEAVIER,
    params=_COMMON + (
        Param("threshold", 0.01, N_("stop when the best FACMI is below this"), kind="float", minimum=0.0),
        Param("k", 10.0, N_("steepness of the fuzzy membership (large: nearly crisp)"), kind="float", minimum=0.1),
        Param("membership", "exact", N_("exact (the exact logistic's cuts: each cut's value bounded, only those "
              "that could win evaluated), logistic (the same cuts, every one evaluated: slow), ramp (fast, prefix "
              "sums), or auto: the exact logistic's cuts up to ramp_above cases in a node, ramp above"),
              kind="choice", choices=("auto", "ramp", "logistic", "exact")),
        Param("ramp_above", 2000, N_("auto: nodes with more cases use the ramp"), kind="int", minimum=1),
        Param("pairs", "concordant", N_("which case pairs score a cut: concordant (the cut orders "
              "the pair as the class does; reversed pairs cost nothing) or net (concordant minus discordant: "
              "a reversed pair counts against the cut)"), kind="choice", choices=("concordant", "net")),
        Param("decreasing", "negate", N_("how a decreasing attribute is turned increasing: negate (-a) or "
              "reciprocal (1/a, the original method's; ordinal ranks 1..m; negation where a value is not positive). "
              "Same order, different fuzzy memberships"), kind="choice", choices=DECREASING),
    ),
    uses=("class_order", "monotone"),
)


def facmi_parts(data: EncodedData, spec: ProblemSpec | None, params: dict) -> GrowthParts:
    mode = params["membership"]
    criterion = "facmi_ramp" if mode == "ramp" else "facmi_logistic"
    if params["pairs"] == "net":
        criterion += "_net"
    # logistic: the reference sweep; exact and auto: the bounded search (the same cuts, ALGORITHMS.md §1.4)
    ramp_above = 2 ** 62 if mode == "logistic" else bounded(2 ** 62) if mode == "exact" else \
        bounded(params["ramp_above"])
    stopping = Stopping(max_depth=params["max_depth"], min_samples_leaf=params["min_samples_leaf"],
                        min_value=params["threshold"])
    return ordinal_parts(data, params, algorithm="facmi", criterion=criterion, criterion_name="facmi",
                         stopping=stopping, steepness=params["k"], ramp_above=ramp_above,
                         decreasing=params["decreasing"])


def fit_facmi(data, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    return _fit(data, params, progress, facmi_parts(data, spec, params))


@dataclass(frozen=True)
class CrispOrdinalLearner:
    """An ordinal learner that is only its criterion: binary cuts scored by the criterion (by
    name, engine.kernels.criteria), a node left as a leaf when the best value is below the
    `stop` parameter (plus `stop_offset`: IE stops when the value is "not above"), or with
    CART's stopping rules (`min_samples_split`). A new one is an entry in `CRISP`."""

    name: str
    title: str
    criterion: str
    criterion_name: str  # the criterion in the papers' terms
    stop: Param | None = None
    stop_offset: float = 0.0
    min_samples_split: bool = False

    def info(self) -> AlgorithmInfo:
        own = (self.stop,) if self.stop is not None else ()
        if self.min_samples_split:
            own += (Param("min_samples_split", 2, N_("fewest cases in a node that may be split"), kind="int",
                          minimum=2),)
        return AlgorithmInfo(name=self.name, family="ordinal", title=self.title, params=_COMMON + own,
                             uses=("class_order", "monotone"), fit=self.fit, parts=self.parts,
                             training_missing=ORIENTED_HEAVIER)

    def parts(self, data, spec, params) -> GrowthParts:
        stop = {}
        if self.stop is not None:
            stop["min_value"] = params[self.stop.name] + self.stop_offset
        if self.min_samples_split:
            stop.update(min_samples_split=params["min_samples_split"], min_impurity_decrease=None)
        stopping = Stopping(max_depth=params["max_depth"], min_samples_leaf=params["min_samples_leaf"], **stop)
        return ordinal_parts(data, params, algorithm=self.name, criterion=self.criterion,
                             criterion_name=self.criterion_name, stopping=stopping)

    def fit(self, data, spec, params, progress=None) -> Tree:
        return _fit(data, params, progress, self.parts(data, spec, params))


CRISP = (
    CrispOrdinalLearner("ie", N_("IE: complementary mutual information of binarised attributes"), "ie",
                        "complementary_mutual_information",
                        stop=Param("threshold", 0.0, N_("stop when the best value is not above this"), kind="float",
                                   minimum=0.0), stop_offset=1e-15),
    CrispOrdinalLearner("rt", N_("RT: ranking impurity tree (Xia et al. 2006)"), "rt", "ranking_impurity_decrease",
                        min_samples_split=True),
    CrispOrdinalLearner("remt", N_("REMT: rank entropy based monotonic tree (Hu et al. 2012)"), "rmi",
                        "rank_mutual_information",
                        stop=Param("epsilon", 0.01, N_("stop when the best rank mutual information is below this"),
                                   kind="float", minimum=0.0)),
)

ALGORITHMS = (replace(FACMI, fit=fit_facmi, parts=facmi_parts),) + tuple(learner.info() for learner in CRISP)
