"""Reusable widgets of the RuleTree Studio window (PySide6; no engine algorithm code).
tree_layout is the tree canvas's Qt-free part: it imports no PySide6."""
