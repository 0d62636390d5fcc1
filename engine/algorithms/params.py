"""The parameter schema of a learner: names, defaults, bounds and help, declared once.

The CLI (`ruletree algorithms`, `--param K=V`), the GUI's parameter form and
`resolve_params` read it. Learner modules import only this module (never the
registry), so the registry can import them without a cycle.
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
    missing: str = "stop"  # prediction's policy for unknown values: stop | majority | fractional
    fit: Callable | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        return {"name": self.name, "family": self.family, "title": self.title,
                "params": [p.to_json() for p in self.params], "uses": list(self.uses), "missing": self.missing}


def resolve_params(info: AlgorithmInfo, given: dict | None) -> dict:
    """Defaults filled in; every value checked against its schema (one clear message)."""
    from ..errors import OptionError

    given = dict(given or {})
    out = {}
    by_name = {p.name: p for p in info.params}
    for key in given:
        if key not in by_name:
            known = ", ".join(by_name) or "none"
            raise OptionError(f'{info.name} has no parameter "{key}" (parameters: {known})', code="bad_option")
    for p in info.params:
        value = given.get(p.name, p.default)
        out[p.name] = _check_value(info, p, value, OptionError)
    return out


def _check_value(info, p: Param, value, error):
    where = f"{info.name} parameter {p.name}"
    empty = value is None or (p.kind != "choice" and isinstance(value, str) and value.lower() in ("none", "null", ""))
    if empty:
        if p.default is None:
            return None
        raise error(f"{where} needs a value", code="bad_option")
    if p.kind == "choice":
        if str(value) not in p.choices:
            raise error(f"{where} must be one of {', '.join(map(str, p.choices))}, not {value!r}", code="bad_option")
        return str(value)
    if p.kind == "bool":
        if isinstance(value, bool):
            return value
        if str(value).lower() in ("true", "1", "yes"):
            return True
        if str(value).lower() in ("false", "0", "no"):
            return False
        raise error(f"{where} must be true or false, not {value!r}", code="bad_option")
    if p.kind in ("int", "float"):
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise error(f"{where} must be a number, not {value!r}", code="bad_option") from None
        if number != number or number in (float("inf"), float("-inf")):
            raise error(f"{where} must be a finite number", code="bad_option")
        if p.kind == "int":
            if number != int(number):
                raise error(f"{where} must be a whole number, not {value!r}", code="bad_option")
            number = int(number)
        if p.minimum is not None and number < p.minimum:
            raise error(f"{where} must be at least {p.minimum:g}, not {value}", code="bad_option")
        if p.maximum is not None and number > p.maximum:
            raise error(f"{where} must be at most {p.maximum:g}, not {value}", code="bad_option")
        return number
    return str(value)
