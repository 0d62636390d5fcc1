"""The problem settings as data: `ProblemSpec` and its parts.

The settings follow the project file of CLI.md one to one: target, class order,
class hierarchy (child -> parent), per-attribute settings (use, type, order,
monotone direction, test cost, wait time, wait cost, prerequisite), cost per
time, batch groups, misclassification cost matrix, budget — plus the positive
class for one-against-rest algorithms. Unknown keys at every level are kept in
`extra` so a project written by a newer minor version loses nothing.

Reading JSON (shape checks) is in `reading.py`; the checks against the data in
`checks.py`.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import numpy as np

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
        """Parse the problem keys of a project object; other keys go to `extra`.

        Shape errors raise `ProjectFileError` naming the setting (see `reading.py`)."""
        from .reading import read_problem  # reading builds these classes: imported when used

        return read_problem(obj, cls=cls, file=file, keep_unknown=keep_unknown)


def _num_out(value):
    if value is None:
        return None
    value = float(value)
    return int(value) if value.is_integer() and abs(value) < 1e15 else value
