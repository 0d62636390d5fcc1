"""`ruletree import FILE.pmml --out MODEL.json`: a classification TreeModel another tool wrote
(scikit-learn through sklearn2pmml, KNIME, R's pmml package, our own export) as one of our models
(engine.pmml_import), then viewed, consulted, edited, scored and compared as any model."""

from __future__ import annotations

from ..i18n import _


def add_import_parser(sub) -> None:
    im = sub.add_parser("import", help=_("read a PMML TreeModel (classification) another tool wrote as a model"))
    im.add_argument("pmml", metavar="FILE.pmml")
    im.add_argument("--out", required=True, metavar="MODEL.json")
    im.set_defaults(func=cmd_import)


def cmd_import(args) -> int:
    # deferred: the PMML reader (and the model's learners' registry) only when asked for
    from ..pmml_import import read_pmml

    model = read_pmml(args.pmml)
    model.save(args.out)
    tree = model.tree
    source = model.trained_on.get("pmml_application") or _("an unnamed application")
    print(_("{file} ({application}): {nodes} nodes, {leaves} leaves, {classes} classes, missing values: {policy} -> "
            "{path}").format(file=model.trained_on["pmml_file"], application=source, nodes=len(tree.reachable()),
                             leaves=tree.n_leaves, classes=len(model.schema.classes), policy=model.missing,
                             path=args.out))
    for note in model.info.get("pmml_notes", []):
        print("  " + _("note: {note}").format(note=note))
    return 0
