"""Labels: the words that name what a line of working computes (``Step 4: utilisation``).

>>> from bank.notation.lexer import tokenize
>>> tokens = tokenize("Step 2: 70 / 6 = 11.7", prose=True)
>>> label_end_of(tokens), label_of("Step 2: 70 / 6 = 11.7", tokens, label_end_of(tokens), [])
(3, 'Step 2')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .lexer import Token

if TYPE_CHECKING:
    from .chains import Chain


def label_end_of(tokens: list[Token]) -> int:
    """The token after a label's colon (``Step 2: …``), or 0 where the line has no such label."""
    for i, tok in enumerate(tokens):
        if tok.kind == "punct" and tok.text == ":":
            before = tokens[:i]
            numbers = sum(t.kind == "num" for t in before)
            operators = any(t.kind == "op" and t.text not in ("(", ")", "-", ",") for t in before)
            return i + 1 if numbers <= 1 and not operators else 0
        if tok.kind == "op" and tok.text in ("=", "≈"):
            return 0
    return 0


def label_of(text: str, tokens: list[Token], label_end: int, chains: Sequence[Chain]) -> str:
    """The words before the first claim (``Step 4: utilisation``), a colon's label and all."""
    first = next((c for c in chains if c.claim and c.segments), None)
    end = first.start if first is not None else (tokens[label_end - 1].start if label_end else 0)
    words = " ".join(text[:end].replace(":", " ").replace("**", "").split()).strip(" \t,;:-–—=≈~")
    return words if any(ch.isalpha() for ch in words) else ""

