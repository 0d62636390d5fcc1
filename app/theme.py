"""Light and dark: the window follows the system's colour scheme, or RULETREE_THEME.

`apply(app)` sets the Fusion style (the same look on every platform) and a light or a
dark palette: the one the system asks for (Qt's style hints; they change while the app
runs, and the app follows), unless the environment variable RULETREE_THEME says
"light" or "dark". Widgets that colour a text or a cell themselves take the colour
from `tone(light, dark)`, never a fixed one, so that a hint or a warning reads on
either background. The tree canvas and the plots are documents, like a printed chart:
they stay on white paper in both themes (what is exported looks as it does on screen).
"""

from __future__ import annotations

import os
import weakref

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QStyleFactory
from shiboken6 import isValid

THEMES = ("light", "dark")
_PROPERTY = "ruletree_theme"

#: the dark palette: (role, colour); disabled text is dimmed separately
DARK = {
    QPalette.Window: "#2b2b2b", QPalette.WindowText: "#e6e6e6", QPalette.Base: "#1f1f1f",
    QPalette.AlternateBase: "#2a2a2a", QPalette.ToolTipBase: "#3a3a3a", QPalette.ToolTipText: "#f0f0f0",
    QPalette.PlaceholderText: "#9e9e9e", QPalette.Text: "#e6e6e6", QPalette.Button: "#353535",
    QPalette.ButtonText: "#e6e6e6", QPalette.BrightText: "#ff5252", QPalette.Link: "#64b5f6",
    QPalette.Highlight: "#2f6fb3", QPalette.HighlightedText: "#ffffff", QPalette.Light: "#4a4a4a",
    QPalette.Midlight: "#3f3f3f", QPalette.Mid: "#2f2f2f", QPalette.Dark: "#1a1a1a", QPalette.Shadow: "#000000",
}


def system_theme() -> str:
    """'dark' when the system asks for a dark scheme (Qt 6.5+), else 'light'."""
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    if scheme is not None and scheme() == Qt.ColorScheme.Dark:
        return "dark"
    return "light"


def wanted_theme() -> str:
    """RULETREE_THEME (light / dark) when set to one of them, else the system's."""
    chosen = os.environ.get("RULETREE_THEME", "").strip().lower()
    return chosen if chosen in THEMES else system_theme()


def current() -> str:
    """The theme applied ('light' before any)."""
    app = QGuiApplication.instance()
    value = app.property(_PROPERTY) if app is not None else None
    return value if value in THEMES else "light"


def palette(theme: str) -> QPalette:
    base = QStyleFactory.create("Fusion").standardPalette()
    if theme == "light":
        return base
    for role, colour in DARK.items():
        base.setColor(role, QColor(colour))
    for role in (QPalette.Text, QPalette.WindowText, QPalette.ButtonText):
        base.setColor(QPalette.Disabled, role, QColor("#7a7a7a"))
    base.setColor(QPalette.Disabled, QPalette.Base, QColor("#262626"))
    return base


def apply(app, theme: str | None = None, *, follow: bool = True) -> str:
    """Fusion with the light or dark palette (`theme`, else `wanted_theme()`); with `follow`, the
    app switches when the system's scheme changes (unless RULETREE_THEME fixes it). Returns the
    theme applied."""
    theme = theme or wanted_theme()
    if theme not in THEMES:
        raise ValueError(f"theme must be light or dark, not {theme!r}")
    if app.style().name().lower() != "fusion":  # a style change re-polishes every widget: only when needed
        app.setStyle("Fusion")
    app.setPalette(palette(theme))
    app.setProperty(_PROPERTY, theme)
    hints = QGuiApplication.styleHints()
    if follow and hasattr(hints, "colorSchemeChanged") and not app.property("ruletree_theme_follows"):
        app.setProperty("ruletree_theme_follows", True)
        hints.colorSchemeChanged.connect(lambda _scheme: follow_system(app))
    return theme


def follow_system(app) -> str:
    """What the app does when the system's scheme changes: the wanted theme again, the widgets
    styled with `style` re-styled, and the widgets that `watch` told (`theme_changed()`, to
    recolour what they coloured themselves)."""
    theme = apply(app, wanted_theme(), follow=False)
    for widget, (template, light, dark) in list(_STYLED.items()):
        if isValid(widget):  # its C++ side may be gone while Python still holds it
            widget.setStyleSheet(template.format(css(light, dark)))
    for widget in list(_WATCHERS):  # not QApplication.allWidgets(): wrapping a widget being destroyed crashes
        if isValid(widget):
            widget.theme_changed()
    return theme


def tone(light: str, dark: str) -> QColor:
    """The colour for the theme applied: `light` on a light background, `dark` on a dark one."""
    return QColor(dark if current() == "dark" else light)


def css(light: str, dark: str) -> str:
    """`tone` as a style-sheet colour."""
    return tone(light, dark).name()



#: widgets styled with `style`: re-styled when the theme changes
_STYLED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()

#: the two tones of the colours widgets give themselves
MUTED = ("#616161", "#a8a8a8")  # secondary text: help beside an editor, notes, default names
WARNING = ("#8a4b00", "#ffb74d")  # a warning in a line of text
ERROR = ("#b00020", "#ff8a80")  # an answer that is refused
BETTER = ("#1b5e20", "#81c784")  # significantly better than the reference
WORSE = ("#b71c1c", "#ef9a9a")  # significantly worse
RIGHT_CELL = ("#e8f5e9", "#1e3b22")  # the diagonal of a confusion matrix
MISSING_CELL = ("#f3f3f3", "#3a3a3a")  # a missing value in the data table


#: widgets told when the theme changes (their theme_changed()), registered by `watch`
_WATCHERS: "weakref.WeakSet" = weakref.WeakSet()


def watch(widget) -> None:
    """Call `widget.theme_changed()` whenever the theme changes (while the widget lives)."""
    _WATCHERS.add(widget)


def style(widget, template: str, tones: tuple[str, str]) -> None:
    """`widget.setStyleSheet(template.format(colour))` with the colour of the theme applied, and
    again whenever the theme changes (e.g. "color: {}")."""
    _STYLED[widget] = (template, *tones)
    widget.setStyleSheet(template.format(css(*tones)))
