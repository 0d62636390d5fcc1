"""The expert's own guideline as a learner (issue 37): a rule list typed as text
(engine.guideline), scored like any learner.

It learns nothing: `fit` reads the text against the data's schema and builds the list's
tree (engine.tree.decision_list); the data give only the counts of every node (its cases
under the "stop" policy: a case whose value is missing stays at the node that asks for it)
and the labels of the inner nodes, where such a case stops: the class of most weight, or of
least expected cost when the problem has a cost matrix (a node no training case reaches
takes its parent's). The leaves keep the classes the text gives. In cross-validation the
text is the same on every fold; each fold's counts come from its training rows and its
score from its test rows.

Its family, "expert", stands apart from the learners: its tree comes from a person.
"""

from __future__ import annotations

from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..errors import SpecError
from ..guideline import read_guideline
from ..i18n import N_, _
from ..progress import Progress
from ..tree.grow import majority_label, min_cost_label
from ..tree.model import Tree
from ..tree.node_cases import recount
from .classic import cost_matrix
from .params import AlgorithmInfo, Param

TEXT = Param("text", None, N_("the rules, one a line or separated by ';': IF age > 50 AND bp >= 140 THEN high; "
                              "ELSE IF ... THEN ...; ELSE low (the default, required)"), kind="text", required=True)


def fit_guideline(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    """The guideline's tree with the counts of `data` (module docstring)."""
    text = params.get("text")
    if not text or not str(text).strip():
        raise SpecError(_("the guideline has no rules: its text is empty"), code="needs_guideline", field="text")
    guideline = read_guideline(str(text), data.schema)
    tree = guideline.tree
    recount(tree, 0, data.X, data.y, data.w, "stay")
    cost = cost_matrix(spec, data)
    label_rule = majority_label if cost is None else min_cost_label(cost)
    for i in tree.reachable():  # parents before children
        node = tree.nodes[i]
        if node.children:
            node.label = label_rule(node.counts) if node.weight > 0 else \
                tree.nodes[node.parent].label if node.parent >= 0 else guideline.default
    tree.changed()
    return tree


GUIDELINE = AlgorithmInfo(
    name="guideline", family="expert", title=N_("Guideline (the expert's own rules, typed)"),
    params=(TEXT,), uses=("misclassification_costs",), missing="stop", fit=fit_guideline)

ALGORITHMS = (GUIDELINE,)
