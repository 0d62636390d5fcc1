"""Imports inside functions only where they defer something, each with its reason (issue 35
item 5): every `import` in a function body of engine/ or app/ carries a `# deferred: ...`
comment — on its own line, or on the comment line(s) just above the run of import statements
it belongs to — saying what it defers (a heavy library kept off a light path, an optional
extra, Qt or the kernels before the Numba cache folder is set). An import with no reason is a
dependency that belongs at the top of the module (or a cycle that belongs to be untangled:
tests/test_import_graph.py).

And a deferred import really defers: `import engine.cli` (every command's start) loads none
of the heavy libraries, and `import app.launch` loads neither Qt nor Numba (the cache folder
is set first)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MARK = "deferred:"


def function_imports(source: str):
    """(first line, last line) of every import statement inside a function body."""
    tree = ast.parse(source)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    out.append((sub.lineno, sub.end_lineno))
    return sorted(set(out))


def unexplained(source: str) -> list[int]:
    """Line numbers of function-level imports without a `# deferred:` reason."""
    lines = source.splitlines()
    imports = function_imports(source)
    ends = {b: a for a, b in imports}
    missing = []
    for first, last in imports:
        if any(MARK in lines[k - 1] for k in range(first, last + 1)):
            continue
        # walk up over the run of import statements (and blank lines) this one belongs to
        k = first - 1
        while k >= 1:
            text = lines[k - 1].strip()
            if k in ends:  # the previous statement is an import of the run: go above it
                if MARK in lines[ends[k] - 1]:
                    break
                k = ends[k] - 1
                continue
            if not text:
                k -= 1
                continue
            break
        above = []
        while k >= 1 and lines[k - 1].strip().startswith("#"):
            above.append(lines[k - 1])
            k -= 1
        if not any(MARK in line for line in above):
            missing.append(first)
    return missing


def _sources():
    for root in ("engine", "app"):
        for path in sorted((ROOT / root).rglob("*.py")):
            if "__pycache__" not in path.parts:
                yield path


def test_every_function_level_import_says_what_it_defers():
    found = []
    for path in _sources():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for line in unexplained(source):
            found.append(f"{path.relative_to(ROOT)}:{line}: {lines[line - 1].strip()}")
    assert not found, ("imports inside functions with no '# deferred: reason' (move them to the top of the "
                       "module, or say what they defer):\n" + "\n".join(found))


@pytest.mark.parametrize("source, missing", [
    ("def f():\n    import json\n    return json\n", [2]),
    ("def f():\n    import json  # deferred: test\n    return json\n", []),
    ("def f():\n    # deferred: both\n    import json\n    import os\n\n    from x import y\n    return y\n", []),
    ("def f():\n    # a comment, no reason\n    import json\n    return json\n", [3]),
    ("def f():\n    x = 1\n    import json\n    # deferred: too late\n    import os\n", [3]),
    ("import json\n\ndef f():\n    return json\n", []),  # a module-level import needs none
    ("def f():\n    def g():\n        from a import (b,\n                       c)\n    return g\n", [3]),
])
def test_the_rule_on_small_sources(source, missing):
    assert unexplained(source) == missing


HEAVY = ("scipy.stats", "openpyxl", "pyqtgraph", "sklearn", "dask", "distributed", "PIL", "PySide6", "numba")


def _loaded(module: str) -> list[str]:
    code = f"import sys, {module}; print(sorted(h for h in {HEAVY!r} if h in sys.modules))"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=str(ROOT),
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return eval(out.stdout.strip().splitlines()[-1])  # a list literal we printed


def test_a_command_starts_without_the_heavy_libraries():
    assert _loaded("engine.cli") == []


def test_the_launcher_sets_the_kernel_cache_before_qt_or_numba():
    assert _loaded("app.launch") == []
