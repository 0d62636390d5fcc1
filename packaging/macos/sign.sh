#!/usr/bin/env bash
# Release workflow, macOS job: sign the .app bundle itself (PyInstaller signed what is inside it)
# with the hardened runtime and packaging/macos/entitlements.plist (Numba's JIT needs allow-jit
# and allow-unsigned-executable-memory), then verify. Skipped when RULETREE_CODESIGN_IDENTITY is
# not set (keychain.sh sets it when the certificate secrets are configured).
#
#   bash packaging/macos/sign.sh OUTDIR/RuleTree.app
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
APP="$1"
if [ -z "${RULETREE_CODESIGN_IDENTITY:-}" ]; then
    echo "sign: no signing identity configured: $APP stays unsigned"
    exit 0
fi
codesign --force --timestamp --options runtime --entitlements "$HERE/entitlements.plist" \
    --sign "$RULETREE_CODESIGN_IDENTITY" "$APP"
codesign --verify --deep --strict --verbose=2 "$APP"
codesign --display --entitlements - "$APP" | grep -q allow-jit || { echo "sign: allow-jit entitlement missing" >&2; exit 1; }
echo "sign: $APP signed by $RULETREE_CODESIGN_IDENTITY"
