"""Reusable widgets of the RuleTree Studio window (PySide6 only, no engine algorithm code)."""
