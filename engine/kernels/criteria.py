"""Split criteria by name (ALGORITHMS.md §0, §1): one class per criterion with its
formula, the compiled functions that compute it, and the table `CRITERIA`.

A criterion scores a candidate cut from the class counts of its sides: L (cases
with a <= c), R (a > c), N = L + R over the node's known values, n = |N|; K
classes, in their order for the ordinal family. Larger is better.

Families, by the sweep that evaluates them (engine/kernels/split.py,
engine/kernels/ordinal_split.py):

- "impurity": the node's impurity decrease W·I(N) - W_L·I(L) - W_R·I(R), cases
  with the attribute missing counted on the heavier side; `impurity(counts,
  total, code)` evaluates I. Nominal attributes split into value subsets.
- "ordinal": a value of the cut from L and N alone (missing cases take no part
  and go to the heavier side afterwards); `ordinal_state` prepares what a node
  needs once, `ordinal_value` scores one cut.
- "ordinal-fuzzy": FACMI, whose class counts are fuzzy memberships of the upper
  side, M_k = Σ_{x in class k} μ_c(x): `facmi_value(M, N)`; the membership
  (ramp or logistic) decides the sweep.

A new criterion of a family is a compiled function here, its branch in the
family's dispatch, a class with its formula, and its entry in `CRITERIA`;
the sweeps and the growth loop are untouched.
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT

# codes, as the sweeps receive them (one numbering per family)
GINI, ENTROPY = 0, 1
IE, RMI, RT, FACMI_RAMP, FACMI_LOGISTIC = 0, 1, 2, 3, 4
FACMI_RAMP_NET, FACMI_LOGISTIC_NET = 5, 6  # FACMI's pairs=net reading (§1.4), same memberships


# ---- impurity family -------------------------------------------------------------------


@numba.njit(**JIT)
def gini(counts, total):
    s = 0.0
    for k in range(counts.shape[0]):
        p = counts[k] / total
        s += p * p
    return 1.0 - s


@numba.njit(**JIT)
def entropy(counts, total):
    h = 0.0
    for k in range(counts.shape[0]):
        if counts[k] > 0.0:
            p = counts[k] / total
            h -= p * np.log2(p)
    return h


@numba.njit(**JIT)
def impurity(counts, total, code):
    """I(counts) of the impurity criterion `code` (0 for an empty node)."""
    if total <= 0.0:
        return 0.0
    if code == GINI:
        return gini(counts, total)
    return entropy(counts, total)


# ---- ordinal family --------------------------------------------------------------------


@numba.njit(**JIT)
def ie_value(left, known):
    n = known.sum()
    if n <= 0:
        return 0.0
    r_total = 0.0
    for j in range(left.shape[0]):
        r_total += known[j] - left[j]
    s = 0.0
    for j in range(left.shape[0]):
        s += left[j] * (r_total - (known[j] - left[j]))
    return 2.0 * s / (n * n)


@numba.njit(**JIT)
def rmi_value(left, known, upper_all):
    """upper_all[k] = C_{>=k} (the node's weight of classes >= k)."""
    n = known.sum()
    if n <= 0:
        return 0.0
    k = left.shape[0]
    r_total = 0.0
    for j in range(k):
        r_total += max(known[j] - left[j], 0.0)
    s = 0.0
    r_upper = 0.0
    for j in range(k - 1, -1, -1):
        # weighted counts: known - left can come out a rounding error below zero; it is zero
        rj = max(known[j] - left[j], 0.0)
        r_upper += rj
        if rj > 0.0:
            s += rj * np.log(r_total * upper_all[j] / (n * r_upper))
    return -s / n


@numba.njit(**JIT)
def ranking_impurity(counts):
    """Σ_{i<j} (j - i) N_i N_j, by one pass: Σ_j N_j · Σ_{i<j} (j - i) N_i."""
    k = counts.shape[0]
    below = 0.0  # Σ_{i<j} N_i
    moment = 0.0  # Σ_{i<j} (j - i) N_i, updated as j grows
    total = 0.0
    for j in range(k):
        moment += below  # every earlier class moves one step further away
        total += counts[j] * moment
        below += counts[j]
    return total


@numba.njit(**JIT)
def rt_value(left, known, parent_impurity, right):
    for j in range(left.shape[0]):
        right[j] = known[j] - left[j]
    return parent_impurity - ranking_impurity(left) - ranking_impurity(right)


@numba.njit(**JIT)
def upper_totals(known):
    """C_{>=k} for every k."""
    k = known.shape[0]
    out = np.zeros(k)
    acc = 0.0
    for j in range(k - 1, -1, -1):
        acc += known[j]
        out[j] = acc
    return out


@numba.njit(**JIT)
def ordinal_state(code, known, state):
    """What a node needs once for the criterion `code`, written into state (length K):
    RMI the upper totals C_{>=k}, RT the node's ranking impurity in state[0]."""
    if code == RMI:
        state[:] = upper_totals(known)
    elif code == RT:
        state[0] = ranking_impurity(known)


@numba.njit(**JIT)
def ordinal_value(code, left, known, state, right):
    """The ordinal criterion `code` of the cut with left counts `left` (right: scratch)."""
    if code == IE:
        return ie_value(left, known)
    if code == RMI:
        return rmi_value(left, known, state)
    return rt_value(left, known, state[0], right)


# ---- ordinal-fuzzy family ------------------------------------------------------------------


@numba.njit(**JIT)
def facmi_value(upper, known):
    """(1/n²) Σ_k M_k Σ_{j<k} (N_j - M_j) for upper memberships M."""
    n = known.sum()
    lower_below = 0.0
    s = 0.0
    for j in range(known.shape[0]):
        s += upper[j] * lower_below
        lower_below += known[j] - upper[j]
    return s / (n * n) if n > 0 else 0.0


@numba.njit(**JIT)
def facmi_net_value(upper, known):
    """pairs=net: (1/n²) Σ_k [M_k N_{<k} - N_k M_{<k}] = (1/n²) Σ_{d(y)<d(x)} (μ(x) - μ(y)),
    concordant minus discordant (a tie at the cut scores ½ - ½ = 0)."""
    n = known.sum()
    n_below = 0.0
    m_below = 0.0
    s = 0.0
    for j in range(known.shape[0]):
        s += upper[j] * n_below - known[j] * m_below
        n_below += known[j]
        m_below += upper[j]
    return s / (n * n) if n > 0 else 0.0


@numba.njit(**JIT)
def is_facmi(code):
    return code == FACMI_RAMP or code == FACMI_LOGISTIC or code == FACMI_RAMP_NET or code == FACMI_LOGISTIC_NET


@numba.njit(**JIT)
def is_facmi_logistic(code):
    return code == FACMI_LOGISTIC or code == FACMI_LOGISTIC_NET


@numba.njit(**JIT)
def is_facmi_net(code):
    return code == FACMI_RAMP_NET or code == FACMI_LOGISTIC_NET


@numba.njit(**JIT)
def facmi_pairs_value(code, upper, known):
    """FACMI of upper memberships M under the reading of `code` (concordant or net)."""
    if is_facmi_net(code):
        return facmi_net_value(upper, known)
    return facmi_value(upper, known)


# ---- the criteria by name ------------------------------------------------------------------


class Criterion:
    """A split criterion: its name (the parameter value users type), the family whose sweep
    evaluates it, and its code there. The docstring of each subclass carries the formula."""

    name = ""
    family = ""
    code = -1

    def __repr__(self) -> str:
        return f"<criterion {self.name}>"


class Gini(Criterion):
    """Gini(U) = 1 - Σ_k p_k², p_k = N_k / n; split value W·Gini(U) - W_L·Gini(L) - W_R·Gini(R)
    (CART, Breiman et al. 1984). Without missing values the sweep keeps Σ l_k² and Σ r_k²
    and updates them in O(1) per case."""

    name, family, code = "gini", "impurity", GINI


class Entropy(Criterion):
    """Info(U) = -Σ_k p_k log2 p_k; split value W·Info(U) - W_L·Info(L) - W_R·Info(R), the
    information gain in bits times the node's weight."""

    name, family, code = "entropy", "impurity", ENTROPY


class ComplementaryMutualInformation(Criterion):
    """IE (§1.1): CMI of the binarised attribute, CMI_c = (2/n²) Σ_k L_k (|R| - R_k)."""

    name, family, code = "ie", "ordinal", IE


class RankMutualInformation(Criterion):
    """REMT (§1.2, natural logs): RMI_c = -(1/n) Σ_k R_k log(|R| C_{>=k} / (n R_{>=k})),
    C_{>=k} = Σ_{j>=k} N_j, R_{>=k} = Σ_{j>=k} R_j."""

    name, family, code = "rmi", "ordinal", RMI


class RankingImpurity(Criterion):
    """RT (§1.3): I(t) = Σ_j Σ_{i<j} (j - i) N_j N_i (raw counts); gain ΔI = I(N) - I(L) - I(R)."""

    name, family, code = "rt", "ordinal", RT


class FacmiRamp(Criterion):
    """FACMI (§1.4): FACMI_c = (1/n²) Σ_k M_k Σ_{j<k} (N_j - M_j), M_k = Σ_{x in k} μ_c(x), with the
    ramp membership μ = clip((a - c + w) / 2w, 0, 1), w = 2s/k (s: the attribute's standard
    deviation at the node, k the steepness): prefix sums and a moving window."""

    name, family, code = "facmi_ramp", "ordinal-fuzzy", FACMI_RAMP


class FacmiLogistic(Criterion):
    """FACMI (§1.4) with the exact logistic membership μ = 1 / (1 + exp(-k (a - c) / s)):
    O(n) per cut."""

    name, family, code = "facmi_logistic", "ordinal-fuzzy", FACMI_LOGISTIC


class FacmiRampNet(Criterion):
    """FACMI, pairs=net (§1.4 readings), ramp membership: (1/n²) Σ_k [M_k N_{<k} - N_k M_{<k}],
    concordant minus discordant pairs."""

    name, family, code = "facmi_ramp_net", "ordinal-fuzzy", FACMI_RAMP_NET


class FacmiLogisticNet(Criterion):
    """FACMI, pairs=net (§1.4 readings), exact logistic membership: (1/n²) Σ_k [M_k N_{<k} - N_k M_{<k}]."""

    name, family, code = "facmi_logistic_net", "ordinal-fuzzy", FACMI_LOGISTIC_NET


CRITERIA: dict[str, Criterion] = {c.name: c for c in (
    Gini(), Entropy(), ComplementaryMutualInformation(), RankMutualInformation(), RankingImpurity(), FacmiRamp(),
    FacmiLogistic(), FacmiRampNet(), FacmiLogisticNet())}


def criterion(name: str) -> Criterion:
    if name not in CRITERIA:
        raise ValueError(f"unknown criterion {name!r} (known: {', '.join(CRITERIA)})")
    return CRITERIA[name]


def names(family: str) -> tuple[str, ...]:
    """The criteria of one family, in table order (e.g. CART's `criterion` choices)."""
    return tuple(name for name, c in CRITERIA.items() if c.family == family)
