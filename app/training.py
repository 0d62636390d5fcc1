"""The window's training flow: train the algorithm of the Train tab as a job, show the result
on every tab, export the rules; the problem handed to the Compare tab. Over the engine's
workflows (`engine.workflows.train_model`): only the dialogs live here.

`TrainingFlow` is a part of `app.main.MainWindow` (a mixin: the window's attributes are its own).
"""

from __future__ import annotations

import weakref

import numpy as np
from PySide6.QtWidgets import QFileDialog, QMessageBox

from engine.algorithms.registry import get, resolve_params
from engine.data.encode import encode
from engine.data.spec import check, raise_problems
from engine.evaluate import stratified_holdout
from engine.export import export_model
from engine.paths import log_file
from engine.workflows import has_test_costs, train_model

from .warmup import train_first

APP_NAME = "RuleTree Studio"


class TrainingFlow:
    """Training and export, for MainWindow."""

    def train_now(self) -> None:
        """The Train tab's Train button, from anywhere (toolbar, Ctrl+T)."""
        self.tabs.setCurrentWidget(self.train_panel)
        if self.train_panel.train_button.isEnabled():
            self.train_panel.train_button.click()

    def train(self, algorithm: str, values: dict) -> None:
        """Train in a job: the parameters resolved and the settings checked (by `encode`) here,
        once, before the job starts."""
        if self.table is None:
            QMessageBox.information(self, APP_NAME, self.tr("Open a data file or a project first."))
            return
        try:
            info = get(algorithm)
            params = resolve_params(info, values, self.spec)
            data = self._checked_data()
        except Exception as exc:  # noqa: BLE001
            self.error(exc)
            return
        spec, table = self.spec.copy(), self.table
        holdout, cv = self.train_panel.holdout_value(), self.train_panel.cv_value()
        strategy = self.train_panel.strategy_value() if has_test_costs(spec) else None
        train_first(self, algorithm)  # the warm-up, if it still runs, warms this learner next
        self._training_inputs = (info, data, spec, params, holdout)  # the stability count refits from them
        self.jobs.start(lambda progress: train_model(info, table, spec, params, progress, data=data,
                                                     holdout=holdout, strategy=strategy, cv=cv))

    def _trained(self, result) -> None:
        """Show a workflows.TrainResult: metrics, confusion matrix, the tree, its rules; it joins the
        session's list of models (app.model_flow)."""
        self.train_panel.show_result(result)
        self.train_panel.show_outcome(self._outcome_text(result.model.info), True)
        inputs = getattr(self, "_training_inputs", None)
        if inputs is not None:  # the last training only (its encoded rows are not kept twice)
            self._trained_inputs = (weakref.ref(result.model), inputs)
        self._keep_result(result)
        self._show_model(result.model, result)  # its metrics and level confusions go into the Excel export

    def stability_inputs(self):
        """(learner, training rows, problem, parameters, tree) of the model shown, for the Tree tab's
        stability count (engine.trust.stability); raises when it is not the Train tab's last training."""
        model, found = getattr(self, "_trained_inputs", (lambda: None, None))
        if self.model is None or model() is not self.model:
            raise ValueError(self.tr("train the model first (its learner is fitted again on samples of its "
                                     "training rows)"))
        info, data, spec, params, holdout = found
        if holdout:  # the rows train_model fitted on: all but its stratified hold-out (seed 0)
            data = data.subset(np.flatnonzero(~stratified_holdout(data.y, holdout, 0)))
        return info, data, spec, params, self.model.tree

    def _outcome_text(self, info) -> str:
        """"done"; for the optimal tree also whether the search proved it optimal or its gap."""
        if not isinstance(info, dict) or "optimal" not in info:
            return self.tr("done")
        if info.get("optimal"):
            return self.tr("done: optimal")
        try:
            gap = 100.0 * float(info.get("gap", 0.0))
        except (TypeError, ValueError):
            gap = float("nan")
        return self.tr("done: gap {gap} %").format(gap=format(gap, ".1f"))

    def _consult_path(self, path: list) -> None:
        """The case being consulted is also highlighted on the Tree tab (same model only)."""
        session = self.consult_panel.session
        if session is not None and session.model.tree is self.tree_panel.tree:
            self.tree_panel.canvas.highlight_path(path)

    def _job_failed(self, message: str, is_bug: bool) -> None:
        self.train_panel.show_failure(message if not is_bug else
                                      self.tr("an internal error ({message})").format(message=message))
        if is_bug:
            QMessageBox.critical(self, APP_NAME, self.tr("Training stopped by an internal error ({message}). The "
                                                         "details are in {log}.").format(message=message,
                                                                                         log=log_file()))
        else:
            QMessageBox.warning(self, APP_NAME, message)

    def _checked_data(self, spec=None):
        """The open table encoded under the settings as they stand (`spec`: a copy of them), checked
        first: refused with the SpecError every entry point gives, naming the project file."""
        spec = self.spec if spec is None else spec
        raise_problems(check(spec, self.table), file=(self.project.path if self.project else None) or self.table.file)
        return encode(self.table, spec, validate_first=False)

    def _problem_for_compare(self):
        """The open file and problem, encoded, for the Compare tab (raises with the checks' message)."""
        if self.table is None:
            raise ValueError(self.tr("no data file is open"))
        spec = self.spec.copy()
        return self._checked_data(spec), spec

    # ---- export ----------------------------------------------------------------------

    def export_rules(self, path: str | None = None) -> bool:
        if self.model is None:
            QMessageBox.information(self, APP_NAME, self.tr("Train a model first."))
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Export rules"), "rules.xlsx",
                                                  self.tr("Excel workbook (*.xlsx)"))
            if not path:
                return False
        try:
            result = self.train_result if self.train_result is not None and \
                self.train_result.model is self.model else None
            if result is None:
                export_model(self.model, path)
            else:
                where = result.scheme_text
                export_model(self.model, path, result.metrics, scored_on=where, levels=result.levels)
        except Exception as exc:  # noqa: BLE001
            self.error(exc, path)
            return False
        return True
