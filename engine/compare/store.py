"""The comparison's results file: what lets a stopped run resume where it stopped.

Versioned JSON, rewritten atomically as units (one entry on one fold) finish — after
each one, or at most once a second when they finish faster (`Writer`)::

    {"format": "ruletree-compare", "version": 1,
     "config": {"data": {"rows", "target", "classes", "sha256"}, "scheme": {...},
                "entries": [{"name", "algorithm", "params"}, ...]},
     "units": [{"entry": 0, "fold": 3, "n_train": 1555, "n_test": 173,
                "labels": ["unacc", ...], "y_pred": [0, 2, ...], "metrics": {"accuracy": 0.97, ...}}, ...]}

`config` is everything the results depend on (the data's fingerprint, the folds, every
entry's resolved parameters); a file whose config differs from the run's is refused.
The file may come from anyone: every part is checked before use (types, ranges, sizes
against the folds) and anything odd is refused with one line naming the file.
A metric that is not a finite number is written as null (NaN), "inf" or "-inf".

The figures are checked against the run's own before any is shown (issue 41; the runner's
`_check_resumed` with `figure_problem` here): the label metrics computed again from the unit's
answers on the fold's test rows, every other metric within its range (shares 0..1, costs
0..the settings' largest, times 0..a year, counts whole and within the fold and the tree), and
the file no larger than the run's folds can need. A unit that fails refuses the whole file (one
line naming the file, the entry and the fold; exit 2): our writer never makes one, so the file
was changed after it was written, and its other units cannot be trusted either.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time

import numpy as np

from ..errors import RuleTreeError
from ..fileio import atomic_write_text, read_json_file
from ..i18n import _
from ..metrics import COST, COUNT, SCORE, SECONDS, SHARE, STEPS, known, metric
from ..tree.model import PENDING

FORMAT = "ruletree-compare"
VERSION = 1
MAX_BYTES = 1 << 30


class ResultsFileError(RuleTreeError):
    """A comparison results file that cannot be resumed from."""

    kind = "results"


class UnitResult:
    """One entry on one fold: its metrics, its answers on the test rows, the tree's labels."""

    __slots__ = ("metrics", "y_pred", "labels", "n_train", "n_test")

    def __init__(self, metrics: dict[str, float], y_pred: np.ndarray, labels: list[str], n_train: int, n_test: int):
        self.metrics = metrics
        self.y_pred = np.asarray(y_pred, dtype=np.int64)
        self.labels = list(labels)
        self.n_train = int(n_train)
        self.n_test = int(n_test)

    def to_json(self, entry: int, fold: int) -> dict:
        return {"entry": entry, "fold": fold, "n_train": self.n_train, "n_test": self.n_test,
                "labels": self.labels, "y_pred": self.y_pred.tolist(),
                "metrics": {k: _number_out(v) for k, v in self.metrics.items()}}


def data_fingerprint(X: np.ndarray, y: np.ndarray, w: np.ndarray, classes, names) -> str:
    """sha256 over the encoded cases and the names that give them meaning."""
    h = hashlib.sha256()
    h.update(json.dumps([list(map(str, classes)), list(map(str, names)), list(X.shape)]).encode())
    for a, dtype in ((X, np.float64), (y, np.int64), (w, np.float64)):
        h.update(np.ascontiguousarray(a, dtype=dtype).tobytes())
    return h.hexdigest()


def normalised(obj):
    """`obj` as it reads back from JSON (tuples become lists, ...), so configs compare equal."""
    return json.loads(json.dumps(obj, allow_nan=False))


def save(path: str | os.PathLike, config: dict, units: dict[tuple[int, int], UnitResult]) -> None:
    body = {"format": FORMAT, "version": VERSION, "config": config,
            "units": [units[key].to_json(*key) for key in sorted(units)]}
    try:
        atomic_write_text(path, json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n")
    except OSError as exc:
        raise ResultsFileError(_("the results cannot be written: {error}").format(error=exc.strerror or exc),
                               code="not_writable",
                               file=path) from None


class Writer:
    """Rewrites the results file as units finish: at once when `min_interval` seconds have
    passed since the last write (and ten times the last write's own duration, so that a
    large file never costs more than a tenth of the run), else at the next chance or at
    `flush`, which the runner calls however the run ends."""

    def __init__(self, path, config: dict, units: dict, min_interval: float = 1.0):
        self.path, self.config, self.units = path, config, units
        self.min_interval = min_interval
        self.last = float("-inf")
        self.cost = 0.0
        self.dirty = False

    def changed(self) -> None:
        self.dirty = True
        if time.perf_counter() - self.last >= max(self.min_interval, 10 * self.cost):
            self.flush()

    def flush(self) -> None:
        if not self.dirty:
            return
        t0 = time.perf_counter()
        save(self.path, self.config, self.units)
        self.last = time.perf_counter()
        self.cost = self.last - t0
        self.dirty = False


def load(path: str | os.PathLike, config: dict, sizes: list[tuple[int, int]],
         classes: list[str], max_bytes: int = MAX_BYTES) -> dict[tuple[int, int], UnitResult]:
    """The finished units of a results file written for this very `config`.

    `sizes[f]`: (training rows, test rows) of fold f. Raises ResultsFileError when the file
    is not a results file, is newer, was written for another configuration, or is damaged."""
    path = os.fspath(path)
    obj = read_json_file(path, ResultsFileError, what="comparison results file", not_ours="not_results",
                         max_bytes=min(max_bytes, MAX_BYTES))

    def bad(message: str) -> ResultsFileError:
        return ResultsFileError(_("this comparison results file cannot be resumed from: {reason}").format(
            reason=message), code="bad_results", file=path)

    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise ResultsFileError(_('this is not a comparison results file (no "format": "{format}")').format(
            format=FORMAT), code="not_results", file=path)
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise bad(_("its version is {version}, not a whole number from 1").format(version=repr(version)))
    if version > VERSION:
        raise ResultsFileError(_("the results file is version {version}, newer than this program reads "
                                 "({supported}); update RuleTree Studio").format(version=version, supported=VERSION),
                               code="too_new", file=path)
    if obj.get("config") != config:
        raise ResultsFileError(_("the results file was written for another comparison ({difference}); give a new "
                                 "file, or the same data, algorithms, parameters and scheme").format(
            difference=_difference(obj.get("config"), config)), code="other_config", file=path)
    units = obj.get("units")
    if not isinstance(units, list):
        raise bad(_('"units" is not a list'))
    n_entries = len(config["entries"])
    out: dict[tuple[int, int], UnitResult] = {}
    for i, unit in enumerate(units):
        where = _("unit {n}").format(n=i + 1)
        if not isinstance(unit, dict):
            raise bad(_("{where} is not an object").format(where=where))
        entry, fold = unit.get("entry"), unit.get("fold")
        if not _whole(entry) or not 0 <= entry < n_entries:
            raise bad(_("{where}: entry {entry} is not one of 0..{last}").format(where=where, entry=repr(entry),
                                                                                last=n_entries - 1))
        if not _whole(fold) or not 0 <= fold < len(sizes):
            raise bad(_("{where}: fold {fold} is not one of 0..{last}").format(where=where, fold=repr(fold),
                                                                              last=len(sizes) - 1))
        if (entry, fold) in out:
            raise bad(_("{where}: entry {entry}, fold {fold} appears twice").format(where=where, entry=entry,
                                                                                    fold=fold))
        n_train, n_test = sizes[fold]
        if unit.get("n_train") != n_train or unit.get("n_test") != n_test:
            raise bad(_("{where}: its fold sizes differ from the folds of this data").format(where=where))
        labels = unit.get("labels")
        if not isinstance(labels, list) or not all(isinstance(s, str) for s in labels) \
                or labels[:len(classes)] != list(classes):
            raise bad(_('{where}: "labels" is not the classes ({classes}) and any coarser labels').format(
                where=where, classes=", ".join(classes)))
        y_pred = unit.get("y_pred")
        if not isinstance(y_pred, list) or len(y_pred) != n_test \
                or not all(_whole(v) and (v == PENDING or 0 <= v < len(labels)) for v in y_pred):
            raise bad(_('{where}: "y_pred" is not {n} answers (label numbers, or {pending} for pending)').format(
                where=where, n=n_test, pending=PENDING))
        metrics = unit.get("metrics")
        if not isinstance(metrics, dict) or not metrics:
            raise bad(_('{where}: "metrics" is not an object').format(where=where))
        values = {}
        for name, value in metrics.items():
            number = _number_in(value)
            if number is None:
                raise bad(_("{where}: metric {name} is not a number").format(where=where, name=repr(name)))
            values[name] = number
        out[(entry, fold)] = UnitResult(values, np.array(y_pred, dtype=np.int64), labels, n_train, n_test)
    return out


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number_out(value: float):
    value = float(value)
    if math.isnan(value):
        return None
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return value


def _number_in(value) -> float | None:
    if value is None:
        return math.nan
    if value in ("inf", "-inf"):
        return math.inf if value == "inf" else -math.inf
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return None


def _difference(found, wanted: dict) -> str:
    """What differs, in words, for the refusal message."""
    if not isinstance(found, dict):
        return _("it has no valid configuration")
    for key, what in (("data", _("the data differ")), ("scheme", _("the scheme differ")),
                      ("entries", _("the algorithms differ"))):
        if found.get(key) != wanted.get(key):
            if key == "entries" and isinstance(found.get(key), list):
                names = [e.get("name") if isinstance(e, dict) else "?" for e in found[key]]
                return _("other algorithms or parameters: {names}").format(names=", ".join(map(str, names)))
            if key == "scheme" and isinstance(found.get(key), dict):
                diffs = [k for k in sorted(set(found[key]) | set(wanted[key]))
                         if found[key].get(k) != wanted[key].get(k)]
                return _("another scheme: {keys} differ").format(keys=", ".join(diffs))
            return what
    return _("another configuration")


# ---- the figures of a resumed unit, against the run's own (issue 41) --------------------------

#: no fold's fit or prediction takes a year; a larger time is not one this program measured
MAX_SECONDS = 365 * 24 * 3600.0
#: no fold's tree has a billion leaves or levels
MAX_COUNT = 1e9
#: the figures a unit's answers give again (engine.evaluate.metrics); with a test strategy the
#: misclassification cost is the strategy's and is only range-checked
LABEL_METRICS = ("accuracy", "hierarchical_accuracy", "label_precision", "mae", "pending_rate",
                 "misclassification_rate", "avg_misclassification_cost")
_WHOLE = {"leaves", "single_case_leaves", "depth", "nonmonotone_pairs"}


def _same(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


def figure_problem(name: str, value: float, unit: UnitResult, recomputed: dict[str, float] | None,
                   label_keys: set[str], n_attributes: int, max_cost: float) -> str | None:
    """Why the figure `name` = `value` of a resumed unit cannot be one this run made, or None.
    `recomputed`: the label metrics the unit's answers give on the fold's test rows."""
    shown = format(value, ".6g")
    if not known(name):
        return _("{name} is not a metric this program reports").format(name=repr(name))
    if name in label_keys:
        if recomputed is None or name not in recomputed:
            return _("{name} is not a figure of this comparison").format(name=name)
        if not _same(value, recomputed[name]):
            return _("{name} is {value}, but its answers on the fold's test rows give {expected}").format(
                name=name, value=shown, expected=format(recomputed[name], ".6g"))
        return None
    kind = metric(name).kind
    if kind == COST:
        if math.isnan(value):
            return None  # no case to average over: written as null
        if not 0 <= value <= max_cost:
            return _("{name} is {value}, not a cost per case from 0 to {most}").format(
                name=name, value=shown, most=format(max_cost, ".3g"))
        return None
    if math.isnan(value) or math.isinf(value):
        return _("{name} is {value}, not a finite number").format(name=name, value=shown)
    if kind == SHARE or (kind == SCORE and name == "nmi"):
        if not 0 <= value <= 1:
            return _("{name} is {value}, not a share from 0 to 1").format(name=name, value=shown)
    elif kind == SECONDS:
        if not 0 <= value <= MAX_SECONDS:
            return _("{name} is {value}, not a time in seconds from 0 to a year").format(name=name, value=shown)
    elif kind == COUNT:
        leaves = unit.metrics.get("leaves", MAX_COUNT)
        leaves = leaves if 0 <= leaves <= MAX_COUNT else MAX_COUNT  # a bad one is refused on its own
        most = {"single_case_leaves": min(leaves, unit.n_train), "attributes_used": n_attributes,
                "nonmonotone_pairs": leaves * leaves}.get(name, MAX_COUNT)
        least = 1 if name == "leaves" else 0
        if not least <= value <= most or name in _WHOLE and not float(value).is_integer():
            return _("{name} is {value}, not a {whole}count from {least} to {most}").format(
                name=name, value=shown, whole=_("whole ") if name in _WHOLE else "", least=least,
                most=format(most, ".6g"))
    elif kind in (STEPS, SCORE):
        if not 0 <= value <= MAX_COUNT:
            return _("{name} is {value}, out of its range").format(name=name, value=shown)
    return None


def refuse_unit(path, entry: str, fold: str, reason: str) -> ResultsFileError:
    """The one line refusing a results file whose unit holds a figure this run cannot have made."""
    return ResultsFileError(_("this comparison results file cannot be resumed from: entry \"{entry}\", {fold}: "
                              "{reason}; the file was changed after it was written: give another results file, "
                              "or delete this one to compute every unit again").format(
        entry=entry, fold=fold, reason=reason), code="bad_figures", file=os.fspath(path))
