"""Tokens -> tree: a recursive-descent parser with limits, for authors' expressions and learners' prose.

Strict mode reads a whole author expression or constraint, and every fault is
a located :class:`NotationError`. Prose mode (:class:`ProseParser`, used by
:mod:`bank.notation.lines`) reads the longest expression it can from a point
in a sentence and stops, without complaint, where the words stop being
arithmetic: ``… = $21,900 a year, with or without traffic``.

>>> from bank.notation.exact import evaluate
>>> evaluate(parse("10% of 30 million")) == 3_000_000
True
>>> parse_condition("a >= 2 * b").op
'>='
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from ..errors import NotationError
from ..units import DIMENSIONLESS, PERCENT, Unit, lookup
from ..vocabulary import AMBIGUOUS_SUFFIXES, LABELS, LINK_WORDS, NUMBER_WORDS, RESERVED, SUFFIXES
from .functions import ALIASES, FUNCTIONS, MAX_EXPONENT, MAX_POWER_DIGITS, log10
from .lexer import Token, tokenize
from .nodes import BinOp, Call, Compare, Name, Node, Num, Quantity, respan

MAX_LENGTH = 500
MAX_DEPTH = 50
#: The largest exponent allowed on a base that is not a constant.
MAX_SYMBOLIC_EXPONENT = 64

_ADDITIVE = {"+": "+", "-": "-"}
_MULTIPLICATIVE = {"*": "*", "/": "/", "x": "*", "X": "*", "of": "*"}
_COMPARISONS = {"<", "<=", ">", ">=", "==", "!="}


class Parser:
    """A recursive-descent parser over one text (strict: every token must belong to the expression).

    ``max_length`` and ``max_depth`` bound the work any input can cause.
    """

    prose = False

    def __init__(self, text: str, *, max_length: int = MAX_LENGTH, max_depth: int = MAX_DEPTH,
                 tokens: list[Token] | None = None):
        if len(text) > max_length:
            raise NotationError(f"text is {len(text):,} characters long; the limit is {max_length:,}",
                                text, max_length, len(text))
        self.text = text
        self.tokens = tokens if tokens is not None else tokenize(text, prose=self.prose)
        self.pos = 0
        self.depth = 0
        self.max_depth = max_depth
        self.in_exponent = 0

    # -- token helpers
    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def peek(self, k: int = 1) -> Token:
        return self.tokens[min(self.pos + k, len(self.tokens) - 1)]

    def advance(self) -> Token:
        tok = self.tok
        self.pos = min(self.pos + 1, len(self.tokens) - 1)
        return tok

    def at(self, *texts: str) -> bool:
        return self.tok.kind in ("op", "name") and self.tok.text in texts

    def expect(self, text: str) -> Token:
        if not self.at(text):
            self.fail(f"expected `{text}`")
        return self.advance()

    def fail(self, message: str, tok: Token | None = None):
        tok = tok or self.tok
        found = "end of input" if tok.kind == "end" else f"`{tok.text}`"
        raise NotationError(f"{message}, found {found}", self.text, tok.start, tok.end)

    def nest(self) -> None:
        self.depth += 1
        if self.depth > self.max_depth:
            raise NotationError(f"nesting deeper than {self.max_depth} levels", self.text, self.tok.start)

    def attached(self) -> bool:
        """Whether the current token touches the one before it (``30M``, ``8B``, ``9.1x``)."""
        return self.pos > 0 and self.tokens[self.pos - 1].end == self.tok.start

    # -- grammar
    def parse_all(self, *, comparison: bool = False) -> Node:
        node = self.comparison() if comparison else self.additive()
        if self.tok.kind != "end":
            self.fail("unexpected text after the expression")
        return node

    def comparison(self) -> Node:
        left = self.additive()
        if self.tok.kind == "op" and self.tok.text in _COMPARISONS:
            op = self.advance().text
            right = self.additive()
            return Compare(left.start, right.end, op, left, right)
        return left

    def additive(self, first: Node | None = None) -> Node:
        left = self.term(first)
        while True:
            op = self.additive_op()
            if op is None:
                return left
            save, symbol = self.pos, op
            self.advance()
            right = self.operand(self.term, save)
            if right is None:
                return left
            left = self.combine(symbol, left, right, self.tokens[save])

    def additive_op(self) -> str | None:
        return _ADDITIVE.get(self.tok.text) if self.tok.kind == "op" else None

    def combine(self, op: str, left: Node, right: Node, tok: Token) -> Node:
        return BinOp(left.start, right.end, op, left, right, tok.start)

    def term(self, first: Node | None = None) -> Node:
        left = first if first is not None else self.unary()
        while True:
            op = self.multiplicative_op()
            if op is None:
                return left
            save = self.pos
            for _ in range(op[1]):
                self.advance()
            right = self.operand(self.term if op[0] == "over" else self.unary, save)
            if right is None:
                return left
            left = self.combine(op[0], left, right, self.tokens[save])

    def multiplicative_op(self) -> tuple[str, int] | None:
        """The operator here and how many tokens spell it, or None."""
        if self.tok.kind in ("op", "name") and self.tok.text in _MULTIPLICATIVE:
            return _MULTIPLICATIVE[self.tok.text], 1
        return None

    def operand(self, rule, save: int) -> Node | None:
        """The right operand; strict mode lets errors through, prose mode steps back before the operator."""
        return rule()

    def unary(self) -> Node:
        if self.at("-", "+"):
            op = self.advance()
            self.nest()
            operand = self.unary()
            self.depth -= 1
            return operand if op.text == "+" else _neg(op, operand)
        return self.power()

    def power(self) -> Node:
        base = self.postfix()
        if self.at("^", "**"):
            op = self.advance()
            self.nest()
            self.in_exponent += 1
            exponent = self.unary()
            self.in_exponent -= 1
            self.depth -= 1
            node: Node = BinOp(base.start, exponent.end, "^", base, exponent, op.start)
            check_power(node, self.text)  # type: ignore[arg-type]
            if isinstance(base, Num) and not self.in_exponent:
                node = self.units(node)  # 10^14 FLOP: the unit belongs to the power, not to the 14
            return node
        return base

    def postfix(self) -> Node:
        node = self.primary()
        if self.in_exponent:
            return node  # an exponent is a plain number
        if isinstance(node, Num) or (isinstance(node, Quantity) and node.unit.name == "USD"):
            node = self.units(node)
        return node

    def primary(self) -> Node:
        tok = self.tok
        if tok.kind == "num":
            return self.number()
        if self.at("$"):
            self.advance()
            if self.tok.kind != "num":
                self.fail("expected an amount after `$`")
            amount = self.number()
            return Quantity(tok.start, amount.end, amount, _unit("USD"), "$")
        if self.at("("):
            self.advance()
            self.nest()
            inner = self.additive()
            self.depth -= 1
            close = self.expect(")")
            return respan(inner, tok.start, close.end)
        if tok.kind == "name":
            return self.name_or_call()
        return self.fail("expected a number, a name or `(`")

    def number(self) -> Num:
        tok = self.advance()
        assert tok.value is not None and tok.resolution is not None
        value, resolution, end = tok.value, tok.resolution, tok.end
        scale = self.suffix()
        if scale is not None:
            value, resolution, end = value * scale, resolution * scale, self.tokens[self.pos - 1].end
        return Num(tok.start, end, value, self.text[tok.start:end], resolution)

    def suffix(self) -> int | None:
        """A scale word after a number (``million``, ``k``, ``bn``), consumed, or None."""
        if self.tok.kind == "name" and self.tok.text in SUFFIXES:
            return SUFFIXES[self.advance().text]
        return None

    def name_or_call(self) -> Node:
        tok = self.advance()
        if tok.text in FUNCTIONS and self.at("("):
            return self.call(tok)
        if tok.text in RESERVED:
            self.fail("unexpected word", tok)
        if self.unit_word(tok) is not None:
            self.fail("a unit must follow a number", tok)
        return Name(tok.start, tok.end, tok.text)

    def call(self, func: Token, close: str = ")", name: str | None = None) -> Node:
        self.advance()  # ( or ⌈
        self.nest()
        args = [self.additive()]
        while close == ")" and self.at(","):
            self.advance()
            args.append(self.additive())
        self.depth -= 1
        end = self.expect(close)
        fname = name or ALIASES.get(func.text, func.text)
        FUNCTIONS[fname].check_arity(len(args), self.text, func.start, end.end)
        return Call(func.start, end.end, fname, tuple(args))

    def units(self, node: Node) -> Node:
        """Attach ``GB/s``, ``tokens per second``, ``%`` and the like after a number."""
        start_pos = self.pos
        unit: Unit | None = None
        parts: list[str] = []
        if isinstance(node, Quantity):  # $2.50/hour
            unit = node.unit
        while True:
            step = self.unit_step(unit, parts)
            if step is None:
                break
            unit = step
            if unit is PERCENT:
                break
        if unit is None or self.pos == start_pos:
            return node
        end = self.tokens[self.pos - 1].end
        if isinstance(node, Quantity):
            return Quantity(node.start, end, node.operand, unit, "$" + "".join(parts))
        return Quantity(node.start, end, node, unit, "".join(parts))

    def unit_step(self, unit: Unit | None, parts: list[str]) -> Unit | None:
        """Consume one piece of a unit (a word, ``/word``, ``per million``…) and return the unit so far."""
        tok = self.tok
        if unit is None and tok.kind in ("op", "name") and tok.text in ("%", "percent"):
            self.advance()
            parts.append("%")
            return PERCENT
        if unit is None and tok.kind == "name" and self.unit_word(tok) is not None:
            self.advance()
            parts.append(tok.text)
            return self.unit_word(tok)
        if unit is None and self.at("/", "per") and self.peek().kind == "name" and self.unit_word(self.peek()) \
                and not self._call_follows(2):  # 68.6/s: a rate of things unsaid
            self.advance()
            word = self.advance()
            parts.append(f"/{word.text}")
            return DIMENSIONLESS / self.unit_word(word)  # type: ignore[operator]
        if unit is not None and self.at("/", "per") and self.peek().kind == "name" \
                and self.peek().text in SUFFIXES:  # $0.30 per million (tokens)
            self.advance()
            word = self.advance().text
            unit = unit / Unit(Fraction(SUFFIXES[word]), DIMENSIONLESS.dims, word)
            parts.append(f"/{word}")
            if self.tok.kind == "name" and self.unit_word(self.tok) is not None and not self._call_follows(1):
                unit = unit / self.unit_word(self.tok)  # type: ignore[operator]
                parts.append(f" {self.advance().text}")
            return unit
        if unit is not None and self.at("/", "per", "*", "·") and self.peek().kind == "name" \
                and self.unit_word(self.peek()) and not self._call_follows(2):
            op = self.advance().text
            word = self.advance()
            other = self.unit_word(word)
            assert other is not None
            parts.append(f"/{word.text}" if op in ("/", "per") else f"·{word.text}")
            return unit / other if op in ("/", "per") else unit * other
        return None

    def unit_word(self, tok: Token) -> Unit | None:
        """The unit a word names here (strict: not the count labels of prose, such as ``layers``)."""
        return None if tok.text in LABELS else lookup(tok.text)

    def _call_follows(self, k: int) -> bool:
        """Whether the word before token ``k`` is a function called there (``max(``), not a unit."""
        nxt, word = self.peek(k), self.peek(k - 1)
        return nxt.kind == "op" and nxt.text == "(" and (word.text in FUNCTIONS or word.text in ALIASES
                                                         or word.kind != "name")


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
                 max_depth: int = MAX_DEPTH):
        super().__init__(text, max_length=max_length, max_depth=max_depth, tokens=tokens)
        self.names = names
        self.name_units = units or {}

    def expression(self, pos: int) -> tuple[Node, int] | None:
        """The longest expression starting at token ``pos``, and the token after it; None if there is none."""
        self.pos, self.depth, self.in_exponent = pos, 0, 0
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

    def operand(self, rule, save: int) -> Node | None:
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
            if op == "as":  # "68.6 tokens/s at 8 bit": a precision that qualifies a value
                return left
        return BinOp(left.start, right.end, "/" if op == "over" else op, left, right, tok.start)

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
        skipped = self._labels_before_operator()
        if skipped:  # 4 standby × $21,900, 70 GBs / 6: words naming the number, then the operator
            sign = self.tokens[self.pos + skipped].text
            return ("*" if sign in ("x", "X") else sign), skipped + 1
        if tok.kind != "name":
            return None
        word = tok.text
        if word in ("x", "X", "times") and self._operand_follows(1):
            return "*", 1
        if word in ("multiplied", "divided") and nxt.kind == "name" and nxt.text == "by":
            return ("*" if word == "multiplied" else "/"), 2
        if word == "over" and self._operand_follows(1) and self.peek(1).kind == "num":
            return "over", 1  # spoken: "A over B × C" divides A by the whole of B × C
        if word == "per" and self.peek(1).kind == "num":  # $0.30 per 1M tokens
            return "/", 1
        if word == "split" and self.peek(1).kind == "num":  # 140 GB, split 4 ways
            return "/", 1
        if word == "split" and nxt.kind == "name" and nxt.text in ("over", "across", "into", "between") \
                and self.peek(2).kind == "num":
            return "/", 2
        if word == "at":
            fillers = self._fillers(1)  # at the cached price of $0.30/M
            if fillers is not None:
                return "at", 1 + fillers
        if word == "of" and self._operand_follows(1) and self._fraction_before():
            return "*", 1
        return None

    def _labels_before_operator(self) -> int:
        """How many label words (one or two) stand between a number and a ``×``/``÷`` sign, else 0."""
        for k in (1, 2):
            words = [self.peek(i) for i in range(k)]
            if any(w.kind != "name" or w.text in RESERVED or w.text in self.names or w.text in NUMBER_WORDS
                   or self.unit_word(w) is not None for w in words):
                return 0
            op = self.peek(k)
            symbol = op.kind == "op" and op.text in ("*", "/") or op.kind == "name" and op.text in ("x", "X")
            if symbol and self._operand_follows(k + 1) and self.tokens[self.pos - 1].kind in ("num", "name"):
                return k
        return 0

    def _fillers(self, k: int) -> int | None:
        """How many plain words (at most three) stand between here+k and an operand, or None."""
        for extra in range(4):
            nxt = self.peek(k + extra)
            if self._operand_follows(k + extra) and (extra == 0 or nxt.kind == "num" or nxt.text == "$"):
                return extra  # after words only a number: "at full load" is not "× load"
            tok = self.peek(k + extra)
            if tok.kind != "name" or tok.text in RESERVED or self.unit_word(tok) is not None \
                    or tok.text in self.names:
                return None
        return None

    def _fraction_before(self) -> bool:
        """``of`` multiplies after a share: ``10% of``, ``half of``, ``0.9 of``."""
        prev = self.tokens[self.pos - 1]
        return prev.text in ("%", "percent", "half", "quarter") or (prev.kind == "num" and (prev.value or 0) < 1)

    def _operand_follows(self, k: int) -> bool:
        nxt = self.peek(k)
        return nxt.kind == "num" or nxt.text in ("$", "(", "⌈", "⌊", "-") or nxt.text in self.names \
            or nxt.text in NUMBER_WORDS or nxt.text in FUNCTIONS

    def primary(self) -> Node:
        tok = self.tok
        if self.at("⌈", "⌊"):
            return self.call(tok, "⌉" if tok.text == "⌈" else "⌋", "ceil" if tok.text == "⌈" else "floor")
        if tok.kind == "name" and tok.text in NUMBER_WORDS and not self._call_follows(1):
            self.advance()
            value = NUMBER_WORDS[tok.text]
            return Num(tok.start, tok.end, value, tok.text, Fraction(1))
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
        return super().suffix()

    def _billions(self, tok: Token) -> bool:
        """Whether an attached ``B``/``T`` scales the number (``70B``, ``8B params``) rather than naming bytes."""
        nxt = self.peek()
        if tok.text == "T" or (nxt.kind == "name" and nxt.text.lower() in _MODEL_WORDS):
            return True
        if nxt.kind == "op" and nxt.text == "/":
            return False  # 2 B/param, 16 B/token
        number = self.tokens[self.pos - 1]
        return number.kind == "num" and (number.value or 0) >= 7  # model sizes; 1B-4B read as bytes

    def unit_step(self, unit: Unit | None, parts: list[str]) -> Unit | None:
        tok = self.tok
        if unit is None and tok.kind == "name" and tok.text == "per" and self.peek().text == "cent":
            self.advance(), self.advance()
            parts.append("%")
            return PERCENT
        if unit is not None and tok.kind == "name" and tok.text in ("an", "a", "every", "per") \
                and self.peek().kind == "name":
            other = self.unit_word(self.peek())
            if other is not None and other.dims[0] == 1 and not any(other.dims[1:]):  # $2.50 an hour
                self.advance()
                word = self.advance()
                parts.append(f"/{word.text}")
                return unit / other
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


#: Words after ``8B`` that say it counts parameters (a billion), not bytes.
_MODEL_WORDS = frozenset({"params", "param", "parameters", "parameter", "model", "models", "weights", "llm"})


def _limit(exc: NotationError) -> bool:
    """Whether an error is a limit (nesting, a runaway power), which is never just the end of the arithmetic."""
    return exc.message.startswith(("nesting deeper", "exponent", "this power", "only whole", "a negative number",
                                   "zero to a negative", "text is", "line is"))


def _percent(node: Node) -> bool:
    return isinstance(node, Quantity) and node.unit is PERCENT


def _unit(name: str) -> Unit:
    found = lookup(name)
    assert found is not None
    return found


def _neg(op: Token, operand: Node) -> Node:
    from .nodes import Neg

    return Neg(op.start, operand.end, operand)


def parse(text: str, *, max_length: int = MAX_LENGTH, max_depth: int = MAX_DEPTH) -> Node:
    """Parse an expression such as ``weights / read_rate`` or ``$2.50 x 24``."""
    return Parser(text, max_length=max_length, max_depth=max_depth).parse_all()


def parse_condition(text: str, *, max_length: int = MAX_LENGTH) -> Compare:
    """Parse a constraint such as ``surge > base_rate``."""
    parser = Parser(text, max_length=max_length)
    node = parser.parse_all(comparison=True)
    if not isinstance(node, Compare):
        raise NotationError("a constraint needs a comparison such as `<` or `>=`", text, node.end)
    return node


# --------------------------------------------------------------------------- limits

def check_power(node: BinOp, text: str) -> None:
    """Refuse powers whose result would be enormous, before anything computes them."""
    from .exact import constant

    exponent = constant(node.right)
    if exponent is None:
        raise NotationError("an exponent must be a number", text, node.right.start, node.right.end)
    if exponent.denominator > 4:
        raise NotationError("only whole, half or quarter exponents are allowed", text, node.right.start, node.right.end)
    base = constant(node.left)
    if base is None:
        if abs(exponent) > MAX_SYMBOLIC_EXPONENT:
            raise NotationError(f"exponent {exponent} is too large (limit {MAX_SYMBOLIC_EXPONENT})",
                                text, node.op_start, node.end)
        return
    if base == 0 and exponent < 0:
        raise NotationError("zero to a negative power is undefined", text, node.op_start, node.end)
    if base < 0 and exponent.denominator != 1:
        raise NotationError("a negative number has no real fractional power", text, node.op_start, node.end)
    if abs(exponent) > MAX_EXPONENT and base not in (1, -1):
        raise NotationError(f"exponent is too large (limit {MAX_EXPONENT:,})", text, node.op_start, node.end)
    if base in (1, -1):
        return
    digits = abs(log10(abs(base))) * float(abs(exponent)) if base else 0.0
    if digits > MAX_POWER_DIGITS:
        raise NotationError(f"this power has about {digits:,.0f} digits (limit {MAX_POWER_DIGITS})",
                            text, node.op_start, node.end)
