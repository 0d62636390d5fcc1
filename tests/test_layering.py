"""`engine` never imports Qt, pyqtgraph or the app: checked three ways."""

import ast
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("PySide6", "shiboken6", "pyqtgraph", "app", "PyQt5", "PyQt6")


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
    assert "1 kept, 0 broken" in result.stdout
