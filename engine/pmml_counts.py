"""An imported tree's cases counted on a data file (`ruletree import FILE.pmml --data TRAIN`).

A PMML file's recordCounts are whatever the writing tool put there: sklearn2pmml with scikit-learn
1.4 and later writes each leaf's class *shares* (every leaf "1 case"), so the trust layer's supports,
Wilson intervals and "few cases" flags (engine.trust.intervals) would describe nothing. Counting the
rows of a data file down the imported tree gives each node the class weights of the rows that reach
it, as our learners keep them: routed at every split as the model's missing-value policy sends a
case there (engine.tree.node_cases: "stop" keeps a case at the node, "majority" sends it down the
heaviest branch), then the effective numbers of cases, the leaves' value counts (planning) and what
the model has seen (engine.trust.novelty) on the same rows.

Each leaf keeps the file's label; its probabilities become the counted rows' shares (on the tool's
own training rows they are the shares the tool answered with). A leaf no row reaches counts 0.
"""

from __future__ import annotations

import numpy as np

from .data.encode import EncodedData
from .tree.case_counts import count_case_values
from .tree.node_cases import TRAINING_POLICY, recount
from .trust.intervals import count_effective_cases
from .trust.novelty import seen_of


def count_cases(model, data: EncodedData, *, source: dict | None = None):
    """`model` (an imported one) with its tree's counts, effective cases, leaf value counts and
    what it has seen taken from `data` (the model's schema's encoding); `source` (file, sheet, rows,
    sha256) is recorded as model.trained_on["counted_on"]."""
    tree = model.tree
    policy = TRAINING_POLICY.get(model.missing, "stay")
    X = np.asarray(data.X, np.float64)
    w = np.asarray(data.w, np.float64)
    labels = {i: tree.nodes[i].label for i in tree.reachable()}
    recount(tree, 0, X, np.asarray(data.y), w, policy)
    for i, label in labels.items():  # the file's answers stay the file's
        tree.nodes[i].label = label
    tree.effective_cases = count_effective_cases(tree, X, w, policy)
    tree.case_values = count_case_values(tree, X, w)
    tree.seen = seen_of(tree, X, w, policy)
    tree.changed()
    if source is not None:
        model.trained_on = dict(model.trained_on, counted_on=source)
    notes = [n for n in model.info.get("pmml_notes", []) if not n.startswith(_shares_prefix())]
    model.info = dict(model.info, pmml_notes=notes) if notes else {k: v for k, v in model.info.items()
                                                                    if k != "pmml_notes"}
    return model


def _shares_prefix() -> str:
    # deferred: the reader's own note, to drop it once the cases are counted
    from .pmml_import import SHARES_NOTE

    return SHARES_NOTE()[:40]
