"""The pieces every SQL export writes with (engine.sql_export, engine.sql_fractional): names and
texts quoted for the dialect, numbers that read back as the same double, and each split's branch
tests as SQL over the table's own columns (`BranchTests.conditions`): a nominal or ordinal column
holds the value texts, a numeric column the numbers, a missing value NULL (no test holds)."""

from __future__ import annotations

import math

from .errors import OptionError, RuleTreeError
from .i18n import _
from .tree.model import Tree
from .tree.nodes import CategorySplit, Node, ThresholdSplit, TrichotomySplit

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


class BranchTests:
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
