"""Why a learner returned a tree of one leaf, and how to get more (issue 17: "CART returned a
one-leaf tree without saying why").

`one_leaf_reason(info, data, spec, params)` looks at the facts in this order:

1. the training rows hold one class (or none): nothing to split;
2. a setting that stops or prunes: each one the learner has, relaxed alone (`RELAX`: pruning
   off, a stopping threshold at its loosest, the smallest node and leaf sizes, M3 without
   cost_stop), the tree refitted on the same rows; the first that gives a split is named,
   with its value and the value that splits. At most `MAX_REFITS` refits, and only when
   the tree has one leaf (rare), so the cost stays that of a few fits;
3. M2, which has no such setting: its stop rule in words (no split's test and waiting costs
   are paid back by the misclassification cost it saves);
4. otherwise: no attribute separates the classes under the learner's criterion.
"""

from __future__ import annotations

from .algorithms.params import AlgorithmInfo
from .data.encode import EncodedData
from .data.spec import ProblemSpec
from .i18n import N_, _

#: (parameter, relaxed value, what it does when it stops the tree)
RELAX = (
    ("prune", {"auto": "none", True: False}, N_("pruning removed every split (none was worth its cost)")),
    ("ccp_alpha", 0.0, N_("cost-complexity pruning at this ccp_alpha removed every split")),
    ("cost_stop", False, N_("cost_stop: no split's test and waiting costs are paid back by the errors it prevents")),
    ("threshold", 0.0, N_("no split's score reached the threshold")),
    ("epsilon", 0.0, N_("no split's rank mutual information reached epsilon")),
    ("beta0", 1.0, N_("β0: one class already holds that share of the root's mass")),
    ("beta", 1.0, N_("β: a class's subsethood already reaches the truth level at the root")),
    ("min_membership", 0.0, N_("the membership mass is below min_membership")),
    ("min_mass_share", 0.0, N_("the root's children would hold less than min_mass_share of its mass")),
    ("min_cases", 1, N_("no split leaves min_cases cases in two branches")),
    ("min_samples_split", 2, N_("the rows are fewer than min_samples_split")),
    ("min_samples_leaf", 1, N_("no split leaves min_samples_leaf cases on each side")),
)
MAX_REFITS = 4


def one_leaf_reason(info: AlgorithmInfo, data: EncodedData, spec: ProblemSpec | None, params: dict) -> str:
    """One sentence: why `info` fitted on `data` with `params` gave a single leaf, and what would
    give more (module docstring)."""
    present = {int(k) for k, w in zip(data.y, data.w) if w > 0}
    if len(present) <= 1:
        return _("every training row has the same class, so there is nothing to split")
    refits = 0
    for name, relaxed, what in RELAX:
        if name not in params or refits >= MAX_REFITS:
            continue
        value = params[name]
        target = relaxed.get(value, value) if isinstance(relaxed, dict) else relaxed
        if target == value:
            continue
        refits += 1
        trial = dict(params, **{name: target})
        try:
            tree = info.fit(data, spec, info.stage_params(trial, "fit"))
        except Exception:  # noqa: BLE001 - a relaxation the learner refuses tells nothing
            continue
        if tree.n_leaves > 1:
            return _("{what} ({name} = {value}); with {name} = {relaxed} the tree has {leaves} leaves").format(
                what=_(what), name=name, value=_shown(value), relaxed=_shown(target), leaves=tree.n_leaves)
    if info.name == "guideline":
        return _("the guideline has only its default (ELSE …): write rules before it")
    if info.name == "m2":
        return _("M2 stops where no split's test and waiting costs are paid back by the misclassification "
                 "cost it saves: lower the test costs, raise the misclassification costs, or try mincost")
    return _("no attribute separates the classes under {algorithm}'s criterion; check the attributes in use "
             "and the target").format(algorithm=info.name)


def _shown(value) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true" if value else "false"
    return format(value, "g") if isinstance(value, float) else str(value)
