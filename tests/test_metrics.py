"""engine.metrics: one catalogue of what each metric is (issue 35), read by every table.

Checked here: nothing outside the catalogue names a metric's kind, direction or title (the old
tables are gone and stay gone); every metric any learner reports on any kind of problem is in
the catalogue, listed in its order; the kinds read as they should in the window / the command
line and in a workbook; `inverted_pairs` is a share in the JSON, the workbook and the text;
which way is better is the catalogue's in the significance tests; p-values read "< 0.001"."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import numpy as np
import openpyxl
import pytest

from engine import i18n
from engine.compare import Entry, Scheme, applicable_algorithms, compare
from engine.compare.significance import P_FORMAT, p_text, p_value_text, significance
from engine.data import read_table
from engine.data.encode import encode
from engine.data.project import load_project
from engine.data.spec import ProblemSpec
from engine.metrics import (COST, COUNT, FAMILIES, KINDS, METRICS, SCORE, SECONDS, SHARE, STEPS, headline, known,
                            metric, ordered, sort_key)

ROOT = Path(__file__).resolve().parents[1]

#: what the catalogue replaced (issue 35): none may come back outside engine/metrics.py
OLD_NAMES = ("LOWER_IS_BETTER", "_METRIC_FORMATS", "_METRIC_COUNTS", "_METRIC_TITLES", "METRIC_LABELS",
             "SHARES = (", "COUNTS = (", "_ORDER = [", "DEFAULT_COLUMNS", "_metric_order", "def higher_is_better",
             "def metric_title", "def metric_format", "def metric_label", "def metric_text", '.startswith("avg_")',
             '.endswith("_cost")', '.endswith("_seconds")', '.startswith("accuracy_level_")',
             '"fit_seconds", "predict_seconds"')
#: literals equal to a metric's title that are not the metric: (file, text) and why
NOT_THE_METRIC = {("engine/export.py", "label precision")}  # the Rules sheet's column: each rule label's own


def _sources():
    for folder in ("engine", "app"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where != "engine/metrics.py":
                yield where, path.read_text(encoding="utf-8")


def test_no_old_metric_table_outside_the_catalogue():
    found = [f"{where}: {name}" for where, text in _sources() for name in OLD_NAMES if name in text]
    assert found == []


def test_no_metric_title_written_outside_the_catalogue():
    """A title in words ("total cost per case", "of which errors") is written once; the papers'
    reproductions (engine/reproduce) print the papers' own tables and are left out."""
    titles = {m.title for m in [*METRICS.values(), *FAMILIES.values()] if m.title != m.key}
    titles |= {m.part_title for m in METRICS.values() if m.part_title}
    found = []
    for where, text in _sources():
        if where.startswith("engine/reproduce/"):
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip() in titles \
                    and (where, node.value.strip()) not in NOT_THE_METRIC:
                found.append(f"{where}:{node.lineno}: {node.value!r}")
    assert found == []


# ---- every metric a learner can report --------------------------------------------------------


def _car(demo_dir, *, costs: bool, tests: bool, positive: str | None = None):
    """The car demo (ordered classes, monotone attributes, a cost matrix, priced tests), every
    fourth row, with or without its costs."""
    project = load_project(demo_dir / "car_evaluation.rtproj")
    spec = project.spec.copy()
    if not costs:
        spec.misclassification_costs = None
    if not tests:
        spec.batch_groups = []
        for settings in spec.attributes.values():
            settings.test_cost = settings.wait_time = settings.wait_cost = 0
    spec.positive_class = positive
    data = encode(read_table(project.data_path, project.sheet), spec)
    return data.subset(np.arange(0, data.n, 4)), spec


def _problems(demo_dir, datasets):
    iris = ProblemSpec(target="class", positive_class="Iris-setosa")  # the trichotomy's one-against-the-rest
    glass = load_project(demo_dir / "glass.rtproj")
    return {
        "plain": (encode(read_table(datasets / "iris.csv"), iris), iris, []),
        "ordered, monotone": (*_car(demo_dir, costs=False, tests=False, positive="unacc"), []),
        "cost matrix": (*_car(demo_dir, costs=True, tests=False), []),
        "priced tests": (*_car(demo_dir, costs=True, tests=True, positive="acc"), []),
        "hierarchy": (encode(read_table(glass.data_path, glass.sheet), glass.spec), glass.spec,
                      [Entry("cart", {"hierarchy_labels": True}, "cart (hierarchy labels)")]),
    }


@pytest.fixture(scope="module")
def reported(request):
    """problem -> {entry: its summary's keys, in order}: every applicable learner and the
    baseline, on two folds of each kind of problem."""
    demo_dir, datasets = ROOT / "resources" / "demo", ROOT / "tests" / "data" / "datasets"
    out = {}
    for problem, (data, spec, extra) in _problems(demo_dir, datasets).items():
        names, _skipped = applicable_algorithms(data, spec)
        result = compare(data, spec, [Entry(n) for n in names] + extra, Scheme(cv=2), jobs=1)
        out[problem] = {e.name: list(e.evaluation.summary()) for e in result.entries}
    return out


def test_every_reported_metric_is_in_the_catalogue(reported):
    keys = {k for entries in reported.values() for summary in entries.values() for k in summary}
    assert sorted(k for k in keys if not known(k)) == []
    # every kind of problem was met: the metrics only it reports are there
    assert {"mae", "nonmonotone_pairs", "nmi", "inverted_pairs"} <= set(reported["ordered, monotone"]["c45"])
    assert "avg_misclassification_cost" in reported["cost matrix"]["c45"]
    assert {"avg_total_cost", "avg_test_cost", "avg_waiting_cost"} <= set(reported["priced tests"]["mincost"])
    assert {"hierarchical_accuracy", "label_precision", "accuracy_level_1", "accuracy_level_4"} <= \
        set(reported["hierarchy"]["cart (hierarchy labels)"])
    assert {"pending_rate", "misclassification_rate", "attributes_used"} <= set(reported["plain"]["trichotomy"])
    # and what the strategies play, the saving of batch groups included
    from engine.strategies import StrategyCosts

    empty = np.zeros(0)
    assert all(known(k) for k in StrategyCosts("batch", empty, empty, empty, empty, empty).metrics())


def test_every_summary_lists_its_metrics_in_the_catalogue_order(reported):
    for problem, entries in reported.items():
        for name, keys in entries.items():
            assert keys == ordered(keys), (problem, name)
    keys = reported["hierarchy"]["cart (hierarchy labels)"]
    assert keys[:7] == ["accuracy", "hierarchical_accuracy", "label_precision", "accuracy_level_1",
                        "accuracy_level_2", "accuracy_level_3", "accuracy_level_4"]
    keys = reported["priced tests"]["mincost"]
    start = keys.index("avg_total_cost")  # the total, then its parts
    assert keys[start:start + 4] == ["avg_total_cost", "avg_test_cost", "avg_waiting_cost",
                                     "avg_misclassification_cost"] and keys[-1] == "inverted_pairs"


def test_the_listing_order():
    assert list(METRICS)[:3] == ["accuracy", "hierarchical_accuracy", "label_precision"]
    # a family's members by number (not as text: 10 after 9), unknown keys last, by name
    assert ordered(["zz", "accuracy_level_10", "mae", "accuracy_level_9", "aa", "accuracy"]) == \
        ["accuracy", "accuracy_level_9", "accuracy_level_10", "mae", "aa", "zz"]
    assert sort_key("leaves") < sort_key("depth") < sort_key("avg_total_cost") < sort_key("inverted_pairs")
    assert metric("accuracy_level_x").order == metric("nothing").order  # not a member: unknown


# ---- how each kind reads -------------------------------------------------------------------------


def test_each_kind_reads_in_its_own_way():
    assert {m.kind for m in METRICS.values()} <= set(KINDS)
    assert metric("accuracy").kind == SHARE and metric("accuracy").text(0.93125, 0.0123) == "93.1 ± 1.2 %"
    assert metric("leaves").kind == COUNT and metric("leaves").text(54.0) == "54"
    assert metric("leaves").text(54.94, 2.04) == "54.9 ± 2.0"
    assert metric("avg_total_cost").kind == COST and metric("avg_total_cost").text(1234.567, 12.3) == "1,234.57 ± 12.30"
    assert metric("fit_seconds").kind == SECONDS and metric("fit_seconds").text(0.01234) == "0.012"
    assert metric("mae").kind == STEPS and metric("mae").text(0.08123, 0.01) == "0.081 ± 0.010"
    assert metric("nmi").kind == SCORE and metric("nmi").text(0.25) == "0.250"
    assert metric("accuracy_level_2").text(0.5) == "50.0 %"
    assert metric("accuracy").text(None) == metric("accuracy").text(float("nan")) == ""
    # in a workbook: the number stays, the format says how it reads
    assert [metric(k).excel_format(0.5) for k in ("accuracy", "avg_test_cost", "predict_seconds", "mae", "nmi")] \
        == ["0.00%", "#,##0.00", "0.000", "0.000", "0.000"]
    assert metric("attributes_used").excel_format(3.0) == "#,##0"
    assert metric("attributes_used").excel_format(2.5) == "#,##0.00"
    assert metric("from_a_newer_version").text(0.5) == "0.500"


def test_titles_in_words_and_in_context():
    assert metric("avg_total_cost").title_text() == "total cost per case"
    assert metric("accuracy_level_3").title_text() == "accuracy at level 3"
    # under a total cost, a part of it; alone (a cost matrix, no priced tests), a cost of its own
    cost = metric("avg_misclassification_cost")
    assert cost.title_text(among=["accuracy", "avg_total_cost"]) == "of which errors"
    assert cost.title_text(among=["accuracy", "avg_misclassification_cost"]) == "misclassification cost per case"
    assert cost.title_text() == "misclassification cost per case"
    assert not metric("avg_total_cost").is_part(["avg_total_cost"])
    assert metric("from_a_newer_version").title_text() == "from_a_newer_version"
    with i18n.using("zh_CN"):
        assert cost.title_text(among=["avg_total_cost"]) == "其中误分类代价"
        assert metric("avg_total_cost").title_text() == "每个样本的总代价"
        assert metric("inverted_pairs").name_text() == "回答颠倒的样本对"
        for m in METRICS.values():  # every title translated
            assert m.title_text() != m.title, m.key
    assert metric("inverted_pairs").name_text() == "inverted_pairs"  # the command line in English: the key


def test_direction_quality_and_headline():
    lower = {k for k, m in METRICS.items() if m.lower_is_better}
    assert {"mae", "nmi", "inverted_pairs", "nonmonotone_pairs", "avg_total_cost", "pending_rate",
            "misclassification_rate", "leaves", "fit_seconds", "attributes_used"} <= lower
    assert not {"accuracy", "hierarchical_accuracy", "label_precision", "avg_common_cost_saved"} & lower
    assert not metric("accuracy_level_2").lower_is_better
    assert {k for k, m in METRICS.items() if not m.quality} == {"leaves", "single_case_leaves", "depth",
                                                                "fit_seconds", "predict_seconds"}
    assert metric("mae").best([0.3, 0.1, 0.2]) == 0.1 and metric("accuracy").best([0.3, 0.9, 0.2]) == 0.9
    assert headline({"accuracy": 0.9, "mae": 0.1}).key == "accuracy"
    assert headline({"accuracy": 0.9, "avg_misclassification_cost": 3.0}).key == "avg_misclassification_cost"
    assert headline({"avg_misclassification_cost": 3.0, "avg_total_cost": 9.0, "accuracy": 0.9}).key == \
        "avg_total_cost"
    from engine.workflows import headline_metric

    assert headline_metric({"avg_total_cost": 9.0}) == ("avg_total_cost", True)


# ---- inverted_pairs: one share everywhere ------------------------------------------------------


@pytest.fixture(scope="module")
def monotone_run():
    from engine.algorithms.registry import get
    from engine.workflows import evaluate_algorithm

    data, spec = _car(ROOT / "resources" / "demo", costs=False, tests=False)
    return evaluate_algorithm(get("c45"), data, spec, {}, cv=2)


def test_inverted_pairs_is_a_share_in_the_json_the_workbook_and_the_text(monotone_run, tmp_path):
    from engine.export import workbook_bytes
    from engine.monotone import inverted_share
    from engine.tree.model import Leaf, Tree
    from samples import HAND_SCHEMA

    summary = monotone_run.summary()
    share = summary["inverted_pairs"]
    assert 0 <= share["mean"] <= 1  # the JSON: inverted_share's share of the comparable pairs
    assert metric("inverted_pairs").kind == SHARE
    assert metric("inverted_pairs").text(0.0125, 0.005) == "1.2 ± 0.5 %"
    tree = Tree(HAND_SCHEMA)
    tree.add(Leaf(counts=[3, 1], label=0))
    path = tmp_path / "m.xlsx"
    path.write_bytes(workbook_bytes(tree, metrics={"inverted_pairs": {"mean": 0.0125, "std": 0.005},
                                                   "leaves": {"mean": 4.0, "std": 0.0}}))
    rows = {r[0].value: r for r in openpyxl.load_workbook(path)["Metrics"].iter_rows(min_row=2)}
    cell = rows["inverted pairs of answers"][1]
    assert cell.value == 0.0125 and cell.number_format == "0.00%"  # a count's "#,##0" showed 0
    assert rows["leaves"][1].number_format == "#,##0"
    assert inverted_share(tree, np.zeros((0, 3)), np.zeros(0, dtype=int)) == 0.0  # no pairs: a share of none


def test_the_metrics_sheet_lists_in_the_catalogue_order_with_titles(tmp_path):
    from engine.export import workbook_bytes
    from engine.tree.model import Leaf, Tree
    from samples import HAND_SCHEMA

    tree = Tree(HAND_SCHEMA)
    tree.add(Leaf(counts=[3, 1], label=0))
    path = tmp_path / "m.xlsx"
    given = {"leaves": 1.0, "avg_test_cost": 2.5, "accuracy": 0.75, "avg_total_cost": 9.0, "mae": 0.1}
    path.write_bytes(workbook_bytes(tree, metrics=given))
    rows = list(openpyxl.load_workbook(path)["Metrics"].iter_rows(min_row=2, values_only=True))
    assert [r[0] for r in rows] == ["accuracy", "mean absolute error (class steps)", "leaves", "total cost per case",
                                    "test cost per case"]
    with i18n.using("zh_CN"):
        path.write_bytes(workbook_bytes(tree, metrics=given))
    rows = list(openpyxl.load_workbook(path)["指标"].iter_rows(min_row=2, values_only=True))
    assert rows[0][0] == "准确率" and rows[3][0] == "每个样本的总代价"


def test_the_command_line_reads_the_catalogue(demo_dir, tmp_path, capsys):
    from engine import cli

    project = str(demo_dir / "car_evaluation.rtproj")
    args = ["evaluate", "--project", project, "--algorithm", "id3", "--cv", "2"]
    assert cli.main(args + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert 0 <= out["metrics"]["inverted_pairs"]["mean"] <= 1 and "accuracy" in out["metrics"]
    assert cli.main(args) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[1:]}
    mean, std = out["metrics"]["inverted_pairs"]["mean"], out["metrics"]["inverted_pairs"]["std"]
    assert lines["inverted_pairs"].endswith(metric("inverted_pairs").text(mean, std))
    assert lines["accuracy"].rstrip().endswith("%") and lines["leaves"].split()[1] == \
        metric("leaves").text(out["metrics"]["leaves"]["mean"], out["metrics"]["leaves"]["std"]).split()[0]


# ---- significance: the catalogue's direction, p-values as a person reads them ---------------------


def test_p_values_as_a_person_reads_them():
    assert p_value_text(0.0) == p_value_text(1e-12) == p_value_text(0.000999) == "< 0.001"
    assert p_value_text(0.001) == "0.001" and p_value_text(0.04237) == "0.042" and p_value_text(None) == "-"
    assert p_text(0.0) == "p < 0.001" and p_text(0.5) == "p = 0.500"


def test_significance_reads_the_direction_from_the_catalogue(tmp_path):
    from engine.compare.workbook import write_comparison

    datasets = ROOT / "tests" / "data" / "datasets"
    spec = ProblemSpec(target="class")
    data = encode(read_table(datasets / "iris.csv"), spec)
    result = compare(data, spec, [Entry("cart"), Entry("cart", {"max_depth": 1}, "stump")], Scheme(cv=5), jobs=1)
    tests = significance(result, "leaves")
    assert tests.higher_better is False and tests.for_entry("cart")["higher_is_better"] is False
    # the stump has fewer leaves: better on a lower-is-better metric (the baseline, one leaf, too)
    assert tests.better_than_reference("stump") is True
    tests = significance(result, "accuracy")
    assert tests.higher_better is True and tests.better_than_reference("stump") is False
    # the workbook: a p-value cell keeps its number, and reads "< 0.001" below that
    write_comparison(tmp_path / "c.xlsx", result, tests)
    sig = openpyxl.load_workbook(tmp_path / "c.xlsx")["Significance"]
    stump = next(r for r in sig.iter_rows(min_row=2) if r[0].value == "stump")
    assert stump[3].value == pytest.approx(tests.pairs["stump"]["corrected_t"].p_value)
    assert stump[3].number_format == stump[4].number_format == P_FORMAT
    summary = openpyxl.load_workbook(tmp_path / "c.xlsx")["Summary"]
    header = [c.value for c in summary[1]]
    assert "mean absolute error (class steps) mean" not in header  # iris has no class order
    assert header[1:5] == ["accuracy mean", "accuracy std", "leaves mean", "leaves std"]
    assert summary.cell(row=2, column=4).number_format in ("#,##0", "#,##0.00")
