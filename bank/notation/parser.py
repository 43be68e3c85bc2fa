"""Tokens -> tree: a recursive-descent parser with limits, for authors' expressions (and, extended by
:mod:`bank.notation.prose`, learners' prose).

Strict mode reads a whole author expression or constraint, and every fault is
a located :class:`NotationError`.

>>> from bank.notation.exact import evaluate
>>> evaluate(parse("10% of 30 million")) == 3_000_000
True
>>> parse_condition("a >= 2 * b").op
'>='
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, NoReturn

from ..errors import NotationError, did_you_mean
from ..units import DIMENSIONLESS, PERCENT, Unit, lookup
from ..vocabulary import LABELS, RESERVED, SUFFIXES
from .functions import ALIASES, FUNCTIONS, MAX_EXPONENT, MAX_POWER_DIGITS, log10
from .lexer import Token, tokenize
from .nodes import BinOp, Call, Compare, Name, Node, Num, Quantity, bare, respan

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

    def fail(self, message: str, tok: Token | None = None) -> NoReturn:
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
            if op[0] == "/" and self.prose:
                right = self.scientific(right)
            left = self.combine(op[0], left, right, self.tokens[save])

    def scientific(self, mantissa: Node) -> Node:
        """``7.84 × 10¹⁵ ÷ 494.5 × 10¹²``: in a learner's prose a number written in scientific notation is one
        number, so the division is by 494.5 × 10¹², not by 494.5 and then times 10¹² (an author's expression
        keeps the usual order)."""
        if not isinstance(mantissa, Num) or self.multiplicative_op() != ("*", 1) \
                or self.peek().text != "10" or self.peek(2).text != "^":
            return mantissa
        save = self.pos
        times = self.advance()
        power = self.unary()
        inner = bare(power)
        if not (isinstance(inner, BinOp) and inner.op == "^"):
            self.pos = save
            return mantissa
        return self.combine("*", mantissa, power, times)

    def multiplicative_op(self) -> tuple[str, int] | None:
        """The operator here and how many tokens spell it, or None."""
        if self.tok.kind in ("op", "name") and self.tok.text in _MULTIPLICATIVE:
            return _MULTIPLICATIVE[self.tok.text], 1
        return None

    def operand(self, rule: Callable[[], Node], save: int) -> Node | None:
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
        if self.at("(") and self.tok.start == tok.end:
            if tok.text in FUNCTIONS or tok.text in ALIASES:
                return self.call(tok)
            raise NotationError(f"unknown function `{tok.text}`{did_you_mean(tok.text, [*FUNCTIONS, *ALIASES])}",
                                self.text, tok.start, tok.end)
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

    def percent_word(self, tok: Token) -> bool:
        """Whether a token says "per cent": ``%``, ``percent``, or a spelling the vocabulary gives it (``pc``)."""
        return tok.kind in ("op", "name") and tok.text in ("%", "percent") \
            or plain_word(tok) and getattr(self.unit_word(tok), "name", "") == "percent"

    def unit_step(self, unit: Unit | None, parts: list[str]) -> Unit | None:
        """Consume one piece of a unit (a word, ``/word``, ``per million``…) and return the unit so far."""
        tok = self.tok
        if unit is None and self.percent_word(tok):
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
                and self.scale_word(self.peek().text) is not None:  # $0.30 per million (tokens)
            self.advance()
            suffix = self.advance().text
            unit = unit / Unit(Fraction(self.scale_word(suffix) or 1), DIMENSIONLESS.dims, suffix)
            parts.append(f"/{suffix}")
            if self.tok.kind == "name" and self.unit_word(self.tok) is not None and not self._call_follows(1):
                unit = unit / self.unit_word(self.tok)  # type: ignore[operator]
                parts.append(f" {self.advance().text}")
            return unit
        if unit is not None and self.at("/", "per", "*", "·") and self.peek().kind == "name" \
                and (self.unit_word(self.peek()) or self.at("per") and self._qualified(1)) \
                and not self._call_follows(2):
            op = self.advance().text
            if op == "per" and self._qualified(0):
                self.advance()  # "$1.47 per serving card-hr": a word that says which cards
            word = self.advance()
            other = self.unit_word(word)
            assert other is not None
            parts.append(f"/{word.text}" if op in ("/", "per") else f"·{word.text}")
            return unit / other if op in ("/", "per") else unit * other
        return None

    def scale_word(self, word: str) -> int | None:
        """What a scale word after ``per`` multiplies by (``per million``), or None."""
        return SUFFIXES.get(word)

    def _qualified(self, k: int) -> bool:
        """Whether token ``k`` ahead is a word qualifying the unit after ``per`` (``per serving card``)."""
        word, unit = self.peek(k), self.peek(k + 1)
        return plain_word(word) and self.unit_word(word) is None and unit.kind == "name" \
            and self.unit_word(unit) is not None

    def unit_word(self, tok: Token) -> Unit | None:
        """The unit a word names here (strict: not the count labels of prose, such as ``layers``)."""
        return None if tok.text in LABELS else lookup(tok.text)

    def _call_follows(self, k: int) -> bool:
        """Whether the word before token ``k`` is a function called there (``max(``), not a unit."""
        nxt, word = self.peek(k), self.peek(k - 1)
        return nxt.kind == "op" and nxt.text == "(" and (word.text in FUNCTIONS or word.text in ALIASES
                                                         or word.kind != "name")


def plain_word(tok: Token) -> bool:
    """A word in lower-case ASCII letters (``serving``, ``sequence``), not a name such as ``KV`` or ``t_1``."""
    return tok.kind == "name" and tok.text.isascii() and tok.text.isalpha() and tok.text.islower()


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
            raise NotationError(f"exponent {_short(exponent)} is too large (limit {MAX_SYMBOLIC_EXPONENT})",
                                text, node.op_start, node.end)
        return
    if base == 0 and exponent < 0:
        raise NotationError("zero to a negative power is undefined", text, node.op_start, node.end)
    if base < 0 and exponent.denominator != 1:
        raise NotationError("a negative number has no real fractional power", text, node.op_start, node.end)
    if abs(exponent) > MAX_EXPONENT:  # even for 1 or -1: a 4,300-digit exponent is no exponent anyone means
        raise NotationError(f"exponent is too large (limit {MAX_EXPONENT:,})", text, node.op_start, node.end)
    if base in (1, -1):
        return
    digits = abs(log10(abs(base))) * float(abs(exponent)) if base else 0.0
    if digits > MAX_POWER_DIGITS:
        raise NotationError(f"this power has about {digits:,.0f} digits (limit {MAX_POWER_DIGITS})",
                            text, node.op_start, node.end)


def _short(x: Fraction) -> str:
    """An exponent for a message: ``10^400`` is not printed in full."""
    text = str(x)
    return text if len(text) <= 12 else f"of {len(text):,} digits"
