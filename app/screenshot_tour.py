"""Every tab at 1400 x 900 on one file, as a new user meets it: the before / after screenshots.

    python app/screenshot_tour.py [--lang en|zh_CN] OUT_DIR PREFIX FILE [ALGORITHM,...]

Opens FILE (a spreadsheet or a project), grabs the Data tab as opened; when the file is the
Chinese demo workbook and the window read another sheet, picks the sheet of cases as a user
would; grabs the Problem tab; trains C4.5 and grabs Train, Tree, Rules and Consult; where the
window has a Compare tab, compares the ALGORITHMs (default c45,cart) and grabs it. Written
against the window's oldest API, so the same script runs on an old checkout
(PYTHONPATH=OLD_TREE python app/screenshot_tour.py ...) for the "before" pictures. Modal
dialogs are answered (warnings recorded and printed), never shown.

`--lang zh_CN` (anywhere among the arguments) installs that language (app.i18n.install)
before the window is built, e.g. for the Chinese pictures in resources/screenshots/zh_CN/:

    python app/screenshot_tour.py --lang zh_CN resources/screenshots/zh_CN demo_ resources/demo/car_evaluation.rtproj

Without it the window speaks English whatever the system's language (a checkout with app.i18n),
or as that checkout did (an old one, without app.i18n: English only).
"""

from __future__ import annotations

import os
import shutil
import sys


def split_lang(argv: list[str]) -> tuple[str, list[str]]:
    """`--lang LANG` or `--lang=LANG` taken out of the arguments: (LANG or "en", the rest)."""
    lang, rest, args = "en", [], iter(argv)
    for arg in args:
        if arg == "--lang":
            lang = next(args, "")
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    if not lang:
        raise SystemExit("--lang needs a language (en or zh_CN)")
    return lang, rest


def main(argv: list[str]) -> int:
    lang, argv = split_lang(argv)
    if len(argv) < 3:
        raise SystemExit(__doc__)
    out, prefix, path = argv[0], argv[1], argv[2]
    algorithms = argv[3].split(",") if len(argv) > 3 else ["c45", "cart"]
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # a fresh user data folder: no sessions or recent files of this machine's user in the pictures
    os.environ["RULETREE_DATA_DIR"] = os.path.join(out, ".tour-data")
    # deferred: loads Qt
    from PySide6.QtCore import QEventLoop, QSettings, QTimer

    # deferred: loads Qt
    from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

    # deferred: loads Qt, pyqtgraph, scipy.stats, Numba, charset-normalizer, off the light path
    from app.main import MainWindow

    os.makedirs(out, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    try:
        from app import i18n  # deferred: an older checkout (the "before" screenshots) has none
    except ImportError:  # an old checkout: no languages, English
        if lang != "en":
            raise SystemExit(f"--lang {lang}: this checkout has no app.i18n (English only)") from None
    else:
        i18n.install(app, lang)  # before the window: every label is built once, in this language
    try:
        # deferred: loads Qt
        from app import theme

        theme.apply(app, follow=False)
    except ImportError:  # an old checkout: no themes
        pass
    messages: list[str] = []
    for name in ("warning", "critical", "information"):
        setattr(QMessageBox, name, lambda parent, title, text, *a, **k: messages.append(text))
    QMessageBox.question = lambda *a, **k: QMessageBox.Discard
    QInputDialog.getInt = lambda parent, title, text, *a, **k: (messages.append(text), (0, False))[1]
    window = MainWindow(QSettings(os.path.join(out, ".tour-settings.ini"), QSettings.IniFormat))
    window.resize(1400, 900)
    window.show()

    def wait(signals, seconds: float) -> None:
        loop = QEventLoop()
        for signal in signals:
            signal.connect(lambda *_: loop.quit())
        QTimer.singleShot(int(seconds * 1000), loop.quit)
        loop.exec()

    def shot(name: str) -> None:
        wait([], 0.25)
        window.grab().save(os.path.join(out, f"{prefix}{name}.png"))
        print(f"{prefix}{name}.png", "| last dialog:", messages[-1][:120] if messages else "-")

    window.open_path(path)
    window.tabs.setCurrentWidget(window.data_panel)
    shot("data_opened")
    if window.table is not None and "病例" in window.table.sheets and window.table.sheet != "病例":
        window._sheet_chosen("病例")  # as a user would, with the Sheet box
    for name in ("data", "problem"):
        window.tabs.setCurrentWidget(getattr(window, f"{name}_panel"))
        shot(name)
    window.train_panel.select("c45")
    window.train_panel.train_requested.emit("c45", window.train_panel.form.values())
    wait([window.jobs.finished, window.jobs.failed], 120)
    for name in ("train", "tree", "rules", "consult"):
        window.tabs.setCurrentWidget(getattr(window, f"{name}_panel"))
        shot(name)
    panel = getattr(window, "compare_panel", None)
    if panel is not None:
        window.tabs.setCurrentWidget(panel)
        panel.tick(algorithms)
        panel.run()
        wait([panel.jobs.finished, panel.jobs.failed], 300)
        shot("compare")
    os.remove(os.path.join(out, ".tour-settings.ini"))
    shutil.rmtree(os.path.join(out, ".tour-data"), ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.environ.get("PYTHONPATH", "").split(os.pathsep)[0] or os.getcwd())
    sys.exit(main(sys.argv[1:]))
