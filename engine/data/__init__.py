"""Reading tables, describing the problem, encoding, project files."""

from .limits import DEFAULT_LIMITS, ReadLimits
from .read import SUPPORTED_SUFFIXES, list_sheets, read_table
from .table import MISSING_TOKENS, ColumnInfo, Table

__all__ = ["DEFAULT_LIMITS", "ReadLimits", "SUPPORTED_SUFFIXES", "list_sheets", "read_table",
           "MISSING_TOKENS", "ColumnInfo", "Table"]
