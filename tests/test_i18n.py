"""The engine's translation layer (engine.i18n) and the zh_CN catalogue.

The catalogue must be complete: every string the engine marks with _() or N_()
has a finished zh_CN translation with the same {placeholders} (CI fails
otherwise; `python -m engine.i18n extract` adds new strings, a translator
finishes them in Qt Linguist). English output never changes; JSON keys and
data keys never change with the language.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine import i18n
from engine.cli import main as cli_main
from engine.errors import DataError, OptionError, RuleTreeError

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _english_after():
    """Every test leaves the engine as the suite expects it: English."""
    yield
    i18n.set_language("en")


@pytest.fixture
def bad_csv(tmp_path) -> Path:
    """A CSV whose row 4, column "age" holds a number too large for a float (read as infinity)."""
    path = tmp_path / "bad.csv"
    path.write_text("age,colour,class\n1,red,yes\n2,blue,no\n1e999,red,yes\n3,blue,no\n", encoding="utf-8")
    return path


@pytest.fixture
def good_csv(tmp_path) -> Path:
    rows = ["age,colour,class"] + [f"{a},{c},{'yes' if a > 3 and c == 'red' else 'no'}" for a in range(1, 9)
                                   for c in ("red", "blue") for _copy in range(3)]
    path = tmp_path / "good.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def run_cli(*args, env_lang=None):
    env = dict(os.environ)
    env.pop("RULETREE_LANG", None)
    env["LANG"] = env["LC_ALL"] = "C.UTF-8"
    env.pop("LANGUAGE", None)
    if env_lang is not None:
        env["RULETREE_LANG"] = env_lang
    return subprocess.run([sys.executable, "-m", "engine.cli", *args], capture_output=True, text=True,
                          encoding="utf-8", env=env, cwd=ROOT, timeout=300)


# ---- the catalogue -------------------------------------------------------------------------


def test_catalogue_is_complete():
    problems = i18n.problems("zh_CN")
    assert not problems, "untranslated or unfinished engine strings (run `python -m engine.i18n extract`, " \
                         "translate them in resources/i18n/engine_zh_CN.ts):\n" + "\n".join(problems)


def test_no_unusable_marks():
    """No f-string inside _() (it cannot be looked up), no function that shadows _ and calls it."""
    assert i18n.non_literal_marks() == []
    assert i18n.shadowed_marks() == []


def test_catalogue_has_the_glossary_terms():
    table = i18n.load_catalogue(i18n.catalogue_path("zh_CN"))
    assert table["PENDING"][1] == "待定"
    assert table["avg_misclassification_cost"][1] == "平均误分类代价"
    assert table["avg_test_cost"][1] == "平均测试代价"
    assert table["avg_waiting_cost"][1] == "平均等待时间代价"
    glossary = (ROOT / "resources" / "i18n" / "glossary.md").read_text(encoding="utf-8")
    for term in ("属性依赖度", "属性纯度", "模糊熵", "层次模糊熵", "误分类代价", "测试代价", "等待时间代价",
                 "待定", "序贯判别树", "如果", "则"):
        assert term in glossary


def test_extraction_finds_a_new_string_and_marks_it_unfinished(tmp_path):
    pkg = tmp_path / "engine"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "sub" / "mod.py").write_text(textwrap.dedent('''
        from engine.i18n import N_, _

        NAMES = {"a": N_("marked for later")}

        def f(x):
            return _("a new message about {x}" " in two literals").format(x=x)

        def g(y):
            return _(y)  # a variable: translated, not extracted
    '''), encoding="utf-8")
    found = i18n.extract(pkg)
    assert set(found) == {"marked for later", "a new message about {x} in two literals"}
    assert found["marked for later"][0].startswith("engine/sub/mod.py:")
    ts = tmp_path / "t.ts"
    counts = i18n.update_catalogue("zh_CN", ts, pkg)
    assert counts == {"new": 2, "vanished": 0, "kept": 0, "filled": 0}
    assert len(i18n.problems("zh_CN", ts, pkg)) == 2  # both unfinished
    # a translation kept; a string gone from the source is marked vanished
    i18n.write_catalogue(ts, "zh_CN", [(src, "译文" if src == "marked for later" else tr, None if
                                        src == "marked for later" else state, [])
                                       for src, tr, state in i18n.load_catalogue(ts).values()])
    (pkg / "sub" / "mod.py").write_text('from engine.i18n import _\nx = _("marked for later")\n', encoding="utf-8")
    counts = i18n.update_catalogue("zh_CN", ts, pkg)
    assert counts["vanished"] == 1 and counts["kept"] == 1
    table = i18n.load_catalogue(ts)
    states = sorted(state or "finished" for _src, _tr, state in table.values())
    assert states == ["finished", "vanished"]
    # a translator's batch (--fill): finished at once, and only for strings in the source
    counts = i18n.update_catalogue("zh_CN", ts, pkg, fills={"marked for later": "稍后标记", "not in source": "无"})
    assert counts["filled"] == 1
    assert i18n.load_catalogue(ts)["marked for later"] == ("marked for later", "稍后标记", None)
    assert "not in source" not in i18n.load_catalogue(ts)


def test_placeholders_must_match(tmp_path):
    pkg = tmp_path / "engine"
    pkg.mkdir()
    (pkg / "m.py").write_text('from engine.i18n import _\n_("row {row} of {n}")\n', encoding="utf-8")
    ts = tmp_path / "t.ts"
    i18n.write_catalogue(ts, "zh_CN", [("row {row} of {n}", "第 {row} 行", None, [])])
    (problem,) = i18n.problems("zh_CN", ts, pkg)
    assert "placeholders" in problem


def test_catalogue_with_entities_is_refused(tmp_path):
    ts = tmp_path / "evil.ts"
    ts.write_text('<?xml version="1.0"?><!DOCTYPE TS [<!ENTITY a "aaaa">]><TS><context><name>engine</name>'
                  "<message><source>x</source><translation>&a;</translation></message></context></TS>",
                  encoding="utf-8")
    with pytest.raises(ValueError, match="entity"):
        i18n.load_catalogue(ts)


# ---- choosing the language ------------------------------------------------------------------


def test_unknown_language_names_the_accepted_ones():
    with pytest.raises(i18n.LanguageUnavailable) as err:
        i18n.set_language("fr")
    assert "fr" in str(err.value) and "en" in str(err.value) and "zh_CN" in str(err.value)
    assert err.value.code == "bad_language"


@pytest.mark.parametrize("name, expected", [("zh_CN", "zh_CN"), ("zh-cn", "zh_CN"), ("zh_CN.UTF-8", "zh_CN"),
                                            ("zh", "zh_CN"), ("en_US.UTF-8", "en"), ("C", "en"), ("POSIX", "en"),
                                            ("de_DE", None), ("", None)])
def test_normalize(name, expected):
    assert i18n.normalize(name) == expected


def test_language_follows_env_then_locale(monkeypatch):
    monkeypatch.delenv("RULETREE_LANG", raising=False)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert i18n.set_language(None) == "zh_CN"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.set_language(None) == "en"  # no German catalogue: English
    monkeypatch.setenv("RULETREE_LANG", "zh_CN")
    assert i18n.set_language(None) == "zh_CN"


def test_using_restores_the_language_before():
    i18n.set_language("en")
    with i18n.using("zh_CN"):
        assert i18n.language() == "zh_CN"
        assert i18n._("PENDING") == "待定"
    assert i18n.language() == "en"
    assert i18n._("PENDING") == "PENDING"


def test_error_place_in_both_languages():
    exc = DataError("x", file="/data/d.csv", sheet="S", row=5, column="age")
    assert str(exc) == 'file "d.csv", sheet "S", row 5, column "age": x'
    with i18n.using("zh_CN"):
        assert str(exc) == "文件“d.csv”，工作表“S”，第 5 行，列“age”：x"
        assert RuleTreeError("y", field="budget").place == "设置项 budget"


# ---- the command line -----------------------------------------------------------------------


def test_data_error_in_chinese_names_file_row_and_column(bad_csv, capsys):
    assert cli_main(["--lang", "zh_CN", "evaluate", str(bad_csv), "--algorithm", "c45"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("ruletree：错误：")
    assert "文件“bad.csv”" in err and "第 4 行" in err and "列“age”" in err
    assert "不是有限数" in err
    assert i18n.language() == "en"  # main restored the language it found


def test_data_error_in_chinese_from_the_environment(bad_csv):
    done = run_cli("evaluate", str(bad_csv), "--algorithm", "c45", env_lang="zh_CN")
    assert done.returncode == 2
    assert "文件“bad.csv”" in done.stderr and "第 4 行" in done.stderr and "列“age”" in done.stderr


def test_lang_option_wins_over_the_environment(bad_csv):
    done = run_cli("evaluate", str(bad_csv), "--algorithm", "c45", "--lang", "en", env_lang="zh_CN")
    assert done.returncode == 2
    assert done.stderr.strip() == ('ruletree: error: file "bad.csv", row 4, column "age": the value is not a '
                                   "finite number (inf: too large, or infinity); fix or clear the cell")


def test_english_by_default_is_unchanged(bad_csv, capsys):
    assert cli_main(["evaluate", str(bad_csv), "--algorithm", "c45"]) == 2
    english = capsys.readouterr().err
    assert cli_main(["--lang", "en", "evaluate", str(bad_csv), "--algorithm", "c45"]) == 2
    assert capsys.readouterr().err == english
    assert english.startswith('ruletree: error: file "bad.csv", row 4, column "age": ')


def test_unknown_lang_option_is_a_user_error(good_csv):
    done = run_cli("--lang", "fr", "info", str(good_csv))
    assert done.returncode == 2
    assert "accepted: en, zh_CN" in done.stderr
    done = run_cli("info", str(good_csv), env_lang="klingon")
    assert done.returncode == 2 and "RULETREE_LANG" in done.stderr


def test_evaluate_table_in_chinese_and_json_the_same(good_csv, capsys):
    args = ["evaluate", str(good_csv), "--algorithm", "c45", "--cv", "2"]
    assert cli_main(["--lang", "zh_CN", *args]) == 0
    out = capsys.readouterr().out
    assert "2 折交叉验证" in out and "准确率" in out and "叶节点数" in out
    assert cli_main(["--lang", "zh_CN", *args, "--json"]) == 0
    zh = json.loads(capsys.readouterr().out)
    assert cli_main(["--lang", "en", *args, "--json"]) == 0
    en = json.loads(capsys.readouterr().out)

    def keys(obj):
        if isinstance(obj, dict):
            return {k: keys(v) for k, v in obj.items()}
        if isinstance(obj, list):
            return [keys(v) for v in obj]
        return None

    assert keys(zh) == keys(en)
    assert "accuracy" in zh["metrics"]
    assert zh["metrics"].keys() == en["metrics"].keys()


def test_rules_and_workbook_in_chinese(good_csv, tmp_path, capsys):
    from openpyxl import load_workbook

    model = tmp_path / "m.json"
    assert cli_main(["train", str(good_csv), "--algorithm", "c45", "--out", str(model)]) == 0
    capsys.readouterr()
    book = tmp_path / "rules.xlsx"
    assert cli_main(["--lang", "zh_CN", "rules", str(model), "--xlsx", str(book)]) == 0
    out = capsys.readouterr().out
    assert "如果 " in out and " 则 " in out and "支持度" in out
    wb = load_workbook(book)
    assert wb.sheetnames[:4] == ["规则", "决策树", "指标", "设置"]
    rules = wb["规则"]
    assert [c.value for c in rules[1]][:3] == ["规则", "如果（条件）", "则"]
    texts = [r[1] for r in rules.iter_rows(min_row=2, values_only=True)]
    assert any(" 且 " in t for t in texts), texts
    assert not any("AND" in t for t in texts)
    # JSON (for programs) keeps the English keywords and keys whatever the language
    assert cli_main(["--lang", "zh_CN", "rules", str(model), "--json"]) == 0
    zh = json.loads(capsys.readouterr().out)
    assert cli_main(["rules", str(model), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == zh
    assert all(r["rule"].startswith("IF ") for r in zh)


def test_workbook_in_english_is_unchanged(good_csv, tmp_path, capsys):
    from openpyxl import load_workbook

    model = tmp_path / "m.json"
    assert cli_main(["train", str(good_csv), "--algorithm", "c45", "--out", str(model)]) == 0
    book = tmp_path / "rules.xlsx"
    assert cli_main(["rules", str(model), "--xlsx", str(book)]) == 0
    out = capsys.readouterr().out
    assert " THEN " in out and "[support " in out
    wb = load_workbook(book)
    assert wb.sheetnames[:4] == ["Rules", "Tree", "Metrics", "Settings"]
    assert [c.value for c in wb["Rules"][1]][:3] == ["rule", "IF (conditions)", "THEN"]
    assert [c.value for c in wb["Metrics"][1]][:3] == ["metric", "mean", "std"]


def test_window_start_with_lang_is_still_a_window_start():
    from engine.cli import is_window_start, split_lang

    assert is_window_start(["--lang", "zh_CN"])
    assert not is_window_start(["--lang", "zh_CN", "evaluate", "x.csv"])
    assert not is_window_start(["--lang=en", "info"])
    assert split_lang(["info", "--lang", "zh_CN", "d.csv"]) == ("zh_CN", ["info", "d.csv"])
