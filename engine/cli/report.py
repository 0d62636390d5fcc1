"""`ruletree report MODEL.json [--data D] [--cv K] [--seed S] --pdf OUT.pdf`: the model's printable
report (engine.report): the problem, the cross-validated figures beside the baseline (given the
data), the confusion matrix, the tree and the rules as a checklist; `ruletree --lang zh report ...`
writes it in Chinese."""

from __future__ import annotations

from ..errors import OptionError
from ..i18n import _
from .problem import add_reading_options, model_data


def add_report_parser(sub) -> None:
    rep = sub.add_parser("report", help=_("a printable PDF report of a model: problem, cross-validated figures, "
                                          "tree, rules"))
    rep.add_argument("model", metavar="MODEL.json")
    rep.add_argument("--data", metavar="DATA",
                     help=_("the data the figures are cross-validated on (the same columns as the model's training "
                            "data); without it the report has no figures"))
    add_reading_options(rep)
    rep.add_argument("--cv", type=int, default=10, metavar="K", help=_("cross-validation folds (default: 10)"))
    rep.add_argument("--seed", type=int, default=0, metavar="S")
    rep.add_argument("--pdf", required=True, metavar="OUT.pdf")
    rep.set_defaults(func=cmd_report)


def cmd_report(args) -> int:
    # deferred: loads the Numba kernels and reportlab (not on this command's light path)
    from ..model import load_model
    from ..report import report_figures, write_report

    if args.cv < 2:
        raise OptionError(_("--cv must be at least 2"), code="bad_option")
    model = load_model(args.model)
    data = model_data(args, model) if args.data else None
    figures = report_figures(model, data, data_file=args.data, cv=args.cv, seed=args.seed)
    write_report(figures, args.pdf)
    if figures.headline:
        print(figures.headline)
    print(_("report: {rules} rules -> {path}").format(rules=len(figures.rules), path=args.pdf))
    return 0
