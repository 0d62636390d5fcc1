"""`ruletree`: the GUI with no subcommand, headless subcommands otherwise.

Exit status: 0 success, 2 a user error (one line on stderr naming what and
where), 1 a bug (the traceback goes to the log file). Headless subcommands
never import Qt.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass

from . import __version__
from .errors import OptionError, RuleTreeError
from .paths import log_file

PROG = "ruletree"
SUBCOMMANDS = ("info", "algorithms", "train", "predict", "rules", "evaluate", "reproduce", "consult", "sessions")


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad options as one line and status 2."""

    def error(self, message):  # noqa: D401 - argparse API
        raise OptionError(message, code="bad_option")


# ---- problem options ------------------------------------------------------------


def add_problem_options(parser: argparse.ArgumentParser, *, data_optional: bool = False) -> None:
    parser.add_argument("data", nargs="?" if data_optional else None, metavar="DATA",
                        help="data file (.xlsx, .xls, .ods, .csv, .txt, .tsv, .arff)")
    parser.add_argument("--project", metavar="P.rtproj", help="read the problem settings from a project file")
    parser.add_argument("--sheet", metavar="S", help="workbook sheet (default: the first)")
    parser.add_argument("--target", metavar="COL", help="the column to predict")
    parser.add_argument("--class-order", metavar="a,b,c", help="ordered classes, lowest first")
    parser.add_argument("--monotone", metavar="COL=+,COL2=-",
                        help="monotone directions: + increasing, - decreasing, 0 none")
    parser.add_argument("--hierarchy", metavar="FILE", help="class hierarchy file (csv/xlsx: label,parent)")
    parser.add_argument("--positive-class", metavar="C", help="the class against the rest (trichotomy)")
    parser.add_argument("--encoding", metavar="ENC", help="text encoding of a csv file (default: detected)")
    parser.add_argument("--delimiter", metavar="D", help="delimiter of a csv file (default: detected; 'tab')")


@dataclass
class Problem:
    """A table and the problem settings that apply to it."""

    table: object
    spec: object
    project: object | None
    target_assumed: bool = False


def _split_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def resolve_problem(args, *, need_target: bool = True) -> Problem:
    """Project file (if any), then command-line overrides; the table read."""
    from .data import read_table
    from .data.hierarchy import read_hierarchy
    from .data.project import Project, load_project
    from .data.spec import ProblemSpec, _MONOTONE_ALIASES

    project = load_project(args.project) if args.project else None
    data_path = args.data or (project.data_path if project else None)
    if data_path is None:
        raise OptionError("no data file: give DATA, or a project with a data path", code="bad_option")
    if project and args.data is None and not os.path.exists(data_path):
        raise OptionError(f'the project\'s data file "{data_path}" does not exist; give DATA to use '
                          "another file", code="bad_option", file=project.path)
    sheet = args.sheet
    if sheet is None and project is not None and os.path.abspath(data_path) == os.path.abspath(project.data_path or ""):
        sheet = project.sheet  # the project's own data file: its sheet
    delimiter = {"tab": "\t", "\\t": "\t"}.get(args.delimiter, args.delimiter) if args.delimiter else None
    table = read_table(data_path, sheet, encoding=args.encoding, delimiter=delimiter)
    spec = project.spec.copy() if project else ProblemSpec()
    if args.target:
        spec.target = args.target
    if args.class_order:
        spec.class_order = _split_list(args.class_order)
    if args.monotone:
        for item in _split_list(args.monotone):
            name, sep, direction = item.rpartition("=")
            if not sep or not name or direction.strip().lower() not in _MONOTONE_ALIASES:
                raise OptionError(f'--monotone: "{item}" is not COL=+ (increasing), COL=- (decreasing) '
                                  "or COL=0 (none)", code="bad_option")
            spec.set_attribute(name.strip(), monotone=_MONOTONE_ALIASES[direction.strip().lower()])
    if args.hierarchy:
        spec.hierarchy = read_hierarchy(args.hierarchy)
    if args.positive_class:
        spec.positive_class = args.positive_class
    assumed = False
    # a project says which column is the target; only a bare data file gets the last one
    if spec.target is None and need_target and table.columns and project is None:
        spec.target = table.columns[-1].name
        assumed = True
    return Problem(table=table, spec=spec, project=project or Project(data_path=data_path, sheet=sheet),
                   target_assumed=assumed)


# ---- info -------------------------------------------------------------------------


def _class_counts(table, target: str) -> list[tuple[str, int]]:
    import numpy as np

    from .data.spec import class_labels
    from .data.table import NUMERIC, format_number

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
    from .data.spec import check

    if args.data is None and args.project is None:
        raise OptionError("give a data file, or --project P", code="bad_option")
    problem = resolve_problem(args, need_target=True)
    table, spec = problem.table, problem.spec
    problems = check(spec, table) if (args.project or _problem_given(args)) else []
    target = spec.target if spec.target in {c.name for c in table.columns} else None
    classes = _class_counts(table, target) if target else []
    if spec.class_order and target:
        counts = dict(classes)
        classes = [(c, counts.get(c, 0)) for c in spec.class_order]
    if args.json:
        out = table.to_json()
        out["target"] = None if target is None else {
            "name": target, "assumed": problem.target_assumed, "ordered": spec.class_order is not None,
            "classes": [{"label": c, "count": n} for c, n in classes]}
        if args.project or _problem_given(args):
            out["project"] = {"path": problem.project.path, "settings": spec.to_json(),
                              "valid": not problems,
                              "problems": [{"field": p.field, "message": p.message} for p in problems]}
        print(json.dumps(out, ensure_ascii=False, indent=2, default=_json_default))
    else:
        _print_info(table, spec, target, classes, problem, problems, show_settings=bool(args.project))
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        where = f"project \"{os.path.basename(args.project)}\"" if args.project else "settings"
        print(f"{PROG}: error: {where}, setting {first.field}: {first.message}{more}", file=sys.stderr)
        return 2
    return 0


def _problem_given(args) -> bool:
    return any([args.target, args.class_order, args.monotone, args.hierarchy, args.positive_class])


def _json_default(value):
    import numpy as np

    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(type(value).__name__)


def _fmt(value) -> str:
    from .data.table import format_number

    return "" if value is None else format_number(value)


def _print_info(table, spec, target, classes, problem, problems, *, show_settings: bool) -> None:
    name = os.path.basename(table.file)
    where = f'{name}, sheet "{table.sheet}"' if table.sheet else name
    print(where)
    if len(table.sheets) > 1:
        print(f"  sheets: {', '.join(table.sheets)}")
    if table.encoding:
        delim = {"\t": "tab"}.get(table.delimiter, table.delimiter)
        print(f"  encoding: {table.encoding}" + (f", delimiter: {delim}" if delim else ""))
    print(f"  {table.n_rows} rows, {len(table.columns)} columns")
    print()
    rows = [("#", "column", "type", "missing", "distinct", "values")]
    for i, c in enumerate(table.columns, start=1):
        kind = c.type
        settings = spec.attributes.get(c.name)
        if settings and settings.type:
            kind = settings.type
        if c.type == "numeric":
            detail = f"{_fmt(c.minimum)} .. {_fmt(c.maximum)}" if c.minimum is not None else ""
        else:
            shown = settings.order[:6] if settings and settings.order else c.values[:6]
            detail = ", ".join(shown) + (", ..." if len(c.values) > 6 else "")
        mark = " (target)" if c.name == target else ""
        if settings and not settings.use and c.name != target:
            mark = " (not used)"
        rows.append((str(i), c.name + mark, kind, str(c.missing), str(c.distinct), detail))
    widths = [max(len(r[k]) for r in rows) for k in range(5)]
    for r in rows:
        print("  " + "  ".join(r[k].ljust(widths[k]) for k in range(5)) + "  " + r[5])
    print()
    if target:
        how = " (the last column; choose another with --target)" if problem.target_assumed else ""
        order = " ordered" if spec.class_order else ""
        print(f'target "{target}"{how}: {len(classes)}{order} classes')
        print("  " + ", ".join(f"{c} {n}" for c, n in classes))
    if show_settings:
        print()
        _print_settings(spec)
    for w in table.warnings:
        print(f"warning: {w}")
    if problem.project is not None and (show_settings or problems):
        print()
        if problems:
            print(f"{len(problems)} problem(s) in the settings:")
            for p in problems:
                print(f"  - {p.field}: {p.message}")
        else:
            print("settings: valid")


def _print_settings(spec) -> None:
    print("settings:")
    if spec.class_order:
        print(f"  class order: {' < '.join(spec.class_order)}")
    if spec.hierarchy:
        links = {c: p for c, p in spec.hierarchy.items() if p is not None}
        roots = sorted({p for p in links.values() if p not in links}
                       | {c for c, p in spec.hierarchy.items() if p is None})
        print(f"  class hierarchy: {len(links)} links, top: {', '.join(roots)}")
    for name, s in spec.attributes.items():
        parts = []
        if not s.use:
            parts.append("not used")
        if s.type:
            parts.append(s.type + (f" ({' < '.join(s.order)})" if s.order else ""))
        if s.monotone != "none":
            parts.append(s.monotone)
        costs = [(k, getattr(s, k)) for k in ("test_cost", "wait_time", "wait_cost") if getattr(s, k)]
        parts += [f"{k.replace('_', ' ')} {_fmt(v)}" for k, v in costs]
        if s.prerequisite:
            parts.append(f"after {s.prerequisite}")
        if parts:
            print(f"  {name}: {'; '.join(parts)}")
    if spec.cost_per_time != 1.0:
        print(f"  cost per time unit: {_fmt(spec.cost_per_time)}")
    for g in spec.batch_groups:
        print(f"  batch group \"{g.name}\": {', '.join(g.attributes)} (common cost {_fmt(g.common_cost)})")
    if spec.misclassification_costs:
        mc = spec.misclassification_costs
        print(f"  misclassification costs ({' / '.join(mc.labels)}):")
        for label, row in zip(mc.labels, mc.matrix):
            print(f"    {label}: " + " ".join(_fmt(v) for v in row))
    if spec.budget is not None:
        print(f"  budget per case: {_fmt(spec.budget)}")
    if spec.positive_class:
        print(f"  positive class: {spec.positive_class}")


# ---- algorithms ---------------------------------------------------------------------


def cmd_algorithms(args) -> int:
    from .algorithms.registry import algorithms

    items = algorithms()
    if args.json:
        print(json.dumps([a.to_json() for a in items], ensure_ascii=False, indent=2))
        return 0
    if not items:
        print("no algorithms are available yet")
        return 0
    for a in items:
        print(f"{a.name:14s} {a.family:14s} {a.title}")
        for p in a.params:
            bounds = ""
            if p.minimum is not None or p.maximum is not None:
                bounds = f" [{_fmt(p.minimum) if p.minimum is not None else ''}, " \
                         f"{_fmt(p.maximum) if p.maximum is not None else ''}]"
            print(f"    {p.name} = {p.default}{bounds}  {p.help}")
    return 0


# ---- train / predict / rules / evaluate -------------------------------------------------


def _parse_params(items: list[str] | None) -> dict:
    """--param K=V (repeatable): values parse as number, true/false, or text."""
    out = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f'--param "{item}" is not K=V', code="bad_option")
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


def _prepare(args):
    """Table, settings and encoded data for training commands, validated."""
    from .data.encode import encode

    problem = resolve_problem(args, need_target=True)
    data = encode(problem.table, problem.spec)
    return problem, data


def _fit_model(info, problem, data, params, progress=None):
    from .model import Model, file_sha256

    tree = info.fit(data, problem.spec, params, progress)
    trained_on = {"rows": int(data.n), "file": os.path.basename(problem.table.file),
                  "sheet": problem.table.sheet, "sha256": file_sha256(problem.table.file)}
    return Model(algorithm=info.name, params=params, spec=problem.spec, tree=tree, missing=info.missing,
                 trained_on=trained_on, info=getattr(tree, "info", {}) or {})


def cmd_train(args) -> int:
    from .algorithms.registry import get, resolve_params

    info = get(args.algorithm)
    params = resolve_params(info, _parse_params(args.param))
    problem, data = _prepare(args)
    for w in problem.table.warnings + data.warnings:
        print(f"warning: {w}", file=sys.stderr)
    model = _fit_model(info, problem, data, params)
    model.save(args.out)
    tree = model.tree
    print(f"{info.name}: {tree.n_leaves} leaves, depth {tree.depth}, trained on {data.n} rows -> {args.out}")
    return 0


def cmd_predict(args) -> int:
    import csv
    import io

    from .data import read_table
    from .fileio import atomic_write_text
    from .model import load_model
    from .tree.model import PENDING_LABEL

    model = load_model(args.model)
    if args.missing:
        model.missing = args.missing
    delimiter = {"tab": "\t", "\\t": "\t"}.get(args.delimiter, args.delimiter) if args.delimiter else None
    table = read_table(args.data, args.sheet, encoding=args.encoding, delimiter=delimiter)
    warnings: list[str] = []
    pred = model.predict_table(table, warnings)
    for w in table.warnings + warnings:
        print(f"warning: {w}", file=sys.stderr)
    tree = model.tree
    names = tree.schema.names
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    classes = tree.schema.classes
    writer.writerow(["row", "prediction"] + [f"score_{c}" for c in classes] + ["attributes_used"])
    labels = pred.label_names(tree)
    for i in range(len(labels)):
        used = ";".join(names[j] for j in range(len(names)) if pred.used[i, j])
        writer.writerow([table.row_number(i), labels[i]] + [format(float(v), ".6g") for v in pred.scores[i]]
                        + [used])
    if args.out:
        atomic_write_text(args.out, buf.getvalue())
        pending = sum(1 for label in labels if label == PENDING_LABEL)
        print(f"{len(labels)} predictions -> {args.out}" + (f" ({pending} PENDING)" if pending else ""))
    else:
        sys.stdout.write(buf.getvalue())
    return 0


def cmd_rules(args) -> int:
    from .model import load_model
    from .tree.rules import extract_rules, rule_text, rules_json

    model = load_model(args.model)
    tree = model.tree
    rules = extract_rules(tree)
    if args.xlsx:
        from .export import export_model

        export_model(model, args.xlsx)
    if args.json:
        print(json.dumps(rules_json(tree, rules), ensure_ascii=False, indent=2))
    else:
        for k, r in enumerate(rules, start=1):
            conf = "" if r.confidence is None else f", confidence {r.confidence:.3f}"
            print(f"{k:3d}. {rule_text(tree, r)}   [support {format(r.support, '.6g')}{conf}, "
                  f"coverage {r.coverage:.3f}]")
        if args.xlsx:
            print(f"{len(rules)} rules -> {args.xlsx}")
    return 0


def evaluate_json(info, params, data, problem, scheme, evaluation) -> dict:
    return {"algorithm": info.name, "params": params,
            "data": {"rows": int(data.n), "target": data.schema.target},
            "scheme": scheme, "metrics": evaluation.summary(), "warnings": evaluation.warnings,
            "confusion": _confusion_json(data, evaluation, problem.spec)}


def _confusion_json(data, evaluation, spec) -> dict:
    labels = list(data.classes)
    predicted = {int(v) for f in evaluation.folds for v in f.y_pred if v >= len(labels)}
    if predicted and spec.positive_class:  # one class against the rest
        labels_out = labels + [f"not {spec.positive_class}"]
    else:
        labels_out = labels + [f"label {i}" for i in range(len(labels), max(predicted, default=len(labels) - 1) + 1)]
    return {"true": labels, "predicted": labels_out + ["PENDING"],
            "matrix": evaluation.confusion(len(labels), len(labels_out)).tolist()}


def cmd_evaluate(args) -> int:
    from .algorithms.classic import cost_matrix
    from .algorithms.registry import get, resolve_params
    from .evaluate import cross_validate
    from .tree.predict import predict

    info = get(args.algorithm)
    params = resolve_params(info, _parse_params(args.param))
    if args.holdout is not None and not 0 < args.holdout < 1:
        raise OptionError("--holdout must be a share between 0 and 1 (e.g. 0.3)", code="bad_option")
    if args.cv < 2:
        raise OptionError("--cv must be at least 2", code="bad_option")
    problem, data = _prepare(args)
    spec = problem.spec
    cost = cost_matrix(spec, data)

    def fit(train):
        return info.fit(train, spec, params, None)

    monotone = data.schema.ordered and any(a.monotone for a in data.schema.attributes)

    trichotomy = info.family == "trichotomy"

    def run(tree, X):
        p = predict(tree, X, info.missing)
        extra = {"leaves": float(tree.n_leaves), "depth": float(tree.depth)}
        if trichotomy:
            extra["attributes_used"] = float(p.used.sum(axis=1).mean()) if len(X) else 0.0
        if monotone:
            from .monotone import inverted_share, monotonicity_report

            report = monotonicity_report(tree)
            if "nonmonotone_pairs" in report:
                extra["nonmonotone_pairs"] = float(report["nonmonotone_pairs"])
                extra["nmi"] = float(report["nmi"])
            extra["inverted_pairs"] = inverted_share(tree, X, p.labels)
        return p.labels, extra

    members = None
    if trichotomy and len(data.classes) > 2:
        from .algorithms.trichotomy import label_members

        members = label_members(list(data.classes) + [f"not {spec.positive_class}"], len(data.classes))
    evaluation = cross_validate(data, fit, run, cv=args.cv, repeats=args.repeats, holdout=args.holdout,
                                seed=args.seed, cost=cost, members=members, pending_metrics=trichotomy)
    scheme = {"cv": None if args.holdout is not None else args.cv, "repeats": args.repeats, "seed": args.seed}
    if args.holdout is not None:
        scheme["holdout"] = args.holdout
    out = evaluate_json(info, params, data, problem, scheme, evaluation)
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    how = f"hold-out {args.holdout:g}" if args.holdout is not None else f"{args.cv}-fold cross-validation"
    print(f"{info.name} on {os.path.basename(problem.table.file)} ({data.n} rows), {how} x {args.repeats}")
    for name, value in out["metrics"].items():
        print(f"  {name:28s} {value['mean']:.4f} ± {value['std']:.4f}")
    for w in evaluation.warnings:
        print(f"warning: {w}", file=sys.stderr)
    return 0


def cmd_reproduce(args) -> int:
    from pathlib import Path

    papers = {"facmi": "engine.reproduce.facmi", "trichotomy": "engine.reproduce.trichotomy"}
    if args.paper not in papers:
        raise OptionError(f'no reproduction for "{args.paper}" yet (available: {", ".join(papers)})',
                          code="bad_option")
    import importlib

    module = importlib.import_module(papers[args.paper])
    out = Path(args.out or f"reproduce_{args.paper}")
    tables = module.run(out, quick=args.quick)
    for name, frame in tables.items():
        print(f"\n{name}")
        print(frame.to_string(index=False, float_format=lambda v: f"{v:.4f}"))
    try:  # plots are drawn by the app's pyqtgraph module (the engine never imports Qt)
        plots = importlib.import_module("app.plots")
        for path in getattr(plots, f"{args.paper}_plots")(out, tables):
            print(f"plot: {path}")
    except ImportError as exc:  # no Qt on this machine: the tables are still there
        print(f"warning: plots not drawn ({exc})", file=sys.stderr)
    return 0


def cmd_consult(args) -> int:
    """One case: the best question first; answers from --answers, else typed (? unknown, back)."""
    from .data.project import load_project
    from .errors import RuleTreeError
    from .model import load_model
    from .sessions import Session

    model = load_model(args.model)
    spec = load_project(args.project).spec if args.project else None
    session = Session.resume(args.resume, model, spec, model_path=args.model) if args.resume else \
        Session(model, args.model, spec, project=args.project, case=args.case or "",
                stop_when_not_worth=args.stop_when_not_worth)
    given = {}
    if args.answers:
        try:
            with open(args.answers, encoding="utf-8") as handle:
                given = json.load(handle)
        except (OSError, json.JSONDecodeError) as exc:
            raise OptionError(f"--answers: {exc}", code="bad_option", file=args.answers) from None
        if not isinstance(given, dict):
            raise OptionError("--answers must hold one JSON object: attribute -> value", code="bad_option",
                              file=args.answers)
        strangers = [k for k in given if k not in model.schema.names]
        if strangers:
            raise OptionError(f"not attributes of the model: {', '.join(strangers)} (the model's attributes: "
                              f"{', '.join(model.schema.names)})", code="bad_answer", file=args.answers)
    interactive = sys.stdin is not None and sys.stdin.isatty()
    print(f"session {session.id} (resume with: {PROG} consult {args.model} --resume {session.id})",
          file=sys.stderr)
    step = len(session.steps)
    while True:
        candidates = session.ask()
        if not candidates:
            break
        best = candidates[0]
        names = [model.schema.names[j] for j in best.attributes]
        step += 1
        others = ", ".join(f"{c.name} {c.utility:.3g}" for c in candidates[1:4])
        print(f"Q{step}: {best.name}  (removes {best.gain:.3g} of expected cost for {best.cost:g}: "
              f"utility {best.utility:.3g}{'; next: ' + others if others else ''})")
        answers = {}
        for name in names:
            if name in given:
                answers[name] = given[name]
                print(f"  {name} = {given[name]}")
                continue
            if args.answers and not interactive:
                answers[name] = None  # not in the file and nobody to ask: unknown
                print(f"  {name} = ? (not in the answers file)")
                continue
            try:
                text = input(f"  {name} = ").strip()
            except EOFError:
                text = "?"
            if text == "back":
                session.undo()
                step = len(session.steps)
                answers = None
                break
            answers[name] = None if text in ("", "?") else text
        if answers is None:
            continue
        try:
            session.answer(answers, best, outside_ok=not interactive)
            for warning in session.steps[-1].get("warnings", []):
                print(f"  warning: {warning}; used as given", file=sys.stderr)
        except RuleTreeError as exc:
            scripted = [n for n in answers if n in given]
            if not interactive or (scripted and exc.code != "out_of_range"):
                raise OptionError(exc.message, code=exc.code, file=args.answers if scripted else None) from None
            if exc.code == "out_of_range":
                print(f"  {exc.message.split(';')[0]}")
                if _confirm("  use it anyway? [y/N] "):
                    session.answer(answers, best, outside_ok=True)
                    continue
            for name in scripted:  # refused: typed instead of taken from the file
                given.pop(name)
            print(f"  {exc}; asked again")
            step -= 1
    outcome = session.outcome_json()
    session.save()
    print(f"answer: {outcome['label']}")
    for rule in outcome["rules"]:
        print(f"  because {rule}")
    if outcome["missing"]:
        print(f"  not known: {', '.join(outcome['missing'])}")
    if outcome["unsettled"]:
        print(f"  could not settle it: {', '.join(outcome['unsettled'])}")
    print(f"  costs: tests {outcome['test_cost']:g}, waiting {outcome['waiting_cost']:g}, "
          f"common costs saved {outcome['common_cost_saved']:g}")
    if args.log:
        session.save(args.log)
    return 0


def _confirm(prompt: str) -> bool:
    try:
        return input(prompt).strip().lower() in ("y", "yes")
    except EOFError:
        return False


def cmd_sessions(args) -> int:
    """Saved consultations, newest first; one project's or one model's; to Excel."""
    from .sessions import export_sessions, list_sessions, summary_row

    sessions, warnings = list_sessions(project=args.project, model=args.model)
    if args.ids:
        wanted = set(args.ids)
        sessions = [s for s in sessions if s.get("id") in wanted]
        unknown = wanted - {s.get("id") for s in sessions}
        if unknown:
            raise OptionError(f"no saved session {', '.join(sorted(unknown))}", code="bad_option")
    for warning in warnings:
        print(f"warning: skipped {warning}", file=sys.stderr)
    if args.xlsx:
        export_sessions(sessions, args.xlsx)
        print(f"{len(sessions)} session(s) written to {args.xlsx}", file=sys.stderr)
    rows = [summary_row(s) for s in sessions]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    elif not args.xlsx:
        if not rows:
            print("no saved sessions" + (" for this project" if args.project else ""))
        for r in rows:
            cost = "" if r["total cost"] is None else f"cost {r['total cost']:g}"
            state = r["label"] if r["finished"] else f"(open) {r['label']}"
            print(f"{r['session']}  {r['updated']}  {r['case'] or '-'}  {state}  "
                  f"{r['questions']} question(s)  {cost}")
    return 0


# ---- entry --------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="RuleTree Studio: decision trees and IF-THEN rules from "
                     "spreadsheets. With no subcommand, starts the window.")
    parser.add_argument("--version", action="version", version=f"RuleTree Studio {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    info = sub.add_parser("info", help="columns, types, missing values, classes; validate a project")
    add_problem_options(info, data_optional=True)
    info.add_argument("--json", action="store_true", help="print JSON")
    info.set_defaults(func=cmd_info)
    algos = sub.add_parser("algorithms", help="the available algorithms and their parameters")
    algos.add_argument("--json", action="store_true", help="print JSON")
    algos.set_defaults(func=cmd_algorithms)

    train = sub.add_parser("train", help="fit a model on all rows and write it")
    add_problem_options(train, data_optional=True)
    train.add_argument("--algorithm", required=True, metavar="NAME")
    train.add_argument("--param", action="append", metavar="K=V", help="an algorithm parameter (repeatable)")
    train.add_argument("--out", required=True, metavar="MODEL.json")
    train.set_defaults(func=cmd_train)

    pred = sub.add_parser("predict", help="predict every row of a data file")
    pred.add_argument("model", metavar="MODEL.json")
    pred.add_argument("data", metavar="DATA")
    pred.add_argument("--sheet", metavar="S")
    pred.add_argument("--encoding", metavar="ENC")
    pred.add_argument("--delimiter", metavar="D")
    pred.add_argument("--missing", choices=("stop", "majority", "fractional"),
                      help="what an unknown value does (default: the algorithm's own policy)")
    pred.add_argument("--out", metavar="PRED.csv")
    pred.set_defaults(func=cmd_predict)

    rules = sub.add_parser("rules", help="IF-THEN rules of a model")
    rules.add_argument("model", metavar="MODEL.json")
    rules.add_argument("--xlsx", metavar="OUT.xlsx", help="also write an Excel workbook")
    rules.add_argument("--json", action="store_true")
    rules.set_defaults(func=cmd_rules)

    ev = sub.add_parser("evaluate", help="cross-validated metrics of an algorithm on a file")
    add_problem_options(ev, data_optional=True)
    ev.add_argument("--algorithm", required=True, metavar="NAME")
    ev.add_argument("--param", action="append", metavar="K=V")
    ev.add_argument("--cv", type=int, default=10, metavar="K")
    ev.add_argument("--repeats", type=int, default=1, metavar="R")
    ev.add_argument("--holdout", type=float, metavar="F")
    ev.add_argument("--seed", type=int, default=0, metavar="S")
    ev.add_argument("--json", action="store_true")
    ev.set_defaults(func=cmd_evaluate)

    con = sub.add_parser("consult", help="one case, the most useful question next")
    con.add_argument("model", metavar="MODEL.json")
    con.add_argument("--project", metavar="P.rtproj", help="costs, batch groups and budget from a project")
    con.add_argument("--answers", metavar="FILE.json", help="scripted answers: attribute -> value (null or ? unknown)")
    con.add_argument("--log", metavar="OUT.json", help="write the session (questions, answers, outcome)")
    con.add_argument("--resume", metavar="ID", help="continue a saved session")
    con.add_argument("--case", metavar="NAME", help="a name for the case (patient, applicant) in the history")
    con.add_argument("--stop-when-not-worth", action="store_true",
                     help="also stop when no remaining test costs less than it could still save "
                          "(E_now - E*; meaningful when test and misclassification costs share a unit)")
    con.set_defaults(func=cmd_consult)

    ses = sub.add_parser("sessions", help="saved consultations: list them, export them to Excel")
    ses.add_argument("ids", nargs="*", metavar="ID", help="only these sessions")
    ses.add_argument("--project", metavar="P.rtproj", help="only this project's sessions")
    ses.add_argument("--model", metavar="MODEL.json", help="only sessions with this model")
    ses.add_argument("--xlsx", metavar="OUT.xlsx", help="write them to a workbook (Sessions, Answers)")
    ses.add_argument("--json", action="store_true")
    ses.set_defaults(func=cmd_sessions)

    rep = sub.add_parser("reproduce", help="rerun a paper's experiment; write its tables and plots")
    rep.add_argument("paper", metavar="PAPER", help="facmi (dp, hfdt, mincost, trichotomy: with their issues)")
    rep.add_argument("--out", metavar="DIR", help="output folder (default: reproduce_PAPER)")
    rep.add_argument("--quick", action="store_true", help="few repeats: about a minute")
    rep.set_defaults(func=cmd_reproduce)
    return parser


def has_display() -> bool:
    if sys.platform.startswith("win") or sys.platform == "darwin":
        return True
    if os.environ.get("QT_QPA_PLATFORM", "").split(":")[0] in ("offscreen", "minimal", "vnc", "eglfs",
                                                                 "linuxfb"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _setup_logging() -> None:
    try:
        path = log_file()
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def run_gui(argv: list[str]) -> int:
    parser = _Parser(prog=PROG, description="Start the RuleTree Studio window.")
    parser.add_argument("file", nargs="?", help="a data file or project (.rtproj) to open")
    args = parser.parse_args(argv)
    if args.file is not None and not os.path.exists(args.file):
        known = ", ".join(SUBCOMMANDS)
        raise OptionError(f'"{args.file}" is neither a file nor a command (commands: {known})',
                          code="bad_option")
    if not has_display():
        print(f"{PROG}: no display found (DISPLAY is not set), so the window cannot open; "
              f"use a subcommand such as '{PROG} info DATA' (see '{PROG} --help')", file=sys.stderr)
        return 2
    # Qt is imported only here; by name, so the engine has no static dependency on the app.
    import importlib

    return importlib.import_module("app.main").run(args.file)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _setup_logging()
    try:
        if not argv or (argv[0] not in SUBCOMMANDS and argv[0] not in ("-h", "--help", "--version")):
            return run_gui(argv)
        args = build_parser().parse_args(argv)
        if getattr(args, "func", None) is None:
            build_parser().print_help()
            return 2
        return args.func(args)
    except RuleTreeError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so plainly, keep the traceback in the log
        logging.getLogger(PROG).exception("unexpected error")
        print(f"{PROG}: internal error ({type(exc).__name__}: {exc}); this is a bug, please report it "
              f"with the log file {log_file()}", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
