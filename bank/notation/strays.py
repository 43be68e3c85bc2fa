"""Lines a marker cannot read: an operator with nothing on one side, an unclosed bracket, a near miss of a name.

These are the learner's format errors (PrairieLearn's "invalid" rather than "wrong"): each is raised as a
:class:`~bank.errors.NotationError` at the column at fault, so the learner sees a caret under it.

>>> from bank.notation import read_line
>>> read_line("70 / = 11.7", frozenset(), {})
Traceback (most recent call last):
...
bank.errors.NotationError: `/` needs a number on each side (column 4)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import NotationError, did_you_mean
from ..units import lookup
from .lexer import Token

if TYPE_CHECKING:
    from .assembly import Item

#: Operators that stand between two values.
STRAY_OPS = ("+", "*", "/", "^", "**")


def refuse_strays(items: list[Item], tokens: list[Token], text: str, names: frozenset[str]) -> None:
    """``70 / = 11.7``, ``2 + )``: an operator with nothing after it, beside a value or a link, cannot be read;
    nor can a near miss of a name used in arithmetic (``yerly * 4``; ``Forecast + 40%:`` is a label that opens a
    sentence)."""
    linked = any(item.kind == "link" and not tokens[item.start].text[:1].isalpha() for item in items)
    for k, item in enumerate(items):
        before = items[k - 1].kind if k else ""
        after = items[k + 1].kind if k + 1 < len(items) else ""
        tok = tokens[item.start]
        nxt_tok = tokens[item.end]
        # an operator at the end of a line with no "=" or "≈" ("… per token, so 2×") trails off: words
        dangling = after == "link" or (after == "" and linked) or nxt_tok.text == ")" \
            or (nxt_tok.text == "(" and unclosed(tokens, item.end))
        if item.kind == "op" and after == "op":  # "70 GB / / 6"
            second = tokens[items[k + 1].start]
            raise NotationError(f"`{second.text}` needs a number on each side", text, second.start, second.end)
        if item.kind == "op" and nxt_tok.text == "(" and unclosed(tokens, item.end):
            raise NotationError("this `(` is never closed", text, nxt_tok.start, nxt_tok.end)
        link = tokens[items[k - 1].start].text if before == "link" else ""
        symbol = link != "," and not link[:1].isalpha()  # "70 / = 11.7"; not "…first, then × 8,192": a plan
        if item.kind == "op" and (before == "link" and symbol or (before == "expr" and dangling) or after == "link"):
            raise NotationError(f"`{tok.text}` needs a number on each side", text, tok.start, tok.end)
        nxt = tokens[item.start + 1]
        if item.kind == "word" and names and tok.text.lower() not in names and nxt.kind == "op" and nxt.text in STRAY_OPS \
                and tokens[item.start + 2].kind == "num" and lookup(tok.text) is None \
                and any(t.text in ("=", "≈") for t in tokens):
            # a typo of a name ("yerly" for yearly), not a word inside one ("bytes read / 3.35" is no kv_read)
            hint = did_you_mean(tok.text, sorted(x for x in names if abs(len(x) - len(tok.text)) <= 2))
            if hint:
                raise NotationError(f"unknown name `{tok.text}`{hint}", text, tok.start, tok.end)


def unclosed(tokens: list[Token], i: int) -> bool:
    """Whether the bracket at token ``i`` is never closed."""
    depth = 0
    for t in tokens[i:]:
        depth += {"(": 1, ")": -1}.get(t.text, 0)
        if depth == 0:
            return False
    return True
