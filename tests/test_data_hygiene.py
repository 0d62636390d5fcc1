"""Data hygiene on open (issue 36 item 2): numbers written as a spreadsheet shows them, stray
texts in a number column read as missing in one step, identifiers and constants left out, and
messages that quote the offending cell — on a loan workbook built with the same awkwardness as
the one a new user met (Chinese headers, a merged title row, a blank row, "n/a" / "—" / "未提供"
in number columns, percentages as text, an ordered 低/中/高 target)."""

from __future__ import annotations

import json

import numpy as np
import openpyxl
import pytest

from engine.data import read_table
from engine.data.hygiene import CONSTANT, IDENTIFIER, NEAR_IDENTIFIER, column_flags
from engine.data.number_formats import CURRENCY, PERCENT, THOUSANDS, UNIT, parse_formatted
from engine.data.project import load_project, project_from_json, save_project
from engine.data.spec import check
from engine.errors import ProjectFileError
from engine.problem import open_problem, read_as_missing

N = 60


def loan_workbook(path, n: int = N):
    """A 申请 sheet: a merged title row, the header on row 2, a blank row after the 10th case."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "申请"
    ws["A1"] = "2026 年贷款申请（内部）"
    ws.merge_cells("A1:G1")
    ws.append(["申请号", "年收入", "负债率", "信用评分", "城市", "备注", "风险"])
    rng = np.random.default_rng(3)
    for i in range(n):
        if i == 10:
            ws.append([None] * 7)  # a blank row
        income = f"¥{int(rng.integers(3, 90)) * 1000:,}" if i % 4 else f"{int(rng.integers(3, 90))} 万"
        debt = f"{int(rng.integers(5, 80))}%"
        score = int(rng.integers(300, 850))
        cell = "—" if i == 3 else "未提供" if i in (8, 21) else "n/a" if i == 30 else score
        risk = "低" if score > 650 else "中" if score > 500 else "高"
        ws.append([20260000 + i, income, debt, cell, ["北京", "上海", "广州"][i % 3], "常规", risk])
    wb.save(path)
    return path


# ---- numbers as a spreadsheet shows them -------------------------------------------------------


@pytest.mark.parametrize("texts, values, used", [
    (["12%", "0.5%", "100 %"], [0.12, 0.005, 1.0], [PERCENT]),
    (["1,234", "567", "12,000.5", "-3,000"], [1234, 567, 12000.5, -3000], [THOUSANDS]),
    (["¥1,200", "¥ 30", "45"], [1200, 30, 45], [THOUSANDS, CURRENCY]),
    (["3.5 万", "2亿", "1200", "4千"], [35000, 2e8, 1200, 4000], [UNIT]),
    (["12元", "1,300元"], [12, 1300], [THOUSANDS, CURRENCY]),
    (["-¥5", "¥-5"], [-5, -5], [CURRENCY]),
])
def test_numbers_written_one_way_are_read(texts, values, used):
    got, formats = parse_formatted(texts)
    np.testing.assert_allclose(got, values)
    assert formats == used


@pytest.mark.parametrize("texts", [
    ["12%", "0.5"],  # a plain number beside percentages: which does it mean?
    ["¥12", "$13"],  # two currencies
    ["1,23"],  # not groups of three
    ["12", "13"],  # nothing to read (plain numbers are read before this is asked)
    ["12 apples"], ["¥12元"], ["--5"], ["1,234,5"],
])
def test_columns_that_do_not_agree_stay_text(texts):
    assert parse_formatted(texts) is None


def test_thousands_separators_are_not_read_where_the_file_writes_decimal_commas():
    assert parse_formatted(["1,234"], decimal_comma=True) is None


def test_the_awkward_workbook_reads_its_numbers(tmp_path):
    table = read_table(loan_workbook(tmp_path / "贷款.xlsx"))
    assert table.sheet == "申请" and table.header_row == 2 and table.n_rows == N
    debt = table.column("负债率")
    assert debt.type == "numeric" and 0.05 <= debt.minimum and debt.maximum < 0.8
    income = table.column("年收入")
    assert income.type == "numeric" and income.minimum >= 3000 and income.maximum <= 890000
    assert table.frame["年收入"][0] == table.frame["年收入"][0] and table.frame["年收入"][0] % 10000 == 0  # "N 万"
    assert any('"负债率"' in w and "percentages" in w for w in table.warnings)
    # "—" and "n/a" are gaps; "未提供" is a text among numbers: nominal, and said so, naming it
    score = table.column("信用评分")
    assert score.type == "nominal" and score.not_numbers == ["未提供"]
    said = [w for w in table.warnings if '"信用评分"' in w]
    assert said and '"未提供"' in said[0] and "row 11" in said[0] and "and 1 more" in said[0]


def test_the_same_numbers_from_a_csv_by_both_readers(tmp_path):
    """The CSV fast path (distinct texts) and the cell-by-cell path read the same numbers."""
    rows = ["rate,price,y"] + [f"{i % 40}%,\"¥{1000 + i:,}\",{'ab'[i % 2]}" for i in range(300)]
    path = tmp_path / "p.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    table = read_table(path)
    assert table.column("rate").type == table.column("price").type == "numeric"
    np.testing.assert_allclose(table.frame["rate"], [(i % 40) / 100 for i in range(300)])
    np.testing.assert_allclose(table.frame["price"], [1000 + i for i in range(300)])


# ---- stray texts read as missing ---------------------------------------------------------------------


def test_stray_texts_read_as_missing_make_the_column_numeric(tmp_path):
    path = loan_workbook(tmp_path / "贷款.xlsx")
    problem = open_problem(str(path), check_settings=False)
    spec = problem.spec
    spec.set_attribute("信用评分", type="numeric")
    refused = [p for p in check(spec, problem.table) if p.field == "attributes.信用评分.type"]
    # the refusal quotes the text in the way, never a number of the column
    assert refused and '"未提供"' in refused[0].message and "missing" in refused[0].message
    fixed = read_as_missing(problem, "信用评分", ["未提供"])
    score = fixed.table.column("信用评分")
    assert score.type == "numeric" and score.missing == 4  # "—", "n/a" and the two "未提供"
    assert not [p for p in fixed.problems if p.field == "attributes.信用评分.type"]
    assert not any("is numeric except" in w for w in fixed.warnings)
    assert any("read as missing" in w for w in fixed.warnings)
    # kept in the project: the file reads so again, opened from the project
    save_project(fixed.project, tmp_path / "loan.rtproj")
    again = open_problem(str(tmp_path / "loan.rtproj"), check_settings=False)
    assert again.table.column("信用评分").type == "numeric"
    assert load_project(tmp_path / "loan.rtproj").missing_values == {"信用评分": ["未提供"]}


def test_a_damaged_missing_values_setting_is_refused_naming_it():
    base = {"format": "ruletree-project", "version": 1, "data": {"path": "x.csv"}}
    for bad, field in (([1], "data.missing_values"), ({"a": "x"}, "data.missing_values.a"),
                       ({"a": [1]}, "data.missing_values.a"), ({"a": ["x" * 2000]}, "data.missing_values.a")):
        with pytest.raises(ProjectFileError) as err:
            project_from_json({**base, "data": {"path": "x.csv", "missing_values": bad}})
        assert err.value.field == field
    assert project_from_json({**base, "data": {"path": "x.csv", "missing_values": {"a": ["—"]}}}).missing_values


# ---- identifiers and constants ----------------------------------------------------------------------------


def test_identifiers_and_constants_are_flagged_measurements_are_not(tmp_path):
    rng = np.random.default_rng(0)
    n = 50
    rows = ["id,seq,code,weight,name,note,flat,grade,y"]
    for i in range(n):
        rows.append(",".join([f"A{i:03d}", str(n - i), str(20260000 + 7 * i), f"{rng.normal(70, 9):.3f}",
                              f"person{i if i != 3 else 4}", "same", "1", str(i % 5), "ab"[i % 2]]))
    path = tmp_path / "t.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    flags = {f.column: f.kind for f in column_flags(read_table(path), "y")}
    assert flags == {"id": IDENTIFIER, "seq": IDENTIFIER, "code": IDENTIFIER, "name": NEAR_IDENTIFIER,
                     "note": CONSTANT, "flat": CONSTANT}
    assert "weight" not in flags and "grade" not in flags  # unique measurements, a few whole numbers


def test_a_bare_file_leaves_them_out_and_a_project_keeps_its_settings(tmp_path):
    path = loan_workbook(tmp_path / "贷款.xlsx")
    problem = open_problem(str(path), check_settings=False)
    assert problem.spec.target == "风险" and problem.target_assumed
    assert {f.column: f.kind for f in problem.flags} == {"申请号": IDENTIFIER, "备注": CONSTANT}
    assert not problem.spec.attribute("申请号").use and not problem.spec.attribute("备注").use
    assert problem.spec.attribute("年收入").use
    said = [w for w in problem.warnings if "left out of training" in w]
    assert len(said) == 2 and '"申请号"' in said[0]
    # a project that uses the identifier keeps it in use
    obj = {"format": "ruletree-project", "version": 1, "data": {"path": str(path), "sheet": "申请"},
           "target": "风险", "attributes": {"申请号": {"use": True}}}
    (tmp_path / "p.rtproj").write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    kept = open_problem(str(tmp_path / "p.rtproj"), check_settings=False)
    assert kept.flags == [] and kept.spec.attribute("申请号").use


def test_a_tree_on_the_bare_file_does_not_split_on_the_identifier(tmp_path):
    """What a new user met: ID3 used the application number, one leaf per case."""
    from engine.algorithms.registry import get, resolve_params
    from engine.data.encode import encode

    problem = open_problem(str(loan_workbook(tmp_path / "贷款.xlsx")), check_settings=False)
    problem = read_as_missing(problem, "信用评分", problem.table.column("信用评分").not_numbers)  # the one click
    data = encode(problem.table, problem.spec)
    assert "申请号" not in data.schema.names
    info = get("id3")
    tree = info.fit(data, problem.spec, resolve_params(info, {}, problem.spec))
    assert tree.n_leaves < N / 2
