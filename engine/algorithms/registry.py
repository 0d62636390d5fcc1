"""Name -> learner table with parameter schemas (name, default, bounds, help).

The CLI (`ruletree algorithms`, `--param K=V`) and the GUI's parameter form read
the schemas from here; learners are added by their own issues.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class Param:
    name: str
    default: Any
    help: str
    kind: str = "float"  # float | int | bool | choice | text
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple = ()

    def to_json(self) -> dict:
        out = {"name": self.name, "kind": self.kind, "default": self.default, "help": self.help}
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.choices:
            out["choices"] = list(self.choices)
        return out


@dataclass(frozen=True)
class AlgorithmInfo:
    name: str
    family: str
    title: str
    params: tuple[Param, ...] = ()
    uses: tuple[str, ...] = ()  # problem settings it reads: class_order, monotone, hierarchy, costs, ...
    fit: Callable | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        return {"name": self.name, "family": self.family, "title": self.title,
                "params": [p.to_json() for p in self.params], "uses": list(self.uses)}


REGISTRY: dict[str, AlgorithmInfo] = {}


def register(info: AlgorithmInfo) -> AlgorithmInfo:
    if info.name in REGISTRY:
        raise ValueError(f"algorithm {info.name!r} registered twice")
    REGISTRY[info.name] = info
    return info


def algorithms() -> list[AlgorithmInfo]:
    return list(REGISTRY.values())
