#!/usr/bin/env bash
# CI, after packaging/ci_bundle.sh: build the AppImage from OUTDIR/RuleTree and run it.
#
#   bash packaging/linux/ci_appimage.sh OUTDIR
#
# Steps (each logs an "appimage: " line; a failure exits 1):
#  1. packaging/linux/make_appimage.sh OUTDIR (builds the runtime once, see appimage-runtime/)
#  2. ./RuleTree-VERSION-ARCH.AppImage --appimage-extract-and-run --selftest on a fresh user
#     folder, twice: the second start must load the kernels from the cache the first wrote
#     (the runtime keeps its extraction in $TMPDIR/appimage_extracted_*; a mounted start's
#     files are at a new /tmp/.mount_* each time, the kernel cache must not depend on that)
#  3. where FUSE works (/dev/fuse and fusermount3, or root): the AppImage mounted as a user's
#     double-click does, with a headless command on a copy of the demo project (the runtime
#     mounts with the squashfuse program; without it, it falls back to extracting, logged so)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
[ $# -eq 1 ] || { echo "usage: bash packaging/linux/ci_appimage.sh OUTDIR" >&2; exit 2; }
OUT="$(cd "$1" && pwd)"
VERSION="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -1)"
IMAGE="$OUT/RuleTree-$VERSION-$(uname -m).AppImage"
WORK="$OUT/appimage-test"
rm -rf "$WORK"
mkdir -p "$WORK"
fail() {
    echo "appimage: FAILED: $*"
    exit 1
}

start=$(date +%s)
bash "$HERE/make_appimage.sh" "$OUT" > "$WORK/make_appimage.log" 2>&1 || { tail -30 "$WORK/make_appimage.log"; fail "make_appimage.sh"; }
grep '^appimage: ' "$WORK/make_appimage.log" | sed 's/^appimage: /appimage: build: /'
[ -x "$IMAGE" ] || fail "no $IMAGE"
echo "appimage: built in $(( $(date +%s) - start )) s: $IMAGE ($(du -h "$IMAGE" | cut -f1))"

run_image() {
    env -u NUMBA_CACHE_DIR -u QT_QPA_PLATFORM -u DISPLAY -u WAYLAND_DISPLAY -u APPIMAGE_EXTRACT_AND_RUN \
        RULETREE_DATA_DIR="$WORK/user" XDG_CONFIG_HOME="$WORK/user/config" TMPDIR="$WORK" "$@"
}
cd "$OUT"
for run in cold warm; do
    start=$EPOCHREALTIME
    run_image "./$(basename "$IMAGE")" --appimage-extract-and-run --selftest > "$WORK/selftest-$run.txt" 2>&1 \
        || { cat "$WORK/selftest-$run.txt"; fail "--appimage-extract-and-run --selftest ($run start)"; }
    seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
    echo "appimage: ./$(basename "$IMAGE") --appimage-extract-and-run --selftest ($run start): OK in ${seconds} s; $(grep '^kernels:' "$WORK/selftest-$run.txt"); $(grep '^ready to train:' "$WORK/selftest-$run.txt" || true)"
done
grep -q "^kernels: from the cache" "$WORK/selftest-cold.txt" || fail "the first start compiled its kernels: the ones shipped in the image were not used"
grep -q "^kernels: from the cache" "$WORK/selftest-warm.txt" || fail "the second start did not use the kernel cache"

if [ -e /dev/fuse ] && { [ "$(id -u)" -eq 0 ] || command -v fusermount3 >/dev/null 2>&1 || command -v fusermount >/dev/null 2>&1; }; then
    cp "$OUT/RuleTree/_internal/resources/demo/car_evaluation.rtproj" "$OUT/RuleTree/_internal/resources/demo/car_evaluation.xlsx" "$WORK/"
    if run_image "./$(basename "$IMAGE")" info --project "$WORK/car_evaluation.rtproj" > "$WORK/info.txt" 2>&1; then
        if grep -q "cannot mount with FUSE" "$WORK/info.txt"; then
            # the runtime fell back to extracting (no squashfuse program, or the mount failed)
            echo "appimage: (FUSE mount not possible here: $(grep -m1 "cannot mount with FUSE" "$WORK/info.txt" | sed 's/.*FUSE (\(.*\)); .*/\1/')); RuleTree info --project car_evaluation.rtproj via the extract fallback: OK"
        else
            echo "appimage: mounted with FUSE: RuleTree info --project car_evaluation.rtproj: OK ($(grep -c . "$WORK/info.txt") lines)"
        fi
    elif grep -qi "fuse" "$WORK/info.txt"; then
        echo "appimage: (FUSE mount not possible here: $(grep -i -m1 fuse "$WORK/info.txt"))"
    else
        cat "$WORK/info.txt"
        fail "the mounted AppImage's 'info' on the demo project"
    fi
else
    echo "appimage: (no FUSE here: the mounted start is not tried)"
fi
echo "appimage: OK"
