"""The expert's hand on the tree (issue 37) at 1400 x 900: the README's pictures.

    python app/screenshot_editor.py [--lang en|zh_CN] OUT_DIR

Writes two PNGs of the whole window into OUT_DIR:

  tree_edit.png   the Tree tab of the car demo after CART, its root forced to `safety` and the
                  rest regrown: the forced root drawn as the expert's, the node `root/1` selected
                  with its pane (who made it, its edits, the learner's ranked candidates)
  guideline.png   the Guideline tab with a five-rule guideline typed in the window's language,
                  one attribute misspelt: the problem listed and underlined where it is

As app/screenshot_views.py does: `--lang zh_CN` installs that language before the window is built,
modal dialogs are answered (and printed), never shown, and the user data folder and settings are a
temporary folder's.

    QT_QPA_PLATFORM=offscreen python app/screenshot_editor.py resources/screenshots/views/en
    QT_QPA_PLATFORM=offscreen python app/screenshot_editor.py --lang zh_CN resources/screenshots/views/zh_CN
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = ("tree_edit", "guideline")

GUIDELINES = {
    "en": ("# the ward's rule of thumb for cars\n"
           "IF safety = low THEN unacc\n"
           "ELSE IF persons = 2 THEN unacc\n"
           "ELSE IF buying = vhigh AND maint >= high THEN unacc\n"
           "ELSE IF safety = high AND lug_boot = big THEN good\n"
           "ELSE IF buyng = low AND safety = high THEN vgood\n"
           "ELSE acc"),
    "zh_CN": ("# 经验规则\n"
              "如果 safety = low 则 unacc\n"
              "否则如果 persons = 2 则 unacc\n"
              "否则如果 buying = vhigh 且 maint >= high 则 unacc\n"
              "否则如果 safety = high 且 lug_boot = big 则 good\n"
              "否则如果 buyng = low 且 safety = high 则 vgood\n"
              "否则 acc"),
}


def main(argv: list[str]) -> int:
    # deferred: run as a script, the checkout's root is on sys.path only once __main__ has put it there
    from app.screenshot_tour import split_lang

    lang, argv = split_lang(argv)
    if len(argv) != 1:
        raise SystemExit(__doc__)
    out = os.path.abspath(argv[0])
    os.makedirs(out, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = tempfile.mkdtemp(prefix="ruletree-editor-")
    os.environ["RULETREE_DATA_DIR"] = os.path.join(scratch, "data")
    try:
        return _shoot(lang, out, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _shoot(lang: str, out: str, scratch: str) -> int:
    # deferred: loads Qt
    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    # deferred: loads Qt, pyqtgraph, Numba, off the light path
    from app import i18n, theme
    from app.main import MainWindow
    from engine.edits import Edit
    from engine.resources import demo_project
    from engine.tree.node_cases import find_node

    app = QApplication.instance() or QApplication([])
    i18n.install(app, lang)
    theme.apply(app, follow=False)
    messages: list[str] = []
    for name in ("warning", "critical", "information"):
        setattr(QMessageBox, name, lambda parent, title, text, *a, **k: messages.append(text))
    QMessageBox.question = lambda *a, **k: QMessageBox.Discard
    window = MainWindow(QSettings(os.path.join(scratch, "settings.ini"), QSettings.IniFormat))
    window.resize(1400, 900)
    window.show()

    def wait(signals, seconds: float) -> None:
        loop = QEventLoop()
        for signal in signals:
            signal.connect(lambda *_: loop.quit())
        QTimer.singleShot(int(seconds * 1000), loop.quit)
        loop.exec()

    def shot(name: str) -> None:
        wait([], 0.3)
        window.grab().save(os.path.join(out, f"{name}.png"))
        print(f"{name}.png", "| last dialog:", messages[-1][:120] if messages else "-")

    def settle() -> None:
        while window.jobs.busy:
            wait([window.jobs.busy_changed], 300)
        wait([], 0.2)

    window.open_path(str(demo_project()))
    window.tabs.setCurrentWidget(window.train_panel)
    window.train_panel.select("cart")
    window.train_panel.train_requested.emit("cart", window.train_panel.form.values())
    settle()
    window.make_edit(Edit("split", "root", attribute="safety", threshold=0.5))
    settle()
    window.make_edit(Edit("regrow", "root"))
    settle()
    window.tabs.setCurrentWidget(window.tree_panel)
    tree = window.model.tree
    window.tree_panel.depth.setValue(3)
    window.tree_panel.canvas.fit()
    window.tree_panel.canvas.select_node(find_node(tree, "root/1"))
    shot("tree_edit")

    window.tabs.setCurrentWidget(window.guideline_panel)
    window.guideline_panel.set_text(GUIDELINES["zh_CN" if lang.startswith("zh") else "en"])
    shot("guideline")
    window.close()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, ROOT)
    sys.exit(main(sys.argv[1:]))
