"""`ProblemSpec`: what the user says about the problem, and its validation.

The settings follow the project file of CLI.md one to one: target, class order,
class hierarchy (child -> parent), per-attribute settings (use, type, order,
monotone direction, test cost, wait time, wait cost, prerequisite), cost per
time, batch groups, misclassification cost matrix, budget — plus the positive
class for one-against-rest algorithms. Unknown keys at every level are kept in
`extra` so a project written by a newer minor version loses nothing.

`from_json` checks the *shape* of the settings (types, allowed words) and
raises `ProjectFileError` naming the setting. `check(spec, table)` checks the
settings against each other and the data and returns every problem found, each
with the setting it belongs to, so a form can show it next to the field;
`validate` raises a `SpecError` holding them all.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import ProjectFileError, SpecError
from .table import NOMINAL, NUMERIC, ORDINAL, Table, format_number, natural_key

MONOTONE_DIRECTIONS = ("increasing", "decreasing", "none")
_MONOTONE_ALIASES = {"+": "increasing", "-": "decreasing", "0": "none", "inc": "increasing",
                     "dec": "decreasing", "increasing": "increasing", "decreasing": "decreasing",
                     "none": "none"}


@dataclass
class SpecProblem:
    """One thing wrong with the settings; `field` is a path like 'attributes.age.monotone'."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


@dataclass
class AttributeSettings:
    use: bool = True
    type: str | None = None  # None: as inferred from the data
    order: list[str] | None = None  # ordinal: values from worst/lowest to best/highest
    monotone: str = "none"
    test_cost: float = 0.0
    wait_time: float = 0.0
    wait_cost: float = 0.0
    prerequisite: str | None = None
    extra: dict = field(default_factory=dict)

    _KEYS = ("use", "type", "order", "monotone", "test_cost", "wait_time", "wait_cost", "prerequisite")

    def is_default(self) -> bool:
        return self == AttributeSettings()

    def to_json(self) -> dict:
        out = {"use": self.use}
        if self.type is not None:
            out["type"] = self.type
        if self.order is not None:
            out["order"] = list(self.order)
        out["monotone"] = self.monotone
        out["test_cost"] = _num_out(self.test_cost)
        out["wait_time"] = _num_out(self.wait_time)
        out["wait_cost"] = _num_out(self.wait_cost)
        out["prerequisite"] = self.prerequisite
        out.update(self.extra)
        return out


@dataclass
class BatchGroup:
    name: str
    attributes: list[str]
    common_cost: float = 0.0
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {"name": self.name, "attributes": list(self.attributes), "common_cost": _num_out(self.common_cost)}
        out.update(self.extra)
        return out


@dataclass
class CostMatrix:
    """MC[i][j]: cost of predicting labels[j] for a case of class labels[i]."""

    labels: list[str]
    matrix: list[list[float]]
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {"labels": list(self.labels), "matrix": [[_num_out(v) for v in row] for row in self.matrix]}
        out.update(self.extra)
        return out

    def as_array(self, classes: list[str]) -> np.ndarray:
        """The matrix reindexed to `classes` (rows: true class, columns: predicted)."""
        index = {label: i for i, label in enumerate(self.labels)}
        order = [index[c] for c in classes]
        full = np.asarray(self.matrix, dtype=np.float64)
        return full[np.ix_(order, order)]

    @staticmethod
    def absolute_difference(classes: list[str], scale: float = 1.0) -> "CostMatrix":
        """scale·|i - j| over ordered classes (the default for ordered problems)."""
        k = len(classes)
        return CostMatrix(list(classes), [[scale * abs(i - j) for j in range(k)] for i in range(k)])

    @staticmethod
    def zero_one(classes: list[str]) -> "CostMatrix":
        k = len(classes)
        return CostMatrix(list(classes), [[0.0 if i == j else 1.0 for j in range(k)] for i in range(k)])


@dataclass
class ProblemSpec:
    target: str | None = None
    class_order: list[str] | None = None  # None: unordered classes
    hierarchy: dict[str, str | None] | None = None  # child -> parent (None: a top label)
    attributes: dict[str, AttributeSettings] = field(default_factory=dict)
    cost_per_time: float = 1.0
    batch_groups: list[BatchGroup] = field(default_factory=list)
    misclassification_costs: CostMatrix | None = None
    budget: float | None = None
    positive_class: str | None = None
    extra: dict = field(default_factory=dict)

    #: keys of the project file that belong to the problem (the rest is "data", "format", ...)
    KEYS = ("target", "class_order", "hierarchy", "attributes", "cost_per_time", "batch_groups",
            "misclassification_costs", "budget", "positive_class")

    # ---- access ----------------------------------------------------------

    def attribute(self, name: str) -> AttributeSettings:
        """Settings of a column (defaults when none were given)."""
        return self.attributes.get(name) or AttributeSettings()

    def set_attribute(self, name: str, **changes) -> AttributeSettings:
        settings = self.attributes.setdefault(name, AttributeSettings())
        for key, value in changes.items():
            if key not in AttributeSettings._KEYS:
                raise KeyError(key)
            setattr(settings, key, value)
        return settings

    @property
    def ordered(self) -> bool:
        return self.class_order is not None

    def copy(self) -> "ProblemSpec":
        return copy.deepcopy(self)

    # ---- JSON ------------------------------------------------------------

    def to_json(self) -> dict:
        out = {
            "target": self.target,
            "class_order": list(self.class_order) if self.class_order is not None else None,
            "hierarchy": dict(self.hierarchy) if self.hierarchy is not None else None,
            "attributes": {name: s.to_json() for name, s in self.attributes.items()},
            "cost_per_time": _num_out(self.cost_per_time),
            "batch_groups": [g.to_json() for g in self.batch_groups],
            "misclassification_costs": self.misclassification_costs.to_json()
            if self.misclassification_costs is not None else None,
            "budget": _num_out(self.budget) if self.budget is not None else None,
        }
        if self.positive_class is not None:
            out["positive_class"] = self.positive_class
        out.update(self.extra)
        return out

    @classmethod
    def from_json(cls, obj: dict, *, file: str | None = None, keep_unknown: bool = True) -> "ProblemSpec":
        """Parse the problem keys of a project object; other keys go to `extra`."""
        reader = _Reader(file)
        if not isinstance(obj, dict):
            raise reader.error("", "the settings must be a JSON object")
        spec = cls()
        spec.target = reader.opt_str(obj, "target")
        spec.class_order = reader.opt_str_list(obj, "class_order")
        hier = obj.get("hierarchy")
        if hier is not None:
            if not isinstance(hier, dict):
                raise reader.error("hierarchy", "must map each label to its parent label")
            spec.hierarchy = {}
            for child, parent in hier.items():
                if parent is not None and not isinstance(parent, (str, int, float)):
                    raise reader.error(f"hierarchy.{child}", "the parent must be a label")
                # a null parent marks a top label, as an empty parent in a label,parent file
                spec.hierarchy[str(child)] = None if parent is None else _label(parent)
        attrs = obj.get("attributes")
        if attrs is not None:
            if not isinstance(attrs, dict):
                raise reader.error("attributes", "must map column names to their settings")
            for name, body in attrs.items():
                spec.attributes[str(name)] = reader.attribute(str(name), body)
        spec.cost_per_time = reader.number(obj, "cost_per_time", 1.0)
        groups = obj.get("batch_groups")
        if groups is not None:
            if not isinstance(groups, list):
                raise reader.error("batch_groups", "must be a list of groups")
            for i, body in enumerate(groups):
                spec.batch_groups.append(reader.batch_group(i, body))
        costs = obj.get("misclassification_costs")
        if costs is not None:
            spec.misclassification_costs = reader.cost_matrix(costs)
        budget = obj.get("budget")
        spec.budget = None if budget is None else reader.number(obj, "budget", None)
        spec.positive_class = reader.opt_str(obj, "positive_class")
        if keep_unknown:
            spec.extra = {k: v for k, v in obj.items() if k not in cls.KEYS}
        return spec


def _num_out(value):
    if value is None:
        return None
    value = float(value)
    return int(value) if value.is_integer() and abs(value) < 1e15 else value


def _label(value) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return format_number(value)
    return str(value)


class _Reader:
    """Shape checks for JSON settings, with the setting's path in every message."""

    def __init__(self, file):
        self.file = file

    def error(self, path: str, message: str) -> ProjectFileError:
        return ProjectFileError(message, code="bad_setting", file=self.file, field=path or None)

    def opt_str(self, obj, key, path=None):
        value = obj.get(key)
        if value is None:
            return None
        if isinstance(value, (dict, list)):
            raise self.error(path or key, "must be a text")
        return _label(value)

    def opt_str_list(self, obj, key, path=None):
        value = obj.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or any(isinstance(v, (dict, list)) or v is None for v in value):
            raise self.error(path or key, "must be a list of labels")
        return [_label(v) for v in value]

    def number(self, obj, key, default, path=None):
        value = obj.get(key, default)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(path or key, f"must be a number, not {json_repr(value)}")
        try:
            value = float(value)
        except OverflowError:
            raise self.error(path or key, "must be a finite number (this one is too large)") from None
        if not math.isfinite(value):
            raise self.error(path or key, "must be a finite number")
        return value

    def attribute(self, name, body) -> AttributeSettings:
        base = f"attributes.{name}"
        if not isinstance(body, dict):
            raise self.error(base, "must be an object of settings")
        s = AttributeSettings()
        use = body.get("use", True)
        if not isinstance(use, bool):
            raise self.error(f"{base}.use", "must be true or false")
        s.use = use
        kind = body.get("type")
        if kind is not None:
            if kind not in (NUMERIC, ORDINAL, NOMINAL):
                raise self.error(f"{base}.type", f'must be "numeric", "ordinal" or "nominal", not {json_repr(kind)}')
            s.type = kind
        s.order = self.opt_str_list(body, "order", f"{base}.order")
        mono = body.get("monotone", "none")
        mono = "none" if mono is None else mono
        if not isinstance(mono, str) or mono.lower() not in _MONOTONE_ALIASES:
            raise self.error(f"{base}.monotone", f'must be "increasing", "decreasing" or "none", not {json_repr(mono)}')
        s.monotone = _MONOTONE_ALIASES[mono.lower()]
        s.test_cost = self.number(body, "test_cost", 0.0, f"{base}.test_cost")
        s.wait_time = self.number(body, "wait_time", 0.0, f"{base}.wait_time")
        s.wait_cost = self.number(body, "wait_cost", 0.0, f"{base}.wait_cost")
        s.prerequisite = self.opt_str(body, "prerequisite", f"{base}.prerequisite")
        s.extra = {k: v for k, v in body.items() if k not in AttributeSettings._KEYS}
        return s

    def batch_group(self, i, body) -> BatchGroup:
        base = f"batch_groups[{i}]"
        if not isinstance(body, dict):
            raise self.error(base, "must be an object with name, attributes and common_cost")
        name = self.opt_str(body, "name", f"{base}.name") or ""
        members = self.opt_str_list(body, "attributes", f"{base}.attributes") or []
        cost = self.number(body, "common_cost", 0.0, f"{base}.common_cost")
        extra = {k: v for k, v in body.items() if k not in ("name", "attributes", "common_cost")}
        return BatchGroup(name=name, attributes=members, common_cost=cost, extra=extra)

    def cost_matrix(self, body) -> CostMatrix:
        base = "misclassification_costs"
        if not isinstance(body, dict):
            raise self.error(base, "must be an object with labels and matrix")
        labels = self.opt_str_list(body, "labels", f"{base}.labels")
        matrix = body.get("matrix")
        if labels is None:
            raise self.error(f"{base}.labels", "is missing")
        if not isinstance(matrix, list) or not all(isinstance(r, list) for r in matrix):
            raise self.error(f"{base}.matrix", "must be a list of rows")
        rows = []
        for i, row in enumerate(matrix):
            out = []
            for j, v in enumerate(row):
                try:
                    ok = not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(float(v))
                except OverflowError:
                    ok = False
                if not ok:
                    raise self.error(f"{base}.matrix[{i}][{j}]", f"must be a finite number, not {json_repr(v)}")
                out.append(float(v))
            rows.append(out)
        extra = {k: v for k, v in body.items() if k not in ("labels", "matrix")}
        return CostMatrix(labels=labels, matrix=rows, extra=extra)


def json_repr(value) -> str:
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---- validation against the data -----------------------------------------------


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


def effective_type(spec: ProblemSpec, table: Table, name: str) -> str:
    settings = spec.attribute(name)
    if settings.type is not None:
        return settings.type
    return table.column(name).type


def check(spec: ProblemSpec, table: Table) -> list[SpecProblem]:
    """Every problem of `spec` against itself and `table` (empty list: all good)."""
    problems: list[SpecProblem] = []

    def add(path: str, message: str) -> None:
        problems.append(SpecProblem(path, message))

    columns = [c.name for c in table.columns]
    colset = set(columns)

    def first_row_with(name: str, label: str) -> int | None:
        series = table.frame[name]
        if table.column(name).type == NUMERIC:
            try:
                value = float(label)
            except ValueError:
                return None
            hits = np.flatnonzero(series.to_numpy(dtype=float) == value)
        else:
            hits = np.flatnonzero(series.to_numpy(dtype=object) == label)
        return table.row_number(int(hits[0])) if len(hits) else None

    # -- target and classes
    classes: list[str] = []
    target = spec.target
    if target is None:
        add("target", "no target column is chosen")
    elif target not in colset:
        add("target", f'there is no column "{target}" in the data (columns: {_list(columns)})')
    else:
        info = table.column(target)
        classes = class_labels(table, target)
        if info.missing == table.n_rows:
            add("target", f'the target column "{target}" is empty (every value is missing)')
        elif len(classes) < 2:
            add("target", f'the target column "{target}" has only one class ("{classes[0]}"); '
                          "there is nothing to learn")
        elif info.type == NUMERIC and len(classes) > 50 and not info.integer:
            add("target", f'the target column "{target}" holds {len(classes)} different numbers; this '
                          "program learns classes, not a continuous quantity: discretise it first")
    if spec.class_order is not None and classes:
        order = spec.class_order
        dupes = sorted({c for c in order if order.count(c) > 1})
        if dupes:
            add("class_order", f'the class "{dupes[0]}" appears twice')
        missing = [c for c in classes if c not in set(order)]
        if missing:
            add("class_order", f'the class "{missing[0]}" of the data is not in the class order'
                               + (f" (nor {len(missing) - 1} more)" if len(missing) > 1 else ""))
        unknown = [c for c in order if c not in set(classes)]
        if unknown:
            add("class_order", f'"{unknown[0]}" is not a class of column "{target}" '
                               f"(classes: {_list(classes)})")

    # -- hierarchy
    if spec.hierarchy is not None:
        _check_hierarchy(spec.hierarchy, classes, add)

    # -- attributes
    attr_names = set()
    for name, settings in spec.attributes.items():
        base = f"attributes.{name}"
        if name not in colset:
            add(base, f'there is no column "{name}" in the data')
            continue
        if name == target:
            continue  # the target's attribute settings are ignored
        attr_names.add(name)
        kind = effective_type(spec, table, name)
        info = table.column(name)
        if kind == NUMERIC and info.type != NUMERIC and info.distinct and not info.numeric_text:
            add(f"{base}.type", f'column "{name}" holds text (e.g. "{info.values[0]}"); it cannot be numeric')
        if settings.order is not None and kind != ORDINAL:
            add(f"{base}.order", "an order of values is only for ordinal attributes")
        if kind == ORDINAL:
            values = column_labels(table, name)
            if settings.order is None:
                if info.type != NUMERIC and not info.numeric_text:
                    add(f"{base}.order", f'ordinal column "{name}" holds text; give the order of its values')
            else:
                dupes = sorted({v for v in settings.order if settings.order.count(v) > 1})
                if dupes:
                    add(f"{base}.order", f'the value "{dupes[0]}" appears twice')
                absent = [v for v in values if v not in set(settings.order)]
                if absent:
                    row = first_row_with(name, absent[0])
                    where = f" (row {row})" if row else ""
                    add(f"{base}.order", f'the value "{absent[0]}"{where} is not in the order')
        if settings.monotone != "none" and kind == NOMINAL:
            add(f"{base}.monotone", f'"{name}" is nominal (unordered), so it cannot have a monotone '
                                    "direction; make it ordinal or numeric first")
        for key in ("test_cost", "wait_time", "wait_cost"):
            if getattr(settings, key) < 0:
                add(f"{base}.{key}", "must not be negative")
        pre = settings.prerequisite
        if pre is not None:
            if pre == name:
                add(f"{base}.prerequisite", "an attribute cannot be its own prerequisite")
            elif pre not in colset or pre == target:
                add(f"{base}.prerequisite", f'"{pre}" is not an attribute of the data')
            elif not spec.attribute(pre).use:
                add(f"{base}.prerequisite", f'the prerequisite "{pre}" is not in use')
    cycle = _prerequisite_cycle(spec)
    if cycle:
        add(f"attributes.{cycle[0]}.prerequisite", "the prerequisites form a cycle: " + " -> ".join(cycle))

    usable = [c for c in columns if c != target and spec.attribute(c).use]
    if target in colset and not usable:
        add("attributes", "no attribute is in use besides the target")

    if spec.cost_per_time < 0:
        add("cost_per_time", "must not be negative")
    if spec.budget is not None and spec.budget <= 0:
        add("budget", "must be a positive number, or empty for no budget")

    # -- batch groups
    seen_names: set[str] = set()
    member_of: dict[str, str] = {}
    for i, group in enumerate(spec.batch_groups):
        base = f"batch_groups[{i}]"
        label = f'batch group "{group.name}"' if group.name else f"batch group {i + 1}"
        if not group.name.strip():
            add(f"{base}.name", "every batch group needs a name")
        elif group.name in seen_names:
            add(f"{base}.name", f'two batch groups are named "{group.name}"')
        seen_names.add(group.name)
        if group.common_cost < 0:
            add(f"{base}.common_cost", "must not be negative")
        if len(set(group.attributes)) < 2:
            add(f"{base}.attributes", f"{label} needs at least two attributes")
        for member in group.attributes:
            if member not in colset or member == target:
                add(f"{base}.attributes", f'"{member}" in {label} is not an attribute of the data')
                continue
            if not spec.attribute(member).use:
                add(f"{base}.attributes", f'"{member}" in {label} is not in use')
            if member in member_of and member_of[member] != group.name:
                add(f"{base}.attributes", f'"{member}" is in two batch groups ("{member_of[member]}" and '
                                          f'"{group.name}")')
            member_of[member] = group.name
            if spec.attribute(member).test_cost < group.common_cost:
                add(f"{base}.common_cost",
                    f'the common cost {_num_out(group.common_cost)} is more than the test cost of "{member}" '
                    f"({_num_out(spec.attribute(member).test_cost)}); a member's test cost includes the "
                    "common cost")

    # -- misclassification costs
    mc = spec.misclassification_costs
    if mc is not None:
        base = "misclassification_costs"
        k = len(mc.labels)
        if len(set(mc.labels)) != k:
            add(f"{base}.labels", "a label appears twice")
        if len(mc.matrix) != k or any(len(row) != k for row in mc.matrix):
            widths = sorted({len(r) for r in mc.matrix})
            shape = (f"{len(mc.matrix)} x {widths[0]}" if len(widths) == 1
                     else f"{len(mc.matrix)} rows of {', '.join(map(str, widths))} entries")
            add(f"{base}.matrix", f"must be {k} x {k} (one row and column per label), not {shape}")
        if classes:
            absent = [c for c in classes if c not in set(mc.labels)]
            extra = [c for c in mc.labels if c not in set(classes)]
            if absent:
                add(f"{base}.labels", f'the class "{absent[0]}" has no row and column in the cost matrix')
            if extra:
                add(f"{base}.labels", f'"{extra[0]}" in the cost matrix is not a class of "{target}"')
        for i, row in enumerate(mc.matrix):
            for j, v in enumerate(row):
                if v < 0:
                    add(f"{base}.matrix[{i}][{j}]", "costs must not be negative")

    if spec.positive_class is not None and classes and spec.positive_class not in set(classes):
        add("positive_class", f'"{spec.positive_class}" is not a class of "{target}" (classes: {_list(classes)})')
    return problems


def validate(spec: ProblemSpec, table: Table, *, file: str | None = None) -> None:
    """Raise `SpecError` (with all problems) when `check` finds any."""
    problems = check(spec, table)
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})" \
            if len(problems) > 1 else ""
        raise SpecError(first.message + more, code="invalid_settings", problems=problems,
                        file=file, field=first.field)


def _list(items, limit: int = 8) -> str:
    shown = ", ".join(str(i) for i in items[:limit])
    return shown + (", ..." if len(items) > limit else "")


def _check_hierarchy(full: dict[str, str | None], classes: list[str], add) -> None:
    hierarchy = {c: p for c, p in full.items() if p is not None}
    for child, parent in hierarchy.items():
        if child == parent:
            add(f"hierarchy.{child}", f'"{child}" cannot be its own parent')
            return
    cycle = find_cycle(hierarchy)
    if cycle:
        add(f"hierarchy.{cycle[0]}", "the hierarchy has a cycle: " + " -> ".join(cycle))
        return
    labels = set(full) | set(hierarchy.values())
    roots = sorted({p for p in hierarchy.values() if p not in hierarchy}
                   | {c for c, p in full.items() if p is None}, key=natural_key)
    if len(roots) > 1:
        add("hierarchy", f"the hierarchy has {len(roots)} top labels ({_list(roots)}); give them one "
                         "common parent")
    parents = set(hierarchy.values())
    for c in classes:
        if c not in labels:
            add("hierarchy", f'the class "{c}" is not in the hierarchy')
            break
        if c in parents:
            add(f"hierarchy.{c}", f'the class "{c}" of the data has sub-classes in the hierarchy; '
                                  "classes of the data must be its leaves")
            break


def find_cycle(links: dict[str, str]) -> list[str] | None:
    """A cycle of child -> parent links, as [a, b, ..., a], or None."""
    for start in links:
        seen = [start]
        node = start
        while node in links:
            node = links[node]
            if node in seen:
                return seen[seen.index(node):] + [node]
            seen.append(node)
    return None


def _prerequisite_cycle(spec: ProblemSpec) -> list[str] | None:
    return find_cycle({n: s.prerequisite for n, s in spec.attributes.items()
                       if s.prerequisite and s.prerequisite != n})
