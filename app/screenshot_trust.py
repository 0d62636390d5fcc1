"""The trust layer (issue 39) as a new user meets it, at 1400 x 900: the README's pictures.

    python app/screenshot_trust.py [--lang en|zh_CN] OUT_DIR

On the heart-disease demo (a Chinese workbook, 303 cases) with C4.5 at its defaults, writes:

  trust_rules.png        the Rules tab: each rule's support, its Wilson interval and the
                         "few cases" flag
  trust_tree.png         the Tree tab with "show intervals" and "show stability" on (the stability
                         counted over bootstrap refits of the training rows): each node's interval
                         in its box, a bar for how often the same split came back
  trust_consult.png      a consultation of a patient aged 130 (the oldest training case is 77) down a
                         rule of three training cases: the answer, "few cases" and the note on the age
  trust_predictions.png  File > Predict a file on 40 new patients, three planted outside what the model
                         has seen: those rows tinted, the warning column saying why (its own size)

As app/screenshot_views.py does: `--lang zh_CN` installs that language before the window is built,
modal dialogs are answered (and printed), never shown, and the user data folder and settings are a
temporary folder's. The README's pictures:

    QT_QPA_PLATFORM=offscreen python app/screenshot_trust.py resources/screenshots/trust/en
    QT_QPA_PLATFORM=offscreen python app/screenshot_trust.py --lang zh_CN resources/screenshots/trust/zh_CN
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: the pictures, by name
SHOTS = ("trust_rules", "trust_tree", "trust_consult", "trust_predictions")
#: the consulted patient (the rest as row 0 of the demo): down the rule that tests age last, aged 130
OUTSIDE = {"地中海贫血": "可逆缺损", "胸痛类型": "典型心绞痛", "血清胆固醇": "250", "年龄": "130"}


def main(argv: list[str]) -> int:
    # deferred: run as a script, the checkout's root is on sys.path only once __main__ has put it there
    from app.screenshot_tour import split_lang

    lang, argv = split_lang(argv)
    if len(argv) != 1:
        raise SystemExit(__doc__)
    out = os.path.abspath(argv[0])
    os.makedirs(out, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = tempfile.mkdtemp(prefix="ruletree-trust-")
    os.environ["RULETREE_DATA_DIR"] = os.path.join(scratch, "data")
    try:
        return _shoot(lang, out, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _new_patients(path: str) -> str:
    """40 rows of the demo workbook, three of them planted outside what a model has seen."""
    # deferred: pandas and the engine load after the language is chosen (as the window's modules)
    import pandas as pd

    # deferred: as above
    from engine.resources import resources_dir

    frame = pd.read_excel(resources_dir() / "demo" / "heart_zh.xlsx", sheet_name="病例", engine="openpyxl").head(40).copy()
    frame = frame.drop(columns=["诊断"])
    frame.loc[3, "年龄"] = 130
    frame.loc[11, "胸痛类型"] = "未分类"
    frame.loc[25, "最大心率"] = 260
    frame.to_excel(path, sheet_name="新病人", index=False)
    return path


def _shoot(lang: str, out: str, scratch: str) -> int:
    # deferred: loads Qt, pyqtgraph, Numba, off the light path
    from app.screenshot_stage import Stage
    from engine.resources import resources_dir

    stage = Stage(lang, scratch, out)
    window, messages, wait, shot = stage.window, stage.messages, stage.wait, stage.shot

    window.open_path(str(resources_dir() / "demo" / "heart_zh.rtproj"))
    stage.train("c45", 600)

    # 1. the Rules tab: support, interval, the few-cases flag
    window.tabs.setCurrentWidget(window.rules_panel)
    shot(window, "trust_rules")

    # 2. the Tree tab with the intervals in the boxes and the stability bars
    panel = window.tree_panel
    window.tabs.setCurrentWidget(panel)
    panel.depth.setValue(2)
    panel.intervals.setChecked(True)
    panel.stability.setChecked(True)  # counts the stability in a job
    wait([panel.stability_jobs.finished, panel.stability_jobs.failed], 600)
    wait([], 0.5)
    panel.canvas.fit()
    shot(window, "trust_tree")

    # 3. a consultation outside what the model has seen
    consult = window.consult_panel
    window.tabs.setCurrentWidget(consult)
    consult.confirm_outside = lambda text: (messages.append(text), True)[1]
    consult.case_name.setText("病人 130 岁" if lang.startswith("zh") else "patient aged 130")
    consult.new_case()
    # deferred: pandas, once the window has trained (a script's own pace)
    import pandas as pd

    first = pd.read_excel(resources_dir() / "demo" / "heart_zh.xlsx", sheet_name="病例", engine="openpyxl").iloc[0].to_dict()
    for _ in range(40):
        if consult.finished() or not consult.inputs:
            break
        name = next(iter(consult.inputs))
        value = OUTSIDE.get(name, str(first.get(name, "")))
        widget = consult.inputs[name]
        if hasattr(widget, "setCurrentText"):
            if widget.findText(value) < 0:
                widget.setEditable(True)
            widget.setCurrentText(value)
        else:
            widget.setText(value)
        if not consult.submit():
            consult.unknown()
    shot(window, "trust_consult")

    # 4. File > Predict a file with three planted rows
    rows = _new_patients(os.path.join(scratch, "新病人.xlsx" if lang.startswith("zh") else "new_patients.xlsx"))
    dialog = window.predict_path(rows)
    if dialog is None:
        print("Predict a file refused:", " | ".join(messages)[-300:])
        return 1
    shot(dialog, "trust_predictions")
    dialog.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, ROOT)
    sys.exit(main(sys.argv[1:]))
