"""Columns of mixed Chinese and Latin text line up (engine/textwidth.py, `ruletree info`)."""

from engine.textwidth import display_width, ljust, rjust


def test_display_width():
    assert display_width("age") == 3
    assert display_width("年龄") == 4
    assert display_width("胸痛类型（cp）") == 14  # full-width parentheses are wide too
    assert display_width("é") == 1 and display_width("e\u0301") == 1  # a combining accent takes no column
    assert ljust("年龄", 6) == "年龄  " and rjust("年龄", 6) == "  年龄" and ljust("年龄", 3) == "年龄"


def test_info_table_lines_up_with_chinese_column_names(tmp_path, capsys):
    from engine.cli import main

    path = tmp_path / "心脏病.csv"
    path.write_text("年龄,sex,胸痛类型,诊断\n63,1,典型,有\n41,0,非典型,无\n57,1,典型,有\n", encoding="utf-8")
    assert main(["info", str(path)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  ") and "  " in line[2:]]
    table = [line for line in lines if line.lstrip()[:1].isdigit() or line.lstrip().startswith("#")]
    assert len(table) == 5
    # the "type" column starts at the same display column on every line
    starts = {display_width(line[:line.index(kind)]) for line, kind in
              zip(table, ["type", "numeric", "numeric", "nominal", "nominal"])}
    assert len(starts) == 1
