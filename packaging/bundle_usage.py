"""Which files of a built bundle the app really opens (Linux, needs strace): the evidence for pruning.

    python packaging/bundle_usage.py OUT/RuleTree [--json FILE] [--top N]

Runs the bundle's own executable under `strace -f` through what it does: `--selftest` (the
window, warm-up, demo, training, evaluation, export, consultation, plot, comparison with SciPy's
tests on threads and on worker processes, the window in Chinese), and from its CLI `info`,
`train`, `rules`, `predict`, `evaluate` (en and zh_CN), `compare --xlsx`, `reproduce facmi
--quick --png`, each on a throw-away user folder. Every file below the bundle that any of these
opened (or exec'd, or dlopen'ed) is "used"; the rest are listed, largest first, by folder.

A file this never opens is not proof that no user ever needs it (a menu the self-test does not
click might); the spec's pruning removes only what is listed here *and* has a reason to be unused
(packaging/README.md, "Pruning"). Run it on a bundle built with RULETREE_PRUNE=0 to see what the
pruning leaves out, or on the pruned bundle to see what could still go.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

# what counts as use: a file opened (read, dlopen'ed) or run; a stat alone is no use (something
# stats every file beside the executable at start)
_OPEN = re.compile(r'(?:openat|open|execve)\((?:AT_FDCWD, |\d+, )?"([^"]+)"')


def scenarios(bundle: Path, work: Path) -> list[tuple[str, list[str]]]:
    demo = bundle / "_internal" / "resources" / "demo"
    car = str(demo / "car_evaluation.rtproj")
    model = str(work / "model.json")
    return [
        ("selftest", ["--selftest"]),
        ("info", ["info", str(demo / "glass.rtproj")]),
        ("train", ["train", "--project", car, "--algorithm", "c45", "--out", model]),
        ("rules", ["rules", model, "--xlsx", str(work / "rules.xlsx")]),
        ("predict", ["predict", model, str(demo / "car_evaluation.xlsx"), "--out", str(work / "pred.csv")]),
        ("info csv", ["info", str(work / "pred.csv")]),
        ("evaluate", ["evaluate", car, "--algorithm", "c45"]),
        ("evaluate zh_CN", ["--lang", "zh_CN", "evaluate", "--project", str(demo / "heart_zh.rtproj"),
                            "--algorithm", "cart"]),
        ("compare", ["compare", "--project", car, "--algorithms", "cart,c45", "--cv", "3",
                     "--xlsx", str(work / "compare.xlsx")]),
        ("reproduce", ["reproduce", "facmi", "--quick", "--png", "--out", str(work / "reproduce")]),
    ]


def trace(exe: Path, args: list[str], env: dict, log: Path) -> tuple[int, str]:
    cmd = ["strace", "-f", "-qq", "-s", "4096", "-o", str(log),
           "-e", "trace=openat,open,execve", str(exe), *args]
    run = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=1800)
    return run.returncode, (run.stdout + run.stderr)[-3000:]


def opened(log: Path, root: Path) -> set[str]:
    found: set[str] = set()
    prefix = str(root) + os.sep
    for line in log.read_text(errors="replace").splitlines():
        if "ENOENT" in line:
            continue
        for match in _OPEN.finditer(line):
            path = os.path.realpath(match.group(1))  # a symlink beside the executable: its target is used
            if path.startswith(prefix):
                found.add(os.path.relpath(path, root))
    return found


def datasets() -> Path | None:
    """The papers' data sets `reproduce` reads (RULETREE_DATASETS, else ../shared/datasets)."""
    override = os.environ.get("RULETREE_DATASETS")
    folder = Path(override) if override else Path(__file__).resolve().parents[2] / "shared" / "datasets"
    return folder if (folder / "car_evaluation.csv").is_file() else None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path, help="OUT/RuleTree")
    parser.add_argument("--json", type=Path, help="write {used: [...], unused: {path: bytes}} there")
    parser.add_argument("--top", type=int, default=60, help="unused files to list (largest first)")
    args = parser.parse_args(argv)
    if shutil.which("strace") is None:
        print("bundle usage: needs strace (apt-get install strace)", file=sys.stderr)
        return 2
    bundle = args.bundle.resolve()
    exe = bundle / "RuleTree"
    used: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="ruletree-usage-") as tmp:
        work = Path(tmp)
        data = datasets()
        for name, cmd in scenarios(bundle, work):
            if name == "reproduce" and data is None:
                print("usage: reproduce skipped: no data sets (set RULETREE_DATASETS)")
                continue
            user = work / f"user-{len(used)}-{name.replace(' ', '_')}"
            env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "QT_QPA"))}
            env.update(RULETREE_DATA_DIR=str(user), XDG_CONFIG_HOME=str(user / "config"),
                       QT_QPA_PLATFORM="offscreen")
            if data is not None:
                env["RULETREE_DATASETS"] = str(data)
            log = work / "strace.log"
            status, tail = trace(exe, cmd, env, log)
            files = opened(log, bundle)
            print(f"usage: {name:<16s} exit {status}, {len(files)} bundle files touched")
            if status != 0:
                print(tail, file=sys.stderr)
                print(f"usage: {name} FAILED", file=sys.stderr)
                return 1
            used |= files
    unused: dict[str, int] = {}
    for path in bundle.rglob("*"):
        if path.is_file() and not path.is_symlink():
            rel = str(path.relative_to(bundle))
            if rel not in used:
                unused[rel] = path.stat().st_size
    total = sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())
    by_folder: dict[str, int] = defaultdict(int)
    for rel, size in unused.items():
        parts = Path(rel).parts
        by_folder["/".join(parts[:3]) if len(parts) > 3 else "/".join(parts[:-1]) or "."] += size
    print(f"usage: {len(used)} files used; {len(unused)} never touched, {sum(unused.values()) / 1e6:.1f} MB "
          f"of {total / 1e6:.1f} MB")
    for folder, size in sorted(by_folder.items(), key=lambda kv: -kv[1])[:25]:
        print(f"  {size / 1e6:8.2f} MB  {folder}/")
    for rel, size in sorted(unused.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"  {size / 1e6:8.2f} MB  {rel}")
    if args.json:
        args.json.write_text(json.dumps({"used": sorted(used), "unused": unused}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
