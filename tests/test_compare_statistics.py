"""engine/compare/statistics.py by hand: the corrected resampled t-test on a made-up fold table
(with the closed-form t distribution for 4 degrees of freedom), Wilcoxon's exact p-value by
counting rank subsets, Friedman and Nemenyi against Demšar's worked example (JMLR 7, 2006,
§3.2.2 and Table 5: four C4.5 variants on 14 data sets) and against SciPy."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest
from scipy import stats

from engine.compare.statistics import (cd_groups, corrected_resampled_t, friedman, friedman_from_ranks,
                                       nemenyi, q_alpha, ranks, wilcoxon_signed_rank)

A = [0.80, 0.90, 0.85, 0.75, 0.80]
B = [0.70, 0.85, 0.80, 0.75, 0.70]


def t4_cdf(t: float) -> float:
    """Student's t with 4 degrees of freedom in closed form: 1/2 + (3/4) x (1 - x²/3), x = t / sqrt(4 + t²)."""
    x = t / math.sqrt(4 + t * t)
    return 0.5 + 0.75 * x * (1 - x * x / 3)


def test_corrected_resampled_t_by_hand():
    # d = 0.10, 0.05, 0.05, 0, 0.10: mean 0.06, s² = (0.0016 + 0.0001 + 0.0001 + 0.0036 + 0.0016) / 4
    # = 0.00175; 5-fold CV: n_test / n_train = 1/4; t = 0.06 / sqrt((1/5 + 1/4) · 0.00175) = 2.13809
    r = corrected_resampled_t(A, B, 1 / 4)
    assert r.statistic == pytest.approx(0.06 / math.sqrt(0.45 * 0.00175), rel=1e-12)
    assert r.statistic == pytest.approx(2.13809, abs=1e-5)
    assert r.df == 4 and r.n == 5 and r.mean_difference == pytest.approx(0.06)
    assert r.p_value == pytest.approx(2 * (1 - t4_cdf(r.statistic)), rel=1e-10)
    # the uncorrected paired t-test (ratio 0) is smaller in p: the correction matters
    plain = corrected_resampled_t(A, B, 0.0)
    assert plain.statistic == pytest.approx(stats.ttest_rel(A, B).statistic)
    assert plain.p_value < 0.05 < r.p_value
    # swapping the two flips the sign, not the p-value
    swapped = corrected_resampled_t(B, A, 1 / 4)
    assert swapped.statistic == pytest.approx(-r.statistic) and swapped.p_value == pytest.approx(r.p_value)


def test_corrected_t_with_constant_differences():
    same = corrected_resampled_t(A, A, 1 / 9)
    assert (same.statistic, same.p_value) == (0.0, 1.0)
    shifted = corrected_resampled_t(np.array(A) + 0.1, A, 1 / 9)
    assert shifted.statistic == math.inf and shifted.p_value == 0.0
    assert json.loads(json.dumps(shifted.to_json()))["statistic"] == "inf"
    with pytest.raises(ValueError, match="at least two folds"):
        corrected_resampled_t([1.0], [0.5], 0.1)
    with pytest.raises(ValueError, match="one length"):
        corrected_resampled_t([1.0, 2.0], [0.5], 0.1)


def test_wilcoxon_exact_p_by_counting():
    # d = 0.01, 0.02, -0.03, 0.04, 0.05, 0.06: ranks 1..6, W- = 3, W+ = 18; subsets of {1..6}
    # with rank sum <= 3: {}, {1}, {2}, {3}, {1, 2}: p = 2 · 5/64
    b = np.zeros(6)
    a = np.array([0.01, 0.02, -0.03, 0.04, 0.05, 0.06])
    r = wilcoxon_signed_rank(a, b)
    count = sum(1 for m in range(7) for s in itertools.combinations(range(1, 7), m) if sum(s) <= 3)
    assert count == 5
    assert r.statistic == 3 and r.p_value == pytest.approx(2 * 5 / 64) and r.n == 6
    # zero differences are dropped (Wilcoxon's convention); all zero: p = 1
    r = wilcoxon_signed_rank(np.r_[a, 0.5], np.r_[b, 0.5])
    assert r.n == 6 and r.p_value == pytest.approx(2 * 5 / 64)
    assert wilcoxon_signed_rank(A, A).p_value == 1.0


def test_ranks_ties_and_direction():
    s = [[0.9, 0.8, 0.9], [0.7, 0.8, 0.6]]
    np.testing.assert_array_equal(ranks(s), [[1.5, 3, 1.5], [2, 1, 3]])
    np.testing.assert_array_equal(ranks(s, higher_better=False), [[2.5, 1, 2.5], [2, 3, 1]])


def test_friedman_on_demsars_worked_example():
    # Demšar 2006, §3.2.2: average ranks 3.143, 2.000, 2.893, 1.964 over N = 14 data sets:
    # chi²_F = 9.28, F_F = 3.69 (F(3, 39) critical value 2.85 at 0.05)
    f = friedman_from_ranks([3.143, 2.000, 2.893, 1.964], 14)
    assert f.chi2 == pytest.approx(9.28, abs=0.01)
    assert f.f == pytest.approx(3.69, abs=0.01)
    assert (f.df1, f.df2) == (3, 39)
    assert stats.f.ppf(0.95, 3, 39) == pytest.approx(2.85, abs=0.01) and f.p_value < 0.05
    # and its Nemenyi critical difference at 0.05: q = 2.569, CD = 2.569 sqrt(4·5 / (6·14)) = 1.25
    n = nemenyi(f.average_ranks, 14)
    assert q_alpha(4) == pytest.approx(2.569, abs=5e-4)
    assert n.critical_difference == pytest.approx(1.25, abs=0.005)
    # Demšar's reading: C4.5+m+cf (1.964) against C4.5 (3.143): 1.18 < 1.25, not significant at
    # 0.05; at 0.10 the CD is 2.291 · 0.488 = 1.12 and it is
    assert 0.05 < n.p_values[0, 3] < 0.10
    assert nemenyi(f.average_ranks, 14, alpha=0.10).critical_difference == pytest.approx(1.12, abs=0.005)


def test_demsars_table_of_critical_values():
    table = {2: 1.960, 3: 2.343, 4: 2.569, 5: 2.728, 6: 2.850, 7: 2.949, 8: 3.031, 9: 3.102, 10: 3.164}
    for k, q in table.items():
        assert q_alpha(k) == pytest.approx(q, abs=1e-3)  # the table gives three decimals (some cut, some rounded)
    assert 2.291 <= q_alpha(4, 0.10) < 2.292  # Demšar Table 5, α = 0.10


def test_friedman_agrees_with_scipy_without_ties():
    rng = np.random.default_rng(3)
    scores = rng.normal(size=(10, 4)) + np.array([0.0, 0.3, 0.6, 0.2])
    f = friedman(scores)
    want = stats.friedmanchisquare(*scores.T)
    assert f.chi2 == pytest.approx(want.statistic) and f.p_chi2 == pytest.approx(want.pvalue)
    # lower is better reverses the ranks: the same statistic, mirrored ranks
    g = friedman(scores, higher_better=False)
    np.testing.assert_allclose(g.average_ranks, 5 - f.average_ranks)
    assert g.chi2 == pytest.approx(f.chi2)
    # the same ranking in every block: F_F is unbounded
    perfect = friedman(np.tile([0.9, 0.8, 0.7], (5, 1)))
    assert perfect.f == math.inf and perfect.p_value == 0.0


def test_nemenyi_p_value_is_alpha_at_the_critical_difference():
    cd = nemenyi([1.0, 2.0, 3.0], 20).critical_difference
    n = nemenyi([1.0, 1.0 + cd, 3.5], 20)
    assert n.p_values[0, 1] == pytest.approx(0.05, abs=1e-6)
    assert np.allclose(np.diag(n.p_values), 1) and np.allclose(n.p_values, n.p_values.T)
    assert n.p_values[0, 2] < n.p_values[0, 1]


def test_cd_groups_by_hand():
    # sorted ranks 1.0, 1.5, 2.6, 3.0, 4.9 with CD 1.2: runs {1.0, 1.5}, {1.5, 2.6}, {2.6, 3.0}; 4.9 alone
    R = [3.0, 1.0, 4.9, 1.5, 2.6]
    assert cd_groups(R, 1.2) == [[1, 3], [3, 4], [4, 0]]
    assert cd_groups(R, 10) == [[1, 3, 4, 0, 2]]
    assert cd_groups(R, 0.1) == []
