"""`ProblemSpec`: the problem settings of CLI.md's project file, one to one (the parts are in
`settings.py`; reading JSON with its shape checks in `reading.py`; the checks against the
data in `checks.py`)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .reading import read_problem
from .settings import AttributeSettings, BatchGroup, CostMatrix, _num_out
from .trust import TrustSettings


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
    # when a leaf has too few cases, a case is outside what the model has seen, two cuts are the same
    trust: TrustSettings = field(default_factory=TrustSettings)
    extra: dict = field(default_factory=dict)

    #: keys of the project file that belong to the problem (the rest is "data", "format", ...)
    KEYS = ("target", "class_order", "hierarchy", "attributes", "cost_per_time", "batch_groups",
            "misclassification_costs", "budget", "positive_class", "trust")

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
        if not self.trust.is_default():
            out["trust"] = self.trust.to_json()
        out.update(self.extra)
        return out

    @classmethod
    def from_json(cls, obj: dict, *, file: str | None = None, keep_unknown: bool = True) -> "ProblemSpec":
        """Parse the problem keys of a project object; other keys go to `extra`.

        Shape errors raise `ProjectFileError` naming the setting (see `reading.py`)."""
        return read_problem(obj, cls=cls, file=file, keep_unknown=keep_unknown)
