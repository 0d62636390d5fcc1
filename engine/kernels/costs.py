"""The compiled twins of engine/costs.py's §4.1 formulas that the compiled planner needs
(engine/kernels/plan_dp.py), over `CostModel.arrays()`.

A set of attributes is a (p,) bool mask (K known: answered or "unknown"; O obtained:
answered), a set of groups a (G,) bool mask (P paid), a list of attributes the first t
entries of an int64 array. Each function is the CostModel method its docstring names,
with the same order of summation, so the two give the same numbers
(tests/test_costs_kernels.py); the formulas are written out in engine/costs.py.
"""

from __future__ import annotations

import numba

from .config import JIT


@numba.njit(**JIT)
def paid_groups(obtained, group_of, paid):
    """CostModel.paid_by: paid[g] = some attribute of group g is obtained. Returns `paid`."""
    paid[:] = False
    for x in range(obtained.shape[0]):
        if obtained[x] and group_of[x] >= 0:
            paid[group_of[x]] = True
    return paid


@numba.njit(**JIT)
def test_cost(x, paid, tc, group_of, gcc):
    """CostModel.test_cost: TC(x | P)."""
    g = group_of[x]
    if g >= 0 and paid[g]:
        return max(tc[x] - gcc[g], 0.0)
    return tc[x]


@numba.njit(**JIT)
def prerequisite_unknown(j, unknown, prereq):
    """CostModel.prerequisite_unknown: some prerequisite down j's chain is in `unknown` (at most
    p links: a cycle ends the walk)."""
    p = prereq[j]
    steps = 0
    while p >= 0 and p != j and steps < prereq.shape[0]:
        if unknown[p]:
            return True
        p = prereq[p]
        steps += 1
    return False


@numba.njit(**JIT)
def append_obtain(j, known, prereq, out, t, chain):
    """CostModel.to_obtain for one attribute appended to out[:t]: nothing if j is known, else
    chain(j | K) farthest first, then j, none already in out[:t]. Returns the new length.
    `chain`: (p,) scratch space."""
    if known[j]:
        return t
    n = 0
    p = prereq[j]
    while p >= 0 and not known[p] and p != j:
        dup = False
        for i in range(n):
            if chain[i] == p:
                dup = True
        if dup:  # a cycle
            break
        chain[n] = p
        n += 1
        p = prereq[p]
    for i in range(n, -1, -1):  # the farthest prerequisite first, j last
        x = j if i == 0 else chain[i - 1]
        dup = False
        for k in range(t):
            if out[k] == x:
                dup = True
        if not dup:
            out[t] = x
            t += 1
    return t


@numba.njit(**JIT)
def obtain_cost(todo, t, paid, tc, wc0, group_of, gcc):
    """CostModel.cost(todo[:t], expand=False) (= one_by_one): (Σ_k TC(x_k | P ∪ groups of
    x_1..x_{k-1}), Σ_k WC₀(x_k)); `paid` is left as it is."""
    test = 0.0
    for k in range(t):
        x = todo[k]
        g = group_of[x]
        if g >= 0 and not paid[g]:
            earlier = False  # an earlier attribute of this step paid the group's common cost
            for i in range(k):
                if group_of[todo[i]] == g:
                    earlier = True
                    break
            test += max(tc[x] - gcc[g], 0.0) if earlier else tc[x]
        else:
            test += test_cost(x, paid, tc, group_of, gcc)
    waiting = 0.0
    for k in range(t):
        waiting += wc0[todo[k]]
    return test, waiting


@numba.njit(**JIT)
def batch_cost(g, todo, t, paid, tc, wc0, group_of, gcc, gmembers, prereq):
    """CostModel.batch_cost(group g, todo[:t], expand=False): M the members of g among todo, O the
    others: (CC·[M ≠ ∅ and g not paid] + Σ_M max(TC - CC, 0) + Σ_O TC(o | P),
    Σ_O WC₀(o) + max_{a ∈ M} (WC₀(a) + Σ_{p ∈ chain(a) ∩ M} WC₀(p)))."""
    members = 0.0
    others = 0.0
    before = 0.0
    slowest = 0.0
    n_members = 0
    for k in range(t):
        x = todo[k]
        if _member(g, x, gmembers):
            members += max(tc[x] - gcc[g], 0.0)
            n_members += 1
        else:
            others += test_cost(x, paid, tc, group_of, gcc)
            before += wc0[x]
    for k in range(t):
        x = todo[k]
        if not _member(g, x, gmembers):
            continue
        wait = wc0[x]
        p = prereq[x]
        steps = 0
        while p >= 0 and p != x and steps < t and _member(g, p, gmembers) and _in(p, todo, t):
            wait += wc0[p]
            p = prereq[p]
            steps += 1
        slowest = max(slowest, wait)
    common = gcc[g] if n_members > 0 and not paid[g] else 0.0
    return common + members + others, before + slowest


@numba.njit(**JIT)
def _member(g, x, gmembers):
    for i in range(gmembers.shape[1]):
        if gmembers[g, i] == x:
            return True
    return False


@numba.njit(**JIT)
def _in(x, todo, t):
    for k in range(t):
        if todo[k] == x:
            return True
    return False
