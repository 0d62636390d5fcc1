"""The header row chosen by the user (read_table(header_row=N), --header-row, the project's
data.header_row): rows above it skipped, the row numbers of the cells kept, bad choices refused
in words."""

import json

import openpyxl
import pytest

from engine.cli import main
from engine.data import read_table
from engine.data.project import Project, load_project, save_project
from engine.errors import DataError, ProjectFileError


def notes_workbook(path):
    """Two rows of notes above the column names: the title rule (one cell) does not apply."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "病例"
    ws.append(["心脏病研究 2024", None, None])
    ws.append(["录入: 张医生", "版本 2", None])
    ws.append(["年龄", "性别", "诊断"])
    for row in ([52, "男", "有"], [61, "女", "无"], [45, "男", "无"], [70, "女", "有"]):
        ws.append(row)
    wb.save(path)
    return path


def notes_csv(path):
    path.write_text("Heart study 2024\nentered by,Dr Zhang\nage,sex,diagnosis\n52,m,yes\n61,f,no\n45,m,no\n",
                    encoding="utf-8")
    return path


def test_found_header_fails_and_says_how_to_choose(tmp_path):
    with pytest.raises(DataError) as info:
        read_table(notes_workbook(tmp_path / "h.xlsx"))
    # the one-cell title is skipped, so the notes' row 2 is taken for the header
    assert info.value.code == "unnamed_column" and "no name in the header row (row 2; if the column names are on " \
        "another row, choose it: Header row on the Data tab, or --header-row N)" in str(info.value)
    assert info.value.header_row_hint == 3  # column C first has a value in row 3: the real header
    # a text file: the title line is taken for a one-column header, the notes are a wider row
    with pytest.raises(DataError, match="the row has 2 fields but the header has 1") as info:
        read_table(notes_csv(tmp_path / "h.csv"))
    assert info.value.header_row_hint == 2


@pytest.mark.parametrize("maker", [notes_workbook, notes_csv])
def test_the_chosen_row_names_the_columns(tmp_path, maker):
    path = maker(tmp_path / ("h.xlsx" if maker is notes_workbook else "h.csv"))
    table = read_table(path, header_row=3)
    assert [c.name for c in table.columns][:2] == (["年龄", "性别"] if maker is notes_workbook else ["age", "sex"])
    assert table.header_row == 3 and table.first_row == 4 and table.row_number(2) == 6
    assert table.n_rows == (4 if maker is notes_workbook else 3)
    assert table.warnings[0] == "rows 1-2 above the header row were skipped"
    # row 2 as the header: two names, three columns below
    with pytest.raises(DataError, match=r"column C has values \(first in row 3\) but no name in the header row "
                                        r"\(row 2;|the row has 3 fields but the header has 2"):
        read_table(path, header_row=2)


def test_bad_header_rows_are_refused(tmp_path):
    path = notes_workbook(tmp_path / "h.xlsx")
    for row, message in ((9, "the header row 9 is below the last row (7)"),
                         (0, "the header row must be a row number from 1 to 1,048,576, not 0"),
                         (True, "not True")):
        with pytest.raises(DataError, match=message.replace("(", r"\(").replace(")", r"\)")):
            read_table(path, header_row=row)
    csv_path = notes_csv(tmp_path / "h.csv")
    with pytest.raises(DataError, match=r"the header row 12 is below the last row \(6\)"):
        read_table(csv_path, header_row=12)
    (tmp_path / "gap.csv").write_text("a,b\n\n1,2\n", encoding="utf-8")
    with pytest.raises(DataError, match="the header row 2 is empty"):
        read_table(tmp_path / "gap.csv", header_row=2)
    (tmp_path / "x.arff").write_text("@relation r\n@attribute a numeric\n@data\n1\n", encoding="utf-8")
    with pytest.raises(DataError, match="an ARFF file declares its attributes"):
        read_table(tmp_path / "x.arff", header_row=1)


def test_the_project_keeps_the_header_row(tmp_path):
    data = notes_workbook(tmp_path / "h.xlsx")
    project = Project(data_path=str(data), sheet="病例", header_row=3)
    save_project(project, tmp_path / "p.rtproj")
    saved = json.loads((tmp_path / "p.rtproj").read_text(encoding="utf-8"))
    assert saved["data"] == {"path": "h.xlsx", "sheet": "病例", "header_row": 3}
    assert load_project(tmp_path / "p.rtproj").header_row == 3
    for bad in (0, "3", 2.5, True, 2_000_000):
        saved["data"]["header_row"] = bad
        (tmp_path / "bad.rtproj").write_text(json.dumps(saved), encoding="utf-8")
        with pytest.raises(ProjectFileError, match="data.header_row"):
            load_project(tmp_path / "bad.rtproj")


def test_cli_header_row_and_the_projects_own(tmp_path, capsys):
    data = notes_workbook(tmp_path / "h.xlsx")
    assert main(["info", str(data)]) == 2
    assert "no name in the header row" in capsys.readouterr().err
    assert main(["info", str(data), "--header-row", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in out["columns"]] == ["年龄", "性别", "诊断"]
    # a project with the header row reads its own data file with it
    from engine.data.spec import ProblemSpec

    save_project(Project(data_path=str(data), sheet="病例", header_row=3, spec=ProblemSpec(target="诊断")),
                 tmp_path / "p.rtproj")
    assert main(["info", "--project", str(tmp_path / "p.rtproj"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"] == 4
