"""A PMML TreeModel made by another tool as one of our models (issue 38): `ruletree import FILE.pmml --out
MODEL.json`, and File > Open in the window.

The file comes from a stranger, so it is read as such: at most MAX_BYTES, parsed by defusedxml (a
DOCTYPE, entity or external reference is refused), its elements counted while they are read (nesting
deeper than MAX_DEPTH, more than MAX_NODES Node elements or MAX_ELEMENTS elements in all is refused
before anything is built), every walk iterative. Every refusal is a `ModelFileError` naming the element
(its tag, its id when it has one, and its line): 'Node id="7" (line 40): SimplePredicate (line 41): the
field "foo" is not in the DataDictionary'.

What is read (PMML 4.1 to 4.4):

- the DataDictionary: continuous fields are numbers, categorical fields nominal attributes with their
  Values in order, ordinal fields ordinal attributes in their Value order; the MiningSchema's active
  fields are the attributes, its one target (or predicted) field the class, its Values the classes;
- the Nodes: each node's children are tried in order and the first whose predicate is true takes the
  case (PMML's rule). Children whose predicates test one field make one split of ours (two sides of a
  threshold: a ThresholdSplit; else a CategorySplit over the field's values, or over the intervals
  between the thresholds); children testing different fields (the compact trees sklearn2pmml writes:
  `a <= 1; b = x; True`) make a chain of splits, the first child against the rest, as the tree was
  before the tool flattened it. SimplePredicate (lessOrEqual, lessThan, greaterThan, greaterOrEqual,
  equal, notEqual, isMissing, isNotMissing), SimpleSetPredicate (isIn, isNotIn), True, False and
  CompoundPredicate (and, or, xor, and surrogate) over one field;
- thresholds as the field's dataType compares them: a "double" field as the written double; a "float"
  field (sklearn2pmml's, as scikit-learn compares in float32) as the value read as a float32 and the
  case's value rounded to float32, which is one exact double threshold on the value as read;
- counts: each ScoreDistribution's recordCount is the node's count of that class (a node without them
  adds up its children's); `score` is the node's label (else the largest count's class). Given
  probabilities must be the counts' shares (they are what the model answers);
- missing values: missingValueStrategy lastPrediction (and nullPrediction, none where a case without
  the value still stops) is our policy "stop", defaultChild our "majority" where every default child is
  the node's heaviest (the one "majority" takes). nullPrediction gives no answer for a case missing a
  value the tree tests, and returnNullPrediction none for a value no branch takes, where our model
  answers with the node's class: the model's info says so (`info["pmml_notes"]`).

Refused (code "pmml_unsupported", naming the element and attribute): other models than a classification
TreeModel at the top, weightedConfidence and aggregateNodes, a predicate over several fields (a
surrogate on another field), derived fields, missing-value replacement, and anything whose answers
would differ from the file's. A damaged file is code "pmml_damaged".

The model's algorithm is "pmml" (no learner of ours: it predicts by the tree, as a model of a learner
this version lacks does); `trained_on` says where it came from (the file, its SHA-256, the application
and algorithm the Header and TreeModel name) and holds no row count, which the file does not give.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import numpy as np

from .data.encode import AttributeSchema, DataSchema
from .data.spec import ProblemSpec
from .errors import ModelFileError
from .i18n import _
from .tree.model import CategorySplit, Leaf, ThresholdSplit, Tree

MAX_BYTES = 64 << 20
MAX_DEPTH = 1000  # elements inside elements
MAX_NODES = 250_000  # Node elements
MAX_ELEMENTS = 4_000_000
MAX_COUNT = 1e15  # a record count beyond that is no count of training cases
ALGORITHM = "pmml"
NAMESPACES = {f"http://www.dmg.org/PMML-4_{k}": f"4.{k}" for k in (1, 2, 3, 4)}
NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
COMPARISONS = ("lessOrEqual", "lessThan", "greaterThan", "greaterOrEqual", "equal", "notEqual")
MISSING_TESTS = ("isMissing", "isNotMissing")
PREDICATES = ("SimplePredicate", "SimpleSetPredicate", "CompoundPredicate", "True", "False")
MODELS = ("TreeModel", "MiningModel", "RegressionModel", "GeneralRegressionModel", "NeuralNetwork", "NaiveBayesModel",
          "RuleSetModel", "SupportVectorMachineModel", "ClusteringModel", "Scorecard", "NearestNeighborModel",
          "AssociationModel", "SequenceModel", "TextModel", "TimeSeriesModel", "BaselineModel", "BayesianNetworkModel",
          "GaussianProcessModel", "AnomalyDetectionModel")


class _El:
    __slots__ = ("tag", "ns", "attrib", "children", "line", "text")

    def __init__(self, tag: str, ns: str, attrib: dict, line: int):
        self.tag, self.ns, self.attrib, self.line = tag, ns, attrib, line
        self.children: list[_El] = []
        self.text: list[str] = []

    def get(self, key: str, default=None):
        return self.attrib.get(key, default)

    def all(self, tag: str) -> list["_El"]:
        return [c for c in self.children if c.tag == tag]

    def one(self, tag: str) -> "_El | None":
        found = self.all(tag)
        return found[0] if found else None

    @property
    def where(self) -> str:
        """'Node id="7" (line 40)': how a message names the element."""
        name = self.tag
        for key in ("id", "name", "field"):
            if key in self.attrib:
                name += f' {key}="{self.attrib[key]}"'
                break
        return _("{element} (line {line})").format(element=name, line=self.line)


class _Refused(Exception):
    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.message, self.code = message, code


def _damaged(where: str, message: str):
    raise _Refused(_("{where}: {message}").format(where=where, message=message), "pmml_damaged")


def _unsupported(where: str, message: str):
    raise _Refused(_("{where}: {message}").format(where=where, message=message), "pmml_unsupported")


class _Builder:
    """The parser's target: light elements with their lines, counted and bounded as they come."""

    def __init__(self):
        self.parser = None
        self.stack: list[_El] = []
        self.root: _El | None = None
        self.nodes = 0
        self.elements = 0

    def start(self, tag: str, attrib: dict):
        ns, _sep, local = tag[1:].partition("}") if tag.startswith("{") else ("", "", tag)
        line = self.parser.parser.CurrentLineNumber if self.parser is not None else 0
        element = _El(local, ns, dict(attrib), line)
        self.elements += 1
        if len(self.stack) >= MAX_DEPTH:
            _unsupported(element.where, _("elements nested more than {n} deep").format(n=MAX_DEPTH))
        if local == "Node":
            self.nodes += 1
            if self.nodes > MAX_NODES:
                _unsupported(element.where, _("more than {n} Node elements").format(n=f"{MAX_NODES:,}"))
        if self.elements > MAX_ELEMENTS:
            _unsupported(element.where, _("more than {n} elements").format(n=f"{MAX_ELEMENTS:,}"))
        if self.stack:
            self.stack[-1].children.append(element)
        else:
            self.root = element
        self.stack.append(element)

    def end(self, tag: str):
        self.stack.pop()

    def data(self, text: str):
        if self.stack and self.stack[-1].tag == "Array":  # the only element whose text we read
            self.stack[-1].text.append(text)

    def close(self):
        return self.root


def _parse(data: bytes) -> _El:
    # deferred: defusedxml only when a PMML file is read
    import defusedxml
    from defusedxml.ElementTree import DefusedXMLParser

    builder = _Builder()
    parser = DefusedXMLParser(target=builder, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    builder.parser = parser
    try:
        parser.feed(data)
        root = parser.close()
    except defusedxml.DTDForbidden:
        raise _Refused(_("the file declares a DOCTYPE (which may define entities); a PMML file has none"),
                       "pmml_unsafe") from None
    except defusedxml.EntitiesForbidden as exc:
        raise _Refused(_('the file defines the entity "{name}"; a PMML file defines none').format(name=exc.name),
                       "pmml_unsafe") from None
    except defusedxml.ExternalReferenceForbidden:
        raise _Refused(_("the file refers to an external entity; a PMML file refers to none"), "pmml_unsafe") from None
    except ET.ParseError as exc:
        line, column = getattr(exc, "position", (0, 0))
        reason = str(exc).split(":")[0]
        raise _Refused(_("the file is not well-formed XML (line {line}, column {column}: {reason})").format(
            line=line, column=column, reason=reason), "pmml_damaged") from None
    except (UnicodeError, ValueError) as exc:
        raise _Refused(_("the file is not XML text ({error})").format(error=exc), "pmml_damaged") from None
    if root is None:
        raise _Refused(_("the file holds no element"), "pmml_damaged")
    return root


# ---- numbers -----------------------------------------------------------------------------------


def _number(element: _El, key: str, *, default=None, low: float | None = None, high: float | None = None):
    text = element.get(key)
    if text is None:
        if default is None:
            _damaged(element.where, _('the attribute "{key}" is missing').format(key=key))
        return default
    text = text.strip()
    if not NUMBER.fullmatch(text):
        _damaged(element.where, _('{key}="{value}" is not a number').format(key=key, value=text[:40]))
    value = float(text)
    if not math.isfinite(value) or (low is not None and value < low) or (high is not None and value > high):
        _damaged(element.where, _('{key}="{value}" is out of range (a finite number from {low} to {high})').format(
            key=key, value=text[:40], low=low if low is not None else "-inf", high=high if high is not None else "inf"))
    return value


def _nearest_float32(text: str) -> np.float32:
    """The float32 nearest the decimal `text` (ties to even), as Java's Float.parseFloat reads it."""
    exact = Fraction(text)
    first = np.float32(float(exact))
    best = None
    for c in (first, np.nextafter(first, np.float32(-np.inf)), np.nextafter(first, np.float32(np.inf))):
        if not np.isfinite(c):
            continue
        gap = abs(Fraction(float(c)) - exact)
        key = (gap, int(np.array(c, np.float32).view(np.uint32)) & 1)
        if best is None or key < best[0]:
            best = (key, c)
    return best[1] if best is not None else first


def _last_double_at_most(a: np.float32) -> float:
    """The largest double whose float32 rounding is <= a."""
    b = np.nextafter(a, np.float32(np.inf))
    if np.isinf(b):
        m = float(a) + (float(a) - float(np.nextafter(a, np.float32(-np.inf)))) / 2
    else:
        m = (float(a) + float(b)) / 2  # exact: two float32 neighbours
    return m if np.float32(m) == a else float(np.nextafter(m, -np.inf))


class _Field:
    """An attribute as the predicates read it: a number (and how it compares) or named values."""

    def __init__(self, j: int, attr: AttributeSchema, data_type: str, element: _El):
        self.j, self.attr, self.data_type, self.element = j, attr, data_type, element
        self.index = {v: k for k, v in enumerate(attr.categories)} if attr.categories is not None else None

    @property
    def numeric(self) -> bool:
        return self.index is None

    def bounds(self, text: str, where: str) -> tuple[float, float]:
        """(below, at): x < v exactly when x <= below, x <= v exactly when x <= at, on the value as read."""
        text = text.strip()
        if not NUMBER.fullmatch(text) or not math.isfinite(float(text)):
            _damaged(where, _('value="{value}" is not a finite number (the field "{field}" holds numbers)').format(
                value=text[:40], field=self.attr.name))
        if self.data_type == "float":
            a = _nearest_float32(text)
            if not np.isfinite(a):
                _damaged(where, _('value="{value}" is beyond a float').format(value=text[:40]))
            below = np.nextafter(a, np.float32(-np.inf))
            return _last_double_at_most(below), _last_double_at_most(a)
        v = float(text)
        return float(np.nextafter(v, -np.inf)), v

    def code(self, value: str, where: str) -> int:
        if value not in self.index:
            _damaged(where, _('"{value}" is not one of the values of the field "{field}" in the DataDictionary').format(
                value=value, field=self.attr.name))
        return self.index[value]


# ---- predicates --------------------------------------------------------------------------------


def _array(element: _El, where: str) -> list[str]:
    """The values of an Array: separated by spaces, quoted with "..." where they hold one (\\" inside)."""
    text = "".join(element.text)
    out, k, n = [], 0, len(text)
    while k < n:
        if text[k].isspace():
            k += 1
            continue
        if text[k] == '"':
            k += 1
            value = []
            while k < n and text[k] != '"':
                if text[k] == "\\" and k + 1 < n and text[k + 1] == '"':
                    k += 1
                value.append(text[k])
                k += 1
            if k >= n:
                _damaged(where, _("an Array value's quote is not closed"))
            k += 1
            out.append("".join(value))
        else:
            start = k
            while k < n and not text[k].isspace():
                k += 1
            out.append(text[start:k])
    count = element.get("n")
    if count is not None and (not count.strip().isdigit() or int(count) != len(out)):
        _damaged(where, _('Array n="{n}" but it holds {count} values').format(n=count[:20], count=len(out)))
    return out


def _fields_of(predicate: _El, fields: dict, where: str) -> set:
    """The fields a predicate tests (checked to be attributes), walked without recursion."""
    out, stack = set(), [predicate]
    while stack:
        p = stack.pop()
        here = f"{where}: {p.where}"
        if p.tag in ("SimplePredicate", "SimpleSetPredicate"):
            name = p.get("field")
            if name is None:
                _damaged(here, _('the attribute "field" is missing'))
            if name not in fields:
                if name in fields.get(None, {}):  # a DataField the MiningSchema does not make active
                    _unsupported(here, _('the field "{field}" is not an active field of the MiningSchema').format(
                        field=name))
                _damaged(here, _('the field "{field}" is not in the DataDictionary').format(field=name))
            out.add(name)
        elif p.tag == "CompoundPredicate":
            parts = [c for c in p.children if c.tag in PREDICATES]
            if p.get("booleanOperator") not in ("and", "or", "xor", "surrogate"):
                _unsupported(here, _('booleanOperator="{op}" is not one of and, or, xor, surrogate').format(
                    op=p.get("booleanOperator")))
            if len(parts) < 2:
                _damaged(here, _("a CompoundPredicate needs at least two predicates"))
            stack.extend(parts)
        elif p.tag not in ("True", "False"):
            _damaged(here, _("{tag} is not a predicate").format(tag=p.tag))
    return out


def _evaluate(predicate: _El, field: _Field | None, cuts: list[float], where: str):
    """(which values make it true: one bool per category code, or per interval between `cuts`; what a
    missing value makes it: True, False or None for unknown), iteratively."""
    size = (len(cuts) + 1) if field is None or field.numeric else len(field.attr.categories)
    rights = np.array(list(cuts) + [np.inf]) if field is None or field.numeric else None
    lefts = np.array([-np.inf] + list(cuts)) if rights is not None else None
    results: dict[int, tuple] = {}
    stack = [(predicate, False)]
    while stack:
        p, done = stack.pop()
        here = f"{where}: {p.where}"
        if p.tag == "True":
            results[id(p)] = (np.ones(size, bool), True)
        elif p.tag == "False":
            results[id(p)] = (np.zeros(size, bool), False)
        elif p.tag == "SimplePredicate":
            results[id(p)] = _simple(p, field, rights, lefts, here)
        elif p.tag == "SimpleSetPredicate":
            results[id(p)] = _set(p, field, rights, lefts, here)
        elif not done:
            stack.append((p, True))
            stack.extend((c, False) for c in p.children if c.tag in PREDICATES)
        else:
            parts = [results[id(c)] for c in p.children if c.tag in PREDICATES]
            op = p.get("booleanOperator")
            vectors = [v for v, _m in parts]
            missing = [m for _v, m in parts]
            if op == "and":
                vec = np.logical_and.reduce(vectors)
                m = False if False in missing else None if None in missing else True
            elif op == "or":
                vec = np.logical_or.reduce(vectors)
                m = True if True in missing else None if None in missing else False
            elif op == "xor":
                vec = np.logical_xor.reduce(vectors)
                m = None if None in missing else bool(sum(missing) % 2)
            else:  # surrogate: the first predicate a known value decides; a missing one, the first that knows
                vec = vectors[0]
                m = next((v for v in missing if v is not None), None)
            results[id(p)] = (vec, m)
    return results[id(predicate)]


def _simple(p: _El, field: _Field, rights, lefts, here: str):
    op = p.get("operator")
    if op in MISSING_TESTS:
        size = len(rights) if field.numeric else len(field.attr.categories)
        return (np.zeros(size, bool), True) if op == "isMissing" else (np.ones(size, bool), False)
    if op not in COMPARISONS:
        _unsupported(here, _('operator="{op}" is not one of {known}').format(
            op=p.get("operator"), known=", ".join(COMPARISONS + MISSING_TESTS)))
    value = p.get("value")
    if value is None:
        _damaged(here, _('the attribute "value" is missing'))
    if field.numeric:
        below, at = field.bounds(value, here)
        at_most = {"lessOrEqual": at, "lessThan": below}
        if op in at_most:
            return rights <= at_most[op], None
        if op in ("greaterThan", "greaterOrEqual"):
            return ~(rights <= (at if op == "greaterThan" else below)), None
        equal = (rights <= at) & (lefts >= below)
        return (equal if op == "equal" else ~equal), None
    code = field.code(value, here)
    codes = np.arange(len(field.attr.categories))
    if op in ("equal", "notEqual"):
        return (codes == code) if op == "equal" else (codes != code), None
    if field.attr.kind != "ordinal":
        _unsupported(here, _('operator="{op}" compares values of "{field}", which have no order (the field is '
                             'categorical, not ordinal)').format(op=op, field=field.attr.name))
    return {"lessOrEqual": codes <= code, "lessThan": codes < code, "greaterThan": codes > code,
            "greaterOrEqual": codes >= code}[op], None


def _set(p: _El, field: _Field, rights, lefts, here: str):
    op = p.get("booleanOperator")
    if op not in ("isIn", "isNotIn"):
        _unsupported(here, _('booleanOperator="{op}" is not one of isIn, isNotIn').format(op=op))
    array = p.one("Array")
    if array is None:
        _damaged(here, _("a SimpleSetPredicate needs its Array"))
    values = _array(array, f"{here}: {array.where}")
    if field.numeric:
        vec = np.zeros(len(rights), bool)
        for v in values:
            below, at = field.bounds(v, here)
            vec |= (rights <= at) & (lefts >= below)
    else:
        vec = np.zeros(len(field.attr.categories), bool)
        for v in values:
            vec[field.code(v, here)] = True
    return (vec if op == "isIn" else ~vec), None


def _cuts_of(predicates: list[tuple], field: _Field) -> list[float]:
    """Every bound the predicates (with where they are) put on a number field, sorted: their tests are
    unions of the intervals between them."""
    bounds, stack = set(), list(predicates)
    while stack:
        p, where = stack.pop()
        if p.tag == "CompoundPredicate":
            stack.extend((c, where) for c in p.children if c.tag in PREDICATES)
        elif p.tag == "SimplePredicate" and p.get("operator") in COMPARISONS and p.get("value") is not None:
            bounds.update(field.bounds(p.get("value"), f"{where}: {p.where}"))
        elif p.tag == "SimpleSetPredicate":
            array = p.one("Array")
            for v in _array(array, f"{where}: {p.where}") if array is not None else ():
                bounds.update(field.bounds(v, f"{where}: {p.where}"))
    return sorted(bounds)


# ---- the document ------------------------------------------------------------------------------


def _check_namespace(root: _El) -> str:
    if root.tag != "PMML":
        _damaged(root.where, _("the document's root element is {tag}, not PMML").format(tag=root.tag))
    if root.ns not in NAMESPACES:
        _unsupported(root.where, _('the namespace "{ns}" is not PMML 4.1 to 4.4 (http://www.dmg.org/PMML-4_4)').format(
            ns=root.ns or _("none")))
    stack = list(root.children)
    while stack:
        e = stack.pop()
        if e.tag == "Extension":
            continue  # another tool's own content, in any namespace
        if e.ns != root.ns:
            _damaged(e.where, _('the element is in the namespace "{ns}", not the document\'s "{root}"').format(
                ns=e.ns or _("none"), root=root.ns))
        stack.extend(e.children)
    return NAMESPACES[root.ns]


def _valid_values(field: _El) -> list[str]:
    values = []
    for v in field.all("Value"):
        if v.get("value") is None:
            _damaged(v.where, _('the attribute "value" is missing'))
        if v.get("property", "valid") == "valid":
            values.append(v.get("value"))
    if len(set(values)) != len(values):
        seen = set()
        for v in values:
            if v in seen:
                _damaged(field.where, _('the value "{value}" comes twice').format(value=v))
            seen.add(v)
    return values


def _schema(root: _El, model: _El):
    dictionary = root.one("DataDictionary")
    if dictionary is None:
        _damaged(root.where, _("the DataDictionary is missing"))
    data_fields = {}
    for f in dictionary.all("DataField"):
        name = f.get("name")
        if name is None:
            _damaged(f.where, _('the attribute "name" is missing'))
        if name in data_fields:
            _damaged(f.where, _('the field "{name}" comes twice').format(name=name))
        data_fields[name] = f
    mining = model.one("MiningSchema")
    if mining is None:
        _damaged(model.where, _("the MiningSchema is missing"))
    targets, active = [], []
    for mf in mining.all("MiningField"):
        name = mf.get("name")
        if name not in data_fields:
            _damaged(mf.where, _('the field "{field}" is not in the DataDictionary').format(field=name))
        usage = mf.get("usageType", "active")
        if usage in ("target", "predicted"):
            targets.append(mf)
            continue
        if usage != "active":
            continue
        if name in active:
            _damaged(mf.where, _("the field comes twice"))
        for key in ("missingValueReplacement",):
            if mf.get(key) is not None:
                _unsupported(mf.where, _('{key}="{value}" replaces a missing value, which the model cannot do').format(
                    key=key, value=mf.get(key)))
        if mf.get("outliers", "asIs") != "asIs":
            _unsupported(mf.where, _('outliers="{value}" changes values before the tree reads them').format(
                value=mf.get("outliers")))
        active.append(name)
    if len(targets) != 1:
        _damaged(mining.where, _("the MiningSchema names {n} target fields; a classification tree has one").format(
            n=len(targets)))
    target = targets[0].get("name")
    tf = data_fields[target]
    if tf.get("optype") not in ("categorical", "ordinal"):
        _unsupported(tf.where, _('optype="{optype}": the target of a classification tree is categorical or '
                                 "ordinal").format(optype=tf.get("optype")))
    classes = _valid_values(tf)
    if not classes:
        _unsupported(tf.where, _("the target lists no classes (Value elements)"))
    attributes, fields = [], {}
    for name in active:
        f = data_fields[name]
        optype = f.get("optype")
        data_type = f.get("dataType", "double")
        if optype == "continuous":
            if data_type not in ("double", "float", "integer"):
                _unsupported(f.where, _('dataType="{t}" is not a number type').format(t=data_type))
            attr = AttributeSchema(name=name, kind="numeric")
        elif optype in ("categorical", "ordinal"):
            values = _valid_values(f)
            if not values:
                _unsupported(f.where, _("a {optype} field without its Values (the model needs every value it "
                                        "can read)").format(optype=optype))
            attr = AttributeSchema(name=name, kind="nominal" if optype == "categorical" else "ordinal",
                                   categories=values)
        else:
            _damaged(f.where, _('optype="{optype}" is not continuous, categorical or ordinal').format(optype=optype))
        fields[name] = _Field(len(attributes), attr, data_type, f)
        attributes.append(attr)
    fields[None] = {n: f for n, f in data_fields.items() if n not in fields}  # named in errors
    schema = DataSchema(target=target, classes=classes, ordered=tf.get("optype") == "ordinal", attributes=attributes)
    return schema, fields


def _header(root: _El) -> dict:
    header = root.one("Header")
    app = header.one("Application") if header is not None else None
    if app is None:
        return {}
    name = " ".join(v for v in (app.get("name"), app.get("version")) if v)
    return {"pmml_application": name} if name else {}


def _the_model(root: _El) -> _El:
    models = [c for c in root.children if c.tag in MODELS]
    if not models:
        _unsupported(root.where, _("the document holds no model (a TreeModel)"))
    model = models[0]
    if model.tag != "TreeModel":
        _unsupported(model.where, _("the model is a {tag}; only a TreeModel is read").format(tag=model.tag))
    if model.get("functionName") != "classification":
        _unsupported(model.where, _('functionName="{f}": only a classification tree is read').format(
            f=model.get("functionName")))
    if model.get("isScorable", "true") == "false":
        _unsupported(model.where, _('isScorable="false": the tool says the model is not to be used'))
    if model.one("LocalTransformations") is not None and model.one("LocalTransformations").children:
        _unsupported(model.one("LocalTransformations").where, _("derived fields are not read"))
    return model


# ---- the nodes ---------------------------------------------------------------------------------


class _PNode:
    __slots__ = ("el", "predicate", "children", "counts", "label", "probs", "default", "given")

    def __init__(self, el, predicate, children):
        self.el, self.predicate, self.children = el, predicate, children
        self.counts = None
        self.label = None
        self.probs = None
        self.default = None
        self.given = False  # its counts are written in the file


def _read_nodes(model: _El, schema: DataSchema) -> list[_PNode]:
    top = model.all("Node")
    if len(top) != 1:
        _damaged(model.where, _("a TreeModel has one root Node, not {n}").format(n=len(top)))
    classes = {c: k for k, c in enumerate(schema.classes)}
    k = len(classes)
    nodes: list[_PNode] = []
    stack = [(top[0], -1)]
    order = []
    while stack:
        el, parent = stack.pop()
        predicates = [c for c in el.children if c.tag in PREDICATES]
        others = [c for c in el.children if c.tag not in PREDICATES + ("Node", "ScoreDistribution", "Extension",
                                                                          "Partition", "EmbeddedModel")]
        if len(predicates) != 1:
            _damaged(el.where, _("a Node needs exactly one predicate (True, SimplePredicate, ...), not {n}").format(
                n=len(predicates)))
        if others:
            _damaged(el.where, _("{tag} does not belong in a Node").format(tag=others[0].tag))
        if el.one("EmbeddedModel") is not None:
            _unsupported(el.where, _("a model embedded in a Node is not read"))
        node = _PNode(el, predicates[0], [])
        index = len(nodes)
        nodes.append(node)
        order.append(index)
        if parent >= 0:
            nodes[parent].children.append(index)
        node.children = []
        for child in reversed(el.all("Node")):
            stack.append((child, index))
        # the counts this node's file element gives
        dists = el.all("ScoreDistribution")
        if dists:
            counts, probs = np.zeros(k), np.full(k, np.nan)
            seen = set()
            for d in dists:
                value = d.get("value")
                if value not in classes:
                    _damaged(f"{el.where}: {d.where}", _('value="{value}" is not one of the target\'s classes').format(
                        value=value))
                if value in seen:
                    _damaged(f"{el.where}: {d.where}", _('the class "{value}" comes twice').format(value=value))
                seen.add(value)
                counts[classes[value]] = _number(d, "recordCount", low=0.0, high=MAX_COUNT)
                if d.get("probability") is not None:
                    probs[classes[value]] = _number(d, "probability", low=0.0, high=1.0)
            node.counts, node.given = counts, True
            node.probs = probs if not np.isnan(probs).all() else None
        score = el.get("score")
        if score is not None:
            if score not in classes:
                _damaged(el.where, _('score="{score}" is not one of the target\'s classes').format(score=score))
            node.label = classes[score]
        if el.get("recordCount") is not None:
            _number(el, "recordCount", low=0.0, high=MAX_COUNT)
        node.default = el.get("defaultChild")
    # stack order pushes children reversed, so children lists were filled in document order; fix any
    for node in nodes:
        node.children.sort()
    for i in reversed(order):  # children before parents: a node without counts adds up its children's
        node = nodes[i]
        if node.counts is None:
            if node.children:
                node.counts = np.sum([nodes[c].counts for c in node.children], axis=0)
            elif node.label is not None:
                node.counts = np.zeros(k)
                node.counts[node.label] = _number(node.el, "recordCount", default=1.0, low=0.0, high=MAX_COUNT)
            else:
                _damaged(node.el.where, _("a leaf Node needs a score or its ScoreDistribution"))
        if not np.isfinite(node.counts.sum()):
            _damaged(node.el.where, _("the record counts add up to more than a number can hold"))
        if node.label is None:
            if node.counts.sum() <= 0:
                _damaged(node.el.where, _("the Node has no score and no records to take one from"))
            node.label = int(np.argmax(node.counts))
    return nodes


def _build(nodes: list[_PNode], schema: DataSchema, fields: dict, strategy: str, no_true: str, notes: list):
    """Our tree from the file's nodes; (tree, where each split sends a missing value, splits with values no
    branch takes)."""
    tree = Tree(schema)
    first = len(nodes)  # the file's nodes; those after are the rests of chains
    built = {}  # file node -> ours
    missing_to = []  # (our node, "stop" or our child position, the element)
    open_branches = []  # (our node, element): values no branch takes
    root = nodes[0]
    if root.predicate.tag != "True":
        _unsupported(f"{root.el.where}: {root.predicate.where}", _("the root Node's predicate must be True"))
    stack = [(0, -1, None)]  # (file node, our parent, slot in its children)
    while stack:
        p, parent, slot = stack.pop()
        node = nodes[p]
        where = node.el.where
        kids = list(node.children)
        # children whose predicate tests no field: False never takes a case, True takes every case left
        plan = []
        for c in kids:
            tested = _fields_of(nodes[c].predicate, fields, nodes[c].el.where)
            if not tested:
                if _truth(nodes[c].predicate):
                    plan.append((c, tested))
                    break
                continue
            plan.append((c, tested))
        if not plan:
            if kids and no_true == "returnNullPrediction":
                notes.append(_("{where}: PMML gives no answer where no child's predicate is true; the model answers "
                               "with the node's class").format(where=where))
            our = tree.add(Leaf(counts=node.counts.copy(), label=node.label), parent)
            _attach(tree, parent, slot, our)
            if p < first:
                built[p] = our
            continue
        tested = set().union(*(t for _c, t in plan))
        if not tested:  # only True: the case always goes on to that child, never stops here
            stack.append((plan[0][0], parent, slot))
            continue
        if len(tested) > 1:  # several fields: the first child against the rest
            first_field = next(iter(plan[0][1])) if plan[0][1] else None
            if len(plan[0][1]) > 1:
                _unsupported(f"{nodes[plan[0][0]].el.where}: {nodes[plan[0][0]].predicate.where}",
                             _("the predicate tests several fields together; a split of the tree tests one"))
            rest = _PNode(node.el, _TRUE, [c for c, _t in plan[1:]])
            if strategy in ("lastPrediction",):  # a case stopping in the rest answers as this node
                rest.counts, rest.label = node.counts.copy(), node.label
            else:
                rest.counts = np.sum([nodes[c].counts for c, _t in plan[1:]], axis=0)
                rest.label = int(np.argmax(rest.counts))
            if strategy == "defaultChild":
                _unsupported(where, _('defaultChild: the children test different fields, so a missing value would '
                                      "skip the other tests, which the model cannot do"))
            nodes.append(rest)
            plan = [plan[0], (len(nodes) - 1, set())]
            tested = {first_field}
        name = next(iter(tested))
        field = fields[name]
        preds = [(nodes[c].predicate, nodes[c].el.where) for c, _t in plan]
        cuts = _cuts_of(preds, field) if field.numeric else []
        values, on_missing = [], []
        for c, _t in plan:
            vec, m = _evaluate(nodes[c].predicate, field, cuts, nodes[c].el.where)
            values.append(vec)
            on_missing.append(m)
        size = len(values[0])
        assigned = np.full(size, -1, np.int64)
        for pos in range(len(plan) - 1, -1, -1):  # the first true child takes the value
            assigned[values[pos]] = pos
        # where a missing value goes
        goes = "stop"
        for pos, m in enumerate(on_missing):
            if m is True:
                goes = pos
                break
            if m is None:
                if strategy == "none":
                    continue
                if strategy == "defaultChild":
                    target = node.default
                    ids = [nodes[c].el.get("id") for c, _t in plan]
                    if target is None or target not in ids:
                        _damaged(where, _('defaultChild="{d}" is not the id of one of its child Nodes').format(d=target))
                    goes = ids.index(target)
                break
        else:
            if no_true == "returnNullPrediction":
                notes.append(_("{where}: PMML gives no answer for a case without \"{field}\" here; the model answers "
                               "with the node's class").format(where=where, field=name))
        our_node, order = _split(field, cuts, assigned, len(plan), node)
        our = tree.add(our_node, parent)
        _attach(tree, parent, slot, our)
        if p < first:
            built[p] = our
        missing_to.append((our, goes if goes == "stop" else order.index(goes), node.el))
        if (assigned < 0).any():
            open_branches.append((our, node.el))
            if no_true == "returnNullPrediction":
                notes.append(_("{where}: PMML gives no answer for a value of \"{field}\" no child takes; the model "
                               "answers with the node's class").format(where=where, field=name))
        for pos in reversed(order):
            stack.append((plan[pos][0], our, order.index(pos)))
    return tree, missing_to, open_branches, built


class _Const:
    tag = "True"
    children = ()
    where = "True"

    def get(self, key, default=None):
        return default


_TRUE = _Const()


def _truth(predicate) -> bool:
    return bool(_evaluate(predicate, None, [], "")[0][0])


def _attach(tree: Tree, parent: int, slot, our: int) -> None:
    if parent >= 0:
        tree.nodes[parent].children[slot] = our


def _split(field: _Field, cuts: list[float], assigned: np.ndarray, n: int, node: _PNode):
    """Our split node for one field (its children to be filled), and the file's child positions in our order."""
    counts, label = node.counts.copy(), node.label
    if field.numeric:  # merge neighbouring intervals that go the same way
        keep = [k for k in range(len(cuts)) if assigned[k] != assigned[k + 1]]
        cuts = [cuts[k] for k in keep]
        assigned = np.array([assigned[k] for k in keep] + [assigned[-1]], np.int64)
        if n == 2 and len(cuts) == 1 and set(assigned.tolist()) == {0, 1}:
            order = [int(assigned[0]), int(assigned[1])]
            return ThresholdSplit(counts=counts, label=label, children=[-1, -1], feature=field.j,
                                  threshold=float(cuts[0])), order
        return CategorySplit(counts=counts, label=label, children=[-1] * n, feature=field.j,
                             branches=[int(b) for b in assigned], cuts=[float(c) for c in cuts]), list(range(n))
    if field.attr.kind == "ordinal" and n == 2 and (assigned >= 0).all():
        switches = np.flatnonzero(assigned[1:] != assigned[:-1])
        if len(switches) == 1:
            order = [int(assigned[0]), int(assigned[-1])]
            return ThresholdSplit(counts=counts, label=label, children=[-1, -1], feature=field.j,
                                  threshold=float(switches[0])), order
    return CategorySplit(counts=counts, label=label, children=[-1] * n, feature=field.j,
                         branches=[int(b) for b in assigned]), list(range(n))


def _policy(tree: Tree, missing_to: list, open_branches: list) -> str:
    """"stop" where every split stops a case without its value, "majority" where every split sends it to its
    heaviest child (and every value has a branch); anything else the model cannot do."""
    if all(g == "stop" for _i, g, _el in missing_to):
        return "stop"
    stops = [el for _i, g, el in missing_to if g == "stop"]
    if stops:
        _unsupported(stops[0].where, _("a case without the tested value stops here, and goes on to a child at other "
                                       "Nodes: the model does one or the other everywhere"))
    ct = tree.compile()
    for i, g, el in missing_to:
        if g != int(ct.majority_child[i]):
            _unsupported(el.where, _("a case without the tested value goes to a child that is not the one with the "
                                     "most records; the model sends it to the heaviest child"))
    if open_branches:
        _unsupported(open_branches[0][1].where, _("values no child takes would go to the heaviest child in the "
                                                  "model, and stop in PMML"))
    return "majority"


def _check_probabilities(tree: Tree, nodes: list[_PNode], ours: dict) -> None:
    scores = tree.compile().scores
    for p, i in ours.items():
        probs = nodes[p].probs
        if probs is None:
            continue
        given = ~np.isnan(probs)
        if np.abs(probs[given] - scores[i][given]).max(initial=0.0) > 1e-9:
            _unsupported(nodes[p].el.where, _("the ScoreDistribution's probabilities are not the shares of its "
                                              "record counts, which are what the model answers"))


# ---- the entry ---------------------------------------------------------------------------------


def read_pmml_bytes(data: bytes, name: str = "model.pmml", file: str | None = None):
    """The Model of a PMML document's classification TreeModel (ModelFileError naming the element when
    it cannot be read exactly)."""
    # deferred: the model module loads the learners' registry
    from .model import Model

    notes: list[str] = []
    try:
        if len(data) > MAX_BYTES:
            raise _Refused(_("the file is larger than {n} MiB").format(n=MAX_BYTES >> 20), "pmml_too_large")
        root = _parse(data)
        version = _check_namespace(root)
        model = _the_model(root)
        strategy = model.get("missingValueStrategy", "none")
        no_true = model.get("noTrueChildStrategy", "returnNullPrediction")
        if strategy not in ("lastPrediction", "nullPrediction", "defaultChild", "none"):
            _unsupported(model.where, _('missingValueStrategy="{s}" is not read (lastPrediction, nullPrediction, '
                                        "defaultChild and none are)").format(s=strategy))
        if no_true not in ("returnNullPrediction", "returnLastPrediction"):
            _damaged(model.where, _('noTrueChildStrategy="{s}" is unknown').format(s=no_true))
        schema, fields = _schema(root, model)
        nodes = _read_nodes(model, schema)
        tree, missing_to, open_branches, built = _build(nodes, schema, fields, strategy, no_true, notes)
        policy = _policy(tree, missing_to, open_branches)
        _check_probabilities(tree, nodes, built)
    except _Refused as refused:
        raise ModelFileError(refused.message, code=refused.code, file=file) from None
    if strategy == "nullPrediction":
        notes.insert(0, _("PMML gives no answer for a case missing a value the tree tests (nullPrediction); the "
                          "model answers with the class of the node where the case stops"))
    tree.changed()
    source = {"pmml_file": name}
    source.update(_header(root))
    source["pmml_algorithm"] = model.get("algorithmName") or model.get("modelName") or ""
    source["pmml_version"] = version
    source["sha256"] = hashlib.sha256(data).hexdigest()
    spec = ProblemSpec(target=schema.target, class_order=list(schema.classes) if schema.ordered else None)
    if counts_look_like_shares(tree, str(_header(root).get("pmml_application") or "")):
        notes.append(SHARES_NOTE())
    info = {"pmml_notes": notes} if notes else {}
    return Model(algorithm=ALGORITHM, params={}, spec=spec, tree=tree, missing=policy, trained_on=source, info=info)


def counts_look_like_shares(tree, application: str = "") -> bool:
    """Every reachable leaf's class counts add up to 1, and either some count is a fraction or the
    file was written by sklearn2pmml: its recordCounts are then each leaf's class shares (scikit-learn
    1.4 and later keeps shares, not counts), not training cases. (Leaves of one whole case each,
    from another tool, are taken as cases.)"""
    leaves = [i for i in tree.reachable() if tree.nodes[i].is_leaf]
    if not leaves or any(abs(float(np.sum(tree.nodes[i].counts)) - 1.0) > 1e-9 for i in leaves):
        return False
    fractional = any(np.any(tree.nodes[i].counts != np.round(tree.nodes[i].counts)) for i in leaves)
    return fractional or application.lower().startswith("sklearn2pmml")


def SHARES_NOTE() -> str:  # noqa: N802 - a message, translated when said
    return _("every leaf's counts add up to 1: the file likely gives class shares, not training cases (as "
             "sklearn2pmml writes scikit-learn 1.4 and later), so supports, intervals and \"few cases\" are not "
             "the training cases'; import it with --data TRAINING_FILE to count them")


def read_pmml(path: str | os.PathLike):
    """The Model of the PMML file at `path` (see the module's docstring)."""
    path = os.fspath(path)
    try:
        size = os.path.getsize(path)
    except OSError as exc:
        raise ModelFileError(_("cannot read the file ({error})").format(error=exc.strerror or exc),
                             code="unreadable", file=path) from None
    if size > MAX_BYTES:
        raise ModelFileError(_("the file is larger than {n} MiB").format(n=MAX_BYTES >> 20), code="pmml_too_large",
                             file=path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ModelFileError(_("cannot read the file ({error})").format(error=exc.strerror or exc),
                             code="unreadable", file=path) from None
    return read_pmml_bytes(data, os.path.basename(path), file=path)
