"""The kernel tests once more with NUMBA_DISABLE_JIT=1: the kernels run as the plain Python
they are written in, so a difference between compiled and interpreted behaviour (an
integer overflow, a NaN comparison, an out-of-bounds read that the compiled code gets
away with) shows up in CI, and coverage tools can see inside the kernels."""

import os
import subprocess
import sys

from conftest import ROOT

KERNEL_TESTS = ["tests/test_kernels.py", "tests/test_routing_kernels.py", "tests/test_ordinal_criteria.py",
                "tests/test_ordinal_bound.py", "tests/test_grow.py", "tests/test_c45_kernels.py",
                "tests/test_roughset.py", "tests/test_fuzzify.py",
                "tests/test_hfdt.py", "tests/test_fuzzy_split_kernels.py", "tests/test_mincost_kernels.py",
                "tests/test_costs_kernels.py", "tests/test_mincost_presorted.py"]


def test_kernel_tests_pass_with_the_jit_disabled():
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    files = [f for f in KERNEL_TESTS if (ROOT / f).exists()]
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *files], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=900)
    tail = "\n".join(result.stdout.splitlines()[-15:])
    assert result.returncode == 0, tail + result.stderr[-2000:]
    assert " passed" in tail and "failed" not in tail
