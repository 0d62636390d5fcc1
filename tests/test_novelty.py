"""Outside what the model has seen (issue 39 item 3, engine.trust.novelty): planted outliers and
unseen categories flagged exactly, no flag on the training rows, the flags in the predictions CSV
(formula-safe), in the workbook, in the session file; a combination no training case of a leaf
shares; the model file keeps what was seen (and a damaged one is refused naming the field); at
every split the branch counts and the missing count add up to the node's count."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pandas as pd
import pytest

from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, encode
from engine.data.spec import ProblemSpec
from engine.data.spec.trust import TrustSettings
from engine.errors import ModelFileError
from engine.model import Model
from engine.predicting import predict_table
from engine.sessions import Session
from engine.tree.model import Tree
from engine.tree.nodes import CategorySplit, Leaf
from engine.trust.novelty import count_lines, flags, keep_seen, missing_counts, seen_of, unknown_words
from engine.workflows import inject_missing, train_model

LEARNERS = ("cart", "c45", "id3")


def grid_frame(copies: int = 2) -> pd.DataFrame:
    """Every point of an 11 x 11 grid of two numbers (0..10) with each of three colours, `copies`
    times: the class is x1 > 5, and red with x2 > 7."""
    rows = []
    for _ in range(copies):
        for a in range(11):
            for b in range(11):
                for colour in ("red", "green", "blue"):
                    label = "yes" if a > 5 or (colour == "red" and b > 7) else "no"
                    rows.append({"x1": float(a), "x2": float(b), "colour": colour, "y": label})
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def grid(tmp_path_factory):
    from engine.data.read import read_table

    folder = tmp_path_factory.mktemp("grid")
    frame = grid_frame()
    frame.to_csv(folder / "train.csv", index=False)
    planted = grid_frame(1).iloc[::20].reset_index(drop=True)  # new cases, every one a point seen in training
    outliers = {3: ("x1", 100.0), 5: ("x2", -50.0), 8: ("x1", 10.6), 11: ("colour", "purple"),
                13: ("colour", "=1+1")}
    planted["x1"] = planted["x1"].astype(float)
    for r, (column, value) in outliers.items():
        planted[column] = planted[column].astype(object)
        planted.at[r, column] = value
    planted.at[1, "x1"] = 10.4  # within the margin (5 % of the range 0..10 beyond 10): not flagged
    planted.to_csv(folder / "new.csv", index=False)
    return read_table(folder / "train.csv"), read_table(folder / "new.csv"), outliers


def trained(table, algorithm: str) -> Model:
    spec = ProblemSpec(target="y")
    info = get(algorithm)
    return train_model(info, table, spec, resolve_params(info, {}, spec)).model


@pytest.mark.parametrize("algorithm", LEARNERS)
def test_planted_outliers_and_unseen_categories_are_flagged_exactly(grid, algorithm):
    train, new, outliers = grid
    model = trained(train, algorithm)
    model = Model.from_json(json.loads(json.dumps(model.to_json())))  # as a file read without its data
    assert all(row == [] for row in flags(model, train)), "no training row is outside what was seen"
    found = flags(model, new)
    assert [r for r, row in enumerate(found) if row] == sorted(outliers)
    for r, (column, value) in outliers.items():
        kinds = {(f.kind, f.attribute) for f in found[r]}
        assert (("unseen_category" if column == "colour" else "out_of_range"), column) in kinds, (r, found[r])
    assert any("100" in f.why_en for f in found[3]) and "never seen in training" in found[11][0].why_en
    # the margin is the trust setting: without it, 10.4 is outside too; the feature off, nothing is
    tight = flags(model, new, TrustSettings(range_margin=0.0))
    assert [r for r, row in enumerate(tight) if row] == sorted({1, *outliers})
    model.tree.seen = None
    assert [r for r, row in enumerate(flags(model, new)) if row] == [11, 13]  # only the texts a table shows


def test_the_flags_survive_into_the_predictions_csv_and_workbook(grid, tmp_path):
    import openpyxl

    train, new, outliers = grid
    predictions = predict_table(trained(train, "cart"), new)
    header = predictions.header()
    assert header[-1] == "warning"
    rows = list(csv.reader(io.StringIO(predictions.csv_text())))
    assert rows[0][-1] == "warning"
    cells = [row[-1] for row in rows[1:]]
    assert [r for r, cell in enumerate(cells) if cell] == sorted(outliers)
    assert 'colour = "=1+1" was never seen in training' in cells[13]
    assert cells[3].startswith("x1 = 100 is outside")
    predictions.save(tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_text(encoding="utf-8") == predictions.csv_text()
    predictions.save(tmp_path / "out.xlsx")
    sheet = openpyxl.load_workbook(tmp_path / "out.xlsx").active
    column = [c.value for c in sheet[1]].index("warning") + 1
    cell = sheet.cell(row=13 + 2, column=column)
    assert cell.data_type == "s" and "=1+1" in cell.value  # text, never a formula


def test_a_warning_that_starts_like_a_formula_stays_text(tmp_path):
    """An attribute named "=SUM(A1)": its warning starts with "=" and is written as text."""
    from engine.data.read import read_table

    frame = grid_frame(1).rename(columns={"x1": "=SUM(A1)"})
    frame.to_csv(tmp_path / "t.csv", index=False)
    model = trained(read_table(tmp_path / "t.csv"), "cart")
    new = frame.head(3).copy()
    new.loc[0, "=SUM(A1)"] = 1000.0
    new.to_csv(tmp_path / "n.csv", index=False)
    cells = [row[-1] for row in csv.reader(io.StringIO(predict_table(model, read_table(tmp_path / "n.csv")).csv_text()))]
    assert cells[1].startswith("'=SUM(A1) = 1000 is outside") and cells[2] == ""


def combination_model() -> tuple[Model, np.ndarray]:
    """colour in {red, blue} -> shape in {square, round}: a leaf testing both, whose training cases
    were only (red, square) and (blue, round)."""
    schema = DataSchema("y", ["a", "b"], False, [AttributeSchema("colour", "nominal", ["red", "blue", "green"]),
                                                  AttributeSchema("shape", "nominal", ["square", "round", "tri"])])
    tree = Tree(schema)
    root = tree.add(CategorySplit(np.array([4.0, 2.0]), 0, feature=0, branches=[0, 0, 1]))
    inner = tree.add(CategorySplit(np.array([4.0, 0.0]), 0, feature=1, branches=[0, 0, 1]), root)
    green = tree.add(Leaf(np.array([0.0, 2.0]), 1), root)
    leaf = tree.add(Leaf(np.array([4.0, 0.0]), 0), inner)
    tri = tree.add(Leaf(np.array([0.0, 0.0]), 0), inner)
    tree.nodes[root].children = [inner, green]
    tree.nodes[inner].children = [leaf, tri]
    tree.changed()
    X = np.array([[0, 0], [0, 0], [1, 1], [1, 1], [2, 0], [2, 2]], np.float64)
    tree.seen = seen_of(tree, X, None, "stay")
    return Model("cart", {}, ProblemSpec(target="y"), tree, missing="stop"), X


def test_a_combination_no_training_case_of_the_leaf_shares_is_flagged():
    model, X = combination_model()
    assert all(row == [] for row in flags(model, X))
    new = np.array([[0, 1], [1, 0], [0, 0], [1, np.nan], [0, 2]], np.float64)
    found = flags(model, new)
    assert [f.kind for f in found[0]] == ["combination"] and [f.kind for f in found[1]] == ["combination"]
    assert "colour = red, shape = round" in found[0][0].why_en
    assert found[2] == [] and found[3] == []  # seen; a missing value matches any
    assert [f.kind for f in found[4]] == ["empty"]  # the triangle branch: no training case went there
    back = Model.from_json(json.loads(json.dumps(model.to_json())))
    assert [[f.kind for f in row] for row in flags(back, new)] == [[f.kind for f in row] for row in found]


def test_the_model_file_keeps_what_was_seen_and_refuses_a_damaged_record(grid):
    model = trained(grid[0], "cart")
    obj = json.loads(json.dumps(model.to_json()))
    seen = obj["tree"]["seen"]
    assert seen["nodes"][0]["ranges"]["x1"] == [0.0, 10.0] and sorted(seen["nodes"][0]["categories"]["colour"]) == [
        "blue", "green", "red"]
    cases = [
        (["nodes", 0, "ranges", "x1"], [5.0, 1.0], "tree.seen.nodes[0].ranges.x1"),
        (["nodes", 0, "ranges", "x1"], [0, float("inf")], "tree.seen.nodes[0].ranges.x1"),
        (["nodes", 0, "categories", "colour"], ["violet"], "tree.seen.nodes[0].categories.colour"),
        (["nodes", 0, "node"], 10 ** 6, "tree.seen.nodes[0].node"),
        (["nodes", 0, "branches"], [1.0], "tree.seen.nodes[0].branches"),
        (["policy"], "anything", "tree.seen.policy"),
        (["nodes"], "x", "tree.seen"),
    ]
    for path, value, field in cases:
        bad = json.loads(json.dumps(obj))
        target = bad["tree"]["seen"]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(ModelFileError) as refused:
            Model.from_json(bad)
        assert refused.value.code == "damaged" and refused.value.field == field, (field, refused.value)
    del obj["tree"]["seen"]  # a file from before: read, and nothing is flagged
    old = Model.from_json(obj)
    assert old.tree.seen is None and all(row == [] for row in flags(old, old.schema.encode_features(grid[1])))


@pytest.mark.parametrize("algorithm", LEARNERS)
def test_branch_counts_and_the_missing_count_add_up_to_the_node_count(algorithm, datasets):
    """20 % of the car file's values blanked: at every split the training weight down each branch
    with a known value plus the weight with it missing is the node's count; C4.5's fractional
    cases count at their fraction."""
    from engine.data.read import read_table

    table = read_table(datasets / "car_evaluation.csv")
    spec = ProblemSpec(target="class")
    info = get(algorithm)
    data = encode(table, spec)
    data.X = inject_missing(data.X, 0.2, seed=3)
    tree = info.fit(data, spec, info.stage_params(resolve_params(info, {}, spec), "fit"))
    keep_seen(tree, data, info)
    splits = [i for i in tree.reachable() if tree.nodes[i].children]
    assert len(splits) > 3
    missing = 0.0
    for i in splits:
        counts = missing_counts(tree, i)
        assert counts.total == pytest.approx(tree.nodes[i].weight, rel=1e-9, abs=1e-9), i
        missing += counts.missing
    root = missing_counts(tree, 0)
    assert root.missing == pytest.approx(float(np.isnan(data.X[:, tree.nodes[0].feature]).sum()))
    assert missing > 0.1 * tree.nodes[0].weight
    lines = count_lines(tree, 0)
    assert lines[-1].startswith(f"missing: {round(root.missing)} of 1728 — they ")
    # a model file keeps them (read without the data)
    model = Model(algorithm, {}, spec, tree, missing=info.missing)
    back = Model.from_json(json.loads(json.dumps(model.to_json()))).tree
    assert count_lines(back, 0) == lines


def test_without_the_counts_of_missing_values_nothing_is_said(datasets):
    """A tree without `seen` (the feature off): no counts, so the test above could not pass."""
    from engine.data.read import read_table

    info = get("cart")
    spec = ProblemSpec(target="class")
    model = train_model(info, read_table(datasets / "iris.csv"), spec, resolve_params(info, {}, spec)).model
    assert missing_counts(model.tree, 0) is not None
    model.tree.seen = None
    assert missing_counts(model.tree, 0) is None and count_lines(model.tree, 0) == []


def test_the_consultation_says_it_and_the_session_file_keeps_it(grid, tmp_path):
    model = trained(grid[0], "cart")
    model.save(tmp_path / "m.json")
    session = Session(model, str(tmp_path / "m.json"), planning="utility")
    first = session.ask()[0]
    name = model.schema.names[first.attributes[0]]
    assert name == "x1"  # the root's test
    session.answer({name: 100.0}, first, outside_ok=True)
    notes = session.consultation.history[-1]["novelty"]
    assert len(notes) == 1 and notes[0].startswith("x1 = 100 is outside the range of the ") and notes[0].endswith(
        "training cases at this node (6 to 10)"), notes
    saved = json.loads(session.path.read_text(encoding="utf-8"))
    assert saved["steps"][-1]["novelty"] == notes
    again = Session.resume(str(session.path))
    assert again.consultation.novelty_notes(translate=False) == session.consultation.novelty_notes(translate=False)
    # "unknown": where it sent the case (a consultation stops there)
    fresh = Session(model, str(tmp_path / "m.json"), planning="utility")
    fresh.answer({"x1": 2.0}, fresh.ask()[0])
    assert fresh.consultation.history[-1]["novelty"] == []  # a value seen: nothing said
    second = fresh.ask()[0]
    other = model.schema.names[second.attributes[0]]
    fresh.answer({other: None}, second)
    said = fresh.consultation.history[-1]["novelty"]
    assert len(said) == 1 and said[0].startswith(f"{other} unknown: the case stops here, at node "), said
    assert json.loads(fresh.path.read_text(encoding="utf-8"))["steps"][-1]["novelty"] == said


def test_unknown_words_for_every_policy(datasets):
    from engine.data.read import read_table

    table = read_table(datasets / "car_evaluation.csv")
    spec = ProblemSpec(target="class")
    info = get("c45")
    data = encode(table, spec)
    data.X = inject_missing(data.X, 0.2, seed=3)
    tree = info.fit(data, spec, info.stage_params(resolve_params(info, {}, spec), "fit"))
    keep_seen(tree, data, info)
    j = tree.nodes[0].feature
    name = tree.attribute_name(j)
    heavy = int(np.argmax([tree.nodes[c].weight for c in tree.nodes[0].children]))
    assert unknown_words(tree, 0, j, "stop", translate=False).startswith(f"{name} unknown: the case stops here")
    majority = unknown_words(tree, 0, j, "majority", translate=False)
    assert majority.startswith(f"{name} unknown: the case goes on down the branch most cases took (")
    assert f"of {round(tree.nodes[0].weight)})" in majority
    assert str(round(tree.nodes[tree.nodes[0].children[heavy]].weight)) in majority
    spread = unknown_words(tree, 0, j, "fractional", translate=False)
    assert spread.startswith(f"{name} unknown: the case is spread over the branches ") and " : " in spread
    assert "in training, " in spread and "cases had" in spread


def test_a_session_file_with_damaged_notes_is_refused():
    from engine.sessions import session_problem

    good = {"format": "ruletree-session", "version": 1, "steps": [{"answers": {"x1": 1}, "novelty": ["x1 = 1 ..."]}]}
    from engine.sessions import FORMAT

    good["format"] = FORMAT
    assert session_problem(good) is None
    good["steps"][0]["novelty"] = [1]
    assert session_problem(good) == 'step 1: "novelty" is not a list of texts'
