"""engine.plot: SVG line plots without Qt (what `ruletree reproduce` draws by default)."""

import math
import xml.etree.ElementTree as ET

import pytest

from engine.plot import LinePlot, nice_ticks, svg_text, tick_text, write_svg

NS = {"s": "http://www.w3.org/2000/svg"}


def test_nice_ticks_cover_the_range_with_round_steps():
    assert nice_ticks(4, 36, 8) == [0, 5, 10, 15, 20, 25, 30, 35, 40]
    assert nice_ticks(0.2010, 0.7885, 6) == [0.2, 0.4, 0.6, 0.8]
    assert nice_ticks(0.022, 0.3715, 6) == [0.0, 0.1, 0.2, 0.3, 0.4]
    flat = nice_ticks(0.5, 0.5)
    assert flat[0] < 0.5 < flat[-1]
    for lo, hi in ((-3.2, 17.9), (1e-4, 3e-4), (1000, 1e6)):
        ticks = nice_ticks(lo, hi)
        assert ticks[0] <= lo and ticks[-1] >= hi and 3 <= len(ticks) <= 12
    assert tick_text(0.30000000000000004, 0.1) == "0.3" and tick_text(-0.0, 0.5) == "0"
    assert tick_text(2.5, 2.5) == "2.5" and tick_text(20, 5) == "20"


def plot():
    return LinePlot("p", "MAE <k = 4> & more", "training cases", "test MAE", (4, 8, 12, 16),
                    {"facmi": (0.5, 0.4, math.nan, 0.3), "cart & co": (0.8, 0.5, 0.41, 0.36)})


def test_svg_has_title_axes_ticks_legend_and_one_line_per_series(tmp_path):
    path = write_svg(plot(), tmp_path / "p.svg")
    root = ET.parse(path).getroot()  # well-formed XML: the "<", "&" of the title are escaped
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "MAE <k = 4> & more" in texts and "training cases" in texts and "test MAE" in texts
    x_ticks = [t.text for t in root.find("s:g[@class='x-axis']", NS).iter("{http://www.w3.org/2000/svg}text")]
    y_ticks = [t.text for t in root.find("s:g[@class='y-axis']", NS).iter("{http://www.w3.org/2000/svg}text")]
    assert x_ticks == ["4", "6", "8", "10", "12", "14", "16"]
    assert [float(v) for v in y_ticks] == sorted(float(v) for v in y_ticks) and float(y_ticks[0]) <= 0.3
    legend = [t.text for t in root.find("s:g[@class='legend']", NS).iter("{http://www.w3.org/2000/svg}text")]
    assert legend == ["facmi", "cart & co"]
    series = root.findall("s:g[@class='series']", NS)
    assert [g.get("data-label") for g in series] == ["facmi", "cart & co"]
    # the NaN leaves a gap: facmi's line has two pieces (two "M"), three markers
    facmi_path = series[0].find("s:path", NS).get("d")
    assert facmi_path.count("M") == 2 and len(series[0].findall("s:circle", NS)) == 3
    assert len(series[1].findall("s:circle", NS)) == 4
    width, height = float(root.get("width")), float(root.get("height"))
    for g in series:
        for c in g.findall("s:circle", NS):
            assert 0 < float(c.get("cx")) < width and 0 < float(c.get("cy")) < height
    # higher values are drawn higher (smaller y)
    ys = [float(c.get("cy")) for c in series[1].findall("s:circle", NS)]
    assert ys == sorted(ys)


def test_svg_text_is_deterministic_and_checks_lengths():
    assert svg_text(plot()) == svg_text(plot())
    with pytest.raises(ValueError, match="has 2 values for 4 x values"):
        LinePlot("q", "t", "x", "y", (1, 2, 3, 4), {"a": (1, 2)})
