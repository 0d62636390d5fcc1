"""`engine` never imports Qt, pyqtgraph or the app, not even by name: checked five ways
(import statements, module names in strings, importing every module, import-linter, and
`-X importtime` of the headless entry points)."""

import ast
import os
import pkgutil
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("PySide6", "shiboken6", "pyqtgraph", "app", "PyQt5", "PyQt6")
QT = ("PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6")
MODULE_NAME = re.compile(rf"^({'|'.join(FORBIDDEN)})(\.[A-Za-z_]\w*)*\.?$")
IMPORT_CALLS = ("import_module", "__import__", "find_spec", "import_string")


def engine_modules():
    return sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine."))


def test_no_forbidden_import_statement_in_engine_sources():
    offenders = []
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def names_imported_by_string(source: str) -> list[str]:
    """Forbidden module names given as text: any string literal that is such a name ("app.main",
    "PySide6.QtCore"), and the first argument of importlib.import_module / __import__ /
    find_spec when it is a string or an f-string starting with one ("app." + x, f"app.{x}")."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and MODULE_NAME.match(node.value):
            if node.value not in found:
                found.append(node.value)
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name not in IMPORT_CALLS:
                continue
            arg = node.args[0]
            while isinstance(arg, ast.BinOp):  # "app" + ".main"
                arg = arg.left
            if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
                arg = arg.values[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and \
                    arg.value.split(".")[0] in FORBIDDEN and arg.value not in found:
                found.append(arg.value)
    return sorted(found)


def test_the_name_check_catches_imports_by_string():
    # the two lines engine/cli.py had before the launcher took the window over
    old_cli = textwrap.dedent("""
        import importlib
        plots = importlib.import_module("app.plots")
        def run_gui(args):
            return importlib.import_module("app.main").run(args.file)
    """)
    assert names_imported_by_string(old_cli) == ["app.main", "app.plots"]
    assert names_imported_by_string("m = __import__(f'app.{name}')") == ["app."]
    assert names_imported_by_string("import importlib.util as u\nu.find_spec('PySide6')") == ["PySide6"]
    assert names_imported_by_string("QT = ('PySide6.QtCore', 'pyqtgraph')") == ["PySide6.QtCore", "pyqtgraph"]
    assert names_imported_by_string("m = importlib.import_module('app' + '.main')") == ["app"]
    # ordinary text is not a module name
    assert names_imported_by_string("x = 'the app opens it'\ny = importlib.import_module('engine.reproduce.facmi')\n"
                                    "z = 'application'") == []


def test_no_forbidden_module_name_in_engine_sources():
    offenders = []
    for path in (ROOT / "engine").rglob("*.py"):
        offenders += [f"{path.relative_to(ROOT)}: {n!r}" for n in names_imported_by_string(path.read_text("utf-8"))]
    assert offenders == []


def test_importing_every_engine_module_loads_no_qt():
    modules = engine_modules()
    assert "engine.data.read" in modules and "engine.cli" in modules
    code = ("import importlib, sys\n"
            f"for name in {modules!r}: importlib.import_module(name)\n"
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_linter_contract():
    exe = shutil.which("lint-imports")
    assert exe, "import-linter belongs to the test extra: pip install -e '.[test]'"
    result = subprocess.run([exe], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


# ---- -X importtime: what the headless entry points really load -----------------------------------------


def imported(stderr: str) -> list[str]:
    """Module names from `python -X importtime` ("import time: self [us] | cumulative | name")."""
    names = [line.rsplit("|", 1)[1].strip() for line in stderr.splitlines()
             if line.startswith("import time:") and line.count("|") == 2]
    return [n for n in names if n != "imported package"]


def test_importing_engine_cli_loads_no_qt():
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", "import engine.cli"], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    names = imported(result.stderr)
    assert "engine.cli" in names and "engine.cli.commands" in names  # the parse saw the imports
    assert [n for n in names if n.split(".")[0] in FORBIDDEN] == []


# `ruletree reproduce facmi --quick --out DIR` through the launcher (app.launch:main, the console
# script's target), on the smallest experiment (the import graph is the full run's; the experiment's
# size is not what loads modules): no Qt, and the SVG plots written.
_REPRODUCE_THROUGH_THE_LAUNCHER = """
import sys
import engine.reproduce.facmi as F

def tiny(out, quick=False, say=None):
    out.mkdir(parents=True, exist_ok=True)
    quiet = F.Progress(quiet=True)
    return {"facmi_a_training_size": F.experiment_a(1, sizes=(8,), say=quiet),
            "facmi_b_classes": F.experiment_b(1, ks=(2,), say=quiet)}

F.run = tiny
from app.launch import main
status = main(["reproduce", "facmi", "--quick", "--out", sys.argv[1]])
print("LOADED", sorted({m.split(".")[0] for m in sys.modules} & {"PySide6", "shiboken6", "pyqtgraph"}))
sys.exit(status)
"""


def test_reproduce_through_the_launcher_loads_no_qt(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}  # a display exists: Qt could be loaded, and is not
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", _REPRODUCE_THROUGH_THE_LAUNCHER,
                             str(tmp_path)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    names = imported(result.stderr)
    assert "app.launch" in names and "engine.cli.reproduce" in names and "engine.plot" in names
    assert [n for n in names if n.split(".")[0] in QT] == []
    assert "LOADED []" in result.stdout
    assert sorted(p.name for p in tmp_path.glob("*.svg")) == ["facmi_a_training_size.svg", "facmi_b_classes.svg"]


def test_console_script_is_the_launcher():
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"ruletree": "app.launch:main"}
