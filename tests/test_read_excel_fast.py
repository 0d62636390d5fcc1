"""The fast workbook path (issue 20, goal 5) against the careful one it replaced.

- The extent scan reads a usual 1 MB window of a worksheet with a few NumPy passes
  (`extents._fast_extent`); whatever it answers must be the numbers the exact scan (regular
  expressions over every reference) takes from the same window, and every window it is not
  sure of goes to the exact scan. Hostile sheets whose far cell hides where a shortcut would not
  look (not in the last cell of a row, out of order, behind leading zeros, in a second r
  attribute, in lower case, with a prefix, quotes or spaces) must still be refused, from a
  window the fast path was asked about.
- Columns go to the table builder as NumPy numbers or texts (`read_excel._columns`) instead of
  lists of cells: the same table (values, types, missing counts, row numbers, warnings) or the
  same error as cell by cell, on workbooks of every kind of cell.
"""

from __future__ import annotations

import datetime as dt
import os
import random

import numpy as np
import pytest

import engine.data.extents as ex
import engine.data.read_excel as rx
from engine.data import read_table
from engine.data.table import PreParsed, TextColumn
from engine.errors import DataError
from test_hostile_spreadsheets import HEADER_ROWS, xlsx
from xlsx_builder import ErrorValue, Formula, sheet_xml, write_xlsx


# ---- the extent scan ------------------------------------------------------------------------


def exact_extent(window: bytes) -> tuple[int, int, int]:
    """(rows, cols, implicit) of the exact scan alone on `window`."""
    scan = ex._XlsxScan("sheet.xml", None, len(window))
    original = ex._fast_extent
    ex._fast_extent = lambda w: None
    try:
        scan._scan(window)
    finally:
        ex._fast_extent = original
    return scan.rows, scan.cols, scan.implicit


def usual_rows(n_rows: int, n_cols: int, first: int = 2) -> str:
    """Rows as Excel writes them: <row r="N"><c r="AN" ...><v>..</v></c>..."""
    out = []
    for r in range(first, first + n_rows):
        cells = "".join(f'<c r="{ex.column_letter(j)}{r}" s="1"><v>{r * 7 + j}.5</v></c>' for j in range(n_cols))
        out.append(f'<row r="{r}" spans="1:{n_cols}">{cells}</row>')
    return "".join(out)


def test_the_fast_scan_reads_a_usual_window_as_the_exact_scan_does():
    window = ("<worksheet><sheetData>" + usual_rows(300, 30) + "</sheetData></worksheet>").encode()
    assert len(window) > 4096
    assert ex._fast_extent(window) == (301, 30)
    assert exact_extent(window) == (301, 30, 0)


#: changes to a usual window: each either leaves it in the fast path's form (then its answer
#: must equal the exact scan's) or not (then it must say None)
VARIANTS = [
    lambda w, r: w.replace('r="C7"', 'r="C1048576"'),                           # far row mid-row
    lambda w, r: w.replace('r="B9"', 'r="XFD9"'),                               # far column mid-row
    lambda w, r: w.replace('r="D12"', 'r="d999999"'),                           # lower case
    lambda w, r: w.replace('r="A5"', 'r="A00000001"'),                          # leading zeros
    lambda w, r: w.replace('r="A5"', 'r="A0000001"').replace('r="B6"', 'r="B999999"'),
    lambda w, r: w.replace('<c r="E8"', '<c r="E8" r="ZZ1048576"'),             # a second r
    lambda w, r: w.replace('<c r="E8"', "<c r='E8'"),                           # single quotes
    lambda w, r: w.replace('<c r="E8"', '<c r = "WW1048576"'),                  # spaces around =
    lambda w, r: w.replace('<c r="E8"', '<c r  =  "E8"'),
    lambda w, r: w.replace('<c r="E8"', '<c' + " " * 90 + "r" + " " * 90 + '="WW1048576"'),
    lambda w, r: w.replace('<c r="E8"', '<c\tr="WW1048576"'),                   # a tab
    lambda w, r: w.replace('<c r="E8"', '<c\x0br="WW1048576"'),                 # a vertical tab (regex \s)
    lambda w, r: w.replace('<c r="E8"', '<c s="1" r="WW1048576"'),              # r not first
    lambda w, r: w.replace('<c r="E8" s="1"><v>', '<c><v>'),                     # no reference
    lambda w, r: w.replace('<c r="E8" s="1"><v>', '<c/><c><v>'),
    lambda w, r: w.replace('<row r="10"', '<row'),                               # a row without one
    lambda w, r: w.replace('<c r="E8"', '<c r="E8" r = "WW1048576"'),           # a second r, spaced
    lambda w, r: w.replace("<v>70.5</v>", '<v> r\t= "QQ1048576"</v>'),
    lambda w, r: w.replace('<c r="E8"', '<x:c r="WW1048576"'),                  # prefixed
    lambda w, r: w.replace('<c r="E8" s="1"><v>', '<x:c><v>'),                   # prefixed, no reference
    lambda w, r: w.replace('<row r="10"', '<x:row r="1048576"'),
    lambda w, r: w.replace("<v>70.5</v>", '<v> r="QQ1048576"</v>'),             # an r= in text
    lambda w, r: w.replace('r="C7"', 'r="C7x"'),                                # not letters then digits
    lambda w, r: w.replace('r="C7"', 'r="7C"'),
    lambda w, r: w.replace('r="C7"', 'r="C"'),
    lambda w, r: w.replace('r="C7"', 'r=""'),
    lambda w, r: w.replace('r="C7"', 'r=" C7"'),
    lambda w, r: w.replace('r="C7"', 'r="ABCDE7"'),                             # 5 letters
    lambda w, r: w.replace('r="C7"', 'r="C123456789012"'),                      # 12 digits
    lambda w, r: w.replace('r="C7"', 'r="C99999999999999999999"'),
    lambda w, r: w.replace('<row r="10"', '<row r="9" r="999999"'),
    lambda w, r: w.replace('<row r="10"', '<row  r="10"'),
    lambda w, r: w.replace('r="C7"', 'r="C7' + "9" * r.randint(1, 5) + '"'),
    lambda w, r: w.replace("</sheetData>", '</sheetData><conditionalFormatting sqref="A1"><cfRule r="Z9"/>'
                                            "</conditionalFormatting>"),
    lambda w, r: w.replace("<sheetData>", '<cols><col min="1" max="2"/></cols><sheetData>'),
    lambda w, r: w.replace("<sheetData>", '<sheetData><row r="1048576"><c r="A1048576"><v>1</v></c></row>'),
    lambda w, r: w,
]


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_the_fast_scan_answers_as_the_exact_scan_or_not_at_all(k):
    rng = random.Random(k)
    window = ("<worksheet><sheetData>" + usual_rows(60, 12, first=2) + "</sheetData></worksheet>").encode()
    changed = VARIANTS[k](window.decode(), rng).encode()
    assert changed != window or k == len(VARIANTS) - 1
    fast = ex._fast_extent(changed)
    rows, cols, implicit = exact_extent(changed)
    if fast is not None:
        assert implicit == 0 and fast == (rows, cols), changed
    # and the scanner as a whole gives the exact scan's extent
    scan = ex._XlsxScan("sheet.xml", 10**6, len(changed))
    scan._scan(changed)
    assert (scan.rows, scan.cols, scan.implicit) == (rows, cols, implicit)


def test_the_fast_scan_takes_the_largest_reference_wherever_it_stands():
    """Not the row tags, not the last cell of each row, not the longest reference: a wrong
    shortcut of each kind would answer less than these."""
    base = "<sheetData>" + usual_rows(200, 8) + "</sheetData>"
    cases = {
        'r="C50"': ('r="C70000"', 70000, 8),       # a far row in a cell in the middle of a row
        'r="B60"': ('r="AAB60"', 201, 704),         # a far column, not in the last cell
        'r="H80"': ('r="h90000"', 90000, 8),        # lower case
        'r="A90"': ('r="A000009"', 201, 8),         # leading zeros: not read fast (None)
    }
    for old, (new, rows, cols) in cases.items():
        window = base.replace(old, new).encode()
        fast = ex._fast_extent(window)
        assert exact_extent(window)[:2] == (rows, cols)
        if new == 'r="A000009"':
            assert fast is None
        else:
            assert fast == (rows, cols)
    # out of order: the far row first, near ones after it
    window = ('<sheetData><row r="99999"><c r="A99999"><v>1</v></c></row>' + usual_rows(200, 8)
              + "</sheetData>").encode()
    assert ex._fast_extent(window) == (99999, 8)
    # the largest, not the last, of those with the most digits
    window = base.replace('r="A5"', 'r="A900000"').replace('r="B6"', 'r="B100000"').encode()
    assert ex._fast_extent(window) == exact_extent(window)[:2] == (900000, 8)
    # the most digits do not decide alone: 0000007 is 7
    window = base.replace('r="A5"', 'r="A0000007"').replace('r="B6"', 'r="B654321"').encode()
    assert exact_extent(window)[:2] == (654321, 8) and ex._fast_extent(window) is None


def test_random_windows_agree_with_the_exact_scan():
    rng = random.Random(5)
    pieces = ['<c r="{c}{r}"><v>1</v></c>', '<c r="{c}{r}" t="s"><v>3</v></c>', '<row r="{r}">', "</row>",
              "<c><v>2</v></c>", '<c r="{c}{r}"/>', "<v>x</v>", '<c r="{c}0{r}">', "<c r='{c}{r}'>",
              '<x:c r="{c}{r}">', '<c  r="{c}{r}">', '<row r="{r}" spans="1:3">', '<c r="{c}{r}" r="B2">',
              ' r="{c}{r}" ', '<f>A1 = B1</f>', '<c r="{c}{r}x">', '<cols><col min="1"/></cols>', "<row/>"]
    for trial in range(300):
        parts = []
        for _ in range(rng.randint(200, 600)):
            piece = pieces[0] if rng.random() < 0.7 else rng.choice(pieces)
            col = "".join(rng.choice("ABCXYZabz") for _ in range(rng.choice([1, 1, 2, 3, 4, 5])))
            parts.append(piece.format(c=col, r=rng.choice([1, 2, 9, 10, 99, 1000, 65536, 1048576, 123456789])))
        window = ("<sheetData>" + "".join(parts) + "</sheetData>").encode()
        fast = ex._fast_extent(window)
        rows, cols, implicit = exact_extent(window)
        if fast is not None:
            assert implicit == 0 and fast == (rows, cols), trial


def usual_sheet(tmp_path, name: str, hostile: str, *, before: str = "", rows: int = 150) -> str:
    """A 5-column sheet of `rows` usual rows (its XML several KB, so the fast path is asked
    about it, the file about 2 KB) and `hostile` after them."""
    body = HEADER_ROWS + before + usual_rows(rows, 2, first=4) + hostile
    return xlsx(tmp_path / name, body)


HOSTILE = [
    # a far cell in the middle of a row, the row tag near; then near cells after it
    ("mid_row.xlsx", '<row r="200"><c r="A200"><v>1</v></c><c r="B1048576"><v>2</v></c>'
                     '<c r="C200"><v>3</v></c></row>'),
    # the far row first, then the usual rows (the last row tag is not the farthest)
    ("unsorted.xlsx", "FIRST"),
    # a huge row number hidden in the last cell of a row whose tag says 160
    ("last_cell.xlsx", '<row r="160"><c r="A160"><v>1</v></c><c r="B999999"><v>2</v></c></row>'),
    # far column, lower case
    ("lower.xlsx", '<row r="170"><c r="a170"><v>1</v></c><c r="xfd170"><v>2</v></c></row>'),
    # leading zeros make the near reference the longest
    ("zeros.xlsx", '<row r="171"><c r="A000000171"><v>1</v></c><c r="B1048576"><v>2</v></c></row>'),
    # a second r attribute
    ("second_r.xlsx", '<row r="172"><c r="A172" r="XFD1048576"><v>1</v></c></row>'),
    ("second_r_spaced.xlsx", '<row r="172"><c r="A172" r = "XFD1048576"><v>1</v></c></row>'),
    # the largest of the longest references is not the last one
    ("largest.xlsx", '<row r="900000"><c r="B900000"><v>1</v></c></row><row r="100000"><c r="B100000"><v>1</v>'
                     "</c></row>"),
    # r not the first attribute
    ("r_later.xlsx", '<row r="173"><c s="1" r="XFD1048576"><v>1</v></c></row>'),
    # prefixed tags, single quotes, spaces, a tab
    ("prefixed.xlsx", '<x:row r="174"><x:c r="XFD1048576"><v>1</v></x:c></x:row>'),
    ("quotes.xlsx", "<row r='175'><c r='XFD1048576'><v>1</v></c></row>"),
    ("spaces.xlsx", '<row r="176"><c r = "XFD1048576"><v>1</v></c></row>'),
    ("tab.xlsx", '<row r="177"><c\tr="XFD1048576"><v>1</v></c></row>'),
    # positions without references: many empty rows, then a wide one
    ("implicit.xlsx", "<row/>" * 3000 + "<row>" + "<c><v>1</v></c>" * 400 + "</row>"),
    ("prefixed_implicit.xlsx", "<x:row/>" * 3000 + "<x:row>" + "<x:c><v>1</v></x:c>" * 400 + "</x:row>"),
]


@pytest.mark.parametrize("name, hostile", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_sheets_are_refused_from_a_window_the_fast_path_was_asked_about(tmp_path, monkeypatch, name,
                                                                                hostile):
    if hostile == "FIRST":
        path = usual_sheet(tmp_path, name, "", before='<row r="1048576"><c r="C1048576"><v>5</v></c></row>')
        far = "1048576"
    else:
        path = usual_sheet(tmp_path, name, hostile)
        far = None
    assert os.path.getsize(path) < 10_000  # a budget of 1,000,000 cells
    asked = []
    original = ex._fast_extent

    def spy(window):
        answer = original(window)
        asked.append((len(window), answer))
        return answer

    monkeypatch.setattr(ex, "_fast_extent", spy)
    with pytest.raises(DataError) as caught:
        read_table(path)
    assert caught.value.code == "too_large" and caught.value.sheet == "S", str(caught.value)
    assert asked and max(n for n, _ in asked) > 4096  # the hostile window was offered to the fast path
    if far:
        assert f"row {int(far):,}" in caught.value.message


def test_a_usual_sheet_is_read_by_the_fast_path_and_a_far_one_named(tmp_path, monkeypatch):
    path = usual_sheet(tmp_path, "ok.xlsx", "")
    answers = []
    original = ex._fast_extent
    monkeypatch.setattr(ex, "_fast_extent", lambda w: answers.append(original(w)) or answers[-1])
    table = read_table(path)
    assert table.n_rows == 152 and answers and all(a is not None for a in answers)
    assert answers[0] == (153, 2)
    # a far cell that the fast path reads: the message names it exactly
    path = usual_sheet(tmp_path, "far.xlsx", '<row r="154"><c r="A154"><v>1</v></c><c r="QQ654321"><v>2</v></c>'
                                             "</row>")
    answers.clear()
    with pytest.raises(DataError) as caught:
        read_table(path)
    assert "row 654,321 and column QQ" in caught.value.message
    assert (654321, ex._column_number(b"QQ")) in answers


# ---- columns from rows ------------------------------------------------------------------------


def signature(result) -> tuple:
    if isinstance(result, DataError):
        return ("error", result.code, str(result), getattr(result, "header_row_hint", None))
    frame = result.frame
    values = []
    for name in frame.columns:
        col = frame[name]
        if col.dtype == np.float64:
            values.append((name, "float64", [None if np.isnan(v) else float(v) for v in col.to_numpy()]))
        else:
            values.append((name, str(col.dtype), [(type(v).__name__, v) for v in col.tolist()]))
    return ("table", values, [c.to_json() for c in result.columns], [c.numeric_text for c in result.columns],
            [c.integer for c in result.columns], result.row_numbers.tolist(), list(result.warnings),
            result.header_row, result.first_row, result.sheet, list(result.sheets))


def cell_by_cell_columns(body, width, names, missing_tokens):
    """The reader before the fast path: each column a list of cells."""
    return [[r[j] if j < len(r) else None for r in body] for j in range(width)]


def read_both(path, monkeypatch, **kw):
    """(fast result, careful result, the column kinds the fast path chose)."""
    kinds = []
    original = rx._columns

    def spy(*args):
        out = original(*args)
        kinds.extend(type(c).__name__ for c in out)
        return out

    results = []
    for careful in (False, True):
        monkeypatch.setattr(rx, "_columns", cell_by_cell_columns if careful else spy)
        if careful:
            monkeypatch.setattr(ex, "_fast_extent", lambda window: None)  # the exact scan only
        try:
            results.append(read_table(path, **kw))
        except DataError as exc:
            results.append(exc)
    monkeypatch.undo()
    return results[0], results[1], kinds


def cell(kind, rng):
    x = rng.random()
    return {
        "num": lambda: None if x < 0.05 else rng.choice(["?", "NA", " ", "", "n/a", "-"]) if x < 0.1
        else round(rng.gauss(50, 15), 2),
        "int": lambda: rng.randint(-5, 500),
        "cat": lambda: None if x < 0.05 else rng.choice(["low", "mid", "high", " high ", "NA", "10"]),
        "numtext": lambda: rng.choice(["12", "7.5", "3", "?", " 4 ", "-0"]),
        "code": lambda: rng.choice(["007", "012", "100"]),
        "mixed": lambda: rng.choice([1.5, 2.0, "abc", None, "?"]),
        "fewtext": lambda: "五十" if x < 0.03 else round(x * 100, 3),
        "bool": lambda: rng.choice([True, False, None]),
        "date": lambda: rng.choice([dt.datetime(2024, 1, 2), None]),
        "ctrl": lambda: rng.choice(["a\x1bb", "plain", "x\u202ey"]),
        "formula": lambda: Formula("A1*2", round(x, 3)) if x < 0.5 else Formula("B1", "t" + str(int(x * 5))),
        "err": lambda: ErrorValue("#N/A") if x < 0.1 else round(x, 2),
        "empty": lambda: None,
        "spaces": lambda: rng.choice([" ", "", "  "]),
        "plusminus": lambda: rng.choice(["+", "-", "+"]),
        "tokens": lambda: rng.choice(["?", "NA", "", None]),
        "big": lambda: rng.choice([2**60 + 1, 3, 12345678901234567]),
        "huge": lambda: 1e308 * 10 if x < 0.01 else x,
    }[kind]()


KINDS = ["num", "int", "cat", "numtext", "code", "mixed", "fewtext", "bool", "ctrl", "formula", "err", "empty",
         "spaces", "plusminus", "tokens", "big", "huge"]


@pytest.mark.parametrize("seed", range(30))
def test_columns_from_rows_give_the_table_cell_by_cell_would(tmp_path, monkeypatch, seed):
    rng = random.Random(seed)
    kinds = [rng.choice(KINDS) for _ in range(rng.randint(1, 10))]
    if seed < len(KINDS):
        kinds[0] = KINDS[seed]  # every kind first at least once
    header = [f"h{j}" if rng.random() > 0.08 else None for j in range(len(kinds))]
    rows = [header] + [[cell(k, rng) for k in kinds] for _ in range(rng.choice([3, 40, 400]))]
    if rng.random() < 0.3:
        rows.insert(0, ["A title"] + [None] * (len(kinds) - 1))
    if rng.random() < 0.3:
        for _ in range(3):
            rows.insert(rng.randint(2, len(rows)), [None] * len(kinds))
    merges = ("A3:A5",) if rng.random() < 0.3 else ()
    path = tmp_path / "w.xlsx"
    write_xlsx(path, {"S": sheet_xml(rows, merges=merges, first_row=rng.choice([1, 3]), first_col=rng.choice([0, 2]))})
    fast, careful, used = read_both(path, monkeypatch)
    assert signature(fast) == signature(careful)


def test_the_fast_columns_are_used_and_the_comparison_would_notice(tmp_path, monkeypatch):
    rows = [["x", "y", "t", "b"]] + [[1.5 + i, "?" if i % 7 == 0 else float(i), "cat_" + str(i % 3), i % 2 == 0]
                                     for i in range(60)]
    path = tmp_path / "w.xlsx"
    write_xlsx(path, {"S": sheet_xml(rows)})
    fast, careful, used = read_both(path, monkeypatch)
    assert used == ["PreParsed", "PreParsed", "TextColumn", "list"]
    assert signature(fast) == signature(careful)
    assert fast.column("y").type == "numeric" and fast.column("y").missing == 9
    assert fast.frame["y"].isna().sum() == 9 and fast.frame["x"].iloc[3] == 4.5
    assert fast.column("t").values == ["cat_0", "cat_1", "cat_2"]
    # the comparison tells a wrong fast path: a lost missing token, a shifted row number
    wrong = rx._columns

    def loses_a_token(body, width, names, tokens):
        out = wrong(body, width, names, tokens)
        out[1] = PreParsed(np.where(np.isnan(out[1].numbers), 0.0, out[1].numbers))
        return out

    monkeypatch.setattr(rx, "_columns", loses_a_token)
    assert signature(read_table(path)) != signature(careful)


def test_numbers_with_a_text_that_is_not_a_token_are_read_cell_by_cell(tmp_path):
    rows = [["x", "y"]] + [[float(i), float(i) if i != 30 else "五十"] for i in range(60)]
    path = tmp_path / "w.xlsx"
    write_xlsx(path, {"S": sheet_xml(rows)})
    table = read_table(path)
    assert table.column("y").type == "nominal"
    assert any('numeric except for "五十" in row 32' in w for w in table.warnings)


def test_columns_of_a_ragged_body_are_padded():
    body = [[1.0, "a", None], [2.0], [3.0, "b"]]
    cols = rx._columns(body, 3, ["x", "t", "z"], frozenset({""}))
    assert isinstance(cols[0], PreParsed) and cols[0].numbers.tolist() == [1.0, 2.0, 3.0]
    assert cols[1] == ["a", None, "b"] and cols[2] == [None, None, None]
    assert isinstance(rx._columns([["a"], ["b"]], 1, ["t"], frozenset())[0], TextColumn)
    assert rx._columns([[1.0], [2.0]], 1, [""], frozenset()) == [[1.0, 2.0]]  # unnamed: cell by cell
    assert rx._columns([], 2, ["a", "b"], frozenset()) == [[], []]
