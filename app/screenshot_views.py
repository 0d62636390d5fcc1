"""The third pass's new views (issue 36) at 1400 x 900, as a new user meets them: the README's pictures.

    python app/screenshot_views.py [--lang en|zh_CN] OUT_DIR

Writes seven PNGs into OUT_DIR:

  data_hygiene.png    the Data tab on an awkward loan workbook (tests/test_data_hygiene.py's
                      loan_workbook, 200 cases: Chinese headers, a merged title row, an id column, "—", "36%"):
                      what opening found, the columns left out, the one-click mends
  train_results.png   the Train tab after training CART then C4.5 on it as opened (the credit score
                      read as text): the headline beside the baseline, the warning and the advice
                      (a button to train again), the session's list of models
                      (then, as the Data tab offers, "未提供" is read as missing and C4.5 trained again)
  predictions.png     File > Predict a file on a 1,000-row copy of the workbook: the dialog
                      (its own size, 1200 x 700) with each row's answer and the rule that fired
  user_guide.png      Help > User guide (F1): the guide dialog (its own size)
  tree_ordered.png    the Tree tab of the car demo (unacc < acc < good < vgood) trained with C4.5:
                      ordered classes on the sequential colour scale
  tree_edit.png       (issue 37) the Tree tab of the car demo after CART, its root forced to `safety`
                      and the rest regrown: the forced root drawn as the expert's, the node `root/1`
                      selected with its pane (who made it, its edits, the learner's ranked candidates)
  guideline.png       (issue 37) the Guideline tab with a five-rule guideline typed in the window's
                      language, one attribute misspelt: the problem listed and underlined where it is

The window pictures (data_hygiene, train_results, tree_ordered, tree_edit, guideline) are 1400 x 900 grabs of the whole
window. As app/screenshot_tour.py does: `--lang zh_CN` installs that language before the window is
built, modal dialogs are answered (and printed), never shown, and the user data folder and settings
are a temporary folder's. The README's pictures:

    QT_QPA_PLATFORM=offscreen python app/screenshot_views.py resources/screenshots/views/en
    QT_QPA_PLATFORM=offscreen python app/screenshot_views.py --lang zh_CN resources/screenshots/views/zh_CN
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: the window pictures and the dialogs', by name (the test checks them)
WINDOW_SHOTS = ("data_hygiene", "train_results", "tree_ordered", "tree_edit", "guideline")
DIALOG_SHOTS = ("predictions", "user_guide")
#: the guideline typed on the Guideline tab (a misspelt attribute on the fifth rule)
GUIDELINES = {
    "en": ("# the ward's rule of thumb for cars\n"
           "IF safety = low THEN unacc\n"
           "ELSE IF persons = 2 THEN unacc\n"
           "ELSE IF buying = vhigh AND maint >= high THEN unacc\n"
           "ELSE IF safety = high AND lug_boot = big THEN good\n"
           "ELSE IF buyng = low AND safety = high THEN vgood\n"
           "ELSE acc"),
    "zh_CN": ("# 经验规则\n"
              "如果 safety = low 则 unacc\n"
              "否则如果 persons = 2 则 unacc\n"
              "否则如果 buying = vhigh 且 maint >= high 则 unacc\n"
              "否则如果 safety = high 且 lug_boot = big 则 good\n"
              "否则如果 buyng = low 且 safety = high 则 vgood\n"
              "否则 acc"),
}
#: the loan workbook's cases (tests/test_data_hygiene.py's are 60): enough for C4.5's "too many leaves"
TRAINING_ROWS = 200


def main(argv: list[str]) -> int:
    # deferred: run as a script, the checkout's root is on sys.path only once __main__ has put it there
    from app.screenshot_tour import split_lang

    lang, argv = split_lang(argv)
    if len(argv) != 1:
        raise SystemExit(__doc__)
    out = os.path.abspath(argv[0])
    os.makedirs(out, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = tempfile.mkdtemp(prefix="ruletree-views-")
    # a fresh user data folder: no sessions or recent files of this machine's user in the pictures
    os.environ["RULETREE_DATA_DIR"] = os.path.join(scratch, "data")
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    try:
        return _shoot(lang, out, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _shoot(lang: str, out: str, scratch: str) -> int:
    # deferred: loads Qt, pyqtgraph, Numba, off the light path
    from app.panels.predictions_dialog import PredictionsDialog
    from app.screenshot_stage import Stage
    from engine.data import read_table
    from engine.edits import Edit
    from engine.predicting import predict_table
    from engine.resources import demo_project
    from engine.tree.node_cases import find_node
    from test_data_hygiene import loan_workbook  # tests/: the awkward workbook of issue 36's tests

    stage = Stage(lang, scratch, out)
    window, messages, wait, shot = stage.window, stage.messages, stage.wait, stage.shot
    train = stage.train

    # 1. the Data tab on the awkward workbook, as opened
    name = "贷款申请.xlsx" if lang.startswith("zh") else "loans.xlsx"
    workbook = str(loan_workbook(os.path.join(scratch, name), TRAINING_ROWS))
    window.open_path(workbook)
    window.tabs.setCurrentWidget(window.data_panel)
    shot(window, "data_hygiene")

    # 2. the Train tab after two learners on the file as opened (the credit score read as text):
    # CART prunes to one leaf (said, beside the baseline); C4.5 learns the cases by heart (said, with
    # a button that trains again with larger leaves); both in the session's list of models
    train("cart")
    train("c45")
    window.tabs.setCurrentWidget(window.train_panel)
    shot(window, "train_results")

    # 3. as the Data tab offers: "未提供" read as missing (one click), C4.5 trained again, then
    # File > Predict a file on a 1,000-row copy of the workbook
    fix = window.data_panel.fix_buttons.get(("missing", "信用评分"))
    if fix is not None:
        fix.click()
    train("c45")
    rows = str(loan_workbook(os.path.join(scratch, ("新申请.xlsx" if lang.startswith("zh") else "new_applications.xlsx")),
                             1000))
    said = len(messages)
    dialog = window.predict_path(rows)
    if dialog is None:
        # the window refused the file (the new file's stray "未提供" again: the model's column reads as
        # text there, the project's missing values are not applied to a file predicted). The dialog as
        # it would be had the window read the file as the project reads its own: said, not hidden
        print("Predict a file refused:", " | ".join(messages[said:])[:300])
        table = read_table(rows)
        for column, texts in (window.project.missing_values or {}).items():
            table = table.read_as_missing(column, texts)
        dialog = PredictionsDialog(predict_table(window.model, table), window)
        dialog.show()
    shot(dialog, "predictions")
    dialog.close()

    # 4. Help > User guide (F1)
    guide = window.show_guide()
    shot(guide, "user_guide")
    guide.close()

    # 5. the Tree tab of ordered classes: the car demo (unacc < acc < good < vgood)
    window.open_path(str(demo_project()))
    train("c45")
    window.tabs.setCurrentWidget(window.tree_panel)
    shot(window, "tree_ordered")

    # 6. the expert's hand on the tree: CART, the root forced to safety, the rest regrown, root/1 selected
    train("cart")
    for edit in (Edit("split", "root", attribute="safety", threshold=0.5), Edit("regrow", "root")):
        window.make_edit(edit)
        while window.jobs.busy:  # the regrowth, then the replayed cross-validation
            wait([window.jobs.busy_changed], 300)
    window.tabs.setCurrentWidget(window.tree_panel)
    window.tree_panel.depth.setValue(3)
    window.tree_panel.canvas.fit()
    window.tree_panel.canvas.select_node(find_node(window.model.tree, "root/1"))
    shot(window, "tree_edit")

    # 7. the expert's own guideline, typed, one attribute misspelt
    window.tabs.setCurrentWidget(window.guideline_panel)
    window.guideline_panel.set_text(GUIDELINES["zh_CN" if lang.startswith("zh") else "en"])
    shot(window, "guideline")
    window.close()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, ROOT)
    sys.exit(main(sys.argv[1:]))
