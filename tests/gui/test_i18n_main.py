"""The window's language: View > Language saves the choice for the next start; the window's own
texts (File menu, tabs) follow the language installed (app.i18n)."""

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from app import i18n
from app.main import MainWindow


@pytest.fixture
def said(monkeypatch):
    """What the window says in message boxes (no modal dialog in a test)."""
    texts = []
    for name in ("information", "warning", "critical"):
        monkeypatch.setattr(QMessageBox, name, lambda parent, title, text, *a, **kw: texts.append(text))
    return texts


def _window(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    w = MainWindow(settings)
    qtbot.addWidget(w)
    return w, settings


def test_the_language_menu_names_each_language_in_itself(qtbot, tmp_path):
    w, _settings = _window(qtbot, tmp_path)
    names = [a.text() for a in w.language_menu.actions()]
    assert names == list(i18n.LANGUAGE_NAMES.values()) == ["English", "简体中文"]
    checked = [code for code, action in w.language_actions.items() if action.isChecked()]
    assert checked == [i18n.installed_language()] == ["en"]
    menus = [a.text() for a in w.menuBar().actions()]
    assert menus == ["&File", "&View", "&Help"]


def test_choosing_chinese_is_saved_for_the_next_start(qtbot, tmp_path, said, monkeypatch):
    w, settings = _window(qtbot, tmp_path)
    w.language_actions["zh_CN"].trigger()
    assert settings.value(i18n.SETTINGS_KEY) == "zh_CN"
    assert w.language_actions["zh_CN"].isChecked() and not w.language_actions["en"].isChecked()
    # said in the window's language, and in the language chosen
    assert len(said) == 1
    assert said[0].startswith("The language will change the next time RuleTree Studio starts.")
    assert "下次启动 RuleTree Studio" in said[0]
    # the saved choice is what the next start takes (no --lang, no RULETREE_LANG)
    monkeypatch.delenv("RULETREE_LANG", raising=False)
    reread = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    assert i18n.choose_language(None, reread) == "zh_CN"
    assert i18n.choose_language(None, settings) == "zh_CN"
    # choosing English again: saved, and said once (the language is the current one)
    w.language_actions["en"].trigger()
    assert settings.value(i18n.SETTINGS_KEY) == "en"
    assert said[1] == "The language will change the next time RuleTree Studio starts."


def test_the_window_follows_the_language_installed(qtbot, tmp_path, qapp):
    try:
        i18n.install(qapp, "zh_CN")
        w, _settings = _window(qtbot, tmp_path)
        assert w.file_menu.title() == "文件(&F)"
        tabs = [w.tabs.tabText(i) for i in range(w.tabs.count())]
        assert tabs == ["数据", "问题", "训练", "决策树", "规则", "咨询", "比较"]
        assert w.language_actions["zh_CN"].isChecked()
        assert [a.text() for a in w.language_menu.actions()] == ["English", "简体中文"]  # never translated
    finally:
        i18n.install(qapp, "en")
    w, _settings = _window(qtbot, tmp_path)
    assert w.file_menu.title() == "&File"
    assert [w.tabs.tabText(i) for i in range(w.tabs.count())] == ["Data", "Problem", "Train", "Tree", "Rules",
                                                                  "Consult", "Compare"]
    assert w.language_actions["en"].isChecked()
