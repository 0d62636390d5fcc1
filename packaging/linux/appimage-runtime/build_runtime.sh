#!/usr/bin/env bash
# Build RuleTree Studio's AppImage runtime (the ELF program at the head of the .AppImage, which
# mounts or extracts the squashfs image appended to it) from ruletree_runtime.c, our own code,
# with Debian's packages only:
#
#   bash packaging/linux/appimage-runtime/build_runtime.sh OUTFILE
#
# The squashfs is read with libsquashfuse (libsquashfuse-dev) and its compression libraries
# (zlib, xz, lzo2, lz4, zstd), all linked statically together with glibc, so the runtime starts
# on any x86-64/arm64 Linux whatever is installed there (the program calls no NSS/dlopen
# functions, so static glibc costs nothing). Mounting uses the `squashfuse` program when the
# user's system has it (package squashfuse + fuse3); otherwise the runtime extracts to $TMPDIR.
# Installs its build dependencies with apt-get when they are missing (as root or with sudo).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
[ $# -eq 1 ] || { echo "usage: bash build_runtime.sh OUTFILE" >&2; exit 2; }
TARGET="$1"
DEBS="gcc libc6-dev libsquashfuse-dev zlib1g-dev liblzma-dev liblzo2-dev liblz4-dev libzstd-dev"
RUNTIME_VERSION="1.0"

libdir() { echo "/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo "$(uname -m)-linux-gnu")"; }
have_deps() {
    command -v gcc >/dev/null 2>&1 && [ -f /usr/include/squashfuse/squashfuse.h ] || return 1
    local lib
    for lib in libsquashfuse.a libz.a liblzma.a liblzo2.a liblz4.a libzstd.a libc.a; do
        [ -f "$(libdir)/$lib" ] || return 1
    done
}
if ! have_deps; then
    command -v apt-get >/dev/null 2>&1 || { echo "appimage: runtime: install $DEBS (or their equivalents)" >&2; exit 2; }
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "appimage: runtime: apt-get install $DEBS"
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $DEBS >/dev/null
    have_deps || { echo "appimage: runtime: still missing after apt-get: $DEBS" >&2; exit 2; }
fi
LIB="$(libdir)"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
squashfuse_version="$(dpkg-query -W -f='${Version}' libsquashfuse-dev 2>/dev/null || echo unknown)"
gcc -std=gnu11 -O2 -Wall -Wextra -D_FILE_OFFSET_BITS=64 \
    -DRUNTIME_VERSION="\"$RUNTIME_VERSION\"" -DSQUASHFUSE_VERSION="\"$squashfuse_version\"" \
    -ffunction-sections -fdata-sections -Wl,--gc-sections -static \
    "$HERE/ruletree_runtime.c" -o "$WORK/runtime" \
    "$LIB/libsquashfuse.a" "$LIB/libzstd.a" "$LIB/libz.a" "$LIB/liblzma.a" "$LIB/liblz4.a" \
    "$LIB/liblzo2.a" -lpthread 2> "$WORK/gcc.log" \
    || { cat "$WORK/gcc.log" >&2; echo "appimage: runtime: gcc failed" >&2; exit 1; }
if [ -s "$WORK/gcc.log" ]; then
    cat "$WORK/gcc.log" >&2  # warnings: shown, and fixed in ruletree_runtime.c when they are ours
fi
strip "$WORK/runtime"
# the AppImage type 2 magic "AI\x02" in the ELF header's e_ident padding (offsets 8, 9, 10)
printf 'AI\002' | dd of="$WORK/runtime" bs=1 count=3 seek=8 conv=notrunc status=none
mkdir -p "$(dirname "$TARGET")"
install -m 755 "$WORK/runtime" "$TARGET"
echo "appimage: runtime built: $TARGET ($(stat -c %s "$TARGET") bytes)"
