"""The command line and the comparison workbook in Chinese (`ruletree --lang zh_CN ...`).

Texts a person reads (tables' headings, summaries, help, the workbook's sheets, headers and
notes) come out in Chinese; the `--json` output is the same in both languages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compare_helpers import untimed
from engine import i18n
from engine.cli import build_parser
from engine.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[1]
IRIS = str(ROOT / "tests" / "data" / "datasets" / "iris.csv")
CAR_PROJECT = str(ROOT / "resources" / "demo" / "car_evaluation.rtproj")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def run(capsys, *args) -> tuple[int, str, str]:
    status = cli_main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_info_in_chinese(capsys):
    status, out, _err = run(capsys, "--lang", "zh_CN", "info", IRIS)
    assert status == 0
    assert "150 行，5 列" in out
    for word in ("列", "类型", "缺失", "不同值", "取值", "（目标列）", "数值型", "名义型", "个类别"):
        assert word in out, word
    assert '目标列“class”（最后一列；可用 --target 选择其他列）：3 个类别' in out
    status, english, _err = run(capsys, "info", IRIS)
    assert status == 0 and "150 rows, 5 columns" in english and "类" not in english


def test_info_of_a_project_in_chinese(capsys):
    status, out, _err = run(capsys, "--lang", "zh_CN", "info", "--project", CAR_PROJECT)
    assert status == 0
    for word in ("设置：", "类别顺序：", "有序型", "单调递减", "测试代价", "批量属性组", "公共代价", "误分类代价",
                 "设置：有效", "4 个有序类别"):
        assert word in out, word


@pytest.mark.parametrize("args", [["info", IRIS, "--json"], ["info", "--project", CAR_PROJECT, "--json"],
                                  ["algorithms", "--json"]])
def test_json_is_the_same_in_both_languages(capsys, args):
    status, english, _err = run(capsys, "--lang", "en", *args)
    assert status == 0
    status, chinese, _err = run(capsys, "--lang", "zh_CN", *args)
    assert status == 0
    assert chinese == english
    assert json.loads(chinese)


def test_algorithms_in_chinese(capsys):
    status, out, _err = run(capsys, "--lang", "zh_CN", "algorithms")
    assert status == 0
    assert "使用：" in out and "uses:" not in out
    assert "约束：" in out and "constraint:" not in out
    status, english, _err = run(capsys, "algorithms")
    assert status == 0 and "uses: " in english and "使用" not in english


def test_help_in_chinese():
    i18n.set_language("zh_CN")
    text = build_parser().format_help()
    assert "从电子表格生成决策树" in text and "列、类型、缺失值、类别；检查项目" in text
    i18n.set_language("en")
    assert "decision trees and IF-THEN rules from spreadsheets" in build_parser().format_help()


def test_every_subcommand_help_formats_in_chinese():
    """argparse %-formats help texts: a translation must not bring a bare % in."""
    i18n.set_language("zh_CN")
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "command")
    for name, sub in subparsers.choices.items():
        assert sub.format_help(), name


def test_user_error_in_chinese(capsys):
    status, _out, err = run(capsys, "--lang", "zh_CN", "compare", IRIS, "--algorithms", "c45", "--jobs", "0")
    assert status == 2
    assert err.strip() == "ruletree：错误：--jobs 至少为 1"


@pytest.fixture(scope="module")
def iris_comparison():
    from engine.compare import Entry, Scheme, compare
    from engine.compare.significance import significance
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.spec import ProblemSpec

    table = read_table(IRIS)
    spec = ProblemSpec(target="class")
    data = encode(table, spec)
    result = compare(data, spec, [Entry("c45"), Entry("cart")], Scheme(cv=3), jobs=1)
    return result, significance(result)


def test_comparison_workbook_in_chinese(tmp_path, iris_comparison):
    from openpyxl import load_workbook

    from engine.compare.workbook import write_comparison

    result, tests = iris_comparison
    with i18n.using("zh_CN"):
        write_comparison(tmp_path / "zh.xlsx", result, tests)
    write_comparison(tmp_path / "en.xlsx", result, tests)
    zh, en = load_workbook(tmp_path / "zh.xlsx"), load_workbook(tmp_path / "en.xlsx")
    assert zh.sheetnames == ["汇总", "各折", "显著性"]
    assert en.sheetnames == ["Summary", "Folds", "Significance"]
    header = [c.value for c in zh["汇总"][1]]
    assert header[:3] == ["算法", "准确率均值", "准确率标准差"]
    assert [c.value for c in zh["各折"][1]][:4] == ["算法", "折", "训练行数", "测试行数"]
    sig = [c.value for c in zh["显著性"][1]]
    assert sig[:3] == ["算法", "准确率均值", "校正 t"] and sig[-1] == "与 c45 相比"
    notes = [row[0] for row in zh["显著性"].iter_rows(values_only=True) if row[0]]
    assert any(str(n).startswith("注意：同一数据集的各折不是独立样本") for n in notes)
    assert [c.value for c in en["Summary"][1]][:3] == ["algorithm", "accuracy mean", "accuracy std"]
    # the data are the same: entry names and numbers
    assert [r[0] for r in zh["汇总"].iter_rows(min_row=2, values_only=True)] == \
        [r[0] for r in en["Summary"].iter_rows(min_row=2, values_only=True)]


def test_significance_json_stays_english(iris_comparison):
    result, tests = iris_comparison
    english = [tests.for_entry(name) for name in result.names]
    with i18n.using("zh_CN"):
        chinese = [tests.for_entry(name) for name in result.names]
    assert chinese == english
    assert english[0]["caveat"].startswith("the folds of one data set")


def test_compare_text_and_json(capsys):
    args = ["compare", IRIS, "--algorithms", "c45,cart", "--cv", "3", "--jobs", "1"]
    status, out, _err = run(capsys, "--lang", "zh_CN", *args)
    assert status == 0
    for word in ("2 个算法和 baseline (majority) 于 iris.csv（150 行），3 折交叉验证 × 1，随机种子 0",
                 "算法", "准确率", "显著性检验（准确率，越高越好），与 c45 比较", "（参照）", "平均秩", "注意："):
        assert word in out, word
    status, english_json, _err = run(capsys, "--lang", "en", *args, "--json")
    assert status == 0
    status, chinese_json, _err = run(capsys, "--lang", "zh_CN", *args, "--json")
    assert status == 0
    assert untimed(json.loads(chinese_json)) == untimed(json.loads(english_json))


def test_argparse_own_words_in_chinese_and_unchanged_in_english(capsys):
    """argparse's usage line, headings and errors are ours to translate (engine.cli.ARGPARSE_WORDS)."""
    from engine.cli import main

    assert main(["--lang", "zh_CN", "evaluate", "data.csv"]) == 2
    assert "缺少必需的参数：--algorithm" in capsys.readouterr().err
    assert main(["evaluate", "data.csv"]) == 2
    assert "the following arguments are required: --algorithm" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--lang", "zh_CN", "info", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("用法：ruletree info") and "位置参数" in out and "显示此帮助信息并退出" in out


def test_a_translation_losing_a_percent_placeholder_is_refused(tmp_path):
    from engine import i18n

    pkg = tmp_path / "engine"
    pkg.mkdir()
    (pkg / "m.py").write_text('from engine.i18n import _\nx = _("unrecognized arguments: %s")\n', encoding="utf-8")
    ts = tmp_path / "t.ts"
    i18n.update_catalogue("zh_CN", ts, pkg, fills={"unrecognized arguments: %s": "无法识别的参数"})
    assert any("placeholders" in p for p in i18n.problems("zh_CN", ts, pkg))


def test_consult_in_chinese_says_its_rules_in_chinese_and_logs_english(tmp_path, capsys):
    """`ruletree --lang zh_CN consult`: the rule that decided is printed in Chinese (如果 … 则 …);
    the session log (--log) keeps the English rule lines."""
    root = Path(__file__).resolve().parents[1]
    demo = str(root / "resources" / "demo" / "car_evaluation.rtproj")
    model = tmp_path / "car.json"
    assert cli_main(["train", "--project", demo, "--algorithm", "cart", "--out", str(model)]) == 0
    answers = {"buying": "low", "maint": "low", "doors": "4", "persons": "4", "lug_boot": "big", "safety": "high"}
    (tmp_path / "a.json").write_text(json.dumps(answers))
    capsys.readouterr()
    assert cli_main(["--lang", "zh_CN", "consult", str(model), "--project", demo, "--answers",
                     str(tmp_path / "a.json"), "--log", str(tmp_path / "log.json")]) == 0
    out = capsys.readouterr().out
    because = [line for line in out.splitlines() if line.strip().startswith("因为")]
    assert because and "如果 " in because[0] and " 则 " in because[0] and "IF " not in out
    log = json.loads((tmp_path / "log.json").read_text(encoding="utf-8"))
    assert log["outcome"]["rules"][0].startswith("IF ")
