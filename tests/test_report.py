"""The printable report (engine.report, `ruletree report`, issue 38): the PDF renders (pdftoppm) in
English and in Chinese (the CJK font embedded); its text (pdftotext) holds every rule, with its
support and confidence, and the cross-validated headline beside a baseline computed here by hand;
the tree is drawn on one page when it fits and else on overlapping pages where every box is whole
on one of them; a name holding markup stays text; without a font for its characters, a report is
refused in words (exit 2).

pdftotext and pdftoppm come from poppler-utils (packaging/quickstart.sh --test installs it): where
they are missing these tests skip, saying so, except under RULETREE_REQUIRE_BUILD_TOOLS=1 (CI) where
they fail."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from engine import cli
from engine.algorithms.registry import get
from engine.data.project import load_project
from engine.data.read import read_table
from engine.data.spec import ProblemSpec
from engine.evaluate import stratified_folds
from engine.i18n import using
from engine.model import load_model
from engine.predicting import read_model_data
from engine.report import (MAX_TREE_PAGES, NODE_HEIGHT, NODE_WIDTH, report_figures, tree_plan, write_report)
from engine.report_fonts import FontUnavailable, font_for
from engine.tree.describe import node_heading
from engine.tree.layout import LABEL_HEIGHT
from engine.workflows import train_model

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo"

_TOOLS = [t for t in ("pdftotext", "pdftoppm", "pdffonts") if shutil.which(t) is None]
pytestmark = pytest.mark.skipif(bool(_TOOLS) and os.environ.get("RULETREE_REQUIRE_BUILD_TOOLS") != "1",
                                reason=f"{', '.join(_TOOLS)} not found: apt-get install poppler-utils")


def _tool(name: str) -> str:
    found = shutil.which(name)
    assert found, f"{name} not found (apt-get install poppler-utils; RULETREE_REQUIRE_BUILD_TOOLS=1)"
    return found


def pdf_text(path: Path, first: int | None = None, last: int | None = None) -> str:
    """The PDF's text in the order it is drawn (-raw: a table cell's lines stay together)."""
    pages = (["-f", str(first)] if first else []) + (["-l", str(last)] if last else [])
    return subprocess.run([_tool("pdftotext"), "-raw", *pages, str(path), "-"], capture_output=True, text=True,
                          check=True, timeout=60).stdout


def squeeze(text: str) -> str:
    """Without any white space: a condition wrapped over two lines of its cell still matches."""
    return re.sub(r"\s+", "", text)


def pages(path: Path) -> int:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", out).group(1))


@pytest.fixture(scope="module")
def heart(tmp_path_factory):
    """CART on the Chinese demo (heart_zh: Chinese names and values), saved as a model file."""
    folder = tmp_path_factory.mktemp("heart")
    project = load_project(DEMO / "heart_zh.rtproj")
    table = read_table(DEMO / "heart_zh.xlsx")
    model = train_model(get("cart"), table, project.spec, {}).model
    model.save(folder / "cart.json")
    return folder / "cart.json"


@pytest.fixture(scope="module")
def heart_pdfs(heart, tmp_path_factory):
    folder = tmp_path_factory.mktemp("heart_pdf")
    out = {}
    for lang in ("en", "zh"):
        out[lang] = folder / f"report-{lang}.pdf"
        assert cli.main(["--lang", lang, "report", str(heart), "--data", str(DEMO / "heart_zh.xlsx"),
                         "--pdf", str(out[lang])]) == 0
    return out


def _naive_baseline(y: np.ndarray, k: int, seed: int) -> float:
    """Always the commonest class of the other folds, scored on each fold; the folds' mean."""
    fold, _ = stratified_folds(y, k, seed)
    shares = []
    for f in range(k):
        commonest = np.bincount(y[fold != f]).argmax()
        shares.append(np.mean(y[fold == f] == commonest))
    return float(np.mean(shares))


def test_the_report_holds_every_rule_and_the_cross_validated_headline(heart, heart_pdfs):
    model = load_model(heart)
    data = read_model_data(model, DEMO / "heart_zh.xlsx")
    figures = report_figures(model, data, data_file=str(DEMO / "heart_zh.xlsx"))
    text = squeeze(pdf_text(heart_pdfs["en"]))
    assert len(figures.rules) == model.tree.n_leaves >= 4
    for rule in figures.rules:
        assert squeeze(rule.conditions) in text, rule.conditions
        assert squeeze(f"{rule.number}") in text
    # support and confidence of each rule, as the leaves hold them
    for leaf in model.tree.leaves():
        node = model.tree.nodes[leaf]
        assert squeeze(f"{100 * node.counts[node.label] / node.weight:.1f} %") in text
    # the headline: cross-validated accuracy beside the baseline, computed here by hand
    baseline = _naive_baseline(data.y, 10, 0)
    assert f"{100 * baseline:.1f} %" in figures.headline
    assert squeeze(figures.headline) in text
    assert squeeze("Cross-validated accuracy (10 folds)") in text
    # the data's fingerprint, and the confusion matrix sums to the rows
    assert model.trained_on["sha256"] in text
    assert figures.confusion.sum() == data.n


def test_the_folds_and_the_seed_are_the_reports(heart):
    model = load_model(heart)
    data = read_model_data(model, DEMO / "heart_zh.xlsx")
    ten, five = report_figures(model, data, cv=10), report_figures(model, data, cv=5)
    other_seed = report_figures(model, data, cv=10, seed=3)
    assert "(5 folds)" in five.headline and "(10 folds)" in ten.headline
    assert f"{100 * _naive_baseline(data.y, 5, 0):.1f} %" in five.headline
    assert other_seed.metric_rows != ten.metric_rows  # other folds, other figures


def test_the_chinese_report_is_in_chinese_with_the_font_embedded(heart, heart_pdfs):
    path = heart_pdfs["zh"]
    text = pdf_text(path)
    model = load_model(heart)
    with using("zh_CN"):
        figures = report_figures(model)
    assert "决策树" in text and "规则" in text
    for rule in figures.rules:  # the conditions' words in Chinese ("且" for AND)
        assert squeeze(rule.conditions) in squeeze(text)
    assert any("且" in r.conditions for r in figures.rules)
    fonts = subprocess.run([_tool("pdffonts"), str(path)], capture_output=True, text=True, check=True).stdout
    embedded = [line for line in fonts.splitlines()[2:] if line.split()[-5] == "yes"]
    assert any("TrueType" in line for line in embedded), fonts


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_pages_render(heart_pdfs, lang, tmp_path):
    # deferred: Pillow reads the rendered page (a dependency of the test tools)
    from PIL import Image

    subprocess.run([_tool("pdftoppm"), "-r", "40", "-png", str(heart_pdfs[lang]), str(tmp_path / "p")], check=True,
                   timeout=120)
    rendered = sorted(tmp_path.glob("p-*.png"))
    assert len(rendered) == pages(heart_pdfs[lang]) >= 3  # the text, the tree, the rules
    for png in rendered:
        pixels = np.asarray(Image.open(png).convert("L"))
        assert (pixels < 240).mean() > 0.005, png  # ink on every page


def test_a_small_tree_is_drawn_on_one_page_with_every_box(heart, heart_pdfs):
    model = load_model(heart)
    plan = tree_plan(model.tree, 800, 470)
    assert len(plan.tiles) == 1 and plan.max_depth is None
    tree_page = squeeze(pdf_text(heart_pdfs["zh"], 2, 2))
    with using("zh_CN"):
        for i in range(len(model.tree.nodes)):
            assert squeeze(node_heading(model.tree, i)) in tree_page


@pytest.fixture(scope="module")
def car(tmp_path_factory):
    folder = tmp_path_factory.mktemp("car")
    project = load_project(DEMO / "car_evaluation.rtproj")
    model = train_model(get("c45"), read_table(DEMO / "car_evaluation.xlsx"), project.spec, {}).model
    model.save(folder / "c45.json")
    return folder / "c45.json"


def test_a_large_tree_goes_over_pages_where_every_box_is_whole_on_one(car):
    tree = load_model(car).tree
    plan = tree_plan(tree, 800, 470)
    assert plan.max_depth is None and 1 < len(plan.tiles) <= MAX_TREE_PAGES
    w, h = 800 / plan.scale, 470 / plan.scale
    for x, y in plan.positions.values():
        box = (x - NODE_WIDTH / 2, y - NODE_HEIGHT / 2 - LABEL_HEIGHT, x + NODE_WIDTH / 2, y + NODE_HEIGHT / 2)
        assert any(x0 <= box[0] and box[2] <= x0 + w and y0 <= box[1] and box[3] <= y0 + h for x0, y0 in plan.tiles)
    # on pages too small for it, the drawing stops at a depth and stays within the pages allowed
    small = tree_plan(tree, 200, 120)
    assert small.max_depth is not None and small.max_depth < tree.depth and len(small.tiles) <= MAX_TREE_PAGES


def test_the_cost_problem_is_judged_by_its_cost_per_case(car, tmp_path):
    out = tmp_path / "car.pdf"
    assert cli.main(["report", str(car), "--data", str(DEMO / "car_evaluation.xlsx"), "--cv", "5",
                     "--pdf", str(out)]) == 0
    text = squeeze(pdf_text(out))
    assert squeeze("Cross-validated total cost per case (5 folds)") in text
    model = load_model(car)
    for rule in report_figures(model).rules:
        assert squeeze(rule.conditions) in text
    assert squeeze("Tree: the whole of it") in text  # the overview before the parts


def test_without_data_the_report_says_it_has_no_figures(heart, tmp_path, capsys):
    out = tmp_path / "no-data.pdf"
    assert cli.main(["report", str(heart), "--pdf", str(out)]) == 0
    text = squeeze(pdf_text(out))
    assert squeeze("No data was given") in text and "Cross-validated" not in text


def test_an_edited_model_is_scored_with_its_edits_replayed(heart, tmp_path):
    model = load_model(heart)
    edited_path = tmp_path / "edited.json"
    assert cli.main(["edit", str(heart), "--data", str(DEMO / "heart_zh.xlsx"), "--at", "root", "--prune",
                     "--out", str(edited_path)]) == 0
    edited = load_model(edited_path)
    data = read_model_data(edited, DEMO / "heart_zh.xlsx")
    figures = report_figures(edited, data, cv=5)
    assert figures.edited and all(row[2] for row in figures.metric_rows)  # the learner alone beside it
    assert len(figures.rules) == 1 < model.tree.n_leaves
    # a single leaf answers the commonest class: the same accuracy as the baseline
    accuracy = next(row for row in figures.metric_rows if row[0] == "accuracy")
    assert accuracy[1].split(" ±")[0] == accuracy[3].split(" %")[0]


def test_markup_in_names_stays_text(tmp_path):
    csv = tmp_path / "odd.csv"
    rows = ["<b>size</b> & co,colour,class"] + [f"{i % 7},{'red' if i % 3 else '<i>blue</i>'},{'yes' if i % 7 > 3 else 'no'}"
                                                for i in range(60)]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    table = read_table(csv)
    model = train_model(get("cart"), table, ProblemSpec(target="class"), {}).model
    data = read_model_data(model, csv)
    out = tmp_path / "odd.pdf"
    write_report(report_figures(model, data, data_file=str(csv), cv=3), out)
    text = pdf_text(out)
    assert "<b>size</b> & co" in text


def test_no_font_for_chinese_is_refused_in_words(heart, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("engine.report_fonts.CANDIDATES", ())
    monkeypatch.setattr("engine.report_fonts._fc_match", lambda: [])
    monkeypatch.setenv("RULETREE_REPORT_FONT", str(tmp_path / "none.ttf"))
    assert font_for(["plain"]).file is None  # Latin-1 needs none
    with pytest.raises(FontUnavailable) as caught:
        font_for(["诊断"])
    assert caught.value.code == "no_font"
    out = tmp_path / "zh.pdf"
    assert cli.main(["report", str(heart), "--pdf", str(out)]) == 2
    assert "fonts-wqy-microhei" in capsys.readouterr().err and not out.exists()


def test_the_font_named_in_the_environment_is_used(monkeypatch):
    found = font_for(["诊断"]).file
    assert found is not None
    monkeypatch.setattr("engine.report_fonts.CANDIDATES", ())
    monkeypatch.setattr("engine.report_fonts._fc_match", lambda: [])
    monkeypatch.setenv("RULETREE_REPORT_FONT", found)
    assert font_for(["诊断"]).file == found
