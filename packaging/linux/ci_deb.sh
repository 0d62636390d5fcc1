#!/usr/bin/env bash
# CI, after packaging/ci_bundle.sh: build the .deb from OUTDIR/RuleTree, install it with apt,
# run the installed app, open the demo project the way a double-click does, remove it.
#
#   bash packaging/linux/ci_deb.sh OUTDIR
#
# Steps (each logs a "deb: " line; any failure exits 1 and removes the package again):
#  1. packaging/linux/make_deb.sh OUTDIR  (RULETREE_DEB_REUSE=1 takes an existing OUTDIR/ruletree_*.deb)
#  2. apt-get install -y OUTDIR/ruletree_VERSION_ARCH.deb (sudo when not root)
#  3. the files are there; the desktop entry validates; the MIME database maps *.rtproj to
#     application/x-ruletree-project and that type to ruletree.desktop
#  4. /usr/bin/RuleTree --selftest on a fresh user folder
#  5. the desktop entry's Exec= line with %f replaced by a copy of the demo project, offscreen:
#     passes when the window has opened the project (it is then first in the window's recent
#     files, which QSettings writes to the fresh XDG_CONFIG_HOME), then the window is closed
#  6. apt-get remove -y ruletree; nothing of the package is left
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
[ $# -eq 1 ] || { echo "usage: bash packaging/linux/ci_deb.sh OUTDIR" >&2; exit 2; }
OUT="$(cd "$1" && pwd)"
export DEBIAN_FRONTEND=noninteractive
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
VERSION="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -1)"
DEB="$OUT/ruletree_${VERSION}_$(dpkg --print-architecture).deb"
WORK="$OUT/deb-test"
rm -rf "$WORK"
mkdir -p "$WORK"

fail() {
    echo "deb: FAILED: $*"
    exit 1
}
cleanup() {
    local status=$?
    if [ -n "${APP_PID:-}" ] && kill -0 "$APP_PID" 2>/dev/null; then
        kill "$APP_PID" 2>/dev/null || true
    fi
    if [ "$status" -ne 0 ] && dpkg-query -W -f='${Status}' ruletree 2>/dev/null | grep -q installed; then
        echo "deb: removing the package after the failure"
        $SUDO apt-get purge -y -qq ruletree >/dev/null 2>&1 || true
    fi
}
trap cleanup EXIT

# 1. build
if [ "${RULETREE_DEB_REUSE:-0}" = 1 ] && [ -f "$DEB" ]; then
    echo "deb: reusing $DEB"
else
    start=$(date +%s)
    bash "$HERE/make_deb.sh" "$OUT" > "$WORK/make_deb.log" 2>&1 || { cat "$WORK/make_deb.log"; fail "make_deb.sh"; }
    grep '^deb: ' "$WORK/make_deb.log" | sed 's/^deb: /deb: build: /'
    echo "deb: built in $(( $(date +%s) - start )) s: $DEB ($(du -h "$DEB" | cut -f1))"
fi

# 2. install
if dpkg-query -W -f='${Status}' ruletree 2>/dev/null | grep -q installed; then
    fail "a ruletree package is installed already on this machine; remove it first (apt-get purge ruletree)"
fi
start=$(date +%s)
$SUDO apt-get install -y -q "$DEB" > "$WORK/install.log" 2>&1 || { tail -30 "$WORK/install.log"; fail "apt-get install"; }
echo "deb: installed with apt-get in $(( $(date +%s) - start )) s: $(dpkg-query -W -f='${Package} ${Version} ${Status}' ruletree)"

# 3. files, desktop entry, MIME type
for f in /opt/ruletree/RuleTree /usr/bin/RuleTree /usr/bin/ruletree /usr/share/applications/ruletree.desktop \
         /usr/share/mime/packages/ruletree.xml /usr/share/icons/hicolor/256x256/apps/ruletree.png \
         /usr/share/icons/hicolor/scalable/apps/ruletree.svg /usr/share/metainfo/org.ruletree.studio.metainfo.xml; do
    [ -e "$f" ] || fail "$f is missing"
done
[ "$(readlink -f /usr/bin/RuleTree)" = /opt/ruletree/RuleTree ] || fail "/usr/bin/RuleTree does not lead to /opt/ruletree/RuleTree"
echo "deb: files in place: /opt/ruletree ($(du -sh /opt/ruletree | cut -f1)), /usr/bin/RuleTree and /usr/bin/ruletree -> /opt/ruletree/RuleTree, desktop entry, MIME type, icons"
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate /usr/share/applications/ruletree.desktop > "$WORK/desktop-file-validate.txt" 2>&1 \
        || { cat "$WORK/desktop-file-validate.txt"; fail "desktop-file-validate"; }
    if [ -s "$WORK/desktop-file-validate.txt" ]; then
        sed 's/^/deb: desktop-file-validate: /' "$WORK/desktop-file-validate.txt"
    else
        echo "deb: desktop-file-validate: no findings"
    fi
fi
if command -v update-mime-database >/dev/null 2>&1; then
    [ -f /usr/share/mime/application/x-ruletree-project.xml ] || fail "the MIME database does not know application/x-ruletree-project"
    grep -q 'application/x-ruletree-project:\*\.rtproj' /usr/share/mime/globs2 || fail "*.rtproj is not in /usr/share/mime/globs2"
    echo "deb: MIME database: *.rtproj -> application/x-ruletree-project"
else
    echo "deb: (update-mime-database not installed: MIME database not checked)"
fi
if command -v update-desktop-database >/dev/null 2>&1; then
    grep -q '^application/x-ruletree-project=.*ruletree.desktop' /usr/share/applications/mimeinfo.cache \
        || fail "mimeinfo.cache does not map application/x-ruletree-project to ruletree.desktop"
    echo "deb: desktop database: application/x-ruletree-project -> ruletree.desktop"
fi

# 4. the installed app's self-test, on a fresh user folder
USERDIR="$WORK/user"
run_app() {
    env -u NUMBA_CACHE_DIR -u QT_QPA_PLATFORM -u DISPLAY -u WAYLAND_DISPLAY \
        RULETREE_DATA_DIR="$USERDIR" XDG_CONFIG_HOME="$USERDIR/config" "$@"
}
start=$EPOCHREALTIME
run_app /usr/bin/RuleTree --selftest > "$WORK/selftest.txt" 2>&1 || { cat "$WORK/selftest.txt"; fail "/usr/bin/RuleTree --selftest"; }
seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
echo "deb: /usr/bin/RuleTree --selftest: OK in ${seconds} s; $(grep '^kernels:' "$WORK/selftest.txt"); $(grep '^ready to train:' "$WORK/selftest.txt" || true)"
grep -q '^kernels: from the cache' "$WORK/selftest.txt" || fail "the installed app compiled its kernels: the ones shipped in the package were not used"

# 5. what a double-click on a project runs: the desktop entry's Exec= with %f = the file
mkdir -p "$WORK/projects"
cp /opt/ruletree/_internal/resources/demo/car_evaluation.rtproj /opt/ruletree/_internal/resources/demo/car_evaluation.xlsx \
    "$WORK/projects/"
PROJECT="$WORK/projects/car_evaluation.rtproj"
EXEC="$(sed -n 's/^Exec=//p' /usr/share/applications/ruletree.desktop | head -1)"
[ "$EXEC" = "RuleTree %f" ] || fail "unexpected Exec= line: $EXEC"
read -r -a COMMAND <<< "$EXEC"
for i in "${!COMMAND[@]}"; do
    [ "${COMMAND[$i]}" = "%f" ] && COMMAND[$i]="$PROJECT"
done
echo "deb: opening the demo project as a double-click does: ${COMMAND[*]} (offscreen)"
SETTINGS="$USERDIR/config/RuleTree Studio/RuleTree Studio.conf"
rm -f "$SETTINGS"
(cd "$WORK" && PATH=/usr/bin:/bin run_app QT_QPA_PLATFORM=offscreen "${COMMAND[@]}") > "$WORK/open.txt" 2>&1 &
APP_PID=$!
start=$(date +%s)
opened=""
while [ $(( $(date +%s) - start )) -lt 180 ]; do
    if [ -f "$SETTINGS" ] && grep -q "^recent=.*$PROJECT" "$SETTINGS"; then
        opened=yes
        break
    fi
    kill -0 "$APP_PID" 2>/dev/null || break
    sleep 1
done
if [ -z "$opened" ]; then
    cat "$WORK/open.txt"
    tail -20 "$USERDIR/logs/ruletree.log" 2>/dev/null || true
    fail "the window did not open $PROJECT (no entry in the recent files of $SETTINGS)"
fi
kill -0 "$APP_PID" 2>/dev/null || fail "the window exited after opening the project"
kill "$APP_PID"
wait "$APP_PID" 2>/dev/null || true
APP_PID=""
echo "deb: project opened through the desktop entry in $(( $(date +%s) - start )) s (the window lists it in its recent files); window closed"

# 6. remove
start=$(date +%s)
$SUDO apt-get remove -y -q ruletree > "$WORK/remove.log" 2>&1 || { tail -30 "$WORK/remove.log"; fail "apt-get remove"; }
left=""
for f in /opt/ruletree /usr/bin/RuleTree /usr/bin/ruletree /usr/share/applications/ruletree.desktop \
         /usr/share/mime/packages/ruletree.xml /usr/share/icons/hicolor/256x256/apps/ruletree.png \
         /usr/share/icons/hicolor/scalable/apps/ruletree.svg /usr/share/metainfo/org.ruletree.studio.metainfo.xml \
         /usr/share/doc/ruletree; do
    if [ -e "$f" ] || [ -L "$f" ]; then
        left="$left $f"
    fi
done
[ -z "$left" ] || fail "left after apt-get remove:$left"
if command -v update-mime-database >/dev/null 2>&1 && [ -e /usr/share/mime/application/x-ruletree-project.xml ]; then
    fail "the MIME database still has application/x-ruletree-project"
fi
if [ -f /usr/share/applications/mimeinfo.cache ] && grep -q 'ruletree.desktop' /usr/share/applications/mimeinfo.cache; then
    fail "mimeinfo.cache still names ruletree.desktop"
fi
echo "deb: removed with apt-get remove in $(( $(date +%s) - start )) s: /opt/ruletree, /usr/bin links, desktop entry, MIME type, icons gone"
# no conffiles: the purge only drops dpkg's record of the package (state config-files after remove)
$SUDO dpkg --purge ruletree >/dev/null 2>&1 || true
echo "deb: OK"
