"""Terminal consultation: one case, the most useful question first (`ruletree consult`),
and the saved consultations (`ruletree sessions`)."""

from __future__ import annotations

import json
import sys

from ..data.project import load_project
from ..errors import OptionError, RuleTreeError
from ..fileio import read_json_file
from ..i18n import _
from .printing import PROG, printable

MAX_ANSWERS_BYTES = 16 << 20  # one case's answers: a few kilobytes in practice


def cmd_consult(args) -> int:
    """One case: the best question first; answers from --answers, else typed (? unknown, back)."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..model import load_model

    # deferred: loads the Numba kernels (not on this command's light path)
    from ..sessions import Session

    model = load_model(args.model)
    spec = load_project(args.project).spec if args.project else None
    session = Session.resume(args.resume, model, spec, model_path=args.model, settings_file=args.project) \
        if args.resume else \
        Session(model, args.model, spec, project=args.project, case=args.case or "",
                stop_when_not_worth=args.stop_when_not_worth, planning=args.planning)
    given = {}
    if args.answers:
        # a file from anyone: UTF-8 JSON of bounded size and depth, one object of plain values
        given = read_json_file(args.answers, OptionError, what="answers file", not_ours="bad_option",
                               max_bytes=MAX_ANSWERS_BYTES)
        if not isinstance(given, dict):
            raise OptionError(_("--answers must hold one JSON object: attribute -> value"), code="bad_option",
                              file=args.answers)
        for name, value in given.items():
            if value is not None and not isinstance(value, (str, int, float)):
                raise OptionError(_('the answer for "{name}" must be a text, a number or null, not a {kind}').format(
                    name=printable(name), kind=type(value).__name__), code="bad_answer", file=args.answers, field=name)
        strangers = [k for k in given if k not in model.schema.names]
        if strangers:
            raise OptionError(_("not attributes of the model: {names} (the model's attributes: {attributes})").format(
                names=", ".join(strangers), attributes=", ".join(model.schema.names)), code="bad_answer",
                file=args.answers)
    interactive = sys.stdin is not None and sys.stdin.isatty()
    # saved before it is said to be resumable (a session folder that cannot be written: exit 2 here, before any
    # question), and again after every answer, so a consultation cut off is resumed where it stopped
    session.save()
    print(_("session {id} (resume with: {command})").format(
        id=session.id, command=f"{PROG} consult {args.model} --resume {session.id}"), file=sys.stderr)
    step = len(session.steps)
    while True:
        candidates = session.ask()
        if not candidates:
            break
        best = candidates[0]
        names = [model.schema.names[j] for j in best.attributes]
        step += 1
        if best.expected is not None:  # planned
            print(_("Q{step}: {name}  ({reason}; it costs {cost})").format(
                step=step, name=best.name, reason=best.reason, cost=format(best.cost, "g")))
        else:
            others = ", ".join(f"{c.name} {c.utility:.3g}" for c in candidates[1:4])
            print(_("Q{step}: {name}  (removes {gain} of expected cost for {cost}: utility {utility}{next})").format(
                step=step, name=best.name, gain=format(best.gain, ".3g"), cost=format(best.cost, "g"),
                utility=format(best.utility, ".3g"),
                next=_("; next: {others}").format(others=others) if others else ""))
        answers = {}
        for name in names:
            if name in given:
                answers[name] = given[name]
                print(f"  {name} = {given[name]}")
                continue
            if args.answers and not interactive:
                answers[name] = None  # not in the file and nobody to ask: unknown
                print(f"  {name} = ? " + _("(not in the answers file)"))
                continue
            try:
                text = input(f"  {printable(name)} = ").strip()  # a prompt readline may write itself
            except EOFError:
                text = "?"
            if text == "back":
                session.undo()
                step = len(session.steps)
                answers = None
                break
            answers[name] = None if text in ("", "?") else text
        if answers is None:
            continue
        try:
            session.answer(answers, best, outside_ok=not interactive)
            session.save()
            for warning in session.consultation.history[-1]["warnings_shown"]:  # the file keeps English
                print("  " + _("warning: {message}; used as given").format(message=warning), file=sys.stderr)
            for note in session.consultation.history[-1]["novelty_shown"]:  # outside what the model has seen
                print("  " + _("note: {message}").format(message=note))
        except RuleTreeError as exc:
            scripted = [n for n in answers if n in given]
            if not interactive or (scripted and exc.code != "out_of_range"):
                raise OptionError(exc.message, code=exc.code, file=args.answers if scripted else None) from None
            if exc.code == "out_of_range":
                print(f"  {exc.message.split(';')[0]}")
                if _confirm("  " + _("use it anyway? [y/N] ")):
                    session.answer(answers, best, outside_ok=True)
                    continue
            for name in scripted:  # refused: typed instead of taken from the file
                given.pop(name)
            print("  " + _("{error}; asked again").format(error=exc))
            step -= 1
    outcome = session.outcome_json()
    session.save()
    print(_("answer: {label}").format(label=_("PENDING") if outcome["label"] == "PENDING" else outcome["label"]))
    for rule in session.rule_lines(translate=True):  # outcome_json's rules are English, for the file
        print("  " + _("because {rule}").format(rule=rule))
    if outcome["missing"]:
        print("  " + _("not known: {names}").format(names=", ".join(outcome["missing"])))
    if outcome["unsettled"]:
        print("  " + _("could not settle it: {names}").format(names=", ".join(outcome["unsettled"])))
    for flag in outcome["few_cases"]:  # issue 39: a leaf of too few cases to act on
        print("  " + _("few cases at node {node}: {why}").format(node=flag["node"], why=flag["why"]))
    print("  " + _("costs: tests {test}, waiting {waiting}, common costs saved {saved}").format(
        test=format(outcome["test_cost"], "g"), waiting=format(outcome["waiting_cost"], "g"),
        saved=format(outcome["common_cost_saved"], "g")))
    if args.log:
        session.save(args.log)
    return 0


def _confirm(prompt: str) -> bool:
    try:
        return input(prompt).strip().lower() in ("y", "yes")
    except EOFError:
        return False


def cmd_sessions(args) -> int:
    """Saved consultations, newest first; one project's or one model's; to Excel."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..sessions import export_sessions, list_sessions, summary_row

    sessions, warnings = list_sessions(project=args.project, model=args.model)
    if args.ids:
        wanted = set(args.ids)
        sessions = [s for s in sessions if s.get("id") in wanted]
        unknown = wanted - {s.get("id") for s in sessions}
        if unknown:
            raise OptionError(_("no saved session {ids}").format(ids=", ".join(sorted(unknown))), code="bad_option")
    for warning in warnings:
        print(_("warning: skipped {message}").format(message=printable(warning)), file=sys.stderr)
    if args.xlsx:
        export_sessions(sessions, args.xlsx)
        print(_("{n} session(s) written to {path}").format(n=len(sessions), path=args.xlsx), file=sys.stderr)
    rows = [summary_row(s) for s in sessions]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    elif not args.xlsx:
        if not rows:
            print(_("no saved sessions for this project") if args.project else _("no saved sessions"))
        for r in rows:
            cost = "" if r["total cost"] is None else _("cost {cost}").format(cost=format(r["total cost"], "g"))
            state = r["label"] if r["finished"] else _("(open) {label}").format(label=r["label"])
            print(printable(f"{r['session']}  {r['updated']}  {r['case'] or '-'}  {state}  "
                            + _("{n} question(s)").format(n=r["questions"]) + f"  {cost}"))
    return 0
