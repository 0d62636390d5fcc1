"""Stability of the splits (issue 39 item 2): does a split of the final tree come back when the
tree is learned again on other samples of the same data?

The other trees are the fold models of a cross-validation and/or B bootstrap models
(`bootstrap_trees`: each fitted by the learner's own fit on n rows drawn from the n with
replacement, seeded). For every internal node of the final tree, named by its path (`root/1/0`:
the child taken at each step), its **stability** is the share of the other trees that ask the same
question of the same cases there:

- walking down the other tree from its root along the same branches, every split on the way
  (the node's ancestors) and the split reached at the node itself are the **same split**;
  a tree that disagrees higher up, or that is a leaf there, counts as disagreeing (so a node's
  share is never above its parent's);
- the same split is the same node kind on the same attribute, and:
  - a threshold (`x <= t`): the two cuts within `tolerance` x the attribute's range over the
    training rows (the problem's `trust.stability_tolerance`, 10 % by default; a range of 0
    or an attribute with no known value: the very same cut);
  - categories: the same grouping of the values, whichever branch each group takes (the values
    one of the trees sends down no branch, such as a category its sample lacked, are left out
    of the comparison); on intervals of a discretised number, also as many cuts, each within the
    tolerance; the branches are then matched group to group on the way down;
  - fuzzy terms: as many terms, each centre within the tolerance (a nominal attribute: the same
    grouping);
  - a trichotomy's score: the same attributes (the weights and the band, on the score's own
    scale, are not compared).

The one-number summary is the mean stability of the nodes in the top three levels (depth 0, 1
and 2); None for a tree that is a single leaf. A rule's stability (the Rules tab) is the least
of the shares of the splits on its path, which by the definition above is its last split's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..errors import OptionError
from ..i18n import _
from ..progress import Progress, as_progress
from ..tree.nodes import CATEGORY, FUZZY, THRESHOLD, TRICHOTOMY

#: the levels the summary averages over (depth 0 .. SUMMARY_LEVELS - 1)
SUMMARY_LEVELS = 3
#: the most bootstrap models one run fits
MAX_BOOTSTRAP = 10_000


@dataclass(frozen=True)
class NodeStability:
    """One internal node of the final tree: `agreeing` of the `total` other trees make the same
    split there (and on the way there); `share` = agreeing / total (None with no other tree)."""

    path: str
    share: float | None
    agreeing: int
    total: int
    depth: int = 0
    node: int = 0  # its id in the final tree (in memory)

    def to_json(self) -> dict:
        return {"share": self.share, "agreeing": self.agreeing, "total": self.total, "depth": self.depth}


def attribute_ranges(X: np.ndarray) -> np.ndarray:
    """Per attribute: max - min of its known values over the rows (0 with none known)."""
    X = np.asarray(X, dtype=np.float64)
    if X.shape[0] == 0:
        return np.zeros(X.shape[1])
    known = ~np.isnan(X)
    with np.errstate(invalid="ignore"):
        high = np.where(known, X, -np.inf).max(axis=0)
        low = np.where(known, X, np.inf).min(axis=0)
    out = high - low
    return np.where(np.isfinite(out), out, 0.0)


def _close(a: float, b: float, width: float) -> bool:
    return abs(float(a) - float(b)) <= width + 1e-12 * max(1.0, abs(float(a)), abs(float(b)))


def _grouping(branches, k_a: int, other, k_b: int) -> list[int] | None:
    """Branch a -> branch b when the two value -> branch tables group the values both send down
    a branch alike (a one-to-one match of the groups); None when they do not."""
    a_to_b: dict[int, int] = {}
    b_to_a: dict[int, int] = {}
    for code in range(min(len(branches), len(other))):
        a, b = int(branches[code]), int(other[code])
        if a < 0 or b < 0:
            continue
        if a_to_b.setdefault(a, b) != b or b_to_a.setdefault(b, a) != a:
            return None
    if k_a != k_b:
        return None
    # groups no shared value decides (a branch of values one sample lacked): matched in order
    free_b = [b for b in range(k_b) if b not in b_to_a]
    return [a_to_b[a] if a in a_to_b else free_b.pop(0) for a in range(k_a)]


def same_split(a, b, ranges: np.ndarray, tolerance: float) -> list[int] | None:
    """Whether node `b` (of another tree) makes node `a`'s split (see the module docstring):
    the child of `b` that each child of `a` corresponds to, or None."""
    if a.is_leaf or b.is_leaf or a.kind != b.kind or len(a.children) != len(b.children):
        return None
    k = len(a.children)
    identity = list(range(k))
    if a.kind == TRICHOTOMY:
        return identity if sorted(a.features) == sorted(b.features) else None
    if a.feature != b.feature:
        return None
    width = tolerance * float(ranges[a.feature]) if 0 <= a.feature < len(ranges) else 0.0
    if a.kind == THRESHOLD:
        return identity if _close(a.threshold, b.threshold, width) else None
    if a.kind == CATEGORY:
        if (a.cuts is None) != (b.cuts is None):
            return None
        if a.cuts is not None and (len(a.cuts) != len(b.cuts)
                                   or not all(_close(x, y, width) for x, y in zip(a.cuts, b.cuts))):
            return None
        return _grouping(a.branches, k, b.branches, k)
    if a.kind == FUZZY:
        if (a.centres is None) != (b.centres is None):
            return None
        if a.centres is not None:
            return identity if all(_close(x, y, width) for x, y in zip(a.centres, b.centres)) else None
        return _grouping(a.branches or [], k, b.branches or [], k)
    return None


def _path(steps: list[int]) -> str:
    """`root/1/0` (engine.tree.node_cases.node_path's names) from the child positions taken."""
    return "/".join(["root"] + [str(s) for s in steps])


def node_stability(final, others: list, ranges: np.ndarray, tolerance: float) -> list[NodeStability]:
    """Each internal node of `final` (depth-first, children in order) and the share of `others`
    that make its split there, with the same splits on the way (module docstring)."""
    total = len(others)
    out: list[NodeStability] = []
    # node of final -> for each other tree, the node at the same place (None: lost on the way)
    stack = [(0, [0] * total, [])]
    while stack:
        i, where, steps = stack.pop()
        depth = len(steps)
        node = final.nodes[i]
        if node.is_leaf:
            continue
        children_where = [[None] * total for _ in node.children]
        agreeing = 0
        for t, j in enumerate(where):
            if j is None:
                continue
            tree = others[t]
            match = same_split(node, tree.nodes[j], ranges, tolerance)
            if match is None:
                continue
            agreeing += 1
            for pos, other_pos in enumerate(match):
                children_where[pos][t] = tree.nodes[j].children[other_pos]
        out.append(NodeStability(_path(steps), agreeing / total if total else None, agreeing, total,
                                 depth, i))
        for pos in reversed(range(len(node.children))):
            stack.append((node.children[pos], children_where[pos], steps + [pos]))
    return out


def summary(nodes: list[NodeStability], levels: int = SUMMARY_LEVELS) -> float | None:
    """The mean stability of the nodes in the top `levels` levels; None without any."""
    shares = [n.share for n in nodes if n.depth < levels and n.share is not None]
    return float(np.mean(shares)) if shares else None


def check_bootstrap(B) -> int:
    """B, the bootstrap models of a stability count: a whole number from 0 (the fold models only)."""
    if isinstance(B, bool) or not isinstance(B, (int, np.integer)) or not 0 <= B <= MAX_BOOTSTRAP:
        raise OptionError(_("the bootstrap models for stability must be a whole number from 0 (the fold models "
                            "only) to {most}, not {B}").format(most=MAX_BOOTSTRAP, B=B), code="bad_option")
    return int(B)


def bootstrap_samples(n: int, B: int, seed: int) -> list[np.ndarray]:
    """The rows (sorted, with repeats) of each of B resamples of n rows drawn with replacement."""
    rng = np.random.default_rng(seed)
    return [np.sort(rng.integers(0, n, n)) for _ in range(B)]


def bootstrap_trees(info, data, spec, params: dict, B: int, seed: int = 0, progress=None) -> list:
    """B trees, each fitted by the learner (`info.fit(sample, spec, fit parameters, progress)`)
    on n rows drawn with replacement from the n of `data` (seeded by `seed`: the same seed, the
    same samples and trees). `params` are the resolved parameters; Cancel through `progress`."""
    B = check_bootstrap(B)
    progress = as_progress(progress)
    if B and data.n == 0:
        raise OptionError(_("no rows to draw bootstrap samples from"), code="bad_option")
    fit_params = info.stage_params(params, "fit")
    quiet = progress.quiet() if progress is not None else None
    trees = []
    for b, rows in enumerate(bootstrap_samples(data.n, B, seed)):
        if progress is not None:
            progress.report(b, B, _("bootstrap model {b} of {B}").format(b=b + 1, B=B))
        trees.append(info.fit(data.subset(rows), spec, fit_params, quiet))
    if progress is not None:
        progress.report(B, B, _("done"))
    return trees


@dataclass
class StabilityReport:
    """The final tree's splits against the bootstrap models (`nodes`) and the fold models
    (`fold_nodes`), each by node path."""

    tolerance: float
    B: int = 0
    seed: int = 0
    nodes: list[NodeStability] = field(default_factory=list)
    fold_nodes: list[NodeStability] = field(default_factory=list)
    folds: int = 0
    attributes: dict[str, str] = field(default_factory=dict)  # path -> what the node tests, in words

    @property
    def summary(self) -> float | None:
        return summary(self.nodes)

    @property
    def folds_summary(self) -> float | None:
        return summary(self.fold_nodes)

    def shown(self) -> list[NodeStability]:
        """The shares the window shows: the bootstrap models', else the folds'."""
        return self.nodes if self.B else self.fold_nodes

    def headline(self) -> float | None:
        return self.summary if self.B else self.folds_summary

    def share_of(self, path: str) -> float | None:
        for n in self.shown():
            if n.path == path:
                return n.share
        return None

    def by_node(self) -> dict[int, float]:
        """Node id (in the final tree) -> its share (the shown one)."""
        return {n.node: n.share for n in self.shown() if n.share is not None}

    def rule_share(self, tree, leaf: int) -> float | None:
        """The least share of the splits on the path to `leaf` (None: a tree of one leaf)."""
        shares = self.by_node()
        found = [shares[i] for i in tree.path_to(leaf)[:-1] if i in shares]
        return min(found) if found else None

    def to_json(self) -> dict:
        folds = {n.path: n for n in self.fold_nodes}
        boot = {n.path: n for n in self.nodes}
        paths = list(boot) or list(folds)
        nodes = {}
        for p in paths:
            item = {"attribute": self.attributes.get(p)}
            if p in boot:
                item |= boot[p].to_json()
            if p in folds:
                f = folds[p]
                item |= {"folds_share": f.share, "folds_agreeing": f.agreeing, "folds_total": f.total,
                         "depth": f.depth}
            nodes[p] = item
        return {"B": self.B, "seed": self.seed, "tolerance": self.tolerance, "levels": SUMMARY_LEVELS,
                "rule": "min", "summary": self.summary if self.B else None,
                "folds": self.folds, "folds_summary": self.folds_summary if self.folds else None,
                "nodes": nodes}


def _tested(tree, i: int) -> str:
    node = tree.nodes[i]
    return ", ".join(tree.attribute_name(j) for j in node.attributes())


def stability_report(final, data, *, tolerance: float, B: int = 0, seed: int = 0, bootstrap: list | None = None,
                     folds: list | None = None) -> StabilityReport:
    """The final tree against `bootstrap` trees (B of them, drawn with `seed`) and `folds` trees;
    the ranges over `data`'s rows (the final tree's training rows)."""
    ranges = attribute_ranges(data.X)
    report = StabilityReport(tolerance=float(tolerance), B=len(bootstrap or []), seed=int(seed),
                             folds=len(folds or []))
    if bootstrap:
        report.nodes = node_stability(final, bootstrap, ranges, tolerance)
    if folds:
        report.fold_nodes = node_stability(final, folds, ranges, tolerance)
    report.attributes = {n.path: _tested(final, n.node) for n in report.shown() or report.fold_nodes}
    return report


def tree_stability(info, final, data, spec, params: dict, B: int, seed: int = 0, *, folds: list | None = None,
                   progress: Progress | None = None, tolerance: float | None = None) -> StabilityReport:
    """Fit B bootstrap models (`bootstrap_trees`) and measure the final tree's splits against
    them (and against the fold models `folds`, when given). `tolerance`: the problem's
    `trust.stability_tolerance` when not given."""
    if tolerance is None:
        tolerance = spec.trust.stability_tolerance if spec is not None else 0.1
    trees = bootstrap_trees(info, data, spec, params, B, seed, progress) if B else []
    return stability_report(final, data, tolerance=tolerance, B=B, seed=seed, bootstrap=trees, folds=folds)
