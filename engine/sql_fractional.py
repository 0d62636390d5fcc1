"""C4.5's "fractional" missing-value policy as SQL (issue 38): a case that reaches a split without a
usable value (NULL, a text never seen in training, a category no branch takes) goes down every
branch, weighted by the branches' shares of the training weight, and the class distributions it
reaches are summed (engine.tree.predict._spread). The SELECT computes what `predict` computes, in
the same order of operations, so that its answers are `predict`'s to the last bit:

1. each leaf's weight, the product down its path (left to right from the root: predict's order)
   of one factor per split, `CASE WHEN <the case goes down this branch> THEN 1 WHEN <it goes down
   another> THEN 0 ELSE <this branch's share> END`;
2. each class's score, the sum over the leaves of weight x the leaf's share of the class (a leaf no
   training case reached: its nearest weighted ancestor's), the leaves in the order predict's stack
   reaches them (right to left), and the number of leaves reached; sums longer than `CHUNK` terms
   are carried on over several steps (SQLite's expression depth is bounded), in the same order;
3. the scores divided by their total, summed as NumPy sums a row (pairwise, `total`);
4. the answer: the leaf's label when the case reached one leaf only (an expert may have set it),
   else the class of the highest share, the first in class order among equals, or, when the tree
   labels by least expected cost, the class of least expected cost (expected costs summed in class
   order; the first class within COST_TIE of the least: engine.tree.predict.least_cost).

Each step is a derived table over the one before, inside a scalar subquery of the row (SQLite),
or `CROSS JOIN LATERAL` (DuckDB, PostgreSQL) or `CROSS APPLY` (SQL Server) steps: the SELECT still
gives every column of the table and "predicted", as for the other policies.

Refused: trees with a linear stage (trichotomy: PENDING answers), trees that answer at a coarser
level of a class hierarchy.
"""

from __future__ import annotations

import re

import numpy as np

from .errors import RuleTreeError
from .i18n import _
from .sql_tests import ANSWER_COLUMN, BranchTests, number, quote_name, quote_text
from .tree.model import Tree
from .tree.predict import COST_TIE
from .tree.nodes import Leaf, TrichotomySplit

#: the score columns: "predicted p(<class>)"
SCORE_COLUMN = ANSWER_COLUMN + " p({label})"


def refusal(tree: Tree) -> str | None:
    """Why this tree's fractional answers cannot be written as SQL, or None."""
    if any(isinstance(tree.nodes[i], TrichotomySplit) for i in tree.reachable()):
        return _("its sequential stages answer PENDING, which the fractional policy does not spread; set the "
                 'policy "stop" or "majority"')
    if tree.answer_as is not None or tree.aggregate in ("label_sum", "label_max") or \
            any(tree.nodes[i].label >= tree.n_classes or tree.nodes[i].label < 0 for i in tree.reachable()):
        return _("it answers with labels other than its classes (a level of a class hierarchy); set the policy "
                 '"stop" or "majority"')
    return None


def _shares(tree: Tree, i: int) -> list[float]:
    """Each child's share of the node's training weight (equal shares if none): predict's."""
    w = np.array([tree.nodes[c].weight for c in tree.nodes[i].children], dtype=np.float64)
    return list(w / w.sum()) if w.sum() > 0 else [1.0 / len(w)] * len(w)


class _FractionalWriter(BranchTests):
    def __init__(self, tree: Tree, dialect: str):
        super().__init__(tree, "fractional", dialect)
        self.source = self.compiled.dist_source
        self._conditions: dict[int, list[str | None]] = {}

    def branch_tests(self, i: int) -> list[str | None]:
        if i not in self._conditions:
            self._conditions[i] = [f"({c})" if c is not None else None for c in self.conditions(self.tree.nodes[i])]
        return self._conditions[i]

    def _others(self, tests: list[str | None], c: int) -> str | None:
        others = [t for d, t in enumerate(tests) if d != c and t is not None]
        return " OR ".join(others) if others else None

    def factor(self, i: int, c: int, share: float) -> str:
        """1 when the case goes down branch c of node i, 0 when it goes down another, else (no value
        the node can use) the branch's share."""
        tests = self.branch_tests(i)
        parts = []
        if tests[c] is not None:
            parts.append(f"WHEN {tests[c]} THEN 1E0")
        others = self._others(tests, c)
        if others is not None:
            parts.append(f"WHEN {others} THEN 0E0")
        return f"(CASE {' '.join(parts)} ELSE {number(share)} END)"

    def paths(self) -> list[tuple[int, list[str]]]:
        """(leaf, its path's factors from the root) for every leaf, in the order predict's stack
        reaches them: children pushed left to right, popped right to left."""
        out, stack = [], [(0, [])]
        while stack:
            i, factors = stack.pop()
            node = self.tree.nodes[i]
            if isinstance(node, Leaf) or not node.children:
                out.append((i, factors))
                continue
            for c, (child, share) in enumerate(zip(node.children, _shares(self.tree, i))):
                if self.branch_tests(i)[c] is None and share <= 0:
                    continue  # no case ever goes down it: its weight is always 0
                stack.append((child, factors + [self.factor(i, c, share)]))
        return out

    def distribution(self, leaf: int) -> np.ndarray:
        counts = self.tree.nodes[int(self.source[leaf])].counts
        total = float(counts.sum())
        return counts / total if total > 0 else np.zeros(len(counts))

    def name(self, j: int) -> str:
        """The row's column, from inside the steps: qualified by the table's alias t."""
        return "t." + super().name(j)


def total(terms: list[str]) -> str:
    """The sum of `terms` in the order NumPy sums a row of floats (pairwise: sequential below 8
    terms, 8 running sums up to 128, halves beyond), from 0."""
    def pairwise(a: list[str]) -> str:
        n = len(a)
        if n < 8:
            return "(" + " + ".join(["0E0"] + a) + ")"
        if n <= 128:
            r = list(a[:8])
            i = 8
            while i < n - n % 8:
                r = [f"({r[j]} + {a[i + j]})" for j in range(8)]
                i += 8
            res = f"((({r[0]} + {r[1]}) + ({r[2]} + {r[3]})) + (({r[4]} + {r[5]}) + ({r[6]} + {r[7]})))"
            for x in a[i:]:
                res = f"({res} + {x})"
            return res
        n2 = n // 2
        n2 -= n2 % 8
        return f"({pairwise(a[:n2])} + {pairwise(a[n2:])})"

    return pairwise(list(terms))


def _choice(columns: list[str], labels: list[str]) -> str:
    """CASE giving the label of the highest column, the first among equals (np.argmax)."""
    op = ">="
    whens = []
    for a in range(len(columns) - 1):
        test = " AND ".join(f"{columns[a]} {op} {columns[b]}" for b in range(a + 1, len(columns)))
        whens.append(f"WHEN {test} THEN {labels[a]}")
    return "CASE " + " ".join(whens) + f" ELSE {labels[-1]} END"


#: the most terms one step of a sum adds (SQLite bounds an expression's depth at 1000)
CHUNK = 400


def _steps(model, dialect: str) -> list[list[tuple[str, str]]]:
    """The steps (module docstring), each a list of (column, expression); an expression reads the
    row's columns as t."name" and an earlier step's column c as NUL c (resolved by `_resolve`)."""
    tree: Tree = model.tree
    writer = _FractionalWriter(tree, dialect)
    paths = writer.paths()
    K = tree.n_classes
    steps = [[(f"w{n}", " * ".join(factors) if factors else "1E0") for n, (_leaf, factors) in enumerate(paths)]]
    # the sums: score k over the leaves holding class k, and the leaves reached
    terms = {f"s{k}": [] for k in range(K)} | {"n": []}
    for n, (leaf, _factors) in enumerate(paths):
        dist = writer.distribution(leaf)
        for k in range(K):
            if dist[k] != 0:
                terms[f"s{k}"].append(f"\x00w{n} * {number(dist[k])}")
        terms["n"].append(f"(CASE WHEN \x00w{n} > 0E0 THEN 1 ELSE 0 END)")
    done = {name: None for name in terms}
    while any(terms.values()):
        step = []
        for name, left in terms.items():
            if not left and done[name] is not None:
                continue
            part, terms[name] = left[:CHUNK], left[CHUNK:]
            start = [] if done[name] is None else [f"\x00{done[name]}"]
            body = start + part
            column = f"{name}_{len(steps)}"
            step.append((column, " + ".join(body) if body else ("0" if name == "n" else "0E0")))
            done[name] = column
        steps.append(step)
    for name, column in done.items():
        if column is None:  # pragma: no cover - every sum has a step above
            raise AssertionError(name)
    scores = [f"\x00{done[f's{k}']}" for k in range(K)]
    whole = total(scores)
    steps.append([(f"p{k}", f"CASE WHEN {whole} > 0E0 THEN {scores[k]} / {whole} ELSE 0E0 END") for k in range(K)])
    labels = [quote_text(tree.labels[k], dialect) for k in range(K)]
    shares = [f"\x00p{k}" for k in range(K)]
    if tree.label_costs is not None:  # least expected cost (engine.tree.predict.least_cost), in two steps
        costs = np.asarray(tree.label_costs, dtype=np.float64)
        steps.append([(f"e{j}", " + ".join(f"{shares[k]} * {number(costs[k][j])}" for k in range(K)))
                      for j in range(K)])
        least = ("min" if dialect == "sqlite" else "LEAST") + "(" + ", ".join(f"\x00e{j}" for j in range(K)) + ")"
        steps.append([("least", least)])
        bound = f"\x00least + {number(COST_TIE)} * (CASE WHEN ABS(\x00least) > 1E0 THEN ABS(\x00least) ELSE 1E0 END)"
        whens = " ".join(f"WHEN \x00e{j} <= {bound} THEN {labels[j]}" for j in range(K - 1))
        choice = f"CASE {whens} ELSE {labels[-1]} END"
    else:
        choice = _choice(shares, labels)
    one = " ".join(f"WHEN \x00w{n} > 0E0 THEN {writer.label(tree.nodes[leaf])}" for n, (leaf, _f) in enumerate(paths))
    steps.append([("answer", f"CASE WHEN \x00{done['n']} = 1 THEN (CASE {one} END) ELSE {choice} END")])
    return steps


#: a reference to an earlier step's column: NUL, which no quoted name or text can hold (refused there)
_REF = re.compile("\x00(\\w+)")


def _resolve(expr: str, alias) -> str:
    """NUL column -> alias(column).column"""
    return _REF.sub(lambda m: f"{alias(m.group(1))}.{m.group(1)}", expr)


def fractional_select(model, dialect: str, table: str) -> list[str]:
    """The SELECT's lines (module docstring)."""
    why = refusal(model.tree)
    if why is not None:
        raise RuleTreeError(_("this model cannot be written as SQL: {why}").format(why=why), code="sql_refused")
    steps = _steps(model, dialect)
    answer = quote_name(ANSWER_COLUMN, dialect)
    source = quote_name(table, dialect)
    if dialect == "sqlite":  # a scalar subquery of derived tables, each over the one before (r), all columns on
        inner = None
        for step in steps:
            columns = ", ".join(f"{_resolve(expr, lambda c: 'r')} AS {col}" for col, expr in step)
            inner = f"SELECT {columns}" if inner is None else f"SELECT r.*, {columns}\n    FROM ({inner}) AS r"
        return [f"SELECT t.*,\n  (SELECT r.answer FROM ({inner}) AS r) AS {answer}", f"FROM {source} AS t;"]
    join = "CROSS APPLY" if dialect == "mssql" else "CROSS JOIN LATERAL"
    lines = [f"SELECT t.*, q.answer AS {answer}", f"FROM {source} AS t"]
    where: dict[str, str] = {}  # column -> the alias of its step
    for n, step in enumerate(steps):
        alias = "q" if n == len(steps) - 1 else f"x{n}"
        columns = ", ".join(f"{_resolve(expr, where.__getitem__)} AS {col}" for col, expr in step)
        lines.append(f"  {join} (SELECT {columns}) AS {alias}")
        where.update({col: alias for col, _expr in step})
    lines[-1] += ";"
    return lines
