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
    # the offer to restart: recorded, and declined (a test that accepts it says so)
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *a, **kw: texts.append(text)
                        or QMessageBox.No)
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
    assert menus == ["&File", "&Edit", "&View", "&Help"]


def test_choosing_chinese_is_saved_for_the_next_start(qtbot, tmp_path, said, monkeypatch):
    w, settings = _window(qtbot, tmp_path)
    w.language_actions["zh_CN"].trigger()
    assert settings.value(i18n.SETTINGS_KEY) == "zh_CN"
    assert w.language_actions["zh_CN"].isChecked() and not w.language_actions["en"].isChecked()
    # said in the window's language, and in the language chosen
    assert len(said) == 1
    assert said[0].startswith("The language will change the next time RuleTree Studio starts.")
    assert "下次启动 RuleTree Studio" in said[0]
    assert said[0].endswith("Restart now? 立即重新启动吗？")  # offered in both languages, declined here
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
        assert tabs == ["数据", "问题", "训练", "决策树", "规则", "咨询", "比较", "指南"]
        assert w.language_actions["zh_CN"].isChecked()
        assert [a.text() for a in w.language_menu.actions()] == ["English", "简体中文"]  # never translated
    finally:
        i18n.install(qapp, "en")
    w, _settings = _window(qtbot, tmp_path)
    assert w.file_menu.title() == "&File"
    assert [w.tabs.tabText(i) for i in range(w.tabs.count())] == ["Data", "Problem", "Train", "Tree", "Rules",
                                                                  "Consult", "Compare", "Guideline"]
    assert w.language_actions["en"].isChecked()


def test_a_restart_offered_and_accepted_starts_the_program_again(qtbot, tmp_path, monkeypatch, demo_dir):
    """Issue 36: a language change offers to restart; yes starts the program again on the file open
    (the saved language is what it reads) and closes this window."""
    import sys

    import app.main as main

    started = []
    monkeypatch.setattr(main.QProcess, "startDetached", lambda program, args: started.append((program, args)) or True)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **kw: QMessageBox.Yes)
    w, settings = _window(qtbot, tmp_path)
    w.show()
    assert w.open_path(str(demo_dir / "car_evaluation.rtproj"))
    w.language_actions["zh_CN"].trigger()
    assert settings.value(i18n.SETTINGS_KEY) == "zh_CN"
    assert started == [(sys.executable, ["-m", "app.launch", str(demo_dir / "car_evaluation.rtproj")])]
    assert not w.isVisible()


@pytest.mark.parametrize("lang, heading, other", [("en", "a short guide", "使用简介"), ("zh_CN", "使用简介", "a short guide")])
def test_help_opens_the_user_guide_in_the_window_s_language(qtbot, tmp_path, qapp, lang, heading, other):
    """Help > User guide (F1): the guide in the language installed; the papers named there, not in the tabs."""
    try:
        i18n.install(qapp, lang)
        w, _settings = _window(qtbot, tmp_path)
        assert w.guide_action.shortcut().toString() == "F1"
        dialog = w.show_guide()
        qtbot.addWidget(dialog)
        from PySide6.QtWidgets import QTextBrowser

        text = dialog.findChild(QTextBrowser).toPlainText()
        assert heading in text and other not in text
        assert ("papers" in text) if lang == "en" else ("论文" in text)
    finally:
        i18n.install(qapp, "en")
