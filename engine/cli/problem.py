"""Problem options (`--project`, `--target`, `--class-order`, ...) and the problem they resolve to."""

from __future__ import annotations

import argparse

from ..data.encode import encode
from ..errors import OptionError
from ..i18n import _
from ..problem import Overrides, Problem, open_problem
from .printing import warn


def add_problem_options(parser: argparse.ArgumentParser, *, data_optional: bool = False) -> None:
    parser.add_argument("data", nargs="?" if data_optional else None, metavar="DATA",
                        help=_("data file (.xlsx, .xls, .ods, .csv, .txt, .tsv, .arff)"))
    parser.add_argument("--project", metavar="P.rtproj", help=_("read the problem settings from a project file"))
    add_reading_options(parser)
    parser.add_argument("--target", metavar="COL", help=_("the column to predict"))
    parser.add_argument("--class-order", metavar="a,b,c", help=_("ordered classes, lowest first"))
    parser.add_argument("--monotone", metavar="COL=+,COL2=-",
                        help=_("monotone directions: + increasing, - decreasing, 0 none"))
    parser.add_argument("--hierarchy", metavar="FILE", help=_("class hierarchy file (csv/xlsx: label,parent)"))
    parser.add_argument("--positive-class", metavar="C", help=_("the class against the rest (trichotomy)"))


def add_reading_options(parser: argparse.ArgumentParser) -> None:
    """How a data file is read: --sheet, --header-row, --encoding, --delimiter."""
    parser.add_argument("--sheet", metavar="S", help=_("workbook sheet (default: the first that holds a table)"))
    parser.add_argument("--header-row", type=int, metavar="N",
                        help=_("the row of the column names, the rows above it skipped (default: the first filled "
                               "row, or the row under a one-cell title)"))
    parser.add_argument("--encoding", metavar="ENC", help=_("text encoding of a csv file (default: detected)"))
    parser.add_argument("--delimiter", metavar="D", help=_("delimiter of a csv file (default: detected; 'tab')"))


def add_model_data_options(parser: argparse.ArgumentParser) -> None:
    """--data D and how to read it, for the commands that read a model's training data (candidates,
    edit, guideline)."""
    parser.add_argument("--data", required=True, metavar="DATA",
                        help=_("the data the model learns from (the same columns as its training data)"))
    add_reading_options(parser)


def model_data(args, model):
    """The rows of --data encoded as the model's schema encodes them (engine.predicting.read_model_data);
    what reading them found (rows without a class, values never seen) is said on stderr."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..predicting import read_model_data

    data = read_model_data(model, args.data, args.sheet, header_row=args.header_row, encoding=args.encoding,
                           delimiter=delimiter_option(args.delimiter))
    for w in data.warnings:
        warn(w)
    return data


def split_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def delimiter_option(text: str | None) -> str | None:
    """--delimiter: 'tab' (or a typed \\t) stands for the tab character."""
    return {"tab": "\t", "\\t": "\t"}.get(text, text) if text else None


def overrides(args) -> Overrides:
    """The problem settings given on the command line (over a project's)."""
    monotone = {}
    for item in split_list(args.monotone or ""):
        name, sep, direction = item.rpartition("=")
        if not sep or not name.strip():
            raise OptionError(_('--monotone: "{item}" is not COL=+ (increasing), COL=- (decreasing) '
                                "or COL=0 (none)").format(item=item), code="bad_option")
        monotone[name.strip()] = direction
    return Overrides(target=args.target, class_order=split_list(args.class_order) if args.class_order else None,
                     monotone=monotone, hierarchy=args.hierarchy, positive_class=args.positive_class)


def problem_given(args) -> bool:
    """Problem settings given on the command line (not only read from a project)."""
    return bool(overrides(args))


def resolve_problem(args, *, need_target: bool = True, check_settings: bool = False) -> Problem:
    """The problem the options name (engine.problem.open_problem): DATA and/or --project,
    --sheet, --header-row, the settings given beside them."""
    return open_problem(args.data, project=args.project, sheet=args.sheet, header_row=getattr(args, "header_row", None),
                        overrides=overrides(args), encoding=args.encoding, delimiter=delimiter_option(args.delimiter),
                        need_target=need_target, check_settings=check_settings)


def prepare(args):
    """Table, settings and encoded data for training commands, validated where they are made."""
    problem = resolve_problem(args, need_target=True, check_settings=True)
    data = encode(problem.table, problem.spec, validate_first=False)  # checked by open_problem
    return problem, data
