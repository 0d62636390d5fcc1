"""`ruletree reproduce PAPER`: rerun a paper's experiment, print its tables, draw its plots.

Plots are SVG, drawn by the engine (`engine.plot`, no Qt). With `--png` they are
also drawn as PNG by a plotter the caller passes in (the app's launcher passes
its pyqtgraph one); the engine never imports it.

While it runs, the experiment's log lines go to stdout as they always have and, when stderr
is a terminal, a bar of the units of work done (`engine.reproduce.Progress.report`) is kept
on stderr below them; piped or redirected, stderr stays silent.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path

from ..errors import OptionError
from ..i18n import _
from ..plot import write_svg
from ..reproduce import Progress
from .printing import PROG, terminal_progress, warn

PAPERS = ("facmi", "dp", "hfdt", "trichotomy", "mincost", "mincost_weights")


def experiment(paper: str):
    """The module of a paper's experiment: `run(out, quick) -> tables`, `plots(tables) -> [LinePlot]`."""
    if paper not in PAPERS:
        raise OptionError(_('no reproduction for "{paper}" yet (available: {papers})').format(
            paper=paper, papers=", ".join(PAPERS)), code="bad_option")
    return importlib.import_module(f"..reproduce.{paper}", __package__)


def cmd_reproduce(args) -> int:
    module = experiment(args.paper)
    png_plotter = getattr(args, "plotter", None)
    if args.png and png_plotter is None:
        raise OptionError(_("--png needs the app's plotter: run it as '{command}' (the SVG plots are drawn "
                            "without it)").format(command=f"{PROG} reproduce {args.paper} --png"), code="bad_option")
    out = Path(args.out or f"reproduce_{args.paper}")
    tables = _run(module, out, args.quick, getattr(args, "repeats", None))
    for name, frame in tables.items():
        print(f"\n{name}")
        print(frame.to_string(index=False, float_format=lambda v: f"{v:.4f}"))
    for plot in module.plots(tables):
        print(_("plot: {path}").format(path=write_svg(plot, out / f"{plot.name}.svg")))
        if args.png:
            try:
                print(_("plot: {path}").format(path=png_plotter(plot, out / f"{plot.name}.png")))
            except ImportError as exc:  # no Qt libraries on this machine: the SVG is there
                warn(_("PNG plot {name} not drawn ({error})").format(name=plot.name, error=exc))
    sys.stdout.flush()
    return 0


def _run(module, out: Path, quick: bool, repeats: int | None = None) -> dict:
    """The experiment, with a bar on stderr when it is a terminal; the bar's line is finished
    however the run ends. `repeats` goes to a run that takes it (facmi's), else is refused."""
    accepted = inspect.signature(module.run).parameters
    extra = {}
    if repeats is not None:
        if "repeats" not in accepted:
            raise OptionError(_("--repeats is not available for this paper (only: facmi)"), code="bad_option")
        if repeats < 1:
            raise OptionError(_("--repeats must be at least 1, not {n}").format(n=repeats), code="bad_option")
        extra["repeats"] = repeats
    if "say" not in accepted:  # a run that reports nothing
        return module.run(out, quick=quick, **extra)
    bar = terminal_progress()
    try:
        return module.run(out, quick=quick, say=Progress(bar, write=_above(bar)), **extra)
    finally:
        if bar is not None:
            bar.close()


def _above(bar):
    """How a log line is printed on stdout: with a bar on the terminal, its line is erased first
    (both may be the same terminal) and drawn again at the next report, below the log."""
    if bar is None:
        return None

    def write(line: str) -> None:
        if getattr(bar, "shown", False):
            bar.stream.write("\r\x1b[2K")
            bar.stream.flush()
            bar.shown, bar.last = False, 0.0
        print(line, flush=True)

    return write
