"""app/screenshot_trust.py, the README's pictures of the trust layer (issue 39): run in English into a
temporary folder, it writes the four PNGs (the window's at 1400 x 900, none blank), the consultation
met the age outside the training range, and the README shows each picture in both languages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

from tests.gui.test_screenshot_views import distinct_colours

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ("trust_rules", "trust_tree", "trust_consult", "trust_predictions")


def test_the_trust_pictures_are_written_and_shown_in_the_readme(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(ROOT / "app" / "screenshot_trust.py"), str(tmp_path)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.png" for n in SHOTS)
    for name in SHOTS:
        image = QImage(str(tmp_path / f"{name}.png"))
        assert not image.isNull(), f"{name}.png cannot be read"
        size = (image.width(), image.height())
        assert size == ((1200, 700) if name == "trust_predictions" else (1400, 900)), f"{name}.png is {size}"
        assert distinct_colours(image) > 50, f"{name}.png looks blank"
    # the consultation asked the age and was told 130 lies outside what training saw
    assert "年龄 = 130 is outside the range seen in training (29 to 77)" in done.stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for lang in ("en", "zh_CN"):
        for name in SHOTS:
            picture = f"resources/screenshots/trust/{lang}/{name}.png"
            assert picture in readme and (ROOT / picture).is_file(), picture
