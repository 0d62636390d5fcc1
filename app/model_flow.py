"""The window's model lifecycle (issue 36): save a model, open one (ours, JSON; or a PMML TreeModel
another tool wrote, engine.pmml_import), export it as PMML 4.4, as an Excel calculator or as a
printable report (issue 38), predict a file with it, and the list of every model trained in the
session — any of them shown, consulted, saved again. Over engine.model and engine.predicting: only
the dialogs live here.

`ModelFlow` is a part of `app.main.MainWindow` (a mixin: the window's attributes are its own).
"""

from __future__ import annotations

import os

from PySide6.QtWidgets import QFileDialog, QMessageBox

from engine.algorithms.registry import title_of
from engine.data.read import SUPPORTED_SUFFIXES
from engine.model import load_model
from engine.pmml import write_pmml
from engine.data.encode import encode_for_schema
from engine.errors import RuleTreeError
from engine.pmml_counts import count_cases
from engine.pmml_import import counts_look_like_shares, read_pmml
from engine.predicting import predict_file
from engine.xlsx_calculator import write_calculator

from .panels.predictions_dialog import PredictionsDialog

APP_NAME = "RuleTree Studio"
#: the folds of the report's cross-validation (as `ruletree report`'s default)
REPORT_FOLDS = 10
MODEL_SUFFIX = ".json"
PMML_SUFFIX = ".pmml"


class ModelFlow:
    """Models in and out, for MainWindow."""

    def save_model(self, path: str | None = None) -> bool:
        if self.model is None:
            QMessageBox.information(self, APP_NAME, self.tr("Train a model first."))
            return False
        if path is None:
            # an imported model is saved beside its name (iris.pmml -> iris.json)
            imported = os.path.splitext(self.model.trained_on.get("pmml_file") or "")[0]
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the model"),
                                                  f"{imported or self.model.algorithm}.json",
                                                  self.tr("RuleTree models (*.json)"))
            if not path:
                return False
            if not path.lower().endswith(MODEL_SUFFIX):
                path += MODEL_SUFFIX
        try:
            self.model.save(path)
        except Exception as exc:  # noqa: BLE001 - a folder gone or read-only: said, never a crash
            self.error(exc, path)
            return False
        self._update_status()
        return True

    def _export_path(self, path: str | None, title: str, name: str, file_filter: str, suffix: str) -> str | None:
        """The path an export writes: `path` as given, else the one chosen in a save dialog (`suffix`
        added when missing); None when there is no model (said) or the dialog was cancelled."""
        if self.model is None:
            QMessageBox.information(self, APP_NAME, self.tr("Train a model first."))
            return None
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, title, name, file_filter)
            if not path:
                return None
            if not path.lower().endswith(suffix):
                path += suffix
        return path

    def _export(self, path: str, write) -> bool:
        try:
            write(self.model, path)
        except Exception as exc:  # noqa: BLE001 - refused, or a folder that cannot be written: one dialog
            self.error(exc, path)
            return False
        return True

    def export_pmml(self, path: str | None = None) -> bool:
        """File > Export the model as PMML: a PMML 4.4 TreeModel (engine.pmml) other engines score; a
        tree PMML cannot carry exactly (fuzzy, trichotomy, ...) is refused in a dialog saying why,
        and no file is written."""
        name = f"{self.model.algorithm}.pmml" if self.model is not None else ""
        path = self._export_path(path, self.tr("Export the model as PMML"), name, self.tr("PMML 4.4 (*.pmml)"),
                                 ".pmml")
        return path is not None and self._export(path, write_pmml)

    def export_report(self, path: str | None = None) -> bool:
        """File > Export a printable report: the PDF of engine.report (the problem, the figures
        cross-validated on the open data beside the baseline, the tree, the rules as a checklist),
        written in a job: the cross-validation takes k fits. The same document as `ruletree report`.
        False when nothing was started (no model, a job running, no file chosen)."""
        if self.model is not None and self.jobs.busy:
            QMessageBox.information(self, APP_NAME, self.tr("Wait until the running job ends (or cancel it), "
                                                            "then export the report."))
            return False
        name = f"{self.model.algorithm}-report.pdf" if self.model is not None else ""
        path = self._export_path(path, self.tr("Export a printable report"), name, self.tr("PDF (*.pdf)"), ".pdf")
        if path is None:
            return False
        # deferred: reportlab only when a report is written
        from engine.report import report_figures, write_report

        model, data = self.model, self.edit_data()
        data_file = self.table.file if data is not None and self.table is not None else None

        def work(progress):
            write_report(report_figures(model, data, data_file=data_file, cv=REPORT_FOLDS, progress=progress), path)
            return path

        self.train_panel.show_outcome(self.tr("writing the report (cross-validating)..."), False)
        self.jobs.start(work, done=self._report_written)
        return True

    def _report_written(self, path: str) -> None:
        self.train_panel.show_outcome(self.tr("report written: {path}").format(path=path), True)
        self.statusBar().showMessage(self.tr("Report written: {path}").format(path=path), 10000)

    def export_calculator(self, path: str | None = None) -> bool:
        """File > Export the model as an Excel calculator: a workbook whose formulas give a typed
        case's class, confidence and rule, and score a pasted table (engine.xlsx_calculator); a
        model it cannot carry (fuzzy, C4.5's fractional missing values) is refused in a dialog
        saying why, and no file is written."""
        name = f"{self.model.algorithm}_calculator.xlsx" if self.model is not None else ""
        path = self._export_path(path, self.tr("Export the model as an Excel calculator"), name,
                                 self.tr("Excel workbooks (*.xlsx)"), ".xlsx")
        return path is not None and self._export(path, write_calculator)

    def choose_model(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a model"), "", self.tr(
            "Models (*.json *.pmml);;RuleTree models (*.json);;PMML TreeModels from other tools (*.pmml)"))
        if path:
            self.open_model(path)

    def open_model(self, path: str) -> bool:
        """A saved model, or a PMML TreeModel another tool wrote (read as one of ours: engine.pmml_import):
        its tree and rules shown, ready to consult and to predict with; the data open stays (its rows are
        shown on the tree when they have the model's columns)."""
        imported = os.fspath(path).lower().endswith(PMML_SUFFIX)
        try:
            model = read_pmml(path) if imported else load_model(path)
        except Exception as exc:  # noqa: BLE001 - a damaged or foreign file: one dialog
            self.error(exc, path, writing=False)
            return False
        if imported:
            self._offer_counting(model)
        self._show_model(model, None)
        source = model.trained_on
        rows = source.get("rows")
        self.train_panel.clear()
        if "pmml_application" in source or imported:
            notes = model.info.get("pmml_notes") or []
            counted = source.get("counted_on")
            if counted:
                notes = [self.tr("its cases counted on {file} ({rows} rows)").format(file=counted["file"],
                                                                                    rows=counted["rows"])] + notes
            self.train_panel.headline.setText(self.tr(
                "Model imported from {file} (PMML, made by {application}): {leaves} leaves. The file does not say "
                "how many rows trained it; train here to score it on this data, or predict a file with it.{notes}"
            ).format(file=source.get("pmml_file") or os.path.basename(path),
                     application=source.get("pmml_application") or self.tr("an unnamed application"),
                     leaves=model.tree.n_leaves,
                     notes="".join("\n" + self.tr("Note: {note}").format(note=n) for n in notes[:3])))
            self._remember(path)
            return True
        self.train_panel.headline.setText(self.tr(
            "Model opened from {file}: {algorithm}, trained on {rows} rows{data}. Its figures are those of the "
            "training that made it; train here to score it on this data.").format(
                file=os.path.basename(path), algorithm=title_of(model.algorithm), rows=rows if rows is not None else "?",
                data=self.tr(" of {file}").format(file=source["file"]) if source.get("file") else ""))
        self._remember(path)
        return True

    def _offer_counting(self, model) -> bool:
        """An imported tree whose leaves hold class shares, not cases (sklearn2pmml with scikit-learn
        1.4 and later): offered to count its cases on the open data, when that data has the model's
        columns (engine.pmml_counts, as `ruletree import --data`). True when counted."""
        table = getattr(self, "table", None)
        if table is None or not counts_look_like_shares(model.tree, str(model.trained_on.get("pmml_application") or "")):
            return False
        try:
            data = encode_for_schema(table, model.schema)
        except RuleTreeError:  # not this model's data (a column or a class it lacks): nothing to offer
            return False
        name = os.path.basename(table.file)
        answer = QMessageBox.question(self, self.tr("Count the cases?"), self.tr(
            "The file gives each leaf's class shares, not how many training cases reached it, so every leaf "
            "would show as one case. Count the cases on the open data ({file}, {rows} rows)? Do this only if "
            "these rows trained the model.").format(file=name, rows=len(data.y)), QMessageBox.Yes | QMessageBox.No)
        if answer != QMessageBox.Yes:
            return False
        count_cases(model, data, source={"file": name, "sheet": table.sheet, "rows": int(len(data.y))})
        return True

    def _show_model(self, model, result) -> None:
        """Every tab on `model` (from a training, `result`; or opened from a file)."""
        self.model = model
        self.train_result = result
        self.forget_edits()  # another model: its own edits
        self._offer_edits()
        tree = model.tree
        self.tree_panel.show_tree(tree, result.node_rows if result is not None else {}, model.spec)
        self.tree_panel.set_cases(self.table, model)
        self.rules_panel.show_rules(tree, model.spec.hierarchy, model.spec.trust)
        self.consult_panel.set_model(model, model.spec, self.project.path if self.project else None)
        self.tabs.setCurrentWidget(self.tree_panel)
        self._update_status()

    # ---- the models of the session -------------------------------------------------------

    def _keep_result(self, result) -> None:
        """A training's result joins the session's list (newest first) and is the one shown."""
        self.results.insert(0, result)
        self.train_panel.show_results_list(self.results, 0)

    def show_session_result(self, index: int) -> None:
        """One of the session's models on every tab (its figures on the Train tab)."""
        if not 0 <= index < len(self.results):
            return
        result = self.results[index]
        self.train_panel.show_result(result)
        self._show_model(result.model, result)

    # ---- predict a file --------------------------------------------------------------------

    def choose_predict_file(self) -> None:
        if self.model is None:
            QMessageBox.information(self, APP_NAME, self.tr("Train or open a model first."))
            return
        patterns = " ".join("*" + s for s in SUPPORTED_SUFFIXES)
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Predict a file"), "",
                                              self.tr("Tables ({patterns});;All files (*)").format(patterns=patterns))
        if path:
            self.predict_path(path)

    def predict_path(self, path: str, sheet: str | None = None) -> PredictionsDialog | None:
        """The model's answers for every row of the file at `path`, shown beside the rows with the rule
        that fired (a dialog with an export)."""
        try:
            # the texts the project reads as missing ("未提供"), read so in the new file too
            missing = self.project.missing_values if self.project is not None else None
            predictions = predict_file(self.model, path, sheet, missing_values=missing)
        except Exception as exc:  # noqa: BLE001 - a file that cannot be read, a column the model needs missing
            self.error(exc, path, writing=False)
            return None
        dialog = PredictionsDialog(predictions, self)
        self.predictions_dialog = dialog
        dialog.show()
        return dialog
