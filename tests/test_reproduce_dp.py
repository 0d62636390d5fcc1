"""Seed 001's experiment runner (`ruletree reproduce dp`) on tiny settings."""

import numpy as np
import pandas as pd
import pytest

from engine import cli
from engine.algorithms.id3 import discretised_codes
from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.reproduce import dp as D
from engine.tree.predict import predict

QUIET = D.Progress(quiet=True)


def one_attribute(x, y) -> EncodedData:
    schema = DataSchema("class", ["a", "b"], False, [AttributeSchema("x", "numeric")])
    x = np.asarray(x, dtype=float)
    return EncodedData(x[:, None], np.asarray(y, dtype=np.int64), np.ones(len(x)), schema, np.arange(len(x)))


def test_fold_cuts_come_from_the_training_fold_only():
    train = one_attribute(np.arange(20), np.arange(20) >= 10)  # MDL: one cut at 9.5
    X_test = np.array([[9.6], [9.7], [9.8], [9.9], [np.nan], [25.0]])
    y_test = np.zeros(6, np.int64)
    cut_train, cut_test = D.discretise_fold(train, X_test)
    attr = cut_train.schema.attributes[0]
    assert attr.kind == "nominal" and attr.categories == ["(-inf, 9.5]", "(9.5, inf)"]
    assert list(cut_train.X[:, 0]) == [0] * 10 + [1] * 10
    # cut with the training cut 9.5: 9.6..9.9 fall above it; missing stays missing
    assert list(cut_test[:4, 0]) == [1, 1, 1, 1] and np.isnan(cut_test[4, 0]) and cut_test[5, 0] == 1
    # the guard: had the test cases been in the cuts, the cut would have moved above 9.9
    both = one_attribute(np.r_[np.arange(20), X_test[[0, 1, 2, 3, 5], 0]],
                         np.r_[np.arange(20) >= 10, y_test[[0, 1, 2, 3, 5]]])
    _, leaked, _ = discretised_codes(both)
    assert leaked[0] != [9.5] and np.searchsorted(leaked[0], 9.7, side="left") == 0


def test_rough_set_learners_see_the_same_intervals_as_c45(datasets):
    data, _ = D.load("iris", datasets)
    fold = np.arange(data.n) % 10
    train, X_test = data.subset(np.flatnonzero(fold != 3)), data.X[fold == 3]
    cut_train, cut_test = D.discretise_fold(train, X_test)
    assert all(a.kind == "nominal" for a in cut_train.schema.attributes)
    for name in ("dp", "rs"):  # cutting inside fit == fitting on the fold's intervals
        info = get(name)
        raw = info.fit(train, None, resolve_params(info, {}))
        cut = info.fit(cut_train, None, resolve_params(info, {}))
        assert raw.n_leaves == cut.n_leaves
        assert np.array_equal(predict(raw, X_test, info.missing).labels, predict(cut, cut_test, info.missing).labels)


def test_rows_with_a_missing_value_are_deleted_and_counted(tmp_path, monkeypatch):
    (tmp_path / "gaps.csv").write_text("a,b,kind,cls\n1,2,x,p\n,3,y,q\n2,,x,p\n3,4,,q\n4,5,y,\n5,6,x,q\n6,7,y,p\n")
    monkeypatch.setitem(D.DATASETS, "gaps", ("gaps.csv", "cls", ()))
    data, deleted = D.load("gaps", tmp_path)
    assert deleted == 4 and data.n == 3 and not np.isnan(data.X).any()
    assert list(data.X[:, 0]) == [1, 5, 6]


def claims_frame(acc, leaves):
    row = {"data set": "mean"}
    for label, a, n in zip(("C4.5", "RS", "DP"), acc, leaves):
        row[f"{label} accuracy"], row[f"{label} leaves"] = a, n
    sets = [{"data set": "s1", **{k: v for k, v in row.items() if k != "data set"}}]
    return pd.DataFrame(sets + [row])


@pytest.mark.parametrize("acc, leaves, verdict", [
    ((0.80, 0.82, 0.83), (30.0, 10.0, 12.0), ["yes", "yes"]),
    ((0.80, 0.84, 0.83), (30.0, 10.0, 12.0), ["no", "yes"]),   # RS best: DP is not highest
    ((0.85, 0.82, 0.83), (10.0, 12.0, 30.0), ["no", "no"]),    # C4.5 best, DP's trees the largest
    ((0.80, 0.83, 0.83), (11.0, 10.0, 12.0), ["no", "no"]),    # a tie is not "highest"; C4.5 below DP
])
def test_claims_verdicts(acc, leaves, verdict):
    table = D.paper_claims(claims_frame(acc, leaves))
    assert list(table["holds"]) == verdict
    assert list(table["DP"]) == [acc[2], leaves[2]] and list(table["RS"]) == [acc[1], leaves[1]]


def test_tiny_run_writes_tables_and_returns_plots(datasets, tmp_path):
    tables = D.run(tmp_path, quick=True, say=QUIET, names=("iris",), folder=datasets)
    acc = tables["dp_accuracy"]
    assert list(acc["data set"]) == ["iris", "mean"] and acc.loc[0, "rows"] == 150
    for label in D.columns():
        assert 0.8 < acc.loc[0, f"{label} accuracy"] <= 1 and acc.loc[0, f"{label} leaves"] >= 3
    # C4.5 on the fold's intervals is not the C4.5 on the raw numbers
    assert acc.loc[0, "C4.5 leaves"] != acc.loc[0, "C4.5 (numeric) leaves"]
    assert list(tables["dp_paper_claims"]["holds"]) in (["yes", "no"], ["no", "no"], ["no", "yes"], ["yes", "yes"])
    for name in ("dp_accuracy", "dp_paper_claims"):
        assert pd.read_csv(tmp_path / f"{name}.csv").shape == tables[name].shape
    from openpyxl import load_workbook

    assert load_workbook(tmp_path / "dp_tables.xlsx").sheetnames == ["dp_accuracy", "dp_paper_claims"]
    # the one-page report: one row per claim, its verdict from the claim's "holds"
    report = (tmp_path / "dp_report.md").read_text()
    rows = [line.split(" | ") for line in report.splitlines() if line.startswith("| DP's mean")]
    assert [(r[0][2:], r[2]) for r in rows] == [
        (c, {"yes": "agree", "no": "disagree"}[h]) for c, h in zip(tables["dp_paper_claims"]["claim"],
                                                                   tables["dp_paper_claims"]["holds"])]
    plots = D.plots(tables)
    assert [p.name for p in plots] == ["dp_accuracy", "dp_leaves"]
    assert plots[0].x == (1.0,) and list(plots[0].series) == ["C4.5", "RS", "DP", "C4.5 unpruned",
                                                                 "C4.5 (numeric)"]
    assert "1 iris" in plots[0].title


def test_cli_runs_dp_and_still_refuses_unknown_papers(tmp_path, monkeypatch, capsys, datasets):
    def tiny_run(out, quick=False):  # iris, 1 x 10-fold, nothing written but the plots
        data, deleted = D.load("iris", datasets)
        table = D.accuracy_table([D.summary_row("iris", data, deleted, D.cross_validate(data, 1))])
        return {"dp_accuracy": table, "dp_paper_claims": D.paper_claims(table)}

    monkeypatch.setattr(D, "run", tiny_run)
    assert cli.main(["reproduce", "dp", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "\ndp_accuracy\n" in out and "\ndp_paper_claims\n" in out
    assert (tmp_path / "dp_leaves.svg").read_text().startswith("<svg ")
    assert cli.main(["reproduce", "nosuch"]) == 2
    assert "no reproduction" in capsys.readouterr().err
