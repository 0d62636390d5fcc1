"""Issue 41, class "costs that grow faster than the file": every algorithm over trees and settings
linear (or n log n) in depth and size. Operation counts where they can be had (a quadratic
walk does ~depth^2 / 2 steps where a linear one does ~nodes), structural checks elsewhere, and
the output compared with the per-leaf computation (path_bounds / passable, kept for one node)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from engine.data.spec import ProblemSpec
from engine.data.spec.checks import check_hierarchy, find_cycle
from engine.fileio import json_depth
from engine.model import Model
from engine.tree import describe
from engine.tree.describe import passable, path_bounds, walk_path_bounds
from engine.tree.model import Tree
from engine.tree.predict import predict
from engine.tree.rules import Rule, extract_rules, rules_json
from tests.deep_models import chain_model, chain_tree, deep_case

ROOT = Path(__file__).resolve().parents[1]


def old_rules(tree, leaves=None):
    """The rules as they were computed before issue 41: each leaf's path from the root."""
    total = max(tree.root.weight, 1e-300)
    out = []
    for leaf in tree.leaves() if leaves is None else leaves:
        if not passable(tree, leaf):
            continue
        p = path_bounds(tree, leaf)
        new = extract_rules(tree, [leaf])
        assert len(new) == 1
        r = new[0]
        out.append(Rule(leaf=leaf, label=r.label, bounds=p.bounds, linear=p.linear, order=p.order,
                        support=r.support, confidence=r.confidence, coverage=tree.nodes[leaf].weight / total,
                        linear_parts=p.linear_parts))
    return out


def _demo_tree(name, algorithm, params=None):
    from engine.algorithms.registry import get, resolve_params
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.project import load_project

    project = load_project(ROOT / "resources" / "demo" / f"{name}.rtproj")
    data = encode(read_table(project.data_path, project.sheet), project.spec)
    info = get(algorithm)
    if algorithm == "trichotomy":  # one class against the rest
        project.spec.positive_class = data.classes[0]
    return info.fit(data, project.spec, resolve_params(info, params or {}))


@pytest.mark.parametrize("name,algorithm,params", [
    ("car_evaluation", "cart", {"prune": "none"}), ("heart_zh", "cart", {}), ("heart_zh", "c45", {}),
    ("heart_zh", "fuzzy_id3", {}), ("glass", "trichotomy", {}), ("glass", "cart", {"prune": "none"})])
def test_rules_of_one_walk_are_the_rules_of_each_path(name, algorithm, params):
    tree = _demo_tree(name, algorithm, params)
    new = extract_rules(tree)
    old = old_rules(tree)
    assert len(new) == len(old) > 1
    assert rules_json(tree, new) == rules_json(tree, old)
    # a chosen set of nodes, internal ones among them, in the order given
    some = [tree.leaves()[-1], 0, *tree.nodes[0].children, tree.leaves()[0]]
    assert rules_json(tree, extract_rules(tree, some)) == rules_json(tree, old_rules(tree, some))


def test_the_walk_describes_the_chain_as_each_path_does():
    tree = chain_tree(300)
    walked = {i: (p, ok) for i, p, ok in walk_path_bounds(tree)}
    assert sorted(walked) == sorted(tree.leaves())
    for leaf in tree.leaves()[::7]:
        p, ok = walked[leaf]
        q = path_bounds(tree, leaf)
        assert ok and (p.order, p.linear, p.linear_parts) == (q.order, q.linear, q.linear_parts)
        assert {j: (b.low, b.high, b.values, b.terms) for j, b in p.bounds.items()} == \
            {j: (b.low, b.high, b.values, b.terms) for j, b in q.bounds.items()}
    # the deepest leaf: x0 in (299 - ..., ...], colour red: hand-checked ends
    deepest = 2 * 300
    b = walked[deepest][0].bounds
    assert b[3].values == {0}
    assert b[0].low < 300.5 <= b[0].high and b[1].low < 300.5 <= b[1].high


def _count_adds(monkeypatch):
    calls = [0]
    real = describe.Bound.add

    def add(self, cond):
        calls[0] += 1
        real(self, cond)

    monkeypatch.setattr(describe.Bound, "add", add)
    return calls


@pytest.mark.parametrize("depth", [2000, 8000])
def test_rules_merge_each_branch_once(monkeypatch, depth):
    """Linear: one merge per edge of the tree (nodes - 1); per leaf from the root it was ~depth^2 / 2
    (2,000,000 at depth 2,000)."""
    tree = chain_tree(depth)
    calls = _count_adds(monkeypatch)
    rules = extract_rules(tree)
    assert len(rules) == depth + 1
    assert calls[0] <= len(tree.nodes)
    # and the set of a few nodes walks only their paths: the deepest leaf's path, once
    calls[0] = 0
    extract_rules(tree, [2 * depth, 2 * depth - 1])
    assert calls[0] <= depth + 1


def test_a_chain_ten_thousand_deep_in_every_form():
    """No recursion a deep tree overflows, and the deep case answered by its deepest leaf: rules,
    JSON, the model file's round trip, the compiled form and prediction."""
    depth = 10000
    model = chain_model(depth)
    tree = model.tree
    assert tree.depth == depth
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(200, len(__import__("inspect").stack()) + 150))  # no deep recursion anywhere
    try:
        items = rules_json(tree, extract_rules(tree))
        back = Model.from_json(json.loads(json.dumps(model.to_json())))
        compiled = back.tree.compile()
    finally:
        sys.setrecursionlimit(limit)
    assert len(items) == depth + 1
    deepest = next(item for item in items if item["leaf"] == 2 * depth)
    assert deepest["conditions"][-1] == "colour = red"
    assert len(back.tree.nodes) == 2 * depth + 1 and compiled.preorder[0] == 0
    case = deep_case(depth)
    X = np.array([[case["x0"], case["x1"], case["x2"], 0.0]])
    off = X.copy()
    off[0, 3] = 1.0  # green: stops at level 6
    pred = predict(tree, np.vstack([X, off]), "stop")
    assert pred.labels.tolist() == [0, 0]  # the deepest leaf says a; so does level 6's leaf (6 % 2 = 0)
    assert [int(n) for n in pred.nodes] == [2 * depth, 2 * 6 + 1]


def test_compiled_form_as_node_by_node():
    """The compiled arrays built from columns match the nodes one by one (majority child, the
    nearest weighted ancestor, child ranges)."""
    from tests.samples import hand_tree

    tree = hand_tree()
    tree.nodes[3].counts = np.zeros(2)  # a leaf of no weight: its scores are its parent's
    c = tree.compile()
    assert c.majority_child.tolist() == [0, 1, 1, -1, -1, -1, -1]  # node 1: [0, 0] beside [0, 2]
    assert c.dist_source.tolist() == [0, 1, 2, 1, 4, 5, 6]
    assert c.child_start.tolist() == [0, 2, 4, 6, 6, 6, 6] and c.child_index.tolist() == [1, 2, 3, 4, 5, 6]
    assert c.feature.tolist()[:3] == [0, 1, 2] and c.threshold.tolist()[:3] == [5.0, 1.0, 1.0]


def test_json_depth_counts_only_brackets_outside_strings():
    assert json_depth('{"a": [[1, {"b": "[[[[{{"}]]]}') == 4
    assert json_depth("[" * 70 + "]" * 70) == 70
    assert json_depth('["\\"[[[", []]') == 2
    assert json_depth("") == 0


# ---- the settings check on a deep class hierarchy -------------------------------------------


class _Counting(dict):
    steps = 0

    def __getitem__(self, key):
        _Counting.steps += 1
        return super().__getitem__(key)


def _deep_hierarchy(levels):
    """L0 (top) <- L1 <- ... <- L{levels-1}, and the classes a and b under the deepest."""
    h = {"L0": None}
    h.update({f"L{i}": f"L{i - 1}" for i in range(1, levels)})
    h.update({"a": f"L{levels - 1}", "b": f"L{levels - 1}"})
    return h


def test_cycles_are_found_in_linear_steps():
    links = _Counting({c: p for c, p in _deep_hierarchy(2000).items() if p is not None})
    _Counting.steps = 0
    assert find_cycle(links) is None
    assert _Counting.steps <= 2 * len(links)  # a walk per label to the top was ~2,000,000
    looped = {"a": "b", "b": "c", "c": "d", "d": "b", "x": "a"}
    assert find_cycle(looped) == ["b", "c", "d", "b"]
    assert find_cycle({"x": "y", "y": "z", "a": "a"}) == ["a", "a"]


def test_settings_check_on_a_ten_thousand_level_hierarchy(tmp_path):
    from engine.data import read_table
    from engine.data.spec.checks import validate

    path = tmp_path / "d.csv"
    path.write_text("x,y\n1,a\n2,b\n3,a\n", encoding="utf-8")
    table = read_table(path)
    spec = ProblemSpec(target="y", hierarchy=_deep_hierarchy(10000))
    t0 = time.process_time()
    validate(spec, table)
    assert time.process_time() - t0 < 1.0
    broken = dict(spec.hierarchy, L0="L9999")  # the top under the bottom: a cycle 10,000 long
    from engine.errors import RuleTreeError

    t0 = time.process_time()
    with pytest.raises(RuleTreeError, match="cycle"):
        validate(ProblemSpec(target="y", hierarchy=broken), table)
    assert time.process_time() - t0 < 1.0


def test_consult_to_the_deepest_leaf_of_a_chain(tmp_path):
    depth = 10000
    chain_model(depth).save(tmp_path / "chain.json")
    (tmp_path / "case.json").write_text(json.dumps(deep_case(depth)), encoding="utf-8")
    env = dict(os.environ, RULETREE_DATA_DIR=str(tmp_path / "home"), RULETREE_LANG="en")
    t0 = time.time()
    done = subprocess.run([sys.executable, "-m", "engine.cli", "consult", str(tmp_path / "chain.json"),
                           "--answers", str(tmp_path / "case.json")], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "answer: a" in done.stdout
    assert "colour = red THEN a" in done.stdout
    assert time.time() - t0 < 300
