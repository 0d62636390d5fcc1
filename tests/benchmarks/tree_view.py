"""The Tree tab on a 20k-leaf tree: open to first paint, a zoom step, and expanding every level
(issue 17: "open to first paint under 0.5 s, a zoom step under 50 ms").

    QT_QPA_PLATFORM=offscreen python tests/benchmarks/tree_view.py [--rows 200000] [--repeats 5]

The tree: our CART with prune=none on mincost_fit.py's synthetic set (make_classification,
--rows x 20, 3 classes; 19,434 leaves at the default 200,000 rows). The window is the
app's TreePanel at 1400 x 900, offscreen. Timed, best of --repeats, each followed by the
processing of every pending event and a grab of the panel (the paint):
- open: `TreePanel.show_tree(tree)` on a canvas with no depth limit set — a new tree, opened at
  its readable depth limit;
- zoom: one `zoom_in` step on the opened tree;
- expand all: every level shown (the depth limit cleared), then fitted;
- zoom (all levels): one zoom step with every level shown;
- zoom / scroll (all levels) at a scale: the view at that scale (far away: 0.05, the zoom-out
  limit; 0.3, boxes without text; 1, every text), then one zoom step, or a scroll by a third
  of the view to the right (the scroll bar moved, the viewport repainted).
Prints Markdown.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from _common import ROOT  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
import mincost_fit  # noqa: E402

from engine.algorithms.registry import get, resolve_params  # noqa: E402


def painted(app, widget) -> None:
    app.processEvents()
    widget.grab()


def best_of(repeats: int, before, work, app, widget) -> float:
    best = np.inf
    for _ in range(repeats):
        before()
        painted(app, widget)
        t0 = time.perf_counter()
        work()
        painted(app, widget)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=int, default=200_000)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    from PySide6.QtWidgets import QApplication

    from app.main import TreePanel

    data, spec = mincost_fit.synthetic(args.rows, 20, 3)
    info = get("cart")
    tree = info.fit(data, None, info.stage_params(resolve_params(info, {"prune": "none"}), "fit"))
    app = QApplication.instance() or QApplication([])
    panel = TreePanel()
    panel.resize(1400, 900)
    panel.show()
    painted(app, panel)
    canvas = panel.canvas
    rows = []
    def fresh():  # as the window's first tree: no depth limit set yet
        canvas.set_tree(None)
        canvas.set_max_depth(None)

    t_open = best_of(args.repeats, fresh, lambda: panel.show_tree(tree), app, panel)
    depth = canvas.max_depth()
    shown = len(canvas.node_items())
    rows.append(("open (readable depth limit)", t_open, f"depth limit {depth}, {shown:,} boxes drawn"))
    t_zoom = best_of(args.repeats, canvas.fit, canvas.zoom_in, app, panel)
    rows.append(("zoom step", t_zoom, ""))
    t_all = best_of(max(1, args.repeats // 2), lambda: canvas.set_max_depth(depth),
                    lambda: (canvas.set_max_depth(None), canvas.fit()), app, panel)
    rows.append(("expand all levels", t_all, f"{len(canvas.node_items()):,} boxes"))
    t_zoom_all = best_of(args.repeats, canvas.fit, canvas.zoom_in, app, panel)
    rows.append(("zoom step, all levels shown", t_zoom_all, ""))
    bar = canvas.horizontalScrollBar()
    for scale in (0.05, 0.3, 1.0):
        def at_scale(scale=scale):
            canvas.fit()
            canvas.reset_zoom()
            canvas._zoom_centred(scale)  # from 1:1 to `scale`, centred
            canvas.centerOn(canvas.node_item(0).pos())
        at_scale()
        painted(app, panel)
        shown = sum(1 for item in canvas.node_items().values()
                    if canvas.visible_scene_rect().intersects(item.sceneBoundingRect()))
        t = best_of(args.repeats, at_scale, canvas.zoom_in, app, panel)
        rows.append((f"zoom step, all levels, at scale {scale:g}", t, f"{shown:,} boxes in view"))
        step = canvas.viewport().width() // 3
        t = best_of(args.repeats, at_scale, lambda: bar.setValue(bar.value() + step), app, panel)
        rows.append((f"scroll, all levels, at scale {scale:g}", t, f"{step} px to the right"))
    print(f"{platform.platform()}, Python {platform.python_version()}, offscreen, 1400 x 900")
    print(f"\ntree: CART prune=none on {args.rows:,} x 20 synthetic rows: {tree.n_leaves:,} leaves, depth {tree.depth}\n")
    print("| what | best ms | note |\n|---|---:|---|")
    for what, seconds, note in rows:
        print(f"| {what} | {seconds * 1000:.1f} | {note} |")


if __name__ == "__main__":
    main()
