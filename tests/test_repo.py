"""The repository keeps its promises: README commands, CI script, layout."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands():
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text(), flags=re.S)


def test_readme_has_the_two_quick_start_commands():
    blocks = readme_commands()
    assert blocks[0] == "bash packaging/quickstart.sh"
    assert blocks[1] == "bash packaging/quickstart.sh --test"


def test_ci_runs_exactly_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    test_command = readme_commands()[1]
    assert ci[-1] == test_command  # the last thing CI does
    assert "set -euo pipefail" in ci  # a failing step (pytest collecting nothing: exit 5) fails CI


def test_top_level_layout():
    for name in ("pyproject.toml", "app", "engine", "resources", "tests", "packaging", "README.md"):
        assert (ROOT / name).exists(), name


def test_demo_project_exists():
    from engine.resources import demo_project

    assert demo_project().is_file()
