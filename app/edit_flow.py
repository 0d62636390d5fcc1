"""The window's edits of the model shown, and the expert's typed guideline (issue 37): an edit asked for on the Tree tab is made
on the open data (engine.edits), every tab shows the edited model, the Train tab's headline
gives its training figure at once and its cross-validated figure, the edits replayed on each
fold's training rows beside the learner alone, from a job with Cancel; Edit > Undo / Redo
(Ctrl+Z / Ctrl+Y) step through the models the edits made.

Edits that only rewrite the tree (prune, relabel, lock, a split's cut) take milliseconds and are
made at once; a regrowth runs the learner, so it is a job. Every edit reads the open data (it
recounts the cases of what it changed): a model opened from a file is edited once its data is open.

`EditFlow` is a part of `app.main.MainWindow` (a mixin: the window's attributes are its own).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QMessageBox

from engine.algorithms.registry import known, title_of
from engine.data.encode import build_schema, encode_for_schema
from engine.edit_scores import replayed_cv, training_scores
from engine.edits import edit_model
from engine.metrics import METRICS
from engine.problem import with_missing_values
from engine.candidates import rank_candidates
from engine.tree.node_cases import cases_at, node_path, training_policy

APP_NAME = "RuleTree Studio"
REPLAYED_FOLDS = 10


class EditFlow:
    """The expert's edits, for MainWindow."""

    def _init_edits(self) -> None:
        self.edit_back: list = []  # the models before the edits made (Undo goes back to the last)
        self.edit_forward: list = []  # the models undone (Redo)
        self._edit_data = None  # (model schema, data): the open table encoded for the model shown
        self.tree_panel.edit_requested.connect(self.make_edit)
        self.tree_panel.pane.cases = None

    # ---- the data an edit learns from ------------------------------------------------------------

    def edit_data(self):
        """The open table's rows encoded as the shown model encodes them (None: no table, or one
        without the model's columns)."""
        if self.model is None or self.table is None:
            return None
        key = (id(self.table), id(self.model.schema))
        if self._edit_data is None or self._edit_data[0] != key:
            missing = self.project.missing_values if self.project is not None else {}
            try:
                data = encode_for_schema(with_missing_values(self.table, missing or {}), self.model.schema)
            except Exception:  # noqa: BLE001 - another file is open: the edits that need data are greyed out
                data = None
            self._edit_data = (key, data)
        return self._edit_data[1]

    def _node_cases(self, node_id: int):
        """The selected node's training cases (X rows, classes, weights), for the split dialog."""
        data = self.edit_data()
        rows, w = cases_at(self.model.tree, node_id, data.X, data.w, training_policy(self._learner()))
        return data.X[rows], data.y[rows], w

    def _learner(self):
        # deferred: the registry loads every learner (only an edit needs this one)
        from engine.algorithms.registry import get

        return get(self.model.algorithm)

    def _offer_edits(self) -> None:
        """The Tree tab's pane reads the model's data when the open table has its columns: the node's
        cases (the split dialog) and its ranked candidates (engine.candidates)."""
        # (a tree imported from PMML has no learner of ours to count its cases and rank candidates with)
        usable = self.edit_data() is not None and known(self.model.algorithm) is not None
        self.tree_panel.pane.cases = self._node_cases if usable else None
        self.tree_panel.pane.rank = self._rank if usable else None

    def _rank(self, node_id: int) -> list:
        """The learner's ranked candidates at a node of the shown model (its own splitter, once)."""
        return rank_candidates(self.model, self.edit_data(), node_path(self.model.tree, node_id))

    # ---- making an edit -----------------------------------------------------------------------

    def make_edit(self, edit) -> None:
        if self.model is None:
            return
        data = self.edit_data()
        if data is None:  # every edit recounts the tree's cases
            QMessageBox.information(self, APP_NAME, self.tr("Open the data the model was trained on to edit its "
                                                            "tree."))
            return
        before = self.model
        if edit.op == "regrow":  # runs the learner: a job (with the Train tab's progress and Cancel)
            self.train_panel.show_outcome(self.tr("regrowing below {path}...").format(path=edit.at), False)
            self.jobs.start(lambda progress: edit_model(before, data, edit, progress),
                            done=lambda model: self._model_edited(before, model, edit.at))
            return
        try:
            model = edit_model(before, data, edit)
        except Exception as exc:  # noqa: BLE001 - an edit that cannot be made here: said in words
            self.error(exc)
            return
        self._model_edited(before, model, edit.at)

    def _model_edited(self, before, model, at: str) -> None:
        self.edit_back.append(before)
        self.edit_forward.clear()
        self._show_edited(model, at)

    def forget_edits(self) -> None:
        """No model shown any more (the data read otherwise): nothing to undo or redo."""
        self.edit_back.clear()
        self.edit_forward.clear()
        self._update_edit_actions()

    def undo_edit(self) -> None:
        if self.model is None:  # the model went (another file): its edits with it
            self.forget_edits()
            return
        if not self.edit_back:
            return
        current = self.model
        previous = self.edit_back.pop()
        self.edit_forward.append(current)
        # what the model file says: the edit taken back is on the redo list
        undone = list(current.undone) + current.edits[len(previous.edits):][::-1]
        self._show_edited(replace(previous, undone=undone), current.edits[-1].at if current.edits else None)

    def redo_edit(self) -> None:
        if self.model is None:
            self.forget_edits()
            return
        if not self.edit_forward:
            return
        self.edit_back.append(self.model)
        model = self.edit_forward.pop()
        self._show_edited(model, model.edits[-1].at if model.edits else None)

    # ---- the expert's own guideline (the Guideline tab) ----------------------------------------------

    def _guideline_schema(self):
        """The open data's schema under the problem's settings (None: no data, or no target yet)."""
        if self.table is None:
            return None
        try:
            return build_schema(self.spec, self.table)
        except Exception:  # noqa: BLE001 - settings not usable yet (no target): nothing to check against
            return None

    def score_guideline(self, text: str) -> None:
        """Train the typed rules as the learner `guideline`, scored as the Train tab scores any learner."""
        self.tabs.setCurrentWidget(self.train_panel)
        self.train_panel.select("guideline")
        self.train_panel.form.set_values({"text": text})
        self.train("guideline", {"text": text})

    def compare_guideline(self, text: str) -> None:
        if self.compare_panel.use_guideline(text):
            self.tabs.setCurrentWidget(self.compare_panel)

    def compare_edited(self) -> None:
        """The edited model on the Compare tab, beside its learner (the edits replayed on each fold)."""
        if self.model is None or not self.model.edits:
            return
        self.compare_panel.add_edited(self.model)
        self.tabs.setCurrentWidget(self.compare_panel)

    def _update_edit_actions(self) -> None:
        self.undo_action.setEnabled(bool(self.edit_back))
        self.redo_action.setEnabled(bool(self.edit_forward))
        self.compare_edited_action.setEnabled(self.model is not None and bool(self.model.edits))

    # ---- showing the edited model ------------------------------------------------------------------

    def _show_edited(self, model, at: str | None) -> None:
        """Every tab on the edited model (the tree kept where it was edited), its scores on the
        Train tab: training at once, the replayed cross-validation from a job."""
        self.model = model
        self.train_result = None
        self._offer_edits()
        self.tree_panel.show_tree(model.tree, {}, model.spec, select=at)
        self.tree_panel.set_cases(self.table, model)
        self.rules_panel.show_rules(model.tree, model.spec.hierarchy, model.spec.trust)
        self.consult_panel.set_model(model, model.spec, self.project.path if self.project else None)
        self._update_status()
        self._update_edit_actions()
        self._score_edited(model)

    def _score_edited(self, model) -> None:
        data = self.edit_data()
        n = len(model.edits)
        words = (self.tr("{algorithm}, edited ({n} edit)") if n == 1 else
                 self.tr("{algorithm}, edited ({n} edits)")).format(algorithm=title_of(model.algorithm), n=n)
        if not model.edits:  # undone back to the learned model: its own training's figures again
            learned = next((r for r in self.results if r.model.tree is model.tree), None)
            if learned is not None:
                self.train_result = learned
                self.train_panel.show_result(learned)
            else:
                self.train_panel.show_edited(words)
            return
        if data is None:
            self.train_panel.show_edited(words)
            return
        accuracy = METRICS["accuracy"]
        training = training_scores(model, data)["accuracy"]
        self._edit_headline = self.tr("{model}: {accuracy} on the training rows (optimistic)").format(
            model=words, accuracy=accuracy.text(training))
        self.train_panel.show_edited(self._edit_headline + self.tr("; cross-validating with the edits replayed..."))
        self.jobs.start(lambda progress: (model, replayed_cv(model, data, cv=REPLAYED_FOLDS, progress=progress)),
                        done=self._edited_scored)

    def _edited_scored(self, outcome) -> None:
        model, scores = outcome
        if model is not self.model:  # edited again meanwhile: that edit's scores come
            return
        accuracy = METRICS["accuracy"]
        edited = scores.edited.summary()["accuracy"]
        alone = scores.learner.summary()["accuracy"]
        self.train_panel.show_edited(self._edit_headline + self.tr(
            "; cross-validated ({k} folds, the edits replayed on each fold's training rows): {edited} ± {edited_sd}, "
            "{learner} alone {alone} ± {alone_sd} in the same folds").format(
                k=REPLAYED_FOLDS, edited=accuracy.text(edited["mean"]), edited_sd=accuracy.text(edited["std"]),
                learner=title_of(model.algorithm), alone=accuracy.text(alone["mean"]),
                alone_sd=accuracy.text(alone["std"])), scores.edited, scores.learner)
        self.train_panel.show_outcome(self.tr("done"), True)
