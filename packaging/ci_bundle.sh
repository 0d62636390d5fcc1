#!/usr/bin/env bash
# CI, after the tests: build the Linux bundle in a fresh build venv and run its
# self-test twice on a fresh user folder. Both starts must load the kernels from
# the cache: the first from the kernels the build compiled and shipped (copied
# into the fresh user folder), the second from the user folder itself. Each start
# reports how long after the process started the window was ready to train. Verbose build output goes to
# OUT/build.log; a failure prints its tail. Usage: bash packaging/ci_bundle.sh [OUT]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-$ROOT/build/ci-bundle}"
rm -rf "$OUT/RuleTree" "$OUT/user"
mkdir -p "$OUT"
echo "bundle: building into $OUT (log: $OUT/build.log)"
if ! bash "$ROOT/packaging/build.sh" "$OUT" > "$OUT/build.log" 2>&1; then
    tail -40 "$OUT/build.log"
    echo "bundle: build FAILED"
    exit 1
fi
grep -E "^build: " "$OUT/build.log" || true
for run in cold warm; do
    start=$EPOCHREALTIME
    if ! env -u NUMBA_CACHE_DIR -u QT_QPA_PLATFORM RULETREE_DATA_DIR="$OUT/user" XDG_CONFIG_HOME="$OUT/user/config" \
            "$OUT/RuleTree/RuleTree" --selftest > "$OUT/selftest-$run.txt" 2>&1; then
        cat "$OUT/selftest-$run.txt"
        echo "bundle: --selftest ($run start) FAILED"
        exit 1
    fi
    seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
    echo "bundle: --selftest $run start: OK in ${seconds} s; $(grep '^kernels:' "$OUT/selftest-$run.txt"); $(grep '^ready to train:' "$OUT/selftest-$run.txt" || echo 'ready to train: not measured')"
done
grep -q "^kernels: from the cache" "$OUT/selftest-cold.txt" || { echo "bundle: a fresh user's first start compiled kernels: the shipped ones were not used"; exit 1; }
grep -q "^kernels: from the cache" "$OUT/selftest-warm.txt" || { echo "bundle: the second start did not use the kernel cache"; exit 1; }
echo "bundle: size $(du -sh "$OUT/RuleTree" | cut -f1), $(ls "$OUT"/RuleTree-*.tar.gz 2>/dev/null | xargs -r du -h | cut -f1) tar.gz"
# the built tree: no dangling symlink, every needed library carried, sizes against the goals and
# under the guards (packaging/check_bundle.py, stdlib only: the build venv's Python)
TARBALL="$(ls "$OUT"/RuleTree-*-linux-*.tar.gz 2>/dev/null | tail -1)"
"$OUT/build-venv/bin/python" "$ROOT/packaging/check_bundle.py" "$OUT/RuleTree" --guard ${TARBALL:+--tarball "$TARBALL"}
# tests/test_bundle_tree.py over this bundle (the suite ran before it existed, so there they
# skipped): the same checks, what the pruning leaves out, ICU's collation, the CLI's evaluate and
# compare; with the Python the README's test command installed the test tools into
for py in "$ROOT/.venv/bin/python" python3; do
    if "$py" -c "import pytest, pytestqt, PySide6" >/dev/null 2>&1; then
        (cd "$ROOT" && RULETREE_BUNDLE="$OUT/RuleTree" RULETREE_REQUIRE_BUNDLE=1 \
            "$py" -m pytest -q -p no:cacheprovider tests/test_bundle_tree.py) || { echo "bundle: tests/test_bundle_tree.py FAILED"; exit 1; }
        exit 0
    fi
done
echo "bundle: no Python with pytest here: tests/test_bundle_tree.py not run over the bundle (check_bundle.py was)"
