"""One condition on one attribute, typed as text and read against a data schema.

`parse_condition("age <= 50", schema)` gives the `Condition` (engine.tree.nodes) a branch of
the one tree model stands for: an `Interval` low < x <= high, or a `OneOf` set of category
codes. A typed guideline (engine.guideline) reads its rules' conditions with it, and an
expert's edit (`ruletree edit --split "age <= 50"`) its split.

What can be written, in English or in Chinese as the rules text writes it
("如果 … 且 … 则 …"), full-width forms included (＜ ＞ ＝ ！＝ ｛ ｝ ， 、 and full-width digits):

- `A <= v`, `A < v`, `A >= v`, `A > v` (also ≤ ≥ ≦ ≧, 不大于, 小于等于, 大于, ...): A numeric, or
  ordinal with named values (`safety >= med`: ranks in the problem's order);
- `A = v`, `A != v` (also ==, <>, ≠, is, is not, 等于, 不等于, 是, 不是, 为);
- `A in {v1, v2}`, `A not in {…}` (also ∈ ∉ 属于 不属于; values separated by , ， or 、)
  for attributes with named values;
- `v1 < A <= v2` and `low <= buying <= med`: a range, as the rules text writes one.

Attribute names may hold spaces, Chinese, digits or operators: the longest name of the schema
that the text starts with is taken (exactly, else ignoring case); a name may be quoted "…",
'…', `…`, “…” or 「…」. Values: numbers, or the attribute's category names (longest match,
quotable).

Exactly what a condition means, for every value old or new (the tree tests only x <= t):

- numeric `A <= v` is Interval(high=v), `A > v` Interval(low=v);
- numeric `A < v` is Interval(high=v⁻) and `A >= v` Interval(low=v⁻), where v⁻ is the float
  just below v (`numpy.nextafter(v, -inf)`): for doubles x < v exactly when x <= v⁻, so every
  training and every new case is routed as the text says (no value lies between v⁻ and v);
  the rules text reads such a bound back as "< v" / ">= v" (engine.tree.describe);
- numeric `A = v` is Interval(v⁻, v]; `!=` and `in` need named values;
- an ordinal attribute with named values is tested on its ranks 0, 1, ...: a set of ranks
  that runs without a gap is an Interval with half-rank ends (`safety >= med`: ranks > 0.5),
  any other set a OneOf; a nominal attribute's values are always a OneOf (it has no order);
- a condition that no value can meet, or that every value meets, is refused: it says nothing
  a rule can use.

A wrong condition raises `ConditionError` (an OptionError) with the reason and where in the
text it starts (`start`, `end`: offsets), so a caller can point at it.
"""

from __future__ import annotations

import difflib
import re

import numpy as np

from ..data.table import format_number
from ..errors import OptionError
from ..i18n import _
from .nodes import Condition, Interval, OneOf

# full-width ASCII forms (U+FF01..FF5E) as ASCII, the ideographic space and comma as ASCII ones:
# one character for one, so offsets in the folded text are offsets in the typed text
_FOLD = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)} | {0x3000: ord(" "), 0x3001: ord(",")}

QUOTES = {'"': '"', "'": "'", "`": "`", "“": "”", "‘": "’", "「": "」", "『": "』"}

LE, LT, GE, GT, EQ, NE, IN, NOT_IN = "<=", "<", ">=", ">", "=", "!=", "in", "not in"
ORDER_OPS = (LE, LT, GE, GT)

# symbols, longest first (matched on the folded text)
_SYMBOLS = (("<=", LE), ("<>", NE), ("==", EQ), (">=", GE), ("!=", NE), ("≤", LE), ("≦", LE), ("≥", GE),
            ("≧", GE), ("≠", NE), ("∉", NOT_IN), ("∈", IN), ("<", LT), (">", GT), ("=", EQ))
# words: English ones need a word boundary after them; Chinese ones do not
_WORDS = ((r"not\s+in", NOT_IN), (r"is\s+not", NE), (r"in", IN), (r"is", EQ),
          ("大于或等于", GE), ("大于等于", GE), ("小于或等于", LE), ("小于等于", LE), ("不大于", LE), ("不小于", GE),
          ("不高于", LE), ("不低于", GE), ("大于", GT), ("小于", LT), ("高于", GT), ("低于", LT),
          ("不等于", NE), ("等于", EQ), ("不属于", NOT_IN), ("属于", IN), ("不是", NE), ("是", EQ), ("为", EQ))
_WORD_RES = [(re.compile(w + (r"(?![A-Za-z0-9_])" if w[0].isascii() else ""), re.IGNORECASE), op)
             for w, op in _WORDS]
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?![A-Za-z0-9_.])")
#: characters that end an unquoted word (a value, a name we do not know)
_ENDS = set("\n;{},。")
_OPERATOR_START = set("<>=!≤≦≥≧≠∈∉")


class ConditionError(OptionError):
    """A condition that cannot be read: `reason` (one sentence), and where in the text it
    starts and ends (`start`, `end`: offsets)."""

    def __init__(self, reason: str, start: int, end: int | None = None, *, text: str | None = None):
        message = reason if text is None else _('{reason} (in the condition "{condition}", character {at})').format(
            reason=reason, condition=text, at=start + 1)
        super().__init__(message, code="bad_condition")
        self.reason = reason
        self.start = start
        self.end = start if end is None else end


class Source:
    """A text being read: `text` as typed and `folded`, the same with full-width forms as ASCII
    (one character for one). Keywords, operators and numbers are matched on `folded`; names
    and values on `text`. `stops(pos)`: a word that ends a condition begins at pos (the rule
    list's AND, THEN, ...), for telling where an unknown word ends."""

    def __init__(self, text: str, stops=None):
        self.text = text
        self.folded = text.translate(_FOLD)
        self.stops = stops or (lambda pos: False)

    def space(self, pos: int) -> int:
        """pos moved past white space (new lines included)."""
        n = len(self.text)
        while pos < n and self.folded[pos].isspace():
            pos += 1
        return pos

    def word_end(self, pos: int) -> int:
        """Where an unquoted word that starts at pos ends: before a separator, a set's brace or
        a stop word; trailing spaces left out."""
        k, n = pos, len(self.text)
        while k < n and self.folded[k] not in _ENDS and not (k > pos and self.stops(k)):
            k += 1
        while k > pos and self.folded[k - 1].isspace():
            k -= 1
        return max(k, min(pos + 1, n))

    def quoted(self, pos: int) -> tuple[str, int] | None:
        """(content, end) of a quoted text at pos; None when none starts there. An unclosed
        quote is an error."""
        close = QUOTES.get(self.text[pos]) if pos < len(self.text) else None
        if close is None:
            return None
        end = self.text.find(close, pos + 1)
        if end < 0 or "\n" in self.text[pos + 1:end]:
            raise ConditionError(_("the quote {quote} is not closed").format(quote=self.text[pos]), pos, pos + 1)
        return self.text[pos + 1:end], end + 1

    def name(self, pos: int, names: list[str]) -> tuple[int, int] | None:
        """(index into names, end) of the longest of `names` at pos: quoted, or as it is, else
        ignoring case when one name is the longest so; None when none is there."""
        quoted = self.quoted(pos)
        if quoted is not None:
            content, end = quoted
            index = _find(content, names)
            return None if index is None else (index, end)
        text = self.text
        for same in (lambda n: text.startswith(n, pos),
                     lambda n: text[pos:pos + len(n)].casefold() == n.casefold()):
            found = [(len(n), i) for i, n in enumerate(names)
                     if n and same(n) and not _cuts_a_word(text, pos + len(n), n)]
            if found:
                longest = max(length for length, _i in found)
                best = [i for length, i in found if length == longest]
                return (best[0], pos + longest) if len(best) == 1 else None
        return None

    def operator_word(self, pos: int) -> str | None:
        """A comparison word (in, is, 大于, ...) at pos: where a name we do not know ends."""
        if (pos > 0 and self.folded[pos - 1].isspace()) or not self.folded[pos].isascii():
            for pattern, op in _WORD_RES:
                if pattern.match(self.folded, pos):
                    return op
        return None

    def operator(self, pos: int) -> tuple[str, int] | None:
        """(operator, end) of the comparison at pos, or None."""
        for symbol, op in _SYMBOLS:
            if self.folded.startswith(symbol, pos):
                return op, pos + len(symbol)
        for pattern, op in _WORD_RES:
            m = pattern.match(self.folded, pos)
            if m:
                return op, m.end()
        return None

    def number(self, pos: int) -> tuple[float, int] | None:
        m = _NUMBER.match(self.folded, pos)
        if not m:
            return None
        return float(m.group()), m.end()


def _cuts_a_word(text: str, end: int, name: str) -> bool:
    """The name ends inside a word of Latin letters or digits ("age" at the start of "agent")."""
    return bool(name) and end < len(text) and _is_word(name[-1]) and _is_word(text[end])


def _is_word(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch == "_")


def _find(content: str, names: list[str]) -> int | None:
    """The index of `content` among names: exactly, else ignoring case when that is unique."""
    if content in names:
        return names.index(content)
    folded = [i for i, n in enumerate(names) if n.casefold() == content.casefold()]
    return folded[0] if len(folded) == 1 else None


def listing(names, most: int = 8) -> str:
    """'a, b, c' (at most `most` of them, then '...')."""
    names = list(names)
    shown = ", ".join(names[:most])
    return shown + (", ..." if len(names) > most else "")


def _suggestion(word: str, names: list[str]) -> str:
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    if close:
        return _(' (did you mean "{name}"?)').format(name=close[0])
    return _(" (they are: {names})").format(names=listing(names))


# ---- reading a condition ---------------------------------------------------------------------


def read_condition(src: Source, pos: int, schema) -> tuple[Condition, int]:
    """The condition that starts at pos (after white space) and where it ends."""
    pos = src.space(pos)
    found = src.name(pos, schema.names)
    if found is None:
        ranged = _read_range(src, pos, schema)
        if ranged is not None:
            return ranged
        _unknown_attribute(src, pos, schema)
    j, at = found
    attr = schema.attributes[j]
    at = src.space(at)
    op = src.operator(at)
    if op is None:
        end = src.word_end(at)
        if at >= len(src.text) or src.stops(at):
            raise ConditionError(_('after "{attribute}" a comparison is expected: <, <=, >, >=, =, != or in '
                                   "{{…}}").format(attribute=attr.name), at)
        raise ConditionError(_('after "{attribute}" a comparison is expected (<, <=, >, >=, =, != or in {{…}}), '
                               'not "{text}"').format(attribute=attr.name, text=src.text[at:end]), at, end)
    op, at = op
    at = src.space(at)
    if op in (IN, NOT_IN):
        codes, end = _read_set(src, at, attr, op)
    else:
        value, end = _read_value(src, at, attr, op)
        if attr.categories is None:
            return _interval(j, attr, op, value, pos, end), end
        codes = _codes(attr, op, value, pos, end)
    return _category_condition(j, attr, codes, pos, end), end


def parse_condition(text: str, schema) -> Condition:
    """The one condition `text` states about an attribute of `schema` (module docstring);
    a ConditionError naming what is wrong and where."""
    src = Source(str(text))
    try:
        cond, end = read_condition(src, 0, schema)
        end = src.space(end)
        if end < len(src.text):
            raise ConditionError(_('unexpected "{text}" after the condition').format(text=src.text[end:].strip()),
                                 end, len(src.text))
    except ConditionError as exc:
        raise ConditionError(exc.reason, exc.start, exc.end, text=src.text) from None
    return cond


def _unknown_attribute(src: Source, pos: int, schema) -> None:
    if pos >= len(src.text) or src.stops(pos):
        raise ConditionError(_("a condition is expected here (such as age > 50)"), pos)
    quoted = src.quoted(pos)
    if quoted is not None:
        word, end = quoted
    else:
        end = pos
        while end < len(src.text) and src.folded[end] not in _OPERATOR_START and src.operator_word(end) is None \
                and src.folded[end] not in _ENDS and not (end > pos and src.stops(end)):
            end += 1
        while end > pos and src.folded[end - 1].isspace():
            end -= 1
        word = src.text[pos:end]
    if word == schema.target:
        raise ConditionError(_('"{name}" is the column to predict: a rule\'s condition tests the attributes').format(
            name=word), pos, end)
    raise ConditionError(_('no attribute "{name}" in the data{hint}').format(
        name=word, hint=_suggestion(word, schema.names)), pos, max(end, pos + 1))


def _read_value(src: Source, pos: int, attr, op: str) -> tuple[float, int]:
    """A number (a numeric attribute) or a category code (an attribute with named values)."""
    if pos >= len(src.text) or src.stops(pos):
        raise ConditionError(_('a value is expected after "{op}"').format(op=op), pos)
    if attr.categories is not None:
        return _read_category(src, pos, attr)
    number = src.number(pos)
    if number is None:
        quoted = src.quoted(pos)
        end = quoted[1] if quoted else src.word_end(pos)
        raise ConditionError(_('{attribute} holds numbers: "{text}" is not a number').format(
            attribute=attr.name, text=quoted[0] if quoted else src.text[pos:end]), pos, end)
    value, end = number
    if not np.isfinite(value):
        raise ConditionError(_("{attribute}: the number {text} is too large").format(
            attribute=attr.name, text=src.text[pos:end]), pos, end)
    return value, end


def _read_category(src: Source, pos: int, attr) -> tuple[int, int]:
    """The code of the category named at pos: quoted, a number the way the data writes it
    ("2.0" for "2"), or the longest category name there."""
    number = src.number(pos)
    if number is not None:
        for code, name in enumerate(attr.categories):
            if name == src.text[pos:number[1]] or _as_number(name) == number[0]:
                return code, number[1]
    found = src.name(pos, attr.categories)
    if found is not None:
        return found
    quoted = src.quoted(pos)
    word, end = quoted if quoted else (src.text[pos:src.word_end(pos)], src.word_end(pos))
    raise ConditionError(_('{attribute} has no value "{value}" (its values: {values})').format(
        attribute=attr.name, value=word, values=listing(attr.categories, 12)), pos, end)


def _as_number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _read_set(src: Source, pos: int, attr, op: str) -> tuple[set[int], int]:
    """{v1, v2, ...} of category names: the codes, for `in`; their complement for `not in`."""
    if attr.categories is None:
        raise ConditionError(_('{attribute} holds numbers: "{op}" needs named values; for numbers write a range '
                               "such as 30 < {attribute} <= 50").format(attribute=attr.name, op=op), pos, pos + 1)
    if not src.folded.startswith("{", pos):
        code, end = _read_category(src, pos, attr)  # "A in v": a set of one
        codes = {code}
    else:
        codes, end = set(), src.space(pos + 1)
        while not (src.folded.startswith("}", end) and not codes):
            code, end = _read_category(src, end, attr)
            codes.add(code)
            end = src.space(end)
            if src.folded.startswith(",", end):
                end = src.space(end + 1)
            elif not src.folded.startswith("}", end):
                raise ConditionError(_('the set of values of {attribute} goes on with "," or ends with "}}" '
                                       "here").format(attribute=attr.name), end, src.word_end(end))
            else:
                break
        end += 1
    return (set(range(len(attr.categories))) - codes if op == NOT_IN else codes), end


def _read_range(src: Source, pos: int, schema) -> tuple[Condition, int] | None:
    """`v1 < A <= v2` (the rules text's form for a bounded interval); None when the text does
    not read as one."""
    k = pos
    while k < len(src.text) and src.folded[k] not in "<≤≦\n;" and not src.stops(k):
        k += 1
    first = src.operator(k) if pos < k < len(src.text) else None
    if first is None or first[0] not in (LT, LE):
        return None
    found = src.name(src.space(first[1]), schema.names)
    second = src.operator(src.space(found[1])) if found is not None else None
    if second is None or second[0] not in (LT, LE):
        return None
    j = found[0]
    attr = schema.attributes[j]
    if attr.categories is not None and attr.kind != "ordinal":
        raise ConditionError(_("{attribute}'s values have no order, so a range cannot bound it: use =, != or in "
                               "{{…}} (or make it ordinal in the problem settings)").format(attribute=attr.name),
                             pos, k)
    low_text = src.text[pos:k].rstrip()
    try:  # the low end, read on its own (the attribute comes after it)
        low, low_end = _read_value(Source(low_text), 0, attr, first[0])
    except ConditionError as exc:
        raise ConditionError(exc.reason, pos + exc.start, pos + exc.end) from None
    if low_end < len(low_text):
        raise ConditionError(_('{attribute}: "{text}" is not one value').format(attribute=attr.name, text=low_text),
                             pos, k)
    high, end = _read_value(src, src.space(second[1]), attr, second[0])
    above = GT if first[0] == LT else GE
    if attr.categories is not None:
        codes = _codes(attr, above, low, pos, end) & _codes(attr, second[0], high, pos, end)
        return _category_condition(j, attr, codes, pos, end), end
    a, b = _interval(j, attr, above, low, pos, end), _interval(j, attr, second[0], high, pos, end)
    if max(a.low, b.low) >= min(a.high, b.high):
        raise ConditionError(_("no value of {attribute} lies in that range").format(attribute=attr.name), pos, end)
    return Interval(j, max(a.low, b.low), min(a.high, b.high)), end


# ---- what a condition means --------------------------------------------------------------------


def just_below(value: float) -> float:
    """The float just below `value`: x < value exactly when x <= just_below(value)."""
    return float(np.nextafter(float(value), -np.inf))


def _interval(j: int, attr, op: str, v: float, start: int, end: int) -> Interval:
    """A comparison of a numeric attribute with v (module docstring)."""
    if op == LE:
        return Interval(j, high=v)
    if op == LT:
        return Interval(j, high=just_below(v))
    if op == GT:
        return Interval(j, low=v)
    if op == GE:
        return Interval(j, low=just_below(v))
    if op == EQ:
        return Interval(j, just_below(v), v)
    raise ConditionError(_('{attribute} holds numbers: "!=" needs named values; write two rules, one with '
                           "{attribute} < {value} and one with {attribute} > {value}").format(
        attribute=attr.name, value=format_number(v)), start, end)


def _codes(attr, op: str, code: int, start: int, end: int) -> set[int]:
    """The category codes a comparison with one category admits (order comparisons: on the ranks
    of an ordinal attribute)."""
    m = len(attr.categories)
    if op in ORDER_OPS and attr.kind != "ordinal":
        raise ConditionError(_('{attribute}\'s values have no order, so "{op}" cannot compare them: use =, != '
                               "or in {{…}} (or make it ordinal in the problem settings)").format(
            attribute=attr.name, op=op), start, end)
    ranks = {LE: range(0, code + 1), LT: range(0, code), GE: range(code, m), GT: range(code + 1, m),
             EQ: [code], NE: [c for c in range(m) if c != code]}[op]
    return set(ranks)


def _category_condition(j: int, attr, codes: set[int], start: int, end: int) -> Condition:
    """Category codes as a condition: a run of ranks of an ordinal attribute as an Interval with
    half-rank ends, anything else a OneOf; none or all of them refused."""
    m = len(attr.categories)
    if not codes:
        raise ConditionError(_("no value of {attribute} meets this condition, so the rule could never apply").format(
            attribute=attr.name), start, end)
    if len(codes) == m:
        raise ConditionError(_("every value of {attribute} meets this condition: it says nothing, leave it "
                               "out").format(attribute=attr.name), start, end)
    lo, hi = min(codes), max(codes)
    if attr.kind == "ordinal" and len(codes) == hi - lo + 1:
        return Interval(j, lo - 0.5 if lo > 0 else -np.inf, hi + 0.5 if hi < m - 1 else np.inf)
    return OneOf(j, frozenset(codes))
