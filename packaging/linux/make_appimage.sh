#!/usr/bin/env bash
# OUTDIR/RuleTree (built by packaging/build.sh) -> OUTDIR/RuleTree-VERSION-ARCH.AppImage
#
#   bash packaging/linux/make_appimage.sh OUTDIR [VERSION]
#
# An AppImage is the AppImage runtime (an ELF program) followed by a squashfs image of the
# AppDir. The runtime is our own (appimage-runtime/ruletree_runtime.c, built by
# appimage-runtime/build_runtime.sh with Debian's packages; cached as OUTDIR/appimage-runtime-ARCH
# and rebuilt when its source is newer; or give APPIMAGE_RUNTIME=/path/to/runtime), the image
# is made by mksquashfs (squashfs-tools, installed with apt-get when missing): appimagetool and
# the official runtime are GitHub downloads that no package registry carries.
# APPIMAGETOOL=/path/to/appimagetool uses appimagetool instead.
# The kernel cache works across starts although the AppImage is mounted at a new
# /tmp/.mount_* each time (app/numba_cache.py: the cache folder does not depend on it).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$(cd "$1" && pwd)"
VERSION="${2:-$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -1)}"
ARCH="$(uname -m)"
APPDIR="$OUT/AppDir"
[ -x "$OUT/RuleTree/RuleTree" ] || { echo "no bundle in $OUT/RuleTree: run packaging/build.sh first" >&2; exit 2; }

rm -rf "$APPDIR"
mkdir -p "$APPDIR/usr/lib" "$APPDIR/usr/share/applications" "$APPDIR/usr/share/icons/hicolor/256x256/apps" \
         "$APPDIR/usr/share/icons/hicolor/scalable/apps" "$APPDIR/usr/share/metainfo" "$APPDIR/usr/share/mime/packages"
cp -a "$OUT/RuleTree" "$APPDIR/usr/lib/RuleTree"
cp "$HERE/ruletree.desktop" "$APPDIR/ruletree.desktop"
cp "$HERE/ruletree.desktop" "$APPDIR/usr/share/applications/ruletree.desktop"
cp "$ROOT/resources/icons/ruletree.png" "$APPDIR/ruletree.png"
cp "$ROOT/resources/icons/ruletree.png" "$APPDIR/usr/share/icons/hicolor/256x256/apps/ruletree.png"
cp "$ROOT/resources/icons/ruletree.svg" "$APPDIR/usr/share/icons/hicolor/scalable/apps/ruletree.svg"
cp "$HERE/ruletree-mime.xml" "$APPDIR/usr/share/mime/packages/ruletree.xml"
ln -s ruletree.png "$APPDIR/.DirIcon"
cat > "$APPDIR/usr/share/metainfo/org.ruletree.studio.appdata.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>org.ruletree.studio</id>
  <name>RuleTree Studio</name>
  <summary>Decision trees and IF-THEN rules from spreadsheets</summary>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>LicenseRef-proprietary</project_license>
  <launchable type="desktop-id">ruletree.desktop</launchable>
  <releases><release version="$VERSION"/></releases>
</component>
XML
cat > "$APPDIR/AppRun" <<'SH'
#!/bin/sh
# AppImage entry: the bundle's executable with the arguments given (a file, a subcommand, --selftest).
HERE="$(dirname "$(readlink -f "$0")")"
exec "$HERE/usr/lib/RuleTree/RuleTree" "$@"
SH
chmod +x "$APPDIR/AppRun"
echo "appimage: AppDir ready at $APPDIR"

TARGET="$OUT/RuleTree-$VERSION-$ARCH.AppImage"
rm -f "$TARGET"
if [ -n "${APPIMAGETOOL:-}" ]; then
    # --appimage-extract-and-run: appimagetool is itself an AppImage and needs no FUSE that way
    ARCH="$ARCH" "$APPIMAGETOOL" --appimage-extract-and-run "$APPDIR" "$TARGET" \
        || ARCH="$ARCH" "$APPIMAGETOOL" "$APPDIR" "$TARGET"
    echo "appimage: $TARGET ($(du -h "$TARGET" | cut -f1), appimagetool)"
    exit 0
fi

RUNTIME="${APPIMAGE_RUNTIME:-$OUT/appimage-runtime-$ARCH}"
if [ -z "${APPIMAGE_RUNTIME:-}" ] && { [ ! -x "$RUNTIME" ] \
        || [ "$HERE/appimage-runtime/ruletree_runtime.c" -nt "$RUNTIME" ] \
        || [ "$HERE/appimage-runtime/build_runtime.sh" -nt "$RUNTIME" ] \
        || ! "$RUNTIME" --appimage-version 2>/dev/null | grep -q '^RuleTree AppImage runtime'; }; then
    bash "$HERE/appimage-runtime/build_runtime.sh" "$RUNTIME"
fi
[ -x "$RUNTIME" ] || { echo "appimage: no runtime at $RUNTIME" >&2; exit 2; }
if ! command -v mksquashfs >/dev/null 2>&1; then
    command -v apt-get >/dev/null 2>&1 || { echo "appimage: mksquashfs not found (squashfs-tools)" >&2; exit 2; }
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "appimage: apt-get install squashfs-tools"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends squashfs-tools >/dev/null
fi
# zstd, as appimagetool (the runtime reads gzip, xz, lzo, lz4 and zstd); files owned by root;
# SOURCE_DATE_EPOCH, when set, fixes every timestamp (reproducible images)
start=$(date +%s)
times=()
[ -n "${SOURCE_DATE_EPOCH:-}" ] && times=(-mkfs-time "$SOURCE_DATE_EPOCH" -all-time "$SOURCE_DATE_EPOCH")
mksquashfs "$APPDIR" "$OUT/AppDir.squashfs" -root-owned -noappend -no-progress -quiet -comp zstd \
    "${times[@]}" >/dev/null
cat "$RUNTIME" "$OUT/AppDir.squashfs" > "$TARGET"
rm -f "$OUT/AppDir.squashfs"
chmod 755 "$TARGET"
offset="$("$TARGET" --appimage-offset)"
[ "$offset" = "$(stat -c %s "$RUNTIME")" ] || { echo "appimage: the runtime reads offset $offset, expected $(stat -c %s "$RUNTIME")" >&2; exit 1; }
echo "appimage: $TARGET ($(du -h "$TARGET" | cut -f1); squashfs in $(( $(date +%s) - start )) s; runtime $("$TARGET" --appimage-version 2>&1 | sed 's/.*: //'))"
