"""Brackets inside a line's arithmetic: a working of their own, or a remark between operands.

``5.6e14 FLOP / (4 × 989 × 0.5 = 1,978 TFLOP/s) = 283 ms``: the bracket's
equation is a claim of its own, made first, and the line goes on with the
bracket's last value, as if the learner had written
``5.6e14 FLOP / 1,978 TFLOP/s = 283 ms``. A remark with no number between
an operand and an operator (``2 (k,v) times 80 layers``) is left out. Tokens
keep their columns, so a caret still points into the line as written.

>>> from bank.notation.lexer import tokenize
>>> outer, inner = split_brackets(tokenize("80 / (4 x 5 = 20) = 4", prose=True))
>>> " ".join(t.text for t in outer[:-1]), [" ".join(t.text for t in part[:-1]) for part in inner]
('80 / 20 = 4', ['4 x 5 = 20'])
>>> " ".join(t.text for t in split_brackets(tokenize("2 (k,v) x 80 = 160", prose=True))[0][:-1])
'2 x 80 = 160'
"""

from __future__ import annotations

from .functions import ALIASES, FUNCTIONS
from .lexer import Token

#: Links that make a bracket an equation of its own.
_LINKS = ("=", "≈")
#: Operators a bracketed equation may stand beside: it is an operand, not a remark after a result.
_OPERATORS = ("*", "/", "+", "-", "^")
#: Operators, in marks or words, that may follow a remark: the working goes on past it.
_GOES_ON = ("*", "/", "+", "-", "x", "X", "times", "divided", "multiplied", "plus", "minus", "over")


def split_brackets(tokens: list[Token]) -> tuple[list[Token], list[list[Token]]]:
    """(the line's tokens with each bracketed equation replaced by its last value, each equation's
    tokens); both end with the line's ``end`` token."""
    out: list[Token] = []
    inner: list[list[Token]] = []
    i = 0
    while i < len(tokens):
        remark = _remark(tokens, i)
        if remark is not None:
            i = remark + 1
            continue
        close = _equation(tokens, i)
        if close is None:
            out.append(tokens[i])
            i += 1
            continue
        last = max(k for k in range(i + 1, close) if tokens[k].text in _LINKS)
        inner.append(tokens[i + 1:close] + [tokens[-1]])
        out.extend(tokens[last + 1:close])
        i = close + 1
    return out, inner


def _equation(tokens: list[Token], i: int) -> int | None:
    """The index of the ``)`` closing a bracketed equation that opens at ``i`` (no nested brackets), or None."""
    if tokens[i].text != "(" or i == 0 or tokens[i - 1].text not in _OPERATORS:
        return None
    for k in range(i + 1, len(tokens)):
        text = tokens[k].text
        if text == "(" or tokens[k].kind == "end":
            return None
        if text == ")":
            links = [j for j in range(i + 1, k) if tokens[j].text in _LINKS]
            return k if links and links[0] > i + 1 and links[-1] < k - 1 else None
    return None


def _remark(tokens: list[Token], i: int) -> int | None:
    """The index of the ``)`` closing a remark with no number or link (``(k,v)``) that stands between an
    operand and an operator, or None."""
    if tokens[i].text != "(" or i == 0 or tokens[i - 1].kind not in ("num", "name") \
            or tokens[i - 1].text in FUNCTIONS or tokens[i - 1].text in ALIASES:
        return None  # ceil(batch) * 2 is a call
    for k in range(i + 1, len(tokens)):
        if tokens[k].text == ")":
            return k if tokens[k + 1].text in _GOES_ON else None
        if tokens[k].kind in ("num", "end") or tokens[k].text in ("(", *_LINKS):
            return None
    return None


def asides(text: str) -> list[tuple[int, int]]:
    """The spans of a line's outermost round brackets.

    >>> asides("273 tok/s (~270), (a (b))")
    [(10, 16), (18, 25)]
    """
    spans, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth, start = depth + 1, i if depth == 0 else start
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i + 1))
    return spans
