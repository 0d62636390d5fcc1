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
    """CostModel.cost(todo[:t], expand=False): (Σ TC(x | P), Σ WC₀(x)), each at its price before
    the step."""
    test = 0.0
    for k in range(t):
        test += test_cost(todo[k], paid, tc, group_of, gcc)
    waiting = 0.0
    for k in range(t):
        waiting += wc0[todo[k]]
    return test, waiting


@numba.njit(**JIT)
def batch_cost(g, todo, t, paid, tc, wc0, group_of, gcc, gmembers):
    """CostModel.batch_cost(group g, todo[:t], expand=False): M the members of g among todo, O the
    others: (CC·[M ≠ ∅ and g not paid] + Σ_M max(TC - CC, 0) + Σ_O TC(o | P),
    Σ_O WC₀(o) + max_M WC₀)."""
    members = 0.0
    others = 0.0
    before = 0.0
    slowest = 0.0
    n_members = 0
    for k in range(t):
        x = todo[k]
        member = False
        for i in range(gmembers.shape[1]):
            if gmembers[g, i] == x:
                member = True
        if member:
            members += max(tc[x] - gcc[g], 0.0)
            slowest = wc0[x] if n_members == 0 else max(slowest, wc0[x])
            n_members += 1
        else:
            others += test_cost(x, paid, tc, group_of, gcc)
            before += wc0[x]
    common = gcc[g] if n_members > 0 and not paid[g] else 0.0
    return common + members + others, before + slowest
