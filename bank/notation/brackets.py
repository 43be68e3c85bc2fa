"""Brackets that hold a working of their own, inside a line's arithmetic.

``5.6e14 FLOP / (4 × 989 × 0.5 = 1,978 TFLOP/s) = 283 ms``: the bracket's
equation is a claim of its own, made first, and the line goes on with the
bracket's last value, as if the learner had written
``5.6e14 FLOP / 1,978 TFLOP/s = 283 ms``. Tokens keep their columns, so a
caret still points into the line as written.

>>> from bank.notation.lexer import tokenize
>>> outer, inner = split_brackets(tokenize("80 / (4 x 5 = 20) = 4", prose=True))
>>> " ".join(t.text for t in outer[:-1]), [" ".join(t.text for t in part[:-1]) for part in inner]
('80 / 20 = 4', ['4 x 5 = 20'])
"""

from __future__ import annotations

from .lexer import Token

#: Links that make a bracket an equation of its own.
_LINKS = ("=", "≈")
#: Operators a bracketed equation may stand beside: it is an operand, not a remark after a result.
_OPERATORS = ("*", "/", "+", "-", "^")


def split_brackets(tokens: list[Token]) -> tuple[list[Token], list[list[Token]]]:
    """(the line's tokens with each bracketed equation replaced by its last value, each equation's
    tokens); both end with the line's ``end`` token."""
    out: list[Token] = []
    inner: list[list[Token]] = []
    i = 0
    while i < len(tokens):
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
