"""The expert's own guideline (issue 37): a rule list typed in English or Chinese, parsed with
errors by line and column, turned into the one tree, scored like any learner (evaluate,
compare with its significance marker), consulted and exported."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from engine import cli
from engine.algorithms.registry import get, resolve_params
from engine.data import read_table
from engine.data.encode import AttributeSchema, DataSchema, EncodedData, encode
from engine.data.project import load_project
from engine.errors import OptionError, RuleTreeError
from engine.guideline import Guideline, GuidelineError, ParseError, parse_guideline, read_guideline, read_guideline_file
from engine.model import load_model
from engine.tree.conditions import ConditionError, just_below, parse_condition
from engine.tree.decision_list import TooLarge, decision_list_tree
from engine.tree.nodes import Interval, OneOf
from engine.tree.predict import predict
from engine.tree.rules import extract_rules, rule_text

ROOT = Path(__file__).resolve().parents[1]
CAR = ROOT / "resources" / "demo" / "car_evaluation.rtproj"
HEART = ROOT / "resources" / "demo" / "heart_zh.rtproj"

# five rules and a default on the car data (ordinal attributes in the project's order)
ENGLISH = """# the dealer's rules of thumb
IF safety = low THEN unacc
ELSE IF persons = 2 THEN unacc
ELSE IF buying = vhigh AND maint >= high THEN unacc
else if safety = high and lug_boot = big and buying <= med then vgood
ELSE IF buying in {low, med} AND maint != vhigh THEN acc
ELSE unacc
"""
# the same rules as the Chinese rules workbook writes them, with full-width forms and one
# rule running over two lines
CHINESE = ("如果 safety = low 则 unacc；否则如果 persons ＝ 2 则 unacc；\n"
           "否则如果 buying = vhigh 且 maint ≥ high 则 unacc\n"
           "否则如果 safety 为 high 且 lug_boot = big\n    且 buying <= med 则 class = vgood。\n"
           "否则如果 buying 属于 ｛low、med｝ 且 maint 不等于 vhigh 则 acc  # 其余\n"
           "否则 unacc")

ORDER = {"buying": ["low", "med", "high", "vhigh"], "maint": ["low", "med", "high", "vhigh"],
         "lug_boot": ["small", "med", "big"], "safety": ["low", "med", "high"]}


def _rank(attribute: str, value: str) -> int:
    return ORDER[attribute].index(value)


#: the same list in plain Python over the spreadsheet's values: the twin the model must agree with
TWIN = [
    (lambda r: r["safety"] == "low", "unacc"),
    (lambda r: r["persons"] == "2", "unacc"),
    (lambda r: r["buying"] == "vhigh" and _rank("maint", r["maint"]) >= _rank("maint", "high"), "unacc"),
    (lambda r: r["safety"] == "high" and r["lug_boot"] == "big" and _rank("buying", r["buying"]) <= 1, "vgood"),
    (lambda r: r["buying"] in ("low", "med") and r["maint"] != "vhigh", "acc"),
]


def first_match(row: dict, rules, default: str) -> str:
    return next((label for holds, label in rules if holds(row)), default)


@pytest.fixture(scope="module")
def car():
    project = load_project(str(CAR))
    table = read_table(project.data_path, project.sheet)
    return table, project.spec, encode(table, project.spec)


@pytest.fixture(scope="module")
def heart():
    project = load_project(str(HEART))
    table = read_table(project.data_path, project.sheet)
    return table, project.spec, encode(table, project.spec)


def fit(text: str, data, spec):
    info = get("guideline")
    return info.fit(data, spec, resolve_params(info, {"text": text}, spec))


# ---- the same model from either language ----------------------------------------------------


def test_english_and_chinese_texts_give_the_same_model(car, tmp_path, capsys):
    table, spec, data = car
    english, chinese = parse_guideline(ENGLISH, data.schema), parse_guideline(CHINESE, data.schema)
    assert len(english.rules) == len(chinese.rules) == 5
    assert [r.conditions for r in english.rules] == [r.conditions for r in chinese.rules]
    assert [r.label for r in english.rules] == [r.label for r in chinese.rules]
    assert english.default == chinese.default == data.classes.index("unacc")
    assert fit(ENGLISH, data, spec).to_json() == fit(CHINESE, data, spec).to_json()
    # through the command line, each file written as an editor would (the Chinese with a BOM)
    models = []
    for name, text, encoding in (("en.txt", ENGLISH, "utf-8"), ("zh.txt", CHINESE, "utf-8-sig")):
        (tmp_path / name).write_text(text, encoding=encoding)
        out = tmp_path / (name + ".json")
        assert cli.main(["guideline", str(tmp_path / name), "--project", str(CAR), "--out", str(out)]) == 0
        model = json.loads(out.read_text(encoding="utf-8"))
        assert model["algorithm"] == "guideline" and model["prediction"] == {"missing": "stop"}
        assert model["params"]["text"] == text
        del model["params"]
        models.append(model)
    assert models[0] == models[1]
    out = capsys.readouterr().out
    assert "5 rules and a default -> 14 leaves" in out and "accuracy on the 1728 training rows: 0.782" in out


def test_predictions_equal_a_first_match_reading_of_the_rules(car, tmp_path):
    table, spec, data = car
    text = tmp_path / "rules.txt"
    text.write_text(ENGLISH, encoding="utf-8")
    assert cli.main(["guideline", str(text), "--project", str(CAR), "--out", str(tmp_path / "m.json")]) == 0
    model = load_model(tmp_path / "m.json")
    labels = model.predict_table(table).labels
    rows = table.frame.to_dict("records")
    assert len(rows) == 1728
    expected = [first_match(row, TWIN, "unacc") for row in rows]
    assert [model.tree.labels[k] for k in labels] == expected
    # every rule decides some cars: the twin is not one class
    assert len(set(expected)) == 3


# ---- the tree of a decision list, against a naive first-match on random lists -----------------


def _random_list(rng, schema, n_rules: int):
    rules = []
    for _rule in range(n_rules):
        conditions = []
        for j in rng.choice(len(schema.attributes), size=rng.integers(1, 4), replace=False):
            attr = schema.attributes[j]
            if attr.categories is None:
                t = float(rng.integers(0, 10))
                low, high = rng.choice([(-np.inf, t), (t, np.inf), (-np.inf, just_below(t)), (just_below(t), np.inf),
                                        (just_below(t), t), (t - 3, t)])
                conditions.append(Interval(int(j), low, high))
            else:
                m = len(attr.categories)
                codes = rng.choice(m, size=rng.integers(1, m), replace=False)
                conditions.append(OneOf(int(j), frozenset(int(c) for c in codes)))
        rules.append((conditions, int(rng.integers(0, 3))))
    return rules


def _holds(condition, x) -> bool:
    v = x[condition.attribute]
    if isinstance(condition, OneOf):
        return int(v) in condition.values
    return condition.low < v <= condition.high


def test_the_tree_answers_as_the_list_on_random_lists():
    """Numbers on a grid of whole numbers (so strict and non-strict bounds meet) and nominal
    values; the tree's answer is the first rule that holds, for cases it never saw too."""
    rng = np.random.default_rng(7)
    schema = DataSchema("y", ["a", "b", "c"], False, [
        AttributeSchema("x", "numeric"), AttributeSchema("z", "numeric"),
        AttributeSchema("colour", "nominal", ["red", "green", "blue", "grey"]),
        AttributeSchema("size", "ordinal", ["s", "m", "l"])])
    X = np.column_stack([rng.integers(0, 10, 500).astype(float), rng.integers(0, 10, 500) + rng.choice([0, 0.5], 500),
                         rng.integers(0, 4, 500), rng.integers(0, 3, 500)]).astype(float)
    for trial in range(40):
        rules = _random_list(rng, schema, int(rng.integers(1, 7)))
        default = int(rng.integers(0, 3))
        tree = decision_list_tree(schema, rules, default)
        expected = [next((label for conds, label in rules if all(_holds(c, x) for c in conds)), default) for x in X]
        assert predict(tree, X, "stop").labels.tolist() == expected, trial
        # no branch that no case can take: every leaf's path is consistent
        assert all(path_is_possible(tree, leaf) for leaf in tree.leaves())


def path_is_possible(tree, leaf) -> bool:
    from engine.tree.describe import path_bounds

    for j, bound in path_bounds(tree, leaf).bounds.items():
        if bound.low >= bound.high or (bound.values is not None and not bound.values):
            return False
    return True


def test_strict_bounds_route_every_value_as_the_text_says(heart):
    table, spec, data = heart
    tree = fit("如果 年龄 < 50 则 无；否则如果 年龄 >= 60 且 静息血压 > 140 则 有；否则 有", data, spec)
    age, bp = data.schema.names.index("年龄"), data.schema.names.index("静息血压")
    X = np.zeros((8, len(data.schema.attributes)))
    X[:, age] = [49.99999999999999, 49.999999, 50.0, 50.000001, 59.99999999999999, 60.0, 60.0, 65.0]
    X[:, bp] = [200, 200, 200, 200, 141, 140, 140.00000000001, 150]
    labels = [tree.labels[k] for k in predict(tree, X, "stop").labels]
    assert labels == ["无", "无", "有", "有", "有", "有", "有", "有"]
    texts = [rule_text(tree, r, translate=False) for r in extract_rules(tree)]
    assert texts[0] == "IF 年龄 < 50 THEN 无"
    assert "IF 年龄 >= 60 AND 静息血压 > 140 THEN 有" in texts
    assert "IF 50 <= 年龄 < 60 THEN 有" in texts


def test_a_missing_value_stops_where_it_is_asked_for(heart):
    """透视血管数 has four missing values: those cases stop at the root (policy "stop") and answer
    its label, the commonest class of all the training rows; the root counts every row."""
    table, spec, data = heart
    tree = fit("如果 透视血管数 >= 1 则 有\n否则 无", data, spec)
    j = data.schema.names.index("透视血管数")
    missing = np.isnan(data.X[:, j])
    assert missing.sum() == 4
    counts = np.bincount(data.y, minlength=2)
    assert tree.root.counts.tolist() == counts.tolist()
    assert tree.labels[tree.root.label] == data.classes[int(np.argmax(counts))] == "无"
    p = predict(tree, data.X, "stop")
    assert (p.nodes[missing] == 0).all() and (p.labels[missing] == tree.root.label).all()
    assert sum(tree.nodes[c].weight for c in tree.root.children) == data.n - 4


def test_inner_labels_follow_the_cost_matrix(car):
    """The car project's cost matrix: an inner node (where a case with an unknown value stops)
    takes the class of least expected cost; the leaves keep the text's classes."""
    table, spec, data = car
    tree = fit(ENGLISH, data, spec)
    cost = spec.misclassification_costs.as_array(data.classes)
    for node in tree.nodes:
        if node.children and node.weight > 0:
            assert node.label == int(np.argmin(node.counts @ cost))
    leaves = {tree.labels[tree.nodes[i].label] for i in tree.leaves()}
    assert leaves == {"unacc", "vgood", "acc"}


# ---- malformed texts: line and column ------------------------------------------------------------


MALFORMED = [
    ("", 1, 1, "the guideline is empty"),
    ("IF safety = low THEN unacc", 1, 27, "has no default"),
    ("IF safty = low THEN unacc\nELSE acc", 1, 4, 'no attribute "safty" in the data (did you mean "safety"?)'),
    ("IF safety = low THEN unacc\nELSE IF persons = 2 THEN unac\nELSE acc", 2, 26, 'no class "unac"'),
    ("ELSE IF safety = low THEN unacc\nELSE acc", 1, 1, "the first rule starts with IF"),
    ("IF safety = low unacc\nELSE acc", 1, 17, 'after a condition comes AND (且) or THEN (则), not "unacc"'),
    ("IF safety = low OR persons = 2 THEN unacc\nELSE acc", 1, 17, "OR (或) is not part of a guideline"),
    ("IF safety = low THEN unacc\nELSE acc\nIF persons = 2 THEN unacc", 3, 1, "comes after the default"),
    ("如果 safety = low 则 unacc\n否则如果 buying > 5 则 acc\n否则 unacc", 2, 15, 'buying has no value "5"'),
    ("IF safety = low THEN unacc\n  ELSE IF doors >= 3 AND persons\n THEN acc\nELSE unacc", 3, 2,
     'after "persons" a comparison is expected'),
    ("IF safety = low THEN unacc junk\nELSE acc", 1, 28, 'unexpected "junk" after the class "unacc"'),
    ("IF safety = low AND safety = high THEN unacc\nELSE acc", None, None, None),  # a rule no case meets: allowed
    ("IF class = acc THEN acc\nELSE unacc", 1, 4, '"class" is the column to predict'),
    ("IF safety < low THEN acc\nELSE unacc", 1, 4, "no value of safety meets this condition"),
    ("IF persons = 2 THEN acc\nELSE unacc\n# a comment\n\n   ELSE acc", 5, 4, "comes after the default"),
]


@pytest.mark.parametrize("text, line, column, message", MALFORMED)
def test_a_malformed_text_names_line_and_column(car, text, line, column, message):
    found = parse_guideline(text, car[2].schema)
    if line is None:
        assert not isinstance(found, list)
        return
    assert isinstance(found, list), text
    assert (found[0].line, found[0].column) == (line, column), found
    assert message in found[0].message, found


@pytest.mark.parametrize("text, line, column, message", [m for m in MALFORMED if m[1] is not None])
def test_the_cli_names_file_line_and_column_of_each(text, line, column, message, tmp_path, capsys):
    path = tmp_path / "rules.txt"
    path.write_text(text, encoding="utf-8")
    assert cli.main(["guideline", str(path), "--project", str(CAR), "--out", str(tmp_path / "m.json")]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{column}: ") and message in first
    assert not (tmp_path / "m.json").exists()


def test_every_problem_is_reported_and_parsing_never_raises(car):
    text = "IF safty = low THEN unacc\nELSE IF persons = 3 THEN unacc\nELSE IF safety = low THEN hihg\nELSE acc"
    found = parse_guideline(text, car[2].schema)
    assert [(e.line, e.column) for e in found] == [(1, 4), (2, 19), (3, 27)]
    assert all(isinstance(e, ParseError) for e in found)
    with pytest.raises(GuidelineError) as err:
        read_guideline(text, car[2].schema)
    assert str(err.value).startswith('the guideline, line 1, column 4: no attribute "safty"')
    assert str(err.value).endswith("(and 2 more problems)") and err.value.code == "bad_guideline"
    # whatever is typed, a live page gets a list or a guideline, never an exception
    rng = np.random.default_rng(3)
    alphabet = list("IFTHENELSEANDifthen <=>!{},;#\"'\n如果且则否则属于safetylowunaccmedhigh2345") + ["ELSE ", "IF ", " AND "]
    for _ in range(300):
        text = "".join(rng.choice(alphabet, size=rng.integers(0, 60)))
        assert isinstance(parse_guideline(text, car[2].schema), (list, Guideline))


def test_the_cli_says_file_line_column_and_exits_2(car, tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("IF safety = low THEN unacc\nELSE IF persons = 3 THEN unacc\nELSE acc\n", encoding="utf-8")
    assert cli.main(["guideline", str(bad), "--project", str(CAR), "--out", str(tmp_path / "m.json")]) == 2
    err = capsys.readouterr().err
    assert err == f'{bad}:2:19: persons has no value "3" (its values: 2, 4, more)\n'
    assert not (tmp_path / "m.json").exists()
    assert cli.main(["guideline", str(tmp_path / "none.txt"), "--project", str(CAR), "--out", "m.json"]) == 2
    assert "the guideline file does not exist" in capsys.readouterr().err
    (tmp_path / "binary.txt").write_bytes(b"\x00\x01IF\x00")
    assert cli.main(["guideline", str(tmp_path / "binary.txt"), "--project", str(CAR), "--out", "m.json"]) == 2
    assert "not text" in capsys.readouterr().err
    good = tmp_path / "good.txt"
    good.write_text(ENGLISH, encoding="utf-8")
    assert cli.main(["guideline", str(good), "--out", str(tmp_path / "m.json")]) == 2
    assert "give the data" in capsys.readouterr().err


def test_the_cli_json_and_the_data_as_an_option(car, tmp_path, capsys):
    good = tmp_path / "good.txt"
    good.write_text("IF safety = low THEN unacc; ELSE acc", encoding="utf-8")
    data_file = str(ROOT / "tests" / "data" / "datasets" / "car_evaluation.csv")
    assert cli.main(["guideline", str(good), "--data", data_file, "--target", "class", "--out",
                     str(tmp_path / "m.json"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == 1 and out["leaves"] == 2 and out["training"]["rows"] == 1728
    assert out["training"]["metrics"]["accuracy"] == pytest.approx((576 + 384) / 1728)


# ---- the words of a condition ---------------------------------------------------------------------


def test_one_condition_is_parsed_on_its_own(heart):
    schema = heart[2].schema
    names = schema.names
    assert parse_condition("年龄 <= 50", schema) == Interval(names.index("年龄"), high=50.0)
    assert parse_condition("年龄 ＞ ５０", schema) == Interval(names.index("年龄"), low=50.0)
    assert parse_condition("年龄 ≥ 50", schema) == Interval(names.index("年龄"), low=just_below(50))
    assert parse_condition("30 < 年龄 <= 50", schema) == Interval(names.index("年龄"), 30.0, 50.0)
    # a name holding digits and the word "高于" (a comparison) is read whole, the longest name first
    j = names.index("空腹血糖高于120")
    assert parse_condition("空腹血糖高于120 = 是", schema) == OneOf(j, frozenset({1}))
    assert parse_condition("「空腹血糖高于120」为是", schema) == OneOf(j, frozenset({1}))
    chest = names.index("胸痛类型")
    assert parse_condition("胸痛类型 属于 {典型心绞痛、无症状}", schema) == OneOf(chest, frozenset({0, 1}))
    assert parse_condition("胸痛类型 not in {典型心绞痛}", schema) == OneOf(chest, frozenset({1, 2, 3}))
    with pytest.raises(ConditionError) as err:
        parse_condition("年龄 > 老", schema)
    assert err.value.reason == '年龄 holds numbers: "老" is not a number' and (err.value.start, err.value.end) == (5, 6)
    assert isinstance(err.value, OptionError) and "character 6" in str(err.value)
    with pytest.raises(ConditionError, match="values have no order"):
        parse_condition("性别 > 男", schema)
    with pytest.raises(ConditionError, match='"!=" needs named values'):
        parse_condition("年龄 != 50", schema)


def test_wrong_attribute_class_default_and_value_type(car):
    schema = car[2].schema
    cases = {
        "IF colour = red THEN acc; ELSE unacc": 'no attribute "colour" in the data',
        "IF safety = low THEN excellent; ELSE unacc": 'no class "excellent" (the classes: unacc, acc, good, vgood)',
        "IF safety = low THEN unacc; ELSE IF persons = 2 THEN unacc": "the guideline has no default",
        "IF safety >= 2 THEN acc; ELSE unacc": 'safety has no value "2" (its values: low, med, high)',
        "IF safety = low THEN; ELSE unacc": "a class is expected here",
        'IF "safety = low THEN acc; ELSE unacc': "the quote \" is not closed",
    }
    for text, message in cases.items():
        found = parse_guideline(text, schema)
        assert isinstance(found, list) and message in found[0].message, (text, found)


def test_a_list_that_would_explode_is_refused_at_its_rule(heart):
    """Each condition of a rule copies every later rule under its "no" branch: 4 conditions on 5
    numeric attributes in each of 24 rules pass the bound of 20,000 nodes at the last rule."""
    schema = heart[2].schema
    ranges = {"年龄": (30, 70), "静息血压": (100, 180), "血清胆固醇": (150, 400), "最大心率": (100, 200), "ST段压低": (0, 5)}
    rng = np.random.default_rng(1)
    lines = []
    for k in range(24):
        names = rng.choice(list(ranges), 4, replace=False)
        lines.append("如果 " + " 且 ".join(f"{n} {'>' if rng.random() < 0.5 else '<='} {rng.integers(*ranges[n])}"
                                         for n in names) + f" 则 {'有' if k % 2 else '无'}")
    found = parse_guideline("\n".join(lines) + "\n否则 无", schema)
    assert isinstance(found, list) and len(found) == 1, found
    assert (found[0].line, found[0].column) == (24, 1) and "would pass 20,000 nodes" in found[0].message
    fits = parse_guideline("\n".join(lines[:23]) + "\n否则 无", schema)
    assert not isinstance(fits, list) and 10_000 < len(fits.tree) <= 20_000
    with pytest.raises(TooLarge):
        decision_list_tree(schema, [([Interval(0, high=float(k))], 1) for k in range(20)], 0, max_nodes=10)


def test_parsing_is_fast_enough_to_follow_typing(heart):
    schema = heart[2].schema
    text = "\n".join(f"ELSE IF 年龄 > {k} AND 静息血压 <= {100 + k} THEN 有" for k in range(300)).replace("ELSE ", "", 1)
    text += "\nELSE 无"
    t0 = time.perf_counter()
    found = parse_guideline(text, schema)
    assert not isinstance(found, list) and len(found.rules) == 300
    assert time.perf_counter() - t0 < 5.0


def test_reading_files_of_strangers(tmp_path):
    for encoding in ("utf-8", "utf-8-sig", "utf-16", "gb18030"):
        path = tmp_path / f"{encoding}.txt"
        path.write_text(CHINESE, encoding=encoding)
        assert read_guideline_file(path).lstrip("\ufeff") == CHINESE
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * ((1 << 20) + 1))
    with pytest.raises(RuleTreeError, match="far too large"):
        read_guideline_file(big)


# ---- a learner like any other ---------------------------------------------------------------------------


def test_the_guideline_needs_its_rules(car):
    info = get("guideline")
    with pytest.raises(OptionError, match="guideline parameter text is required"):
        resolve_params(info, {})
    from engine.compare import applicable_algorithms

    names, skipped = applicable_algorithms(car[2], car[1])
    assert "guideline" not in names and skipped["guideline"] == "needs a value for its parameter text"
    assert info.family == "expert" and info.missing == "stop"


def test_compare_shows_the_guideline_with_its_significance_marker(tmp_path, capsys):
    rules = tmp_path / "rules.txt"
    rules.write_text(ENGLISH, encoding="utf-8")
    args = ["compare", "--project", str(CAR), "--algorithms", "cart,guideline", "--guideline", str(rules),
            "--metric", "accuracy", "--cv", "5", "--jobs", "1", "--executor", "threads"]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    table = [line for line in out.splitlines() if line.startswith("guideline ")]
    assert table and "78.2" in table[0]  # the table's accuracy row: 0.782 on every fold as in training
    tests = out[out.index("significance on accuracy"):]
    row = next(line for line in tests.splitlines() if line.strip().startswith("guideline"))
    assert row.rstrip().endswith("worse")  # significantly below CART by the corrected t-test
    assert cli.main(args + ["--json"]) == 0
    objects = {o["name"]: o for o in json.loads(capsys.readouterr().out)}
    against = objects["guideline"]["significance"]["against_reference"]["corrected_t"]
    assert objects["guideline"]["algorithm"] == "guideline" and against["p_value"] < 0.05
    assert objects["guideline"]["params"]["text"] == ENGLISH


def test_compare_and_evaluate_report_the_rules_problems_by_line(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("IF safety = lo THEN unacc\nELSE acc", encoding="utf-8")
    assert cli.main(["compare", "--project", str(CAR), "--algorithms", "c45,guideline", "--guideline", str(bad),
                     "--cv", "2"]) == 2
    assert capsys.readouterr().err == f'{bad}:1:13: safety has no value "lo" (its values: low, med, high)\n'
    assert cli.main(["compare", "--project", str(CAR), "--algorithms", "c45,guideline", "--param",
                     "guideline.text=IF safety = lo THEN unacc; ELSE acc", "--cv", "2"]) == 2
    assert capsys.readouterr().err.startswith("--param guideline.text:1:13: safety has no value")
    assert cli.main(["evaluate", "--project", str(CAR), "--algorithm", "guideline", "--guideline", str(bad)]) == 2
    assert capsys.readouterr().err.startswith(f"{bad}:1:13:")
    assert cli.main(["evaluate", "--project", str(CAR), "--algorithm", "guideline"]) == 2
    assert "needs its rules: --guideline FILE" in capsys.readouterr().err


def test_evaluate_scores_it_by_cross_validation(tmp_path, capsys):
    rules = tmp_path / "rules.txt"
    rules.write_text(CHINESE, encoding="utf-8")
    assert cli.main(["evaluate", "--project", str(CAR), "--algorithm", "guideline", "--guideline", str(rules),
                     "--cv", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["algorithm"] == "guideline" and out["metrics"]["accuracy"]["mean"] == pytest.approx(0.782, abs=1e-3)
    assert out["metrics"]["leaves"]["mean"] == 14


# ---- consulted, read as rules, exported ----------------------------------------------------------------


@pytest.fixture(scope="module")
def car_model(tmp_path_factory):
    folder = tmp_path_factory.mktemp("guideline")
    (folder / "rules.txt").write_text(ENGLISH, encoding="utf-8")
    out = folder / "model.json"
    assert cli.main(["guideline", str(folder / "rules.txt"), "--project", str(CAR), "--out", str(out)]) == 0
    return out


def test_its_rules_read_back(car_model, capsys):
    assert cli.main(["rules", str(car_model), "--json"]) == 0
    rules = json.loads(capsys.readouterr().out)
    texts = [r["rule"] for r in rules]
    assert texts[0] == "IF safety = low THEN unacc" and texts[1] == "IF safety >= med AND persons = 2 THEN unacc"
    assert "IF safety = high AND persons >= 4 AND buying <= med AND lug_boot = big THEN vgood" in texts
    assert sum(r["support"] for r in rules) == 1728  # no case lost, none counted twice
    assert all(r["support"] > 0 for r in rules)
    assert cli.main(["rules", str(car_model), "--lang", "zh_CN"]) == 0
    shown = capsys.readouterr().out
    assert "如果 safety = low 则 unacc" in shown and "如果 safety >= med 且 persons = 2 则 unacc" in shown


def test_its_model_is_consulted_like_any(car_model, tmp_path, car, capsys):
    table, spec, data = car
    rows = table.frame.to_dict("records")
    model = load_model(car_model)
    for i in (0, 100, 900, 1500):
        answers = {k: v for k, v in rows[i].items() if k != "class"}
        (tmp_path / "a.json").write_text(json.dumps(answers))
        assert cli.main(["consult", str(car_model), "--project", str(CAR), "--answers", str(tmp_path / "a.json"),
                         "--log", str(tmp_path / "log.json")]) == 0
        log = json.loads((tmp_path / "log.json").read_text())
        assert log["finished"] and log["outcome"]["label"] == first_match(rows[i], TWIN, "unacc")
    assert model.algorithm == "guideline"
    capsys.readouterr()


def test_its_model_is_exported(car_model, tmp_path, capsys):
    from openpyxl import load_workbook

    out = tmp_path / "rules.xlsx"
    assert cli.main(["rules", str(car_model), "--xlsx", str(out)]) == 0
    capsys.readouterr()
    book = load_workbook(out, read_only=True)
    cells = [str(c) for sheet in book.worksheets for row in sheet.iter_rows(values_only=True) for c in row if c]
    assert any("safety = low" in c for c in cells)


def test_its_nodes_are_the_expert_s_and_an_edit_keeps_them(car_model, tmp_path, capsys):
    """Every node of a guideline's tree was made by the expert (origin "expert" in the model file):
    an edit's regrowth keeps them all; a pruned guideline is scored beside it on the same folds."""
    model = json.loads(car_model.read_text(encoding="utf-8"))
    assert {n.get("origin") for n in model["tree"]["nodes"]} == {"expert"}
    data = load_project(str(CAR)).data_path
    assert cli.main(["edit", str(car_model), "--data", data, "--at", "root/1", "--regrow",
                     "--out", str(tmp_path / "regrown.json")]) == 0
    regrown = json.loads((tmp_path / "regrown.json").read_text(encoding="utf-8"))
    assert regrown["tree"]["nodes"] == model["tree"]["nodes"]
    assert cli.main(["edit", str(car_model), "--data", data, "--at", "root/1", "--prune", "--cv", "3",
                     "--out", str(tmp_path / "pruned.json")]) == 0
    assert "the learner alone 0.782" in capsys.readouterr().out


def test_rules_may_end_as_sentences_do(car):
    schema = car[2].schema
    for text in ("IF safety = low THEN unacc.\nELSE: acc.", "如果 safety = low 则：unacc。否则，acc",
                 "1. IF safety = low THEN unacc\n2. ELSE acc", "- IF safety = low THEN unacc\n- ELSE acc",
                 "IF safety = low THEN unacc ELSE acc", "if safety = low then class = unacc; otherwise acc"):
        found = parse_guideline(text, schema)
        assert not isinstance(found, list), (text, found)
        assert [r.label for r in found.rules] == [0] and found.default == 1
