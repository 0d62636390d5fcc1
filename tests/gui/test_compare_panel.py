"""The Compare tab (pytest-qt, offscreen): three algorithms on 5 folds of the car demo, the table
beside the baseline with a significance marker, the box plot, the workbook read back."""

import openpyxl
from PySide6.QtCore import Qt
import pytest

from .test_main_window import open_demo, window  # noqa: F401 - the window fixture


def test_compare_three_algorithms_in_the_window(window, demo_dir, tmp_path, qtbot):  # noqa: F811
    open_demo(window, demo_dir, tmp_path)
    panel = window.compare_panel
    panel.tick(["c45", "cart", "m2"])
    panel.folds.setValue(5)
    # the kernels are compiled before the first test (tests/conftest.py): this waits on the folds only
    with qtbot.waitSignal(panel.jobs.finished, timeout=120000):
        panel.run_button.click()
    result = panel.result
    assert result.names == ["cart", "c45", "m2", "baseline (least cost)"]  # the registry's order
    # the car demo prices its tests: the tests are on the total cost per case, against the first (CART)
    assert panel.metric.currentData() == "avg_total_cost" and panel.reference.currentText() == "cart"
    assert panel.metric.currentText() == "total cost per case"  # the key is its tool tip
    table = panel.table
    assert table.rowCount() == 4 and table.horizontalHeaderItem(1).text() == "total cost per case"
    cells = {table.item(i, 0).text(): table.item(i, 1).text() for i in range(4)}
    assert cells["c45"].startswith(f"{result['c45'].evaluation.summary()['avg_total_cost']['mean']:,.2f} ± ")
    panel.reference.setCurrentText("c45")
    rows = {table.item(i, 0).text(): i for i in range(4)}
    assert table.item(rows["c45"], table.columnCount() - 3).text() == "reference"
    # accuracy against C4.5: M2's single leaf and the baseline are significantly worse
    panel.metric.setCurrentText("accuracy")
    cells = {table.item(i, 0).text(): table.item(i, 1).text() for i in range(4)}
    assert cells["m2"].endswith("▼") and cells["baseline (least cost)"].endswith("▼")
    # the best mean of each quality metric in bold: the highest accuracy, the lowest cost and MAE
    means = {m: {e.name: e.evaluation.summary()[m]["mean"] for e in result.entries}
             for m in ("accuracy", "avg_total_cost", "mae")}
    def bests(values, pick):  # every entry at the best value (M2's one leaf ties with the baseline)
        return [name for name, v in values.items() if v == pick(values.values())]

    assert panel.bold == {"accuracy": bests(means["accuracy"], max), "avg_total_cost": bests(means["avg_total_cost"], min),
                          "mae": bests(means["mae"], min)}
    column = [table.horizontalHeaderItem(j).text() for j in range(table.columnCount())].index("total cost per case")
    assert [table.item(i, 0).text() for i in range(4) if table.item(i, column).font().bold()] == \
        panel.bold["avg_total_cost"]
    assert panel.boxes == result.names
    # the critical-difference diagram: every algorithm at its average rank, groups within the CD
    tests = panel.tests
    assert panel.cd_items["names"] == {n: pytest.approx(tests.rank_of(n)) for n in tests.names}
    from engine.compare.statistics import cd_groups

    assert panel.cd_items["groups"] == [[tests.names[i] for i in g] for g in
                                        cd_groups(tests.friedman.average_ranks, tests.nemenyi.critical_difference)]
    assert panel.summary.text().startswith("Friedman over 5 folds")
    # the Columns menu: every metric of the comparison; unticking one takes its column out, ticking adds one
    assert list(panel.column_actions) == result.metrics()
    headers = lambda: [table.horizontalHeaderItem(j).text() for j in range(table.columnCount())]  # noqa: E731
    assert "leaves" in headers() and "prediction time (s)" not in headers()
    panel.column_actions["leaves"].setChecked(False)
    panel.column_actions["predict_seconds"].setChecked(True)
    assert "leaves" not in headers() and "prediction time (s)" in headers()
    path = tmp_path / "compare.xlsx"
    assert panel.export(str(path))
    wb = openpyxl.load_workbook(path)
    # no learning curve and nothing pending: no sheets for them; the fold scores and the CD diagram as PNG
    assert wb.sheetnames == ["Summary", "Folds", "Significance", "Plots"] and len(wb["Summary"]._charts) == 1
    assert [c.value for c in wb["Plots"]["A"] if c.value] == ["Fold scores", "Critical difference"]
    for ws in wb.worksheets:
        assert all(c.data_type != "f" for row in ws.iter_rows() for c in row)


def test_compare_needs_data_and_a_tick(window, qtbot):  # noqa: F811
    panel = window.compare_panel
    panel.tick([])
    panel.run()
    assert panel.status.text() == "Tick at least one algorithm."
    panel.tick(["c45"])
    panel.run()
    assert panel.status.text().startswith("Cannot compare: no data file is open")
    assert not panel.jobs.busy


def test_parameters_per_algorithm(window, demo_dir, tmp_path, qtbot):  # noqa: F811
    """Clicking an algorithm shows its parameters; what differs from the defaults goes into its
    entry, named after it, and changes its tree."""
    open_demo(window, demo_dir, tmp_path)
    panel = window.compare_panel
    row = next(i for i in range(panel.algorithms.count()) if panel.algorithms.item(i).data(Qt.UserRole) == "c45")
    panel.algorithms.setCurrentRow(row)
    form = panel.forms["c45"]
    assert panel.params_area.widget() is panel.pages["c45"] and form.parent() is panel.pages["c45"]
    assert panel.params_box.title().startswith("Parameters of C4.5")
    assert panel.entry_params("c45") == {}
    form.editors["min_cases"].setValue(40)
    assert panel.entry_params("c45") == {"min_cases": 40}
    panel.tick(["c45", "cart"])
    panel.folds.setValue(3)
    with qtbot.waitSignal(panel.jobs.finished, timeout=120000):
        panel.run_button.click()
    result = panel.result
    assert result.names[:2] == ["cart", "c45 (min_cases=40)"]
    small = result["c45 (min_cases=40)"].evaluation.summary()["leaves"]["mean"]
    from engine.algorithms.registry import get
    from engine.data.encode import encode
    from engine.workflows import evaluate_algorithm

    default = evaluate_algorithm(get("c45"), encode(window.table, window.spec), window.spec, {}, cv=3)
    assert small < default.summary()["leaves"]["mean"]


def test_copies_sweeps_curves_and_plots_in_the_workbook(window, demo_dir, tmp_path, qtbot):  # noqa: F811
    """CART twice (the copy shallower), the trichotomy swept over its trim, a learning curve: the
    entries, the learning-curve and error / pending plots drawn from the engine's figures, and the
    workbook with their sheets, charts and the four plots as PNG images."""
    from engine.compare.curves import error_pending_points

    open_demo(window, demo_dir, tmp_path, "glass")
    problem = window.problem_panel
    problem.positive.setCurrentIndex(problem.positive.findData(problem.classes.item(0).text()))
    panel = window.compare_panel
    panel.tick(["cart", "trichotomy"])
    rows = {panel.algorithms.item(i).data(Qt.UserRole): i for i in range(panel.algorithms.count())}
    panel.algorithms.setCurrentRow(rows["cart"])
    copy = panel.add_copy()
    assert panel.algorithms.row(copy) == rows["cart"] + 1 and copy.checkState() == Qt.Checked
    key = copy.data(Qt.UserRole + 1)
    assert panel.params_area.widget() is panel.pages[key] and panel.forms[key] is not panel.forms.get("cart")
    panel.forms[key].editors["max_depth"].setText("2")
    panel.algorithms.setCurrentRow(rows["trichotomy"] + 1)  # one row lower now: the copy came in above
    sweep = panel.sweeps["trichotomy"]
    sweep.param.setCurrentText("trim")
    sweep.values.setText("0, 0.05, 0.2")
    panel.curve_check.setChecked(True)
    panel.curve_sizes.setText("30, 60, 100")
    panel.folds.setValue(3)
    with qtbot.waitSignal(panel.jobs.finished, timeout=120000):
        panel.run_button.click()
    result = panel.result
    assert result.names == ["cart", "cart (max_depth=2)", "trichotomy (trim=0)", "trichotomy (trim=0.05)",
                            "trichotomy (trim=0.2)", "baseline (majority)"]
    assert result["cart (max_depth=2)"].evaluation.summary()["depth"]["mean"] <= 2 \
        < result["cart"].evaluation.summary()["depth"]["mean"]
    assert result.scheme.train_sizes == (0.3, 0.6, 1.0)
    # the learning curve: the engine's mean rows and means, per entry, on the tested metric
    metric = panel.metric.currentData()
    rows_drawn, means = panel.curve_items["cart"]
    assert rows_drawn == pytest.approx(result.curve.mean_rows().tolist())
    assert means == pytest.approx(result.curve.summary("cart", metric)[0].tolist())
    assert rows_drawn[0] < rows_drawn[1] < rows_drawn[2] == pytest.approx(result.n_train.mean())
    # the error / pending curve: the trichotomy's three trims on one line, CART as dots at pending 0
    expected = error_pending_points(result)
    assert panel.pending_items["trichotomy"] == [(p.pending_rate, p.misclassification_rate)
                                                  for p in expected["trichotomy"]]
    assert [x for x, _ in panel.pending_items["cart"]] == [0.0, 0.0]
    path = tmp_path / "curves.xlsx"
    assert panel.export(str(path))
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Summary", "Folds", "Significance", "Learning curve", "Error-pending", "Plots"]
    assert len(wb["Learning curve"]._charts) == 1 and len(wb["Error-pending"]._charts) == 1
    assert [c.value for c in wb["Plots"]["A"] if c.value] == ["Fold scores", "Critical difference", "Learning curve",
                                                              "Error / pending"]
    images = wb["Plots"]._images
    assert len(images) == 4 and all(img._data()[:8] == b"\x89PNG\r\n\x1a\n" and img.width >= 900 for img in images)
    for ws in wb.worksheets:
        assert all(c.data_type != "f" for row in ws.iter_rows() for c in row)


def test_a_sweep_without_values_and_bad_sizes_are_refused_in_words(window, demo_dir, tmp_path, qtbot):  # noqa: F811
    open_demo(window, demo_dir, tmp_path)
    panel = window.compare_panel
    panel.tick(["c45"])
    rows = {panel.algorithms.item(i).data(Qt.UserRole): i for i in range(panel.algorithms.count())}
    panel.algorithms.setCurrentRow(rows["c45"])
    panel.sweeps["c45"].param.setCurrentText("min_cases")
    panel.run()
    assert panel.status.text() == "Cannot compare: c45: give the values to try min_cases at"
    panel.sweeps["c45"].values.setText("2, x")
    panel.run()
    assert panel.status.text() == 'Cannot compare: c45: "x" is not a value of min_cases'
    panel.sweeps["c45"].param.setCurrentText("(no sweep)")
    panel.curve_check.setChecked(True)
    panel.curve_sizes.setText("50, 150")
    panel.run()
    assert panel.status.text() == "Cannot compare: learning curve: 150 % is not between 0 and 100"
    assert not panel.jobs.busy
