"""Just enough ELF reading for the bundle's pruning and checks (stdlib only, any platform).

`dynamic(path)` gives an ELF file's DT_NEEDED, DT_SONAME and DT_RUNPATH/DT_RPATH; `sections(path)`
its section names and sizes (what `strip` would remove). 64- and 32-bit, both byte orders. Used by
packaging/ruletree.spec (libraries nothing needs), packaging/strip_bundle.py and
packaging/check_bundle.py (every needed library carried or allowed from the system).
"""

from __future__ import annotations

import mmap
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
DT_NEEDED, DT_STRTAB, DT_SONAME, DT_RPATH, DT_RUNPATH = 1, 5, 14, 15, 29
PT_LOAD, PT_DYNAMIC = 1, 2
SHT_DYNSYM = 11


@dataclass
class Dynamic:
    needed: list[str] = field(default_factory=list)
    soname: str | None = None
    runpath: list[str] = field(default_factory=list)  # DT_RUNPATH, else DT_RPATH, split on ':'


def is_elf(path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(4) == ELF_MAGIC
    except OSError:
        return False


class _Reader:
    def __init__(self, data):
        self.data = data
        if data[:4] != ELF_MAGIC:
            raise ValueError("not an ELF file")
        self.bits64 = data[4] == 2
        self.end = "<" if data[5] == 1 else ">"
        if self.bits64:
            (self.phoff, self.shoff) = struct.unpack_from(self.end + "QQ", data, 0x20)
            (self.phentsize, self.phnum, self.shentsize, self.shnum, self.shstrndx) = struct.unpack_from(
                self.end + "HHHHH", data, 0x36)
        else:
            (self.phoff, self.shoff) = struct.unpack_from(self.end + "II", data, 0x1C)
            (self.phentsize, self.phnum, self.shentsize, self.shnum, self.shstrndx) = struct.unpack_from(
                self.end + "HHHHH", data, 0x2A)

    def segments(self):
        for i in range(self.phnum):
            at = self.phoff + i * self.phentsize
            if self.bits64:
                p_type, _flags, offset, vaddr, _paddr, filesz, _memsz = struct.unpack_from(self.end + "IIQQQQQ", self.data, at)
            else:
                p_type, offset, vaddr, _paddr, filesz, _memsz = struct.unpack_from(self.end + "IIIIII", self.data, at)
            yield p_type, offset, vaddr, filesz

    def offset_of(self, vaddr: int) -> int:
        for p_type, offset, start, filesz in self.segments():
            if p_type == PT_LOAD and start <= vaddr < start + filesz:
                return offset + vaddr - start
        raise ValueError(f"address {vaddr:#x} in no loaded segment")

    def cstring(self, at: int) -> str:
        end = self.data.find(b"\0", at)
        return bytes(self.data[at:end]).decode("utf-8", "replace")

    def dynamic(self) -> Dynamic:
        entries = []
        for p_type, offset, _vaddr, filesz in self.segments():
            if p_type != PT_DYNAMIC:
                continue
            size, fmt = (16, "qQ") if self.bits64 else (8, "iI")
            for at in range(offset, offset + filesz, size):
                tag, value = struct.unpack_from(self.end + fmt, self.data, at)
                if tag == 0:
                    break
                entries.append((tag, value))
        result = Dynamic()
        strtab = next((v for t, v in entries if t == DT_STRTAB), None)
        if strtab is None:
            return result
        base = self.offset_of(strtab)
        runpath = rpath = None
        for tag, value in entries:
            if tag == DT_NEEDED:
                result.needed.append(self.cstring(base + value))
            elif tag == DT_SONAME:
                result.soname = self.cstring(base + value)
            elif tag == DT_RUNPATH:
                runpath = self.cstring(base + value)
            elif tag == DT_RPATH:
                rpath = self.cstring(base + value)
        chosen = runpath if runpath is not None else rpath
        result.runpath = [p for p in (chosen or "").split(":") if p]
        return result

    def section_headers(self):
        """[(name, type, address, offset, size, link)]"""
        if not self.shoff or not self.shnum:
            return []
        headers = []
        for i in range(self.shnum):
            at = self.shoff + i * self.shentsize
            if self.bits64:
                name, kind, _flags, addr, offset, size, link = struct.unpack_from(self.end + "IIQQQQI", self.data, at)
            else:
                name, kind, _flags, addr, offset, size, link = struct.unpack_from(self.end + "IIIIIII", self.data, at)
            headers.append((name, kind, addr, offset, size, link))
        names_at = headers[self.shstrndx][3]
        return [(self.cstring(names_at + n), kind, addr, offset, size, link) for n, kind, addr, offset, size, link in headers]

    def sections(self) -> dict[str, int]:
        return {name: size for name, _kind, _addr, _offset, size, _link in self.section_headers()}

    def dynamic_symbols(self) -> dict[str, tuple[int, int]]:
        """Defined dynamic symbols: name -> (file offset, size)."""
        headers = self.section_headers()
        out = {}
        for _name, kind, _addr, offset, size, link in headers:
            if kind != SHT_DYNSYM:
                continue
            strings_at = headers[link][3]
            entry, fmt = (24, "IBBHQQ") if self.bits64 else (16, "IIIBBH")
            for at in range(offset, offset + size, entry):
                if self.bits64:
                    name, _info, _other, shndx, value, sym_size = struct.unpack_from(self.end + fmt, self.data, at)
                else:
                    name, value, sym_size, _info, _other, shndx = struct.unpack_from(self.end + fmt, self.data, at)
                if name and shndx != 0:
                    out[self.cstring(strings_at + name)] = (self.offset_of(value), sym_size)
        return out


def _read(path, method):
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size < 64:
            raise ValueError("not an ELF file")
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
            return method(_Reader(data))


def dynamic(path) -> Dynamic:
    """DT_NEEDED, DT_SONAME and the run path of an ELF file (ValueError if it is none)."""
    return _read(path, _Reader.dynamic)


def sections(path) -> dict[str, int]:
    """Section name -> size in bytes."""
    return _read(path, _Reader.sections)


STRIPPABLE_PREFIXES = (".debug", ".zdebug")
STRIPPABLE = {".symtab", ".strtab", ".comment", ".gnu.build.attributes", ".annobin.notes"}


def dynamic_symbols(path) -> dict[str, tuple[int, int]]:
    """Defined dynamic symbols: name -> (file offset, size)."""
    return _read(path, _Reader.dynamic_symbols)


def strippable_bytes(path) -> int:
    """Bytes of what `strip --strip-unneeded` removes: symbol table, debug information, notes."""
    return sum(size for name, size in sections(path).items()
               if name in STRIPPABLE or name.startswith(STRIPPABLE_PREFIXES))


def expand_origin(entry: str, origin: Path) -> Path:
    return Path(entry.replace("$ORIGIN", str(origin)).replace("${ORIGIN}", str(origin)))


def elf_files(root: Path):
    """Every regular ELF file below root (symlinks not followed)."""
    for folder, _dirs, files in os.walk(root):
        for name in files:
            path = Path(folder) / name
            if not path.is_symlink() and is_elf(path):
                yield path
