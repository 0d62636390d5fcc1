#!/usr/bin/env bash
# OUTDIR/RuleTree (built by packaging/build.sh) -> OUTDIR/RuleTree-VERSION-ARCH.AppImage
#
#   bash packaging/linux/make_appimage.sh OUTDIR [VERSION]
#
# Needs appimagetool (https://github.com/AppImage/appimagetool, one static binary; not in
# Debian): put it on PATH or give APPIMAGETOOL=/path/to/appimagetool-x86_64.AppImage.
# Without it, the AppDir is still made (OUTDIR/AppDir) and the script says what to run.
# The kernel cache works across starts although the AppImage is mounted at a new
# /tmp/.mount_* each time (app/numba_cache.py: the cache folder does not depend on it).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$(cd "$1" && pwd)"
VERSION="${2:-$(cd "$ROOT" && python3 -c 'import engine; print(engine.__version__)')}"
ARCH="$(uname -m)"
APPDIR="$OUT/AppDir"
[ -x "$OUT/RuleTree/RuleTree" ] || { echo "no bundle in $OUT/RuleTree: run packaging/build.sh first" >&2; exit 2; }

rm -rf "$APPDIR"
mkdir -p "$APPDIR/usr/lib" "$APPDIR/usr/share/applications" "$APPDIR/usr/share/icons/hicolor/256x256/apps" \
         "$APPDIR/usr/share/icons/hicolor/scalable/apps" "$APPDIR/usr/share/metainfo"
cp -a "$OUT/RuleTree" "$APPDIR/usr/lib/RuleTree"
cp "$HERE/ruletree.desktop" "$APPDIR/ruletree.desktop"
cp "$HERE/ruletree.desktop" "$APPDIR/usr/share/applications/ruletree.desktop"
cp "$ROOT/resources/icons/ruletree.png" "$APPDIR/ruletree.png"
cp "$ROOT/resources/icons/ruletree.png" "$APPDIR/usr/share/icons/hicolor/256x256/apps/ruletree.png"
cp "$ROOT/resources/icons/ruletree.svg" "$APPDIR/usr/share/icons/hicolor/scalable/apps/ruletree.svg"
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

TOOL="${APPIMAGETOOL:-$(command -v appimagetool || command -v "appimagetool-$ARCH.AppImage" || true)}"
TARGET="$OUT/RuleTree-$VERSION-$ARCH.AppImage"
if [ -z "$TOOL" ]; then
    echo "appimage: appimagetool not found; to finish, run:" >&2
    echo "  ARCH=$ARCH appimagetool \"$APPDIR\" \"$TARGET\"" >&2
    exit 3
fi
# --appimage-extract-and-run: appimagetool is itself an AppImage and needs no FUSE that way
ARCH="$ARCH" "$TOOL" --appimage-extract-and-run "$APPDIR" "$TARGET" 2>/dev/null \
    || ARCH="$ARCH" "$TOOL" "$APPDIR" "$TARGET"
echo "appimage: $TARGET ($(du -h "$TARGET" | cut -f1))"
