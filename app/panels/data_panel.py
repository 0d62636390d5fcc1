"""Data: the sheet picker, the table itself (virtual), and what was inferred per column."""

from __future__ import annotations

import os

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.data.table import format_number

from ..models.table_model import TableModel

#: the column types the reader infers (keys of the engine), as the columns table shows them
TYPE_NAMES = {"numeric": QT_TRANSLATE_NOOP("DataPanel", "numeric"),
              "nominal": QT_TRANSLATE_NOOP("DataPanel", "nominal"),
              "ordinal": QT_TRANSLATE_NOOP("DataPanel", "ordinal")}


class StartPage(QWidget):
    """What the Data tab shows before any file is open: what the tool does, how to begin, the
    demos and the recent files (one click each)."""

    open_data = Signal()
    open_project = Signal()
    open_path = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        title = QLabel(self.tr("<h2>RuleTree Studio</h2><p>Learn decision trees and IF-THEN rules from a spreadsheet "
                               "of past cases, consult the model case by case, export the rules to Excel.</p>"
                               "<p><b>1.</b> Open a spreadsheet (xlsx, csv, arff). <b>2.</b> Check the target and the "
                               "attributes on the Problem tab. <b>3.</b> Train on the Train tab. <b>4.</b> Read the "
                               "Tree and the Rules, consult on the Consult tab.</p>"))
        title.setWordWrap(True)
        title.setTextFormat(Qt.RichText)
        self.open_data_button = QPushButton(self.tr("Open a spreadsheet..."))
        self.open_data_button.clicked.connect(self.open_data)
        self.open_project_button = QPushButton(self.tr("Open a project..."))
        self.open_project_button.clicked.connect(self.open_project)
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_data_button)
        buttons.addWidget(self.open_project_button)
        buttons.addStretch(1)
        self.demos = QListWidget()
        self.demos.setMaximumHeight(96)
        self.demos.itemActivated.connect(lambda item: self.open_path.emit(item.data(Qt.UserRole)))
        self.demos.itemClicked.connect(lambda item: self.open_path.emit(item.data(Qt.UserRole)))
        self.recent = QListWidget()
        self.recent.itemActivated.connect(lambda item: self.open_path.emit(item.data(Qt.UserRole)))
        self.recent.itemClicked.connect(lambda item: self.open_path.emit(item.data(Qt.UserRole)))
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(buttons)
        layout.addWidget(QLabel(self.tr("<b>Demos</b> (click to open):")))
        layout.addWidget(self.demos)
        layout.addWidget(QLabel(self.tr("<b>Recent files</b>:")))
        layout.addWidget(self.recent, 1)

    def set_files(self, demos: list[tuple[str, str]], recent: list[str]) -> None:
        """`demos`: (description, path); `recent`: paths, newest first."""
        self.demos.clear()
        for text, path in demos:
            item = QListWidgetItem(text)
            item.setData(Qt.UserRole, path)
            self.demos.addItem(item)
        self.recent.clear()
        for path in recent:
            item = QListWidgetItem(f"{os.path.basename(path)}   —   {os.path.dirname(path)}")
            item.setData(Qt.UserRole, path)
            item.setToolTip(path)
            self.recent.addItem(item)
        if not recent:
            self.recent.addItem(self.tr("(none yet)"))
            self.recent.item(0).setFlags(Qt.NoItemFlags)


class DataPanel(QWidget):
    sheet_chosen = Signal(str)
    header_row_chosen = Signal(object)  # the row of the column names, or None: let the reader find it
    # data hygiene (engine.problem): a column's stray texts read as missing; a column left out, used again
    read_as_missing_requested = Signal(str, list)
    use_again_requested = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.start = StartPage()
        self.summary = QLabel(self.tr("No data yet: File > Open data or Open project."))
        self.sheet = QComboBox()
        self.sheet.setToolTip(self.tr("Workbook sheet"))
        self.sheet.activated.connect(lambda _: self.sheet_chosen.emit(self.sheet.currentText()))
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(QLabel(self.tr("Sheet:")))
        top.addWidget(self.sheet)
        # the row of the column names, when it is not the first filled row (a title, notes above)
        self.header_row = QSpinBox()
        self.header_row.setRange(0, 1_048_576)
        self.header_row.setSpecialValueText(self.tr("found"))
        self.header_row.setToolTip(self.tr("The row that holds the column names; the rows above it are skipped. "
                                           "\u201cfound\u201d: the first filled row, or the row under a one-cell "
                                           "title"))
        self.header_row.setKeyboardTracking(False)  # typing "12" reads once, at 12, not at 1 then 12
        self.header_row.valueChanged.connect(lambda v: self.header_row_chosen.emit(v or None))
        top.addWidget(QLabel(self.tr("Header row:")))
        top.addWidget(self.header_row)
        # what reading found (text among numbers, a title row skipped, another sheet read...):
        # in plain sight, not in a tooltip
        self.banner = QLabel("")
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.banner.setStyleSheet("QLabel { background: #fff4e5; color: #663c00; border: 1px solid #ffb74d; "
                                  "border-radius: 4px; padding: 6px; }")
        self.banner.setVisible(False)
        # one click for each thing opening found that can be mended: a column's stray texts read as
        # missing, a column left out of training used again
        self.fixes = QWidget()
        self.fixes_layout = QHBoxLayout(self.fixes)
        self.fixes_layout.setContentsMargins(0, 0, 0, 0)
        self.fixes.setVisible(False)
        self.fix_buttons: dict[tuple[str, str], QPushButton] = {}  # ("missing" | "use", column) -> button
        self.model = TableModel()
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.horizontalHeader().setDefaultSectionSize(110)
        self.columns = QTableWidget(0, 5)
        self.columns.setHorizontalHeaderLabels([self.tr("column"), self.tr("type"), self.tr("missing"),
                                                self.tr("distinct"), self.tr("values")])
        self.columns.horizontalHeader().setSectionResizeMode(4, QHeaderView.Stretch)
        self.columns.setEditTriggers(QTableWidget.NoEditTriggers)
        split = QSplitter(Qt.Vertical)
        split.addWidget(self.view)
        split.addWidget(self.columns)
        split.setSizes([420, 200])
        table_page = QWidget()
        layout = QVBoxLayout(table_page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addWidget(self.fixes)
        layout.addWidget(split)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.start)
        self.pages.addWidget(table_page)
        outer = QVBoxLayout(self)
        outer.addWidget(self.pages)

    def show_table(self, table, chosen_header: bool = False, warnings: list[str] | None = None,
                   flags=()) -> None:
        """`chosen_header`: the header row was the user's choice (shown as its number, else "found").
        `warnings`: what opening said (default: the table's); `flags`: the columns left out of
        training on opening (engine.data.hygiene), each with a button to use it again."""
        self.pages.setCurrentIndex(1)
        self._show_table(table, chosen_header, table.warnings if warnings is None else warnings)
        self.show_fixes(table, flags)

    def show_fixes(self, table, flags=()) -> None:
        """A button per column whose stray texts can be read as missing (its tooltip lists the
        cells) and per column left out on opening."""
        while self.fixes_layout.count():
            item = self.fixes_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.fix_buttons = {}
        for info in table.columns:
            if not info.not_numbers:
                continue
            texts = list(info.not_numbers)
            shown = ", ".join(f"\u201c{t}\u201d" for t in texts[:3]) + (" ..." if len(texts) > 3 else "")
            button = QPushButton(self.tr("Read {texts} in \u201c{column}\u201d as missing").format(texts=shown,
                                                                                                column=info.name))
            values = table.frame[info.name]
            rows = [table.row_number(int(i)) for i in values.index[values.isin(texts)][:20]]
            button.setToolTip(self.tr("The cells that are not numbers, rows {rows}: read as missing, the column "
                                      "is numeric. The project keeps this choice.").format(
                rows=", ".join(map(str, rows)) + (" ..." if int(values.isin(texts).sum()) > 20 else "")))
            button.clicked.connect(lambda _=False, c=info.name, t=texts: self.read_as_missing_requested.emit(c, t))
            self.fixes_layout.addWidget(button)
            self.fix_buttons[("missing", info.name)] = button
        for flag in flags:
            button = QPushButton(self.tr("Use \u201c{column}\u201d again").format(column=flag.column))
            button.setToolTip(self.tr("Left out of training because {reason}").format(reason=flag.reason))
            button.clicked.connect(lambda _=False, c=flag.column: self.use_again_requested.emit(c))
            self.fixes_layout.addWidget(button)
            self.fix_buttons[("use", flag.column)] = button
        self.fixes_layout.addStretch(1)
        self.fixes.setVisible(bool(self.fix_buttons))

    def show_read_settings(self, sheet: str | None, row: int | None) -> None:
        """The Sheet box shows `sheet` and the Header row box `row` ("found" for None), without
        reading the file again (after a choice that could not be read)."""
        if sheet:
            self.sheet.blockSignals(True)
            self.sheet.setCurrentText(sheet)
            self.sheet.blockSignals(False)
        self.show_header_row(row)

    def show_header_row(self, row: int | None) -> None:
        """The Header row box shows `row` ("found" for None) without reading the file again."""
        self.header_row.blockSignals(True)
        self.header_row.setValue(row or 0)
        self.header_row.blockSignals(False)

    def _show_table(self, table, chosen_header: bool = False, warnings: list[str] | None = None) -> None:
        warnings = table.warnings if warnings is None else warnings
        name = table.file.replace("\\", "/").rsplit("/", 1)[-1]
        where = self.tr('{file}, sheet "{sheet}"').format(file=name, sheet=table.sheet) if table.sheet else name
        if warnings:
            summary = self.tr("{where}: {rows} rows, {columns} columns; {warnings} warning(s)")
        else:
            summary = self.tr("{where}: {rows} rows, {columns} columns")
        self.summary.setText(summary.format(where=where, rows=f"{table.n_rows:,}", columns=len(table.columns),
                                            warnings=len(warnings)))
        self.summary.setToolTip("\n".join(warnings))
        lines = [self.tr("Warning: {warning}").format(warning=w) for w in warnings[:6]]
        if len(warnings) > 6:
            lines.append(self.tr("... and {count} more (hover the summary above)").format(
                count=len(warnings) - 6))
        self.banner.setText("\n".join(lines))
        self.banner.setVisible(bool(warnings))
        self.sheet.blockSignals(True)
        self.sheet.clear()
        self.sheet.addItems(table.sheets)
        if table.sheet:
            self.sheet.setCurrentText(table.sheet)
        self.sheet.setEnabled(len(table.sheets) > 1)
        self.sheet.blockSignals(False)
        self.show_header_row(table.header_row if chosen_header else None)
        self.model.set_table(table)
        self.columns.setRowCount(len(table.columns))
        for i, c in enumerate(table.columns):
            values = (f"{format_number(c.minimum)} .. {format_number(c.maximum)}"
                      if c.type == "numeric" and c.minimum is not None
                      else ", ".join(c.values[:10]) + (" ..." if len(c.values) > 10 else ""))
            kind = QCoreApplication.translate("DataPanel", TYPE_NAMES[c.type]) if c.type in TYPE_NAMES else c.type
            for j, text in enumerate([c.name, kind, str(c.missing), str(c.distinct), values]):
                self.columns.setItem(i, j, QTableWidgetItem(text))
