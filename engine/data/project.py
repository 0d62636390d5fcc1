"""Project files (.rtproj): versioned JSON holding the data's location and the
problem settings (CLI.md, "Project file"). Written atomically; unknown keys
are kept; a file from a newer version is refused with a clear message; the
data path is stored relative to the project file.

Keys added to version 1 are optional, so a project without them reads as
before (and an older reader keeps them as unknown keys): an attribute's
`fuzzy_terms` (names of its fuzzy terms, low to high) and `fuzzy_centres`
(fixed centres, strictly increasing) —
`"attributes": {"Mg": {"fuzzy_terms": ["poor", "rich"], "fuzzy_centres": [0.5, 3.5]}}`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ProjectFileError
from ..fileio import atomic_write_json, read_json_file
from ..i18n import _
from .spec import ProblemSpec
from .read import MAX_HEADER_ROW

FORMAT = "ruletree-project"
VERSION = 1
SUFFIX = ".rtproj"
MAX_PROJECT_BYTES = 64 << 20


@dataclass
class Project:
    data_path: str | None = None  # absolute, or as given when the project is not saved yet
    sheet: str | None = None
    spec: ProblemSpec = field(default_factory=ProblemSpec)
    header_row: int | None = None  # the row of the column names, chosen by the user (None: found)
    # per column, cell texts read as missing besides the usual ones ("未提供"): Table.read_as_missing
    missing_values: dict[str, list[str]] = field(default_factory=dict)
    path: str | None = None  # where the project file lives
    extra: dict = field(default_factory=dict)  # unknown top-level keys, kept on save
    data_extra: dict = field(default_factory=dict)  # unknown keys of "data"

    def to_json(self, relative_to: str | os.PathLike | None = None) -> dict:
        data = {"path": _relative(self.data_path, relative_to), "sheet": self.sheet}
        if self.header_row is not None:
            data["header_row"] = self.header_row
        if self.missing_values:
            data["missing_values"] = {k: list(v) for k, v in self.missing_values.items()}
        data.update(self.data_extra)
        out = {"format": FORMAT, "version": VERSION, "data": data}
        out.update(self.spec.to_json())
        out.update(self.extra)
        return out


def _relative(data_path: str | None, project_file) -> str | None:
    if data_path is None or project_file is None:
        return data_path
    # abspath, not resolve: a data file reached through a link keeps the name the user chose
    base = os.path.dirname(os.path.abspath(project_file))
    target = os.path.abspath(data_path)  # a relative path is relative to the working folder
    try:
        return Path(os.path.relpath(target, base)).as_posix()
    except ValueError:  # another drive on Windows: keep it absolute
        return str(target)


def project_from_json(obj, *, file: str | None = None) -> Project:
    """Parse a project object (as read from JSON); the data path is resolved against `file`."""
    if not isinstance(obj, dict):
        raise ProjectFileError(_("this is not a RuleTree project (the file holds no JSON object)"),
                               code="not_a_project", file=file)
    if obj.get("format") != FORMAT:
        what = obj.get("format")
        message = (_("this is not a RuleTree project (format is {what}) (it is a model file; open it with predict "
                     "or rules)") if what == "ruletree-model" else
                   _("this is not a RuleTree project (format is {what})"))
        raise ProjectFileError(message.format(what=json.dumps(what)),
                               code="not_a_project", file=file)
    version = obj.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ProjectFileError(_("the project has no valid version number"), code="bad_setting", file=file,
                               field="version")
    if version > VERSION:
        raise ProjectFileError(_("the project was saved by a newer RuleTree Studio (project version {version}); "
                                 "this version reads version {known}. Update RuleTree Studio.").format(
                                   version=version, known=VERSION),
                               code="newer_version", file=file)
    if version < 1:
        raise ProjectFileError(_("unknown project version {version}").format(version=version), code="bad_setting",
                               file=file,
                               field="version")
    data = obj.get("data")
    data = {} if data is None else data
    if not isinstance(data, dict):
        raise ProjectFileError(_("must be an object with path and sheet"), code="bad_setting", file=file,
                               field="data")
    path = data.get("path")
    sheet = data.get("sheet")
    if path is not None and not isinstance(path, str):
        raise ProjectFileError(_("must be a text"), code="bad_setting", file=file, field="data.path")
    if sheet is not None and not isinstance(sheet, str):
        raise ProjectFileError(_("must be a text"), code="bad_setting", file=file, field="data.sheet")
    header_row = data.get("header_row")
    if header_row is not None and (isinstance(header_row, bool) or not isinstance(header_row, int)
                                   or not 1 <= header_row <= MAX_HEADER_ROW):
        raise ProjectFileError(_("must be a row number from 1 to {most:,}").format(most=MAX_HEADER_ROW),
                               code="bad_setting", file=file,
                               field="data.header_row")
    missing_values = _missing_values(data.get("missing_values"), file)
    if path is not None and file is not None and not os.path.isabs(path):
        path = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(file)), path))
    spec = ProblemSpec.from_json({k: v for k, v in obj.items() if k in ProblemSpec.KEYS}, file=file)
    known = {"format", "version", "data", *ProblemSpec.KEYS}
    return Project(data_path=path, sheet=sheet, spec=spec, path=file, header_row=header_row,
                   missing_values=missing_values,
                   extra={k: v for k, v in obj.items() if k not in known},
                   data_extra={k: v for k, v in data.items() if k not in DATA_KEYS})


DATA_KEYS = ("path", "sheet", "header_row", "missing_values")
#: at most this many columns with texts read as missing, and texts per column (a file from anyone)
MAX_MISSING_COLUMNS, MAX_MISSING_TEXTS = 16_384, 1_000


def _missing_values(value, file) -> dict[str, list[str]]:
    """data.missing_values: {column: [texts]} of bounded size, or nothing."""
    if value is None:
        return {}
    if not isinstance(value, dict) or len(value) > MAX_MISSING_COLUMNS:
        raise ProjectFileError(_("must map column names to lists of texts"), code="bad_setting", file=file,
                               field="data.missing_values")
    out = {}
    for column, texts in value.items():
        if (not isinstance(texts, list) or len(texts) > MAX_MISSING_TEXTS
                or not all(isinstance(t, str) and len(t) <= 1000 for t in texts)):
            raise ProjectFileError(_("must be a list of texts (at most {most})").format(most=MAX_MISSING_TEXTS),
                                   code="bad_setting", file=file, field=f"data.missing_values.{column}")
        out[str(column)] = list(texts)
    return out


def load_project(path: str | os.PathLike) -> Project:
    path = os.fspath(path)
    obj = read_json_file(path, ProjectFileError, what="project", not_ours="not_a_project",
                         max_bytes=MAX_PROJECT_BYTES)
    return project_from_json(obj, file=path)


def save_project(project: Project, path: str | os.PathLike | None = None) -> str:
    """Write atomically; the data path is stored relative to the project file."""
    path = os.fspath(path or project.path)
    if path is None:
        raise ValueError("save_project needs a path")
    atomic_write_json(path, project.to_json(relative_to=path))
    project.path = path
    return path
