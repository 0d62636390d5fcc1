"""`ProblemSpec`: what the user says about the problem, and its validation.

- `settings.py`: the parts of the settings as dataclasses (AttributeSettings,
  BatchGroup, CostMatrix, SpecProblem) and their JSON writing, and the rule for
  an attribute's fuzzy term names and centres (`fuzzy_term_problems`);
- `problem_spec.py`: `ProblemSpec`, which holds them;
- `reading.py`: `ProblemSpec.from_json`'s shape checks (types, allowed words),
  raising `ProjectFileError` naming the setting;
- `checks.py`: `check(spec, table)` — the settings against each other and the
  data, one checker per section, every problem with the setting it belongs to —
  and `validate`, which raises a `SpecError` holding them all.
"""

from .checks import (
    CHECKS,
    DataFacts,
    check,
    check_for_model,
    class_labels,
    column_labels,
    effective_type,
    find_cycle,
    fuzzified,
    prerequisite_cycle,
    raise_problems,
    validate,
    validate_for_model,
)
from .problem_spec import ProblemSpec
from .reading import _label, _Reader, json_repr, read_problem  # noqa: F401  (_label, _Reader: old imports)
from .settings import (  # noqa: F401  (_MONOTONE_ALIASES: the CLI's --monotone words)
    _MONOTONE_ALIASES,
    MAX_FUZZY_TERMS,
    MONOTONE_DIRECTIONS,
    AttributeSettings,
    BatchGroup,
    CostMatrix,
    SpecProblem,
    _num_out,
    fuzzy_term_problems,
)

__all__ = ["CHECKS", "MAX_FUZZY_TERMS", "MONOTONE_DIRECTIONS", "AttributeSettings", "BatchGroup", "CostMatrix",
           "DataFacts", "ProblemSpec", "SpecProblem", "check", "check_for_model", "class_labels", "column_labels", "effective_type",
           "find_cycle", "fuzzified", "fuzzy_term_problems", "json_repr", "prerequisite_cycle", "raise_problems", "read_problem",
           "validate", "validate_for_model"]
