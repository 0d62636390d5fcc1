"""Rebuild the bundled demo projects from ../shared/datasets (developer tool).

    python resources/demo/build_demos.py [DATASETS_DIR]

Writes car_evaluation.xlsx + car_evaluation.rtproj, glass.xlsx +
glass_hierarchy.csv + glass.rtproj, and heart_zh.xlsx + heart_zh.rtproj (the Cleveland
heart-disease cases with Chinese column names and values, a sheet of notes first, as
a clinician's workbook would be) next to this file. The costs are
illustrative (a buyer checking a car: price and paperwork are cheap, a safety
report is expensive and takes days), not from a source.
"""

from __future__ import annotations

import csv
import shutil
import sys
from pathlib import Path

from openpyxl import Workbook

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from engine.data.project import Project, save_project  # noqa: E402
from engine.data.spec import AttributeSettings, BatchGroup, CostMatrix, ProblemSpec  # noqa: E402


def csv_to_xlsx(src: Path, dst: Path, sheet: str, notes: list[str]) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = sheet
    with open(src, newline="", encoding="utf-8") as handle:
        for i, row in enumerate(csv.reader(handle)):
            out = []
            for cell in row:
                try:
                    out.append(int(cell) if i and cell.isdigit() else float(cell) if i else cell)
                except ValueError:
                    out.append(cell)
            ws.append(out)
    ws.freeze_panes = "A2"
    info = wb.create_sheet("About")
    for line in notes:
        info.append([line])
    wb.save(dst)


def car(datasets: Path) -> None:
    if not (HERE / "car_evaluation.xlsx").exists():  # rewriting changes timestamps inside the zip
        csv_to_xlsx(datasets / "car_evaluation.csv", HERE / "car_evaluation.xlsx", "cars",
                    ["UCI Car Evaluation (M. Bohanec, V. Rajkovic, 1988; donors M. Bohanec and B. Zupan, "
                     "1997).", "1728 cars; class unacc < acc < good < vgood.",
                     "Test costs in the project are illustrative."])
    classes = ["unacc", "acc", "good", "vgood"]
    spec = ProblemSpec(target="class", class_order=classes)
    spec.attributes = {
        "buying": AttributeSettings(type="ordinal", order=["low", "med", "high", "vhigh"],
                                    monotone="decreasing", test_cost=1),
        "maint": AttributeSettings(type="ordinal", order=["low", "med", "high", "vhigh"],
                                   monotone="decreasing", test_cost=5, wait_time=1, prerequisite="buying"),
        "doors": AttributeSettings(type="ordinal", order=["2", "3", "4", "5more"], monotone="increasing",
                                   test_cost=2),
        "persons": AttributeSettings(type="ordinal", order=["2", "4", "more"], monotone="increasing",
                                     test_cost=2),
        "lug_boot": AttributeSettings(type="ordinal", order=["small", "med", "big"], monotone="increasing",
                                      test_cost=3),
        "safety": AttributeSettings(type="ordinal", order=["low", "med", "high"], monotone="increasing",
                                    test_cost=30, wait_time=3, wait_cost=5),
    }
    spec.batch_groups = [BatchGroup("showroom visit", ["doors", "persons", "lug_boot"], common_cost=1)]
    spec.misclassification_costs = CostMatrix.absolute_difference(classes, 100)
    save_project(Project(data_path=str(HERE / "car_evaluation.xlsx"), sheet="cars", spec=spec),
                 HERE / "car_evaluation.rtproj")


def glass(datasets: Path) -> None:
    if not (HERE / "glass.xlsx").exists():
        csv_to_xlsx(datasets / "glass.csv", HERE / "glass.xlsx", "glass",
                    ["UCI Glass Identification (B. German, 1987). Type: 1 building float, 2 building "
                     "non-float,", "3 vehicle float, 4 vehicle non-float (absent), 5 containers, 6 tableware, "
                     "7 headlamps.", "Hierarchy: ALL > WG (window glass: FP 1,3; NFP 2,4) / NWG (5, 6, 7)."])
    shutil.copyfile(datasets / "glass_hierarchy.csv", HERE / "glass_hierarchy.csv")
    hierarchy = {}
    with open(HERE / "glass_hierarchy.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            hierarchy[row["label"]] = row["parent"] or None  # None: the top label
    spec = ProblemSpec(target="Type", hierarchy=hierarchy)
    save_project(Project(data_path=str(HERE / "glass.xlsx"), sheet="glass", spec=spec), HERE / "glass.rtproj")


#: Cleveland heart disease in Chinese: column -> (name, {code: label}) (codes as in the UCI documentation)
HEART = {
    "age": ("年龄", None),
    "sex": ("性别", {1: "男", 0: "女"}),
    "cp": ("胸痛类型", {1: "典型心绞痛", 2: "非典型心绞痛", 3: "非心绞痛性胸痛", 4: "无症状"}),
    "trestbps": ("静息血压", None),
    "chol": ("血清胆固醇", None),
    "fbs": ("空腹血糖高于120", {1: "是", 0: "否"}),
    "restecg": ("静息心电图", {0: "正常", 1: "ST-T波异常", 2: "左心室肥大"}),
    "thalach": ("最大心率", None),
    "exang": ("运动诱发心绞痛", {1: "是", 0: "否"}),
    "oldpeak": ("ST段压低", None),
    "slope": ("ST段斜率", {1: "上斜", 2: "平坦", 3: "下斜"}),
    "ca": ("透视血管数", None),
    "thal": ("地中海贫血", {3: "正常", 6: "固定缺损", 7: "可逆缺损"}),
    "num": ("诊断", None),
}


def heart(datasets: Path) -> None:
    target = HERE / "heart_zh.xlsx"
    if not target.exists():
        wb = Workbook()
        notes = wb.active
        notes.title = "说明"
        for line in ("克利夫兰心脏病数据 (UCI Heart Disease, Cleveland; R. Detrano 等, 1988)。",
                     "诊断: 有 = 血管狭窄超过 50%（原数据 num 1-4），无 = num 0。空白单元格为缺失值。",
                     "列名与取值由 RuleTree Studio 译为中文，供演示使用。"):
            notes.append([line])
        ws = wb.create_sheet("病例")
        ws.append([name for name, _ in HEART.values()])
        with open(datasets / "heart_disease_cleveland.csv", newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                out = []
                for column, (_, labels) in HEART.items():
                    cell = row[column].strip()
                    if cell in ("", "?"):
                        out.append(None)
                    elif column == "num":
                        out.append("有" if float(cell) > 0 else "无")
                    elif labels is not None:
                        out.append(labels[int(float(cell))])
                    else:
                        value = float(cell)
                        out.append(int(value) if value.is_integer() else value)
                ws.append(out)
        ws.freeze_panes = "A2"
        wb.save(target)
    spec = ProblemSpec(target="诊断", positive_class="有")
    save_project(Project(data_path=str(target), sheet="病例", spec=spec), HERE / "heart_zh.rtproj")


if __name__ == "__main__":
    datasets = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / "shared" / "datasets"
    car(datasets)
    glass(datasets)
    heart(datasets)
    print("demo projects written to", HERE)
