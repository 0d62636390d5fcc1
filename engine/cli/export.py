"""`ruletree export MODEL (--pmml OUT.pmml | --sql OUT.sql [--dialect D] [--table T] | --xlsx-calculator
OUT.xlsx [--rows N])`: a model in a form another engine runs (issue 38): PMML 4.4 (engine.pmml), one SQL
expression (engine.sql_export), or an Excel workbook whose formulas answer (engine.xlsx_calculator)."""

from __future__ import annotations

from ..i18n import _

DIALECTS = ("sqlite", "postgres", "duckdb", "mssql")


def add_export_parser(sub) -> None:
    ex = sub.add_parser("export", help=_("write a model in a form other engines run: PMML 4.4, SQL, or an Excel "
                                         "calculator"))
    ex.add_argument("model", metavar="MODEL.json")
    what = ex.add_mutually_exclusive_group(required=True)
    what.add_argument("--pmml", metavar="OUT.pmml", help=_("a PMML 4.4 TreeModel (KNIME, SAS, SPSS, Spark and the "
                                                           "JPMML engines read it)"))
    what.add_argument("--sql", metavar="OUT.sql", help=_("one CASE WHEN ... END expression giving the class, and a "
                                                         "SELECT over a table"))
    what.add_argument("--xlsx-calculator", metavar="OUT.xlsx",
                      help=_("an Excel workbook whose formulas give a typed case's class, confidence and rule, "
                             "and score a pasted table of cases (Excel and LibreOffice)"))
    ex.add_argument("--dialect", choices=DIALECTS, default="sqlite", help=_("the SQL dialect (default: sqlite)"))
    ex.add_argument("--table", default="cases", metavar="T", help=_("the table the SELECT reads (default: cases)"))
    ex.add_argument("--rows", type=int, default=None, metavar="N",
                    help=_("the calculator's Score cases sheet: rows with formulas (default: 1000)"))
    ex.set_defaults(func=cmd_export)


def cmd_export(args) -> int:
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..model import load_model

    model = load_model(args.model)
    if args.xlsx_calculator:
        # deferred: the calculator writer (openpyxl) only when asked for
        from ..xlsx_calculator import DEFAULT_ROWS, write_calculator

        rows = DEFAULT_ROWS if args.rows is None else args.rows
        write_calculator(model, args.xlsx_calculator, rows=rows)
        print(_("Excel calculator ({rows} rows to score) -> {path}").format(rows=rows, path=args.xlsx_calculator))
    elif args.pmml:
        # deferred: the PMML writer (xml) only when asked for
        from ..pmml import write_pmml

        write_pmml(model, args.pmml)
        print(_("PMML 4.4 -> {path}").format(path=args.pmml))
    else:
        # deferred: the SQL writer only when asked for
        from ..sql_export import write_sql

        write_sql(model, args.sql, dialect=args.dialect, table=args.table)
        print(_("SQL ({dialect}) -> {path}").format(dialect=args.dialect, path=args.sql))
    return 0
