"""The §4.1 cost arithmetic (engine/costs.py) on hand-computed examples.

The attributes (cost per time 0.5 unless a test says otherwise):

    index  name    TC   WCT  WCS  prerequisite  group
    0      L1      12   2    0    -             blood (common cost 8)
    1      L2      10   1    5    -             blood
    2      L3       9   4    0    -             blood
    3      xray    30   3    5    -             -
    4      ct      50   2    1    xray          -
    5      biopsy 100  24   10    ct            -

Own waiting costs WC₀ = 0.5·WCT + WCS: L1 1, L2 5.5, L3 2, xray 6.5, ct 2, biopsy 22.
"""

import numpy as np
import pytest

from engine.consult import Consultation
from engine.costs import Cost, CostModel, Group
from engine.data.spec import AttributeSettings, BatchGroup, ProblemSpec
from engine.tree.model import Leaf, ThresholdSplit, Tree
from samples import HAND_SCHEMA as SCHEMA, hand_tree

NAMES = ["L1", "L2", "L3", "xray", "ct", "biopsy"]
L1, L2, L3, XRAY, CT, BIOPSY = range(6)


def clinic_spec(**changes) -> ProblemSpec:
    spec = ProblemSpec(target="y", cost_per_time=0.5)
    spec.attributes = {
        "L1": AttributeSettings(test_cost=12, wait_time=2),
        "L2": AttributeSettings(test_cost=10, wait_time=1, wait_cost=5),
        "L3": AttributeSettings(test_cost=9, wait_time=4),
        "xray": AttributeSettings(test_cost=30, wait_time=3, wait_cost=5),
        "ct": AttributeSettings(test_cost=50, wait_time=2, wait_cost=1, prerequisite="xray"),
        "biopsy": AttributeSettings(test_cost=100, wait_time=24, wait_cost=10, prerequisite="ct"),
    }
    spec.batch_groups = [BatchGroup("blood", ["L1", "L2", "L3"], common_cost=8)]
    for key, value in changes.items():
        setattr(spec, key, value)
    return spec


@pytest.fixture
def model() -> CostModel:
    return CostModel.from_spec(clinic_spec(), NAMES)


def test_built_from_the_settings_in_the_model_s_indices(model):
    assert model.test_costs == (12, 10, 9, 30, 50, 100)
    assert model.prerequisites == (None, None, None, None, XRAY, CT)
    assert model.groups == (Group("blood", (L1, L2, L3), 8.0),)
    assert model.group_of(L2).name == "blood" and model.group_of(CT) is None
    assert [model.own_waiting_cost(j) for j in range(6)] == [1, 5.5, 2, 6.5, 2, 22]


def test_a_batch_of_three_pays_its_common_cost_once_and_waits_for_the_slowest(model):
    """TC = 8 + (12 - 8) + (10 - 8) + (9 - 8) = 15, as one by one (L1 pays the common cost, the
    others are members after it); WC = max(1, 5.5, 2) = 5.5 (in parallel), not 1 + 5.5 + 2 = 8.5
    one after another."""
    blood = model.group("blood")
    assert model.batch_cost(blood, [L1, L2, L3]) == Cost(15, 5.5)
    assert model.cost([L1, L2, L3]) == Cost(15, 8.5)
    paid, saved = model.settle([L1, L2, L3], group=blood)
    assert paid == {"blood"} and saved == 16  # each alone would have paid the 8: twice saved


def test_a_prerequisite_chain_of_two_with_cost_per_time_half(model):
    """biopsy needs ct, ct needs xray. §4.1: WC(biopsy) = 0.5·(24 + 2 + 3) + 10 = 24.5.
    Obtaining biopsy for a case asks xray, then ct, then biopsy, each a test of its own:
    TC = 30 + 50 + 100 = 180, WC = 6.5 + 2 + 22 = 30.5 (= 24.5 + the WCS of ct and xray, 1 + 5).
    With xray known: WC(biopsy) = 0.5·(24 + 2) + 10 = 23; obtaining costs 150 and 2 + 22 = 24."""
    assert model.chain(BIOPSY) == [CT, XRAY]
    assert model.waiting_cost(BIOPSY) == 24.5
    assert model.to_obtain([BIOPSY]) == [XRAY, CT, BIOPSY]
    assert model.cost([BIOPSY]) == Cost(180, 30.5)
    assert model.waiting_cost(BIOPSY, known={XRAY}) == 23
    assert model.to_obtain([BIOPSY], known={XRAY}) == [CT, BIOPSY]
    assert model.cost([BIOPSY], known={XRAY}) == Cost(150, 24)
    assert model.cost([BIOPSY], known={XRAY}, expand=False) == Cost(100, 22)
    # the same chain at a cost per time of 2: 2·(24 + 2 + 3) + 10 = 68
    assert CostModel.from_spec(clinic_spec(cost_per_time=2.0), NAMES).waiting_cost(BIOPSY) == 68


def test_a_learner_s_view_of_each_attribute_on_a_path(model):
    """§4.2: TC(A), WC(A) per candidate, 0 when A is known on the path. Path: xray and L1 known
    (so blood's common cost is paid): L2 10 - 8 = 2, ct 0.5·2 + 1 = 2 (xray already waited
    for), biopsy 0.5·(24 + 2) + 10 = 23."""
    tc, wc = model.attribute_costs(known={XRAY, L1}, paid={"blood"})
    np.testing.assert_array_equal(tc, [0, 2, 1, 0, 50, 100])
    np.testing.assert_array_equal(wc, [0, 5.5, 2, 0, 2, 23])


def test_a_member_tested_after_its_group_s_common_cost_was_paid(model):
    """L1 alone pays its whole 12 (the common cost included) and pays blood's common cost;
    then L2 alone costs 10 - 8 = 2, and the batch of L2 and L3 (2 + 1) no common cost again."""
    assert model.cost([L1]) == Cost(12, 1)
    paid, saved = model.settle([L1])
    assert paid == {"blood"} and saved == 0
    assert model.test_cost(L2, paid) == 2 and model.cost([L2], paid=paid) == Cost(2, 5.5)
    assert model.batch_cost(model.group("blood"), [L2, L3], known={L1}, paid=paid) == Cost(3, 5.5)
    assert model.settle([L2, L3], paid, model.group("blood")) == ({"blood"}, 0)  # nothing saved twice


def test_one_by_one_each_at_the_price_of_its_turn(model):
    """The sequential strategy's price: L1 pays blood's common cost, then L2 and L3 are members
    after it was paid: 12 + (10 - 8) + (9 - 8) = 15, waits 1 + 5.5 + 2 = 8.5 (one after
    another). The consultation's price of one question (`cost`) is the same (§4.1; it charged
    each at the price before the step, 31, until issue 35 gave the question one answer). With
    blood paid before: (10 - 8) + (9 - 8) + (12 - 8) = 7."""
    assert model.one_by_one([L1, L2, L3]) == (Cost(15, 8.5), {"blood"})
    assert model.cost([L1, L2, L3]) == Cost(15, 8.5)
    assert model.one_by_one([L2, L3, L1], {"blood"})[0] == model.cost([L2, L3, L1], paid={"blood"}) == Cost(7, 8.5)
    assert model.one_by_one([XRAY, CT], {"blood"}) == (Cost(80, 8.5), {"blood"})
    assert model.one_by_one([]) == (Cost(0, 0), frozenset())


def test_one_order_of_everything(model):
    """The batch strategy's order of L1, L2 and biopsy (so xray and ct first): blood's common cost
    once, 8 + (12 - 8) + (10 - 8), plus 30 + 50 + 100; the waits in parallel but biopsy's chain
    in sequence, max(1, 5.5, 6.5, 2 + 6.5, 22 + 2 + 6.5) = 30.5."""
    order = model.to_obtain([L1, L2, BIOPSY])
    assert order == [L1, L2, XRAY, CT, BIOPSY]
    assert model.order_cost(order) == Cost(194, 30.5)
    assert model.order_cost([L2]) == Cost(10, 5.5) and model.order_cost([]) == Cost(0, 0)


def test_the_groups_paid_by_what_is_obtained(model):
    assert model.paid_by([XRAY, L3]) == {"blood"} and model.paid_by([XRAY, CT]) == frozenset()
    assert model.settle([L2], {"other"}) == ({"other", "blood"}, 0)


def test_a_batch_waits_for_an_outside_prerequisite_first():
    """L3 needs xray: the blood batch asks xray first (30, 6.5), then the three members
    (15, in parallel 5.5): TC 45, WC 6.5 + 5.5 = 12."""
    spec = clinic_spec()
    spec.attributes["L3"].prerequisite = "xray"
    model = CostModel.from_spec(spec, NAMES)
    assert model.to_obtain([L1, L2, L3]) == [L1, L2, XRAY, L3]
    assert model.batch_cost(model.group("blood"), [L1, L2, L3]) == Cost(45, 12)


def test_a_budget_caps_what_is_paid(model):
    """Budget 50. L1 alone: 12 + 1 = 13 spent. The rest of blood: 2 + 1 and max(5.5, 2):
    8.5, spent 21.5, 28.5 left. xray costs 30 + 6.5 = 36.5: not affordable; ct knowing xray
    would be 50 + 2: neither. Exactly the amount left is affordable."""
    model = CostModel.from_spec(clinic_spec(budget=50.0), NAMES)
    spent = model.cost([L1]).total
    paid, _ = model.settle([L1])
    spent += model.batch_cost(model.group("blood"), [L2, L3], known={L1}, paid=paid).total
    assert spent == 21.5 and model.budget_left(spent) == 28.5
    assert not model.affordable(model.cost([XRAY]).total, spent)
    assert model.affordable(28.5, spent) and not model.affordable(28.5 + 1e-9, spent)
    assert CostModel.from_spec(clinic_spec(), NAMES).budget_left(1e9) is None
    assert CostModel.from_spec(clinic_spec(), NAMES).affordable(1e9, 1e9)


def test_a_prerequisite_answered_unknown_blocks_the_chain(model):
    assert model.prerequisite_unknown(BIOPSY, {XRAY})  # two links down
    assert model.prerequisite_unknown(CT, {XRAY})
    assert not model.prerequisite_unknown(XRAY, {CT})  # no prerequisite of its own
    assert not model.prerequisite_unknown(BIOPSY, {L1})


def test_attributes_outside_the_model_and_no_settings():
    """The model uses L2, L3 and ct only: blood keeps its two members, ct's prerequisite
    (xray) is not asked for; without settings everything is free."""
    model = CostModel.from_spec(clinic_spec(), ["L2", "L3", "ct"])
    assert model.groups == (Group("blood", (0, 1), 8.0),) and model.prerequisites == (None, None, None)
    assert model.cost([2]) == Cost(50, 2)
    free = CostModel.from_spec(None, NAMES)
    assert free.cost(range(6)) == Cost(0, 0) and free.groups == () and free.budget_left(5) is None


def test_cyclic_prerequisites_do_not_loop():
    """check() refuses them; the arithmetic still ends (each attribute once)."""
    spec = clinic_spec()
    spec.attributes["xray"].prerequisite = "biopsy"
    model = CostModel.from_spec(spec, NAMES)
    assert model.chain(BIOPSY) == [CT, XRAY]
    assert model.to_obtain([BIOPSY]) == [XRAY, CT, BIOPSY]


# ---- through the consultation ---------------------------------------------------------

def panel_spec() -> ProblemSpec:
    """A 10; the panel (B 4 with 2 hours' wait, C 6) shares a common cost 3; C needs A."""
    spec = ProblemSpec(target="y")
    spec.attributes = {"A": AttributeSettings(test_cost=10), "B": AttributeSettings(test_cost=4, wait_time=2),
                       "C": AttributeSettings(test_cost=6, prerequisite="A")}
    spec.batch_groups = [BatchGroup("panel", ["B", "C"], common_cost=3)]
    return spec


def test_the_consultation_charges_what_the_cost_model_says():
    c = Consultation(hand_tree(), panel_spec())
    assert c.costs.groups == (Group("panel", (1, 2), 3.0),)
    c.answer({"A": 3})
    panel = next(x for x in c.candidates() if x.name == "panel")
    assert (panel.test_cost, panel.waiting_cost) == c.costs.batch_cost(c.costs.group("panel"), [1, 2], {0: 3.0})
    c.answer({"B": 0.5, "C": 2}, panel)
    assert (c.test_cost, c.waiting_cost, c.saved, c.paid_groups) == (10 + 7, 2, 3, {"panel"})


def test_a_batch_whose_members_are_all_unknown_costs_no_common_cost():
    """A tree that asks C first (C needs A): the panel brings A (10, outside the batch),
    then B and C. Answered A = 3, B and C unknown: no member was tested, so no common cost
    is paid (before the split into engine/costs.py the consultation charged the 3 here yet
    left the group unpaid, so a later member would have paid it again)."""
    t = Tree(SCHEMA)
    t.add(ThresholdSplit(counts=[5, 5], label=0, children=[1, 2], feature=2, threshold=1.0))
    t.add(Leaf(counts=[5, 0], label=0), 0)
    t.add(Leaf(counts=[0, 5], label=1), 0)
    c = Consultation(t, panel_spec())
    panel = next(x for x in c.candidates() if x.name == "panel")
    assert panel.attributes == [1, 0, 2] and (panel.test_cost, panel.waiting_cost) == (10 + 3 + 1 + 3, 2)
    c.answer({"A": 3, "B": None, "C": None}, panel)
    assert (c.test_cost, c.waiting_cost, c.saved, c.paid_groups) == (10, 0, 0, set())
    assert c.costs.batch_cost(c.costs.group("panel"), [0], expand=False) == Cost(10, 0)


def test_a_prerequisite_in_its_own_batch_group():
    """A (TC 10, waits 2) and B (TC 6, waits 3, needs A) share a group of common cost 4.
    Asking B obtains A, then B: A pays the common cost, B is a member after it: 10 + (6 - 4) = 12,
    waits 2 + 3 = 5 (was 16: B charged its whole 6 again). Through the batch: 4 + 6 + 2 = 12, and B
    still waits for A: max(2, 3 + 2) = 5 (was 3: as if B could start before A was known)."""
    model = CostModel(("A", "B"), (10.0, 6.0), (2.0, 3.0), (0.0, 0.0), (None, 0), (Group("g", (0, 1), 4.0),))
    assert model.to_obtain([1]) == [0, 1]
    assert model.cost([1]) == Cost(12, 5) == model.one_by_one([0, 1])[0] == model.order_cost([0, 1])
    assert model.batch_cost(model.groups[0], [1]) == Cost(12, 5) == model.order_cost([0, 1])
    assert model.batch_cost(model.groups[0], [1], known={0}, paid={"g"}) == Cost(2, 3)  # A known: B alone
