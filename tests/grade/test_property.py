"""Property: arithmetic written in learner notation evaluates exactly like Python's Fraction arithmetic.

Hypothesis builds random expression trees, writes each one the way a
learner might (``×``, ``x``, ``*``, ``÷``, thousands commas, ``$``, ``%``,
``k``/``million`` suffixes, ``.5``, ``5.6e3``, ``5.6 x 10^3``), and computes
the same tree with ``Fraction``. The parser, the author evaluator and the
grader's reading must all agree with it, and a line stating the exact value
(rounded to the precision written) must pass rule 1.
"""

from __future__ import annotations

import re

from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bank.grade.arithmetic import check
from bank.grade.diagnose import Slip
from bank.grade.reading import Scope, amount
from bank.notation import evaluate, parse, parse_line

EMPTY = Scope({}, {}, {})
#: CI machines are shared: generation speed is not what these properties test.
RELAXED = [HealthCheck.too_slow, HealthCheck.filter_too_much]


def _commas(n: int) -> str:
    return f"{n:,}"


PLAIN = ["int", "commas", "decimal", "dot", "percent", "k", "million", "e", "x10"]


@st.composite
def numbers(draw, money=True):
    """(text, value) for one written number."""
    kind = draw(st.sampled_from(PLAIN + (["money", "negmoney"] if money else [])))
    n = draw(st.integers(min_value=0, max_value=10**7))
    if kind == "int":
        return str(n), Fraction(n)
    if kind == "commas":
        return _commas(n), Fraction(n)
    if kind in ("decimal", "dot", "money", "negmoney"):
        cents = draw(st.integers(min_value=0, max_value=99))
        value = Fraction(n) + Fraction(cents, 100)
        text = f"{_commas(n)}.{cents:02d}"
        if kind == "dot":
            return f".{cents:02d}", Fraction(cents, 100)
        if kind == "money":
            return f"${text}", value
        if kind == "negmoney":
            return f"(-${text})", -value
        return text, value
    small = draw(st.integers(min_value=1, max_value=999))
    if kind == "percent":
        word = draw(st.sampled_from(["%", " percent"]))
        return f"{small}{word}", Fraction(small, 100)
    if kind == "k":
        return f"{small}k", Fraction(small * 1000)
    if kind == "million":
        word = draw(st.sampled_from([" million", "M", " bn"]))
        scale = 10**9 if word == " bn" else 10**6
        return f"{small / 10:g}{word}", Fraction(small, 10) * scale
    e = draw(st.integers(min_value=-3, max_value=9))
    mantissa = Fraction(small, 100)
    if kind == "e":
        return f"{small / 100:g}e{e}", mantissa * Fraction(10) ** e
    return f"{small / 100:g} x 10^{e}", mantissa * Fraction(10) ** e


TIMES = ["×", " x ", "*", " · ", " * "]
DIVIDE = ["/", " ÷ ", " / "]


@st.composite
def expressions(draw, depth=3, money=True):
    """(text, value) for an expression tree, always parenthesised where it matters.

    With ``money``, dollars mix freely with plain numbers, so sums may add
    dollars to plain numbers: fine for evaluation, not for a line's units.
    """
    if depth == 0 or draw(st.booleans()):
        return draw(numbers(money))
    op = draw(st.sampled_from("+-*/"))
    (lt, lv), (rt, rv) = draw(expressions(depth - 1, money)), draw(expressions(depth - 1, money))
    if op == "/":
        assume(rv != 0)
        return f"({lt}){draw(st.sampled_from(DIVIDE))}({rt})", lv / rv
    if op == "*":
        return f"({lt}){draw(st.sampled_from(TIMES))}({rt})", lv * rv
    if op == "+":
        return f"({lt}) + ({rt})", lv + rv
    return f"({lt}) - ({rt})", lv - rv


@settings(max_examples=200, deadline=None, suppress_health_check=RELAXED)
@given(expressions())
def test_notation_matches_fractions(case):
    text, value = case
    assert evaluate(parse(text)) == value
    line = parse_line(text)
    assert amount(line.segments[0].node, EMPTY, text).base == value


@settings(max_examples=150, deadline=None, suppress_health_check=RELAXED)
@given(expressions(money=False), st.integers(min_value=1, max_value=6))
def test_stating_the_rounded_value_is_right(case, places):
    text, value = case
    assume(abs(value) < 10**12)
    rounded = round(value, places)
    sign = "-" if rounded < 0 else ""
    whole, frac = divmod(abs(Fraction(rounded)) * 10**places, 10**places)
    stated = f"{sign}{int(whole):,}.{int(frac):0{places}d}"
    result = check(parse_line(f"{text} = {stated}"), EMPTY)
    assert result.ok, (text, stated, float(value))


@settings(max_examples=100, deadline=None, suppress_health_check=RELAXED)
@given(expressions(money=False), st.integers(min_value=1, max_value=9))
def test_stating_a_wrong_value_is_a_slip(case, k):
    text, value = case
    assume(value != 0 and abs(value) < 10**12)
    # 27M x $3 = $81 keeps the M in the head (rule 4), so a suffix may rightly drop a power of ten
    assume(not re.search(r"\d(k|M| million| bn)", text))
    wrong = value * 10**k  # off by a power of ten, at full precision
    stated = f"{float(wrong):.17g}"
    assume("e" not in stated and "inf" not in stated)
    result = check(parse_line(f"{text} = {stated}"), EMPTY)
    if result.unsaid:  # 0.01 = 1 reads as a rounding up nobody said: right only where a step rounds
        result = result.as_slip()
    assert not result.ok
    assert result.diagnosis == Slip.POWER


@settings(max_examples=100, deadline=None, suppress_health_check=RELAXED)
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=0, max_value=99),
       st.integers(min_value=1, max_value=50))
def test_money_lines(dollars, cents, count):
    total_cents = (dollars * 100 + cents) * count
    line = f"{count} x ${dollars:,}.{cents:02d} = ${total_cents // 100:,}.{total_cents % 100:02d}"
    assert check(parse_line(line), EMPTY).ok, line


@settings(max_examples=300, deadline=None, suppress_health_check=RELAXED)
@given(whole=st.integers(0, 999_999), places=st.integers(1, 6), digits=st.integers(0, 999_999),
       commas=st.booleans())
def test_a_decimal_comma_reads_as_the_point_it_stands_for(whole, places, digits, commas):
    """``2,5`` is 2.5 wherever a comma cannot be a thousands separator (not three digits after it, or a lone
    0 before it), and ``1,963`` too in a working that writes its decimals with commas (``commas``)."""
    from bank.notation.lexer import tokenize

    frac = str(digits % 10 ** places).zfill(places)
    assume(places != 3 or whole == 0 or commas)
    text = f"{whole},{frac}"
    [token] = [t for t in tokenize(text, prose=True, commas=commas) if t.kind == "num"]
    assert token.value == Fraction(f"{whole}.{frac}")
    assert token.resolution == Fraction(1, 10 ** places)
