"""Problem options (`--project`, `--target`, `--class-order`, ...) and the problem they resolve to."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass

from ..errors import OptionError
from ..i18n import _


def add_problem_options(parser: argparse.ArgumentParser, *, data_optional: bool = False) -> None:
    parser.add_argument("data", nargs="?" if data_optional else None, metavar="DATA",
                        help=_("data file (.xlsx, .xls, .ods, .csv, .txt, .tsv, .arff)"))
    parser.add_argument("--project", metavar="P.rtproj", help=_("read the problem settings from a project file"))
    parser.add_argument("--sheet", metavar="S", help=_("workbook sheet (default: the first that holds a table)"))
    parser.add_argument("--header-row", type=int, metavar="N",
                        help=_("the row of the column names, the rows above it skipped (default: the first filled "
                               "row, or the row under a one-cell title)"))
    parser.add_argument("--target", metavar="COL", help=_("the column to predict"))
    parser.add_argument("--class-order", metavar="a,b,c", help=_("ordered classes, lowest first"))
    parser.add_argument("--monotone", metavar="COL=+,COL2=-",
                        help=_("monotone directions: + increasing, - decreasing, 0 none"))
    parser.add_argument("--hierarchy", metavar="FILE", help=_("class hierarchy file (csv/xlsx: label,parent)"))
    parser.add_argument("--positive-class", metavar="C", help=_("the class against the rest (trichotomy)"))
    parser.add_argument("--encoding", metavar="ENC", help=_("text encoding of a csv file (default: detected)"))
    parser.add_argument("--delimiter", metavar="D", help=_("delimiter of a csv file (default: detected; 'tab')"))


@dataclass
class Problem:
    """A table and the problem settings that apply to it."""

    table: object
    spec: object
    project: object | None
    target_assumed: bool = False


def split_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def delimiter_option(text: str | None) -> str | None:
    """--delimiter: 'tab' (or a typed \\t) stands for the tab character."""
    return {"tab": "\t", "\\t": "\t"}.get(text, text) if text else None


def problem_given(args) -> bool:
    """Problem settings given on the command line (not only read from a project)."""
    return any([args.target, args.class_order, args.monotone, args.hierarchy, args.positive_class])


def resolve_problem(args, *, need_target: bool = True) -> Problem:
    """Project file (if any), then command-line overrides; the table read."""
    from ..data import read_table
    from ..data.hierarchy import read_hierarchy
    from ..data.project import Project, load_project
    from ..data.spec import ProblemSpec, _MONOTONE_ALIASES

    project = load_project(args.project) if args.project else None
    data_path = args.data or (project.data_path if project else None)
    if data_path is None:
        raise OptionError(_("no data file: give DATA, or a project with a data path"), code="bad_option")
    if project and args.data is None and not os.path.exists(data_path):
        raise OptionError(_('the project\'s data file "{path}" does not exist; give DATA to use another file').format(
            path=data_path), code="bad_option", file=project.path)
    sheet, header_row = args.sheet, getattr(args, "header_row", None)
    if project is not None and os.path.abspath(data_path) == os.path.abspath(project.data_path or ""):
        # the project's own data file: its sheet, and its header row on that sheet
        if header_row is None and (sheet is None or sheet == project.sheet):
            header_row = project.header_row
        if sheet is None:
            sheet = project.sheet
    table = read_table(data_path, sheet, encoding=args.encoding, delimiter=delimiter_option(args.delimiter),
                       header_row=header_row)
    spec = project.spec.copy() if project else ProblemSpec()
    if args.target:
        spec.target = args.target
    if args.class_order:
        spec.class_order = split_list(args.class_order)
    if args.monotone:
        for item in split_list(args.monotone):
            name, sep, direction = item.rpartition("=")
            if not sep or not name or direction.strip().lower() not in _MONOTONE_ALIASES:
                raise OptionError(_('--monotone: "{item}" is not COL=+ (increasing), COL=- (decreasing) '
                                    "or COL=0 (none)").format(item=item), code="bad_option")
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
    return Problem(table=table, spec=spec, project=project or Project(data_path=data_path, sheet=sheet,
                                                                      header_row=header_row),
                   target_assumed=assumed)


def prepare(args):
    """Table, settings and encoded data for training commands, validated."""
    from ..data.encode import encode
    from ..data.spec import validate

    problem = resolve_problem(args, need_target=True)
    # a setting that does not fit lives in the project file, when there is one (not in the data file)
    validate(problem.spec, problem.table, file=getattr(args, "project", None) or problem.table.file)
    data = encode(problem.table, problem.spec, validate_first=False)
    return problem, data
