"""A trained model and its file (CLI.md, "Model file"): versioned JSON, never
pickle, written atomically; enough to predict, draw, extract rules and consult
without the training data (every node keeps its class counts)."""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass, field

import numpy as np

from .algorithms.params import AlgorithmInfo, _check_value
from .algorithms import registry
from .data.encode import DataSchema
from .data.spec import ProblemSpec
from .data.table import Table
from .edits import MAX_EDITS, Edit
from .errors import ModelFileError
from .fileio import atomic_write_json, collector_paused, read_json_file
from .i18n import _
from .tree.check import TreeFileProblem, check_schema, check_tree
from .tree.model import Tree
from .tree.predict import POLICIES, Prediction, predict

FORMAT = "ruletree-model"
VERSION = 4  # the newest version this code reads
# version 2 adds the tree's fuzzy settings (t-norm, aggregation, the labels classes answer as); a file
# is written as version 1 unless it needs them, so older versions read every model they can answer
# with correctly; version 3 adds the training cases' values per leaf (`tree.case_values`, which a
# planned consultation reads): a file with them is version 3; version 4 adds the expert's edits
# (nodes' `origin` and `locked`, the list of edits made and undone, the learned tree they start from).
# `tree.seen` (what the model has seen per node, engine.tree.seen; issue 39) needs no version of its
# own: it is checked when present, and a reader without it ignores it and answers the same
MAX_MODEL_BYTES = 512 << 20


@dataclass
class Model:
    algorithm: str
    params: dict
    spec: ProblemSpec
    tree: Tree
    missing: str = "stop"  # prediction's missing-value policy
    trained_on: dict = field(default_factory=dict)
    info: dict = field(default_factory=dict)
    # the expert's edits (engine.edits): those made, in order; those undone (the redo list); the
    # learned tree they were made on (None when there are none)
    edits: list = field(default_factory=list)
    undone: list = field(default_factory=list)
    base: Tree | None = None
    # the file this model was read from or last saved to (None: only in memory)
    path: str | None = field(default=None, compare=False, repr=False)

    @property
    def schema(self) -> DataSchema:
        return self.tree.schema

    def predict_table(self, table: Table, warnings: list[str] | None = None) -> Prediction:
        return self.predict(self.schema.encode_features(table, warnings=warnings))

    def predict(self, X: np.ndarray) -> Prediction:
        """The model's answers for encoded cases: the learner's own predictor with the model's
        predict-stage parameters when it has one, else the tree's traversal; under the model's
        missing-value policy either way."""
        info = registry.known(self.algorithm)
        if info is None:  # an algorithm this version lacks: the tree still answers
            return predict(self.tree, X, self.missing)
        return predict_cases(info, self.tree, X, self.params, self.missing)

    def to_json(self) -> dict:
        tree = self.tree.to_json()
        edited = bool(self.edits or self.undone or self.tree.edited)
        version = 4 if edited else 3 if "case_values" in tree else 2 if "fuzzy" in tree else 1
        out = {"format": FORMAT, "version": version, "algorithm": self.algorithm,
               "params": self.params, "problem": self.spec.to_json(), "schema": self.schema.to_json(),
               "prediction": {"missing": self.missing}, "tree": tree,
               "trained_on": self.trained_on, "info": _jsonable(self.info)}
        if self.edits or self.undone:
            out["edits"] = {"made": [e.to_json() for e in self.edits], "undone": [e.to_json() for e in self.undone]}
            if self.base is not None:
                out["learned_tree"] = self.base.to_json()
        return out

    @classmethod
    def from_json(cls, obj, file: str | None = None) -> "Model":
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise ModelFileError(_("this is not a RuleTree model file"), code="not_a_model", file=file)
        version = obj.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ModelFileError(_("the model file has no valid version"), code="not_a_model", file=file)
        if version > VERSION:
            raise ModelFileError(_("the model was saved by a newer RuleTree Studio (model version {version}); this "
                                   "version reads version {known}. Update RuleTree Studio.").format(
                                     version=version, known=VERSION),
                                 code="newer_version", file=file)
        try:
            _check_fields(obj)  # before anything builds on the file: kernels never see an unchecked tree
            check_schema(obj["schema"])
            columns = check_tree(obj["tree"], obj["schema"])
        except TreeFileProblem as problem:
            raise ModelFileError(_("the model file is damaged: {message}").format(message=problem.message),
                                 code="damaged", file=file,
                                 field=problem.field) from None
        try:
            schema = DataSchema.from_json(obj["schema"])
            tree = Tree.from_json(obj["tree"], schema, columns)
            spec = ProblemSpec.from_json(obj.get("problem") or {}, file=file)
            made, undone, base = _edits_of(obj, schema, file)
            return cls(algorithm=obj["algorithm"], params=dict(obj.get("params") or {}), spec=spec, tree=tree,
                       missing=(obj.get("prediction") or {}).get("missing", "stop"),
                       trained_on=dict(obj.get("trained_on") or {}), info=dict(obj.get("info") or {}),
                       edits=made, undone=undone, base=base)
        except ModelFileError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise ModelFileError(_("the model file is damaged ({kind}: {error})").format(
                                     kind=type(exc).__name__, error=exc), code="damaged",
                                 file=file) from None

    def save(self, path: str | os.PathLike) -> None:
        atomic_write_json(path, self.to_json())
        self.path = os.path.abspath(path)


def _check_fields(obj: dict) -> None:
    """The model's own fields (the schema and tree have their own checks): the algorithm's name,
    its parameters (those the predictor reads must hold values it accepts), the missing-value
    policy, and objects where objects belong."""
    for key in ("schema", "tree", "algorithm"):
        if key not in obj:
            raise TreeFileProblem(key, "is missing")
    if not isinstance(obj["algorithm"], str):
        raise TreeFileProblem("algorithm", "must be a text")
    for key in ("params", "problem", "prediction", "trained_on", "info", "edits"):
        if obj.get(key) is not None and not isinstance(obj[key], dict):
            raise TreeFileProblem(key, "must be an object")
    missing = (obj.get("prediction") or {}).get("missing", "stop")
    if missing not in POLICIES:
        raise TreeFileProblem("prediction.missing", f"must be one of {', '.join(POLICIES)}, not {missing!r}")
    info = registry.known(obj["algorithm"])
    params = obj.get("params") or {}
    for p in info.params if info is not None else ():
        if p.stage == "predict" and p.name in params:
            try:
                _check_value(info, p, params[p.name], ModelFileError)
            except ModelFileError as exc:
                raise TreeFileProblem(f"params.{p.name}", exc.message) from None


def _edits_of(obj: dict, schema: DataSchema, file: str | None) -> tuple[list, list, Tree | None]:
    """The edits made and undone and the learned tree they start from (checked as the tree is)."""
    edits = obj.get("edits")
    if edits is None:
        return [], [], None
    lists = []
    for key in ("made", "undone"):
        items = edits.get(key) or []
        if not isinstance(items, list) or len(items) > MAX_EDITS:
            raise TreeFileProblem(f"edits.{key}", f"must be a list of at most {MAX_EDITS} edits")
        try:
            lists.append([Edit.from_json(item, f"edits.{key}[{k}]") for k, item in enumerate(items)])
        except ValueError as exc:
            raise ModelFileError(_("the model file is damaged: {message}").format(message=exc), code="damaged", file=file)
    base = None
    if obj.get("learned_tree") is not None:
        try:
            check_tree(obj["learned_tree"], obj["schema"])
        except TreeFileProblem as problem:
            raise ModelFileError(_("the model file is damaged: {message}").format(message=problem.message),
                                 code="damaged", file=file, field="learned_tree." + problem.field.partition(".")[2]) from None
        base = Tree.from_json(obj["learned_tree"], schema)
    elif lists[0]:
        raise ModelFileError(_("the model file is damaged: {message}").format(
            message="edits without the learned tree they were made on"), code="damaged", file=file,
            field="learned_tree")
    return lists[0], lists[1], base


def predict_cases(info: AlgorithmInfo, tree: Tree, X: np.ndarray, params: dict,
                  missing: str | None = None) -> Prediction:
    """The algorithm's answers: its own predictor when predict-stage parameters shape them
    (`info.predict`), else the tree's traversal; under the algorithm's missing-value policy
    unless `missing` says otherwise (a model's own, or the user's)."""
    missing = missing or info.missing
    if info.predict is not None:
        return info.predict(tree, X, info.stage_params(params, "predict"), missing)
    return predict(tree, X, missing)


def load_model(path: str | os.PathLike) -> Model:
    path = os.fspath(path)
    with collector_paused():  # millions of objects (a large model), none in a cycle
        obj = read_json_file(path, ModelFileError, what="model file", not_ours="not_a_model",
                             max_bytes=MAX_MODEL_BYTES)
        model = Model.from_json(obj, file=path)
        del obj
    model.path = os.path.abspath(path)
    return model


def file_sha256(path: str | os.PathLike) -> str:
    """The file's sha256. Only a regular file is read: a pipe or a device named in a stranger's
    session or project would block the reader for good (the window's GUI thread among them), so it is
    opened without blocking and refused (ModelFileError, code not_readable) when it is not one."""
    digest = hashlib.sha256()
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise ModelFileError(_("the file cannot be read: {error}").format(error=exc.strerror or exc),
                             code="not_readable", file=path) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise ModelFileError(_("the file is not a regular file (a pipe, a device or a folder), so it is not "
                               "read"), code="not_readable", file=path)
    with os.fdopen(fd, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _jsonable(value):
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return _jsonable(value.tolist())
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return None
    return value
