"""`ruletree candidates MODEL --data D --node PATH|ID [--top K] [--json]`: the ranked
candidates of a node (engine.candidates), as a table a person reads or as JSON.

The data is read as the commands that read a model's training data read it
(`add_model_data_options`: --data, --sheet, --header-row, --encoding, --delimiter) and
encoded as the model's schema, classes included: the node's cases are its rows that
reach the node.
"""

from __future__ import annotations

import json

from ..data.table import format_number
from ..errors import OptionError
from ..i18n import N_, _
from ..textwidth import display_width, ljust
from .printing import json_default, printable
from .problem import add_model_data_options, model_data

#: the numbers a choice reads beside its criterion, as the table names them
SCORE_WORDS = {"gain": N_("gain"), "ratio": N_("gain ratio"), "gain_ratio": N_("gain ratio"), "gamma": "γ",
               "purity": N_("purity"), "average_gain": N_("average gain"),
               "total_cost_reduction": N_("total-cost reduction")}
#: the notes on a candidate that say why it ranks where it does
NOTE_WORDS = {"below_average_gain": N_("gain below the average"),
              "every_gamma_zero": N_("every γ is 0: ranked by gain ratio"),
              "reduction_not_positive": N_("total-cost reduction not positive")}


def add_candidates_parser(sub) -> None:
    cand = sub.add_parser("candidates", help=_("the attributes a node could be split by, ranked by the learner's "
                                               "own criterion"))
    cand.add_argument("model", metavar="MODEL.json")
    add_model_data_options(cand)
    cand.add_argument("--node", required=True, metavar="PATH|ID",
                      help=_("the node: root, root/1/0 (the child taken at each step from the root), or its number "
                             "in the model file such as #7"))
    cand.add_argument("--top", type=int, metavar="K", help=_("only the first K candidates (default: all)"))
    cand.add_argument("--json", action="store_true", help=_("print JSON"))
    cand.set_defaults(func=cmd_candidates)


def cmd_candidates(args) -> int:
    if args.top is not None and args.top < 1:
        raise OptionError(_("--top must be at least 1"), code="bad_option")
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..candidates import node_candidates
    from ..model import load_model

    model = load_model(args.model)
    data = model_data(args, model)
    ranking = node_candidates(model, data, args.node, top=args.top)
    if args.json:
        print(json.dumps(ranking.to_json(), ensure_ascii=False, indent=2, default=json_default))
    else:
        print_candidates(ranking)
    return 0


def _number(value: float) -> str:
    return format_number(float(f"{value:.6g}"))


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _shared(candidates) -> dict:
    """The numbers every candidate is noted with alike (C4.5's average gain): said once for the node."""
    first = candidates[0].notes
    return {k: v for k, v in first.items() if _is_number(v) and all(c.notes.get(k) == v for c in candidates)}


def _also(candidate, shared: dict) -> str:
    parts = [f"{_(SCORE_WORDS.get(k, k))} {_number(v)}" for k, v in candidate.scores.items()]
    for key, value in candidate.notes.items():
        if key in NOTE_WORDS:
            if value:
                parts.append(_(NOTE_WORDS[key]))
        elif _is_number(value) and key not in shared:
            parts.append(f"{_(SCORE_WORDS.get(key, key))} {_number(value)}")
    return ", ".join(parts)


def print_candidates(ranking) -> None:
    # deferred: the criteria's words live beside the ranking (loads the learners)
    from ..candidates import CRITERION_WORDS

    classes = list(ranking.counts)
    counts = ", ".join(f"{printable(c)} {_number(w)}" for c, w in ranking.counts.items())
    print(_("{algorithm}, node {path} (#{id}): weight {weight} ({counts})").format(
        algorithm=ranking.algorithm, path=ranking.path, id=ranking.node, weight=_number(ranking.weight),
        counts=counts))
    if ranking.tests:
        print(_("the tree tests {attribute} here").format(attribute=printable(ranking.tests)))
    print(ranking.decision_text)
    if not ranking.candidates:
        return
    shared = _shared(ranking.candidates)
    for key, value in shared.items():
        print(f"{_(SCORE_WORDS.get(key, key))}: {_number(value)}")
    criterion = _(CRITERION_WORDS.get(ranking.criterion, ranking.criterion))
    priced = any(c.test_cost is not None for c in ranking.candidates)
    header = ["#", _("attribute"), criterion, _("split: cases per branch [{classes}]").format(
        classes=" / ".join(printable(c) for c in classes))]
    if priced:
        header += [_("test cost"), _("waiting cost")]
    header.append(_("also"))
    rows = [header]
    for c in ranking.candidates:
        sides = []
        for b in c.branches:
            shares = "/".join(format_number(float(f"{b.counts[k]:.6g}")) for k in classes)
            sides.append(f"{printable(b.label)}: {_number(b.weight)} [{shares}]")
        if c.stays:
            sides.append(_("stays: {weight}").format(weight=_number(c.stays)))
        row = [f"{c.rank}{'*' if c.chosen else ''}", printable(c.attribute), _number(c.value), "; ".join(sides)]
        if priced:
            row += [_number(c.test_cost), _number(c.waiting_cost)]
        row.append(_also(c, shared))
        rows.append(row)
    widths = [max(display_width(r[k]) for r in rows) for k in range(len(header) - 1)]
    print()
    for r in rows:
        print(("  " + "  ".join(ljust(r[k], widths[k]) for k in range(len(widths))) + "  " + r[-1]).rstrip())
    if ranking.offered > len(ranking.candidates):
        print("  " + _("({n} more; --top to see them)").format(n=ranking.offered - len(ranking.candidates)))
    if any(c.chosen for c in ranking.candidates):
        print("  " + _("* the learner's choice"))
