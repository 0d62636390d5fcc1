"""Honest scores of an edited tree (issue 37, item 3): its figures on the training rows, and
its cross-validated figures with the edit list replayed on each fold's training rows, beside
the unedited learner's in the same folds.

The training figures say how the edited structure fits the cases it was edited on
(optimistic, as any training figure is: labelled so wherever shown). The replayed figure is
the honest one: in each fold the learner grows its tree on the fold's training rows alone,
the expert's edits are made on it in order (the splits the expert forced or moved kept, the
learned parts regrown on those rows), and the result is scored on the fold's test rows,
which neither the learner nor the edits ever saw. An edit whose node a fold's tree does not
have (it edited a learned node deep down that the fold grew otherwise) is left out in that
fold and counted."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .data.encode import EncodedData
from .edits import context_of, edited_learner
from .evaluate import metrics
from .progress import Progress, as_progress
from .workflows import AlgorithmEvaluation, Scoring, evaluate_algorithm


def training_scores(model, data: EncodedData) -> dict[str, float]:
    """The model's metrics on its training rows `data` (labelled "training" wherever shown)."""
    ctx = context_of(model, data)
    scoring = Scoring(ctx.info, data, model.spec, model.params)
    labels, extra = scoring.predicted(ctx.info, model.tree, data.X, model.params)
    out = metrics(data.y, labels, len(data.classes), ordered=data.schema.ordered, w=data.w,
                  **scoring.metric_options())
    out.update(extra)
    return {k: float(v) for k, v in out.items() if np.isscalar(v)}


@dataclass
class ReplayedScores:
    """The learner's and the edited model's cross-validation in the same folds."""

    learner: AlgorithmEvaluation
    edited: AlgorithmEvaluation

    def to_json(self) -> dict:
        return {"learner": self.learner.to_json(), "edited": self.edited.to_json()}


def replayed_cv(model, data: EncodedData, *, cv: int = 10, repeats: int = 1, seed: int = 0,
                progress: Progress | None = None) -> ReplayedScores:
    """Cross-validate the model's learner and, in the same folds (the same seed), the learner
    followed by the model's edits (module docstring)."""
    progress = as_progress(progress)
    info = context_of(model, data).info
    learner = evaluate_algorithm(info, data, model.spec, model.params, cv=cv, repeats=repeats, seed=seed,
                                 progress=progress)
    edited = evaluate_algorithm(edited_learner(info, model.edits), data, model.spec, model.params, cv=cv,
                                repeats=repeats, seed=seed, progress=progress)
    return ReplayedScores(learner, edited)
