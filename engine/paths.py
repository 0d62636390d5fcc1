"""Per-user folders (data, logs, caches) without Qt, on Linux, Windows and macOS."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_DIR_NAME = "RuleTree Studio"


def user_data_dir() -> Path:
    """Where sessions and logs live; RULETREE_DATA_DIR overrides (tests, portable use)."""
    override = os.environ.get("RULETREE_DATA_DIR")
    if override:
        return Path(override)
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / APP_DIR_NAME


def log_file() -> Path:
    return user_data_dir() / "logs" / "ruletree.log"
