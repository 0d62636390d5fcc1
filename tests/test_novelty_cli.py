"""`ruletree predict`'s warning column and `ruletree consult`'s notes (issue 39 item 3), through
the command line itself: the flagged rows exactly, said on stderr; a consultation's answer outside
what the model has seen printed and kept in the log."""

from __future__ import annotations

import csv
import json

from engine import cli
from tests.test_novelty import grid_frame


def test_predict_writes_the_warning_column_and_consult_prints_the_note(tmp_path, capsys):
    frame = grid_frame()
    frame.to_csv(tmp_path / "train.csv", index=False)
    new = frame.head(6).copy()
    new["x1"] = new["x1"].astype(float)
    new.loc[2, "x1"] = 100.0
    new["colour"] = new["colour"].astype(object)
    new.loc[4, "colour"] = "@violet"
    new.to_csv(tmp_path / "new.csv", index=False)
    model = tmp_path / "m.json"
    assert cli.main(["train", str(tmp_path / "train.csv"), "--target", "y", "--algorithm", "cart",
                     "--out", str(model)]) == 0
    assert "seen" in json.loads(model.read_text())["tree"]
    capsys.readouterr()
    assert cli.main(["predict", str(model), str(tmp_path / "new.csv"), "--out", str(tmp_path / "p.csv")]) == 0
    err = capsys.readouterr().err
    assert "2 rows lie outside what the model has seen" in err
    with open(tmp_path / "p.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [i for i, r in enumerate(rows) if r["warning"]] == [2, 4]
    assert rows[2]["warning"].startswith("x1 = 100 is outside the range of the ")
    assert rows[4]["warning"] == 'colour = "@violet" was never seen in training (read as unknown)'
    (tmp_path / "a.json").write_text(json.dumps({"x1": 100, "x2": 3, "colour": "red"}))
    assert cli.main(["consult", str(model), "--answers", str(tmp_path / "a.json"), "--planning", "utility",
                     "--log", str(tmp_path / "log.json")]) == 0
    out = capsys.readouterr().out
    assert "  note: x1 = 100 is outside the range of the 330 training cases at this node (6 to 10)" in out
    log = json.loads((tmp_path / "log.json").read_text())
    assert log["steps"][0]["novelty"] == ["x1 = 100 is outside the range of the 330 training cases at this node (6 to 10)"]
