"""The workbook's Settings sheet in words, not JSON (issue 36 item 5): the learner's title, each
parameter's value in the workbook's language, the class order, one row per attribute setting,
batch groups, misclassification costs, the file trained on."""

from __future__ import annotations

import openpyxl
import pytest

from engine import i18n
from engine.algorithms.registry import get, resolve_params
from engine.data.spec import AttributeSettings, BatchGroup, CostMatrix
from engine.export import export_model
from engine.problem import open_problem
from engine.resources import demo_project
from engine.workflows import train_model


@pytest.fixture(scope="module")
def model():
    problem = open_problem(demo_project())
    spec = problem.spec.copy()
    spec.attributes["safety"] = AttributeSettings(type="ordinal", order=["low", "med", "high"],
                                                  monotone="increasing", test_cost=5, wait_time=2,
                                                  prerequisite="persons")
    spec.attributes["doors"] = AttributeSettings(use=False)
    spec.batch_groups = [BatchGroup("size", ["persons", "lug_boot"], common_cost=1.5)]
    classes = list(spec.class_order)
    matrix = [[0 if i == j else (10 if (i, j) == (3, 0) else 1) for j in range(4)] for i in range(4)]
    spec.misclassification_costs = CostMatrix(classes, matrix)
    info = get("cart")
    return train_model(info, problem.table, spec, resolve_params(info, {}, spec)).model


def sheet(model, tmp_path, lang):
    path = tmp_path / f"rules_{lang}.xlsx"
    with i18n.using(lang):
        export_model(model, path)
    ws = openpyxl.load_workbook(path).worksheets[3]
    return {row[0]: row[1] for row in ws.iter_rows(min_row=2, values_only=True)}


def test_the_settings_sheet_reads_in_words(model, tmp_path):
    rows = sheet(model, tmp_path, "en")
    assert rows["learner"] == get("cart").display_title
    assert rows["class order"] == "unacc < acc < good < vgood"
    assert rows["attribute safety"] == ("ordinal: low < med < high; monotone increasing; test cost 5;"
                                        " waiting time 2; asked after persons")
    assert rows["attribute doors"] == "left out"
    assert rows["batch group size"] == "persons, lug_boot; common cost 1.5"
    assert rows["cost of vgood predicted as unacc"] == "10"
    assert rows["cost of unacc predicted as acc"] == "1"
    assert "cost of unacc predicted as unacc" not in rows
    assert rows["parameter criterion"] == "gini" and rows["rows trained on"] == "1728"
    assert rows["trained on file"] == "car_evaluation.xlsx"
    assert not [k for k, v in rows.items() if "{" in str(v) or "[" in str(v)], rows  # no JSON anywhere


def test_the_settings_sheet_in_chinese(model, tmp_path):
    rows = sheet(model, tmp_path, "zh_CN")
    with i18n.using("zh_CN"):
        title = get("cart").display_title
    assert rows["学习器"] == title
    assert rows["参数 criterion"] == "基尼"
    assert "单调递增" in rows["属性 safety"] and "测试代价 5" in rows["属性 safety"]
    assert rows["目标列"] == "class" and rows["类别顺序"] == "unacc < acc < good < vgood"
