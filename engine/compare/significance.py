"""Which differences in a comparison are more than the folds' noise (issue 16 item 1).

On one metric (the problem's headline by default: the average total cost with priced tests,
else the misclassification cost with a cost matrix, else the accuracy):

- each entry against a reference entry (the first one compared, unless another is named),
  paired over the folds: the corrected resampled t-test with n_test / n_train of the folds
  (their mean), and Wilcoxon's signed-rank test;
- all entries together: Friedman's test over the folds as blocks, and Nemenyi's post-hoc
  critical difference and pairwise p-values.

Entries that do not report the metric on every fold are left out of the tests (named in
`left_out`). Every figure says which test made it (engine.compare.statistics). Which way is
better is the metric's (engine.metrics). A p-value is shown to 3 decimals, "< 0.001" below.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..errors import OptionError
from ..i18n import N_, _
from ..metrics import headline
from ..metrics import metric as catalogue_metric
from .statistics import Friedman, Nemenyi, PairTest, corrected_resampled_t, friedman, nemenyi, wilcoxon_signed_rank

#: English in the JSON ("caveat"); shown as `_(CAVEAT)`
CAVEAT = N_("the folds of one data set are not independent samples (their training sets overlap): the corrected "
            "t-test allows for it; Friedman and Nemenyi over folds are indicative only")
#: below it a p-value reads "< 0.001" (a float's 0 or 1e-12 is not a probability anyone can read)
P_FLOOR = 0.001
#: a p-value cell of a workbook: 3 decimals, "< 0.001" below that (the number stays in the cell)
P_FORMAT = '[<0.001]"< 0.001";0.000'


def p_value_text(p: float | None) -> str:
    """A p-value as a table shows it: "0.042", "< 0.001"; "-" for none."""
    if p is None or p != p:
        return "-"
    return f"< {P_FLOOR:g}" if p < P_FLOOR else f"{p:.3f}"


def p_text(p: float) -> str:
    """A p-value in a sentence: "p = 0.042", "p < 0.001"."""
    return f"p < {P_FLOOR:g}" if p < P_FLOOR else f"p = {p:.3f}"


@dataclass
class Significance:
    metric: str
    higher_better: bool
    reference: str
    names: list[str]  # the entries tested, in the comparison's order
    means: dict[str, float]
    pairs: dict[str, dict[str, PairTest]]  # name -> {"corrected_t": ..., "wilcoxon": ...} against the reference
    friedman: Friedman | None
    nemenyi: Nemenyi | None
    alpha: float = 0.05
    left_out: list[str] = field(default_factory=list)

    def rank_of(self, name: str) -> float | None:
        if self.friedman is None:
            return None
        return float(self.friedman.average_ranks[self.names.index(name)])

    def nemenyi_p(self, name: str) -> float | None:
        """Nemenyi's p-value of `name` against the reference."""
        if self.nemenyi is None or name == self.reference:
            return None
        return float(self.nemenyi.p_values[self.names.index(name), self.names.index(self.reference)])

    def better_than_reference(self, name: str) -> bool | None:
        """Significantly better (True) or worse (False) than the reference by the corrected t-test
        at alpha; None: no significant difference, or `name` is the reference."""
        test = self.pairs.get(name, {}).get("corrected_t")
        if test is None or test.p_value >= self.alpha or test.mean_difference == 0:
            return None
        return (test.mean_difference > 0) == self.higher_better

    def for_entry(self, name: str) -> dict:
        """What an entry's JSON object carries: its tests against the reference, its rank, and the
        tests over all entries."""
        out = {"metric": self.metric, "higher_is_better": self.higher_better, "reference": self.reference,
               "alpha": self.alpha, "tested": name in self.names}
        if name in self.pairs:
            out["against_reference"] = {k: v.to_json() for k, v in self.pairs[name].items()}
            out["against_reference"]["nemenyi_p"] = self.nemenyi_p(name)
        if name in self.names and self.friedman is not None:
            out["average_rank"] = self.rank_of(name)
        if self.friedman is not None:
            out["friedman"] = self.friedman.to_json()
            out["nemenyi"] = self.nemenyi.to_json() | {"names": list(self.names)}
        out["caveat"] = CAVEAT
        return out


def significance(comparison, metric: str | None = None, reference: str | None = None,
                 alpha: float = 0.05) -> Significance:
    """The tests of `comparison` (an engine.compare.Comparison) on `metric` against `reference`."""
    names = comparison.names
    if metric is None:
        metric = headline(comparison[names[0]].evaluation.summary()).key
    scores = comparison.fold_scores(metric)
    complete = [n for n in names if n in scores and np.isfinite(scores[n]).all()]
    left_out = [n for n in names if n not in complete]
    reference = reference or names[0]
    if reference not in names:
        raise OptionError(_('the reference "{reference}" is not one of the entries compared ({names})').format(
            reference=reference, names=", ".join(names)), code="bad_option")
    if reference not in complete:
        raise OptionError(_('the reference "{reference}" does not report {metric} on every fold').format(
            reference=reference, metric=metric), code="bad_option")
    higher = not catalogue_metric(metric).lower_is_better
    ratio = float(np.mean(comparison.n_test / comparison.n_train))
    n_folds = len(comparison.n_test)
    pairs = {}
    if n_folds >= 2:
        for name in complete:
            if name != reference:
                pairs[name] = {"corrected_t": corrected_resampled_t(scores[name], scores[reference], ratio),
                               "wilcoxon": wilcoxon_signed_rank(scores[name], scores[reference])}
    f = n = None
    if n_folds >= 2 and len(complete) >= 2:
        f = friedman(np.column_stack([scores[name] for name in complete]), higher)
        n = nemenyi(f.average_ranks, f.n_blocks, alpha)
    means = {name: float(np.mean(scores[name])) for name in complete}
    return Significance(metric, higher, reference, complete, means, pairs, f, n, alpha, left_out)
