"""What a comparison compares: an `Entry` (an algorithm, its parameters, its name)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Entry:
    """One algorithm with its parameters (those not given take their defaults) and the name
    it is shown by: `name`, else the algorithm's, with the given parameters in brackets
    ("c45 (min_cases=5)"); an edited model's entry carries its edits and is shown as the
    algorithm's name with ", edited"."""

    algorithm: str
    params: dict = field(default_factory=dict)
    name: str | None = None
    # the parameters resolved once against the schema (a caller that checked them early keeps
    # them here, so the run does not check them again)
    resolved: dict | None = field(default=None, compare=False, repr=False)
    # an expert-edited model (engine.edits): the edits replayed on each fold's learned tree
    edits: list | None = None

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        if self.edits:
            return f"{self.algorithm}, edited"
        if not self.params:
            return self.algorithm
        return f"{self.algorithm} ({', '.join(f'{k}={v}' for k, v in self.params.items())})"
