"""The problem settings as data: `ProblemSpec` and its parts.

The parts of the settings; `ProblemSpec`, which holds them, is in `problem_spec.py`.
The settings follow the project file of CLI.md one to one: target, class order,
class hierarchy (child -> parent), per-attribute settings (use, type, order,
monotone direction, test cost, wait time, wait cost, prerequisite), cost per
time, batch groups, misclassification cost matrix, budget — plus the positive
class for one-against-rest algorithms. Unknown keys at every level are kept in
`extra` so a project written by a newer minor version loses nothing.

A numeric attribute may name its fuzzy terms (`fuzzy_terms`, low to high) and fix
their centres (`fuzzy_centres`, strictly increasing) for the fuzzy learners
(HFDT, fuzzy ID3, Min-Ambiguity); `fuzzy_term_problems` is the one rule both the
file reader and the checks apply to them.

Reading JSON (shape checks) is in `reading.py`; the checks against the data in
`checks.py`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ...i18n import N_, _

MONOTONE_DIRECTIONS = ("increasing", "decreasing", "none")
_MONOTONE_ALIASES = {"+": "increasing", "-": "decreasing", "0": "none", "inc": "increasing",
                     "dec": "decreasing", "increasing": "increasing", "decreasing": "decreasing",
                     "none": "none"}


#: the settings' keys in plain words (SpecProblem.words)
_FIELD_WORDS = {
    "type": N_("type"), "order": N_("order of values"), "monotone": N_("monotone direction"), "use": N_("use"),
    "test_cost": N_("test cost"), "wait_time": N_("waiting time"), "wait_cost": N_("waiting cost"),
    "prerequisite": N_("prerequisite"), "fuzzy_terms": N_("fuzzy term names"),
    "fuzzy_centres": N_("fuzzy term centres"),
    "name": N_("name"), "attributes": N_("members"), "common_cost": N_("common cost"), "labels": N_("classes"),
    "matrix": N_("costs"),
}
_TOP_WORDS = {"target": N_("target"), "class_order": N_("class order"), "attributes": N_("attributes"),
              "cost_per_time": N_("cost per time unit"), "budget": N_("budget"),
              "positive_class": N_("positive class")}  # both tables shown as _(word)


@dataclass
class SpecProblem:
    """One thing wrong with the settings; `field` is a path like 'attributes.age.monotone'."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"

    @property
    def attribute(self) -> str | None:
        """The attribute the problem is about (an attribute's name may hold dots), or None."""
        if not self.field.startswith("attributes."):
            return None
        rest = self.field[len("attributes."):]
        head, dot, key = rest.rpartition(".")
        return head if dot and key in _FIELD_WORDS else rest

    @property
    def words(self) -> str:
        """Where the problem is, in the window's words: 'attribute "性别", monotone direction'
        rather than the settings file's path 'attributes.性别.monotone'."""
        name = self.attribute
        if name is not None:
            key = self.field[len("attributes.") + len(name) + 1:]
            return (_('attribute "{name}", {setting}') if key else _('attribute "{name}"')).format(
                name=name, setting=_(_FIELD_WORDS[key]) if key else "")
        head, dot, key = self.field.partition(".")
        if head.startswith("batch_groups[") and head.endswith("]"):
            number = int(head[13:-1]) + 1
            return (_("batch group {number}, {setting}") if key else _("batch group {number}")).format(
                number=number, setting=_(_FIELD_WORDS.get(key, key)) if key else "")
        if head == "hierarchy":
            return _('class hierarchy, class "{cls}"').format(cls=key) if key else _("class hierarchy")
        if head == "misclassification_costs":
            return _("cost matrix, {setting}").format(setting=_(_FIELD_WORDS.get(key, key))) if key else \
                _("cost matrix")
        return _(_TOP_WORDS[self.field]) if self.field in _TOP_WORDS else self.field.replace("_", " ")


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
    fuzzy_terms: list[str] | None = None  # numeric: names of the fuzzy terms, low to high (None: defaults)
    fuzzy_centres: list[float] | None = None  # numeric: fixed term centres (None: Kohonen's)
    extra: dict = field(default_factory=dict)

    _KEYS = ("use", "type", "order", "monotone", "test_cost", "wait_time", "wait_cost", "prerequisite",
             "fuzzy_terms", "fuzzy_centres")

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
        if self.fuzzy_terms is not None:
            out["fuzzy_terms"] = list(self.fuzzy_terms)
        if self.fuzzy_centres is not None:
            out["fuzzy_centres"] = [_num_out(c) for c in self.fuzzy_centres]
        out.update(self.extra)
        return out


#: the most fuzzy terms an attribute can have (HFDT's k is at most this)
MAX_FUZZY_TERMS = 9


def fuzzy_term_problems(names, centres) -> list[tuple[str, str]]:
    """What is wrong with an attribute's fuzzy term names and fixed centres, as (setting,
    message) pairs, setting "fuzzy_terms" or "fuzzy_centres" ([] when nothing is).

    Names: 1 to MAX_FUZZY_TERMS texts, none empty, none twice. Centres: as many finite
    numbers, strictly increasing, and as many as the names when both are given."""
    out = []
    if names is not None:
        out += [("fuzzy_terms", m) for m in _name_problems(names)]
    if centres is not None:
        out += [("fuzzy_centres", m) for m in _centre_problems(centres)]
        names_ok = isinstance(names, (list, tuple)) and names
        if names_ok and isinstance(centres, (list, tuple)) and centres and len(names) != len(centres):
            message = _("{centres} centres for {names} term names; give one centre per name").format(
                centres=len(centres), names=len(names))
            out.append(("fuzzy_centres", message))
    return out


def _name_problems(names) -> list[str]:
    if not isinstance(names, (list, tuple)) or any(not isinstance(n, str) for n in names):
        return [_("must be a list of names (texts), lowest term first")]
    if not names:
        return [_("give at least one name, or leave the setting out for the default names")]
    if len(names) > MAX_FUZZY_TERMS:
        return [_("{n} names; an attribute has at most {most} fuzzy terms").format(n=len(names), most=MAX_FUZZY_TERMS)]
    out = []
    empty = [i + 1 for i, n in enumerate(names) if not n.strip()]
    if empty:
        out.append(_("name {number} is empty; every term needs a name").format(number=empty[0]))
    seen: set[str] = set()
    for n in (n.strip() for n in names):
        if n and n in seen:
            out.append(_('the name "{name}" appears twice').format(name=n))
            break
        seen.add(n)
    return out


def _centre_problems(centres) -> list[str]:
    if not isinstance(centres, (list, tuple)) or any(isinstance(c, bool) or not isinstance(c, (int, float))
                                                     for c in centres):
        return [_("must be a list of numbers, lowest first")]
    if not centres:
        return [_("give at least one centre, or leave the setting out for Kohonen's")]
    if len(centres) > MAX_FUZZY_TERMS:
        return [_("{n} centres; an attribute has at most {most} fuzzy terms").format(n=len(centres),
                                                                                     most=MAX_FUZZY_TERMS)]
    bad = [c for c in centres if not _finite(c)]
    if bad:
        return [_("must be finite numbers, not {value}").format(value=bad[0])]
    for i in range(1, len(centres)):
        if not float(centres[i]) > float(centres[i - 1]):
            here, before = _num_out(centres[i]), _num_out(centres[i - 1])
            return [_("must increase strictly: centre {number} ({here}) is not above centre {previous} "
                      "({before})").format(
                number=i + 1, here=here, previous=i, before=before)]
    return []


def _finite(value) -> bool:
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


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


def _num_out(value):
    if value is None:
        return None
    value = float(value)
    return int(value) if value.is_integer() and abs(value) < 1e15 else value
