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

import math
import os

from .errors import OptionError, RuleTreeError
from .fileio import atomic_write_text
from .i18n import _
from .tree.model import PENDING_LABEL, Tree
from .tree.nodes import CategorySplit, FuzzySplit, Leaf, Node, ThresholdSplit, TrichotomySplit

DIALECTS = ("sqlite", "postgres", "duckdb", "mssql")
#: the column the SELECT adds to every row of the table
ANSWER_COLUMN = "predicted"


# ---- quoting ---------------------------------------------------------------------------


def _check_dialect(dialect: str) -> None:
    if dialect not in DIALECTS:
        raise OptionError(_('unknown SQL dialect "{dialect}" (known: {known})').format(
            dialect=dialect, known=", ".join(DIALECTS)), code="bad_option")


def quote_name(name: str, dialect: str) -> str:
    """An identifier quoted for the dialect, whatever it holds: "x" ("" inside), or [x] (]] inside)."""
    _check_dialect(dialect)
    name = str(name)
    if "\x00" in name:
        raise OptionError(_('the name "{name}" holds a NUL character, which no SQL name may hold').format(
            name=name.replace("\x00", "\\0")), code="sql_name")
    if dialect == "mssql":
        return "[" + name.replace("]", "]]") + "]"
    return '"' + name.replace('"', '""') + '"'


def quote_text(text: str, dialect: str) -> str:
    """A string literal: '' doubled inside; N'...' in SQL Server (Unicode whatever the collation)."""
    text = str(text)
    if "\x00" in text:
        raise OptionError(_('the text "{text}" holds a NUL character, which SQL cannot carry in a literal').format(
            text=text.replace("\x00", "\\0")), code="sql_text")
    literal = "'" + text.replace("'", "''") + "'"
    return "N" + literal if dialect == "mssql" else literal


def number(value: float) -> str:
    """A finite double in the shortest form that reads back exactly, with an exponent (a double in
    every dialect: DuckDB reads 2.45 as a DECIMAL, 2.45E0 as a DOUBLE)."""
    value = float(value)
    if not math.isfinite(value):
        raise RuleTreeError(_("the model holds the number {value}, which SQL cannot write").format(value=value),
                            code="sql_number")
    text = repr(value)
    if "e" in text:
        mantissa, exponent = text.split("e")
        return f"{mantissa}E{int(exponent)}"
    return f"{text}E0"


# ---- the expression ----------------------------------------------------------------------


class _Writer:
    def __init__(self, tree: Tree, missing: str, dialect: str):
        self.tree, self.missing, self.dialect = tree, missing, dialect
        self.compiled = tree.compile()

    def name(self, j: int) -> str:
        return quote_name(self.tree.schema.attributes[j].name, self.dialect)

    def label(self, node: Node) -> str:
        return quote_text(self.tree.label_name(node.label), self.dialect)

    def texts_in(self, j: int, codes: list[int]) -> str | None:
        """The column of attribute j holds one of the texts of these category codes (None: none)."""
        if not codes:
            return None
        categories = self.tree.schema.attributes[j].categories
        if len(codes) == 1:
            return f"{self.name(j)} = {quote_text(categories[codes[0]], self.dialect)}"
        texts = ", ".join(quote_text(categories[c], self.dialect) for c in codes)
        return f"{self.name(j)} IN ({texts})"

    def value(self, j: int) -> str:
        """Attribute j as the model reads it: the number, or a text's code (its rank); NULL when
        missing or a text never seen in training."""
        categories = self.tree.schema.attributes[j].categories
        if categories is None:
            return self.name(j)
        whens = " ".join(f"WHEN {quote_text(text, self.dialect)} THEN {code}" for code, text in enumerate(categories))
        return f"(CASE {self.name(j)} {whens} END)"

    # -- each kind's branch conditions: the SQL that is true when the case goes down that branch

    def conditions(self, node: Node) -> list[str | None]:
        k = len(node.children)
        if isinstance(node, (ThresholdSplit, CategorySplit)):
            j = node.feature
            categories = self.tree.schema.attributes[j].categories
            if categories is not None:  # the value texts of each branch: the node's own routing of each code
                groups: list[list[int]] = [[] for _ in range(k)]
                for code in range(len(categories)):
                    b = self._branch_of_code(node, code)
                    if 0 <= b < k:
                        groups[b].append(code)
                return [self.texts_in(j, g) for g in groups]
            if isinstance(node, ThresholdSplit):
                t = number(node.threshold)
                return [f"{self.name(j)} <= {t}", f"{self.name(j)} > {t}"][:k]
            return self._number_category(node)
        if isinstance(node, TrichotomySplit):
            terms = " + ".join(f"{number(w)} * {self.value(f)}" for f, w in zip(node.features, node.weights))
            s = f"({terms})" if terms else "0E0"
            low, high = number(node.low), number(node.high)
            return [f"{s} <= {low}", f"{s} >= {high}", f"{s} > {low} AND {s} < {high}"][:k]
        raise AssertionError(f"no SQL for a {node.kind_name} node")  # refused before (fuzzy)

    @staticmethod
    def _branch_of_code(node: Node, code: int) -> int:
        if isinstance(node, ThresholdSplit):
            return node.branch_of(float(code))
        # as the traversal kernel reads a split: intervals only when it has cuts
        if node.cuts:
            c = sum(1 for cut in node.cuts if code > cut)
        else:
            c = code
        return node.branches[c] if 0 <= c < len(node.branches) else -1

    def _number_category(self, node: CategorySplit) -> list[str | None]:
        """A category split over a number column: intervals (cuts[c-1], cuts[c]] with cuts, else
        the whole number the kernel truncates the value to (code c: c <= x < c + 1; 0: -1 < x < 1)."""
        col, k = self.name(node.feature), len(node.children)
        parts: list[list[str]] = [[] for _ in range(k)]
        if node.cuts:
            cuts = [float(c) for c in node.cuts]
            n = len(cuts) + 1
            c = 0
            while c < n:  # runs of neighbouring intervals down the same branch are one interval
                b = node.branches[c] if c < len(node.branches) else -1
                end = c
                while end + 1 < n and (node.branches[end + 1] if end + 1 < len(node.branches) else -1) == b:
                    end += 1
                if 0 <= b < k:
                    low = f"{col} > {number(cuts[c - 1])}" if c > 0 else None
                    high = f"{col} <= {number(cuts[end])}" if end < len(cuts) else None
                    bounds = [p for p in (low, high) if p]
                    parts[b].append(" AND ".join(bounds) if bounds else f"{col} IS NOT NULL")
                c = end + 1
        else:
            for code, b in enumerate(node.branches):
                if 0 <= b < k:
                    low = f"{col} > {number(-1.0)}" if code == 0 else f"{col} >= {number(code)}"
                    parts[b].append(f"{low} AND {col} < {number(code + 1)}")
        return [" OR ".join(f"({p})" for p in ps) if len(ps) > 1 else (ps[0] if ps else None) for ps in parts]

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
        # deferred: the fractional policy's writer (engine.sql_fractional imports this module)
        from .sql_fractional import fractional_select

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
