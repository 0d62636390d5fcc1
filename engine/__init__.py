"""RuleTree Studio engine: data, problem settings, trees, algorithms, export.

This package never imports Qt or pyqtgraph (enforced by tests/test_layering.py
and the import-linter contract in pyproject.toml).
"""

__version__ = "0.1.0"
