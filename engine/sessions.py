"""Consultation sessions on disk: versioned JSON in the user's data folder, written
atomically after every answer, so a crash or a kill loses nothing; a session is
resumed by replaying its answers on the model."""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

from .consult import Consultation
from .errors import ModelFileError
from .fileio import atomic_write_json, read_json_file
from .model import Model, file_sha256
from .paths import user_data_dir

FORMAT = "ruletree-session"
VERSION = 1


def sessions_dir() -> Path:
    path = user_data_dir() / "sessions"
    path.mkdir(parents=True, exist_ok=True)
    return path


class Session:
    """A consultation plus its log (questions asked, answers, costs) and its file."""

    def __init__(self, model: Model, model_path: str | None, spec=None, session_id: str | None = None):
        self.model = model
        self.model_path = os.path.abspath(model_path) if model_path else None
        self.id = session_id or time.strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        self.consultation = Consultation(model.tree, spec if spec is not None else model.spec)
        self.steps: list[dict] = []
        self.created = time.strftime("%Y-%m-%dT%H:%M:%S")

    @property
    def path(self) -> Path:
        return sessions_dir() / f"{self.id}.json"

    def ask(self):
        """The ranked questions now (empty when finished)."""
        return [] if self.consultation.finished() else self.consultation.candidates()

    def answer(self, answers: dict, candidate=None) -> None:
        c = self.consultation
        step = {"question": candidate.name if candidate else ", ".join(answers),
                "utility": None if candidate is None else _finite(candidate.utility),
                "gain": None if candidate is None else candidate.gain,
                "answers": dict(answers)}
        c.answer(answers, candidate)
        step.update(test_cost=c.history[-1]["test_cost"], waiting_cost=c.history[-1]["waiting_cost"])
        self.steps.append(step)
        self.save()

    def undo(self) -> None:
        """Take back the last answer (replay the others on a fresh consultation)."""
        if not self.steps:
            return
        steps = self.steps[:-1]
        self.consultation = Consultation(self.model.tree, self.consultation.spec)
        self.steps = []
        for step in steps:
            self._replay(step)
        self.save()

    def _replay(self, step: dict) -> None:
        candidate = next((x for x in self.consultation.candidates() if x.name == step["question"]), None)
        self.consultation.answer(step["answers"], candidate)
        self.steps.append(step)

    def outcome_json(self) -> dict:
        tree = self.model.tree
        out = self.consultation.outcome()
        from .tree.rules import extract_rules, rule_text

        rules = {r.leaf: rule_text(tree, r) for r in extract_rules(tree)}
        return {"label": tree.label_name(out.label),
                "distribution": {c: float(p) for c, p in zip(tree.schema.classes, out.distribution)},
                "rules": [rules.get(n, f"stopped at node {n}: {tree.label_name(tree.nodes[n].label)}")
                          for n in out.nodes],
                "missing": out.missing, "test_cost": out.test_cost, "waiting_cost": out.waiting_cost,
                "common_cost_saved": out.common_cost_saved,
                "total_cost": out.test_cost + out.waiting_cost}

    def to_json(self) -> dict:
        finished = self.consultation.finished()
        return {"format": FORMAT, "version": VERSION, "id": self.id, "created": self.created,
                "updated": time.strftime("%Y-%m-%dT%H:%M:%S"), "model": self.model_path,
                "model_sha256": file_sha256(self.model_path) if self.model_path else None,
                "steps": self.steps, "finished": finished,
                "outcome": self.outcome_json() if finished else None}

    def save(self, path: str | os.PathLike | None = None) -> None:
        atomic_write_json(path or self.path, self.to_json())

    @classmethod
    def resume(cls, session_id_or_path: str, model: Model | None = None) -> "Session":
        from .model import load_model

        path = Path(session_id_or_path)
        if not path.suffix:
            path = sessions_dir() / f"{session_id_or_path}.json"
        obj = read_json_file(path, ModelFileError, what="session", not_ours="bad_session", max_bytes=64 << 20)
        if not isinstance(obj, dict) or obj.get("format") != FORMAT or int(obj.get("version", 0)) > VERSION:
            raise ModelFileError("this is not a session this version can read", code="bad_session", file=str(path))
        model = model or load_model(obj["model"])
        session = cls(model, obj.get("model"), session_id=obj["id"])
        session.created = obj.get("created", session.created)
        for step in obj.get("steps", []):
            session._replay(step)
        return session


def _finite(value: float):
    return None if value != value or value in (float("inf"), float("-inf")) else float(value)
