"""Entry point of the bundled app (PyInstaller runs this file as __main__).

Order matters: NUMBA_CACHE_DIR is read by numba once, when it is first
imported, so it is set here before anything imports the engine's kernels.
The cache goes to a per-user, per-version folder,
`<user data dir>/numba-cache/<version>` (engine.paths; RULETREE_DATA_DIR
overrides the data dir), never next to the bundle, which may be read-only.
A NUMBA_CACHE_DIR the user set already is kept. In the bundle the cache
folders do not depend on where the bundle is (app.numba_cache): an AppImage
is mounted somewhere new on every start.

This is the `ruletree` command (pyproject's entry point). `--selftest` runs
app.selftest; with no subcommand (nothing, or a file to open) it starts the
window (app.main), or says in one line that there is no display and exits 2;
a subcommand goes to the engine's CLI (engine.cli.main), with the app's PNG
plotter passed in for `reproduce --png`. The engine never imports the app:
whatever it needs from here it is handed. For the window, the kernels are
warmed in the background once the event loop runs (app.warmup).

From source: `python -m app.launch [--selftest | ARGS]` behaves the same.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

NUMBA_CACHE_SUBDIR = "numba-cache"


def numba_cache_dir() -> Path:
    """Per user, per app version: kernels compiled by another version are never loaded."""
    # deferred: the engine may import Numba, which reads NUMBA_CACHE_DIR once (as every import of
    # the engine here); configure_numba_cache sets it first
    from engine import __version__
    from engine.paths import user_data_dir

    return user_data_dir() / NUMBA_CACHE_SUBDIR / __version__


BUNDLE_LOCATOR = "app.numba_cache.BundleCacheLocator"
# numba's own locators follow ours: kernels of other libraries, if any ever are cached
NUMBA_LOCATORS = ",".join([BUNDLE_LOCATOR, "UserProvidedCacheLocator", "InTreeCacheLocator",
                           "UserWideCacheLocator"])


def configure_numba_cache(environ=None, frozen: bool | None = None) -> Path:
    """Point numba's cache at numba_cache_dir() unless NUMBA_CACHE_DIR is set; return the folder used.

    In the frozen app also select app.numba_cache.BundleCacheLocator (folders that
    do not move with the bundle). Must run before numba is imported (numba reads
    both variables once).
    """
    environ = os.environ if environ is None else environ
    frozen = bool(getattr(sys, "frozen", False)) if frozen is None else frozen
    if "numba" in sys.modules and environ is os.environ:
        # too late to take effect for this process; say so rather than pretend
        print("ruletree: warning: numba was imported before NUMBA_CACHE_DIR was set", file=sys.stderr)
    if frozen and not environ.get("NUMBA_CACHE_LOCATOR_CLASSES"):
        environ["NUMBA_CACHE_LOCATOR_CLASSES"] = NUMBA_LOCATORS
    if frozen:
        # the kernels shipped in the bundle were compiled for the generic CPU (app.shipped_kernels):
        # numba loads a cache entry only for the CPU it was compiled for
        environ.setdefault("NUMBA_CPU_NAME", GENERIC_CPU)
    given = environ.get("NUMBA_CACHE_DIR")
    if given:
        return Path(given)
    path = numba_cache_dir()
    environ["NUMBA_CACHE_DIR"] = str(path)
    if frozen:
        seed_shipped_kernels(path, environ)
    return path


GENERIC_CPU = "generic"


def seed_shipped_kernels(path: Path, environ=None) -> int:
    """Copy the bundle's compiled kernels into the user's cache folder `path` (once per build).

    Only when the app runs for the generic CPU they were compiled for; a failure (a read-only
    or full disk) is logged and the kernels are compiled as before. Returns the files copied.
    """
    from app.shipped_kernels import seed_user_cache, shipped_cache_dir  # deferred: before Numba, as above

    environ = os.environ if environ is None else environ
    shipped = shipped_cache_dir()
    if shipped is None or environ.get("NUMBA_CPU_NAME", "").lower() != GENERIC_CPU:
        return 0
    try:
        return seed_user_cache(shipped, path)
    except (OSError, ValueError) as exc:  # ValueError: a stamp that is not text (a damaged bundle)
        logging.getLogger("ruletree.launch").warning("could not copy the shipped kernels to %s: %s", path, exc)
        return 0


def _prepare_gui(lang: str | None = None) -> None:
    """Create the QApplication early (app.main.run reuses it), choose its language (app.i18n: `lang`
    from --lang, then RULETREE_LANG, the saved choice, the system locale) and queue the kernel warm-up.

    The timer fires once the event loop runs, i.e. after app.main.run has
    created and shown the main window.
    """
    # deferred: Qt and the engine are imported only after configure_numba_cache (and only for the window)
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    from app import i18n, theme
    from app.main import SETTINGS_ORG
    from app.uptime import process_age
    from app.warmup import app_icon, start_warmup

    app = QApplication.instance() or QApplication(sys.argv[:1])
    theme.apply(app)  # light or dark, as the system (or RULETREE_THEME) asks, before any window
    i18n.install(app, i18n.choose_language(lang, QSettings(SETTINGS_ORG, SETTINGS_ORG)))
    icon = app_icon()
    if icon is not None:
        app.setWindowIcon(icon)

    def warm() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMainWindow)]
        age = process_age()
        if age is not None:
            logging.getLogger("ruletree.launch").info("main window up %.2f s after the process started", age)
        if windows:
            panel = getattr(windows[0], "train_panel", None)
            start_warmup(windows[0], panel.algorithm.currentData() if panel is not None else None)

    QTimer.singleShot(0, warm)


def start_window(argv: list[str]) -> int:
    """`ruletree [FILE]`: the window on FILE, or on the bundled demo project."""
    from engine import cli  # deferred: after configure_numba_cache (the module docstring)

    path = cli.window_file(argv)
    lang = cli.split_lang(argv)[0]
    if not cli.has_display():
        from engine.i18n import _  # deferred: after configure_numba_cache

        print(_(cli.NO_DISPLAY), file=sys.stderr)
        return 2
    _prepare_gui(lang)
    # deferred: the window (Qt, pyqtgraph, the kernels) only for the window, after the cache is set
    from app.main import run

    return run(path)


def png_plotter(plot, path: Path) -> Path:
    """`reproduce --png`: the engine's LinePlot drawn by pyqtgraph (imported only when called)."""
    from app.plots import line_plot  # deferred: Qt and pyqtgraph only for reproduce --png

    return line_plot(plot, path)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # the windowed Windows executable (RuleTreeW.exe) has no stdout/stderr: printing must not fail
    for stream in ("stdout", "stderr"):
        if getattr(sys, stream) is None:
            setattr(sys, stream, open(os.devnull, "w", encoding="utf-8"))
    configure_numba_cache()
    if "--selftest" in argv:
        from app.selftest import main as selftest  # deferred: the self-test only when asked for

        return selftest([a for a in argv if a != "--selftest"])
    from engine import cli  # deferred: after configure_numba_cache

    if cli.is_window_start(argv):
        return cli.guarded(lambda: start_window(argv))
    return cli.main(argv, plotter=png_plotter)


if __name__ == "__main__":
    import multiprocessing

    # a worker process started by spawn in the frozen app (ruletree compare's processes) is this very
    # executable: freeze_support runs its task and exits before anything else here runs
    multiprocessing.freeze_support()
    sys.exit(main())
