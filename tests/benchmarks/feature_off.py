"""Switch a feature off, run the tests that should notice, put the feature back.

    python tests/benchmarks/feature_off.py

Each edit below is one of the "feature off" mutations issue 12 names (a parameter a
learner quietly ignores); for each, the listed tests must fail. The file is always
restored to its exact previous content (uncommitted edits included). Exit status 1
if some edit fails no test.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ["tests/test_every_parameter_matters.py", "tests/test_ordinal_learners.py"]

EDITS = [
    ("FACMI's membership ignored", "engine/algorithms/ordinal.py", 'mode = params["membership"]', 'mode = "auto"',
     "facmi"),
    ("FACMI's k ignored", "engine/algorithms/ordinal.py", 'steepness=params["k"]', "steepness=10.0", "facmi"),
    ("C4.5's subtree_raising always off", "engine/algorithms/c45.py", 'params["subtree_raising"])', "False)", "c45"),
    ("C4.5's mdl_correction always on", "engine/algorithms/c45.py", 'C45Splitter(data, M, params["mdl_correction"])',
     "C45Splitter(data, M, True)", "c45"),
    ("ID3's max_depth ignored", "engine/algorithms/id3.py", 'max_depth=params.get("max_depth")', "max_depth=None",
     "id3"),
    ("the ordinal min_samples_leaf ignored by the sweeps", "engine/algorithms/ordinal.py",
     "min_samples_leaf=stopping.min_samples_leaf,", "min_samples_leaf=1,", "facmi or ie or rt or remt or min_samples"),
]


def main() -> int:
    missed = 0
    for name, file, old, new, selection in EDITS:
        path = ROOT / file
        original = path.read_text(encoding="utf-8")
        if original.count(old) != 1:
            print(f"{name}: the line to edit is not in {file} exactly once; update this script")
            return 1
        try:
            path.write_text(original.replace(old, new), encoding="utf-8")
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider", *TESTS,
                                   "-k", selection], cwd=ROOT, capture_output=True, text=True)
        finally:
            path.write_text(original, encoding="utf-8")
        failed = [line.split(" - ")[0].replace("FAILED ", "") for line in done.stdout.splitlines()
                  if line.startswith("FAILED")]
        missed += not failed
        print(f"{name}: {'NOTHING FAILED' if not failed else ', '.join(failed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
