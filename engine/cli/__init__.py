"""`ruletree`'s headless subcommands: the parser and the entry.

The `ruletree` command starts in the app's launcher (`app.launch.main`), which
opens the window when no subcommand is given and hands everything else to
`main` here. The engine's CLI never imports the app, nor Qt; what it needs
from the app (a PNG plotter for `reproduce --png`) is passed in.

Exit status: 0 success, 2 a user error (one line on stderr naming what and
where), 1 a bug (the traceback goes to the log file).

Modules: `problem` (problem options), `printing` (text output), `commands`
(info, algorithms, train, predict, rules, evaluate), `compare`, `consult`
(consult, sessions), `reproduce`, `guideline` (the expert's typed rules),
`candidates` (a node's ranked candidates), `export` and `pmml_import` (PMML out and in).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Callable

from .. import __version__
from ..errors import OptionError, RuleTreeError
from ..fileio import check_target
from ..i18n import LANGUAGES, N_, LanguageUnavailable, _, using
from ..paths import log_file
from .candidates import add_candidates_parser
from .commands import cmd_algorithms, cmd_evaluate, cmd_info, cmd_predict, cmd_rules, cmd_train
from .compare import add_compare_parser
from .consult import cmd_consult, cmd_sessions
from .edit import add_edit_parser
from .export import add_export_parser
from .guideline import add_guideline_option, add_guideline_parser
from .pmml_import import add_import_parser
from .printing import PROG, PrintableStream
from .problem import add_problem_options, resolve_problem
from .report import add_report_parser
from .reproduce import PAPERS, cmd_reproduce

__all__ = ["PROG", "SUBCOMMANDS", "Parser", "build_parser", "main", "guarded", "has_display", "is_window_start",
           "NO_DISPLAY", "window_file", "add_problem_options", "resolve_problem"]

SUBCOMMANDS = ("info", "algorithms", "train", "predict", "rules", "evaluate", "compare", "reproduce", "consult",
               "sessions", "edit", "export", "import", "guideline", "candidates", "report")
#: said by the launcher; shown as `_(NO_DISPLAY)`
NO_DISPLAY = N_("ruletree: no display found (DISPLAY is not set), so the window cannot open; "
                "use a subcommand such as 'ruletree info DATA' (see 'ruletree --help')")


# argparse's own words (its "usage:", its headings, its error messages) go through gettext,
# which has no catalogue of ours: they are marked here, and argparse looks them up in ours
# (English: unchanged). Their translations keep argparse's %-placeholders.
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("expected one argument"),
    N_("expected at least one argument"), N_("expected at most one argument"), N_("expected %s argument"),
    N_("expected %s arguments"), N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"))


def _argparse_words(text: str) -> str:
    return _(text)


def _argparse_plural(singular: str, plural: str, n: int) -> str:
    return _(singular if n == 1 else plural)


argparse._ = _argparse_words
argparse.ngettext = _argparse_plural


class Parser(argparse.ArgumentParser):
    """argparse that reports bad options as one line and status 2."""

    def error(self, message):  # noqa: D401 - argparse API
        raise OptionError(message, code="bad_option")


_Parser = Parser  # the name it had


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog=PROG, description=_("RuleTree Studio: decision trees and IF-THEN rules from "
                                             "spreadsheets. With no subcommand, starts the window."))
    parser.add_argument("--version", action="version", version=f"RuleTree Studio {__version__}")
    parser.add_argument("--lang", choices=LANGUAGES, metavar="LANG",
                        help=_("language of the messages and exports: en or zh_CN (default: RULETREE_LANG, then the "
                               "system locale); JSON output and files never change with it"))
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    info = sub.add_parser("info", help=_("columns, types, missing values, classes; validate a project"))
    add_problem_options(info, data_optional=True)
    info.add_argument("--json", action="store_true", help=_("print JSON"))
    info.set_defaults(func=cmd_info)
    algos = sub.add_parser("algorithms", help=_("the available algorithms, by family, and their parameters"))
    algos.add_argument("--json", action="store_true", help=_("print JSON"))
    algos.set_defaults(func=cmd_algorithms)

    train = sub.add_parser("train", help=_("fit a model on all rows and write it"))
    add_problem_options(train, data_optional=True)
    train.add_argument("--algorithm", required=True, metavar="NAME")
    train.add_argument("--param", action="append", metavar="K=V", help=_("an algorithm parameter (repeatable)"))
    train.add_argument("--out", required=True, metavar="MODEL.json")
    train.set_defaults(func=cmd_train)

    pred = sub.add_parser("predict", help=_("predict every row of a data file"))
    pred.add_argument("model", metavar="MODEL.json")
    pred.add_argument("data", metavar="DATA")
    pred.add_argument("--sheet", metavar="S")
    pred.add_argument("--encoding", metavar="ENC")
    pred.add_argument("--delimiter", metavar="D")
    pred.add_argument("--missing", choices=("stop", "majority", "fractional"),
                      help=_("what an unknown value does (default: the algorithm's own policy)"))
    pred.add_argument("--out", metavar="PRED.csv")
    pred.set_defaults(func=cmd_predict)

    rules = sub.add_parser("rules", help=_("IF-THEN rules of a model"))
    rules.add_argument("model", metavar="MODEL.json")
    rules.add_argument("--xlsx", metavar="OUT.xlsx", help=_("also write an Excel workbook"))
    rules.add_argument("--json", action="store_true")
    rules.set_defaults(func=cmd_rules)

    ev = sub.add_parser("evaluate", help=_("cross-validated metrics of an algorithm on a file"))
    add_problem_options(ev, data_optional=True)
    ev.add_argument("--algorithm", required=True, metavar="NAME")
    ev.add_argument("--param", action="append", metavar="K=V")
    ev.add_argument("--cv", type=int, default=10, metavar="K")
    ev.add_argument("--repeats", type=int, default=1, metavar="R")
    ev.add_argument("--holdout", type=float, metavar="F")
    ev.add_argument("--strategy", choices=("sequential", "batch", "hybrid", "planned"),
                    help=_("how a test case's values are obtained, for the cost metrics (default: sequential when "
                           "the problem has test or waiting costs)"))
    ev.add_argument("--missing-rate", type=float, metavar="R",
                    help=_("for experiments: blank each attribute value (never the class) independently with "
                           "probability R, 0 <= R < 1 (missing completely at random, seeded by --seed), in the "
                           "training and the test rows of every fold"))
    ev.add_argument("--seed", type=int, default=0, metavar="S")
    ev.add_argument("--stability", type=int, metavar="B",
                    help=_("also fit the model on all rows and count how often each of its splits (the same "
                           "attribute, a cut within the problem's stability tolerance) comes back at the same place "
                           "in B bootstrap models drawn with --seed and in the fold models (0: the fold models only)"))
    add_guideline_option(ev)
    ev.add_argument("--json", action="store_true")
    ev.set_defaults(func=cmd_evaluate)
    add_compare_parser(sub)
    add_edit_parser(sub)
    add_export_parser(sub)
    add_import_parser(sub)
    add_report_parser(sub)
    add_guideline_parser(sub)

    con = sub.add_parser("consult", help=_("one case, the most useful question next"))
    con.add_argument("model", metavar="MODEL.json")
    con.add_argument("--project", metavar="P.rtproj", help=_("costs, batch groups and budget from a project"))
    con.add_argument("--answers", metavar="FILE.json",
                     help=_("scripted answers: attribute -> value (null or ? unknown)"))
    con.add_argument("--log", metavar="OUT.json", help=_("write the session (questions, answers, outcome)"))
    con.add_argument("--resume", metavar="ID", help=_("continue a saved session"))
    con.add_argument("--case", metavar="NAME", help=_("a name for the case (patient, applicant) in the history"))
    con.add_argument("--stop-when-not-worth", action="store_true",
                     help=_("also stop when no remaining test costs less than it could still save "
                            "(E_now - E*; meaningful when test and misclassification costs share a unit)"))
    con.add_argument("--planning", choices=("planned", "utility", "frontier"), default="planned",
                     help=_("planned (default): ask any attribute a still-possible rule tests, in the order of "
                            "least expected total cost (a trichotomy's stages too; a fuzzy tree by utility); "
                            "utility: the tree's next tests by expected cost removed per unit of test cost; "
                            "frontier: as planned, and a fuzzy tree planned through its memberships "
                            "(measured dearer than utility on the glass HFDT)"))
    con.set_defaults(func=cmd_consult)

    ses = sub.add_parser("sessions", help=_("saved consultations: list them, export them to Excel"))
    ses.add_argument("ids", nargs="*", metavar="ID", help=_("only these sessions"))
    ses.add_argument("--project", metavar="P.rtproj", help=_("only this project's sessions"))
    ses.add_argument("--model", metavar="MODEL.json", help=_("only sessions with this model"))
    ses.add_argument("--xlsx", metavar="OUT.xlsx", help=_("write them to a workbook (Sessions, Answers)"))
    ses.add_argument("--json", action="store_true")
    ses.set_defaults(func=cmd_sessions)

    rep = sub.add_parser("reproduce", help=_("rerun a paper's experiment; write its tables and plots"))
    rep.add_argument("paper", metavar="PAPER", help=_("{papers} (dp, hfdt, mincost: with their issues)").format(
        papers=", ".join(PAPERS)))
    rep.add_argument("--out", metavar="DIR", help=_("output folder (default: reproduce_PAPER)"))
    rep.add_argument("--quick", action="store_true", help=_("few repeats: about a minute"))
    rep.add_argument("--repeats", type=int, metavar="R", help=_("repeats of every part (facmi; the paper: 100)"))
    rep.add_argument("--png", action="store_true", help=_("also draw the plots as PNG (with the app's plotter; "
                     "the SVG plots need nothing more)"))
    rep.set_defaults(func=cmd_reproduce)
    add_candidates_parser(sub)
    return parser


def split_lang(argv: list[str]) -> tuple[str | None, list[str]]:
    """`--lang L` / `--lang=L` anywhere before a `--` (every command takes it): (L or None, the
    other arguments). A `--lang` with no value is left for argparse to report."""
    lang, rest, k = None, [], 0
    while k < len(argv):
        arg = argv[k]
        if arg == "--":
            rest.extend(argv[k:])
            break
        if arg == "--lang" and k + 1 < len(argv):
            lang, k = argv[k + 1], k + 2
            continue
        if arg.startswith("--lang="):
            lang, k = arg[len("--lang="):], k + 1
            continue
        rest.append(arg)
        k += 1
    return lang, rest


def is_window_start(argv: list[str]) -> bool:
    """No subcommand (nothing, or a file to open): the launcher starts the window."""
    argv = split_lang(argv)[1]
    return not argv or (argv[0] not in SUBCOMMANDS and argv[0] not in ("-h", "--help", "--version"))


def window_file(argv: list[str]) -> str | None:
    """`ruletree [FILE]`: the file the window opens (None: the bundled demo); a word that is
    neither a file nor a command is a user error."""
    parser = Parser(prog=PROG, description=_("Start the RuleTree Studio window."))
    parser.add_argument("file", nargs="?", help=_("a data file or project (.rtproj) to open"))
    parser.add_argument("--lang", choices=LANGUAGES, metavar="LANG", help=_("en or zh_CN"))
    args = parser.parse_args(argv)
    if args.file is not None and not os.path.exists(args.file):
        raise OptionError(_('"{file}" is neither a file nor a command (commands: {commands})').format(
            file=args.file, commands=", ".join(SUBCOMMANDS)), code="bad_option")
    return args.file


def has_display() -> bool:
    if sys.platform.startswith("win") or sys.platform == "darwin":
        return True
    if os.environ.get("QT_QPA_PLATFORM", "").split(":")[0] in ("offscreen", "minimal", "vnc", "eglfs",
                                                                 "linuxfb"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _setup_logging() -> None:
    root = logging.getLogger()
    try:
        path = log_file()
        if any(getattr(h, "baseFilename", None) == os.path.abspath(path) for h in root.handlers):
            return  # main called again in this process (tests, the launcher): one handler per log file
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.INFO)


#: the options that name a file a command writes (reproduce's --out is a folder it makes)
OUTPUT_OPTIONS = ("out", "xlsx", "pmml", "sql", "xlsx_calculator", "pdf", "log")


def check_outputs(args) -> None:
    """Every file the command will write, checked before any work (a long training is not lost to a
    mistyped folder): absent or a regular file, in a folder that exists (engine.fileio.check_target)."""
    for dest in OUTPUT_OPTIONS:
        value = getattr(args, dest, None)
        if isinstance(value, str) and value and not (dest == "out" and getattr(args, "func", None) is cmd_reproduce):
            check_target(value)


def guarded(work: Callable[[], int]) -> int:
    """Run `work` under the exit policy: a RuleTreeError is one line and status 2, a bug is
    one line, status 1 and its traceback in the log file."""
    _setup_logging()
    try:
        return work()
    except RuleTreeError as exc:
        print(_("{prog}: error: {message}").format(prog=PROG, message=exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_("{prog}: interrupted").format(prog=PROG), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so plainly, keep the traceback in the log
        logging.getLogger(PROG).exception("unexpected error")
        print(_("{prog}: internal error ({kind}: {error}); this is a bug, please report it with the log "
                "file {log}").format(prog=PROG, kind=type(exc).__name__, error=exc, log=log_file()), file=sys.stderr)
        return 1


def main(argv: list[str] | None = None, *, plotter: Callable | None = None) -> int:
    """Run one headless subcommand. `plotter(plot, path) -> path` draws PNG plots for
    `reproduce --png` (the app's launcher passes its own). `--lang L` (anywhere; else
    RULETREE_LANG, else the system locale) is the language of this command's texts; the
    language before is restored after it."""
    argv = list(sys.argv[1:] if argv is None else argv)
    lang, argv = split_lang(argv)

    def run() -> int:
        if is_window_start(argv):  # reached without the launcher (python -m engine.cli)
            window_file(argv)
            raise OptionError(_("give a command ({commands}); the window starts with '{prog}' (python -m app.launch); "
                                "see '{prog} --help'").format(commands=", ".join(SUBCOMMANDS), prog=PROG),
                              code="bad_option")
        args = build_parser().parse_args(argv)
        if getattr(args, "func", None) is None:
            raise OptionError(_("give a command ({commands}); see '{prog} --help'").format(
                commands=", ".join(SUBCOMMANDS), prog=PROG), code="bad_option")
        args.plotter = plotter
        check_outputs(args)
        return args.func(args)

    streams = sys.stdout, sys.stderr
    if sys.stdout is not None and not isinstance(sys.stdout, PrintableStream):
        sys.stdout = PrintableStream(sys.stdout)
    if sys.stderr is not None and not isinstance(sys.stderr, PrintableStream):
        sys.stderr = PrintableStream(sys.stderr)
    try:
        with using(lang):
            return guarded(run)
    except (OptionError, LanguageUnavailable) as exc:  # an unknown --lang or RULETREE_LANG: in English, no other
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    finally:
        sys.stdout, sys.stderr = streams
