"""The window's language mechanism (app/i18n.py): the choice, the translators, the catalogue, the font."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings

from app import i18n
from engine import i18n as engine_i18n
from engine.errors import OptionError


@pytest.fixture
def english_after(qapp):
    yield qapp
    i18n.install(qapp, "en")


def _settings(tmp_path, value=None):
    s = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    if value is not None:
        s.setValue(i18n.SETTINGS_KEY, value)
    return s


def test_choice_order_lang_then_env_then_saved_then_system(tmp_path, monkeypatch):
    monkeypatch.setenv("RULETREE_LANG", "en")
    saved = _settings(tmp_path, "zh_CN")
    assert i18n.choose_language("zh_CN", saved) == "zh_CN"  # --lang first
    assert i18n.choose_language(None, saved) == "en"  # then RULETREE_LANG
    monkeypatch.delenv("RULETREE_LANG")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    assert i18n.choose_language(None, saved) == "zh_CN"  # then the saved choice
    assert i18n.choose_language(None, _settings(tmp_path, "")) == "en"  # system
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert i18n.choose_language(None, _settings(tmp_path, "garbage!")) == "zh_CN"  # a bad saved value: ignored
    with pytest.raises(OptionError):
        i18n.choose_language("fr")


def test_install_switches_qt_and_the_engine(english_after, tmp_path):
    app = english_after
    i18n.install(app, "zh_CN")
    assert engine_i18n.language() == "zh_CN" and i18n.installed_language() == "zh_CN"
    assert QLocale().language() == QLocale.Chinese
    # Qt's own standard buttons come from qtbase_zh_CN.qm
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"
    i18n.install(app, "en")
    assert engine_i18n.language() == "en"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"
    assert QLocale().language() == QLocale.English


def test_window_translated_through_the_compiled_catalogue(english_after):
    """One of the window's strings from the shipped .qm (lupdate's context is the class)."""
    app = english_after
    ts = ET.parse(i18n.catalogue_ts("zh_CN")).getroot()
    finished = [(c.findtext("name"), m.findtext("source"), m.find("translation").text)
                for c in ts.iter("context") for m in c.iter("message")
                if m.find("translation").get("type") is None and m.find("translation").text]
    assert len(finished) > 200
    context, source, text = finished[len(finished) // 2]
    assert QCoreApplication.translate(context, source) == source
    i18n.install(app, "zh_CN")
    assert QCoreApplication.translate(context, source) == text
    i18n.install(app, "en")
    assert QCoreApplication.translate(context, source) == source


def test_catalogue_complete_and_qm_fresh():
    """CI fails when a window string lacks a finished translation, a translation loses a
    {placeholder}, or the committed .qm was not compiled from the .ts."""
    problems = i18n.problems("zh_CN")
    assert not problems, "\n".join(problems[:100])


def test_fill_and_check_find_a_missing_translation_and_a_lost_placeholder(tmp_path, monkeypatch):
    """The check itself: on a copy of the catalogue, an emptied translation and a dropped
    placeholder are both reported (so test_catalogue_complete_and_qm_fresh can fail)."""
    work = tmp_path / "i18n"
    shutil.copytree(i18n.catalogue_ts().parent, work)
    monkeypatch.setattr(i18n, "_i18n_dir", lambda: work)
    root = ET.parse(work / "app_zh_CN.ts").getroot()
    messages = [(c.findtext("name"), m) for c in root.iter("context") for m in c.iter("message")]
    with_field = next((c, m) for c, m in messages if "{" in (m.findtext("source") or ""))
    plain = next((c, m) for c, m in messages if "{" not in (m.findtext("source") or ""))
    fills = {with_field[0]: {with_field[1].findtext("source"): "没有占位符"}}
    i18n.fill(work / "app_zh_CN.ts", fills)
    tree = ET.parse(work / "app_zh_CN.ts")
    for c in tree.getroot().iter("context"):
        if c.findtext("name") == plain[0]:
            for m in c.iter("message"):
                if m.findtext("source") == plain[1].findtext("source"):
                    m.find("translation").text = ""
                    m.find("translation").set("type", "unfinished")
    tree.write(work / "app_zh_CN.ts", encoding="utf-8")
    found = i18n.problems("zh_CN")
    assert any("placeholders differ" in p for p in found)
    assert any("no finished translation" in p for p in found)
    assert any("stale" in p for p in found)  # the .qm was compiled from the old .ts


def test_a_cjk_font_renders_chinese(qapp):
    """The machine (CI installs fonts-wqy-microhei) has a font with the Chinese glyphs the window draws."""
    from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics

    families = QFontDatabase.families(QFontDatabase.SimplifiedChinese)
    assert families, "no font for Simplified Chinese: install fonts-wqy-microhei (or fonts-noto-cjk)"
    metrics = QFontMetrics(QFont(families[0]))
    assert all(metrics.inFontUcs4(ord(ch)) for ch in "决策树待定误分类代价")


def test_launcher_passes_lang_to_the_window(english_after, monkeypatch, tmp_path):
    """`ruletree --lang zh_CN` (no subcommand) starts the window in Chinese."""
    import app.launch as launch
    import app.main as main
    import app.warmup as warmup

    monkeypatch.setattr(main, "run", lambda path: 0)
    monkeypatch.setattr(warmup, "start_warmup", lambda window, first=None: None)
    monkeypatch.setenv("RULETREE_LANG", "en")  # --lang wins over it
    assert launch.start_window(["--lang", "zh_CN"]) == 0
    assert i18n.installed_language() == "zh_CN" and engine_i18n.language() == "zh_CN"
    i18n.install(english_after, "en")
    assert launch.start_window([]) == 0
    assert i18n.installed_language() == "en"


def test_session_times_in_the_language(english_after):
    """The history's "updated" column: ISO in English (as before), the locale's date in Chinese."""
    from app.panels.session_history import _when

    assert _when("2026-12-01T09:30:05") == "2026-12-01 09:30:05"
    i18n.install(english_after, "zh_CN")
    assert _when("2026-12-01T09:30:05") == "2026/12/1 09:30:05"
    assert _when("not a time") == "not a time"


def test_parameter_labels_keep_greek_letters_lower_case(english_after):
    """"alpha" is α in both languages (it had come out as the capital Α in English)."""
    from app.panels.train_panel import param_label

    assert [param_label(n) for n in ("alpha", "beta0", "epsilon", "ccp_alpha", "min_samples_leaf")] == \
        ["α", "β0", "ε", "CCP α", "Min samples leaf"]
    i18n.install(english_after, "zh_CN")
    assert param_label("alpha") == "α" and param_label("min_samples_leaf") != "Min samples leaf"


#: abbreviations the Chinese window keeps as they are (the field's own: MDL, CCP, SE rule)
KEPT_ABBREVIATIONS = ("MDL", "CCP", "SE")


def test_every_learner_s_parameter_reads_in_chinese(english_after):
    """Every parameter of every learner in the Train form: its label and the default named in its
    help are Chinese (the rough-set and optimal learners' new parameters had come out as
    "Unknowns" / "Time limit" and "(默认：fractional)")."""
    import re

    from app.panels.train_panel import param_help, param_label
    from engine.algorithms.registry import algorithms

    i18n.install(english_after, "zh_CN")
    latin = []
    for info in algorithms():
        for p in info.params:
            label = param_label(p.name)
            for abbreviation in KEPT_ABBREVIATIONS:
                label = label.replace(abbreviation, "")
            default = re.search(r"默认：(.*)）$", param_help(p))
            assert default, (info.name, p.name, param_help(p))
            for where, text in (("label", label), ("default", default.group(1))):
                if re.search(r"[A-Za-z]{2,}", text):
                    latin.append((info.name, p.name, where, text))
    assert not latin


def test_screenshot_scripts_take_the_language():
    """The tour and the README's screenshots write Chinese pictures to their own folder."""
    from app.screenshot_tour import split_lang
    from app.screenshots import default_target

    assert split_lang(["--lang", "zh_CN", "out", "p_", "f.xlsx"]) == ("zh_CN", ["out", "p_", "f.xlsx"])
    assert split_lang(["out", "--lang=zh_CN", "p_", "f.xlsx"]) == ("zh_CN", ["out", "p_", "f.xlsx"])
    assert split_lang(["out", "p_", "f.xlsx"]) == ("en", ["out", "p_", "f.xlsx"])
    assert default_target("zh_CN").parts[-2:] == ("screenshots", "zh_CN")
    assert default_target("en").name == "screenshots"


def _lupdate_beside_python():
    """pyside6-lupdate beside this Python (a venv's bin/, or the interpreter's own folder), or None."""
    import shutil
    import sys
    from pathlib import Path

    return shutil.which("pyside6-lupdate", path=str(Path(sys.executable).parent)) or \
        shutil.which("pyside6-lupdate", path=str(Path(sys.executable).resolve().parent))


@pytest.mark.skipif(_lupdate_beside_python() is None, reason="this Python has no pyside6-lupdate beside it")
def test_the_qt_tools_are_found_beside_python_without_path(monkeypatch, tmp_path):
    """A venv's python run directly (not activated) has pyside6-lupdate beside it, not on PATH."""
    import shutil
    from pathlib import Path

    monkeypatch.setenv("PATH", str(tmp_path))  # nothing there
    assert shutil.which("pyside6-lupdate") is None
    assert Path(i18n._tool("lupdate")).name == "pyside6-lupdate"
