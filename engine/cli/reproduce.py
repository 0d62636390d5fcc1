"""`ruletree reproduce PAPER`: rerun a paper's experiment, print its tables, draw its plots.

Plots are SVG, drawn by the engine (`engine.plot`, no Qt). With `--png` they are
also drawn as PNG by a plotter the caller passes in (the app's launcher passes
its pyqtgraph one); the engine never imports it.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from ..errors import OptionError
from .printing import PROG, warn

PAPERS = ("facmi", "dp", "hfdt", "trichotomy", "mincost", "mincost_weights")


def experiment(paper: str):
    """The module of a paper's experiment: `run(out, quick) -> tables`, `plots(tables) -> [LinePlot]`."""
    if paper not in PAPERS:
        raise OptionError(f'no reproduction for "{paper}" yet (available: {", ".join(PAPERS)})', code="bad_option")
    return importlib.import_module(f"..reproduce.{paper}", __package__)


def cmd_reproduce(args) -> int:
    from ..plot import write_svg

    module = experiment(args.paper)
    png_plotter = getattr(args, "plotter", None)
    if args.png and png_plotter is None:
        raise OptionError(f"--png needs the app's plotter: run it as '{PROG} reproduce {args.paper} --png' "
                          "(the SVG plots are drawn without it)", code="bad_option")
    out = Path(args.out or f"reproduce_{args.paper}")
    tables = module.run(out, quick=args.quick)
    for name, frame in tables.items():
        print(f"\n{name}")
        print(frame.to_string(index=False, float_format=lambda v: f"{v:.4f}"))
    for plot in module.plots(tables):
        print(f"plot: {write_svg(plot, out / f'{plot.name}.svg')}")
        if args.png:
            try:
                print(f"plot: {png_plotter(plot, out / f'{plot.name}.png')}")
            except ImportError as exc:  # no Qt libraries on this machine: the SVG is there
                warn(f"PNG plot {plot.name} not drawn ({exc})")
    sys.stdout.flush()
    return 0
