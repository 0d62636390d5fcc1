"""Fuzzification of numeric attributes (seed 002, ALGORITHMS.md §3.1).

Each numeric attribute gets k triangular terms (seed 002 Def. 2) over centres
placed by a 1-D Kohonen map: the centres start evenly spaced over the
attribute's [min, max] on the training cases (k = 1: the midpoint), each
epoch visits the known values in a new random order (seeded), the winner
(the nearest centre) moves towards the value with a learning rate that falls
linearly from η to 0 over all the steps of all the epochs, and the centres
are sorted at the end. Centres that end up equal (to 1e-9 of the range) are
merged, so an attribute with fewer distinct values than k gets fewer terms.
Nominal and ordinal attributes keep one crisp term per value (no centres).

The centres are what the model stores (FuzzySplit.centres); a new case is
fuzzified by the same triangular functions (engine.tree.nodes.triangular_memberships),
whose memberships sum to 1 for every value.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..data.encode import EncodedData
from ..kernels.kohonen import kohonen_1d

#: readable names of k terms, low to high (other k: "term 1" .. "term k")
TERM_NAMES = {
    1: ("all",),
    2: ("less", "more"),
    3: ("low", "medium", "high"),
    4: ("very low", "low", "high", "very high"),
    5: ("very low", "low", "medium", "high", "very high"),
}


def term_names(k: int) -> list[str]:
    return list(TERM_NAMES.get(k, tuple(f"term {i + 1}" for i in range(k))))


def kohonen_centres(values: np.ndarray, k: int = 2, rate: float = 0.5, epochs: int = 20, seed: int = 0) -> np.ndarray:
    """The sorted centres of one attribute's terms from its known training values."""
    if k < 1 or epochs < 1 or not 0 < rate <= 1:
        raise ValueError("k and epochs must be at least 1 and the learning rate in (0, 1]")
    values = np.asarray(values, dtype=np.float64)
    values = values[~np.isnan(values)]
    if not len(values):
        return np.array([], dtype=np.float64)
    lo, hi = float(values.min()), float(values.max())
    if lo == hi:
        return np.array([lo])
    centres = np.linspace(lo, hi, k) if k > 1 else np.array([(lo + hi) / 2])
    rng = np.random.default_rng(seed)
    n = len(values)
    for epoch in range(epochs):  # one epoch's order at a time: memory n, not epochs x n
        kohonen_1d(values, centres, rng.permutation(n)[None, :].astype(np.int64), float(rate), epoch * n, epochs * n)
    centres = np.sort(centres)
    keep = np.concatenate([[True], np.diff(centres) > 1e-9 * (hi - lo)])
    return centres[keep]


@dataclass
class Fuzzification:
    """Per attribute: the sorted centres of its triangular terms (None: a category attribute,
    one crisp term per value) and the terms' names."""

    centres: list[np.ndarray | None]
    names: list[list[str] | None]

    @property
    def terms(self) -> list[list[float] | None]:
        return [None if c is None else [float(v) for v in c] for c in self.centres]


def fuzzify(data: EncodedData, k: int = 2, rate: float = 0.5, epochs: int = 20, seed: int = 0,
            names: dict[str, list[str]] | None = None) -> Fuzzification:
    """Terms for every attribute of `data` (the training cases). `names` maps an attribute
    name to the user's own names for its terms (used when their number matches)."""
    centres: list[np.ndarray | None] = []
    labels: list[list[str] | None] = []
    for j, attr in enumerate(data.schema.attributes):
        if attr.categories is not None:
            centres.append(None)
            labels.append(None)
            continue
        c = kohonen_centres(data.X[:, j], k, rate, epochs, seed + j)
        centres.append(c)
        own = (names or {}).get(attr.name)
        labels.append(list(own) if own is not None and len(own) == len(c) else term_names(len(c)))
    return Fuzzification(centres, labels)
