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
    with qtbot.waitSignal(panel.jobs.finished, timeout=120000):
        panel.run_button.click()
    result = panel.result
    assert result.names == ["cart", "c45", "m2", "baseline (least cost)"]  # the registry's order
    # the car demo prices its tests: the tests are on the total cost per case, against the first (CART)
    assert panel.metric.currentText() == "avg_total_cost" and panel.reference.currentText() == "cart"
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
    assert panel.boxes == result.names
    # the critical-difference diagram: every algorithm at its average rank, groups within the CD
    tests = panel.tests
    assert panel.cd_items["names"] == {n: pytest.approx(tests.rank_of(n)) for n in tests.names}
    from engine.compare.statistics import cd_groups

    assert panel.cd_items["groups"] == [[tests.names[i] for i in g] for g in
                                        cd_groups(tests.friedman.average_ranks, tests.nemenyi.critical_difference)]
    assert panel.summary.text().startswith("Friedman over 5 folds")
    path = tmp_path / "compare.xlsx"
    assert panel.export(str(path))
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Summary", "Folds", "Significance"] and len(wb["Summary"]._charts) == 1
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
    assert panel.params_area.widget() is form and panel.params_box.title().startswith("Parameters of C4.5")
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
