#!/usr/bin/env bash
# Release workflow, macOS job: notarize the signed .dmg with Apple (xcrun notarytool) and staple
# the ticket, so Gatekeeper opens it without a warning, offline too. Skipped when the Apple ID
# secrets or the signing identity are not configured.
#
#   APPLE_ID=... APPLE_TEAM_ID=... APPLE_APP_PASSWORD=<app-specific password> \
#       bash packaging/macos/notarize.sh OUTDIR/RuleTree-VERSION-macos-ARCH.dmg
set -euo pipefail
DMG="$1"
if [ -z "${RULETREE_CODESIGN_IDENTITY:-}" ] || [ -z "${APPLE_ID:-}" ] || [ -z "${APPLE_TEAM_ID:-}" ] \
        || [ -z "${APPLE_APP_PASSWORD:-}" ]; then
    echo "notarize: signing identity or APPLE_ID / APPLE_TEAM_ID / APPLE_APP_PASSWORD not configured: skipped"
    exit 0
fi
xcrun notarytool submit "$DMG" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
    --password "$APPLE_APP_PASSWORD" --wait --timeout 1h
xcrun stapler staple "$DMG"
xcrun stapler validate "$DMG"
spctl --assess --type open --context context:primary-signature --verbose=2 "$DMG"
echo "notarize: $DMG notarized and stapled"
