"""The compiled cost kernels (engine/kernels/costs.py) against engine/costs.py's CostModel, their
Python twin, on random cost models: random test costs, waits and common costs, random
prerequisite chains (cycles included: check() refuses them, the arithmetic must still end),
random batch groups, random sets of known, "unknown" and paid. Also run with the JIT
disabled (tests/test_kernels_without_jit.py)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.costs import Cost, CostModel, Group
from engine.kernels import costs as K

SEEDS = range(40)


def random_model(rng) -> CostModel:
    """2 to 9 attributes; each has a prerequisite with chance 1/2 (any other attribute, so chains
    and cycles both occur); 0 to 3 disjoint groups of 2+ members, a common cost up to the
    cheapest member's test cost, sometimes above it (TC - CC clipped at 0)."""
    p = int(rng.integers(2, 10))
    tc = rng.integers(0, 30, p).astype(float) + rng.random(p).round(2)
    wct = np.where(rng.random(p) < 0.6, rng.integers(0, 6, p) + rng.random(p).round(2), 0.0)
    wcs = np.where(rng.random(p) < 0.3, rng.integers(0, 5, p).astype(float), 0.0)
    prereq = [int(rng.choice([k for k in range(p) if k != j])) if rng.random() < 0.5 else None for j in range(p)]
    free = list(rng.permutation(p))
    groups = []
    for g in range(int(rng.integers(0, 4))):
        size = int(rng.integers(2, 4))
        if len(free) < size:
            break
        members, free = tuple(sorted(int(x) for x in free[:size])), free[size:]
        cc = float(min(tc[list(members)]) * rng.random()) if rng.random() < 0.8 else float(max(tc) + 1)
        groups.append(Group(f"g{g}", members, round(cc, 2)))
    cpt = float(rng.choice([0.5, 1.0, 2.0]))
    return CostModel(tuple(f"x{j}" for j in range(p)), tuple(tc.tolist()), tuple(wct.tolist()), tuple(wcs.tolist()),
                     tuple(prereq), tuple(groups), cpt)


def random_state(rng, model: CostModel):
    """(known, unknown, paid): unknown ⊆ known; paid the groups of the answered ones, as a
    consultation's state gives them, or (one time in three) any set of groups."""
    p = len(model.names)
    known = {j for j in range(p) if rng.random() < 0.35}
    unknown = {j for j in known if rng.random() < 0.3}
    paid = model.paid_by(known - unknown)
    if rng.random() < 1 / 3:
        paid = frozenset(g.name for g in model.groups if rng.random() < 0.5)
    return known, unknown, paid


def mask(members, size) -> np.ndarray:
    out = np.zeros(size, np.bool_)
    out[list(members)] = True
    return out


def paid_mask(model: CostModel, paid) -> np.ndarray:
    return np.array([g.name in paid for g in model.groups], np.bool_)


def kernel_to_obtain(model: CostModel, tables, attributes, known) -> list[int]:
    p = len(model.names)
    out = np.full(p, -1, np.int64)
    t = 0
    for j in attributes:
        t = K.append_obtain(j, mask(known, p), tables.prereq, out, t, np.empty(p, np.int64))
    return out[:t].tolist()


def as_array(todo, p) -> np.ndarray:
    out = np.full(max(p, 1), -1, np.int64)
    out[:len(todo)] = todo
    return out


def test_the_arrays_are_the_model():
    """CostModel.arrays() on the clinic of tests/test_costs.py: WC₀ = 0.5·WCT + WCS."""
    model = CostModel(("L1", "L2", "xray", "ct"), (12, 10, 30, 50), (2, 1, 3, 2), (0, 5, 5, 1), (None, None, None, 2),
                      (Group("blood", (0, 1), 8.0),), 0.5)
    t = model.arrays()
    np.testing.assert_array_equal(t.tc, [12, 10, 30, 50])
    np.testing.assert_array_equal(t.wc0, [1, 5.5, 6.5, 2])
    np.testing.assert_array_equal(t.prereq, [-1, -1, -1, 2])
    np.testing.assert_array_equal(t.group_of, [0, 0, -1, -1])
    np.testing.assert_array_equal(t.gcc, [8])
    np.testing.assert_array_equal(t.gmembers, [[0, 1]])
    assert t.prereq.dtype == t.group_of.dtype == t.gmembers.dtype == np.int64
    empty = CostModel((), (), (), (), ()).arrays()
    assert empty.tc.shape == (0,) and empty.gcc.shape == (0,) and empty.gmembers.shape == (0, 1)


@pytest.mark.parametrize("seed", SEEDS)
def test_single_attribute_formulas_agree(seed):
    """TC(j | P), the prerequisite walk ("unknown" down the chain) and P from what is answered."""
    rng = np.random.default_rng(seed)
    model = random_model(rng)
    t = model.arrays()
    p = len(model.names)
    for _ in range(5):
        known, unknown, paid = random_state(rng, model)
        P = paid_mask(model, paid)
        for j in range(p):
            assert K.test_cost(j, P, t.tc, t.group_of, t.gcc) == model.test_cost(j, paid)
            assert K.prerequisite_unknown(j, mask(unknown, p), t.prereq) == model.prerequisite_unknown(j, unknown)
        out = np.ones(len(model.groups), np.bool_)  # written over, not or-ed into
        K.paid_groups(mask(known - unknown, p), t.group_of, out)
        np.testing.assert_array_equal(out, paid_mask(model, model.paid_by(known - unknown)))


@pytest.mark.parametrize("seed", SEEDS)
def test_what_to_obtain_agrees(seed):
    """CostModel.to_obtain: unknown prerequisites farthest first, none twice, a cycle ended."""
    rng = np.random.default_rng(seed)
    model = random_model(rng)
    t = model.arrays()
    p = len(model.names)
    for _ in range(5):
        known, _unknown, _paid = random_state(rng, model)
        for j in range(p):
            assert kernel_to_obtain(model, t, [j], known) == model.to_obtain([j], known)
        several = [int(x) for x in rng.permutation(p)[:int(rng.integers(1, p + 1))]]
        assert kernel_to_obtain(model, t, several, known) == model.to_obtain(several, known)


@pytest.mark.parametrize("seed", SEEDS)
def test_prices_of_a_question_agree(seed):
    """One attribute with its prerequisites (CostModel.cost at the step's prices) and every batch
    group's unasked members with theirs (CostModel.batch_cost), as the planner asks them."""
    rng = np.random.default_rng(seed)
    model = random_model(rng)
    t = model.arrays()
    p = len(model.names)
    for _ in range(5):
        known, _unknown, paid = random_state(rng, model)
        P = paid_mask(model, paid)
        for j in range(p):
            todo = model.to_obtain([j], known)
            got = K.obtain_cost(as_array(todo, p), len(todo), P, t.tc, t.wc0, t.group_of, t.gcc)
            assert got == pytest.approx(tuple(model.cost(todo, known, paid, expand=False)), rel=1e-12, abs=1e-12)
        for g, group in enumerate(model.groups):
            members = [j for j in group.members if j not in known]
            todo = model.to_obtain(members, known)
            got = K.batch_cost(g, as_array(todo, p), len(todo), P, t.tc, t.wc0, t.group_of, t.gcc, t.gmembers,
                              t.prereq)
            want = model.batch_cost(group, todo, known, paid, expand=False)
            assert got == pytest.approx(tuple(want), rel=1e-12, abs=1e-12)


def test_a_batch_by_hand_in_both():
    """The panel {B, C} (CC 3) with C needing A: A first (10, waits 0), then B and C:
    3 + (4 - 3) + (6 - 3), waits max(2, 0); with the panel paid the 3 is not charged again."""
    model = CostModel(("A", "B", "C"), (10.0, 4.0, 6.0), (0.0, 2.0, 0.0), (0.0, 0.0, 0.0), (None, None, 0),
                      (Group("panel", (1, 2), 3.0),))
    t = model.arrays()
    todo = model.to_obtain([1, 2])
    assert todo == [1, 0, 2] == kernel_to_obtain(model, t, [1, 2], set())
    assert model.batch_cost(model.groups[0], todo, expand=False) == Cost(17, 2)
    assert K.batch_cost(0, as_array(todo, 3), 3, np.zeros(1, np.bool_), t.tc, t.wc0, t.group_of, t.gcc,
                        t.gmembers, t.prereq) == (17, 2)
    assert K.batch_cost(0, as_array(todo, 3), 3, np.ones(1, np.bool_), t.tc, t.wc0, t.group_of, t.gcc,
                        t.gmembers, t.prereq) == (14, 2)


def test_a_member_waits_for_its_prerequisite_member_in_both():
    """The twin of test_costs.test_a_prerequisite_in_its_own_batch_group: (12, 5) both ways."""
    model = CostModel(("A", "B"), (10.0, 6.0), (2.0, 3.0), (0.0, 0.0), (None, 0), (Group("g", (0, 1), 4.0),))
    t = model.arrays()
    todo = as_array([0, 1], 2)
    none = np.zeros(1, np.bool_)
    assert K.obtain_cost(todo, 2, none, t.tc, t.wc0, t.group_of, t.gcc) == (12, 5)
    assert K.batch_cost(0, todo, 2, none, t.tc, t.wc0, t.group_of, t.gcc, t.gmembers, t.prereq) == (12, 5)
