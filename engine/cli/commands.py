"""The data and model commands: info, algorithms, train, predict, rules, evaluate.

Each is a thin front over an engine call (training and evaluation through
`engine.workflows`); the text they print is laid out in `printing`.
"""

from __future__ import annotations

import json
import os
import sys

import numpy as np

from ..algorithms.registry import algorithms, by_family, get, resolve_params
from ..data.hierarchy import label_members
from ..data.spec import class_labels, raise_problems
from ..data.table import NUMERIC, format_number
from ..errors import OptionError, SpecError
from ..evaluate import MAX_FITS, MAX_FOLDS, MAX_REPEATS
from ..export import export_model
from ..i18n import using, _
from ..tree.rules import extract_rules, rule_text, rules_json
from ..trust.stability import SUMMARY_LEVELS, check_bootstrap
from .guideline import check_texts, with_file_text
from .printing import PROG, json_default, print_algorithms, print_evaluation, print_info, terminal_progress, warn
from .problem import delimiter_option, prepare, problem_given, resolve_problem

# ---- info -------------------------------------------------------------------------------


def class_counts(table, target: str) -> list[tuple[str, int]]:

    series = table.frame[target]
    if table.column(target).type == NUMERIC:
        values = series.to_numpy(dtype=float)
        uniq, counts = np.unique(values[~np.isnan(values)], return_counts=True)
        found = {format_number(v): int(c) for v, c in zip(uniq, counts)}
    else:
        info = table.column(target)
        found = dict(zip(info.values, info.counts))
    return [(label, found.get(label, 0)) for label in class_labels(table, target)]


def cmd_info(args) -> int:

    if args.data is None and args.project is None:
        raise OptionError(_("give a data file, or --project P"), code="bad_option")
    problem = resolve_problem(args, need_target=True)
    table, spec = problem.table, problem.spec
    judged = bool(args.project or problem_given(args) or problem.project.path)  # settings someone gave
    problems = problem.problems if judged else []
    target = spec.target if spec.target in {c.name for c in table.columns} else None
    classes = class_counts(table, target) if target else []
    if spec.class_order and target:
        counts = dict(classes)
        classes = [(c, counts.get(c, 0)) for c in spec.class_order]
    if args.json:
        out = table.to_json()
        out["target"] = None if target is None else {
            "name": target, "assumed": problem.target_assumed, "ordered": spec.class_order is not None,
            "classes": [{"label": c, "count": n} for c, n in classes]}
        if judged:
            out["project"] = {"path": problem.project.path, "settings": spec.to_json(),
                              "valid": not problems,
                              "problems": [{"field": p.field, "message": p.message} for p in problems]}
        print(json.dumps(out, ensure_ascii=False, indent=2, default=json_default))
    else:
        print_info(table, spec, target, classes, problem, problems, show_settings=bool(problem.project.path))
    try:  # the same refusal as every other command's (engine.data.spec.raise_problems)
        raise_problems(problems, file=problem.settings_file or table.file)
    except SpecError as exc:
        print(_("{prog}: error: {message}").format(prog=PROG, message=exc), file=sys.stderr)
        return 2
    return 0


# ---- algorithms -------------------------------------------------------------------------


def cmd_algorithms(args) -> int:
    items = algorithms()
    if args.json:
        print(json.dumps([a.to_json() | {"family_title": fam.title} for fam, infos in by_family(items) for a in infos],
                         ensure_ascii=False, indent=2))
        return 0
    if not items:
        print(_("no algorithms are available yet"))
        return 0
    print_algorithms(by_family(items))
    return 0


# ---- train / predict / rules / evaluate ---------------------------------------------------


def parse_params(items: list[str] | None) -> dict:
    """--param K=V (repeatable): values parse as number, true/false, or text."""
    out = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(_('--param "{item}" is not K=V').format(item=item), code="bad_option")
        value = value.strip()
        if value.lower() in ("true", "false"):
            parsed = value.lower() == "true"
        else:
            try:
                parsed = int(value)
            except ValueError:
                try:
                    parsed = float(value)
                except ValueError:
                    parsed = value
        out[key.strip()] = parsed
    return out


def cmd_train(args) -> int:
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..workflows import train_model

    info = get(args.algorithm)
    # checked once, before a large file is read (a mistyped parameter said at once); the choices
    # that come from the problem are checked when it is known
    given = resolve_params(info, parse_params(args.param))
    problem, data = prepare(args)
    before = list(data.warnings)
    for w in problem.warnings + before:
        warn(w)
    bar = terminal_progress()
    try:
        result = train_model(info, problem.table, problem.spec, given, data=data, progress=bar)
    finally:
        if bar is not None:
            bar.close()
    model = result.model
    for w in result.warnings[len(before):]:  # said while fitting (fuzzy term names that do not fit, one leaf)
        warn(w)
    model.save(args.out)
    tree = model.tree
    print((_("{algorithm}: {leaves} leaf, depth {depth}, trained on {rows} rows -> {path}") if tree.n_leaves == 1 else
           _("{algorithm}: {leaves} leaves, depth {depth}, trained on {rows} rows -> {path}")).format(
        algorithm=info.name, leaves=tree.n_leaves, depth=tree.depth, rows=data.n, path=args.out))
    return 0


def cmd_predict(args) -> int:
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..model import load_model
    from ..predicting import predict_file

    model = load_model(args.model)
    if args.missing:
        model.missing = args.missing
    predictions = predict_file(model, args.data, args.sheet, encoding=args.encoding,
                               delimiter=delimiter_option(args.delimiter))
    for w in predictions.warnings:
        warn(w)
    flagged = sum(1 for f in predictions.flags if f)
    if flagged:
        warn(_("{n} rows lie outside what the model has seen (the warning column says why)").format(n=flagged))
    if args.out:
        predictions.save(args.out)
        pending = predictions.n_pending
        print(_("{n} predictions -> {path}").format(n=len(predictions.labels), path=args.out)
              + (_(" ({n} PENDING)").format(n=pending) if pending else ""))
    else:
        sys.stdout.write(predictions.csv_text())
    return 0


def check_scheme_options(args) -> None:
    """--holdout, --cv, --repeats and --missing-rate of evaluate and compare, before any file is read."""
    if args.holdout is not None and not 0 < args.holdout < 1:
        raise OptionError(_("--holdout must be a share between 0 and 1 (e.g. 0.3)"), code="bad_option")
    if args.cv < 2:
        raise OptionError(_("--cv must be at least 2"), code="bad_option")
    if args.cv > MAX_FOLDS:
        raise OptionError(_("--cv must be at most {n}").format(n=MAX_FOLDS), code="bad_option")
    if args.repeats < 1:
        raise OptionError(_("--repeats must be at least 1"), code="bad_option")
    if args.repeats > MAX_REPEATS:
        raise OptionError(_("--repeats must be at most {n}").format(n=MAX_REPEATS), code="bad_option")
    if args.holdout is None and args.cv * args.repeats > MAX_FITS:
        raise OptionError(_("--cv {cv} x --repeats {repeats} is {fits} fits; at most {most}").format(
            cv=args.cv, repeats=args.repeats, fits=f"{args.cv * args.repeats:,}", most=f"{MAX_FITS:,}"),
            code="bad_option")
    missing_rate = getattr(args, "missing_rate", None)
    if missing_rate is not None and not 0 <= missing_rate < 1:
        raise OptionError(_("--missing-rate must be a share from 0 up to (not including) 1 (e.g. 0.2)"),
                          code="bad_option")


def cmd_rules(args) -> int:
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..model import load_model

    model = load_model(args.model)
    tree = model.tree
    rules = extract_rules(tree, members=label_members(tree.labels, tree.schema.classes, model.spec.hierarchy))
    if args.xlsx:
        export_model(model, args.xlsx)
    # deferred: the trust layer reads the tree's routing (only for the rules' intervals)
    from ..trust.intervals import interval_text, level_text, rule_trust

    trusts = [rule_trust(tree, r, model.spec.trust) for r in rules]
    if args.json:
        # each rule's Wilson interval of its confidence, effective cases and "few cases" flag (issue 39);
        # JSON is the same in every language: its "why" in English
        with using("en"):
            english = [rule_trust(tree, r, model.spec.trust).to_json() for r in rules]
        items = [item | t for item, t in zip(rules_json(tree, rules), english)]
        print(json.dumps(items, ensure_ascii=False, indent=2))
    else:
        for k, (r, t) in enumerate(zip(rules, trusts), start=1):
            conf = "" if r.confidence is None else _(", confidence {confidence}").format(
                confidence=format(r.confidence, ".3f"))
            print(f"{k:3d}. {rule_text(tree, r)}   " + _("[support {support}{confidence}, coverage {coverage}]").format(
                support=format(r.support, ".6g"), confidence=conf, coverage=format(r.coverage, ".3f")))
            if t.low is not None:
                print("     " + _("{level} % interval {interval}").format(level=level_text(t.level),
                                                                        interval=interval_text(t)))
            if t.few_cases:
                print("     " + _("few cases: {why}").format(why=t.why))
        if args.xlsx:
            print(_("{n} rules -> {path}").format(n=len(rules), path=args.xlsx))
    return 0


def cmd_evaluate(args) -> int:
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..workflows import evaluate_algorithm

    info = get(args.algorithm)
    # before a large file is read (as train)
    given = resolve_params(info, with_file_text(info.name, parse_params(args.param), args.guideline))
    check_scheme_options(args)
    stability = getattr(args, "stability", None)
    if stability is not None:
        check_bootstrap(stability)
    missing_rate = getattr(args, "missing_rate", None)
    problem, data = prepare(args)
    if given.get("text") is not None and info.name == "guideline":  # its problems by line and column
        status = check_texts([(args.guideline or "--param text", given["text"])], data.schema)
        if status is not None:
            return status
    for w in problem.flag_warnings:  # the reader's own warnings are in the evaluation's
        warn(w)
    bar = terminal_progress()
    try:
        result = evaluate_algorithm(info, data, problem.spec, given, cv=args.cv, repeats=args.repeats,
                                    holdout=args.holdout, seed=args.seed, strategy=args.strategy,
                                    missing_rate=missing_rate, progress=bar, stability=stability)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
        return 0
    print_evaluation(result, os.path.basename(problem.table.file), args.holdout, args.cv, args.repeats)
    if result.stability is not None:
        print_stability(result.stability)
    return 0


def print_stability(report) -> None:
    """The splits of the top three levels and how often each comes back (`evaluate --stability`)."""
    print(_("stability of the splits of the model fitted on all rows ({B} bootstrap models, seed {seed}; {folds} fold "
            "models; a cut within {tolerance} % of its attribute's range is the same cut):").format(
        B=report.B, seed=report.seed, folds=report.folds, tolerance=format(100 * report.tolerance, "g")))
    folds = {n.path: n for n in report.fold_nodes}
    for node in report.shown():
        if node.depth >= SUMMARY_LEVELS:
            continue
        cells = [f"  {node.path:<14} {report.attributes.get(node.path, ''):<16}"]
        if report.B:
            cells.append(_("bootstrap {share}").format(share=f"{100 * node.share:5.1f} %"))
        fold = folds.get(node.path)
        if fold is not None and fold.share is not None:
            cells.append(_("folds {share}").format(share=f"{100 * fold.share:5.1f} %"))
        print("  ".join(cells))
