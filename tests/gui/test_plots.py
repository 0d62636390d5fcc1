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


def test_the_launcher_passes_its_png_plotter_to_reproduce(qapp, tmp_path, monkeypatch, capsys):
    import app.launch
    import engine.reproduce.facmi as F

    from test_reproduce import tiny_run

    monkeypatch.setattr(F, "run", tiny_run)
    monkeypatch.setattr(app.launch, "configure_numba_cache", lambda: None)  # numba is loaded in this process
    assert app.launch.main(["reproduce", "facmi", "--png", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.glob("*.png")) == ["facmi_a_training_size.png", "facmi_b_classes.png"]
    assert not QImage(str(tmp_path / "facmi_b_classes.png")).isNull()
    assert sorted(p.name for p in tmp_path.glob("*.svg")) == ["facmi_a_training_size.svg", "facmi_b_classes.svg"]


def test_png_plotter_makes_its_folder_and_shortens_a_long_title(qapp, tmp_path):
    """A title far wider than the picture is shortened to one line, so the plot keeps the image's width and
    the data stays inside it; a folder that does not exist yet is made."""
    title = "Seed 001 accuracy per data set (" + ", ".join(f"{i} data set number {i}" for i in range(1, 9)) + ")"
    plot = LinePlot("long", title, "data set", "accuracy", (1, 2, 3), {"dp": (0.9, 0.8, 0.7)})
    from app.plots import line_plot

    path = line_plot(plot, tmp_path / "new" / "folder" / "long.png", width=600, height=400)
    image = QImage(str(path))
    assert not image.isNull() and image.width() == 600
    # the series colour appears in the right half of the picture (x = 3 is the last point)
    right = {image.pixelColor(x, y).name() for x in range(300, 600, 2) for y in range(0, image.height(), 2)}
    left = {image.pixelColor(x, y).name() for x in range(0, 300, 2) for y in range(0, image.height(), 2)}
    assert "#1f77b4" in right and "#1f77b4" in left
