"""Render resources/icons/ruletree.svg to the raster icons the installers need (run after editing the SVG).

    QT_QPA_PLATFORM=offscreen python packaging/make_icons.py

Writes resources/icons/ruletree.png (256 px: Linux .desktop/AppImage) and
packaging/windows/ruletree.ico (16-256 px, PNG-compressed entries: PyInstaller
and the installers on Windows). macOS: PyInstaller converts the PNG to .icns
itself when Pillow is installed (see packaging/README.md).
"""

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "ruletree.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(size: int) -> bytes:
    image = QImage(size, size, QImage.Format_ARGB32)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    QSvgRenderer(str(SVG)).render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data)


def ico(pngs: dict[int, bytes]) -> bytes:
    """ICO with PNG entries (Windows Vista and later read them)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    entries, blobs = b"", b""
    offset = 6 + 16 * len(pngs)
    for size, png in sorted(pngs.items()):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset)
        blobs += png
        offset += len(png)
    return header + entries + blobs


def main() -> int:
    app = QGuiApplication(sys.argv[:1])  # noqa: F841 - QImage/QPainter need it
    pngs = {size: render(size) for size in SIZES}
    (ROOT / "resources" / "icons" / "ruletree.png").write_bytes(pngs[256])
    out = ROOT / "packaging" / "windows" / "ruletree.ico"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(ico(pngs))
    print(f"wrote resources/icons/ruletree.png and {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
