"""Cold compile of every Numba kernel the warm-up touches (issue 43, item 3), kernel by kernel.

    python tests/benchmarks/kernel_compile.py [--root CHECKOUT] [--json OUT.json] [--first-fits]

Runs in a fresh process with an empty NUMBA_CACHE_DIR (a temporary folder), so every kernel is
compiled: the app's warm-up (`app.warmup.warm_kernels`: every learner on a tiny table, each
prediction policy, the planned consultation) with each dispatcher's `compile` timed. Printed
(Markdown): per kernel its compilations, the inclusive seconds (its callees compiled inside it
included) and the exclusive ones (less the callees' own compiles), longest first; then the
warm-up's total. `--first-fits` also times, each in a fresh process with an empty cache, the first
fit of every learner on the car demo (what a pip user's first Train waits for).

With --root the engine of another checkout is measured (before / after in two runs).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()

CHILD = r"""
import json, os, sys, time
sys.path.insert(0, {root!r})
import numba
from numba.core import dispatcher

records = {{}}
stack = []
real = dispatcher.Dispatcher.compile

def timed(self, sig):
    name = f"{{self.py_func.__module__}}.{{self.py_func.__qualname__}}"
    before = len(self.overloads)
    stack.append(0.0)
    t0 = time.perf_counter()
    try:
        return real(self, sig)
    finally:
        took = time.perf_counter() - t0
        inner = stack.pop()
        if stack:
            stack[-1] += took
        if len(self.overloads) > before:  # a compilation, not a lookup of one made already
            r = records.setdefault(name, [0, 0.0, 0.0])
            r[0] += 1
            r[1] += took
            r[2] += took - inner

dispatcher.Dispatcher.compile = timed
t0 = time.perf_counter()
if {mode!r} == "warmup":
    from app.warmup import warm_kernels
    result = warm_kernels()
    extra = {{"algorithms": result.algorithms, "error": result.error}}
else:
    from engine.algorithms.registry import get, resolve_params
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.project import load_project
    p = load_project(os.path.join({root!r}, "resources", "demo", "car_evaluation.rtproj"))
    data = encode(read_table(p.data_path, p.sheet), p.spec)
    info = get({mode!r})
    info.fit(data, p.spec, info.stage_params(resolve_params(info, {{}}, p.spec), "fit"))
    extra = {{}}
print(json.dumps({{"total": time.perf_counter() - t0, "kernels": records, **extra}}))
"""


def measure(root: Path, mode: str) -> dict:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(root), NUMBA_NUM_THREADS="1",
                   QT_QPA_PLATFORM="offscreen")
        out = subprocess.run([sys.executable, "-c", CHILD.format(root=str(root), mode=mode)], capture_output=True,
                             text=True, env=env, cwd=str(root))
    if out.returncode != 0:
        raise SystemExit(out.stderr[-3000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", type=Path, default=HERE.parents[2])
    ap.add_argument("--json", type=Path)
    ap.add_argument("--first-fits", action="store_true")
    ap.add_argument("--learners", nargs="*")
    args = ap.parse_args()
    load = os.getloadavg()[0]
    print(f"engine from {args.root}; load average {load:.2f} on {os.cpu_count()} cores")
    run = measure(args.root, "warmup")
    kernels = sorted(run["kernels"].items(), key=lambda kv: -kv[1][1])
    print(f"\nwarm-up with an empty cache: {run['total']:.1f} s, {sum(r[0] for _, r in kernels)} compilations "
          f"of {len(kernels)} kernels\n")
    print("| kernel | compilations | inclusive s | exclusive s |\n|---|---|---|---|")
    for name, (n, inclusive, exclusive) in kernels:
        print(f"| {name.replace('engine.kernels.', '')} | {n} | {inclusive:.2f} | {exclusive:.2f} |")
    out = {"warmup": run}
    if args.first_fits:
        from_root = args.root
        sys.path.insert(0, str(from_root))
        from engine.algorithms.registry import algorithms  # noqa: E402

        names = args.learners or [a.name for a in algorithms()]
        print("\n| learner | first fit on car, empty cache, s |\n|---|---|")
        out["first_fits"] = {}
        for name in names:
            t0 = time.perf_counter()
            try:
                measure(args.root, name)
                took = time.perf_counter() - t0
                print(f"| {name} | {took:.1f} |")
            except SystemExit as exc:
                took = None
                print(f"| {name} | failed: {str(exc).splitlines()[-1][:80]} |")
            out["first_fits"][name] = took
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
