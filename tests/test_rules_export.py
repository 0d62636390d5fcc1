"""Rules (merged conditions, support, confidence, coverage) and the Excel export
read back: values as written, no cell a formula."""

import openpyxl
import pytest

from engine.data.encode import AttributeSchema, DataSchema
from engine.export import workbook_bytes
from engine.tree.model import CategorySplit, Leaf, ThresholdSplit, Tree, TrichotomySplit
from engine.tree.rules import extract_rules, rule_text, rules_json

SCHEMA = DataSchema("y", ["no", "yes"], False, [
    AttributeSchema("x", "numeric"),
    AttributeSchema("=cmd", "nominal", ["+1", "-1", "@home", "plain"]),
    AttributeSchema("grade", "ordinal", ["low", "med", "high"]),
])


def nested_tree() -> Tree:
    """x <= 3 -> (x <= 2 -> leaf | leaf) ; x > 3 -> cmd in {+1, @home} -> (grade <= med | grade >= high)."""
    t = Tree(SCHEMA)
    t.add(ThresholdSplit(counts=[10, 10], label=0, children=[1, 2], feature=0, threshold=3.0))
    t.add(ThresholdSplit(counts=[6, 2], label=0, children=[3, 4], feature=0, threshold=2.0), 0)
    t.add(CategorySplit(counts=[4, 8], label=1, children=[5, 6], feature=1, branches=[0, 1, 0, 1]), 0)
    t.add(Leaf(counts=[5, 0], label=0), 1)
    t.add(Leaf(counts=[1, 2], label=1), 1)
    t.add(ThresholdSplit(counts=[3, 5], label=1, children=[7, 8], feature=2, threshold=1.5), 2)
    t.add(Leaf(counts=[1, 3], label=1), 2)
    t.add(Leaf(counts=[3, 0], label=0), 5)
    t.add(Leaf(counts=[0, 5], label=1), 5)
    return t


def test_rules_merge_conditions_and_count():
    tree = nested_tree()
    rules = extract_rules(tree)
    texts = [rule_text(tree, r) for r in rules]
    assert texts == [
        "IF x <= 2 THEN no",  # x <= 3 AND x <= 2 merged
        "IF 2 < x <= 3 THEN yes",
        "IF x > 3 AND =cmd in {+1, @home} AND grade <= med THEN no",
        "IF x > 3 AND =cmd in {+1, @home} AND grade = high THEN yes",
        "IF x > 3 AND =cmd in {-1, plain} THEN yes",
    ]
    assert [r.support for r in rules] == [5, 3, 3, 5, 4]
    assert rules[1].confidence == pytest.approx(2 / 3)
    assert sum(r.coverage for r in rules) == pytest.approx(1.0)
    js = rules_json(tree, rules)
    assert js[1]["bounds"]["x"] == {"greater_than": 2.0, "at_most": 3.0}
    assert js[4]["bounds"]["=cmd"] == {"in": ["-1", "plain"]}


def test_linear_rules_of_trichotomy_stages():
    schema = DataSchema("y", ["Lo", "Hi"], False, [AttributeSchema("X3", "numeric"), AttributeSchema("X5", "numeric")])
    t = Tree(schema)
    t.add(TrichotomySplit(counts=[5, 5], label=0, children=[1, 2, 3], features=[0, 1], weights=[0.83, -0.55],
                          low=1.27, high=2.0))
    t.add(Leaf(counts=[5, 0], label=0), 0)
    t.add(Leaf(counts=[0, 5], label=1), 0)
    t.add(Leaf(counts=[0, 0], label=-1), 0)
    texts = [rule_text(t, r) for r in extract_rules(t)]
    assert texts[0] == "IF 0.83·X3 - 0.55·X5 <= 1.27 THEN Lo"
    assert texts[1] == "IF 0.83·X3 - 0.55·X5 >= 2 THEN Hi"
    assert texts[2].endswith("THEN PENDING")


def test_excel_export_reads_back_without_formulas(tmp_path):
    tree = nested_tree()
    path = tmp_path / "rules.xlsx"
    path.write_bytes(workbook_bytes(tree, metrics={"accuracy": {"mean": 0.9, "std": 0.01}},
                                    settings={"note": "=HYPERLINK(\"x\")", "tab": "\tx", "cr": "\rx"}))
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Rules", "Tree", "Metrics", "Settings"]
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (ws.title, cell.coordinate, cell.value)
    rules = wb["Rules"]
    header = [c.value for c in rules[1]]
    assert header[:6] == ["rule", "IF (conditions)", "THEN", "support", "confidence", "coverage"]
    assert header[6:10] == ["95 % interval: low", "95 % interval: high", "effective cases", "few cases"]
    assert header[10:] == ["x", "=cmd", "grade"]
    assert rules.freeze_panes == "A2" and rules.auto_filter.ref == "A1:M6"
    assert rules["A1"].font.bold
    row3 = [c.value for c in rules[4]]
    assert row3[1] == "x > 3 AND =cmd in {+1, @home} AND grade <= med"
    assert row3[10:] == ["> 3", "{+1, @home}", "low .. med"]
    assert rules["L4"].quotePrefix is False  # "{" needs no protection
    assert rules["K1"].value == "x"
    # formula-like texts are text with Excel's quote prefix
    settings = {r[0].value: r[1] for r in wb["Settings"].iter_rows(min_row=2)}
    assert settings["note"].value == '=HYPERLINK("x")' and settings["note"].quotePrefix
    assert settings["tab"].value == "\tx" and settings["tab"].quotePrefix
    assert wb["Rules"]["L1"].value == "=cmd" and wb["Rules"]["L1"].quotePrefix
    metrics = [[c.value for c in r] for r in wb["Metrics"].iter_rows(min_row=2)]
    assert metrics == [["accuracy", 0.9, 0.01]]
    tree_rows = list(wb["Tree"].iter_rows(min_row=2, values_only=True))
    assert len(tree_rows) == 9 and tree_rows[0][2] == "threshold" and tree_rows[0][3] == "x <= 3"


def test_every_number_cell_is_formatted_for_reading(tmp_path):
    """Whole numbers as integers, fractional weights to 2 decimals, shares as percentages, costs
    to 2 decimals; Excel's '0.##' (which shows '52.') nowhere; the IF column wraps. A model
    exported without metrics still has its accuracy: on the training rows, from the leaves'
    class counts, labelled so."""
    tree = nested_tree()
    tree.nodes[3].counts[0] = 4.5  # a fractional weight (C4.5's missing values)
    path = tmp_path / "rules.xlsx"
    path.write_bytes(workbook_bytes(tree))
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets:
        for row in ws.iter_rows(min_row=2):
            for cell in row:
                if cell.data_type == "n" and cell.value is not None:
                    assert cell.number_format not in ("General", "0.##"), (ws.title, cell.coordinate)
    rules = wb["Rules"]
    assert rules["A2"].number_format == "0"
    assert rules["D2"].value == 4.5 and rules["D2"].number_format == "#,##0.00"  # support of leaf 3
    assert rules["D3"].value == 3 and rules["D3"].number_format == "#,##0"
    assert rules["E2"].number_format == "0.0%" and rules["F2"].number_format == "0.0%"
    assert rules["B2"].alignment.wrap_text and rules.column_dimensions["B"].width <= 60
    tree_sheet = wb["Tree"]
    assert tree_sheet["C4"].value == "leaf" and tree_sheet["F4"].value == 4.5  # leaf 3, depth-first node 2
    assert tree_sheet["F4"].number_format == "#,##0.00" and tree_sheet["G4"].number_format == "#,##0.00"
    assert tree_sheet["G2"].value == 10 and tree_sheet["G2"].number_format == "#,##0"
    assert tree_sheet["A4"].number_format == "0" and tree_sheet["B4"].value == 1
    metrics = {r[0].value: r for r in wb["Metrics"].iter_rows(min_row=2)}
    # leaves: 4.5 + 2 + 3 + 3 + 5 = 17.5 right of 19.5
    assert metrics["accuracy"][1].value == pytest.approx(17.5 / 19.5)
    assert metrics["accuracy"][1].number_format == "0.00%"
    assert metrics["accuracy"][3].value.startswith("training rows") and "optimistic" in metrics["accuracy"][3].value
    assert metrics["leaves"][1].value == 5 and metrics["leaves"][1].number_format == "#,##0"
    # metrics from a training: each in its own format
    path.write_bytes(workbook_bytes(tree, metrics={"accuracy": {"mean": 0.9, "std": 0.01},
                                                   "avg_total_cost": {"mean": 38.08, "std": 2.9},
                                                   "leaves": {"mean": 54.9, "std": 2.0}}, scored_on="10-fold CV"))
    metrics = {r[0].value: r for r in openpyxl.load_workbook(path)["Metrics"].iter_rows(min_row=2)}
    assert [metrics[k][1].number_format for k in ("accuracy", "total cost per case", "leaves")] == \
        ["0.00%", "#,##0.00", "#,##0.00"]
    assert metrics["leaves"][2].number_format == "#,##0" and metrics["accuracy"][3].value == "10-fold CV"
