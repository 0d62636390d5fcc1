"""RuleTree Studio desktop application (PySide6): thin views over engine calls."""
