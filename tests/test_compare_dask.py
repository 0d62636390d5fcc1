"""engine.compare on a Dask distributed cluster: a LocalCluster of 2 worker processes gives the
same results as the threaded run; bad scheduler settings are one-line errors."""

from pathlib import Path

import pytest
from compare_helpers import untimed

from engine.compare import Entry, Scheme, compare
from engine.data import read_table
from engine.data.encode import encode
from engine.data.spec import ProblemSpec
from engine.errors import OptionError

pytest.importorskip("distributed")  # in the test extra; skipped only outside it

CAR = Path(__file__).resolve().parent / "data" / "datasets" / "car_evaluation.csv"


def test_a_local_cluster_gives_the_threaded_results(tmp_path):
    spec = ProblemSpec(target="class")
    data = encode(read_table(CAR), spec)
    entries = [Entry("c45"), Entry("cart"), Entry("id3", {"max_depth": 3})]
    scheme = Scheme(cv=4)
    threaded = compare(data, spec, entries, scheme, jobs=1, executor="threads")
    reports = []
    on_dask = compare(data, spec, entries, scheme, executor="dask", scheduler="local:2",
                      progress=lambda done, total, message: reports.append((done, total)),
                      results=tmp_path / "run.json")
    assert untimed(on_dask.to_json()) == untimed(threaded.to_json())
    assert reports[-1] == (16, 16) and on_dask.computed == 16
    # the results file holds the run: resumed, nothing is computed again
    again = compare(data, spec, entries, scheme, jobs=1, executor="threads", results=tmp_path / "run.json")
    assert again.computed == 0 and untimed(again.to_json()) == untimed(threaded.to_json())


def test_scheduler_settings_are_checked(monkeypatch):
    from engine.compare import runner

    monkeypatch.setattr(runner, "DASK_CONNECT_TIMEOUT", "2s")
    spec = ProblemSpec(target="class")
    data = encode(read_table(CAR), spec)
    with pytest.raises(OptionError, match="needs one"):
        compare(data, spec, [Entry("c45")], Scheme(cv=2), executor="dask")
    with pytest.raises(OptionError, match="goes with the dask executor"):
        compare(data, spec, [Entry("c45")], Scheme(cv=2), scheduler="local:2")
    with pytest.raises(OptionError, match="local:N needs a number of workers"):
        compare(data, spec, [Entry("c45")], Scheme(cv=2), executor="dask", scheduler="local:x")
    with pytest.raises(OptionError, match="no Dask scheduler answers"):
        compare(data, spec, [Entry("c45")], Scheme(cv=2), executor="dask", scheduler="tcp://127.0.0.1:9")
