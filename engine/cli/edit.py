"""`ruletree edit`: one edit of a model's tree (or a file of edits), its undo and redo, and the
edited model's honest scores (engine.edits, engine.edit_scores)."""

from __future__ import annotations

import json

import numpy as np

from ..errors import OptionError
from ..fileio import read_json_file
from ..i18n import _
from .problem import add_model_data_options, model_data

MAX_EDITS_FILE_BYTES = 8 << 20


def add_edit_parser(sub) -> None:
    ed = sub.add_parser("edit", help=_("edit a model's tree: force or move a split, prune, relabel, lock, regrow"))
    ed.add_argument("model", metavar="MODEL.json")
    add_model_data_options(ed)
    ed.add_argument("--at", default="root", metavar="PATH",
                    help=_("the node: a path such as root/1/0 (the child taken at each step) or a number such as #7"))
    what = ed.add_mutually_exclusive_group(required=True)
    what.add_argument("--split", metavar='"A <= v"',
                      help=_('test this at the node: "age <= 50" (a number), "safety <= med" (an ordered value), '
                             '"colour" (one branch per value), "colour: red, blue | green" (groups of values)'))
    what.add_argument("--threshold", type=float, metavar="V", help=_("move the node's cut to V"))
    what.add_argument("--groups", metavar='"a, b | c"', help=_("regroup the branches of a split on categories"))
    what.add_argument("--prune", action="store_true", help=_("make the node a leaf"))
    what.add_argument("--label", metavar="X", help=_("make the leaf answer X"))
    what.add_argument("--lock", action="store_true", help=_("freeze the node and everything below it"))
    what.add_argument("--unlock", action="store_true", help=_("thaw a locked node"))
    what.add_argument("--regrow", action="store_true",
                      help=_("grow again below the node with the model's learner (expert and locked nodes kept)"))
    what.add_argument("--undo", action="store_true", help=_("take back the model's last edit"))
    what.add_argument("--redo", action="store_true", help=_("make the last undone edit again"))
    what.add_argument("--edits", metavar="FILE.json",
                      help=_("make the edits of a file in order (a list of objects such as "
                             '{"op": "split", "at": "root", "attribute": "safety", "threshold": 0.5})'))
    what.add_argument("--replay", action="store_true",
                      help=_("fit the model's learner on the data and make the model's edits again on it"))
    ed.add_argument("--cv", type=int, metavar="K",
                    help=_("also cross-validate: the learner and the edited model in the same K folds, the edits "
                           "replayed on each fold's training rows"))
    ed.add_argument("--seed", type=int, default=0, metavar="S")
    ed.add_argument("--out", required=True, metavar="NEW.json")
    ed.add_argument("--json", action="store_true")
    ed.set_defaults(func=cmd_edit)


def cmd_edit(args) -> int:
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..edit_scores import replayed_cv, training_scores
    from ..edits import edit_model, redo, replay_model, undo
    from ..model import load_model

    if args.cv is not None and args.cv < 2:
        raise OptionError(_("--cv must be at least 2"), code="bad_option")
    model = load_model(args.model)
    data = model_data(args, model)
    skipped = []
    if args.undo:
        model = undo(model, data)
    elif args.redo:
        model = redo(model, data)
    elif args.replay:
        model, skipped = replay_model(model, data)
    else:
        for edit in _edits_asked(args, model):
            model = edit_model(model, data, edit)
    model.save(args.out)
    scores = training_scores(model, data)
    replayed = replayed_cv(model, data, cv=args.cv, seed=args.seed) if args.cv and model.edits else None
    if args.json:
        out = {"model": args.out, "edits": [e.to_json() for e in model.edits],
               "undone": [e.to_json() for e in model.undone], "leaves": model.tree.n_leaves,
               "depth": model.tree.depth, "training": scores,
               "skipped": [{"edit": e.to_json(), "reason": why} for _k, e, why in skipped]}
        if replayed is not None:
            out["cross_validated"] = replayed.to_json()
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    for k, edit in enumerate(model.edits, start=1):
        print(f"{k:3d}. {edit.describe(model.schema)}")
    for _k, edit, why in skipped:
        print(_("left out: {edit} ({why})").format(edit=edit.describe(model.schema), why=why))
    print(_("{leaves} leaves, depth {depth} -> {path}").format(leaves=model.tree.n_leaves, depth=model.tree.depth,
                                                                path=args.out))
    print(_("accuracy on the training rows (optimistic): {value}").format(value=format(scores["accuracy"], ".3f")))
    if replayed is not None:
        learner, edited = (r.summary()["accuracy"] for r in (replayed.learner, replayed.edited))
        print(_("cross-validated accuracy, {k} folds: edited {edited} ± {edited_sd}, the learner alone {learner} ± "
                "{learner_sd}").format(k=args.cv, edited=format(edited["mean"], ".3f"),
                                       edited_sd=format(edited["std"], ".3f"), learner=format(learner["mean"], ".3f"),
                                       learner_sd=format(learner["std"], ".3f")))
    return 0


def _edits_asked(args, model) -> list:
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..edits import Edit

    at = args.at
    if args.edits:
        return _edits_file(args.edits)
    if args.split is not None:
        return [split_edit(args.split, model.schema, at)]
    if args.threshold is not None:
        return [Edit("threshold", at, threshold=args.threshold)]
    if args.groups is not None:
        return [Edit("regroup", at, groups=_groups(args.groups))]
    if args.label is not None:
        return [Edit("label", at, label=args.label)]
    op = next(op for op in ("prune", "lock", "unlock", "regrow") if getattr(args, op))
    return [Edit(op, at)]


def _edits_file(path: str) -> list:
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..edits import MAX_EDITS, Edit

    obj = read_json_file(path, OptionError, what="file of edits", not_ours="bad_option",
                         max_bytes=MAX_EDITS_FILE_BYTES)
    if not isinstance(obj, list) or len(obj) > MAX_EDITS:
        raise OptionError(_("{path}: a file of edits holds a list of at most {n} edits").format(path=path, n=MAX_EDITS),
                          code="bad_option")
    try:
        return [Edit.from_json(item, f"edit {k + 1}") for k, item in enumerate(obj)]
    except ValueError as exc:
        raise OptionError(f"{path}: {exc}", code="bad_option") from None


def _groups(text: str) -> tuple:
    groups = tuple(tuple(v.strip() for v in part.split(",") if v.strip()) for part in text.split("|"))
    if not all(groups):
        raise OptionError(_('"{text}" is not groups of values such as "a, b | c"').format(text=text),
                          code="bad_option")
    return groups


def split_edit(text: str, schema, at: str = "root"):
    """The split edit a text asks for: a condition as rules and guidelines write it
    (engine.tree.conditions: 'age <= 50', 'age > 50' (the same split), 'safety <= med',
    'colour = red', 'colour in {red, blue}': that against the rest), or an attribute alone
    (one branch per value), or 'colour: red, blue | green' (groups of values; the values in
    none make one more branch)."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..edits import Edit
    from ..tree.conditions import parse_condition
    from ..tree.nodes import Interval, OneOf

    text = text.strip()
    name, sep, groups = text.partition(":")
    if name.strip() in schema.names and (sep or not groups):
        return Edit("split", at, attribute=name.strip(), groups=_groups(groups) if sep else None)
    condition = parse_condition(text, schema)
    attr = schema.attributes[condition.attribute]
    if isinstance(condition, OneOf):
        values = tuple(attr.categories[c] for c in sorted(condition.values))
        return Edit("split", at, attribute=attr.name, groups=(values,))
    if isinstance(condition, Interval) and (condition.low == -np.inf) != (condition.high == np.inf):
        cut = condition.high if condition.low == -np.inf else condition.low
        return Edit("split", at, attribute=attr.name, threshold=float(cut))
    raise OptionError(_('"{text}": a split has one cut (write "{name} <= v" or "{name} > v")').format(
        text=text, name=attr.name), code="bad_option")
