"""The metrics' catalogue: what each metric is, written once (issue 35; Orange keeps a Score class
per metric in a registry).

Every table, workbook, panel, comparison and test reads a metric's facts here: its title in
words, its kind (how its value reads), which way is better, whether it judges a model's quality,
its place in a listing. The JSON keeps the keys and the values as they are (a share stays 0..1);
only what a person reads goes through this module.

Kinds and how they read (the window and the command line / a workbook cell):

    share    a part of the cases, 0..1       93.1 ± 1.2 %        0.00%
    count    how many (a mean: fractional)   54 / 54.9 ± 2.0     #,##0 / #,##0.00
    cost     per case                        1,234.57 ± 12.30    #,##0.00
    seconds  a time                          0.012 ± 0.003       0.000
    steps    a distance in class steps       0.081 ± 0.010       0.000
    score    an index (not a share of cases) 0.842 ± 0.020       0.000

A family of keys (`accuracy_level_<i>`, one per level of a class hierarchy) is one pattern
entry; a key the catalogue does not know reads as a score under its own name, listed last (a
model file from a newer version).

Adding a metric: one entry in `_entries()` (its place there is its listing order) and its
title's translation; nothing else names its kind, direction or title.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .i18n import N_, _, language

__all__ = ["Metric", "METRICS", "FAMILIES", "SHARE", "COUNT", "COST", "SECONDS", "STEPS", "SCORE", "metric",
           "known", "sort_key", "ordered", "headline"]

SHARE, COUNT, COST, SECONDS, STEPS, SCORE = "share", "count", "cost", "seconds", "steps", "score"
KINDS = (SHARE, COUNT, COST, SECONDS, STEPS, SCORE)

#: the text (window, command line) and the Excel number format of each kind but share and count
_DECIMALS = {COST: ",.2f", SECONDS: ".3f", STEPS: ".3f", SCORE: ".3f"}
_EXCEL = {SHARE: "0.00%", COST: "#,##0.00", SECONDS: "0.000", STEPS: "0.000", SCORE: "0.000"}


@dataclass(frozen=True)
class Metric:
    """One metric. `title`: English words (N_-marked, translated when shown; a family's holds
    {level}). `quality`: it judges how good a model is (the Compare table's best in bold); a
    tree's size and the times are not better in that sense. `part_of`: a total this metric is a
    part of, shown as `part_title` ("of which errors") under it when both are listed.
    `headline`: 1, 2, ...: the figure a result is judged by, the first reported one (0: never).
    `column`: a column of the Compare table when a comparison first shows."""

    key: str
    title: str
    kind: str
    lower_is_better: bool
    quality: bool = True
    part_of: str | None = None
    part_title: str | None = None
    headline: int = 0
    column: bool = False
    family: bool = False  # `key` is a prefix: its members are key + a number (from 1)
    order: int = 0  # the place in `_entries()`: the listing order of every table
    level: int | None = None  # a family's member: its number

    def is_part(self, among) -> bool:
        """Listed under its total: `among` (the keys listed with it) holds `part_of`."""
        return self.part_of is not None and among is not None and self.part_of in among

    def title_text(self, among=None) -> str:
        """The title in the current language; "of which ..." when listed under its total in `among`."""
        text = _(self.part_title) if self.is_part(among) else _(self.title)
        return text.format(level=self.level) if self.level is not None else text

    def name_text(self) -> str:
        """What the command line's tables call it: the key in English (what --metric and the JSON
        take), the title in another language."""
        return self.key if language() == "en" else self.title_text()

    def text(self, value, std: float | None = None) -> str:
        """The value as a person reads it (window, command line): "93.1 ± 1.2 %", "54.9 ± 2.0";
        "" for no value (None, NaN)."""
        if value is None or value != value:
            return ""
        if self.kind == SHARE:
            return f"{100 * value:.1f}" + (f" ± {100 * std:.1f}" if std is not None else "") + " %"
        if self.kind == COUNT:
            text = f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"
            spread = f"{std:.1f}" if std is not None else None
        else:
            digits = _DECIMALS[self.kind]
            text, spread = format(value, digits), (format(std, digits) if std is not None else None)
        return text + (f" ± {spread}" if spread is not None else "")

    def excel_format(self, value=None) -> str:
        """The number format of a workbook cell holding `value`: a count whole ("#,##0") or, a
        mean of counts, to 2 decimals."""
        if self.kind == COUNT:
            return "#,##0" if value is None or float(value).is_integer() else "#,##0.00"
        return _EXCEL[self.kind]

    def best(self, values):
        """The best of `values` (the smallest when lower is better)."""
        return (min if self.lower_is_better else max)(values)


def _entries() -> tuple[Metric, ...]:
    """Every metric, in the listing order of evaluate's summary and every table after it."""
    level = Metric("accuracy_level_", N_("accuracy at level {level}"), SHARE, False, family=True)
    return (
        Metric("accuracy", N_("accuracy"), SHARE, False, headline=3, column=True),
        Metric("hierarchical_accuracy", N_("hierarchical accuracy"), SHARE, False, column=True),
        Metric("label_precision", N_("label precision"), SCORE, False),
        level,
        Metric("mae", N_("mean absolute error (class steps)"), STEPS, True, column=True),
        Metric("leaves", N_("leaves"), COUNT, True, quality=False, column=True),
        Metric("single_case_leaves", N_("leaves holding one case"), COUNT, True, quality=False),
        Metric("depth", N_("depth"), COUNT, True, quality=False, column=True),
        Metric("fit_seconds", N_("fit time (s)"), SECONDS, True, quality=False, column=True),
        Metric("predict_seconds", N_("prediction time (s)"), SECONDS, True, quality=False),
        Metric("nonmonotone_pairs", N_("non-monotone leaf pairs"), COUNT, True),
        Metric("nmi", N_("non-monotonicity index (NMI)"), SCORE, True),
        Metric("avg_total_cost", N_("total cost per case"), COST, True, headline=1, column=True),
        Metric("avg_test_cost", N_("test cost per case"), COST, True, part_of="avg_total_cost",
               part_title=N_("of which tests")),
        Metric("avg_waiting_cost", N_("waiting cost per case"), COST, True, part_of="avg_total_cost",
               part_title=N_("of which waiting")),
        Metric("avg_misclassification_cost", N_("misclassification cost per case"), COST, True,
               part_of="avg_total_cost", part_title=N_("of which errors"), headline=2),
        Metric("avg_common_cost_saved", N_("common cost saved per case"), COST, False),
        Metric("pending_rate", N_("pending rate"), SHARE, True, column=True),
        Metric("misclassification_rate", N_("misclassification rate"), SHARE, True, column=True),
        Metric("attributes_used", N_("attributes asked per case"), COUNT, True),
        # a share of the comparable pairs of test cases (engine.monotone.inverted_share)
        Metric("inverted_pairs", N_("inverted pairs of answers"), SHARE, True),
        # the mean stability of the top three levels' splits (engine.trust.stability): one figure
        # of the model fitted on all rows, not a mean over folds
        Metric("stability", N_("stability of the splits"), SHARE, False, column=True),
    )


_ALL = tuple(replace(m, order=i) for i, m in enumerate(_entries()))
#: the families of keys: prefix -> the entry its members copy (key prefix + a number)
FAMILIES: dict[str, Metric] = {m.key: m for m in _ALL if m.family}
#: key -> Metric, in listing order
METRICS: dict[str, Metric] = {m.key: m for m in _ALL if not m.family}
_UNKNOWN = len(_ALL)


def metric(key: str) -> Metric:
    """The catalogue's entry of `key` (a family's member with its number; an unknown key: a
    score named by its key, listed last)."""
    found = METRICS.get(key)
    if found is not None:
        return found
    for prefix, family in FAMILIES.items():
        rest = key[len(prefix):]
        if key.startswith(prefix) and rest.isdigit():
            return replace(family, key=key, family=False, level=int(rest))
    return Metric(key, key, SCORE, False, order=_UNKNOWN)


def known(key: str) -> bool:
    return metric(key).order != _UNKNOWN


def sort_key(key: str):
    """Listing order: the catalogue's, a family's members by number, unknown keys last by name."""
    m = metric(key)
    return m.order, m.level or 0, key


def ordered(keys) -> list[str]:
    return sorted(keys, key=sort_key)


def headline(metrics) -> Metric:
    """The figure a result is judged by, among the reported `metrics` (keys): the average total
    cost when tests are priced, else the misclassification cost with a cost matrix, else the
    accuracy."""
    reported = [metric(k) for k in metrics if metric(k).headline]
    return min(reported, key=lambda m: m.headline) if reported else METRICS["accuracy"]
