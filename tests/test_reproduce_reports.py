"""The one-page report per paper (issue 21 item 5): the shared Markdown writer, rendered exactly;
every reproduction's verdicts follow its claims table ("no" -> disagree), and a run writes it."""

import pandas as pd
import pytest

from engine.reproduce import dp as D
from engine.reproduce import hfdt as H
from engine.reproduce import mincost as M
from engine.reproduce import report as R
from engine.reproduce import trichotomy as T


def test_verdict_follows_holds_and_refuses_anything_else():
    assert R.verdict("yes") == "agree" and R.verdict("no") == "disagree" and R.verdict(" No ") == "disagree"
    with pytest.raises(ValueError, match="yes"):
        R.verdict("tie")  # a tie is never made up from a yes / no table


def test_a_hand_made_claims_table_renders_exactly(tmp_path):
    rows = R.claims_table([
        R.claim_row("A is lowest", "A 0.25, B 0.5", "yes", "A 0.25 < B 0.5."),
        R.claim_row("B | C is highest", "B 0.1\nC 0.2", "no", "C 0.2 > B 0.1."),
    ])
    assert list(rows.columns) == ["the paper's claim", "our figure", "verdict", "why"]
    path = R.write(tmp_path / "x_report.md", "Seed 9 against its paper", "Two  repeats,\n one split.",
                   [(None, rows), ("More", pd.DataFrame({"n": [1], "share": [0.5]})), ("Heading only", None)])
    assert path == tmp_path / "x_report.md"
    assert path.read_text() == (
        "# Seed 9 against its paper\n"
        "\n"
        "Two repeats, one split.\n"
        "\n"
        "| the paper's claim | our figure | verdict | why |\n"
        "|---|---|---|---|\n"
        "| A is lowest | A 0.25, B 0.5 | agree | A 0.25 < B 0.5. |\n"
        "| B / C is highest | B 0.1 C 0.2 | disagree | C 0.2 > B 0.1. |\n"
        "\n"
        "## More\n"
        "\n"
        "| n | share |\n"
        "|---|---|\n"
        "| 1 | 0.5000 |\n"
        "\n"
        "## Heading only\n"
        "\n")


def verdicts(path) -> list[str]:
    """The verdict column of a report's claims table (the first table on the page)."""
    lines = [line for line in path.read_text().splitlines() if line.startswith("| ")]
    assert lines[0] == "| the paper's claim | our figure | verdict | why |"
    return [line.split(" | ")[2] for line in lines[1:]]


def test_dp_report_follows_its_claims(tmp_path):
    row = {"C4.5 accuracy": 0.85, "RS accuracy": 0.82, "DP accuracy": 0.83,
           "C4.5 leaves": 30.0, "RS leaves": 10.0, "DP leaves": 12.0}
    accuracy = pd.DataFrame([{"data set": "s1", **row}, {"data set": "mean", **row}])
    tables = {"dp_accuracy": accuracy, "dp_paper_claims": D.paper_claims(accuracy)}
    assert list(tables["dp_paper_claims"]["holds"]) == ["no", "yes"]
    path = D.write_report(tmp_path / "dp_report.md", tables, 2)
    assert verdicts(path) == ["disagree", "agree"]
    text = path.read_text()
    assert text.startswith("# Seed 001 (DP") and "2 x stratified 10-fold" in text and "Data sets: s1 (" in text
    assert ("| mean accuracy: DP 0.8300, C4.5 0.8500, RS 0.8200 | disagree | Over the 1 data sets DP's mean "
            "accuracy 0.8300 is not above both C4.5's 0.8500 and RS's 0.8200 (highest: C4.5;") in text
    assert "the leaf counts order RS < DP < C4.5 (RS 10.0, DP 12.0, C4.5 30.0)" in text


def test_hfdt_report_follows_its_claims(tmp_path):
    from test_reproduce_hfdt import frame

    table = frame((1, 0.9, 0.7, 0.75), (1, 0.95, 0.6, 0.5))
    tables = {"hfdt_glass": table, "hfdt_paper_claims": H.paper_claims(table)}
    assert list(tables["hfdt_paper_claims"]["holds"]) == ["no", "yes", "no", "no"]
    path = H.write_report(tmp_path / "hfdt_report.md", tables, 30)
    assert verdicts(path) == ["disagree", "agree", "disagree", "disagree"]
    text = path.read_text()
    assert "30 stratified 70/30 splits (seeds 0..29" in text
    assert "fuzzy ID3's accuracy goes 1.000 to 0.750 and its precision 0.500 to 1.161; accuracy rises at level 4." in text
    assert "above Min-Ambiguity's at 2 of the 3 levels 2-4 (levels 3, 4)." in text


def test_mincost_report_follows_its_claims(tmp_path):
    from test_reproduce_mincost import frame

    table = frame([(5, 6), (4, 3), (3, 4), (1, 1)], [(5, 6), (4, 5), (3, 4), (1, 1)])
    tables = {"mincost_total_cost": table, "mincost_paper_claims": M.paper_claims(table)}
    assert list(tables["mincost_paper_claims"]["holds"]) == ["no", "yes", "no"]
    path = M.write_report(tmp_path / "mincost_report.md", tables, 20)
    assert verdicts(path) == ["disagree", "agree", "disagree"]
    text = path.read_text()
    assert ("| rates 10 % / 20 %: M3 3.0 / 4.0; cheapest of M1, M2: M2 4.0 / M2 3.0 | disagree | On Car M3 is not "
            "the cheapest at 1 of 2 rates: 20 % (M2 3.0 < M3 4.0). |") in text
    assert "On Mushroom M3 pays at most what M1 and M2 pay at all 2 rates." in text
    assert "at every missing rate on 1 of 2 data sets (Mushroom)." in text and "Data sets: Car, Mushroom. 20 seeds" in text


def tri_table(sdt_train, sdt_test, sdt_pending, cart_test):
    rows = []
    for k, (setting, mu) in enumerate((("uncorrelated", 1.0), ("high (0.8)", 2.0))):
        for method, train, test, pending in (("SDT α=0", sdt_train[k], sdt_test[k], sdt_pending[k]),
                                             ("Fisher", 0.1, 0.2, 0.0), ("CART", 0.05, cart_test[k], 0.0)):
            rows.append({"correlation": setting, "mu": mu, "method": method, "train misclassification": train,
                         "test misclassification": test, "pending rate": pending, "attributes used": 2.0})
    return pd.DataFrame(rows)


def test_trichotomy_claims_and_report(tmp_path):
    good = T.paper_claims(tri_table((0, 0), (0.01, 0.02), (0.8, 0.1), (0.1, 0.1)))
    assert list(good["holds"]) == ["yes", "yes", "yes"]
    assert good["figures"][1] == ("SDT test misclassification 0.010-0.020; Fisher 0.200-0.200; CART 0.100-0.100; "
                                  "SDT below both in 2 of 2 settings")
    # a training error, SDT above CART in one setting, a setting with nothing pending: each claim fails
    table = tri_table((0, 0.01), (0.01, 0.15), (0.8, 0.0), (0.1, 0.1))
    tables = {"trichotomy_simulation": table, "trichotomy_paper_claims": T.paper_claims(table)}
    assert list(tables["trichotomy_paper_claims"]["holds"]) == ["no", "no", "no"]
    path = T.write_report(tmp_path / "trichotomy_report.md", tables, 100)
    assert verdicts(path) == ["disagree", "disagree", "disagree"]
    text = path.read_text()
    assert "largest training misclassification over the settings is 0.010 (high (0.8), mu = 2)." in text
    assert "closest (high (0.8), mu = 2) its test misclassification 0.150 stands against Fisher's 0.200 and " \
           "CART's 0.100" in text
    assert "SDT leaves 0.0% (high (0.8), mu = 2) to 80.0% (uncorrelated, mu = 1) of the test cases pending." in text


def test_trichotomy_run_writes_its_claims_and_report(tmp_path, monkeypatch):
    monkeypatch.setattr(T, "SETTINGS", (("uncorrelated", 0.0),))
    monkeypatch.setattr(T, "MUS", (2.0,))
    tables = T.run(tmp_path, quick=True, say=lambda m: None)
    assert list(tables) == ["trichotomy_simulation", "trichotomy_paper_claims"]
    sdt = tables["trichotomy_simulation"].iloc[0]
    assert sdt["method"] == "SDT α=0" and sdt["train misclassification"] == 0  # the sample extremes
    holds = list(tables["trichotomy_paper_claims"]["holds"])
    assert holds[0] == "yes" and verdicts(tmp_path / "trichotomy_report.md") == [R.verdict(h) for h in holds]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "trichotomy_paper_claims.csv", "trichotomy_report.md", "trichotomy_simulation.csv", "trichotomy_tables.xlsx"]
