"""`ruletree guideline FILE --data D --out MODEL`: the expert's own rules as a model, and the
`--guideline FILE` of `evaluate` and `compare`, which gives the `guideline` learner its text.

A guideline that cannot be read is one line per problem on stderr, `FILE:LINE:COLUMN:
message` (as compilers say it, so an editor can jump there), and exit status 2. The model
is the learner's (engine.algorithms.guideline) fitted on all rows by `train_model`, as
`train` fits one: its counts and the accuracy printed are the training rows' (the rules
were typed, not learnt from them, but the inner nodes' labels were).
"""

from __future__ import annotations

import json
import sys

from ..errors import OptionError
from ..guideline import parse_guideline, read_guideline_file
from ..i18n import N_, _
from .printing import json_default, warn
from .problem import add_problem_options, prepare

NAME = "guideline"  # the learner's name in the registry
_NO_RULES = N_("the guideline learner needs its rules: --guideline FILE (or --param text=... on one line)")


def add_guideline_parser(sub) -> None:
    g = sub.add_parser(NAME, help=_("the expert's own rules, typed as text, as a model with counts from the data"))
    g.add_argument("guideline", metavar="FILE",
                   help=_("the rules as text (UTF-8): IF a > 1 AND b = x THEN c; ELSE IF ...; ELSE c "
                          "(如果 … 且 … 则 …；否则 …); the default ELSE is required"))
    add_problem_options(g, data_optional=True)
    g.add_argument("--data", dest="data_file", metavar="DATA",
                   help=_("the data file the rules are read against and counted on (or DATA after FILE)"))
    g.add_argument("--out", required=True, metavar="MODEL.json")
    g.add_argument("--json", action="store_true", help=_("print JSON"))
    g.set_defaults(func=cmd_guideline)


def add_guideline_option(parser) -> None:
    """`--guideline FILE` of evaluate and compare."""
    parser.add_argument("--guideline", metavar="FILE",
                        help=_("the rules of the guideline learner, read from a text file (its parameter text)"))


def report(source: str, errors) -> int:
    """Each problem as `SOURCE:LINE:COLUMN: message` on stderr; exit status 2."""
    for e in errors:
        print(f"{source}:{e.line}:{e.column}: {e.message}", file=sys.stderr)
    return 2


def with_file_text(algorithm: str, params: dict, path: str | None) -> dict:
    """evaluate's parameters with the text of `--guideline FILE`."""
    if path is None:
        if algorithm == NAME and params.get("text") is None:
            raise OptionError(_(_NO_RULES), code="bad_option")
        return params
    if algorithm != NAME:
        raise OptionError(_("--guideline gives the rules of --algorithm {name}, not of {algorithm}").format(
            name=NAME, algorithm=algorithm), code="bad_option")
    if params.get("text") is not None:
        raise OptionError(_("give the guideline's rules once: --guideline FILE or --param text=..., not both"),
                          code="bad_option")
    return dict(params, text=read_guideline_file(path))


def guideline_entries(entries: list, path: str | None) -> tuple[list, list[tuple[str, str]]]:
    """compare's entries with `--guideline FILE`'s text in every guideline entry that has none
    (a guideline entry given no other parameter and no name is named "guideline", not by its
    text), and where each guideline entry's text comes from, with the text."""
    guidelines = [e for e in entries if e.algorithm == NAME]
    if path is not None and not guidelines:
        raise OptionError(_("--guideline: no entry of the comparison is the guideline (add {name} to "
                            "--algorithms)").format(name=NAME), code="bad_option")
    text = read_guideline_file(path) if path is not None else None
    texts = []
    for e in guidelines:
        if text is None and e.params.get("text") is None:
            raise OptionError(_(_NO_RULES), code="bad_option")
        if text is not None and e.params.get("text") is None:
            e.params["text"] = text
            texts.append((path, text))
        elif e.params.get("text") is not None:
            texts.append((f"--param {e.name or e.algorithm}.text", str(e.params["text"])))
        if e.name is None and set(e.params) == {"text"}:
            e.name = NAME
    return entries, texts


def check_texts(named_texts, schema) -> int | None:
    """Each (source, text) read against the data's schema: None when all can be used, else
    exit status 2 with every problem reported."""
    status = None
    for source, text in named_texts:
        found = parse_guideline(text, schema)
        if isinstance(found, list):
            status = report(source, found)
    return status


def cmd_guideline(args) -> int:
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..algorithms.registry import get
    from ..workflows import train_model

    text = read_guideline_file(args.guideline)  # before a large data file is read
    if args.data_file is not None:
        if args.data is not None and args.data != args.data_file:
            raise OptionError(_("give the data once: DATA or --data DATA"), code="bad_option")
        args.data = args.data_file
    if args.data is None and args.project is None:
        raise OptionError(_("give the data the rules are counted on: --data DATA, or --project P"), code="bad_option")
    info = get(NAME)
    problem, data = prepare(args)
    for w in problem.warnings + list(data.warnings):
        warn(w)
    found = parse_guideline(text, data.schema)
    if isinstance(found, list):
        return report(args.guideline, found)
    result = train_model(info, problem.table, problem.spec, {"text": text}, data=data)
    model, tree = result.model, result.model.tree
    model.save(args.out)
    for w in result.warnings[len(data.warnings):]:
        warn(w)
    accuracy = result.metrics["accuracy"]
    if args.json:
        print(json.dumps({"model": args.out, "algorithm": NAME, "rules": len(found.rules), "leaves": tree.n_leaves,
                          "depth": tree.depth, "training": {"rows": data.n, "metrics": result.metrics},
                          "baseline": result.baseline, "warnings": result.warnings},
                         ensure_ascii=False, indent=2, default=json_default))
        return 0
    n = len(found.rules)
    line = _("{file}: a default only -> one leaf -> {path}") if n == 0 else \
        _("{file}: {rules} rule and a default -> {leaves} leaves, depth {depth} -> {path}") if n == 1 else \
        _("{file}: {rules} rules and a default -> {leaves} leaves, depth {depth} -> {path}")
    print(line.format(file=args.guideline, rules=n, leaves=tree.n_leaves, depth=tree.depth, path=args.out))
    print(_("accuracy on the {rows} training rows: {accuracy} (the rows the counts come from; always answering "
            "{label}: {baseline})").format(rows=data.n, accuracy=format(accuracy, ".3f"),
                                           label=result.baseline["label"],
                                           baseline=format(result.baseline["metrics"]["accuracy"], ".3f")))
    return 0
