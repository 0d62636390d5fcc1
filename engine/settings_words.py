"""A model's settings in words, for the Settings sheet of its workbook (issue 36 item 5): what a
person reads to know how the model was made — the learner by its title, each parameter's value
in the workbook's language (yes / no, 基尼 not gini), the class order as "低 < 中 < 高", one row per
attribute that carries a setting ("monotone increasing; test cost 5; asked after 年龄"), one per
batch group and per non-zero misclassification cost, and the file it was trained on. Never JSON:
only keys no version of ours knows (a newer file's) are shown as written.
"""

from __future__ import annotations

import json

from .algorithms.params import choice_text
from .algorithms.registry import get
from .data.spec import AttributeSettings, ProblemSpec
from .i18n import N_, _

MONOTONE_WORDS = {"increasing": N_("monotone increasing"), "decreasing": N_("monotone decreasing")}
TYPE_WORDS = {"numeric": N_("numeric"), "nominal": N_("nominal"), "ordinal": N_("ordinal")}


def number(value) -> str:
    """12 not 12.0; 0.25 as written."""
    value = float(value)
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:g}"


def value_text(value) -> str:
    """A parameter's value in words: yes / no, a choice in the language, numbers as written."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return _("none")
    if isinstance(value, (int, float)):
        return number(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(value_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return choice_text(value)


def attribute_text(settings: AttributeSettings) -> str:
    """'left out; ordinal: 低 < 中 < 高; monotone increasing; test cost 5; waiting time 2; asked after X'."""
    parts = []
    if not settings.use:
        parts.append(_("left out"))
    if settings.type is not None:
        kind = _(TYPE_WORDS.get(settings.type, settings.type))
        parts.append(f"{kind}: {' < '.join(settings.order)}" if settings.order else kind)
    elif settings.order:
        parts.append(_("order") + ": " + " < ".join(settings.order))
    if settings.monotone in MONOTONE_WORDS:
        parts.append(_(MONOTONE_WORDS[settings.monotone]))
    for amount, words in ((settings.test_cost, N_("test cost {cost}")), (settings.wait_time, N_("waiting time {cost}")),
                          (settings.wait_cost, N_("waiting cost {cost}"))):
        if amount:
            parts.append(_(words).format(cost=number(amount)))
    if settings.prerequisite:
        parts.append(_("asked after {attribute}").format(attribute=settings.prerequisite))
    if settings.fuzzy_terms:
        parts.append(_("fuzzy terms") + ": " + ", ".join(settings.fuzzy_terms))
    if settings.fuzzy_centres:
        parts.append(_("term centres") + ": " + ", ".join(number(c) for c in settings.fuzzy_centres))
    parts += [f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in settings.extra.items()]
    return "; ".join(parts)


def problem_rows(spec: ProblemSpec) -> list[tuple[str, str]]:
    rows = [(_("target"), spec.target)]
    if spec.class_order:
        rows.append((_("class order"), " < ".join(spec.class_order)))
    if spec.positive_class is not None:
        rows.append((_("positive class"), spec.positive_class))
    if spec.hierarchy:
        parents: dict[str, list[str]] = {}
        for child, parent in spec.hierarchy.items():
            if parent is not None:
                parents.setdefault(parent, []).append(child)
        rows += [(_("class group {name}").format(name=parent), ", ".join(children))
                 for parent, children in parents.items()]
    for name, settings in spec.attributes.items():
        if not settings.is_default():
            rows.append((_("attribute {name}").format(name=name), attribute_text(settings)))
    if spec.cost_per_time:
        rows.append((_("cost per time unit"), number(spec.cost_per_time)))
    for group in spec.batch_groups:
        text = ", ".join(group.attributes)
        if group.common_cost:
            text += "; " + _("common cost {cost}").format(cost=number(group.common_cost))
        rows.append((_("batch group {name}").format(name=group.name), text))
    costs = spec.misclassification_costs
    if costs is not None:
        for i, true in enumerate(costs.labels):
            for j, predicted in enumerate(costs.labels):
                if i != j and costs.matrix[i][j]:
                    rows.append((_("cost of {true} predicted as {predicted}").format(true=true, predicted=predicted),
                                 number(costs.matrix[i][j])))
    if spec.budget is not None:
        rows.append((_("budget"), number(spec.budget)))
    rows += [(key, json.dumps(value, ensure_ascii=False)) for key, value in spec.extra.items()]
    return rows


TRAINED_ON_WORDS = {"file": N_("trained on file"), "sheet": N_("sheet"), "rows": N_("rows trained on"),
                    "sha256": N_("file's SHA-256"),
                    # a tree imported from PMML (engine.pmml_import): where it came from; no rows
                    "pmml_file": N_("imported from the PMML file"), "pmml_application": N_("made by"),
                    "pmml_algorithm": N_("algorithm the file names"), "pmml_version": N_("PMML version")}


def settings_rows(algorithm: str, params: dict, spec: ProblemSpec, trained_on: dict) -> list[tuple[str, str]]:
    """The Settings sheet's (setting, value) rows, in the current language."""
    try:
        title = get(algorithm).display_title
    except Exception:  # noqa: BLE001 - a model of a learner this version lacks still exports
        title = algorithm
    rows = [(_("learner"), title)]
    rows += [(_("parameter {name}").format(name=name), value_text(value)) for name, value in params.items()]
    rows += problem_rows(spec)
    rows += [(_(TRAINED_ON_WORDS[key]) if key in TRAINED_ON_WORDS else key, value_text(value) if key != "sha256"
              else str(value)) for key, value in trained_on.items() if value not in (None, "")]
    return rows
