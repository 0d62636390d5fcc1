"""One runnable experiment per paper (`ruletree reproduce PAPER`)."""

from __future__ import annotations

from pathlib import Path


def save_tables(out: Path, tables: dict, workbook: str, say) -> None:
    """Each table as `out/NAME.csv` and all of them as sheets of `out/WORKBOOK.xlsx` (atomic writes)."""
    from ..export import write_tables
    from ..fileio import atomic_write_text

    for name, frame in tables.items():
        atomic_write_text(out / f"{name}.csv", frame.to_csv(index=False, float_format="%.4f"))
    write_tables(out / f"{workbook}.xlsx", tables)
    say(f"tables written to {out}")
