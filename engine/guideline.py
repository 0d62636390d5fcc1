"""The expert's own guideline: a rule list typed as text, read against a data schema.

    IF safety = low THEN unacc
    ELSE IF persons = 2 THEN unacc          # one rule a line, or separated by ';'
    ELSE IF buying = vhigh AND maint >= high THEN unacc
    ELSE acc

or as the rules workbook writes them in Chinese (如果 … 且 … 则 …；否则如果 …；否则 …):

    如果 safety = low 则 unacc；否则如果 persons = 2 则 unacc；否则 acc

The grammar (keywords in either language, any case; full-width punctuation accepted):

    guideline := item (separator item)*         separator: ';' '；' '。' '.' or a new line
    item      := [1. | 1) | 1、 | - ]  IF conditions THEN class
               | ELSE IF conditions THEN class  | ELSE [THEN] [:] class
    conditions:= condition ((AND | 且 | 并且 | 而且 | &&) condition)* | TRUE | 无条件
    class     := [target (= | : | is | 为 | 是)] a class name (quotable)

IF: if, 如果, 若; ELSE: else, otherwise, 否则 (ELSE IF: else if, elif, 否则如果, 否则若); THEN:
then, 则, 那么. A condition is engine.tree.conditions' (one attribute, one comparison). A rule
may run over several lines: new lines only separate where a keyword starts the next item.
`#` starts a comment to the end of the line (outside quotes). OR is not part of the
language: each alternative is a rule of its own.

It is a first-match list: a case takes the class of the first rule whose conditions all
hold (a later IF reads as ELSE IF), else the default, which must come last (ELSE class, or a
rule with no condition: IF TRUE THEN class). As a model it is one tree
(engine.tree.decision_list), whose size is bounded.

`parse_guideline(text, schema)` never raises for what the text says: it returns a
`Guideline`, or the list of `ParseError(line, column, message)` (lines and columns from 1,
columns in characters), every error it finds, so a page where the rules are typed can mark
each one as it is typed. `read_guideline(text, schema)` raises them as a `GuidelineError`.
"""

from __future__ import annotations

import bisect
import os
import re
from dataclasses import dataclass, field

from .data.encode import DataSchema
from .errors import DataError, SpecError
from .i18n import _
from .tree.conditions import QUOTES, ConditionError, Source, listing, read_condition
from .tree.decision_list import MAX_NODES, TooLarge, decision_list_tree
from .tree.model import Tree
from .tree.nodes import Condition

#: the longest guideline text read (characters), and file (bytes)
MAX_CHARS = 200_000
MAX_FILE_BYTES = 1 << 20
#: errors reported at most (the rest are counted)
MAX_ERRORS = 50

_IF = ("if", "如果", "若")
_ELSE = ("otherwise", "else", "否则")
_ELIF = ("elif",)
_AND = ("and", "&&", "并且", "而且", "且")
_THEN = ("then", "那么", "则")
_OR = ("or", "||", "或者", "或")
_TRUE = ("true", "无条件")
_SEPARATORS = ";。."  # between items (a rule may end as a sentence does)
_TARGET_IS = ("=", ":", "is", "为", "是")
_ENUMERATOR = re.compile(r"(?:\d{1,4}\s*[.),:]|\(\d{1,4}\)|[-*•·])\s*")


@dataclass(frozen=True)
class ParseError:
    """Something wrong in the text, where it starts (line and column from 1)."""

    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"


@dataclass
class GuidelineRule:
    conditions: list[Condition]  # all must hold (engine.tree.nodes: Interval, OneOf)
    label: int  # the class (index into the schema's classes)
    line: int
    column: int


@dataclass
class Guideline:
    """A parsed rule list: the rules in order, the default class, and its tree (zero counts;
    engine.tree.decision_list)."""

    schema: DataSchema
    rules: list[GuidelineRule]
    default: int
    text: str
    tree: Tree = field(repr=False, default=None)


class GuidelineError(SpecError):
    """A guideline text that cannot be used: `errors` lists every ParseError; the message
    names the first (and how many more)."""

    def __init__(self, errors: list[ParseError], **kw):
        first = errors[0]
        message = _("the guideline, line {line}, column {column}: {message}").format(
            line=first.line, column=first.column, message=first.message)
        if len(errors) > 1:
            message += _(" (and {n} more problems)").format(n=len(errors) - 1) if len(errors) > 2 else \
                _(" (and 1 more problem)")
        super().__init__(message, code="bad_guideline", **kw)
        self.errors = list(errors)


# ---- the words ---------------------------------------------------------------------------------


def _keyword(src: Source, pos: int, words) -> int | None:
    """The end of the first of `words` at pos (any case; an English word must end there)."""
    for word in words:
        if src.folded[pos:pos + len(word)].lower() == word:
            end = pos + len(word)
            if word[-1].isascii() and word[-1].isalnum() and end < len(src.text) and _word_char(src.folded[end]):
                continue
            return end
    return None


def _word_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch == "_")


def _stop(src: Source, pos: int) -> bool:
    """A word that ends a condition starts here: AND, THEN, OR, ELSE (and theirs in Chinese;
    an English one only after a space)."""
    if src.folded.startswith(("&&", "||"), pos):
        return True
    if src.folded[pos].isascii() and pos > 0 and not src.folded[pos - 1].isspace():
        return False
    return any(_keyword(src, pos, words) is not None for words in (_AND, _THEN, _OR, _ELSE))


def _item_start(src: Source, pos: int) -> int | None:
    """Where the keyword of an item starts at pos (after an optional enumerator "1.", "-"), or None."""
    m = _ENUMERATOR.match(src.folded, pos)
    for at in ((m.end(), pos) if m else (pos,)):
        if any(_keyword(src, at, words) is not None for words in (_IF, _ELSE, _ELIF)):
            return at
    return None


# ---- reading ----------------------------------------------------------------------------------


class _Syntax(Exception):
    def __init__(self, message: str, at: int):
        super().__init__(message)
        self.message, self.at = message, at


@dataclass
class _Item:
    conditions: list[Condition] | None  # None: a default (ELSE class)
    label: int
    start: int
    else_if: bool = False


def _blank_comments(text: str) -> str:
    """`#` (outside quotes) to the end of its line as spaces: offsets stay where they were."""
    out = list(text)
    quote, k = None, 0
    while k < len(text):
        ch = text[k]
        if ch == "\n":
            quote = None
        elif quote is not None:
            quote = None if ch == quote else quote
        elif ch in QUOTES and (k == 0 or text[k - 1].isspace() or text[k - 1] in "<>=!{,(（＜＞＝，｛、"):
            quote = QUOTES[ch]
        elif ch in "#＃":
            end = text.find("\n", k)
            end = len(text) if end < 0 else end
            out[k:end] = " " * (end - k)
            k = end
            continue
        k += 1
    return "".join(out)


class _Reader:
    def __init__(self, text: str, schema: DataSchema):
        self.schema = schema
        self.src = Source(_blank_comments(text))
        self.src.stops = lambda pos: _stop(self.src, pos)
        self.n = len(text)

    def skip(self, pos: int) -> int:
        """Past white space and separators."""
        src = self.src
        while pos < self.n and (src.folded[pos].isspace() or src.folded[pos] in _SEPARATORS):
            pos += 1
        return pos

    def word(self, pos: int) -> str:
        end = self.src.word_end(pos)
        return self.src.text[pos:end]

    def item(self, pos: int) -> tuple[_Item, int]:
        """One rule or the default, from pos; where it ends."""
        src, start = self.src, pos
        at = _item_start(src, pos)
        if at is None:
            raise _Syntax(_('a rule starts with IF (如果), the default with ELSE (否则); not "{text}"').format(
                text=self.word(pos)), pos)
        else_end = _keyword(src, at, _ELSE)
        if else_end is not None:
            after = src.space(else_end)
            if_end = _keyword(src, after, _IF)
            if if_end is None:  # the default: ELSE [THEN] class
                then = _keyword(src, after, _THEN)
                label, end = self.label(after if then is None else then)
                return _Item(None, label, start), end
            conditions, at = self.conditions(if_end)
            else_if = True
        else:
            elif_end = _keyword(src, at, _ELIF)
            else_if = elif_end is not None
            conditions, at = self.conditions(elif_end if else_if else _keyword(src, at, _IF))
        label, end = self.label(at)
        return _Item(conditions, label, start, else_if), end

    def conditions(self, pos: int) -> tuple[list[Condition], int]:
        """Conditions up to THEN (TRUE: none); the position after THEN."""
        src = self.src
        pos = src.space(pos)
        true = _keyword(src, pos, _TRUE)
        if true is not None and _keyword(src, src.space(true), _THEN) is not None:
            return [], _keyword(src, src.space(true), _THEN)
        out = []
        while True:
            cond, pos = read_condition(src, pos, self.schema)
            out.append(cond)
            pos = src.space(pos)
            if src.folded.startswith(",", pos):  # "x > 5, THEN ..." / "年龄 > 50，且 ..."
                comma = src.space(pos + 1)
                if _keyword(src, comma, _AND) is not None or _keyword(src, comma, _THEN) is not None:
                    pos = comma
            then = _keyword(src, pos, _THEN)
            if then is not None:
                return out, then
            next_condition = _keyword(src, pos, _AND)
            if next_condition is not None:
                pos = next_condition
                continue
            if pos >= self.n:
                raise _Syntax(_("the rule has no THEN (则): write THEN and the class it gives"), pos)
            if _keyword(src, pos, _OR) is not None:
                raise _Syntax(_("OR (或) is not part of a guideline: write each alternative as a rule of its own"),
                              pos)
            raise _Syntax(_('after a condition comes AND (且) or THEN (则), not "{text}"').format(
                text=self.word(pos)), pos)

    def label(self, pos: int) -> tuple[int, int]:
        """The class a rule gives (after an optional "target =") and where the item ends."""
        src, schema = self.src, self.schema
        pos = src.space(pos)
        if src.folded.startswith((":", ","), pos):  # "否则：unacc", "THEN, acc"
            pos = src.space(pos + 1)
        target = src.name(pos, [schema.target])
        if target is not None:
            said = _keyword(src, src.space(target[1]), _TARGET_IS)
            if said is not None:
                pos = src.space(said)
        found = src.name(pos, schema.classes)
        if found is None:
            if pos >= self.n or src.folded[pos] in _SEPARATORS or _item_start(src, pos) is not None:
                raise _Syntax(_("a class is expected here ({classes})").format(classes=listing(schema.classes)), pos)
            quoted = src.quoted(pos)
            raise _Syntax(_('no class "{name}" (the classes: {classes})').format(
                name=quoted[0] if quoted else self.word(pos), classes=listing(schema.classes, 12)), pos)
        label, end = found
        after = src.space(end)
        if after < self.n and src.folded[after] not in _SEPARATORS and _item_start(src, after) is None:
            raise _Syntax(_('unexpected "{text}" after the class "{name}"').format(
                text=self.word(after), name=schema.classes[label]), after)
        return label, end

    def resync(self, pos: int) -> int:
        """Where reading goes on after an error at pos: the next item's keyword after a
        separator, a new line or a space."""
        src = self.src
        k = pos + 1
        while k < self.n:
            if src.folded[k - 1] in _SEPARATORS or src.folded[k - 1].isspace():
                at = self.skip(k)
                if at >= self.n or _item_start(src, at) is not None:
                    return at
                k = max(at, k + 1)
            else:
                k += 1
        return self.n


def _position(starts: list[int], offset: int) -> tuple[int, int]:
    line = bisect.bisect_right(starts, offset)
    return line, offset - starts[line - 1] + 1


def parse_guideline(text: str, schema: DataSchema, *, max_nodes: int = MAX_NODES) -> Guideline | list[ParseError]:
    """The guideline `text` states over `schema`, or every ParseError found (module docstring)."""
    text = str(text).replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = " " + text[1:]
    starts = [0] + [k + 1 for k, ch in enumerate(text) if ch == "\n"]
    if len(text) > MAX_CHARS:
        return [ParseError(1, 1, _("the guideline is {n} characters long; at most {most} are read").format(
            n=f"{len(text):,}", most=f"{MAX_CHARS:,}"))]
    reader = _Reader(text, schema)
    errors: list[ParseError] = []
    items: list[_Item] = []

    def error(at: int, message: str) -> None:
        if len(errors) < MAX_ERRORS:
            errors.append(ParseError(*_position(starts, min(at, max(len(text), 0))), message))

    pos = reader.skip(0)
    if pos >= len(text):
        return [ParseError(1, 1, _("the guideline is empty: write rules such as IF age > 50 THEN high; ELSE low"))]
    failed_last = False  # the last item could not be read (it may have been the default)
    while pos < len(text):
        try:
            item, pos = reader.item(pos)
            items.append(item)
            failed_last = False
        except ConditionError as exc:
            error(exc.start, exc.reason)
            pos, failed_last = reader.resync(exc.start), True
        except _Syntax as exc:
            error(exc.at, exc.message)
            pos, failed_last = reader.resync(exc.at), True
        pos = reader.skip(pos)
    _check_order(items, error, len(text.rstrip()), failed_last)
    if errors:
        return errors
    rules = [GuidelineRule(item.conditions, item.label, *_position(starts, item.start)) for item in items[:-1]]
    guideline = Guideline(schema, rules, items[-1].label, text)
    try:
        guideline.tree = decision_list_tree(schema, [(r.conditions, r.label) for r in rules], guideline.default,
                                            max_nodes)
    except TooLarge as exc:
        rule = rules[min(exc.rule, len(rules) - 1)]
        return [ParseError(rule.line, rule.column, _(
            "from this rule on the guideline's tree would pass {most} nodes: each condition of a rule repeats every "
            "later rule under its \"no\" branch; use fewer rules or fewer conditions").format(most=f"{exc.limit:,}"))]
    return guideline


def _check_order(items: list[_Item], error, end: int, failed_last: bool) -> None:
    """The list's shape: it starts with IF, its default (ELSE, or a rule with no condition)
    comes last, and it has one."""
    if items and items[0].else_if:
        error(items[0].start, _("ELSE IF (否则如果) follows a rule: the first rule starts with IF (如果)"))
    for k, item in enumerate(items):
        if not item.conditions and k < len(items) - 1:
            error(items[k + 1].start, _("this rule comes after the default (ELSE, 否则): no case would reach it"))
            break
    if items and all(item.conditions for item in items) and not failed_last:
        error(end, _("the guideline has no default: end it with ELSE (否则) and the class to give when no rule "
                     "applies"))


def read_guideline(text: str, schema: DataSchema, *, file: str | None = None) -> Guideline:
    """The guideline, or a GuidelineError naming every problem."""
    found = parse_guideline(text, schema)
    if isinstance(found, list):
        raise GuidelineError(found, file=file)
    return found


def read_guideline_file(path: str | os.PathLike) -> str:
    """The text of a guideline file: UTF-8 (a byte-order mark allowed), UTF-16 with its mark,
    else GB18030 (what Chinese Windows editors save); at most MAX_FILE_BYTES. A DataError
    naming the file otherwise."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise DataError(_("the guideline file does not exist") if not os.path.exists(path) else
                        _("the guideline file is not a regular file"), code="not_found", file=path)
    if os.path.getsize(path) > MAX_FILE_BYTES:
        raise DataError(_("the file is far too large to be a guideline (at most {most} bytes)").format(
            most=f"{MAX_FILE_BYTES:,}"), code="too_large", file=path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DataError(_("the guideline file cannot be read: {error}").format(error=exc.strerror or exc),
                        code="not_readable", file=path) from None
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ("utf-16",)
    else:
        encodings = ("utf-8-sig", "gb18030")
    for encoding in encodings:
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        if "\x00" in text:
            break
        return text
    raise DataError(_("the guideline file is not text (save it as UTF-8 text)"), code="not_text", file=path)
