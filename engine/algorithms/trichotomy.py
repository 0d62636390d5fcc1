"""Sequential discriminant tree by trichotomy (seed 004; ALGORITHMS.md §5), and the
Fisher LDA baseline.

Two classes: Lo (the lower mean on the current score) and Hi. Stage 1 takes the
attribute with the largest between/within sum-of-squares ratio B/W. A stage
trichotomises its score X on the cases still pending: the overlap is
[c, d] = [min of Hi, max of Lo] (with trim α: [q_α(Hi), q_{1-α}(Lo)]); with no
overlap one cut at (c + d)/2 decides everything; otherwise, widened by
e = r·(d - c), X <= c - e is Lo, X >= d + e is Hi and the rest stays pending,
so with α = 0 a stage makes no error on its training cases. The next stage
combines the current score with one unused attribute by the two-variable
Fisher direction w = S_W⁻¹ (m_Hi - m_Lo) on the pending cases, the attribute
whose combination has the largest B/W; so stage k's score is a linear
combination of every attribute introduced so far. Stop (the middle becomes a
PENDING leaf) when B/W < λ0, fewer than N_min cases are pending, no attribute
is left, or a stage settles no case.

More than two classes: the user names the positive class; the other side is
the label "not <positive>".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..errors import SpecError
from ..evaluate import stratified_folds
from ..i18n import N_, _
from ..progress import Progress
from ..tree.grow import Candidate, Cases, Child, Stopping, grow
from ..tree.model import PENDING, Leaf, Tree, TrichotomySplit
from ..tree.predict import predict
from ..tree.splitters import require_finite
from .params import AlgorithmInfo, Param, resolve_params


def between_within(score: np.ndarray, hi: np.ndarray, w: np.ndarray) -> float:
    """B/W of a score for the two groups (hi True / False), weighted; inf when W = 0 < B."""
    total = w.sum()
    mean = (w * score).sum() / total
    b = wsum = 0.0
    for mask in (hi, ~hi):
        wg = w[mask].sum()
        if wg <= 0:
            continue
        mg = (w[mask] * score[mask]).sum() / wg
        b += wg * (mg - mean) ** 2
        wsum += (w[mask] * (score[mask] - mg) ** 2).sum()
    if wsum <= 0:
        return math.inf if b > 0 else 0.0
    return b / wsum


def weighted_quantile(values: np.ndarray, w: np.ndarray, q: float) -> float:
    order = np.argsort(values, kind="mergesort")
    v, ww = values[order], w[order]
    cum = np.cumsum(ww) / ww.sum()
    return float(v[min(int(np.searchsorted(cum, q, side="left")), len(v) - 1)])


def overlap(score: np.ndarray, hi: np.ndarray, w: np.ndarray, trim: float) -> tuple[float, float]:
    """[c, d]: the lowest Hi and the highest Lo score (trimmed quantiles when trim > 0)."""
    if trim <= 0:
        return float(score[hi].min()), float(score[~hi].max())
    return weighted_quantile(score[hi], w[hi], trim), weighted_quantile(score[~hi], w[~hi], 1 - trim)


def stage_score(X: np.ndarray, features, weights) -> np.ndarray:
    """A stage's score of every row, summed in the order and with the rounding of the traversal
    kernel (engine.kernels.traverse.trichotomy_branch: s += w_t * x_t, term by term). A BLAS
    product rounds differently, and the thresholds sit one ulp outside the training scores: a
    training case on the edge could then land on the other side when predicted."""
    s = np.zeros(len(X))
    for f, w in zip(features, weights):
        s = s + w * X[:, f]
    return s


def fisher_direction(Z: np.ndarray, hi: np.ndarray, w: np.ndarray) -> np.ndarray:
    """w = S_W⁻¹ (m_Hi - m_Lo) over the columns of Z (pseudo-inverse when S_W is singular)."""
    means = []
    scatter = np.zeros((Z.shape[1], Z.shape[1]))
    for mask in (hi, ~hi):
        wg = w[mask]
        m = (wg[:, None] * Z[mask]).sum(axis=0) / wg.sum()
        d = Z[mask] - m
        scatter += (wg[:, None] * d).T @ d
        means.append(m)
    return np.linalg.pinv(scatter) @ (means[0] - means[1])


def _orient(weights: np.ndarray, X: np.ndarray, hi: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Unit length, and Hi's mean score above Lo's."""
    norm = np.linalg.norm(weights)
    if norm == 0:
        return weights
    weights = weights / norm
    s = X @ weights
    if (w[hi] * s[hi]).sum() / w[hi].sum() < (w[~hi] * s[~hi]).sum() / w[~hi].sum():
        weights = -weights
    return weights


def binary_target(data: EncodedData, positive: str | None, algorithm: str) -> tuple[np.ndarray, list[str], int]:
    """hi[i] (the positive class, or the second of two), labels for the tree, index of 'hi' label."""
    classes = data.classes
    if len(classes) == 2 and positive is None:
        return data.y == 1, list(classes), 1
    if positive is None:
        raise SpecError(_("{algorithm} separates one class from the rest; with {n} classes, choose which: "
                          "the positive class (in the window: the Problem tab's \"Positive class\"; on the command "
                          "line: --positive-class)").format(algorithm=algorithm, n=len(classes)), code="needs_positive_class",
                        field="positive_class")
    if positive not in classes:
        raise SpecError(_('"{positive}" is not a class').format(positive=positive), code="needs_positive_class",
                        field="positive_class")
    k = classes.index(positive)
    if len(classes) == 2:
        return data.y == k, list(classes), k
    return data.y == k, list(classes) + [f"not {positive}"], k


def label_members(labels: list[str], n_classes: int) -> np.ndarray:
    """members[l, k]: predicting label l is right for class k ("not b" covers every class but b)."""
    members = np.zeros((len(labels), n_classes), bool)
    members[np.arange(n_classes), np.arange(n_classes)] = True
    for l in range(n_classes, len(labels)):
        positive = labels.index(labels[l][4:]) if labels[l].startswith("not ") else -1
        members[l] = True
        if positive >= 0:
            members[l, positive] = False
    return members


def _side_labels(labels: list[str], hi_label: int, n_classes: int) -> tuple[int, int]:
    """Label index of the Hi side and of the Lo side."""
    if len(labels) == n_classes:  # two classes
        return hi_label, 1 - hi_label
    return hi_label, n_classes  # "not <positive>"


TRICHOTOMY = AlgorithmInfo(
    name="trichotomy", family="trichotomy", title=N_("Sequential discriminant tree by trichotomy (may answer “pending”)"),
    params=(
        Param("r", 0.05, N_("widening of the overlap region, as a share of its width (5 %; 1 % keeps it tighter)"),
              kind="float", minimum=0.0, maximum=1.0),
        Param("lambda0", 0.01, N_("stop when the best B/W is below this"), kind="float", minimum=0.0),
        Param("n_min", 5, N_("stop when fewer cases are pending"), kind="int", minimum=1),
        Param("trim", 0.0, N_("α: overlap between trimmed quantiles (0: the extremes, no training error)"),
              kind="float", minimum=0.0, maximum=0.45),
    ),
    uses=("positive_class",),
    missing="stop",
)


@dataclass
class Stage:
    """A stage's cases: the pending rows (complete ones), and the score so far (attributes, weights)."""

    pending: np.ndarray
    used: list
    weights: np.ndarray


class TrichotomyStages:
    """The chained stage splitter: each split settles what it can into a Lo and a Hi leaf
    (labels fixed, never expanded) and passes the pending cases to the middle child,
    the next stage (or a PENDING leaf)."""

    def __init__(self, data: EncodedData, params: dict, hi_all: np.ndarray, labels: list[str], hi_side: int,
                 lo_side: int):
        require_finite(data)
        self.data, self.params = data, params
        self.hi_all, self.labels = hi_all, labels
        self.hi_side, self.lo_side = hi_side, lo_side
        self.K = len(data.classes)
        self.p = data.X.shape[1]

    def tree(self) -> Tree:
        return Tree(self.data.schema, self.labels)

    def counts(self, rows) -> np.ndarray:
        return np.bincount(self.data.y[rows], weights=self.data.w[rows], minlength=self.K).astype(np.float64)

    def root(self) -> Cases:
        complete = ~np.isnan(self.data.X).any(axis=1)  # stages need every attribute they combine
        pending = np.flatnonzero(complete)
        counts = np.bincount(self.data.y, weights=self.data.w, minlength=self.K).astype(np.float64)
        return Cases(counts, len(pending), 0, Stage(pending, [], np.zeros(0)))

    def candidates(self, cases: Cases) -> list[Candidate]:
        """The next score: stage 1 the best single attribute (B/W), later the best Fisher
        combination of the current score with one unused attribute."""
        stage = cases.data
        pending, used, weights = stage.pending, stage.used, stage.weights
        hi = self.hi_all[pending]
        if len(pending) < self.params["n_min"] or hi.all() or (~hi).all():
            return []
        Xp, wp = self.data.X[pending], self.data.w[pending]
        best = None
        for j in range(self.p):
            if j in used:
                continue
            if not used:
                cand_w = np.array([1.0])
                feats = [j]
            else:
                feats = used + [j]
                two = np.column_stack([Xp[:, used] @ weights, Xp[:, j]])
                mu_nu = fisher_direction(two, hi, wp)
                cand_w = np.append(mu_nu[0] * weights, mu_nu[1])
            cand_w = _orient(cand_w, Xp[:, feats], hi, wp)
            ratio = between_within(Xp[:, feats] @ cand_w, hi, wp)
            if best is None or ratio > best[0] + 1e-12:
                best = (ratio, feats, cand_w)
        if best is None:
            return []
        return [Candidate(best[0], best[1][-1], (best[1], best[2]))]

    def split(self, cases: Cases, chosen: Candidate):
        """Trichotomise the score on the pending cases; None when the stage settles nothing."""
        pending = cases.data.pending
        feats, weights = chosen.detail
        hi = self.hi_all[pending]
        Xp, wp = self.data.X[pending], self.data.w[pending]
        score = stage_score(Xp, feats, weights)  # as predict computes it: the thresholds hold exactly
        c, d = overlap(score, hi, wp, self.params["trim"])
        if c > d:
            a = b = (c + d) / 2.0
        else:  # strictly outside [c, d] even when r = 0 or c = d: no training error with trim 0
            e = self.params["r"] * (d - c)
            a = min(c - e, float(np.nextafter(c, -np.inf)))
            b = max(d + e, float(np.nextafter(d, np.inf)))
        low_mask, high_mask = score <= a, score >= b
        still = ~(low_mask | high_mask)
        if still.sum() >= len(pending):
            return None  # the stage settled nothing
        node = TrichotomySplit(counts=None, label=0, children=[-1, -1, -1], features=list(feats),
                               weights=[float(v) for v in weights], low=float(a), high=float(b))
        depth = cases.depth + 1
        rest = pending[still]
        low = Child(Cases(self.counts(pending[low_mask]), int(low_mask.sum()), depth), self.lo_side, final=True)
        high = Child(Cases(self.counts(pending[high_mask]), int(high_mask.sum()), depth), self.hi_side, final=True)
        last = not len(rest) or len(feats) == self.p
        middle = Child(Cases(self.counts(rest), len(rest), depth, Stage(rest, list(feats), weights)), PENDING,
                       final=last)
        return node, [low, high, middle]


def fit_trichotomy(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    positive = spec.positive_class if spec is not None else None
    hi_all, labels, hi_label = binary_target(data, positive, "trichotomy")
    K = len(data.classes)
    hi_side, lo_side = _side_labels(labels, hi_label, K)
    splitter = TrichotomyStages(data, params, hi_all, labels, hi_side, lo_side)
    counts = np.bincount(data.y, weights=data.w, minlength=K).astype(np.float64)
    mixed = bool(hi_all.any() and (~hi_all).any())
    # a case that never gets past the root is undecided: PENDING when both sides are present
    root_label = PENDING if mixed else (hi_side if counts[hi_label] > counts.sum() - counts[hi_label] else lo_side)
    stopping = Stopping(min_samples_split=0, min_samples_leaf=0, min_value=params["lambda0"])
    return grow(splitter, root_label=root_label, stopping=stopping, progress=progress,
                message="trichotomy stages")


def error_pending_curve(data: EncodedData, spec: ProblemSpec | None, alphas, params: dict | None = None,
                        folds: int = 5, seed: int = 0) -> list[dict]:
    """Cross-validated misclassification rate, pending rate and attributes per case for each
    trim α: the curve a user picks α from (the GUI draws it; the CLI prints it)."""

    fold, _ = stratified_folds(data.y, folds, seed)
    hi_all, labels, _ = binary_target(data, spec.positive_class if spec is not None else None, "trichotomy")
    members = label_members(labels, len(data.classes))
    out = []
    for alpha in alphas:
        resolved = resolve_params(TRICHOTOMY, {**(params or {}), "trim": alpha})
        wrong = pending = used = 0.0
        for k in range(folds):
            train, test = np.flatnonzero(fold != k), np.flatnonzero(fold == k)
            tree = fit_trichotomy(data.subset(train), spec, resolved)
            p = predict(tree, data.X[test], TRICHOTOMY.missing)
            decided = p.labels != PENDING
            right = np.zeros(len(test), bool)
            right[decided] = members[p.labels[decided], data.y[test][decided]]
            wrong += float((decided & ~right).sum())
            pending += float((~decided).sum())
            used += float(p.used.sum())
        n = len(data.y)
        out.append({"alpha": float(alpha), "misclassification_rate": wrong / n, "pending_rate": pending / n,
                    "attributes_used": used / n})
    return out


# ---- Fisher LDA with forward stepwise selection ------------------------------------------


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (Lentz's method)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-14:
            break
    return h


def regularized_beta(x: float, a: float, b: float) -> float:
    """I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1 - x) / b


def f_survival(f: float, d1: float, d2: float) -> float:
    """P(F(d1, d2) > f)."""
    if f <= 0:
        return 1.0
    return regularized_beta(d2 / (d2 + d1 * f), d2 / 2.0, d1 / 2.0)


def wilks_lambda(X: np.ndarray, hi: np.ndarray, w: np.ndarray) -> float:
    """det(W) / det(T) of the selected columns (weighted scatter matrices)."""
    total_mean = (w[:, None] * X).sum(axis=0) / w.sum()
    dt = X - total_mean
    T = (w[:, None] * dt).T @ dt
    W = np.zeros_like(T)
    for mask in (hi, ~hi):
        if w[mask].sum() <= 0:  # a side with no weight scatters nothing (its mean is undefined)
            continue
        m = (w[mask][:, None] * X[mask]).sum(axis=0) / w[mask].sum()
        d = X[mask] - m
        W += (w[mask][:, None] * d).T @ d
    det_t = np.linalg.det(T)
    return float(np.linalg.det(W) / det_t) if det_t > 0 else 1.0


FISHER = AlgorithmInfo(
    name="fisher_lda", family="trichotomy",
    title=N_("Fisher LDA with forward stepwise selection (a linear baseline)"),
    params=(Param("p_enter", 0.05, N_("F-to-enter: add an attribute while its p-value is below this"), kind="float",
                  minimum=1e-6, maximum=1.0),),
    uses=("positive_class",),
    missing="stop",
)


def fit_fisher(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    """Forward stepwise selection by Wilks' lambda (F-to-enter, two groups: F = (n - 2 - q)
    (Λ_q / Λ_{q+1} - 1) with 1 and n - 2 - q degrees of freedom), then Fisher's direction on
    the selected attributes, cut at the midpoint of the projected class means: one
    TrichotomySplit with low = high (nothing pending)."""
    require_finite(data)
    positive = spec.positive_class if spec is not None else None
    hi_all, labels, hi_label = binary_target(data, positive, "fisher_lda")
    K = len(data.classes)
    hi_side, lo_side = _side_labels(labels, hi_label, K)
    complete = ~np.isnan(data.X).any(axis=1)
    X, hi, w, y = data.X[complete], hi_all[complete], data.w[complete], data.y[complete]
    n = w.sum()
    selected: list[int] = []
    current = 1.0
    while len(selected) < X.shape[1]:
        best = None
        for j in range(X.shape[1]):
            if j in selected:
                continue
            lam = wilks_lambda(X[:, selected + [j]], hi, w)
            if lam <= 0:
                continue
            q = len(selected)
            dof = n - 2 - q
            if dof <= 0:
                continue
            f = dof * (current / lam - 1.0)
            if best is None or f > best[0] + 1e-12:  # the largest F (smallest Wilks' lambda) enters
                best = (f, j, lam, dof)
        if best is None or f_survival(best[0], 1.0, best[3]) >= params["p_enter"]:
            break
        selected.append(best[1])
        current = best[2]
    tree = Tree(data.schema, labels)
    counts = np.bincount(data.y, weights=data.w, minlength=K).astype(np.float64)
    hi_w = counts[hi_label]
    tree.add(Leaf(counts=counts, label=hi_side if hi_w > counts.sum() - hi_w else lo_side))
    if not selected:
        return tree
    direction = _orient(fisher_direction(X[:, selected], hi, w), X[:, selected], hi, w)
    score = X[:, selected] @ direction
    cut = ((w[hi] * score[hi]).sum() / w[hi].sum() + (w[~hi] * score[~hi]).sum() / w[~hi].sum()) / 2.0
    low = score <= cut
    root = TrichotomySplit(counts=counts, label=tree.root.label, children=[-1, -1, -1], features=selected,
                           weights=[float(v) for v in direction], low=float(cut), high=float(cut))
    tree.replace(0, root)
    root.children[0] = tree.add(Leaf(counts=np.bincount(y[low], weights=w[low], minlength=K).astype(float),
                                     label=lo_side), 0)
    root.children[1] = tree.add(Leaf(counts=np.bincount(y[~low], weights=w[~low], minlength=K).astype(float),
                                     label=hi_side), 0)
    root.children[2] = tree.add(Leaf(counts=np.zeros(K), label=PENDING), 0)  # never reached: low = high
    tree.info = {"selected": [data.schema.names[j] for j in selected], "wilks_lambda": current}
    return tree


ALGORITHMS = (replace(TRICHOTOMY, fit=fit_trichotomy), replace(FISHER, fit=fit_fisher))
