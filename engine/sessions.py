"""Consultation sessions on disk: versioned JSON in the user's data folder, written
atomically after every answer, so a crash or a kill loses nothing; a session is
resumed by replaying its answers on the model."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import time
import uuid
from pathlib import Path

from .consult import PLANNING, UNKNOWN, Consultation
from .data.spec import ProblemSpec, validate_for_model
from .errors import ModelFileError, RuleTreeError, WriteError
from .export import _sheet
from .fileio import atomic_write_bytes, atomic_write_json, read_json_file
from .i18n import N_, _
from .model import Model, file_sha256, load_model
from .paths import user_data_dir
from .tree.describe import label_text
from .tree.rules import extract_rules, rule_text

FORMAT = "ruletree-session"
VERSION = 1


def sessions_dir() -> Path:
    path = user_data_dir() / "sessions"
    _make_folder(path)
    return path


def _make_folder(path: Path) -> None:
    """The folder, made when missing; one that cannot be made (a file in its place, no permission) is a
    WriteError naming it, never a traceback."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteError(_('cannot write the consultations\' folder "{path}": {why}').format(
            path=os.fspath(path), why=_("a file is in its place") if isinstance(exc, FileExistsError)
            else (exc.strerror or str(exc))), code="cannot_write") from None


def models_dir() -> Path:
    """Copies of models that were never saved to a file (the GUI's), so their sessions can resume."""
    path = sessions_dir() / "models"
    _make_folder(path)
    return path


def keep_model_copy(model: Model) -> str:
    """The model's file; a model never saved (the GUI's) is saved once into the sessions
    folder, named by its content, so that its sessions can be resumed. Thread-safe: the
    write is atomic and the name is the content's."""
    if model.path is None or not os.path.exists(model.path):

        text = json.dumps(model.to_json(), ensure_ascii=False, sort_keys=True)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        copy = models_dir() / f"{digest[:16]}.json"
        if copy.exists():
            model.path = str(copy)
        else:
            model.save(copy)
    return model.path


class Session:
    """A consultation plus its log (questions asked, answers, costs) and its file.

    `project` (a .rtproj path) files the session under that project's history;
    `case` is the user's name for the case (a patient or applicant id). `spec` (costs, batch
    groups, budget, cost matrix; default: the model's own) is checked here against the model,
    where the consultation's settings are made (`validate_for_model`), so the consultation
    never sees an unchecked setting; `settings_file` is where they came from (for the message;
    default: the project, else the model file)."""

    def __init__(self, model: Model, model_path: str | None, spec=None, session_id: str | None = None,
                 project: str | None = None, case: str = "", stop_when_not_worth: bool = False,
                 planning: str = "planned", settings_file: str | None = None):
        if spec is None:
            spec, settings_file = model.spec, model_path or model.path
        validate_for_model(spec, model.schema, file=settings_file or project)
        self.model = model
        self.model_path = os.path.abspath(model_path) if model_path else model.path
        self.project = os.path.abspath(project) if project else None
        self.case = case
        self.id = session_id or time.strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        self.consultation = Consultation(model.tree, spec, stop_when_not_worth=stop_when_not_worth,
                                         planning=planning)
        self.planning = planning  # asked for (a tree the plan cannot read consults by utility)
        self.steps: list[dict] = []
        self.created = time.strftime("%Y-%m-%dT%H:%M:%S")

    def _model_file(self) -> str:
        """The model's file; a model never saved is kept once under models/ by content."""
        if self.model_path is None:
            self.model_path = keep_model_copy(self.model)
        return self.model_path

    @property
    def path(self) -> Path:
        return session_file(self.id)

    def ask(self):
        """The ranked questions now (empty when finished)."""
        return [] if self.consultation.finished() else self.consultation.candidates()

    def answer(self, answers: dict, candidate=None, *, outside_ok: bool = False) -> None:
        """Record an answer (see Consultation.answer) and save the session at once."""
        c = self.consultation
        step = {"question": candidate.name if candidate else ", ".join(answers),
                "utility": None if candidate is None else _finite(candidate.utility),
                "gain": None if candidate is None else candidate.gain,
                "answers": dict(answers)}
        if candidate is not None and candidate.expected is not None:
            step.update(expected=_finite(candidate.expected), reason=candidate.reason_en or candidate.reason)
        c.answer(answers, candidate, outside_ok=outside_ok)
        last = c.history[-1]
        step.update(test_cost=last["test_cost"], waiting_cost=last["waiting_cost"])
        if last["warnings"]:
            step.update(warnings=last["warnings"], outside_ok=True)
        if last.get("novelty"):  # outside what the model has seen, where an unknown sent the case
            step.update(novelty=last["novelty"])
        self.steps.append(step)
        self.save()

    def undo(self) -> None:
        """Take back the last answer (replay the others on a fresh consultation)."""
        if not self.steps:
            return
        steps = self.steps[:-1]
        self.consultation = Consultation(self.model.tree, self.consultation.spec,
                                         stop_when_not_worth=self.consultation.stop_when_not_worth,
                                         planning=self.planning)
        self.steps = []
        for step in steps:
            self._replay(step)
        self.save()

    def _replay(self, step: dict) -> None:
        candidate = next((x for x in self.consultation.candidates() if x.name == step["question"]), None)
        self.consultation.answer(step["answers"], candidate, outside_ok=bool(step.get("outside_ok")))
        self.steps.append(step)

    # the words of rule_lines, English in the file and translated in the window
    _STOPPED_AT = N_("stopped at node {node}: {label}")
    _STOPPED_UNKNOWN = N_(" (stopped here: {names} unknown)")
    _STOPPED_PREREQUISITE = N_(" (stopped here: a prerequisite is unknown)")
    _SETTLED = N_(" (every rule below ends in {label})")
    _NOT_ASKED = N_(" (not asked further: {names} unknown)")
    _NO_ANSWER = N_("no answer")
    _SEPARATOR = N_(", ")

    def rule_lines(self, translate: bool = False) -> list[str]:
        """The rule of each frontier node (an internal node's rule is its path so far, with why
        the case stopped there). `translate=False`: English, as the session file keeps them;
        True: in the current language, as the window shows them."""

        tr = _ if translate else str
        tree = self.model.tree
        c = self.consultation
        out = c.outcome()

        def label(value) -> str:
            return label_text(tree, value) if translate else tree.label_name(value)

        def names(items) -> str:
            return tr(self._SEPARATOR).join(items)

        rules = {r.leaf: rule_text(tree, r, translate=translate) for r in extract_rules(tree, out.nodes)}
        settled = c.settled()
        texts = []
        for n in out.nodes:
            text = rules.get(n) or tr(self._STOPPED_AT).format(
                node=n, label=label(tree.nodes[n].label))
            if not tree.nodes[n].is_leaf:
                unknown = [tree.attribute_name(j) for j in tree.nodes[n].attributes() if c.values.get(j) is UNKNOWN]
                if unknown:
                    text += tr(self._STOPPED_UNKNOWN).format(names=names(unknown))
                elif c.stuck(n):
                    text += tr(self._STOPPED_PREREQUISITE)
                elif settled:  # no answer below could change the decision: not asked
                    text += tr(self._SETTLED).format(label=label(out.label))
                else:
                    asked = names(tree.attribute_name(j) for j in tree.nodes[n].attributes()) or tr(self._NO_ANSWER)
                    text += tr(self._NOT_ASKED).format(names=asked)
            texts.append(text)
        return texts

    def outcome_json(self) -> dict:
        """The answer now: label, distribution, the rule of each frontier node (in English:
        rule_lines), what was missing, and the costs paid."""
        tree = self.model.tree
        out = self.consultation.outcome()
        texts = self.rule_lines(translate=False)
        return {"label": tree.label_name(out.label), "nodes": [int(n) for n in out.nodes],
                "scores": {name: float(v) for name, v in out.scores},
                "frontier": [[int(n), float(w)] for n, w in out.frontier],
                "distribution": {c: float(p) for c, p in zip(tree.schema.classes, out.distribution)},
                "rules": texts, "missing": out.missing, "unsettled": out.unsettled, "test_cost": out.test_cost,
                "waiting_cost": out.waiting_cost, "common_cost_saved": out.common_cost_saved,
                "total_cost": out.test_cost + out.waiting_cost,
                # the leaves it ended in that hold too few training cases to act on, and why (translated)
                "few_cases": [{"node": int(t.node)} | t.to_json() for t in out.few_cases]}

    def to_json(self) -> dict:
        """The session file; `outcome` is the final answer when finished, else the tentative one."""
        model_path = self._model_file()
        if getattr(self, "_sha", (None, None))[0] != model_path:
            self._sha = (model_path, file_sha256(model_path))
        return {"format": FORMAT, "version": VERSION, "id": self.id, "created": self.created,
                "updated": time.strftime("%Y-%m-%dT%H:%M:%S"), "model": model_path,
                "model_sha256": self._sha[1], "project": self.project, "case": self.case,
                "algorithm": self.model.algorithm,
                "options": {"stop_when_not_worth": self.consultation.stop_when_not_worth,
                            "planning": self.planning},
                "problem": self.consultation.spec.to_json() if self.consultation.spec is not None else None,
                "steps": self.steps,
                "finished": self.consultation.finished(), "outcome": self.outcome_json()}

    def save(self, path: str | os.PathLike | None = None) -> None:
        atomic_write_json(path or self.path, self.to_json())

    @classmethod
    def resume(cls, session_id_or_path: str, model: Model | None = None, spec=None,
               model_path: str | None = None, settings_file: str | None = None) -> "Session":
        """A saved session replayed: its answers on its model, with the costs it was started
        with (unless `spec` overrides them). `model` (read from `model_path`) must be the
        model the session was made with: a changed or another model is refused, since the
        same answers would follow another tree."""

        path = Path(session_id_or_path)
        if not path.suffix:
            path = session_file(session_id_or_path)
        obj = read_json_file(path, ModelFileError, what="session", not_ours="bad_session", max_bytes=64 << 20)
        problem = session_problem(obj)
        if problem is not None:
            raise ModelFileError(_("this session cannot be resumed: {problem}").format(problem=problem),
                                 code="bad_session",
                                 file=str(path))
        try:
            stored_model, steps = obj.get("model"), list(obj.get("steps") or [])
            if spec is None and isinstance(obj.get("problem"), dict):
                spec, settings_file = ProblemSpec.from_json(obj["problem"], file=str(path)), str(path)
        except (TypeError, ValueError, RuleTreeError) as exc:
            raise ModelFileError(_("the session file is damaged ({error})").format(error=exc), code="bad_session",
                                 file=str(path)) from None
        digest = obj.get("model_sha256")
        check = model_path or (stored_model if model is None else None)
        if digest and check and os.path.exists(check) and file_sha256(check) != digest:
            same = model_path is None or os.path.abspath(model_path) == stored_model
            raise ModelFileError(
                _("the model file has changed since this session was saved (retrained?); resume it with the model "
                  "it was made with") if same else
                _("this session was made with another model ({model}); resume it with the model it was made "
                  "with").format(model=stored_model), code="model_changed", file=str(path))
        if model is None:
            if not stored_model or not os.path.exists(stored_model):
                raise ModelFileError(_("the model of this session is gone ({model})").format(model=stored_model),
                                     code="model_missing",
                                     file=str(path))
            model = load_model(stored_model)
        options = obj.get("options") if isinstance(obj.get("options"), dict) else {}
        # the session goes on under its file's own name when that file is one of the sessions folder's;
        # a file from elsewhere continues as a new session there. Never the "id" written inside a file:
        # a crafted one ("../../x") would choose where the session is written.
        own = path.resolve().parent == sessions_dir().resolve() and SESSION_ID.fullmatch(path.stem) is not None
        session = cls(model, obj.get("model"), spec, session_id=path.stem if own else None, project=obj.get("project"),
                      case=str(obj.get("case") or ""), stop_when_not_worth=bool(options.get("stop_when_not_worth")),
                      planning=options.get("planning", "utility"),  # before issue 23, every session was by utility
                      settings_file=settings_file)
        session.created = obj.get("created", session.created)
        for step in steps:
            session._replay(step)
        return session


#: at most this many answered steps in a session file (a consultation asks each attribute at most once)
MAX_STEPS = 100_000
_TEXTS = ("id", "created", "updated", "model", "model_sha256", "project", "case", "algorithm")
_STEP_NUMBERS = ("utility", "gain", "test_cost", "waiting_cost", "expected")
_OUTCOME_NUMBERS = ("test_cost", "waiting_cost", "total_cost", "common_cost_saved")


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def session_problem(obj) -> str | None:
    """What makes `obj` (a session file's JSON) unusable, in words naming the field, or None.
    Checked before anything reads a field: a file may come from anyone, or be damaged."""
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        return _('it is not a session file (no "format": "{format}")').format(format=FORMAT)
    version = obj.get("version")
    if not _number(version) or version != int(version) or version < 1:
        return _('"version" is {value}, not a whole number from 1').format(value=repr(version))
    if version > VERSION:
        return _("it is version {version}, newer than this program reads ({known}); update RuleTree Studio").format(
            version=int(version), known=VERSION)
    for key in _TEXTS:
        if obj.get(key) is not None and not isinstance(obj[key], str):
            return _('"{key}" is not a text').format(key=key)
    if obj.get("finished") is not None and not isinstance(obj["finished"], bool):
        return _('"{key}" is not true or false').format(key="finished")
    for key in ("options", "problem"):
        if obj.get(key) is not None and not isinstance(obj[key], dict):
            return _('"{key}" is not an object').format(key=key)

    planning = (obj.get("options") or {}).get("planning")
    if planning is not None and planning not in PLANNING:
        return _('"{key}" is {value}, not one of {choices}').format(key="options.planning", value=repr(planning),
                                                                     choices=", ".join(PLANNING))
    steps = obj.get("steps")
    if steps is not None:
        if not isinstance(steps, list):
            return _('"{key}" is not a list').format(key="steps")
        if len(steps) > MAX_STEPS:
            return _('"steps" holds {n} steps, more than {most}').format(n=format(len(steps), ","),
                                                                       most=format(MAX_STEPS, ","))
        for i, step in enumerate(steps, start=1):
            where = _("step {number}").format(number=i)
            if not isinstance(step, dict):
                return _("{where} is not an object").format(where=where)
            answers = step.get("answers")
            if not isinstance(answers, dict) or not all(isinstance(k, str) for k in answers) \
                    or not all(v is None or isinstance(v, str) or _number(v) for v in answers.values()):
                return _('{where}: "answers" is not an object of attribute: value').format(where=where)
            for key in ("question", "reason"):
                if step.get(key) is not None and not isinstance(step[key], str):
                    return _('{where}: "{key}" is not a text').format(where=where, key=key)
            for key in _STEP_NUMBERS:
                if step.get(key) is not None and not _number(step[key]):
                    return _('{where}: "{key}" is not a number').format(where=where, key=key)
            for key in ("warnings", "novelty"):
                if step.get(key) is not None and not _texts(step[key]):
                    return _('{where}: "{key}" is not a list of texts').format(where=where, key=key)
    outcome = obj.get("outcome")
    if outcome is not None:
        if not isinstance(outcome, dict):
            return _('"{key}" is not an object').format(key="outcome")
        if outcome.get("label") is not None and not isinstance(outcome["label"], str):
            return _('"{key}" is not a text').format(key="outcome.label")
        for key in _OUTCOME_NUMBERS:
            if outcome.get(key) is not None and not _number(outcome[key]):
                return _('"{key}" is not a number').format(key="outcome." + key)
        for key in ("missing", "rules"):
            if outcome.get(key) is not None and not _texts(outcome[key]):
                return _('"{key}" is not a list of texts').format(key="outcome." + key)
    return None


#: a session's id: when it was started and a random tail; it names the session's file in the sessions folder
SESSION_ID = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{6}")


def session_file(session_id: str) -> Path:
    """The file of the session `session_id` in the sessions folder; an id of any other shape (a path,
    "../x") is refused, so that no name from a file or an argument points outside the folder."""
    if not isinstance(session_id, str) or SESSION_ID.fullmatch(session_id) is None:
        raise ModelFileError(f'"{session_id}" is not a session id (such as 20261201-093000-1a2b3c); give the id '
                             "that `ruletree sessions` lists, or the session file's path", code="bad_session")
    return sessions_dir() / f"{session_id}.json"


def _finite(value: float):
    return None if value != value or value in (float("inf"), float("-inf")) else float(value)


# ---- history and export ---------------------------------------------------------------

def _unknown(value) -> bool:
    return value is None or (isinstance(value, str) and value.strip() in ("", "?"))


def _cell(value):
    """An answer as a workbook cell: numbers as numbers, unknown as the word."""
    if _unknown(value):
        return _("unknown")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    try:
        return float(str(value).strip())
    except ValueError:
        return str(value)


def list_sessions(project: str | None = None, model: str | None = None,
                  unfiled: bool = False) -> tuple[list[dict], list[str]]:
    """Saved sessions, newest first (optionally one project's, one model's, or only those
    filed under no project), and a warning per file that could not be read (left as it is)."""
    out, warnings = [], []
    want_project = os.path.abspath(project) if project else None
    want_model = os.path.abspath(model) if model else None
    for path in sorted(sessions_dir().glob("*.json")):
        try:
            obj = read_json_file(path, ModelFileError, what="session", not_ours="bad_session", max_bytes=64 << 20)
            problem = session_problem(obj)
            if problem is not None:
                raise ModelFileError(problem, code="bad_session", file=str(path))
        except ModelFileError as exc:
            warnings.append(str(exc))  # names the file
            continue
        if want_project and obj.get("project") != want_project:
            continue
        if unfiled and obj.get("project"):
            continue
        if want_model and obj.get("model") != want_model:
            continue
        obj["file"] = str(path)
        obj["id"] = path.stem  # what `consult --resume` is given: the file's own name, not the text inside
        out.append(obj)
    out.sort(key=lambda o: (str(o.get("updated", "")), str(o.get("id", ""))), reverse=True)
    return out, warnings


def summary_row(obj: dict) -> dict:
    """One session as one row: when, which case, the answer, what it cost."""
    outcome = obj.get("outcome") or {}
    return {"session": obj.get("id"), "case": obj.get("case") or "", "created": obj.get("created"),
            "updated": obj.get("updated"), "project": obj.get("project") or "", "model": obj.get("model") or "",
            "algorithm": obj.get("algorithm") or "", "finished": bool(obj.get("finished")),
            "label": outcome.get("label", ""), "questions": len(obj.get("steps") or []),
            "unknown": sum(_unknown(v) for s in obj.get("steps") or [] for v in s["answers"].values()),
            "test cost": outcome.get("test_cost"), "waiting cost": outcome.get("waiting_cost"),
            "total cost": outcome.get("total_cost"), "common cost saved": outcome.get("common_cost_saved"),
            "missing": ", ".join(outcome.get("missing") or []), "rule": " | ".join(outcome.get("rules") or [])}


#: the workbook's column titles (summary_row's keys and the Answers sheet's), shown as _(title)
_COLUMN_TITLES = (N_("session"), N_("case"), N_("created"), N_("updated"), N_("project"), N_("model"),
                  N_("algorithm"), N_("finished"), N_("label"), N_("questions"), N_("unknown"), N_("test cost"),
                  N_("waiting cost"), N_("total cost"), N_("common cost saved"), N_("missing"), N_("rule"),
                  N_("step"), N_("question"), N_("attribute"), N_("answer"), N_("utility"), N_("gain"),
                  N_("warning"))


def export_sessions(sessions: list[dict], path: str | os.PathLike) -> None:
    """Sessions (as `list_sessions` gives them) to one workbook: Sessions (one row each)
    and Answers (one row per answer given), written atomically."""
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl import Workbook


    wb = Workbook()
    wb.remove(wb.active)
    rows = [summary_row(obj) for obj in sessions]
    header = list(summary_row({}).keys())
    money = {header.index(k): "0.00" for k in ("test cost", "waiting cost", "total cost", "common cost saved")}
    _sheet(wb, _("Sessions"), [_(k) for k in header], [[r[k] for k in header] for r in rows], money)
    answers = []
    for obj in sessions:
        for number, step in enumerate(obj.get("steps") or [], start=1):
            for name, value in step["answers"].items():
                answers.append([obj.get("id"), obj.get("case") or "", number, step.get("question"), name,
                                _cell(value),
                                step.get("utility"), step.get("gain"), step.get("test_cost"),
                                step.get("waiting_cost"), "; ".join(step.get("warnings") or [])])
    _sheet(wb, _("Answers"), [_(k) for k in ("session", "case", "step", "question", "attribute", "answer", "utility",
                                             "gain", "test cost", "waiting cost", "warning")], answers,
           {6: "0.0000", 7: "0.0000", 8: "0.00", 9: "0.00"})
    buf = io.BytesIO()
    wb.save(buf)
    atomic_write_bytes(path, buf.getvalue())
