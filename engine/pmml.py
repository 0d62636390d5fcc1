"""A crisp tree as a PMML 4.4 TreeModel (issue 38): `ruletree export MODEL --pmml OUT.pmml`.

What the file says, and why it answers as `ruletree predict` does:

- the DataDictionary: one DataField per attribute the schema holds (numbers: continuous
  doubles; nominal attributes: categorical, their values in code order; ordinal attributes
  with named values: ordinal, the values in rank order; ranks without names: continuous) and
  the target (categorical, the classes in class order);
- the MiningSchema: every attribute active with invalidValueTreatment="asMissing", so a value
  never seen in training is a missing value, as `Model.predict_table` reads it;
- one Node per tree node, with `score` (the node's own label), `recordCount` (its training
  weight) and a ScoreDistribution per class: recordCount the node's class count and
  `probability` written out (the scores `ruletree predict` gives: normalised counts, or the
  nearest weighted ancestor's for a node no training case reached), so engines do not
  recompute them;
- predicates: ThresholdSplit x <= t / x > t (SimplePredicate lessOrEqual / greaterThan; on
  an ordinal attribute with named values, the values whose rank is <= t or > t as
  SimpleSetPredicate isIn); CategorySplit the values of each branch (isIn), or with cuts the
  intervals (cuts[i-1], cuts[i]] of each branch (runs of intervals joined, several runs
  with "or"); a branch no value takes is <False/>; values holding a quote or a backslash
  are tested one "equal" each, joined by "or" (engines read those inside an Array
  differently);
- the missing-value policy of the model:
  "stop": missingValueStrategy="lastPrediction" with noTrueChildStrategy=
  "returnLastPrediction" (a missing value, or a value no branch takes, stops the case at
  the node, which answers);
  "majority": missingValueStrategy="defaultChild", each internal Node's defaultChild its
  heaviest child (the first of equals), and the values no branch takes added to that child's
  set (our traversal sends them there too);
  "fractional": missingValueStrategy="weightedConfidence" (the children's confidences
  weighted by their shares of the node's records, which is how C4.5 spreads a case); each
  internal Node's recordCount is then the sum of its children's weights so the shares are
  those `ruletree predict` uses, and each ScoreDistribution carries `confidence` = its
  probability. A fractional model with a value no branch takes, or that labels by least
  expected cost (`label_costs` other than equal costs), is refused: PMML cannot send such a
  case down every branch or choose a label by cost. Neither jpmml-evaluator (it refuses the
  strategy) nor pypmml (it weighs otherwise) implements weightedConfidence for a case that
  reaches a split without its value: they score the other cases as the model does
  (tests/test_pmml.py).
- the least-cost labels' cost matrix (`tree.label_costs`), when there is one, goes in an
  Extension (PMML 4.4's TreeModel has no cost matrix of its own); the labels in the file
  are already the least-cost ones, so engines need not read it.

Refused with a message saying why (`ModelFileError`, code "pmml_cannot_carry"): fuzzy splits
(memberships sent down every term), trichotomy stages (a linear score, PENDING answers),
labels at a coarser level of a class hierarchy (not among the target's values), answers
counted for other labels (`answer_as`), a split that reads numbers as category codes.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET

import numpy as np

from . import __version__
from .errors import ModelFileError
from .fileio import atomic_write_text
from .i18n import _
from .tree.nodes import PENDING, CategorySplit, FuzzySplit, Leaf, ThresholdSplit, TrichotomySplit

NAMESPACE = "http://www.dmg.org/PMML-4_4"
STRATEGY = {"stop": "lastPrediction", "majority": "defaultChild", "fractional": "weightedConfidence"}


def _refuse(message: str):
    raise ModelFileError(_("PMML cannot carry this model exactly: {why}").format(why=message),
                         code="pmml_cannot_carry")


def _number(value: float) -> str:
    value = float(value)
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def _check(model) -> None:
    tree = model.tree
    k = tree.n_classes
    for i in tree.reachable():  # the kinds of node first: they say best why
        node = tree.nodes[i]
        if isinstance(node, FuzzySplit):
            _refuse(_("the tree has fuzzy splits (a case goes down every term with its membership, and "
                      "PMML's TreeModel sends a case down one branch)"))
        if isinstance(node, TrichotomySplit):
            _refuse(_("the tree has trichotomy stages (a weighted sum of attributes against two bounds, "
                      "with PENDING answers, which a TreeModel cannot say)"))
        if not isinstance(node, (Leaf, ThresholdSplit, CategorySplit)):
            _refuse(_("the tree has a kind of node PMML does not know ({kind})").format(kind=node.kind_name))
    for i in tree.reachable():
        node = tree.nodes[i]
        if node.label == PENDING:
            _refuse(_("the tree answers PENDING at some nodes (the cases a trichotomy stage leaves undecided), which a "
                      "TreeModel cannot say"))
        if node.label >= k:
            _refuse(_('the tree answers "{label}", a level of the class hierarchy that is not one of the '
                      "classes PMML's target holds").format(label=tree.labels[node.label]))
        if isinstance(node, CategorySplit) and node.cuts is None and \
                tree.schema.attributes[node.feature].categories is None:
            _refuse(_('a split on "{attribute}" takes its numbers as category codes (whole parts), which the '
                      "export does not write").format(attribute=tree.attribute_name(node.feature)))
        if isinstance(node, CategorySplit) and model.missing == "fractional":
            n = len(tree.schema.attributes[node.feature].categories or []) if node.cuts is None else len(node.cuts) + 1
            if len(node.branches) < n or any(b < 0 for b in node.branches):
                _refuse(_('a split on "{attribute}" has values no branch takes; the model spreads such a case over '
                          "every branch, and PMML stops it at the split").format(
                              attribute=tree.attribute_name(node.feature)))
    if tree.answer_as is not None or tree.aggregate != "distribution":
        _refuse(_("the tree answers with labels its classes count for, which a TreeModel cannot say"))
    if model.missing == "fractional" and tree.label_costs is not None and not _plain_costs(tree.label_costs):
        _refuse(_("a case spread over several leaves takes the class of least expected cost, and PMML takes the "
                  "most probable one"))
    if model.missing not in STRATEGY:
        _refuse(_("the missing-value policy {policy} is unknown").format(policy=model.missing))


def _plain_costs(costs: np.ndarray) -> bool:
    """Every mistake costs the same and a right answer nothing: least expected cost is the most probable class."""
    off = costs[~np.eye(len(costs), dtype=bool)]
    return bool(np.all(np.diag(costs) == 0) and (off.size == 0 or (np.all(off == off[0]) and off[0] > 0)))


def _data_field(parent, attr) -> None:
    if attr.categories is None:
        ET.SubElement(parent, "DataField", name=attr.name, optype="continuous", dataType="double")
        return
    optype = "ordinal" if attr.kind == "ordinal" else "categorical"
    field = ET.SubElement(parent, "DataField", name=attr.name, optype=optype, dataType="string")
    for value in attr.categories:
        ET.SubElement(field, "Value", value=value)


def _set_predicate(parent, name: str, values: list[str]) -> None:
    if not values:
        ET.SubElement(parent, "False")
        return
    if any('"' in v or "\\" in v for v in values):
        # an array of values quotes them, and engines read a quote or a backslash inside differently
        # (pypmml does not take PMML's \" escape): the same test as one "equal" per value, joined by "or"
        target = parent if len(values) == 1 else ET.SubElement(parent, "CompoundPredicate", booleanOperator="or")
        for v in values:
            ET.SubElement(target, "SimplePredicate", field=name, operator="equal", value=v)
        return
    pred = ET.SubElement(parent, "SimpleSetPredicate", field=name, booleanOperator="isIn")
    array = ET.SubElement(pred, "Array", n=str(len(values)), type="string")
    array.text = " ".join(f'"{v}"' for v in values)


def _interval(parent, name: str, low: float, high: float) -> None:
    parts = []
    if np.isfinite(low):
        parts.append(("greaterThan", low))
    if np.isfinite(high):
        parts.append(("lessOrEqual", high))
    if not parts:
        ET.SubElement(parent, "True")
        return
    target = parent if len(parts) == 1 else ET.SubElement(parent, "CompoundPredicate", booleanOperator="and")
    for op, value in parts:
        ET.SubElement(target, "SimplePredicate", field=name, operator=op, value=_number(value))


def _runs(codes: list[int]) -> list[tuple[int, int]]:
    out = []
    for c in codes:
        if out and out[-1][1] == c - 1:
            out[-1] = (out[-1][0], c)
        else:
            out.append((c, c))
    return out


def _branch_predicate(parent, tree, node, pos: int, codes_of) -> None:
    attr = tree.schema.attributes[node.feature]
    name = attr.name
    if isinstance(node, ThresholdSplit):
        if attr.categories is None:
            ET.SubElement(parent, "SimplePredicate", field=name, operator="lessOrEqual" if pos == 0 else "greaterThan",
                          value=_number(node.threshold))
        else:  # ranks of named values: the values on this side of the threshold
            ranks = range(len(attr.categories))
            _set_predicate(parent, name, [attr.categories[r] for r in ranks
                                          if (r <= node.threshold) == (pos == 0)])
        return
    codes = codes_of(pos)
    if node.cuts is None:
        _set_predicate(parent, name, [attr.categories[c] for c in codes])
        return
    runs = _runs(codes)
    if not runs:
        ET.SubElement(parent, "False")
        return
    target = parent if len(runs) == 1 else ET.SubElement(parent, "CompoundPredicate", booleanOperator="or")
    for first, last in runs:
        low = node.cuts[first - 1] if first > 0 else -np.inf
        high = node.cuts[last] if last < len(node.cuts) else np.inf
        _interval(target, name, low, high)


def _codes_of(tree, i: int, majority: bool):
    """The codes (or intervals) each branch of a CategorySplit takes; under "majority", the codes no
    branch takes go with the heaviest child, where the model sends them."""
    node = tree.nodes[i]
    attr = tree.schema.attributes[node.feature]
    n = len(node.cuts) + 1 if node.cuts is not None else len(attr.categories or [])
    heaviest = int(tree.compile().majority_child[i]) if majority else -1
    table = [node.branches[c] if c < len(node.branches) else -1 for c in range(n)]
    table = [heaviest if b < 0 and majority else b for b in table]
    return lambda pos: [c for c, b in enumerate(table) if b == pos]


def _unused(name: str, taken: list[str]) -> str:
    """`name`, or `name` with a number after it when an attribute is called so."""
    out, n = name, 1
    while out in taken:
        n += 1
        out = f"{name} {n}"
    return out


def pmml_text(model) -> str:
    """The model as a PMML 4.4 document (text); ModelFileError when PMML cannot carry it exactly."""
    _check(model)
    tree, schema = model.tree, model.tree.schema
    ct = tree.compile()
    ET.register_namespace("", NAMESPACE)
    root = ET.Element("PMML", xmlns=NAMESPACE, version="4.4")
    header = ET.SubElement(root, "Header", description=f"{model.algorithm} decision tree")
    ET.SubElement(header, "Application", name="RuleTree Studio", version=__version__)
    names = schema.names
    if schema.target in names:
        _refuse(_('the class column "{name}" is also one of the attributes').format(name=schema.target))
    dictionary = ET.SubElement(root, "DataDictionary", numberOfFields=str(len(names) + 1))
    for attr in schema.attributes:
        _data_field(dictionary, attr)
    target = ET.SubElement(dictionary, "DataField", name=schema.target, optype="ordinal" if schema.ordered else
                           "categorical", dataType="string")
    for value in schema.classes:
        ET.SubElement(target, "Value", value=value)
    fractional = model.missing == "fractional"
    majority = model.missing == "majority"
    has_multiway = any(len(tree.nodes[i].children) > 2 for i in tree.reachable())
    tm = ET.SubElement(root, "TreeModel", modelName=model.algorithm, functionName="classification",
                       algorithmName=model.algorithm, missingValueStrategy=STRATEGY[model.missing],
                       noTrueChildStrategy="returnLastPrediction",
                       splitCharacteristic="multiSplit" if has_multiway else "binarySplit")
    if tree.label_costs is not None:
        ext = ET.SubElement(tm, "Extension", extender="RuleTree Studio", name="misclassificationCosts")
        matrix = ET.SubElement(ext, "CostMatrix", rows="actual class", columns="answered class")
        for i, row in enumerate(tree.label_costs):
            for j, cost in enumerate(row):
                ET.SubElement(matrix, "Cost", actual=schema.classes[i], answered=schema.classes[j],
                              value=_number(cost))
    mining = ET.SubElement(tm, "MiningSchema")
    for name in names:
        ET.SubElement(mining, "MiningField", name=name, usageType="active", invalidValueTreatment="asMissing")
    ET.SubElement(mining, "MiningField", name=schema.target, usageType="target")
    output = ET.SubElement(tm, "Output")  # the class and every class's probability, as `ruletree predict` gives them
    ET.SubElement(output, "OutputField", name=_unused(f"predicted({schema.target})", names), optype="categorical",
                  dataType="string", feature="predictedValue")
    for value in schema.classes:
        ET.SubElement(output, "OutputField", name=_unused(f"probability({value})", names), optype="continuous",
                      dataType="double", feature="probability", value=value)

    ids = {old: new for new, old in enumerate(tree.reachable())}

    def write(parent, i: int, predicate) -> None:
        node = tree.nodes[i]
        weight = node.weight
        if fractional and node.children:  # the shares weightedConfidence takes are those the model takes
            weight = sum(tree.nodes[c].weight for c in node.children)
        attrs = {"id": str(ids[i]), "score": tree.labels[node.label], "recordCount": _number(weight)}
        if majority and node.children:
            attrs["defaultChild"] = str(ids[node.children[int(ct.majority_child[i])]])
        element = ET.SubElement(parent, "Node", attrs)
        predicate(element)
        for k, value in enumerate(schema.classes):
            dist = {"value": value, "recordCount": _number(node.counts[k]), "probability": repr(float(ct.scores[i][k]))}
            if fractional:
                dist["confidence"] = dist["probability"]
            ET.SubElement(element, "ScoreDistribution", dist)
        if node.children:
            codes_of = _codes_of(tree, i, majority) if isinstance(node, CategorySplit) else None
            for pos, child in enumerate(node.children):
                write(element, child, lambda e, pos=pos: _branch_predicate(e, tree, node, pos, codes_of))

    write(tm, 0, lambda e: ET.SubElement(e, "True"))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_pmml(model, path: str | os.PathLike) -> None:
    """Write the model's PMML 4.4 document to `path` atomically (nothing is written when refused)."""
    atomic_write_text(path, pmml_text(model))
