"""Small hand-made inputs several test files share."""

from __future__ import annotations

from engine.data.encode import AttributeSchema, DataSchema
from engine.tree.model import Leaf, ThresholdSplit, Tree

# a table for the problem settings' checks: numbers, categories, ranks, a missing value
SPEC_CSV = """age,sex,grade,lab1,lab2,xray,class
34,m,low,1.5,7,1,a
51,f,high,2.5,8,0,b
47,f,med,?,9,1,c
62,m,high,3.5,6,0,b
29,f,low,1.0,5,1,a
"""

HAND_SCHEMA = DataSchema("y", ["no", "yes"], False, [AttributeSchema(n, "numeric") for n in ("A", "B", "C")])


def hand_tree() -> Tree:
    """A <= 5 ? (B <= 1 ? [8,0] : [0,2]) : (C <= 1 ? [2,0] : [0,8]); root [10,10]."""
    t = Tree(HAND_SCHEMA)
    t.add(ThresholdSplit(counts=[10, 10], label=0, children=[1, 2], feature=0, threshold=5.0))
    t.add(ThresholdSplit(counts=[8, 2], label=0, children=[3, 4], feature=1, threshold=1.0), 0)
    t.add(ThresholdSplit(counts=[2, 8], label=1, children=[5, 6], feature=2, threshold=1.0), 0)
    for counts, label, parent in (([8, 0], 0, 1), ([0, 2], 1, 1), ([2, 0], 0, 2), ([0, 8], 1, 2)):
        t.add(Leaf(counts=counts, label=label), parent)
    return t


def with_blanks(table, spec, tmp_path, rate=0.1, seed=3):
    """A copy of the table with about `rate` of the attributes' cells blanked (the cells
    `inject_missing` blanks in the encoded data), written as a CSV with empty cells and read back
    as `read_table` reads it: what the SQL, calculator and edited-model exports are run on."""
    import numpy as np

    from engine.data.encode import build_schema, encode
    from engine.data.read import read_table
    from engine.workflows import inject_missing

    X = encode(table, spec).X
    mask = np.isnan(inject_missing(X, rate, seed)) & ~np.isnan(X)
    frame = table.frame.copy()
    for j, name in enumerate(build_schema(spec, table).names):
        column = frame[name].astype(object)
        column[mask[:, j]] = None
        frame[name] = column
    path = tmp_path / "blanked.csv"
    frame.to_csv(path, index=False, na_rep="", encoding="utf-8")
    return read_table(path)
