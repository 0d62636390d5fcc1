"""Light and dark (app/theme.py): the palette, the colours widgets give themselves, following a
change of the system's scheme, and RULETREE_THEME."""

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from app import theme


@pytest.fixture
def restore(qapp):
    style, palette = qapp.style().name(), qapp.palette()
    yield qapp
    if qapp.style().name() != style:
        qapp.setStyle(style)
    qapp.setPalette(palette)
    qapp.setProperty("ruletree_theme", None)


def test_dark_palette_and_tones(restore, monkeypatch):
    app = restore
    monkeypatch.setenv("RULETREE_THEME", "dark")
    assert theme.apply(app, follow=False) == "dark" and theme.current() == "dark"
    assert app.style().name().lower() == "fusion"
    window = app.palette().color(QPalette.Window)
    text = app.palette().color(QPalette.WindowText)
    assert window.lightness() < 60 and text.lightness() > 200  # light text on a dark window
    assert theme.tone(*theme.MUTED).name() == theme.MUTED[1]
    monkeypatch.setenv("RULETREE_THEME", "light")
    assert theme.apply(app, follow=False) == "light"
    assert app.palette().color(QPalette.Window).lightness() > 200
    assert theme.tone(*theme.MUTED).name() == theme.MUTED[0]


def test_widgets_recolour_when_the_system_changes(restore, monkeypatch, qtbot):
    """A help text made in the dark theme reads light grey; when the scheme changes the window
    follows and the same label turns dark grey, and panels refill what they coloured."""
    from engine.algorithms.registry import get
    from app.panels.train_panel import ParamForm

    app = restore
    monkeypatch.setenv("RULETREE_THEME", "dark")
    theme.apply(app, follow=False)
    form = ParamForm(get("c45"))
    qtbot.addWidget(form)
    label = form.helps["min_cases"]
    assert theme.MUTED[1] in label.styleSheet()
    refreshed = []
    form.theme_changed = lambda: refreshed.append(True)
    theme.watch(form)
    monkeypatch.setenv("RULETREE_THEME", "light")
    assert theme.follow_system(app) == "light"
    assert theme.MUTED[0] in label.styleSheet() and refreshed == [True]


def test_the_environment_wins_over_the_system_and_nonsense_is_ignored(restore, monkeypatch):
    monkeypatch.setenv("RULETREE_THEME", "dark")
    assert theme.wanted_theme() == "dark"
    monkeypatch.setenv("RULETREE_THEME", "purple")
    assert theme.wanted_theme() == theme.system_theme()
    with pytest.raises(ValueError, match="light or dark"):
        theme.apply(QApplication.instance(), "purple", follow=False)


def test_the_app_follows_a_change_of_the_systems_scheme(restore, monkeypatch):
    """apply(follow=True) listens to the style hints: when the scheme changes the wanted theme is
    applied again (here RULETREE_THEME decides which, as a system change cannot be made in a test)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    app = restore
    monkeypatch.setenv("RULETREE_THEME", "light")
    theme.apply(app)  # follows from now on
    assert theme.current() == "light"
    monkeypatch.setenv("RULETREE_THEME", "dark")
    QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert theme.current() == "dark" and app.palette().color(QPalette.Window).lightness() < 60
