"""Fuzzification of numeric attributes (seed 002, ALGORITHMS.md §3.1).

Each numeric attribute gets k triangular terms (seed 002 Def. 2) over centres
placed by a 1-D Kohonen map: the centres start evenly spaced over the
attribute's [min, max] on the training cases (k = 1: the midpoint), each
epoch visits the known values in a new random order (attribute j's orders:
np.random.default_rng(seed + j).permutation, epoch after epoch), the winner
(the nearest centre) moves towards the value with a learning rate that falls
linearly from η to 0 over all the steps of all the epochs, and the centres
are sorted at the end. Centres that end up equal (to 1e-9 of the range) are
merged, so an attribute with fewer distinct values than k gets fewer terms.
Nominal and ordinal attributes keep one crisp term per value (no centres).
Every attribute's centres come from one kernel call
(engine.kernels.kohonen.kohonen_columns, which draws the orders itself, the
same as NumPy's, bit for bit).

The project may name an attribute's terms and fix their centres
(AttributeSettings.fuzzy_terms / fuzzy_centres; `user_terms` reads them for
the learners): fixed centres replace Kohonen's, and the names replace the
defaults when there are as many names as terms — otherwise the defaults are
used and a warning says why (`fuzzify(..., warnings=)`; `fuzzy_term_warnings`
says it before training, for the Problem tab's checks).

The centres are what the model stores (FuzzySplit.centres); a new case is
fuzzified by the same triangular functions (engine.tree.nodes.triangular_memberships),
whose memberships sum to 1 for every value. `preview_terms` gives one
attribute's values, centres and names exactly as a learner trained on the
whole table would, for the Problem tab's plot.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..data.encode import AttributeSchema, DataSchema, EncodedData
from ..data.spec import ProblemSpec, SpecProblem, fuzzified
from ..data.table import NUMERIC, Table
from ..errors import DataError
from ..i18n import _
from ..kernels.kohonen import kohonen_columns

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


def _check_kohonen(k: int, rate: float, epochs: int, seed: int) -> None:
    if k < 1 or epochs < 1 or not 0 < rate <= 1:
        raise ValueError("k and epochs must be at least 1 and the learning rate in (0, 1]")
    if seed < 0:
        raise ValueError("the Kohonen seed must be 0 or more")


def kohonen_centres(values: np.ndarray, k: int = 2, rate: float = 0.5, epochs: int = 20, seed: int = 0) -> np.ndarray:
    """The sorted centres of one attribute's terms from its known training values (the
    visiting orders: np.random.default_rng(seed).permutation, one per epoch)."""
    _check_kohonen(k, rate, epochs, seed)
    values = np.asarray(values, dtype=np.float64).reshape(-1, 1)
    centres, counts = kohonen_columns(values, np.zeros(1, dtype=np.int64), np.array([seed], dtype=np.int64), int(k),
                                      float(rate), int(epochs))
    return centres[0, :counts[0]].copy()


def kohonen_all(X: np.ndarray, columns: list[int], k: int = 2, rate: float = 0.5, epochs: int = 20,
                seed: int = 0) -> dict[int, np.ndarray]:
    """Column j -> the centres `kohonen_centres(X[:, j], k, rate, epochs, seed + j)` for every j
    in `columns`, all in one kernel call."""
    if not columns:
        return {}
    _check_kohonen(k, rate, epochs, seed)
    cols = np.asarray(columns, dtype=np.int64)
    centres, counts = kohonen_columns(np.asarray(X, dtype=np.float64), cols, seed + cols, int(k), float(rate),
                                      int(epochs))
    return {int(j): centres[c, :counts[c]].copy() for c, j in enumerate(cols)}


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
            names: dict[str, list[str]] | None = None, centres: dict[str, list[float]] | None = None,
            warnings: list[str] | None = None) -> Fuzzification:
    """Terms for every attribute of `data` (the training cases). `names` maps an attribute
    name to the user's own names for its terms (used when their number matches; otherwise
    the defaults, and a line in `warnings`); `centres` to fixed centres (sorted, used instead
    of Kohonen's)."""
    out: list[np.ndarray | None] = []
    labels: list[list[str] | None] = []
    fixed_centres = centres or {}
    learned = kohonen_all(data.X, [j for j, attr in enumerate(data.schema.attributes)
                                   if attr.categories is None and fixed_centres.get(attr.name) is None], k, rate, epochs, seed)
    for j, attr in enumerate(data.schema.attributes):
        if attr.categories is not None:
            out.append(None)
            labels.append(None)
            continue
        fixed = fixed_centres.get(attr.name)
        c = np.asarray(fixed, dtype=np.float64) if fixed is not None else learned[j]
        out.append(c)
        own = (names or {}).get(attr.name)
        labels.append(list(own) if own is not None and len(own) == len(c) else term_names(len(c)))
        if own is not None and len(own) != len(c) and len(c) and warnings is not None:
            message = _('fuzzy terms of "{name}": {problem}').format(
                name=attr.name, problem=mismatch(len(own), len(c), k, fixed is not None))
            if message not in warnings:  # once, however many times a model is fitted
                warnings.append(message)
    return Fuzzification(out, labels)


def mismatch(n_names: int, n_terms: int, k: int, fixed: bool) -> str:
    """Why the user's names are not used: their number is not the number of terms made."""
    defaults = ", ".join(term_names(n_terms))
    if fixed:
        made = _("there are {n} fixed centres").format(n=n_terms)
    elif n_terms < k:
        made = (_("k = {k} made only {n} terms on these values (centres that met were merged)") if n_terms > 1 else
                _("k = {k} made only {n} term on these values (centres that met were merged)")).format(k=k, n=n_terms)
    else:
        made = _("k = {k} makes {n} terms").format(k=k, n=n_terms)
    hint = "" if fixed or n_terms < k else _("; train with k = {n} to use them").format(n=n_names)
    given = (_("{n} names given") if n_names > 1 else _("{n} name given")).format(n=n_names)
    return _("{given}, but {made}: the default names ({defaults}) are used{hint}").format(
        given=given, made=made, defaults=defaults, hint=hint)


def user_terms(spec: ProblemSpec | None) -> dict:
    """The project's fuzzy term names and fixed centres per attribute, as fuzzify's keyword
    arguments `names` and `centres`."""
    attributes = spec.attributes if spec is not None else {}
    return {"names": {n: list(s.fuzzy_terms) for n, s in attributes.items() if s.fuzzy_terms is not None},
            "centres": {n: list(s.fuzzy_centres) for n, s in attributes.items() if s.fuzzy_centres is not None}}


# ---- one attribute, before training (the Problem tab) ------------------------------------------


@dataclass
class AttributeTerms:
    """One attribute's terms as a learner trained on the whole table makes them."""

    name: str
    values: np.ndarray  # its known values in the rows that have a class
    centres: np.ndarray  # sorted
    names: list[str]  # the names the learner uses (the user's, or the defaults)
    fixed: bool  # the centres are the user's, not Kohonen's
    note: str | None  # why the user's names are not used (None: they are, or there are none)


def learning_values(table: Table, spec: ProblemSpec, name: str) -> tuple[np.ndarray, int]:
    """The values of the numeric attribute `name` that a learner sees (the rows with a class,
    missing values left out), and its position among the attributes in use (its Kohonen seed
    is seed + position; an attribute not in use counts as if it were)."""
    target = spec.target
    columns = [c.name for c in table.columns]
    used = [c for c in columns if c != target and (c == name or spec.attribute(c).use)]
    schema = DataSchema(target=target or "", classes=[], ordered=False, attributes=[AttributeSchema(name, NUMERIC)])
    values = schema.encode_features(table)[:, 0]
    if target in columns:  # as encode: a row with no class is left out of learning
        values = values[table.frame[target].notna().to_numpy()]
    return values[~np.isnan(values)], used.index(name)


def preview_terms(table: Table, spec: ProblemSpec, name: str, k: int = 2, rate: float = 0.5, epochs: int = 20,
                  seed: int = 0) -> AttributeTerms | None:
    """The terms of attribute `name` that HFDT, fuzzy ID3 and Min-Ambiguity with these Kohonen
    parameters make when trained on all of `table` (None: the attribute is not fuzzified)."""
    if name not in {c.name for c in table.columns} or name == spec.target or not fuzzified(spec, table, name):
        return None
    values, j = learning_values(table, spec, name)
    settings = spec.attribute(name)
    fixed = settings.fuzzy_centres is not None
    centres = (np.asarray(settings.fuzzy_centres, dtype=np.float64) if fixed
               else kohonen_centres(values, k, rate, epochs, seed + j))
    own = settings.fuzzy_terms
    note = None
    if own is not None and len(own) == len(centres):
        names = list(own)
    else:
        names = term_names(len(centres))
        if own is not None and len(centres):
            note = mismatch(len(own), len(centres), k, fixed)
    return AttributeTerms(name, values, centres, names, fixed, note)


def fuzzy_term_warnings(table: Table, spec: ProblemSpec, k: int = 2, rate: float = 0.5, epochs: int = 20,
                        seed: int = 0) -> list[SpecProblem]:
    """Fuzzy term settings the fuzzy learners with these parameters would not use: names whose
    number is not the number of terms made (the default names are used), and names or centres
    of an attribute that is not numeric (it keeps one crisp term per value). Warnings, not
    errors: training goes on without them."""
    out = []
    columns = {c.name for c in table.columns}
    for name, settings in spec.attributes.items():
        if settings.fuzzy_terms is None and settings.fuzzy_centres is None:
            continue
        if not settings.use or name not in columns or name == spec.target:
            continue
        key = "fuzzy_terms" if settings.fuzzy_terms is not None else "fuzzy_centres"
        if not fuzzified(spec, table, name):
            out.append(SpecProblem(f"attributes.{name}.{key}", _('"{name}" is not numeric: it keeps one crisp term '
                                                                 "per value, and its fuzzy terms are not used").format(
                name=name)))
            continue
        if settings.fuzzy_terms is None:
            continue
        try:
            terms = preview_terms(table, spec, name, k, rate, epochs, seed)
        except DataError:  # text in a column set to numeric: the checks report it
            continue
        if terms is not None and terms.note:
            out.append(SpecProblem(f"attributes.{name}.fuzzy_terms", terms.note))
    return out
