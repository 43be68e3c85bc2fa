"""The safe notation parser: text -> syntax tree -> sympy, never ``eval``.

Authors' step expressions and learners' working share this parser. It reads
numbers the way people write them (``21,900``, ``.5``, ``5.6e14``,
``5.6 x 10^14``, ``30 million``, ``30M``, ``10%``, ``$2.50``), units attached
to numbers (``70 GB / 6 GB/s``, ``$2.50/hour``), names, ``+ - * / × · ÷ ^ **``,
``of`` (as in ``10% of 30 million``), calls to a few functions, and
comparisons for constraints. It enforces limits on length, nesting and
exponents, and every error carries the column at fault.

A learner's line of working (``[label:] expression [= expression]... [(comment)]``,
with ``≈``, ``~``, ``about`` or ``roughly`` before a stated value, and an
optional short comment of words only at the end, as in ``= $9.00 (cached)``)
is read by :func:`parse_line`; :mod:`bank.grade` evaluates and marks it. Learner
spellings that authors may use too: ``24x365``, ``$0.30 per million
tokens``, ``5.6 x 10^14 FLOP`` (the unit belongs to the power), ``68.6/s``
(a rate whose counted thing goes unsaid).

The tree is made of small frozen nodes that know their source span. Three
walkers read it: :func:`infer_unit` (dimensions), :func:`evaluate` (exact
``Fraction`` arithmetic, no sympy) and :func:`to_sympy` (built directly from
sympy classes, with sympy imported only when called).

>>> tree = parse("70 GB / 6 GB/s")
>>> evaluate(tree) == Fraction(35, 3)
True
>>> infer_unit(tree).describe()
'time'
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping, Union

from .errors import NotationError
from .units import DIMENSIONLESS, PERCENT, Unit, describe_dims, lookup

MAX_LENGTH = 500
MAX_DEPTH = 50
#: A constant power may have at most this many decimal digits.
MAX_POWER_DIGITS = 400
#: The largest exponent allowed on a base that is not a constant.
MAX_SYMBOLIC_EXPONENT = 64
#: The largest written exponent in ``5.6e14`` style.
MAX_E_EXPONENT = 400

FUNCTIONS: dict[str, int] = {"ceil": 1, "floor": 1, "sqrt": 1, "abs": 1, "min": -2, "max": -2}
"""Callable names and their arity (negative: at least that many)."""

MULTIPLIERS: dict[str, int] = {
    "k": 10**3, "K": 10**3, "thousand": 10**3,
    "M": 10**6, "million": 10**6, "mn": 10**6,
    "bn": 10**9, "billion": 10**9,
    "trillion": 10**12,
}

#: Words with a fixed meaning that can never be names.
RESERVED = frozenset({"x", "X", "of", "per", "about", "roughly", "approx", "approximately",
                      "percent", "nan", "inf", "infinity"}) | frozenset(MULTIPLIERS) | frozenset(FUNCTIONS)


# --------------------------------------------------------------------------- tree

@dataclass(frozen=True)
class Node:
    start: int
    end: int


@dataclass(frozen=True)
class Num(Node):
    """A written number. ``resolution`` is the place value of its last digit."""

    value: Fraction
    text: str
    resolution: Fraction


@dataclass(frozen=True)
class Name(Node):
    id: str


@dataclass(frozen=True)
class Quantity(Node):
    """A number with a unit attached: ``6 GB/s``, ``$2.50``, ``10%``."""

    operand: Node
    unit: Unit
    unit_text: str


@dataclass(frozen=True)
class Neg(Node):
    operand: Node


@dataclass(frozen=True)
class BinOp(Node):
    op: str  # one of + - * / ^
    left: Node
    right: Node
    op_start: int = 0


@dataclass(frozen=True)
class Call(Node):
    func: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Compare(Node):
    op: str  # < <= > >= == !=
    left: Node
    right: Node


Expr = Union[Num, Name, Quantity, Neg, BinOp, Call, Compare]


def names(node: Node) -> list[Name]:
    """Every name the tree uses, in source order.

    >>> [n.id for n in names(parse("rent * 4 + max(a, b)"))]
    ['rent', 'a', 'b']
    """
    found: list[Name] = []
    _walk(node, lambda n: found.append(n) if isinstance(n, Name) else None)
    return found


def _walk(node: Node, visit: Callable[[Node], None]) -> None:
    visit(node)
    for child in _children(node):
        _walk(child, visit)


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, (BinOp, Compare)):
        return (node.left, node.right)
    if isinstance(node, (Neg, Quantity)):
        return (node.operand,)
    if isinstance(node, Call):
        return node.args
    return ()


# --------------------------------------------------------------------------- lexer

@dataclass(frozen=True)
class Token:
    kind: str  # num, name, op, end
    text: str
    start: int
    end: int
    value: Fraction | None = None
    resolution: Fraction | None = None


_NUMBER = re.compile(
    r"(?P<int>\d{1,3}(?:,\d{3})+(?!\d)|\d+)?(?P<frac>\.\d+)?(?:[eE](?P<exp>[+-]?\d+))?")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_OPS = ("**", "<=", ">=", "==", "!=", "+", "-", "*", "/", "^", "(", ")", ",", "<", ">", "=", "%", "$", "~")
_UNICODE_OPS = {"×": "*", "·": "*", "⋅": "*", "∙": "*", "÷": "/", "−": "-", "–": "-",
                "≈": "≈", "≤": "<=", "≥": ">=", "≠": "!="}


def tokenize(text: str) -> list[Token]:
    """Split text into tokens, or raise a located :class:`NotationError`.

    >>> [t.text for t in tokenize("$2.50 × 24")]
    ['$', '2.50', '*', '24', '']
    """
    tokens: list[Token] = []
    pos, n = 0, len(text)
    while pos < n:
        ch = text[pos]
        if ch.isspace():
            pos += 1
            continue
        if ch in "0123456789" or (ch == "." and pos + 1 < n and text[pos + 1] in "0123456789"):
            tok = _lex_number(text, pos)
        elif ch in "xX" and _after_operand(tokens) and pos + 1 < n and text[pos + 1] in "0123456789.$(":
            tok = Token("name", ch, pos, pos + 1)  # 24x365: a times sign, not the name `x365`
        elif ch.isascii() and (ch.isalpha() or ch == "_"):
            m = _NAME.match(text, pos)
            tok = Token("name", m.group(), pos, m.end())
        elif ch in _UNICODE_OPS:
            tok = Token("op", _UNICODE_OPS[ch], pos, pos + 1)
        else:
            op = next((o for o in _OPS if text.startswith(o, pos)), None)
            if op is None:
                raise NotationError(_bad_char(ch), text, pos)
            tok = Token("op", op, pos, pos + len(op))
        tokens.append(tok)
        pos = tok.end
    tokens.append(Token("end", "", n, n))
    return tokens


def _after_operand(tokens: list[Token]) -> bool:
    return bool(tokens) and (tokens[-1].kind == "num" or tokens[-1].text == ")")


def _bad_char(ch: str) -> str:
    if ch.isdigit():
        return f"`{ch}` is not an ASCII digit; write numbers with 0-9"
    if ch.isalpha():
        return f"unexpected letter `{ch}`; names use ASCII letters"
    if ch in "'\"`":
        return "quotes are not part of the notation"
    if ch in "[]{};:!@#&|\\?":
        return f"unexpected `{ch}`"
    name = unicodedata.name(ch, "") or f"U+{ord(ch):04X}"
    return f"unexpected character `{ch}` ({name.lower()})"


def _lex_number(text: str, pos: int) -> Token:
    m = _NUMBER.match(text, pos)
    whole, frac, exp = m.group("int") or "", m.group("frac") or "", m.group("exp")
    digits = whole.replace(",", "")
    value = Fraction(int(digits or "0"))
    resolution = Fraction(1)
    if frac:
        value += Fraction(int(frac[1:]), 10 ** (len(frac) - 1))
        resolution = Fraction(1, 10 ** (len(frac) - 1))
    if exp is not None:
        e = int(exp)
        if abs(e) > MAX_E_EXPONENT:
            raise NotationError(f"exponent {e} is too large (limit ±{MAX_E_EXPONENT})", text, pos, m.end())
        value *= Fraction(10) ** e
        resolution *= Fraction(10) ** e
    end = m.end()
    if end < len(text) and (text[end] in "0123456789" or text[end] == "."):
        raise NotationError("malformed number", text, end)
    return Token("num", text[pos:end], pos, end, value, resolution)


# --------------------------------------------------------------------------- parser

_ADDITIVE = {"+", "-"}
_MULTIPLICATIVE = {"*": "*", "/": "/", "x": "*", "X": "*", "of": "*"}
_COMPARISONS = {"<", "<=", ">", ">=", "==", "!="}


class Parser:
    """A recursive-descent parser over one text. Subclass to extend the grammar.

    ``max_length`` and ``max_depth`` bound the work any input can cause.
    """

    def __init__(self, text: str, *, max_length: int = MAX_LENGTH, max_depth: int = MAX_DEPTH):
        if len(text) > max_length:
            raise NotationError(f"text is {len(text):,} characters long; the limit is {max_length:,}",
                                text, max_length, len(text))
        self.text = text
        self.tokens = tokenize(text)
        self.pos = 0
        self.depth = 0
        self.max_depth = max_depth

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

    def fail(self, message: str, tok: Token | None = None) -> None:
        tok = tok or self.tok
        found = "end of input" if tok.kind == "end" else f"`{tok.text}`"
        raise NotationError(f"{message}, found {found}", self.text, tok.start, tok.end)

    def nest(self) -> None:
        self.depth += 1
        if self.depth > self.max_depth:
            raise NotationError(f"nesting deeper than {self.max_depth} levels", self.text, self.tok.start)

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

    def additive(self) -> Node:
        left = self.term()
        while self.tok.kind == "op" and self.tok.text in _ADDITIVE:
            op = self.advance()
            right = self.term()
            left = BinOp(left.start, right.end, op.text, left, right, op.start)
        return left

    def term(self) -> Node:
        left = self.unary()
        while self.tok.text in _MULTIPLICATIVE and self.tok.kind in ("op", "name"):
            op = self.advance()
            right = self.unary()
            left = BinOp(left.start, right.end, _MULTIPLICATIVE[op.text], left, right, op.start)
        return left

    def unary(self) -> Node:
        if self.at("-", "+"):
            op = self.advance()
            self.nest()
            operand = self.unary()
            self.depth -= 1
            return operand if op.text == "+" else Neg(op.start, operand.end, operand)
        return self.power()

    def power(self) -> Node:
        base = self.postfix()
        if self.at("^", "**"):
            op = self.advance()
            self.nest()
            self.in_exponent = getattr(self, "in_exponent", 0) + 1
            exponent = self.unary()
            self.in_exponent -= 1
            self.depth -= 1
            node = BinOp(base.start, exponent.end, "^", base, exponent, op.start)
            check_power(node, self.text)
            if isinstance(base, Num) and not self.in_exponent:
                node = self.units(node)  # 10^14 FLOP: the unit belongs to the power, not to the 14
            return node
        return base

    def postfix(self) -> Node:
        node = self.primary()
        if getattr(self, "in_exponent", 0):
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
            return Quantity(tok.start, amount.end, amount, lookup("USD"), "$")
        if self.at("("):
            self.advance()
            self.nest()
            inner = self.additive()
            self.depth -= 1
            close = self.expect(")")
            return _respan(inner, tok.start, close.end)
        if tok.kind == "name":
            return self.name_or_call()
        self.fail("expected a number, a name or `(`")

    def number(self) -> Num:
        tok = self.advance()
        value, resolution, end = tok.value, tok.resolution, tok.end
        nxt = self.tok
        if nxt.kind == "name" and nxt.text in MULTIPLIERS:
            scale = MULTIPLIERS[self.advance().text]
            value, resolution, end = value * scale, resolution * scale, nxt.end
        return Num(tok.start, end, value, self.text[tok.start:end], resolution)

    def name_or_call(self) -> Node:
        tok = self.advance()
        if tok.text in FUNCTIONS and self.at("("):
            return self.call(tok)
        if tok.text in RESERVED:
            self.fail("unexpected word", tok)
        if lookup(tok.text) is not None:
            self.fail("a unit must follow a number", tok)
        return Name(tok.start, tok.end, tok.text)

    def call(self, func: Token) -> Node:
        self.advance()  # (
        self.nest()
        args = [self.additive()]
        while self.at(","):
            self.advance()
            args.append(self.additive())
        self.depth -= 1
        close = self.expect(")")
        arity = FUNCTIONS[func.text]
        if (arity > 0 and len(args) != arity) or (arity < 0 and len(args) < -arity):
            want = f"{arity}" if arity > 0 else f"at least {-arity}"
            raise NotationError(f"`{func.text}` takes {want} argument(s), got {len(args)}",
                                self.text, func.start, close.end)
        return Call(func.start, close.end, func.text, tuple(args))

    def units(self, node: Node) -> Node:
        """Attach ``GB/s``, ``tokens per second``, ``%`` and the like after a number."""
        start_pos = self.pos
        unit, parts = None, []
        if isinstance(node, Quantity):  # $2.50/hour
            unit, node = node.unit, node
        while True:
            tok = self.tok
            if tok.kind in ("op", "name") and tok.text in ("%",) and unit is None:
                self.advance()
                unit, parts = PERCENT, ["%"]
                break
            if unit is None and tok.kind == "name" and lookup(tok.text):
                unit = lookup(self.advance().text)
                parts.append(tok.text)
                continue
            if unit is None and self.at("/", "per") and self.peek().kind == "name" and lookup(self.peek().text) \
                    and not (self.peek(2).kind == "op" and self.peek(2).text == "("):  # 68.6/s: a rate of things unsaid
                self.advance()
                word = self.advance().text
                unit = DIMENSIONLESS / lookup(word)
                parts.append(f"/{word}")
                continue
            if unit is not None and self.at("/", "per") and self.peek().kind == "name" \
                    and self.peek().text in MULTIPLIERS:  # $0.30 per million (tokens)
                self.advance()
                word = self.advance().text
                unit = unit / Unit(Fraction(MULTIPLIERS[word]), DIMENSIONLESS.dims, word)
                parts.append(f"/{word}")
                if self.tok.kind == "name" and lookup(self.tok.text) and not self.peek().text == "(":
                    unit = unit / lookup(self.tok.text)
                    parts.append(f" {self.advance().text}")
                continue
            if unit is not None and self.at("/", "per", "*", "·") and self.peek().kind == "name" \
                    and lookup(self.peek().text) and not (self.peek(2).kind == "op" and self.peek(2).text == "("):
                op = self.advance().text
                word = self.advance().text
                other = lookup(word)
                unit = unit / other if op in ("/", "per") else unit * other
                parts.append(f"/{word}" if op in ("/", "per") else f"·{word}")
                continue
            break
        if unit is None or self.pos == start_pos:
            return node
        end = self.tokens[self.pos - 1].end
        if isinstance(node, Quantity):
            return Quantity(node.start, end, node.operand, unit, "$" + "".join(parts))
        return Quantity(node.start, end, node, unit, "".join(parts))


def _respan(node: Node, start: int, end: int) -> Node:
    """The same node, spanning its parentheses too."""
    values = {f: getattr(node, f) for f in node.__dataclass_fields__}
    values.update(start=start, end=end)
    return type(node)(**values)


def parse(text: str, *, max_length: int = MAX_LENGTH, max_depth: int = MAX_DEPTH) -> Node:
    """Parse an expression such as ``weights / read_rate`` or ``$2.50 x 24``.

    >>> evaluate(parse("10% of 30 million")) == 3_000_000
    True
    """
    return Parser(text, max_length=max_length, max_depth=max_depth).parse_all()


def parse_condition(text: str, *, max_length: int = MAX_LENGTH) -> Compare:
    """Parse a constraint such as ``surge > base_rate``.

    >>> parse_condition("a >= 2 * b").op
    '>='
    """
    parser = Parser(text, max_length=max_length)
    node = parser.parse_all(comparison=True)
    if not isinstance(node, Compare):
        raise NotationError("a constraint needs a comparison such as `<` or `>=`", text, node.end)
    return node


# --------------------------------------------------------------------------- learner lines

#: Words (and marks) that say the value after them is approximate.
APPROX = frozenset({"about", "roughly", "approx", "approximately", "~", "≈"})
#: Marks that separate the sides of a learner's line.
EQUALS = frozenset({"=", "==", "≈", "~"})

_LABEL_WORDS = re.compile(r"\s*[A-Za-z][A-Za-z0-9_' -]*?\s*(?=[=≈~])")


@dataclass(frozen=True)
class Segment:
    """One side of a learner's line: ``70 GB / 6 GB/s`` or ``about 12 s``."""

    node: Node
    approx: bool
    start: int
    end: int


@dataclass(frozen=True)
class Line:
    """A learner's line: an optional label, then sides joined by ``=`` or ``≈``, then a comment."""

    text: str
    label: str
    segments: tuple[Segment, ...]
    comment: str = ""

    @property
    def empty(self) -> bool:
        return not self.segments


class LineParser(Parser):
    """Reads ``[label:] expression [= expression]...`` with ``≈``/``about`` before a result."""

    def line(self) -> tuple[Segment, ...]:
        segments: list[Segment] = []
        approx = self.approx()
        if self.tok.kind == "end":
            if approx:
                self.fail("expected a value after `about`")
            return ()
        while True:
            start = self.tok.start
            node = self.additive()
            segments.append(Segment(node, approx, start, node.end))
            if not (self.tok.kind == "op" and self.tok.text in EQUALS):
                break
            approx = self.advance().text in ("≈", "~")
            approx = self.approx() or approx
            if self.tok.kind == "end":
                self.fail("expected a value after `=`")
        if self.tok.kind != "end":
            self.fail("unexpected text after the expression")
        return tuple(segments)

    def approx(self) -> bool:
        found = False
        while self.tok.kind in ("op", "name") and self.tok.text in APPROX:
            self.advance()
            found = True
        return found


def parse_line(text: str, *, keep: frozenset[str] = frozenset(), max_length: int = MAX_LENGTH,
               max_depth: int = MAX_DEPTH) -> Line:
    """Parse one line of a learner's working.

    Text before the first colon is a label, and so are plain words before the
    first ``=`` (``read time = 70 / 6``) unless they are a single name in
    ``keep`` (the question's params). Words in parentheses at the very end,
    where the expression cannot use them, are a comment (``= 3 replicas
    (rounded up)``); with a digit or an operator inside they are not, and the
    line is a format error. Errors keep the columns of ``text``.

    >>> line = parse_line("Rent per replica: $2.50/hour x 24 x 365 = about $21,900")
    >>> line.label, len(line.segments), line.segments[1].approx
    ('Rent per replica', 2, True)
    >>> parse_line("read time = 70 / 6 = 11.7").label
    'read time'
    >>> parse_line("30 x $0.30 = $9.00 (cached)").comment
    'cached'
    """
    if len(text) > max_length:
        raise NotationError(f"line is {len(text):,} characters long; the limit is {max_length:,}",
                            text, max_length, len(text))
    label, masked = _split_label(text, keep)
    comment = ""
    try:
        try:
            segments = _segments(masked, max_length, max_depth)
        except NotationError as exc:
            masked, comment = _split_comment(masked, exc)
            segments = _segments(masked, max_length, max_depth)
    except NotationError as exc:
        _colon_missing(masked, exc)
        raise NotationError(exc.message, text, exc.offset, exc.end) from None
    return Line(text, label, segments, comment)


_WORDS_THEN_NUMBER = re.compile(r"\s*([A-Za-z][A-Za-z' -]*?)\s+(?=[0-9$.(])")


def _colon_missing(text: str, failed: NotationError) -> None:
    """``Read time 70 / 6 = 11.7`` fails among the words before the number: say a label needs a colon."""
    m = _WORDS_THEN_NUMBER.match(text)
    if m and m.start(1) < failed.offset <= m.end() and not APPROX & set(m.group(1).split()):
        raise NotationError(f"a label needs a colon after it: `{m.group(1)}:`", text, m.start(1), m.end(1)) from None


def _segments(text: str, max_length: int, max_depth: int) -> tuple[Segment, ...]:
    return LineParser(text, max_length=max_length, max_depth=max_depth).line()


#: A comment: words (letters, with apostrophes inside them), spaces and commas, in parentheses, ending the line.
_COMMENT = re.compile(r"\(\s*([A-Za-z]+(?:['’][A-Za-z]+)*(?:,?\s+[A-Za-z]+(?:['’][A-Za-z]+)*)*)\s*\)\s*$")


def _split_comment(text: str, failed: NotationError) -> tuple[str, str]:
    """(the text with a final comment blanked out, the comment), or re-raise ``failed``.

    Only where reading the line failed at or after the comment's ``(``: a
    trailing ``(a, b)`` the expression can use (``max(a, b)``) is not a comment.
    """
    m = _COMMENT.search(text)
    if m is None or failed.offset < m.start():
        if text.rstrip().endswith(")") and "(" in text and failed.offset >= text.rindex("("):
            raise NotationError("a comment in parentheses at the end holds only words (no digits or operators)",
                                text, text.rindex("("), len(text.rstrip())) from None
        raise failed
    return text[:m.start()] + " " * (m.end() - m.start()), m.group(1)


def _split_label(text: str, keep: frozenset[str]) -> tuple[str, str]:
    """(label, the text with the label blanked out so columns stay put)."""
    colon = text.find(":")
    if colon >= 0:
        return text[:colon].strip(), " " * (colon + 1) + text[colon + 1:]
    m = _LABEL_WORDS.match(text)
    if m and _is_label(m.group().strip(), keep):
        end = m.end()
        while end < len(text) and text[end] == "=":  # keep ≈ and ~: they mark the value approximate
            end += 1
        return m.group().strip(), " " * end + text[end:]
    return "", text


def _is_label(words: str, keep: frozenset[str]) -> bool:
    """Words before ``=`` are a label unless they read as an expression (``rent x 4``, a param)."""
    try:
        node = parse(words)
    except NotationError:
        return True
    return isinstance(node, Name) and node.id not in keep


# --------------------------------------------------------------------------- limits

def check_power(node: BinOp, text: str) -> None:
    """Refuse powers whose result would be enormous, before anything computes them."""
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
    digits = abs(_log10(abs(base))) * float(abs(exponent)) if base else 0.0
    if digits > MAX_POWER_DIGITS:
        raise NotationError(f"this power has about {digits:,.0f} digits (limit {MAX_POWER_DIGITS})",
                            text, node.op_start, node.end)


def _log10(x: Fraction) -> float:
    return math.log10(x.numerator) - math.log10(x.denominator)


def constant(node: Node) -> Fraction | None:
    """The exact value of a tree with no names, or None.

    >>> constant(parse("2 ^ 10")), constant(parse("a + 1"))
    (Fraction(1024, 1), None)
    """
    try:
        return evaluate(node, {})
    except (KeyError, ValueError, ZeroDivisionError, ArithmeticError):
        return None


# --------------------------------------------------------------------------- walkers

def evaluate(node: Node, env: Mapping[str, Fraction] | None = None) -> Fraction:
    """Exact value of a tree in base units; ``env`` maps names to base values.

    Raises KeyError for an unknown name, ZeroDivisionError, and ValueError for
    results that are not real rationals (irrational powers come back rounded).

    >>> evaluate(parse("$2.50/hour * 1 year"))
    Fraction(21900, 1)
    """
    env = env or {}
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Name):
        return env[node.id]
    if isinstance(node, Quantity):
        return evaluate(node.operand, env) * node.unit.scale
    if isinstance(node, Neg):
        return -evaluate(node.operand, env)
    if isinstance(node, BinOp):
        return _binop(node.op, evaluate(node.left, env), evaluate(node.right, env))
    if isinstance(node, Call):
        return _call(node.func, [evaluate(a, env) for a in node.args])
    raise ValueError(f"cannot evaluate {type(node).__name__}")


def _binop(op: str, a: Fraction, b: Fraction) -> Fraction:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return a / b
    return _power(a, b)


def _power(a: Fraction, b: Fraction) -> Fraction:
    if b.denominator == 1:
        if a and abs(_log10(abs(a))) * abs(int(b)) > MAX_POWER_DIGITS:
            raise ValueError("power too large")
        return a ** int(b)
    if a < 0:
        raise ValueError("negative base with a fractional exponent")
    exact = _exact_root(a, b)
    return exact if exact is not None else Fraction(float(a) ** float(b))


def _exact_root(a: Fraction, b: Fraction) -> Fraction | None:
    k = b.denominator
    num, den = round(a.numerator ** (1 / k)), round(a.denominator ** (1 / k))
    if num ** k == a.numerator and den ** k == a.denominator:
        return Fraction(num, den) ** b.numerator
    return None


def _call(func: str, args: list[Fraction]) -> Fraction:
    if func == "ceil":
        return Fraction(math.ceil(args[0]))
    if func == "floor":
        return Fraction(math.floor(args[0]))
    if func == "abs":
        return abs(args[0])
    if func == "min":
        return min(args)
    if func == "max":
        return max(args)
    return _power(args[0], Fraction(1, 2))


class UnitMismatch(NotationError):
    """An expression whose units do not agree."""


def infer_unit(node: Node, units: Mapping[str, Unit] | None = None, text: str = "") -> Unit:
    """The unit of a tree (its scale is relative to base units).

    ``units`` maps names to their units. Adding or comparing different
    dimensions raises :class:`UnitMismatch` located at the operator.

    >>> infer_unit(parse("$2.50/hour * 1 year")).describe()
    'money'
    """
    units = units or {}
    if isinstance(node, Num):
        return DIMENSIONLESS
    if isinstance(node, Name):
        return units.get(node.id, DIMENSIONLESS)
    if isinstance(node, Quantity):
        return infer_unit(node.operand, units, text) * node.unit
    if isinstance(node, Neg):
        return infer_unit(node.operand, units, text)
    if isinstance(node, (BinOp, Compare)):
        return _binop_unit(node, units, text)
    if isinstance(node, Call):
        return _call_unit(node, units, text)
    raise ValueError(type(node).__name__)


def _binop_unit(node: BinOp | Compare, units: Mapping[str, Unit], text: str) -> Unit:
    left = infer_unit(node.left, units, text)
    if isinstance(node, BinOp) and node.op == "^":
        exponent = constant(node.right) or Fraction(0)
        if exponent.denominator != 1 and not left.dimensionless:
            raise UnitMismatch(f"cannot take a fractional power of {left.describe()}",
                               text, node.start, node.end)
        return left ** int(exponent) if exponent.denominator == 1 else left
    right = infer_unit(node.right, units, text)
    if isinstance(node, BinOp) and node.op == "*":
        return left * right
    if isinstance(node, BinOp) and node.op == "/":
        return left / right
    if not left.same_dimension(right):
        where = node.op_start if isinstance(node, BinOp) else node.left.end
        verb = "add or subtract" if isinstance(node, BinOp) else "compare"
        raise UnitMismatch(f"cannot {verb} {describe_dims(left.dims)} and {describe_dims(right.dims)}",
                           text, where, where + 1)
    return Unit(Fraction(1), left.dims, left.name)


def _call_unit(node: Call, units: Mapping[str, Unit], text: str) -> Unit:
    args = [infer_unit(a, units, text) for a in node.args]
    if node.func in ("ceil", "floor") and any(args[0].dims[:4]):
        # Rounding a count of things is meaningful; rounding 11.7 s depends on the unit.
        raise UnitMismatch(f"`{node.func}` needs a count or a plain number, not {args[0].describe()}; "
                           "divide by a unit first", text, node.start, node.end)
    if node.func == "sqrt":
        if any(d % 2 for d in args[0].dims):
            raise UnitMismatch(f"cannot take the square root of {args[0].describe()}", text, node.start, node.end)
        return Unit(Fraction(1), tuple(d // 2 for d in args[0].dims))
    if node.func in ("ceil", "floor", "abs"):
        return Unit(Fraction(1), args[0].dims)
    if any(not a.same_dimension(args[0]) for a in args):
        raise UnitMismatch(f"the arguments of `{node.func}` have different units", text, node.start, node.end)
    return Unit(Fraction(1), args[0].dims)


def to_sympy(node: Node, symbols: Mapping[str, object]):
    """Build a sympy expression (in base units) directly from the tree.

    No string ever reaches sympy's parser.

    >>> import sympy
    >>> to_sympy(parse("a / 6 GB/s"), {"a": sympy.Symbol("a")})
    a/6000000000
    """
    import sympy

    def build(n: Node):
        if isinstance(n, Num):
            return sympy.Rational(n.value.numerator, n.value.denominator)
        if isinstance(n, Name):
            return symbols[n.id]
        if isinstance(n, Quantity):
            s = n.unit.scale
            return build(n.operand) * sympy.Rational(s.numerator, s.denominator)
        if isinstance(n, Neg):
            return -build(n.operand)
        if isinstance(n, BinOp):
            a, b = build(n.left), build(n.right)
            return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                    "/": lambda: a / b, "^": lambda: a ** b}[n.op]()
        if isinstance(n, Call):
            args = [build(a) for a in n.args]
            fn = {"ceil": sympy.ceiling, "floor": sympy.floor, "sqrt": sympy.sqrt,
                  "abs": sympy.Abs, "min": sympy.Min, "max": sympy.Max}[n.func]
            return fn(*args)
        raise ValueError(type(n).__name__)

    return build(node)
