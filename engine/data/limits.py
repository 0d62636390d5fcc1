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
    #: workbooks: the rectangle a sheet spans (from its first to its farthest cell, blanks
    #: included) is what the reader allocates, so it is bounded by the size of the file too:
    #: at most this many cells per byte of the file (a dense sheet takes several bytes per
    #: cell, even compressed) ...
    sheet_cells_per_byte: int = 64
    #: ... but always at least this many (about 150 MB while reading); and never more than
    #: `max_cells`. A 10 KB file with one cell at XFD1048576 is refused before it is loaded.
    min_sheet_cells: int = 1_000_000
    #: a sheet's declared size (.xls DIMENSIONS), reserved in advance by the reader
    max_declared_cells: int = 30_000_000

    #: what reading a table may take in memory (bytes, estimated from the file before it is
    #: decoded: cells, text, repeats and references counted): at least this much ...
    min_read_bytes: int = 256 << 20
    #: ... or this many bytes per byte of the file (real files stay below 20: a long text
    #: referred to by many cells, or text compressed 250 to 1, is what goes beyond) ...
    read_bytes_per_byte: int = 256
    #: ... and never more than this
    max_read_bytes: int = 16 << 30
    #: sparse ARFF: cells (rows x attributes) per byte of the file, at least `min_sheet_cells`
    sparse_cells_per_byte: int = 16

    def read_budget(self, file_bytes: int) -> int:
        """Bytes of memory reading a file of `file_bytes` bytes may take."""
        return min(self.max_read_bytes, max(self.min_read_bytes, self.read_bytes_per_byte * file_bytes))

    def sparse_cell_budget(self, file_bytes: int) -> int:
        """Cells a sparse ARFF file of `file_bytes` bytes may expand to."""
        return min(self.max_cells, max(self.min_sheet_cells, self.sparse_cells_per_byte * file_bytes))

    def sheet_cell_budget(self, file_bytes: int) -> int:
        """Cells a sheet of a workbook of `file_bytes` bytes may span."""
        return min(self.max_cells, max(self.min_sheet_cells, self.sheet_cells_per_byte * file_bytes))


DEFAULT_LIMITS = ReadLimits()
