"""Rough-set trees (seed 001; ALGORITHMS.md §2): DP and its baseline RS.

Both grow multiway trees on discrete attributes: nominal and ordinal ones as
they are, numeric ones cut into intervals by Fayyad & Irani's entropy/MDL
method on the cases the tree is fitted on (the cuts are kept in the model, so
new cases fall into the same intervals). Each attribute is used at most once
on a path; a node becomes a leaf when it is pure, when no attribute is left
that still separates its cases, or by the options (fewest cases to split,
deepest level). A leaf answers its majority class, or the class of least
expected cost under the problem's misclassification costs.

The choice at a node, among the attributes not yet used on the path:
- DP: the largest dependency γ when some γ > 0 (ties: the larger attribute
  purity, then the lower attribute index); when every γ = 0, the largest
  attribute purity Pure_c = Σ granule purities (ties: lower index).
- RS: the largest γ (ties: lower index); when every γ = 0, the largest C4.5
  gain ratio (ties: lower index).
γ and Pure come from the attribute's value x class table (engine.kernels.rough);
they are compared to 10 decimals, so sums of fractions that are equal in exact
arithmetic tie and the attribute order decides.

Missing values (the paper deletes such rows; users have them). With `unknowns=stay` (the
paper's reading, PAPER_READING): γ counts a case
with the attribute unknown in the node's size but never in the positive region
(an unknown value cannot certify a class), purity and gain ratio are taken over
the known cases (the gain ratio as C4.5 does, scaled by the known share). At a
split, such a case stays in the node: it counts in the node's distribution and
label but goes no further, and a new case with the value unknown is answered by
that node too, as ID3 does here. The defaults (issue 42, chosen by 10-fold cross-validation on
Weka's soybean, breast-cancer and vote, tests/benchmarks/RESULTS.md) are `unknowns=fractional`
and `prune=pessimistic`, and prediction spreads a case with a value unknown over the branches
(policy "fractional") as training did: on soybean, the cases with unknowns were all misclassified
by the paper's reading, stuck at the node that tests their unknown attribute.

Options for users' files (issue 42; PAPER_READING is what `reproduce dp` fits with):
- `unknowns=fractional` (default): a case with the attribute unknown goes down every branch with the
  branch's share of the known weight (C4.5's fractional cases) instead of staying at the node.
- `purity=weighted` (DP): Σ_v max_k |c_v ∩ D_k| / known weight instead of the sum of granule purities.
- `min_gamma`: a γ below it counts as 0 (so DP falls back to purity, RS to the gain ratio).
- `gamma_over=known` (DP): γ = |POS| / (weight of the cases with the attribute known) instead of the
  node's whole weight.
- `prune=pessimistic` (default): C4.5's error-based subtree replacement (CF 0.25) after growing; the cases
  that stayed at an internal node count as that node's errors.
- `few_values=categories` (default): a numeric column holding only whole numbers with 2 to 10
  distinct values that MDL leaves uncut is split on each of its values (cuts between them), so a
  0/1 column is a yes/no attribute; `mdl`: left as MDL leaves it (uncut: never offered).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..i18n import N_
from ..kernels.rough import rough_measures, rough_table_scores
from ..progress import Progress
from ..tree.grow import BestByKey, Candidate, Cases, GrowthParts, Stopping, majority_label, min_cost_label
from ..tree.model import Tree
from ..tree.splitters import CodesSplitter
from ..tree.prune import prune_to
from .c45 import add_errors, gain_ratio, info_gain
from .id3 import discretised_codes
from .classic import cost_matrix
from .hierarchy_labels import with_hierarchy_labels
from .params import AlgorithmInfo, Param

#: decimals to which γ, purity and gain ratio are compared (ties then go to the attribute order)
DECIMALS = 10


def rough_scores(bags: np.ndarray, total: float, j: int) -> tuple[float, dict]:
    """Attribute j's dependency γ, attribute purity, information gain and gain ratio at a node,
    from its value x class table `bags` and the node's weight `total`."""
    gamma, purity = rough_measures(bags, total)
    gain = float(info_gain(bags, total))
    ratio = float(gain_ratio(bags, total, gain))
    return gamma, {"gamma": gamma, "purity": purity, "gain": gain, "gain_ratio": ratio}


def rough_table(tables: np.ndarray, total: float) -> tuple[np.ndarray, dict, np.ndarray]:
    """Every attribute of a node at once (the compiled twin of `rough_scores`): γ as the value,
    and γ, purity, gain, gain ratio as scores; which attributes offer a partition."""
    out, offered = rough_table_scores(tables, total)
    return out[:, 0], {"gamma": out[:, 0], "purity": out[:, 1], "gain": out[:, 2], "gain_ratio": out[:, 3]}, offered


def rough_table_known(tables: np.ndarray, total: float) -> tuple[np.ndarray, dict, np.ndarray]:
    """As `rough_table`, with γ over the cases whose value is known: |POS| / known weight."""
    values, scores, offered = rough_table(tables, total)
    known = tables.sum(axis=(1, 2))
    gamma = np.where(known > 0, values * total / np.where(known > 0, known, 1.0), 0.0)
    return gamma, {**scores, "gamma": gamma}, offered


def weighted_purity(score):
    """`score` with the attribute purity as the granules' purities weighted by their shares of the
    node's known weight, Σ_v max_k |c_v ∩ D_k| / known (the majority rule's training accuracy, in
    [0, 1]), instead of their plain sum (which grows with the number of values)."""

    def weighted(tables: np.ndarray, total: float):
        values, scores, offered = score(tables, total)
        known = tables.sum(axis=(1, 2))
        purity = np.where(known > 0, tables.max(axis=2).sum(axis=1) / np.where(known > 0, known, 1.0), 0.0)
        return values, {**scores, "purity": purity}, offered

    return weighted


def gamma_floor(score, floor: float):
    """`score` with every γ below `floor` counted as 0 (so the choice falls back to purity or gain
    ratio when no attribute's positive region is at least that share of the node)."""

    def floored(tables: np.ndarray, total: float):
        values, scores, offered = score(tables, total)
        gamma = np.where(values < floor - 1e-12, 0.0, values)
        return gamma, {**scores, "gamma": gamma}, offered

    return floored


def branch_floor(score, least: float):
    """`score` with an attribute offered only when at least two of its values carry a known weight
    of `least` or more (C4.5's rule for a split with its minimum leaf weight M)."""

    def floored(tables: np.ndarray, total: float):
        values, scores, offered = score(tables, total)
        heavy = np.count_nonzero(tables.sum(axis=2) >= least, axis=1) >= 2
        return values, scores, offered & heavy

    return floored


#: the largest number of distinct whole values a numeric column may have to be split on its values
FEW_VALUES = 10


def whole_values(column: np.ndarray) -> np.ndarray | None:
    """The sorted distinct known values of a column holding only whole numbers, 2 to FEW_VALUES of
    them; None otherwise."""
    known = column[column == column]
    if not len(known) or not np.all(np.isfinite(known)) or not np.all(known == np.round(known)):
        return None
    values = np.unique(known)
    return values if 2 <= len(values) <= FEW_VALUES else None


def rough_codes(data: EncodedData, few_values: str = "categories"):
    """Codes per attribute as `id3.discretised_codes` gives them (categories, or MDL intervals);
    with `few_values="categories"` a whole-number column of 2..FEW_VALUES values that MDL leaves
    uncut gets a cut midway between each two neighbouring values (one branch per value)."""
    return discretised_codes(data, uncut=_value_cuts if few_values == "categories" else None)


def _value_cuts(column: np.ndarray) -> list[float] | None:
    """Cuts midway between a whole-number column's neighbouring values (None: not such a column)."""
    values = whole_values(column)
    return None if values is None else [float(v) for v in (values[:-1] + values[1:]) / 2]


#: C4.5's confidence factor for `prune=pessimistic`
CONFIDENCE = 0.25


def pessimistic_prune(tree: Tree, cf: float = CONFIDENCE) -> Tree:
    """C4.5's error-based subtree replacement: a node becomes a leaf when its estimated errors as a
    leaf (training errors plus the binomial upper limit at `cf`) are no more than its subtree's (its
    leaves' estimates plus those of the cases that stayed at internal nodes) plus 0.1."""
    nodes = tree.nodes
    collapse = np.full(len(nodes), np.inf)

    def estimate(counts, label) -> float:
        n = float(counts.sum())
        if n <= 0:
            return 0.0
        e = n - float(counts[label])
        return e + add_errors(n, e, cf)

    def errors(i: int) -> float:
        node = nodes[i]
        as_leaf = estimate(node.counts, node.label)
        if node.is_leaf:
            return as_leaf
        below = sum(errors(c) for c in node.children)
        stayed = np.clip(node.counts - sum(nodes[c].counts for c in node.children), 0.0, None)
        if stayed.sum() > 1e-9:
            below += estimate(stayed, node.label)
        if as_leaf <= below + 0.1:
            collapse[i] = 0.0
            return as_leaf
        return below

    errors(0)
    if not np.isfinite(collapse).any():
        return tree
    out = prune_to(tree, collapse, 0.0)
    out.tnorm, out.aggregate, out.answer_as, out.label_costs = tree.tnorm, tree.aggregate, tree.answer_as, tree.label_costs
    return out


def _rounded(name: str):
    return lambda c: round(c[name], DECIMALS)


def dp_key(c: Candidate) -> tuple[float, float]:
    """DP's key: γ, then purity (compared only when the γs tie)."""
    return round(c["gamma"], DECIMALS), round(c["purity"], DECIMALS)


#: DP's choice: the largest γ, ties by purity, then the lower index; with every γ = 0 this is the
#: largest purity (the key (γ, Pure) compares purity only when the γs tie)
choose_dp = BestByKey(dp_key)


class ChooseRS:
    """RS's choice: the largest γ (ties: lower index); when every γ = 0, the largest gain ratio."""

    by_gamma = BestByKey(_rounded("gamma"))
    by_gain_ratio = BestByKey(_rounded("gain_ratio"))

    def by(self, candidates: list[Candidate]) -> BestByKey:
        return self.by_gamma if any(round(c["gamma"], DECIMALS) > 0 for c in candidates) else self.by_gain_ratio

    def __call__(self, candidates: list[Candidate], cases: Cases) -> Candidate | None:
        return self.by(candidates)(candidates, cases)

    def ranked(self, candidates: list[Candidate], cases: Cases) -> list[tuple[Candidate, dict]]:
        """In the order of the key it chooses by, each noted when every γ is 0 (ranked by gain ratio)."""
        choice = self.by(candidates)
        fallback = choice is self.by_gain_ratio
        return [(c, {"every_gamma_zero": True} if fallback else {}) for c, _ in choice.ranked(candidates, cases)]


choose_rs = ChooseRS()


PARAMS = (
    Param("min_samples_split", 2, N_("fewest cases in a node that may be split"), kind="int", minimum=2),
    Param("max_depth", None, N_("deepest level (empty: no limit)"), kind="int", minimum=1),
    Param("unknowns", "fractional", N_("training cases with the attribute unknown: stay at the node, or go down "
                                 "every branch in shares (fractional)"), kind="choice", choices=("stay", "fractional")),
    Param("min_gamma", 0.0, N_("a dependency γ below this counts as 0 (0: every γ above 0 counts)"), kind="float",
          minimum=0.0, maximum=1.0),
    Param("prune", "pessimistic", N_("pruning after growing: none, or C4.5's pessimistic error estimate (CF 0.25)"),
          kind="choice", choices=("none", "pessimistic")),
    Param("min_weight", 2.0, N_("a node whose weight (cases, counting shares of cases) is below this is a "
                                "leaf"), kind="float", minimum=0.0),
    Param("min_leaf_weight", 0.0, N_("a split needs two or more branches holding at least this weight "
                                     "(0: any two branches with cases)"), kind="float", minimum=0.0),
    Param("few_values", "categories", N_("whole-number columns of at most 10 values that MDL leaves uncut: "
                                         "split on their values (categories), or left uncut (mdl)"),
          kind="choice", choices=("categories", "mdl")),
)

#: DP's own: how γ counts unknown values (RS's γ > 0 test and order hardly ever move with it) and
#: which purity it falls back to (RS falls back to the gain ratio)
DP_PARAMS = PARAMS + (
    Param("gamma_over", "node", N_("dependency γ over the node's cases, or over those with the attribute known"),
          kind="choice", choices=("node", "known")),
    Param("purity", "sum", N_("attribute purity: the sum of the granules' purities (sum), or their "
                              "average weighted by granule size (weighted)"), kind="choice", choices=("sum", "weighted")),
)

#: the paper's reading (ALGORITHMS.md §2), the one `reproduce dp` fits with: unknown cases stay at the
#: node (the paper deletes them), no pruning, numeric columns only as MDL cuts them
PAPER_READING = {"unknowns": "stay", "prune": "none", "few_values": "mdl"}

DP = AlgorithmInfo(
    name="dp", family="roughset",
    title=N_("DP (rough-set dependency, then purity; multiway, MDL discretisation)"),
    params=DP_PARAMS, uses=("misclassification_costs",), missing="fractional",
)
RS = AlgorithmInfo(
    name="rs", family="roughset",
    title=N_("RS (rough-set dependency, then gain ratio; multiway, MDL discretisation)"),
    params=PARAMS, uses=("misclassification_costs",), missing="fractional",
)


def rough_parts(choice, message: str):
    """The growth parts of DP or RS (by their choice): multiway splits on values or MDL
    intervals scored by γ, purity and gain ratio; leaves by majority or least cost."""

    def parts(data: EncodedData, spec: ProblemSpec | None, params: dict) -> GrowthParts:
        codes, cuts, sizes = rough_codes(data, params.get("few_values", "categories"))
        score = rough_table_known if params.get("gamma_over", "node") == "known" else rough_table
        if params.get("purity", "sum") == "weighted":
            score = weighted_purity(score)
        floor = float(params.get("min_gamma", 0.0) or 0.0)
        if floor > 0:
            score = gamma_floor(score, floor)
        least = float(params.get("min_leaf_weight", 0.0) or 0.0)
        if least > 0:
            score = branch_floor(score, least)
        splitter = CodesSplitter(data, codes, sizes, cuts, table_score=score, missing=params.get("unknowns", "stay"))
        cost = cost_matrix(spec, data)
        stopping = Stopping(max_depth=params.get("max_depth"), min_samples_split=params.get("min_samples_split", 2),
                            min_samples_leaf=0, min_impurity_decrease=None,
                            min_mass=float(params.get("min_weight", 0.0) or 0.0))
        return GrowthParts(splitter, choice=choice, label_rule=majority_label if cost is None else min_cost_label(cost),
                           stopping=stopping, message=message, criterion="gamma", criterion_name="gamma")

    return parts


def fit_rough(parts):
    def fit(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
        tree = parts(data, spec, params).grow(progress)
        return pessimistic_prune(tree) if params.get("prune", "none") == "pessimistic" else tree

    return fit


DP_PARTS = rough_parts(choose_dp, N_("growing the DP tree"))
RS_PARTS = rough_parts(choose_rs, N_("growing the RS tree"))

ALGORITHMS = (
    with_hierarchy_labels(replace(DP, fit=fit_rough(DP_PARTS), parts=DP_PARTS)),
    with_hierarchy_labels(replace(RS, fit=fit_rough(RS_PARTS), parts=RS_PARTS)),
)
