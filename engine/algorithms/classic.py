"""Classic baselines every paper compares against (ALGORITHMS.md §0).

CART: binary splits by Gini (or entropy) on numeric/ordinal cuts and nominal
subsets (K = 2: the exact best subset from the p(class 2) order; K > 2: one
value against the rest), grown fully, then cost-complexity pruned at the alpha
chosen by internal stratified cross-validation and the 1-SE rule (Breiman et
al. 1984). Weka's SimpleCart does the same with its -A option; its default is
the minimum-error alpha, which is `se_rule=0` here (ALGORITHMS.md calls the
1-SE rule "what SimpleCart does": true only with -A). `prune=none` keeps the
fully grown tree (as scikit-learn's DecisionTreeClassifier); `ccp_alpha`
prunes at a given alpha.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..errors import SpecError
from ..evaluate import stratified_folds
from ..i18n import N_, _
from ..kernels.criteria import names as criterion_names
from ..progress import Progress
from ..tree.grow import GrowthParts, Stopping, majority_label, min_cost_label
from ..tree.model import Tree
from ..tree.prune import PruningPath, cv_errors, prune_to, pruning_path
from ..tree.splitters import PresortedSplitter
from .hierarchy_labels import with_hierarchy_labels
from .ordinal import finish_monotone
from .params import AlgorithmInfo, Param


def cost_matrix(spec: ProblemSpec | None, data: EncodedData) -> np.ndarray | None:
    if spec is None or spec.misclassification_costs is None:
        return None
    return spec.misclassification_costs.as_array(data.classes)


def choose_alpha(data: EncodedData, grow, cost: np.ndarray | None, folds: int, se_rule: float, seed: int,
                 progress: Progress | None = None, full: Tree | None = None,
                 path: PruningPath | None = None) -> tuple[float, dict]:
    """Alpha of the smallest tree whose cross-validated cost is within se_rule
    standard errors of the best (Breiman's 1-SE rule), and the CV curve. `full` and
    `path`: the tree grown on all of `data` and its pruning path, when the caller has them."""
    full = grow(data) if full is None else full
    path = pruning_path(full, cost) if path is None else path
    alphas = path.alphas
    # geometric midpoints between consecutive alphas stand for each subtree of the sequence
    betas = np.append(np.sqrt(alphas[:-1] * alphas[1:]), alphas[-1] * 2 + 1.0) if len(alphas) > 1 \
        else np.array([0.0])
    fold, _warnings = stratified_folds(data.y, folds, seed)
    errors = np.zeros(len(betas))
    for k in range(folds):
        if progress is not None:
            progress.report(k, folds, _("pruning: cross-validation fold {fold} of {folds}").format(fold=k + 1,
                                                                                                   folds=folds))
        train, test = np.flatnonzero(fold != k), np.flatnonzero(fold == k)
        if len(test) == 0 or len(train) == 0:
            continue
        tree = grow(data.subset(train))
        fold_path = pruning_path(tree, cost)
        errors += cv_errors(tree, fold_path.prune_alpha, data.X[test], data.y[test], data.w[test], betas, cost)
    total = data.w.sum()
    rate = errors / total
    best = int(np.argmin(rate))
    if cost is None:
        se = np.sqrt(rate[best] * (1 - rate[best]) / len(data.y))
    else:  # standard error of the mean cost per case, from the per-case costs is not kept: binomial bound
        scale = cost.max() if cost.max() > 0 else 1.0
        p = min(1.0, rate[best] / scale)
        se = scale * np.sqrt(p * (1 - p) / len(data.y))
    limit = rate[best] + se_rule * se
    chosen = max(i for i in range(len(betas)) if rate[i] <= limit + 1e-12)
    curve = {"alphas": alphas.tolist(), "leaves": path.leaves.tolist(), "cv_error": rate.tolist(),
             "chosen": chosen, "se": float(se)}
    return float(alphas[chosen]), curve


CART = AlgorithmInfo(
    name="cart", family="classic", title=N_("CART (Gini, cost-complexity pruning)"),
    params=(
        Param("prune", "auto", N_("auto: cost-complexity pruning chosen by internal cross-validation and the "
              "1-SE rule; none: the fully grown tree"), kind="choice", choices=("auto", "none")),
        Param("ccp_alpha", None, N_("prune at this complexity instead (empty: chosen by cross-validation)"),
              kind="float", minimum=0.0),
        Param("criterion", "gini", N_("impurity measure"), kind="choice", choices=criterion_names("impurity")),
        Param("min_samples_leaf", 1, N_("fewest cases in a leaf"), kind="int", minimum=1),
        Param("min_samples_split", 2, N_("fewest cases in a node that may be split"), kind="int", minimum=2),
        Param("max_depth", None, N_("deepest level (empty: no limit)"), kind="int", minimum=1),
        Param("folds", 5, N_("internal cross-validation folds for pruning"), kind="int", minimum=2, maximum=50),
        Param("se_rule", 1.0, N_("standard errors allowed above the best cross-validated error"), kind="float",
              minimum=0.0, maximum=10.0),
        Param("seed", 0, N_("seed of the internal folds"), kind="int", minimum=0),
        Param("enforce_monotone", False, N_("ordered classes: relabel the leaves so no non-monotone pair is left"),
              kind="bool"),
    ),
    uses=("misclassification_costs",),
    missing="majority",
)


def cart_parts(data: EncodedData, spec: ProblemSpec | None, params: dict) -> GrowthParts:
    """CART's growth parts: binary splits by the impurity decrease of `criterion` (presorted
    sweeps), leaves by majority or least misclassification cost, scikit-learn's stopping."""
    cost = cost_matrix(spec, data)
    stopping = Stopping(max_depth=params["max_depth"], min_samples_split=params["min_samples_split"],
                        min_samples_leaf=params["min_samples_leaf"])
    splitter = PresortedSplitter(data, params["criterion"], min_samples_leaf=stopping.min_samples_leaf)
    return GrowthParts(splitter, label_rule=majority_label if cost is None else min_cost_label(cost),
                       stopping=stopping, criterion_name=f"{params['criterion']}_decrease")


def fit_cart(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    cost = cost_matrix(spec, data)

    def grow_cart(d: EncodedData, progress_=None) -> Tree:
        return cart_parts(d, spec, params).grow(progress_)

    if params["prune"] == "none" and params["ccp_alpha"] is None:
        return _monotone(grow_cart(data, progress), data, params)
    full = grow_cart(data)  # grown once: the cross-validation's reference and the tree pruned
    path = pruning_path(full, cost)
    if params["ccp_alpha"] is not None:
        alpha, curve = params["ccp_alpha"], None
    else:
        alpha, curve = choose_alpha(data, grow_cart, cost, params["folds"], params["se_rule"], params["seed"],
                                    progress, full=full, path=path)
    tree = prune_to(full, path.prune_alpha, alpha)
    tree.info = {"ccp_alpha": alpha, "pruning": curve, "grown_leaves": full.n_leaves}
    return _monotone(tree, data, params)


def _monotone(tree: Tree, data: EncodedData, params: dict) -> Tree:
    if not data.schema.ordered or not any(a.monotone for a in data.schema.attributes):
        if params.get("enforce_monotone"):
            raise SpecError(_("enforce_monotone needs ordered classes and at least one monotone attribute"),
                            code="needs_class_order", field="class_order")
        return tree

    return finish_monotone(tree, params)


def check_cart(params: dict) -> str | None:
    """enforce_monotone and hierarchy_labels exclude each other"""
    if params.get("enforce_monotone") and params.get("hierarchy_labels"):
        return _("enforce_monotone and hierarchy_labels exclude each other: monotone relabelling needs class "
                 "answers, hierarchy labels may answer a coarser label")
    return None


N_("enforce_monotone and hierarchy_labels exclude each other")  # check_cart's docstring: its constraint, shown


ALGORITHMS = (with_hierarchy_labels(replace(CART, fit=fit_cart, check=check_cart, parts=cart_parts)),)
