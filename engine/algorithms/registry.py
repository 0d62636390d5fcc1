"""Name -> learner table, built once from the learner modules; the families in their order.

Each learner module exports its `AlgorithmInfo` values as `ALGORITHMS` (with
`fit` set); the table is filled on first use, under a lock, all or nothing.
The parameter schema lives in `engine.algorithms.params`. `FAMILIES` fixes
the order and titles in which the CLI and the window list the algorithms, and
what each family reports beyond the metrics every problem gets.
"""

from __future__ import annotations

import threading
from typing import NamedTuple

from ..errors import OptionError
from ..i18n import N_, _
from .params import AlgorithmInfo, Param, resolve_params

__all__ = ["AlgorithmInfo", "Param", "resolve_params", "algorithms", "get", "known", "FAMILIES", "Family", "family",
           "by_family"]


class Family(NamedTuple):
    name: str
    title: str
    # metrics the family's answers call for, whatever the problem (engine.workflows reads them)
    reports: tuple[str, ...] = ()

    @property
    def display_title(self) -> str:
        """The title in the current language (`title` stays English: N_-marked)."""
        return _(self.title)


#: the order in which algorithms are listed (CLI, Train panel), with the families' titles
FAMILIES: tuple[Family, ...] = (
    Family("classic", N_("Classic baselines")),
    Family("ordinal", N_("Ordinal (monotone)")),
    Family("roughset", N_("Rough set")),
    Family("fuzzy", N_("Hierarchical fuzzy")),
    Family("costsensitive", N_("Minimum cost")),
    # provably the cheapest tree of bounded depth (a search, not a growth): engine.algorithms.optimal
    Family("optimal", N_("Optimal (provably cheapest)")),
    # may answer PENDING; one class against the rest ("not X") on more than two classes
    Family("trichotomy", N_("Sequential discriminant"),
           reports=("pending_rate", "misclassification_rate", "attributes_used")),
    # not learnt: a rule list the expert types, its counts from the data (engine.guideline)
    Family("expert", N_("The expert's own")),
)
_FAMILY = {f.name: f for f in FAMILIES}

_TABLE: dict[str, AlgorithmInfo] | None = None
_LOCK = threading.Lock()


def _build() -> dict[str, AlgorithmInfo]:
    # deferred: loads the Numba kernels (not on this command's light path)
    from . import c45, classic, guideline, hfdt, id3, mincost, optimal, ordinal, roughset, trichotomy

    table: dict[str, AlgorithmInfo] = {}
    for module in (classic, c45, id3, ordinal, roughset, hfdt, mincost, optimal, trichotomy, guideline):
        for info in module.ALGORITHMS:
            if info.name in table:
                raise ValueError(f"algorithm {info.name!r} registered twice")
            if info.family not in _FAMILY:
                raise ValueError(f"algorithm {info.name!r}: unknown family {info.family!r} "
                                 f"(families: {', '.join(_FAMILY)})")
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
    table = _table()
    if name not in table:
        known = ", ".join(sorted(table)) or _("none yet")
        raise OptionError(_('unknown algorithm "{name}" (available: {known})').format(name=name, known=known),
                          code="bad_option")
    return table[name]


def family(name: str) -> Family:
    """The family of that name (KeyError for an unknown one: families are declared here)."""
    return _FAMILY[name]


def by_family(infos: list[AlgorithmInfo] | None = None) -> list[tuple[Family, list[AlgorithmInfo]]]:
    """The algorithms grouped by family, in FAMILIES order, each group in registration order;
    families with no algorithm are left out."""
    infos = algorithms() if infos is None else infos
    return [(f, members) for f in FAMILIES if (members := [a for a in infos if a.family == f.name])]


def known(name: str) -> AlgorithmInfo | None:
    """The algorithm of that name, or None (a model file may name one this version lacks)."""
    return _table().get(name)


def title_of(name: str) -> str:
    """The learner's short title in the current language ("C4.5", "M3 minimum cost": its title up
    to the first bracket or colon), for a person where space is short (a list, the status bar);
    its name (the key of the command line, the project and the model file) when this version has
    no such learner."""
    info = known(name)
    if info is None:
        return name
    title = info.display_title
    cut = min((i for i in (title.find(m) for m in (" (", "（", ": ", "：")) if i > 0), default=len(title))
    return title[:cut]
