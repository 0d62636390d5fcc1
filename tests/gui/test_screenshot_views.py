"""app/screenshot_views.py, the README's pictures of the third pass's new views (issue 36): run in
English into a temporary folder, it writes the seven PNGs, the window's at 1400 x 900, none blank."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
#: the pictures grabbed of the whole window (1400 x 900) and of a dialog (its own size)
WINDOW_SHOTS = ("data_hygiene", "train_results", "tree_ordered", "tree_edit", "guideline")
DIALOG_SHOTS = ("predictions", "user_guide")


def distinct_colours(image: QImage) -> int:
    image = image.convertToFormat(QImage.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint32, image.sizeInBytes() // 4)
    return len(np.unique(pixels))


def test_the_seven_views_are_written_at_their_size_and_not_blank(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(ROOT / "app" / "screenshot_views.py"), str(tmp_path)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    for name in WINDOW_SHOTS + DIALOG_SHOTS:
        path = tmp_path / f"{name}.png"
        assert path.is_file(), f"{name}.png not written:\n{done.stdout}"
        image = QImage(str(path))
        assert not image.isNull(), f"{name}.png cannot be read"
        if name in WINDOW_SHOTS:
            assert (image.width(), image.height()) == (1400, 900), f"{name}.png is {image.width()}x{image.height()}"
        else:
            assert image.width() >= 600 and image.height() >= 400, f"{name}.png is {image.width()}x{image.height()}"
        assert distinct_colours(image) > 50, f"{name}.png looks blank"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.png" for n in WINDOW_SHOTS + DIALOG_SHOTS)

