"""Reading speed and memory: our `read_table` against plain pandas defaults, in one run.

    python tests/benchmarks/read_table.py [--rows 100000] [--cols 20] [--repeats 3]
                                          [--memory-rows 1000000] [--no-xlsx] [--wide-xlsx]
                                          [--wide-repeats 1] [--wide-memory] [--no-openpyxl]

Writes synthetic tables once (cached in tests/benchmarks/_work):
  - "numeric": every column numbers with two decimals, 1 % missing cells written as
    empty or '?';
  - "mixed": 3/4 numeric columns as above, 1/4 nominal with 12 categories (1 % empty);
and the mixed one also as .xlsx. Then times, best of N runs: ours on each csv vs
`pandas.read_csv(path)` (C engine); ours on xlsx vs `pandas.read_excel(path)` (its
default engine, openpyxl) and, for reference, `read_excel(engine="calamine")`.
With --wide-xlsx also a 50,000-row x 200-column workbook (written once: minutes): ours and
`read_excel(engine="calamine")` alternated --wide-repeats times (their ratio is the figure that
counts on a busy machine), openpyxl once (--no-openpyxl: not), and with --wide-memory the peak
memory of a fresh process reading it, ours and calamine's.
Last, the peak memory (maximum resident set size of a fresh process) of
`ruletree info` on a --memory-rows x --cols mixed csv, beside that of a process that
only runs `pandas.read_csv` on it (0 skips the memory figure).
Our reader does more than either: encoding and delimiter detection, type
inference with named errors, missing tokens, size guards, zip-bomb check.

RULETREE_ENGINE_ROOT=/other/checkout measures that checkout's engine (before/after).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, timed  # noqa: E402  (ROOT: this checkout, or RULETREE_ENGINE_ROOT)

from engine.data import read_table  # noqa: E402

WORK = Path(__file__).resolve().parent / "_work"


def make_frame(rows: int, cols: int, seed: int = 0, *, numeric_only: bool = False) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    data = {}
    n_nominal = 0 if numeric_only else cols // 4
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


def write_csv(rows: int, cols: int, kind: str) -> Path:
    WORK.mkdir(exist_ok=True)
    path = WORK / (f"bench_{rows}x{cols}.csv" if kind == "mixed" else f"bench_{kind}_{rows}x{cols}.csv")
    if not path.exists():
        make_frame(rows, cols, numeric_only=kind == "numeric").to_csv(path, index=False)
    return path


def write_xlsx(rows: int, cols: int) -> Path:
    WORK.mkdir(exist_ok=True)
    xlsx_path = WORK / f"bench_{rows}x{cols}.xlsx"
    if not xlsx_path.exists():
        from openpyxl import Workbook

        frame = make_frame(rows, cols)
        t0 = time.perf_counter()
        wb = Workbook(write_only=True)
        ws = wb.create_sheet("data")
        ws.append(list(frame.columns))
        for row in frame.itertuples(index=False):
            ws.append([None if v in ("", "?") else v for v in row])
        wb.save(xlsx_path)
        print(f"(wrote {xlsx_path.name} in {time.perf_counter() - t0:.0f} s)")
    return xlsx_path


def best_of(fn, repeats: int) -> float:
    return timed(fn, repeats)[0]


def peak_mb(code: str) -> float:
    """Maximum resident set size (MB) of a fresh Python process running `code`."""
    # VmHWM, the high-water mark of this process's memory (ru_maxrss would start from the
    # parent's size at fork)
    script = (f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n" + code +
              "\nprint('PEAK', [x for x in open('/proc/self/status') if x.startswith('VmHWM')][0].split()[1])\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         cwd=str(ROOT), env=dict(os.environ, PYTHONPATH=str(ROOT)))
    line = [x for x in out.stdout.splitlines() if x.startswith("PEAK")][-1]
    return int(line.split()[1]) / 1024  # kB


def check_against_pandas(path: Path) -> None:
    """Sanity: same shape and the same missing counts as pandas sees."""
    ours = read_table(path)
    theirs = pd.read_csv(path, na_values=["?"])
    assert ours.frame.shape == theirs.shape
    assert [c.missing for c in ours.columns] == theirs.isna().sum().tolist()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--cols", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--memory-rows", type=int, default=1_000_000)
    parser.add_argument("--no-xlsx", action="store_true", help="leave the xlsx rows out")
    parser.add_argument("--wide-xlsx", action="store_true",
                        help="also time a 50,000-row x 200-column xlsx (issue 20: under 10 s)")
    parser.add_argument("--wide-repeats", type=int, default=1, help="rounds of ours and calamine on the wide xlsx")
    parser.add_argument("--wide-memory", action="store_true", help="also the peak memory on the wide xlsx")
    parser.add_argument("--no-openpyxl", action="store_true", help="leave openpyxl out on the wide xlsx")
    args = parser.parse_args()
    print(f"engine: {ROOT}")
    results = []
    sizes = []
    for kind in ("numeric", "mixed"):
        path = write_csv(args.rows, args.cols, kind)
        check_against_pandas(path)
        sizes.append(f"{kind} csv {path.stat().st_size / 1e6:.1f} MB")
        # alternate ours and pandas so that a busy machine slows both alike
        ours, theirs = np.inf, np.inf
        for _ in range(args.repeats):
            ours = min(ours, best_of(lambda: read_table(path), 1))
            theirs = min(theirs, best_of(lambda: pd.read_csv(path), 1))
        results += [(f"csv {kind}", "ours read_table", ours), (f"csv {kind}", "pandas.read_csv (C engine)", theirs)]
    if not args.no_xlsx:
        xlsx_path = write_xlsx(args.rows, args.cols)
        sizes.append(f"xlsx {xlsx_path.stat().st_size / 1e6:.1f} MB")
        results += [
            ("xlsx", "ours read_table", best_of(lambda: read_table(xlsx_path), args.repeats)),
            ("xlsx", "pandas.read_excel (openpyxl)", best_of(lambda: pd.read_excel(xlsx_path), 1)),
            ("xlsx", "pandas.read_excel (calamine)",
             best_of(lambda: pd.read_excel(xlsx_path, engine="calamine"), args.repeats)),
        ]
    wide_peaks = []
    if args.wide_xlsx:
        wide = write_xlsx(50_000, 200)
        sizes.append(f"wide xlsx 50,000 x 200 {wide.stat().st_size / 1e6:.1f} MB")
        # ours and calamine alone, alternated (a busy machine slows both alike); best of the rounds
        ours, theirs = np.inf, np.inf
        for _ in range(args.wide_repeats):
            ours = min(ours, best_of(lambda: read_table(wide), 1))
            theirs = min(theirs, best_of(lambda: pd.read_excel(wide, engine="calamine"), 1))
        results.append(("xlsx 50k x 200", "ours read_table", ours))
        if not args.no_openpyxl:
            results.append(("xlsx 50k x 200", "pandas.read_excel (openpyxl)",
                            best_of(lambda: pd.read_excel(wide), 1)))
        results.append(("xlsx 50k x 200", "pandas.read_excel (calamine)", theirs))
        if args.wide_memory:
            wide_peaks = [("read_table(FILE)", peak_mb(f"from engine.data import read_table\nread_table({str(wide)!r})")),
                          ("pandas.read_excel(FILE, engine='calamine')",
                           peak_mb(f"import pandas as pd\npd.read_excel({str(wide)!r}, engine='calamine')"))]
    base = {kind: seconds for kind, name, seconds in results if name.startswith("pandas.read_")
            and "calamine" not in name}
    calamine = {kind: seconds for kind, name, seconds in results if "calamine" in name}
    print(f"\nread {args.rows:,} x {args.cols} ({', '.join(sizes)}); best of {args.repeats} "
          f"(openpyxl: 1 run; the wide xlsx: best of {args.wide_repeats}, alternated with calamine)\n")
    print("| file | reader | seconds | ratio to pandas default | ratio to calamine alone |")
    print("|---|---|---|---|---|")
    for kind, name, seconds in results:
        to_default = f"{seconds / base[kind]:.2f}" if kind in base else "-"
        to_calamine = f"{seconds / calamine[kind]:.2f}" if kind in calamine else "-"
        print(f"| {kind} | {name} | {seconds:.3f} | {to_default} | {to_calamine} |")
    if wide_peaks:
        print("\npeak memory, 50,000 x 200 xlsx; maximum resident set size of a fresh process\n")
        print("| process | peak MB | ratio to calamine alone |")
        print("|---|---|---|")
        for name, mb in wide_peaks:
            print(f"| {name} | {mb:.0f} | {mb / wide_peaks[-1][1]:.2f} |")

    if args.memory_rows:
        path = write_csv(args.memory_rows, args.cols, "mixed")
        ours = peak_mb("from engine.cli import main\nimport contextlib, io\n"
                       "with contextlib.redirect_stdout(io.StringIO()):\n"
                       f"    assert main(['info', {str(path)!r}]) == 0")
        theirs = peak_mb(f"import pandas as pd\npd.read_csv({str(path)!r})")
        floor = peak_mb("import engine.cli, engine.data, pandas")
        print(f"\npeak memory, {args.memory_rows:,} x {args.cols} mixed csv ({path.stat().st_size / 1e6:.0f} MB); "
              "maximum resident set size of a fresh process\n")
        print("| process | peak MB | ratio to pandas.read_csv |")
        print("|---|---|---|")
        for name, mb in (("ruletree info FILE", ours), ("pandas.read_csv(FILE)", theirs),
                         ("(imports only)", floor)):
            print(f"| {name} | {mb:.0f} | {mb / theirs:.2f} |")


if __name__ == "__main__":
    main()
