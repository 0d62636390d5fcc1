"""The same settings on new data (issue 36 item 3): Reload data and Replace data file keep every
setting that still applies and say, in words, which do not."""

from __future__ import annotations

import csv

import pytest

from engine.data.spec import AttributeSettings, BatchGroup, CostMatrix
from engine.problem import open_problem, replace_data


def write(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return path


ROWS = [[i % 7, (i * 3) % 5, i % 2, ["低", "中", "高"][i % 3]] for i in range(30)]


@pytest.fixture
def problem(tmp_path):
    p = open_problem(write(tmp_path / "loans.csv", ["收入", "负债", "城市", "风险"], ROWS))
    spec = p.spec
    spec.class_order = ["低", "中", "高"]
    spec.attributes["收入"] = AttributeSettings(monotone="decreasing", test_cost=5, wait_time=1)
    spec.attributes["负债"] = AttributeSettings(test_cost=2, prerequisite="城市")
    spec.attributes["城市"] = AttributeSettings(test_cost=1, type="nominal")
    spec.batch_groups = [BatchGroup("面谈", ["负债", "城市"], common_cost=1)]
    spec.misclassification_costs = CostMatrix(["低", "中", "高"], [[0, 1, 4], [1, 0, 1], [9, 1, 0]])
    return p


def test_a_corrected_file_keeps_every_setting(problem, tmp_path):
    corrected = write(tmp_path / "loans_v2.csv", ["收入", "负债", "城市", "风险"], ROWS + ROWS[:10])
    before = problem.spec.to_json()
    replaced = replace_data(problem, corrected)
    assert replaced.dropped == [] and replaced.unusable == []
    assert replaced.problem.table.n_rows == 40
    assert replaced.problem.spec.to_json() == before  # class order, directions, costs, groups, matrix
    assert replaced.problem.project.data_path == str(corrected)  # the project reads the new file from now on


def test_settings_of_a_column_gone_are_dropped_and_said(problem, tmp_path):
    fewer = write(tmp_path / "loans_v3.csv", ["收入", "负债", "风险"], [r[:2] + r[3:] for r in ROWS])
    replaced = replace_data(problem, fewer)
    spec = replaced.problem.spec
    assert "城市" not in spec.attributes and spec.attributes["负债"].prerequisite is None
    assert spec.batch_groups == []  # one member left is not a group
    assert spec.attributes["收入"].monotone == "decreasing" and spec.attributes["收入"].test_cost == 5
    assert spec.class_order == ["低", "中", "高"] and spec.misclassification_costs is not None
    assert replaced.dropped == [
        'the settings of "城市" (costs, type, direction): loans_v3.csv has no such column',
        '"负债" no longer waits for "城市": loans_v3.csv has no such column',
        'the batch group "面谈": fewer than two of its attributes are columns of loans_v3.csv']
    assert problem.spec.attributes["城市"].test_cost == 1  # the old problem is untouched (a copy)


def test_a_target_gone_becomes_the_last_column_and_a_class_gone_is_said(problem, tmp_path):
    rows = [r[:3] + [["低", "中"][i % 2]] for i, r in enumerate(ROWS)]  # no 高 any more
    renamed = write(tmp_path / "loans_v4.csv", ["收入", "负债", "城市", "等级"], rows)
    replaced = replace_data(problem, renamed)
    assert replaced.problem.spec.target == "等级" and replaced.problem.target_assumed
    assert replaced.dropped[0] == ('the target "风险" is not a column of loans_v4.csv: the last column, "等级", '
                                   "is the target now")
    assert replaced.unusable, "the class order and the cost matrix name 高, which the new target lacks"
    assert any("高" in u for u in replaced.unusable)


def test_reload_reads_the_file_again_from_disk(problem, tmp_path):
    write(tmp_path / "loans.csv", ["收入", "负债", "城市", "风险"], ROWS[:12])  # corrected in place
    replaced = replace_data(problem)
    assert replaced.problem.table.n_rows == 12 and replaced.dropped == []
    assert replaced.problem.spec.attributes["收入"].test_cost == 5
