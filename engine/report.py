"""A model's printable report (issue 38): `ruletree report MODEL [--data D] --pdf OUT.pdf`, and File >
Export report in the window. One PDF holding:

- the problem: the learner and its parameters, the target, the settings and costs, the data the
  model was fitted on (file, sheet, sha256, rows) and the data the figures below were computed on;
- the cross-validated figures (given the data): every metric the problem calls for, mean ± standard
  deviation over k stratified folds, beside the baseline (always answering the commonest class, or
  the class of least expected cost) fitted and scored in the same folds; a headline sentence with the
  figure the model is judged by; the confusion matrix summed over the folds. An edited model's
  figures are the learner's followed by the model's edits, replayed on every fold's training rows
  (engine.edit_scores), with the learner alone beside them. For cost problems the cost per case is
  among the metrics (and is the headline);
- the tree, drawn as the window draws it (engine.tree.layout) on landscape pages: scaled to fit one
  page when the boxes stay readable (`MIN_SCALE`), else cut into tiles over several pages (at most
  `MAX_TREE_PAGES`; a tree larger still is drawn down to the depth that fits, marked "...", and
  the rules list holds every leaf);
- the rules as a numbered checklist, with each rule's support (training weight) and confidence.

Everything is in the current language (`ruletree --lang zh report ...`); names and values from the
data are written as text (XML-escaped in the PDF's paragraphs), never as markup. The font is
Helvetica for Latin-1 texts, else an embedded CJK TrueType font (engine.report_fonts).

The PDF is made by reportlab, outside Qt, so the command line and the window write the same
document; the window runs this module in a job (the cross-validation takes the time of k fits).
"""

from __future__ import annotations

import datetime
import io
import math
import os
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

import numpy as np

from .data.spec.trust import TrustSettings
from .fileio import atomic_write_bytes
from .i18n import N_, _
from .metrics import SECONDS, headline, metric, ordered
from .report_fonts import ReportFont, font_for
from .settings_words import settings_rows
from .tree.describe import branch_labels, label_text, node_heading
from .tree.layout import LABEL_HEIGHT, NODE_HEIGHT, NODE_WIDTH, edge_lines, is_open, layout, marker
from .tree.model import PENDING_LABEL, Tree
from .tree.rules import extract_rules, rule_conditions
from .trust.intervals import interval_text, rule_trust

#: the smallest scale the tree is drawn at (scene units to points): its texts then print at about 5 pt
MIN_SCALE = 0.55
#: the largest scale a small tree is drawn at
MAX_SCALE = 1.5
#: the most landscape pages the tree is spread over; beyond, it is drawn down to the depth that fits
MAX_TREE_PAGES = 24
#: the text size in a box at scale 1 (points)
BOX_FONT = 9.0


# ---- the figures ------------------------------------------------------------------------------


@dataclass
class RuleItem:
    number: int
    conditions: str
    label: str
    support: float
    confidence: float | None
    interval: str = ""  # the confidence's Wilson interval, "81-97 %" (engine.trust.intervals)
    few_cases: str = ""  # why the rule is flagged "few cases" ("" when it is not)


@dataclass
class ReportFigures:
    """Everything the report prints, as texts in the current language (and numbers)."""

    title: str
    problem: list[tuple[str, str]]
    rules: list[RuleItem]
    tree: Tree
    cv: int | None = None
    headline: str = ""
    # (metric title, the model's figure, the learner alone's (edited models) or "", the baseline's)
    metric_rows: list[tuple[str, str, str, str]] = field(default_factory=list)
    edited: bool = False
    confusion_true: list[str] = field(default_factory=list)
    confusion_predicted: list[str] = field(default_factory=list)
    confusion: np.ndarray | None = None
    notes: list[str] = field(default_factory=list)

    def texts(self) -> list[str]:
        """Every text the document prints (to choose its font)."""
        out = [self.title, self.headline, *self.notes, *self.confusion_true, *self.confusion_predicted]
        out += [t for row in self.problem for t in row] + [t for row in self.metric_rows for t in row]
        out += [r.conditions for r in self.rules] + [r.label for r in self.rules]
        out += [r.interval for r in self.rules] + [r.few_cases for r in self.rules]
        out += [node_heading(self.tree, i) for i in range(len(self.tree.nodes))]
        out += [b for i, n in enumerate(self.tree.nodes) if n.children for b in branch_labels(self.tree, i)]
        return out + [_(w) for w in _WORDS]


def _count(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"


def rule_items(tree: Tree, trust: TrustSettings | None = None) -> list[RuleItem]:
    """The checklist's rules, each with its confidence's interval and its "few cases" flag under the
    problem's `trust` settings (a hyphen for the dash: Latin-1 texts print in Helvetica)."""
    out = []
    for k, rule in enumerate(extract_rules(tree), start=1):
        t = rule_trust(tree, rule, trust)
        out.append(RuleItem(number=k, conditions=rule_conditions(tree, rule), label=label_text(tree, rule.label),
                            support=float(rule.support), confidence=rule.confidence,
                            interval=interval_text(t).replace("–", "-"), few_cases=t.why.replace("–", "-")))
    return out


def problem_rows(model, data=None, data_file: str | None = None) -> list[tuple[str, str]]:
    rows = settings_rows(model.algorithm, model.params, model.spec, model.trained_on)
    rows.append((_("missing values when predicting"), _(_POLICY.get(model.missing, model.missing))))
    rows.append((_("tree"), _("{leaves} leaves, depth {depth}").format(leaves=model.tree.n_leaves,
                                                                       depth=model.tree.depth)))
    if model.edits:
        rows.append((_("edits by the expert"), str(len(model.edits))))
    if data is not None:
        # deferred: hashing only when a file is named
        from .model import file_sha256

        name = os.path.basename(data_file) if data_file else _("the data in the window")
        rows.append((_("figures computed on"), _("{file}: {rows} rows").format(file=name, rows=int(data.n))))
        if data_file and os.path.isfile(data_file):
            digest = file_sha256(data_file)
            if digest != model.trained_on.get("sha256"):
                rows.append((_("its sha256"), digest))
            else:
                rows[-1] = (rows[-1][0], rows[-1][1] + " " + _("(the file the model was trained on)"))
    return rows


_POLICY = {"stop": N_("stop at the node"), "majority": N_("follow the majority branch"),
           "fractional": N_("spread over the branches (C4.5)")}


def report_figures(model, data=None, *, data_file: str | None = None, cv: int = 10, seed: int = 0,
                   progress=None) -> ReportFigures:
    """The report of `model`; given `data` (encoded as the model's schema encodes it), with the
    figures of k-fold cross-validation (`cv` folds, `seed`) beside the baseline's."""
    # deferred: the learners (Numba kernels) only when figures are computed
    from .algorithms import registry

    info = registry.known(model.algorithm)
    title = _("Decision tree report: {learner}").format(learner=info.display_title if info else model.algorithm)
    figures = ReportFigures(title=title, problem=problem_rows(model, data, data_file), rules=rule_items(model.tree, model.spec.trust),
                            tree=model.tree)
    if data is None:
        figures.notes.append(_("No data was given, so this report has no cross-validated figures: give the data "
                               "file (ruletree report MODEL --data FILE) for them."))
        return figures
    if info is None:
        figures.notes.append(_('This version has no learner "{name}", so the model cannot be cross-validated.')
                             .format(name=model.algorithm))
        return figures
    _cross_validate(figures, model, info, data, cv, seed, progress)
    return figures


def _cross_validate(figures: ReportFigures, model, info, data, cv: int, seed: int, progress) -> None:
    # deferred: cross-validation (Numba kernels)
    from .edit_scores import replayed_cv
    from .workflows import cv_baseline, evaluate_algorithm

    learner = None
    if model.edits:
        replayed = replayed_cv(model, data, cv=cv, seed=seed, progress=progress)
        evaluation, learner = replayed.edited, replayed.learner.summary()
        figures.edited = True
    else:
        evaluation = evaluate_algorithm(info, data, model.spec, model.params, cv=cv, seed=seed, progress=progress)
    summary = evaluation.summary()
    baseline = cv_baseline(evaluation.scoring, data, cv, seed)
    figures.cv = cv
    # the tree's size is printed with the problem; the seconds a fold took say nothing of the rules
    keys = [k for k in ordered(summary) if k not in ("leaves", "single_case_leaves", "depth")
            and metric(k).kind != SECONDS]
    for key in keys:
        m = metric(key)
        base = baseline["metrics"].get(key)
        alone = learner.get(key) if learner is not None else None
        figures.metric_rows.append((m.title_text(keys), m.text(summary[key]["mean"], summary[key]["std"]),
                                    m.text(alone["mean"], alone["std"]) if alone else "",
                                    m.text(base) if base is not None else ""))
    judged = headline(keys)
    base = baseline["metrics"].get(judged.key)
    base_label = baseline["label"] if baseline["label"] != "per fold" else _("per fold")
    figures.headline = _("Cross-validated {metric} ({k} folds): {value}; always answering {rule} ({label}): "
                         "{baseline}.").format(metric=judged.title_text(), k=cv,
                                               value=judged.text(summary[judged.key]["mean"],
                                                                 summary[judged.key]["std"]),
                                               rule=_(baseline["rule"]), label=base_label,
                                               baseline=judged.text(base) if base is not None else "-")
    matrix = evaluation.confusion()
    predicted = list(evaluation.labels) + [PENDING_LABEL]
    keep = [j for j in range(matrix.shape[1]) if j < len(evaluation.labels) or matrix[:, j].sum() > 0]
    figures.confusion = matrix[:, keep]
    figures.confusion_true = list(evaluation.classes)
    figures.confusion_predicted = [_("PENDING") if predicted[j] == PENDING_LABEL else predicted[j] for j in keep]
    figures.notes += list(evaluation.warnings)


# ---- the tree's pages -------------------------------------------------------------------------


@dataclass
class TreePlan:
    """How the tree goes on the pages: its layout (cut at `max_depth`, None: whole), the scale and
    the tiles, each (x0, y0) the scene point at a page's top-left corner."""

    positions: dict
    max_depth: int | None
    scale: float
    tiles: list[tuple[float, float]]
    bounds: tuple[float, float, float, float]  # left, top, right, bottom in scene units


def _bounds(positions) -> tuple[float, float, float, float]:
    xs = [x for x, _y in positions.values()]
    ys = [y for _x, y in positions.values()]
    return (min(xs) - NODE_WIDTH / 2 - 4, min(ys) - NODE_HEIGHT / 2 - LABEL_HEIGHT - 4,
            max(xs) + NODE_WIDTH / 2 + 4, max(ys) + NODE_HEIGHT / 2 + 12)


def _plan(tree: Tree, positions, max_depth, width: float, height: float) -> TreePlan:
    left, top, right, bottom = _bounds(positions)
    w, h = right - left, bottom - top
    fit = min(width / w, height / h, MAX_SCALE)
    scale = fit if fit >= MIN_SCALE else MIN_SCALE
    # neighbouring pages overlap by a box (and its branch label), so every box is whole on some page
    page_w, page_h = width / scale, height / scale
    step_x, step_y = page_w - (NODE_WIDTH + 8), page_h - (NODE_HEIGHT + LABEL_HEIGHT + 8)
    cols = 1 + math.ceil(max(0.0, w - page_w) / step_x - 1e-9)
    rows = 1 + math.ceil(max(0.0, h - page_h) / step_y - 1e-9)
    tiles = [(left + c * step_x, top + r * step_y) for r in range(rows) for c in range(cols)]
    if len(tiles) > 1:  # a page with no box and no edge on it is left out
        tiles = [t for t in tiles if _drawn_on(tree, positions, t, width / scale, height / scale)]
    return TreePlan(positions, max_depth, scale, tiles, (left, top, right, bottom))


def _drawn_on(tree: Tree, positions, tile, w: float, h: float) -> bool:
    """Does a box or an edge of the layout cross the tile (its top-left corner, its size in scene units)?"""
    x0, y0 = tile

    def crosses(a0, a1, b0, b1):
        return a0 <= b1 and b0 <= a1

    for x, y in positions.values():
        if crosses(x - NODE_WIDTH / 2, x + NODE_WIDTH / 2, x0, x0 + w) and \
                crosses(y - NODE_HEIGHT / 2 - LABEL_HEIGHT, y + NODE_HEIGHT / 2, y0, y0 + h):
            return True
    for line in edge_lines(tree, positions):
        for (ax, ay), (bx, by) in zip(line, line[1:]):
            if crosses(min(ax, bx), max(ax, bx), x0, x0 + w) and crosses(min(ay, by), max(ay, by), y0, y0 + h):
                return True
    return False


def tree_plan(tree: Tree, width: float, height: float) -> TreePlan:
    """The whole tree when it fits in MAX_TREE_PAGES pages of width x height points, else the deepest
    cut that does."""
    plan = _plan(tree, layout(tree), None, width, height)
    depth = tree.depth
    while len(plan.tiles) > MAX_TREE_PAGES and depth > 1:
        depth -= 1
        plan = _plan(tree, layout(tree, max_depth=depth), depth, width, height)
    return plan


# ---- the PDF ----------------------------------------------------------------------------------

_WORDS = (N_("Problem"), N_("Cross-validated figures"), N_("Confusion matrix (summed over the folds)"),
          N_("Tree"), N_("Rules"), N_("metric"), N_("this model"), N_("the learner alone"), N_("baseline"),
          N_("true class"), N_("predicted"), N_("IF"), N_("THEN"), N_("support"), N_("confidence"),
          N_("page {page}"), N_("made by RuleTree Studio on {date}"), N_("n = {weight}"),
          N_("part {part} of {parts}"), N_("Notes"))


def _styles(font: ReportFont):
    # deferred: reportlab only when a report is written
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet

    base = getSampleStyleSheet()
    wrap = "CJK" if font.file else None
    out = {}
    for name, parent in (("title", "Title"), ("h2", "Heading2"), ("body", "BodyText")):
        out[name] = ParagraphStyle(name, parent=base[parent], fontName=font.bold if name != "body" else font.regular,
                                   wordWrap=wrap)
    out["cell"] = ParagraphStyle("cell", parent=base["BodyText"], fontName=font.regular, fontSize=8.5, leading=10.5,
                                 wordWrap=wrap)
    out["cellbold"] = ParagraphStyle("cellbold", parent=out["cell"], fontName=font.bold)
    out["cellright"] = ParagraphStyle("cellright", parent=out["cell"], alignment=2)  # TA_RIGHT
    return out


def _p(text, style):
    # deferred: reportlab only when a report is written
    from reportlab.platypus import Paragraph

    return Paragraph(escape(str(text)), style)


def _table(rows, widths, font: ReportFont, header: bool = True, align_right_from: int | None = None):
    # deferred: reportlab only when a report is written
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    table = Table(rows, colWidths=widths, repeatRows=1 if header else 0)
    style = [("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("VALIGN", (0, 0), (-1, -1), "TOP"),
             ("FONTNAME", (0, 0), (-1, -1), font.regular), ("FONTSIZE", (0, 0), (-1, -1), 8.5)]
    if header:
        style += [("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8eef6"))]
    if align_right_from is not None:
        style += [("ALIGN", (align_right_from, 1), (-1, -1), "RIGHT")]
    table.setStyle(TableStyle(style))
    return table


def _fitted(text: str, font_name: str, size: float, width: float) -> str:
    # deferred: reportlab only when a report is written
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, font_name, size) <= width:
        return text
    while text and stringWidth(text + "…", font_name, size) > width:
        text = text[:-1]
    return text + "…"


def _tree_flowable(tree: Tree, plan: TreePlan, tile: tuple[float, float], width: float, height: float,
                   font: ReportFont):
    # deferred: reportlab only when a report is written
    from reportlab.lib import colors
    from reportlab.platypus import Flowable

    positions, scale = plan.positions, plan.scale
    x0, y0 = tile

    def at(x, y):  # scene -> the flowable's points (y up)
        return (x - x0) * scale, height - (y - y0) * scale

    class TreeTile(Flowable):
        def wrap(self, *_args):
            return width, height

        def draw(self):
            c = self.canv
            c.saveState()
            clip = c.beginPath()
            clip.rect(0, 0, width, height)
            c.clipPath(clip, stroke=0, fill=0)
            c.setStrokeColor(colors.HexColor("#7a8799"))
            c.setLineWidth(0.8 * scale)
            for line in edge_lines(tree, positions):
                pts = [at(x, y) for x, y in line]
                for (ax, ay), (bx, by) in zip(pts, pts[1:]):
                    c.line(ax, ay, bx, by)
            size = BOX_FONT * scale
            for i, (x, y) in positions.items():
                node = tree.nodes[i]
                bx, by = at(x - NODE_WIDTH / 2, y + NODE_HEIGHT / 2)
                leaf = not node.children
                c.setFillColor(colors.HexColor("#e3f0e6" if leaf else "#ffffff"))
                c.roundRect(bx, by, NODE_WIDTH * scale, NODE_HEIGHT * scale, 4 * scale, stroke=1, fill=1)
                c.setFillColor(colors.black)
                inner = (NODE_WIDTH - 10) * scale
                lines = [node_heading(tree, i), _("n = {weight}").format(weight=_count(node.weight))]
                if leaf and node.weight > 0 and 0 <= node.label < len(node.counts):
                    lines[1] += f"  {100 * node.counts[node.label] / node.weight:.0f} %"
                mark = marker(tree, i, positions, frozenset())
                if mark:
                    lines.append(mark)
                cx, cy = at(x, y)
                top = cy + (len(lines) - 1) * size * 0.65
                for k, text in enumerate(lines):
                    c.setFont(font.bold if k == 0 else font.regular, size)
                    c.drawCentredString(cx, top - k * size * 1.3 - size * 0.35,
                                        _fitted(text, font.bold if k == 0 else font.regular, size, inner))
                if is_open(tree, i, positions):
                    c.setFont(font.regular, size * 0.85)
                    c.setFillColor(colors.HexColor("#33415c"))
                    for child, text in zip(node.children, branch_labels(tree, i)):
                        kx, ky = positions[child]
                        lx, ly = at(kx, ky - NODE_HEIGHT / 2 - LABEL_HEIGHT * 0.35)
                        c.drawCentredString(lx, ly, _fitted(text, font.regular, size * 0.85,
                                                            (NODE_WIDTH + 16) * scale))
                    c.setFillColor(colors.black)
            c.restoreState()

    return TreeTile()


def _overview_flowable(tree: Tree, plan: TreePlan, width: float, height: float, font: ReportFont):
    """The whole layout on one page, boxes without texts, and the parts the next pages print, numbered."""
    # deferred: reportlab only when a report is written
    from reportlab.lib import colors
    from reportlab.platypus import Flowable

    left, top, right, bottom = plan.bounds
    scale = min(width / (right - left), height / (bottom - top))
    tile_w, tile_h = width / plan.scale, height / plan.scale

    def at(x, y):
        return (x - left) * scale, height - (y - top) * scale

    class Overview(Flowable):
        def wrap(self, *_args):
            return width, height

        def draw(self):
            c = self.canv
            c.saveState()
            c.setStrokeColor(colors.HexColor("#7a8799"))
            c.setLineWidth(0.4)
            for line in edge_lines(tree, plan.positions):
                pts = [at(x, y) for x, y in line]
                for (ax, ay), (bx, by) in zip(pts, pts[1:]):
                    c.line(ax, ay, bx, by)
            for i, (x, y) in plan.positions.items():
                bx, by = at(x - NODE_WIDTH / 2, y + NODE_HEIGHT / 2)
                c.setFillColor(colors.HexColor("#e3f0e6" if not tree.nodes[i].children else "#ffffff"))
                c.rect(bx, by, NODE_WIDTH * scale, NODE_HEIGHT * scale, stroke=1, fill=1)
            c.setStrokeColor(colors.HexColor("#c0392b"))
            c.setFillColor(colors.HexColor("#c0392b"))
            c.setFont(font.bold, 10)
            for k, (x0, y0) in enumerate(plan.tiles, start=1):
                tx, ty = at(x0, y0 + tile_h)
                c.rect(tx, ty, tile_w * scale, tile_h * scale, stroke=1, fill=0)
                c.drawString(tx + 3, ty + tile_h * scale - 12, str(k))
            c.restoreState()

    return Overview()


def _pdf(figures: ReportFigures, font: ReportFont) -> bytes:
    # deferred: reportlab only when a report is written
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.units import mm
    from reportlab.platypus import (BaseDocTemplate, Frame, NextPageTemplate, PageBreak, PageTemplate, Spacer)

    out = io.BytesIO()
    margin = 15 * mm
    doc = BaseDocTemplate(out, pagesize=A4, leftMargin=margin, rightMargin=margin, topMargin=margin,
                          bottomMargin=margin, title=figures.title, author="RuleTree Studio",
                          creator="RuleTree Studio", invariant=1)
    portrait_w, portrait_h = A4
    land_w, land_h = landscape(A4)
    made = _("made by RuleTree Studio on {date}").format(date=datetime.date.today().isoformat())

    def footer(canvas, document):
        canvas.saveState()
        canvas.setFont(font.regular, 7.5)
        w = canvas._pagesize[0]  # this page's width (the tree's pages are landscape)
        canvas.drawString(margin, 8 * mm, made)
        canvas.drawRightString(w - margin, 8 * mm, _("page {page}").format(page=document.page))
        canvas.restoreState()

    doc.addPageTemplates([
        PageTemplate("portrait", [Frame(margin, margin, portrait_w - 2 * margin, portrait_h - 2 * margin,
                                        id="p")], onPage=footer, pagesize=A4),
        PageTemplate("landscape", [Frame(margin, margin, land_w - 2 * margin, land_h - 2 * margin, id="l")],
                     onPage=footer, pagesize=landscape(A4))])
    st = _styles(font)
    text_w = portrait_w - 2 * margin - 12
    story = [_p(figures.title, st["title"])]
    if figures.headline:
        story.append(_p(figures.headline, st["body"]))
    story += [_p(_("Problem"), st["h2"]),
              _table([[_p(a, st["cell"]), _p(b, st["cell"])] for a, b in figures.problem],
                     [0.34 * text_w, 0.66 * text_w], font, header=False)]
    if figures.metric_rows:
        story.append(_p(_("Cross-validated figures"), st["h2"]))
        head = [_("metric"), _("this model")] + ([_("the learner alone")] if figures.edited else []) + [_("baseline")]
        rows = [[_p(h, st["cellbold"]) for h in head]]
        for title, value, alone, base in figures.metric_rows:
            rows.append([_p(t, st["cell"]) for t in [title, value] + ([alone] if figures.edited else []) + [base]])
        n = len(head)
        story.append(_table(rows, [0.4 * text_w] + [0.6 * text_w / (n - 1)] * (n - 1), font))
    if figures.confusion is not None:
        story.append(_p(_("Confusion matrix (summed over the folds)"), st["h2"]))
        labels = figures.confusion_predicted
        rows = [[_p(_("true class") + " \\ " + _("predicted"), st["cellbold"])] + [_p(t, st["cellbold"]) for t in labels]]
        for name, line in zip(figures.confusion_true, figures.confusion):
            rows.append([_p(name, st["cellbold"])] + [_count(float(v)) for v in line])
        first = min(0.3 * text_w, 120)
        rest = (text_w - first) / max(len(labels), 1)
        story.append(_table(rows, [first] + [rest] * len(labels), font, align_right_from=1))
    if figures.notes:
        story.append(_p(_("Notes"), st["h2"]))
        story += [_p(note, st["body"]) for note in figures.notes]

    # the tree, on landscape pages
    tree_w, tree_h = land_w - 2 * margin - 12, land_h - 2 * margin - 40
    plan = tree_plan(figures.tree, tree_w, tree_h)
    story += [NextPageTemplate("landscape"), PageBreak()]
    if len(plan.tiles) > 1:
        story += [_p(_("Tree: the whole of it, and the parts the next {parts} pages print").format(
                      parts=len(plan.tiles)), st["h2"]),
                  _overview_flowable(figures.tree, plan, tree_w, tree_h, font), PageBreak()]
    for k, tile in enumerate(plan.tiles, start=1):
        heading = _("Tree")
        if len(plan.tiles) > 1:
            heading += " — " + _("part {part} of {parts}").format(part=k, parts=len(plan.tiles))
        story += [_p(heading, st["h2"]), _tree_flowable(figures.tree, plan, tile, tree_w, tree_h, font)]
        if k < len(plan.tiles):
            story.append(PageBreak())
    if plan.max_depth is not None:
        story.append(_p(_("The tree is drawn down to depth {depth} (\"...\" marks where it goes on); the rules "
                          "below hold every leaf.").format(depth=plan.max_depth), st["body"]))

    # the rules, as a checklist
    story += [NextPageTemplate("portrait"), PageBreak(), _p(_("Rules"), st["h2"])]
    head = ["#", "", _("IF"), _("THEN"), _("support"), _("confidence")]
    rows = [[_p(h, st["cellbold"]) for h in head]]
    for r in figures.rules:
        rows.append([str(r.number), "", _p(r.conditions, st["cell"]), _p(r.label, st["cell"]), _count(r.support),
                     _confidence_cell(r, st)])
    widths = [22, 14, 0.54 * text_w, 0.15 * text_w, 0.09 * text_w, 0.22 * text_w - 36]
    story.append(_table(rows, widths, font, align_right_from=4))
    story.append(Spacer(1, 4))
    flagged = [r for r in figures.rules if r.few_cases]
    if flagged:  # why each mark is there (the window's tooltips, on paper)
        story.append(_p(_("Few cases: the rules marked hold too few training cases, or too wide an interval, "
                          "to act on alone (the problem's trust settings)."), st["body"]))
        for r in flagged:
            story.append(_p(_("Rule {number}: {why}").format(number=r.number, why=r.few_cases), st["body"]))
    doc.build(story)
    return out.getvalue()


def _confidence_cell(r: RuleItem, st):
    """The checklist's confidence, its interval below it, and the "few cases" mark."""
    # deferred: reportlab only when a report is written
    from reportlab.platypus import Paragraph

    lines = [] if r.confidence is None else [f"{100 * r.confidence:.1f} %"]
    if r.interval:
        lines.append(f"[{r.interval}]")
    if r.few_cases:
        lines.append(escape(_("few cases")))
    return Paragraph("<br/>".join(lines), st["cellright"]) if lines else ""


def report_bytes(figures: ReportFigures) -> bytes:
    """The PDF of `figures`, in the font its texts need (engine.report_fonts)."""
    return _pdf(figures, font_for(figures.texts()))


def write_report(figures: ReportFigures, path: str | os.PathLike) -> None:
    atomic_write_bytes(path, report_bytes(figures))
