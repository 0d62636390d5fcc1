"""The settings checks as sections (engine/data/spec/checks.py): each checker finds its own
problem and nothing is found without it; problems keep their order (sections in turn, an
attribute's problems together), which decides `validate`'s message; the split keeps every
name importable from engine.data.spec."""

import pytest

from engine.data import read_table
from engine.data.spec import AttributeSettings, BatchGroup, CostMatrix, ProblemSpec, check, checks, validate
from engine.errors import SpecError

from samples import SPEC_CSV as CSV

COLUMNS = ["age", "sex", "grade", "lab1", "lab2", "xray"]


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("spec") / "cases.csv"
    path.write_text(CSV)
    return read_table(path)


def good() -> ProblemSpec:
    spec = ProblemSpec(target="class", class_order=["a", "b", "c"])
    spec.attributes = {"grade": AttributeSettings(type="ordinal", order=["low", "med", "high"]),
                       "lab1": AttributeSettings(test_cost=12, prerequisite="xray"),
                       "lab2": AttributeSettings(test_cost=10), "xray": AttributeSettings(test_cost=30)}
    spec.batch_groups = [BatchGroup("blood", ["lab1", "lab2"], common_cost=8)]
    return spec


def broken(section: str) -> ProblemSpec:
    """The good spec with one thing wrong that only `section`'s checker sees."""
    spec = good()
    if section == "target":
        spec.target, spec.class_order, spec.batch_groups = "klass", None, []
    elif section == "class_order":
        spec.class_order = ["a", "b"]
    elif section == "hierarchy":
        spec.hierarchy = {"a": "a", "b": "R", "c": "R"}
    elif section == "attributes":
        spec.set_attribute("sex", monotone="increasing")
    elif section == "prerequisites":
        spec.set_attribute("xray", prerequisite="lab1")
    elif section == "attributes in use":
        spec.attributes = {name: AttributeSettings(use=False) for name in COLUMNS}
        spec.batch_groups = []
    elif section == "cost_per_time":
        spec.cost_per_time = -1.0
    elif section == "budget":
        spec.budget = 0.0
    elif section == "batch_groups":
        spec.batch_groups = [BatchGroup("blood", ["lab1"], common_cost=8)]
    elif section == "misclassification_costs":
        spec.misclassification_costs = CostMatrix(["a", "b"], [[0, 1], [1, 0]])
    elif section == "positive_class":
        spec.positive_class = "d"
    else:
        raise AssertionError(f"no broken spec for section {section!r}")
    return spec


FIELD = {"target": "target", "class_order": "class_order", "hierarchy": "hierarchy.a",
         "attributes": "attributes.sex.monotone", "prerequisites": "attributes.", "attributes in use": "attributes",
         "cost_per_time": "cost_per_time", "budget": "budget", "batch_groups": "batch_groups[0].attributes",
         "misclassification_costs": "misclassification_costs.labels", "positive_class": "positive_class"}


def test_the_good_spec_is_valid(table):
    assert check(good(), table) == []


def test_every_section_has_a_broken_example():
    assert [name for name, _ in checks.CHECKS] == list(FIELD)


@pytest.mark.parametrize("section", list(FIELD))
def test_each_checker_finds_its_own_problem(table, section, monkeypatch):
    spec = broken(section)
    checker = dict(checks.CHECKS)[section]
    own = list(checker(spec, checks.DataFacts.of(spec, table)))
    assert own and all(p.field.startswith(FIELD[section]) for p in own), own
    assert check(spec, table) == own  # nothing else is wrong ...
    monkeypatch.setattr(checks, "CHECKS", tuple((n, c) for n, c in checks.CHECKS if n != section))
    assert check(spec, table) == []  # ... and without this checker nothing is found


def test_problems_come_in_section_order_with_an_attribute_s_problems_together(table):
    spec = good()
    spec.class_order = ["a", "b", "c", "a"]
    spec.budget = 0.0
    spec.set_attribute("sex", monotone="increasing", test_cost=-1.0)
    spec.set_attribute("age", type="nominal", monotone="decreasing", wait_time=-2.0)
    fields = [p.field for p in check(spec, table)]
    assert fields == ["class_order", "attributes.sex.monotone", "attributes.sex.test_cost",
                      "attributes.age.monotone", "attributes.age.wait_time", "budget"]
    with pytest.raises(SpecError) as info:
        validate(spec, table)
    assert info.value.field == "class_order"
    assert str(info.value) == 'setting class_order: the class "a" appears twice (and 5 more problems)'


def test_a_wrong_target_does_not_hide_the_other_sections(table):
    spec = good()
    spec.target = "klass"
    spec.cost_per_time = -1.0
    spec.batch_groups = [BatchGroup("", ["lab1", "lab2"], common_cost=50)]
    assert [p.field for p in check(spec, table)] == [
        "target", "cost_per_time", "batch_groups[0].name", "batch_groups[0].common_cost",
        "batch_groups[0].common_cost"]


def test_the_split_keeps_every_name_importable():
    from engine.data import spec

    for name in ("ProblemSpec", "AttributeSettings", "BatchGroup", "CostMatrix", "SpecProblem", "check",
                 "validate", "class_labels", "column_labels", "effective_type", "find_cycle", "json_repr",
                 "MONOTONE_DIRECTIONS", "_MONOTONE_ALIASES", "_Reader", "_num_out", "_label"):
        assert hasattr(spec, name), name
    assert spec._MONOTONE_ALIASES["+"] == "increasing"
    assert spec.find_cycle({"a": "b", "b": "c", "c": "a"}) == ["a", "b", "c", "a"]
    round_trip = ProblemSpec.from_json(good().to_json())
    assert round_trip == good()


def test_problems_in_the_windows_words():
    from engine.data.spec import SpecProblem

    cases = {"attributes.性别.monotone": ('attribute "性别", monotone direction', "性别"),
             "attributes.a.b.order": ('attribute "a.b", order of values', "a.b"),  # a name with a dot
             "attributes.x": ('attribute "x"', "x"),
             "attributes": ("attributes", None),
             "batch_groups[0].common_cost": ("batch group 1, common cost", None),
             "hierarchy.WG": ('class hierarchy, class "WG"', None),
             "misclassification_costs.labels": ("cost matrix, classes", None),
             "cost_per_time": ("cost per time unit", None)}
    for field, (words, attribute) in cases.items():
        p = SpecProblem(field, "m")
        assert (p.words, p.attribute) == (words, attribute), field


@pytest.mark.parametrize("change, field", [
    (lambda s: setattr(s, "misclassification_costs", CostMatrix(["a", "b", "c"], [[0, 1e308, 1], [1, 0, 1],
                                                                                 [1, 1, 0]])),
     "misclassification_costs.matrix[0][1]"),
    (lambda s: s.set_attribute("lab2", test_cost=2e12), "attributes.lab2.test_cost"),
    (lambda s: s.set_attribute("lab2", wait_time=1e300), "attributes.lab2.wait_time"),
    (lambda s: setattr(s, "cost_per_time", 1e13), "cost_per_time"),
    (lambda s: setattr(s, "budget", 1e200), "budget"),
    (lambda s: setattr(s.batch_groups[0], "common_cost", 5e12), "batch_groups[0].common_cost"),
])
def test_a_cost_too_large_to_compute_with_is_a_problem(table, change, field):
    """A cost of 1e308 (finite, so the reader takes it) overflowed CART's pruning into a crash."""
    spec = good()
    change(spec)
    problems = check(spec, table)
    assert [p.field for p in problems if "at most 1e+12" in p.message] == [field]
    spec = good()
    assert not check(spec, table)


def test_cart_with_a_huge_cost_is_a_clear_error_not_a_crash(tmp_path, capsys):
    from engine import cli

    (tmp_path / "d.csv").write_text("x,y\n" + "".join(f"{i},{'ab'[i % 2]}\n" for i in range(40)))
    project = tmp_path / "p.rtproj"
    project.write_text('{"format": "ruletree-project", "version": 1, "data": {"path": "d.csv"}, "target": "y", '
                       '"misclassification_costs": {"labels": ["a", "b"], "matrix": [[0, 1e308], [1e308, 0]]}}')
    assert cli.main(["train", "--project", str(project), "--algorithm", "cart", "--out",
                     str(tmp_path / "m.json")]) == 2
    # the setting is the project file's, not the data file's
    assert 'file "p.rtproj", setting misclassification_costs.matrix[0][1]' in capsys.readouterr().err
