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

Missing values (the paper deletes such rows; users have them): γ counts a case
with the attribute unknown in the node's size but never in the positive region
(an unknown value cannot certify a class), purity and gain ratio are taken over
the known cases (the gain ratio as C4.5 does, scaled by the known share). At a
split, such a case stays in the node: it counts in the node's distribution and
label but goes no further, and a new case with the value unknown is answered by
that node too (missing policy "stop"), as ID3 does here.
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
from .c45 import gain_ratio, info_gain
from .classic import cost_matrix
from .id3 import discretised_codes
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
)

DP = AlgorithmInfo(
    name="dp", family="roughset",
    title=N_("DP (rough-set dependency, then purity; multiway, MDL discretisation)"),
    params=PARAMS, uses=("misclassification_costs",), missing="stop",
)
RS = AlgorithmInfo(
    name="rs", family="roughset",
    title=N_("RS (rough-set dependency, then gain ratio; multiway, MDL discretisation)"),
    params=PARAMS, uses=("misclassification_costs",), missing="stop",
)


def rough_parts(choice, message: str):
    """The growth parts of DP or RS (by their choice): multiway splits on values or MDL
    intervals scored by γ, purity and gain ratio; leaves by majority or least cost."""

    def parts(data: EncodedData, spec: ProblemSpec | None, params: dict) -> GrowthParts:
        codes, cuts, sizes = discretised_codes(data)
        splitter = CodesSplitter(data, codes, sizes, cuts, table_score=rough_table, missing="stay")
        cost = cost_matrix(spec, data)
        stopping = Stopping(max_depth=params.get("max_depth"), min_samples_split=params.get("min_samples_split", 2),
                            min_samples_leaf=0, min_impurity_decrease=None)
        return GrowthParts(splitter, choice=choice, label_rule=majority_label if cost is None else min_cost_label(cost),
                           stopping=stopping, message=message, criterion="gamma", criterion_name="gamma")

    return parts


def fit_rough(parts):
    def fit(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
        return parts(data, spec, params).grow(progress)

    return fit


DP_PARTS = rough_parts(choose_dp, N_("growing the DP tree"))
RS_PARTS = rough_parts(choose_rs, N_("growing the RS tree"))

ALGORITHMS = (
    with_hierarchy_labels(replace(DP, fit=fit_rough(DP_PARTS), parts=DP_PARTS)),
    with_hierarchy_labels(replace(RS, fit=fit_rough(RS_PARTS), parts=RS_PARTS)),
)
