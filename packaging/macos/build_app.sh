#!/usr/bin/env bash
# Release workflow, macOS job: OUTDIR/RuleTree.app from packaging/ruletree.spec (through
# packaging/build.sh, its own venv; signed by PyInstaller when RULETREE_CODESIGN_IDENTITY is set,
# see keychain.sh), then the .app's self-test on a fresh user folder.
#
#   bash packaging/macos/build_app.sh OUTDIR
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
[ $# -eq 1 ] || { echo "usage: bash packaging/macos/build_app.sh OUTDIR" >&2; exit 2; }
mkdir -p "$1"
OUT="$(cd "$1" && pwd)"
# Pillow lets PyInstaller turn resources/icons/ruletree.png into the .app's .icns
export PIP_DISABLE_PIP_VERSION_CHECK=1
if [ ! -x "$OUT/build-venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$OUT/build-venv"
fi
"$OUT/build-venv/bin/python" -m pip install -q pillow
bash "$ROOT/packaging/build.sh" "$OUT"
APP="$OUT/RuleTree.app"
[ -x "$APP/Contents/MacOS/RuleTree" ] || { echo "build: $APP was not built" >&2; exit 1; }
rm -rf "$OUT/selftest-user"
env -u NUMBA_CACHE_DIR RULETREE_DATA_DIR="$OUT/selftest-user" "$APP/Contents/MacOS/RuleTree" --selftest
echo "build: $APP --selftest OK"
