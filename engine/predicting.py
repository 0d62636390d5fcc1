"""Predicting a file with a model: every row's answer, its scores, the attributes it used and
the rule that fired — one front door for `ruletree predict` and the window's File > Predict.

The rule of a row is the path to the node where it ended (a leaf, or an internal node where an
unknown value stopped it), worded as the Rules tab words it; a row a fuzzy tree spread over
several leaves has none (its answer aggregates them). The `warning` column says when a row lies
outside what the model has seen (engine.trust.novelty), empty when nothing is flagged. Rows written to a CSV or a workbook keep
data text that a spreadsheet would run as a formula as plain text (engine.export.csv_text).
"""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass, field

import numpy as np

from .data.encode import EncodedData, encode_for_schema
from .data.read import read_table
from .data.table import Table
from .export import csv_text, write_predictions_workbook
from .fileio import atomic_write_text
from .i18n import N_, _
from .model import Model
from .problem import with_missing_values
from .tree.model import PENDING_LABEL
from .tree.predict import Prediction
from .tree.rules import extract_rules, rule_text
from .trust.novelty import flags as novelty_flags, warning_text


#: the rule column of a row no one rule answers (its answer weighs several leaves' rules)
SPREAD = N_("(several rules, weighted: a value they test is missing in this row)")


@dataclass
class Predictions:
    """A model's answers for the rows of a table."""

    model: Model
    table: Table
    prediction: Prediction
    warnings: list[str] = field(default_factory=list)

    @property
    def labels(self) -> list[str]:
        return self.prediction.label_names(self.model.tree)

    @property
    def n_pending(self) -> int:
        return sum(1 for label in self.labels if label == PENDING_LABEL)

    def rules(self, *, translate: bool = True) -> list[str]:
        """Per row, the rule that fired (its path's conditions and answer). A row spread over several
        leaves (a value the tree tests is missing, C4.5's fractional cases) has no one rule: "" in the
        CSV (`translate=False`, the command line's contract), a sentence saying so for a person.
        `translate`: the keywords (如果/且/则) in the current language."""
        tree = self.model.tree
        ends = np.asarray(self.prediction.nodes)
        nodes = sorted({int(n) for n in np.unique(ends) if n >= 0})
        texts = {r.leaf: rule_text(tree, r, translate=translate) for r in extract_rules(tree, nodes)}
        spread = _(SPREAD) if translate else ""
        return [texts.get(int(n), spread) for n in ends]

    @property
    def flags(self) -> list[list]:
        """Per row, what lies outside what the model has seen (engine.trust.novelty.Flag); computed
        once."""
        if getattr(self, "_flags", None) is None:
            self._flags = novelty_flags(self.model, self.table)
        return self._flags

    def warnings_of_rows(self, *, translate: bool = False) -> list[str]:
        """Per row, its flags as one text ("" when nothing is flagged): the `warning` column."""
        return [warning_text(f, translate=translate) for f in self.flags]

    def by_label(self) -> bool:
        """The tree answers by its labels (fuzzy aggregation, coarser hierarchy labels): every label's
        score is given too."""
        tree = self.model.tree
        return tree.aggregate != "distribution" or tree.answer_as is not None or len(tree.labels) > len(
            tree.schema.classes)

    def header(self) -> list[str]:
        tree = self.model.tree
        out = ["row", "prediction"] + [f"score_{c}" for c in tree.schema.classes] + ["attributes_used"]
        if self.by_label():
            out += [f"label_score_{label}" for label in tree.labels]
        return out + ["rule", "warning"]

    def rows(self, *, translate: bool = False) -> list[list]:
        """One list per row, as `header()` names the columns (numbers as numbers)."""
        tree = self.model.tree
        names = tree.schema.names
        used = self.prediction.used
        labels = self.labels
        label_scores = self.prediction.label_score_matrix(tree) if self.by_label() else None
        rules = self.rules(translate=translate)
        warnings = self.warnings_of_rows(translate=translate)
        out = []
        for i in range(len(labels)):
            row = [self.table.row_number(i), labels[i]] + [float(v) for v in self.prediction.scores[i]]
            row.append(";".join(names[j] for j in range(len(names)) if used[i, j]))
            if label_scores is not None:
                row += [float(v) for v in label_scores[i]]
            out.append(row + [rules[i], warnings[i]])
        return out

    def csv_text(self) -> str:
        """The CSV `ruletree predict` writes: English keywords (a file on disk reads the same in any
        language), numbers to 6 significant digits, formula-like text as text."""
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow([csv_text(h) for h in self.header()])
        for row in self.rows(translate=False):
            writer.writerow([format(v, ".6g") if isinstance(v, float) else csv_text(v) if isinstance(v, str) else v
                             for v in row])
        return buf.getvalue()

    def save(self, path: str | os.PathLike) -> None:
        """To a workbook (.xlsx: translated headers and rules, the data columns beside) or else CSV."""
        path = os.fspath(path)
        if path.lower().endswith((".xlsx", ".xlsm")):
            write_predictions_workbook(path, self.header(), self.rows(translate=True), self.table)
        else:
            atomic_write_text(path, self.csv_text())


def predict_table(model: Model, table: Table) -> Predictions:
    """The model's answers for the rows of `table` (a category never seen in training is read as
    unknown, with a warning; a column the model uses that the table lacks is a DataError)."""
    warnings: list[str] = []
    prediction = model.predict_table(table, warnings)
    return Predictions(model=model, table=table, prediction=prediction, warnings=list(table.warnings) + warnings)


def read_model_data(model: Model, path: str | os.PathLike, sheet: str | None = None, *,
                    header_row: int | None = None, encoding: str | None = None, delimiter: str | None = None,
                    missing_values: dict[str, list[str]] | None = None) -> EncodedData:
    """A data file's rows with their classes, encoded as the model's schema encodes them (what
    editing the model, ranking its candidates or scoring a guideline learns from): read as
    `read_table` reads it, each column's texts of `missing_values` read as missing."""
    table = read_table(path, sheet, encoding=encoding, delimiter=delimiter, header_row=header_row)
    return encode_for_schema(with_missing_values(table, missing_values or {}), model.schema)


def predict_file(model: Model, path: str | os.PathLike, sheet: str | None = None, *, header_row: int | None = None,
                 encoding: str | None = None, delimiter: str | None = None,
                 missing_values: dict[str, list[str]] | None = None) -> Predictions:
    """`predict_table` over a data file read as `read_table` reads it, each column's texts of
    `missing_values` read as missing (the project's: "未提供" in a number column, as in training)."""
    table = read_table(path, sheet, encoding=encoding, delimiter=delimiter, header_row=header_row)
    return predict_table(model, with_missing_values(table, missing_values or {}))
