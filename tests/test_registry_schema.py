"""The registry's schema: parameter stages, choices taken from the problem, cross-parameter
checks, families in order — in resolve_params, to_json and `ruletree algorithms`."""

import json

import numpy as np
import pytest

from engine import cli
from engine.algorithms import registry
from engine.algorithms.params import AlgorithmInfo, Param, hierarchy_levels, resolve_params
from engine.data.spec import ProblemSpec
from engine.errors import OptionError
from engine.tree.predict import predict

GLASS_HIERARCHY = {"ALL": None, "WG": "ALL", "NWG": "ALL", "FP": "WG", "NFP": "WG", "1": "FP", "3": "FP",
                   "2": "NFP", "4": "NFP", "5": "NWG", "6": "NWG", "7": "NWG"}


def _cart_fit(data, spec, params, progress=None):
    cart = registry.get("cart")
    return cart.fit(data, spec, resolve_params(cart, {"prune": "none"}), progress)


def _policy_predict(tree, X, params, missing):
    return predict(tree, X, params["policy"])


def weights_not_all_zero(params):
    """w1..w4 must not all be zero"""
    if all(params[f"w{k}"] == 0 for k in range(1, 5)):
        return "w1..w4 are all zero; give at least one a weight"
    return None


#: a learner with a predict-stage parameter (the missing-value policy of its answers), a level
#: chosen from the class hierarchy, and four weights checked together
DEMO = AlgorithmInfo(
    name="demo", family="fuzzy", title="Demo of the schema",
    params=(Param("depth", 3, "a fit parameter", kind="int", minimum=1),
            Param("level", None, "level of the class hierarchy", kind="choice", choices_from="hierarchy_levels"),
            *(Param(f"w{k}", 1.0, f"weight {k}", minimum=0.0) for k in range(1, 5)),
            Param("policy", "stop", "what an unknown value does when answering", kind="choice",
                  choices=("stop", "majority", "fractional"), stage="predict")),
    fit=_cart_fit, check=weights_not_all_zero, predict=_policy_predict)


@pytest.fixture
def demo_registered(monkeypatch):
    table = dict(registry._table())
    table["demo"] = DEMO
    monkeypatch.setattr(registry, "_TABLE", table)
    return DEMO


# ---- stage ------------------------------------------------------------------------------


def test_stage_defaults_to_fit_and_is_in_the_json():
    assert Param("a", 1, "h").stage == "fit"
    by_name = {p["name"]: p for p in DEMO.to_json()["params"]}
    assert by_name["depth"]["stage"] == "fit" and by_name["policy"]["stage"] == "predict"
    with pytest.raises(ValueError, match="stage must be fit or predict"):
        Param("a", 1, "h", stage="later")


def test_resolve_params_accepts_and_checks_both_stages():
    out = resolve_params(DEMO, {"depth": 5, "policy": "majority"})
    assert out["depth"] == 5 and out["policy"] == "majority"
    with pytest.raises(OptionError, match="policy must be one of stop, majority, fractional"):
        resolve_params(DEMO, {"policy": "sometimes"})
    assert DEMO.stage_params(out, "predict") == {"policy": "majority"}
    assert "policy" not in DEMO.stage_params(out, "fit") and DEMO.stage_params(out, "fit")["depth"] == 5


def test_every_registered_parameter_says_its_stage(capsys):
    assert cli.main(["algorithms", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert items and all(p["stage"] in ("fit", "predict") for a in items for p in a["params"])


def test_algorithms_text_shows_predict_stage_parameters_apart(demo_registered, capsys):
    assert cli.main(["algorithms"]) == 0
    out = capsys.readouterr().out
    block = out[out.index("  demo "):]
    head, _, rest = block.partition("    prediction (changes the answers, not the tree):")
    assert "depth = 3" in head and "policy" not in head
    assert rest.lstrip().startswith("policy = stop {stop, majority, fractional}")
    assert "constraint: w1..w4 must not all be zero" in block
    assert "level = None {from the problem: hierarchy_levels}" in head


# ---- choices taken from the problem ------------------------------------------------------


def test_hierarchy_levels_count_from_the_root():
    assert hierarchy_levels(ProblemSpec(hierarchy=GLASS_HIERARCHY)) == (1, 2, 3, 4)  # ALL, WG, FP, 1
    assert hierarchy_levels(ProblemSpec(hierarchy={"1": "5", "2": "5", "3": "6", "5": "R", "6": "R"})) == (1, 2, 3)
    assert hierarchy_levels(ProblemSpec()) == ()
    assert hierarchy_levels(ProblemSpec(hierarchy={"a": "b", "b": "a"}))  # a cycle ends (spec.check reports it)


def test_a_problem_choice_is_checked_against_the_problem():
    glass = ProblemSpec(hierarchy=GLASS_HIERARCHY)
    assert resolve_params(DEMO, {"level": "4"}, glass)["level"] == 4
    assert resolve_params(DEMO, {"level": 2}, glass)["level"] == 2
    assert resolve_params(DEMO, {}, glass)["level"] is None  # the default: left to the algorithm
    with pytest.raises(OptionError) as err:
        resolve_params(DEMO, {"level": 5}, glass)
    assert str(err.value) == "demo parameter level must be one of 1, 2, 3, 4 (levels of the class hierarchy), not 5"
    with pytest.raises(OptionError, match=r"needs the problem's levels of the class hierarchy \(setting hierarchy\)"):
        resolve_params(DEMO, {"level": 1}, ProblemSpec())
    with pytest.raises(OptionError, match="must be a whole number from 1, not 'top'"):
        resolve_params(DEMO, {"level": "top"}, glass)
    assert resolve_params(DEMO, {"level": "3"})["level"] == 3  # no problem known: the form only
    assert DEMO.to_json()["params"][1]["choices_from"] == "hierarchy_levels"
    with pytest.raises(ValueError, match="no choice source"):
        Param("x", None, "h", kind="choice", choices_from="nope")


def test_cli_checks_a_problem_choice_against_the_project(demo_registered, demo_dir, tmp_path, capsys):
    glass = str(demo_dir / "glass.rtproj")
    assert cli.main(["train", "--project", glass, "--algorithm", "demo", "--param", "level=7", "--out",
                     str(tmp_path / "m.json")]) == 2
    assert "level must be one of 1, 2, 3, 4" in capsys.readouterr().err
    assert cli.main(["train", "--project", glass, "--algorithm", "demo", "--param", "level=3", "--out",
                     str(tmp_path / "m.json")]) == 0
    assert json.loads((tmp_path / "m.json").read_text())["params"]["level"] == 3


# ---- cross-parameter check --------------------------------------------------------------


def test_cross_parameter_check_is_one_clear_error(demo_registered, datasets, capsys):
    zero = {f"w{k}": 0 for k in range(1, 5)}
    with pytest.raises(OptionError) as err:
        resolve_params(DEMO, zero)
    assert str(err.value) == "demo parameters: w1..w4 are all zero; give at least one a weight"
    assert resolve_params(DEMO, {**zero, "w3": 0.5})["w3"] == 0.5
    assert DEMO.to_json()["constraint"] == "w1..w4 must not all be zero"
    args = ["evaluate", str(datasets / "iris.csv"), "--algorithm", "demo"]
    for k in range(1, 5):
        args += ["--param", f"w{k}=0"]
    assert cli.main(args) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == ["ruletree: error: demo parameters: w1..w4 are all zero; give at least one a weight"]


# ---- families ---------------------------------------------------------------------------


def test_families_in_their_order_with_titles():
    assert [f.name for f in registry.FAMILIES] == ["classic", "ordinal", "roughset", "fuzzy", "costsensitive",
                                                   "optimal", "trichotomy", "expert"]
    assert registry.family("fuzzy").title == "Hierarchical fuzzy"
    groups = registry.by_family()
    assert [f.name for f, _ in groups] == [f.name for f in registry.FAMILIES if any(
        a.family == f.name for a in registry.algorithms())]
    assert [a.name for _, infos in groups for a in infos][:3] == ["cart", "c45", "id3"]  # registration order
    assert sorted(a.name for _, infos in groups for a in infos) == sorted(a.name for a in registry.algorithms())


def test_by_family_follows_the_table_not_the_names(monkeypatch):
    monkeypatch.setattr(registry, "FAMILIES", tuple(reversed(registry.FAMILIES)))
    assert [f.name for f, _ in registry.by_family()][:2] == ["expert", "trichotomy"]


def test_an_unknown_family_is_refused_when_the_table_is_built(monkeypatch):
    from engine.algorithms import classic

    monkeypatch.setattr(classic, "ALGORITHMS", classic.ALGORITHMS + (AlgorithmInfo("odd", "oddities", "Odd"),))
    with pytest.raises(ValueError, match="unknown family 'oddities'"):
        registry._build()


def test_algorithms_are_printed_grouped_by_family(monkeypatch, capsys):
    assert cli.main(["algorithms"]) == 0
    out = capsys.readouterr().out
    titles = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert titles == [f"{f.title} ({f.name})" for f, _ in registry.by_family()]
    assert out.index("  cart ") < out.index("Ordinal (monotone)") < out.index("  facmi ")
    monkeypatch.setattr(registry, "FAMILIES", tuple(reversed(registry.FAMILIES)))
    assert cli.main(["algorithms"]) == 0
    assert capsys.readouterr().out.startswith("The expert's own (expert)")
    assert cli.main(["algorithms", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert items[0]["family"] == "expert" and items[0]["family_title"] == "The expert's own"
    assert items[1]["family"] == "trichotomy" and items[1]["family_title"] == "Sequential discriminant"


# ---- a predict-stage parameter changes the answers, never the tree ----------------------------


def test_predict_stage_parameter_reaches_only_the_prediction(demo_registered, datasets):
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.workflows import train_model

    seen = []
    info = AlgorithmInfo(**{**{k: getattr(DEMO, k) for k in ("name", "family", "title", "params", "check",
                                                                 "predict")},
                            "fit": lambda data, spec, params, progress=None: seen.append(dict(params))
                            or _cart_fit(data, spec, params, progress)})
    table = read_table(datasets / "heart_disease_cleveland.csv")
    spec = ProblemSpec(target=table.columns[-1].name)
    data = encode(table, spec)
    assert np.isnan(data.X).any()  # unknown values: the policy matters
    stop = train_model(info, table, spec, {"policy": "stop"}, data=data)
    frac = train_model(info, table, spec, {"policy": "fractional"}, data=data)
    assert all("policy" not in p for p in seen) and seen[0]["depth"] == 3
    assert stop.model.tree.to_json() == frac.model.tree.to_json()
    assert stop.model.params["policy"] == "stop" and frac.model.params["policy"] == "fractional"
    # fractional routing spreads a case with an unknown value: it reaches no single node
    assert sum(len(v) for v in stop.node_rows.values()) != sum(len(v) for v in frac.node_rows.values())


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_window_s_words_name_no_paper(lang):
    """Issue 36: a domain expert reads no "(seed 000)", "paper", "§" or "ALGORITHMS.md" in the
    algorithms' titles and parameters' help (the papers are named in Help and About)."""
    from engine import i18n
    from engine.algorithms.registry import algorithms, by_family

    words = ("seed 0", "paper", "§", "ALGORITHMS.md", "论文")
    with i18n.using(lang):
        texts = [a.display_title for a in algorithms()] + [p.display_help for a in algorithms() for p in a.params]
        texts += [f.display_title for f, _ in by_family()]
    found = [t for t in texts if any(w in t for w in words)]
    assert not found, found


def test_a_learner_is_named_by_its_short_title_where_space_is_short():
    """Issue 36's tour: the session list, the status bar and the predictions say "C4.5", not "c45"."""
    from engine import i18n
    from engine.algorithms.registry import title_of

    assert [title_of(n) for n in ("c45", "cart", "mincost", "ie", "fuzzy_id3")] == [
        "C4.5", "CART", "M3 minimum cost", "IE", "Fuzzy ID3"]
    with i18n.using("zh_CN"):
        assert title_of("fuzzy_id3") == "模糊 ID3" and title_of("mincost") == "M3 最小代价"
    assert title_of("a_learner_of_a_newer_version") == "a_learner_of_a_newer_version"
