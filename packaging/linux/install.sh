#!/usr/bin/env bash
# Install RuleTree Studio from the unpacked tarball.
#   ./install.sh            for this user: ~/.local/opt/RuleTree, menu entry, icon, ~/.local/bin/RuleTree
#   sudo ./install.sh       for everyone:  /opt/RuleTree, /usr/local/bin/RuleTree
#   ./install.sh --uninstall  (same user / sudo) removes what install.sh put there
# The app folder is only read at run time: compiled kernels, logs and sessions go to
# the user's data folder (~/.local/share/RuleTree Studio).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
if [ "$(id -u)" -eq 0 ]; then
    PREFIX=/opt/RuleTree; BIN=/usr/local/bin; SHARE=/usr/local/share
else
    PREFIX="$HOME/.local/opt/RuleTree"; BIN="$HOME/.local/bin"; SHARE="${XDG_DATA_HOME:-$HOME/.local/share}"
fi
APPS="$SHARE/applications"; ICONS="$SHARE/icons/hicolor"; MIME="$SHARE/mime"
if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$PREFIX"
    rm -f "$BIN/RuleTree" "$APPS/ruletree.desktop" "$ICONS/256x256/apps/ruletree.png" "$ICONS/scalable/apps/ruletree.svg" \
          "$MIME/packages/ruletree.xml"
    command -v update-mime-database >/dev/null 2>&1 && [ -d "$MIME/packages" ] && update-mime-database "$MIME" || true
    echo "RuleTree Studio removed (your data in ~/.local/share/RuleTree Studio is kept)"
    exit 0
fi
rm -rf "$PREFIX"
mkdir -p "$PREFIX" "$BIN" "$APPS" "$ICONS/256x256/apps" "$ICONS/scalable/apps" "$MIME/packages"
cp -a "$HERE/RuleTree/." "$PREFIX/"
ln -sf "$PREFIX/RuleTree" "$BIN/RuleTree"
install -m 644 "$HERE/ruletree.png" "$ICONS/256x256/apps/ruletree.png"
install -m 644 "$HERE/ruletree.svg" "$ICONS/scalable/apps/ruletree.svg"
# *.rtproj -> application/x-ruletree-project, which the desktop entry opens (double-click)
install -m 644 "$HERE/ruletree-mime.xml" "$MIME/packages/ruletree.xml"
sed "s|^Exec=.*|Exec=\"$PREFIX/RuleTree\" %f|" "$HERE/ruletree.desktop" > "$APPS/ruletree.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$APPS" || true
command -v update-mime-database >/dev/null 2>&1 && update-mime-database "$MIME" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q "$ICONS" 2>/dev/null || true
echo "RuleTree Studio installed in $PREFIX (menu: RuleTree Studio; command: $BIN/RuleTree)"
