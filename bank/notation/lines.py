"""Reading a learner's line of working: the claims in a sentence, not the sentence as notation.

A human marker finds the arithmetic in ``Read the weights: 70 GB ÷ 6 GB/s =
11.7 s.`` and ignores the words around it. :func:`read_line` does the same: it
finds each chain of sides joined by ``=``, ``≈``, ``is``, ``so``, ``→`` or
``rounded up to`` (a :class:`Chain`), tolerates the words and punctuation
around them, and keeps the words before the first chain as the line's label.
Words after a number are a unit when they are one (``80 layers``, ``134
seqs``, ``rps``, ``GiB``), and a label otherwise (``4 standby replicas``).

Only a line whose arithmetic cannot be read at all is a format error, with the
column at fault: a stray operator beside an ``=`` (``70 / = 11.7``), or a limit
(length, nesting, a runaway power).

>>> r = read_line("Read the weights: 70 GB ÷ 6 GB/s = 11.7 s.")
>>> r.label, len(r.chains), [s.link for s in r.chains[0].segments]
('Read the weights', 1, ['', '='])
>>> [len(c.segments) for c in read_line("7,200 ÷ 3,000 = 2.4, so 3 replicas").chains]
[3]
>>> read_line("(126.9 GB − 70 GB) ÷ 2.68 GB, rounded down, is 21.").chains[0].segments[1].link
'down'
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping

from ..errors import NotationError
from ..units import Unit, UnitError, parse_unit
from ..vocabulary import (APPROX, APPROX_EQUALS, COUNTED, DIMENSIONS, EQUALS, IMPLIES, MULTIPLIERS, NUMBER_WORDS,
                          ROUNDING, SAYS)
from .assembly import AGAIN, FROM, Item, assemble
from .brackets import split_brackets
from .chains import APPROXIMATE, EQUAL, IMPLIES_LINK, ROUGHLY, SAYS_LINK, Chain, Reading, has_operation
from .exact import UnitMismatch, constant, infer_unit
from .functions import ALIASES, FUNCTIONS
from .labels import label_end_of, label_of
from .lexer import Token, spread, tokenize
from .nodes import BinOp, Name, Node, Num, Quantity, moved, walk
from .parser import MAX_DEPTH, MAX_LENGTH, plain_word
from .prose import AFTER_ANS, ANS, ProseParser, number_word
from .respell import respell
from .strays import STRAY_OPS, refuse_strays


#: Marks that link a working to its value: a line with one states a result.
_LINK_MARKS = ("=", "≈", "~", "→", "->", "=>")


def read_line(text: str, names: frozenset[str] = frozenset(), units: Mapping[str, Unit] | None = None, *,
              max_length: int = MAX_LENGTH, max_depth: int = MAX_DEPTH, previous: Node | None = None,
              commas: bool = False, giga: bool = False, goes_on: bool = False) -> Reading:
    """Read the claims out of one line of a learner's working.

    ``names`` are the params and steps a learner may use by name; ``units`` their units (to read ``at``).
    ``previous`` is the value the line before ended on: a line that opens with an operator
    (``x 8192 = 536.9 MB``) goes on from it. ``commas``: the working writes decimals with a comma
    (:func:`~bank.notation.lexer.decimal_commas`). ``giga``: ``8G`` is eight billion, not 8 GB. ``goes_on``: the line
    opens with any operator, ``-`` too, that goes on from ``previous`` (code's ``mem -= w``). Raises a
    located :class:`NotationError` only where the arithmetic cannot be read at all.
    """
    if len(text) > max_length:
        raise NotationError(f"line is {len(text):,} characters long; the limit is {max_length:,}",
                            text, max_length, len(text))
    tokens, inner = split_brackets(tokenize(respell(text), prose=True, commas=commas))
    # "2 phases x (114.7 - 28.7)": a name right after a number counts what the number is, not a factor
    names = names - {b.text for a, b in zip(tokens, tokens[1:]) if a.kind == "num" and b.kind == "name"}
    label_end = label_end_of(tokens)
    label_end += 0 if goes_on else _bullet(text, tokens, label_end)  # code's "sent *= 2": no list's bullet
    # "then + 50 s init → …": a word of sequence before the operator that goes on from the last line's value
    label_end += _word(tokens[label_end]) in _THEN and tokens[label_end + 1].text in _OPENERS
    opening = [Item("expr", label_end, label_end, node=moved(previous, 0, 0), link="earlier")] \
        if previous is not None and _has_link(tokens) \
        and (_opens(tokens, label_end, previous) or goes_on and tokens[label_end].text in _ANY_OPERATOR) else []
    options = dict(names=names, units=units, max_length=max_length, max_depth=max_depth, giga=giga)
    chains = _comma_results(text, _chains(text, tokens, label_end, opening, options, previous))
    label = label_of(text, tokens, label_end, chains)
    # a bracket's own equation first: the line goes on from its value
    chains = [c for part in inner for c in _chains(text, part, 0, [], options)] + chains
    return Reading(text, label, tuple(replace(c, label=label) for c in chains))


def _comma_results(text: str, chains: list[Chain]) -> list[Chain]:
    """``eight billion times two bytes, sixteen gigs``: a working, then after a comma alone the value it comes to,
    as people say a result aloud. Only a value the working does come to is its result; any other is a remark.

    >>> [len(c.segments) for c in read_line("8e9 times 2 bytes, 16 GB").chains]
    [2]
    >>> [len(c.segments) for c in read_line("2 x 80 layers, 128 dims").chains]
    [1, 1]
    """
    out: list[Chain] = []
    for chain in chains:
        last = out[-1] if out else None
        if last is not None and len(last.segments) == 1 and len(chain.segments) == 1 \
                and has_operation(last.segments[0].node) and not has_operation(chain.segments[0].node) \
                and _COMMA_RESULT.fullmatch(text[last.segments[0].end:chain.segments[0].start]) \
                and _comes_to(last.segments[0].node, chain.segments[0].node):
            said = replace(chain.segments[0], link=EQUAL)
            out[-1] = replace(last, segments=(*last.segments, said), comment=chain.comment, claim=True)
            continue
        out.append(chain)
    return out


#: What may stand between a working said aloud and its result: a comma, a filler, a word for "roughly".
_COMMA_RESULT = re.compile(r"\s*,\s*(?:(?:um|uh|er|erm|like)\s*,?\s*)*(?:(?:about|around|roughly)\s+)?",
                           re.IGNORECASE)


def _comes_to(working: Node, value: Node) -> bool:
    """Whether a working's value is ``value`` (a plain number, or one of the working's kind), to within 2%: a
    result said aloud is said roughly."""
    try:
        a, b = constant(working), constant(value)
        kind, said = infer_unit(working), infer_unit(value)
    except (UnitMismatch, NotationError):
        return False
    return a is not None and b is not None and a != 0 and abs(b - a) <= abs(a) / 50 \
        and (said.dims == kind.dims or said.dimensionless)


def _bullet(text: str, tokens: list[Token], at: int) -> bool:
    """``* 140 GB / 80 GB per card = 1.75 cards``: a list mark before a working of its own, not "times" the
    value before (``* 8192 = 536.9 MB`` and ``× 2 × 80 = 15.7 GB`` go on from it)."""
    if text[tokens[at].start:tokens[at].end] != "*" or tokens[at + 1].start == tokens[at].end:
        return False
    for tok in tokens[at + 1:]:
        if tok.text in _LINK_MARKS:
            return False
        if tok.kind == "op" and tok.text in ("*", "/", "+", "-", "^") or _word(tok) in ("x", "times", "divided"):
            return True
    return False


def _chains(text: str, tokens: list[Token], start: int, opening: list[Item], options: dict[str, Any],
            previous: Node | None = None) -> list[Chain]:
    parser = ProseParser(text, tokens, **options)
    items = _scan(parser, tokens, start, opening, previous)
    refuse_strays(items, tokens, text, options["names"])
    return assemble(items, tokens, text)


def parse_line(text: str, *, keep: frozenset[str] = frozenset(), max_length: int = MAX_LENGTH,
               max_depth: int = MAX_DEPTH) -> Chain:
    """The first claim of a line (a convenience for one-claim lines and tests).

    >>> line = parse_line("Rent per replica: $2.50/hour x 24 x 365 = about $21,900")
    >>> line.label, len(line.segments), line.segments[1].approx
    ('Rent per replica', 2, True)
    """
    reading = read_line(text, keep, max_length=max_length, max_depth=max_depth)
    claims = reading.claims
    return claims[0] if claims else Chain(text, reading.label, ())


# --------------------------------------------------------------------------- scanning

_PHRASES: list[tuple[tuple[str, ...], str, str | None]] = []  # (words, link, rounding)


def _phrases() -> list[tuple[tuple[str, ...], str, str | None]]:
    """Every link phrase as a tuple of lower-case words, longest first."""
    if _PHRASES:
        return _PHRASES
    found: list[tuple[tuple[str, ...], str, str | None]] = []
    for word in EQUALS:
        found.append((tuple(word.split()), EQUAL, None))
    for word in APPROX_EQUALS:
        found.append((tuple(word.split()), APPROXIMATE, None))
    for word in SAYS:
        found.append((tuple(word.split()), SAYS_LINK, None))
    for word in IMPLIES:
        found.append((tuple(word.split()), IMPLIES_LINK, None))
    for phrase, how in ROUNDING.items():
        words = tuple(phrase.split())
        for tail in ((), ("to",), ("up", "to"), ("gives",), ("is",), ("that's",), ("=",), ("→",), (":",)):
            if not (tail and tail[0] in words):
                found.append((words + tail, how, how))
    found.sort(key=lambda p: -len(p[0]))
    _PHRASES.extend(found)
    return _PHRASES


_BY_FIRST: dict[str, list[tuple[tuple[str, ...], str, str | None]]] = {}


def _match_phrase(tokens: list[Token], i: int) -> tuple[int, str, str | None] | None:
    """(tokens used, link, rounding) for a link phrase starting at ``i``, else None."""
    if not _BY_FIRST:
        for phrase in _phrases():  # longest first, kept so within each first word
            _BY_FIRST.setdefault(phrase[0][0], []).append(phrase)
    for words, link, rounding in _BY_FIRST.get(_word(tokens[i]), ()):
        end = i + len(words)
        if end > len(tokens) - 1:
            continue
        if all(_word(tokens[i + k]) == w for k, w in enumerate(words)):
            return len(words), link, rounding
    return None


def _word(tok: Token) -> str:
    return tok.text.lower().replace("’", "'") if tok.kind == "name" else tok.text


def _scan(parser: ProseParser, tokens: list[Token], start: int, items: list[Item],
          previous: Node | None = None) -> list[Item]:
    i = start
    while tokens[i].kind != "end":
        tok = tokens[i]
        parser.ans = _last_value(items, previous)
        item = _link_or_approx(tokens, i, items) or _continuation(parser, tokens, i, items, previous) \
            or _times_it(tokens, i, parser.ans) or _expression(parser, tokens, i, items) \
            or _aside(tokens, i, items)
        if item is not None and item.kind == "expr":
            item = _of_it(tokens, item, items, previous)
        if item is None:
            kind = {"name": "word", "num": "word"}.get(tok.kind, "punct")
            kind = "op" if tok.kind == "op" and tok.text in STRAY_OPS else kind
            item = Item(kind, i, i + 1)
        items.append(item)
        i = item.end
    return items


_PRONOUNS = ("it", "that", "this")


def _of_it(tokens: list[Token], item: Item, items: list[Item], previous: Node | None) -> Item:
    """``2 × 7/8 of it``: a share of the value just given (on this line, or the line before)."""
    of, it = tokens[item.end], tokens[item.end + 1] if item.end + 1 < len(tokens) else tokens[-1]
    if of.text.lower() != "of" or it.text.lower() not in _PRONOUNS or item.node is None:
        return item
    before = _last_value(items, previous)
    if before is None:
        return item
    node = BinOp(item.node.start, it.end, "*", item.node, moved(before, it.start, it.end), of.start)
    return replace(item, end=item.end + 2, node=node)


def _last_value(items: list[Item], previous: Node | None) -> Node | None:
    """The value just given: the last side read on this line, or the value the line before ended on. A precision
    (``70 GB, and at 4 bit half that``) only says which case the line is on."""
    return next((x.node for x in reversed(items) if x.kind == "expr" and x.node is not None
                 and not _precision(x.node)), previous)


def _precision(node: Node) -> bool:
    """``4 bit``, ``8-bit``: a number of bits alone, which names a precision."""
    return isinstance(node, Quantity) and isinstance(node.operand, Num) and node.unit.name in ("bit", "bits")


def _times_it(tokens: list[Token], i: int, before: Node | None) -> Item | None:
    """``twice that``, ``double it``, ``half again``: the value just given (``before``), multiplied."""
    word, it = tokens[i], tokens[i + 1]
    if before is None or word.kind != "name" or _word(word) not in MULTIPLIERS \
            or it.text.lower() not in (*_PRONOUNS, "again"):
        return None
    factor = Num(word.start, word.end, MULTIPLIERS[_word(word)], word.text, Fraction(0))
    return Item("expr", i, i + 2, node=BinOp(word.start, it.end, "*", factor, moved(before, it.start, it.end),
                                               word.end))


#: Operators that may open a line, going on from the value the line before ended on.
_OPENERS = ("*", "/", "x", "X", "+", "times", "plus", "minus")
#: Marks that, opening a line before a number, state that number as a result: the value the line before ended on,
#: rounded or said again (``→ 4 serving``, ``≈ 33.8 GB``).
_ROUNDS_ON = ("→", "->", "=>", "⇒", "≈", "~")
_THEN = ("then", "and", "next")
#: Words that can only be arithmetic, going on from a value after ``and`` or ``then``.
_OPERATION_WORDS = ("+", "-", "*", "/", "x", "X", "times", "mult", "div", "plus", "minus", "divided", "multiplied",
                    "over")
#: What may open a line that code's ``mem -= w`` has turned into ``- w`` (a minus too, which alone may sign a value).
_ANY_OPERATOR = ("-", "−", "×", "÷")
_CONTINUING = ("+", "-", "*", "/", "x", "X", "times", "mult", "div", "plus", "minus", "less", "divided", "multiplied",
               "of", "at", "split", "per", "over")


def _continuation(parser: ProseParser, tokens: list[Token], i: int, items: list[Item],
                  previous: Node | None = None) -> Item | None:
    """``= 3 replicas, plus 1 spare``, ``12,480 → /2500``: an operator that goes on from the last value.
    Where that value is the factor itself (``hit 50%, so × 0.5``), it goes on from the line before."""
    if tokens[i].text not in _CONTINUING or tokens[i].kind == "num":
        return None
    if tokens[i].text in ("-", "+") and tokens[i + 1].start == tokens[i].end and items and (
            items[-1].kind == "link" or tokens[items[-1].start].text == "," and not _result_follows(tokens, i)):
        return None  # "= -270 GB", "=> +1 qps", "7.5 req, +3 req/s, 360": a signed value, not "minus 270"
    k = len(items) - 1
    while k >= 0 and items[k].kind == "punct" and tokens[items[k].start].text in (",", "(", ";"):
        k -= 1
    if k > 0 and items[k].kind == "word" and _word(tokens[items[k].start]) in _THEN \
            and _word(tokens[i]) in _OPERATION_WORDS:  # "is 56.9 and divided by 2.68" (not "and at 3,000 each")
        k -= 1
        while k >= 0 and items[k].kind == "punct" and tokens[items[k].start].text == ",":
            k -= 1
    while k < len(items) - 1 and k >= 0 and items[k].kind == "word":  # "= 258,048 numbers, times 2 bytes"
        k -= 1
    if k < 0 or items[k].kind not in ("expr", "link"):
        return None
    left = next((it.node for it in reversed(items[:k + 1]) if it.kind == "expr"), None)
    if left is None or (items[k].kind == "link" and items[k].link not in (IMPLIES_LINK, EQUAL, SAYS_LINK)):
        return None
    if _word(tokens[i]) == "at" and isinstance(left, BinOp) and left.op == "*":
        said = parser.expression(i + 1)
        if said is not None and any(_same_number(x, said[0]) for x in (left.left, left.right)):
            return Item("aside", i, said[1])  # "half of that at 50%": the factor said again, not applied twice
    found = parser.continuation(left, i)
    if found is None:
        return None
    node, end = found
    if _word(tokens[i]) == "over" and not _by_a_rate(node):
        return None  # "and over 60 s that's 60 requests": a span of time, not a division
    if _word(tokens[i]) == "at" and tokens[end].text in ("=", "≈"):
        return None  # "1.68e15 flop, at 4 * 312 * 0.55 = 686.4 TFLOPS": the rate worked out, a claim of its own
    if previous is not None and isinstance(node, BinOp) and node.left is left and _same_number(left, node.right) \
            and not any(it.kind == "expr" and it.node is not left for it in items):
        node = replace(node, left=moved(previous, left.start, left.end))
    again = _ditto(items, left, node)
    if again is not node:  # the same division again: a claim of its own, not a side equal to the first
        return Item("expr", i, end, node=again, link=AGAIN)
    return Item("expr", i, end, node=node, link="continues" if items[k].kind == "expr" else "")


def _by_a_rate(node: Node) -> bool:
    """Whether a working divides by a rate: ``7.7e12 FLOPs, and over 4 × 989 TFLOP/s`` (not ``over 4,000 tokens``)."""
    time = DIMENSIONS.index("time")
    return isinstance(node, BinOp) and node.op == "/" and any(
        isinstance(x, Quantity) and x.unit.dims[time] < 0 for x in walk(node.right))


def _result_follows(tokens: list[Token], i: int) -> bool:
    """Whether a result (``=``) follows before the clause ends: ``3 replicas, +1 spare = 4``."""
    for tok in tokens[i:]:
        if tok.kind == "end" or tok.text in (",", ";"):
            return False
        if tok.text in ("=", "≈", "→", "->", "=>"):
            return True
    return False


def _ditto(items: list[Item], left: Node, node: Node) -> Node:
    """``4.8 TB/s divided by 70 GB = 68.6 tok/s; divided by 35 GB = 137 tok/s``: the same division again with
    another value of the same unit, not a division of the result."""
    sides = [it.node for it in items if it.kind == "expr" and it.node is not None]
    first = sides[-2] if len(sides) > 1 and sides[-1] is left else None
    if isinstance(node, BinOp) and isinstance(first, BinOp) and first.op == node.op == "/" \
            and isinstance(first.right, Quantity) and isinstance(node.right, Quantity) \
            and first.right.unit == node.right.unit and not isinstance(left, BinOp):
        return replace(node, left=moved(first.left, left.start, left.end))
    return node


def _same_number(a: Node, b: Node) -> bool:
    """``50%`` and ``0.5``: one number said twice, as a percentage and as a factor."""
    from .exact import evaluate

    if has_operation(a) or has_operation(b):
        return False
    try:
        return evaluate(a) == evaluate(b)
    except (NotationError, KeyError, ValueError, ArithmeticError):
        return False


def _link_or_approx(tokens: list[Token], i: int, items: list[Item]) -> Item | None:
    tok = tokens[i]
    after_value = bool(items) and items[-1].kind == "expr" or \
        (len(items) > 1 and items[-1].kind == "punct" and items[-2].kind == "expr")
    arrow = _arrow_back(tokens, i)
    if arrow and (after_value or _words_since_value(items)):
        return Item("link", i, i + arrow, link=FROM)  # "21.47 ms  <- 287.6 GB ÷ 13.4 TB/s"
    if tok.text in ("~", "≈") and not after_value:
        return Item("approx", i, i + 1)
    if tok.text in ("~", "≈") and items[-1].kind == "punct":
        return Item("link", i, i + 1, link=ROUGHLY)  # "4.19 s, ~14× the median"
    if tok.kind == "punct" and tok.text == ":" and after_value:
        return Item("link", i, i + 1, link=SAYS_LINK)
    if tok.kind == "name" and _word(tok) in APPROX and not _match_phrase(tokens, i):
        end = i + 1 + (tokens[i + 1].text == "." and tokens[i + 1].start == tok.end)
        if after_value and items[-1].kind == "punct":  # "… per 21.47 ms, roughly 30,200 tokens a second"
            return Item("link", i, end, link=ROUGHLY)
        return Item("approx", i, end)
    found = _match_phrase(tokens, i)
    if found is None or (tok.text in FUNCTIONS and tokens[i + 1].text == "("):
        return None  # floor(21.2) is a call; "21.2, floor 21" a rounding
    used, link, rounding = found
    if used == 1 and _word(tok) == "for" and after_value:
        return Item("break", i, i + 1)  # "3,048 tok/s for 64 users": what the value is for, not a value equal to it
    if link == SAYS_LINK and (not after_value or _word(tok) == "left") and tok.kind == "name" \
            and not _number_next(tokens, i + used):
        return None  # "is" among words: "Little's law is …"; "45 GB left of the 80"
    if link == SAYS_LINK and tok.kind == "name" and tokens[i + used].text in ("=", "≈", ":"):
        return None  # "35.1 tok/s, total = 64 × 35.1": a label before its own sign, not "in total"
    return Item("link", i, i + used, link=link, rounding=rounding)


def _arrow_back(tokens: list[Token], i: int) -> int:
    """How many tokens make an arrow pointing back at the value before it (``<-``, ``←``), or 0."""
    tok = tokens[i]
    if tok.text == "←":
        return 1
    after = tokens[i + 1]
    return 2 if tok.text == "<" and after.text == "-" and after.start == tok.end else 0


def _words_since_value(items: list[Item]) -> bool:
    """Whether a few words, and nothing else, follow the last value: ``8,760 hours a year <- 24 × 365``."""
    since = list(itertools.takewhile(lambda it: it.kind != "expr", reversed(items)))
    return 0 < len(since) <= 8 and len(since) < len(items) and all(it.kind == "word" for it in since)


def _number_next(tokens: list[Token], i: int) -> bool:
    """Whether a number (after any approx words) comes next: "… and a step is 21.5 ms" states a result."""
    while tokens[i].kind == "name" and _word(tokens[i]) in APPROX:
        i += 1
    return tokens[i].kind == "num" or (tokens[i].text == "$" and tokens[i + 1].kind == "num")


def _aside(tokens: list[Token], i: int, items: list[Item]) -> Item | None:
    """``(128k ctx)``, ``(I added 20)``: words in brackets, with no link inside, are an aside to skip."""
    if tokens[i].text != "(":
        return None
    depth, j = 0, i
    while tokens[j].kind != "end":
        depth += {"(": 1, ")": -1}.get(tokens[j].text, 0)
        j += 1
        if depth == 0:
            break
    inside = tokens[i + 1:j - 1]
    if depth != 0 or any(t.text in _LINK_MARKS for t in inside):
        return None  # an unmatched "(" is skipped alone; "(+1 spare = 6)" is read
    if inside and inside[0].kind == "num" and any(it.kind == "expr" for it in items) \
            and not spread(inside[0]):  # "≈ 134 tok/s (133–135)": the result's margin, not a second result
        return Item("also", i, i + 1)  # "$4/hr extra (67% more)": a second result, read as a claim
    rounding = next((found[2] for k in range(i + 1, j) for found in [_match_phrase(tokens, k)]
                     if found and found[2]), None)
    return Item("aside", i, j, rounding=rounding)


def _can_start(parser: ProseParser, tokens: list[Token], i: int) -> bool:
    tok, nxt = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else tokens[-1]
    if tok.kind == "num" or tok.text in ("$", "(", "⌈", "⌊"):
        return True
    if tok.text == "-" and (nxt.kind == "num" or nxt.text == "$") and nxt.start == tok.end:
        return True
    if tok.kind != "name":
        return False
    if tok.text in parser.names and _signed_after(tokens, i) and plain_word(tok):
        return False  # "backlog +1 req/s": a word, then a signed value, not the step plus one
    if tok.text in parser.names or tok.text.lower() == ANS and parser.ans is not None and nxt.text in AFTER_ANS:
        return True
    if (tok.text in FUNCTIONS or tok.text in ALIASES) and nxt.text == "(":
        return True
    return number_word(tok.text) is not None and (nxt.kind == "op" or parser.unit_word(nxt) is not None
                                         or nxt.text.lower() == "of"  # "half of that"
                                         or nxt.kind == "num" and _sized_count(tokens, i, parser))


def _sized_count(tokens: list[Token], i: int, parser: ProseParser) -> bool:
    """``two 80 GB cards``: a count in words, then the size of each thing it counts."""
    if i + 3 >= len(tokens) or tokens[i].text.lower() in ("half", "quarter", "third"):
        return False
    unit, noun = tokens[i + 2], tokens[i + 3]
    return parser.unit_word(unit) is not None and noun.kind == "name" and parser.unit_word(noun) is not None


def _signed_after(tokens: list[Token], i: int) -> bool:
    """Whether token ``i`` is followed by a sign set apart from it and against its number (``backlog +1``)."""
    if i + 2 >= len(tokens):
        return False
    sign, number = tokens[i + 1], tokens[i + 2]
    return sign.text in ("+", "-") and sign.start > tokens[i].end and number.start == sign.end and number.kind == "num"


def _expression(parser: ProseParser, tokens: list[Token], i: int, items: list[Item]) -> Item | None:
    signed = tokens[i].text == "+" and (tokens[i + 1].kind == "num" or tokens[i + 1].text == "$") \
        and tokens[i + 1].start == tokens[i].end and bool(items) and items[-1].kind == "link"  # "12 - 11 => +1 qps"
    if not (signed or _can_start(parser, tokens, i)):
        return None
    if tokens[i].kind == "name" and items and items[-1].kind == "expr" and items[-1].end == i:
        return None  # "1 spare = 4": a word right after a number names what it counts
    found = parser.expression(i)
    if found is None:
        return None
    node, end = found
    if isinstance(node, Name) and (not _beside_link(tokens, i, end) or _labels(tokens, i, end)):
        return None  # a name used as a word ("the weights") or as a label ("ridge = 989T / 3.35T"), not arithmetic
    if _subject(tokens, i, end):
        return None
    counted = parser.unit_word(tokens[end]) if tokens[end].kind == "name" else None
    if counted is not None and isinstance(node, BinOp) and node.op == "*" and isinstance(node.left, Num) \
            and isinstance(node.right, Quantity) and _counts_only(counted):
        # "so 5 x 80GB cards": five cards of 80 GB, not 400 GB
        return Item("expr", i, end + 1, node=Quantity(node.start, tokens[end].end, node.left, counted,
                                                        tokens[end].text))
    return Item("expr", i, end, node=node)


def _counts_only(unit: Unit) -> bool:
    """``cards``, ``replicas``: a unit that counts things and measures nothing."""
    return any(unit.dims) and all(x == 0 or name in COUNTED for name, x in zip(DIMENSIONS, unit.dims))


_VERBS = frozenset(("is", "are", "was", "gets", "get", "got", "gives", "give", "yields", "makes", "costs", "cost",
                    "takes", "needs", "need", "holds", "serves", "produces", "reads", "sends"))


def _subject(tokens: list[Token], i: int, end: int) -> bool:
    """``so one sequence gets 209 tok/s``: a number word naming who does what, not a value stated."""
    return tokens[i].text.lower() in NUMBER_WORDS and end - i <= 2 and _word(tokens[end]) in _VERBS \
        and _number_next(tokens, end + 1)


def _labels(tokens: list[Token], i: int, end: int) -> bool:
    """``ridge = 989T / 3.35T = 295``: a lone name opening a line, before its working, labels it."""
    opens = all(t.kind == "punct" or t.kind == "name" and t.text not in ("=",) for t in tokens[:i]) \
        or i > 0 and tokens[i - 1].text in (",", ";", "so", "then", "and")  # "= 608 GB, so free = 608 - 140"
    return opens and tokens[end].text in ("=", "≈", "~") and tokens[end + 1].kind != "end" \
        and any(t.kind == "num" for t in tokens[end + 1:])


def _beside_link(tokens: list[Token], i: int, end: int) -> bool:
    before = tokens[i - 1].text if i else ""
    return before in ("=", "≈", "~") or tokens[end].text in ("=", "≈", "~")


def _opens(tokens: list[Token], at: int, previous: Node) -> bool:
    """Whether the line goes on from ``previous`` with the operator at ``at``. The words ``plus`` and ``minus`` do so
    only with a value of the same kind (``plus 45 s of init gives 78.3 s`` after ``33.3 s``; ``plus 2 spares = 6
    replicas`` after a load of 95% adds to the serving replicas, not to the load)."""
    if tokens[at].text in _ROUNDS_ON:
        return tokens[at + 1].kind == "num"
    if tokens[at].text not in _OPENERS:
        return False
    if tokens[at].text not in ("plus", "minus"):
        return True
    if len(tokens) <= at + 2 or not isinstance(previous, Quantity):
        return False
    number, unit = tokens[at + 1], tokens[at + 2]
    if number.kind != "num" or unit.kind != "name":
        return False
    if unit.text.lower() in ("spare", "spares") and previous.unit.name.startswith("replica"):
        return True  # "5 serving replicas", then "plus 1 spare gives 6": a spare is a replica
    try:
        return parse_unit(unit.text).dims == previous.unit.dims
    except UnitError:
        return False


def _has_link(tokens: list[Token]) -> bool:
    """Whether a line states a result (``+ 20s init`` is an annotation; ``x 8192 = 536.9 MB`` and ``plus 45 s
    gives 78.3 s`` are claims)."""
    return any(t.text in _LINK_MARKS or _word(t) in _STATING for t in tokens)


#: Words that state a line's result (``gives``, ``makes``), as the link marks do.
_STATING = frozenset(w for w in SAYS if " " not in w and w not in ("is", "are", "was", "for", "need", "needs",
                                                                    "left", "total", "cost", "costs", "takes"))
