"""Our AppImage runtime (packaging/linux/appimage-runtime/ruletree_runtime.c): built once per
session with build_runtime.sh, then put in front of small squashfs images made here.

Needs gcc, libc6-dev, libsquashfuse-dev and the compression libraries' -dev packages (to build
the runtime) and squashfs-tools (mksquashfs). `bash packaging/quickstart.sh --test` installs them
where it may; on a machine without them the tests skip, naming the packages to install (never an
error), except where RULETREE_REQUIRE_BUILD_TOOLS=1 says they must run (CI: the runtime starts
every AppImage we ship), where they fail naming them.
"""

import os
import shutil
import stat
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "packaging" / "linux" / "appimage-runtime" / "build_runtime.sh"
BUILD_DEBS = "gcc libc6-dev libsquashfuse-dev zlib1g-dev liblzma-dev liblzo2-dev liblz4-dev libzstd-dev"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="AppImages are Linux only")

APPRUN = """#!/bin/sh
echo "args:$*"
echo "APPIMAGE=$APPIMAGE"
echo "APPDIR=$APPDIR"
echo "ARGV0=$ARGV0"
exit 7
"""


def _multiarch() -> str:
    out = subprocess.run(["gcc", "-print-multiarch"], capture_output=True, text=True)
    return out.stdout.strip() or f"{os.uname().machine}-linux-gnu"


def _missing_build_tools() -> str | None:
    """What the runtime's build lacks (the packages to install), or None."""
    if shutil.which("gcc") is None:
        return f"gcc not found: apt-get install {BUILD_DEBS}"
    lib = Path("/usr/lib") / _multiarch()
    missing = [p for p in [Path("/usr/include/squashfuse/squashfuse.h")]
               + [lib / name for name in ("libsquashfuse.a", "libz.a", "liblzma.a", "liblzo2.a", "liblz4.a",
                                         "libzstd.a", "libc.a")] if not p.exists()]
    if missing:
        return f"missing {', '.join(map(str, missing))}: apt-get install {BUILD_DEBS}"
    if shutil.which("mksquashfs") is None:
        return "mksquashfs not found: apt-get install squashfs-tools"
    return None


MISSING = _missing_build_tools()
REQUIRED = os.environ.get("RULETREE_REQUIRE_BUILD_TOOLS") == "1"
# where the tools must be there (CI: RULETREE_REQUIRE_BUILD_TOOLS=1) nothing skips: the runtime's
# fixture fails, naming what is missing; elsewhere every test here skips with the packages to install
pytestmark = pytest.mark.skipif(MISSING is not None and not REQUIRED, reason=str(MISSING))


@pytest.fixture(scope="session")
def runtime(tmp_path_factory) -> Path:
    if MISSING is not None:
        raise AssertionError(f"{MISSING} (RULETREE_REQUIRE_BUILD_TOOLS=1)")
    out = tmp_path_factory.mktemp("runtime") / "runtime"
    done = subprocess.run(["bash", str(BUILD), str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "warning" not in done.stderr, done.stderr  # -Wall -Wextra clean
    assert f"appimage: runtime built: {out}" in done.stdout
    return out


def _mksquashfs(appdir: Path, image: Path, *extra: str) -> None:
    if shutil.which("mksquashfs") is None:
        raise AssertionError("mksquashfs not found: apt-get install squashfs-tools")
    subprocess.run(["mksquashfs", str(appdir), str(image), "-root-owned", "-noappend", "-no-progress", "-quiet",
                    *extra], check=True, capture_output=True)


def _appimage(runtime: Path, squashfs: Path, target: Path) -> Path:
    target.write_bytes(runtime.read_bytes() + squashfs.read_bytes())
    target.chmod(0o755)
    return target


@pytest.fixture(scope="session")
def appimage(runtime, tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("appimage")
    appdir = base / "AppDir"
    (appdir / "usr" / "lib" / "deep").mkdir(parents=True)
    (appdir / "AppRun").write_text(APPRUN)
    (appdir / "AppRun").chmod(0o755)
    (appdir / "usr" / "lib" / "deep" / "data.txt").write_text("payload\n")
    (appdir / "usr" / "lib" / "deep" / "data.txt").chmod(0o640)
    (appdir / "usr" / "lib" / "tool").write_text("#!/bin/sh\n")
    (appdir / "usr" / "lib" / "tool").chmod(0o755)
    (appdir / "usr" / "lib" / "deep").chmod(0o750)
    os.symlink("usr/lib/tool", appdir / "tool-link")
    os.symlink("/etc/passwd", appdir / "passwd-link")
    _mksquashfs(appdir, base / "image.squashfs", "-comp", "zstd")
    return _appimage(runtime, base / "image.squashfs", base / "Test-x86_64.AppImage")


def _run(args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=60, **kw)


def test_magic_and_offset(runtime, appimage):
    head = runtime.read_bytes()[:11]
    assert head[:4] == b"\x7fELF" and head[8:11] == b"AI\x02"
    done = _run([appimage, "--appimage-offset"])
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == runtime.stat().st_size
    assert _run([appimage, "--appimage-version"]).stdout.startswith("RuleTree AppImage runtime: ")
    assert "--appimage-extract-and-run" in _run([appimage, "--appimage-help"]).stdout


def test_extract_and_run_passes_args_and_env_and_reuses_the_extraction(appimage, tmp_path):
    env = dict(os.environ, TMPDIR=str(tmp_path))
    runs = [_run([appimage, "--appimage-extract-and-run", "one", "two words"], env=env, cwd=tmp_path)
            for _ in range(2)]
    for done in runs:
        assert done.returncode == 7, done.stderr  # AppRun's status
        lines = dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)
        assert "args:one two words" in done.stdout
        assert lines["APPIMAGE"] == str(appimage)
        assert lines["ARGV0"] == str(appimage)
        appdir = Path(lines["APPDIR"])
        assert appdir.parent == tmp_path and appdir.name.startswith("appimage_extracted_")
        assert (appdir / "usr" / "lib" / "deep" / "data.txt").read_text() == "payload\n"
    extracted = [p.name for p in tmp_path.iterdir() if p.name.startswith("appimage_extracted_")]
    assert len(extracted) == 1, extracted  # the second start reused the first's folder


def test_plain_start_mounts_or_falls_back_to_extracting(appimage, tmp_path):
    done = _run([appimage, "a", "b"], env=dict(os.environ, TMPDIR=str(tmp_path)), cwd=tmp_path)
    assert done.returncode == 7, done.stderr
    assert "args:a b" in done.stdout
    appdir = Path(dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)["APPDIR"])
    if appdir.name.startswith(".mount_RuleTree"):  # squashfuse mounted it: unmounted and removed after
        assert not appdir.exists()
    else:
        assert "cannot mount with FUSE" in done.stderr and appdir.name.startswith("appimage_extracted_")


def test_extract_recreates_files_modes_and_symlinks(appimage, tmp_path):
    done = _run([appimage, "--appimage-extract"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    root = tmp_path / "squashfs-root"
    assert stat.S_IMODE((root / "AppRun").stat().st_mode) == 0o755
    assert stat.S_IMODE((root / "usr" / "lib" / "deep").stat().st_mode) == 0o750
    assert stat.S_IMODE((root / "usr" / "lib" / "deep" / "data.txt").stat().st_mode) == 0o640
    assert (root / "usr" / "lib" / "deep" / "data.txt").read_text() == "payload\n"
    assert os.readlink(root / "tool-link") == "usr/lib/tool"
    # an absolute symlink out of the image is recreated as a symlink, never followed
    assert (root / "passwd-link").is_symlink() and os.readlink(root / "passwd-link") == "/etc/passwd"
    # PATH: only that part of the image
    sub = tmp_path / "sub"
    sub.mkdir()
    done = _run([appimage, "--appimage-extract", "usr/lib/deep"], cwd=sub)
    assert done.returncode == 0, done.stderr
    assert sorted(str(p.relative_to(sub)) for p in sub.rglob("*")) == [
        "squashfs-root", "squashfs-root/usr", "squashfs-root/usr/lib", "squashfs-root/usr/lib/deep",
        "squashfs-root/usr/lib/deep/data.txt"]
    assert _run([appimage, "--appimage-extract", "no/such/thing"], cwd=sub).returncode != 0


def _patched_image(runtime, tmp_path, build, old: bytes, new: bytes) -> Path:
    """An AppImage whose squashfs has directory-table name OLD replaced by NEW (same length):
    mksquashfs will not write names such as '..', a stranger's tool may."""
    appdir = tmp_path / "AppDir"
    appdir.mkdir()
    (appdir / "AppRun").write_text(APPRUN)
    build(appdir)
    squashfs = tmp_path / "image.squashfs"
    _mksquashfs(appdir, squashfs, "-noI", "-noD", "-noF", "-noX", "-all-time", "0")  # names stored as they are
    data = bytearray(squashfs.read_bytes())
    directory_table = struct.unpack_from("<Q", data, 72)[0]
    at = data.find(old, directory_table)
    assert at > 0, f"{old!r} not in the directory table"
    data[at:at + len(old)] = new
    squashfs.write_bytes(bytes(data))
    return _appimage(runtime, squashfs, tmp_path / "Evil.AppImage")


def test_a_dotdot_name_is_refused(runtime, tmp_path):
    def build(appdir):
        (appdir / "QZ").mkdir()
        (appdir / "QZ" / "escaped.txt").write_text("pwned\n")

    image = _patched_image(runtime, tmp_path, build, b"QZ", b"..")
    work = tmp_path / "work"
    work.mkdir()
    done = _run([image, "--appimage-extract"], cwd=work)
    assert done.returncode != 0
    assert "unsafe name '..'" in done.stderr
    assert not (tmp_path / "escaped.txt").exists() and not list(work.rglob("escaped.txt"))
    env = dict(os.environ, TMPDIR=str(work))
    done = _run([image, "--appimage-extract-and-run"], env=env, cwd=work)
    assert done.returncode != 0 and "unsafe name" in done.stderr
    assert not (tmp_path / "escaped.txt").exists() and not list(work.rglob("escaped.txt"))
    assert not [p for p in work.iterdir() if p.name.startswith("appimage_extracted_")]  # partial one removed


def test_a_folder_named_like_an_earlier_symlink_stays_inside(runtime, tmp_path):
    """'a1' a symlink to a folder outside, then a folder also named 'a1' (a crafted image) whose
    file must not land outside through the symlink."""
    outside = tmp_path / "outside"
    outside.mkdir()

    def build(appdir):
        os.symlink(str(outside), appdir / "a1")
        (appdir / "a2").mkdir()
        (appdir / "a2" / "f.txt").write_text("inside\n")

    image = _patched_image(runtime, tmp_path, build, b"a2", b"a1")
    work = tmp_path / "work"
    work.mkdir()
    _run([image, "--appimage-extract"], cwd=work)
    assert list(outside.iterdir()) == []
    assert (work / "squashfs-root" / "a1" / "f.txt").read_text() == "inside\n"  # the symlink was replaced
    for path in work.rglob("*"):
        assert path.resolve().is_relative_to(work.resolve()) or path.is_symlink()


def test_truncated_and_foreign_files_fail_clearly(runtime, appimage, tmp_path):
    data = appimage.read_bytes()
    offset = runtime.stat().st_size
    truncated = tmp_path / "Truncated.AppImage"
    truncated.write_bytes(data[:offset + 200])
    truncated.chmod(0o755)
    done = _run([truncated, "--appimage-extract-and-run"], env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert done.returncode != 0
    assert "truncated" in done.stderr and str(truncated) in done.stderr
    bare = tmp_path / "Bare.AppImage"
    bare.write_bytes(data[:offset])
    bare.chmod(0o755)
    done = _run([bare], env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert done.returncode != 0 and "no squashfs image" in done.stderr
    foreign = tmp_path / "Foreign.AppImage"
    foreign.write_bytes(data[:offset] + b"not squashfs" * 100)
    foreign.chmod(0o755)
    done = _run([foreign, "--appimage-extract"], cwd=tmp_path)
    assert done.returncode != 0 and "not an AppImage" in done.stderr


def test_missing_apprun_gives_127(runtime, tmp_path):
    appdir = tmp_path / "AppDir"
    appdir.mkdir()
    (appdir / "readme.txt").write_text("no AppRun here\n")
    _mksquashfs(appdir, tmp_path / "image.squashfs", "-comp", "gzip")
    image = _appimage(runtime, tmp_path / "image.squashfs", tmp_path / "NoAppRun.AppImage")
    done = _run([image, "--appimage-extract-and-run"], env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert done.returncode == 127
    assert "no AppRun" in done.stderr
