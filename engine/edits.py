"""The expert's edits of a tree: pure functions from a tree, an edit and its context to a new tree.

An edit is a small JSON object (`Edit`): what to do and where (a node path, `root/1/0`, see
engine.tree.node_cases):

- `split`: test `attribute` at the node (a leaf, or an internal node whose test it replaces,
  dropping what was below): with `threshold` t, x <= t | x > t; with `groups` (value names per
  branch; the values no group names make one more branch, "the rest"); with neither, one
  branch per value of a category attribute;
- `threshold`: move the cut of a threshold split to `threshold`; the subtree below stays;
- `regroup`: the branches of a category split as `groups` (to merge two branches, one group
  with the values of both); a branch whose values are unchanged keeps its subtree, a new
  one starts as a leaf;
- `prune`: the node becomes a leaf (its own counts and label);
- `label`: a leaf answers `label` (one of the tree's labels);
- `lock` / `unlock`: freeze the node and everything below it (no edit and no regrowth
  changes it) / thaw it;
- `regrow`: grow again below the node with the model's learner and parameters, on the
  node's training cases; expert nodes, locked nodes and the path to them are kept, every
  other part is what the learner grows there.

Every node keeps who made it (`Node.origin`: the nodes an edit makes or moves are "expert",
the regrown ones "learned"). After an edit the counts of the part it touched are recomputed
from the training data (under the learner's missing-value policy while training), and the
nodes whose counts changed take the model's label rule (least expected cost when the problem
has costs, else the largest class), except leaves the expert made (pruned to or relabelled),
which keep their label. Nodes above an edit keep their counts: an edit below a node never
changes which cases reach it.

A model keeps the list of its edits and the learned tree they started from
(`EditedModel` fields of engine.model.Model: `edits`, `undone`, `base`), so an edit is undone by
replaying the others on the learned tree, and the same list replays on new data:
`replay` fits the learner on the data and applies the edits in order (an edit whose node the
new tree does not have is skipped and reported). Cross-validation of an edited model
(`edited_learner`) replays the list on each fold's training rows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from .algorithms.params import AlgorithmInfo
from .data.encode import EncodedData
from .data.spec import ProblemSpec
from .errors import OptionError, SpecError
from .i18n import N_, _
from .tree.case_counts import count_case_values
from .trust.intervals import keep_effective_cases
from .trust.novelty import keep_seen
from .tree.grow import majority_label, median_label, min_cost_label
from .tree.model import NOMINAL_KIND, CategorySplit, Leaf, Node, ThresholdSplit, Tree
from .tree.node_cases import cases_at, divide_as_learned, find_node, node_path, recount, training_policy

OPS = ("split", "threshold", "regroup", "prune", "label", "lock", "unlock", "regrow")
EDITED = "+edits"  # an edited learner's name: the learner's, then this (edited_learner)
MAX_EDITS = 10_000  # a model file's edit list longer than this is refused (a file may come from anyone)
MAX_GROUPS = 1_000
MAX_TEXT = 1_000  # longest node path, attribute, value or label an edit may carry

# the words of the operations, as a person reads them in a list of edits
OP_WORDS = {"split": N_("split"), "threshold": N_("move the cut"), "regroup": N_("regroup the branches"),
            "prune": N_("prune to a leaf"), "label": N_("relabel"), "lock": N_("lock"), "unlock": N_("unlock"),
            "regrow": N_("regrow below")}


@dataclass(frozen=True)
class Edit:
    """One edit (module docstring); `at` is the node's path."""

    op: str
    at: str = "root"
    attribute: str | None = None
    threshold: float | None = None
    groups: tuple[tuple[str, ...], ...] | None = None
    label: str | None = None

    def __post_init__(self):
        if self.op not in OPS:
            raise OptionError(_('"{op}" is not an edit (edits: {ops})').format(op=self.op, ops=", ".join(OPS)),
                              code="bad_option")

    def to_json(self) -> dict:
        out = {"op": self.op, "at": self.at}
        if self.attribute is not None:
            out["attribute"] = self.attribute
        if self.threshold is not None:
            out["threshold"] = float(self.threshold)
        if self.groups is not None:
            out["groups"] = [list(g) for g in self.groups]
        if self.label is not None:
            out["label"] = self.label
        return out

    @classmethod
    def from_json(cls, obj, where: str = "edit") -> "Edit":
        """An edit from a file (a stranger's: every field checked; a problem is a ValueError naming it)."""
        if not isinstance(obj, dict):
            raise ValueError(f"{where} must be an object")
        op = obj.get("op")
        if op not in OPS:
            raise ValueError(f"{where}.op must be one of {', '.join(OPS)}, not {op!r}")
        texts = {}
        for key in ("at", "attribute", "label"):
            value = obj.get(key)
            if value is not None and (not isinstance(value, str) or len(value) > MAX_TEXT):
                raise ValueError(f"{where}.{key} must be a text of at most {MAX_TEXT} characters")
            texts[key] = value
        threshold = obj.get("threshold")
        if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, (int, float))
                                      or not math.isfinite(threshold)):
            raise ValueError(f"{where}.threshold must be a finite number")
        groups = obj.get("groups")
        if groups is not None:
            if (not isinstance(groups, list) or len(groups) > MAX_GROUPS
                    or any(not isinstance(g, list) or len(g) > MAX_GROUPS for g in groups)
                    or any(not isinstance(v, str) or len(v) > MAX_TEXT for g in groups for v in g)):
                raise ValueError(f"{where}.groups must be lists of value names")
            groups = tuple(tuple(g) for g in groups)
        return cls(op, texts["at"] or "root", texts["attribute"], None if threshold is None else float(threshold),
                   groups, texts["label"])

    def describe(self, schema=None) -> str:
        """The edit in words, for a list of edits ('split at root/1: safety <= low'; with the
        model's `schema` an ordered attribute's cut reads as its value)."""
        what = _(OP_WORDS[self.op])
        detail = []
        if self.attribute is not None:
            detail.append(self.attribute)
        if self.threshold is not None:
            detail.append("<= " + _cut_text(schema, self.attribute, self.threshold))
        if self.groups is not None:
            detail.append(" | ".join("{" + ", ".join(g) + "}" for g in self.groups))
        if self.label is not None:
            detail.append(f"-> {self.label}")
        return _("{what} at {path}").format(what=what, path=self.at) + (": " + " ".join(detail) if detail else "")


def _cut_text(schema, attribute: str | None, threshold: float) -> str:
    """A cut as a person reads it: an ordered attribute's value (its rank's), else the number."""
    attr = next((a for a in schema.attributes if a.name == attribute), None) if schema is not None else None
    if attr is not None and attr.categories and 0 <= math.floor(threshold) < len(attr.categories):
        return attr.categories[math.floor(threshold)]
    return f"{threshold:g}"


@dataclass
class EditContext:
    """What an edit reads besides the tree: the learner and its fit parameters (a regrowth
    grows with them), the problem (its costs choose labels) and the training data."""

    info: AlgorithmInfo
    spec: ProblemSpec | None
    params: dict
    data: EncodedData
    progress: object = None
    _policy: str = field(init=False, default="stay")

    def __post_init__(self):
        self._policy = training_policy(self.info)

    @property
    def policy(self) -> str:
        return self._policy

    def label_rule(self, tree: Tree):
        """The learner's label rule for a node whose counts an edit changed: least expected cost
        (the tree's label costs, else the problem's cost matrix when the learner reads it), the weighted median class (the
        ordinal learners' `leaf=median`), else the largest class."""
        if tree.label_costs is not None:
            return min_cost_label(tree.label_costs)
        costs = self.spec.misclassification_costs if self.spec is not None else None
        if costs is not None and "misclassification_costs" in self.info.uses:  # a learner that reads them
            return min_cost_label(costs.as_array(self.data.classes))
        if self.params.get("leaf") == "median":
            return median_label
        return majority_label


class EditError(SpecError):
    """An edit that cannot be made here (the message says why, in the expert's words)."""


# ---- applying one edit ----------------------------------------------------------------------


def apply_edit(tree: Tree, edit: Edit, ctx: EditContext) -> Tree:
    """A new tree: `tree` with `edit` made (module docstring); `tree` is left as it was."""
    out = copy_tree(tree)
    i = find_node(out, edit.at)
    if edit.op != "unlock":
        frozen = next((k for k in out.path_to(i) if out.nodes[k].locked), None)
        if frozen is not None:
            raise EditError(_('the node {path} is locked (at {locked}): unlock it before editing it').format(
                path=edit.at, locked=node_path(out, frozen)), code="locked_node")
    _OPERATIONS[edit.op](out, i, edit, ctx)
    out = copy_tree(out)  # renumbered depth-first: the nodes an edit left out are gone
    if tree.case_values is not None:
        out.case_values = count_case_values(out, ctx.data.X, ctx.data.w)
    if tree.effective_cases is not None:  # the edited tree's nodes, counted on the same rows
        keep_effective_cases(out, ctx.data.X, ctx.data.w, ctx.info)
    if tree.seen is not None:
        keep_seen(out, ctx.data, ctx.info)
    return out


def apply_edits(tree: Tree, edits, ctx: EditContext, *, skip_missing: bool = False) -> tuple[Tree, list]:
    """`tree` with every edit made in order; with `skip_missing`, an edit whose node this tree
    does not have is left out (returned with its reason) instead of refused."""
    skipped = []
    for k, edit in enumerate(edits):
        try:
            tree = apply_edit(tree, edit, ctx)
        except (OptionError, EditError) as exc:
            if not skip_missing:
                raise
            skipped.append((k, edit, exc.message))
    return tree, skipped


def copy_tree(tree: Tree) -> Tree:
    out = Tree.from_json(tree.to_json(), tree.schema)
    if hasattr(tree, "info"):
        out.info = tree.info
    return out


def _attribute(tree: Tree, name: str | None) -> int:
    names = tree.schema.names
    if name not in names:
        raise EditError(_('the data has no attribute "{name}"').format(name=name), code="unknown_attribute")
    return names.index(name)


def _need_crisp(tree: Tree, i: int, what: str) -> None:
    kinds = (Leaf, ThresholdSplit, CategorySplit)
    if any(not isinstance(tree.nodes[k], kinds) for k in tree.reachable()):
        raise EditError(_("{what} needs a tree of crisp one-attribute tests (this one has fuzzy or combined "
                          "tests): prune, relabel and lock work on it").format(what=_(what)), code="not_crisp")


def _groups_table(tree: Tree, j: int, groups) -> tuple[list[int], int]:
    """Category code -> branch for value groups of attribute j (values in no group: one more
    branch), and the number of branches."""
    attr = tree.schema.attributes[j]
    names = attr.categories or []
    code = {name: c for c, name in enumerate(names)}
    table = [-1] * len(names)
    for g, group in enumerate(groups):
        if not group:
            raise EditError(_("a group of values is empty"), code="bad_groups")
        for value in group:
            if value not in code:
                raise EditError(_('"{value}" is not a value of "{attribute}" (its values: {values})').format(
                    value=value, attribute=attr.name, values=", ".join(names)), code="bad_groups")
            if table[code[value]] >= 0:
                raise EditError(_('the value "{value}" is in two groups').format(value=value), code="bad_groups")
            table[code[value]] = g
    n = len(groups)
    if any(b < 0 for b in table):  # the rest
        table = [n if b < 0 else b for b in table]
        n += 1
    if n < 2:
        raise EditError(_("a split needs at least two branches"), code="bad_groups")
    return table, n


def _new_split(tree: Tree, i: int, edit: Edit) -> tuple[Node, int]:
    """The split node an edit asks for at node i, and its number of branches."""
    j = _attribute(tree, edit.attribute)
    attr = tree.schema.attributes[j]
    if edit.threshold is not None:
        if attr.kind == NOMINAL_KIND:
            raise EditError(_('"{attribute}" is a category: split it by groups of values, not at a number').format(
                attribute=attr.name), code="bad_split")
        return ThresholdSplit(counts=None, label=0, feature=j, threshold=float(edit.threshold)), 2
    if not attr.categories:
        raise EditError(_('"{attribute}" is a number: give the cut (e.g. {attribute} <= 50)').format(
            attribute=attr.name), code="bad_split")
    if edit.groups:
        table, n = _groups_table(tree, j, edit.groups)
    else:
        table, n = list(range(len(attr.categories))), len(attr.categories)
    return CategorySplit(counts=None, label=0, feature=j, branches=table), n


def _relabel(tree: Tree, ids, ctx: EditContext) -> None:
    """Nodes `ids` take the label rule's label from their counts (no weight: the parent's), except
    leaves the expert made."""
    rule = ctx.label_rule(tree)
    for k in ids:  # parents before children
        node = tree.nodes[k]
        if node.is_leaf and node.origin == "expert":
            continue
        if node.counts.sum() > 0:
            node.label = rule(node.counts)
        elif node.parent >= 0:
            node.label = tree.nodes[node.parent].label


def _below(tree: Tree, i: int) -> list[int]:
    """Node i's descendants, parents before children."""
    out, stack = [], list(reversed(tree.nodes[i].children))
    while stack:
        k = stack.pop()
        out.append(k)
        stack.extend(reversed(tree.nodes[k].children))
    return out


def _replace_children(tree: Tree, i: int, node: Node, children: list) -> None:
    """Node i becomes `node` (its counts and label kept), with these children: ids of nodes to keep,
    or None for a new leaf."""
    old = tree.nodes[i]
    node.counts, node.label, node.origin = old.counts, old.label, "expert"
    tree.replace(i, node)
    ids = []
    for child in children:
        if child is None:
            child = tree.add(Leaf(counts=np.zeros(tree.n_classes), label=old.label), i)
        else:
            tree.nodes[child].parent = i
        ids.append(child)
    node.children = ids
    tree.changed()


def _split(tree: Tree, i: int, edit: Edit, ctx: EditContext) -> None:
    _need_crisp(tree, i, N_("a split"))
    node, n = _new_split(tree, i, edit)
    _replace_children(tree, i, node, [None] * n)
    _recount(tree, i, ctx)
    _relabel(tree, node.children, ctx)


def _threshold(tree: Tree, i: int, edit: Edit, ctx: EditContext) -> None:
    node = tree.nodes[i]
    if not isinstance(node, ThresholdSplit):
        raise EditError(_("only a split at a number has a cut to move"), code="bad_split")
    if edit.threshold is None:
        raise EditError(_("moving a cut needs the new cut"), code="bad_split")
    node.threshold, node.origin = float(edit.threshold), "expert"
    tree.changed()
    _recount(tree, i, ctx)
    _relabel(tree, _below(tree, i), ctx)


def _regroup(tree: Tree, i: int, edit: Edit, ctx: EditContext) -> None:
    node = tree.nodes[i]
    if not isinstance(node, CategorySplit) or node.cuts is not None:
        raise EditError(_("only a split on categories has branches to regroup"), code="bad_split")
    if not edit.groups:
        raise EditError(_("regrouping needs the groups of values"), code="bad_groups")
    table, n = _groups_table(tree, node.feature, edit.groups)
    old = {frozenset(node.allowed(pos)): child for pos, child in enumerate(node.children)}
    new_sets = [frozenset(c for c, b in enumerate(table) if b == g) for g in range(n)]
    kept = [old.get(values) for values in new_sets]
    split = CategorySplit(counts=None, label=0, feature=node.feature, branches=table)
    _replace_children(tree, i, split, kept)
    _recount(tree, i, ctx)
    _relabel(tree, [c for c, k in zip(split.children, kept) if k is None], ctx)


def _prune(tree: Tree, i: int, edit: Edit, ctx: EditContext) -> None:
    old = tree.nodes[i]
    tree.replace(i, Leaf(counts=old.counts, label=old.label, origin="expert"))


def _label(tree: Tree, i: int, edit: Edit, ctx: EditContext) -> None:
    node = tree.nodes[i]
    if not node.is_leaf:
        raise EditError(_("only a leaf is relabelled (prune the node first)"), code="bad_label")
    if edit.label not in tree.labels:
        raise EditError(_('"{label}" is not one of the answers ({labels})').format(
            label=edit.label, labels=", ".join(tree.labels)), code="bad_label")
    node.label, node.origin = tree.labels.index(edit.label), "expert"
    tree.changed()


def _lock(tree: Tree, i: int, edit: Edit, ctx: EditContext) -> None:
    tree.nodes[i].locked = edit.op == "lock"
    tree.changed()


def _regrow(tree: Tree, i: int, edit: Edit, ctx: EditContext) -> None:
    _need_crisp(tree, i, N_("regrowing"))
    rows, weights = cases_at(tree, i, ctx.data.X, ctx.data.w, ctx.policy)
    _regrow_below(tree, i, rows, weights, ctx)
    tree.changed()


def _kept(tree: Tree, i: int) -> bool:
    """Regrowth keeps node i's test: the expert made or locked it or a node below it."""
    return any(tree.nodes[k].origin == "expert" or tree.nodes[k].locked for k in [i] + _below(tree, i))


def _regrow_below(tree: Tree, i: int, rows: np.ndarray, weights: np.ndarray, ctx: EditContext) -> None:
    node = tree.nodes[i]
    if node.locked:
        return
    if _kept(tree, i):
        if node.children:
            for child, (r, w) in zip(list(node.children),
                                     divide_as_learned(tree, node, ctx.data.X, rows, weights, ctx.policy)):
                _regrow_below(tree, child, r, w, ctx)
        return
    grown = _grow_at(tree, i, rows, weights, ctx)
    if grown is not None:
        _graft(tree, i, grown)


def _grow_at(tree: Tree, i: int, rows: np.ndarray, weights: np.ndarray, ctx: EditContext) -> Tree | None:
    """What the learner grows on node i's cases (None: nothing to grow on, or no depth left)."""
    if not len(rows) or weights.sum() <= 0:
        return None
    params = dict(ctx.params)
    depth = len(tree.path_to(i)) - 1
    if params.get("max_depth") is not None:  # the learner's limit counts from the root of the whole tree
        if params["max_depth"] - depth < 1:
            return None
        params["max_depth"] = params["max_depth"] - depth
    data = ctx.data
    cases = EncodedData(np.ascontiguousarray(data.X[rows]), data.y[rows], np.asarray(weights, np.float64),
                        data.schema, data.rows[rows])
    grown = ctx.info.fit(cases, ctx.spec, params, ctx.progress)
    if list(grown.labels) != list(tree.labels):
        raise EditError(_("the learner grew a tree with other answers here ({labels}): it cannot be grafted").format(
            labels=", ".join(grown.labels)), code="not_graftable")
    return grown


def _graft(tree: Tree, i: int, grown: Tree) -> None:
    """Node i becomes the root of `grown`, its descendants grown's."""
    new_id = {}
    for k in grown.reachable():  # parents before children
        node = grown.nodes[k]
        children = list(node.children)
        node.children = []
        if k == 0:
            tree.replace(i, node)
            new_id[k] = i
        else:
            new_id[k] = tree.add(node, new_id[node.parent] if node.parent >= 0 else i)
        node.children = children
    for k in grown.reachable():
        node = tree.nodes[new_id[k]]
        node.children = [new_id[c] for c in node.children]
    tree.changed()


def _recount(tree: Tree, i: int, ctx: EditContext) -> None:
    recount(tree, i, ctx.data.X, ctx.data.y, ctx.data.w, ctx.policy)


_OPERATIONS = {"split": _split, "threshold": _threshold, "regroup": _regroup, "prune": _prune, "label": _label,
               "lock": _lock, "unlock": _lock, "regrow": _regrow}


# ---- a model's edits: replay, undo, redo ------------------------------------------------------


def replay(info: AlgorithmInfo, spec: ProblemSpec | None, params: dict, data: EncodedData, edits, *,
           base: Tree | None = None, progress=None, skip_missing: bool = False,
           case_values: bool = False, effective: bool = True, seen: bool = False) -> tuple[Tree, Tree, list]:
    """The learned tree (`base`, else the learner fitted on `data`, with its training cases'
    values per leaf when `case_values`, as training keeps them), and it with `edits` made in
    order on `data`: (edited tree, learned tree, skipped edits)."""
    fit_params = info.stage_params(params, "fit")
    if base is None:
        base = info.fit(data, spec, fit_params, progress)
        if case_values:
            base.case_values = count_case_values(base, data.X, data.w)
        if effective:  # as training keeps them (engine.workflows), unless the model replayed has none
            keep_effective_cases(base, data.X, data.w, info)
        if seen:  # what the model has seen, per node (engine.trust.novelty), as training keeps it
            keep_seen(base, data, info)
    ctx = EditContext(info, spec, fit_params, data)
    tree, skipped = apply_edits(base, edits, ctx, skip_missing=skip_missing)
    return tree, base, skipped


def edited_learner(info: AlgorithmInfo, edits) -> AlgorithmInfo:
    """The learner followed by the expert's edits: what cross-validation and Compare score for an
    edited model (each fold's training rows grow the learned tree, the edits are replayed on
    them; an edit whose node a fold's tree lacks is left out in that fold)."""
    edits = list(edits)

    def fit(data: EncodedData, spec: ProblemSpec | None, params: dict, progress=None) -> Tree:
        base = info.fit(data, spec, params, progress)
        tree, skipped = apply_edits(base, edits, EditContext(info, spec, params, data), skip_missing=True)
        tree.info = dict(getattr(base, "info", None) or {}, edits_skipped=[k for k, _e, _m in skipped])
        return tree

    return replace(info, name=info.name + EDITED, title=info.title, fit=fit)


def context_of(model, data: EncodedData, progress=None) -> EditContext:
    """The edit context of a model (engine.model.Model) on its training data."""
    # deferred: the registry loads every learner (not needed to read an edit)
    from .algorithms import registry

    info = registry.known(model.algorithm)
    if info is None:  # a tree imported from PMML (engine.pmml_import), or a learner this version lacks
        raise EditError(_('the tree was made by "{algorithm}", which is no learner of this version: an edit regrows '
                          "and recounts the tree with the learner that made it").format(algorithm=model.algorithm),
                        code="unknown_algorithm")
    return EditContext(info, model.spec, info.stage_params(model.params, "fit"), data, progress)


def edit_model(model, data: EncodedData, edit: Edit, progress=None):
    """A new model: `model` with `edit` made on its training data `data`, the edit appended to its
    list (and the list of undone edits emptied, as any editor's redo list is)."""
    tree = apply_edit(model.tree, edit, context_of(model, data, progress))
    return replace(model, tree=tree, edits=list(model.edits) + [edit], undone=[],
                   base=model.base if model.base is not None else model.tree, path=None)


def undo(model, data: EncodedData):
    """A new model without its last edit (the others replayed on the learned tree)."""
    if not model.edits:
        raise EditError(_("the model has no edit to undo"), code="nothing_to_undo")
    edits = list(model.edits[:-1])
    tree, _skipped = apply_edits(model.base, edits, context_of(model, data))
    return replace(model, tree=tree, edits=edits, undone=list(model.undone) + [model.edits[-1]],
                   base=model.base if edits else None, path=None)


def redo(model, data: EncodedData):
    """A new model with the last undone edit made again."""
    if not model.undone:
        raise EditError(_("the model has no undone edit to redo"), code="nothing_to_redo")
    again = model.undone[-1]
    tree = apply_edit(model.tree, again, context_of(model, data))
    return replace(model, tree=tree, edits=list(model.edits) + [again], undone=list(model.undone[:-1]),
                   base=model.base if model.base is not None else model.tree, path=None)


def replay_model(model, data: EncodedData, progress=None):
    """The model's learner fitted on `data` and the model's edits replayed on it (new data: an edit
    whose node the new tree lacks is left out, and listed). Returns (model, skipped)."""
    ctx = context_of(model, data, progress)
    tree, base, skipped = replay(ctx.info, model.spec, model.params, data, model.edits, progress=progress,
                                 skip_missing=True, case_values=model.tree.case_values is not None,
                                 effective=getattr(model.tree, "effective_cases", None) is not None,
                                 seen=model.tree.seen is not None)
    kept = [e for k, e in enumerate(model.edits) if k not in {s[0] for s in skipped}]
    return replace(model, tree=tree, edits=kept, undone=[], base=base if kept else None, path=None), skipped
