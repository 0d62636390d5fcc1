import os
import sys
from pathlib import Path

# Qt must never need a screen in tests; set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The engine's texts follow RULETREE_LANG, then the system locale: the tests read English
# (tests/test_i18n.py switches to zh_CN on purpose), whatever the machine's locale.
os.environ["RULETREE_LANG"] = "en"

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))  # helpers such as xlsx_builder


@pytest.fixture(scope="session", autouse=True)
def _kernels_warm():
    """Every learner's kernels compiled (or loaded from the cache) once, before the first test
    (issue 43): a test that waits with a time limit — on a job, on a subprocess — must never be
    waiting on a cold compile, which takes minutes on a slow or busy machine. RULETREE_TEST_COLD=1
    skips it (to look at cold behaviour)."""
    if os.environ.get("RULETREE_TEST_COLD") == "1":
        return
    from app.warmup import warm_kernels

    result = warm_kernels()
    assert result.error is None, result.error


@pytest.fixture(autouse=True)
def _user_data_dir(tmp_path_factory, monkeypatch):
    """Logs and sessions of tests go to a temporary folder, never the real one."""
    monkeypatch.setenv("RULETREE_DATA_DIR", str(tmp_path_factory.mktemp("userdata")))


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture
def demo_dir() -> Path:
    return ROOT / "resources" / "demo"


@pytest.fixture
def datasets() -> Path:
    """Benchmark tables the tests use, copied from ../shared/datasets (tests/data/datasets/README.md)."""
    return TESTS / "data" / "datasets"


@pytest.fixture(scope="module")
def glass_csv_folder(tmp_path_factory) -> Path:
    """glass.csv and glass_hierarchy.csv from the bundled demo (the team's copies are not in CI),
    as the reproduce experiments read them."""
    import pandas as pd

    out = tmp_path_factory.mktemp("glass")
    demo = ROOT / "resources" / "demo"
    pd.read_excel(demo / "glass.xlsx", engine="openpyxl").to_csv(out / "glass.csv", index=False)
    (out / "glass_hierarchy.csv").write_bytes((demo / "glass_hierarchy.csv").read_bytes())
    return out
