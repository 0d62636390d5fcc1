"""The app's PNG plotter (pyqtgraph, offscreen), which the launcher passes to `reproduce --png`."""

from PySide6.QtGui import QImage  # noqa: E402

from app.launch import png_plotter  # noqa: E402
from engine.plot import LinePlot  # noqa: E402


def test_png_plotter_draws_the_engines_plot(qapp, tmp_path):
    plot = LinePlot("p", "MAE against training cases", "training cases", "MAE", (4, 8, 12),
                    {"facmi": (0.5, 0.4, 0.3), "cart": (0.7, float("nan"), 0.35)})
    path = png_plotter(plot, tmp_path / "p.png")
    assert path == tmp_path / "p.png"
    image = QImage(str(path))
    assert not image.isNull() and image.width() == 900
    colours = {image.pixelColor(x, y).name() for x in range(0, 900, 3) for y in range(0, image.height(), 3)}
    assert "#ffffff" in colours and len(colours) > 10  # a white page with lines drawn on it
