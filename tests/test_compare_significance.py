"""The significance tests of a comparison (engine/compare/significance.py) against the statistics
computed by hand from its fold scores, and in `ruletree compare`'s text and JSON."""

import json
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from engine.compare import Entry, Scheme, compare
from engine.compare.significance import significance
from engine.compare.statistics import corrected_resampled_t
from engine.data import read_table
from engine.data.encode import encode
from engine.data.spec import ProblemSpec
from engine.errors import OptionError

CAR = Path(__file__).resolve().parent / "data" / "datasets" / "car_evaluation.csv"


@pytest.fixture(scope="module")
def result():
    spec = ProblemSpec(target="class")
    data = encode(read_table(CAR), spec)
    return compare(data, spec, [Entry("c45"), Entry("cart"), Entry("id3", {"max_depth": 2})], Scheme(cv=5), jobs=1,
                   executor="threads")


def test_tests_follow_from_the_fold_scores(result):
    tests = significance(result)
    assert tests.metric == "accuracy" and tests.higher_better and tests.reference == "c45"
    scores = result.fold_scores("accuracy")
    assert tests.names == result.names  # every entry reports accuracy on every fold, baseline included
    ratio = float(np.mean(result.n_test / result.n_train))
    assert ratio == pytest.approx(1 / 4, rel=0.01)  # 5 folds
    for name in tests.names[1:]:
        t = tests.pairs[name]["corrected_t"]
        d = scores[name] - scores["c45"]
        want = d.mean() / np.sqrt((1 / 5 + ratio) * d.var(ddof=1))
        assert t.statistic == pytest.approx(want) and t.df == 4
        assert tests.pairs[name]["wilcoxon"].n == np.count_nonzero(d)
    # Friedman's average ranks are the ranks within each fold, averaged; scipy's chi2 without ties
    matrix = np.column_stack([scores[n] for n in tests.names])
    ranks = stats.rankdata(-matrix, axis=1).mean(axis=0)
    np.testing.assert_allclose(tests.friedman.average_ranks, ranks)
    assert tests.nemenyi.p_values.shape == (4, 4)
    # a depth-2 ID3 and the baseline are significantly worse than C4.5 here; CART is not worse
    assert tests.better_than_reference("id3 (max_depth=2)") is False
    assert tests.better_than_reference("baseline (majority)") is False
    assert tests.better_than_reference("cart") is not False


def test_another_metric_and_reference(result):
    tests = significance(result, "leaves", "cart")
    assert tests.metric == "leaves" and not tests.higher_better and tests.reference == "cart"
    assert "cart" not in tests.pairs and set(tests.pairs) == {"c45", "id3 (max_depth=2)", "baseline (majority)"}
    # fewer leaves is better: the baseline's single leaf ranks first
    assert tests.better_than_reference("baseline (majority)") is True
    assert tests.rank_of("baseline (majority)") == 1.0
    with pytest.raises(OptionError, match="not one of the entries"):
        significance(result, "accuracy", "nope")


def test_cli_prints_and_returns_the_tests(capsys):
    from engine.cli import main

    assert main(["compare", str(CAR), "--target", "class", "--algorithms", "c45,cart", "--cv", "5", "--jobs", "1",
                 "--executor", "threads"]) == 0
    out = capsys.readouterr().out
    assert "significance on accuracy (higher is better), against c45; alpha 0.05:" in out
    assert "Friedman over 5 folds: chi2 = " in out and "note: the folds of one data set are not independent" in out
    assert main(["compare", str(CAR), "--target", "class", "--algorithms", "c45,cart", "--cv", "5", "--jobs", "1",
                 "--executor", "threads", "--json", "--reference", "cart", "--metric", "leaves"]) == 0
    objects = json.loads(capsys.readouterr().out)
    assert [o["name"] for o in objects] == ["c45", "cart", "baseline (majority)"]
    sig = objects[0]["significance"]
    assert sig["metric"] == "leaves" and sig["reference"] == "cart" and sig["higher_is_better"] is False
    assert sig["against_reference"]["corrected_t"]["test"].startswith("corrected resampled t-test")
    assert objects[1]["significance"].get("against_reference") is None and "average_rank" in objects[1]["significance"]
    assert sig["friedman"]["blocks"] == 5 and len(sig["nemenyi"]["p_values"]) == 3
    assert main(["compare", str(CAR), "--target", "class", "--algorithms", "c45,cart", "--cv", "5",
                 "--metric", "nope"]) == 2
    capsys.readouterr()


def test_cli_writes_the_workbook(tmp_path, capsys):
    import openpyxl

    from engine.cli import main

    path = tmp_path / "out.xlsx"
    assert main(["compare", str(CAR), "--target", "class", "--algorithms", "c45,cart", "--cv", "3", "--jobs", "1",
                 "--executor", "threads", "--xlsx", str(path), "--metric", "leaves"]) == 0
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["Summary", "Folds", "Significance"]
    assert [c.value for c in book["Significance"][1]][1] == "leaves mean"


def test_workbook_with_native_charts_and_no_formulas(result, tmp_path):
    import openpyxl

    from engine.compare.workbook import write_comparison

    tests = significance(result)
    path = tmp_path / "cmp.xlsx"
    write_comparison(path, result, tests)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Summary", "Folds", "Significance"]
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.data_type != "f"
                if cell.data_type == "n" and cell.value is not None and cell.row > 1:
                    assert cell.number_format != "General", (ws.title, cell.coordinate)
    assert len(wb["Summary"]._charts) == 1 and len(wb["Folds"]._charts) == 1
    summary = {r[0].value: r for r in wb["Summary"].iter_rows(min_row=2)}
    header = [c.value for c in wb["Summary"][1]]
    col = header.index("accuracy mean")
    assert summary["cart"][col].value == pytest.approx(result["cart"].evaluation.summary()["accuracy"]["mean"])
    assert summary["cart"][col].number_format == "0.00%"
    folds = list(wb["Folds"].iter_rows(min_row=2, max_col=4, values_only=True))
    assert len(folds) == 4 * 5 and folds[0][:2] == ("c45", 1)
    sig = {r[0].value: [c.value for c in r] for r in wb["Significance"].iter_rows(min_row=2) if r[0].value}
    assert sig["c45"][7] == "reference" and sig["baseline (majority)"][7] == "worse"
    assert sig["cart"][3] == pytest.approx(tests.pairs["cart"]["corrected_t"].p_value)
