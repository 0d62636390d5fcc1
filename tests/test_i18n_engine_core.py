"""The engine's own texts in Chinese (zh_CN) and unchanged in English: parameter help and
algorithm titles, metric names, tree node descriptions and rules, consultation reasons,
problem-setting errors. What programs read (JSON, session files) stays English."""

from __future__ import annotations

import pytest

from engine import i18n
from engine.algorithms.registry import by_family, get
from engine.consult import Consultation
from engine.data import read_table
from engine.costs import CostModel
from engine.data.spec import ProblemSpec, check
from engine.data.spec.settings import SpecProblem
from engine.metrics import metric
from engine.plan import UNASKED, Planner
from engine.tree.describe import branch_labels, node_heading, node_test, path_steps
from engine.tree.model import PENDING, Tree
from engine.tree.rules import extract_rules, rule_text, rules_json

from test_plan import deep_cheap_spec, deep_cheap_tree


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def cheap_tree(pending: bool = False) -> Tree:
    """tests/test_plan.py's hand-worked tree (B is cheap, so a planned consultation asks B first),
    its last leaf PENDING on request."""
    t = deep_cheap_tree()
    if pending:
        t.nodes[8].label = PENDING
    return t


cheap_spec = deep_cheap_spec


def test_parameter_help_and_titles():
    c45 = get("c45")
    min_cases = next(p for p in c45.params if p.name == "min_cases")
    english = "M: fewest cases in at least two branches of a split"
    assert min_cases.help == english and min_cases.display_help == english
    assert c45.display_title == c45.title == "C4.5 (J48: gain ratio, error-based pruning)"
    with i18n.using("zh_CN"):
        assert min_cases.display_help == "M：分裂中至少两个分支各自的最少样本数"
        assert "信息增益率" in c45.display_title
        assert get("mincost").display_constraint == "w1..w4 不能全为零"
        assert [f.display_title for f, _infos in by_family()][:3] == ["经典基线", "有序分类（单调）", "粗糙集"]
        assert "属性依赖度" in get("dp").display_title
        # what programs read stays English
        assert c45.to_json()["title"] == "C4.5 (J48: gain ratio, error-based pruning)"
        assert c45.to_json()["params"][0]["help"] == english
    assert min_cases.display_help == english


def test_metric_names():
    # the command line's tables: the key in English (what --metric takes), the title in Chinese
    assert metric("avg_test_cost").name_text() == "avg_test_cost"
    assert metric("avg_test_cost").title_text() == "test cost per case"
    with i18n.using("zh_CN"):
        assert metric("avg_test_cost").name_text() == metric("avg_test_cost").title_text() == "每个样本的测试代价"
        assert metric("pending_rate").name_text() == "待定率"
        assert metric("accuracy_level_2").title_text() == "第 2 层准确率"
    assert metric("pending_rate").name_text() == "pending_rate"


def test_tree_node_descriptions_and_rules():
    tree = cheap_tree(pending=True)
    english_rules = [rule_text(tree, r) for r in extract_rules(tree)]
    assert english_rules[-1] == "IF A > 5 AND B > 1 AND C > 1 THEN PENDING"
    assert node_heading(tree, 8) == "PENDING"
    assert node_test(tree, tree.nodes[0]) == "A <= 5"
    assert path_steps(tree, 8) == ["A: > 5", "B: > 1", "C: > 1"]
    with i18n.using("zh_CN"):
        assert node_heading(tree, 8) == "待定"
        assert path_steps(tree, 8) == ["A：> 5", "B：> 1", "C：> 1"]
        zh_rules = [rule_text(tree, r) for r in extract_rules(tree)]
        assert zh_rules[0] == "如果 A <= 5 且 B <= 1 则 no"
        assert zh_rules[-1] == "如果 A > 5 且 B > 1 且 C > 1 则 待定"
        # the JSON for programs keeps the English keywords and the PENDING label
        assert rules_json(tree, extract_rules(tree))[-1]["rule"] == english_rules[-1]
        assert branch_labels(tree, 0) == ["<= 5", "> 5"]  # numbers and operators only
    assert [rule_text(tree, r) for r in extract_rules(tree)] == english_rules
    assert node_heading(tree, 8) == "PENDING"


def test_consultation_reason():
    tree, spec = cheap_tree(), cheap_spec()
    english = ("asking B first ends the case at once for 1 case in 2 (B = ≤ 1); expected cost from here 4.5 "
               "(planned), following the tree 11.5")
    planner = Planner(tree, CostModel.from_spec(spec, tree.schema.names))
    step = planner.step((UNASKED,) * 3)
    assert planner.reason(step) == english
    with i18n.using("zh_CN"):
        assert planner.reason(step) == ("先询问 B，可使每 2 个样本中的 1 个立即得出结论（B = ≤ 1）；此后的期望代价为 4.5"
                                        "（完整规划），按决策树顺序为 11.5")
        assert planner.reason(step, translate=False) == english
        first, second = Consultation(tree, spec, planning="planned").candidates()[:2]
        assert first.reason.startswith("先询问 B") and first.reason_en == english  # a session file keeps English
        assert second.reason.startswith("询问它时此后的期望代价为") and second.reason_en.startswith("expected cost")
    assert Consultation(tree, spec, planning="planned").candidates()[0].reason == english


def test_problem_setting_errors_keep_the_names(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("age,class\n1,a\n2,b\n3,a\n4,b\n", encoding="utf-8")
    table = read_table(path)
    spec = ProblemSpec(target="kind")
    english = check(spec, table)[0].message
    assert english.startswith('there is no column "kind" in the data (columns: ')
    problem = SpecProblem("attributes.age.monotone", "x")
    assert problem.words == 'attribute "age", monotone direction'
    with i18n.using("zh_CN"):
        assert check(spec, table)[0].message.startswith("数据中没有列“kind”（列：")
        assert problem.words == "属性“age”，单调方向"
        assert SpecProblem("batch_groups[0].common_cost", "x").words == "批量属性组 1，公共代价"
    assert check(spec, table)[0].message == english
    assert problem.words == 'attribute "age", monotone direction'


def test_session_rule_lines_in_the_window_and_english_in_the_file():
    """A case stopped by an unknown answer: the session file keeps its rule lines in English
    (outcome_json), the window reads the same lines translated (rule_lines(translate=True))."""
    from engine.model import Model
    from engine.sessions import Session

    tree, spec = cheap_tree(), cheap_spec()
    session = Session(Model("cart", {}, spec, tree), None, spec, planning="utility")
    session.answer({"A": 7.0})  # A > 5: node 2, which tests B
    session.answer({"B": None})  # unknown: the case stops at node 2
    english = session.outcome_json()["rules"]
    assert english == session.rule_lines() and len(english) == 1
    assert english[0].startswith("IF A > 5 THEN ") and english[0].endswith(" (stopped here: B unknown)")
    with i18n.using("zh_CN"):
        shown = session.rule_lines(translate=True)
        assert shown[0].startswith("如果 A > 5 则 ") and shown[0].endswith("（停在此处：B 未知）")
        assert session.outcome_json()["rules"] == english  # the file's words never change


def test_any_value_follows_the_reason_language():
    """A tested attribute with no cut ("any value"): English in the reason kept for session files
    (translate=False), Chinese where it is shown."""
    import numpy as np

    tree = cheap_tree()
    planner = Planner(tree, CostModel.from_spec(cheap_spec(), tree.schema.names))
    planner.cuts[2] = np.zeros(0)
    with i18n.using("zh_CN"):
        assert planner.bin_text(2, 0, translate=False) == "any value"
        assert planner.bin_text(2, 0) == "任意值"
    assert planner.bin_text(2, 0) == "any value"
