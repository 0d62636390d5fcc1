"""Splitters for the growth loop (engine.tree.grow): how a node's cases are held,
which splits they offer, and how a split divides them.

- `PresortedSplitter`: binary splits over columns sorted once and kept sorted by
  stable partitions (SLIQ / C4.5's presorting), so a node costs O(p · n_node).
  The criterion comes by name from `engine.kernels.criteria.CRITERIA`: the
  impurity family (Gini, entropy; nominal attributes split into value subsets,
  cases with a missing value go to the heavier side) or the ordinal family (IE,
  RMI, RT, FACMI; numeric and ordinal attributes). Its compiled sweep applies
  the choice `BestByKey("value")` itself and offers only the winner;
  `every_candidate` asks the same sweep for each attribute's best split alone.
- `RowSplitter`: cases as rows of the data with a weight each; a split node
  routes them itself (`Node.route_rows`: crisp, or fuzzy memberships, combined
  by the t-norm), and cases whose value is missing follow the splitter's
  policy: "stay" at the node (ALGORITHMS.md §4.4), "fractional" (down every
  branch in proportion to the known weight, C4.5), or "heavier" (the branch with
  the most known weight). Subclasses say which splits a node offers:
  `CodesSplitter` (multiway on category codes or discretised intervals, each
  attribute at most once per path: ID3, the rough-set trees), `FuzzySplitter`
  (one child per fuzzy term, a case going down every term with weight x
  membership: the fuzzy trees) and C4.5's own (engine.algorithms.c45).

Every splitter also says which split node a candidate makes (`make_node`), the
class weights each of its branches would receive (`branch_counts`, as `split`
divides them) and holds the cases of any node from its rows and their weights
(`node_cases`), so a node of a grown tree can be asked again what it offers
(engine.candidates).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..data.encode import EncodedData
from ..errors import DataError
from ..kernels import fuzzy_split as FZ
from ..kernels import split as K
from ..kernels.c45 import category_bags
from ..kernels.counts import category_counts
from ..kernels.criteria import criterion as criterion_named
from ..kernels.ordinal_split import best_ordinal_split
from .grow import BestByKey, Candidate, Cases, Child
from .model import NOMINAL_KIND, CategorySplit, FuzzySplit, Node, ThresholdSplit, Tree


def require_finite(data: EncodedData) -> None:
    """Learning needs finite numbers (NaN is a missing value; ±inf has no midpoint to cut at, no
    spread, no mean): the readers refuse infinities, and so does learning from arrays built
    by code, naming the first one found."""
    bad = np.isinf(data.X)
    if bad.any():
        i, j = (int(v) for v in np.argwhere(bad)[0])
        raise DataError(f"an infinite value ({data.X[i, j]}) in the case at position {i}, attribute "
                        f'"{data.schema.attributes[j].name}": learning needs finite numbers (leave a value empty '
                        "when it is unknown)", code="not_finite", column=data.schema.attributes[j].name)


class PresortedSplitter:
    """Binary splits of presorted columns by a named criterion (module docstring).

    `candidate[f]`: attribute f may be split on. The ordinal family cuts numeric and ordinal
    attributes only. `steepness` and `ramp_above` are FACMI's k and the node size above
    which `facmi_logistic` uses the ramp."""

    #: cases with the attribute missing go to the side with more known weight (ties: left)
    missing = "heavier"
    #: the choice the compiled sweep applies (it offers only this choice's winner)
    sweep_choice = BestByKey("value")

    def __init__(self, data: EncodedData, criterion: str, *, min_samples_leaf: int = 1,
                 candidate: np.ndarray | None = None, steepness: float = 10.0, ramp_above: int = 2 ** 62):
        require_finite(data)
        self.data = data
        crit = criterion_named(criterion)
        if crit.family not in ("impurity", "ordinal", "ordinal-fuzzy"):
            raise ValueError(f"criterion {criterion!r} is not one a binary sweep evaluates")
        self.ordinal = crit.family != "impurity"
        self.code = crit.code
        self.min_leaf = min_samples_leaf
        self.steepness, self.ramp_above = float(steepness), int(ramp_above)
        X, y, w = data.X, data.y, data.w
        n, p = X.shape
        self.K = len(data.classes)
        attrs = data.schema.attributes
        self.is_nominal = np.array([a.kind == NOMINAL_KIND for a in attrs], dtype=np.bool_)
        self.n_categories = np.array([len(a.categories) if a.kind == NOMINAL_KIND else 0 for a in attrs],
                                     dtype=np.int64)
        candidate = np.ones(p, np.bool_) if candidate is None else np.asarray(candidate, np.bool_)
        self.candidate = candidate & ~self.is_nominal if self.ordinal else candidate
        self.order, self.vals, self.ys = K.presort(X, y)
        self.unit = bool(np.all(w == 1.0))
        self.left_mask = np.zeros(n, np.bool_)
        self.buffer = np.empty(n, np.int32)
        self.vbuffer = np.empty(n)
        self.ybuffer = np.empty(n, self.ys.dtype)
        self.branch = np.empty(max(1, int(self.n_categories.max(initial=0))), np.int64)
        self.left_counts = np.zeros(self.K)

    def tree(self) -> Tree:
        return Tree(self.data.schema)

    def root(self) -> Cases:
        counts = np.bincount(self.data.y, weights=self.data.w, minlength=self.K).astype(np.float64)
        return Cases(counts, len(self.data.y), 0, (0, len(self.data.y)))

    def candidates(self, cases: Cases) -> list[Candidate]:
        start, end = cases.data
        if self.ordinal:
            f, threshold, value, missing_left = best_ordinal_split(
                self.vals, self.ys, self.data.w, self.order, start, end, self.candidate, self.K, self.code,
                self.min_leaf, self.steepness, self.ramp_above, self.left_counts, self.unit)
        else:
            f, threshold, value, missing_left = K.best_split(
                self.data.X, self.vals, self.ys, self.data.w, self.order, start, end, self.candidate,
                self.is_nominal, self.n_categories, self.K, self.code, self.min_leaf, self.branch,
                self.left_counts, self.unit)
        if f < 0:
            return []
        branch = self.branch[: self.n_categories[f]].copy() if self.is_nominal[f] else None
        return [Candidate(value, int(f), (threshold, missing_left, self.left_counts.copy(), branch))]

    def every_candidate(self, cases: Cases) -> list[Candidate]:
        """Each attribute's best split of the node alone, in attribute order: the same compiled
        sweep asked with one attribute at a time (`candidates` offers the best of them)."""
        allowed = self.candidate
        out = []
        try:
            for f in np.flatnonzero(allowed):
                self.candidate = np.zeros_like(allowed)
                self.candidate[f] = True
                out += self.candidates(cases)
        finally:
            self.candidate = allowed
        return out

    def node_cases(self, rows: np.ndarray, weights: np.ndarray, depth: int, tested=frozenset()) -> Cases:
        """The cases of the node that holds `rows` as the growth loop holds them: the segment
        [0, len(rows)) of every presorted column, in the column's root order (the stable
        partitions keep it), so a sweep adds the same numbers in the same order as the learner's.
        The sweeps move whole cases (`weights` are the rows' own); the columns are rearranged:
        call it on a splitter that has not split, one node at a time."""
        if not np.array_equal(weights, self.data.w[rows]):
            raise ValueError("a presorted splitter's cases keep their own weights")
        inside = np.zeros(len(self.data.y), np.bool_)
        inside[rows] = True
        for f in range(self.order.shape[0]):
            first = np.argsort(~inside[self.order[f]], kind="stable")
            self.order[f], self.vals[f], self.ys[f] = self.order[f][first], self.vals[f][first], self.ys[f][first]
        counts = np.bincount(self.data.y[rows], weights=weights, minlength=self.K).astype(np.float64)
        return Cases(counts, len(rows), depth, (0, len(rows)))

    def make_node(self, cases: Cases, chosen: Candidate) -> Node:
        """The split node of a candidate: a cut, or (nominal) the values going left and right."""
        threshold, _, _, branch = chosen.detail
        if branch is not None:
            return CategorySplit(counts=None, label=0, children=[-1, -1], feature=chosen.attribute,
                                 branches=[int(b) for b in branch])
        return ThresholdSplit(counts=None, label=0, children=[-1, -1], feature=chosen.attribute,
                              threshold=float(threshold))

    def branch_counts(self, cases: Cases, chosen: Candidate) -> list[np.ndarray]:
        """The class weights of the two sides, the missing values on the heavier one (the sweep's)."""
        lc = chosen.detail[2]
        rc = cases.counts - lc
        rc[rc < 0] = 0.0
        return [lc, rc]

    def split(self, cases: Cases, chosen: Candidate) -> tuple[Node, list[Child]]:
        start, end = cases.data
        f = chosen.attribute
        threshold, missing_left, _, branch = chosen.detail
        nominal = branch is not None
        n_left = K.split_segment(self.data.X, self.order, self.vals, self.ys, start, end, f, threshold, nominal,
                                 branch if nominal else self.branch, missing_left, self.left_mask, self.buffer,
                                 self.vbuffer, self.ybuffer)
        lc, rc = self.branch_counts(cases, chosen)
        node = self.make_node(cases, chosen)
        depth = cases.depth + 1
        mid = start + n_left
        return node, [Child(Cases(lc, n_left, depth, (start, mid))), Child(Cases(rc, end - mid, depth, (mid, end)))]


@dataclass
class Rows:
    """A node's cases for a RowSplitter: data rows, their weights here (with the minimum t-norm:
    their memberships, the cases' own weights apart), attributes used above."""

    rows: np.ndarray
    weights: np.ndarray
    used: frozenset = frozenset()


MISSING_POLICIES = ("stay", "fractional", "heavier")


class RowSplitter:
    """Cases as weighted rows, divided by the split node's own routing (module docstring).
    Subclasses implement `candidates(cases)` and `make_node(cases, chosen)` (a split node
    with one -1 per child)."""

    def __init__(self, data: EncodedData, *, missing: str = "fractional", tnorm: str = "product",
                 labels: list[str] | None = None, aggregate: str = "distribution"):
        if missing not in MISSING_POLICIES:
            raise ValueError(f"missing must be one of {MISSING_POLICIES}")
        require_finite(data)
        self.data = data
        self.X, self.y = data.X, data.y
        self.K = len(data.classes)
        self.missing = missing
        self.tnorm = tnorm
        self.aggregate = aggregate
        self.labels = labels

    def tree(self) -> Tree:
        return Tree(self.data.schema, self.labels, tnorm=self.tnorm, aggregate=self.aggregate)

    def counts(self, rows: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """Class masses: with the minimum t-norm `weights` are memberships, times the cases' weights."""
        if self.tnorm == "minimum":
            weights = weights * self.data.w[rows]
        return np.bincount(self.y[rows], weights=weights, minlength=self.K).astype(np.float64)

    def cases(self, rows: np.ndarray, weights: np.ndarray, depth: int, used: frozenset = frozenset()) -> Cases:
        return Cases(self.counts(rows, weights), len(rows), depth, Rows(rows, weights, used))

    def node_cases(self, rows: np.ndarray, weights: np.ndarray, depth: int, tested=frozenset()) -> Cases:
        """The cases of a node from its rows, their weights there and the attributes tested above."""
        return self.cases(rows, weights, depth, frozenset(tested))

    def root(self) -> Cases:
        n = len(self.y)
        start = np.ones(n) if self.tnorm == "minimum" else self.data.w.astype(np.float64)
        return self.cases(np.arange(n), start, 0)

    def parts(self, node: Node, cases: Cases) -> list[tuple[np.ndarray, np.ndarray]]:
        """`divide` with this splitter's policy and t-norm."""
        rows = cases.data.rows
        base = self.data.w[rows] if self.tnorm == "minimum" else None
        return divide(node, self.X, rows, cases.data.weights, self.missing, self.tnorm, base=base)

    def split(self, cases: Cases, chosen: Candidate) -> tuple[Node, list[Child]] | None:
        node = self.make_node(cases, chosen)
        if node is None:
            return None
        parts = self.parts(node, cases)
        used = cases.data.used | {chosen.attribute} if chosen.attribute >= 0 else cases.data.used
        depth = cases.depth + 1
        return node, [Child(self.cases(r, w, depth, used)) for r, w in parts]

    def make_node(self, cases: Cases, chosen: Candidate) -> Node | None:
        raise NotImplementedError

    def branch_counts(self, cases: Cases, chosen: Candidate) -> list[np.ndarray]:
        """The class weights of the cases each branch of the candidate's split receives (`split`'s)."""
        return [self.counts(r, w) for r, w in self.parts(self.make_node(cases, chosen), cases)]

    def candidates(self, cases: Cases) -> list[Candidate]:
        raise NotImplementedError


def divide(node: Node, X: np.ndarray, rows: np.ndarray, weights: np.ndarray, missing: str = "fractional",
           tnorm: str = "product", shares: np.ndarray | None = None,
           base: np.ndarray | None = None) -> list[tuple[np.ndarray, np.ndarray]]:
    """The rows (and their weights) each child of `node` receives.

    A row goes down every child it has a share in (one for crisp tests, its memberships
    for fuzzy ones). With the product t-norm `weights` are the cases' weights times their
    memberships and a child gets weight · share; with the minimum they are memberships
    only, a child gets min(membership, share), and `base` holds the cases' own weights
    (1 if None), which the known weight of each branch counts. A row the node cannot route
    (a missing value, an unseen category) stays out ("stay"), goes down every child with
    the child's share of the known weight ("fractional"; `shares` when no routed row has
    weight, else equal shares), or down the child with the most known weight ("heavier").
    Rows whose weight would be 0 are left out."""
    share = node.route_rows(X[rows])
    k = share.shape[1]
    unknown = share.sum(axis=1) <= 0
    if tnorm == "minimum":
        child = np.minimum(weights[:, None], share)
        mass = child if base is None else child * base[:, None]
    else:
        child = mass = weights[:, None] * share
    known_w = np.array([mass[:, c][share[:, c] > 0].sum() for c in range(k)])
    if unknown.any():
        if known_w.sum() > 0:
            fractions = known_w / known_w.sum()
        elif shares is not None:
            fractions = np.asarray(shares, np.float64)
        else:
            fractions = np.full(k, 1.0 / k)
        if missing == "fractional":  # a probability of each branch: always a product
            child[unknown] = weights[unknown][:, None] * fractions[None, :]
        elif missing == "heavier":
            child[np.flatnonzero(unknown), int(np.argmax(known_w))] = weights[unknown]
    out = []
    for c in range(k):
        w = child[:, c]
        keep = w > 0
        out.append((rows[keep], w[keep]))
    return out


class CodesSplitter(RowSplitter):
    """Multiway splits on category codes or discretised intervals: one branch per value,
    each attribute at most once on a path (ID3, the rough-set trees).

    `codes` (n, p): every attribute's value codes (NaN missing), `sizes[j]`: its number of
    values, `cuts[j]`: the interval cuts of a discretised numeric attribute (None for
    categories). `score(bags, total, j) -> (value, scores)` rates attribute j from its
    class counts per value (`bags`, values x classes) and the node's total weight; the
    choice reads `value` and `scores`. Or `table_score(tables, total) -> (values, scores,
    offered)` rates every unused attribute of a node in one call (a compiled kernel over
    the stacked tables, attributes x values x classes; `scores` maps a name to one value
    per attribute). An attribute whose known cases all share one value offers nothing."""

    def __init__(self, data: EncodedData, codes: np.ndarray, sizes: list[int], cuts: list, score=None, *,
                 missing: str = "stay", labels: list[str] | None = None, table_score=None):
        super().__init__(data, missing=missing, labels=labels)
        self.codes, self.sizes, self.cuts, self.score = codes, sizes, cuts, score
        # table_score(tables, total) -> (values, {name: values}, offered): every attribute of a
        # node rated in one call from its stacked tables (attributes x values x classes)
        self.table_score = table_score
        if table_score is not None:
            self.codes = np.ascontiguousarray(codes, dtype=np.float64)
            self.size_array = np.asarray(sizes, dtype=np.int64)
        elif score is None:
            raise ValueError("CodesSplitter needs a score or a table_score")

    def unsplittable(self) -> frozenset:
        """Attributes with fewer than two values: never offered."""
        return frozenset(j for j in range(self.codes.shape[1]) if self.sizes[j] <= 1)

    def root(self) -> Cases:
        cases = super().root()
        cases.data.used = self.unsplittable()
        return cases

    def node_cases(self, rows, weights, depth, tested=frozenset()) -> Cases:
        return super().node_cases(rows, weights, depth, frozenset(tested) | self.unsplittable())

    def candidates(self, cases: Cases) -> list[Candidate]:
        rows, w = cases.data.rows, cases.data.weights
        total = cases.counts.sum()
        if self.table_score is not None:
            return self._table_candidates(rows, w, total, cases.data.used)
        y = self.y[rows]
        out = []
        for j in range(self.codes.shape[1]):
            if j in cases.data.used:
                continue
            bags, _ = category_counts(self.codes[rows, j], y, w, self.sizes[j], self.K)
            if np.count_nonzero(bags.sum(axis=1) > 0) < 2:
                continue  # all known cases share one value: no partition
            value, scores = self.score(bags, total, j)
            out.append(Candidate(value, j, bags, scores))
        return out

    def _table_candidates(self, rows, w, total, used) -> list[Candidate]:
        attributes = np.array([j for j in range(self.codes.shape[1]) if j not in used], dtype=np.int64)
        if not len(attributes):
            return []
        tables = category_bags(self.codes, self.y, rows, np.asarray(w, dtype=np.float64), attributes,
                               self.size_array[attributes], self.K)
        values, scores, offered = self.table_score(tables, float(total))
        out = []
        for a in np.flatnonzero(offered):
            j = int(attributes[a])
            out.append(Candidate(float(values[a]), j, tables[a, :self.sizes[j]],
                                 {name: float(column[a]) for name, column in scores.items()}))
        return out

    def make_node(self, cases: Cases, chosen: Candidate) -> Node:
        m = self.sizes[chosen.attribute]
        return CategorySplit(counts=None, label=0, children=[-1] * m, feature=chosen.attribute,
                             branches=list(range(m)), cuts=self.cuts[chosen.attribute])


class FuzzySplitter(RowSplitter):
    """Splits on fuzzy terms, each attribute at most once per path (seed 002, §3.2).

    `terms[j]`: the sorted centres of attribute j's triangular terms (seed 002 Def. 2), or
    None for a nominal attribute (one crisp term per value); `names[j]` optionally names
    them. A case goes down every term's child with its weight combined with its
    membership by the t-norm (product: node(x) · T_g(x); minimum: min(node(x), T_g(x))), so
    a child's class counts are membership masses M(D ∩ class). A case with the value
    missing follows the missing policy ("fractional" by default); a case whose weight in a
    child is below `floor` does not go there (Yuan & Shaw's significance level α). `score(bags,
    total, j) -> (value, scores)` rates attribute j from the class masses each term's child
    would hold (bags, terms x classes) and the node's mass; attributes that would leave mass
    in fewer than two children offer nothing.

    The bags of every candidate attribute of a node come from one compiled call
    (engine.kernels.fuzzy_split, the same numbers as `divide`), and only the chosen
    attribute divides the cases. A subclass that overrides `parts` (its own way of dividing)
    is served by `parts`, attribute by attribute."""

    def __init__(self, data: EncodedData, terms: list, score, *, tnorm: str = "product",
                 missing: str = "fractional", labels: list[str] | None = None, names: list | None = None,
                 aggregate: str = "distribution", floor: float = 0.0):
        super().__init__(data, missing=missing, tnorm=tnorm, labels=labels, aggregate=aggregate)
        self.terms, self.score = terms, score
        self.names = names or [None] * len(terms)
        self.floor = float(floor)
        self.sizes = sizes = [len(t) if t is not None else len(a.categories or []) for t, a in
                              zip(terms, data.schema.attributes)]
        self.offered = frozenset(j for j, k in enumerate(sizes) if k >= 2)
        # the kernels' form: the centres one attribute after another, the values one attribute a row
        self.n_terms = np.array(sizes, dtype=np.int64)
        self.nominal = np.array([t is None for t in terms], dtype=np.bool_)
        lengths = [0 if t is None else len(t) for t in terms]
        self.starts = np.zeros(len(terms), dtype=np.int64)
        self.starts[1:] = np.cumsum(lengths)[:-1]
        self.centres = np.array([c for t in terms if t is not None for c in t], dtype=np.float64)
        self.XT = np.ascontiguousarray(self.X.T, dtype=np.float64)
        self.wc = np.ascontiguousarray(data.w, dtype=np.float64)
        everyone = np.arange(len(self.y))
        self.complete = np.array([not FZ.has_unknown(self.XT[j], everyone, k, t is None)
                                  for j, (k, t) in enumerate(zip(sizes, terms))], dtype=np.bool_)
        self.missing_code = {"stay": FZ.STAY, "fractional": FZ.FRACTIONAL, "heavier": FZ.HEAVIER}[missing]
        self.compiled = type(self).parts is FuzzySplitter.parts

    def term_node(self, j: int) -> FuzzySplit:
        if self.terms[j] is None:
            m = len(self.data.schema.attributes[j].categories)
            return FuzzySplit(counts=None, label=0, children=[-1] * m, feature=j, branches=list(range(m)))
        k = len(self.terms[j])
        return FuzzySplit(counts=None, label=0, children=[-1] * k, feature=j, centres=[float(c) for c in self.terms[j]],
                          terms=self.names[j])

    def parts(self, node: Node, cases: Cases) -> list[tuple[np.ndarray, np.ndarray]]:
        parts = super().parts(node, cases)
        if self.floor > 0:
            parts = [(rows[w >= self.floor], w[w >= self.floor]) for rows, w in parts]
        return parts

    def candidates(self, cases: Cases) -> list[Candidate]:
        free = sorted(self.offered - cases.data.used)
        if not free:
            return []
        if not self.compiled:
            return self._candidates_by_parts(cases, free)
        rows, w = cases.data.rows, cases.data.weights
        bags, filled = FZ.fuzzy_bags(self.XT, self.y, self.wc, rows, w, np.array(free, dtype=np.int64),
                                     self.centres, self.starts, self.n_terms, self.nominal, self.complete,
                                     self.tnorm == "minimum", self.missing_code, self.floor, self.K)
        total = cases.counts.sum()
        out = []
        for a, j in enumerate(free):
            if filled[a] < 2:
                continue
            value, scores = self.score(bags[a, :self.sizes[j]].copy(), total, j)
            out.append(Candidate(value, j, None, scores))
        return out

    def _candidates_by_parts(self, cases: Cases, free: list[int]) -> list[Candidate]:
        total = cases.counts.sum()
        out = []
        for j in free:
            parts = self.parts(self.term_node(j), cases)
            bags = np.array([self.counts(r, pw) for r, pw in parts])
            if np.count_nonzero(bags.sum(axis=1) > 0) < 2:
                continue
            value, scores = self.score(bags, total, j)
            out.append(Candidate(value, j, parts, scores))
        return out

    def make_node(self, cases: Cases, chosen: Candidate) -> Node:
        return self.term_node(chosen.attribute)

    def split(self, cases: Cases, chosen: Candidate) -> tuple[Node, list[Child]]:
        node = self.make_node(cases, chosen)
        used = cases.data.used | {chosen.attribute}
        depth = cases.depth + 1
        if chosen.detail is not None:  # divided by `parts` already
            return node, [Child(self.cases(r, w, depth, used)) for r, w in chosen.detail]
        rows, weights, at, counts = FZ.fuzzy_children(
            self.XT, self.y, self.wc, cases.data.rows, cases.data.weights, chosen.attribute, self.centres,
            self.starts, self.n_terms, self.nominal, self.tnorm == "minimum", self.missing_code, self.floor, self.K)
        return node, [Child(Cases(counts[c].copy(), int(at[c + 1] - at[c]), depth,
                                  Rows(rows[at[c]:at[c + 1]], weights[at[c]:at[c + 1]], used)))
                      for c in range(len(counts))]
