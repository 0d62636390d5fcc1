"""Significance tests for comparing algorithms on one data set (issue 16).

Fold scores come from the same folds for every algorithm, so every test here is a
paired one. Each result names the test that produced it (`test`), so that a table
can say which test each cell used.

Two algorithms, r repeats of k folds (J = r·k paired scores, d_j = a_j - b_j):

- **corrected resampled t** (Nadeau & Bengio 2003, "Inference for the generalization
  error", as Bouckaert & Frank 2004 use it for repeated cross-validation):

      t = mean(d) / sqrt((1/J + n_test/n_train) · s²),   s² = Σ (d_j - mean(d))² / (J - 1)

  with J - 1 degrees of freedom, two-sided. The n_test/n_train term widens the
  variance for the overlap of the training sets (the plain paired t-test on CV folds
  is far too liberal). s² = 0: t = 0, p = 1 when mean(d) = 0, else t = ±inf, p = 0.
- **Wilcoxon signed-rank** (scipy.stats.wilcoxon, zero differences dropped — Wilcoxon's
  own convention —, exact p-value for small samples without ties, normal approximation
  otherwise); every difference 0: statistic 0, p = 1.

All algorithms together, N blocks (folds) x k algorithms:

- **Friedman** on the ranks within each block (rank 1 = best; ties share the mean rank):
  χ²_F = 12N / (k(k+1)) · [Σ_j R_j² - k(k+1)²/4] (R_j the average ranks), k - 1 degrees
  of freedom, and Iman & Davenport's F_F = (N - 1) χ²_F / (N(k - 1) - χ²_F) with k - 1
  and (k - 1)(N - 1) degrees of freedom, the less conservative of the two (Demšar 2006,
  "Statistical comparisons of classifiers over multiple data sets", JMLR 7, §3.2.2).
  χ²_F here is Demšar's formula without the tie correction (scipy.stats.friedmanchisquare
  applies one: they agree when no block has ties).
- **Nemenyi** post-hoc: two algorithms differ when their average ranks differ by at least
  the critical difference CD = q_α · sqrt(k(k+1) / (6N)), q_α the studentized range
  quantile at α for k groups and infinite degrees of freedom, divided by √2 (Demšar's
  Table 5: k = 2..10 → 1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164 at
  0.05); the pairwise p-value is that of the scaled rank difference under the same law.
  `cd_groups` gives the critical-difference diagram's bars: the maximal runs of
  algorithms (in rank order) whose average ranks lie within CD of each other.

Honest caveat, printed with the results by the callers: folds of one data set are not
independent samples (the training sets overlap), which is why the corrected t-test
exists; Friedman and Nemenyi over folds treat folds as blocks and are only indicative.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

T_TEST = "corrected resampled t-test (Nadeau & Bengio)"
WILCOXON = "Wilcoxon signed-rank test"
FRIEDMAN = "Friedman test (Iman-Davenport F)"
NEMENYI = "Nemenyi post-hoc test"


@dataclass(frozen=True)
class PairTest:
    """One paired test of two algorithms' fold scores: a - b."""

    test: str
    statistic: float
    p_value: float
    mean_difference: float  # mean(a - b)
    n: int  # paired scores used (Wilcoxon: the non-zero differences)
    df: float | None = None  # degrees of freedom, where the test has them

    def to_json(self) -> dict:
        return {"test": self.test, "statistic": _finite(self.statistic), "p_value": float(self.p_value),
                "mean_difference": float(self.mean_difference), "n": self.n,
                "df": None if self.df is None else float(self.df)}


def _paired(a, b) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError(f"paired fold scores must be two vectors of one length, not {a.shape} and {b.shape}")
    if len(a) < 2:
        raise ValueError("a paired test needs at least two folds")
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        raise ValueError("fold scores must be finite")
    return a, b


def corrected_resampled_t(a, b, test_train_ratio: float) -> PairTest:
    """Nadeau & Bengio's corrected resampled t-test of paired fold scores a and b;
    `test_train_ratio` = n_test / n_train of a fold (k-fold CV: 1/(k - 1))."""
    a, b = _paired(a, b)
    if not test_train_ratio >= 0:
        raise ValueError(f"test_train_ratio must be at least 0, not {test_train_ratio}")
    d = a - b
    J = len(d)
    mean = float(d.mean())
    var = float(d.var(ddof=1))
    # differences equal up to rounding (a spread far below the mean's last digits) count as constant
    if var <= (1e-12 * max(1.0, abs(mean))) ** 2:
        t = 0.0 if mean == 0 else float(np.sign(mean) * np.inf)
        p = 1.0 if mean == 0 else 0.0
    else:
        t = mean / np.sqrt((1.0 / J + test_train_ratio) * var)
        p = float(2.0 * stats.t.sf(abs(t), J - 1))
    return PairTest(T_TEST, float(t), p, mean, J, float(J - 1))


def wilcoxon_signed_rank(a, b) -> PairTest:
    """Wilcoxon's signed-rank test of paired fold scores (zero differences dropped); the
    statistic is the smaller of the positive and negative rank sums."""
    a, b = _paired(a, b)
    d = a - b
    nonzero = int(np.count_nonzero(d))
    if nonzero == 0:
        return PairTest(WILCOXON, 0.0, 1.0, 0.0, 0)
    r = stats.wilcoxon(a, b, zero_method="wilcox", alternative="two-sided")
    return PairTest(WILCOXON, float(r.statistic), float(r.pvalue), float(d.mean()), nonzero)


def ranks(scores, higher_better: bool = True) -> np.ndarray:
    """Rank of each algorithm (column) within each block (row): 1 = best, ties the mean rank."""
    s = np.asarray(scores, dtype=np.float64)
    return stats.rankdata(-s if higher_better else s, axis=1, method="average")


@dataclass(frozen=True)
class Friedman:
    test: str
    average_ranks: np.ndarray  # per algorithm, 1 = best
    n_blocks: int
    chi2: float
    p_chi2: float
    f: float  # Iman & Davenport
    p_value: float  # of F_F: the one to report
    df1: int
    df2: int

    def to_json(self) -> dict:
        return {"test": self.test, "average_ranks": [float(r) for r in self.average_ranks], "blocks": self.n_blocks,
                "chi2": float(self.chi2), "p_chi2": float(self.p_chi2), "f": _finite(self.f),
                "p_value": float(self.p_value), "df": [self.df1, self.df2]}


def friedman(scores, higher_better: bool = True) -> Friedman:
    """Friedman's test over blocks (rows: folds) x algorithms (columns), from the average ranks."""
    s = np.asarray(scores, dtype=np.float64)
    if s.ndim != 2 or s.shape[0] < 2 or s.shape[1] < 2:
        raise ValueError(f"the Friedman test needs at least 2 blocks x 2 algorithms, not {s.shape}")
    if not np.isfinite(s).all():
        raise ValueError("fold scores must be finite")
    return friedman_from_ranks(ranks(s, higher_better).mean(axis=0), s.shape[0])


def friedman_from_ranks(average_ranks, n_blocks: int) -> Friedman:
    """χ²_F and F_F (module docstring) from the average ranks over `n_blocks` blocks."""
    R = np.asarray(average_ranks, dtype=np.float64)
    k, N = len(R), int(n_blocks)
    chi2 = 12.0 * N / (k * (k + 1)) * (float(np.sum(R ** 2)) - k * (k + 1) ** 2 / 4.0)
    chi2 = max(chi2, 0.0)  # rounding of equal ranks
    df1, df2 = k - 1, (k - 1) * (N - 1)
    denominator = N * (k - 1) - chi2
    if denominator <= 0:  # every block ranks the algorithms the same way: F is unbounded
        f, p = float("inf"), 0.0
    else:
        f = (N - 1) * chi2 / denominator
        p = float(stats.f.sf(f, df1, df2))
    return Friedman(FRIEDMAN, R, N, chi2, float(stats.chi2.sf(chi2, df1)), f, p, df1, df2)


def q_alpha(k: int, alpha: float = 0.05) -> float:
    """The Nemenyi critical value: the studentized range quantile for k groups, infinite df, / √2."""
    return float(stats.studentized_range.ppf(1.0 - alpha, k, np.inf) / np.sqrt(2.0))


@dataclass(frozen=True)
class Nemenyi:
    test: str
    average_ranks: np.ndarray
    n_blocks: int
    alpha: float
    critical_difference: float
    p_values: np.ndarray  # k x k, 1 on the diagonal

    def to_json(self) -> dict:
        return {"test": self.test, "alpha": self.alpha, "critical_difference": float(self.critical_difference),
                "p_values": [[float(v) for v in row] for row in self.p_values],
                "groups": cd_groups(self.average_ranks, self.critical_difference)}


def nemenyi(average_ranks, n_blocks: int, alpha: float = 0.05) -> Nemenyi:
    """Critical difference and pairwise p-values of the Nemenyi test (module docstring)."""
    R = np.asarray(average_ranks, dtype=np.float64)
    k, N = len(R), int(n_blocks)
    if k < 2 or N < 1:
        raise ValueError("the Nemenyi test needs at least two algorithms and one block")
    se = np.sqrt(k * (k + 1) / (6.0 * N))
    cd = q_alpha(k, alpha) * se
    z = np.abs(R[:, None] - R[None, :]) / se
    p = stats.studentized_range.sf(z * np.sqrt(2.0), k, np.inf)
    p = np.clip(np.where(np.eye(k, dtype=bool), 1.0, p), 0.0, 1.0)
    return Nemenyi(NEMENYI, R, N, alpha, float(cd), p)


def cd_groups(average_ranks, critical_difference: float) -> list[list[int]]:
    """The critical-difference diagram's bars: maximal runs of algorithms, sorted by average rank,
    whose ranks lie within CD of each other (indices into `average_ranks`); runs of one left out."""
    R = np.asarray(average_ranks, dtype=np.float64)
    order = [int(i) for i in np.argsort(R, kind="stable")]
    runs = []
    for start in range(len(order)):
        end = start
        while end + 1 < len(order) and R[order[end + 1]] - R[order[start]] < critical_difference:
            end += 1
        if end > start and not (runs and runs[-1][1] >= end):
            runs.append((start, end))
    return [order[s:e + 1] for s, e in runs]


def _finite(v: float) -> float | str:
    """JSON has no infinity: ±inf as the strings "inf" / "-inf"."""
    v = float(v)
    return v if np.isfinite(v) else ("inf" if v > 0 else "-inf")
