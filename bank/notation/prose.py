"""Prose mode: the parser extended for learners' sentences.

:class:`ProseParser` (used by :mod:`bank.notation.lines`) reads the longest
expression it can from a point in a sentence and stops, without complaint,
where the words stop being arithmetic: ``… = $21,900 a year, with or without
traffic``. It reads operators in words (``times``, ``over``, ``split 4 ways``,
``at``, ``less 40%``), units in any spelling the vocabulary knows, and
suffixes (``30M``, ``70B params``).

>>> from bank.notation.lexer import tokenize
>>> text = "that is 70 GB at 6 GB/s, give or take"
>>> node, end = ProseParser(text, tokenize(text, prose=True)).expression(2)
>>> text[node.start:node.end], node.op
('70 GB at 6 GB/s', '/')
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Callable, Mapping

from ..errors import NotationError
from ..units import DIMENSIONLESS, PERCENT, Unit, lookup
from ..vocabulary import (AMBIGUOUS_SUFFIXES, BILLION_BEFORE, LINK_WORDS, MODEL_WORDS, NUMBER_WORDS, RATE_WORDS,
                          RESERVED, SUFFIXES)
from .functions import ALIASES, FUNCTIONS
from .lexer import Token
from .nodes import BinOp, Call, Name, Node, Num, Quantity, moved
from .parser import _ADDITIVE, MAX_DEPTH, MAX_LENGTH, Parser, _limit, _percent, _unit, plain_word


#: Words that make a rate of the time unit after them (``$2.50 an hour``); "each" divides by nothing.
_PER_WORDS = tuple(w for w in RATE_WORDS if w != "each")


#: A calculator's name for its last answer (``ans / 1e9``, ``ceil(ans)``), when an operator or a closing
#: bracket follows it (``ans: 2 cards`` is an answer).
ANS = "ans"
AFTER_ANS = frozenset(("*", "/", "+", "-", "x", "X", "^", ")"))


#: Marks that state a result after them.
_RESULT_MARKS = frozenset(("=", "≈", "~", "≃", "→", "->", "=>", "⇒"))


#: Words that move on to the next working: no filler between ``at`` and its operand.
_SEQUENCE_WORDS = frozenset(("then", "and", "so", "next"))


def number_word(text: str) -> Fraction | None:
    """The value of a number said in a word, lower case or opening a sentence (``four``, ``Four``), else None.
    ``One`` opening a sentence is a determiner (``One replica at 160: 34.6 tok/s``), not a factor.

    >>> number_word("Four"), number_word("half"), number_word("FOUR"), number_word("One")
    (Fraction(4, 1), Fraction(1, 2), None, None)
    """
    if _CAPITALISED.match(text) and text != "One":
        text = text.lower()
    return NUMBER_WORDS.get(text)


#: A word with a capital first letter and no other (``Four``), as notation.js's numberWord reads it.
_CAPITALISED = re.compile(r"[A-Z][a-z]+\Z")


class ProseParser(Parser):
    """The same grammar, read out of a sentence: words the arithmetic cannot use end an expression.

    ``names`` are the params and steps a learner may use by name. Beyond the strict grammar it reads
    ``times``, ``plus``, ``minus``, ``divided by``, ``X at R`` (× or ÷, as the units say), ``$2.50 less
    50%``, ``$2.50 an hour``, ``4 standby replicas``, ``(16 + 8.6) GB``, ``⌈2.4⌉``, ``9.1x``, number
    words (``two bytes``) and ``8B params``.
    """

    prose = True

    def __init__(self, text: str, tokens: list[Token], *, names: frozenset[str] = frozenset(),
                 units: Mapping[str, Unit] | None = None, max_length: int = MAX_LENGTH,
                 max_depth: int = MAX_DEPTH, giga: bool = False):
        super().__init__(text, max_length=max_length, max_depth=max_depth, tokens=tokens)
        self.names = names
        #: Whether ``8G`` is eight billion (the units of the line say so) rather than slang for 8 GB.
        self.giga = giga
        self.name_units = units or {}
        #: The value a calculator's ``ans`` stands for here: the last one given, on this line or the one before.
        self.ans: Node | None = None
        #: The token the expression being read starts at.
        self.began = 0

    def expression(self, pos: int) -> tuple[Node, int] | None:
        """The longest expression starting at token ``pos``, and the token after it; None if there is none."""
        self.pos, self.depth, self.in_exponent, self.began = pos, 0, 0, pos
        try:
            node = self.additive()
        except NotationError as exc:
            if _limit(exc):
                raise
            return None
        return node, self.pos

    def continuation(self, left: Node, pos: int) -> tuple[Node, int] | None:
        """``… = 3 replicas, plus 1 spare``: an operator at ``pos`` that goes on from ``left``; None if none."""
        self.pos, self.depth, self.in_exponent = pos, 0, 0
        try:
            node = self.additive(left)
        except NotationError as exc:
            if _limit(exc):
                raise
            return None
        return (node, self.pos) if node is not left else None

    def operand(self, rule: Callable[[], Node], save: int) -> Node | None:
        try:
            return rule()
        except NotationError as exc:
            if _limit(exc):
                raise  # a limit is a real error, not the end of the arithmetic
            self.pos = save
            return None

    def additive_op(self) -> str | None:
        tok = self.tok
        if tok.kind == "op" and tok.text in _ADDITIVE:
            return _ADDITIVE[tok.text]
        if tok.kind == "name" and tok.text in ("plus", "minus", "less"):
            return {"plus": "+", "minus": "-", "less": "less"}[tok.text]
        return None

    def combine(self, op: str, left: Node, right: Node, tok: Token) -> Node:
        if op in ("less", "+", "-") and _percent(right) and not _percent(left) and self.text[right.start] != "(":
            # $2.50 less 50% is $2.50 × (1 − 50%); 7,200 tokens/s plus 25% is 7,200 × (1 + 25%); (0) + (1%) adds
            one = Num(tok.start, tok.start, Fraction(1), "", Fraction(0))
            share = BinOp(tok.start, right.end, "+" if op == "+" else "-", one, right, tok.start)
            return BinOp(left.start, right.end, "*", left, share, tok.start)
        if op == "less":  # 30 less 5 is 25
            op = "-"
        if op == "at":
            op = self._at(left, right)
            if op == "as" or _percent(right) and not self._result_ahead():
                return left  # "68.6 tokens/s at 8 bit", "$3.09/Mtok at 45% load": a condition that qualifies a value
        return BinOp(left.start, right.end, "/" if op == "over" else op, left, right, tok.start)

    def _result_ahead(self) -> bool:
        """Whether the line goes on to a result (``at 50% MFU = 494.5``, ``… gives 494.5``) after this point."""
        return any(t.text in _RESULT_MARKS or t.kind == "name" and t.text.lower() in LINK_WORDS
                   for t in self.tokens[self.pos:])

    def _at(self, left: Node, right: Node) -> str:
        """``70 GB at 6 GB/s`` divides; ``12 cards at $2.50 an hour`` and ``30M tokens at $0.30/M`` multiply."""
        from .exact import infer_unit

        try:
            a, b = infer_unit(left, self.name_units), infer_unit(right, self.name_units)
        except (NotationError, ValueError):
            return "*"
        if b.name in ("bit", "bits") and any(a.dims) and isinstance(right, Quantity) \
                and isinstance(right.operand, Num):
            return "as"  # 70B params at 16 bits multiply; 68.6 tokens/s at 8 bit only says which precision
        shares = any(x > 0 and y > 0 for x, y in zip(a.dims, b.dims))
        return "/" if shares else "*"

    def multiplicative_op(self) -> tuple[str, int] | None:
        tok, nxt = self.tok, self.peek()
        if tok.kind == "op" and tok.text in ("*", "/"):
            return tok.text, 1
        if self._juxtaposed():
            return "*", 0  # "3.25(8760)", "4(80)(0.9)": a bracket written against a number multiplies it
        skipped = self._labels_before_operator()
        if skipped:  # 4 standby × $21,900, 70 GBs / 6: words naming the number, then the operator
            sign = self.tokens[self.pos + skipped].text
            return ("*" if sign in ("x", "X") else sign), skipped + 1
        if tok.kind != "name":
            return None
        word = tok.text
        if word in ("x", "X", "times", "mult") and self._operand_follows(1):
            return "*", 1
        if word == "div" and self._operand_follows(1):
            return "/", 1  # "70 div 6": a calculator's short word
        if word in ("multiplied", "divided") and nxt.kind == "name" and nxt.text == "by":
            return ("*" if word == "multiplied" else "/"), 2
        if word in ("into", "by") and (nxt.kind == "num" or nxt.text == "(") and not self._percent_follows(1):
            return ("*" if word == "into" else "/"), 1  # Indian English: "2 into 80 into 8", "140 by 80"
        if word == "over" and self._operand_follows(1) and self.peek(1).kind == "num":
            return "over", 1  # spoken: "A over B × C" divides A by the whole of B × C
        if word == "per" and self.peek(1).kind == "num" and not self._sized(1):  # $0.30 per 1M tokens
            return "/", 1
        if word == "split" and (self.peek(1).kind == "num" or self.peek(1).text in NUMBER_WORDS):  # split 4 ways
            return "/", 1
        if word == "split" and nxt.kind == "name" and nxt.text in ("over", "across", "into", "between") \
                and self.peek(2).kind == "num":
            return "/", 2
        if word == "at":
            fillers = self._fillers(1)  # at the cached price of $0.30/M
            named = fillers == 0 and self.peek(1).text in self.names and self.peek(2).kind == "num"
            if fillers is not None and not named and not self._precision_ends(1 + fillers) \
                    and not self._rate_worked(1 + fillers):
                return "at", 1 + fillers  # "at batch 64" names the batch; it is no factor
        if word == "of" and self._operand_follows(1) and self._fraction_before():
            return "*", 1
        return None

    def _rate_worked(self, k: int) -> bool:
        """Whether ``at``, after a result, opens a sum that a result of its own ends (``= 5.6e14 FLOP at
        4 × 989 × 0.5 = 1,978 TFLOP/s``): the rate worked out, a claim of its own, as after a comma. A factor
        after ``at`` (``4 cards at $2.50 × 1.2 = $12``, no result before) multiplies."""
        before = self.tokens[self.began - 1] if self.began > 0 else None
        if before is None or before.text not in _RESULT_MARKS or self.peek(k).kind != "num" \
                or not (self.peek(k + 1).kind == "op" and self.peek(k + 1).text in ("*", "×", "x", "X", "/", "÷")):
            return False
        for tok in self.tokens[self.pos + k + 2:]:
            if tok.kind == "end" or tok.text in (",", ";"):
                return False
            if tok.text in ("=", "≈"):
                return True
        return False

    def _precision_ends(self, k: int) -> bool:
        """Whether a precision ends the line ``k`` ahead (``so 34 seqs at 4bit``): it says which case the line is
        on. One that more arithmetic follows is a factor (``70B at 4 bits = 35 GB``)."""
        bits, after = self.peek(k + 1), self.peek(k + 2)
        return self.peek(k).kind == "num" and bits.text.lower() in ("bit", "bits") \
            and (after.kind == "end" or after.text in (",", ";", ")", "."))

    def _percent_follows(self, k: int) -> bool:
        """Whether the number ``k`` ahead is a percentage (``by 25%`` grows or shrinks; it does not divide)."""
        return self.percent_word(self.peek(k + 1))

    def _sized(self, k: int) -> bool:
        """Whether the number ``k`` ahead sizes a single thing after it (``0.27 GB per 8k sequence``: a sequence
        of 8k tokens), rather than dividing (``$0.30 per 1M tokens``)."""
        j = k + 1 + (self.peek(k + 1).text in SUFFIXES)
        noun = self.peek(j)
        unit = lookup(noun.text) if plain_word(noun) and not noun.text.endswith("s") else None
        return unit is not None and unit.scale == 1

    def _labels_before_operator(self) -> int:
        """How many label words (one or two, or words in brackets: ``2 (K,V) × 80``) stand between a
        number and a ``×``/``÷`` sign, else 0."""
        if self.tok.text == "(" and self.tokens[self.pos - 1].kind == "num":
            k = next((k for k in range(2, 9) if self.peek(k).text == ")"), 0)
            inside = [self.peek(i) for i in range(1, k)]
            op = self.peek(k + 1)
            if k and all(w.kind == "name" and w.text not in self.names or w.text == "," for w in inside) \
                    and (op.kind == "op" and op.text in ("*", "/") or op.kind == "name" and op.text in ("x", "X")) \
                    and self._operand_follows(k + 2):
                return k + 1
        for k in (1, 2):
            words = [self.peek(i) for i in range(k)]
            if any(w.kind != "name" or w.text in RESERVED or w.text in self.names or w.text in NUMBER_WORDS
                   or self.unit_word(w) is not None for w in words):
                return 0
            op = self.peek(k)
            symbol = op.kind == "op" and op.text in ("*", "/") or op.kind == "name" and op.text in ("x", "X")
            if symbol and self._operand_follows(k + 1) and self.tokens[self.pos - 1].kind in ("num", "name"):
                return k
            if self._per_label(k) and self.tokens[self.pos - 1].kind == "num":
                return k + 2  # 2 all-reduces/layer × 80 layers: the label has a "per" part
        return 0

    def _per_label(self, k: int) -> bool:
        """Whether ``/ word`` or ``per word`` and then a ``×`` sign and an operand follow ``k`` ahead."""
        bar, word, op = self.peek(k), self.peek(k + 1), self.peek(k + 2)
        return (bar.kind == "op" and bar.text == "/" or bar.kind == "name" and bar.text == "per") \
            and word.kind == "name" and word.text not in RESERVED and word.text not in self.names \
            and (op.kind == "op" and op.text == "*" or op.kind == "name" and op.text in ("x", "X")) \
            and self._operand_follows(k + 3)

    def _fillers(self, k: int) -> int | None:
        """How many plain words (at most three) stand between here+k and an operand, or None."""
        for extra in range(4):
            nxt = self.peek(k + extra)
            if self._operand_follows(k + extra) and (extra == 0 or nxt.text == "$" or nxt.kind == "num"
                                                     and not self._plain(k + extra)):
                return extra  # after words only an amount: "at full load" is not "× load", "at batch 64" not × 64
            tok = self.peek(k + extra)
            if tok.kind != "name" or tok.text in RESERVED or self.unit_word(tok) is not None \
                    or tok.text in self.names or tok.text[:1].isdigit() or tok.text.lower() in _SEQUENCE_WORDS:
                return None  # "68.6 tok/s at 8-bit then 4800 / 35": a precision, then the next working
        return None

    def _juxtaposed(self) -> bool:
        """A ``(`` touching the number or ``)`` before it, and holding a number: handwritten multiplication
        (``70(2) = 140``), not an aside (``140 GB (weights)``) or a call (``ceil(1.75)``)."""
        if self.tok.text != "(" or self.pos == 0:
            return False
        before = self.tokens[self.pos - 1]
        return before.end == self.tok.start and (before.kind == "num" or before.text == ")") \
            and (self.peek().kind == "num" or self.peek().text == "(")

    def _fraction_before(self) -> bool:
        """``of`` multiplies after a share: ``10% of``, ``half of``, ``0.9 of``."""
        prev = self.tokens[self.pos - 1]
        if prev.text in ("%", "percent", "half", "quarter") or (prev.kind == "num" and (prev.value or 0) < 1):
            return True
        if self.pos < 3:
            return False
        top, bar = self.tokens[self.pos - 3], self.tokens[self.pos - 2]  # "9/10 of 80 GB"
        return bar.text == "/" and top.kind == prev.kind == "num" and (top.value or 0) < (prev.value or 0)

    def _plain(self, k: int) -> bool:
        """Whether the number ``k`` ahead stands alone, with no unit, scale or share after it (``batch 64``)."""
        after = self.peek(k + 1)
        return not (after.text in ("%", "/") or after.text in SUFFIXES
                    or after.kind == "name" and self.unit_word(after) is not None)

    def _operand_follows(self, k: int) -> bool:
        nxt = self.peek(k)
        return nxt.kind == "num" or nxt.text in ("$", "(", "⌈", "⌊", "-") or nxt.text in self.names \
            or number_word(nxt.text) is not None or nxt.text in FUNCTIONS

    def primary(self) -> Node:
        tok = self.tok
        if self.at("⌈", "⌊"):
            return self.call(tok, "⌉" if tok.text == "⌈" else "⌋", "ceil" if tok.text == "⌈" else "floor")
        if tok.kind == "name" and tok.text.lower() == ANS and self.ans is not None and tok.text not in self.names \
                and self.peek().text in AFTER_ANS:
            self.advance()  # "ans / 80 = 1.75": the calculator's last answer
            return moved(self.ans, tok.start, tok.end)
        value = number_word(tok.text) if tok.kind == "name" else None
        if value is not None and not self._call_follows(1):
            self.advance()
            return Num(tok.start, tok.end, value, tok.text, Fraction(1))
        if tok.kind == "name" and tok.text in self.names and not self._call_follows(1):
            self.advance()  # "w16 = params * 2 / 1e9": a name the learner may use, even one spelt like a unit
            return Name(tok.start, tok.end, tok.text)
        if tok.kind == "name" and tok.text not in self.names and not (
                (tok.text in FUNCTIONS or tok.text in ALIASES) and self._call_follows(1)):
            self.fail("a word, not arithmetic")
        return super().primary()

    def postfix(self) -> Node:
        node = self.primary()
        if self.in_exponent:
            return node
        if isinstance(node, (Num, Quantity, BinOp, Call)) and not isinstance(node, Name):
            if isinstance(node, Num) or (isinstance(node, Quantity) and node.unit.name == "USD") \
                    or self.tokens[self.pos - 1].text in (")", "⌉", "⌋"):
                node = self.units(node)
        self._ratio_mark()
        return node

    def _ratio_mark(self) -> None:
        """``9.1x`` (or ``9.1 times`` at the end): a ratio; the mark adds nothing."""
        if self.tok.kind == "name" and self.tok.text in ("x", "X") and self.attached() and not self._operand_follows(1):
            self.advance()

    def suffix(self) -> int | None:
        tok = self.tok
        if tok.kind == "name" and tok.text in AMBIGUOUS_SUFFIXES and self.attached() and self._billions(tok):
            self.advance()  # 8B params, 70B, 2T tokens: a billion, a trillion (2B alone is two bytes)
            return AMBIGUOUS_SUFFIXES[tok.text]
        nxt = self.peek()
        if tok.kind == "name" and tok.text == "b" and self.attached() and (nxt.kind == "name" or nxt.text in BILLION_BEFORE):
            self.advance()  # "2 x 8b = 16", "5.37b bytes": a billion in lower case; "(8b)" stays 8-bit
            return AMBIGUOUS_SUFFIXES["B"]
        if tok.kind == "name" and tok.text == "m" and self.attached() and nxt.kind != "num":
            self.advance()  # "135m tokens", "$10 / 4.5m": chat's million (no unit here is metres)
            return self.scale_word("m")
        return super().suffix()

    def scale_word(self, word: str) -> int | None:
        return SUFFIXES["M"] if word == "m" else super().scale_word(word)  # "$2.22 per m tok"

    def _billions(self, tok: Token) -> bool:
        """Whether an attached ``B``/``T`` scales the number (``70B``, ``8B params``) rather than naming bytes."""
        nxt = self.peek()
        if tok.text == "T" or (nxt.kind == "name" and nxt.text.lower() in MODEL_WORDS):
            return True
        if tok.text == "G":
            return self.giga  # "80G" alone is slang for gigabytes
        if nxt.kind == "op" and nxt.text == "/":
            return False  # 2 B/param, 16 B/token
        number = self.tokens[self.pos - 1]
        return number.kind == "num" and (number.value or 0) >= 7  # model sizes; 1B-4B read as bytes

    def unit_step(self, unit: Unit | None, parts: list[str]) -> Unit | None:
        tok = self.tok
        if tok.text == "/" and self.peek().text in self.names and self.peek().start > tok.end:
            return None  # "2.50 / 3600 / tps": a value the learner named divides; "68.6/tps" is still a rate
        if unit is None and tok.kind == "name" and tok.text == "per" and self.peek().text == "cent":
            self.advance(), self.advance()
            parts.append("%")
            return PERCENT
        if tok.kind == "name" and tok.text in _PER_WORDS and self.peek().kind == "name":
            other = self.unit_word(self.peek())
            if other is not None and other.dims[0] == 1 and not any(other.dims[1:]):  # $2.50 an hour, 32.85k a yr
                self.advance()
                word = self.advance()
                parts.append(f"/{word.text}")
                return (unit if unit is not None else DIMENSIONLESS) / other
        if unit is None and tok.text == "$" and self.peek().kind != "num":  # 1.25 $/hr
            self.advance()
            parts.append("$")
            return _unit("USD")
        if tok.kind == "name" and tok.text in ("each", "apiece"):
            self.advance()
            return unit if unit is not None else DIMENSIONLESS
        step = super().unit_step(unit, parts)
        if step is not None or unit is not None:
            return step
        return self._adjectives(parts)

    def _adjectives(self, parts: list[str]) -> Unit | None:
        """``4 standby replicas``, ``30 million prompt tokens``: up to two words before a unit word."""
        for k in (1, 2):
            words = [self.peek(i) for i in range(k)]
            if any(w.kind != "name" or w.text in RESERVED or w.text.lower() in LINK_WORDS or self.unit_word(w)
                   for w in words):
                return None
            after = self.peek(k)
            if after.kind == "name" and self.unit_word(after) is not None and not self._call_follows(k + 1):
                for _ in range(k):
                    self.advance()
                return None if self.unit_word(self.tok) is None else super().unit_step(None, parts)
        return None

    def unit_word(self, tok: Token) -> Unit | None:
        found = lookup(tok.text)  # after a number, even a param's name (``80 layers``) counts things
        if found is not None or "-" not in tok.text:
            return found
        pieces = [lookup(p) for p in tok.text.split("-")]  # card-hour, GPU-hour
        if all(p is not None for p in pieces):
            out = pieces[0]
            for p in pieces[1:]:
                out = out * p  # type: ignore[operator]
            return out
        return None
