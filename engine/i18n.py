"""The engine's translation layer (Qt-free): `_()` for the texts a person reads.

Decision: the catalogues are Qt Linguist `.ts` files, read here without Qt
-------------------------------------------------------------------------
The window translates through Qt (`tr()`, `.ts` sources compiled to `.qm`).
The engine must not import Qt, yet its texts (error messages naming the file,
sheet, row and column; the CLI's tables; rule keywords; the rules workbook's
sheet and column names) need the same translators. We keep the engine's
Chinese in `resources/i18n/engine_zh_CN.ts`, in Qt Linguist's XML format, and
read that XML at run time with `xml.etree` (no Qt):

* one format and one tool for translators: Qt Linguist opens the window's and
  the engine's catalogues alike, with the same glossary
  (`resources/i18n/glossary.md`), the same "unfinished" workflow and review;
* no compile step and no binary artefact for the engine: the `.ts` source is
  what is shipped and read (gettext would need `.po` files for translators, a
  second tool, and `.mo` files compiled by `msgfmt` or a `polib` dependency,
  since Python's `gettext` reads only `.mo`);
* no new dependency: `xml.etree` is in the standard library. The file is ours,
  but it is parsed strictly all the same: a DOCTYPE with entity declarations is
  refused (no entity expansion, no external entities), and so is a file larger
  than a few megabytes.

`pyside6-lupdate` does not know our `_()` marker, so `python -m engine.i18n
extract` updates the catalogue itself: it walks `engine/` with `ast` (not
regular expressions), takes every `_("...")` and `N_("...")` whose argument is
a string literal (adjacent literals are one string for `ast`), adds new ones as
`unfinished` and marks the ones no longer in the source `vanished` (as lupdate
does). `python -m engine.i18n check` fails, listing them, when a marked string
has no finished translation or a translation drops or adds a `{placeholder}`;
tests/test_i18n.py runs the same check, so CI fails on an incomplete catalogue.
One context, "engine", holds every engine string: a text means the same
wherever the engine shows it, and the run-time lookup needs no module name.

Rules for marked strings
------------------------
* `_(text)` translates now; `N_(text)` only marks a text that is translated
  later with `_(variable)` (tables of names built at import time).
* Templates use `str.format` names, translated first, filled in after:
  `_('the value "{value}" is not a number').format(value=v)`. Never an
  f-string inside `_()` (it cannot be looked up), never a sentence glued from
  translated pieces.
* Only what a person reads is translated. Error `code`s, JSON field names and
  values meant for programs, data keys, file contents meant to be read back
  (projects, models, sessions) never change with the language.
* English is the source language: with `en` `_()` returns its argument as it
  is, so the English output stays byte for byte what it was.

Language: `set_language("zh_CN" | "en" | None)`; None takes `RULETREE_LANG`,
then the system locale (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, then
Python's `locale`). Until it is called, the first `_()` chooses the same way.
`ruletree --lang zh_CN|en` sets it for one command (`using`).
"""

from __future__ import annotations

import ast
import contextlib
import json
import locale
import logging
import os
import re
import symtable
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from .resources import resources_dir

__all__ = ["_", "N_", "LANGUAGES", "set_language", "language", "using", "normalize", "system_language",
           "catalogue_path", "load_catalogue", "extract", "update_catalogue", "problems"]

#: the languages the engine speaks; English is the source language (no catalogue)
LANGUAGES = ("en", "zh_CN")
CONTEXT = "engine"
SOURCE_LANGUAGE = "en"
_MAX_CATALOGUE_BYTES = 8 * 1024 * 1024

_language: str | None = None
_catalogue: dict[str, str] = {}
_cache: dict[str, dict[str, str]] = {}


# ---- marking and looking up ---------------------------------------------------------------


def _(text: str) -> str:
    """`text` in the current language (itself in English, or when the catalogue lacks it)."""
    if _language is None:
        _choose_quietly()
    if not _catalogue:
        return text
    return _catalogue.get(text) or text


def N_(text: str) -> str:
    """Marks `text` for the catalogue without translating it (translate later with `_`)."""
    return text


# ---- choosing the language ----------------------------------------------------------------


def normalize(name: str | None) -> str | None:
    """'zh_CN', 'zh-cn', 'zh_CN.UTF-8', 'zh_Hans_CN', 'zh' -> 'zh_CN'; 'en_US.UTF-8', 'C', 'POSIX' -> 'en';
    anything else -> None."""
    if not name:
        return None
    base = name.strip().split(".")[0].split("@")[0].replace("-", "_")
    low = base.lower()
    if low in ("c", "posix") or low == "en" or low.startswith("en_"):
        return "en"
    if low == "zh" or low.startswith("zh_"):
        return "zh_CN"  # the only Chinese catalogue (Simplified); nearer than English for zh_TW/zh_HK too
    return None


def system_language() -> str:
    """The language of the system locale: zh_CN for any Chinese locale, else English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            first = value.split(":")[0]  # LANGUAGE is a list: zh_CN:en
            return normalize(first) or "en"
    try:
        name = locale.getlocale()[0]
    except (ValueError, TypeError):
        name = None
    return normalize(name) or "en"


def set_language(lang: str | None = None) -> str:
    """Choose the language: "zh_CN", "en", or None (RULETREE_LANG, then the system locale).

    An unknown name (given, or in RULETREE_LANG) is a LanguageUnavailable naming the accepted ones.
    Returns the language chosen."""
    global _language, _catalogue
    if lang is None:
        env = os.environ.get("RULETREE_LANG", "").strip()
        chosen = _accepted(env, "RULETREE_LANG") if env else system_language()
    else:
        chosen = _accepted(lang, "--lang")
    _catalogue = {} if chosen == SOURCE_LANGUAGE else _safe_load(chosen)
    _language = chosen
    return chosen


def language() -> str:
    """The current language ("en" or "zh_CN")."""
    if _language is None:
        _choose_quietly()
    return _language


@contextlib.contextmanager
def using(lang: str | None):
    """Run a block in `lang` (None: as `set_language(None)`), then go back to the language before."""
    before = _language
    set_language(lang)
    try:
        yield
    finally:
        if before is None:
            _reset()
        else:
            set_language(before)


def _reset() -> None:
    global _language, _catalogue
    _language, _catalogue = None, {}


class LanguageUnavailable(ValueError):
    """A language asked for (--lang, RULETREE_LANG) that has no catalogue. Said in English, since
    there is no other; `engine.errors.accepted_language` turns it into the user error the command
    line and the launcher report (this module sits below engine.errors, which translates)."""

    code = "bad_language"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _accepted(name: str, where: str) -> str:
    chosen = normalize(name)
    if chosen is None or chosen not in LANGUAGES:
        raise LanguageUnavailable(f'{where}: the language "{name}" is not available; accepted: '
                                  f'{", ".join(LANGUAGES)}')
    return chosen


def _choose_quietly() -> None:
    """The first `_()` without set_language: as set_language(None), an unusable RULETREE_LANG ignored."""
    try:
        set_language(None)
    except Exception:  # a bad RULETREE_LANG: the CLI reports it; a library call falls back to the locale
        global _language, _catalogue
        chosen = system_language()
        _catalogue = {} if chosen == SOURCE_LANGUAGE else _safe_load(chosen)
        _language = chosen


def _safe_load(lang: str) -> dict[str, str]:
    """The catalogue, or none (English) when it is missing or cannot be read: a damaged catalogue
    must not stop the program; tests/test_i18n.py keeps the shipped one valid."""
    try:
        return _load_for(lang)
    except (OSError, ValueError, ET.ParseError):
        logging.getLogger(__name__).warning("the %s catalogue cannot be read; English it is", lang, exc_info=True)
        _cache[lang] = {}
        return {}


def _load_for(lang: str) -> dict[str, str]:
    if lang not in _cache:
        path = catalogue_path(lang)
        table = load_catalogue(path) if path.is_file() else {}
        _cache[lang] = {src: tr for (src, tr, state) in table.values() if tr and state is None}
    return _cache[lang]


# ---- the .ts catalogue --------------------------------------------------------------------


def catalogue_path(lang: str) -> Path:
    return resources_dir() / "i18n" / f"engine_{lang}.ts"


def _parse(path: Path) -> ET.Element:
    raw = Path(path).read_bytes()
    if len(raw) > _MAX_CATALOGUE_BYTES:
        raise ValueError(f"{path}: a catalogue larger than {_MAX_CATALOGUE_BYTES} bytes is refused")
    if re.search(rb"<!ENTITY", raw, re.IGNORECASE):
        raise ValueError(f"{path}: entity declarations are refused in a catalogue")
    root = ET.fromstring(raw)
    if root.tag != "TS":
        raise ValueError(f"{path}: not a Qt Linguist catalogue (the root is <{root.tag}>, not <TS>)")
    return root


def load_catalogue(path: Path) -> dict[str, tuple[str, str, str | None]]:
    """source -> (source, translation, type) of the "engine" context; type None means finished,
    else "unfinished", "vanished" or "obsolete"."""
    root = _parse(path)
    out = {}
    for context in root.iter("context"):
        if (context.findtext("name") or "") != CONTEXT:
            continue
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            tr = message.find("translation")
            text = (tr.text or "") if tr is not None else ""
            state = tr.get("type") if tr is not None else "unfinished"
            out[source] = (source, text, state)
    return out


def write_catalogue(path: Path, lang: str, entries: list[tuple[str, str, str | None, list[str]]]) -> None:
    """Write a .ts file: entries (source, translation, type, locations 'file:line')."""
    root = ET.Element("TS", version="2.1", language=lang, sourcelanguage="en")
    context = ET.SubElement(root, "context")
    ET.SubElement(context, "name").text = CONTEXT
    for source, translation, state, locations in entries:
        message = ET.SubElement(context, "message")
        for loc in locations:
            filename, _sep, line = loc.rpartition(":")
            ET.SubElement(message, "location", filename=filename, line=line)
        ET.SubElement(message, "source").text = source
        tr = ET.SubElement(message, "translation")
        if state:
            tr.set("type", state)
        tr.text = translation
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    text = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n"
    tmp = Path(str(path) + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


# ---- extraction and the completeness check -------------------------------------------------

_MARKERS = ("_", "N_")


def extract(root: Path | None = None) -> dict[str, list[str]]:
    """Every string literal marked with `_()` or `N_()` under `root` (default: the engine
    package): text -> locations 'engine/x.py:LINE', in file order."""
    root = Path(root) if root is not None else Path(__file__).resolve().parent
    base = root.parent
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except SyntaxError as exc:
            raise SyntaxError(f"{path}: {exc}") from None
        where = path.relative_to(base).as_posix()
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _MARKERS):
                continue
            if len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.setdefault(node.args[0].value, []).append(f"{where}:{node.lineno}")
    return found


def non_literal_marks(root: Path | None = None) -> list[str]:
    """Places where `_()` is called with something other than one string literal (an f-string, a
    variable): allowed for `_(name)` of an N_-marked table, listed by `check` for review."""
    root = Path(root) if root is not None else Path(__file__).resolve().parent
    out = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_" and \
                    node.args and isinstance(node.args[0], ast.JoinedStr):
                out.append(f"{path.relative_to(root.parent).as_posix()}:{node.lineno}: an f-string in _()")
    return out


def shadowed_marks(root: Path | None = None) -> list[str]:
    """Functions that call `_()` but also bind `_` themselves (`for _ in ...`, `a, _ = ...`): there
    `_` is a local variable and the call fails (UnboundLocalError); found with `symtable`."""
    root = Path(root) if root is not None else Path(__file__).resolve().parent
    out = []

    def walk(table, where):
        if table.get_type() == "function":
            try:
                sym = table.lookup("_")
            except KeyError:
                sym = None
            if sym is not None and sym.is_local() and sym.is_referenced():
                out.append(f"{where}:{table.get_lineno()}: {table.get_name()}() binds _ and calls _()")
        for child in table.get_children():
            walk(child, where)

    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "_(" not in text:
            continue
        walk(symtable.symtable(text, str(path), "exec"), path.relative_to(root.parent).as_posix())
    return out


@contextlib.contextmanager
def _locked(path: Path):
    """One writer at a time on a catalogue (translators' updates may run side by side)."""
    lock = Path(str(path) + ".lock")
    with open(lock, "w") as handle:
        try:
            import fcntl  # deferred: POSIX only (Windows has no fcntl; there the lock is a no-op)

            fcntl.flock(handle, fcntl.LOCK_EX)
        except ImportError:  # Windows
            pass
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                lock.unlink()


def update_catalogue(lang: str, path: Path | None = None, root: Path | None = None,
                     fills: dict[str, str] | None = None) -> dict[str, int]:
    """Bring the .ts up to date with the source: new strings unfinished, gone ones vanished
    (a vanished one that comes back keeps its translation, unfinished until reviewed).
    `fills` {source: translation} are put in as finished (a translator's batch)."""
    path = Path(path) if path is not None else catalogue_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with _locked(path):
        return _update_locked(lang, path, root, fills or {})


def _update_locked(lang: str, path: Path, root: Path | None, fills: dict[str, str]) -> dict[str, int]:
    old = load_catalogue(path) if path.is_file() else {}
    found = extract(root)
    entries = []
    counts = {"new": 0, "vanished": 0, "kept": 0, "filled": 0}
    for source, locations in found.items():
        if source in old:
            _src, tr, state = old[source]
            if state in ("vanished", "obsolete"):
                state = "unfinished"
            counts["kept"] += 1
        else:
            tr, state = "", "unfinished"
            counts["new"] += 1
        if fills.get(source, "").strip():
            tr, state = fills[source], None
            counts["filled"] += 1
        entries.append((source, tr, state, locations))
    for source, (_src, tr, state) in old.items():
        if source not in found:
            entries.append((source, tr, "vanished", []))
            counts["vanished"] += 1
    write_catalogue(path, lang, entries)
    _cache.pop(lang, None)
    return counts


_FIELD = re.compile(r"(?<!\{)\{([^{}!:]*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")


_PERCENT = re.compile(r"%(?:\([A-Za-z_]+\))?[sdr]")  # argparse's own words (engine.cli.ARGPARSE_WORDS)


def _fields(text: str) -> list[str]:
    return sorted(_FIELD.findall(text)) + sorted(_PERCENT.findall(text))


def problems(lang: str = "zh_CN", path: Path | None = None, root: Path | None = None) -> list[str]:
    """What makes the catalogue incomplete: a marked string missing, unfinished or empty, or
    a translation whose {placeholders} differ from its source's."""
    path = Path(path) if path is not None else catalogue_path(lang)
    table = load_catalogue(path) if path.is_file() else {}
    out = []
    for source, locations in extract(root).items():
        where = locations[0]
        entry = table.get(source)
        if entry is None:
            out.append(f"{where}: not in the catalogue: {source!r}")
            continue
        _src, tr, state = entry
        if state is not None or not tr.strip():
            out.append(f"{where}: {state or 'empty'}: {source!r}")
        elif _fields(tr) != _fields(source):
            out.append(f"{where}: placeholders {_fields(tr)} differ from the source's {_fields(source)}: {source!r}")
    return out


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    usage = ("usage: python -m engine.i18n {extract|check} [LANG] [--fill FILE.json ...]  (LANG: zh_CN; "
             'FILE.json: {"source": "translation"} put in as finished)')
    fills: dict[str, str] = {}
    while "--fill" in argv:
        k = argv.index("--fill")
        if k + 1 >= len(argv):
            print(usage, file=sys.stderr)
            return 2

        fills.update(json.loads(Path(argv[k + 1]).read_text(encoding="utf-8")))
        del argv[k:k + 2]
    if not argv or argv[0] not in ("extract", "check"):
        print(usage, file=sys.stderr)
        return 2
    langs = argv[1:] or [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
    status = 0
    for lang in langs:
        if argv[0] == "extract":
            counts = update_catalogue(lang, fills=fills)
            print(f"{catalogue_path(lang)}: {counts['new']} new (unfinished), {counts['kept']} kept, "
                  f"{counts['vanished']} vanished, {counts['filled']} filled")
        else:
            found = problems(lang)
            for line in found:
                print(line)
            for line in non_literal_marks() + shadowed_marks():
                print(line)
                status = 1
            total = len(extract())
            if found:
                print(f"{lang}: {len(found)} of {total} strings lack a finished translation", file=sys.stderr)
                status = 1
            else:
                print(f"{lang}: all {total} strings translated")
    return status


if __name__ == "__main__":
    sys.exit(main())
