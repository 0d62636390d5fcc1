"""Reading speed: our `read_table` against plain pandas defaults, in one run.

    python tests/benchmarks/read_table.py [--rows 100000] [--cols 20] [--repeats 3]

Writes a synthetic table (3/4 numeric columns with two decimals, 1/4 nominal
with 12 categories, 1 % missing cells written as empty or '?') as .csv and
.xlsx once (cached in tests/benchmarks/_work), then times, best of N runs:
ours on csv vs `pandas.read_csv(path)`; ours on xlsx vs `pandas.read_excel(path)`
(its default engine, openpyxl) and, for reference, `read_excel(engine="calamine")`.
Our reader does more than either: encoding and delimiter detection, type
inference with named errors, missing tokens, size guards, zip-bomb check.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.data import read_table  # noqa: E402
from _common import timed  # noqa: E402

WORK = Path(__file__).resolve().parent / "_work"


def make_frame(rows: int, cols: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    data = {}
    n_nominal = cols // 4
    for j in range(cols - n_nominal):
        values = np.round(rng.normal(50, 15, rows), 2).astype(object)
        values[rng.random(rows) < 0.01] = "" if j % 2 else "?"
        data[f"x{j + 1}"] = values
    categories = np.array([f"cat_{k}" for k in range(12)], dtype=object)
    for j in range(n_nominal):
        values = categories[rng.integers(0, 12, rows)]
        values[rng.random(rows) < 0.01] = ""
        data[f"c{j + 1}"] = values
    return pd.DataFrame(data)


def write_files(rows: int, cols: int) -> tuple[Path, Path]:
    WORK.mkdir(exist_ok=True)
    csv_path = WORK / f"bench_{rows}x{cols}.csv"
    xlsx_path = WORK / f"bench_{rows}x{cols}.xlsx"
    frame = None
    if not csv_path.exists():
        frame = make_frame(rows, cols)
        frame.to_csv(csv_path, index=False)
    if not xlsx_path.exists():
        from openpyxl import Workbook

        frame = frame if frame is not None else make_frame(rows, cols)
        t0 = time.perf_counter()
        wb = Workbook(write_only=True)
        ws = wb.create_sheet("data")
        ws.append(list(frame.columns))
        for row in frame.itertuples(index=False):
            ws.append([None if v in ("", "?") else v for v in row])
        wb.save(xlsx_path)
        print(f"(wrote {xlsx_path.name} in {time.perf_counter() - t0:.0f} s)")
    return csv_path, xlsx_path


def best_of(fn, repeats: int) -> float:
    return timed(fn, repeats)[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--cols", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    csv_path, xlsx_path = write_files(args.rows, args.cols)
    # sanity: same shape and the same missing counts as pandas sees
    ours = read_table(csv_path)
    theirs = pd.read_csv(csv_path, na_values=["?"])
    assert ours.frame.shape == theirs.shape
    assert [c.missing for c in ours.columns] == theirs.isna().sum().tolist()

    results = [
        ("csv", "ours read_table", best_of(lambda: read_table(csv_path), args.repeats)),
        ("csv", "pandas.read_csv", best_of(lambda: pd.read_csv(csv_path), args.repeats)),
        ("xlsx", "ours read_table", best_of(lambda: read_table(xlsx_path), args.repeats)),
        ("xlsx", "pandas.read_excel (openpyxl)", best_of(lambda: pd.read_excel(xlsx_path), 1)),
        ("xlsx", "pandas.read_excel (calamine)",
         best_of(lambda: pd.read_excel(xlsx_path, engine="calamine"), args.repeats)),
    ]
    base = {"csv": results[1][2], "xlsx": results[3][2]}
    print(f"\nread {args.rows:,} x {args.cols} (csv {csv_path.stat().st_size / 1e6:.1f} MB, "
          f"xlsx {xlsx_path.stat().st_size / 1e6:.1f} MB); best of {args.repeats} (openpyxl: 1 run)\n")
    print("| file | reader | seconds | ratio to pandas default |")
    print("|---|---|---|---|")
    for kind, name, seconds in results:
        print(f"| {kind} | {name} | {seconds:.2f} | {seconds / base[kind]:.2f} |")


if __name__ == "__main__":
    main()
