"""The expert's edits (engine.edits): each kind worked by hand on twelve cases, the edit list
replayed, undone and redone, an edited model through save, predict, rules, consult and the
planned consultation, and the replayed cross-validation that never sees a test fold."""

import io
import json
from pathlib import Path

import numpy as np
import pytest

from engine import cli
from engine.algorithms.registry import get, resolve_params
from engine.data.encode import encode
from engine.data.project import load_project
from engine.data.read import read_table
from engine.data.spec import ProblemSpec
from engine.edit_scores import replayed_cv, training_scores
from engine.edits import Edit, EditContext, EditError, apply_edit, edit_model, edited_learner, redo, replay_model, undo
from engine.errors import OptionError
from engine.model import Model, load_model
from engine.tree.model import CategorySplit, Leaf, ThresholdSplit
from engine.tree.node_cases import find_node, node_path
from engine.tree.predict import predict
from engine.tree.rules import extract_rules, rule_text

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo"

# twelve cases, by hand: age, colour, class
CASES = """age,colour,class
20,red,no
25,red,no
30,green,no
35,blue,no
40,red,yes
45,green,yes
50,blue,yes
55,red,yes
60,green,yes
65,blue,no
70,green,yes
75,red,yes
"""


@pytest.fixture(scope="module")
def hand(tmp_path_factory):
    """CART (unpruned) on the twelve cases, as a model with its data."""
    path = tmp_path_factory.mktemp("edits") / "cases.csv"
    path.write_text(CASES)
    table = read_table(path)
    spec = ProblemSpec(target="class")
    data = encode(table, spec)
    info = get("cart")
    params = resolve_params(info, {"prune": "none"}, spec)
    tree = info.fit(data, spec, info.stage_params(params, "fit"))
    return Model("cart", params, spec, tree, missing="majority"), data


def counts(model, path):
    return model.tree.nodes[find_node(model.tree, path)].counts.tolist()


def label(model, path):
    tree = model.tree
    return tree.label_name(tree.nodes[find_node(tree, path)].label)


def test_the_hand_data_is_what_the_comments_say(hand):
    model, data = hand
    assert data.classes == ["no", "yes"] and model.tree.root.counts.tolist() == [5.0, 7.0]


def test_split_at_a_number(hand):
    model, data = hand
    edited = edit_model(model, data, Edit("split", "root", attribute="age", threshold=37.5))
    root = edited.tree.root
    assert isinstance(root, ThresholdSplit) and root.origin == "expert" and root.threshold == 37.5
    # age <= 37.5: 20, 25, 30, 35 (all no); above: eight, one of them (65) no
    assert counts(edited, "root/0") == [4.0, 0.0] and counts(edited, "root/1") == [1.0, 7.0]
    assert (label(edited, "root/0"), label(edited, "root/1")) == ("no", "yes")
    assert counts(edited, "root") == [5.0, 7.0]
    assert edited.tree.n_leaves == 2 and all(edited.tree.nodes[i].origin == "learned" for i in edited.tree.leaves())
    assert [rule_text(edited.tree, r) for r in extract_rules(edited.tree)] == [
        "IF age <= 37.5 THEN no", "IF age > 37.5 THEN yes"]
    assert model.tree.root.origin == "learned"  # the model edited is left as it was


def test_move_a_threshold_keeps_the_subtree_and_recounts_it(hand):
    model, data = hand
    split = edit_model(model, data, Edit("split", "root", attribute="age", threshold=37.5))
    below = edit_model(split, data, Edit("split", "root/1", attribute="colour"))
    moved = edit_model(below, data, Edit("threshold", "root", threshold=47.5))
    # age <= 47.5: 20..45, four no and two yes; above: 50..75, one no (65)
    assert counts(moved, "root/0") == [4.0, 2.0] and counts(moved, "root/1") == [1.0, 5.0]
    # the colour split below stays, its branches recounted: above 47.5, red 55, 75; green 60, 70; blue 50, 65
    assert isinstance(moved.tree.nodes[find_node(moved.tree, "root/1")], CategorySplit)
    names = moved.tree.schema.attributes[1].categories
    colour = moved.tree.nodes[find_node(moved.tree, "root/1")]
    by_value = {v: counts(moved, f"root/1/{colour.branches[c]}") for c, v in enumerate(names)}
    assert by_value == {"red": [0.0, 2.0], "green": [0.0, 2.0], "blue": [1.0, 1.0]}
    assert (label(moved, "root/0"), colour.origin, moved.tree.root.origin) == ("no", "expert", "expert")


def test_split_on_categories_one_branch_per_value_and_groups(hand):
    model, data = hand
    edited = edit_model(model, data, Edit("split", "root", attribute="colour"))
    node = edited.tree.root
    names = edited.tree.schema.attributes[1].categories
    by_value = {names[c]: counts(edited, f"root/{node.branches[c]}") for c in range(len(names))}
    assert by_value == {"red": [2.0, 3.0], "green": [1.0, 3.0], "blue": [2.0, 1.0]}
    grouped = edit_model(model, data, Edit("split", "root", attribute="colour", groups=(("red",),)))
    # red against the rest (the values in no group)
    assert grouped.tree.root.children and len(grouped.tree.root.children) == 2
    assert counts(grouped, "root/0") == [2.0, 3.0] and counts(grouped, "root/1") == [3.0, 4.0]
    with pytest.raises(EditError, match="two groups"):
        edit_model(model, data, Edit("split", "root", attribute="colour", groups=(("red",), ("red", "blue"))))
    with pytest.raises(EditError, match="not a value"):
        edit_model(model, data, Edit("split", "root", attribute="colour", groups=(("purple",),)))
    with pytest.raises(EditError, match="category"):
        edit_model(model, data, Edit("split", "root", attribute="colour", threshold=1.0))
    with pytest.raises(EditError, match="number"):
        edit_model(model, data, Edit("split", "root", attribute="age"))


def test_regroup_keeps_an_unchanged_branch_and_merges_the_others(hand):
    model, data = hand
    edited = edit_model(model, data, Edit("split", "root", attribute="colour"))
    names = edited.tree.schema.attributes[1].categories
    blue_at = f"root/{edited.tree.root.branches[names.index('blue')]}"
    edited = edit_model(edited, data, Edit("split", blue_at, attribute="age", threshold=57.5))
    merged = edit_model(edited, data, Edit("regroup", "root", groups=(("red", "green"), ("blue",))))
    assert counts(merged, "root/0") == [3.0, 6.0] and label(merged, "root/0") == "yes"
    blue = merged.tree.nodes[find_node(merged.tree, "root/1")]
    assert isinstance(blue, ThresholdSplit) and blue.threshold == 57.5  # the blue branch kept its subtree
    assert counts(merged, "root/1/0") == [1.0, 1.0] and counts(merged, "root/1/1") == [1.0, 0.0]
    with pytest.raises(EditError, match="categories"):
        edit_model(merged, data, Edit("regroup", "root/1", groups=(("red",),)))


def test_prune_relabel_and_lock(hand):
    model, data = hand
    pruned = edit_model(model, data, Edit("prune", "root"))
    assert pruned.tree.n_leaves == 1 and pruned.tree.root.origin == "expert"
    assert counts(pruned, "root") == [5.0, 7.0] and label(pruned, "root") == "yes"
    relabelled = edit_model(pruned, data, Edit("label", "root", label="no"))
    assert label(relabelled, "root") == "no"
    assert (predict(relabelled.tree, data.X, "majority").labels == 0).all()
    with pytest.raises(EditError, match="not one of the answers"):
        edit_model(pruned, data, Edit("label", "root", label="maybe"))
    with pytest.raises(EditError, match="only a leaf"):
        edit_model(model, data, Edit("label", "root", label="no"))
    locked = edit_model(model, data, Edit("lock", "root/1"))
    assert locked.tree.nodes[find_node(locked.tree, "root/1")].locked
    with pytest.raises(EditError, match="locked"):
        edit_model(locked, data, Edit("prune", "root/1"))
    if not locked.tree.nodes[find_node(locked.tree, "root/1")].is_leaf:
        with pytest.raises(EditError, match="locked"):
            edit_model(locked, data, Edit("prune", "root/1/0"))
    thawed = edit_model(locked, data, Edit("unlock", "root/1"))
    assert not thawed.tree.nodes[find_node(thawed.tree, "root/1")].locked
    edit_model(thawed, data, Edit("prune", "root/1"))


def test_regrow_below_an_expert_split_is_the_learner_on_each_branch(hand):
    model, data = hand
    info = get("cart")
    split = edit_model(model, data, Edit("split", "root", attribute="age", threshold=37.5))
    grown = edit_model(split, data, Edit("regrow", "root"))
    assert grown.tree.root.origin == "expert" and grown.tree.root.threshold == 37.5
    right = data.subset(np.flatnonzero(data.X[:, 0] > 37.5))
    alone = info.fit(right, model.spec, info.stage_params(model.params, "fit"))
    below = grown.tree.nodes[find_node(grown.tree, "root/1")]
    assert below.kind == alone.root.kind and below.counts.tolist() == alone.root.counts.tolist()
    assert grown.tree.n_leaves == 1 + alone.n_leaves
    assert all(grown.tree.nodes[i].origin == "learned" for i in grown.tree.reachable()[1:])


def test_regrow_keeps_locked_and_expert_nodes(hand):
    model, data = hand
    split = edit_model(model, data, Edit("split", "root", attribute="age", threshold=37.5))
    split = edit_model(split, data, Edit("split", "root/1", attribute="colour"))
    locked = edit_model(split, data, Edit("lock", "root/1"))
    grown = edit_model(locked, data, Edit("regrow", "root"))
    node = grown.tree.nodes[find_node(grown.tree, "root/1")]
    assert isinstance(node, CategorySplit) and node.locked
    assert all(grown.tree.nodes[c].is_leaf for c in node.children)  # locked: nothing grew below it
    unlocked = edit_model(grown, data, Edit("unlock", "root/1"))
    regrown = edit_model(unlocked, data, Edit("regrow", "root"))
    assert isinstance(regrown.tree.nodes[find_node(regrown.tree, "root/1")], CategorySplit)  # expert: kept


def test_an_edit_at_a_node_that_is_not_there(hand):
    model, data = hand
    with pytest.raises(OptionError, match="no node"):
        edit_model(model, data, Edit("prune", "root/7"))
    with pytest.raises(OptionError, match="names no node"):
        edit_model(model, data, Edit("prune", "left"))
    with pytest.raises(OptionError, match="not an edit"):
        Edit("shrink", "root")


def test_node_paths_and_ids():
    from samples import hand_tree

    tree = hand_tree()
    assert find_node(tree, "root") == 0 and find_node(tree, "root/1/0") == 5 and node_path(tree, 5) == "root/1/0"
    assert find_node(tree, "#4") == tree.reachable()[4] and find_node(tree, "4") == tree.reachable()[4]
    with pytest.raises(OptionError, match="#0 to #6"):
        find_node(tree, "#7")
    with pytest.raises(OptionError, match="leaf"):
        find_node(tree, "root/0/0/1")


# ---- on the car demo: replay, undo, redo, save, predict, rules, consult ------------------------


@pytest.fixture(scope="module")
def car():
    project = load_project(DEMO / "car_evaluation.rtproj")
    table = read_table(project.data_path, project.sheet)
    data = encode(table, project.spec)
    info = get("cart")
    params = resolve_params(info, {}, project.spec)
    tree = info.fit(data, project.spec, info.stage_params(params, "fit"))
    from engine.tree.case_counts import count_case_values

    tree.case_values = count_case_values(tree, data.X, data.w)
    model = Model("cart", params, project.spec, tree, missing="majority")
    edits = [Edit("split", "root", attribute="safety", threshold=0.5), Edit("regrow", "root"),
             Edit("prune", "root/1/1"), Edit("label", "root/1/1", label="acc"), Edit("lock", "root/1/0")]
    edited = model
    for e in edits:
        edited = edit_model(edited, data, e)
    return model, edited, data, project


def dumps(model) -> str:
    return json.dumps(model.to_json(), sort_keys=True)


def test_replaying_the_edit_list_gives_the_identical_model(car):
    model, edited, data, _project = car
    again, skipped = replay_model(edited, data)
    assert skipped == [] and dumps(again) == dumps(edited)
    assert dumps(edited) != dumps(model)


def test_undo_and_redo(car):
    model, edited, data, _project = car
    back = undo(edited, data)
    assert len(back.edits) == 4 and [e.op for e in back.undone] == ["lock"]
    assert not back.tree.nodes[find_node(back.tree, "root/1/0")].locked
    forward = redo(back, data)
    assert dumps(forward) == dumps(edited)
    first = model
    for _ in range(5):
        edited = undo(edited, data)
    assert json.dumps(edited.tree.to_json()) == json.dumps(first.tree.to_json()) and edited.base is None
    with pytest.raises(EditError, match="no edit to undo"):
        undo(edited, data)
    with pytest.raises(EditError, match="nothing|no undone"):
        redo(model, data)


def test_an_edited_model_file_round_trips_and_says_who_made_each_node(car, tmp_path):
    _model, edited, data, _project = car
    edited.save(tmp_path / "e.json")
    obj = json.loads((tmp_path / "e.json").read_text())
    assert obj["version"] == 4 and obj["tree"]["nodes"][0]["origin"] == "expert"
    assert [e["op"] for e in obj["edits"]["made"]] == ["split", "regrow", "prune", "label", "lock"]
    assert "origin" not in obj["learned_tree"]["nodes"][0]
    assert sum(1 for n in obj["tree"]["nodes"] if n.get("locked")) == 1
    again = load_model(tmp_path / "e.json")
    assert dumps(again) == dumps(edited)
    # a learned model's file is unchanged by this: no origin, no edits, its old version
    learned = json.loads(json.dumps(_model.to_json()))
    assert learned["version"] == 3 and "edits" not in learned and all("origin" not in n for n in learned["tree"]["nodes"])


@pytest.mark.parametrize("damage, field", [
    (lambda o: o["tree"]["nodes"][0].update(origin="oracle"), "origin"),
    (lambda o: o["tree"]["nodes"][0].update(locked="yes"), "locked"),
    (lambda o: o["edits"]["made"].append({"op": "explode"}), "op"),
    (lambda o: o["edits"]["made"].append({"op": "split", "threshold": "NaN"}), "threshold"),
    (lambda o: o.pop("learned_tree"), "learned"),
    (lambda o: o["learned_tree"]["nodes"][0].update(children=[99]), "children"),
])
def test_a_damaged_edited_model_file_is_refused_in_words(car, tmp_path, damage, field):
    from engine.errors import ModelFileError

    _model, edited, _data, _project = car
    obj = edited.to_json()
    damage(obj)
    (tmp_path / "bad.json").write_text(json.dumps(obj))
    with pytest.raises(ModelFileError, match=field):
        load_model(tmp_path / "bad.json")


def test_an_edited_model_predicts_gives_rules_and_consults_like_any(car, tmp_path, capsys):
    _model, edited, data, project = car
    edited.save(tmp_path / "e.json")
    csv = ROOT / "tests" / "data" / "datasets" / "car_evaluation.csv"
    assert cli.main(["predict", str(tmp_path / "e.json"), str(csv), "--out", str(tmp_path / "p.csv")]) == 0
    predicted = [line.split(",")[1] for line in (tmp_path / "p.csv").read_text().splitlines()[1:]]
    ours = edited.predict(data.X).label_names(edited.tree)
    assert predicted == ours
    # the relabelled leaf answers acc for every case that reaches it
    reach = predict(edited.tree, data.X, "majority").nodes == find_node(edited.tree, "root/1/1")
    assert reach.any() and all(p == "acc" for p, r in zip(predicted, reach) if r)
    assert cli.main(["rules", str(tmp_path / "e.json"), "--xlsx", str(tmp_path / "r.xlsx")]) == 0
    assert (tmp_path / "r.xlsx").stat().st_size > 0
    import csv as csvmod

    rows = list(csvmod.DictReader(io.StringIO(csv.read_text())))
    rng = np.random.default_rng(3)
    for planning in ("planned", "utility"):
        for i in rng.choice(len(rows), 20, replace=False):
            answers = {k: v for k, v in rows[i].items() if k != "class"}
            (tmp_path / "a.json").write_text(json.dumps(answers))
            assert cli.main(["consult", str(tmp_path / "e.json"), "--project", str(DEMO / "car_evaluation.rtproj"),
                             "--answers", str(tmp_path / "a.json"), "--log", str(tmp_path / "log.json"),
                             "--planning", planning]) == 0
            log = json.loads((tmp_path / "log.json").read_text())
            assert log["finished"] and log["outcome"]["label"] == predicted[i]
    capsys.readouterr()


def test_replayed_cv_scores_the_edited_model_in_the_learners_folds(car):
    model, _edited, data, _project = car
    forced = edit_model(model, data, Edit("split", "root", attribute="safety", threshold=0.5))
    forced = edit_model(forced, data, Edit("regrow", "root"))
    scores = replayed_cv(forced, data, cv=5, seed=1)
    alone = scores.learner.evaluation
    edited = scores.edited.evaluation
    assert [len(f.y_true) for f in alone.folds] == [len(f.y_true) for f in edited.folds]
    for a, b in zip(alone.folds, edited.folds):
        assert (a.y_true == b.y_true).all()  # the same test rows, fold for fold
    means = scores.learner.summary()["accuracy"]["mean"], scores.edited.summary()["accuracy"]["mean"]
    assert 0.9 < means[0] < 1 and 0.9 < means[1] < 1 and means[0] != means[1]
    training = training_scores(forced, data)["accuracy"]
    assert training > means[1]  # the training figure is the optimistic one


def test_the_replay_never_sees_a_test_fold_row(car):
    """Every fit the replay makes (the learner's tree of the fold, each regrowth below the forced
    root) sees only that fold's training rows: a row is recorded in each fit, and no fit of a
    fold holds a row of its test part."""
    model, _edited, data, _project = car
    info = get("cart")
    seen = []

    def fit(d, spec, params, progress=None):
        seen.append(set(d.rows.tolist()))
        return info.fit(d, spec, params, progress)

    from dataclasses import replace

    spy = replace(info, fit=fit)
    edits = [Edit("split", "root", attribute="safety", threshold=0.5), Edit("regrow", "root")]
    learner = edited_learner(spy, edits)
    from engine.evaluate import fold_plans

    plans, _warnings = fold_plans(data.y, cv=4, repeats=1, holdout=None, seed=2)
    for train, test in plans:
        seen.clear()
        learner.fit(data.subset(np.flatnonzero(train)), model.spec, info.stage_params(model.params, "fit"))
        test_rows = set(data.rows[np.flatnonzero(test)].tolist())
        assert len(seen) >= 3  # the fold's tree and a regrowth on each side of the forced root
        assert all(not (rows & test_rows) for rows in seen)
        assert set().union(*seen) <= set(data.rows[np.flatnonzero(train)].tolist())


def test_a_planted_test_row_never_changes_its_folds_structure(car):
    """A case planted in the data (a copy of a row with another class) lands in one fold's test
    part; that fold's replayed tree (learned tree, forced root, regrowth) is the tree replayed
    on the same training rows of the data without the plant. Trained on, the plant would show
    (the counts of the leaf it reaches)."""
    from engine.data.encode import EncodedData
    from engine.evaluate import fold_plans

    model, _edited, data, _project = car
    info = get("cart")
    params = info.stage_params(resolve_params(info, {"prune": "none"}, model.spec), "fit")
    learner = edited_learner(info, [Edit("split", "root", attribute="safety", threshold=0.5), Edit("regrow", "root")])
    n = data.n
    planted = EncodedData(np.vstack([data.X, data.X[:1]]), np.append(data.y, (data.y[0] + 1) % 4),
                          np.append(data.w, 1.0), data.schema, np.append(data.rows, n))
    plans, _w = fold_plans(planted.y, cv=4, repeats=1, holdout=None, seed=2)
    k = next(k for k, (_train, test) in enumerate(plans) if test[n])
    train = np.flatnonzero(plans[k][0])
    assert n not in train
    replayed = learner.fit(planted.subset(train), model.spec, params)
    without = learner.fit(data.subset(train), model.spec, params)
    assert json.dumps(replayed.to_json()) == json.dumps(without.to_json())
    trained_on = learner.fit(planted.subset(np.append(train, n)), model.spec, params)
    assert json.dumps(trained_on.to_json()) != json.dumps(without.to_json())


def test_an_edited_model_is_an_entry_in_compare(car):
    from engine.compare import Entry, Scheme, compare

    model, _edited, data, project = car
    forced = edit_model(model, data, Edit("split", "root", attribute="safety", threshold=0.5))
    forced = edit_model(forced, data, Edit("regrow", "root"))
    result = compare(data, project.spec, [Entry("cart"), Entry("cart", {}, edits=forced.edits)],
                     Scheme(cv=5, seed=1))
    assert result.names[:2] == ["cart", "cart, edited"]
    alone = replayed_cv(forced, data, cv=5, seed=1)
    got = result["cart, edited"].fold_metric("accuracy")
    assert np.allclose(np.sort(got), np.sort([f.metrics["accuracy"] for f in alone.edited.evaluation.folds]))


# ---- the command line ---------------------------------------------------------------------------


def test_edit_command(tmp_path, capsys):
    demo = str(DEMO / "car_evaluation.rtproj")
    xlsx = str(DEMO / "car_evaluation.xlsx")
    m = str(tmp_path / "m.json")
    assert cli.main(["train", "--project", demo, "--algorithm", "cart", "--out", m]) == 0
    assert cli.main(["edit", m, "--data", xlsx, "--split", "safety <= low", "--out", str(tmp_path / "1.json")]) == 0
    capsys.readouterr()
    assert cli.main(["edit", str(tmp_path / "1.json"), "--data", xlsx, "--regrow", "--cv", "5",
                     "--out", str(tmp_path / "2.json"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [e["op"] for e in out["edits"]] == ["split", "regrow"] and out["edits"][0]["threshold"] == 0.5
    assert out["training"]["accuracy"] > out["cross_validated"]["edited"]["metrics"]["accuracy"]["mean"] > 0.9
    assert cli.main(["edit", str(tmp_path / "2.json"), "--data", xlsx, "--undo", "--out", str(tmp_path / "3.json")]) == 0
    assert [e.op for e in load_model(tmp_path / "3.json").edits] == ["split"]
    (tmp_path / "edits.json").write_text(json.dumps([{"op": "prune", "at": "root/1"},
                                                     {"op": "label", "at": "root/1", "label": "good"}]))
    assert cli.main(["edit", str(tmp_path / "1.json"), "--data", xlsx, "--edits", str(tmp_path / "edits.json"),
                     "--out", str(tmp_path / "4.json")]) == 0
    text = capsys.readouterr().out
    assert "relabel at root/1: -> good" in text and "split at root: safety <= low" in text
    for bad, says in ((["--split", "safty <= low"], "safty"),
                      (["--split", "safety <= awful"], "awful"),
                      (["--split", "low < buying <= high"], "one cut"),
                      (["--at", "root/9", "--prune"], "no node"),
                      (["--label", "superb", "--at", "root/0"], "not one of the answers")):
        assert cli.main(["edit", str(tmp_path / "1.json"), "--data", xlsx, *bad, "--out", str(tmp_path / "x.json")]) == 2
        assert says in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_compare_takes_an_edited_model(tmp_path, capsys):
    demo = str(DEMO / "car_evaluation.rtproj")
    xlsx = str(DEMO / "car_evaluation.xlsx")
    m = str(tmp_path / "m.json")
    assert cli.main(["train", "--project", demo, "--algorithm", "cart", "--out", m]) == 0
    (tmp_path / "edits.json").write_text(json.dumps([{"op": "split", "at": "root", "attribute": "safety",
                                                      "threshold": 0.5}, {"op": "regrow", "at": "root"}]))
    assert cli.main(["edit", m, "--data", xlsx, "--edits", str(tmp_path / "edits.json"),
                     "--out", str(tmp_path / "e.json")]) == 0
    capsys.readouterr()
    assert cli.main(["compare", "--project", demo, "--algorithms", "cart", "--edited", str(tmp_path / "e.json"),
                     "--cv", "5", "--jobs", "1", "--executor", "threads", "--json"]) == 0
    objects = json.loads(capsys.readouterr().out)
    assert [o["name"] for o in objects][:2] == ["cart", "cart, edited"]
    edited = objects[1]
    assert edited["significance"]["against_reference"]["corrected_t"]["p_value"] is not None
    assert cli.main(["compare", "--project", demo, "--algorithms", "cart", "--edited", str(tmp_path / "e.json"),
                     "--cv", "5", "--jobs", "1", "--executor", "threads"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.strip().startswith("cart, edited") and "." in line
                and ("better" in line or "worse" in line or "-" in line or "0." in line))
    assert line
    assert cli.main(["compare", "--project", demo, "--algorithms", "cart", "--edited", m, "--cv", "5"]) == 2
    assert "has no edits" in capsys.readouterr().err


def test_a_split_as_rules_write_it():
    from engine.cli.edit import split_edit

    project = load_project(DEMO / "car_evaluation.rtproj")
    data = encode(read_table(project.data_path, project.sheet), project.spec)
    schema = data.schema
    assert split_edit("safety <= low", schema).threshold == 0.5
    assert split_edit("safety > low", schema).threshold == 0.5
    assert split_edit("persons", schema) == Edit("split", "root", attribute="persons")
    assert split_edit("lug_boot: small | med", schema).groups == (("small",), ("med",))
    # an ordered attribute's unbroken run of values is a cut between ranks
    assert split_edit("persons in {2, 4}", schema) == Edit("split", "root", attribute="persons", threshold=1.5)


@pytest.mark.parametrize("name, missing", [("cart", 0.1), ("c45", 0.1), ("id3", 0.1), ("dp", 0.1), ("rs", 0.1),
                                           ("mincost", 0.1), ("m1", 0.1), ("facmi", 0.1), ("ie", 0.1), ("rt", 0.1),
                                           ("remt", 0.1), ("facmi", 0.0)])
def test_recounting_a_learned_tree_gives_the_learners_counts(name, missing):
    """The cases an edit recounts move as the learner moved them while training (its missing-value
    policy: heavier side, fractional shares, staying at the node; the ordinal sweeps' heavier side of
    a turned attribute, ties included): recounted from the data, an unedited tree's counts are the
    learner's, node for node."""
    from engine.data.encode import EncodedData
    from engine.edits import copy_tree
    from engine.tree.node_cases import recount, training_policy
    from engine.workflows import inject_missing

    project = load_project(DEMO / "car_evaluation.rtproj")
    data = encode(read_table(project.data_path, project.sheet), project.spec)
    if missing:
        data = EncodedData(inject_missing(data.X, missing, 3), data.y, data.w, data.schema, data.rows)
    info = get(name)
    tree = info.fit(data, project.spec, info.stage_params(resolve_params(info, {}, project.spec), "fit"))
    again = copy_tree(tree)
    for node in again.nodes:
        node.counts = node.counts * 0
    recount(again, 0, data.X, data.y, data.w, training_policy(info))
    for k, i in enumerate(tree.reachable()):
        np.testing.assert_allclose(again.nodes[k].counts, tree.nodes[i].counts, atol=1e-9)


def test_every_edit_option_of_the_command(tmp_path, capsys):
    """--threshold, --groups, --lock / --unlock, --redo, --replay and --seed each change what is written."""
    demo = str(DEMO / "car_evaluation.rtproj")
    xlsx = str(DEMO / "car_evaluation.xlsx")
    m, out = str(tmp_path / "m.json"), lambda name: str(tmp_path / f"{name}.json")

    def edit(model, *options):
        assert cli.main(["edit", model, "--data", xlsx, *options, "--json"]) == 0, capsys.readouterr().err
        return json.loads(capsys.readouterr().out)

    assert cli.main(["train", "--project", demo, "--algorithm", "cart", "--out", m]) == 0
    capsys.readouterr()
    edit(m, "--split", "safety <= low", "--out", out("a"))
    moved = edit(out("a"), "--threshold", "1.5", "--out", out("b"))
    assert moved["edits"][-1] == {"op": "threshold", "at": "root", "threshold": 1.5}
    assert load_model(out("b")).tree.root.threshold == 1.5
    edit(out("a"), "--at", "root/1", "--split", "lug_boot", "--out", out("c"))
    grouped = edit(out("c"), "--at", "root/1", "--groups", "small, med | big", "--out", out("d"))
    assert len(load_model(out("d")).tree.nodes[find_node(load_model(out("d")).tree, "root/1")].children) == 2
    assert grouped["edits"][-1]["groups"] == [["small", "med"], ["big"]]
    edit(out("a"), "--at", "root/1", "--lock", "--out", out("e"))
    assert load_model(out("e")).tree.nodes[find_node(load_model(out("e")).tree, "root/1")].locked
    edit(out("e"), "--at", "root/1", "--unlock", "--out", out("f"))
    assert not load_model(out("f")).tree.nodes[find_node(load_model(out("f")).tree, "root/1")].locked
    edit(out("f"), "--undo", "--out", out("g"))
    redone = edit(out("g"), "--redo", "--out", out("h"))
    assert [e["op"] for e in redone["edits"]] == ["split", "lock", "unlock"] and redone["undone"] == []
    replayed = edit(out("h"), "--replay", "--out", out("i"))
    assert dumps(load_model(out("i"))) == dumps(load_model(out("h"))) and replayed["skipped"] == []
    one = edit(out("a"), "--regrow", "--cv", "5", "--seed", "1", "--out", out("j"))
    two = edit(out("a"), "--regrow", "--cv", "5", "--seed", "2", "--out", out("k"))
    folds = lambda r: r["cross_validated"]["edited"]["metrics"]["accuracy"]["mean"]
    assert one["cross_validated"]["edited"]["scheme"]["seed"] == 1 and folds(one) != folds(two)


@pytest.mark.parametrize("name, params, answer", [("cart", {}, "acc"), ("facmi", {"leaf": "median"}, "acc"),
                                                  ("facmi", {}, "unacc")])
def test_a_split_labels_its_leaves_by_the_learners_rule(name, params, answer):
    """safety > med on car holds unacc 277, acc 204, good 30, vgood 65: the largest class is unacc,
    the least expected cost under the project's cost matrix acc (CART reads the matrix), the median
    class acc (FACMI with leaf=median; FACMI reads no cost matrix): a forced split's leaf follows the
    learner's rule."""
    project = load_project(DEMO / "car_evaluation.rtproj")
    data = encode(read_table(project.data_path, project.sheet), project.spec)
    info = get(name)
    resolved = resolve_params(info, params, project.spec)
    model = Model(name, resolved, project.spec, info.fit(data, project.spec, info.stage_params(resolved, "fit")))
    edited = edit_model(model, data, Edit("split", "root", attribute="safety", threshold=1.5))
    assert counts(edited, "root/1") == [277.0, 204.0, 30.0, 65.0]
    assert label(edited, "root/1") == answer
