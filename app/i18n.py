"""The window's language: Qt's translators over the engine's choice.

The window's texts go through Qt's own mechanism: `self.tr("...")` in widget
classes, `QCoreApplication.translate("Context", "...")` in functions, and
`QT_TRANSLATE_NOOP("Context", "...")` for tables translated later with
`translate(context, text)`. `pyside6-lupdate` collects them into
`resources/i18n/app_zh_CN.ts` (kept with the source, edited in Qt Linguist or
by hand); `pyside6-lrelease` compiles it into `app_zh_CN.qm`, which is committed
and shipped (tests/test_app_i18n.py fails when it is stale). Qt's own
`qtbase_zh_CN.qm` (PySide6's) translates the standard dialogs and buttons.
The engine's texts (errors, parameter help, rules, metrics) stay Qt-free and
go through engine.i18n, which `install` switches to the same language.

    python -m app.i18n update [--fill FILE.json ...]   lupdate + fill + lrelease
    python -m app.i18n check                           complete, placeholders kept, .qm fresh

Templates use `str.format` names, translated first and filled in after:
`self.tr("Opened {name}").format(name=path)`; never an f-string inside tr().

The language is chosen once, when the window starts: `--lang`, then
RULETREE_LANG, then the choice saved from the window's View > Language menu,
then the system locale. A choice made in the menu takes effect at the next
start (the window says so): every label is built once, and rebuilding them all
in place would be a second code path for every widget, tested by nobody.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from engine import i18n as engine_i18n
from engine.errors import accepted_language
from engine.resources import resources_dir

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "SETTINGS_KEY", "choose_language", "install", "installed_language",
           "catalogue_ts", "catalogue_qm", "update", "problems", "format_moment"]

LANGUAGES = engine_i18n.LANGUAGES
#: each language named in itself (the menu shows them so whatever the current language)
LANGUAGE_NAMES = {"en": "English", "zh_CN": "简体中文"}
SETTINGS_KEY = "language"
APP_ROOT = Path(__file__).resolve().parent
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")

_installed: dict[str, object] = {"language": None, "translators": []}


def _i18n_dir() -> Path:
    return resources_dir() / "i18n"


def catalogue_ts(lang: str = "zh_CN") -> Path:
    return _i18n_dir() / f"app_{lang}.ts"


def catalogue_qm(lang: str = "zh_CN") -> Path:
    return _i18n_dir() / f"app_{lang}.qm"


def choose_language(explicit: str | None = None, settings=None) -> str:
    """--lang, then RULETREE_LANG, then the saved choice (QSettings "language"), then the system
    locale. A bad --lang or RULETREE_LANG is an OptionError (the launcher reports it); a bad saved
    value is ignored."""
    if explicit:
        return accepted_language(explicit, "--lang")
    env = os.environ.get("RULETREE_LANG", "").strip()
    if env:
        return accepted_language(env, "RULETREE_LANG")
    if settings is not None:
        saved = engine_i18n.normalize(str(settings.value(SETTINGS_KEY, "") or ""))
        if saved in LANGUAGES:
            return saved
    return engine_i18n.system_language()


def install(app, lang: str) -> str:
    """Switch the engine and the Qt application `app` to `lang` ("en" or "zh_CN"); returns it.

    Removes the translators installed before, so calling it again switches (tests do)."""
    # deferred: loads Qt
    from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator

    lang = engine_i18n.set_language(lang)
    for old in _installed["translators"]:
        app.removeTranslator(old)
    _installed["translators"] = []
    if lang != "en":
        for path in (catalogue_qm(lang), Path(QLibraryInfo.path(QLibraryInfo.TranslationsPath)) / f"qtbase_{lang}.qm"):
            translator = QTranslator(app)
            if path.is_file() and translator.load(str(path)):
                app.installTranslator(translator)
                _installed["translators"].append(translator)
    locale = QLocale(QLocale.Chinese, QLocale.China) if lang == "zh_CN" else QLocale(QLocale.English,
                                                                                     QLocale.UnitedStates)
    QLocale.setDefault(locale)
    app.setProperty("ruletree_language", lang)
    _installed["language"] = lang
    return lang


def installed_language() -> str:
    return _installed["language"] or engine_i18n.language()


def format_moment(moment) -> str:
    """A QDateTime as the window shows it: the locale's short date in Chinese ("2026/12/1
    09:30:00"); in English the ISO date as before ("2026-12-01 09:30:00"), since the US short
    form (12/1/26) is ambiguous to most readers of a case log. Seconds kept in both."""
    # deferred: loads Qt
    from PySide6.QtCore import QLocale

    if installed_language() == "zh_CN":
        return f"{QLocale().toString(moment.date(), QLocale.ShortFormat)} {moment.time().toString('HH:mm:ss')}"
    return moment.toString("yyyy-MM-dd HH:mm:ss")


# ---- the catalogue: update, fill, compile, check ----------------------------------------------------


def _sources() -> list[Path]:
    return sorted(p for p in APP_ROOT.rglob("*.py") if "__pycache__" not in p.parts)


def _tool(name: str) -> str:
    """PySide6's `pyside6-<name>`: on PATH, else beside this Python (a venv's python run directly,
    not activated, has its scripts there, not on PATH)."""
    found = shutil.which(f"pyside6-{name}")
    if found:
        return found
    for folder in {Path(sys.executable).parent, Path(sys.executable).resolve().parent}:
        found = shutil.which(f"pyside6-{name}", path=str(folder))
        if found:
            return found
    raise SystemExit(f"pyside6-{name} is not installed (it comes with PySide6)")


def _read_ts(path: Path):
    return ET.ElementTree(engine_i18n._parse(path))


def fill(ts: Path, translations: dict[str, dict[str, str]]) -> int:
    """Put translations {context: {source: text}} into the .ts file; returns how many were set."""
    tree = _read_ts(ts)
    done = 0
    for context in tree.getroot().iter("context"):
        table = translations.get(context.findtext("name") or "")
        if not table:
            continue
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            text = table.get(source)
            if not text:
                continue
            tr = message.find("translation")
            tr.text = text
            tr.attrib.pop("type", None)
            done += 1
    _write_ts(tree, ts)
    return done


def _write_ts(tree, ts: Path) -> None:
    root = tree.getroot()
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    fd, tmp = tempfile.mkstemp(dir=ts.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n")
    os.chmod(tmp, 0o644)  # mkstemp's 0600 would follow the file into the repository and the bundle
    os.replace(tmp, ts)


def release(ts: Path, qm: Path) -> None:
    fd, tmp = tempfile.mkstemp(dir=qm.parent, suffix=".qm")
    os.close(fd)
    out = subprocess.run([_tool("lrelease"), "-silent", str(ts), "-qm", tmp], capture_output=True, text=True)
    if out.returncode != 0:
        os.unlink(tmp)
        raise SystemExit(f"lrelease failed: {out.stderr or out.stdout}")
    os.chmod(tmp, 0o644)
    os.replace(tmp, qm)


def update(lang: str = "zh_CN", fills: list[Path] = ()) -> dict[str, int]:
    """lupdate over app/ (translations kept, vanished strings dropped), then the fills, then lrelease."""
    ts, qm = catalogue_ts(lang), catalogue_qm(lang)
    with engine_i18n._locked(ts):  # one writer at a time (fcntl where there is one)
        cmd = [_tool("lupdate"), "-silent", "-no-obsolete", "-locations", "none", "-source-language", "en",
               "-target-language", lang, *[str(p) for p in _sources()], "-ts", str(ts)]
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=APP_ROOT.parent)
        if out.returncode != 0:
            raise SystemExit(f"lupdate failed: {out.stderr or out.stdout}")
        filled = 0
        for path in fills:
            filled += fill(ts, json.loads(Path(path).read_text(encoding="utf-8")))
        _write_ts(_read_ts(ts), ts)  # one layout whoever wrote last (lupdate or fill)
        release(ts, qm)
    return {"filled": filled, **_counts(ts)}


def _messages(ts: Path):
    for context in _read_ts(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            tr = message.find("translation")
            yield name, message.findtext("source") or "", (tr.text or "") if tr is not None else "", \
                (tr.get("type") if tr is not None else "unfinished")


def _counts(ts: Path) -> dict[str, int]:
    rows = list(_messages(ts))
    return {"strings": len(rows), "unfinished": sum(1 for r in rows if r[3] or not r[2])}


def problems(lang: str = "zh_CN", check_fresh: bool = True) -> list[str]:
    """What keeps the catalogue from shipping: strings in app/ not in the .ts (lupdate not run),
    unfinished or empty translations, a {placeholder} dropped or added, a stale .qm."""
    ts, qm = catalogue_ts(lang), catalogue_qm(lang)
    if not ts.is_file():
        return [f"{ts}: missing (python -m app.i18n update)"]
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / ts.name
        shutil.copy(ts, fresh)
        cmd = [_tool("lupdate"), "-silent", "-no-obsolete", "-locations", "none", "-source-language", "en",
               "-target-language", lang, *[str(p) for p in _sources()], "-ts", str(fresh)]
        subprocess.run(cmd, capture_output=True, text=True, cwd=APP_ROOT.parent, check=True)
        known = {(c, s) for c, s, _t, _k in _messages(ts)}
        for context, source, text, kind in _messages(fresh):
            if (context, source) not in known:
                out.append(f"{context}: {source!r}: not in the catalogue (python -m app.i18n update)")
            elif kind or not text:
                out.append(f"{context}: {source!r}: no finished translation")
            elif sorted(_PLACEHOLDER.findall(source)) != sorted(_PLACEHOLDER.findall(text)):
                out.append(f"{context}: {source!r}: the translation's placeholders differ: {text!r}")
        if check_fresh:
            compiled = Path(tmp) / qm.name
            release(ts, compiled)
            if not qm.is_file() or qm.read_bytes() != compiled.read_bytes():
                out.append(f"{qm}: stale; run python -m app.i18n update")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.i18n", description="The window's translation catalogue.")
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("update", help="lupdate over app/, fill translations from JSON files, lrelease")
    up.add_argument("--fill", type=Path, action="append", default=[],
                    help='JSON {"Context": {"source": "translation"}} to put into the catalogue')
    sub.add_parser("check", help="fail when a string has no finished translation or the .qm is stale")
    args = parser.parse_args(argv)
    if args.command == "update":
        print(json.dumps(update("zh_CN", args.fill)))
        return 0
    found = problems("zh_CN")
    for line in found:
        print(line)
    print(f"{len(found)} problem(s)" if found else "the zh_CN catalogue is complete")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
