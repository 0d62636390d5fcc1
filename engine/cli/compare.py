"""`ruletree compare`: many algorithms on one file, the same folds, a baseline row.

A thin front over `engine.compare.compare`: the options become entries and a
scheme; the text output is a table of mean ± std per metric and entry (columns in
groups that fit a terminal) and the significance tests on one metric against a
reference entry (engine.compare.significance), `--json` the list of evaluate-shaped
objects (each with its name, per-fold values and "significance"). A progress line goes to stderr when it is a
terminal. `--resume FILE` keeps the results in FILE after every finished unit and
skips those FILE already holds. Units run on worker processes unless `--executor
threads`: the learners are mostly Python holding the interpreter lock, and on the
car data two threads were slower than one (engine.compare.runner).
"""

from __future__ import annotations

import json
import os
import shutil
import sys

from ..algorithms.registry import get, known, resolve_params
from ..errors import OptionError
from ..i18n import _
from ..metrics import metric
from ..textwidth import display_width, ljust, rjust
from .commands import check_scheme_options, parse_params
from .guideline import add_guideline_option, check_texts, guideline_entries
from .printing import terminal_progress, warn
from .problem import add_problem_options, prepare, split_list


def add_compare_parser(sub) -> None:
    cmp = sub.add_parser("compare", help=_("many algorithms on the same folds, beside a baseline"))
    add_problem_options(cmp, data_optional=True)
    cmp.add_argument("--algorithms", required=True, metavar="A,B,...",
                     help=_("algorithms to compare ('all': every one that applies to the problem); "
                            "NAME=ALGO adds ALGO under another name, e.g. c45,small=c45 --param small.min_cases=20"))
    cmp.add_argument("--edited", action="append", metavar="MODEL.json",
                     help=_("also compare an edited model (ruletree edit): its learner with its parameters, the edits "
                            "replayed on each fold's training rows (repeatable)"))
    cmp.add_argument("--param", action="append", metavar="A.K=V",
                     help=_("parameter K of algorithm (or name) A; K=V sets it for every algorithm that has K "
                            "(repeatable)"))
    cmp.add_argument("--cv", type=int, default=10, metavar="K")
    cmp.add_argument("--repeats", type=int, default=1, metavar="R")
    cmp.add_argument("--holdout", type=float, metavar="F")
    cmp.add_argument("--train-sizes", metavar="S,S,...",
                     help=_("a learning curve: each fold also trained on these shares of its training rows "
                            "(0.1,0.25,0.5,1) or numbers of rows (100,200,400), nested and stratified, and scored on "
                            "the same test rows; the tables and tests are on the largest size"))
    cmp.add_argument("--sweep", action="append", metavar="A.K=V,V,...",
                     help=_("replace algorithm (or name) A by one entry per value of its parameter K, e.g. "
                            "trichotomy.trim=0,0.02,0.05,0.1 for the error / pending curve over the trim alpha "
                            "(repeatable)"))
    cmp.add_argument("--jobs", type=int, metavar="J", help=_("units run at once (default: all cores)"))
    cmp.add_argument("--executor", choices=("threads", "processes"), default="processes",
                     help=_("run the folds on worker processes, each handed the data once (the default), or on "
                            "threads of this process (the learners' Python parts share one lock: little gain)"))
    cmp.add_argument("--scheduler", metavar="ADDR",
                     help=_("run the folds on a Dask distributed cluster: the scheduler's address "
                            "(tcp://host:8786), or local:N to start N local workers; each worker needs RuleTree "
                            "Studio and dask[distributed] installed"))
    cmp.add_argument("--strategy", choices=("sequential", "batch", "hybrid", "planned"),
                     help=_("how a test case's values are obtained, for the cost metrics (default: sequential when "
                            "the problem has test or waiting costs)"))
    cmp.add_argument("--missing-rate", type=float, metavar="R",
                     help=_("for experiments: blank each attribute value independently with probability R, "
                            "0 <= R < 1 (seeded by --seed), in the training and test rows of every fold"))
    cmp.add_argument("--seed", type=int, default=0, metavar="S")
    cmp.add_argument("--stability", type=int, metavar="B",
                     help=_("also fit each algorithm on all rows and count how often its splits come back in B "
                            "bootstrap models drawn with --seed: the stability column (the mean over the top three "
                            "levels)"))
    add_guideline_option(cmp)
    cmp.add_argument("--resume", metavar="FILE.json",
                     help=_("keep the results in FILE after every fold; run again to continue where it stopped"))
    cmp.add_argument("--metric", metavar="NAME",
                     help=_("the metric the significance tests are on (default: the total cost per case with "
                            "priced tests, else the misclassification cost with a cost matrix, else accuracy)"))
    cmp.add_argument("--reference", metavar="NAME",
                     help=_("the entry the others are tested against (default: the first one given)"))
    cmp.add_argument("--xlsx", metavar="OUT.xlsx",
                     help=_("also write the tables, the fold scores, the tests and Excel charts to a workbook"))
    cmp.add_argument("--json", action="store_true")
    cmp.set_defaults(func=cmd_compare)


def parse_entries(text: str, params: list[str] | None, available: list[str] | None = None):
    """--algorithms and --param as engine.compare Entries (names checked later, with the data).
    `available`: what 'all' stands for (None: 'all' is not allowed here)."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..compare import Entry

    items = split_list(text)
    if not items:
        raise OptionError(_("--algorithms: give at least one algorithm name"), code="bad_option")
    entries: list[Entry] = []
    for item in items:
        if item.lower() == "all":
            if available is None:
                raise OptionError(_("--algorithms all cannot be combined with other names here"), code="bad_option")
            entries += [Entry(name) for name in available if name not in {e.algorithm for e in entries}]
            continue
        name, sep, algorithm = item.partition("=")
        entries.append(Entry(algorithm.strip(), {}, name.strip()) if sep else Entry(item))
    for item in params or []:
        key, sep, value = item.partition("=")
        target, dot, key = key.rpartition(".")
        if not sep:
            raise OptionError(_('--param "{item}" is not A.K=V').format(item=item), code="bad_option")
        one = parse_params([f"{key}={value}"])
        if dot:
            chosen = [e for e in entries if (e.name or e.algorithm) == target.strip()]
            if not chosen:
                raise OptionError(_('--param "{item}": "{name}" is not one of the algorithms compared').format(
                    item=item, name=target), code="bad_option")
        else:
            chosen = [e for e in entries if (info := known(e.algorithm)) is not None
                      and any(p.name == key.strip() for p in info.params)]
            if not chosen:
                raise OptionError(_('--param "{item}": no algorithm compared has a parameter "{key}"').format(
                    item=item, key=key.strip()), code="bad_option")
        for e in chosen:
            e.params.update(one)
    return entries


def edited_entries(paths: list[str] | None) -> list:
    """--edited MODEL.json (repeatable): each edited model as an entry, its learner and parameters with
    its edits (named "<algorithm>, edited", or by its file when two are of one algorithm)."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..compare import Entry
    from ..model import load_model

    out = []
    for path in paths or []:
        model = load_model(path)
        if not model.edits:
            raise OptionError(_("--edited {path}: the model has no edits (compare its learner by name)").format(
                path=path), code="bad_option")
        out.append(Entry(model.algorithm, dict(model.params), edits=list(model.edits)))
    algorithms = [e.algorithm for e in out]
    for entry, path in zip(out, paths or []):
        if algorithms.count(entry.algorithm) > 1:
            entry.name = f"{os.path.splitext(os.path.basename(path))[0]} ({entry.algorithm}, edited)"
    return out


def parse_train_sizes(text: str | None):
    """--train-sizes as a sorted tuple of shares / row counts (None without the option)."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..compare.curves import check_train_sizes

    if text is None:
        return None
    return check_train_sizes(split_list(text))


def parse_sweeps(entries, sweeps: list[str] | None):
    """--sweep A.K=V1,V2,... (repeatable): entry A replaced by one entry per value of K."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..compare.curves import sweep

    for item in sweeps or []:
        key, sep, values = item.partition("=")
        target, dot, key = key.rpartition(".")
        if not sep or not dot or not target.strip() or not key.strip():
            raise OptionError(_('--sweep "{item}" is not A.K=V,V,...').format(item=item), code="bad_option")
        parsed = [parse_params([f"{key.strip()}={v}"])[key.strip()] for v in split_list(values)]
        entries = sweep(entries, target.strip(), key.strip(), parsed)
    return entries


def cmd_compare(args) -> int:
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..compare import Scheme, applicable_algorithms, compare

    check_scheme_options(args)
    if args.stability is not None and args.stability < 1:
        raise OptionError(_("--stability must be at least 1 (bootstrap models)"), code="bad_option")
    if args.jobs is not None and args.jobs < 1:
        raise OptionError(_("--jobs must be at least 1"), code="bad_option")
    wants_all = any(item.lower() == "all" for item in split_list(args.algorithms))
    parse_train_sizes(args.train_sizes)
    entries, texts = None, []
    if not wants_all:  # mistyped names and parameters are reported before a large file is read (once)
        entries, texts = guideline_entries(parse_sweeps(parse_entries(args.algorithms, args.param), args.sweep),
                                           args.guideline)
        for entry in entries:
            entry.resolved = resolve_params(get(entry.algorithm), entry.params)
    problem, data = prepare(args)
    for w in problem.warnings + list(data.warnings):
        warn(w)
    available = None
    if wants_all:
        available, skipped = applicable_algorithms(data, problem.spec)
        if args.guideline is not None:  # 'all' leaves the guideline out unless its rules are given
            available.append(skipped.pop("guideline") and "guideline")
        for name, reason in skipped.items():
            print(_("note: {name} left out: it {reason}").format(name=name, reason=reason), file=sys.stderr)
    if entries is None:
        entries, texts = guideline_entries(parse_sweeps(parse_entries(args.algorithms, args.param, available),
                                                        args.sweep), args.guideline)
    entries += edited_entries(args.edited)
    status = check_texts(texts, data.schema)  # every problem of a typed guideline, by line and column
    if status is not None:
        return status
    scheme = Scheme(cv=args.cv, repeats=args.repeats, holdout=args.holdout, seed=args.seed,
                    missing_rate=args.missing_rate, strategy=args.strategy,
                    train_sizes=parse_train_sizes(args.train_sizes), stability=args.stability)
    bar = terminal_progress()
    try:
        result = compare(data, problem.spec, entries, scheme, jobs=args.jobs, progress=bar, results=args.resume,
                         executor="dask" if args.scheduler else args.executor, scheduler=args.scheduler)
    finally:
        if bar is not None:
            bar.close()
    # deferred: loads scipy.stats, Numba, charset-normalizer, off the light path
    from ..compare.significance import significance

    if args.metric is not None and args.metric not in result.fold_metrics():
        raise OptionError(_('--metric: "{metric}" is not a metric of this comparison ({metrics})').format(
            metric=args.metric, metrics=", ".join(result.fold_metrics())), code="bad_option")
    tests = significance(result, args.metric, args.reference)
    if args.xlsx:
        # deferred: loads scipy.stats, Numba, charset-normalizer, off the light path
        from ..compare.workbook import write_comparison

        write_comparison(args.xlsx, result, tests)
    if args.json:
        objects = [obj | {"significance": tests.for_entry(obj["name"])} for obj in result.to_json()]
        print(json.dumps(objects, ensure_ascii=False, indent=2))
    else:
        print_comparison(result, os.path.basename(problem.table.file), data.n)
        print_curves(result, tests.metric)
        print_significance(tests)
    for w in result.warnings:
        warn(w)
    return 0


def print_comparison(result, file_name: str, rows: int, width: int | None = None) -> None:
    """Rows the entries (the baseline last), columns the metrics as mean ± std, in groups of
    columns that fit the terminal."""
    scheme = result.scheme

    how = (_("hold-out {share}").format(share=format(scheme.holdout, "g")) if scheme.holdout is not None
           else _("{k}-fold cross-validation").format(k=scheme.cv)) \
        + _(" x {repeats}, seed {seed}").format(repeats=scheme.repeats, seed=scheme.seed)
    if scheme.missing_rate:
        how += _(", missing rate {rate}").format(rate=format(scheme.missing_rate, "g"))
    n = len(result.entries) - (1 if result.baseline else 0)
    if result.baseline:
        line = _("{n} algorithm and {baseline} on {file} ({rows} rows), {scheme}") if n == 1 else \
            _("{n} algorithms and {baseline} on {file} ({rows} rows), {scheme}")
    else:
        line = _("{n} algorithm and no baseline on {file} ({rows} rows), {scheme}") if n == 1 else \
            _("{n} algorithms and no baseline on {file} ({rows} rows), {scheme}")
    print(line.format(n=n, baseline=result.baseline, file=file_name, rows=rows, scheme=how))
    metrics = result.metrics()
    titles = {m: metric(m).name_text() for m in metrics}
    cells = {e.name: {m: metric(m).text(v["mean"], v["std"]) for m, v in e.evaluation.summary().items()}
             for e in result.entries}
    first = max(display_width(_("algorithm")), *(display_width(n) for n in result.names))
    width = width or max(60, shutil.get_terminal_size((120, 24)).columns)
    groups, group, used = [], [], first
    for m in metrics:
        w = max(display_width(titles[m]), 17) + 2
        if group and used + w > width:
            groups.append(group)
            group, used = [], first
        group.append(m)
        used += w
    if group:
        groups.append(group)
    for group in groups:
        widths = [max(display_width(titles[m]), 17) for m in group]
        print()
        print(ljust(_("algorithm"), first) + "".join("  " + rjust(titles[m], w) for m, w in zip(group, widths)))
        for e in result.entries:
            print(ljust(e.name, first) + "".join("  " + cells[e.name].get(m, "-").rjust(w)
                                                 for m, w in zip(group, widths)))


def print_curves(result, key: str) -> None:
    """The learning curve (the tested metric's mean at each training size) and the error /
    pending points, when the comparison has them."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..compare.curves import error_pending_points

    first = max(display_width(_("algorithm")), *(display_width(n) for n in result.names))
    curve = result.curve
    if curve is not None:
        rows = curve.mean_rows()
        print()
        tested = metric(key)
        print(_("learning curve: {metric} (mean over the folds) by training rows").format(metric=tested.name_text()))
        print("  " + ljust(_("algorithm"), first) + "".join(f"  {r:>9.0f}" for r in rows))
        for name in result.names:
            found = curve.summary(name, key)
            if found is not None:
                print("  " + ljust(name, first) + "".join(f"  {tested.text(v):>9}" for v in found[0]))
    points = error_pending_points(result)
    if points:
        error, pending, used = (metric(k) for k in ("misclassification_rate", "pending_rate", "attributes_used"))
        print()
        print(_("error / pending (mean over the folds): {error}, {pending}, {used}").format(
            error=error.name_text(), pending=pending.name_text(), used=used.name_text()))
        for algorithm, group in points.items():
            for p in group:
                cells = [error.text(p.misclassification_rate), pending.text(p.pending_rate),
                         used.text(p.attributes_used) or "-"]
                print("  " + ljust(p.name, first) + "".join("  " + rjust(c, 9) for c in cells))


def print_significance(tests) -> None:
    """Each entry against the reference (corrected t, Wilcoxon, Nemenyi), its rank, and Friedman."""
    # deferred: loads scipy.stats, Numba, charset-normalizer, off the light path
    from ..compare.significance import CAVEAT, p_text, p_value_text

    line = _("significance on {metric} (higher is better), against {reference}; alpha {alpha}:") \
        if tests.higher_better else \
        _("significance on {metric} (lower is better), against {reference}; alpha {alpha}:")
    print()
    tested = metric(tests.metric)
    print(line.format(metric=tested.name_text(), reference=tests.reference, alpha=format(tests.alpha, "g")))
    first = max(display_width(_("algorithm")), *(display_width(n) for n in tests.names))
    header = [_("mean"), _("corrected t p"), _("Wilcoxon p"), _("Nemenyi p"), _("avg rank")]
    print("  " + ljust(_("algorithm"), first) + "".join("  " + rjust(h, 13) for h in header))
    for name in tests.names:
        pair = tests.pairs.get(name, {})
        t, w = pair.get("corrected_t"), pair.get("wilcoxon")
        nem, rank = tests.nemenyi_p(name), tests.rank_of(name)
        verdict = {True: _("better"), False: _("worse"), None: ""}[tests.better_than_reference(name)]
        against = p_value_text(t.p_value) if t else (_("(reference)") if name == tests.reference else "-")
        cells = [tested.text(tests.means[name]), against, p_value_text(w.p_value if w else None), p_value_text(nem),
                 f"{rank:.2f}" if rank is not None else "-"]
        print("  " + ljust(name, first) + "".join("  " + rjust(c, 13) for c in cells)
              + (f"  {verdict}" if verdict else ""))
    if tests.friedman is not None:
        f = tests.friedman
        print(_("Friedman over {n} folds: chi2 = {chi2} ({p_chi2}), Iman-Davenport F = {f} ({p_f}); "
                "Nemenyi critical difference of average ranks {cd}").format(
            n=f.n_blocks, chi2=format(f.chi2, ".3f"), p_chi2=p_text(f.p_chi2), f=format(f.f, ".3f"),
            p_f=p_text(f.p_value), cd=format(tests.nemenyi.critical_difference, ".2f")))
    if tests.left_out:
        print(_("not tested (no {metric} on every fold): {names}").format(metric=tested.name_text(),
                                                                         names=", ".join(tests.left_out)))
    print(_("note: {caveat}").format(caveat=_(CAVEAT)))
