"""How long this process has run: the launcher logs it, the self-test reports it."""

from __future__ import annotations

import os


def process_age() -> float | None:
    """Seconds since this process started (bootloader included), Linux only; else None."""
    try:
        with open("/proc/self/stat") as f:
            started_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return uptime - started_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None
