"""Reading the problem settings from JSON: the shape checks.

`read_problem` checks types and allowed words of every setting and raises
`ProjectFileError` naming the setting ("attributes.age.monotone"); whether the
settings fit the data is `checks.py`'s job.
"""

from __future__ import annotations

import json
import math

from ...errors import ProjectFileError
from ...i18n import _
from ..table import NOMINAL, NUMERIC, ORDINAL, format_number
from .settings import _MONOTONE_ALIASES, AttributeSettings, BatchGroup, CostMatrix, fuzzy_term_problems
from .trust import read_trust


def read_problem(obj: dict, *, cls, file: str | None = None, keep_unknown: bool = True):
    """The problem keys of a project object as a `cls` (ProblemSpec, which calls this from its
    `from_json`); other keys go to `extra`."""
    reader = _Reader(file)
    if not isinstance(obj, dict):
        raise reader.error("", _("the settings must be a JSON object"))
    spec = cls()
    spec.target = reader.opt_str(obj, "target")
    spec.class_order = reader.opt_str_list(obj, "class_order")
    hier = obj.get("hierarchy")
    if hier is not None:
        if not isinstance(hier, dict):
            raise reader.error("hierarchy", _("must map each label to its parent label"))
        spec.hierarchy = {}
        for child, parent in hier.items():
            if parent is not None and not isinstance(parent, (str, int, float)):
                raise reader.error(f"hierarchy.{child}", _("the parent must be a label"))
            # a null parent marks a top label, as an empty parent in a label,parent file
            spec.hierarchy[str(child)] = None if parent is None else _label(parent)
    attrs = obj.get("attributes")
    if attrs is not None:
        if not isinstance(attrs, dict):
            raise reader.error("attributes", _("must map column names to their settings"))
        for name, body in attrs.items():
            spec.attributes[str(name)] = reader.attribute(str(name), body)
    spec.cost_per_time = reader.number(obj, "cost_per_time", 1.0)
    groups = obj.get("batch_groups")
    if groups is not None:
        if not isinstance(groups, list):
            raise reader.error("batch_groups", _("must be a list of groups"))
        for i, body in enumerate(groups):
            spec.batch_groups.append(reader.batch_group(i, body))
    costs = obj.get("misclassification_costs")
    if costs is not None:
        spec.misclassification_costs = reader.cost_matrix(costs)
    budget = obj.get("budget")
    spec.budget = None if budget is None else reader.number(obj, "budget", None)
    spec.positive_class = reader.opt_str(obj, "positive_class")
    spec.trust = read_trust(obj.get("trust"), reader)
    if keep_unknown:
        spec.extra = {k: v for k, v in obj.items() if k not in cls.KEYS}
    return spec


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
            raise self.error(path or key, _("must be a text"))
        return _label(value)

    def opt_str_list(self, obj, key, path=None):
        value = obj.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or any(isinstance(v, (dict, list)) or v is None for v in value):
            raise self.error(path or key, _("must be a list of labels"))
        return [_label(v) for v in value]

    def number(self, obj, key, default, path=None):
        value = obj.get(key, default)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(path or key, _("must be a number, not {value}").format(value=json_repr(value)))
        try:
            value = float(value)
        except OverflowError:
            raise self.error(path or key, _("must be a finite number (this one is too large)")) from None
        if not math.isfinite(value):
            raise self.error(path or key, _("must be a finite number"))
        return value

    def attribute(self, name, body) -> AttributeSettings:
        base = f"attributes.{name}"
        if not isinstance(body, dict):
            raise self.error(base, _("must be an object of settings"))
        s = AttributeSettings()
        use = body.get("use", True)
        if not isinstance(use, bool):
            raise self.error(f"{base}.use", _("must be true or false"))
        s.use = use
        kind = body.get("type")
        if kind is not None:
            if kind not in (NUMERIC, ORDINAL, NOMINAL):
                raise self.error(f"{base}.type", _('must be "numeric", "ordinal" or "nominal", not {value}').format(
                                                     value=json_repr(kind)))
            s.type = kind
        s.order = self.opt_str_list(body, "order", f"{base}.order")
        mono = body.get("monotone", "none")
        mono = "none" if mono is None else mono
        if not isinstance(mono, str) or mono.lower() not in _MONOTONE_ALIASES:
            raise self.error(f"{base}.monotone", _('must be "increasing", "decreasing" or "none", not {value}').format(
                                                     value=json_repr(mono)))
        s.monotone = _MONOTONE_ALIASES[mono.lower()]
        s.test_cost = self.number(body, "test_cost", 0.0, f"{base}.test_cost")
        s.wait_time = self.number(body, "wait_time", 0.0, f"{base}.wait_time")
        s.wait_cost = self.number(body, "wait_cost", 0.0, f"{base}.wait_cost")
        s.prerequisite = self.opt_str(body, "prerequisite", f"{base}.prerequisite")
        names, centres = body.get("fuzzy_terms"), body.get("fuzzy_centres")
        problems = fuzzy_term_problems(names, centres)
        if problems:
            key, message = problems[0]
            raise self.error(f"{base}.{key}", message)
        s.fuzzy_terms = None if names is None else list(names)
        s.fuzzy_centres = None if centres is None else [float(c) for c in centres]
        s.extra = {k: v for k, v in body.items() if k not in AttributeSettings._KEYS}
        return s

    def batch_group(self, i, body) -> BatchGroup:
        base = f"batch_groups[{i}]"
        if not isinstance(body, dict):
            raise self.error(base, _("must be an object with name, attributes and common_cost"))
        name = self.opt_str(body, "name", f"{base}.name") or ""
        members = self.opt_str_list(body, "attributes", f"{base}.attributes") or []
        cost = self.number(body, "common_cost", 0.0, f"{base}.common_cost")
        extra = {k: v for k, v in body.items() if k not in ("name", "attributes", "common_cost")}
        return BatchGroup(name=name, attributes=members, common_cost=cost, extra=extra)

    def cost_matrix(self, body) -> CostMatrix:
        base = "misclassification_costs"
        if not isinstance(body, dict):
            raise self.error(base, _("must be an object with labels and matrix"))
        labels = self.opt_str_list(body, "labels", f"{base}.labels")
        matrix = body.get("matrix")
        if labels is None:
            raise self.error(f"{base}.labels", _("is missing"))
        if not isinstance(matrix, list) or not all(isinstance(r, list) for r in matrix):
            raise self.error(f"{base}.matrix", _("must be a list of rows"))
        rows = []
        for i, row in enumerate(matrix):
            out = []
            for j, v in enumerate(row):
                try:
                    ok = not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(float(v))
                except OverflowError:
                    ok = False
                if not ok:
                    raise self.error(f"{base}.matrix[{i}][{j}]", _("must be a finite number, not {value}").format(
                                                                     value=json_repr(v)))
                out.append(float(v))
            rows.append(out)
        extra = {k: v for k, v in body.items() if k not in ("labels", "matrix")}
        return CostMatrix(labels=labels, matrix=rows, extra=extra)


def json_repr(value) -> str:
    """A setting's value as it reads in the file, cut to 40 characters for a message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
