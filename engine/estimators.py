"""Every learner of the registry as a scikit-learn estimator (issue 24).

    from engine.estimators import CARTClassifier
    clf = CARTClassifier(max_depth=4).fit(X, y)      # NumPy arrays or a pandas DataFrame
    clf.predict(X); clf.predict_proba(X); clf.score(X, y)
    clf.model_.save("model.json")                    # the engine's Model: open it in the window

One class per registered algorithm, made from the registry when this module is
imported (`ESTIMATORS`, and each by name in this module): the algorithm's
parameters are the `__init__` arguments with the registry's defaults, checked by
`resolve_params` at fit (never in `__init__`, as scikit-learn asks). Adding a
learner to the registry adds its estimator; `NICE_NAMES` gives some a better
class name than the CamelCase of the registry's.

Data in: a NumPy array (every column a number, NaN missing) or a DataFrame
(column names kept; a categorical column is a nominal attribute, an *ordered*
categorical an ordinal one in its categories' order; text and boolean columns
are nominal). An ordered categorical target gives the class order. The problem's
settings come from `problem=ProblemSpec(...)` and the shortcuts `monotone`,
`class_order`, `hierarchy`, `misclassification_costs`, `test_costs`,
`batch_groups`, `positive_class` (a shortcut wins over the same setting of
`problem`). A learner of ordered classes given none takes `classes_` in their
sorted order. `fit(X, y, sample_weight=None)`: the weights are the cases'.

Out: `predict` answers with the classes, or `pending_label` (default "PENDING")
for a case the tree leaves undecided (the trichotomy family; a case stopped by a
missing value under the "stop" policy answers with its node's class), or a
coarser label of the class hierarchy / "not X" for the learners that give them;
`predict_proba` the class distribution the case reached (columns in `classes_`
order; a row of zeros for a case with none); `score` the (weighted) accuracy,
a pending answer counting as wrong.

scikit-learn is imported here and only here: nothing the app or the CLI loads
imports this module.
"""

from __future__ import annotations

import keyword
import re

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_array, check_is_fitted, column_or_1d, validate_data

from .algorithms.params import AlgorithmInfo, resolve_params
from .algorithms.registry import algorithms, get
from .data.encode import EncodedData, build_schema, encode, target_warnings
from .data.spec import AttributeSettings, BatchGroup, CostMatrix, ProblemSpec, validate
from .data.table import NOMINAL, NUMERIC, ORDINAL, ColumnInfo, Table, natural_key
from .errors import RuleTreeError
from .model import Model
from .tree.model import PENDING
from .workflows import predict_cases

__all__ = ["RuleTreeClassifier", "ESTIMATORS", "NICE_NAMES", "estimator_for", "PENDING_LABEL"]

#: what `predict` answers for an undecided case unless `pending_label` says otherwise
PENDING_LABEL = "PENDING"

#: registry name -> class name (the rest: CamelCase of the name + "Classifier")
NICE_NAMES = {
    "cart": "CARTClassifier", "c45": "C45Classifier", "id3": "ID3Classifier", "facmi": "FACMIClassifier",
    "ie": "IEClassifier", "rt": "RTClassifier", "remt": "REMTClassifier", "dp": "DPClassifier",
    "rs": "RSClassifier", "hfdt": "HFDTClassifier", "fuzzy_id3": "FuzzyID3Classifier",
    "min_ambiguity": "MinAmbiguityClassifier", "mincost": "MinCostClassifier", "m1": "M1Classifier",
    "m2": "M2Classifier", "trichotomy": "TrichotomyClassifier", "fisher_lda": "FisherLDAClassifier",
}

#: the estimators' own arguments (problem settings and the pending sentinel), after the learner's
SETTINGS = ("problem", "monotone", "class_order", "hierarchy", "misclassification_costs", "test_costs",
            "batch_groups", "positive_class", "pending_label")
_TARGET = "class"  # the target column's name when y has none


def class_name(name: str) -> str:
    if name in NICE_NAMES:
        return NICE_NAMES[name]
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^0-9A-Za-z]+", name) if part) + "Classifier"


class RuleTreeClassifier(ClassifierMixin, BaseEstimator):
    """The base of every generated estimator; `_algorithm` names the registry's learner."""

    _algorithm: str = ""

    # ---- scikit-learn's protocol --------------------------------------------------------

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True  # missing values: the learner's own policy
        tags.input_tags.categorical = True  # pandas categorical / text columns: nominal attributes
        return tags

    @property
    def algorithm(self) -> AlgorithmInfo:
        return get(self._algorithm)

    def _params(self) -> dict:
        return {p.name: getattr(self, p.name) for p in self.algorithm.params}

    # ---- fit ------------------------------------------------------------------------------

    def fit(self, X, y, sample_weight=None):
        info = self.algorithm
        table, names, numbers = self._table(X, reset=True)
        classes, codes, ordered_classes = _targets(y, len(table.frame))
        self.classes_ = classes
        strs = [str(c) for c in classes]
        if len(set(strs)) != len(strs):
            raise ValueError("two classes read the same as text (e.g. 1 and '1'); give them distinct labels")
        index = {s: i for i, s in enumerate(strs)}
        target = _TARGET if _TARGET not in names else "__class__"
        labels = np.asarray(strs, dtype=object)[codes]
        present = sorted(set(strs), key=natural_key)
        table.frame[target] = labels
        table.columns.append(ColumnInfo(name=target, type=NOMINAL, missing=0, distinct=len(present),
                                        values=present, counts=[0] * len(present)))
        spec = self._spec(names, target, strs, ordered_classes)
        if sample_weight is not None:
            sample_weight = np.asarray(sample_weight, dtype=np.float64).reshape(-1)
            if len(sample_weight) != len(codes):
                raise ValueError(f"sample_weight has {len(sample_weight)} values for {len(codes)} cases")
            if not np.all(np.isfinite(sample_weight)) or (sample_weight < 0).any():
                raise ValueError("sample_weight must hold finite numbers, none negative")
            if not sample_weight.any():
                raise ValueError("Sample weights must contain at least one non-zero number.")
        try:
            params = resolve_params(info, self._params(), spec)
            validate(spec, table)
            data = None
            if numbers is not None:  # a float array: no Table to encode (same EncodedData, faster)
                data = _encode_numbers(numbers, table, spec, codes, strs, sample_weight)
            if data is None:
                data = encode(table, spec, weights=sample_weight, validate_first=False)
            if sample_weight is not None and not (data.w > 0).all():
                # a case of weight 0 is not there: as if fitted without it (repeating a case k
                # times is weight k; thresholds never fall between a case that is not there)
                keep = np.flatnonzero(data.w > 0)
                data = EncodedData(data.X[keep], data.y[keep], data.w[keep], data.schema, data.rows[keep],
                                   data.dropped_rows, data.warnings)
            tree = info.fit(data, spec, info.stage_params(params, "fit"))
        except RuleTreeError as exc:
            raise ValueError(str(exc)) from exc
        self.model_ = Model(algorithm=info.name, params=params, spec=spec, tree=tree, missing=info.missing,
                            trained_on={"rows": int(data.n)}, info=getattr(tree, "info", {}) or {})
        self.warnings_ = list(data.warnings)
        # engine label index -> what predict answers: the classes, coarser labels / "not X", pending
        engine_to_ours = [index[c] for c in data.classes]
        self._proba_order = np.argsort(engine_to_ours)  # engine columns in classes_ order
        self._answers = np.asarray(engine_to_ours, dtype=np.int64)
        self._extra_labels = list(tree.labels[len(data.classes):])
        self._direct = numbers is not None and all(a.categories is None for a in data.schema.attributes)
        self._columns = np.asarray([names.index(a.name) for a in data.schema.attributes], dtype=np.int64)
        self._identity = self._columns.tolist() == list(range(len(names)))
        return self

    def _spec(self, names: list[str], target: str, classes: list[str], ordered: bool) -> ProblemSpec:
        info = self.algorithm
        if self.problem is not None and not isinstance(self.problem, ProblemSpec):
            raise TypeError(f"problem must be a ProblemSpec, not {type(self.problem).__name__}")
        spec = self.problem.copy() if self.problem is not None else ProblemSpec()
        spec.target = target
        for name, settings in self._column_settings.items():
            for key, value in settings.items():
                current = spec.attribute(name)
                if getattr(current, key) == getattr(AttributeSettings(), key):
                    spec.set_attribute(name, **{key: value})
        if self.monotone is not None:
            directions = self.monotone
            if not isinstance(directions, dict):
                directions = list(directions)
                if len(directions) != len(names):
                    raise ValueError(f"monotone gives {len(directions)} directions for {len(names)} features")
                directions = dict(zip(names, directions))
            words = {1: "increasing", -1: "decreasing", 0: "none", "+": "increasing", "-": "decreasing"}
            for name, direction in directions.items():
                if name not in names:
                    raise ValueError(f'monotone names "{name}", which is not a feature ({", ".join(names[:8])})')
                spec.set_attribute(name, monotone=words.get(direction, direction))
        if self.class_order is not None:
            spec.class_order = [str(c) for c in self.class_order]
        elif spec.class_order is None and (ordered or "class_order" in info.uses):
            spec.class_order = list(classes)  # ordered categorical, or a learner of ordered classes
        if self.hierarchy is not None:
            spec.hierarchy = {str(k): None if v is None else str(v) for k, v in dict(self.hierarchy).items()}
        if self.misclassification_costs is not None:
            costs = self.misclassification_costs
            if not isinstance(costs, CostMatrix):
                matrix = np.asarray(costs, dtype=np.float64)
                if matrix.shape != (len(classes), len(classes)):
                    raise ValueError(f"misclassification_costs must be {len(classes)} x {len(classes)} "
                                     "(rows: true class, columns: answer, in classes_ order)")
                costs = CostMatrix(list(classes), matrix.tolist())
            spec.misclassification_costs = costs
        for name, cost in (self.test_costs or {}).items():
            spec.set_attribute(name, test_cost=float(cost))
        if self.batch_groups is not None:
            spec.batch_groups = [g if isinstance(g, BatchGroup) else BatchGroup(**g) for g in self.batch_groups]
        if self.positive_class is not None:
            spec.positive_class = str(self.positive_class)
        return spec

    def _table(self, X, *, reset: bool):
        """A Table of the features (as the engine's readers give one), their names, and the
        checked float array when X was not a DataFrame (else None)."""
        if isinstance(X, pd.DataFrame):
            validate_data(self, X, skip_check_array=True, reset=reset)
            if X.shape[0] == 0:
                raise ValueError(f"Found array with 0 sample(s) (shape={X.shape}) while a minimum of 1 is required.")
            names = [str(c) for c in X.columns]
            if len(set(names)) != len(names):
                raise ValueError("the DataFrame names a column twice")
            frame, columns, settings = {}, [], {}
            for name, column in zip(names, X.columns):
                series = X[column]
                if isinstance(series.dtype, pd.CategoricalDtype):
                    categories = [str(c) for c in series.cat.categories]
                    codes = series.cat.codes.to_numpy()
                    values = np.full(len(series), None, dtype=object)
                    values[codes >= 0] = np.asarray(categories, dtype=object)[codes[codes >= 0]]
                    frame[name] = values
                    columns.append(ColumnInfo(name=name, type=NOMINAL, missing=int((codes < 0).sum()),
                                              distinct=len(categories), values=categories,
                                              declared_values=categories))
                    if series.cat.ordered:
                        settings[name] = {"type": ORDINAL, "order": list(categories)}
                elif pd.api.types.is_numeric_dtype(series.dtype) and not pd.api.types.is_bool_dtype(series.dtype):
                    numbers = series.to_numpy(dtype=np.float64, na_value=np.nan)
                    if np.isinf(numbers).any():
                        raise ValueError(f'Input contains infinity in column "{name}".')
                    frame[name] = numbers
                    columns.append(ColumnInfo(name=name, type=NUMERIC, missing=int(np.isnan(numbers).sum()),
                                              distinct=0))
                else:  # text, booleans, anything else: nominal by its text
                    raw = series.to_numpy(dtype=object)
                    missing = pd.isna(raw)
                    values = np.full(len(raw), None, dtype=object)
                    values[~missing] = [str(v) for v in raw[~missing]]
                    present = sorted(set(values[~missing].tolist()), key=natural_key)
                    frame[name] = values
                    columns.append(ColumnInfo(name=name, type=NOMINAL, missing=int(missing.sum()),
                                              distinct=len(present), values=present))
            numeric = None
        else:
            X = validate_data(self, X, reset=reset, dtype=np.float64, ensure_all_finite="allow-nan")
            names = [f"x{j}" for j in range(X.shape[1])]
            frame = {name: X[:, j] for j, name in enumerate(names)}
            columns = [ColumnInfo(name=name, type=NUMERIC, missing=0, distinct=0) for name in names]
            settings = {}
            numeric = X
        if reset:
            self._column_settings = settings
            self.feature_names_ = names
        table = Table(frame=pd.DataFrame(frame, copy=False) if frame else pd.DataFrame(index=range(len(X))),
                      columns=columns, file=None)
        return table, names, numeric

    # ---- predict --------------------------------------------------------------------------

    def _prediction(self, X, check_input: bool = True):
        check_is_fitted(self, "model_")
        model = self.model_
        info = self.algorithm
        if not check_input and self._direct and isinstance(X, np.ndarray) and X.dtype == np.float64 \
                and X.ndim == 2 and X.shape[1] == self.n_features_in_:
            cases = X if self._identity else X[:, self._columns]  # the caller vouches for X (as in sklearn's trees)
        elif not isinstance(X, pd.DataFrame) and self._direct:
            X = _numbers(self, X)
            cases = X if self._identity else X[:, self._columns]
        else:
            table, names, _ = self._table(X, reset=False)
            if names != self.feature_names_:
                raise ValueError("the features' names differ from those seen in fit")
            try:
                cases = model.schema.encode_features(table, warnings=[])
            except RuleTreeError as exc:
                raise ValueError(str(exc)) from exc
        return predict_cases(info, model.tree, np.ascontiguousarray(cases), model.params, model.missing)

    def predict(self, X, check_input: bool = True):
        """The answers for X; check_input=False skips the input checks (a float64 array of the
        fitted width, no infinity: the caller vouches for it, as with scikit-learn's trees)."""
        prediction = self._prediction(X, check_input)
        labels = np.asarray(prediction.labels)
        k = len(self._answers)
        if len(labels) and labels.min() >= 0 and labels.max() < k:  # every answer a class: one gather
            return self.classes_[self._answers][labels]
        ours = np.full(len(labels), -1, dtype=np.int64)
        known = (labels >= 0) & (labels < k)
        ours[known] = self._answers[labels[known]]
        if known.all():
            return self.classes_[ours]
        out = self.classes_.astype(object)[np.maximum(ours, 0)]
        out[labels == PENDING] = self.pending_label
        extra = (labels >= k)
        if extra.any():
            out[extra] = np.asarray(self._extra_labels, dtype=object)[labels[extra] - k]
        return out

    def predict_proba(self, X, check_input: bool = True):
        scores = np.asarray(self._prediction(X, check_input).scores, dtype=np.float64)
        return scores[:, self._proba_order]

    def score(self, X, y, sample_weight=None):
        """Accuracy (weighted by sample_weight): a pending or coarser answer counts as wrong."""
        predicted = self.predict(X)
        right = np.asarray([a == b for a, b in zip(predicted, np.asarray(y))], dtype=np.float64) \
            if predicted.dtype == object else (predicted == np.asarray(y)).astype(np.float64)
        return float(np.average(right, weights=sample_weight))


def _numbers(estimator, X) -> np.ndarray:
    """X checked as validate_data(..., dtype=float64, ensure_all_finite="allow-nan") checks it; a
    float64 array in one pass (its sum is finite, or else look for an infinity)."""
    if isinstance(X, np.ndarray) and X.dtype == np.float64 and X.ndim == 2 and X.size:
        validate_data(estimator, X, reset=False, skip_check_array=True)
        if not np.isfinite(X.sum()) and np.isinf(X).any():
            raise ValueError("Input X contains infinity or a value too large for dtype('float64').")
        return X
    return validate_data(estimator, X, reset=False, dtype=np.float64, ensure_all_finite="allow-nan")


def _targets(y, n: int):
    """(classes_, each case's index in classes_, whether the classes are ordered): an ordered
    categorical gives its categories (those present) in order, otherwise they are sorted as
    np.unique sorts them."""
    if isinstance(y, pd.Series) and isinstance(y.dtype, pd.CategoricalDtype):
        if y.isna().any():
            raise ValueError("Input y contains NaN.")
        if len(y) != n:
            raise ValueError(f"Found input variables with inconsistent numbers of samples: [{n}, {len(y)}]")
        codes = y.cat.codes.to_numpy().astype(np.int64)
        present = np.unique(codes)
        renumber = np.full(len(y.cat.categories), -1, dtype=np.int64)
        renumber[present] = np.arange(len(present))
        classes = np.asarray(y.cat.categories)[present]
        return classes, renumber[codes], bool(y.cat.ordered)
    if y is None:
        raise ValueError("requires y to be passed, but the target y is None")
    y = check_array(y, ensure_2d=False, dtype=None, ensure_all_finite=True, input_name="y")
    y = column_or_1d(y, warn=True)
    if len(y) != n:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: [{n}, {len(y)}]")
    try:
        classes, codes = np.unique(y, return_inverse=True)
    except TypeError:  # texts and numbers mixed
        raise ValueError("Unknown label type: mixed (the classes are texts and numbers together)") from None
    check_classification_targets(classes)  # on the distinct values: continuous ones are refused
    return classes, codes.astype(np.int64).reshape(-1), False


def _encode_numbers(X: np.ndarray, table: Table, spec: ProblemSpec, codes: np.ndarray, classes: list[str],
                    weights) -> EncodedData | None:
    """What `encode(table, spec)` gives for a float array with every attribute a number (None
    when the problem makes one nominal, or gives an ordinal one named values: encode then),
    without the Table's per-column work: the array itself (a copy), the classes in the
    engine's order, the ranges of the numbers, the same warnings about the classes."""
    schema = build_schema(spec, table)
    if any(a.categories is not None for a in schema.attributes):
        return None
    columns = [table.frame.columns.get_loc(a.name) for a in schema.attributes]
    Xe = np.array(X if columns == list(range(X.shape[1])) else X[:, columns], dtype=np.float64, order="C")
    engine = {c: i for i, c in enumerate(schema.classes)}
    y = np.asarray([engine[c] for c in classes], dtype=np.int64)[codes]
    _ranges(schema, Xe)
    rows = np.arange(len(y))
    w = np.ones(len(y)) if weights is None else np.asarray(weights, dtype=np.float64)
    return EncodedData(X=Xe, y=y, w=w, schema=schema, rows=rows, dropped_rows=[],
                       warnings=target_warnings(table, schema, y, rows))


def _ranges(schema, X: np.ndarray) -> None:
    """engine.data.encode's ranges of the numbers (low, high, every value whole), over the whole
    array at once."""
    if not len(X):
        return
    if np.isfinite(X.sum()):
        low, high, seen = X.min(axis=0), X.max(axis=0), np.ones(X.shape[1], bool)
    else:
        finite = np.isfinite(X)
        low = np.where(finite, X, np.inf).min(axis=0)
        high = np.where(finite, X, -np.inf).max(axis=0)
        seen = finite.any(axis=0)

    def whole_numbers(part):
        return ((part == np.round(part)) | ~np.isfinite(part)).all(axis=0)

    # every value whole: the first rows rule most columns out; the others are read in full
    whole = whole_numbers(X[:1024])
    if whole.any():
        whole[whole] = whole_numbers(X[:, whole])
    for j, attr in enumerate(schema.attributes):
        if seen[j]:
            attr.low, attr.high, attr.integer = float(low[j]), float(high[j]), bool(whole[j])


# ---- the estimators, made from the registry ---------------------------------------------------


def _make(info: AlgorithmInfo) -> type:
    names = [p.name for p in info.params]
    clash = [n for n in names if n in SETTINGS or keyword.iskeyword(n) or not n.isidentifier()]
    if clash:
        raise ValueError(f"algorithm {info.name}: parameter(s) {clash} cannot be estimator arguments")
    defaults = {p.name: p.default for p in info.params} | {s: None for s in SETTINGS} \
        | {"pending_label": PENDING_LABEL}
    arguments = names + list(SETTINGS)
    source = (f"def __init__(self, *, {', '.join(f'{a}=_d[{a!r}]' for a in arguments)}):\n"
              + "".join(f"    self.{a} = {a}\n" for a in arguments))
    namespace: dict = {"_d": defaults}
    exec(source, namespace)  # noqa: S102  (the names are the registry's, checked above)
    init = namespace["__init__"]
    title = class_name(info.name)
    lines = [f"{info.title} (registry name \"{info.name}\", family {info.family}) as a scikit-learn classifier.",
             "", "Parameters (the registry's; checked at fit)", "----------"]
    for p in info.params:
        lines.append(f"{p.name} : {p.kind}, default={p.default!r}")
        lines.append(f"    {p.help}")
    lines.append("problem, monotone, class_order, hierarchy, misclassification_costs, test_costs, batch_groups,")
    lines.append("positive_class, pending_label : see engine.estimators")
    init.__qualname__ = f"{title}.__init__"
    return type(title, (RuleTreeClassifier,), {"__init__": init, "_algorithm": info.name,
                                               "__doc__": "\n".join(lines), "__module__": __name__})


#: class name -> estimator class, in the registry's order
ESTIMATORS: dict[str, type] = {}
for _info in algorithms():
    _cls = _make(_info)
    ESTIMATORS[_cls.__name__] = _cls
    globals()[_cls.__name__] = _cls
__all__ += list(ESTIMATORS)


def estimator_for(name: str) -> type:
    """The estimator class of a registry name ("cart" -> CARTClassifier)."""
    get(name)  # an unknown name: the registry's message
    return ESTIMATORS[class_name(name)]
