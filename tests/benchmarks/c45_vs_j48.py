"""Issue 20, goal 4: our C4.5 fit against Weka's J48 in a warm JVM, on the seven parity data sets.

    python tests/benchmarks/c45_vs_j48.py [--fits 50] [--rounds 5] [--datasets iris wine]
        [--base /tmp/c45_base] [--weka-jar /usr/share/java/weka.jar] [--work-dir /tmp/c45_vs_j48]

Pairs (as parity_weka.py): our C4.5 defaults -> J48 -C 0.25 -M 2; prune=False, collapse=False
-> J48 -U -M 2; (extra) prune=False, collapse=True -> J48 -U -M 2 (Weka 3.6's -U still collapses).

Every side is a long-lived worker that reads commands on stdin, so the measurements are
interleaved (round by round, data set by data set, pair by pair) and each side stays warm:

- J48: one JVM running a small Java program (J48Timer.java, compiled with javac into
  --work-dir) that reads each ARFF once (parity_weka.write_arff: our encoded values), and
  for every (data set, options) first runs `--warmup` fits (JIT), then on each request times
  `--fits` calls of J48.buildClassifier on all the data with System.nanoTime;
- ours: this script as a worker process (NUMBA_NUM_THREADS=1) with the engine of this
  checkout, and with --base DIR a second one with that checkout's engine (before/after in one
  run); each loads the data once, fits once per pair (compiled kernels loaded), then on each
  request times `--fits` calls of the registry's fit (`info.fit(data, None, params)`, what the
  app runs) with time.perf_counter.

Printed (Markdown): per data set and pair the median over the rounds of the seconds per fit,
and the ratio ours / J48 (goal 4: at most 1.0), the leaves of the all-data tree of each side.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

HERE = Path(__file__).resolve().parent
WORK_DIR = Path("/tmp/c45_vs_j48")
WEKA_JAR = Path("/usr/share/java/weka.jar")

# (label, our params, J48 options)
PAIRS = [
    ("default / J48 -C 0.25 -M 2", {}, ["-C", "0.25", "-M", "2"]),
    ("prune=False collapse=False / J48 -U -M 2", {"prune": False, "collapse": False}, ["-U", "-M", "2"]),
    ("(extra) prune=False collapse=True / J48 -U -M 2", {"prune": False, "collapse": True}, ["-U", "-M", "2"]),
]

JAVA = r"""
import java.io.*;
import java.lang.management.*;
import java.util.*;
import weka.classifiers.trees.J48;
import weka.core.*;

/** Commands on stdin: "time FILE FITS WARMUP OPTIONS...": (once per FILE+OPTIONS) WARMUP fits,
 *  then FITS timed fits of J48.buildClassifier on all of FILE; prints "TIME seconds_per_fit leaves". */
public class J48Timer {
    public static void main(String[] a) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        Map<String, Instances> data = new HashMap<String, Instances>();
        Set<String> warm = new HashSet<String>();
        String line;
        while ((line = in.readLine()) != null) {
            String[] p = line.trim().split("\\s+");
            if (p[0].equals("quit")) break;
            String file = p[1];
            int fits = Integer.parseInt(p[2]);
            int warmup = Integer.parseInt(p[3]);
            String[] opts = Arrays.copyOfRange(p, 4, p.length);
            Instances d = data.get(file);
            if (d == null) {
                d = new Instances(new BufferedReader(new FileReader(file)));
                d.setClassIndex(d.numAttributes() - 1);
                data.put(file, d);
            }
            String key = file + " " + String.join(" ", opts);
            J48 j48 = new J48();
            j48.setOptions(opts.clone());
            if (warm.add(key)) {
                for (int i = 0; i < warmup; i++) j48.buildClassifier(d);
            }
            ThreadMXBean bean = ManagementFactory.getThreadMXBean();
            long c0 = bean.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int i = 0; i < fits; i++) j48.buildClassifier(d);
            long t1 = System.nanoTime();
            long c1 = bean.getCurrentThreadCpuTime();
            System.out.println("TIME " + ((t1 - t0) / 1e9 / fits) + " " + j48.measureNumLeaves() + " "
                               + ((c1 - c0) / 1e9 / fits));
            System.out.flush();
        }
    }
}
"""


# ---------------------------------------------------------------- our worker

def worker() -> None:
    """Commands on stdin (JSON): {"data": name, "params": {...}, "fits": n}; prints JSON lines."""
    sys.path.insert(0, str(HERE))
    from _common import DATA_DIR  # noqa: F401  (RULETREE_ENGINE_ROOT on the path)
    from parity_weka import load

    from engine.algorithms.registry import get, resolve_params

    info = get("c45")
    loaded, warm = {}, set()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd.get("quit"):
            break
        name = cmd["data"]
        if name not in loaded:
            loaded[name] = load(DATA_DIR, name)
        data = loaded[name]
        params = resolve_params(info, cmd["params"])
        key = (name, json.dumps(cmd["params"], sort_keys=True))
        if key not in warm:
            warm.add(key)
            for _ in range(cmd.get("warmup", 1)):
                info.fit(data, None, params)
        fits = cmd["fits"]
        c0 = time.thread_time()
        t0 = time.perf_counter()
        for _ in range(fits):
            tree = info.fit(data, None, params)
        seconds = (time.perf_counter() - t0) / fits
        cpu = (time.thread_time() - c0) / fits
        print(json.dumps({"seconds": seconds, "leaves": tree.n_leaves, "cpu": cpu}), flush=True)


class Worker:
    def __init__(self, argv: list[str], env: dict | None = None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)

    def ask(self, line: str) -> str:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        out = self.proc.stdout.readline()
        if not out:
            raise RuntimeError(f"worker {self.proc.args[:3]} ended")
        return out.strip()

    def close(self, line: str) -> None:
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        self.proc.wait(timeout=60)


def ours_worker(root: Path | None) -> Worker:
    from _common import DATA_DIR

    env = dict(os.environ, NUMBA_NUM_THREADS="1", OMP_NUM_THREADS="1", RULETREE_DATASETS=str(DATA_DIR))
    if root is not None:
        env["RULETREE_ENGINE_ROOT"] = str(root)
    else:
        env.pop("RULETREE_ENGINE_ROOT", None)
    w = Worker([sys.executable, str(Path(__file__).resolve()), "--worker"], env)
    assert json.loads(w.proc.stdout.readline())["ready"]
    return w


def ask_ours(w: Worker, name: str, params: dict, fits: int) -> tuple[float, int, float]:
    out = json.loads(w.ask(json.dumps({"data": name, "params": params, "fits": fits, "warmup": 2})))
    return out["seconds"], out["leaves"], out["cpu"]


def ask_j48(w: Worker, arff: Path, opts: list[str], fits: int, warmup: int) -> tuple[float, int, float]:
    out = w.ask(f"time {arff} {fits} {warmup} {' '.join(opts)}").split()
    assert out[0] == "TIME", out
    return float(out[1]), int(float(out[2])), float(out[3])


# ---------------------------------------------------------------- main

def main() -> None:
    sys.path.insert(0, str(HERE))
    from _common import DATA_DIR, DATASETS
    from parity_weka import load, write_arff

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fits", type=int, default=50, help="timed fits per request")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=50, help="J48 warm-up fits per data set and options")
    ap.add_argument("--datasets", nargs="+", default=list(DATASETS), choices=list(DATASETS))
    ap.add_argument("--pairs", nargs="+", type=int, default=list(range(len(PAIRS))),
                    help="indices into the pairs (0 default, 1 unpruned, 2 collapse only)")
    ap.add_argument("--base", type=Path, default=None, help="an older checkout: its engine as 'before'")
    ap.add_argument("--work-dir", type=Path, default=WORK_DIR)
    ap.add_argument("--weka-jar", type=Path, default=WEKA_JAR)
    args = ap.parse_args()

    work = args.work_dir
    work.mkdir(parents=True, exist_ok=True)
    src = work / "J48Timer.java"
    src.write_text(JAVA)
    done = subprocess.run([shutil.which("javac") or "javac", "-nowarn", "-cp", str(args.weka_jar), "-d", str(work),
                           str(src)], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"javac failed:\n{done.stderr}")
    arffs = {}
    for name in args.datasets:
        arffs[name] = work / f"{name}.arff"
        write_arff(load(DATA_DIR, name), name, arffs[name])

    j48 = Worker(["java", "-cp", f"{args.weka_jar}:{work}", "J48Timer"])
    sides = {"ours": ours_worker(None)}
    if args.base is not None:
        sides["before"] = ours_worker(args.base)
    pairs = [PAIRS[i] for i in args.pairs]
    times: dict = {}
    cpus: dict = {}
    leaves: dict = {}
    t_start = time.perf_counter()
    try:
        for r in range(args.rounds):
            for name in args.datasets:
                for label, params, opts in pairs:
                    key = (name, label)
                    s, lv, cpu = ask_j48(j48, arffs[name], opts, args.fits, args.warmup)
                    times.setdefault(key + ("J48",), []).append(s)
                    cpus.setdefault(key + ("J48",), []).append(cpu)
                    leaves[key + ("J48",)] = lv
                    for side, w in sides.items():
                        s, lv, cpu = ask_ours(w, name, params, args.fits)
                        times.setdefault(key + (side,), []).append(s)
                        cpus.setdefault(key + (side,), []).append(cpu)
                        leaves[key + (side,)] = lv
                    print(f"# round {r + 1} {name} | {label}: "
                          + ", ".join(f"{side} {times[key + (side,)][-1] * 1e3:.2f} ms"
                                      for side in ["J48", *sides]), file=sys.stderr, flush=True)
    finally:
        j48.close("quit")
        for w in sides.values():
            w.close(json.dumps({"quit": True}))

    med = {k: statistics.median(v) for k, v in times.items()}
    cmed = {k: statistics.median(v) for k, v in cpus.items()}
    print(f"{args.rounds} rounds x {args.fits} fits per data set and pair, medians of the rounds' seconds per "
          f"fit; J48 (Weka 3.6, {args.weka_jar.resolve().name}) warm JVM ({args.warmup} warm-up fits); "
          f"NUMBA_NUM_THREADS={os.environ.get('NUMBA_NUM_THREADS')}; wall: elapsed (perf_counter / nanoTime), "
          f"cpu: the fitting thread's CPU time (thread_time / ThreadMXBean; J48's garbage collector and JIT "
          f"threads not counted)\n")
    before = "before" in sides
    head = "| data set | pair | J48 ms/fit wall (cpu) |"
    head += " before ms/fit wall (cpu) | before / J48 wall (cpu) |" if before else ""
    head += " ours ms/fit wall (cpu) | ours / J48 wall (cpu) | leaves ours / J48 |"
    print(head)
    print("|" + "---|" * 2 + "---:|" * (head.count("|") - 3))
    worst = worst_cpu = 0.0
    for name in args.datasets:
        for label, _, _ in pairs:
            key = (name, label)
            j, jc = med[key + ("J48",)], cmed[key + ("J48",)]
            row = f"| {name} | {label} | {j * 1e3:.2f} ({jc * 1e3:.2f}) |"
            if before:
                b, bc = med[key + ("before",)], cmed[key + ("before",)]
                row += f" {b * 1e3:.2f} ({bc * 1e3:.2f}) | {b / j:.2f} ({bc / jc:.2f}) |"
            o, oc = med[key + ("ours",)], cmed[key + ("ours",)]
            worst, worst_cpu = max(worst, o / j), max(worst_cpu, oc / jc)
            row += (f" {o * 1e3:.2f} ({oc * 1e3:.2f}) | {o / j:.2f} ({oc / jc:.2f}) | "
                    f"{leaves[key + ('ours',)]} / {leaves[key + ('J48',)]} |")
            print(row)
    print(f"\nlargest ours / J48: wall {worst:.2f}, cpu {worst_cpu:.2f} (goal 4: at most 1.0); total time "
          f"{time.perf_counter() - t_start:.0f} s")


if __name__ == "__main__":
    if "--worker" in sys.argv:
        worker()
    else:
        main()
