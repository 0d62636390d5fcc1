"""Files from strangers, third round (issue 41), the class "names that act": a name from a stranger's
file — an attribute, a class, a target — holding terminal escape sequences, a bell or a carriage
return is shown as \\xNN by every command (the CLI's output streams, PrintableStream), so it cannot
retitle the terminal, clear it or rewrite the lines shown; JSON stays JSON. A class named as the
pending answer is refused at training, in words (it trained a model nothing could open)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import cli
from engine.algorithms.registry import get
from engine.data.project import load_project
from engine.data.read import read_table
from engine.data.spec.checks import PENDING_ANSWER
from engine.tree.model import PENDING_LABEL
from engine.workflows import train_model

DEMO = Path(__file__).resolve().parents[1] / "resources" / "demo"
TITLE = "\x1b]0;PWNED\x07"  # sets the terminal's title
CLEAR = "\x1b[2J\r"  # clears the screen, back to the line's start


@pytest.fixture(scope="module")
def hostile_model(tmp_path_factory):
    """The heart demo's CART with an attribute, a class and the target renamed to act on a terminal."""
    folder = tmp_path_factory.mktemp("hostile")
    project = load_project(DEMO / "heart_zh.rtproj")
    model = train_model(get("cart"), read_table(DEMO / "heart_zh.xlsx"), project.spec, {}).model
    model.save(folder / "plain.json")
    text = (folder / "plain.json").read_text(encoding="utf-8")  # names as they are: ensure_ascii=False
    attribute = model.tree.attribute_name(model.tree.nodes[0].feature)
    escaped = lambda name: json.dumps(name)[1:-1]  # noqa: E731 (a name as JSON text writes it)
    for old, new in ((attribute, f"{TITLE}{attribute}"), ('"有"', f'"有{escaped(CLEAR)}"'),
                     (f'"{model.schema.target}"', f'"{model.schema.target}{escaped(TITLE)}"')):
        assert old in text
        text = text.replace(old, escaped(new) if old == attribute else new)
    (folder / "hostile.json").write_text(text, encoding="utf-8")
    return folder / "hostile.json"


def _clean(text: str) -> bool:
    return not any(c in text for c in ("\x1b", "\x07", "\r"))


@pytest.mark.parametrize("command", ["rules", "rules --json", "predict", "report", "consult"])
def test_no_command_sends_a_names_escape_sequence_to_the_terminal(command, hostile_model, tmp_path, capsys,
                                                                  monkeypatch):
    monkeypatch.setenv("RULETREE_DATA_DIR", str(tmp_path / "user"))
    answers = tmp_path / "answers.json"
    answers.write_text("{}", encoding="utf-8")
    args = {"rules": ["rules", str(hostile_model)], "rules --json": ["rules", str(hostile_model), "--json"],
            "predict": ["predict", str(hostile_model), str(DEMO / "heart_zh.xlsx")],
            "report": ["report", str(hostile_model), "--pdf", str(tmp_path / "r.pdf")],
            "consult": ["consult", str(hostile_model), "--answers", str(answers)]}[command]
    cli.main(args)
    out = capsys.readouterr()
    assert _clean(out.out) and _clean(out.err), (command, out.out[:300], out.err[:300])
    if command == "rules --json":
        rules = json.loads(out.out)
        assert any(TITLE in r["rule"] for r in rules)  # the name itself is kept, JSON-escaped
    elif command == "predict":  # the hostile attribute is not in the data: said, with the name shown escaped
        assert "\\x1b]0;PWNED\\x07" in out.err
    elif command != "report":  # (the report prints no name: its PDF holds them)
        assert "\\x1b" in out.out + out.err


def test_the_streams_are_given_back_after_the_command(hostile_model, capsys):
    import sys

    before = sys.stdout, sys.stderr
    cli.main(["rules", str(hostile_model)])
    assert (sys.stdout, sys.stderr) == before


def test_a_class_named_as_the_pending_answer_is_refused_at_training(tmp_path, capsys):
    assert PENDING_ANSWER == PENDING_LABEL
    rows = ["a,b,class"] + [f"{i % 5},{i % 3},{'PENDING' if i % 5 > 2 else 'no'}" for i in range(40)]
    (tmp_path / "pending.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    status = cli.main(["train", str(tmp_path / "pending.csv"), "--target", "class", "--algorithm", "cart",
                       "--out", str(tmp_path / "m.json")])
    err = capsys.readouterr().err
    assert status == 2 and "PENDING" in err and "pending answer" in err and not (tmp_path / "m.json").exists()
