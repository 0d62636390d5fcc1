"""Where bundled resources (demo projects, icons) are: source tree, installed, or frozen."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def resources_dir() -> Path:
    override = os.environ.get("RULETREE_RESOURCES")
    if override:
        return Path(override)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def demo_project() -> Path:
    """The project the app opens on first start (car evaluation)."""
    return resources_dir() / "demo" / "car_evaluation.rtproj"
