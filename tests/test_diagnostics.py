"""Why a tree is a single leaf (engine/diagnostics.py): each reason on data made to produce it,
named in the training result and by `ruletree train`."""

from __future__ import annotations

import numpy as np
import pandas as pd

from engine.algorithms.registry import get, resolve_params
from engine.data import read_table
from engine.data.encode import encode
from engine.data.spec import ProblemSpec
from engine.data.table import Table
from engine.diagnostics import one_leaf_reason
from engine.workflows import train_model


def table(frame: pd.DataFrame) -> Table:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "data.csv"
        frame.to_csv(path, index=False)
        return read_table(path)


def noise(n=200, seed=0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame({"a": rng.normal(size=n), "b": rng.normal(size=n),
                         "y": rng.choice(["p", "q"], n)})


def separable(n=60) -> pd.DataFrame:
    a = np.arange(n, dtype=float)
    return pd.DataFrame({"a": a, "y": np.where(a < n / 2, "lo", "hi")})


def reason(name, frame, **params):
    info = get(name)
    spec = ProblemSpec(target="y")
    data = encode(table(frame), spec)
    resolved = resolve_params(info, params, spec)
    tree = info.fit(data, spec, info.stage_params(resolved, "fit"))
    assert tree.n_leaves == 1
    return one_leaf_reason(info, data, spec, resolved)


def test_one_class():
    """(A file of one class is refused before training; a hold-out's training rows can still be.)"""
    spec = ProblemSpec(target="y")
    data = encode(table(separable()), spec)
    one = data.subset(np.flatnonzero(data.y == data.y[0]))
    info = get("cart")
    assert one_leaf_reason(info, one, spec, resolve_params(info, {}, spec)).startswith(
        "every training row has the same class")


def test_pruning_is_named_with_the_setting_that_splits():
    text = reason("cart", noise())
    assert text.startswith("pruning removed every split") and "prune = auto" in text and "prune = none" in text
    text = reason("cart", noise(), ccp_alpha=0.5)
    assert "ccp_alpha = 0.5" in text and "ccp_alpha = 0" in text


def test_a_size_setting_is_named_after_pruning_is_ruled_out():
    text = reason("c45", separable(), min_cases=40)
    assert text.startswith("no split leaves min_cases") and "min_cases = 40" in text and "min_cases = 1" in text
    text = reason("cart", separable(), min_samples_split=100, prune="none")
    assert "min_samples_split = 100" in text


def test_the_fallback_when_no_setting_is_to_blame():
    """DP on a column with one value for every row: nothing to relax, nothing to split on."""
    assert "no attribute separates the classes under dp's criterion" in reason("dp", separable().assign(a=1.0))


def test_train_result_and_cli_say_it(tmp_path, capsys):
    from engine.cli import main

    result = train_model(get("cart"), table(noise()), ProblemSpec(target="y"), {})
    assert result.model.tree.n_leaves == 1
    assert any(w.startswith("the tree is a single leaf: pruning removed every split") for w in result.warnings)
    path = tmp_path / "noise.csv"
    noise().to_csv(path, index=False)
    assert main(["train", str(path), "--target", "y", "--algorithm", "cart", "--out", str(tmp_path / "m.json")]) == 0
    assert "single leaf: pruning removed every split" in capsys.readouterr().err


# ---- what is said of the target before training ---------------------------------------------------


def target_warnings_of(frame):
    return [w for w in encode(table(frame), ProblemSpec(target="y")).warnings]


def test_an_id_like_numeric_target_is_named():
    frame = pd.DataFrame({"a": np.arange(152.0) % 7, "y": np.arange(152) + 1000})
    said = target_warnings_of(frame)
    assert any('target column "y" is numeric with 152 distinct values' in w for w in said)
    # a few numeric classes (0..4, as in the heart-disease file) are classes
    assert not any("distinct values" in w for w in target_warnings_of(frame.assign(y=np.arange(152) % 5)))


def test_single_case_classes_are_named_with_their_row():
    frame = separable()
    frame.loc[7, "y"] = "odd"
    frame.loc[40, "y"] = "rare"
    said = [w for w in target_warnings_of(frame) if "single case" in w]
    assert said == ['2 classes have a single case: "odd" (row 9), "rare" (row 42); too few to learn from, and '
                    "cross-validation cannot test them in every fold"]
    assert not any("single case" in w for w in target_warnings_of(separable()))


def test_a_dominant_class_is_named():
    frame = pd.DataFrame({"a": np.arange(100.0), "y": ["no"] * 96 + ["yes"] * 4})
    assert any('"no" holds 96% of the rows' in w for w in target_warnings_of(frame))
    frame = pd.DataFrame({"a": np.arange(100.0), "y": ["no"] * 94 + ["yes"] * 6})
    assert not any("holds" in w for w in target_warnings_of(frame))


def test_at_most_max_refits_when_nothing_splits():
    """Every relaxation is tried by refitting; a learner that never splits costs at most
    MAX_REFITS extra fits, then the general reason is given."""
    import dataclasses

    from engine.diagnostics import MAX_REFITS, RELAX

    spec = ProblemSpec(target="y")
    data = encode(table(separable()), spec)
    cart = get("cart")
    one_leaf = cart.fit(data.subset(np.flatnonzero(data.y == data.y[0])), spec,
                        cart.stage_params(resolve_params(cart, {}, spec), "fit"))
    fits = []
    never = dataclasses.replace(cart, fit=lambda *a, **k: fits.append(1) or one_leaf, name="never")
    # every setting RELAX knows, at a value it would relax
    params = {"prune": "auto", "ccp_alpha": 0.5, "cost_stop": True, "threshold": 0.5, "epsilon": 0.5, "beta0": 0.9,
              "beta": 0.8, "min_membership": 2.0, "min_mass_share": 0.2, "min_cases": 5, "min_samples_split": 10, "min_samples_leaf": 5}
    assert set(params) == {name for name, _, _ in RELAX} and len(RELAX) > MAX_REFITS
    text = one_leaf_reason(never, data, spec, params)
    assert len(fits) == MAX_REFITS and text.startswith("no attribute separates the classes under never")
