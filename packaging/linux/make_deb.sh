#!/usr/bin/env bash
# OUTDIR/RuleTree (the bundle built by packaging/build.sh) -> OUTDIR/ruletree_VERSION_ARCH.deb
#
#   bash packaging/linux/make_deb.sh OUTDIR
#
# Built with dpkg-deb alone (no debhelper, no source package). What the package installs:
#   /opt/ruletree/                      the bundle (RuleTree, _internal/)
#   /usr/bin/RuleTree, /usr/bin/ruletree  symlinks to /opt/ruletree/RuleTree (the PyInstaller
#                                       bootloader finds its _internal/ through /proc/self/exe)
#   /usr/share/applications/ruletree.desktop   menu entry; MimeType= and %f: double-clicking a
#                                       .rtproj (or a spreadsheet, via "Open with") opens it
#   /usr/share/mime/packages/ruletree.xml      application/x-ruletree-project for *.rtproj
#   /usr/share/icons/hicolor/*/apps/ruletree.png (16-256, taken from packaging/windows/ruletree.ico,
#                                       which packaging/make_icons.py renders from the SVG),
#   scalable/apps/ruletree.svg, and the same as the project files' icon (mimetypes/)
#   /usr/share/metainfo/org.ruletree.studio.metainfo.xml   AppStream (software centres)
#   /usr/share/doc/ruletree/{copyright,changelog.gz}, /usr/share/man/man1/{ruletree,RuleTree}.1.gz,
#   /usr/share/lintian/overrides/ruletree (packaging/linux/ruletree.lintian-overrides: why the
#                                       bundle's layout trips lintian's checks for Debian's archive)
# Depends: computed from the bundle: every shared library an ELF file of the bundle needs and
# the bundle does not carry, mapped to its Debian package with `dpkg -S` on this machine
# (a fallback table names the few a build machine may lack), and libc6 (>= the newest
# GLIBC_ symbol version the bundle uses). RULETREE_DEB_MAINTAINER="Name <mail>" sets Maintainer;
# RULETREE_DEB_COMPRESSION (xz, the default; gzip or zstd) the compression (xz: ~2 min on 2 cores).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
[ $# -eq 1 ] || { echo "usage: bash packaging/linux/make_deb.sh OUTDIR" >&2; exit 2; }
OUT="$(cd "$1" && pwd)"
BUNDLE="$OUT/RuleTree"
[ -x "$BUNDLE/RuleTree" ] || { echo "deb: no bundle in $BUNDLE: run packaging/build.sh first" >&2; exit 2; }
for tool in dpkg-deb dpkg readelf objdump python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "deb: $tool not found (apt-get install dpkg binutils python3)" >&2; exit 2; }
done

PKG=ruletree
VERSION="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -1)"
[ -n "$VERSION" ] || { echo "deb: no version in pyproject.toml" >&2; exit 2; }
ARCH="$(dpkg --print-architecture)"
MAINTAINER="${RULETREE_DEB_MAINTAINER:-RuleTree Studio maintainers <maintainers@ruletree.invalid>}"
DEB="$OUT/${PKG}_${VERSION}_${ARCH}.deb"
STAGE="$OUT/deb-stage/${PKG}_${VERSION}_${ARCH}"
PREFIX=/opt/ruletree

echo "deb: staging $PKG $VERSION ($ARCH) in $STAGE"
rm -rf "$OUT/deb-stage"
mkdir -p "$STAGE/DEBIAN" "$STAGE$PREFIX" "$STAGE/usr/bin" "$STAGE/usr/share/applications" \
         "$STAGE/usr/share/mime/packages" "$STAGE/usr/share/metainfo" "$STAGE/usr/share/doc/$PKG" \
         "$STAGE/usr/share/icons/hicolor/scalable/apps" "$STAGE/usr/share/icons/hicolor/scalable/mimetypes" \
         "$STAGE/usr/share/man/man1" "$STAGE/usr/share/lintian/overrides"
cp -a "$BUNDLE/." "$STAGE$PREFIX/"
# files 644 / directories and executables 755, whatever the build machine's umask was
chmod -R u=rwX,go=rX "$STAGE$PREFIX"
# shared libraries are loaded, not run: no execute bits (lintian: shared-library-is-executable)
find "$STAGE$PREFIX" -type f \( -name '*.so' -o -name '*.so.*' \) -exec chmod 644 {} +
ln -s "$PREFIX/RuleTree" "$STAGE/usr/bin/RuleTree"
ln -s "$PREFIX/RuleTree" "$STAGE/usr/bin/ruletree"

install -m 644 "$HERE/ruletree.desktop" "$STAGE/usr/share/applications/ruletree.desktop"
grep -q '^Exec=RuleTree %f$' "$STAGE/usr/share/applications/ruletree.desktop" \
    || { echo "deb: ruletree.desktop's Exec= is not 'RuleTree %f'" >&2; exit 1; }
grep -q 'application/x-ruletree-project;' "$STAGE/usr/share/applications/ruletree.desktop" \
    || { echo "deb: ruletree.desktop's MimeType= lacks application/x-ruletree-project" >&2; exit 1; }
install -m 644 "$HERE/ruletree-mime.xml" "$STAGE/usr/share/mime/packages/ruletree.xml"

# icons: the PNG entries of the .ico (16...256 px), the SVG as scalable; the same for project files
python3 - "$ROOT/packaging/windows/ruletree.ico" "$STAGE/usr/share/icons/hicolor" <<'PY'
import os, struct, sys
data = open(sys.argv[1], "rb").read()
count = struct.unpack("<HHH", data[:6])[2]
for i in range(count):
    width, _, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
    png = data[offset:offset + size]
    if not png.startswith(b"\x89PNG"):
        sys.exit(f"{sys.argv[1]}: entry {i} is not a PNG (run packaging/make_icons.py)")
    px = width or 256
    for kind, name in (("apps", "ruletree"), ("mimetypes", "application-x-ruletree-project")):
        folder = os.path.join(sys.argv[2], f"{px}x{px}", kind)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, name + ".png"), "wb") as f:
            f.write(png)
PY
install -m 644 "$ROOT/resources/icons/ruletree.svg" "$STAGE/usr/share/icons/hicolor/scalable/apps/ruletree.svg"
install -m 644 "$ROOT/resources/icons/ruletree.svg" \
    "$STAGE/usr/share/icons/hicolor/scalable/mimetypes/application-x-ruletree-project.svg"
find "$STAGE/usr/share/icons" -type f -exec chmod 644 {} +
find "$STAGE/usr/share/icons" -type d -exec chmod 755 {} +

cat > "$STAGE/usr/share/metainfo/org.ruletree.studio.metainfo.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>org.ruletree.studio</id>
  <name>RuleTree Studio</name>
  <summary>Decision trees and IF-THEN rules from spreadsheets</summary>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>LicenseRef-proprietary</project_license>
  <description>
    <p>Learns decision trees and IF-THEN rules from a spreadsheet of past cases, consults
    the model case by case asking for the most useful fact next, exports rules to Excel
    and compares algorithms on the user's own file.</p>
  </description>
  <launchable type="desktop-id">ruletree.desktop</launchable>
  <provides><binary>RuleTree</binary><binary>ruletree</binary><mediatype>application/x-ruletree-project</mediatype></provides>
  <releases><release version="$VERSION"/></releases>
</component>
XML

cat > "$STAGE/usr/share/doc/$PKG/copyright" <<TXT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: RuleTree Studio
Comment: The application is proprietary (pyproject.toml: license "Proprietary").
 /opt/ruletree/_internal holds the Python runtime and the third-party libraries the
 application was bundled with by PyInstaller (Qt/PySide6 under the LGPL-3, NumPy,
 pandas, Numba/llvmlite, SciPy, openpyxl, pyqtgraph, ...), each under its own licence;
 their licence files are in their *.dist-info folders there.

Files: *
Copyright: $(date -u +%Y -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}") RuleTree Studio authors
License: proprietary
 All rights reserved.
TXT
{
    printf '%s (%s) unstable; urgency=medium\n\n' "$PKG" "$VERSION"
    printf '  * Release %s (packaging/linux/make_deb.sh).\n\n' "$VERSION"
    printf ' -- %s  %s\n' "$MAINTAINER" "$(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}")"
} | gzip -9n > "$STAGE/usr/share/doc/$PKG/changelog.gz"  # a native package (no Debian revision)
chmod 644 "$STAGE/usr/share/doc/$PKG/copyright" "$STAGE/usr/share/doc/$PKG/changelog.gz"
install -m 644 "$HERE/ruletree.lintian-overrides" "$STAGE/usr/share/lintian/overrides/$PKG"

# a short manual page for both commands
cat <<MAN | gzip -9n > "$STAGE/usr/share/man/man1/ruletree.1.gz"
.TH RULETREE 1 "" "RuleTree Studio $VERSION" "User Commands"
.SH NAME
ruletree, RuleTree \\- decision trees and IF-THEN rules from spreadsheets
.SH SYNOPSIS
.B ruletree
.RI [ FILE ]
.br
.B ruletree
.I COMMAND
.RI [ OPTIONS ]
.br
.B ruletree \\-\\-selftest
.SH DESCRIPTION
With no command,
.B ruletree
opens the RuleTree Studio window on
.I FILE
(a spreadsheet or a .rtproj project), or on the bundled demo project.
The commands (info, algorithms, train, predict, rules, evaluate, compare,
reproduce, consult, sessions) do the same work without the window;
.B ruletree \\-\\-help
lists them and
.B ruletree
.I COMMAND
.B \\-\\-help
describes one.
.B \\-\\-selftest
runs the whole application offscreen and exits 0 when everything works.
.SH FILES
.TP
.I /opt/ruletree
the application.
.TP
.I ~/.local/share/RuleTree Studio
sessions, logs and the compiled-kernel cache (RULETREE_DATA_DIR overrides it).
MAN
ln -s ruletree.1.gz "$STAGE/usr/share/man/man1/RuleTree.1.gz"
chmod 644 "$STAGE/usr/share/man/man1/ruletree.1.gz"

# ---- Depends, from the bundle's ELF files ----------------------------------------------------
declare -A FALLBACK=(
    [libc.so.6]=libc6 [libm.so.6]=libc6 [libdl.so.2]=libc6 [libpthread.so.0]=libc6 [librt.so.1]=libc6
    [libresolv.so.2]=libc6 [libutil.so.1]=libc6 [ld-linux-x86-64.so.2]=libc6 [ld-linux-aarch64.so.1]=libc6
    [libGL.so.1]=libgl1 [libEGL.so.1]=libegl1 [libOpenGL.so.0]=libopengl0 [libGLX.so.0]=libglx0
    [libxcb.so.1]=libxcb1 [libX11.so.6]=libx11-6 [libwayland-client.so.0]=libwayland-client0
    [libwayland-cursor.so.0]=libwayland-cursor0 [libwayland-egl.so.1]=libwayland-egl1
    [libfontconfig.so.1]=libfontconfig1 [libfreetype.so.6]=libfreetype6 [libdbus-1.so.3]=libdbus-1-3
    [libglib-2.0.so.0]=libglib2.0-0 [libxkbcommon.so.0]=libxkbcommon0 [libz.so.1]=zlib1g
)
# Numba's optional TBB threading layer: Numba falls back to its OpenMP/workqueue layers without it
IGNORE=" libtbb.so.12 "
elfs="$(mktemp)"; trap 'rm -f "$elfs"' EXIT
find "$BUNDLE" -type f \( -name '*.so' -o -name '*.so.*' -o -perm -u+x \) -print0 |
    while IFS= read -r -d '' f; do
        [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] && printf '%s\n' "$f"
    done > "$elfs"
bundled="$(find "$BUNDLE" \( -type f -o -type l \) -name '*.so*' -printf '%f\n' | sort -u)"
needed="$(while IFS= read -r f; do readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; done < "$elfs" | sort -u)"
# the linker cache read once, and awk reads it to the end: an awk that exits at the first match
# leaves ldconfig writing into a closed pipe (SIGPIPE, status 141), which pipefail turns into a
# failed build depending on timing
libcache="$(ldconfig -p 2>/dev/null || true)"
packages=()
for soname in $(comm -23 <(echo "$needed") <(echo "$bundled")); do
    case "$IGNORE" in *" $soname "*) continue ;; esac
    pkg=""
    path="$(printf '%s\n' "$libcache" | awk -v s="$soname" '$1 == s && !found { print $NF; found = 1 }')"
    if [ -n "$path" ]; then
        for candidate in "$path" "$(readlink -f "$path")" "${path#/usr}" "/usr$path"; do
            pkg="$(dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1 || true)"
            [ -n "$pkg" ] && break
        done
    fi
    pkg="${pkg:-${FALLBACK[$soname]:-}}"
    [ -n "$pkg" ] || { echo "deb: $soname is needed by the bundle but neither installed here nor in the fallback table" >&2; exit 1; }
    packages+=("$pkg")
done
glibc="$(while IFS= read -r f; do objdump -T "$f" 2>/dev/null | grep -o 'GLIBC_[0-9][0-9.]*'; done < "$elfs" |
         sed 's/GLIBC_//' | sort -t. -k1,1n -k2,2n -k3,3n -u | tail -1)"
# the bundled libfontconfig reads the system's /etc/fonts and needs at least one font
packages+=(fontconfig-config)
depends="libc6 (>= $glibc)"
for pkg in $(printf '%s\n' "${packages[@]}" | grep -v '^libc6$' | sort -u); do
    depends="$depends, $pkg"
done
echo "deb: Depends: $depends"

INSTALLED_SIZE="$(du -sk --apparent-size --exclude=DEBIAN "$STAGE" | cut -f1)"
cat > "$STAGE/DEBIAN/control" <<CTRL
Package: $PKG
Version: $VERSION
Architecture: $ARCH
Maintainer: $MAINTAINER
Installed-Size: $INSTALLED_SIZE
Depends: $depends
Recommends: shared-mime-info, desktop-file-utils, hicolor-icon-theme, fonts-noto-cjk | fonts-wqy-microhei | fonts-wqy-zenhei
Section: science
Priority: optional
Description: decision trees and IF-THEN rules from spreadsheets
 RuleTree Studio learns decision trees and IF-THEN rules from a spreadsheet of
 past cases with the algorithm that fits the problem (ordinal/monotone trees,
 rough-set trees, hierarchical fuzzy trees, minimum-cost trees, sequential
 discriminant trees, CART, ID3 and C4.5), consults the model case by case
 asking for the most useful fact next, exports rules to Excel and compares
 algorithms on the user's own file.
 .
 This package holds the desktop application (menu entry "RuleTree Studio";
 double-clicking a project file, *.rtproj, opens it) and the headless
 "ruletree" command. It installs in /opt/ruletree as a self-contained bundle
 with its own Python, Qt and Numba.
CTRL

# caches: dpkg triggers of shared-mime-info, desktop-file-utils and hicolor-icon-theme update them
# on Debian/Ubuntu; these calls cover systems without the triggers and do nothing without the tools
for script in postinst postrm; do
    cat > "$STAGE/DEBIAN/$script" <<'SH'
#!/bin/sh
set -e
case "$1" in
    configure|remove|purge|abort-install|abort-upgrade|abort-remove|abort-deconfigure)
        if command -v update-desktop-database >/dev/null 2>&1; then
            update-desktop-database -q /usr/share/applications || true
        fi
        if command -v update-mime-database >/dev/null 2>&1; then
            update-mime-database /usr/share/mime || true
        fi
        if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -d /usr/share/icons/hicolor ]; then
            gtk-update-icon-cache -q -t -f /usr/share/icons/hicolor || true
        fi
        ;;
esac
exit 0
SH
    chmod 755 "$STAGE/DEBIAN/$script"
done
(cd "$STAGE" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) \
    > "$STAGE/DEBIAN/md5sums"
chmod 644 "$STAGE/DEBIAN/control" "$STAGE/DEBIAN/md5sums"

echo "deb: dpkg-deb --build (${RULETREE_DEB_COMPRESSION:-xz})"
rm -f "$DEB"
dpkg-deb --root-owner-group -Z"${RULETREE_DEB_COMPRESSION:-xz}" --build "$STAGE" "$DEB" >/dev/null
rm -rf "$OUT/deb-stage"
echo "deb: $DEB ($(du -h "$DEB" | cut -f1); installed $(( INSTALLED_SIZE / 1024 )) MB)"
