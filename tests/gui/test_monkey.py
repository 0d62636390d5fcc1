"""A GUI monkey: thousands of random actions on the window, none of which may end in an
uncaught exception, a logged bug ("Something went wrong", an internal error of a job) or a
window that hangs.

The actions: switch tabs; click enabled, visible buttons, check boxes and radio buttons;
set spin boxes, combo boxes, line edits and table cells to random values, hostile text
among them (empty, huge, control characters, Chinese, "=cmd", "-1e400"); trigger menu and
toolbar actions; press keys, click, drag and scroll on the tree canvases; pick rows in
tables and lists; resize the window. Every modal dialog is patched so that nothing blocks
(message boxes answer at random; file dialogs return paths in the test's folder, a folder
that does not exist, a folder, or nothing). Training, comparing and consulting run; a job
still running after a short while is cancelled, and must end.

RULETREE_MONKEY_ACTIONS (default 3000) and RULETREE_MONKEY_SEED (default 1) choose the run:
    RULETREE_MONKEY_ACTIONS=20000 RULETREE_MONKEY_SEED=7 QT_QPA_PLATFORM=offscreen \\
        python -m pytest -q -s tests/gui/test_monkey.py
"""

from __future__ import annotations

import json
import logging
import os
import random
import shutil
import time
import traceback
from collections import deque
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractSpinBox, QApplication, QComboBox,
                               QDialog, QDoubleSpinBox, QFileDialog, QInputDialog, QLineEdit, QListWidget, QMenu,
                               QMessageBox, QSpinBox, QTableWidget, QToolButton)
from PySide6.QtTest import QTest

ACTIONS = int(os.environ.get("RULETREE_MONKEY_ACTIONS", "3000"))
SEED = int(os.environ.get("RULETREE_MONKEY_SEED", "1"))
JOB_SECONDS = float(os.environ.get("RULETREE_MONKEY_JOB_SECONDS", "0.4"))  # then Cancel
REPO = Path(__file__).resolve().parents[2]

HOSTILE = ["", " ", "0", "-1", "1e400", "-1e400", "nan", "inf", "1e308", "-0", "3.5", "99999999999999999999",
           "=cmd|' /C calc'!A0", "+SUM(A1)", "@x", "中文", "心脏病 胸痛", "a\x00b", "\x1b[31mred", "tab\there",
           "line\nbreak", "\u202eevil", "😀", "'; DROP TABLE x;--", "../../etc/passwd", "%s%n%x", "{}", "[1,2]",
           "x" * 5000, "9" * 400, "low", "high", "class", "unacc", "yes", "1,2", "10, 50, 100", "50"]

KEYS = [Qt.Key_Up, Qt.Key_Down, Qt.Key_Left, Qt.Key_Right, Qt.Key_Home, Qt.Key_End, Qt.Key_PageUp,
        Qt.Key_PageDown, Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space, Qt.Key_Escape, Qt.Key_Plus, Qt.Key_Minus,
        Qt.Key_Equal, Qt.Key_0, Qt.Key_1, Qt.Key_F, Qt.Key_A, Qt.Key_Tab, Qt.Key_Backspace, Qt.Key_Delete,
        Qt.Key_Asterisk, Qt.Key_Slash]
#: buttons that start a background job (training, comparing)
JOB_BUTTONS = {"Train", "Compare"}
#: keys never sent with Ctrl / Alt: they would leave the window (Quit, close)
LEAVING = {Qt.Key_Q, Qt.Key_W, Qt.Key_F4}


def typeable(text: str) -> str:
    """What QTest can type (printable ASCII: Qt's test library aborts on other characters);
    the rest of the hostile text is set, not typed."""
    return "".join(ch for ch in text if 32 <= ord(ch) < 127)


class Monkey:
    def __init__(self, window, qtbot, rng: random.Random, files: dict):
        self.w, self.qtbot, self.rng, self.files = window, qtbot, rng, files
        self.history: deque[str] = deque(maxlen=40)
        self.counts: dict[str, int] = {}
        self.jobs_started = 0
        self.jobs_cancelled = 0
        self.seconds: dict[str, float] = {}  # time spent per kind of action (the CI budget)
        self.job_seconds = 0.0  # of which waiting for jobs to end

    # ---- what is on screen ----------------------------------------------------------------

    def visible(self, kind):
        return [c for c in self.w.findChildren(kind) if c.isVisible() and c.isEnabled()]

    def buttons(self):
        out = []
        for b in self.visible(QAbstractButton):
            if isinstance(b, QToolButton) and (b.menu() is not None or
                                               b.popupMode() == QToolButton.InstantPopup):
                continue  # its menu would open modally: its actions are triggered instead
            if "quit" in b.text().lower():
                continue
            out.append(b)
        return out

    def actions(self):
        seen, out = set(), []
        menus = [a.menu() for a in self.w.menuBar().actions() if a.menu() is not None]
        menus += [b.menu() for b in self.w.findChildren(QToolButton) if b.menu() is not None and b.isVisible()]
        todo = list(menus)
        while todo:
            menu = todo.pop()
            for a in menu.actions():
                if a.menu() is not None:
                    todo.append(a.menu())
                elif not a.isSeparator() and a.isEnabled() and id(a) not in seen:
                    seen.add(id(a))
                    out.append(a)
        for a in (self.w.train_action, self.w.export_action):
            if a.isEnabled():
                out.append(a)
        return [a for a in out if "quit" not in a.text().lower()]

    # ---- actions ----------------------------------------------------------------------------

    def step(self) -> None:
        kinds = (("tab", 8), ("button", 22), ("spin", 10), ("combo", 10), ("line", 10), ("cell", 6),
                 ("view", 8), ("action", 6), ("canvas_key", 10), ("canvas_mouse", 6), ("resize", 1),
                 ("list_check", 3), ("train", 1), ("consult", 2))
        kind = self.rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        t = time.monotonic()
        done = getattr(self, f"do_{kind}")()
        if done:
            self.counts[kind] = self.counts.get(kind, 0) + 1
        QApplication.processEvents()
        self.settle_jobs()
        self.seconds[kind] = self.seconds.get(kind, 0.0) + time.monotonic() - t

    def note(self, text: str) -> bool:
        self.history.append(text)
        return True

    def do_tab(self):
        i = self.rng.randrange(self.w.tabs.count())
        self.w.tabs.setCurrentIndex(i)
        return self.note(f"tab {self.w.tabs.tabText(i)}")

    def do_button(self):
        buttons = self.buttons()
        if not buttons:
            return False
        b = self.rng.choice(buttons)
        if b.text() in JOB_BUTTONS and self.rng.random() < 0.6:  # jobs are the slow part: fewer of them
            b = self.rng.choice(buttons)
        self.note(f"click {type(b).__name__} {b.text()!r} ({b.objectName() or b.parent().__class__.__name__})")
        if self.rng.random() < 0.7:
            QTest.mouseClick(b, Qt.LeftButton)
        else:
            b.click()
        return True

    def do_spin(self):
        spins = self.visible(QAbstractSpinBox)
        if not spins:
            return False
        s = self.rng.choice(spins)
        r = self.rng.random()
        if isinstance(s, (QSpinBox, QDoubleSpinBox)) and r < 0.6:
            lo, hi = s.minimum(), s.maximum()
            value = self.rng.choice([lo, hi, lo + (hi - lo) * self.rng.random(), s.value() + 1, s.value() - 1])
            value = int(value) if isinstance(s, QSpinBox) else value
            self.note(f"spin {s.prefix()!r}{s.suffix()!r} = {value!r}")
            s.setValue(max(lo, min(hi, value)) if isinstance(s, QSpinBox) else value)
        elif r < 0.85:
            text = self.rng.choice(HOSTILE)[:30]
            self.note(f"spin type {text!r}")
            s.setFocus()
            s.lineEdit().selectAll()
            QTest.keyClicks(s, typeable(text))
            QTest.keyClick(s, Qt.Key_Return)
        else:
            key = self.rng.choice([Qt.Key_Up, Qt.Key_Down, Qt.Key_PageUp, Qt.Key_PageDown])
            self.note(f"spin key {key}")
            QTest.keyClick(s, key)
        return True

    def do_combo(self):
        combos = self.visible(QComboBox)
        if not combos:
            return False
        c = self.rng.choice(combos)
        if c.isEditable() and self.rng.random() < 0.4:
            text = self.rng.choice(HOSTILE)
            self.note(f"combo edit {text[:40]!r}")
            c.setEditText(text)
            if c.lineEdit() is not None and self.rng.random() < 0.5:
                QTest.keyClick(c.lineEdit(), Qt.Key_Return)
        elif c.count():
            i = self.rng.randrange(c.count())
            self.note(f"combo {c.objectName() or c.currentText()!r} -> {c.itemText(i)!r}")
            c.setCurrentIndex(i)
        else:
            return False
        return True

    def do_line(self):
        edits = [e for e in self.visible(QLineEdit) if not e.isReadOnly()
                 and not isinstance(e.parent(), (QAbstractSpinBox, QComboBox))]
        if not edits:
            return False
        e = self.rng.choice(edits)
        text = self.rng.choice(HOSTILE)
        self.note(f"line {e.placeholderText()[:30]!r} = {text[:40]!r}")
        if self.rng.random() < 0.3 and len(text) < 40:
            e.setFocus()
            e.selectAll()
            QTest.keyClicks(e, typeable(text))
        else:
            e.setText(text)
        if self.rng.random() < 0.6:
            QTest.keyClick(e, Qt.Key_Return)
        return True

    def do_cell(self):
        tables = [t for t in self.visible(QTableWidget) if t.rowCount() and t.columnCount()]
        if not tables:
            return False
        t = self.rng.choice(tables)
        row, col = self.rng.randrange(t.rowCount()), self.rng.randrange(t.columnCount())
        item = t.item(row, col)
        if item is None or not (item.flags() & Qt.ItemIsEditable):
            t.setCurrentCell(row, col)
            return self.note(f"cell select {row},{col}")
        text = self.rng.choice(HOSTILE)
        self.note(f"cell {row},{col} = {text[:40]!r}")
        item.setText(text)
        return True

    def do_view(self):
        views = [v for v in self.visible(QAbstractItemView)
                 if v.model() is not None and v.model().rowCount(QModelIndex())]
        if not views:
            return False
        v = self.rng.choice(views)
        m = v.model()
        try:
            columns = m.columnCount(QModelIndex())
        except TypeError:  # a list model: one column (its columnCount is private in PySide)
            columns = 1
        index = m.index(self.rng.randrange(m.rowCount(QModelIndex())), self.rng.randrange(max(1, columns)))
        v.setCurrentIndex(index)
        rect = v.visualRect(index)
        self.note(f"view {type(v).__name__} row {index.row()}")
        if rect.isValid() and v.viewport().rect().contains(rect.center()):
            if self.rng.random() < 0.3:
                QTest.mouseDClick(v.viewport(), Qt.LeftButton, pos=rect.center())
            else:
                QTest.mouseClick(v.viewport(), Qt.LeftButton, pos=rect.center())
        return True

    def do_list_check(self):
        lists = [x for x in self.visible(QListWidget) if x.count()]
        if not lists:
            return False
        x = self.rng.choice(lists)
        item = x.item(self.rng.randrange(x.count()))
        if item.flags() & Qt.ItemIsUserCheckable:
            item.setCheckState(Qt.Unchecked if item.checkState() == Qt.Checked else Qt.Checked)
        x.setCurrentItem(item)
        return self.note(f"list item {item.text()[:30]!r}")

    def do_action(self):
        actions = self.actions()
        if not actions:
            return False
        a = self.rng.choice(actions)
        self.note(f"action {a.text()!r}")
        a.trigger()
        return True

    def canvases(self):
        """The tree canvases on screen; none: the Tree or Consult tab is brought up first."""
        from app.widgets.tree_canvas import TreeCanvas

        shown = [c for c in self.w.findChildren(TreeCanvas) if c.isVisible()]
        if not shown:
            self.w.tabs.setCurrentWidget(self.rng.choice([self.w.tree_panel, self.w.tree_panel,
                                                          self.w.consult_panel]))
            shown = [c for c in self.w.findChildren(TreeCanvas) if c.isVisible()]
        return shown

    def do_train(self):
        """Train the algorithm chosen (Ctrl+T), sometimes another one first."""
        panel = self.w.train_panel
        if self.rng.random() < 0.5 and panel.algorithm.count():
            panel.algorithm.setCurrentIndex(self.rng.randrange(panel.algorithm.count()))
        self.note(f"train {panel.algorithm.currentData()}")
        self.w.train_now()
        return True

    def do_consult(self):
        """A case: New case, then answers (random inputs) or Unknown."""
        panel = self.w.consult_panel
        self.w.tabs.setCurrentWidget(panel)
        if panel.session is None or self.rng.random() < 0.3:
            self.note("consult: new case")
            panel.new_button.click()
        for _ in range(self.rng.randrange(4)):
            if not panel.candidates:
                break
            if self.rng.random() < 0.3:
                self.note("consult: unknown")
                panel.unknown()
                continue
            for widget in panel.inputs.values():
                if isinstance(widget, QComboBox) and widget.count():
                    widget.setCurrentIndex(self.rng.randrange(widget.count()))
                elif isinstance(widget, QLineEdit):
                    widget.setText(self.rng.choice(HOSTILE))
                elif isinstance(widget, QAbstractSpinBox) and hasattr(widget, "setValue"):
                    widget.setValue(self.rng.uniform(-100, 100))
            self.note("consult: answer")
            panel.submit()
        return True

    def do_canvas_key(self):
        canvases = self.canvases()
        if not canvases:
            return False
        c = self.rng.choice(canvases)
        key = self.rng.choice(KEYS)
        mod = self.rng.choice([Qt.NoModifier] * 6 + [Qt.ControlModifier, Qt.ShiftModifier, Qt.AltModifier])
        if mod != Qt.NoModifier and key in LEAVING:
            mod = Qt.NoModifier
        self.note(f"canvas key {key} mod {mod}")
        c.setFocus()
        QTest.keyClick(c, key, mod)
        return True

    def do_canvas_mouse(self):
        canvases = self.canvases()
        if not canvases:
            return False
        c = self.rng.choice(canvases)
        port = c.viewport()
        pos = QPoint(self.rng.randrange(max(1, port.width())), self.rng.randrange(max(1, port.height())))
        r = self.rng.random()
        if r < 0.4:
            self.note(f"canvas click {pos.x()},{pos.y()}")
            QTest.mouseClick(port, Qt.LeftButton, pos=pos)
        elif r < 0.6:
            self.note(f"canvas double-click {pos.x()},{pos.y()}")
            QTest.mouseDClick(port, Qt.LeftButton, pos=pos)
        elif r < 0.8:
            to = QPoint(self.rng.randrange(max(1, port.width())), self.rng.randrange(max(1, port.height())))
            self.note(f"canvas drag {pos.x()},{pos.y()} -> {to.x()},{to.y()}")
            QTest.mousePress(port, Qt.LeftButton, pos=pos)
            QTest.mouseMove(port, to)
            QTest.mouseRelease(port, Qt.LeftButton, pos=to)
        else:
            delta = self.rng.choice([120, -120, 480, -480, 15])
            mods = self.rng.choice([Qt.NoModifier, Qt.ControlModifier])
            self.note(f"canvas wheel {delta} mod {mods}")
            event = QWheelEvent(QPointF(pos), QPointF(port.mapToGlobal(pos)), QPoint(0, 0), QPoint(0, delta),
                                Qt.NoButton, mods, Qt.NoScrollPhase, False)
            QApplication.sendEvent(port, event)
        return True

    def do_resize(self):
        width, height = self.rng.randrange(300, 1700), self.rng.randrange(200, 1100)
        self.note(f"resize {width}x{height}")
        self.w.resize(width, height)
        return True

    # ---- background jobs ------------------------------------------------------------------

    def settle_jobs(self) -> None:
        """A job started: it may finish within JOB_SECONDS, else (or at random at once) Cancel;
        every job must end within a minute of its Cancel."""
        runners = [self.w.jobs, self.w.compare_panel.jobs]
        busy = [r for r in runners if r.busy or r._running]
        if not busy:
            return
        self.jobs_started += 1
        began = time.monotonic()
        if self.rng.random() < 0.3:
            self.cancel(busy)
        else:
            deadline = time.monotonic() + JOB_SECONDS
            while time.monotonic() < deadline and any(r.busy or r._running for r in runners):
                QTest.qWait(20)
            still = [r for r in runners if r.busy or r._running]
            if still:
                self.cancel(still)
        # outcomes arrive by queued signals: let them be shown
        self.qtbot.waitUntil(lambda: not any(r.busy or r._running for r in runners), timeout=60000)
        QApplication.processEvents()
        self.job_seconds += time.monotonic() - began

    def cancel(self, runners) -> None:
        self.jobs_cancelled += 1
        self.note("cancel the running job")
        button = self.rng.choice([self.w.train_panel.cancel_button, self.w.compare_panel.cancel_button, None])
        if button is not None and button.isEnabled():
            button.click()  # the buttons may be off screen: as if clicked
        for r in runners:
            r.cancel()


def _prepare_files(tmp_path: Path, demo_dir: Path) -> dict:
    """Projects and data a file dialog may answer with, all copies in the test's folder."""
    src = tmp_path / "in"
    src.mkdir()
    for name in ("car_evaluation", "glass", "heart_zh"):
        shutil.copy(demo_dir / f"{name}.xlsx", src / f"{name}.xlsx")
        (src / f"{name}.rtproj").write_bytes((demo_dir / f"{name}.rtproj").read_bytes())
    shutil.copy(demo_dir / "glass_hierarchy.csv", src / "glass_hierarchy.csv")
    car = json.loads((demo_dir / "car_evaluation.rtproj").read_text())
    car["misclassification_costs"]["matrix"] = [[0, 1, 2], [1, 0, 1]]
    (src / "non-square costs.rtproj").write_text(json.dumps(car))
    car["misclassification_costs"]["matrix"] = [[0, -1, 2, 3], [1, 0, 1, 2], [2, 1, 0, 1], [3, 2, 1, 0]]
    (src / "negative costs.rtproj").write_text(json.dumps(car))
    (src / "huge cost.rtproj").write_text(json.dumps(car).replace('"test_cost": 1,', '"test_cost": 1e400,', 1))
    (src / "damaged.rtproj").write_bytes(b'{"format": "ruletree-project", "version": 1, "data": {"pa\xff')
    (src / "small.csv").write_text("a,b,c,y\n" + "".join(f"{i % 3},{i % 5},{i * 0.5},{'yn'[i % 2]}\n"
                                                            for i in range(40)))
    (src / "one row.csv").write_text("a,y\n1,x\n")
    (src / "empty.csv").write_text("")
    (src / "=cmd 中文.csv").write_text("名字,=cmd,y\n张,1,a\n李,2,b\n王,=1+1,a\n赵,4,b\n")
    (src / "hierarchy garbage.csv").write_text("child,parent\nx,x\n\x00,\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "a folder.xlsx").mkdir()
    return {"open": [str(p) for p in sorted(src.iterdir())] + [str(tmp_path / "gone" / "x.rtproj"), str(src), ""],
            "out": out, "gone": tmp_path / "gone" / "deeper", "src": src}


@pytest.fixture
def monkey_window(qtbot, tmp_path, monkeypatch, demo_dir):
    import app.main as main

    rng = random.Random(SEED)
    files = _prepare_files(tmp_path, demo_dir)
    said: list[tuple[str, str]] = []

    def box(kind):
        def show(parent, title, text, *args, **kwargs):
            said.append((kind, str(text)))
            return QMessageBox.Ok
        return show

    for kind in ("warning", "critical", "information", "about"):
        monkeypatch.setattr(QMessageBox, kind, box(kind))

    def question(parent, title, text, buttons=None, *args, **kwargs):
        said.append(("question", str(text)))
        return rng.choice([QMessageBox.Save, QMessageBox.Discard, QMessageBox.Cancel, QMessageBox.Yes,
                           QMessageBox.No])
    monkeypatch.setattr(QMessageBox, "question", question)

    def open_name(parent, caption="", directory="", filter="", *args, **kwargs):
        choice = rng.choice(files["open"])
        if "hierarchy" in caption.lower() and rng.random() < 0.6:
            choice = str(files["src"] / rng.choice(["glass_hierarchy.csv", "hierarchy garbage.csv"]))
        return choice, filter

    def save_name(parent, caption="", directory="", filter="", *args, **kwargs):
        name = os.path.basename(directory) or "saved.rtproj"
        r = rng.random()
        if r < 0.15:
            return "", filter
        if r < 0.3:
            return str(files["gone"] / name), filter
        if r < 0.35:
            return str(files["out"] / "a folder.xlsx"), filter
        if r < 0.45:
            stem, ext = os.path.splitext(name)
            return str(files["out"] / f"=cmd 中文 {stem}{ext}"), filter
        return str(files["out"] / name), filter

    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_name)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory",
                        lambda *a, **k: rng.choice([str(files["out"]), str(files["gone"]), ""]))
    monkeypatch.setattr(QInputDialog, "getInt",
                        lambda parent, title, text, value=0, lo=-2147483647, hi=2147483647, *a, **k:
                        (rng.choice([lo, value, min(hi, value + rng.randrange(5))]), rng.random() < 0.5))
    monkeypatch.setattr(QInputDialog, "getDouble", lambda *a, **k: (rng.uniform(-10, 10), rng.random() < 0.5))
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (rng.choice(HOSTILE), rng.random() < 0.5))
    monkeypatch.setattr(QInputDialog, "getItem", lambda parent, title, label, items, *a, **k:
                        (rng.choice(list(items) or [""]), rng.random() < 0.5))
    monkeypatch.setattr(QDialog, "exec", lambda self: rng.choice([QDialog.Accepted, QDialog.Rejected]))
    monkeypatch.setattr(QMenu, "exec", lambda *a, **k: None)
    # the repository's own demo files are never written over (Open demo project, then Save):
    # a write there fails as a read-only folder would, and must be said as one
    import app.opening as opening

    real_save = opening.save_project

    def guarded_save(project, path=None):
        target = os.path.abspath(os.fspath(path or project.path))
        if target.startswith(str(REPO) + os.sep):
            raise PermissionError(13, "Permission denied", target)
        return real_save(project, path)
    monkeypatch.setattr(opening, "save_project", guarded_save)

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    w = main.MainWindow(settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_path(str(files["src"] / rng.choice(["car_evaluation.rtproj", "heart_zh.rtproj"])))
    return w, rng, files, said


class _Bugs(logging.Handler):
    """Every record at ERROR or above: the window's "Something went wrong", a job's internal error."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record):
        self.records.append(self.format(record))


def test_monkey(monkey_window, qtbot, request):
    window, rng, files, said = monkey_window
    # pytest-qt fails a test on an exception in a Qt virtual method or slot: it must not be off
    assert not request.config.getini("qt_no_exception_capture")
    monkey = Monkey(window, qtbot, rng, files)
    bugs = _Bugs()
    bugs.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    logging.getLogger().addHandler(bugs)
    found: list[str] = []
    start = time.monotonic()
    try:
        with qtbot.capture_exceptions() as exceptions:
            for n in range(ACTIONS):
                seen = (len(exceptions), len(bugs.records), sum(k == "critical" for k, _ in said))
                monkey.step()
                now = (len(exceptions), len(bugs.records), sum(k == "critical" for k, _ in said))
                if now != seen:
                    what = ["".join(traceback.format_exception(*e)[-6:]) for e in exceptions[seen[0]:]] + \
                        bugs.records[seen[1]:] + \
                        [t for k, t in said if k == "critical"][seen[2]:]
                    found.append(f"action {n}: {what}\n  last actions:\n    " + "\n    ".join(monkey.history))
            for r in (window.jobs, window.compare_panel.jobs, window.consult_panel.tasks):
                assert r.wait(60000), "a background job never ended"
            QApplication.processEvents()
    finally:
        logging.getLogger().removeHandler(bugs)
    seconds = time.monotonic() - start
    print(f"\nmonkey: {ACTIONS} actions, seed {SEED}, {seconds:.1f} s; by kind {dict(sorted(monkey.counts.items()))}; "
          f"jobs {monkey.jobs_started} (cancelled {monkey.jobs_cancelled}, {monkey.job_seconds:.1f} s); "
          f"dialogs {len(said)}; seconds by kind "
          f"{ {k: round(v, 1) for k, v in sorted(monkey.seconds.items())} }")
    if found or exceptions:
        details = "".join("".join(traceback.format_exception(*e)) for e in exceptions[:3])
        pytest.fail(f"{len(found)} failure(s), seed {SEED}:\n" + "\n".join(found[:5]) + "\n" + details)
