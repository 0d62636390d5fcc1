"""The problem's trust settings (issue 39 item 4): defaults a statistician would choose, every key
optional, read with shape checks naming the key, written only when they differ from the defaults,
kept through a project file and a model file."""

from __future__ import annotations

import pytest

from engine.data.project import Project, load_project, save_project
from engine.data.spec import ProblemSpec
from engine.data.spec.trust import TrustSettings
from engine.errors import ProjectFileError


def test_the_defaults():
    t = ProblemSpec().trust
    assert (t.min_cases, t.max_interval_width, t.confidence_level, t.range_margin, t.stability_tolerance) == \
        (10.0, 0.4, 0.95, 0.05, 0.1)
    assert "trust" not in ProblemSpec(target="y").to_json()


def test_a_project_keeps_what_differs_from_the_defaults(tmp_path):
    spec = ProblemSpec.from_json({"target": "y", "trust": {"min_cases": 5, "confidence_level": 0.9}})
    assert spec.trust == TrustSettings(min_cases=5.0, confidence_level=0.9)
    path = tmp_path / "p.rtproj"
    save_project(Project(spec=spec), path)
    again = load_project(path).spec.trust
    assert again == spec.trust and spec.to_json()["trust"] == {"min_cases": 5.0, "confidence_level": 0.9}


@pytest.mark.parametrize("trust, key", [
    (3, "trust"), ({"nope": 1}, "trust.nope"), ({"confidence_level": 1.0}, "trust.confidence_level"),
    ({"confidence_level": 0.4}, "trust.confidence_level"), ({"max_interval_width": 0}, "trust.max_interval_width"),
    ({"max_interval_width": 1.5}, "trust.max_interval_width"), ({"min_cases": -1}, "trust.min_cases"),
    ({"min_cases": "ten"}, "trust.min_cases"), ({"range_margin": float("nan")}, "trust.range_margin"),
    ({"stability_tolerance": True}, "trust.stability_tolerance")])
def test_bad_settings_are_refused_naming_the_key(trust, key):
    with pytest.raises(ProjectFileError) as caught:
        ProblemSpec.from_json({"target": "y", "trust": trust}, file="p.rtproj")
    assert caught.value.field == key and "p.rtproj" in str(caught.value)
