#!/usr/bin/env bash
# The README's two commands, on a stranger's machine:
#
#   bash packaging/quickstart.sh          install, then start the window on the bundled demo project
#   bash packaging/quickstart.sh --test   install with the test tools, then run the tests
#
# 1. The system libraries Qt needs even offscreen (and, for --test, the Chinese font the window's
#    tests render, the build tools of the AppImage runtime's tests and the Java runtime the PMML
#    engines of tests/test_pmml.py run on): installed with apt-get when
#    this user may (root, or sudo without a password); otherwise the one line to run is printed and
#    the install goes on (the tests that need them then skip, saying why).
# 2. The Python packages: into the Python that runs this script (PYTHON=..., else python3, else
#    python), or, when that Python refuses pip installs (Debian's system Python: "externally
#    managed"), into a virtual environment .venv beside the sources, made here.
# 3. The window (python -m app.launch, the `ruletree` command) or the tests (python -m pytest); any
#    further arguments go to it.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=run
if [ "${1:-}" = "--test" ]; then
    mode=test
    shift
fi

QT_DEBS="libegl1 libgl1 libglib2.0-0 libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4
         libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0
         libxcb-xkb1 libfontconfig1 libdbus-1-3"
# the window speaks zh_CN: a font with the Chinese glyphs (5 MB; the .deb recommends it or Noto CJK)
CJK_DEBS="fonts-wqy-microhei"
# tests/test_appimage_runtime.py builds our AppImage runtime (C, squashfuse linked statically)
APPIMAGE_DEBS="gcc libc6-dev libsquashfuse-dev zlib1g-dev liblzma-dev liblzo2-dev liblz4-dev libzstd-dev
               squashfs-tools"
# tests/test_pmml.py scores the exported PMML in jpmml-evaluator and pypmml, which run on Java
JRE_DEBS="default-jre-headless"
# tests/test_report.py reads the printed report back (pdftotext, pdffonts) and renders it (pdftoppm)
PDF_DEBS="poppler-utils"
# tests/test_xlsx_calculator.py recalculates the exported Excel calculator in LibreOffice Calc, headless
# (soffice --convert-to; about 190 MB installed, no X libraries: the -nogui build)
CALC_DEBS="libreoffice-calc-nogui"
# Weka's example .arff files (soybean, breast-cancer, vote): the rough-set tests on missing values
WEKA_DEBS="weka"
VENV_DEBS="python3-venv python3-pip"

say() { printf 'quickstart: %s\n' "$*" >&2; }

# how this user runs apt-get: "root" (as is), "sudo" (sudo without a password), or "" (cannot)
if ! command -v apt-get >/dev/null 2>&1; then
    APT_AS=""
elif [ "$(id -u)" -eq 0 ]; then
    APT_AS="root"
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    APT_AS="sudo"
else
    APT_AS=""
fi

apt_install() {  # apt_install PACKAGE... (quietly; only when APT_AS says it may)
    local prefix=""
    [ "$APT_AS" = sudo ] && prefix="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $prefix apt-get update -qq
    $prefix apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

system_packages() {
    local wanted="$QT_DEBS"
    [ "$mode" = test ] && wanted="$wanted $CJK_DEBS $APPIMAGE_DEBS $JRE_DEBS $PDF_DEBS $CALC_DEBS $WEKA_DEBS"
    # shellcheck disable=SC2086
    if command -v dpkg >/dev/null 2>&1 && dpkg -s $wanted >/dev/null 2>&1; then
        return 0  # all there
    fi
    if [ -z "$APT_AS" ]; then
        say "Qt needs system libraries this script cannot install here; on Debian or Ubuntu run once:"
        say "  sudo apt-get install -y --no-install-recommends $(echo $wanted)"
        return 0
    fi
    say "installing the system libraries Qt needs (apt-get)"
    # shellcheck disable=SC2086
    apt_install $wanted
}

pick_python() {
    local py="${PYTHON:-}"
    if [ -z "$py" ]; then
        py="$(command -v python3 || command -v python || true)"
    fi
    if [ -z "$py" ]; then
        say "no Python found: install Python 3.11 or later (on Debian/Ubuntu: sudo apt-get install python3)"
        exit 2
    fi
    if ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        say "$("$py" -V 2>&1) is too old: RuleTree Studio needs Python 3.11 or later"
        exit 2
    fi
    # a Python that refuses pip (PEP 668: Debian's own), outside a virtual environment: use .venv
    if [ -z "${VIRTUAL_ENV:-}" ] && "$py" -c 'import sys, sysconfig, pathlib; sys.exit(0 if (pathlib.Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED").exists() and sys.prefix == sys.base_prefix else 1)'; then
        if [ ! -x .venv/bin/python ]; then
            if ! "$py" -m venv .venv 2>/dev/null; then
                if [ -n "$APT_AS" ]; then
                    say "installing python3-venv (apt-get)"
                    # shellcheck disable=SC2086
                    apt_install $VENV_DEBS
                    rm -rf .venv  # what the failed attempt left
                    "$py" -m venv .venv
                else
                    say "this Python refuses pip installs and cannot make a virtual environment: run once"
                    say "  sudo apt-get install -y python3-venv"
                    exit 2
                fi
            fi
            say "made the virtual environment .venv (this Python refuses pip installs of its own)"
        fi
        py=.venv/bin/python
    fi
    PY="$py"
}

system_packages
pick_python
export PIP_DISABLE_PIP_VERSION_CHECK=1
if [ "$mode" = test ]; then
    "$PY" -m pip install -q -e ".[test]"
    exec "$PY" -m pytest "$@"
fi
"$PY" -m pip install -q -e .
exec "$PY" -m app.launch "$@"
