"""Budgets that keep a hostile or mistaken file from exhausting the machine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReadLimits:
    #: largest file accepted at all (bytes)
    max_file_bytes: int = 1 << 30
    #: rows x columns of the table (header excluded); 1M rows x 30 columns fits
    max_cells: int = 30_000_000
    #: longest text in one cell; Excel itself stops at 32,767 characters
    max_cell_chars: int = 32_767
    #: xlsx: total uncompressed size of all zip entries (bytes)
    max_unzipped_bytes: int = 2 << 30
    #: xlsx: largest compression ratio of an entry bigger than 1 MiB; real
    #: workbooks stay far below 100, zip bombs are in the thousands
    max_zip_ratio: float = 250.0
    #: columns in one table
    max_columns: int = 16_384


DEFAULT_LIMITS = ReadLimits()
