"""The settings checked against each other and the data: one checker per section.

`check(spec, table)` runs the checkers of `CHECKS` in order and returns every
problem found, each with the setting it belongs to (a path such as
"attributes.age.monotone"), so a form can show it next to the field; `validate`
raises a `SpecError` holding them all, its message the first problem's.

A checker is `(spec, facts) -> iterator of SpecProblem`, where `facts` is what
the checks need to know about the table (`DataFacts`). Checkers report; they do
not stop each other: a spec with a wrong target still has its costs checked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from ...errors import SpecError
from ...i18n import _
from ..table import NOMINAL, NUMERIC, ORDINAL, Table, format_number, natural_key
from .problem_spec import ProblemSpec
from .settings import AttributeSettings, SpecProblem, _num_out, fuzzy_term_problems

Problems = Iterator[SpecProblem]


# ---- what the checks read from the data ---------------------------------------------


def class_labels(table: Table, target: str) -> list[str]:
    """Distinct non-missing labels of the target column, in natural order."""
    info = table.column(target)
    if info.type == NUMERIC:
        values = table.frame[target].to_numpy(dtype=float)
        values = np.unique(values[~np.isnan(values)])
        return [format_number(v) for v in values]
    return list(info.values)


def column_labels(table: Table, name: str) -> list[str]:
    """Distinct values of a column as labels (numbers formatted), natural order."""
    return class_labels(table, name)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def effective_type(spec: ProblemSpec, table: Table, name: str) -> str:
    """The attribute's type as set, else as inferred from the data."""
    settings = spec.attribute(name)
    if settings.type is not None:
        return settings.type
    return table.column(name).type


@dataclass
class DataFacts:
    """The table as the checkers see it; or, `partial`, what a trained model knows of its data
    (`of_model`: its attributes and classes, not every column, nor the columns' values)."""

    table: Table | None
    columns: list[str]  # in the order of the data
    target: str | None  # the spec's target, whether or not it is a column
    classes: list[str]  # the target column's labels; [] when there is no such column
    partial: bool = False

    @classmethod
    def of(cls, spec: ProblemSpec, table: Table) -> "DataFacts":
        columns = [c.name for c in table.columns]
        target = spec.target
        classes = class_labels(table, target) if target is not None and target in columns else []
        return cls(table, columns, target, classes)

    @classmethod
    def of_model(cls, schema) -> "DataFacts":
        """A model's attributes and classes (a DataSchema): the settings a consultation of that
        model takes from a project are checked against these. Settings of columns the model
        does not use, and whether a column is in use, are not judged (they do not apply)."""
        # in the data's natural order, as `of` lists them, so both say the same words
        return cls(None, [*schema.names, schema.target], schema.target,
                   sorted(schema.classes, key=natural_key), partial=True)

    def has_column(self, name: str) -> bool:
        return name in self.columns

    def is_attribute(self, name: str) -> bool:
        """A column of the data other than the target."""
        return name in self.columns and name != self.target

    def first_row_with(self, name: str, label: str) -> int | None:
        """The row number (as the user counts rows) of the first case whose `name` is `label`."""
        series = self.table.frame[name]
        if self.table.column(name).type == NUMERIC:
            try:
                value = float(label)
            except ValueError:
                return None
            hits = np.flatnonzero(series.to_numpy(dtype=float) == value)
        else:
            hits = np.flatnonzero(series.to_numpy(dtype=object) == label)
        return self.table.row_number(int(hits[0])) if len(hits) else None


# ---- target and classes ---------------------------------------------------------------


#: the largest cost or time a setting may hold: sums of costs over a million cases must stay exact
#: enough to compare (a cost of 1e308 overflowed CART's pruning to infinity)
MAX_COST = 1e12
TOO_LARGE = f"must be at most {MAX_COST:.0e} (express costs in a larger unit)"


def _too_large() -> str:
    """TOO_LARGE in the current language."""
    return _("must be at most {most} (express costs in a larger unit)").format(most=format(MAX_COST, ".0e"))


#: the label of a deferred answer (engine.tree.model.PENDING_LABEL): a model file refuses it as a class
PENDING_ANSWER = "PENDING"


def check_target(spec: ProblemSpec, facts: DataFacts) -> Problems:
    """A target column that exists and holds at least two classes (not a continuous quantity)."""
    target, classes = facts.target, facts.classes
    if facts.partial:  # a model's target is its own
        return
    if target is None:
        yield SpecProblem("target", _("no target column is chosen"))
    elif not facts.has_column(target):
        yield SpecProblem("target", _('there is no column "{target}" in the data (columns: {columns})').format(
                                        target=target, columns=_list(facts.columns)))
    else:
        info = facts.table.column(target)
        if info.missing == facts.table.n_rows:
            yield SpecProblem("target", _('the target column "{target}" is empty (every value is missing)').format(
                                            target=target))
        elif len(classes) < 2:
            yield SpecProblem("target", _('the target column "{target}" has only one class ("{cls}"); there is '
                                          "nothing to learn").format(target=target, cls=classes[0]))
        elif PENDING_ANSWER in classes:  # a model's answers "PENDING" mean "not decided yet": never a class
            yield SpecProblem("target", _('the target column "{target}" has a class named "{pending}", which is the '
                                          "name of the pending answer (not decided yet); rename that class in the "
                                          "data").format(target=target, pending=PENDING_ANSWER))
        elif info.type == NUMERIC and len(classes) > 50 and not info.integer:
            yield SpecProblem("target", _('the target column "{target}" holds {n_classes} different numbers; this '
                                          "program learns classes, not a continuous quantity: discretise it first").format(
                                            target=target, n_classes=len(classes)))


def check_class_order(spec: ProblemSpec, facts: DataFacts) -> Problems:
    """The class order lists every class of the data once, and nothing else."""
    order, classes = spec.class_order, facts.classes
    if order is None or not classes:
        return
    dupes = sorted({c for c in order if order.count(c) > 1})
    if dupes:
        yield SpecProblem("class_order", _('the class "{value}" appears twice').format(value=dupes[0]))
    missing = [c for c in classes if c not in set(order)]
    if missing:
        yield SpecProblem("class_order", (_('the class "{cls}" of the data is not in the class order (nor {n} more)')
                                          if len(missing) > 1 else
                                          _('the class "{cls}" of the data is not in the class order')).format(
                                              cls=missing[0], n=len(missing) - 1))
    unknown = [c for c in order if c not in set(classes)]
    if unknown:
        yield SpecProblem("class_order", _('"{value}" is not a class of column "{target}" (classes: {classes})').format(
                                             value=unknown[0], target=facts.target, classes=_list(classes)))


# ---- hierarchy --------------------------------------------------------------------------


def check_hierarchy(spec: ProblemSpec, facts: DataFacts) -> Problems:
    """A tree of labels: no self parent, no cycle, one top label, the data's classes as its leaves.

    A broken link or a cycle is reported alone: the rest cannot be judged on a graph
    that is not a tree."""
    if spec.hierarchy is None:
        return
    full = spec.hierarchy
    links = {c: p for c, p in full.items() if p is not None}
    for child, parent in links.items():
        if child == parent:
            yield SpecProblem(f"hierarchy.{child}", _('"{child}" cannot be its own parent').format(child=child))
            return
    cycle = find_cycle(links)
    if cycle:
        yield SpecProblem(f"hierarchy.{cycle[0]}",
                          _("the hierarchy has a cycle: {cycle}").format(cycle=" -> ".join(cycle)))
        return
    labels = set(full) | set(links.values())
    roots = sorted({p for p in links.values() if p not in links}
                   | {c for c, p in full.items() if p is None}, key=natural_key)
    if len(roots) > 1:
        yield SpecProblem("hierarchy", _("the hierarchy has {n_roots} top labels ({roots}); give them one common "
                                         "parent").format(n_roots=len(roots), roots=_list(roots)))
    parents = set(links.values())
    for c in facts.classes:
        if c not in labels:
            yield SpecProblem("hierarchy", _('the class "{c}" is not in the hierarchy').format(c=c))
            break
        if c in parents:
            yield SpecProblem(f"hierarchy.{c}", _('the class "{c}" of the data has sub-classes in the hierarchy; '
                                                  "classes of the data must be its leaves").format(c=c))
            break


def find_cycle(links: dict[str, str]) -> list[str] | None:
    """A cycle of child -> parent links, as [a, b, ..., a], or None: the first one a walk up from
    each label in turn meets. Each label is walked once (a walk stops at a label an earlier walk
    ended the climb from), so a hierarchy 10,000 levels deep costs 10,000 steps, not 10^12."""
    done: set[str] = set()  # labels whose climb reaches a top label
    for start in links:
        if start in done:
            continue
        walk = [start]
        at = {start: 0}  # position of each label on this walk
        node = start
        while node in links:
            node = links[node]
            if node in done:
                break
            if node in at:
                return walk[at[node]:] + [node]
            at[node] = len(walk)
            walk.append(node)
        done.update(walk)
    return None


# ---- attributes -------------------------------------------------------------------------


def check_attributes(spec: ProblemSpec, facts: DataFacts) -> Problems:
    """Each attribute's settings: a column of the data, then its type (`attribute_type_problems`),
    then its costs and prerequisite (`attribute_cost_problems`), then its fuzzy terms
    (`attribute_fuzzy_problems`).

    One attribute at a time, so an attribute's problems stay together in the list.
    The target's own attribute settings are ignored."""
    for name, settings in spec.attributes.items():
        if not facts.has_column(name):
            if facts.partial:  # a column the model does not use: its settings do not apply
                continue
            yield SpecProblem(f"attributes.{name}", _('there is no column "{name}" in the data').format(name=name))
            continue
        if name == facts.target:
            continue
        if facts.table is not None:  # a model's attributes keep the types they were trained with
            yield from attribute_type_problems(spec, facts, name, settings)
        yield from attribute_cost_problems(spec, facts, name, settings)
        yield from attribute_fuzzy_problems(spec, facts, name, settings)


def attribute_type_problems(spec: ProblemSpec, facts: DataFacts, name: str, settings: AttributeSettings) -> Problems:
    """Type, order of values and monotone direction fit the column."""
    base = f"attributes.{name}"
    kind = effective_type(spec, facts.table, name)
    info = facts.table.column(name)
    if kind == NUMERIC and info.type != NUMERIC and info.distinct and not info.numeric_text:
        stray = info.not_numbers or [v for v in info.values if not _is_number(v)] or info.values
        if info.not_numbers:  # a number column but for a few texts: they can be read as missing
            yield SpecProblem(f"{base}.type", _('column "{name}" holds text among its numbers (e.g. "{value}"); '
                                                "read those cells as missing to make it numeric").format(
                                                  name=name, value=stray[0]))
        else:
            yield SpecProblem(f"{base}.type", _('column "{name}" holds text (e.g. "{value}"); it cannot be '
                                                "numeric").format(name=name, value=stray[0]))
    if settings.order is not None and kind != ORDINAL:
        yield SpecProblem(f"{base}.order", _("an order of values is only for ordinal attributes"))
    if kind == ORDINAL:
        if settings.order is None:
            if info.type != NUMERIC and not info.numeric_text:
                yield SpecProblem(f"{base}.order", _('ordinal column "{name}" holds text; give the order of its '
                                                     "values").format(name=name))
        else:
            dupes = sorted({v for v in settings.order if settings.order.count(v) > 1})
            if dupes:
                yield SpecProblem(f"{base}.order", _('the value "{value}" appears twice').format(value=dupes[0]))
            absent = [v for v in column_labels(facts.table, name) if v not in set(settings.order)]
            if absent:
                row = facts.first_row_with(name, absent[0])
                where = _(" (row {row})").format(row=row) if row else ""
                yield SpecProblem(f"{base}.order", _('the value "{value}"{where} is not in the order').format(
                                                       value=absent[0], where=where))
    if settings.monotone != "none" and kind == NOMINAL:
        yield SpecProblem(f"{base}.monotone", _('"{name}" is nominal (unordered), so it cannot have a monotone '
                                                "direction; make it ordinal or numeric first").format(name=name))


def attribute_cost_problems(spec: ProblemSpec, facts: DataFacts, name: str, settings: AttributeSettings) -> Problems:
    """Costs and times not negative; the prerequisite another attribute in use."""
    base = f"attributes.{name}"
    for key in ("test_cost", "wait_time", "wait_cost"):
        if getattr(settings, key) < 0:
            yield SpecProblem(f"{base}.{key}", _("must not be negative"))
        elif getattr(settings, key) > MAX_COST:
            yield SpecProblem(f"{base}.{key}", _too_large())
    pre = settings.prerequisite
    if pre is None:
        return
    if pre == name:
        yield SpecProblem(f"{base}.prerequisite", _("an attribute cannot be its own prerequisite"))
    elif facts.partial:  # a prerequisite the model does not use is never asked (CostModel leaves it out)
        return
    elif not facts.is_attribute(pre):
        yield SpecProblem(f"{base}.prerequisite", _('"{pre}" is not an attribute of the data').format(pre=pre))
    elif not spec.attribute(pre).use:
        yield SpecProblem(f"{base}.prerequisite", _('the prerequisite "{pre}" is not in use').format(pre=pre))


def fuzzified(spec: ProblemSpec, table: Table, name: str) -> bool:
    """The fuzzy learners give this attribute triangular terms over centres: it is numeric, or
    ordinal on numbers with no order of named values (the others keep one crisp term per value)."""
    kind = effective_type(spec, table, name)
    info = table.column(name)
    if kind == NUMERIC:
        return True
    return kind == ORDINAL and spec.attribute(name).order is None and (info.type == NUMERIC or info.numeric_text)


def attribute_fuzzy_problems(spec: ProblemSpec, facts: DataFacts, name: str,
                             settings: AttributeSettings) -> Problems:
    """Fuzzy term names and fixed centres well formed (`fuzzy_term_problems`). (On an attribute
    the fuzzy learners do not fuzzify they are ignored, with a warning: see `fuzzified`.)"""
    base = f"attributes.{name}"
    for key, message in fuzzy_term_problems(settings.fuzzy_terms, settings.fuzzy_centres):
        yield SpecProblem(f"{base}.{key}", message)


def check_prerequisite_cycle(spec: ProblemSpec, facts: DataFacts) -> Problems:
    """No chain of prerequisites leads back to where it started."""
    cycle = prerequisite_cycle(spec)
    if cycle:
        yield SpecProblem(f"attributes.{cycle[0]}.prerequisite",
                          _("the prerequisites form a cycle: {cycle}").format(cycle=" -> ".join(cycle)))


def prerequisite_cycle(spec: ProblemSpec) -> list[str] | None:
    """A cycle of prerequisites as [a, b, ..., a] (an attribute its own prerequisite is not one), or None."""
    return find_cycle({n: s.prerequisite for n, s in spec.attributes.items()
                       if s.prerequisite and s.prerequisite != n})


def check_attributes_in_use(spec: ProblemSpec, facts: DataFacts) -> Problems:
    """At least one attribute besides the target is in use (checked once the target is a column)."""
    if facts.partial or facts.target is None or not facts.has_column(facts.target):
        return
    if not any(c != facts.target and spec.attribute(c).use for c in facts.columns):
        yield SpecProblem("attributes", _("no attribute is in use besides the target"))


# ---- problem-wide costs ---------------------------------------------------------------------


def check_cost_per_time(spec: ProblemSpec, facts: DataFacts) -> Problems:
    if spec.cost_per_time < 0:
        yield SpecProblem("cost_per_time", _("must not be negative"))
    elif spec.cost_per_time > MAX_COST:
        yield SpecProblem("cost_per_time", _too_large())


def check_budget(spec: ProblemSpec, facts: DataFacts) -> Problems:
    if spec.budget is not None and spec.budget <= 0:
        yield SpecProblem("budget", _("must be a positive number, or empty for no budget"))
    elif spec.budget is not None and spec.budget > MAX_COST:
        yield SpecProblem("budget", _too_large())


def check_batch_groups(spec: ProblemSpec, facts: DataFacts) -> Problems:
    """Named once each; two or more members, each an attribute in use and in one group only;
    a common cost not negative and not above any member's test cost (which includes it)."""
    seen_names: set[str] = set()
    member_of: dict[str, str] = {}
    for i, group in enumerate(spec.batch_groups):
        base = f"batch_groups[{i}]"
        label = _('batch group "{name}"').format(name=group.name) if group.name else \
            _("batch group {number}").format(number=i + 1)
        if not group.name.strip():
            yield SpecProblem(f"{base}.name", _("every batch group needs a name"))
        elif group.name in seen_names:
            yield SpecProblem(f"{base}.name", _('two batch groups are named "{name}"').format(name=group.name))
        seen_names.add(group.name)
        if group.common_cost < 0:
            yield SpecProblem(f"{base}.common_cost", _("must not be negative"))
        elif group.common_cost > MAX_COST:
            yield SpecProblem(f"{base}.common_cost", _too_large())
        if len(set(group.attributes)) < 2:
            yield SpecProblem(f"{base}.attributes", _("{label} needs at least two attributes").format(label=label))
        for member in group.attributes:
            if facts.partial and not facts.is_attribute(member):
                continue  # not in the model: CostModel leaves it out of the group
            if not facts.is_attribute(member):
                yield SpecProblem(f"{base}.attributes", _('"{member}" in {label} is not an attribute of the data').format(
                                                            member=member, label=label))
                continue
            if not facts.partial and not spec.attribute(member).use:
                yield SpecProblem(f"{base}.attributes", _('"{member}" in {label} is not in use').format(
                                                            member=member, label=label))
            if member in member_of and member_of[member] != group.name:
                yield SpecProblem(f"{base}.attributes", _('"{member}" is in two batch groups ("{other}" and '
                                                          '"{name}")').format(
                                                            member=member, other=member_of[member],
                                                            name=group.name))
            member_of[member] = group.name
            test_cost = spec.attribute(member).test_cost
            if test_cost < group.common_cost:
                yield SpecProblem(f"{base}.common_cost",
                                  _('the common cost {common_cost} is more than the test cost of "{member}" '
                                    "({test_cost}); a member's test cost includes the common cost").format(
                                      common_cost=_num_out(group.common_cost), member=member,
                                      test_cost=_num_out(test_cost)))


def check_cost_matrix(spec: ProblemSpec, facts: DataFacts) -> Problems:
    """Square, one row and column per class of the data, no negative entry."""
    mc = spec.misclassification_costs
    if mc is None:
        return
    base = "misclassification_costs"
    k = len(mc.labels)
    if len(set(mc.labels)) != k:
        yield SpecProblem(f"{base}.labels", _("a label appears twice"))
    if len(mc.matrix) != k or any(len(row) != k for row in mc.matrix):
        widths = sorted({len(r) for r in mc.matrix})
        shape = (f"{len(mc.matrix)} x {widths[0]}" if len(widths) == 1
                 else _("{rows} rows of {widths} entries").format(rows=len(mc.matrix),
                                                                  widths=", ".join(map(str, widths))))
        yield SpecProblem(f"{base}.matrix", _("must be {k} x {k} (one row and column per label), not {shape}").format(
                                                k=k, shape=shape))
    classes = facts.classes
    if classes:
        absent = [c for c in classes if c not in set(mc.labels)]
        extra = [c for c in mc.labels if c not in set(classes)]
        if absent:
            yield SpecProblem(f"{base}.labels", _('the class "{value}" has no row and column in the cost matrix').format(
                                                    value=absent[0]))
        if extra:
            yield SpecProblem(f"{base}.labels", _('"{label}" in the cost matrix is not a class of "{target}"').format(
                                                    label=extra[0], target=facts.target))
    for i, row in enumerate(mc.matrix):
        for j, v in enumerate(row):
            if v < 0:
                yield SpecProblem(f"{base}.matrix[{i}][{j}]", _("costs must not be negative"))
            elif v > MAX_COST:
                yield SpecProblem(f"{base}.matrix[{i}][{j}]", _too_large())


def check_positive_class(spec: ProblemSpec, facts: DataFacts) -> Problems:
    classes = facts.classes
    if spec.positive_class is not None and classes and spec.positive_class not in set(classes):
        yield SpecProblem("positive_class", _('"{positive_class}" is not a class of "{target}" (classes: {classes})').format(
                                                positive_class=spec.positive_class, target=facts.target,
                                                classes=_list(classes)))


Checker = Callable[[ProblemSpec, DataFacts], Problems]

#: the sections in the order their problems are listed (the first is `validate`'s message)
CHECKS: tuple[tuple[str, Checker], ...] = (
    ("target", check_target),
    ("class_order", check_class_order),
    ("hierarchy", check_hierarchy),
    ("attributes", check_attributes),
    ("prerequisites", check_prerequisite_cycle),
    ("attributes in use", check_attributes_in_use),
    ("cost_per_time", check_cost_per_time),
    ("budget", check_budget),
    ("batch_groups", check_batch_groups),
    ("misclassification_costs", check_cost_matrix),
    ("positive_class", check_positive_class),
)


def check(spec: ProblemSpec, table: Table) -> list[SpecProblem]:
    """Every problem of `spec` against itself and `table` (empty list: all good)."""
    return check_facts(spec, DataFacts.of(spec, table))


def check_for_model(spec: ProblemSpec, schema) -> list[SpecProblem]:
    """Every problem of `spec` against itself and a trained model's attributes and classes
    (`DataFacts.of_model`): the settings a consultation takes from a project or a session file."""
    return check_facts(spec, DataFacts.of_model(schema))


def check_facts(spec: ProblemSpec, facts: DataFacts) -> list[SpecProblem]:
    return [problem for _, checker in CHECKS for problem in checker(spec, facts)]


def validate(spec: ProblemSpec, table: Table, *, file: str | None = None) -> None:
    """Raise `SpecError` (with all problems) when `check` finds any."""
    raise_problems(check(spec, table), file=file)


def validate_for_model(spec: ProblemSpec, schema, *, file: str | None = None) -> None:
    """Raise `SpecError` (with all problems) when `check_for_model` finds any."""
    raise_problems(check_for_model(spec, schema), file=file)


def raise_problems(problems: list[SpecProblem], *, file: str | None = None) -> None:
    """The one refusal of settings that do not hold: a `SpecError` holding every problem, its
    message the first one's with how many more, naming `file` and the first problem's setting."""
    if problems:
        first = problems[0]
        more = "" if len(problems) < 2 else _(" (and 1 more problem)") if len(problems) == 2 else \
            _(" (and {n} more problems)").format(n=len(problems) - 1)
        raise SpecError(first.message + more, code="invalid_settings", problems=problems,
                        file=file, field=first.field)


def _list(items, limit: int = 8) -> str:
    shown = ", ".join(str(i) for i in items[:limit])
    return shown + (", ..." if len(items) > limit else "")
