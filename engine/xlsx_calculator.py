"""A crisp model as an Excel calculator (issue 38): a workbook whose own formulas give a case's
class, its confidence and the rule that fired, in Excel and in LibreOffice Calc alike.

Sheets:

- "Calculator": the attributes' names in row 1, the case's values typed in row 2 (a drop-down list
  for every attribute with categories, read from the "Lists" sheet), and the answer below: the
  class, its confidence (the reached node's probability of that class, as `predict_proba` gives
  it), the number of the rule that fired and its text;
- "Score cases": the same columns; a table of cases pasted from row 2 on gets its answers in the
  columns after them (formulas filled in for a fixed number of rows; a blank row answers blank);
- "Rules": one rule per place a case can end (the tree's leaves, numbered as the rules workbook
  numbers them, then under the "stop" policy the inner nodes where a missing value stops a case);
- "Lists": each attribute's values (the drop-down lists, and what the formulas match a text with);
- "Nodes" (hidden): every node's label, confidence, rule number and test constants (thresholds,
  cuts, weights, the branch of each category), as numbers in cells: a formula reads a number
  from a cell with every digit (Excel reads at most 15 digits of a number written in a formula);
- "Calculator work", "Score work" (hidden): the formulas' helper cells, one row per case.

How a case is walked (flat, no nesting that grows with the tree: Excel nests 64 IFs at most): one
helper cell per attribute holds its value as the model reads it (a number; a text's category code;
"" when missing), and one per inner node its state: 0 when the case does not reach the node, else
the code of the child the case goes down to (that child's place + 1 on the Nodes sheet), plus END
(a power of ten above every place) when the case ends there: at a leaf, or under "stop" at this
node itself when its test has no value to read. A node's cell reads its parent's: reached when the
parent's state is its code. Exactly one state is END or more (the last node on the case's path),
so MAX(...) - END is the place where the case ends, and that row of the Nodes sheet gives the
answer. Every test is the traversal kernel's (engine.kernels.traverse): `v <= t` for a threshold
(a category's code for an ordinal one), the count of cuts below v for intervals, TRUNC(v) for a
category split over numbers, the linear score summed term by term in the kernel's order for a
trichotomy stage; under "majority" a test with no value (or a category no branch takes) sends the
case down the branch that held the most training weight.

Missing values, as `predict` reads a table: an empty cell (Excel compares a blank as 0: every test
asks ISNUMBER of the helper cell first); a text that is not one of the attribute's values (matched
exactly, case and all, by EXACT); in a numeric column, a text (`predict` refuses a whole column of
texts where numbers are expected; the calculator reads such a cell as missing); in a column with
categories, a number matches the first category that reads as that number (as `predict` matches a
column of numbers: 2 is "2" or "2.0").

Safe to open: nothing from the data is ever written into a formula. Names, values, labels and rule
texts are plain text cells (engine.export's writing: a text starting with = + - @ is stored as
text with Excel's quote prefix); the formulas only reference those cells, and hold no literal but
small whole numbers and "".

Refused, in words (code "calculator_refused"): fuzzy trees, the "fractional" missing-value policy
(the same model answers under "stop" or "majority", which the sheet carries exactly), and learners
whose answers come from a predictor of their own rather than the tree.
"""

from __future__ import annotations

import io
import math
import os
import re

from .errors import ModelFileError, OptionError
from .fileio import atomic_write_bytes
from .i18n import N_, _
from .tree.model import PENDING, Tree
from .tree.nodes import CategorySplit, FuzzySplit, Leaf, ThresholdSplit, TrichotomySplit
from .tree.rules import extract_rules, rule_conditions, rule_text

#: the Score cases sheet's rows with formulas filled in, unless told otherwise; and at most
DEFAULT_ROWS = 1000
MAX_ROWS = 100_000

# sheet names (translated when written); the tests read them through `sheet_names()`
CALCULATOR, SCORE, RULES, LISTS, NODES = N_("Calculator"), N_("Score cases"), N_("Rules"), N_("Lists"), N_("Nodes")
CALC_WORK, SCORE_WORK = N_("Calculator work"), N_("Score work")

#: the Nodes sheet's columns (1-based): label, confidence, rule number, threshold (or low), high;
#: a node's own numbers (branches, then cuts; or weights) from column FIRST_ARRAY on
COL_ID, COL_KIND, COL_LABEL, COL_CONF, COL_RULE, COL_T, COL_HIGH, COL_MAJ, COL_TEST = range(1, 10)
FIRST_ARRAY = 11
#: the answer's columns after the attributes (Score cases), its rows (Calculator, column B)
ANSWERS = (N_("class"), N_("confidence"), N_("rule"), N_("rule that fired"))


def sheet_names() -> dict[str, str]:
    """Each sheet's name as written in the current language."""
    return {key: _(key)[:31] for key in (CALCULATOR, SCORE, RULES, LISTS, NODES, CALC_WORK, SCORE_WORK)}


def _ref_sheet(name: str) -> str:
    """A sheet name as a formula writes it: quoted, a quote inside doubled."""
    return "'" + name.replace("'", "''") + "'"


def _col(j: int) -> str:
    # deferred: openpyxl only when a workbook is written
    from openpyxl.utils import get_column_letter

    return get_column_letter(j)


def _abs(col: int, row: int) -> str:
    return f"${_col(col)}${row}"


# ---- what the calculator cannot carry -----------------------------------------------------------


def refusal(model) -> str | None:
    """Why the model cannot be written as a calculator, or None."""
    tree: Tree = model.tree
    if any(isinstance(tree.nodes[i], FuzzySplit) for i in tree.reachable()):
        return _("it is a fuzzy tree: a case goes down every term with its membership, which the calculator's "
                 "formulas do not carry; train a crisp learner")
    if model.missing not in ("stop", "majority"):
        return _('its missing-value policy is "{policy}" (a case with a missing value is spread over every '
                 'branch); the calculator carries "stop" and "majority" exactly: set "missing" under '
                 '"prediction" in the model file to one of them').format(policy=model.missing)
    # deferred: the learner table (loads the learners) only to ask whether this one predicts by itself
    from .algorithms import registry

    info = registry.known(model.algorithm)
    if info is not None and info.predict is not None:
        return _("the learner {name} answers through a predictor of its own, not by walking the tree").format(
            name=model.algorithm)
    return None


def _check(model, rows: int) -> None:
    why = refusal(model)
    if why is not None:
        raise ModelFileError(_("this model cannot be written as an Excel calculator: {why}").format(why=why),
                             code="calculator_refused")
    if isinstance(rows, bool) or not isinstance(rows, int) or not 1 <= rows <= MAX_ROWS:
        raise OptionError(_("the number of rows to score must be a whole number from 1 to {most}, not {rows}").format(
            most=f"{MAX_ROWS:,}", rows=rows), code="bad_option")


def _number(value) -> float:
    value = float(value)
    if not math.isfinite(value):
        raise ModelFileError(_("the model holds the number {value}, which a spreadsheet cell cannot hold").format(
            value=value), code="calculator_number")
    return value


# ---- the workbook ---------------------------------------------------------------------------


#: what a worksheet cannot hold: the C0 control characters but tab, line feed, carriage return
_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class _Sheet:
    """A sheet's cells gathered, then streamed in row order (openpyxl's write-only mode: a
    calculator has a formula per node per case, hundreds of thousands of cells)."""

    def __init__(self, title: str, hidden: bool = False):
        self.title, self.hidden = title, hidden
        self.rows: dict[int, dict[int, tuple]] = {}
        self.widths: dict[int, float] = {}
        self.freeze: str | None = None
        self.validations: list = []

    def put(self, row: int, col: int, value, number_format: str | None = None, bold: bool = False) -> None:
        """A value: a number, or a text stored as text whatever it holds (never a formula)."""
        if value is None:
            return
        if isinstance(value, str):
            value = _ILLEGAL.sub(lambda m: f"\\x{ord(m.group()):02x}", value)
        self.rows.setdefault(row, {})[col] = ("v", value, number_format, bold)

    def formula(self, row: int, col: int, text: str, number_format: str | None = None) -> None:
        self.rows.setdefault(row, {})[col] = ("f", text, number_format, False)

    def write(self, wb) -> None:
        # deferred: openpyxl only when a workbook is written
        from openpyxl.cell import WriteOnlyCell
        from openpyxl.styles import Font

        ws = wb.create_sheet(self.title)
        if self.hidden:
            ws.sheet_state = "hidden"
        for col, width in self.widths.items():
            ws.column_dimensions[_col(col)].width = width
        if self.freeze:
            ws.freeze_panes = self.freeze
        bold = Font(bold=True)
        last = 0
        for r in sorted(self.rows):
            while last < r - 1:
                ws.append([])
                last += 1
            cells = self.rows[r]
            line = [None] * max(cells)
            for col, (what, value, number_format, strong) in cells.items():
                text = what == "v" and isinstance(value, str)
                if not (text or number_format or strong):
                    line[col - 1] = value
                    continue
                cell = WriteOnlyCell(ws, value=value)
                if text:
                    cell.data_type = "s"  # never a formula
                    if value.startswith(_FORMULA_START):
                        cell.quotePrefix = True
                if number_format:
                    cell.number_format = number_format
                if strong:
                    cell.font = bold
                line[col - 1] = cell
            ws.append(line)
            last = r
        for dv in self.validations:
            ws.data_validations.append(dv)


class _Book:
    def __init__(self, model, rows: int, cases=None, case=None):
        self.model, self.tree, self.n_rows = model, model.tree, max(rows, len(cases or ()))
        self.cases, self.case = cases or [], case
        self.compiled = self.tree.compile()
        self.majority = model.missing == "majority"
        self.names = sheet_names()
        self.attrs = self.tree.schema.attributes
        self.order = self.tree.reachable()  # the Nodes sheet's rows and the work sheets' state columns
        self.place = {node_id: k for k, node_id in enumerate(self.order)}
        used = sorted({j for i in self.order for j in self.tree.nodes[i].attributes()})
        self.used = used  # the attributes the tree tests: one value cell each
        self.value_col = {j: 1 + k for k, j in enumerate(used)}
        self.inner = [i for i in self.order if not self._is_end_only(i)]  # a state cell each
        self.state_col0 = 1 + len(used)  # the first inner node's state column on a work sheet
        self.pos_col = self.state_col0 + len(self.inner)  # where the case ends (its node's place + 1)
        self.END = 10 ** len(str(len(self.order) + 1))  # a state at or above: the case ends there
        self.lists: dict[int, tuple[str, str, str]] = {}  # attribute -> (texts, numbers, codes) ranges

    def _ends(self) -> list[tuple[int, object]]:
        """(node, rule) for every place a case can end, numbered: the leaves first (the rules
        workbook's order), then under "stop" the inner nodes."""
        tree = self.tree
        out = [(r.leaf, r) for r in extract_rules(tree)]
        if not self.majority:
            inner = [i for i in self.order if not self._is_end_only(i)]
            out += [(r.leaf, r) for r in extract_rules(tree, inner)]
        return out

    def _is_end_only(self, i: int) -> bool:
        node = self.tree.nodes[i]
        return isinstance(node, Leaf) or not node.children

    # -- sheets

    def build(self) -> bytes:
        # deferred: loads openpyxl (only to write a workbook)
        from openpyxl import Workbook

        n = self.names
        self.calc, self.score = _Sheet(n[CALCULATOR]), _Sheet(n[SCORE])
        self.rules_ws, self.lists_ws = _Sheet(n[RULES]), _Sheet(n[LISTS])
        self.nodes_ws = _Sheet(n[NODES], hidden=True)
        self.calc_work, self.score_work = _Sheet(n[CALC_WORK], hidden=True), _Sheet(n[SCORE_WORK], hidden=True)
        self._rules_sheet()
        self._lists_sheet()
        self._nodes_sheet()
        self._calculator_sheet()
        self._score_sheet()
        wb = Workbook(write_only=True)
        for sheet in (self.calc, self.score, self.rules_ws, self.lists_ws, self.nodes_ws, self.calc_work,
                      self.score_work):
            sheet.write(wb)
        buf = io.BytesIO()
        wb.save(buf)
        return buf.getvalue()

    def _header(self, ws, names: list[str]) -> None:
        for j, name in enumerate(names, start=1):
            ws.put(1, j, name, bold=True)
            ws.widths[j] = min(40, max(10, len(str(name)) + 2))
        ws.freeze = "A2"

    def _rules_sheet(self) -> None:
        ws, tree, ct = self.rules_ws, self.tree, self.compiled
        self._header(ws, [_("rule"), _("IF (conditions)"), _("THEN"), _("confidence"), _("support"), _("ends at"),
                          _("rule that fired")])
        self.rule_of: dict[int, int] = {}
        ends = self._ends()
        for k, (node_id, rule) in enumerate(ends, start=1):
            self.rule_of[node_id] = k
            row = k + 1
            ws.put(row, 1, k)
            ws.put(row, 2, rule_conditions(tree, rule))
            ws.put(row, 3, tree.label_name(int(ct.label[node_id])))
            confidence = self._confidence(node_id)
            if confidence is not None:
                ws.put(row, 4, confidence, "0.0%")
            ws.put(row, 5, float(tree.nodes[node_id].weight), "#,##0.##")
            ws.put(row, 6, _("a leaf") if self._is_end_only(node_id) else _(
                "an inner node (a value its test needs is missing)"))
            ws.put(row, 7, rule_text(tree, rule))
        self.rule_text_range = f"{_ref_sheet(self.names[RULES])}!{_abs(7, 2)}:{_abs(7, max(2, len(ends) + 1))}"
        ws.widths[2], ws.widths[7] = 60, 80

    def _confidence(self, node_id: int) -> float | None:
        label = int(self.compiled.label[node_id])
        if label == PENDING or not 0 <= label < self.tree.n_classes:
            return None
        return float(self.compiled.scores[node_id, label])

    def _lists_sheet(self) -> None:
        """Per attribute with categories, three columns: its values (texts), each as a number when
        it reads as one, and its code + 1 (what SUMPRODUCT(EXACT(...) * codes) gives)."""
        ws = self.lists_ws
        col = 1
        for j, attr in enumerate(self.attrs):
            if attr.categories is None:
                continue
            ws.put(1, col, attr.name)
            ws.put(1, col + 1, _("{name} (as a number)").format(name=attr.name))
            ws.put(1, col + 2, _("{name} (code + 1)").format(name=attr.name))
            for k, text in enumerate(attr.categories):
                ws.put(k + 2, col, str(text))
                as_number = _as_number(text)
                if as_number is not None:
                    ws.put(k + 2, col + 1, as_number)
                ws.put(k + 2, col + 2, k + 1)
            last = max(2, len(attr.categories) + 1)
            sheet = _ref_sheet(self.names[LISTS])
            self.lists[j] = tuple(f"{sheet}!{_abs(col + d, 2)}:{_abs(col + d, last)}" for d in range(3))
            ws.widths[col] = min(40, max(10, max((len(str(t)) for t in attr.categories),
                                                                        default=0) + 2))
            col += 3

    def _nodes_sheet(self) -> None:
        # deferred: the node tests' wording
        from .tree.describe import node_test

        ws, tree, ct = self.nodes_ws, self.tree, self.compiled
        self._header(ws, [_("node"), _("kind"), _("label"), _("confidence"), _("rule"), _("threshold"), _("high"),
                          _("majority branch"), _("test"), "", _("branches, cuts, weights")])
        self.arrays: dict[int, tuple[str | None, str | None]] = {}
        sheet = _ref_sheet(self.names[NODES])
        for k, i in enumerate(self.order):
            row, node = k + 2, tree.nodes[i]
            ws.put(row, COL_ID, i)
            ws.put(row, COL_KIND, node.kind_name)
            ws.put(row, COL_LABEL, tree.label_name(int(ct.label[i])))
            confidence = self._confidence(i)
            if confidence is not None:
                ws.put(row, COL_CONF, confidence)
            if i in self.rule_of:
                ws.put(row, COL_RULE, self.rule_of[i])
            if not self._is_end_only(i):
                ws.put(row, COL_MAJ, int(ct.majority_child[i]))
                ws.put(row, COL_TEST, node_test(tree, node))
            first, second = None, None
            if isinstance(node, ThresholdSplit) and not self._is_end_only(i):
                ws.put(row, COL_T, _number(node.threshold))
            elif isinstance(node, CategorySplit) and not self._is_end_only(i):
                branches = [self._branch(b, i) for b in node.branches]
                col = FIRST_ARRAY
                for b in branches:
                    ws.put(row, col, b)
                    col += 1
                if branches:
                    first = f"{sheet}!{_abs(FIRST_ARRAY, row)}:{_abs(col - 1, row)}"
                if node.cuts:
                    start = col
                    for c in node.cuts:
                        ws.put(row, col, _number(c))
                        col += 1
                    second = f"{sheet}!{_abs(start, row)}:{_abs(col - 1, row)}"
            elif isinstance(node, TrichotomySplit) and not self._is_end_only(i):
                ws.put(row, COL_T, _number(node.low))
                ws.put(row, COL_HIGH, _number(node.high))
                for d, w in enumerate(node.weights):
                    ws.put(row, FIRST_ARRAY + d, _number(w))
            self.arrays[i] = (first, second)
        rows = len(self.order) + 1
        self.node_range = {c: f"{sheet}!{_abs(c, 2)}:{_abs(c, rows)}" for c in (COL_LABEL, COL_CONF, COL_RULE)}
        ws.widths[COL_TEST] = 40

    def _branch(self, b: int, i: int) -> int:
        """A category's branch; under "majority" one no branch takes goes down the heaviest."""
        b = int(b)
        if b < 0 and self.majority:
            return int(self.compiled.majority_child[i])
        return b

    # -- the formulas of one case

    def _value_formula(self, j: int, x: str) -> str:
        """Attribute j as the model reads the input cell x: a number, a category's code, or ""."""
        if self.attrs[j].categories is None:
            return f'=IF(ISNUMBER({x}),{x},"")'
        texts, numbers, codes = self.lists[j]
        found = f"SUMPRODUCT(EXACT({x},{texts})*{codes})"
        return (f'=IF(ISNUMBER({x}),IFERROR(MATCH({x},{numbers},0)-1,""),'
                f'IF(ISTEXT({x}),IF({found}>0,{found}-1,""),""))')

    def _code(self, node_id: int) -> int:
        """The state a node's parent takes when the case goes down to it: its place + 1, plus END
        when the case ends there (a leaf)."""
        return self.place[node_id] + 1 + (self.END if self._is_end_only(node_id) else 0)

    def _core(self, i: int, values: dict[int, str]) -> str:
        """Node i's state for a case that reaches it: the code of the child it goes down to, or
        END + its own place + 1 when the case stops here (a value missing, a category no branch
        takes; under "majority" the heaviest branch's child instead)."""
        node = self.tree.nodes[i]
        row = self.place[i] + 2
        nodes = _ref_sheet(self.names[NODES])
        codes = [str(self._code(c)) for c in node.children]
        none = codes[int(self.compiled.majority_child[i])] if self.majority else str(self.END + self.place[i] + 1)
        if isinstance(node, ThresholdSplit):
            v = values[node.feature]
            low, high = (codes + [none, none])[:2]
            return f"IF(ISNUMBER({v}),IF({v}<={nodes}!{_abs(COL_T, row)},{low},{high}),{none})"
        if isinstance(node, CategorySplit):
            v = values[node.feature]
            branches, cuts = self.arrays[i]
            n = len(node.branches)
            if branches is None:
                return none
            code = f"SUMPRODUCT(--({cuts}<{v}))" if cuts is not None else f"TRUNC({v})"
            # the branch (-1: none, the case stops) picks the child's code; CHOOSE(1, ...) is the stop
            return (f"IF(ISNUMBER({v}),IF(AND({code}>=0,{code}<{n}),CHOOSE(INDEX({branches},1,{code}+1)+2,"
                    f"{none},{','.join(codes)}),{none}),{none})")
        if isinstance(node, TrichotomySplit):
            terms = [f"{nodes}!{_abs(FIRST_ARRAY + d, row)}*{values[f]}" for d, f in enumerate(node.features)]
            score = "(" + "+".join(terms) + ")" if terms else "0"
            known = ",".join(f"ISNUMBER({values[f]})" for f in dict.fromkeys(node.features))
            low, high = f"{nodes}!{_abs(COL_T, row)}", f"{nodes}!{_abs(COL_HIGH, row)}"
            c0, c1, c2 = (codes + [none, none, none])[:3]
            branch = f"IF({score}<={low},{c0},IF({score}>={high},{c1},{c2}))"
            return f"IF(AND({known}),{branch},{none})" if terms else branch
        raise AssertionError(f"no formula for a {node.kind_name} node")  # refused before (fuzzy)

    def _work_row(self, ws, row: int, inputs: dict[int, str]) -> None:
        """One case's helper cells on a work sheet: its values, every node's state, where it ends."""
        values = {}
        for j in self.used:
            col = self.value_col[j]
            ws.formula(row, col, self._value_formula(j, inputs[j]))
            values[j] = f"{_col(col)}{row}"
        state = {i: f"{_col(self.state_col0 + k)}{row}" for k, i in enumerate(self.inner)}
        for k, i in enumerate(self.inner):
            node = self.tree.nodes[i]
            core = self._core(i, values)
            if node.parent >= 0:  # reached when the parent sends the case here; 0 otherwise
                formula = f"=IF({state[node.parent]}={self._code(i)},{core},0)"
            else:
                formula = f"={core}"
            ws.formula(row, self.state_col0 + k, formula)
        if not self.inner:  # the tree is one leaf
            ws.formula(row, self.pos_col, "=1")
            return
        first, last = _col(self.state_col0), _col(self.state_col0 + len(self.inner) - 1)
        ws.formula(row, self.pos_col, f"=MAX({first}{row}:{last}{row})-{self.END}")

    def _answers(self, ws, cells: list[tuple[int, int]], work: str, row: int, blank: str) -> None:
        """The answer's four cells (class, confidence, rule, its text) at `cells`, reading where the
        case ends on the work sheet's row; all "" when the input row is blank."""
        pos = f"{_ref_sheet(work)}!{_abs(self.pos_col, row)}"
        conf = f"INDEX({self.node_range[COL_CONF]},{pos})"
        rule = f"INDEX({self.node_range[COL_RULE]},{pos})"
        formulas = [f"INDEX({self.node_range[COL_LABEL]},{pos})", f'IF(ISNUMBER({conf}),{conf},"")',
                    f'IF(ISNUMBER({rule}),{rule},"")', f'IF(ISNUMBER({rule}),INDEX({self.rule_text_range},{rule}),"")']
        for k, ((r, c), formula) in enumerate(zip(cells, formulas)):
            ws.formula(r, c, f'=IF({blank},"",{formula})', "0.0%" if k == 1 else None)

    def _input_validation(self, ws, first_row: int, last_row: int) -> None:
        # deferred: openpyxl's data validation
        from openpyxl.worksheet.datavalidation import DataValidation

        for j, attr in enumerate(self.attrs):
            if attr.categories is None:
                continue
            dv = DataValidation(type="list", formula1=self.lists[j][0], allow_blank=True, showDropDown=False,
                                showErrorMessage=True, errorStyle="warning",
                                errorTitle=_("Not a value of {name}").format(name=attr.name)[:32],
                                error=_("This value was not seen in training: the model reads it as missing.")[:255])
            dv.add(f"{_col(j + 1)}{first_row}:{_col(j + 1)}{last_row}")
            ws.validations.append(dv)

    def _calculator_sheet(self) -> None:
        ws = self.calc
        names = [a.name for a in self.attrs]
        self._header(ws, names)
        inputs = {j: f"{_ref_sheet(self.names[CALCULATOR])}!{_abs(j + 1, 2)}" for j in range(len(self.attrs))}
        self._work_row(self.calc_work, 2, inputs)
        last = _col(max(1, len(self.attrs)))
        blank = f"COUNTA($A$2:${last}$2)=0"
        for k, title in enumerate(ANSWERS):
            ws.put(4 + k, 1, _(title), bold=True)
        self._answers(ws, [(4, 2), (5, 2), (6, 2), (7, 2)], self.names[CALC_WORK], 2, blank)
        ws.put(9, 1, _("Type a case's values in row 2 (a cell left empty is a missing value); the answer is "
                         "computed by the formulas above. Paste a table of cases on the next sheet to score them "
                         "all."))
        ws.put(10, 1, _("Missing values: {policy}").format(policy=_(
            "the case stops at the node whose test needs them (its label answers)") if not self.majority else _(
            "the case goes down the branch that held the most training cases")))
        self._input_validation(ws, 2, 2)
        if self.case is not None:
            self._values(ws, 2, self.case)
        ws.widths[1], ws.widths[2] = max(ws.widths.get(1, 10), 16), max(ws.widths.get(2, 10), 16)

    def _score_sheet(self) -> None:
        ws = self.score
        p = len(self.attrs)
        self._header(ws, [a.name for a in self.attrs] + [_(t) for t in ANSWERS])
        sheet = _ref_sheet(self.names[SCORE])
        last = _col(max(1, p))
        for r in range(2, self.n_rows + 2):
            inputs = {j: f"{sheet}!{_abs(j + 1, r)}" for j in range(p)}
            self._work_row(self.score_work, r, inputs)
            self._answers(ws, [(r, p + 1 + d) for d in range(4)], self.names[SCORE_WORK], r,
                          f"COUNTA($A{r}:${last}{r})=0")
        ws.widths[p + 4] = 80
        self._input_validation(ws, 2, self.n_rows + 1)
        for r, case in enumerate(self.cases, start=2):
            self._values(ws, r, case)

    def _values(self, ws, row: int, case) -> None:
        """A case's values in the input row: numbers as numbers, texts as texts, missing left empty."""
        if len(case) != len(self.attrs):
            raise OptionError(_("a case has {n} values where the model has {p} attributes").format(
                n=len(case), p=len(self.attrs)), code="bad_option")
        for j, value in enumerate(case, start=1):
            if value is None:
                continue
            if hasattr(value, "item"):  # a numpy number
                value = value.item()
            if isinstance(value, float) and not math.isfinite(value):
                continue
            ws.put(row, j, value if isinstance(value, (int, float, str)) else str(value))


def _as_number(text) -> float | None:
    """A category text as the number it reads as (as `predict` matches a column of numbers), if any."""
    try:
        value = float(str(text))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def calculator_bytes(model, *, rows: int = DEFAULT_ROWS, cases=None, case=None) -> bytes:
    """The calculator workbook (.xlsx) for a crisp model; `rows`: the Score cases rows with formulas;
    `cases`: rows of values (one per attribute, in the model's order; None for a missing one) already
    pasted on Score cases, `case`: one already typed on Calculator."""
    _check(model, rows)
    return _Book(model, rows, cases, case).build()


def write_calculator(model, path: str | os.PathLike, *, rows: int = DEFAULT_ROWS, cases=None, case=None) -> None:
    """Write `calculator_bytes` atomically (nothing is written when the model is refused)."""
    atomic_write_bytes(path, calculator_bytes(model, rows=rows, cases=cases, case=case))


__all__ = ["DEFAULT_ROWS", "MAX_ROWS", "ANSWERS", "calculator_bytes", "write_calculator", "refusal", "sheet_names"]
