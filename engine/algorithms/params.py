"""The parameter schema of a learner: names, defaults, bounds and help, declared once.

The CLI (`ruletree algorithms`, `--param K=V`), the GUI's parameter form and
`resolve_params` read it. Learner modules import only this module (never the
registry), so the registry can import them without a cycle.

A parameter belongs to a stage: "fit" parameters shape the tree; "predict"
parameters only change how a fitted tree answers (a test strategy, say), so
changing one never refits. A choice may take its allowed values from the
problem (`choices_from`, e.g. the levels of the class hierarchy), and an
algorithm may check its parameters together (`AlgorithmInfo.check`). A
`required` parameter has no default the learner could fit with (a typed
guideline's rules): `resolve_params` refuses it missing, and a comparison of
"all" algorithms leaves such a learner out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import OptionError
from ..i18n import N_, _

KINDS = ("float", "int", "bool", "choice", "text")
STAGES = ("fit", "predict")


# ---- choices taken from the problem --------------------------------------------------


def hierarchy_levels(spec) -> tuple[int, ...]:
    """1..h for a class hierarchy with levels L_1 (the root, most abstract) .. L_h (most
    specific), ALGORITHMS.md §3.3; () when the problem has no hierarchy.

    A label's level is 1 + its number of ancestors; h is the deepest level."""
    links = {c: p for c, p in (getattr(spec, "hierarchy", None) or {}).items()}
    if not links:
        return ()
    labels = set(links) | {p for p in links.values() if p is not None}
    deepest = 1
    for label in labels:
        level, node = 1, links.get(label)
        while node is not None and level <= len(labels):  # the bound stops a cycle (reported by spec.check)
            level += 1
            node = links.get(node)
        deepest = max(deepest, level)
    return tuple(range(1, deepest + 1))


def _level(value) -> int:
    number = float(value)  # ValueError / TypeError: reported by the caller
    if number != int(number) or number < 1:
        raise ValueError(value)
    return int(number)


@dataclass(frozen=True)
class ChoiceSource:
    """Where a choice's allowed values come from: `values(spec)`; `parse` turns a given
    value (text from the command line, a combo's text) into one of them."""

    values: Callable[[Any], tuple]
    parse: Callable[[Any], Any]
    what: str  # "levels of the class hierarchy"
    setting: str  # the problem setting that supplies them: "hierarchy"
    form: str  # what a value must look like when no problem is known: "a whole number from 1"


CHOICE_SOURCES: dict[str, ChoiceSource] = {
    "hierarchy_levels": ChoiceSource(hierarchy_levels, _level, N_("levels of the class hierarchy"), "hierarchy",
                                     N_("a whole number from 1")),
}


# ---- the words of the choices -------------------------------------------------------------

#: every fixed choice a learner offers, marked for translation: the window shows a choice in its
#: language (the value stays the identifier: files, the command line and JSON take it as it is)
CHOICE_WORDS = (N_("auto"), N_("concordant"), N_("entropy"), N_("exact"), N_("gini"), N_("logistic"), N_("majority"),
                N_("median"), N_("minimum"), N_("negate"), N_("net"), N_("none"), N_("product"), N_("ramp"),
                N_("reciprocal"), N_("test_first"), N_("waiting_first"), N_("fractional"), N_("stop"),
                N_("cost_complexity"), N_("ccp"), N_("sequential"), N_("batch"), N_("hybrid"), N_("planned"),
                N_("all"), N_("quantile"), N_("firing_strength"), N_("class_share"), N_("stay"), N_("node"),
                N_("known"), N_("pessimistic"), N_("categories"), N_("mdl"), N_("sum"), N_("weighted"))


def choice_text(value) -> str:
    """A choice's value as the window shows it, in the current language."""
    return _(str(value)) if str(value) in CHOICE_WORDS else str(value)


# ---- the schema -----------------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    name: str
    default: Any
    help: str
    kind: str = "float"  # float | int | bool | choice | text
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple = ()
    stage: str = "fit"  # fit: shapes the tree | predict: changes only how the tree answers
    choices_from: str | None = None  # a key of CHOICE_SOURCES: the allowed values come from the problem
    required: bool = False  # no default to fit with: the user must give a value (default None)

    def __post_init__(self):
        # a wrong declaration is a bug in a learner module: fail when the module is imported
        if self.kind not in KINDS:
            raise ValueError(f"parameter {self.name}: kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.stage not in STAGES:
            raise ValueError(f"parameter {self.name}: stage must be fit or predict, not {self.stage!r}")
        if self.choices_from is not None:
            if self.choices_from not in CHOICE_SOURCES:
                raise ValueError(f"parameter {self.name}: no choice source {self.choices_from!r} "
                                 f"(known: {', '.join(CHOICE_SOURCES)})")
            if self.kind != "choice" or self.choices:
                raise ValueError(f"parameter {self.name}: choices_from needs kind='choice' and no fixed choices")
        if self.required and self.default is not None:
            raise ValueError(f"parameter {self.name}: a required parameter has no default (None)")

    @property
    def display_help(self) -> str:
        """The help in the current language (`help` stays English: N_-marked where declared)."""
        return _(self.help)

    def allowed(self, spec) -> tuple:
        """The values a choice accepts on this problem (fixed choices need no problem)."""
        if self.choices_from is not None:
            return tuple(CHOICE_SOURCES[self.choices_from].values(spec)) if spec is not None else ()
        return tuple(self.choices)

    def to_json(self) -> dict:
        out = {"name": self.name, "kind": self.kind, "default": self.default, "help": self.help,
               "stage": self.stage}
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.choices:
            out["choices"] = list(self.choices)
        if self.choices_from is not None:
            out["choices_from"] = self.choices_from
        if self.required:
            out["required"] = True
        return out


@dataclass(frozen=True)
class AlgorithmInfo:
    name: str
    family: str
    title: str
    params: tuple[Param, ...] = ()
    uses: tuple[str, ...] = ()  # problem settings it reads: class_order, monotone, hierarchy, costs, ...
    missing: str = "stop"  # prediction's policy for unknown values: stop | majority | fractional
    # how its training cases with a value missing move at a split (engine.tree.node_cases.divide_as_learned):
    # stay | fractional | heavier | oriented_heavier; None: as the prediction's policy (stop: stay, majority: heavier)
    training_missing: str | None = None
    fit: Callable | None = field(default=None, compare=False)
    # check(params) -> None, or a message naming what is wrong with the parameters taken together;
    # its docstring's first line is shown as the constraint in `ruletree algorithms`
    check: Callable[[dict], str | None] | None = field(default=None, compare=False)
    # predict(tree, X, params, missing) -> Prediction when predict-stage parameters change the answer;
    # None: engine.tree.predict with the missing-value policy
    predict: Callable | None = field(default=None, compare=False)
    # parts(data, spec, params) -> engine.tree.grow.GrowthParts: the splitter, choice and stopping its
    # fit grows with (crisp learners whose splits test one attribute); engine.candidates ranks a
    # node's candidates with the same parts. None: the learner has none to rank (fuzzy, trichotomy)
    parts: Callable | None = field(default=None, compare=False)

    @property
    def constraint(self) -> str | None:
        doc = (self.check.__doc__ or "").strip() if self.check is not None else ""
        return doc.splitlines()[0] if doc else None

    @property
    def display_title(self) -> str:
        """The title in the current language (`title` stays English: N_-marked where declared)."""
        return _(self.title)

    @property
    def display_constraint(self) -> str | None:
        """The constraint in the current language (the check's docstring line, N_-marked beside it)."""
        return _(self.constraint) if self.constraint else None

    def stage_params(self, params: dict, stage: str) -> dict:
        """The values of one stage's parameters (fit gets only these, so predict-stage ones never refit)."""
        names = {p.name for p in self.params if p.stage == stage}
        return {k: v for k, v in params.items() if k in names}

    def to_json(self) -> dict:
        out = {"name": self.name, "family": self.family, "title": self.title,
               "params": [p.to_json() for p in self.params], "uses": list(self.uses), "missing": self.missing}
        if self.constraint:
            out["constraint"] = self.constraint
        return out


class Params(dict):
    """A learner's parameters resolved against its schema: defaults filled in, every value
    checked (`resolve_params`). Resolving them again (the workflows pass them on: train, then
    the folds of its cross-validation) returns them as they are, so a run checks each value
    once; only the choices the problem supplies are left for when the problem is known."""

    def __init__(self, values: dict, algorithm: str, problem_checked: bool):
        super().__init__(values)
        self.algorithm = algorithm
        self.problem_checked = problem_checked


def resolve_params(info: AlgorithmInfo, given: dict | None, spec=None) -> Params:
    """Defaults filled in; every value checked against its schema (one clear message).

    Parameters of both stages are accepted. With `spec` (the problem), a choice whose
    values come from the problem is checked against them; then `info.check` sees the
    whole set. `given` already resolved for this algorithm (a `Params`) is returned as it
    is, its problem choices checked first if it was resolved without the problem."""
    sourced = [p for p in info.params if p.choices_from is not None]
    if isinstance(given, Params) and given.algorithm == info.name:
        if given.problem_checked or spec is None or not sourced:
            return given
        out = Params(given, info.name, True)
        for p in sourced:
            out[p.name] = _check_value(info, p, given[p.name], OptionError, spec)
        return out
    given = dict(given or {})
    out = {}
    by_name = {p.name: p for p in info.params}
    for key in given:
        if key not in by_name:
            known = ", ".join(by_name) or _("none")
            raise OptionError(_('{algorithm} has no parameter "{key}" (parameters: {known})').format(
                algorithm=info.name, key=key, known=known), code="bad_option")
    for p in info.params:
        value = given.get(p.name, p.default)
        out[p.name] = _check_value(info, p, value, OptionError, spec)
    if info.check is not None:
        message = info.check(dict(out))
        if message:
            raise OptionError(_("{algorithm} parameters: {message}").format(algorithm=info.name, message=message),
                              code="bad_option")
    return Params(out, info.name, spec is not None or not sourced)


def _check_value(info, p: Param, value, error, spec=None):
    where = _("{algorithm} parameter {name}").format(algorithm=info.name, name=p.name)
    empty = value is None or (p.kind != "choice" and isinstance(value, str) and value.lower() in ("none", "null", ""))
    if p.choices_from is not None and isinstance(value, str) and value.strip().lower() in ("", "none", "null"):
        empty = True
    if empty:
        if p.required:
            raise error(_("{where} is required: {help}").format(where=where, help=_(p.help)), code="bad_option")
        if p.default is None:
            return None
        raise error(_("{where} needs a value").format(where=where), code="bad_option")
    if p.choices_from is not None:
        return _check_problem_choice(where, p, value, error, spec)
    if p.kind == "choice":
        if str(value) not in p.choices:
            raise error(_("{where} must be one of {choices}, not {value}").format(
                where=where, choices=", ".join(map(str, p.choices)), value=repr(value)), code="bad_option")
        return str(value)
    if p.kind == "bool":
        if isinstance(value, bool):
            return value
        if str(value).lower() in ("true", "1", "yes"):
            return True
        if str(value).lower() in ("false", "0", "no"):
            return False
        raise error(_("{where} must be true or false, not {value}").format(where=where, value=repr(value)),
                    code="bad_option")
    if p.kind in ("int", "float"):
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise error(_("{where} must be a number, not {value}").format(where=where, value=repr(value)),
                        code="bad_option") from None
        if number != number or number in (float("inf"), float("-inf")):
            raise error(_("{where} must be a finite number").format(where=where), code="bad_option")
        if p.kind == "int":
            if number != int(number):
                raise error(_("{where} must be a whole number, not {value}").format(where=where, value=repr(value)),
                            code="bad_option")
            number = int(number)
        if p.minimum is not None and number < p.minimum:
            raise error(_("{where} must be at least {minimum}, not {value}").format(
                where=where, minimum=format(p.minimum, "g"), value=value), code="bad_option")
        if p.maximum is not None and number > p.maximum:
            raise error(_("{where} must be at most {maximum}, not {value}").format(
                where=where, maximum=format(p.maximum, "g"), value=value), code="bad_option")
        return number
    return str(value)


def _check_problem_choice(where: str, p: Param, value, error, spec):
    source = CHOICE_SOURCES[p.choices_from]
    try:
        parsed = source.parse(value)
    except (TypeError, ValueError, OverflowError):
        raise error(_("{where} must be {form}, not {value}").format(where=where, form=_(source.form),
                                                                    value=repr(value)),
                    code="bad_option") from None
    if spec is None:  # no problem yet (e.g. a learner called directly): the form only
        return parsed
    allowed = p.allowed(spec)
    if not allowed:
        raise error(_("{where} needs the problem's {what} (setting {setting}), and none is set").format(
            where=where, what=_(source.what), setting=source.setting), code="bad_option")
    if parsed not in allowed:
        raise error(_("{where} must be one of {choices} ({what}), not {value}").format(
            where=where, choices=", ".join(map(str, allowed)), what=_(source.what), value=repr(value)),
            code="bad_option")
    return parsed
