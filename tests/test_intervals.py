"""Intervals and the "few cases" flag (issue 39, item 1): the Wilson score interval by hand and
against statsmodels, the effective number of weighted cases (hand-worked, counted at fit time and
kept in the model file), each trust setting switching the flag, and the intervals in rules --json,
the rules workbook and the consultation (engine, session file, CLI)."""

import json
import math

import numpy as np
import openpyxl
import pytest
from statsmodels.stats.proportion import proportion_confint

from engine import cli
from engine.algorithms.registry import get
from engine.consult import Consultation
from engine.data.encode import AttributeSchema, DataSchema, encode
from engine.data.project import load_project
from engine.data.read import read_table
from engine.data.spec import ProblemSpec
from engine.data.spec.trust import TrustSettings
from engine.errors import ModelFileError
from engine.export import export_model
from engine.model import Model, load_model
from engine.sessions import Session
from engine.tree.model import Leaf, ThresholdSplit, Tree
from engine.tree.node_cases import cases_at, training_policy
from engine.trust.intervals import (box_text, count_effective_cases, leaf_trust, rule_trust, tree_trust, wilson,
                                    z_value)
from engine.tree.rules import extract_rules
from engine.workflows import train_model
from samples import hand_tree

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo"
SCHEMA = DataSchema("y", ["no", "yes"], False, [AttributeSchema("x", "numeric")])


def two_leaves(left, right) -> Tree:
    """x <= 0.5 -> leaf `left` counts, else leaf `right` counts."""
    t = Tree(SCHEMA)
    t.add(ThresholdSplit(counts=np.add(left, right), label=0, children=[1, 2], feature=0, threshold=0.5))
    t.add(Leaf(counts=left, label=int(np.argmax(left))), 0)
    t.add(Leaf(counts=right, label=int(np.argmax(right))), 0)
    return t


# ---- the Wilson interval ---------------------------------------------------------------------


def test_wilson_by_hand():
    """8 of 10 at 95 %: z = 1.959964, z² = 3.841459; centre (0.8 + z²/20) / (1 + z²/10) = 0.99207 /
    1.384146 = 0.716736; half z·sqrt(0.8·0.2/10 + z²/400) / 1.384146 = 1.959964 · 0.160012 / 1.384146
    = 0.226580: 0.4902 .. 0.9433 (not the normal approximation's 0.5521 .. 1.0479)."""
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    low, high = wilson(8, 10, 0.95)
    assert low == pytest.approx(0.4902, abs=5e-5) and high == pytest.approx(0.9433, abs=5e-5)
    # 0 of 5: the interval still has a width (0 .. z²/(n + z²) = 3.8415 / 8.8415 = 0.4345)
    assert wilson(0, 5, 0.95) == pytest.approx((0.0, 0.43448), abs=5e-5)
    assert wilson(0, 0, 0.95) == (0.0, 1.0)  # nothing is known


def test_wilson_matches_statsmodels_on_random_counts():
    rng = np.random.default_rng(39)
    for _ in range(400):
        n = int(rng.integers(1, 2000))
        k = int(rng.integers(0, n + 1))
        level = float(rng.choice([0.8, 0.9, 0.95, 0.99, 0.999]))
        expected = proportion_confint(k, n, alpha=1 - level, method="wilson")
        assert wilson(k, n, level) == pytest.approx(expected, abs=1e-12), (k, n, level)


# ---- the effective number of cases -----------------------------------------------------------


def test_a_weighted_leaf_counts_its_effective_cases_by_hand():
    """Left leaf: weights 1, 1, 1, 1, 3, so Σw = 7, Σw² = 13: n_eff = 49 / 13 = 3.769 (not 7);
    right leaf: weights 2, 2, 2, 2: n_eff = 64 / 16 = 4 (not 8). The interval is the
    confidence's at n_eff: left 7 / 7 "no" -> wilson(3.769, 3.769)."""
    tree = two_leaves([7, 0], [0, 8])
    X = np.array([[0.0]] * 5 + [[1.0]] * 4)
    w = np.array([1, 1, 1, 1, 3, 2, 2, 2, 2], float)
    counted = count_effective_cases(tree, X, w, "stay")
    assert counted[1] == pytest.approx(49 / 13) and counted[2] == pytest.approx(4.0)
    assert counted[0] == pytest.approx(15 ** 2 / 29)  # the root: Σw = 15, Σw² = 13 + 16
    tree.effective_cases = counted
    left = leaf_trust(tree, 1)
    assert left.n_eff == pytest.approx(3.769, abs=5e-4) and left.support == 7 and not left.assumed
    assert (left.low, left.high) == pytest.approx(wilson(49 / 13, 49 / 13, 0.95))
    assert left.low == pytest.approx(49 / 13 / (49 / 13 + z_value(0.95) ** 2))  # p = 1: n / (n + z²)
    assert left.why.startswith("3.77 effective cases of weight 7 (fewer than 10)")
    # unit weights: n_eff is the number of cases, nothing is stored
    assert count_effective_cases(tree, X, np.ones(9), "stay") == {}
    # a tree that never counted them (a model file without its training rows): the weight, said so
    tree.effective_cases = None
    assumed = leaf_trust(tree, 1)
    assert assumed.n_eff == 7 and assumed.assumed and assumed.why == "7 cases (fewer than 10)"


def test_the_effective_cases_survive_the_model_file_and_are_checked(tmp_path):
    tree = two_leaves([7, 0], [0, 8])
    tree.effective_cases = {1: 49 / 13, 2: 4.0}
    model = Model("cart", {}, ProblemSpec(target="y"), tree)
    model.save(tmp_path / "m.json")
    obj = json.loads((tmp_path / "m.json").read_text())
    assert obj["tree"]["effective_cases"] == [[1, pytest.approx(49 / 13)], [2, 4.0]]
    assert obj["version"] == 1  # an older reader ignores it and answers as before
    again = load_model(tmp_path / "m.json")
    assert again.tree.effective_cases == pytest.approx({1: 49 / 13, 2: 4.0})
    assert leaf_trust(again.tree, 2).n_eff == 4.0
    for bad in ([[1, -2.0]], [[9, 1.0]], [[1, 1.0], [1, 2.0]], {"1": 2}, [[1, "x"]], [[True, 1.0]]):
        broken = json.loads(json.dumps(obj))
        broken["tree"]["effective_cases"] = bad
        (tmp_path / "b.json").write_text(json.dumps(broken))
        with pytest.raises(ModelFileError) as caught:
            load_model(tmp_path / "b.json")
        assert "effective_cases" in str(caught.value) and caught.value.code == "damaged"


def test_c45_fractional_cases_are_counted_as_the_learner_routed_them():
    """C4.5 sends a case with a missing value down every branch with a share of its weight: every
    node's stored n_eff is (Σw)² / Σw² of the shares the training rows bring there, and the
    rows routed again weigh what the node's counts say."""
    project = load_project(DEMO / "heart_zh.rtproj")
    table = read_table(DEMO / "heart_zh.xlsx")
    info = get("c45")
    model = train_model(info, table, project.spec, {}).model
    tree = model.tree
    data = encode(table, project.spec)
    assert tree.effective_cases, "the heart demo has missing values: C4.5 keeps fractional cases"
    checked = 0
    for i in tree.reachable():
        rows, w = cases_at(tree, i, data.X, data.w, training_policy(info))
        assert w.sum() == pytest.approx(tree.nodes[i].weight)
        if w.sum() > 0:
            expected = w.sum() ** 2 / np.square(w).sum()
            assert leaf_trust(tree, i).n_eff == pytest.approx(expected)
            checked += w.sum() ** 2 / np.square(w).sum() != pytest.approx(w.sum())
    assert checked >= 5
    # and an edit made on the data counts them again for the edited tree
    from engine.edits import Edit, EditContext, apply_edit

    ctx = EditContext(info, project.spec, info.stage_params(model.params, "fit"), data)
    pruned = apply_edit(tree, Edit("prune", "root/0"), ctx)
    assert pruned.effective_cases is not None
    leaf = pruned.nodes[pruned.nodes[0].children[0]]
    rows, w = cases_at(pruned, pruned.nodes[0].children[0], data.X, data.w, training_policy(info))
    assert leaf.is_leaf and leaf_trust(pruned, pruned.nodes[0].children[0]).n_eff == \
        pytest.approx(w.sum() ** 2 / np.square(w).sum())


# ---- the flag and its settings ----------------------------------------------------------------


def test_each_trust_setting_switches_the_flag():
    """20 of 20: n 20, Wilson 0.8389 .. 1 (width 0.161); 40 of 50: 0.6696 .. 0.8876 (width 0.218);
    16 of 20 (n 20): at 95 % 0.5840 .. 0.9193 (width 0.335), at 99 % 0.5121 .. 0.9384 (0.426)."""
    default = TrustSettings()
    pure = two_leaves([20, 0], [0, 1])
    assert not leaf_trust(pure, 1, default).few_cases
    flagged = leaf_trust(pure, 1, TrustSettings(min_cases=25))
    assert flagged.few_cases and flagged.why == "20 cases (fewer than 25)"

    fifty = two_leaves([40, 10], [0, 1])
    t = leaf_trust(fifty, 1, default)
    assert (t.low, t.high) == pytest.approx((0.6696, 0.8876), abs=5e-5) and not t.few_cases
    narrow = leaf_trust(fifty, 1, TrustSettings(max_interval_width=0.2))
    assert narrow.few_cases and narrow.why == "95 % interval 67–89 %, wider than 20 points"

    sixteen = two_leaves([16, 4], [0, 1])
    t95 = leaf_trust(sixteen, 1, default)
    assert (t95.low, t95.high) == pytest.approx((0.5840, 0.9193), abs=5e-5) and not t95.few_cases
    t99 = leaf_trust(sixteen, 1, TrustSettings(confidence_level=0.99))
    assert (t99.low, t99.high) == pytest.approx((0.5121, 0.9384), abs=5e-5)
    assert t99.few_cases and t99.why == "99 % interval 51–94 %, wider than 40 points"
    # both reasons at once; one case in words
    single = leaf_trust(two_leaves([1, 0], [0, 30]), 1, default)
    assert single.why == "1 case (fewer than 10); 95 % interval 21–100 %, wider than 40 points"
    assert box_text(single) == "100 % [21–100 %]"
    # an empty leaf has no interval, only its 0 cases
    empty = leaf_trust(two_leaves([0, 0], [0, 30]), 1, default)
    assert empty.low is None and empty.few_cases and empty.why == "0 cases (fewer than 10)"


def test_a_rule_of_a_coarser_label_takes_the_rules_confidence():
    tree = two_leaves([6, 3], [0, 30])
    rule = extract_rules(tree)[0]
    assert rule_trust(tree, rule).confidence == pytest.approx(6 / 9)
    rule.confidence = 1.0  # as a hierarchy label covering both classes would
    assert rule_trust(tree, rule).low == pytest.approx(wilson(9, 9)[0])


# ---- where the intervals are shown ------------------------------------------------------------


@pytest.fixture(scope="module")
def heart_model(tmp_path_factory):
    """C4.5 on the Chinese heart demo, saved: flagged leaves and unflagged ones."""
    project = load_project(DEMO / "heart_zh.rtproj")
    model = train_model(get("c45"), read_table(DEMO / "heart_zh.xlsx"), project.spec, {}).model
    path = tmp_path_factory.mktemp("heart") / "c45.json"
    model.save(path)
    return path


def test_rules_json_carries_interval_effective_cases_and_the_flag(heart_model, capsys, tmp_path):
    assert cli.main(["rules", str(heart_model), "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    model = load_model(heart_model)
    trusts = tree_trust(model.tree)
    assert len(items) == len(extract_rules(model.tree))
    assert any(i["few_cases"] for i in items) and not all(i["few_cases"] for i in items)
    for item in items:
        t = trusts[item["leaf"]]
        n = item["effective_cases"]
        assert n == pytest.approx(t.n_eff)
        if item["confidence"] is None:
            assert item["interval"] is None
        else:
            assert item["interval"] == pytest.approx(list(wilson(item["confidence"] * n, n)))
        flagged = n < 10 or (item["interval"] is not None and item["interval"][1] - item["interval"][0] > 0.4)
        assert item["few_cases"] == flagged and bool(item["why"]) == flagged
    # the model's own trust settings decide: min_cases 200 flags every rule
    obj = json.loads(heart_model.read_text())
    obj["problem"]["trust"] = {"min_cases": 200}
    (tmp_path / "strict.json").write_text(json.dumps(obj))
    assert cli.main(["rules", str(tmp_path / "strict.json"), "--json"]) == 0
    assert all(i["few_cases"] and "(fewer than 200)" in i["why"] for i in json.loads(capsys.readouterr().out))
    # the text listing says it too
    assert cli.main(["rules", str(heart_model)]) == 0
    out = capsys.readouterr().out
    assert "95 % interval 44–100 %" in out and "few cases: 3 cases (fewer than 10)" in out


def test_the_rules_workbook_has_the_interval_and_flag_columns(heart_model, tmp_path):
    model = load_model(heart_model)
    export_model(model, tmp_path / "r.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "r.xlsx")["Rules"]
    header = [c.value for c in ws[1]]
    assert header[3:10] == ["support", "confidence", "coverage", "95 % interval: low", "95 % interval: high",
                            "effective cases", "few cases"]
    rules = extract_rules(model.tree)
    flagged = 0
    for r, row in zip(rules, ws.iter_rows(min_row=2)):
        t = rule_trust(model.tree, r)
        cells = [c.value for c in row]
        assert cells[6:9] == pytest.approx([t.low, t.high, t.n_eff], abs=1e-12)
        assert cells[9] == (t.why or None)
        if t.low is not None:
            assert row[6].number_format == "0.0%" and row[7].number_format == "0.0%"
        flagged += bool(cells[9])
    assert 0 < flagged < len(rules)


def flag_spec(**trust) -> ProblemSpec:
    spec = ProblemSpec(target="y")
    spec.trust = TrustSettings(**trust)
    return spec


def test_a_consultation_ending_in_a_flagged_leaf_says_so(tmp_path, capsys):
    """hand_tree: A <= 5 ? (B <= 1 ? [8,0] : [0,2]) : ...; with min_cases 5 and a width up to 0.7
    the leaf of 8 (8 of 8: 0.676 .. 1, width 0.324) is not flagged, the leaf of 2 is."""
    spec = flag_spec(min_cases=5, max_interval_width=0.7)
    c = Consultation(hand_tree(), spec)
    c.answer({"A": 3})
    c.answer({"B": 2})
    out = c.outcome()
    assert c.finished() and out.nodes == [4]
    assert [t.node for t in out.few_cases] == [4] and out.few_cases[0].why == "2 cases (fewer than 5)"
    calm = Consultation(hand_tree(), spec)
    calm.answer({"A": 3})
    calm.answer({"B": 0.5})
    assert calm.finished() and calm.outcome().nodes == [3] and calm.outcome().few_cases == []
    # the defaults (fewer than 10) flag the leaf of 8 too
    strict = Consultation(hand_tree(), ProblemSpec(target="y"))
    strict.answer({"A": 3})
    strict.answer({"B": 0.5})
    assert [t.why for t in strict.outcome().few_cases] == ["8 cases (fewer than 10)"]


def test_the_session_file_and_the_cli_consult_say_few_cases(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("RULETREE_DATA_DIR", str(tmp_path / "data"))
    model = Model("cart", {}, flag_spec(min_cases=5, max_interval_width=0.7), hand_tree())
    model.save(tmp_path / "hand.json")
    # read back, its nodes are numbered depth-first: the leaf of 2 cases (A <= 5, B > 1) is #3
    session = Session(load_model(tmp_path / "hand.json"), str(tmp_path / "hand.json"))
    session.consultation.answer({"A": 3})
    session.consultation.answer({"B": 2})
    flags = session.outcome_json()["few_cases"]
    assert flags == [{"node": 3, "interval": pytest.approx(list(wilson(2, 2))), "effective_cases": 2.0,
                      "few_cases": True, "why": "2 cases (fewer than 5)"}]
    (tmp_path / "a.json").write_text(json.dumps({"A": 3, "B": 2, "C": 0}))
    assert cli.main(["consult", str(tmp_path / "hand.json"), "--answers", str(tmp_path / "a.json"),
                     "--log", str(tmp_path / "log.json")]) == 0
    printed = capsys.readouterr().out
    assert "few cases at node 3: 2 cases (fewer than 5)" in printed
    log = json.loads((tmp_path / "log.json").read_text())
    assert log["outcome"]["few_cases"][0]["why"] == "2 cases (fewer than 5)"
    (tmp_path / "a.json").write_text(json.dumps({"A": 3, "B": 0.5, "C": 0}))
    assert cli.main(["consult", str(tmp_path / "hand.json"), "--answers", str(tmp_path / "a.json"),
                     "--log", str(tmp_path / "log.json")]) == 0
    assert "few cases" not in capsys.readouterr().out
    assert json.loads((tmp_path / "log.json").read_text())["outcome"]["few_cases"] == []
    assert math.isfinite(flags[0]["interval"][0])
