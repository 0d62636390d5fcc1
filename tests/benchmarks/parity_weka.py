"""Accuracy and tree-size parity of our pruned CART and C4.5 with Weka 3.6.

    python tests/benchmarks/parity_weka.py [--datasets iris wine] [--repeats 10]
        [--data-dir /work/shared/datasets] [--work-dir /tmp/parity_weka] [--weka-jar /usr/share/java/weka.jar]

Pairs compared (ours -> Weka, Weka's own defaults otherwise):

- `cart` prune=auto, all defaults (5 internal folds, 1-SE rule, min_samples_leaf 1)
  -> weka.classifiers.trees.SimpleCart with its default options
  (-S 1 -M 2.0 -N 5 -C 1.0: 5 internal folds, 1-SE rule, at least 2 cases per leaf);
- `c45` defaults (CF 0.25, M 2, pruning, subtree raising, collapse)
  -> weka.classifiers.trees.J48 -C 0.25 -M 2;
- `c45` prune=False, collapse=False -> J48 -U -M 2.
  NB: in Weka 3.6 `-U` only switches off error-based pruning; J48 still calls
  collapse() (C45PruneableClassifierTree.buildClassifier always does; the
  "-O do not collapse" option only appeared in Weka 3.7). So an extra,
  clearly marked row also compares our `c45` prune=False, collapse=True with J48 -U.

Our side: `--repeats` (10) x 10-fold cross-validation, the folds of repeat r
are `engine.evaluate.stratified_folds(data.y, 10, seed=r)`, r = 0..9.

Weka side: 10 x 10-fold cross-validation with Weka's own folds, seeds 1..10
(one java call per seed, sequential, timeout 300 s each). Each call runs a
tiny Java helper (WekaCV.java, written to and compiled in --work-dir) that
repeats exactly what `java weka.classifiers.trees.J48 -t FILE -x 10 -s SEED`
does in Weka 3.6 (Evaluation.crossValidateModel: Instances.randomize(new
Random(seed)), stratify(10), trainCV(10, i, random) / testCV(10, i), a fresh
copy of the classifier per fold) and additionally reports the number of leaves
of each fold's tree (J48: measureNumLeaves; SimpleCart: numLeaves()). So the
Weka leaf count is the MEAN OVER THE 100 FOLD TREES, exactly like ours, not the
size of the model built on all data. As a check, seed 1 of every pair is also
run through Weka's own command line (`... -t FILE -x 10 -s 1 -o`) and the
"Correctly Classified Instances" of its "Stratified cross-validation"
section must equal the helper's count (printed as "CLI check"). Without javac
the script falls back to the command line for all seeds; then the Weka leaves
are the "Number of Leaves" of the model built on all the data (averaged over
seeds; SimpleCart's all-data tree does not depend on the CV seed).

Seconds: the whole 10 x 10-fold run of each side (ours: fitting and predicting
in this process; Weka's: one JVM per seed, start-up included). With
RULETREE_ENGINE_ROOT=/path/to/an/older/checkout our side is that checkout's
engine (before/after figures in one run).

Accuracy: pooled per repeat (correct / all cases, in %), then the mean of the
repeats. Leaves: mean over all fold trees. The spec's goal: |ours - Weka| <= 2.5
accuracy points.

ARFF files are written from our encoded data (so both sides see the same
values): numeric columns `numeric` (values printed with repr(), which
round-trips exactly); nominal (text) columns as nominal with the value set in
our category order; the class attribute always nominal (also glass Type and
pima's 0/1), its values in our class order (glass: 1,2,3,5,6,7 - class 4 has no
cases); missing values as `?`.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import DATA_DIR, DATASETS, ROOT, cv_folds, fit_and_score  # noqa: E402  (ROOT: RULETREE_ENGINE_ROOT)

from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.data import read_table  # noqa: E402
from engine.data.encode import encode  # noqa: E402
from engine.data.spec import ProblemSpec  # noqa: E402

WORK_DIR = Path("/tmp/parity_weka")
WEKA_JAR = Path("/usr/share/java/weka.jar")
GOAL = 2.5  # accuracy points
FOLDS = 10
TIMEOUT = 300  # seconds per java call

# (label, our algorithm, our params, Weka class, Weka options, extra row?)
PAIRS = [
    # our default picks the pruning level by the 1-SE rule; SimpleCart does that with -A
    ("CART pruned, 1-SE / SimpleCart -A", "cart", {"prune": "auto"}, "weka.classifiers.trees.SimpleCart",
     ["-A"], False),
    ("CART pruned, se_rule=0 / SimpleCart", "cart", {"prune": "auto", "se_rule": 0.0},
     "weka.classifiers.trees.SimpleCart", [], False),
    ("C4.5 / J48", "c45", {}, "weka.classifiers.trees.J48", ["-C", "0.25", "-M", "2"], False),
    ("C4.5 unpruned (prune=False, collapse=False) / J48 -U", "c45", {"prune": False, "collapse": False},
     "weka.classifiers.trees.J48", ["-U", "-M", "2"], False),
    ("(extra) C4.5 prune=False, collapse=True / J48 -U", "c45", {"prune": False, "collapse": True},
     "weka.classifiers.trees.J48", ["-U", "-M", "2"], True),
]

HELPER = r"""
import java.io.*;
import java.util.*;
import weka.classifiers.*;
import weka.core.*;

/** Weka 3.6 Evaluation.crossValidateModel, step by step, with the leaves of every fold tree. */
public class WekaCV {
    public static void main(String[] a) throws Exception {
        String file = a[0];
        int seed = Integer.parseInt(a[1]);
        int folds = Integer.parseInt(a[2]);
        String cls = a[3];
        String[] opts = Arrays.copyOfRange(a, 4, a.length);
        Instances data = new Instances(new BufferedReader(new FileReader(file)));
        data.setClassIndex(data.numAttributes() - 1);
        Classifier base = Classifier.forName(cls, opts);
        Random random = new Random(seed);
        data.randomize(random);
        data.stratify(folds);
        Evaluation eval = new Evaluation(data);
        for (int i = 0; i < folds; i++) {
            Instances train = data.trainCV(folds, i, random);
            eval.setPriors(train);
            Classifier c = Classifier.makeCopy(base);
            c.buildClassifier(train);
            Instances test = data.testCV(folds, i);
            double before = eval.correct();
            eval.evaluateModel(c, test);
            double leaves = (c instanceof weka.classifiers.trees.SimpleCart)
                ? ((weka.classifiers.trees.SimpleCart) c).numLeaves()
                : ((AdditionalMeasureProducer) c).getMeasure("measureNumLeaves");
            System.out.println("FOLD " + i + " " + (eval.correct() - before) + " " + test.numInstances() + " " + leaves);
        }
        System.out.println("TOTAL " + eval.correct() + " " + eval.numInstances());
    }
}
"""


# ---------------------------------------------------------------- data / ARFF

def load(data_dir: Path, name: str):
    return encode(read_table(data_dir / f"{name}.csv"), ProblemSpec(target=DATASETS[name]))


def _q(value) -> str:
    return "'" + str(value).replace("\\", "\\\\").replace("'", "\\'") + "'"


def write_arff(data, name: str, path: Path) -> None:
    lines = [f"@relation {_q(name)}", ""]
    for attr in data.schema.attributes:
        if attr.kind == "nominal":
            lines.append(f"@attribute {_q(attr.name)} {{{','.join(_q(c) for c in attr.categories)}}}")
        elif attr.kind == "numeric" or attr.categories is None:
            lines.append(f"@attribute {_q(attr.name)} numeric")
        else:  # ordinal with an explicit order: Weka has no ordinal type, the rank is numeric
            lines.append(f"@attribute {_q(attr.name)} numeric")
    lines.append(f"@attribute {_q(data.schema.target)} {{{','.join(_q(c) for c in data.classes)}}}")
    lines += ["", "@data"]
    nominal = [a.kind == "nominal" for a in data.schema.attributes]
    for i in range(data.n):
        row = []
        for j, attr in enumerate(data.schema.attributes):
            v = data.X[i, j]
            if v != v:
                row.append("?")
            elif nominal[j]:
                row.append(_q(attr.categories[int(v)]))
            else:
                row.append(repr(float(v)))
        row.append(_q(data.classes[int(data.y[i])]))
        lines.append(",".join(row))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- our side

def ours(data, algorithm: str, overrides: dict, repeats: int) -> dict:
    info = get(algorithm)
    params = resolve_params(info, overrides)
    accs, leaves = [], []
    for r in range(repeats):
        correct = 0
        for train, test in cv_folds(data.y, FOLDS, r):
            fold_correct, fold_leaves = fit_and_score(info, params, data, train, test)
            correct += fold_correct
            leaves.append(fold_leaves)
        accs.append(100.0 * correct / len(data.y))
    return {"acc": float(np.mean(accs)), "acc_sd": float(np.std(accs)), "leaves": float(np.mean(leaves))}


# ---------------------------------------------------------------- Weka side

def prepare_helper(work: Path, jar: Path) -> bool:
    """Compile WekaCV.java into work; False when javac is missing or fails."""
    javac = shutil.which("javac")
    if javac is None:
        return False
    src = work / "WekaCV.java"
    if not src.exists() or src.read_text() != HELPER:
        src.write_text(HELPER)
    cls = work / "WekaCV.class"
    if not cls.exists() or cls.stat().st_mtime < src.stat().st_mtime:
        done = subprocess.run([javac, "-nowarn", "-cp", str(jar), "-d", str(work), str(src)],
                              capture_output=True, text=True, timeout=TIMEOUT)
        if done.returncode != 0:
            print(f"# javac failed, falling back to the Weka command line:\n{done.stderr}", file=sys.stderr)
            return False
    return True


def run_java(args: list[str]) -> str:
    done = subprocess.run(["java", *args], capture_output=True, text=True, timeout=TIMEOUT)
    if done.returncode != 0:
        raise RuntimeError(f"java {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def weka_helper(jar: Path, work: Path, arff: Path, seed: int, cls: str, opts: list[str]) -> tuple[float, int, list[float]]:
    out = run_java(["-cp", f"{jar}:{work}", "WekaCV", str(arff), str(seed), str(FOLDS), cls, *opts])
    leaves = [float(line.split()[4]) for line in out.splitlines() if line.startswith("FOLD ")]
    total = next(line.split() for line in out.splitlines() if line.startswith("TOTAL "))
    return float(total[1]), int(float(total[2])), leaves


_CORRECT = re.compile(r"Correctly Classified Instances\s+([\d.]+)\s+([\d.]+)\s*%")
_LEAVES = re.compile(r"Number of (?:Leaves|Leaf Nodes)\s*:\s*(\d+)")


def weka_cli(jar: Path, arff: Path, seed: int, cls: str, opts: list[str], model: bool = False) -> tuple[float, float | None]:
    """Correct count of the stratified CV from Weka's command line (and the all-data leaves when model)."""
    args = ["-cp", str(jar), cls, *opts, "-t", str(arff), "-x", str(FOLDS), "-s", str(seed)]
    out = run_java(args if model else args + ["-o"])
    cv = out[out.index("=== Stratified cross-validation ==="):]
    correct = float(_CORRECT.search(cv).group(1))
    leaves = None
    if model:
        found = _LEAVES.search(out)
        leaves = float(found.group(1)) if found else None
    return correct, leaves


def weka(jar: Path, work: Path, arff: Path, n: int, cls: str, opts: list[str], repeats: int,
         helper: bool) -> dict:
    accs, leaves, check = [], [], None
    for seed in range(1, repeats + 1):
        if helper:
            correct, total, fold_leaves = weka_helper(jar, work, arff, seed, cls, opts)
            assert total == n, (total, n)
            leaves += fold_leaves
            if seed == 1:
                cli_correct, _ = weka_cli(jar, arff, seed, cls, opts)
                check = cli_correct == correct
        else:
            correct, all_data_leaves = weka_cli(jar, arff, seed, cls, opts, model=True)
            if all_data_leaves is not None:
                leaves.append(all_data_leaves)
        accs.append(100.0 * correct / n)
    return {"acc": float(np.mean(accs)), "acc_sd": float(np.std(accs)),
            "leaves": float(np.mean(leaves)) if leaves else float("nan"), "cli_check": check}


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, default=DATA_DIR)
    ap.add_argument("--work-dir", type=Path, default=WORK_DIR)
    ap.add_argument("--weka-jar", type=Path, default=WEKA_JAR)
    ap.add_argument("--datasets", nargs="+", default=list(DATASETS), choices=list(DATASETS))
    ap.add_argument("--repeats", type=int, default=10)
    ap.add_argument("--no-extra", action="store_true", help="leave out the extra collapse=True row")
    ap.add_argument("--algorithms", nargs="+", default=["cart", "c45"], choices=["cart", "c45"],
                    help="only the pairs of these learners of ours")
    args = ap.parse_args()

    t_start = time.perf_counter()
    args.work_dir.mkdir(parents=True, exist_ok=True)
    helper = prepare_helper(args.work_dir, args.weka_jar)
    pairs = [p for p in PAIRS if not (p[5] and args.no_extra) and p[1] in args.algorithms]
    rows = []
    for name in args.datasets:
        data = load(args.data_dir, name)
        arff = args.work_dir / f"{name}.arff"
        write_arff(data, name, arff)
        for label, algorithm, overrides, cls, opts, _extra in pairs:
            t0 = time.perf_counter()
            o = ours(data, algorithm, overrides, args.repeats)
            t1 = time.perf_counter()
            w = weka(args.weka_jar, args.work_dir, arff, len(data.y), cls, opts, args.repeats, helper)
            t2 = time.perf_counter()
            o["seconds"], w["seconds"] = t1 - t0, t2 - t1
            rows.append((name, label, o, w))
            print(f"# {name} | {label}: ours {o['acc']:.2f} ({t1 - t0:.1f} s), Weka {w['acc']:.2f} "
                  f"({t2 - t1:.1f} s)", file=sys.stderr, flush=True)

    leaves_how = "mean over the fold trees" if helper else "all-data model, mean over seeds"
    print(f"{args.repeats} x 10-fold CV: ours stratified_folds seeds 0..{args.repeats - 1}, Weka -x 10 -s "
          f"1..{args.repeats} (Weka 3.6, {args.weka_jar.resolve().name}); leaves: {leaves_how}; "
          f"goal |difference| <= {GOAL} points\n")
    print(f"engine: {ROOT}")
    print("| data set | algorithm pair | ours acc | Weka acc | difference (points) | ours leaves | Weka leaves "
          "| ours seconds | Weka seconds |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    outside, failed_checks = [], []
    for name, label, o, w in rows:
        diff = o["acc"] - w["acc"]
        flag = "" if abs(diff) <= GOAL else " **"
        if flag:
            outside.append(f"{name} ({label})")
        if w["cli_check"] is False:
            failed_checks.append(f"{name} ({label})")
        print(f"| {name} | {label} | {o['acc']:.2f} | {w['acc']:.2f} | {diff:+.2f}{flag} | "
              f"{o['leaves']:.1f} | {w['leaves']:.1f} | {o['seconds']:.2f} | {w['seconds']:.2f} |")
    print()
    if outside:
        print(f"** outside the goal (|difference| > {GOAL}): {'; '.join(outside)}")
    else:
        print(f"all pairs within the goal (|difference| <= {GOAL})")
    if helper:
        if failed_checks:
            print(f"CLI check FAILED (helper seed 1 != Weka command line -s 1): {'; '.join(failed_checks)}")
        else:
            print("CLI check: for every pair the helper's seed-1 result equals Weka's command line -x 10 -s 1")
    print(f"total time {time.perf_counter() - t_start:.1f} s")


if __name__ == "__main__":
    main()
