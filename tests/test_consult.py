"""The consultation engine (issue 8, engine part): a hand-built tree with known counts,
costs and one batch group; unknown answers; budget; prerequisites; and every answer
given ends where predict ends."""

import numpy as np
import pytest

from engine.algorithms.registry import get, resolve_params
from engine.consult import Consultation
from engine.data import read_table
from engine.data.encode import AttributeSchema, DataSchema, encode
from engine.data.project import load_project
from engine.data.spec import AttributeSettings, BatchGroup, ProblemSpec
from engine.errors import OptionError
from engine.tree.model import Leaf, ThresholdSplit, Tree
from engine.tree.predict import predict

from samples import HAND_SCHEMA as SCHEMA, hand_tree


def hand_spec(**extra) -> ProblemSpec:
    spec = ProblemSpec(target="y", cost_per_time=1.0)
    spec.attributes = {"A": AttributeSettings(test_cost=10), "B": AttributeSettings(test_cost=4, wait_time=2),
                       "C": AttributeSettings(test_cost=6)}
    spec.batch_groups = [BatchGroup("panel", ["B", "C"], common_cost=3)]
    for key, value in extra.items():
        setattr(spec, key, value)
    return spec


def test_first_two_steps_ranked_by_hand():
    """Step 1: only A is tested at the frontier (the root). E_now = 1 - 0.5 = 0.5; after A,
    each half has E = 1 - 0.8 = 0.2: gain 0.3, cost 10, utility 0.03.
    Step 2 (A = 3, the case is at the B node): E_now 0.2, B's leaves are pure: gain 0.2.
    B alone: test 4 + waiting 1 x 2 = 6 -> 0.0333; the panel (B, C): common 3 + (4 - 3) + (6 - 3) = 7,
    waiting max(2, 0) = 2 -> 9 -> 0.0222."""
    c = Consultation(hand_tree(), hand_spec())
    first = c.candidates()
    assert [x.name for x in first] == ["A"]
    assert first[0].gain == pytest.approx(0.3) and first[0].utility == pytest.approx(0.03)
    assert c.e_now() == pytest.approx(0.5)
    c.answer({"A": 3}, first[0])
    second = c.candidates()
    assert [x.name for x in second] == ["B", "panel"]
    assert second[0].gain == pytest.approx(0.2) and second[0].cost == pytest.approx(6)
    assert second[0].utility == pytest.approx(0.2 / 6)
    assert (second[1].test_cost, second[1].waiting_cost) == (pytest.approx(7), pytest.approx(2))
    assert second[1].utility == pytest.approx(0.2 / 9)
    assert not c.finished()
    c.answer({"B": 0.5}, second[0])
    assert c.finished()
    out = c.outcome()
    assert out.label == 0 and out.nodes == [3] and out.test_cost == 14 and out.waiting_cost == 2


def test_unknown_stops_at_the_internal_node_with_its_label():
    c = Consultation(hand_tree(), hand_spec())
    c.answer({"A": 8})
    c.answer({"C": None})  # "unknown"
    assert c.finished()
    out = c.outcome()
    assert out.nodes == [2] and out.label == 1 and out.missing == ["C"]
    np.testing.assert_allclose(out.distribution, [0.2, 0.8])


def test_batch_pays_the_common_cost_once():
    c = Consultation(hand_tree(), hand_spec())
    c.answer({"A": 3})
    panel = next(x for x in c.candidates() if x.name == "panel")
    c.answer({"B": 0.5, "C": 2}, panel)
    assert c.test_cost == 10 + 7 and c.waiting_cost == 2 and c.saved == 3


def test_budget_and_prerequisites():
    c = Consultation(hand_tree(), hand_spec(budget=15.0))
    c.answer({"A": 3})  # 10 paid, 5 left: B costs 6 and the panel 9
    assert c.candidates() == [] and c.finished()
    assert c.outcome().nodes == [1]
    spec = hand_spec()
    spec.attributes["C"].prerequisite = "B"
    c = Consultation(hand_tree(), spec)
    c.answer({"A": 8})
    best = next(x for x in c.candidates() if x.name == "C")
    # B's costs added, B first: B pays the panel's common cost, so C, a member after it, costs 6 - 3
    # (§4.1; 4 + 6 = 10 before issue 35 charged C's whole cost again)
    assert best.attributes == [1, 2] and best.test_cost == 7 and best.waiting_cost == 2


def test_bad_answers_are_clear():
    from engine.errors import OptionError

    c = Consultation(hand_tree(), hand_spec())
    with pytest.raises(OptionError, match="needs a number"):
        c.answer({"A": "tall"})
    with pytest.raises(OptionError, match="not an attribute"):
        c.answer({"Z": 1})


def test_every_answer_given_ends_like_predict(demo_dir):
    project = load_project(demo_dir / "car_evaluation.rtproj")
    table = read_table(project.data_path, project.sheet)
    data = encode(table, project.spec)
    info = get("cart")
    tree = info.fit(data, project.spec, resolve_params(info, {}))
    labels = predict(tree, data.X, info.missing).labels
    rng = np.random.default_rng(0)
    for row in rng.choice(len(data.y), 50, replace=False):
        c = Consultation(tree, project.spec)
        steps = 0
        while not c.finished():
            best = c.candidates()[0]
            answers = {}
            for j in best.attributes:
                attr = tree.schema.attributes[j]
                answers[attr.name] = attr.categories[int(data.X[row, j])]
            c.answer(answers, best)
            steps += 1
            assert steps < 20
        assert c.outcome().label == labels[row]
        assert c.test_cost + c.waiting_cost <= sum(
            s.test_cost + s.wait_time + s.wait_cost for s in project.spec.attributes.values()) + 1e-9


def test_fuzzy_split_gives_a_weighted_frontier():
    """A = 2.5 between the terms centred at 0 and 5: memberships 0.5 / 0.5; the frontier is
    the low leaf (weight 0.5) and the B node (0.5); B is asked next, its gain is half of
    the node's own: E_now = 0.5 x 0 + 0.5 x (1 - 8/10); after B both B leaves are pure."""
    from engine.tree.model import FuzzySplit

    t = Tree(SCHEMA)
    t.add(FuzzySplit(counts=[10, 10], label=0, children=[1, 2], feature=0, centres=[0.0, 5.0]))
    t.add(Leaf(counts=[10, 0], label=0), 0)
    t.add(ThresholdSplit(counts=[2, 8], label=1, children=[3, 4], feature=1, threshold=1.0), 0)
    t.add(Leaf(counts=[2, 0], label=0), 2)
    t.add(Leaf(counts=[0, 8], label=1), 2)
    c = Consultation(t, None)
    c.answer({"A": 2.5})
    assert sorted(c.frontier()) == [(1, 0.5), (2, 0.5)]
    assert c.distribution() == pytest.approx([0.6, 0.4])
    assert c.e_now() == pytest.approx(0.1)
    (best,) = c.candidates()
    assert best.name == "B" and best.gain == pytest.approx(0.1)
    c.answer({"B": 5}, best)
    assert c.finished() and sorted(c.frontier()) == [(1, 0.5), (4, 0.5)]
    out = c.outcome()
    assert out.distribution == pytest.approx([0.5, 0.5]) and out.label == 0  # a tie: the first class


def test_stop_when_not_worth_it():
    """§4.5's option. Root: E_now 0.5, E* = 0.5·(0.8·0 + 0.2·0) + 0.5·(0.2·0 + 0.8·0) = 0 (every
    leaf is pure), so asking is worth up to 0.5: with A costing 10 (in the same unit as the
    misclassification costs) the case stops at once; with a cost matrix of 100 it does not.
    After A = 3 (the B node): E_now 0.2, E* 0, cheapest B at 6 -> stops; matrix 100: goes on."""
    from engine.data.spec import CostMatrix

    c = Consultation(hand_tree(), hand_spec(), stop_when_not_worth=True)
    assert c.e_star() == pytest.approx(0.0) and c.finished()
    assert Consultation(hand_tree(), hand_spec()).finished() is False  # without the option
    spec = hand_spec(misclassification_costs=CostMatrix(["no", "yes"], [[0, 100], [100, 0]]))
    c = Consultation(hand_tree(), spec, stop_when_not_worth=True)
    assert c.e_now() == pytest.approx(50.0) and not c.finished()
    c.answer({"A": 3}, c.candidates()[0])
    assert c.e_now() == pytest.approx(20.0) and not c.finished()
    cheap = Consultation(hand_tree(), hand_spec(), stop_when_not_worth=True)
    cheap.values[0] = 3.0
    assert cheap.e_now() == pytest.approx(0.2) and cheap.finished()


def test_unknown_costs_nothing_and_blocks_what_needs_it():
    """§4.4: a value that cannot be obtained is not paid for; §4.1: a test whose prerequisite
    is unknown cannot be done. A batch answered all unknown saves nothing and leaves the
    group's common cost unpaid."""
    spec = hand_spec()
    spec.attributes["C"].prerequisite = "B"
    c = Consultation(hand_tree(), spec)
    c.answer({"A": 8})  # the C node: C (with B first) or the panel
    c.answer({"B": None})
    assert (c.test_cost, c.waiting_cost) == (10, 0)
    assert c.candidates() == [] and c.finished()  # C needs B: cannot be asked
    c = Consultation(hand_tree(), hand_spec())
    c.answer({"A": 3})
    panel = next(x for x in c.candidates() if x.name == "panel")
    c.answer({"B": None, "C": None}, panel)
    assert (c.test_cost, c.waiting_cost, c.saved) == (10, 0, 0) and c.paid_groups == set()
    c = Consultation(hand_tree(), hand_spec())
    c.answer({"A": 3})
    c.answer({"B": 2, "C": None}, next(x for x in c.candidates() if x.name == "panel"))
    assert (c.test_cost, c.waiting_cost, c.saved) == (10 + 3 + 1, 2, 0) and c.paid_groups == {"panel"}


def test_answers_matched_to_categories_and_numbers():
    schema = DataSchema("y", ["no", "yes"], False, [
        AttributeSchema("cp", "nominal", ["1", "2", "4"]), AttributeSchema("flag", "nominal", ["FALSE", "TRUE"]),
        AttributeSchema("n", "numeric", low=0.0, high=5000.0)])
    t = Tree(schema)
    t.add(Leaf(counts=[1, 1], label=0))
    c = Consultation(t, None)
    assert c.encode_value(0, "4.0") == 2.0 and c.encode_value(0, 4) == 2.0 and c.encode_value(0, " 2 ") == 1.0
    assert c.encode_value(1, True) == 1.0 and c.encode_value(1, "false") == 0.0
    with pytest.raises(OptionError, match='"3" is not a value of cp'):
        c.encode_value(0, 3)
    with pytest.raises(OptionError, match="ambiguous"):
        c.encode_value(2, "1,500")
    assert c.encode_value(2, "1,5") == 1.5 and c.encode_value(2, "1500") == 1500.0
    with pytest.raises(OptionError, match="needs a number"):
        c.encode_value(2, 10 ** 400)
    with pytest.raises(OptionError, match="needs a number"):
        c.encode_value(2, True)


def test_batch_waits_for_an_outside_prerequisite_first():
    """The panel (B, C) when C needs A (test 10, waiting 3): A is obtained first; then B and C
    in parallel. TC = 10 + 3 + (4 - 3) + (6 - 3) = 17; WC = 3 + max(2, 0) = 5."""
    spec = hand_spec()
    spec.attributes["A"].wait_time = 3
    spec.attributes["C"].prerequisite = "A"
    c = Consultation(hand_tree(), spec)
    group = c.groups[0]
    assert c.costs_of([1, 2], group) == (pytest.approx(17), pytest.approx(5))
