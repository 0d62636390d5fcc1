"""engine.workflows: training and evaluation as the CLI, the window and the comparison call them."""

import json

import numpy as np
import pytest

from engine import cli, workflows
from engine.algorithms.registry import get
from engine.data import read_table
from engine.data.encode import encode
from engine.data.project import load_project
from engine.data.spec import ProblemSpec
from engine.errors import Cancelled, OptionError
from engine.model import file_sha256
from engine.progress import Progress, as_progress
from engine.tree.model import PENDING
from engine.workflows import evaluate_algorithm, train_model


@pytest.fixture
def car(demo_dir):
    project = load_project(demo_dir / "car_evaluation.rtproj")
    table = read_table(project.data_path, project.sheet)
    return table, project.spec


@pytest.fixture
def iris(datasets):
    table = read_table(datasets / "iris.csv")
    return table, ProblemSpec(target="class")


# ---- train_model -------------------------------------------------------------------------------


def test_train_model_names_the_file_it_was_trained_on(car, demo_dir):
    table, spec = car
    result = train_model(get("cart"), table, spec, {})
    assert result.model.trained_on == {"rows": 1728, "file": "car_evaluation.xlsx", "sheet": "cars",
                                       "sha256": file_sha256(demo_dir / "car_evaluation.xlsx")}
    assert result.scored_on == "training" and result.scored_rows == 1728 and result.holdout is None
    assert result.model.spec is not spec and result.model.spec.to_json() == spec.to_json()


def test_train_model_with_a_holdout_scores_the_held_out_rows(car):
    table, spec = car
    info = get("c45")
    result = train_model(info, table, spec, {}, holdout=0.3, seed=4)
    from engine.evaluate import stratified_holdout

    data = encode(table, spec)
    test = stratified_holdout(data.y, 0.3, 4)
    assert result.scored_rows == test.sum() == result.model.trained_on["held_out_rows"]
    assert result.model.trained_on["rows"] == (~test).sum()
    assert result.confusion.sum() == test.sum() and result.confusion.shape == (4, 5)
    assert result.labels == ["unacc", "acc", "good", "vgood", "PENDING"]
    tree = result.model.tree
    assert tree.nodes[0].weight == (~test).sum()  # fitted on the rest only
    # ordered classes with a cost matrix: mae and the average cost; leaves and depth of the tree
    assert {"accuracy", "mae", "avg_misclassification_cost", "leaves", "depth"} <= set(result.metrics)
    labels = np.argmax(result.confusion[:, :4], axis=1)  # sanity: mostly right on the diagonal
    assert (labels == np.arange(4)).sum() >= 3
    expected = float(np.trace(result.confusion[:, :4]) / test.sum())
    assert result.metrics["accuracy"] == pytest.approx(expected)


def test_node_rows_are_the_spreadsheet_rows_of_the_training_cases(car):
    table, spec = car
    result = train_model(get("cart"), table, spec, {"prune": "none"}, holdout=0.25)
    data = encode(table, spec)
    tree = result.model.tree
    root = result.node_rows[0]
    assert len(root) == result.model.trained_on["rows"] and root == sorted(root)
    assert set(root) <= {table.row_number(int(r)) for r in data.rows}
    for leaf in tree.leaves():
        assert len(result.node_rows.get(leaf, [])) == tree.nodes[leaf].weight  # unit weights, no missing values


def test_train_model_checks_the_holdout_share(car):
    table, spec = car
    with pytest.raises(OptionError, match="hold-out share must be between 0 and 1"):
        train_model(get("cart"), table, spec, {}, holdout=1.0)


# ---- evaluate_algorithm: the metrics each problem calls for -------------------------------------


def metric_names(result):
    return set(result.summary())


def test_unordered_classes_without_costs(iris):
    table, spec = iris
    result = evaluate_algorithm(get("cart"), encode(table, spec), spec, {}, cv=3)
    assert metric_names(result) == {"accuracy", "leaves", "single_case_leaves", "depth", "fit_seconds",
                                    "predict_seconds"}
    assert len(result.evaluation.folds) == 3 and result.scheme == {"cv": 3, "repeats": 1, "seed": 0}


def test_ordered_monotone_problem_with_costs(car):
    table, spec = car
    result = evaluate_algorithm(get("facmi"), encode(table, spec), spec, {"enforce_monotone": True}, cv=3)
    assert {"accuracy", "mae", "nonmonotone_pairs", "nmi", "inverted_pairs",
            "avg_misclassification_cost"} <= metric_names(result)
    assert "pending_rate" not in metric_names(result)
    assert result.summary()["nonmonotone_pairs"]["mean"] == 0


def test_trichotomy_family_one_class_against_the_rest(iris):
    table, spec = iris
    spec.positive_class = "Iris-versicolor"
    result = evaluate_algorithm(get("trichotomy"), encode(table, spec), spec, {}, cv=3)
    assert {"pending_rate", "misclassification_rate", "attributes_used"} <= metric_names(result)
    assert "mae" not in metric_names(result)
    assert result.labels == ["Iris-setosa", "Iris-versicolor", "Iris-virginica", "not Iris-versicolor"]
    # "not Iris-versicolor" is right for the other two classes: accuracy counts it so
    for fold in result.evaluation.folds:
        decided = fold.y_pred != PENDING
        right = decided & np.where(fold.y_pred == 3, fold.y_true != 1, fold.y_pred == fold.y_true)
        assert fold.metrics["accuracy"] == pytest.approx(right.mean())
        assert fold.metrics["pending_rate"] == pytest.approx((~decided).mean())
    out = result.to_json()
    assert out["confusion"]["predicted"][-2:] == ["not Iris-versicolor", "PENDING"]
    assert np.array(out["confusion"]["matrix"]).sum() == 150


def test_holdout_repeats_and_bad_schemes(iris):
    table, spec = iris
    data = encode(table, spec)
    result = evaluate_algorithm(get("cart"), data, spec, {}, holdout=0.3, repeats=3, seed=2)
    assert len(result.evaluation.folds) == 3 and result.scheme == {"cv": None, "repeats": 3, "seed": 2,
                                                                   "holdout": 0.3}
    assert all(len(f.y_true) == 45 for f in result.evaluation.folds)
    for bad, words in (({"cv": 1}, "at least 2 folds"), ({"holdout": 1.5}, "between 0 and 1"),
                       ({"repeats": 0}, "repeats must be at least 1")):
        with pytest.raises(OptionError, match=words):
            evaluate_algorithm(get("cart"), data, spec, {}, **bad)


def test_cli_evaluate_prints_the_workflows_result(demo_dir, car, capsys):
    table, spec = car
    assert cli.main(["evaluate", "--project", str(demo_dir / "car_evaluation.rtproj"), "--algorithm", "cart",
                     "--cv", "3", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    direct = evaluate_algorithm(get("cart"), encode(table, spec), spec, {}, cv=3).to_json()
    for key in ("algorithm", "params", "data", "scheme", "warnings", "confusion"):
        assert printed[key] == direct[key]
    assert {k: v for k, v in printed["metrics"].items() if "seconds" not in k} == \
        {k: v for k, v in direct["metrics"].items() if "seconds" not in k}


def test_the_cli_has_no_fold_loop_of_its_own(demo_dir, tmp_path, monkeypatch, capsys):
    calls = []
    real_eval, real_train = workflows.evaluate_algorithm, workflows.train_model
    monkeypatch.setattr(workflows, "evaluate_algorithm", lambda *a, **k: calls.append("evaluate") or real_eval(*a, **k))
    monkeypatch.setattr(workflows, "train_model", lambda *a, **k: calls.append("train") or real_train(*a, **k))
    project = str(demo_dir / "car_evaluation.rtproj")
    assert cli.main(["evaluate", "--project", project, "--algorithm", "id3", "--cv", "2"]) == 0
    assert cli.main(["train", "--project", project, "--algorithm", "id3", "--out", str(tmp_path / "m.json")]) == 0
    assert calls == ["evaluate", "train"]
    assert json.loads((tmp_path / "m.json").read_text())["trained_on"]["sha256"] == \
        file_sha256(demo_dir / "car_evaluation.xlsx")


# ---- progress: a Progress or a plain callable ------------------------------------------------------


def test_as_progress_adapts_a_plain_callable():
    assert as_progress(None) is None
    p = Progress()
    assert as_progress(p) is p
    seen = []
    wrapped = as_progress(lambda done, total, message: seen.append((done, total, message)))
    assert isinstance(wrapped, Progress)
    wrapped.report(1, 4, "one")
    assert seen == [(1, 4, "one")]
    with pytest.raises(TypeError, match="callable"):
        as_progress(42)


def test_quiet_child_shares_the_cancel_flag():
    parent = Progress(lambda *a: pytest.fail("the child must not report"))
    child = parent.quiet()
    child.report(1, 2, "inside a fold")
    parent.cancel()
    with pytest.raises(Cancelled):
        child.check()


def test_workflows_take_a_plain_callable(iris, car):
    table, spec = iris
    folds = []
    evaluate_algorithm(get("cart"), encode(table, spec), spec, {}, cv=4,
                       progress=lambda done, total, message: folds.append((done, total)))
    assert folds == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    steps = []
    car_table, car_spec = car
    train_model(get("cart"), car_table, car_spec, {}, lambda done, total, message: steps.append(message))
    assert steps  # the learner's own reports (pruning folds)


def test_cancel_stops_an_evaluation_between_folds(iris):
    table, spec = iris
    progress = Progress(lambda done, total, message: progress.cancel() if done == 1 else None)
    with pytest.raises(Cancelled):
        evaluate_algorithm(get("cart"), encode(table, spec), spec, {}, cv=5, progress=progress)

    def plain(done, total, message):  # a worker's callback stops the work by raising
        if done == 2:
            raise Cancelled()

    with pytest.raises(Cancelled):
        evaluate_algorithm(get("cart"), encode(table, spec), spec, {}, cv=5, progress=plain)


def test_a_model_answers_with_its_learners_predict_stage_parameters(monkeypatch):
    """Model.predict (and so `ruletree predict`) goes through the learner's own predictor with
    the model's predict-stage parameters when the learner has one."""
    from dataclasses import replace

    import numpy as np

    from engine.algorithms import registry
    from engine.algorithms.params import Param
    from engine.data.encode import AttributeSchema, DataSchema, EncodedData
    from engine.data.spec import ProblemSpec
    from engine.model import Model

    seen = {}

    def own_predict(tree, X, params, missing):
        from engine.tree.predict import predict

        seen.update(params=params, missing=missing)
        return predict(tree, X, missing)

    cart = registry.get("cart")
    staged = replace(cart, name="cart_staged", predict=own_predict,
                     params=cart.params + (Param("strategy", "sequential", "how values are obtained", kind="choice",
                                                 choices=("sequential", "batch"), stage="predict"),))
    monkeypatch.setitem(registry._table(), "cart_staged", staged)
    schema = DataSchema("y", ["a", "b"], False, [AttributeSchema("x", "numeric")])
    data = EncodedData(np.array([[0.0], [1.0], [2.0], [3.0]]), np.array([0, 0, 1, 1]), np.ones(4), schema,
                       np.arange(4))
    params = registry.resolve_params(staged, {"prune": "none", "strategy": "batch"})
    tree = cart.fit(data, None, cart.stage_params(params, "fit") if hasattr(cart, "stage_params") else params)
    model = Model(algorithm="cart_staged", params=params, spec=ProblemSpec(target="y"), tree=tree, missing="majority")
    labels = model.predict(np.array([[0.5], [2.5]])).labels
    assert labels.tolist() == [0, 1] and seen == {"params": {"strategy": "batch"}, "missing": "majority"}
    plain = Model(algorithm="cart", params=params, spec=ProblemSpec(target="y"), tree=tree)
    seen.clear()
    plain.predict(np.array([[0.5]]))
    assert seen == {}
    stranger = Model(algorithm="from_a_newer_version", params={}, spec=ProblemSpec(target="y"), tree=tree)
    assert stranger.predict(np.array([[0.5], [2.5]])).labels.tolist() == [0, 1]  # the tree still answers


def test_the_baseline_is_scored_on_the_same_rows(car, iris):
    """Always answering one class, scored where the model is: on the car demo (a cost matrix
    100·|i - j| and priced tests) the class of least expected cost over the training rows, with
    no test paid; on iris, the commonest class; a model is judged against it on the headline."""
    table, spec = car
    info = get("c45")
    result = train_model(info, table, spec, {}, holdout=0.3)
    base = result.baseline
    data = encode(table, spec)
    test = workflows.stratified_holdout(data.y, 0.3, 0)
    counts = np.bincount(data.y[~test], minlength=4)
    cost = np.abs(np.subtract.outer(np.arange(4), np.arange(4))) * 100.0
    cheapest = int(np.argmin(counts @ cost))
    assert base["label"] == data.classes[cheapest] and base["rule"] == "the class of least expected cost"
    m = base["metrics"]
    assert m["accuracy"] == pytest.approx(np.mean(data.y[test] == cheapest))
    assert m["avg_misclassification_cost"] == pytest.approx(np.mean(cost[data.y[test], cheapest]))
    assert m["avg_total_cost"] == m["avg_misclassification_cost"] and m["avg_test_cost"] == 0
    assert workflows.headline_metric(result.metrics) == ("avg_total_cost", True)
    assert result.beats_baseline() is (result.metrics["avg_total_cost"] < m["avg_total_cost"])
    # iris: no costs; the commonest class of the training rows (ties: the first)
    table, spec = iris
    result = train_model(get("cart"), table, spec, {}, holdout=0.3)
    assert result.baseline["rule"] == "the commonest class" and result.baseline["label"] == "Iris-setosa"
    assert result.baseline["metrics"]["accuracy"] == pytest.approx(1 / 3)
    assert workflows.headline_metric(result.metrics) == ("accuracy", False) and result.beats_baseline() is True
    # a model that does no better than the baseline is said so
    result.metrics["accuracy"] = result.baseline["metrics"]["accuracy"]
    assert result.beats_baseline() is False


def test_train_model_cross_validated_headline(car):
    """cv=k: the tree is fitted on every row; the metrics are evaluate's k-fold means with the
    same seed (the size is the fitted tree's); the confusion matrix adds up to the rows; the
    baseline is fitted and scored fold by fold."""
    table, spec = car
    info = get("c45")
    result = train_model(info, table, spec, {}, cv=5)
    full = train_model(info, table, spec, {})
    assert result.model.tree.to_json() == full.model.tree.to_json() and result.model.trained_on["rows"] == 1728
    data = encode(table, spec)
    ev = evaluate_algorithm(info, data, spec, {}, cv=5).summary()
    for name in ("accuracy", "mae", "avg_total_cost", "avg_misclassification_cost"):
        assert result.metrics[name] == pytest.approx(ev[name]["mean"]) and result.metric_std[name] == pytest.approx(
            ev[name]["std"])
    assert result.metrics["leaves"] == full.model.tree.n_leaves != ev["leaves"]["mean"]
    assert result.confusion.sum() == 1728 and result.cv == 5 and result.holdout is None
    assert result.scheme_text.startswith("5-fold cross-validation over the 1728 rows")
    fold, _ = workflows.stratified_folds(data.y, 5, 0)
    cost = np.abs(np.subtract.outer(np.arange(4), np.arange(4))) * 100.0
    per_fold = []
    for f in range(5):
        label = int(np.argmin(np.bincount(data.y[fold != f], minlength=4) @ cost))
        per_fold.append(np.mean(cost[data.y[fold == f], label]))
    assert result.baseline["metrics"]["avg_misclassification_cost"] == pytest.approx(np.mean(per_fold))
    # the demo prices its tests: C4.5, which ignores those costs, pays more per case (41.9) than
    # asking nothing and answering unacc (41.5); the minimum-cost tree pays less
    assert result.metrics["avg_total_cost"] > result.baseline["metrics"]["avg_total_cost"]
    assert result.beats_baseline() is False
    assert train_model(get("mincost"), table, spec, {}, cv=5).beats_baseline() is True
    with pytest.raises(OptionError):
        train_model(info, table, spec, {}, cv=5, holdout=0.3)


def test_the_verdict_beside_the_baseline():
    """Priced tests: the baseline asks none, so a model more accurate but dearer in total is
    "dearer", not "worse" (issue 36); no more accurate and no cheaper is "worse"."""
    import numpy as np

    from engine.workflows import TrainResult

    def result(ours: dict, theirs: dict) -> TrainResult:
        return TrainResult(model=None, metrics=ours, holdout=None, scored_rows=10, fit_seconds=0.0, labels=[],
                           confusion=np.zeros((2, 2)), node_rows={}, baseline={"label": "a", "rule": "", "metrics": theirs})

    base = {"accuracy": 0.337, "avg_total_cost": 40.0, "avg_test_cost": 0.0, "avg_misclassification_cost": 40.0}
    assert result({"accuracy": 0.635, "avg_total_cost": 45.0, "avg_test_cost": 20.0}, base).baseline_verdict() == "dearer"
    assert result({"accuracy": 0.30, "avg_total_cost": 45.0, "avg_test_cost": 20.0}, base).baseline_verdict() == "worse"
    assert result({"accuracy": 0.635, "avg_total_cost": 30.0, "avg_test_cost": 20.0}, base).baseline_verdict() == "better"
    # no priced tests: accuracy judges, and more errors is simply worse
    assert result({"accuracy": 0.30}, {"accuracy": 0.337}).baseline_verdict() == "worse"
    assert result({"accuracy": 0.40}, {"accuracy": 0.337}).baseline_verdict() == "better"
