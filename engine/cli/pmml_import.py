"""`ruletree import FILE.pmml --out MODEL.json`: a classification TreeModel another tool wrote
(scikit-learn through sklearn2pmml, KNIME, R's pmml package, our own export) as one of our models
(engine.pmml_import), then viewed, consulted, edited, scored and compared as any model."""

from __future__ import annotations

import os

from ..i18n import _


def add_import_parser(sub) -> None:
    im = sub.add_parser("import", help=_("read a PMML TreeModel (classification) another tool wrote as a model"))
    im.add_argument("pmml", metavar="FILE.pmml")
    im.add_argument("--out", required=True, metavar="MODEL.json")
    im.add_argument("--data", metavar="FILE", help=_("count each node's cases on this file's rows (the tool's training "
                                                     "data): supports, intervals and \"few cases\" then describe them"))
    im.add_argument("--sheet", help=_("the sheet of --data (a workbook)"))
    im.set_defaults(func=cmd_import)


def cmd_import(args) -> int:
    # deferred: the PMML reader (and the model's learners' registry) only when asked for
    from ..pmml_import import read_pmml

    model = read_pmml(args.pmml)
    if args.data:
        # deferred: reading and counting only when asked for
        from ..model import file_sha256
        from ..pmml_counts import count_cases
        from ..predicting import read_model_data

        data = read_model_data(model, args.data, args.sheet)
        source = {"file": os.path.basename(args.data), "sheet": args.sheet, "rows": int(len(data.y)),
                  "sha256": file_sha256(args.data)}
        count_cases(model, data, source=source)
    model.save(args.out)
    tree = model.tree
    source = model.trained_on.get("pmml_application") or _("an unnamed application")
    print(_("{file} ({application}): {nodes} nodes, {leaves} leaves, {classes} classes, missing values: {policy} -> "
            "{path}").format(file=model.trained_on["pmml_file"], application=source, nodes=len(tree.reachable()),
                             leaves=tree.n_leaves, classes=len(model.schema.classes), policy=model.missing,
                             path=args.out))
    counted = model.trained_on.get("counted_on")
    if counted:
        print("  " + _("cases counted on {file}: {rows} rows").format(file=counted["file"], rows=counted["rows"]))
    for note in model.info.get("pmml_notes", []):
        print("  " + _("note: {note}").format(note=note))
    return 0
