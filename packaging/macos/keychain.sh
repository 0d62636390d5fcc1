#!/usr/bin/env bash
# Release workflow, macOS job, before the build: put the Developer ID certificate in a temporary
# keychain so that PyInstaller signs every binary of the .app (hardened runtime, entitlements.plist;
# packaging/ruletree.spec reads RULETREE_CODESIGN_IDENTITY). Skipped, with a message, when the
# secrets are not configured: the .app and the .dmg are then unsigned (Gatekeeper warns users).
#
#   MACOS_CERTIFICATE_P12=<base64 .p12> MACOS_CERTIFICATE_PASSWORD=... bash packaging/macos/keychain.sh
#
# Writes RULETREE_CODESIGN_IDENTITY to $GITHUB_ENV (the next steps see it) when signing is on.
set -euo pipefail
if [ -z "${MACOS_CERTIFICATE_P12:-}" ] || [ -z "${MACOS_CERTIFICATE_PASSWORD:-}" ]; then
    echo "sign: MACOS_CERTIFICATE_P12 / MACOS_CERTIFICATE_PASSWORD not configured: building unsigned"
    exit 0
fi
KEYCHAIN="${RUNNER_TEMP:-/tmp}/ruletree-signing.keychain-db"
KEYCHAIN_PASSWORD="$(uuidgen)"
P12="${RUNNER_TEMP:-/tmp}/ruletree-certificate.p12"
printf '%s' "$MACOS_CERTIFICATE_P12" | base64 --decode > "$P12"
security create-keychain -p "$KEYCHAIN_PASSWORD" "$KEYCHAIN"
security set-keychain-settings -lut 21600 "$KEYCHAIN"
security unlock-keychain -p "$KEYCHAIN_PASSWORD" "$KEYCHAIN"
security import "$P12" -k "$KEYCHAIN" -P "$MACOS_CERTIFICATE_PASSWORD" -T /usr/bin/codesign -T /usr/bin/security
security set-key-partition-list -S apple-tool:,apple:,codesign: -s -k "$KEYCHAIN_PASSWORD" "$KEYCHAIN" >/dev/null
# shellcheck disable=SC2046
security list-keychains -d user -s "$KEYCHAIN" $(security list-keychains -d user | tr -d '"')
rm -f "$P12"
IDENTITY="$(security find-identity -v -p codesigning "$KEYCHAIN" | sed -n 's/.*"\(Developer ID Application: .*\)"/\1/p' | head -1)"
[ -n "$IDENTITY" ] || { echo "sign: no 'Developer ID Application' identity in the certificate" >&2; exit 1; }
echo "sign: identity $IDENTITY in $KEYCHAIN"
if [ -n "${GITHUB_ENV:-}" ]; then
    echo "RULETREE_CODESIGN_IDENTITY=$IDENTITY" >> "$GITHUB_ENV"
fi
