"""The window walked in each language: every tab, the menus and the dialogs a user meets.

In zh_CN no visible text may be left in English; in English no text may be Chinese. Data are
excepted: the walk opens the Chinese demo workbook (heart_zh: Chinese headers, values, classes
and sheet names), and every column name, value, class and sheet name is taken out of a text
before it is judged, as are the file's name and the names that are the same in both languages
(algorithm acronyms, the program's name, file types; ALLOWED below, each with its reason).

Texts are collected from widgets' own properties (labels, buttons, group titles, tabs, combo
items, placeholders, tool tips, headers of item views, read-only text boxes), the menus and
the toolbar, the tree canvases' node and legend texts, the plots' titles and axes, the
message boxes and file dialogs the walk provokes (recorded, never shown), and the parameter
forms of every algorithm on the Train tab.
"""

from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractSpinBox, QComboBox,
                               QFileDialog, QGroupBox, QInputDialog, QLabel, QLineEdit, QMessageBox, QPlainTextEdit,
                               QTabWidget, QTextEdit, QWidget)

from app import i18n
from app.main import MainWindow

#: words that are the same in both languages
ALLOWED = {
    "RuleTree", "Studio",  # the program's name
    # algorithm names and their papers' acronyms (the glossary: never translated)
    "CART", "ID3", "C4.5", "FACMI", "HFDT", "DP", "REMT", "REMT-Ordinal", "OLM", "MinCost", "IE", "ICT", "QuMI",
    "FID3", "Fuzzy", "M1", "M2", "M3", "CV", "Fisher", "LDA", "Kohonen",  # a method named after its author
    # file types and formats, programs and libraries the About box names
    "Excel", "CSV", "xlsx", "xls", "csv", "arff", "ARFF", "txt", "tsv", "rtproj", "rtmodel", "JSON", "json", "PNG",
    "PMML", "png", "SVG", "svg", "Qt", "PySide6", "Python", "NumPy", "Numba", "pandas", "pyqtgraph", "openpyxl",
    "Ctrl", "Shift",
    # the data's own abbreviations, shown cut short on the tree (ST段压低 -> "ST段…")
    "ST",
    # authors' names in algorithm titles and tests (as Chinese texts print them), and the methods'
    # own acronyms: MDL (minimum description length), CF (C4.5's confidence factor), SE (the 1-SE
    # rule), CCP (cost-complexity pruning), RS / RT (the rough-set and ranking trees' names),
    # Min-Ambiguity (Yuan and Shaw's learner), min / max (t-norm and rule operators)
    "Quinlan", "Xia", "Hu", "Ling", "Yuan", "Shaw", "Wilcoxon", "Friedman", "Nemenyi", "Iman-Davenport",
    "MDL", "CF", "SE", "CCP", "RS", "RT", "Min-Ambiguity", "min", "max",
    "GR", "MC", "TC", "WC",  # the minimum-cost paper's symbols in its F = w1·GR' - w2·MC' ... (ALGORITHMS.md)
    # text encodings named in the readers' messages
    "UTF-8", "utf-8", "utf-16", "UTF-16", "GBK", "gbk", "GB18030", "gb18030", "cp1252", "latin-1",
    # metrics' usual abbreviations
    "AUC", "MAE", "F1", "RMSE",
    # units
    "ms", "MB", "GB", "KB",
    # the language menu names each language in itself
    "English", "简体中文",
}

CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]|[A-Za-z]")  # min_cases is one word
TAG = re.compile(r"<[^>]+>")
SESSION_ID = re.compile(r"\b\d{8}-\d{6}-[0-9a-f]{6}\b")


def _clean(text: str) -> str:
    text = TAG.sub(" ", text or "").replace("&nbsp;", " ").replace("&amp;", "&")
    return text.replace("&", "")  # menu accelerators


class Walk:
    def __init__(self, lang: str, data_tokens: set[str]):
        self.lang = lang
        # longest first: "ST段压低" goes before "ST"
        self.tokens = sorted((t for t in data_tokens if t), key=len, reverse=True)
        self.found: list[tuple[str, str]] = []

    def add(self, where: str, text) -> None:
        if text is None:
            return
        text = _clean(str(text))
        if text.strip():
            self.found.append((where, text))

    def offending(self) -> list[str]:
        out = []
        for where, text in self.found:
            rest = text
            for token in self.tokens:
                if token in rest:
                    rest = rest.replace(token, " ")
            rest = SESSION_ID.sub(" ", rest)  # a consultation's id (the history's last column): a key
            if self.lang == "zh_CN":
                words = [w for w in WORD.findall(rest) if w not in ALLOWED and not _hex_or_unit(w)]
                if words:
                    out.append(f"{where}: {words} in {text[:160]!r}")
            else:
                for name in ("简体中文",):
                    rest = rest.replace(name, " ")
                if CJK.search(rest):
                    out.append(f"{where}: Chinese in {text[:160]!r}")
        return sorted(set(out))

    # ---- collecting -------------------------------------------------------------------------

    def widget_tree(self, root: QWidget, where: str) -> None:
        for w in [root, *root.findChildren(QWidget)]:
            if not w.isVisibleTo(root.window()) and w is not root:
                continue
            name = f"{where}/{type(w).__name__}:{w.objectName() or ''}"
            self.add(name + ".toolTip", w.toolTip())
            if isinstance(w, QLabel):
                self.add(name, w.text())
            elif isinstance(w, QAbstractButton):
                self.add(name, w.text())
            elif isinstance(w, QGroupBox):
                self.add(name, w.title())
            elif isinstance(w, QTabWidget):
                for i in range(w.count()):
                    self.add(f"{name}.tab{i}", w.tabText(i))
                    self.add(f"{name}.tab{i}.tip", w.tabToolTip(i))
            elif isinstance(w, QComboBox):
                for i in range(w.count()):
                    self.add(f"{name}.item{i}", w.itemText(i))
                self.add(name + ".placeholder", w.placeholderText())
            elif isinstance(w, QLineEdit):
                self.add(name + ".placeholder", w.placeholderText())
                if w.isReadOnly():
                    self.add(name, w.text())
            elif isinstance(w, (QTextEdit, QPlainTextEdit)):
                self.add(name + ".placeholder", w.placeholderText())
                if w.isReadOnly():
                    self.add(name, w.toPlainText())
            elif isinstance(w, QAbstractSpinBox):
                self.add(name + ".special", w.specialValueText())
                for attr in ("prefix", "suffix"):
                    if hasattr(w, attr):
                        self.add(f"{name}.{attr}", getattr(w, attr)())
            if isinstance(w, QAbstractItemView) and w.model() is not None:
                self.item_view(w, name)
            scene = getattr(w, "scene", None)
            if callable(scene) and scene() is not None and hasattr(scene(), "items"):
                self.scene(scene(), name)
            plot_item = getattr(w, "getPlotItem", None)
            if callable(plot_item):
                self.plot(plot_item(), name)
            if w.isWindow():
                self.add(name + ".windowTitle", w.windowTitle())

    def item_view(self, view, name: str) -> None:
        model = view.model()
        try:
            columns = model.columnCount()
        except TypeError:  # a list model: one column (its columnCount is private in PySide6)
            columns = 1
        for orientation, count in ((Qt.Horizontal, columns), (Qt.Vertical, 0)):
            for c in range(min(count, 60)):
                self.add(f"{name}.header{c}", model.headerData(c, orientation, Qt.DisplayRole))
                self.add(f"{name}.header{c}.tip", model.headerData(c, orientation, Qt.ToolTipRole))
        for r in range(min(model.rowCount(), 40)):
            for c in range(min(columns, 20)):
                index = model.index(r, c)
                self.add(f"{name}[{r},{c}]", model.data(index, Qt.DisplayRole))
                self.add(f"{name}[{r},{c}].tip", model.data(index, Qt.ToolTipRole))
                for k in range(min(model.rowCount(index), 20) if c == 0 else 0):  # one level of a tree model
                    self.add(f"{name}[{r},{c}]/{k}", model.data(model.index(k, 0, index), Qt.DisplayRole))

    def scene(self, scene, name: str) -> None:
        for item in scene.items():
            where = f"{name}/{type(item).__name__}"
            self.add(where + ".toolTip", item.toolTip())
            for attr in ("header", "detail", "cost_text", "_label_text", "membership_text", "note", "value_text"):
                value = getattr(item, attr, None)
                if isinstance(value, str):
                    self.add(f"{where}.{attr}", value)
            names = getattr(item, "names", None)
            if isinstance(names, (list, tuple)):
                for n in names:
                    self.add(f"{where}.names", n if isinstance(n, str) else None)
            for method in ("toPlainText", "text"):
                fn = getattr(item, method, None)
                if callable(fn):
                    try:
                        self.add(f"{where}.{method}", fn())
                    except TypeError:
                        pass

    def plot(self, item, name: str) -> None:
        self.add(name + ".title", getattr(item.titleLabel, "text", ""))
        for side in ("bottom", "left", "top", "right"):
            axis = item.getAxis(side)
            if axis.isVisible():
                self.add(f"{name}.axis.{side}", axis.labelText)
        legend = getattr(item, "legend", None)
        if legend is not None:
            for _sample, label in getattr(legend, "items", []):
                self.add(name + ".legend", getattr(label, "text", ""))

    def menus(self, window) -> None:
        def walk(menu, where):
            for action in menu.actions():
                if action.isSeparator():
                    continue
                self.add(f"{where}/{action.text()}", action.text())
                self.add(f"{where}/{action.text()}.tip", action.toolTip() if action.toolTip() != action.text().replace("&", "") else "")
                self.add(f"{where}/{action.text()}.status", action.statusTip())
                if action.menu() is not None:
                    walk(action.menu(), f"{where}/{action.text()}")

        walk(window.menuBar(), "menu")
        for bar in window.findChildren(__import__("PySide6.QtWidgets", fromlist=["QToolBar"]).QToolBar):
            for action in bar.actions():
                self.add(f"toolbar/{action.text()}", action.text())
                self.add(f"toolbar/{action.text()}.tip", action.toolTip())


def _hex_or_unit(word: str) -> bool:
    """One letter (a variable, a shortcut's key: ΔE, Ctrl+T), a number's exponent, a colour."""
    if re.fullmatch(r"[A-Za-z]\d*|[0-9a-fA-F]{6,}|e[0-9+\-]*", word):
        return True
    return word in _identifiers()


def _identifiers() -> set[str]:
    """What the command line takes as it is (the glossary: never translated): algorithm keys
    (c45, facmi), parameter names (min_cases, shown as the tool tip of their label) and the words
    of their choices (gini, entropy, auto, none, true, false), which the parameters' help quotes."""
    from engine.algorithms.registry import algorithms

    out = {"true", "false"}
    for info in algorithms():
        out.add(info.name)
        for param in info.params:
            out.add(param.name)
            for choice in getattr(param, "choices", None) or ():
                out.add(str(choice))
    return out


def _data_tokens(window) -> set[str]:
    from engine.data import read_table

    tokens: set[str] = set()
    table = window.table
    for sheet in table.sheets:
        tokens.add(sheet)
        other = read_table(table.file, sheet)
        for column in other.columns:
            tokens.add(column.name)
            tokens.update(str(v) for v in column.values)
    frame = getattr(table, "frame", None)
    if frame is not None:
        for col in frame.columns:
            tokens.update(str(v) for v in frame[col].dropna().unique()[:500])
    tokens.update({"heart_zh.rtproj", "heart_zh.xlsx", "heart_zh", str(table.file)})
    tokens.add("心脏病")  # the Chinese demo's own name, on the start page's list of demos
    return tokens


def _record_dialogs(monkeypatch, walk_ref: list):
    def record(kind):
        def fn(parent, title, text, *args, **kwargs):
            walk_ref[0].add(f"QMessageBox.{kind}.title", title)
            walk_ref[0].add(f"QMessageBox.{kind}", text)
            return QMessageBox.Discard if kind == "question" else QMessageBox.Ok
        return fn

    for kind in ("warning", "critical", "information", "question", "about"):
        monkeypatch.setattr(QMessageBox, kind, record(kind))

    def file_dialog(kind):
        def fn(parent=None, caption="", directory="", filter="", *args, **kwargs):
            walk_ref[0].add(f"QFileDialog.{kind}.caption", caption)
            walk_ref[0].add(f"QFileDialog.{kind}.filter", re.sub(r"\([^)]*\)", " ", filter or ""))
            return "", ""
        return fn

    monkeypatch.setattr(QFileDialog, "getOpenFileName", file_dialog("open"))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", file_dialog("save"))

    def get_int(parent, title, text, *args, **kwargs):
        walk_ref[0].add("QInputDialog.getInt.title", title)
        walk_ref[0].add("QInputDialog.getInt", text)
        return 0, False

    monkeypatch.setattr(QInputDialog, "getInt", get_int)


@pytest.fixture
def language(qapp, request):
    lang = request.param
    i18n.install(qapp, lang)
    yield lang
    i18n.install(qapp, "en")


@pytest.mark.parametrize("language", ["zh_CN", "en"], indirect=True)
def test_every_tab_menu_and_dialog_speaks_one_language(language, qtbot, tmp_path, monkeypatch, demo_dir):
    walk_ref: list = [Walk(language, set())]
    _record_dialogs(monkeypatch, walk_ref)
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)

    # the start page, before any file
    walk_ref[0].widget_tree(window, "start")
    project = json.loads((demo_dir / "heart_zh.rtproj").read_text(encoding="utf-8"))
    project["data"]["path"] = str(demo_dir / project["data"]["path"])
    path = tmp_path / "heart_zh.rtproj"
    path.write_text(json.dumps(project, ensure_ascii=False), encoding="utf-8")
    assert window.open_path(str(path))
    walk = Walk(language, _data_tokens(window) | {str(path), "broken.csv", str(tmp_path)})
    walk.found = walk_ref[0].found
    walk_ref[0] = walk
    walk.menus(window)

    for panel in ("data", "problem"):
        window.tabs.setCurrentWidget(getattr(window, f"{panel}_panel"))
        qtbot.wait(50)
        walk.widget_tree(window, panel)

    # every algorithm's parameter form
    from engine.algorithms.registry import algorithms

    for info in algorithms():
        window.tabs.setCurrentWidget(window.train_panel)
        window.train_panel.select(info.name)
        walk.widget_tree(window.train_panel, f"train[{info.name}]")

    # a crisp tree, a fuzzy one, a minimum-cost one (costs on the boxes) and the trichotomy's
    # (PENDING): each shows words of its own on the Train, Tree, Rules and Consult tabs
    for algorithm in ("c45", "hfdt", "mincost", "trichotomy"):
        window.tabs.setCurrentWidget(window.train_panel)
        window.train_panel.select(algorithm)
        with qtbot.waitSignal(window.jobs.finished, timeout=120_000):
            window.train_panel.train_requested.emit(algorithm, window.train_panel.form.values())
        for panel in ("train", "tree", "rules", "consult"):
            window.tabs.setCurrentWidget(getattr(window, f"{panel}_panel"))
            qtbot.wait(100)
            walk.widget_tree(window, f"{panel}[{algorithm}]")
        # the consultation: every question answered "unknown" until it ends, then its answer shown
        consult = window.consult_panel
        consult.new_case()
        for _step in range(30):
            if not consult.candidates:
                break
            consult.choose(0)
            walk.widget_tree(consult, f"consult[{algorithm}]-asking")
            consult.unknown()
        walk.widget_tree(consult, f"consult[{algorithm}]-answered")

    window.tabs.setCurrentWidget(window.compare_panel)
    window.compare_panel.tick(["c45", "cart"])
    with qtbot.waitSignal(window.compare_panel.jobs.finished, timeout=300_000):
        window.compare_panel.run()
    qtbot.wait(100)
    walk.widget_tree(window, "compare")

    # dialogs: About, unsaved settings, an unreadable file, the file dialogs, the exports
    window.about()
    window.choose_language(language)  # View > Language: "from the next start" (the other language's
    # box adds that language's sentence on purpose, so the walk picks its own)
    window.choose_data()
    window.choose_project()
    window.save_project(ask=True)
    window.export_rules()
    window.tree_panel.export_picture()
    window.compare_panel.export() if hasattr(window.compare_panel, "export") else None
    window.consult_panel.export_history()
    window.dirty = True
    window.keep_edits()
    bad = tmp_path / "broken.csv"
    bad.write_bytes(b"\xff\xfe\x00garbage\x00\x00\n\x00\x01")
    window.open_path(str(bad))

    assert len(walk.found) > 200, "the walk collected too little to judge"
    problems = walk.offending()
    (tmp_path / "offending.txt").write_text("\n".join(problems), encoding="utf-8")  # the whole list, to read
    assert not problems, f"{len(problems)} texts not in {language} (all in {tmp_path / 'offending.txt'}):\n" + \
        "\n".join(problems)
