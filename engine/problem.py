"""Opening a problem: a data file (or a project) read into a table, with its settings.

The one front door for "which file, which sheet, which header row, which target":
the command line keeps only argparse (`engine.cli.problem`), the window only its
dialogs (`app.opening`). What is decided here, once:

- a path is a project when it ends in `.rtproj` (`is_project`), else a data file;
- a project's own data file is read on the project's sheet and, on that sheet, its
  header row (an explicit sheet or header row wins);
- a bare data file's target is its last column (`default_target`); a project says
  which column is the target, so it never gets one assumed;
- settings given beside the file (`Overrides`: target, class order, monotone
  directions, hierarchy, positive class) replace the project's;
- a bare data file's columns that cannot teach a tree anything (an identifier unique on every
  row, a constant; engine.data.hygiene) are left out of training, each said in a warning
  (`Problem.flags`); a project says for itself which columns are in use;
- the settings are checked against the data once, where the problem is made
  (`Problem.problems`; `open_problem(..., check=True)` raises the `SpecError`).

A column-name row that cannot be read raises a `DataError` whose `header_row_hint`
says which row to try (the window asks the user, the CLI names `--header-row`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .data.hierarchy import read_hierarchy
from .data.hygiene import ColumnFlag, column_flags
from .data.project import SUFFIX, Project, load_project
from .data.read import read_table
from .data.spec import ProblemSpec, SpecProblem, check, raise_problems
from .data.spec.settings import _MONOTONE_ALIASES
from .data.table import Table
from .errors import DataError, OptionError
from .i18n import _

#: read errors that the choice of another header row may cure
HEADER_ERRORS = ("unnamed_column", "duplicate_header", "header_too_long", "no_header")


def is_project(path: str | os.PathLike) -> bool:
    """A project file (by its name: `.rtproj`), not a data file."""
    return os.fspath(path).lower().endswith(SUFFIX)


def default_target(table: Table) -> str | None:
    """The column predicted when nothing says which: the last one (None: no columns)."""
    return table.columns[-1].name if table.columns else None


@dataclass
class Overrides:
    """Problem settings given beside the file (the command line's options), over a project's."""

    target: str | None = None
    class_order: list[str] | None = None
    monotone: dict[str, str] = field(default_factory=dict)  # attribute -> "+", "-", "0", or a direction word
    hierarchy: str | None = None  # a label,parent file
    positive_class: str | None = None

    def __bool__(self) -> bool:
        return any([self.target, self.class_order, self.monotone, self.hierarchy, self.positive_class])

    def apply(self, spec: ProblemSpec) -> None:
        if self.target:
            spec.target = self.target
        if self.class_order:
            spec.class_order = list(self.class_order)
        for name, direction in self.monotone.items():
            word = str(direction).strip().lower()
            if not name or word not in _MONOTONE_ALIASES:
                raise OptionError(_('--monotone: "{item}" is not COL=+ (increasing), COL=- (decreasing) '
                                    "or COL=0 (none)").format(item=f"{name}={direction}"), code="bad_option")
            spec.set_attribute(name, monotone=_MONOTONE_ALIASES[word])
        if self.hierarchy:
            spec.hierarchy = read_hierarchy(self.hierarchy)
        if self.positive_class:
            spec.positive_class = self.positive_class


@dataclass
class Problem:
    """A table, the settings that apply to it, the project they belong to, and what is wrong."""

    table: Table
    spec: ProblemSpec
    project: Project
    warnings: list[str] = field(default_factory=list)  # the reader's (the table's own), then the flags'
    flags: list[ColumnFlag] = field(default_factory=list)  # columns left out on opening (engine.data.hygiene)
    target_assumed: bool = False  # the target is the last column, chosen by `default_target`
    problems: list[SpecProblem] = field(default_factory=list)  # `check(spec, table)` when opened
    settings_file: str | None = None  # where the settings came from (the project file), for messages

    @property
    def flag_warnings(self) -> list[str]:
        """What was said of the columns left out on opening (a part of `warnings`)."""
        return [flag_warning(f) for f in self.flags]

    @property
    def valid(self) -> bool:
        return not self.problems

    def raise_if_invalid(self) -> "Problem":
        """Raise the `SpecError` of every problem (the first one's message), naming the
        project file when the settings came from one (else the data file)."""
        raise_problems(self.problems, file=self.settings_file or self.table.file)
        return self


def open_problem(path: str | os.PathLike | None = None, *, project: str | os.PathLike | Project | None = None,
                 sheet: str | None = None, header_row: int | None = None, overrides: Overrides | None = None,
                 encoding: str | None = None, delimiter: str | None = None, need_target: bool = True,
                 check_settings: bool = True) -> Problem:
    """Read a problem: `path` a data file or a project; `project` (a file or a Project) the
    settings for the data file `path` (without `path`: the project's own data file).

    `check_settings`: raise the settings' `SpecError` (else `Problem.problems` lists them, for
    a form that shows each beside its field). Reading errors are always raised."""
    if path is not None and is_project(path):
        if project is not None:
            raise OptionError(_("give one project: {first} or {second}").format(
                first=os.fspath(path), second=os.fspath(project) if not isinstance(project, Project)
                else project.path), code="bad_option")
        path, project = None, path
    if project is not None and not isinstance(project, Project):
        project = load_project(project)
    data_path = os.fspath(path) if path is not None else (project.data_path if project else None)
    if data_path is None:
        raise OptionError(_("no data file: give DATA, or a project with a data path"), code="bad_option")
    if project is not None and path is None and not os.path.exists(data_path):
        raise OptionError(_('the project\'s data file "{path}" does not exist; give DATA to use another file').format(
            path=data_path), code="bad_option", file=project.path)
    own_data = project is not None and os.path.abspath(data_path) == os.path.abspath(project.data_path or "")
    if own_data:  # the project's own data file: its sheet, and its header row on that sheet
        if header_row is None and (sheet is None or sheet == project.sheet):
            header_row = project.header_row
        if sheet is None:
            sheet = project.sheet
    table = read_problem_table(data_path, sheet, header_row, encoding=encoding, delimiter=delimiter)
    if own_data:
        table = with_missing_values(table, project.missing_values)
    spec = project.spec.copy() if project is not None else ProblemSpec()
    if overrides:
        overrides.apply(spec)
    assumed = False
    if spec.target is None and need_target and project is None:
        spec.target = default_target(table)
        assumed = spec.target is not None
    flags = leave_out_flagged(table, spec) if project is None else []
    if project is None:
        project = Project(data_path=os.path.abspath(data_path), sheet=table.sheet, header_row=header_row)
    elif own_data:
        if project.sheet != table.sheet:
            project.header_row = None  # the header row chosen belonged to another sheet
        project.sheet = table.sheet
    project.spec = spec
    problem = Problem(table=table, spec=spec, project=project,
                      warnings=list(table.warnings) + [flag_warning(f) for f in flags], target_assumed=assumed,
                      settings_file=project.path, flags=flags)
    if spec.target is not None or need_target:
        problem.problems = check(spec, table)
    if check_settings:
        problem.raise_if_invalid()
    return problem


def leave_out_flagged(table: Table, spec: ProblemSpec) -> list[ColumnFlag]:
    """Mark the flagged columns of `table` not in use in `spec` (a column whose use was set is
    left as it is); the flags acted on."""
    out = []
    for flag in column_flags(table, spec.target):
        if flag.column in spec.attributes and not spec.attributes[flag.column].is_default():
            continue
        spec.set_attribute(flag.column, use=False)
        out.append(flag)
    return out


def flag_warning(flag: ColumnFlag) -> str:
    return _('column "{column}" is left out of training: {reason}; tick "use" on the Problem tab (or set '
             '"use": true in a project) to take it back').format(column=flag.column, reason=flag.reason)


def reopen(problem: Problem, *, sheet: str | None = None, header_row: int | None = None,
           check_settings: bool = False) -> Problem:
    """The same file read again (another sheet or header row, or changed on disk), keeping
    every setting: the target stays unless it is no longer a column (then the last column)."""
    table = read_problem_table(problem.table.file, sheet, header_row, encoding=problem.table.encoding,
                               delimiter=problem.table.delimiter)
    table = with_missing_values(table, problem.project.missing_values)
    spec = problem.spec
    assumed = problem.target_assumed
    if spec.target not in {c.name for c in table.columns}:
        spec.target, assumed = default_target(table), True
    out = Problem(table=table, spec=spec, project=problem.project, warnings=list(table.warnings) + problem.flag_warnings,
                  target_assumed=assumed, settings_file=problem.settings_file, flags=list(problem.flags))
    out.problems = check(spec, table)
    if check_settings:
        out.raise_if_invalid()
    return out


@dataclass
class Replaced:
    """A problem on new data (`replace_data`): the settings that still apply kept, and in words
    each one that does not (dropped, or kept but refused by the checks until corrected)."""

    problem: Problem
    dropped: list[str] = field(default_factory=list)  # settings taken out: their columns are gone
    unusable: list[str] = field(default_factory=list)  # kept, but they do not fit the new data


def replace_data(problem: Problem, path: str | os.PathLike | None = None, *, sheet: str | None = None,
                 header_row: int | None = None) -> Replaced:
    """The settings of `problem` on the data file `path` (a corrected spreadsheet; without `path`:
    the same file read again from disk, on its sheet and header row). Kept: every setting of a
    column the new file still has, the class order, the hierarchy, the costs, the cost matrix,
    the texts read as missing. Dropped, and said: the settings of columns the new file lacks (a
    prerequisite or a batch group's member among them); a target that is no longer a column
    becomes the last column. What is kept but no longer fits (a class the new target lacks, an
    order missing a value) is said from `check`, as opening a project says it."""
    same = path is None
    path = os.fspath(problem.table.file if same else path)
    if same:
        sheet, header_row = problem.table.sheet, problem.project.header_row
    table = read_problem_table(path, sheet, header_row, encoding=problem.table.encoding if same else None,
                               delimiter=problem.table.delimiter if same else None)
    table = with_missing_values(table, problem.project.missing_values)
    names = {c.name for c in table.columns}
    file = os.path.basename(path)
    spec, dropped, assumed = problem.spec.copy(), [], problem.target_assumed
    if spec.target not in names:
        old, spec.target, assumed = spec.target, default_target(table), True
        dropped.append(_('the target "{old}" is not a column of {file}: the last column, "{new}", is the target '
                         "now").format(old=old, file=file, new=spec.target))
    for name in [n for n in spec.attributes if n not in names]:
        del spec.attributes[name]
        dropped.append(_('the settings of "{column}" (costs, type, direction): {file} has no such column').format(
            column=name, file=file))
    for name, settings in spec.attributes.items():
        if settings.prerequisite is not None and settings.prerequisite not in names:
            dropped.append(_('"{column}" no longer waits for "{prerequisite}": {file} has no such column').format(
                column=name, prerequisite=settings.prerequisite, file=file))
            settings.prerequisite = None
    groups = []
    for group in spec.batch_groups:
        gone = [a for a in group.attributes if a not in names]
        group.attributes = [a for a in group.attributes if a in names]
        if len(group.attributes) < 2:
            dropped.append(_('the batch group "{group}": fewer than two of its attributes are columns of {file}')
                           .format(group=group.name, file=file))
            continue
        if gone:
            dropped.append(_('the batch group "{group}" without {columns}: {file} has no such column').format(
                group=group.name, columns=", ".join(f'"{a}"' for a in gone), file=file))
        groups.append(group)
    spec.batch_groups = groups
    project = problem.project
    if not same:
        project.data_path, project.sheet, project.header_row = os.path.abspath(path), table.sheet, header_row
    project.spec = spec
    flags = [f for f in problem.flags if f.column in names]
    out = Problem(table=table, spec=spec, project=project, warnings=list(table.warnings) +
                  [flag_warning(f) for f in flags], target_assumed=assumed, settings_file=problem.settings_file,
                  flags=flags)
    out.problems = check(spec, table)
    return Replaced(out, dropped, [f"{p.words}: {p.message}" for p in out.problems])


def with_missing_values(table: Table, missing_values: dict[str, list[str]]) -> Table:
    """`table` with each column's texts of `missing_values` read as missing (a column the table
    lacks is left out: the file changed)."""
    names = {c.name for c in table.columns}
    for column, texts in missing_values.items():
        if column in names and texts:
            table = table.read_as_missing(column, texts)
    return table


def read_as_missing(problem: Problem, column: str, texts) -> Problem:
    """The problem with `texts` of `column` read as missing from now on (kept in the project,
    so the file reads so again), its settings checked again."""
    kept = problem.project.missing_values.setdefault(column, [])
    kept.extend(t for t in texts if t not in kept)
    table = problem.table.read_as_missing(column, texts)
    return Problem(table=table, spec=problem.spec, project=problem.project,
                   warnings=list(table.warnings) + problem.flag_warnings, target_assumed=problem.target_assumed,
                   problems=check(problem.spec, table), settings_file=problem.settings_file, flags=list(problem.flags))


def read_problem_table(path: str, sheet: str | None, header_row: int | None, *, encoding: str | None = None,
                       delimiter: str | None = None) -> Table:
    """`read_table`, with a header-row hint on every error that another header row may cure:
    the row the reader suggests, else the next one."""
    try:
        return read_table(path, sheet, encoding=encoding, delimiter=delimiter, header_row=header_row)
    except DataError as exc:
        if exc.code in HEADER_ERRORS and getattr(exc, "header_row_hint", None) is None:
            exc.header_row_hint = (header_row or 1) + 1
        raise
