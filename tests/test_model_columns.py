"""A tree read from a file in columns (engine.tree.columns, issue 41: a million nodes) answers
as the same tree read node by node: the nodes themselves, the depth-first order, the leaves, the
compiled arrays, predictions, rules and a consultation, and an edit after reading."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine.model import Model, load_model
from engine.plan import plannable
from engine.tree import columns as columns_module
from engine.tree.model import Tree
from engine.tree.predict import predict
from engine.tree.rules import extract_rules, rule_text
from tests.deep_models import big_model


@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    """A complete binary tree of 2^13 - 1 = 8,191 nodes (above LAZY_FROM) as a model file."""
    path = tmp_path_factory.mktemp("columns") / "big.json"
    big_model(levels=12).save(path)
    return path


def _read(path, lazy: bool) -> Model:
    saved = columns_module.LAZY_FROM
    columns_module.LAZY_FROM = saved if lazy else 1 << 40
    try:
        return load_model(path)
    finally:
        columns_module.LAZY_FROM = saved


def test_the_columns_are_used_and_make_nodes_only_when_read(big_file):
    lazy, eager = _read(big_file, True).tree, _read(big_file, False).tree
    assert len(lazy) == len(eager) == 8191
    assert lazy.columns() is not None and eager.columns() is None
    assert lazy.leaves() == eager.leaves() and lazy.reachable() == eager.reachable()
    assert lazy.n_leaves == 4096
    assert len(lazy.nodes.made) < 100  # the orders and leaves came from the columns


def test_the_same_tree_every_way_it_is_read(big_file):
    lazy, eager = _read(big_file, True).tree, _read(big_file, False).tree
    a, b = lazy.compile(), eager.compile()
    for name in ("kind", "feature", "threshold", "label", "counts"):
        if hasattr(a, name):
            np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)
    rng = np.random.default_rng(3)
    X = rng.random((2000, len(eager.schema.attributes)))
    np.testing.assert_array_equal(predict(lazy, X).nodes, predict(eager, X).nodes)
    assert [rule_text(lazy, r) for r in extract_rules(lazy)] == [rule_text(eager, r) for r in extract_rules(eager)]
    assert json.dumps(lazy.to_json(), sort_keys=True) == json.dumps(eager.to_json(), sort_keys=True)
    for i in (0, 1, 4000, 8190):
        made, read = vars(lazy.nodes[i]), vars(eager.nodes[i])
        assert type(lazy.nodes[i]) is type(eager.nodes[i]) and made.keys() == read.keys()
        for key, value in read.items():
            assert np.array_equal(made[key], value) if isinstance(value, np.ndarray) else made[key] == value, key


def test_an_edit_after_reading_is_seen_by_every_answer(big_file):
    lazy, eager = _read(big_file, True).tree, _read(big_file, False).tree
    for tree in (lazy, eager):
        node = tree.nodes[1]
        node.threshold = node.threshold + 0.25  # a node changed in place, the tree not told
    assert lazy.columns() is None  # the columns no longer describe a node made from them: forgotten
    for tree in (lazy, eager):
        tree.changed()
    X = np.random.default_rng(4).random((2000, len(eager.schema.attributes)))
    np.testing.assert_array_equal(predict(lazy, X).nodes, predict(eager, X).nodes)


def test_a_tree_too_large_to_plan_is_consulted_by_utility(big_file, monkeypatch):
    tree = _read(big_file, True).tree
    assert plannable(tree)
    monkeypatch.setattr("engine.plan.MAX_PLAN_NODES", 8190)
    assert not plannable(tree)
