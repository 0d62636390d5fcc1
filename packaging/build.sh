#!/usr/bin/env bash
# Build the one-folder bundle OUTDIR/RuleTree/RuleTree (Linux, macOS; on Windows
# run the PyInstaller line below from a shell with Python, see packaging/README.md),
# then on Linux the tarball OUTDIR/RuleTree-<version>-linux-<arch>.tar.gz.
#
#   bash packaging/build.sh OUTDIR
#
# By default the build runs in its own virtual environment (OUTDIR/build-venv,
# reused by the next build) with `pip install -e ".[package]"`: only what the
# app needs is importable there, so nothing a developer installed by hand
# (scikit-learn, the full PySide6, ...) can slip into the bundle.
# RULETREE_BUILD_PYTHON=/path/to/python uses that interpreter as it is instead
# (it must have `.[package]` installed already).
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: bash packaging/build.sh OUTDIR" >&2
    exit 2
fi
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$1"
OUT="$(cd "$1" && pwd)"
export PIP_DISABLE_PIP_VERSION_CHECK=1

start=$(date +%s)
if [ -n "${RULETREE_BUILD_PYTHON:-}" ]; then
    PY="$RULETREE_BUILD_PYTHON"
else
    VENV="$OUT/build-venv"
    if [ ! -x "$VENV/bin/python" ]; then
        "${PYTHON:-python3}" -m venv "$VENV"
    fi
    PY="$VENV/bin/python"
    echo "build: installing .[package] into $VENV"
    (cd "$ROOT" && "$PY" -m pip install -q -e ".[package]")
fi
VERSION="$("$PY" -c 'import sys; sys.path.insert(0, sys.argv[1]); import engine; print(engine.__version__)' "$ROOT")"

echo "build: PyInstaller (RuleTree $VERSION, $("$PY" -c 'import PyInstaller; print(PyInstaller.__version__)'))"
rm -rf "$OUT/RuleTree"
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$OUT" --workpath "$OUT/pyinstaller-work" "$ROOT/packaging/ruletree.spec"

PRUNE="${RULETREE_PRUNE:-1}"  # 0: the spec prunes nothing, and none of this (to measure what it saves)
if [ "$(uname -s)" = Linux ] && [ "$PRUNE" != 0 ]; then
    # ICU's data cut to what Qt Core asks ICU for (32 -> 8 MB), then symbols and debug information
    # stripped library by library, each kept stripped only if it still loads: both before the
    # self-test below, which so runs on the bundle as shipped
    "$PY" "$ROOT/packaging/trim_icu.py" "$OUT/RuleTree"
    "$PY" "$ROOT/packaging/strip_bundle.py" "$OUT/RuleTree"
fi

# Kernels compiled at build time for the generic CPU and shipped (app.shipped_kernels): a
# fresh user's first start loads them instead of compiling for 15-50 s.
case "$(uname -s)" in
    Darwin) SHIPPED="$OUT/RuleTree.app/Contents/Resources/numba-cache"; EXE="$OUT/RuleTree.app/Contents/MacOS/RuleTree" ;;
    *) SHIPPED="$OUT/RuleTree/_internal/numba-cache"; EXE="$OUT/RuleTree/RuleTree" ;;
esac
"$PY" "$ROOT/packaging/ship_kernels.py" "$EXE" "$SHIPPED"

case "$(uname -s)" in
    Linux)
        # no dangling symlink, every needed library carried or left to the system on purpose
        [ "$PRUNE" = 0 ] || "$PY" "$ROOT/packaging/check_bundle.py" "$OUT/RuleTree"
        bash "$ROOT/packaging/linux/make_tarball.sh" "$OUT" "$VERSION"
        ;;
    Darwin)
        echo "build: $OUT/RuleTree.app built; sign and notarize it as packaging/README.md says"
        ;;
esac
echo "build: done in $(( $(date +%s) - start )) s: $OUT/RuleTree/RuleTree ($(du -sh "$OUT/RuleTree" | cut -f1))"
