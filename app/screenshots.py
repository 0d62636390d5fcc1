"""Regenerate the README's screenshots: python -m app.screenshots [--lang en|zh_CN] [OUT_DIR]

Offscreen: opens the demo project, grabs each panel, trains CART and C4.5 and
grabs the tree and the rules, trains the minimum-cost tree and grabs it with each
node's costs; then opens the glass demo, trains HFDT and grabs
its tree with one row's memberships and firing strengths on it, and grabs the
Problem tab with Mg's fuzzy terms named and drawn (both 1400 x 900); compares
CART, C4.5, the minimum-cost tree and M2 on the car demo with a learning curve
(the table, the critical-difference diagram, the learning curve), and the
trichotomy swept over its trim beside CART and Fisher LDA on glass (the error /
pending curve). Writes resources/screenshots/*.png by default.

The window speaks `--lang` (app.i18n.install, before the window is built; default English,
whatever the system's language): `python -m app.screenshots --lang zh_CN` writes the same
pictures in Chinese to resources/screenshots/zh_CN/ by default.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from engine.i18n import LANGUAGES
from engine.resources import demo_project, resources_dir


def default_target(lang: str = "en") -> Path:
    """Where the pictures go: resources/screenshots/ (English), resources/screenshots/<lang>/ (others)."""
    base = resources_dir() / "screenshots"
    return base if lang == "en" else base / lang


def main(out: str | None = None, lang: str = "en") -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # deferred: loads Qt
    from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer

    # deferred: loads Qt
    from . import i18n

    # deferred: loads Qt, pyqtgraph, scipy.stats, Numba, charset-normalizer, off the light path
    from .main import MainWindow

    target = Path(out) if out else default_target(lang)
    target.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    i18n.install(app, lang)  # before the window: every label is built once, in this language
    settings = QSettings(str(target / ".screenshot-settings.ini"), QSettings.IniFormat)
    window = MainWindow(settings)
    window.resize(1280, 800)
    window.open_path(str(demo_project()))
    window.show()

    def settle(ms=200):
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def shot(name):
        settle()
        window.grab().save(str(target / f"{name}.png"))
        print(target / f"{name}.png")

    for index, name in enumerate(["data", "problem"]):
        window.tabs.setCurrentIndex(index)
        shot(name)
    window.train_panel.select("cart")
    loop = QEventLoop()
    window.jobs.finished.connect(lambda *_: loop.quit())
    window.train_panel.train_requested.emit("cart", window.train_panel.form.values())
    loop.exec()
    window.tree_panel.canvas.set_max_depth(4)
    window.tree_panel.canvas.fit()
    shot("tree")
    window.tabs.setCurrentWidget(window.rules_panel)
    shot("rules")
    window.tabs.setCurrentWidget(window.train_panel)
    shot("train")
    # a consultation two answers in: the question, its reason, the ranking, the tally, the path
    os.environ.setdefault("RULETREE_DATA_DIR", str(target / ".screenshot-data"))
    panel = window.consult_panel
    window.tabs.setCurrentWidget(panel)
    panel.case_name.setText("applicant 17")
    panel.new_case()
    for value in ("4", "med"):
        widget = next(iter(panel.inputs.values()))
        if hasattr(widget, "setCurrentText"):
            widget.setCurrentText(value)
        else:
            widget.setText(value)
        panel.submit()
    shot("consult")
    # car: the minimum-cost tree with what each test costs a case that reaches it (the costs box)
    window.resize(1400, 900)
    window.train_panel.select("mincost")
    loop = QEventLoop()
    window.jobs.finished.connect(lambda *_: loop.quit())
    window.train_panel.train_requested.emit("mincost", window.train_panel.form.values())
    loop.exec()
    window.tree_panel.costs.setChecked(True)
    window.tree_panel.depth.setValue(2)
    window.tree_panel.canvas.fit()
    shot("mincost_tree")

    def compare(names, folds, sizes=None, sweep=None):
        panel = window.compare_panel
        window.tabs.setCurrentWidget(panel)
        panel.tick(names)
        if sweep is not None:
            algorithm, param, values = sweep
            row = next(i for i in range(panel.algorithms.count())
                       if panel.algorithms.item(i).data(Qt.UserRole) == algorithm)
            panel.algorithms.setCurrentRow(row)
            panel.sweeps[algorithm].param.setCurrentText(param)
            panel.sweeps[algorithm].values.setText(values)
        panel.curve_check.setChecked(sizes is not None)
        if sizes is not None:
            panel.curve_sizes.setText(sizes)
        panel.folds.setValue(folds)
        loop = QEventLoop()
        panel.jobs.finished.connect(lambda *_: loop.quit())
        panel.jobs.failed.connect(lambda message, _: (print("compare failed:", message), loop.quit()))
        panel.run()
        loop.exec()
        return panel

    panel = compare(["cart", "c45", "mincost", "m2"], 10, sizes="10, 25, 50, 75, 100")
    panel.reference.setCurrentText("c45")
    shot("compare")
    for index, name in ((1, "compare_cd"), (2, "compare_curve")):
        panel.plot_box.setCurrentIndex(index)
        shot(name)
    # glass: an HFDT tree (a minimum membership of 20 keeps it small, the depth limit its text
    # readable) with row 181, a type-6 glass, on it: the answer is its coarse label NWG
    window.resize(1400, 900)
    window.open_path(str(resources_dir() / "demo" / "glass.rtproj"))
    window.train_panel.select("hfdt")
    values = window.train_panel.form.values()
    values["min_membership"] = 20
    loop = QEventLoop()
    window.jobs.finished.connect(lambda *_: loop.quit())
    window.train_panel.train_requested.emit("hfdt", values)
    loop.exec()
    window.tree_panel.depth.setValue(4)
    window.tree_panel.case.setValue(181)
    shot("hfdt_tree")
    # glass: the fuzzy terms of Mg (window glass is rich in magnesium), named and drawn
    window.resize(1400, 900)
    window.open_path(str(resources_dir() / "demo" / "glass.rtproj"))
    window.tabs.setCurrentWidget(window.problem_panel)
    problem = window.problem_panel
    problem.attributes.setCurrentCell(problem.attribute_row("Mg"), 0)
    problem.edit_fuzzy_terms("Mg")
    problem.fuzzy.set_names(["poor", "rich"])
    shot("hfdt_memberships")
    # glass: the trichotomy (window glass against the rest) swept over its trim, beside CART and LDA
    problem.positive.setCurrentIndex(problem.positive.findData(problem.classes.item(0).text()))
    panel = compare(["trichotomy", "cart", "fisher_lda"], 10, sweep=("trichotomy", "trim", "0, 0.02, 0.05, 0.1, 0.2"))
    panel.plot_box.setCurrentIndex(3)
    shot("compare_pending")
    os.remove(target / ".screenshot-settings.ini")
    shutil.rmtree(target / ".screenshot-data", ignore_errors=True)
    app.processEvents()
    return 0


def parse_args(argv: list[str]):
    parser = argparse.ArgumentParser(prog="python -m app.screenshots", description="Regenerate the README's screenshots.")
    parser.add_argument("out", nargs="?", default=None,
                        help="folder for the pictures (default: resources/screenshots/, or resources/screenshots/LANG/)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the window's language (default: en)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse_args(sys.argv[1:])
    sys.exit(main(args.out, args.lang))
