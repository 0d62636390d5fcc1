"""Deep trees and hierarchies (issue 41, "costs that grow faster than the file").

    python tests/benchmarks/deep_trees.py [--depth 10000] [--levels 19] [--rows 10000] [--dir DIR]

Builds a chain model `--depth` splits deep (tests/deep_models.py: thresholds on three numbers and
every 7th level a category, each level narrowing a bound) and a complete binary tree of
2^(levels+1) - 1 nodes (1,048,575 for 19) with a CSV of `--rows` cases, then times the CLI as a
user runs it (`python -m engine.cli`, one process per command, imports included): `rules`,
`rules --json`, `consult` (a scripted session to the deepest leaf of the chain; to a leaf 19
levels down in the big tree), `predict`; and the settings check (engine.data.spec.checks.validate)
on a class hierarchy 10,000 levels deep. Wall time and the process's CPU time (user + system) are
printed: on a shared machine the wall time includes waiting for a core. Files already in --dir
are reused.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.deep_models import big_model, big_rows_csv, chain_model, deep_case  # noqa: E402


def run_cli(args, env, stdout=subprocess.DEVNULL):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "engine.cli", *args], cwd=ROOT, env=env, stdout=stdout,
                          stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}\n{done.stderr[-2000:]}")
    return wall, cpu


def hierarchy_check(levels: int) -> float:
    from engine.data import read_table
    from engine.data.spec import ProblemSpec
    from engine.data.spec.checks import validate

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "d.csv"
        path.write_text("x,y\n1,a\n2,b\n", encoding="utf-8")
        table = read_table(path)
        h = {"L0": None} | {f"L{i}": f"L{i - 1}" for i in range(1, levels)} | {"a": f"L{levels - 1}",
                                                                               "b": f"L{levels - 1}"}
        t0 = time.process_time()
        validate(ProblemSpec(target="y", hierarchy=h), table)
        return time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, default=10000)
    ap.add_argument("--levels", type=int, default=19)
    ap.add_argument("--rows", type=int, default=10000)
    ap.add_argument("--dir", default=None)
    ap.add_argument("--skip-big", action="store_true")
    args = ap.parse_args()
    folder = Path(args.dir or tempfile.mkdtemp(prefix="deep_trees_"))
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, RULETREE_DATA_DIR=str(folder / "home"), RULETREE_LANG="en")
    print(f"cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")

    chain = folder / f"chain{args.depth}.json"
    if not chain.exists():
        chain_model(args.depth).save(chain)
    case = folder / "chain_case.json"
    case.write_text(json.dumps(deep_case(args.depth)), encoding="utf-8")
    rows = []
    for name, cli in (("rules", ["rules", str(chain)]), ("rules --json", ["rules", "--json", str(chain)]),
                      ("consult (to the deepest leaf)", ["consult", str(chain), "--answers", str(case)])):
        rows.append((f"chain {args.depth:,} deep", name, *run_cli(cli, env)))
    chain_csv = folder / "chain_rows.csv"
    v = deep_case(args.depth)
    chain_csv.write_text("x0,x1,x2,colour\n" + "".join(f"{v['x0']},{v['x1']},{v['x2']},{c}\n"
                                                     for c in ("red", "green") * (args.rows // 2)), encoding="utf-8")
    rows.append((f"chain {args.depth:,} deep", f"predict ({args.rows:,} rows)",
                 *run_cli(["predict", str(chain), str(chain_csv), "--out", str(folder / "chain_pred.csv")], env)))

    if not args.skip_big:
        n_nodes = 2 ** (args.levels + 1) - 1
        big = folder / f"big{n_nodes}.json"
        if not big.exists():
            big_model(args.levels).save(big)
        data = folder / "big_rows.csv"
        if not data.exists():
            big_rows_csv(data, args.rows)
        first = data.read_text(encoding="utf-8").splitlines()[:2]
        answers = dict(zip(first[0].split(","), map(float, first[1].split(","))))
        big_case = folder / "big_case.json"
        big_case.write_text(json.dumps(answers), encoding="utf-8")
        label = f"{n_nodes:,} nodes ({os.path.getsize(big) / 1e6:.0f} MB)"
        rows.append((label, f"predict ({args.rows:,} rows)",
                     *run_cli(["predict", str(big), str(data), "--out", str(folder / "big_pred.csv")], env)))
        rows.append((label, "consult (to a leaf)", *run_cli(["consult", str(big), "--answers", str(big_case)], env)))
        rows.append((label, "rules", *run_cli(["rules", str(big)], env)))

    rows.append(("hierarchy 10,000 levels", "settings check (in process)", float("nan"), hierarchy_check(10000)))
    print(f"\n| model | command | wall s | CPU s |\n|---|---|---:|---:|")
    for model, name, wall, cpu in rows:
        print(f"| {model} | {name} | {wall:.2f} | {cpu:.2f} |")


if __name__ == "__main__":
    main()
