"""The baseline every comparison carries: one leaf, fitted on each training fold.

Without a misclassification cost matrix the leaf answers the class with the most
training weight (ties: the lower class index); with one, the class of least
expected cost over the training fold, argmin_j Σ_i n_i · cost[i, j] (ties: the
lower index) — what a model that never looks at the attributes should answer.

It is an `AlgorithmInfo` so that it goes through exactly the scoring path of the
learners (`engine.workflows.Scoring`), but it is not registered: a user never
picks it, the comparison always adds it.
"""

from __future__ import annotations

import numpy as np

from ..algorithms.classic import cost_matrix
from ..algorithms.params import AlgorithmInfo
from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..i18n import N_
from ..tree.grow import majority_label, min_cost_label
from ..tree.model import Leaf, Tree

BASELINE = "baseline"
MAJORITY = "majority"
LEAST_COST = "least cost"


def baseline_rule(spec: ProblemSpec | None) -> str:
    """"least cost" with a misclassification cost matrix, else "majority"."""
    return LEAST_COST if spec is not None and spec.misclassification_costs is not None else MAJORITY


def baseline_name(spec: ProblemSpec | None) -> str:
    return f"{BASELINE} ({baseline_rule(spec)})"


# the baseline entry's name is a key (JSON, results files); these mark it for the catalogue, so
# that a window or printout showing it translates it with `_(name)`
DISPLAY_NAMES = (N_("baseline (majority)"), N_("baseline (least cost)"), N_("baseline"))


def fit_baseline(data: EncodedData, spec: ProblemSpec | None, params: dict, progress=None) -> Tree:
    """A tree of one leaf holding the training fold's class weights."""
    counts = np.bincount(data.y, weights=data.w, minlength=len(data.classes)).astype(np.float64)
    cost = cost_matrix(spec, data)
    label = majority_label(counts) if cost is None else min_cost_label(cost)(counts)
    tree = Tree(data.schema)
    tree.add(Leaf(counts=counts, label=label))
    return tree


BASELINE_INFO = AlgorithmInfo(name=BASELINE, family="classic",
                              title=N_("Baseline: the majority class, or the class of least expected cost"),
                              fit=fit_baseline)
