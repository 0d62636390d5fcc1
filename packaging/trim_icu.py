"""Replace the bundle's ICU data library (PySide6's libicudata.so.NN, 32 MB) by one holding only the
ICU data Qt can ask for (Linux; needs a C compiler for the assembler and linker).

    python packaging/trim_icu.py OUT/RuleTree

Qt Core is the only user of ICU in the bundle, and calls it for four things (its undefined
symbols say which: u_strToUpper/Lower, ucol_*, ucnv_*, ucal_*): case mapping (data compiled
into libicuuc), collation (QCollator, QFileSystemModel's sorting: `coll/`, normalization and
root data), converters for non-UTF encodings (QStringConverter by name, which nothing in the
app uses: the engine decodes files with Python) and time-zone display names (QTimeZone).
Left out, by item of the data package:
- break iterators and their dictionaries (`brkitr/`: Qt breaks text itself);
- units, currencies, language and region names, transliterators, spelled-out numbers (`unit/
  curr/ lang/ region/ translit/ rbnf/`: ICU's formatting APIs, which Qt does not call);
- time-zone names in languages other than Chinese and English (`zone/`: those fall back to
  "GMT+08:00");
- conversion tables (`*.cnv`: the alias table and ICU's algorithmic UTF/Latin-1/ASCII converters
  stay), character names (`unames.icu`), confusables (`*.cfu`);
- the top-level bundles of the locales that have names of their own (`zh.res`, `de_AT.res`:
  calendars, number and date patterns for ICU's formatting APIs; collation reads `coll/` only,
  and a calendar falls back to `root.res`).
Kept: everything else (root, pool, likely subtags, supplemental data, time-zone rules, all of
collation, normalization, property data, the converter alias table).

The data package ("common data", ICU's `icupkg` format: a header, a sorted table of contents,
16-byte aligned items) is read from the library's `icudtNN_dat` symbol, rewritten without those
items, and assembled into a library of the same name and symbol (`.incbin`). The new library is
kept only if ICU loaded from the bundle then gives what it gave with the whole data (`verify`,
which tests/test_bundle_tree.py runs on the built bundle too): a Chinese, a German and the root
collator opened and comparing two Chinese strings (pinyin order in Chinese only), the UTF-8 and
ISO-8859-1 converters, a calendar naming Asia/Shanghai in Chinese. Otherwise the original stays
and the build says why.
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bundle_elf import dynamic_symbols  # noqa: E402

DROP_GROUPS = ("brkitr", "unit", "curr", "lang", "region", "translit", "rbnf")
# time-zone names: only in the app's languages (others fall back to root's "GMT+08:00" style)
ZONE_LANGUAGES = ("zh", "en")
ZONE_KEEP = ("root.res", "pool.res", "res_index.res", "tzdbNames.res")
DROP_ROOT_SUFFIXES = (".cnv", ".cfu")
DROP_ROOT_NAMES = ("unames.icu",)
ALIGN = 16


def read_package(blob: bytes) -> tuple[bytes, list[tuple[str, bytes]]]:
    """(header bytes, [(item name, item bytes with its padding)]) of an ICU common data package."""
    header_size, magic1, magic2 = struct.unpack_from("<HBB", blob, 0)
    if (magic1, magic2) != (0xDA, 0x27):
        raise ValueError("not ICU data (no 0xda27 magic)")
    little = blob[8] == 0
    end = "<" if little else ">"
    header_size = struct.unpack_from(end + "H", blob, 0)[0]
    if blob[12:16] != b"CmnD":
        raise ValueError(f"not an ICU common data package (format {blob[12:16]!r})")
    toc = blob[header_size:]
    count = struct.unpack_from(end + "I", toc, 0)[0]
    entries = [struct.unpack_from(end + "II", toc, 4 + 8 * i) for i in range(count)]
    items = []
    for i, (name_at, data_at) in enumerate(entries):
        name = toc[name_at:toc.index(b"\0", name_at)].decode("ascii")
        data_end = entries[i + 1][1] if i + 1 < count else len(toc)
        items.append((name, bytes(toc[data_at:data_end])))
    return bytes(blob[:header_size]), items


def write_package(header: bytes, items: list[tuple[str, bytes]]) -> bytes:
    """The package with these items (in the given, sorted, order), every item 16-byte aligned."""
    end = "<" if header[8] == 0 else ">"
    header_size = len(header)
    names = b"".join(name.encode("ascii") + b"\0" for name, _ in items)
    toc_size = 4 + 8 * len(items)
    first = toc_size + len(names)
    first += (-(header_size + first)) % ALIGN
    entries, data, name_at, data_at = [], bytearray(), toc_size, first
    for name, item in items:
        entries.append((name_at, data_at))
        name_at += len(name) + 1
        padded = item + b"\xaa" * ((-len(item)) % ALIGN)
        data += padded
        data_at += len(padded)
    toc = struct.pack(end + "I", len(items)) + b"".join(struct.pack(end + "II", n, d) for n, d in entries) + names
    toc += b"\0" * (first - len(toc))
    return header + toc + bytes(data)


def locale_names(names) -> set[str]:
    """The locales with names of their own (`lang/zh.res`, `region/de_AT.res`): their top-level
    bundles (`zh.res`) hold the formatting data of those locales (calendars, numbers, patterns)."""
    found = set()
    for name in names:
        parts = name.split("/")
        if len(parts) == 3 and parts[1] in ("lang", "region") and parts[2].endswith(".res"):
            found.add(parts[2])
    found.discard("root.res")
    found.discard("res_index.res")
    found.discard("pool.res")
    return found


def dropped(name: str, locales: set[str] = frozenset()) -> bool:
    parts = name.split("/")  # icudt73l/coll/zh.res, icudt73l/ibm-1390_P110-2003.cnv
    if len(parts) > 2:
        if parts[1] == "zone":
            leaf = parts[-1]
            return leaf not in ZONE_KEEP and leaf.split(".")[0].split("_")[0] not in ZONE_LANGUAGES
        return parts[1] in DROP_GROUPS
    leaf = parts[-1]
    return leaf.endswith(DROP_ROOT_SUFFIXES) or leaf in DROP_ROOT_NAMES or leaf in locales


_ASM = """\t.section .rodata
\t.balign 16
\t.globl {symbol}
\t.type {symbol}, @object
{symbol}:
\t.incbin "{blob}"
\t.size {symbol}, . - {symbol}
\t.section .note.GNU-stack,"",@progbits
"""

_VERIFY = r"""
import ctypes, sys
lib = sys.argv[1]; v = sys.argv[2]
uc = ctypes.CDLL(lib + "/libicuuc.so." + v, mode=ctypes.RTLD_GLOBAL)
i18n = ctypes.CDLL(lib + "/libicui18n.so." + v, mode=ctypes.RTLD_GLOBAL)
def f(l, n): return getattr(l, n + "_" + v)
status = ctypes.c_int(0)
f(uc, "u_init")(ctypes.byref(status))
assert status.value <= 0, ("u_init", status.value)
f(uc, "u_errorName").restype = ctypes.c_char_p
ucol_open = f(i18n, "ucol_open"); ucol_open.restype = ctypes.c_void_p
strcoll = f(i18n, "ucol_strcoll"); strcoll.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int32, ctypes.c_char_p, ctypes.c_int32]
def u16(text): return text.encode("utf-16-le")  # ICU's UChar
out = []
for locale in (b"zh_CN", b"de_DE", b""):
    status = ctypes.c_int(0)
    coll = ucol_open(locale, ctypes.byref(status))
    assert status.value <= 0 and coll, (locale, f(uc, "u_errorName")(status.value))
    # 阿 (a) before 巴 (ba) in pinyin order; 巴 before 阿 in code-point order
    out.append(strcoll(coll, u16("\u963f"), 1, u16("\u5df4"), 1))
for name in (b"UTF-8", b"ISO-8859-1"):
    status = ctypes.c_int(0)
    ucnv_open = f(uc, "ucnv_open"); ucnv_open.restype = ctypes.c_void_p
    assert ucnv_open(name, ctypes.byref(status)) and status.value <= 0, (name, status.value)
# QTimeZone's long display names: a calendar opens and names its zone in Chinese
ucal_open = f(i18n, "ucal_open"); ucal_open.restype = ctypes.c_void_p
zone = u16("Asia/Shanghai")
status = ctypes.c_int(0)
cal = ucal_open(zone, 13, b"zh_CN", 0, ctypes.byref(status))
assert cal and status.value <= 0, ("ucal_open", f(uc, "u_errorName")(status.value))
buf = ctypes.create_string_buffer(256)
status = ctypes.c_int(0)
n = f(i18n, "ucal_getTimeZoneDisplayName")(ctypes.c_void_p(cal), 0, b"zh_CN", buf, 128, ctypes.byref(status))
assert n > 0 and status.value <= 0, ("ucal_getTimeZoneDisplayName", n, status.value)
print(" ".join(map(str, out)), "|", buf.raw[:2 * n].decode("utf-16-le"))
"""


def verify(lib_dir: Path, version: str) -> tuple[bool, str]:
    """ICU from lib_dir, in a fresh process (ICU maps its data once per process): three collators,
    a Chinese comparison in each, two converters, a calendar naming its time zone. (True,
    "-1 1 1 | NAME") when all work: zh_CN sorts pinyin, the others by code point."""
    run = subprocess.run([sys.executable, "-c", _VERIFY, str(lib_dir), version], capture_output=True, text=True,
                         timeout=120)
    return run.returncode == 0, (run.stdout.strip() or (run.stderr.strip().splitlines() or [""])[-1])


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python packaging/trim_icu.py OUT/RuleTree", file=sys.stderr)
        return 2
    found = sorted((Path(argv[0]).resolve() / "_internal").glob("PySide6/Qt/lib/libicudata.so.*"))
    found = [p for p in found if not p.is_symlink() and re.fullmatch(r"libicudata\.so\.\d+", p.name)]
    if not found:
        print("build: ICU data: no libicudata in the bundle (not Linux's Qt): nothing to trim")
        return 0
    library = found[0]
    version = library.name.rsplit(".", 1)[1]
    symbol = f"icudt{version}_dat"
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if cc is None:
        print("build: ICU data: no C compiler (cc): left whole (32 MB)")
        return 0
    ok, before = verify(library.parent, version)
    if not ok:
        print(f"build: ICU data: ICU does not load from the bundle here ({before}): left whole")
        return 0
    at, size = dynamic_symbols(library)[symbol]
    with open(library, "rb") as f:
        f.seek(at)
        blob = f.read(size)
    header, items = read_package(blob)
    locales = locale_names(name for name, _ in items)
    kept = [(name, data) for name, data in items if not dropped(name, locales)]
    package = write_package(header, kept)
    if read_package(package)[1] != [(n, d + b"\xaa" * ((-len(d)) % ALIGN)) for n, d in kept]:
        raise SystemExit("build: ICU data: the rewritten package does not read back")
    with tempfile.TemporaryDirectory(prefix="ruletree-icu-") as tmp:
        tmp = Path(tmp)
        (tmp / "data.bin").write_bytes(package)
        (tmp / "icudata.S").write_text(_ASM.format(symbol=symbol, blob=tmp / "data.bin"))
        new = tmp / library.name
        subprocess.run([cc, "-shared", "-nostdlib", "-Wl,-soname," + library.name, "-Wl,-z,noexecstack",
                        "-Wl,-s", "-o", str(new), str(tmp / "icudata.S")], check=True)
        backup = library.with_name(library.name + ".whole")
        os.replace(library, backup)
        shutil.copy2(new, library)
        os.chmod(library, backup.stat().st_mode)
        ok, after = verify(library.parent, version)
        # collators, converters and the zone's Chinese name exactly as with the whole data
        if not ok or after != before:
            os.replace(backup, library)
            print(f"build: ICU data: the trimmed data failed the check ({after!r}, whole: {before!r}): left whole")
            return 0
        backup.unlink()
    print(f"build: ICU data trimmed: {len(kept)} of {len(items)} items, {size / 1e6:.1f} -> "
          f"{library.stat().st_size / 1e6:.1f} MB ({library.name}; collators and converters checked: {after})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
