"""Compare algorithms on one data set (issue 16).

`runner`: entries x folds on threads or worker processes, resumable (`compare`,
`Entry`, `Scheme`, `Comparison`); `baseline`: the majority / least-cost baseline
row; `store`: the versioned results file; `statistics`: significance tests on the
fold scores.
"""

from .baseline import baseline_name
from .runner import (EXECUTORS, TIMING_METRICS, Comparison, Entry, EntryResult, Scheme, UnitDone,
                     applicable_algorithms, applies, compare)
from .store import ResultsFileError

__all__ = ["Comparison", "Entry", "EntryResult", "Scheme", "compare", "applies", "applicable_algorithms",
           "baseline_name", "ResultsFileError", "TIMING_METRICS", "EXECUTORS", "UnitDone"]
