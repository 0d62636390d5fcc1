"""DataFrame + ProblemSpec -> arrays the learners use, and back.

`EncodedData.X` is float64 with NaN for missing values:
- numeric attributes: the number;
- ordinal attributes: the rank of the value in the user's order (0, 1, ...),
  or the number itself for a numeric column without an explicit order;
- nominal attributes: the category code (index into `categories`).
`y` holds class codes in class order. Rows whose target is missing cannot be
learned from; they are left out and listed in `dropped_rows` (spreadsheet row
numbers), never silently lost.

The `DataSchema` (attributes, categories, classes) is what a model stores so
new data for prediction is encoded exactly the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..errors import DataError
from ..i18n import _
from .spec import ProblemSpec, class_labels, column_labels, effective_type, validate
from .table import NOMINAL, NUMERIC, ORDINAL, Table, format_number

_MONO = {"increasing": 1, "decreasing": -1, "none": 0}
_MONO_NAME = {v: k for k, v in _MONO.items()}


@dataclass
class AttributeSchema:
    name: str
    kind: str  # numeric | ordinal | nominal
    categories: list[str] | None = None  # nominal: code -> name; ordinal with order: rank -> name
    monotone: int = 0  # +1 increasing, -1 decreasing, 0 none
    # numbers: the range seen in training and whether every value was whole (for answers' checks)
    low: float | None = None
    high: float | None = None
    integer: bool = False

    def to_json(self) -> dict:
        out = {"name": self.name, "kind": self.kind, "monotone": _MONO_NAME[self.monotone]}
        if self.categories is not None:
            out["categories"] = list(self.categories)
        if self.low is not None:
            out["range"] = [self.low, self.high]
            out["integer"] = self.integer
        return out

    @classmethod
    def from_json(cls, obj: dict) -> "AttributeSchema":
        low, high = (obj.get("range") or [None, None])[:2]
        return cls(name=obj["name"], kind=obj["kind"], categories=obj.get("categories"),
                   monotone=_MONO[obj.get("monotone", "none")],
                   low=None if low is None else float(low), high=None if high is None else float(high),
                   integer=bool(obj.get("integer", False)))

    @property
    def is_number(self) -> bool:
        """Answers are numbers (not one of named categories)."""
        return self.categories is None

    def value_label(self, value: float) -> str:
        """How a stored value reads to a user ('vhigh', '3.5', '?')."""
        if value != value:
            return "?"
        if self.categories is not None:
            return self.categories[int(value)]
        return format_number(float(value))


@dataclass
class DataSchema:
    target: str
    classes: list[str]
    ordered: bool
    attributes: list[AttributeSchema]

    @property
    def names(self) -> list[str]:
        return [a.name for a in self.attributes]

    def to_json(self) -> dict:
        return {"target": self.target, "classes": list(self.classes), "ordered": self.ordered,
                "attributes": [a.to_json() for a in self.attributes]}

    @classmethod
    def from_json(cls, obj: dict) -> "DataSchema":
        return cls(target=obj["target"], classes=list(obj["classes"]), ordered=bool(obj["ordered"]),
                   attributes=[AttributeSchema.from_json(a) for a in obj["attributes"]])

    def encode_features(self, table: Table, *, warnings: list[str] | None = None) -> np.ndarray:
        """X for new rows (prediction): same columns, same codes as in training.

        A category never seen in training cannot be routed; it becomes missing and
        a warning names it. A missing column is an error naming it.
        """
        frame = table.frame
        X = np.empty((len(frame), len(self.attributes)), dtype=np.float64)
        for j, attr in enumerate(self.attributes):
            if attr.name not in frame.columns:
                raise DataError(_('the column "{column}" that the model uses is not in the data').format(
                    column=attr.name), code="missing_column", file=table.file, sheet=table.sheet, column=attr.name)
            X[:, j] = _encode_column(table, attr, warnings)
        return X


@dataclass
class EncodedData:
    X: np.ndarray
    y: np.ndarray
    w: np.ndarray
    schema: DataSchema
    rows: np.ndarray  # index into the table's frame of each encoded row
    dropped_rows: list[int] = field(default_factory=list)  # spreadsheet rows with no target value
    warnings: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.y)

    @property
    def classes(self) -> list[str]:
        return self.schema.classes

    def decode_y(self, codes) -> np.ndarray:
        """Class codes -> labels."""
        return np.asarray(self.schema.classes, dtype=object)[np.asarray(codes, dtype=np.int64)]

    def decode_x(self, j: int, values) -> list[str]:
        attr = self.schema.attributes[j]
        return [attr.value_label(v) for v in np.asarray(values, dtype=float)]

    def subset(self, index) -> "EncodedData":
        return EncodedData(self.X[index], self.y[index], self.w[index], self.schema, self.rows[index])


def _labels_of(series: pd.Series, numeric: bool) -> np.ndarray:
    """Column values as label strings (None for missing)."""
    if numeric:
        values = series.to_numpy(dtype=float)
        out = np.full(len(values), None, dtype=object)
        ok = ~np.isnan(values)
        if ok.any():
            uniq, inverse = np.unique(values[ok], return_inverse=True)
            names = np.array([format_number(v) for v in uniq], dtype=object)
            out[ok] = names[inverse]
        return out
    return series.to_numpy(dtype=object)


def _codes(labels: np.ndarray, categories: list[str]) -> np.ndarray:
    """Label -> index in `categories`; -1 for missing or unknown."""
    return np.asarray(pd.Index(categories, dtype=object).get_indexer(labels), dtype=np.int64)


def _encode_column(table: Table, attr: AttributeSchema, warnings: list[str] | None) -> np.ndarray:
    series = table.frame[attr.name]
    is_numeric = table.column(attr.name).type == NUMERIC
    if attr.kind in (NUMERIC, ORDINAL) and attr.categories is None:
        if not is_numeric:
            info = table.column(attr.name)
            if info.numeric_text:  # codes like 007 the user wants as numbers
                return pd.to_numeric(series.to_numpy(dtype=object), errors="coerce").astype(np.float64)
            if info.distinct:
                # quote a cell that is not a number (info.not_numbers), never a good one such as "300"
                stray = info.not_numbers or [info.values[0]]
                raise DataError(_('the column holds text (e.g. "{value}") where the model expects numbers').format(
                    value=stray[0]), code="type_mismatch", file=table.file, sheet=table.sheet,
                                column=attr.name)
            return np.full(len(series), np.nan)
        return series.to_numpy(dtype=np.float64)
    labels = _labels_of(series, is_numeric)
    codes = _codes(labels, attr.categories)
    unknown = (codes < 0) & pd.notna(labels)
    if unknown.any() and is_numeric:
        # a number may be written differently in training ("1.0", "01"): match by value
        by_value = {}
        for k, cat in enumerate(attr.categories):
            try:
                by_value.setdefault(float(cat), k)
            except ValueError:
                pass
        values = series.to_numpy(dtype=float)
        for i in np.flatnonzero(unknown):
            codes[i] = by_value.get(float(values[i]), -1)
        unknown = (codes < 0) & pd.notna(labels)
    if unknown.any():
        first = int(np.argmax(unknown))
        if warnings is not None:
            warnings.append(_('column "{column}": the value "{value}" (row {row}) was not seen in training; treated '
                              "as missing").format(column=attr.name, value=labels[first], row=table.row_number(first))
                            + (_(" (and {n} more rows)").format(n=int(unknown.sum()) - 1) if unknown.sum() > 1 else ""))
    out = codes.astype(np.float64)
    out[codes < 0] = np.nan
    return out


def build_schema(spec: ProblemSpec, table: Table) -> DataSchema:
    """Attributes in use (table order), their kinds, categories and directions; classes."""
    target = spec.target
    classes = list(spec.class_order) if spec.class_order is not None else class_labels(table, target)
    attributes = []
    for info in table.columns:
        if info.name == target:
            continue
        settings = spec.attribute(info.name)
        if not settings.use:
            continue
        kind = effective_type(spec, table, info.name)
        categories = None
        if kind == NOMINAL:
            if info.declared_values is not None:
                categories = list(info.declared_values)
            else:
                categories = column_labels(table, info.name)
        elif kind == ORDINAL and settings.order is not None:
            categories = list(settings.order)
        elif kind == ORDINAL and info.type != NUMERIC:
            categories = column_labels(table, info.name)  # unreachable after validation
        attributes.append(AttributeSchema(info.name, kind, categories, _MONO[settings.monotone]))
    return DataSchema(target=target, classes=classes, ordered=spec.class_order is not None,
                      attributes=attributes)


def _note_ranges(schema: DataSchema, X: np.ndarray) -> None:
    """Each numeric attribute's range in the learning rows (a consultation checks answers against it)."""
    for j, attr in enumerate(schema.attributes):
        if attr.categories is not None:
            continue
        column = X[:, j]
        column = column[np.isfinite(column)]
        if len(column):
            attr.low, attr.high = float(column.min()), float(column.max())
            attr.integer = bool(np.all(column == np.round(column)))


#: a numeric target with more distinct values than this (and than a tenth of the rows) looks like
#: a number to predict or an identifier, not classes
MANY_NUMERIC_CLASSES = 20
#: a class holding at least this share of the rows dominates
DOMINANT_SHARE = 0.95


def target_warnings(table: Table, schema: DataSchema, y: np.ndarray, rows: np.ndarray) -> list[str]:
    """What a careful analyst would say about the classes before training: a numeric target with
    very many values, classes with a single case (named, with their row), one class that
    dominates."""
    out = []
    k = len(schema.classes)
    counts = np.bincount(y, minlength=k)
    n = int(counts.sum())
    if table.column(schema.target).type == NUMERIC and k > MANY_NUMERIC_CLASSES and k > n / 10:
        out.append(_('the target column "{target}" is numeric with {k} distinct values in {n} rows: it looks '
                     "like a number to predict or an identifier, not classes (each value becomes a class); "
                     "group it into a few classes first").format(target=schema.target, k=k, n=n))
    single = [c for c in range(k) if counts[c] == 1]
    if single:
        named = ", ".join(_('"{cls}" (row {row})').format(
            cls=schema.classes[c], row=table.row_number(int(rows[np.flatnonzero(y == c)[0]]))) for c in single[:5])
        if len(single) > 5:
            named = _("{named} and {n} more").format(named=named, n=len(single) - 5)
        out.append((_("{n} classes have a single case: {named}; too few to learn from, and cross-validation cannot "
                      "test them in every fold") if len(single) > 1 else
                    _("{n} class has a single case: {named}; too few to learn from, and cross-validation cannot "
                      "test them in every fold")).format(n=len(single), named=named))
    top = int(np.argmax(counts)) if n else 0
    if n and counts[top] / n >= DOMINANT_SHARE and k > 1:
        out.append(_('the class "{cls}" holds {share} of the rows: always answering it is already that accurate, '
                     "so compare models with that baseline (or set a cost matrix)").format(
            cls=schema.classes[top], share=format(counts[top] / n, ".0%")))
    return out


#: any number of classes up to this is trained (as always) ...
FEW_CLASSES = 100
#: ... beyond it, classes x (rows + classes) may not exceed this: the learners hold arrays of
#: classes x rows (class counts per cut, per node, in the model and while pruning) and of
#: classes x classes (costs, confusion matrices); measured with CART, about CLASS_CELL_BYTES
#: bytes a cell in all: 2.5M cells take some 240 MB (and the program 200 MB)
MAX_CLASS_CELLS = 2_500_000
CLASS_CELL_BYTES = 96


def check_class_count(table: Table, target: str, k: int, n: int) -> None:
    """Refuse, before anything of that size is allocated, a target with so many classes that
    training would take gigabytes: an identifier chosen as the target, most often."""
    if k <= FEW_CLASSES or k * (n + k) <= MAX_CLASS_CELLS:
        return
    limit = max(FEW_CLASSES, int((-n + (n * n + 4 * MAX_CLASS_CELLS) ** 0.5) / 2))
    need = CLASS_CELL_BYTES * k * (n + k)
    size = f"{need / (1 << 30):,.1f} GB" if need >= 1 << 30 else f"{need / (1 << 20):,.0f} MB"
    ident = _(" (almost every row has a class of its own: an identifier?)") if k > n / 2 else ""
    raise DataError(_('the target column "{target}" has {k} classes in {n} rows{ident}: training would take '
                      "about {size} of memory (counts of every class at every cut and node); at most {limit} "
                      "classes can be learned from this many rows. Choose another target column, or group its "
                      "values into fewer classes").format(target=target, k=f"{k:,}", n=f"{n:,}", ident=ident,
                                                          size=size, limit=f"{limit:,}"),
                    code="too_many_classes", file=table.file, sheet=table.sheet, column=target)


def encode(table: Table, spec: ProblemSpec, *, weights: np.ndarray | None = None,
           validate_first: bool = True) -> EncodedData:
    """Validate `spec` against `table` and encode it (see the module docstring)."""
    if validate_first:
        validate(spec, table, file=table.file)
    schema = build_schema(spec, table)
    check_class_count(table, schema.target, len(schema.classes), len(table.frame))
    warnings: list[str] = []
    X_all = schema.encode_features(table, warnings=warnings)
    target_info = table.column(schema.target)
    labels = _labels_of(table.frame[schema.target], target_info.type == NUMERIC)
    y_all = _codes(labels, schema.classes)
    keep = y_all >= 0
    rows = np.flatnonzero(keep)
    dropped = [table.row_number(int(i)) for i in np.flatnonzero(~keep)]
    if dropped:
        more = _(" (and {n} more)").format(n=len(dropped) - 1) if len(dropped) > 1 else ""
        warnings.append(_('{n} row(s) have no value in the target column "{target}" and are left out of learning: '
                          "row {row}{more}").format(n=len(dropped), target=schema.target, row=dropped[0], more=more))
    _note_ranges(schema, X_all[rows])
    warnings += target_warnings(table, schema, y_all[rows], rows)
    if weights is None:
        w = np.ones(len(rows), dtype=np.float64)
    else:
        w = np.asarray(weights, dtype=np.float64)[rows]
    return EncodedData(X=np.ascontiguousarray(X_all[rows]), y=y_all[rows].astype(np.int64), w=w,
                       schema=schema, rows=rows, dropped_rows=dropped, warnings=warnings)


def encode_for_schema(table: Table, schema: DataSchema, *, weights: np.ndarray | None = None) -> EncodedData:
    """Rows of `table` with their classes, encoded as a model's `schema` encodes them (the same
    columns, codes and classes: what editing a model, ranking its candidates or scoring a
    typed guideline learns from). Rows with no class are left out, as `encode` leaves them
    out; a class the schema does not know is an error naming its row and column."""
    warnings: list[str] = []
    X_all = schema.encode_features(table, warnings=warnings)
    if schema.target not in table.frame.columns:
        raise DataError(_('the target column "{column}" is not in the data').format(column=schema.target),
                        code="missing_column", file=table.file, sheet=table.sheet, column=schema.target)
    numeric = table.column(schema.target).type == NUMERIC
    labels = _labels_of(table.frame[schema.target], numeric)
    y_all = _codes(labels, schema.classes)
    strangers = np.flatnonzero((y_all < 0) & np.array([v is not None for v in labels], dtype=bool))
    if len(strangers):
        i = int(strangers[0])
        raise DataError(_('the class "{value}" is not one of the model\'s classes ({classes})').format(
            value=labels[i], classes=", ".join(schema.classes)), code="unknown_class", file=table.file,
            sheet=table.sheet, row=table.row_number(i), column=schema.target)
    rows = np.flatnonzero(y_all >= 0)
    dropped = [table.row_number(int(i)) for i in np.flatnonzero(y_all < 0)]
    if dropped:
        more = _(" (and {n} more)").format(n=len(dropped) - 1) if len(dropped) > 1 else ""
        warnings.append(_('{n} row(s) have no value in the target column "{target}" and are left out of learning: '
                          "row {row}{more}").format(n=len(dropped), target=schema.target, row=dropped[0], more=more))
    w = np.ones(len(rows)) if weights is None else np.asarray(weights, dtype=np.float64)[rows]
    return EncodedData(X=np.ascontiguousarray(X_all[rows]), y=y_all[rows].astype(np.int64), w=w, schema=schema,
                       rows=rows, dropped_rows=dropped, warnings=warnings)
