"""Node kinds of the one tree model: each routes a case and describes its branches.

Every node keeps its weighted class distribution `counts` and its own `label`
(an index into `Tree.labels`, or PENDING); internal nodes list their
`children` (node ids). What differs between kinds is the test, and each kind
carries all of its own knowledge (as Orange's node classes do):

- `route(x)`: each child's share of one case (a crisp node gives one 1.0, a
  fuzzy node its memberships), or None when the case cannot go on here (its
  value is missing, or a category no branch takes) and stops at this node;
- `route_rows(X)`: the same for many rows at once, (m, k) shares, a row of
  zeros where the case stops;
- `branch_conditions()`: what each branch says about a case, as `Condition`
  values; `engine.tree.describe` turns them into the text of rules, the Excel
  export, the tree canvas and the consultation, and the monotonicity report
  reads them as boxes;
- `json_fields` / `from_json_fields`: the node's own part of the model file;
- `compile_into`: its part of the compiled arrays (`engine.tree.model.CompiledTree`),
  which the traversal kernels walk (one branch function per kind there).

Kinds (ARCHITECTURE.md, "The one tree model"):

- `Leaf`
- `ThresholdSplit`: x[a] <= t -> children[0], else children[1]
- `CategorySplit`: x[a] == v -> children[branches[v]] (branches[v] = -1: no
  branch for that value, the case stops here); with `cuts` (a discretised
  numeric attribute) v is the interval index: the number of cuts below x[a],
  intervals (cuts[i-1], cuts[i]]
- `FuzzySplit`: membership of x[a] in each triangular term (centres m_1 <
  ... < m_k, seed 002 Def. 2) -> the case goes down every child with that
  weight; a nominal attribute has one crisp term per value (`branches`);
  optional `terms` names them ("low", "medium", "high" by default)
- `TrichotomySplit`: s = w . x over `features`; s <= low -> children[0],
  s >= high -> children[1], else children[2] (next stage or PENDING leaf)

Every kind also keeps who made it (`origin`: "learned" or "expert") and whether the expert
locked it; the model file writes them only when they differ from "learned" and unlocked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

PENDING = -1
ORIGINS = ("learned", "expert")  # who made a node (Node.origin)

LEAF, THRESHOLD, CATEGORY, FUZZY, TRICHOTOMY = 0, 1, 2, 3, 4


# ---- what a branch says about a case ------------------------------------------------


@dataclass(frozen=True)
class Interval:
    """low < x[attribute] <= high (either end may be infinite)."""

    attribute: int
    low: float = -np.inf
    high: float = np.inf


@dataclass(frozen=True)
class OneOf:
    """x[attribute] is one of these category codes."""

    attribute: int
    values: frozenset


@dataclass(frozen=True)
class FuzzyTerm:
    """x[attribute] is (to a degree) the term `index` of `of` terms, centred at `centre`."""

    attribute: int
    index: int
    of: int
    centre: float | None = None
    name: str | None = None  # the user's name for the term, if any


@dataclass(frozen=True)
class LinearBand:
    """low < s <= high, or with `closed` ends, for the score s = Σ weights · x[features]."""

    features: tuple
    weights: tuple
    low: float = -np.inf
    high: float = np.inf
    low_closed: bool = False  # s >= low rather than s > low
    high_closed: bool = True  # s <= high rather than s < high


Condition = Interval | OneOf | FuzzyTerm | LinearBand


# ---- the node kinds ------------------------------------------------------------------


@dataclass(eq=False)
class Node:
    counts: np.ndarray  # weighted class distribution, length K
    label: int  # index into Tree.labels, or PENDING
    children: list[int] = field(default_factory=list)
    parent: int = -1
    # who made the node: "learned" (the learner) or "expert" (an edit, engine.edits: a split the
    # expert forced or moved, a leaf the expert pruned to or relabelled); `locked`: the expert froze
    # this node and everything below it (a regrowth leaves it as it is)
    origin: str = field(default="learned", kw_only=True)
    locked: bool = field(default=False, kw_only=True)
    kind: ClassVar[int] = LEAF
    kind_name: ClassVar[str] = "leaf"
    # the node's attributes are asked together (a score over several of them needs them all)
    asks_together: ClassVar[bool] = False

    @property
    def is_leaf(self) -> bool:
        return not self.children

    @property
    def weight(self) -> float:
        return float(np.sum(self.counts))

    def attributes(self) -> list[int]:
        """Attributes (schema indices) this node tests."""
        return []

    def route(self, x: np.ndarray) -> np.ndarray | None:
        """Each child's share of the case x (all attributes, NaN = unknown); None: it stops here."""
        return None

    def route_rows(self, X: np.ndarray) -> np.ndarray:
        """(rows, children) shares; a row of zeros: that case stops here."""
        return np.zeros((X.shape[0], len(self.children)))

    def branch_conditions(self) -> list[Condition]:
        """What each branch (in child order) says about a case."""
        return []

    def json_fields(self, names: list[str]) -> dict:
        """This kind's own fields of the model file (attribute names, not indices)."""
        return {}

    @classmethod
    def from_json_fields(cls, item: dict, index: dict[str, int], common: dict) -> "Node":
        return cls(**common)

    def compile_into(self, c, i: int) -> None:
        """Write this node's test into the compiled arrays `c` at node i (see CompiledTree)."""


@dataclass(eq=False)
class Leaf(Node):
    kind: ClassVar[int] = LEAF
    kind_name: ClassVar[str] = "leaf"


def _one_hot(k: int, branch: int) -> np.ndarray:
    out = np.zeros(k)
    out[branch] = 1.0
    return out


@dataclass(eq=False)
class ThresholdSplit(Node):
    feature: int = -1
    threshold: float = 0.0
    kind: ClassVar[int] = THRESHOLD
    kind_name: ClassVar[str] = "threshold"

    def attributes(self):
        return [self.feature]

    def branch_of(self, value: float) -> int:
        """0 (x <= t), 1 (x > t), or -1 for a missing value."""
        if value != value:
            return -1
        return 0 if value <= self.threshold else 1

    def route(self, x):
        b = self.branch_of(x[self.feature])
        return None if b < 0 else _one_hot(len(self.children), b)

    def route_rows(self, X):
        v = X[:, self.feature]
        out = np.zeros((len(v), len(self.children)))
        with np.errstate(invalid="ignore"):
            out[v <= self.threshold, 0] = 1.0
            out[v > self.threshold, 1] = 1.0
        return out

    def branch_conditions(self):
        return [Interval(self.feature, high=self.threshold), Interval(self.feature, low=self.threshold)]

    def json_fields(self, names):
        return {"attribute": names[self.feature], "threshold": float(self.threshold)}

    @classmethod
    def from_json_fields(cls, item, index, common):
        return cls(**common, feature=index[item["attribute"]], threshold=float(item["threshold"]))

    def compile_into(self, c, i):
        c.feature[i] = self.feature
        c.threshold[i] = self.threshold


@dataclass(eq=False)
class CategorySplit(Node):
    feature: int = -1
    branches: list[int] = field(default_factory=list)  # category code -> child position (-1: none)
    cuts: list[float] | None = None  # numeric intervals: code = number of cuts below the value
    kind: ClassVar[int] = CATEGORY
    kind_name: ClassVar[str] = "category"

    def code(self, value: float) -> int:
        """Category code of a value (interval index when the split has cuts); -1 if unknown."""
        if value != value:
            return -1
        if self.cuts is not None:
            return int(np.searchsorted(np.asarray(self.cuts), value, side="left"))
        return int(value)

    def codes(self, values: np.ndarray) -> np.ndarray:
        """Category (or interval) codes of many values; -1 for missing ones."""
        known = values == values
        out = np.full(len(values), -1, np.int64)
        if self.cuts is not None:
            out[known] = np.searchsorted(np.asarray(self.cuts, np.float64), values[known], side="left")
        else:
            out[known] = values[known].astype(np.int64)
        return out

    def branch_of(self, value: float) -> int:
        """The child position of a value; -1 when missing or no branch takes it."""
        code = self.code(value)
        return self.branches[code] if 0 <= code < len(self.branches) else -1

    def branches_of(self, values: np.ndarray) -> np.ndarray:
        codes = self.codes(values)
        table = np.asarray(self.branches, np.int64)
        ok = (codes >= 0) & (codes < len(table))
        out = np.full(len(values), -1, np.int64)
        out[ok] = table[codes[ok]]
        return out

    def attributes(self):
        return [self.feature]

    def route(self, x):
        b = self.branch_of(x[self.feature])
        return None if b < 0 else _one_hot(len(self.children), b)

    def route_rows(self, X):
        b = self.branches_of(X[:, self.feature])
        out = np.zeros((len(b), len(self.children)))
        good = b >= 0
        out[np.flatnonzero(good), b[good]] = 1.0
        return out

    def allowed(self, pos: int) -> list[int]:
        """The codes (or intervals) that go down branch `pos`, ascending."""
        return [c for c, b in enumerate(self.branches) if b == pos]

    def branch_conditions(self):
        out = []
        for pos in range(len(self.children)):
            codes = self.allowed(pos)
            if self.cuts is None:
                out.append(OneOf(self.feature, frozenset(codes)))
            elif not codes:
                out.append(OneOf(self.feature, frozenset()))
            else:  # intervals (cuts[c-1], cuts[c]] of the first and last code
                low = self.cuts[codes[0] - 1] if codes[0] > 0 else -np.inf
                high = self.cuts[codes[-1]] if codes[-1] < len(self.cuts) else np.inf
                out.append(Interval(self.feature, float(low), float(high)))
        return out

    def json_fields(self, names):
        out = {"attribute": names[self.feature], "branches": list(self.branches)}
        if self.cuts is not None:
            out["cuts"] = [float(c) for c in self.cuts]
        return out

    @classmethod
    def from_json_fields(cls, item, index, common):
        cuts = item.get("cuts")
        if cuts is not None:  # interval codes of a discretised attribute (a file may come from anyone)
            cuts = increasing_numbers(cuts, None, "a split on intervals", "cuts")
            if any(not isinstance(b, int) or isinstance(b, bool) or not 0 <= b <= len(cuts) for b in item["branches"]):
                raise ValueError(f"a split on {len(cuts) + 1} intervals has branches {item['branches']!r}")
        return cls(**common, feature=index[item["attribute"]], branches=list(item["branches"]), cuts=cuts)

    def compile_into(self, c, i):
        c.feature[i] = self.feature
        c.cat_start[i] = len(c.cats)
        c.cat_count[i] = len(self.branches)
        c.cats.extend(self.branches)
        if self.cuts is not None:
            c.cut_start[i] = len(c.cut_values)
            c.cut_count[i] = len(self.cuts)
            c.cut_values.extend(self.cuts)


def increasing_numbers(values, count: int | None, split: str, noun: str) -> list[float]:
    """`values` from a file as strictly increasing finite numbers (`count` of them, if given)."""
    try:
        numbers = [float(v) for v in values if not isinstance(v, bool)]
    except (TypeError, ValueError):
        numbers = []
    if (not isinstance(values, list) or len(numbers) != len(values) or (count is not None and len(numbers) != count)
            or not all(np.isfinite(numbers)) or any(a >= b for a, b in zip(numbers, numbers[1:]))):
        need = f"{count} " if count is not None else ""
        raise ValueError(f"{split} needs {need}increasing {noun}, not {values!r}")
    return numbers


def triangular_memberships(values: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Memberships (n, k) of values in triangular terms over sorted centres.

    T_1 is 1 below m_1 and falls to 0 at m_2; T_i rises from m_{i-1} to m_i and
    falls to m_{i+1}; T_k rises from m_{k-1} and is 1 above m_k. For any value
    the memberships sum to 1. NaN values give NaN rows.
    """
    values = np.asarray(values, dtype=np.float64)
    m = np.asarray(centres, dtype=np.float64)
    k = len(m)
    out = np.zeros((len(values), k))
    if k == 1:
        out[:, 0] = 1.0
    else:
        with np.errstate(invalid="ignore"):
            for i in range(k):
                mu = np.ones(len(values))
                if i > 0:
                    rise = (values - m[i - 1]) / (m[i] - m[i - 1])
                    mu = np.where(values < m[i], np.clip(rise, 0.0, 1.0), mu)
                if i < k - 1:
                    fall = (m[i + 1] - values) / (m[i + 1] - m[i])
                    mu = np.where(values > m[i], np.clip(fall, 0.0, 1.0), mu)
                out[:, i] = mu
    out[np.isnan(values)] = np.nan
    return out


@dataclass(eq=False)
class FuzzySplit(Node):
    feature: int = -1
    centres: list[float] | None = None  # numeric: sorted term centres, one child per term
    branches: list[int] | None = None  # nominal: category code -> child position
    terms: list[str] | None = None  # names of the terms (None: "low / medium / high", ...)
    kind: ClassVar[int] = FUZZY
    kind_name: ClassVar[str] = "fuzzy"

    def attributes(self):
        return [self.feature]

    def memberships(self, value: float) -> np.ndarray:
        """Membership of `value` in each term (sums to 1; NaN or an unseen category -> all NaN)."""
        k = len(self.children)
        if value != value:
            return np.full(k, np.nan)
        if self.centres is None:
            out = np.zeros(k)
            branch = self.branches[int(value)] if 0 <= int(value) < len(self.branches) else -1
            if branch < 0:
                return np.full(k, np.nan)
            out[branch] = 1.0
            return out
        return triangular_memberships(np.asarray([value]), np.asarray(self.centres))[0]

    def route(self, x):
        mu = self.memberships(x[self.feature])
        return None if np.isnan(mu).any() else mu

    def route_rows(self, X):
        v = X[:, self.feature]
        out = np.zeros((len(v), len(self.children)))
        known = ~np.isnan(v)
        if self.centres is None:
            codes = np.where(known, v, -1).astype(np.int64)
            table = np.asarray(self.branches, np.int64)
            ok = known & (codes >= 0) & (codes < len(table))
            b = np.full(len(v), -1, np.int64)
            b[ok] = table[codes[ok]]
            good = b >= 0
            out[np.flatnonzero(good), b[good]] = 1.0
        else:
            out[known] = triangular_memberships(v[known], np.asarray(self.centres))
        return out

    def branch_conditions(self):
        k = len(self.children)
        if self.centres is None:
            return [OneOf(self.feature, frozenset(c for c, b in enumerate(self.branches or []) if b == pos))
                    for pos in range(k)]
        return [FuzzyTerm(self.feature, pos, k, float(self.centres[pos]) if pos < len(self.centres) else None,
                          self.terms[pos] if self.terms and pos < len(self.terms) else None) for pos in range(k)]

    def json_fields(self, names):
        out = {"attribute": names[self.feature]}
        if self.centres is not None:
            out["centres"] = [float(c) for c in self.centres]
        else:
            out["branches"] = list(self.branches)
        if self.terms is not None:
            out["terms"] = list(self.terms)
        return out

    @classmethod
    def from_json_fields(cls, item, index, common):
        k = len(common["children"])
        centres, terms = item.get("centres"), item.get("terms")
        if centres is not None:  # one sorted, finite centre per child (a file may come from anyone)
            centres = increasing_numbers(centres, k, "a fuzzy split", "centres")
        elif not isinstance(item.get("branches"), list):
            raise ValueError("a fuzzy split needs centres or branches")
        if terms is not None and (not isinstance(terms, list) or len(terms) != k
                                  or not all(isinstance(t, str) for t in terms)):
            raise ValueError(f"a fuzzy split's term names must be {k} texts, not {terms!r}")
        return cls(**common, feature=index[item["attribute"]], centres=centres, branches=item.get("branches"),
                   terms=terms)

    def compile_into(self, c, i):
        c.feature[i] = self.feature
        if self.branches is not None:
            c.cat_start[i] = len(c.cats)
            c.cat_count[i] = len(self.branches)
            c.cats.extend(self.branches)
        if self.centres is not None:
            c.fz_start[i] = len(c.centres)
            c.centres.extend(self.centres)


@dataclass(eq=False)
class TrichotomySplit(Node):
    features: list[int] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)
    low: float = 0.0  # a: s <= a -> children[0]
    high: float = 0.0  # b: s >= b -> children[1]; otherwise children[2]
    kind: ClassVar[int] = TRICHOTOMY
    kind_name: ClassVar[str] = "trichotomy"
    asks_together: ClassVar[bool] = True

    def attributes(self):
        return list(self.features)

    def score(self, x: np.ndarray) -> float:
        return float(np.dot(np.asarray(self.weights), x[np.asarray(self.features, dtype=np.int64)]))

    def branch_of_score(self, s: float) -> int:
        return 0 if s <= self.low else 1 if s >= self.high else 2

    def route(self, x):
        vals = x[np.asarray(self.features, np.int64)]
        if np.isnan(vals).any():
            return None
        with np.errstate(invalid="ignore"):
            s = float(vals @ np.asarray(self.weights))
        if s != s:  # inf - inf: no score, the case stops here as with a missing value
            return None
        return _one_hot(len(self.children), self.branch_of_score(s))

    def route_rows(self, X):
        vals = X[:, np.asarray(self.features, np.int64)]
        known = ~np.isnan(vals).any(axis=1)
        out = np.zeros((X.shape[0], len(self.children)))
        with np.errstate(invalid="ignore"):
            s = vals[known] @ np.asarray(self.weights)  # NaN (inf - inf): in no branch, the case stops
        rows = np.flatnonzero(known)
        out[rows[s <= self.low], 0] = 1.0
        out[rows[s >= self.high], 1] = 1.0
        out[rows[(s > self.low) & (s < self.high)], 2] = 1.0
        return out

    def passable(self, pos: int) -> bool:
        """False for the middle branch of a plain cut (low >= high), which no case takes."""
        return not (pos == 2 and self.low >= self.high)

    def branch_conditions(self):
        f, w = tuple(self.features), tuple(float(v) for v in self.weights)
        return [LinearBand(f, w, high=float(self.low)),
                LinearBand(f, w, low=float(self.high), low_closed=True),
                LinearBand(f, w, low=float(self.low), high=float(self.high), high_closed=False)][:len(self.children)]

    def json_fields(self, names):
        return {"attributes": [names[j] for j in self.features], "weights": [float(w) for w in self.weights],
                "low": float(self.low), "high": float(self.high)}

    @classmethod
    def from_json_fields(cls, item, index, common):
        return cls(**common, features=[index[a] for a in item["attributes"]], weights=list(item["weights"]),
                   low=float(item["low"]), high=float(item["high"]))

    def compile_into(self, c, i):
        c.tri_start[i] = len(c.tri_f)
        c.tri_count[i] = len(self.features)
        c.tri_f.extend(self.features)
        c.tri_w.extend(self.weights)
        c.threshold[i] = self.low
        c.threshold2[i] = self.high


NODE_KINDS: dict[str, type[Node]] = {cls.kind_name: cls for cls in
                                     (Leaf, ThresholdSplit, CategorySplit, FuzzySplit, TrichotomySplit)}
NODE_CLASSES = {cls.kind: cls for cls in NODE_KINDS.values()}
KIND_NAMES = {cls.kind: name for name, cls in NODE_KINDS.items()}
KIND_CODES = {name: cls.kind for name, cls in NODE_KINDS.items()}
