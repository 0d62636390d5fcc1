#!/usr/bin/env bash
# Release workflow, macOS job: OUTDIR/RuleTree.app -> OUTDIR/RuleTree-VERSION-macos-ARCH.dmg
# (compressed, read-only; the window shows RuleTree Studio next to an Applications link, so
# users drag it there). Signed when RULETREE_CODESIGN_IDENTITY is set. Then the image is
# mounted and the app on it checked.
#
#   bash packaging/macos/build_dmg.sh OUTDIR
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$(cd "$1" && pwd)"
APP="$OUT/RuleTree.app"
VERSION="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -1)"
DMG="$OUT/RuleTree-$VERSION-macos-$(uname -m).dmg"
[ -d "$APP" ] || { echo "dmg: no $APP (run build_app.sh first)" >&2; exit 2; }
STAGE="$OUT/dmg-stage"
rm -rf "$STAGE" "$DMG"
mkdir -p "$STAGE"
ditto "$APP" "$STAGE/RuleTree Studio.app"
ln -s /Applications "$STAGE/Applications"
hdiutil create -volname "RuleTree Studio" -srcfolder "$STAGE" -ov -fs HFS+ -format UDZO "$DMG"
rm -rf "$STAGE"
if [ -n "${RULETREE_CODESIGN_IDENTITY:-}" ]; then
    codesign --force --timestamp --sign "$RULETREE_CODESIGN_IDENTITY" "$DMG"
    codesign --verify --verbose=2 "$DMG"
fi
MOUNT="$(mktemp -d)"
hdiutil attach -nobrowse -readonly -mountpoint "$MOUNT" "$DMG" >/dev/null
trap 'hdiutil detach "$MOUNT" -quiet || true' EXIT
[ -x "$MOUNT/RuleTree Studio.app/Contents/MacOS/RuleTree" ] || { echo "dmg: the image has no RuleTree Studio.app" >&2; exit 1; }
"$MOUNT/RuleTree Studio.app/Contents/MacOS/RuleTree" --version
echo "dmg: $DMG ($(du -h "$DMG" | cut -f1))"
