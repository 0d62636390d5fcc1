"""Expert-edited trees export as learned ones do (issue 38): CART on the car demo with its root forced
to `safety`, the rest regrown, a node pruned and a leaf relabelled against its counts answers in
SQLite, DuckDB and jpmml-evaluator exactly as `predict` does, under the model's policy and the
fractional one (SQL), blanks included; the printable report lists its edited rules."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sqlite3
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from engine.algorithms import registry
from engine.data.encode import encode_for_schema
from engine.edits import Edit, edit_model
from engine.pmml import write_pmml
from engine.problem import open_problem
from engine.report import report_figures
from engine.sql_export import sql_text
from engine.workflows import train_model

from samples import with_blanks
from test_sql_export import answers, load

duckdb = pytest.importorskip("duckdb")

DEMO = Path(__file__).resolve().parents[1] / "resources" / "demo"
_NO_JPMML = shutil.which("java") is None or importlib.util.find_spec("jpmml_evaluator") is None
needs_jpmml = pytest.mark.skipif(_NO_JPMML and os.environ.get("RULETREE_REQUIRE_BUILD_TOOLS") != "1",
                                 reason="java or jpmml_evaluator missing (apt-get install default-jre-headless; "
                                        "pip install -e '.[test]')")


@pytest.fixture(scope="module")
def edited(tmp_path_factory):
    problem = open_problem(project=DEMO / "car_evaluation.rtproj")
    table = problem.table
    model = train_model(registry.get("cart"), table, problem.spec, None).model
    data = encode_for_schema(table, model.schema)
    learned = model
    for edit in (Edit("split", "root", attribute="safety", threshold=0.5), Edit("regrow", "root"),
                 Edit("prune", "root/1/0")):
        model = edit_model(model, data, edit)
    leaf = max(model.tree.leaves(), key=lambda i: model.tree.nodes[i].weight)
    counts = model.tree.nodes[leaf].counts
    other = int(np.argsort(counts)[-2])  # the leaf's second class: against its counts
    path = "root" + "".join(f"/{model.tree.nodes[p].children.index(c)}"
                            for p, c in zip(model.tree.path_to(leaf), model.tree.path_to(leaf)[1:]))
    model = edit_model(model, data, Edit("label", path, label=model.tree.labels[other]))
    assert len(model.edits) == 4 and model.tree.nodes[leaf].label == other
    blanked = with_blanks(table, problem.spec, tmp_path_factory.mktemp("blanked"))
    assert model.predict_table(table).label_names(model.tree) != learned.predict_table(table).label_names(
        learned.tree)
    return model, table, blanked


@pytest.mark.parametrize("policy", ["stop", "majority", "fractional"])
def test_the_edited_tree_answers_in_sqlite_and_duckdb_as_predict(edited, policy):
    model, table, blanked = edited
    model.missing = policy
    for t in (table, blanked):
        expected = model.predict_table(t).label_names(model.tree)
        for con, dialect in ((sqlite3.connect(":memory:"), "sqlite"), (duckdb.connect(), "duckdb")):
            load(con, t)
            assert answers(con, sql_text(model, dialect)) == expected, (policy, dialect)


@needs_jpmml
@pytest.mark.parametrize("policy", ["stop", "majority"])
def test_the_edited_trees_pmml_answers_in_jpmml_as_predict(edited, policy, tmp_path):
    import jpmml_evaluator

    model, table, blanked = edited
    model.missing = policy
    path = tmp_path / "edited.pmml"
    write_pmml(model, path)
    evaluator = jpmml_evaluator.make_evaluator(str(path)).verify()
    for t in (table, blanked):
        frame = t.frame[model.schema.names].astype(object).where(t.frame[model.schema.names].notna(), None)
        got = evaluator.evaluateAll(pd.DataFrame(frame))
        target = model.schema.target
        labels = [str(v) for v in got[target]] if target in got else [str(v) for v in got.iloc[:, 0]]
        assert labels == model.predict_table(t).label_names(model.tree), policy


def test_the_report_of_the_edited_tree_lists_its_own_rules(edited):
    model, table, _blanked = edited
    figures = report_figures(model)
    assert len(figures.rules) == model.tree.n_leaves
    assert ("edits by the expert", "4") in figures.problem
    assert any(r.label == model.tree.label_name(model.tree.nodes[r_leaf].label)
               for r, r_leaf in zip(figures.rules, model.tree.leaves()))
