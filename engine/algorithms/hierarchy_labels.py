"""Hierarchy labels for crisp learners (beyond seed 002; ALGORITHMS.md §3.4's leaf rule).

With `hierarchy_labels=true`, a crisp tree (CART, C4.5, ID3, DP, RS) is grown as
usual, then every node is relabelled by HFDT's rule over the class hierarchy:
the label of any level with the largest F = acc · pre (acc = the node's share
of that label's classes, pre = log_h(level + 1)). On glass's four levels, a
leaf holding six cases of type 1 and four of type 3 has F(1) = 0.6 · log_4 5 =
0.697 and F(FP) = 1.0 · log_4 4 = 1: it answers "FP" (float-processed window
glass), right for all ten, instead of "1", right for six. The rule replaces the majority
(or least-cost) label of every node, so it changes answers only, never the
splits. A case spread over several leaves (C4.5's fractional missing values)
is answered by the label with the largest summed weight (aggregate
"label_sum", as HFDT's firing strengths).

Without a class hierarchy of at least two levels the option is refused.
"""

from __future__ import annotations

from dataclasses import replace

from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..errors import SpecError
from ..i18n import N_, _
from ..tree.model import PENDING, Tree
from .params import AlgorithmInfo, Param

HIERARCHY_LABELS = Param(
    "hierarchy_labels", False, N_("label every node by accuracy x precision over the class hierarchy: a leaf that "
    "cannot tell its classes apart answers their common parent (needs a class hierarchy)"), kind="bool")


def relabel_by_hierarchy(tree: Tree, spec: ProblemSpec | None, data: EncodedData) -> Tree:
    """Every node's label by the F rule over the hierarchy's labels (classes, then coarser labels)."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from .hfdt import best_f_label, class_levels

    levels = class_levels(spec, data)
    if levels.h < 2:
        raise SpecError(_("hierarchy_labels needs a class hierarchy of at least two levels (--hierarchy FILE, or "
                          "hierarchy in the project)"), code="needs_hierarchy", field="hierarchy")
    labels = list(data.classes) + levels.coarse_labels()
    rule = best_f_label(levels, labels)
    tree.labels = labels
    for node in tree.nodes:
        if node.label != PENDING:
            node.label = rule(node.counts)
    tree.aggregate = "label_sum"
    tree.changed()
    return tree


def with_hierarchy_labels(info: AlgorithmInfo) -> AlgorithmInfo:
    """The learner with the `hierarchy_labels` option (and "hierarchy" among what it reads)."""
    fit = info.fit

    def fit_with_hierarchy_labels(data: EncodedData, spec: ProblemSpec | None, params: dict, progress=None) -> Tree:
        tree = fit(data, spec, params, progress)
        return relabel_by_hierarchy(tree, spec, data) if params.get("hierarchy_labels") else tree

    fit_with_hierarchy_labels.__doc__ = fit.__doc__
    return replace(info, params=info.params + (HIERARCHY_LABELS,), uses=info.uses + ("hierarchy",),
                   fit=fit_with_hierarchy_labels)
