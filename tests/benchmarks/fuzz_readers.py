"""Fuzz the readers: N mutated files of every supported format through `read_table`.

    python tests/benchmarks/fuzz_readers.py [--n 10000] [--seed 0] [--workers 2] [--keep DIR]

Valid seed files (.csv .tsv .txt .arff .xlsx .xls .ods .xlsb, a few KB each, made here)
are mutated: bit flips, byte runs, truncation, splicing two files, and, inside the zip or
BIFF structure, far cell references, huge repeat counts, DIMENSIONS records, odd numbers;
and the amplifications of issue 41 (tests/amplification_files.py): cells that all refer to one
long shared string, long inline texts, long texts repeated across and down (.ods), giant CSV
cells, very wide sparse ARFF files, and a target with very many classes (those cases are also
encoded for training, the first column as the target).
Each file is read with `engine.data.read_table` in a worker process (a crash or a native
abort loses one file, not the run; each worker is limited to --memory MB of address space
and each file to --timeout seconds). Outcomes: a Table, a DataError by code, or an ESCAPE:
any other exception, a DataError "unreadable" (the safety net that hides a reader bug), a
crash (signal), a timeout, or a peak memory of the worker above --rss MB. Prints a summary; exit status 1 when anything escaped. With
--keep, every escaping file is saved there to reproduce it.
"""

from __future__ import annotations

import argparse
import collections
import io
import json
import os
import random
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
for folder in (ROOT, TESTS):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

SUFFIXES = (".csv", ".tsv", ".txt", ".arff", ".xlsx", ".xls", ".ods", ".xlsb")


# ---- seeds --------------------------------------------------------------------------------------

def _table(rng: random.Random) -> list[list]:
    width, height = rng.randint(1, 6), rng.randint(0, 40)
    header = [rng.choice(["age", "sex", "class", "x", "y", "温度", "naïve", "a b"]) + str(j) for j in range(width)]
    rows = [header]
    for _ in range(height):
        rows.append([rng.choice([rng.randint(-5, 99), round(rng.uniform(-1, 1), 3), rng.choice("abc"), None, "?",
                                 "NA", "1,5", "inf", "2024-01-02"]) for _ in range(width)])
    return rows


def seed_bytes(suffix: str, rng: random.Random) -> bytes:
    """A valid file of the format (the mutations start from it)."""
    import test_hostile_spreadsheets as h
    from xlsx_builder import sheet_xml

    rows = _table(rng)
    if suffix in (".csv", ".tsv", ".txt"):
        delim = {".csv": rng.choice(",;"), ".tsv": "\t", ".txt": rng.choice(",\t|")}[suffix]
        text = "\n".join(delim.join("" if v is None else f'"{v}"' if delim in str(v) else str(v) for v in r)
                         for r in rows) + "\n"
        return text.encode(rng.choice(["utf-8", "utf-8-sig", "utf-16", "gb18030"]))
    if suffix == ".arff":
        kinds = [rng.choice(["numeric", "{a,b,c}", "string"]) for _ in rows[0]]
        values = {"numeric": lambda: str(rng.choice([rng.randint(-5, 99), round(rng.uniform(-1, 1), 3)])),
                  "{a,b,c}": lambda: rng.choice("abc"), "string": lambda: rng.choice(["'x y'", "z", "'1,5'"])}
        head = "@relation r\n" + "".join(f"@attribute 'a {j}' {k}\n" for j, k in enumerate(kinds))
        body = "\n".join(",".join("?" if rng.random() < 0.05 else values[k]() for k in kinds) for _ in rows[1:])
        return (head + "@data\n" + body + "\n").encode()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / ("seed" + suffix)
        if suffix == ".xlsx":
            from xlsx_builder import write_xlsx

            write_xlsx(path, {"S": sheet_xml(rows), **({"T": sheet_xml(rows[:3])} if rng.random() < 0.3 else {})})
        elif suffix == ".ods":
            body = h.ods_row(*[h.ods_cell(v) for v in rows[0]]) + "".join(
                h.ods_row(*[h.ods_cell(v) for v in r], repeat=rng.choice([None, None, None, 3])) for r in rows[1:])
            h.ods(path, body)
        elif suffix == ".xls":
            records = [h.xls_dimensions(0, len(rows), 0, len(rows[0]))]
            for i, r in enumerate(rows):
                for j, v in enumerate(r):
                    if isinstance(v, (int, float)):
                        records.append(h.xls_number(i, j, float(v)))
                    elif v is not None:
                        records.append(h.xls_label(i, j, str(v).encode("latin-1", "replace").decode("latin-1")))
            h.xls(path, records)
        else:  # .xlsb
            cells = [(i, j, v if isinstance(v, (int, float, str)) else "") for i, r in enumerate(rows)
                     for j, v in enumerate(r) if v is not None]
            h.xlsb(path, h.xlsb_sheet(cells, dim=(0, len(rows), 0, len(rows[0]))))
        return path.read_bytes()


# ---- mutations ----------------------------------------------------------------------------------

FAR_REFS = ["XFD1048576", "B1048576", "A1048577", "ZZZZ1", "A0", "A-1", "AAAAAAAAAAAA1", "A99999999999999", "xfd9"]
BIG_NUMBERS = [0, 1, 255, 256, 65535, 65536, 1048575, 1048576, 16384, 2**31 - 1, 2**31, 2**32 - 1, 10**12]


def mutate_bytes(data: bytes, rng: random.Random, other: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.random()
        if not data:
            break
        if kind < 0.35:  # bit flips
            for _ in range(rng.randint(1, 8)):
                pos = rng.randrange(len(data))
                data[pos] ^= 1 << rng.randrange(8)
        elif kind < 0.55:  # a run of one byte
            pos = rng.randrange(len(data))
            data[pos:pos + rng.randint(1, 32)] = bytes([rng.choice([0, 0xFF, 0x7F, 0x80, 0x30])]) * rng.randint(1, 32)
        elif kind < 0.7:  # truncation
            del data[rng.randint(0, len(data)):]
        elif kind < 0.85:  # splicing another file
            cut = rng.randint(0, len(data))
            start = rng.randint(0, len(other))
            data[cut:] = other[start:start + rng.randint(0, 2000)]
        else:  # an interesting number (little-endian) somewhere
            pos = rng.randrange(len(data))
            width = rng.choice([2, 4])
            data[pos:pos + width] = (rng.choice(BIG_NUMBERS) % (1 << (8 * width))).to_bytes(width, "little")
    return bytes(data)


def mutate_xml(text: bytes, rng: random.Random) -> bytes:
    """Far references, repeat counts, dimensions, nesting: the attacks that expand."""
    import re

    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        if kind < 0.25:
            refs = list(re.finditer(rb' r="[A-Z]+\d+"', text))
            if refs:
                m = rng.choice(refs)
                text = text[:m.start()] + b' r="' + rng.choice(FAR_REFS).encode() + b'"' + text[m.end():]
        elif kind < 0.4:
            rows = list(re.finditer(rb'<row r="\d+"', text))
            if rows:
                m = rng.choice(rows)
                text = text[:m.start()] + b'<row r="%d"' % rng.choice(BIG_NUMBERS) + text[m.end():]
        elif kind < 0.6:
            tags = list(re.finditer(rb"<table:table-(?:row|cell)", text))
            if tags:
                m = rng.choice(tags)
                attr = b"rows" if text[m.end() - 3:m.end()] == b"row" else b"columns"
                text = (text[:m.end()] + b' table:number-%s-repeated="%d"' % (attr, rng.choice(BIG_NUMBERS))
                        + text[m.end():])
        elif kind < 0.7:
            text = text.replace(b"<sheetData>", b'<dimension ref="A1:%s"/><sheetData>'
                                % rng.choice(FAR_REFS).encode(), 1)
        elif kind < 0.8:
            depth = rng.choice([100, 5000])
            pos = text.find(b"<v>")
            if pos >= 0:
                text = text[:pos] + b"<x>" * depth + b"</x>" * depth + text[pos:]
        elif kind < 0.9:
            text = re.sub(rb'="(\d+)"', lambda m: b'="%d"' % rng.choice(BIG_NUMBERS) if rng.random() < 0.2
                          else m.group(0), text)
        else:
            pos = rng.randint(0, len(text))
            text = text[:pos] + rng.choice([b"<", b">", b'"', b"&#0;", b"&amp", b"]]>", b"\xff\xfe"]) + text[pos:]
    return text


def mutate_zip(data: bytes, rng: random.Random) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = [(i.filename, z.read(i)) for i in z.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in parts:
            if name.endswith(".xml") and rng.random() < 0.7:
                body = mutate_xml(body, rng)
            elif name.endswith(".bin") and rng.random() < 0.5:
                body = mutate_records(body, rng)
            z.writestr(name, body)
    return out.getvalue()


def mutate_records(body: bytes, rng: random.Random) -> bytes:
    """Interesting numbers at random 4-byte-aligned places of a binary part."""
    body = bytearray(body)
    for _ in range(rng.randint(1, 4)):
        if len(body) < 8:
            break
        pos = rng.randrange(0, len(body) - 4)
        body[pos:pos + 4] = (rng.choice(BIG_NUMBERS) % (1 << 32)).to_bytes(4, "little")
    return bytes(body)


def mutate_xls(rng: random.Random) -> bytes:
    """Well-formed compound file, hostile BIFF records: far rows and columns, DIMENSIONS, MulRk."""
    import test_hostile_spreadsheets as h

    records = list(h.XLS_TABLE)
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        n = lambda: rng.choice(BIG_NUMBERS)  # noqa: E731
        if kind < 0.3:
            records.append(h.xls_number(n() % 65536, n() % 65536, 1.0))
        elif kind < 0.55:
            records[0] = h.biff(0x0200, struct.pack("<IIHHH", n() % 2**32, n() % 2**32, n() % 65536, n() % 65536, 0))
        elif kind < 0.7:
            count = rng.randint(0, 5)
            records.append(h.biff(0x00BD, struct.pack("<HH", n() % 65536, n() % 65536) + b"\0" * 6 * count
                                  + struct.pack("<H", n() % 65536)))
        elif kind < 0.85:
            records.append(h.biff(rng.choice([0x00FD, 0x0204, 0x0006, 0x027E, 0x0205, 0x00D6]),
                                  rng.randbytes(rng.randint(0, 30))))
        else:
            records.insert(rng.randint(0, len(records)), h.biff(rng.choice([0x0809, 0x000A, 0x003C]),
                                                                 rng.randbytes(rng.randint(0, 16))))
    offset = rng.choice([None] * 6 + [0, 7, 2**31 - 1, 2**32 - 1])
    return h.compound_file(h.biff_workbook(records, sheet_offset=offset))


def amplified(suffix: str, rng: random.Random) -> tuple[bytes, str, str]:
    """A file of the issue-41 classes, its sizes drawn at random around the budgets: (bytes, kind,
    the suffix it is read as)."""
    import amplification_files as a
    from test_hostile_spreadsheets import ods, ods_cell, ods_row

    kind = "amplify"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / ("case" + suffix)
        if suffix == ".xlsb" and rng.random() < 0.5:  # binary shared strings (issue 41, third round)
            a.xlsb_shared_strings(path, rows=rng.choice([10, 200, 2_000, 5_000]), cols=rng.randint(1, 10),
                                  length=rng.choice([10, 1_000, 5_000, 32_000]))
            return path.read_bytes(), kind, ".xlsb"
        if suffix in (".xlsx", ".xlsb"):
            if rng.random() < 0.7:
                a.xlsx_shared_strings(path, rows=rng.choice([10, 200, 2_000, 5_000]), cols=rng.randint(1, 10),
                                      length=rng.choice([10, 1_000, 5_000, 32_767, 40_000, 200_000]))
            else:
                cols, length = rng.randint(1, 10), rng.choice([10, 3_000, 20_000, 40_000])
                # at most 60 MB of XML: building the case must not be what takes the worker's memory
                rows = min(rng.choice([10, 500, 2_000]), 60_000_000 // (cols * length))
                a.xlsx_inline(path, rows=rows, cols=cols, length=length)
            suffix = ".xlsx"
        elif suffix == ".ods":
            text = "x" * rng.choice([10, 1_000, 30_000, 100_000])
            body = ods_row(ods_cell("a"), ods_cell("b")) + ods_row(
                ods_cell(text, repeat=rng.choice([None, 10, 1_000, 16_000])), ods_cell(1),
                repeat=rng.choice([None, 10, 100, 10_000]))
            ods(path, body)
        elif suffix == ".arff":
            a.arff_sparse_wide(path, attributes=rng.choice([10, 1_000, 16_000, 17_000]),
                               rows=rng.choice([1, 50, 400, 2_000]))
        elif suffix == ".xls":
            if rng.random() < 0.5:  # the SST and LABELSST references, one sheet or many
                a.xls_shared_strings(path, rows=rng.choice([10, 200, 2_000, 5_000]), cols=rng.randint(1, 10),
                                     length=rng.choice([10, 1_000, 5_000, 32_000]), wide=rng.random() < 0.3,
                                     sheets=rng.choice([1, 1, 2, 20]))
                return path.read_bytes(), kind, ".xls"
            return mutate_xls(rng), "xls", ".xls"
        elif rng.random() < 0.5:
            a.csv_giant_cell(path, length=rng.choice([1_000, 32_767, 32_768, 140_000, 2_000_000]))
        else:
            a.csv_many_classes(path, rows=rng.choice([50, 2_000, 20_000]), features=rng.randint(1, 3))
            kind = "classes"
        return path.read_bytes(), kind, suffix


def make_case_kind(index: int, seed: int) -> tuple[str, bytes, str]:
    """(suffix, bytes, kind): kind "classes" is also encoded for training."""
    rng = random.Random(seed * 1_000_003 + index)
    suffix = SUFFIXES[index % len(SUFFIXES)]
    data = seed_bytes(suffix, rng)
    other = seed_bytes(rng.choice(SUFFIXES), rng)
    roll = rng.random()
    if roll < 0.1:
        return suffix, data, "seed"  # the seed itself: must read (or be refused for a reason)
    if roll < 0.2:
        data, kind, suffix = amplified(suffix, rng)
        return suffix, data, kind
    if suffix in (".xlsx", ".ods", ".xlsb") and roll < 0.6:
        data = mutate_zip(data, rng)
        if rng.random() < 0.2:
            data = mutate_bytes(data, rng, other)
        return suffix, data, "zip"
    if suffix == ".xls" and roll < 0.6:
        data = mutate_xls(rng)
        if rng.random() < 0.2:
            data = mutate_bytes(data, rng, other)
        return suffix, data, "xls"
    return suffix, mutate_bytes(data, rng, other), "bytes"


def make_case(index: int, seed: int) -> tuple[str, bytes]:
    suffix, data, _kind = make_case_kind(index, seed)
    return suffix, data


# ---- reading ------------------------------------------------------------------------------------

def classify(path: str, timeout: float, train: bool = False) -> str:
    """`train`: a table read is also encoded for training, its first column the target."""
    import signal

    from engine.data import read_table
    from engine.data.table import Table
    from engine.errors import DataError

    def alarm(*_):
        raise TimeoutError

    signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        table = read_table(path)
        if not isinstance(table, Table):
            return f"ESCAPE:returned {type(table).__name__}"
        if train:
            from engine.data.encode import encode
            from engine.data.spec import ProblemSpec

            encode(table, ProblemSpec(target=table.columns[0].name))
            return "encoded"
        return "table"
    except TimeoutError:
        return "ESCAPE:timeout"
    except DataError as exc:
        if exc.code == "unreadable":
            return f"ESCAPE:unreadable ({type(exc.__cause__).__name__}: {str(exc.__cause__)[:120]})"
        if exc.file != path:
            return f"ESCAPE:DataError {exc.code} without the file named"
        return f"DataError:{exc.code}"
    except BaseException as exc:  # noqa: BLE001 - that is the point: anything else escaped
        return f"ESCAPE:{type(exc).__name__}: {str(exc)[:120]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def worker(args) -> int:
    """Reads cases [start, stop): prints "start i" before each and a JSON result after."""
    import logging
    import resource

    logging.disable(logging.CRITICAL)  # the safety net logs tracebacks: counted, not printed
    limit = args.memory << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(args.start, args.stop):
            suffix, data, kind = make_case_kind(index, args.seed)
            path = os.path.join(tmp, f"case{index}{suffix}")
            with open(path, "wb") as handle:
                handle.write(data)
            print(f"start {index}", flush=True)
            outcome = classify(path, args.timeout, train=kind == "classes")
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10
            over = peak > args.rss and not outcome.startswith("ESCAPE")
            if over:
                outcome = f"ESCAPE:memory (peak {peak} MB, more than --rss {args.rss} MB; was {outcome})"
            if outcome.startswith("ESCAPE") and args.keep:
                os.makedirs(args.keep, exist_ok=True)
                with open(os.path.join(args.keep, f"case{index}{suffix}"), "wb") as handle:
                    handle.write(data)
            print(json.dumps({"i": index, "suffix": suffix, "size": len(data), "outcome": outcome}), flush=True)
            os.unlink(path)
            if over:
                return 3  # the peak only grows: a fresh worker goes on from the next case
    return 0


def run_range(args, start: int, stop: int, results: list) -> None:
    """Runs a worker over [start, stop); after a crash, goes on from the next case."""
    while start < stop:
        cmd = [sys.executable, __file__, "--worker", "--start", str(start), "--stop", str(stop), "--seed",
               str(args.seed), "--timeout", str(args.timeout), "--memory", str(args.memory), "--rss", str(args.rss)]
        if args.keep:
            cmd += ["--keep", args.keep]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
        current = None
        for line in proc.stdout:
            if line.startswith("start "):
                current = int(line.split()[1])
            elif line.startswith("{"):
                results.append(json.loads(line))
                current = None
        status = proc.wait()
        if current is None:
            if status == 3 and results:  # stopped after a case over --rss: go on after it
                done = max((r["i"] for r in results if start <= r["i"] < stop), default=stop - 1)
                start = done + 1
                continue
            return
        suffix, data = make_case(current, args.seed)
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            Path(args.keep, f"case{current}{suffix}").write_bytes(data)
        results.append({"i": current, "suffix": suffix, "size": len(data),
                        "outcome": f"ESCAPE:crash (exit status {status})"})
        start = current + 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per file")
    parser.add_argument("--memory", type=int, default=4096, help="MB of address space per worker")
    parser.add_argument("--rss", type=int, default=1024,
                        help="MB of peak memory (ru_maxrss) a worker may reach; beyond: an escape (a "
                             "worker's peak includes what it held for earlier files)")
    parser.add_argument("--keep", help="folder for the files that escaped")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--start", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--stop", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args)

    import threading

    began = time.time()
    results: list = []
    step = -(-args.n // args.workers)
    threads = [threading.Thread(target=run_range, args=(args, k, min(args.n, k + step), results))
               for k in range(0, args.n, step)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.time() - began

    counts = collections.Counter(r["outcome"] if not r["outcome"].startswith("ESCAPE") else "ESCAPE"
                                 for r in results)
    by_suffix = collections.defaultdict(collections.Counter)
    for r in results:
        by_suffix[r["suffix"]][r["outcome"].split(":")[0]] += 1
    escapes = sorted((r for r in results if r["outcome"].startswith("ESCAPE")), key=lambda r: r["i"])
    print(f"{len(results)} files (seed {args.seed}, {args.workers} workers) in {elapsed:.0f} s; "
          f"sizes {min(r['size'] for r in results)}-{max(r['size'] for r in results)} bytes")
    for outcome, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {count:6d}  {outcome}")
    print("by format: " + "; ".join(f"{s} " + ", ".join(f"{k} {v}" for k, v in sorted(c.items()))
                                    for s, c in sorted(by_suffix.items())))
    print(f"ESCAPES: {len(escapes)}")
    for r in escapes[:30]:
        print(f"  case {r['i']} ({r['suffix']}, {r['size']} bytes): {r['outcome']}")
    return 1 if escapes else 0


if __name__ == "__main__":
    sys.exit(main())
