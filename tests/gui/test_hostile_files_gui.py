"""Files from strangers, the window's part: a project with impossible costs, a folder that is
gone or cannot be written, damaged session files and settings. Each case says what is wrong
in words, naming the file (and the setting), never "something went wrong", and the window
stays usable with the user's work kept."""

import errno
import json

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QInputDialog, QMessageBox

from app.main import MainWindow

BUG = "Something went wrong"


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    said = {"warning": [], "critical": [], "information": []}
    for kind in said:
        monkeypatch.setattr(QMessageBox, kind, lambda parent, title, text, *a, _k=kind, **kw: said[_k].append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **kw: QMessageBox.Discard)
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **kw: (0, False))
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    w.said = said
    qtbot.addWidget(w)
    return w


def everything_said(window) -> list[str]:
    return [t for texts in window.said.values() for t in texts]


def car_project(demo_dir) -> dict:
    project = json.loads((demo_dir / "car_evaluation.rtproj").read_text())
    project["data"]["path"] = str(demo_dir / project["data"]["path"])
    return project


def write_project(tmp_path, obj, name="car.rtproj", text=None):
    path = tmp_path / name
    path.write_text(text if text is not None else json.dumps(obj), encoding="utf-8")
    return path


# ---- (a) a project with impossible costs -------------------------------------------------

WRONG_MATRICES = {
    "not square": [[0, 1, 2], [1, 0, 1]],
    "ragged": [[0, 1], [1, 0, 1, 2], [2, 1, 0, 1], [3, 2, 1, 0]],
    "negative": [[0, -1, 2, 3], [1, 0, 1, 2], [2, 1, 0, 1], [3, 2, 1, 0]],
    "empty": [],
}


@pytest.mark.parametrize("kind", sorted(WRONG_MATRICES))
def test_a_wrong_shaped_or_negative_cost_matrix_opens_with_a_warning(window, demo_dir, tmp_path, kind):
    """Valid JSON, wrong matrix: the project opens (the user can mend it on the Problem tab) and a
    warning names the file and the setting at once; training is refused in words."""
    obj = car_project(demo_dir)
    obj["misclassification_costs"]["matrix"] = WRONG_MATRICES[kind]
    path = write_project(tmp_path, obj, f"costs {kind}.rtproj")
    assert window.open_path(str(path))
    assert window.said["critical"] == []
    warning = window.said["warning"][-1]
    assert f'"costs {kind}.rtproj"' in warning and "misclassification_costs.matrix" in warning
    assert window.tabs.currentWidget() is window.problem_panel
    problems = [window.problem_panel.problems.item(i).text() for i in range(window.problem_panel.problems.count())]
    assert any(p.startswith("Cost matrix") for p in problems)
    # still usable: training says why it cannot, the settings can be mended and saved
    window.train("cart", window.train_panel.form.values())
    assert window.said["critical"] == [] and "misclassification_costs" in window.said["warning"][-1]
    assert window.save_project(path=str(tmp_path / "mended.rtproj"))


BAD_VALUES = {
    "a cost of 1e400": ('"test_cost": 1,', '"test_cost": 1e400,', "attributes.buying.test_cost"),
    "a cost per time of -1e400": ('"cost_per_time": 1', '"cost_per_time": -1e400', "cost_per_time"),
    "text in the cost matrix": ("[0, 100, 200, 300]", '[0, "cheap", 200, 300]', "misclassification_costs.matrix"),
    "a matrix that is a text": ('"matrix": [[0, 100, 200, 300], [100, 0, 100, 200], [200, 100, 0, 100], '
                                '[300, 200, 100, 0]]', '"matrix": "eye(4)"', "misclassification_costs.matrix"),
}


@pytest.mark.parametrize("kind", sorted(BAD_VALUES))
def test_an_impossible_cost_is_refused_naming_file_and_setting(window, demo_dir, tmp_path, kind):
    """1e400 (not finite; soon refused when the JSON is read), or text where a number goes: the
    project is refused, or opened with a warning, in words naming the file and the setting — and
    the project open before stays open and usable."""
    before = write_project(tmp_path, car_project(demo_dir), "before.rtproj")
    assert window.open_path(str(before))
    old, new, field = BAD_VALUES[kind]
    text = json.dumps(car_project(demo_dir))
    assert old in text
    path = write_project(tmp_path, None, "hostile.rtproj", text.replace(old, new, 1))
    opened = window.open_path(str(path))
    assert window.said["critical"] == [] and not any(BUG in t for t in everything_said(window))
    warning = window.said["warning"][-1]
    # the setting, or (refused as the JSON is read: numbers JSON cannot hold) the value itself
    assert "hostile.rtproj" in warning and (field in warning or new.split(": ")[-1].strip(",") in warning)
    if not opened:  # refused: the previous project is still the one open
        assert window.project.path == str(before) and window.table is not None
    assert window.save_project(path=str(tmp_path / "again.rtproj"))


def test_a_damaged_project_does_not_stop_the_window(window, demo_dir, tmp_path):
    for i, text in enumerate(["", "{", "\x00\xff garbage", "[1, 2]", '{"format": "ruletree-project", "version": 1e400}',
                              json.dumps({"format": "ruletree-project", "version": 1, "data": 5})]):
        path = tmp_path / f"damaged{i}.rtproj"
        path.write_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
        assert not window.open_path(str(path))
        assert f"damaged{i}.rtproj" in window.said["warning"][-1]
    assert window.said["critical"] == []
    assert window.open_path(str(write_project(tmp_path, car_project(demo_dir))))


# ---- (b) writing where it cannot be written -------------------------------------------------


def _fail_with(monkeypatch, code):
    """The engine's atomic writes fail with `code` (a full disk, a read-only folder: the tests
    run as root, so a real read-only folder would be written all the same)."""
    import os
    import tempfile

    def mkstemp(*args, **kwargs):
        raise OSError(code, os.strerror(code), kwargs.get("dir"))
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    return {errno.ENOSPC: "disk is full", errno.EACCES: "may not write", errno.EROFS: "read-only"}[code]


@pytest.mark.parametrize("where", ["missing folder", "a folder", "under a file", "disk full", "read-only",
                                   "no permission"])
def test_saving_where_it_cannot_be_written_says_so_and_keeps_the_work(window, demo_dir, tmp_path, monkeypatch,
                                                                     where):
    path = write_project(tmp_path, car_project(demo_dir))
    assert window.open_path(str(path))
    window.problem_panel.attributes.cellWidget(window.problem_panel.attribute_row("doors"), 4).setValue(7.5)
    assert window.dirty and window.windowTitle().startswith("car.rtproj *")
    (tmp_path / "a folder").mkdir()
    target, words = {
        "missing folder": (tmp_path / "gone" / "deeper" / "x.rtproj", "does not exist"),
        "a folder": (tmp_path / "a folder", "is a folder"),
        "under a file": (path / "x.rtproj", "is a file, not a folder"),
        "disk full": (tmp_path / "x.rtproj", None),
        "read-only": (tmp_path / "x.rtproj", None),
        "no permission": (tmp_path / "x.rtproj", None),
    }[where]
    if words is None:
        words = _fail_with(monkeypatch, {"disk full": errno.ENOSPC, "read-only": errno.EROFS,
                                         "no permission": errno.EACCES}[where])
    assert not window.save_project(path=str(target))
    assert window.said["critical"] == []
    message = window.said["warning"][-1]
    assert words in message and "Your work is kept" in message
    assert str(target) in message or (str(target.parent) in message and target.name in message)
    # the edits are kept, unsaved: still marked, still the project's own path
    assert window.dirty and window.windowTitle().startswith("car.rtproj *") and window.project.path == str(path)
    assert window.spec.attribute("doors").test_cost == 7.5


def _train(window, qtbot, demo_dir, tmp_path):
    assert window.open_path(str(write_project(tmp_path, car_project(demo_dir))))
    window.train_panel.select("cart")
    values = window.train_panel.form.values()
    with qtbot.waitSignal(window.jobs.finished, timeout=120000):
        window.train_panel.train_requested.emit("cart", values)


def test_exports_into_a_missing_folder_say_so(window, demo_dir, tmp_path, qtbot, monkeypatch):
    """Rules workbook, tree picture (PNG and SVG), the cases workbook and the comparison
    workbook: each says the folder does not exist, naming it; nothing is a bug."""
    _train(window, qtbot, demo_dir, tmp_path)
    gone = tmp_path / "gone"
    assert not window.export_rules(str(gone / "rules.xlsx"))
    assert window.export_rules(str(tmp_path / "rules.xlsx"))
    assert not window.tree_panel.export_picture(str(gone / "tree.png"))
    assert not window.tree_panel.export_picture(str(gone / "tree.svg"))
    (tmp_path / "folder.png").mkdir()
    assert not window.tree_panel.export_picture(str(tmp_path / "folder.png"))
    # a saved case, exported
    window.tabs.setCurrentWidget(window.consult_panel)
    window.consult_panel.new_case()
    assert window.consult_panel.unknown()
    assert window.consult_panel.history_box.sessions
    assert not window.consult_panel.export_history(str(gone / "cases.xlsx"))
    # the comparison workbook: the engine's writer meets a folder that is gone
    import app.panels.compare_panel as compare_panel

    def write_comparison(path, *args, **kwargs):
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", str(path))
    monkeypatch.setattr(compare_panel, "write_comparison", write_comparison)  # the engine's, where the panel calls it
    panel = window.compare_panel
    panel.result, panel.tests = object(), object()
    monkeypatch.setattr(panel, "plot_images", lambda: {})
    assert not panel.export(str(gone / "comparison.xlsx"))
    assert window.said["critical"] == []
    warnings = window.said["warning"]
    assert len(warnings) == 6
    for name, text in zip(["rules.xlsx", "tree.png", "tree.svg", "folder.png", "cases.xlsx", "comparison.xlsx"],
                          warnings):
        assert name in text and not text.startswith(BUG)
        assert (f'The folder "{gone}" does not exist' in text) if name != "folder.png" else "is a folder" in text


# ---- (c) damaged files where the window looks on its own -------------------------------------------


def test_damaged_session_files_are_said_in_words(window, demo_dir, tmp_path, qtbot):
    from engine.sessions import sessions_dir

    folder = sessions_dir()
    (folder / "broken.json").write_text("{ not json", encoding="utf-8")
    (folder / "foreign.json").write_text(json.dumps({"format": "something-else"}), encoding="utf-8")
    (folder / "binary.json").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    _train(window, qtbot, demo_dir, tmp_path)
    box = window.consult_panel.history_box
    window.tabs.setCurrentWidget(window.consult_panel)
    assert not box.skipped.isHidden()
    text = box.skipped.text()
    assert text.startswith("3 saved case files could not be read")
    for name in ("broken.json", "foreign.json", "binary.json"):
        assert name in text
    # the window works on: a case is consulted and saved beside the damaged files
    window.consult_panel.new_case()
    assert window.consult_panel.unknown()
    assert len(box.sessions) == 1
    assert window.said["critical"] == []


def test_a_damaged_settings_file_does_not_stop_the_window(qtbot, tmp_path):
    ini = tmp_path / "settings.ini"
    ini.write_text("[General]\ngeometry=not a geometry\nrecent=3\n")
    w = MainWindow(QSettings(str(ini), QSettings.IniFormat))
    qtbot.addWidget(w)
    assert w.recent_files() == ["3"]
    ini.write_text("[General]\ngeometry=1, 2\n")
    w2 = MainWindow(QSettings(str(ini), QSettings.IniFormat))
    qtbot.addWidget(w2)


def test_the_error_words_for_each_os_error(tmp_path):
    """app.errors: the one place a failed write becomes words."""
    from app.errors import error_text

    path = str(tmp_path / "gone" / "x.xlsx")
    text, bug = error_text(FileNotFoundError(errno.ENOENT, "No such file or directory"), path)
    assert not bug and f'The folder "{tmp_path / "gone"}" does not exist' in text and "x.xlsx" in text
    here = str(tmp_path / "x.xlsx")
    for exc, words in ((PermissionError(errno.EACCES, "Permission denied"), "may not write"),
                       (OSError(errno.ENOSPC, "No space left on device"), "The disk is full"),
                       (OSError(errno.EROFS, "Read-only file system"), "read-only disk"),
                       (OSError(errno.ENAMETOOLONG, "File name too long"), "too long"),
                       (OSError(errno.EIO, "Input/output error"), "Input/output error")):
        text, bug = error_text(exc, here)
        assert not bug and words in text and "Your work is kept" in text
        assert here in text or (f'"{tmp_path}"' in text and '"x.xlsx"' in text)
    text, bug = error_text(FileNotFoundError(errno.ENOENT, "No such file or directory"), here, writing=False)
    assert not bug and "does not exist" in text and "Your work is kept" not in text
    text, bug = error_text(KeyError("x"))
    assert bug and text.startswith(BUG)



# ---- found by the monkey (tests/gui/test_monkey.py) -------------------------------------------


def test_editing_a_cost_of_a_matrix_that_does_not_fit_mends_it(window, demo_dir, tmp_path):
    """A cost typed into the table of a project whose matrix is of the wrong shape was an
    IndexError; now the matrix becomes the one shown, with the cost typed."""
    obj = car_project(demo_dir)
    obj["misclassification_costs"]["matrix"] = [[0, 1, 2], [1, 0, 1]]
    assert window.open_path(str(write_project(tmp_path, obj)))
    costs = window.problem_panel.costs
    costs.matrix.item(0, 1).setText("7")
    mc = window.spec.misclassification_costs
    assert mc.labels == ["unacc", "acc", "good", "vgood"] and len(mc.matrix) == 4
    assert all(len(row) == 4 for row in mc.matrix) and mc.matrix[0][1] == 7.0 and mc.matrix[1][0] == 1.0
    texts = [window.problem_panel.problems.item(i).text() for i in range(window.problem_panel.problems.count())]
    assert not any(t.startswith("Cost matrix") for t in texts)


@pytest.mark.parametrize("typed", ["1e400", "-1e400", "nan", "cheap"])
def test_a_cost_that_is_not_a_number_is_not_stored(window, demo_dir, tmp_path, typed):
    """Typing "1e400" in a cost cell stored infinity, and saving the project then failed
    as a bug (JSON cannot hold it)."""
    assert window.open_path(str(write_project(tmp_path, car_project(demo_dir))))
    costs = window.problem_panel.costs
    costs.matrix.item(0, 1).setText(typed)
    assert window.spec.misclassification_costs.matrix[0][1] == 100
    batches = window.problem_panel.batches
    item = batches.table.item(0, 2) if hasattr(batches, "table") else None
    if item is not None:
        item.setText(typed)
    assert window.save_project(path=str(tmp_path / "saved.rtproj"))
    assert window.said["critical"] == []


def test_an_editor_of_rows_since_replaced_changes_nothing(window, demo_dir, tmp_path):
    """The order box of an attribute of the file open before (its focus leaves as the table is
    rebuilt) was a KeyError, and could write that attribute into the new problem."""
    assert window.open_path(str(write_project(tmp_path, car_project(demo_dir))))
    panel = window.problem_panel
    editor = panel.attributes.cellWidget(panel.attribute_row("doors"), 8)
    heart = json.loads((demo_dir / "heart_zh.rtproj").read_text())
    heart["data"]["path"] = str(demo_dir / heart["data"]["path"])
    assert window.open_path(str(write_project(tmp_path, heart, "heart.rtproj")))
    before = window.spec.to_json()
    panel._order_edited("doors", editor)  # what its editingFinished calls
    panel._set("doors", order=["2", "3"])
    assert window.spec.to_json() == before
