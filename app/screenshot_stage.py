"""The window the README's picture scripts drive (app.screenshot_views, app.screenshot_trust).

One place for what each script needs before its first picture: the application in the chosen
language and theme, dialogs answered without a person (their texts kept in `messages`, printed
beside each picture), a 1400 x 900 main window with its own settings file, and three verbs:
`wait` (for signals or a time), `shot` (a widget to PNG) and `train` (a learner at the Train tab's
settings, waiting for its job). app.screenshot_tour keeps its own copy on purpose: it also runs in
old checkouts (the "before" pictures) that have no such module.
"""

from __future__ import annotations

import os


class Stage:
    """An offscreen main window set up for pictures; `out` is where `shot` writes."""

    def __init__(self, lang: str, scratch: str, out: str):
        # deferred: loads Qt
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

        # deferred: loads Qt, pyqtgraph, Numba, off the light path
        from app import i18n, theme
        from app.main import MainWindow

        self.out = out
        self.app = QApplication.instance() or QApplication([])
        i18n.install(self.app, lang)  # before the window: every label is built once, in this language
        theme.apply(self.app, follow=False)
        self.messages: list[str] = []
        messages = self.messages
        for name in ("warning", "critical", "information"):
            setattr(QMessageBox, name, lambda parent, title, text, *a, **k: messages.append(text))
        QMessageBox.question = lambda *a, **k: QMessageBox.Discard
        QInputDialog.getInt = lambda parent, title, text, *a, **k: (messages.append(text), (0, False))[1]
        self.window = MainWindow(QSettings(os.path.join(scratch, "settings.ini"), QSettings.IniFormat))
        self.window.resize(1400, 900)
        self.window.show()

    def wait(self, signals, seconds: float) -> None:
        """Run the event loop until one of `signals` fires or `seconds` pass."""
        # deferred: loads Qt
        from PySide6.QtCore import QEventLoop, QTimer

        loop = QEventLoop()
        for signal in signals:
            signal.connect(lambda *_: loop.quit())
        QTimer.singleShot(int(seconds * 1000), loop.quit)
        loop.exec()

    def shot(self, widget, name: str) -> None:
        """Save `widget` as out/name.png after the last paint, and say so with the last dialog's text."""
        self.wait([], 0.3)
        widget.grab().save(os.path.join(self.out, f"{name}.png"))
        size = widget.size()
        last = self.messages[-1][:120] if self.messages else "-"
        print(f"{name}.png {size.width()}x{size.height()}", "| last dialog:", last)

    def train(self, algorithm: str, seconds: float = 300) -> None:
        """Train `algorithm` at the Train tab's current settings and wait for the result's slots."""
        window = self.window
        window.tabs.setCurrentWidget(window.train_panel)
        window.train_panel.select(algorithm)
        window.train_panel.train_requested.emit(algorithm, window.train_panel.form.values())
        self.wait([window.jobs.finished, window.jobs.failed], seconds)
        self.wait([], 0.2)  # the result's slots, queued after the signal
