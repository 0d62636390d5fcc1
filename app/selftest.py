"""`RuleTree --selftest` (or `python -m app.launch --selftest`): the whole app, offscreen, in under a minute.

Steps: Qt and the main window; kernel warm-up (status bar "Preparing fast
kernels…" then "Ready"); the bundled demo project opened; a small tree trained
through the window's own background job (engine.workflows.train_model); a 2-fold
cross-validation (engine.workflows.evaluate_algorithm); rules
exported to xlsx by the window and read back with openpyxl. Prints one line
per step with its time, the Numba cache folder and whether the kernels came
from it; exits 0, or 1 naming the step that failed and why.

A dialog would block an offscreen run forever, so every message box the
window tries to show fails the step instead, and a watchdog ends a hung run.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from pathlib import Path

TIMEOUT_S = 600  # the whole run; a cold start compiles the kernels in ~15-30 s


class SelftestError(Exception):
    pass


class _Steps:
    def __init__(self, out):
        self.out = out
        self.rows: list[tuple[str, float, str]] = []

    def run(self, name: str, fn):
        t0 = time.perf_counter()
        try:
            detail = fn()
        except Exception as exc:
            seconds = time.perf_counter() - t0
            self.out.write(f"  FAIL {name:<28s} {seconds:7.2f} s  {type(exc).__name__}: {exc}\n")
            self.out.flush()
            raise SelftestError(f"{name}: {type(exc).__name__}: {exc}") from exc
        seconds = time.perf_counter() - t0
        self.rows.append((name, seconds, detail or ""))
        self.out.write(f"  ok   {name:<28s} {seconds:7.2f} s  {detail or ''}\n")
        self.out.flush()
        return detail


def _wait(app, predicate, timeout: float, what: str) -> None:
    # deferred: loads Qt
    from PySide6.QtCore import QEventLoop

    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise TimeoutError(f"{what}: nothing after {timeout:.0f} s")
        app.processEvents(QEventLoop.AllEvents, 50)
        time.sleep(0.01)


def _no_dialogs(messages: list[str]) -> None:
    """Message boxes record their text and return at once (offscreen, nobody can click)."""
    # deferred: loads Qt
    from PySide6.QtWidgets import QMessageBox

    def record(kind):
        def box(parent, title, text, *args, **kwargs):
            messages.append(f"{kind}: {text}")
            return QMessageBox.Cancel if kind == "question" else QMessageBox.Ok
        return staticmethod(box)

    # deferred: loads Qt
    import app.errors as errors_module
    # deferred: loads Qt, pyqtgraph, scipy.stats, Numba, charset-normalizer, off the light path
    import app.main as main_module

    class _Box(QMessageBox):
        warning = record("warning")
        critical = record("critical")
        information = record("information")
        question = record("question")
        about = record("about")

    main_module.QMessageBox = _Box
    errors_module.QMessageBox = _Box  # every failed action's dialog (app.errors.show_error)


def _watchdog(seconds: float) -> None:
    def fire():
        sys.stderr.write(f"selftest: FAILED: no result after {seconds:.0f} s (hung)\n")
        sys.stderr.flush()
        os._exit(3)

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()


def main(argv: list[str] | None = None, out=None) -> int:
    out = out or sys.stdout
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _watchdog(TIMEOUT_S)
    t_all = time.perf_counter()
    frozen = bool(getattr(sys, "frozen", False))
    # deferred: each step imports what it checks, so a broken bundle fails that step in words
    from engine import __version__
    # deferred: each step imports what it checks, so a broken bundle fails that step in words
    from engine.i18n import set_language

    set_language("en")  # its checks read the English texts, whatever the machine's language
    out.write(f"RuleTree Studio {__version__} self-test ({'bundle ' + sys.executable if frozen else 'source'})\n")
    out.write(f"  numba cache dir: {os.environ.get('NUMBA_CACHE_DIR') or '(numba default: __pycache__ next to the source)'}\n")
    steps = _Steps(out)
    messages: list[str] = []
    state: dict = {}
    work = Path(tempfile.mkdtemp(prefix="ruletree-selftest-"))
    try:
        def qt():
            # deferred: loads Qt
            from PySide6.QtWidgets import QApplication

            # deferred: loads Qt, pyqtgraph, scipy.stats, Numba, charset-normalizer, off the light path
            import app.main  # noqa: F401 - the window's imports (pandas, numpy, engine, panels)

            state["app"] = QApplication.instance() or QApplication(sys.argv[:1])
            _no_dialogs(messages)
            # deferred: loads Qt
            import PySide6

            return f"PySide6 {PySide6.__version__}, platform {state['app'].platformName()}"

        def window():
            # deferred: loads Qt
            from PySide6.QtCore import QSettings

            # deferred: loads Qt, pyqtgraph, scipy.stats, Numba, charset-normalizer, off the light path
            from app.main import MainWindow

            settings = QSettings(str(work / "settings.ini"), QSettings.IniFormat)  # the user's stay untouched
            state["window"] = w = MainWindow(settings=settings)
            w.show()
            state["app"].processEvents()
            return f"{w.windowTitle()!r}, {w.tabs.count()} panels"

        def warmup():
            # deferred: each step imports what it checks, so a broken bundle fails that step in words
            from app.warmup import PREPARING, READY, start_warmup

            w = state["window"]
            relay = start_warmup(w)
            shown = w.statusBar().currentMessage()
            if shown != PREPARING:
                raise SelftestError(f"status bar shows {shown!r}, expected {PREPARING!r}")
            _wait(state["app"], lambda: relay.result is not None, TIMEOUT_S, "kernel warm-up")
            result = relay.result
            if result.error:
                raise SelftestError(result.error)
            if w.statusBar().currentMessage() != READY:
                raise SelftestError(f"status bar shows {w.statusBar().currentMessage()!r} after the warm-up")
            state["warmup"] = result
            # deferred: each step imports what it checks, so a broken bundle fails that step in words
            from app.uptime import process_age

            state["ready_after"] = process_age()  # the window up and its kernels ready: a user could train
            return result.describe()

        def demo():
            # deferred: each step imports what it checks, so a broken bundle fails that step in words
            from engine.resources import demo_project

            path = demo_project()
            w = state["window"]
            if not w.open_path(str(path)):
                raise SelftestError(f"could not open {path}: {'; '.join(messages) or 'no message'}")
            return f"{path.name}: {w.table.n_rows} rows, {len(w.table.columns)} columns, target {w.spec.target!r}"

        def train():
            w = state["window"]
            got: dict = {}
            w.jobs.finished.connect(lambda r: got.setdefault("ok", r))
            w.jobs.failed.connect(lambda m, bug: got.setdefault("failed", m))
            w.train("cart", {})
            if messages:
                raise SelftestError("; ".join(messages))
            _wait(state["app"], lambda: got or not w.jobs.busy and w.model is not None, 300, "training")
            state["app"].processEvents()
            if "failed" in got:
                raise SelftestError(got["failed"])
            tree = w.model.tree
            if tree.n_leaves < 2:
                raise SelftestError(f"a tree with {tree.n_leaves} leaf")
            return f"cart: {tree.n_leaves} leaves, depth {tree.depth}"

        def evaluate():
            # deferred: each step imports what it checks, so a broken bundle fails that step in words
            from engine.algorithms.registry import get
            # deferred: each step imports what it checks, so a broken bundle fails that step in words
            from engine.data.encode import encode
            # deferred: loads the Numba kernels (not on this command's light path)
            from engine.workflows import evaluate_algorithm

            w = state["window"]
            result = evaluate_algorithm(get("cart"), encode(w.table, w.spec), w.spec, {}, cv=2)
            accuracy = result.summary()["accuracy"]["mean"]
            if not 0.5 < accuracy <= 1.0:
                raise SelftestError(f"2-fold accuracy {accuracy:.3f} on the demo (expected > 0.5)")
            return f"2 folds, accuracy {accuracy:.3f}"

        def export():
            # deferred: loads openpyxl, defusedxml, off the light path
            import openpyxl

            from engine.tree.rules import extract_rules

            w = state["window"]
            path = work / "rules.xlsx"
            if not w.export_rules(str(path)):
                raise SelftestError("; ".join(messages) or "export_rules returned False")
            book = openpyxl.load_workbook(path, read_only=True)
            rows = list(book["Rules"].iter_rows(values_only=True))
            n_rules = len(extract_rules(w.model.tree))
            if rows[0][:3] != ("rule", "IF (conditions)", "THEN") or len(rows) - 1 != n_rules:
                raise SelftestError(f"the workbook has {len(rows) - 1} rule rows for {n_rules} rules")
            return f"{n_rules} rules, {path.stat().st_size} bytes, sheets {', '.join(book.sheetnames)}"

        def report():
            """The printable report of the trained model (reportlab, in the bundle): its rules and a
            2-fold figure, read back from the PDF's own text stream."""
            # deferred: loads reportlab, off the light path
            from engine.data.encode import encode
            from engine.report import report_bytes, report_figures

            w = state["window"]
            figures = report_figures(w.model, encode(w.table, w.spec), cv=2)
            pdf = report_bytes(figures)
            if not pdf.startswith(b"%PDF-") or len(figures.rules) < 1 or "(2 folds)" not in figures.headline:
                raise SelftestError(f"report: {len(pdf)} bytes, {len(figures.rules)} rules, {figures.headline!r}")
            (work / "report.pdf").write_bytes(pdf)
            return f"{len(figures.rules)} rules, {len(pdf)} bytes"

        def consult():
            """One case through the Consult panel, every answer from the demo's first row;
            the session goes to a scratch folder, not the user's history."""
            # deferred: each step imports what it checks, so a broken bundle fails that step in words
            import os

            # deferred: loads the Numba kernels (not on this command's light path)
            from engine.tree.predict import predict

            w = state["window"]
            panel = w.consult_panel
            saved = os.environ.get("RULETREE_DATA_DIR")
            os.environ["RULETREE_DATA_DIR"] = str(work / "data")
            try:
                panel.new_case()
                row = w.table.frame.iloc[0]
                while panel.current is not None and len(panel.session.steps) < 50:
                    for name, widget in panel.inputs.items():
                        text = str(row[name])
                        widget.setCurrentText(text) if hasattr(widget, "setCurrentText") else widget.setText(text)
                    if not panel.submit():
                        raise SelftestError(f"answer refused: {panel.message.text()}")
                expected = w.model.tree.label_name(int(predict(w.model.tree, w.model.schema.encode_features(
                    w.table)[:1]).labels[0]))
                if not panel.finished() or not panel.answer_label.text().startswith(f"Answer: {expected}"):
                    raise SelftestError(f"consultation ended with {panel.answer_label.text()!r}, predict says "
                                        f"{expected!r}")
                return f"{len(panel.session.steps)} question(s), {panel.answer_label.text()}"
            finally:
                if saved is None:
                    os.environ.pop("RULETREE_DATA_DIR", None)
                else:
                    os.environ["RULETREE_DATA_DIR"] = saved

        def plot():
            """A pyqtgraph curve drawn and saved as PNG (the reproductions' plots, the Problem
            tab's membership plot): Qt modules pyqtgraph imports by name must be in the bundle."""
            # deferred: each step imports what it checks, so a broken bundle fails that step in words
            from app.plots import line_plot
            # deferred: each step imports what it checks, so a broken bundle fails that step in words
            from engine.plot import LinePlot

            path = line_plot(LinePlot("selftest", "self-test", "x", "y", (1.0, 2.0, 3.0), {"a": (1.0, 3.0, 2.0)}),
                             work / "plot.png", width=300, height=200)
            if not path.is_file() or path.stat().st_size < 500:
                raise SelftestError(f"no PNG written at {path}")
            return f"{path.stat().st_size} bytes"

        def comparison():
            """Two learners on the same 2 folds, their significance tests (SciPy's laws) and the
            comparison workbook with its charts: what the Compare tab needs in the bundle."""
            # deferred: loads the Numba kernels (not on this command's light path)
            from engine.compare import Entry, Scheme, compare
            # deferred: loads scipy.stats, Numba, charset-normalizer, off the light path
            from engine.compare.significance import significance
            # deferred: loads scipy.stats, Numba, charset-normalizer, off the light path
            from engine.compare.workbook import write_comparison
            from engine.data.encode import encode

            w = state["window"]
            spec = w.spec.copy()
            result = compare(encode(w.table, spec), spec, [Entry("cart"), Entry("c45")], Scheme(cv=2), jobs=1,
                             executor="threads")
            tests = significance(result, "accuracy")
            path = work / "compare.xlsx"
            # a plot as the Compare tab exports it: openpyxl embeds PNGs through Pillow, which the
            # bundle must carry
            # deferred: loads Qt
            from PySide6.QtCore import QBuffer, QByteArray, QIODevice
            # deferred: loads Qt
            from PySide6.QtGui import QColor, QImage

            image = QImage(40, 30, QImage.Format_RGB32)
            image.fill(QColor("steelblue"))
            png = QByteArray()
            buffer = QBuffer(png)
            buffer.open(QIODevice.WriteOnly)
            image.save(buffer, "PNG")
            write_comparison(path, result, tests, images=[("accuracy by fold", bytes(png))])
            if tests.friedman is None or not path.is_file():
                raise SelftestError("no significance tests or no workbook")
            # deferred: loads openpyxl, defusedxml, off the light path
            from openpyxl import load_workbook

            plots = load_workbook(path)["Plots"]
            if len(plots._images) != 1:  # read back through Pillow too
                raise SelftestError(f"the Plots sheet holds {len(plots._images)} images, expected 1")
            return f"{len(result.entries)} entries, Friedman p = {tests.friedman.p_value:.3g}, {path.stat().st_size} bytes"

        def worker_processes():
            """The same comparison on two worker processes (spawned: the window has threads; in the
            bundle each worker is the bundle's executable, through freeze_support): the same
            figures as on threads."""
            # deferred: loads the Numba kernels (not on this command's light path)
            from engine.compare import TIMING_METRICS, Entry, Scheme, compare
            from engine.data.encode import encode

            w = state["window"]
            spec = w.spec.copy()
            data = encode(w.table, spec)
            entries = [Entry("cart"), Entry("c45")]
            t0 = time.perf_counter()
            spawned = compare(data, spec, entries, Scheme(cv=2), jobs=2, executor="processes")
            seconds = time.perf_counter() - t0
            threads = compare(data, spec, entries, Scheme(cv=2), jobs=1, executor="threads")
            for a, b in zip(spawned.entries, threads.entries):
                for metric, value in b.evaluation.summary().items():
                    if metric not in TIMING_METRICS and a.evaluation.summary()[metric]["mean"] != value["mean"]:
                        raise SelftestError(f"{a.name}: {metric} differs between processes and threads")
            return f"{len(spawned.entries)} entries on 2 processes in {seconds:.1f} s, as on threads"

        def chinese():
            """The window in zh_CN: our catalogue and Qt's own (qtbase_zh_CN) found in the bundle, a
            window built in Chinese, the engine's texts in Chinese; then English again."""
            # deferred: each step imports what it checks, so a broken bundle fails that step in words
            import re

            # deferred: loads Qt
            from PySide6.QtCore import QCoreApplication, QSettings
            # deferred: loads Qt
            from PySide6.QtGui import QFontDatabase

            from app import i18n
            # deferred: loads Qt, pyqtgraph, scipy.stats, Numba, charset-normalizer, off the light path
            from app.main import MainWindow
            from engine.i18n import _

            app = state["app"]
            try:
                i18n.install(app, "zh_CN")
                qt_own = ("QPlatformTheme", "Cancel")  # not a literal in translate(): lupdate would take it
                cancel = QCoreApplication.translate(*qt_own)
                other = MainWindow(settings=QSettings(str(work / "zh.ini"), QSettings.IniFormat))
                tabs = [other.tabs.tabText(k) for k in range(other.tabs.count())]
                menus = [a.text() for a in other.menuBar().actions()]
                guide = other.show_guide()  # Help > User guide: resources/help in the bundle
                from PySide6.QtWidgets import QTextBrowser  # deferred: Qt, as above

                guide_text = guide.findChild(QTextBrowser).toPlainText()
                guide.close()
                engine_text = _("the file is empty")
                other.close()
                other.deleteLater()
            finally:
                i18n.install(app, "en")
            cjk = re.compile(r"[\u4e00-\u9fff]")
            if cancel != "取消":
                raise SelftestError(f"Qt's own Chinese (qtbase_zh_CN.qm) not found: 'Cancel' -> {cancel!r}")
            if not all(cjk.search(t) for t in tabs + menus):
                raise SelftestError(f"the window's Chinese (app_zh_CN.qm) not found: tabs {tabs}, menus {menus}")
            if "使用简介" not in guide_text:
                raise SelftestError(f"the Chinese user guide (resources/help) not found: {guide_text[:60]!r}")
            if not cjk.search(engine_text):
                raise SelftestError(f"the engine's Chinese (engine_zh_CN.ts) not found: {engine_text!r}")
            fonts = QFontDatabase.families(QFontDatabase.SimplifiedChinese)
            font = fonts[0] if fonts else "none: install a CJK font (the .deb recommends one)"
            return f"tabs {' '.join(tabs)}; Chinese font: {font}"

        for name, fn in (("Qt and the app's modules", qt), ("main window", window), ("kernel warm-up", warmup),
                         ("open the demo project", demo), ("train a tree (window job)", train),
                         ("2-fold evaluation", evaluate), ("export rules, read back", export),
                         ("printable report", report),
                         ("a consultation", consult), ("a plot drawn (pyqtgraph)", plot),
                         ("a comparison with its tests (SciPy)", comparison),
                         ("a comparison on worker processes", worker_processes),
                         ("the window in Chinese", chinese)):
            steps.run(name, fn)
        if "window" in state:
            state["window"].close()
    except SelftestError as exc:
        out.write(f"selftest: FAILED: {exc}\n")
        out.flush()
        return 1
    finally:
        # deferred: each step imports what it checks, so a broken bundle fails that step in words
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    result = state["warmup"]
    kernels = "from the cache" if result.from_cache else (
        f"compiled this run ({result.cache_misses} compiled, {result.cache_hits} from the cache)")
    out.write(f"kernels: {kernels}\n")
    if state.get("ready_after") is not None:
        out.write(f"ready to train: {state['ready_after']:.1f} s after the process started\n")
    out.write(f"selftest: OK in {time.perf_counter() - t_all:.2f} s (steps {sum(r[1] for r in steps.rows):.2f} s)\n")
    out.flush()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
