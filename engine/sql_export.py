"""A crisp model as SQL (issue 38): one `CASE WHEN ... END` expression giving each row's answer, and
a SELECT that adds it to every row of a named table.

The expression reads the table as the data file holds it, not the model's codes: a nominal or
ordinal attribute's column holds the value texts (`"colour" IN ('red', 'blue')`; a cut on an
ordinal attribute's ranks becomes the list of the texts at or below it), a numeric column holds
numbers; a missing value is NULL. It answers exactly as `Model.predict` does:

- the CASE is flat: one `WHEN <the tests along the path> THEN <answer>` per place a case can
  end, deepest first, so the first WHEN that holds is where the case ends (SQLite's parser takes
  no deeply nested CASE). A case that goes down no branch of a node — its value is NULL, or a
  text never seen in training, or a category no branch takes — meets none of the WHENs below it
  and so ends where the model's missing-value policy says: under "stop" at the node's own WHEN
  (its label, the path to the node alone), under "majority" in the branch with the most training
  weight, whose WHENs come after the other branches' and so need no test of this node;
- a linear score (a sequential discriminant stage) is the same sum as the traversal kernel adds,
  term by term in the same order, a text attribute's term through its rank; a NULL anywhere
  makes the score NULL, and the case stops (or goes on with the majority) as with a missing value;
- numbers are written in the shortest form that reads back as the same double, always with an
  exponent (`2.45E0`), so every dialect reads them as a double and not as a decimal;
- an answer is the label's text; a sequential discriminant tree's deferred answer is the text
  PENDING, as `ruletree predict` writes it.

Refused, in words: fuzzy trees (a case goes down every term with its membership), the
"fractional" missing-value policy (C4.5's: a case with a missing value is spread over every
branch and the reached distributions summed — refused rather than written as a sum over every
leaf for every class; the same model answers under "stop" or "majority", which SQL carries
exactly), and learners whose answers come from a predictor of their own rather than the tree.

Every name from the data is quoted for the dialect ("x" in SQLite, PostgreSQL and DuckDB, [x] in
SQL Server, the quote character doubled inside), every text is a literal with '' doubled
(N'...' in SQL Server, so Chinese texts survive any collation): nothing read from a file is ever
written into the SQL unquoted.
"""

from __future__ import annotations

import os

from .errors import OptionError, RuleTreeError
from .fileio import atomic_write_text
from .i18n import _
from .sql_fractional import fractional_select
# quoting, numbers and each split's branch tests (shared with engine.sql_fractional); the names
# tests and callers import from here
from .sql_tests import ANSWER_COLUMN, DIALECTS, BranchTests, _check_dialect, number, quote_name, quote_text  # noqa: F401
from .tree.model import PENDING_LABEL, Tree
from .tree.nodes import FuzzySplit, Leaf


class _Writer(BranchTests):
    """The flat CASE of the "stop" and "majority" policies."""

    def expression(self) -> str:
        """One flat CASE: a WHEN per place a case can end, in an order where the first that holds is
        where the case ends (flat, not nested: SQLite's parser takes no deep nesting)."""
        whens: list[tuple[list[str], str]] = []
        self._ends(0, [], whens)
        lines = []
        for path, answer in whens:
            if not path:  # every case still unanswered ends here
                lines.append(f"  ELSE {answer}")
                break
            lines.append(f"  WHEN {' AND '.join(path)} THEN {answer}")
        if len(lines) == 1:
            return answer
        if not lines[-1].startswith("  ELSE"):  # pragma: no cover - the root's own end has no condition
            raise AssertionError("an expression without its last end")
        return "CASE\n" + "\n".join(lines) + "\nEND"

    def _ends(self, i: int, path: list[str], whens: list) -> None:
        """The ends below node i (reached when `path` holds), deepest first: a case that goes down a
        branch meets an end below it (its WHEN comes first) before this node's own. Under "stop"
        the node's own end is its label; under "majority" it is the heaviest branch's subtree, whose
        WHENs then need no condition of this node (the other branches' cases have ended before)."""
        node = self.tree.nodes[i]
        if isinstance(node, Leaf) or not node.children:
            whens.append((path, self.label(node)))
            return
        conditions = self.conditions(node)
        heavy = int(self.compiled.majority_child[i]) if self.missing == "majority" else -1
        for pos, condition in enumerate(conditions):
            if condition is not None and pos != heavy:
                self._ends(node.children[pos], path + [f"({condition})"], whens)
        if heavy >= 0:
            self._ends(node.children[heavy], path, whens)
        else:
            whens.append((path, self.label(node)))


def _refusal(model) -> str | None:
    """Why the model cannot be written as SQL, or None."""
    tree: Tree = model.tree
    if any(isinstance(tree.nodes[i], FuzzySplit) for i in tree.reachable()):
        return _("it is a fuzzy tree: a case goes down every term with its membership, which one CASE "
                 "expression cannot carry; export it as PMML, or train a crisp learner")
    if model.missing not in ("stop", "majority", "fractional"):
        return _('its missing-value policy "{policy}" is unknown').format(policy=model.missing)
    # deferred: the learner table (loads the learners) only to ask whether this one predicts by itself
    from .algorithms import registry

    info = registry.known(model.algorithm)
    if info is not None and info.predict is not None:
        return _("the learner {name} answers through a predictor of its own, not by walking the tree").format(
            name=model.algorithm)
    return None


def case_expression(model, dialect: str = "sqlite") -> str:
    """One CASE WHEN ... END giving each row's answer (the label's text), over columns named as the
    model's attributes."""
    _check_dialect(dialect)
    why = _refusal(model)
    if why is None and model.missing == "fractional":
        why = _('under the "fractional" policy the answer comes from a score per class, which one CASE does not '
                "carry: sql_text writes them (engine.sql_fractional)")
    if why is not None:
        raise RuleTreeError(_("this model cannot be written as SQL: {why}").format(why=why), code="sql_refused")
    return _Writer(model.tree, model.missing, dialect).expression()


def sql_text(model, dialect: str = "sqlite", table: str = "cases") -> str:
    """The file's text: a comment naming the model, then SELECT every column of `table` and the
    answer (as "predicted")."""
    if not str(table).strip():
        raise OptionError(_("the table name is empty"), code="bad_option")
    tree = model.tree
    if model.missing == "fractional":
        _check_dialect(dialect)
        why = _refusal(model)
        if why is not None:
            raise RuleTreeError(_("this model cannot be written as SQL: {why}").format(why=why), code="sql_refused")
        select = fractional_select(model, dialect, table)
    else:
        select = [f"SELECT t.*,\n  {case_expression(model, dialect)} AS {quote_name(ANSWER_COLUMN, dialect)}",
                  f"FROM {quote_name(table, dialect)} AS t;"]
    lines = [
        f"-- RuleTree Studio: {_one_line(model.algorithm)} model as {dialect} SQL",
        f"-- answers: {_one_line(tree.schema.target)} ({_one_line(', '.join(tree.labels))}"
        + (f", {PENDING_LABEL}" if _can_pend(tree) else "") + ")",
        f"-- missing values (NULL) and texts never seen in training: policy \"{model.missing}\"",
        *select,
    ]
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    """A text for a comment line: no line break can end the comment early."""
    return " ".join(str(text).split())


def _can_pend(tree: Tree) -> bool:
    return any(tree.nodes[i].label < 0 for i in tree.reachable())


def write_sql(model, path: str | os.PathLike, *, dialect: str = "sqlite", table: str = "cases") -> None:
    """Write `sql_text` atomically (UTF-8)."""
    atomic_write_text(path, sql_text(model, dialect, table))
