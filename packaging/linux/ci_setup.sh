#!/usr/bin/env bash
# Release workflow, Linux job (a debian:bookworm container, as root; sudo otherwise): the system
# packages the bundle build and packaging/linux's scripts need. Qt's libraries are the list
# .ci/run installs as QT_DEBS (keep the two alike); the bundle copies the build machine's
# libxcb-* and friends, so the build machine's libraries set the oldest glibc users need.
#
#   bash packaging/linux/ci_setup.sh
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
QT_DEBS="libegl1 libgl1 libglib2.0-0 libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4
         libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0
         libxcb-xkb1 libfontconfig1 libdbus-1-3"
# Python 3.11 with its shared libpython (PyInstaller), strip, the .deb and AppImage tools and the
# programs ci_deb.sh checks the installed package with
BUILD_DEBS="python3 python3-venv python3-dev python3-pip binutils file ca-certificates git
            dpkg-dev squashfs-tools desktop-file-utils shared-mime-info
            gcc libc6-dev libsquashfuse-dev libfuse3-dev zlib1g-dev liblzma-dev liblzo2-dev liblz4-dev libzstd-dev"
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $QT_DEBS $BUILD_DEBS >/dev/null
echo "setup: $(python3 --version), $(dpkg-deb --version | head -1), $(mksquashfs -version 2>&1 | head -1)"
