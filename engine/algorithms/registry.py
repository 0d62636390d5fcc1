"""Name -> learner table, built once from the learner modules.

Each learner module exports its `AlgorithmInfo` values as `ALGORITHMS` (with
`fit` set); the table is filled on first use, under a lock, all or nothing.
The parameter schema lives in `engine.algorithms.params`.
"""

from __future__ import annotations

import threading

from .params import AlgorithmInfo, Param, resolve_params

__all__ = ["AlgorithmInfo", "Param", "resolve_params", "algorithms", "get"]

_TABLE: dict[str, AlgorithmInfo] | None = None
_LOCK = threading.Lock()


def _build() -> dict[str, AlgorithmInfo]:
    from . import c45, classic, id3, ordinal, trichotomy

    table: dict[str, AlgorithmInfo] = {}
    for module in (classic, c45, id3, ordinal, trichotomy):
        for info in module.ALGORITHMS:
            if info.name in table:
                raise ValueError(f"algorithm {info.name!r} registered twice")
            table[info.name] = info
    return table


def _table() -> dict[str, AlgorithmInfo]:
    global _TABLE
    if _TABLE is None:
        with _LOCK:
            if _TABLE is None:
                _TABLE = _build()  # assigned only once complete: a failed import leaves nothing half-filled
    return _TABLE


def algorithms() -> list[AlgorithmInfo]:
    return list(_table().values())


def get(name: str) -> AlgorithmInfo:
    from ..errors import OptionError

    table = _table()
    if name not in table:
        known = ", ".join(sorted(table)) or "none yet"
        raise OptionError(f'unknown algorithm "{name}" (available: {known})', code="bad_option")
    return table[name]
