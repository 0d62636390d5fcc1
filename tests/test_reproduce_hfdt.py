"""`ruletree reproduce hfdt` (seed 002's glass experiment) on a few splits; the claims' verdicts."""

import pandas as pd
import pytest

from engine.reproduce import hfdt as H



@pytest.fixture(scope="module")
def folder(glass_csv_folder):
    return glass_csv_folder


def test_quick_run_writes_tables_and_plots(folder, tmp_path):
    tables = H.run(tmp_path, quick=True, say=lambda m: None, folder=folder)
    t = tables["hfdt_glass"]
    assert list(t["method"]) == [label for label, _, _ in H.METHODS + H.BEYOND]
    row = {r["method"]: r for _, r in t.iterrows()}
    assert row["fuzzy ID3 L1"]["hierarchical accuracy"] == 1.0 and row["fuzzy ID3 L1"]["label precision"] == 0.5
    assert row["fuzzy ID3 L4"]["label precision"] == pytest.approx(1.1610, abs=1e-4)
    assert row["fuzzy ID3 L4"]["strict accuracy"] == row["fuzzy ID3 L4"]["hierarchical accuracy"]
    assert 0.8 < row["HFDT"]["hierarchical accuracy"] < 1 and 0.8 < row["HFDT"]["label precision"] < 1.1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hfdt_glass.csv", "hfdt_paper_claims.csv",
                                                          "hfdt_report.md", "hfdt_tables.xlsx"]
    # the one-page report: one row per claim, its verdict from the claim's "holds"
    claims = tables["hfdt_paper_claims"]
    report = (tmp_path / "hfdt_report.md").read_text()
    assert report.startswith("# Seed 002 (HFDT") and "3 stratified 70/30 splits" in report
    rows = [line.split(" | ") for line in report.splitlines() if line.startswith("| ")][1:]
    assert [(r[0][2:], r[1], r[2]) for r in rows] == [
        (c, f, {"yes": "agree", "no": "disagree"}[h]) for c, f, h in zip(claims["claim"], claims["figures"],
                                                                         claims["holds"])]
    plots = H.plots(tables)
    assert [p.name for p in plots] == ["hfdt_accuracy", "hfdt_precision"]
    assert plots[0].series["HFDT"] == (row["HFDT"]["hierarchical accuracy"],) * 4


def frame(fid3_acc, mina_acc, hfdt=(0.9, 0.9)):
    pre = (0.5, 0.792, 1.0, 1.161)
    rows = [{"method": "HFDT", "hierarchical accuracy": hfdt[0], "label precision": hfdt[1]}]
    for method, acc in (("fuzzy ID3", fid3_acc), ("Min-Ambiguity", mina_acc)):
        rows += [{"method": f"{method} L{i + 1}", "hierarchical accuracy": a, "label precision": p}
                 for i, (a, p) in enumerate(zip(acc, pre))]
    return pd.DataFrame(rows)


def test_claims_verdicts():
    good = H.paper_claims(frame((1, 0.9, 0.7, 0.6), (1, 0.8, 0.6, 0.5)))
    assert list(good["holds"]) == ["yes", "yes", "yes", "yes"]
    rising = H.paper_claims(frame((1, 0.9, 0.7, 0.75), (1, 0.95, 0.6, 0.5)))
    # fuzzy ID3 rises at L4 (0.75 x 1.161 = 0.871 > HFDT's 0.81: not balanced either); loses at L2
    assert list(rising["holds"]) == ["no", "yes", "no", "no"]
    dominated = H.paper_claims(frame((1, 0.95, 0.9, 0.9), (1, 0.8, 0.6, 0.5), hfdt=(0.85, 0.9)))
    assert dominated["holds"][2] == "no" and "dominated by fuzzy ID3 L3" in dominated["figures"][2]


def test_the_reproduction_uses_the_papers_stop():
    """HFDT and fuzzy ID3 run at the paper's settings (no share of the root's mass), whatever
    HFDT's default; Min-Ambiguity has no such stop."""
    from engine.algorithms.hfdt import PAPER
    from engine.algorithms.registry import get, resolve_params

    assert PAPER == {"min_mass_share": 0.0, "answer": "firing_strength"}
    for label, name, params in H.METHODS:
        resolved = resolve_params(get(name), params)
        if name in ("hfdt", "fuzzy_id3"):
            assert resolved["min_mass_share"] == 0.0 and resolved["min_membership"] == 1.0, label
            assert resolved["beta0"] == 0.9 and resolved["k"] == 2 and resolved["epochs"] == 20, label
        else:
            assert "min_mass_share" not in resolved
