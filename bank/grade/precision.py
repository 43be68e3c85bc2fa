"""Precision: what range of exact values a number, as the learner wrote it, stands for.

A learner who writes ``11.7`` claims the exact value rounds to 11.7 at one
decimal place, so it lies in [11.65, 11.75], and a hair beyond, since a value
just past half way may be rounded either way (6.43 for 6.43500641): the
half-unit is widened by 2%. ``about 30`` claims one significant figure, so
[24.9, 35.1]. Written values become :class:`Interval` objects; intervals
propagate through the arithmetic of a stated expression (``0.4 + 20.8``),
where decimals count as rounded and whole numbers as exact.

>>> from bank.notation import parse
>>> stated(parse("11.7")).contains(Fraction(35, 3))
True
>>> stated(parse("30"), approx=True)
Interval(lo=Fraction(249, 10), hi=Fraction(351, 10))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Optional

from .. import notation as n
from ..notation.intervals import Interval


@functools.lru_cache(maxsize=4096)
def resolution(num: n.Num, approx: bool) -> Fraction:
    """The place value a written number was rounded to.

    Plain: its last written digit (``11.7`` -> 0.1, ``30`` -> 1), except that
    trailing zeros read as rounding where they follow three or more significant
    digits, or two zeros follow two digits, as people write a value to a few
    figures (``4,360`` -> 10, ``21,900`` -> 100, ``1,600`` -> 100; ``30`` -> 1).
    With ``about``, trailing zeros of a whole number are never significant
    (``about 30`` -> 10, ``about 21,000`` -> 1,000).

    >>> from bank.notation import parse
    >>> resolution(parse("30 million"), True), resolution(parse("2.50"), True)
    (Fraction(10000000, 1), Fraction(1, 100))
    >>> resolution(parse("4,360"), False), resolution(parse("30"), False), resolution(parse("3,000"), False)
    (Fraction(10, 1), Fraction(1, 1), Fraction(1, 1))
    """
    res = num.resolution
    mantissa = num.text.split("e")[0].split("E")[0]
    digits = "".join(ch for ch in mantissa if ch.isdigit())
    if res < 1 and "e" not in num.text.lower() or not digits.strip("0"):
        return res  # a decimal part was written (``2.50``, ``2,50``); not ``131.072`` from a writer of ``0,9``
    zeros = len(digits) - len(digits.rstrip("0"))
    figures = len(digits.strip("0"))
    if approx or (figures >= 3 and zeros) or (figures >= 2 and zeros >= 2):
        res *= 10 ** zeros
    return res


def scales_as_written(node: n.Quantity) -> bool:
    """Whether a unit changes the number as written: ``10%`` is 0.1, but ``8,760 h/yr`` stays 8,760
    (a ratio of like units only says what the number counts)."""
    return node.unit.dimensionless and "/" not in node.unit_text


def is_number(node: n.Node) -> bool:
    """A single written number: ``32``, ``-$3``, ``11.7 s``, ``5.6 x 10^14 FLOP``."""
    if isinstance(node, n.Num):
        return True
    if isinstance(node, (n.Neg, n.Quantity)):
        return is_number(node.operand)
    if isinstance(node, n.BinOp) and node.op == "*" and isinstance(node.left, n.Num):
        return _power_of_ten(node.right)
    return False


def _power_of_ten(node: n.Node) -> bool:
    if isinstance(node, n.Quantity):  # 10^14 FLOP
        node = node.operand
    return (isinstance(node, n.BinOp) and node.op == "^" and isinstance(node.left, n.Num)
            and node.left.value == 10 and n.constant(node.right) is not None)


Leaf = Callable[[n.Node], Optional[Interval]]


def stated(node: n.Node, approx: bool = False, leaf: Leaf | None = None, written: bool = False,
           rounded: frozenset[Fraction] = frozenset()) -> Interval:
    """The interval of exact values a stated side stands for.

    A lone number is rounded at its last digit; in a longer expression only
    decimals count as rounded, and whole numbers in ``rounded`` (roundings of
    the working's own values: 32 for 31.67). ``leaf`` values names (and may
    override other leaves); ``written`` reads units as written (``0.35 min``
    is 0.35). Raises ZeroDivisionError, ValueError or OverflowError for values
    that cannot be bounded.
    """
    loose = is_number(node)
    return _walk(node, _Rules(approx, loose, leaf, written, rounded), exact=False)


#: How far past half a unit of the last digit a written number still stands for (2%: 0.0050064 for 6.43).
_HALF_WAY = Fraction(51, 50)


@dataclass(frozen=True)
class _Rules:
    approx: bool
    loose: bool
    leaf: Leaf | None
    written: bool
    rounded: frozenset[Fraction] = frozenset()


def _walk(node: n.Node, r: _Rules, exact: bool) -> Interval:
    if r.leaf is not None and isinstance(node, n.Name):
        got = r.leaf(node)
        if got is not None:
            return got
    if isinstance(node, n.Num):
        res = resolution(node, r.approx)
        if exact or not (r.loose or res < 1 or node.value in r.rounded):
            return Interval.point(node.value)
        half = res / 2 * _HALF_WAY  # 6.43 for 6.43500641: a value a hair past half way may go either way
        return Interval(node.value - half, node.value + half)
    if isinstance(node, n.Quantity):
        inner = _walk(node.operand, r, exact)
        keep = not r.written or scales_as_written(node)
        return inner.scale(node.unit.scale) if keep else inner
    if isinstance(node, n.Neg):
        return -_walk(node.operand, r, exact)
    if isinstance(node, n.BinOp):
        return _binop(node, r, exact)
    if isinstance(node, n.Call):
        return _call(node.func, [_walk(a, r, exact) for a in node.args])
    raise ValueError(f"cannot bound {type(node).__name__}")


def _binop(node: n.BinOp, r: _Rules, exact: bool) -> Interval:
    if node.op == "^":  # 10^14: the base and exponent of a power are exact
        base = _walk(node.left, r, True)
        exponent = _walk(node.right, r, True).lo
        return _power(base, exponent)
    a, b = _walk(node.left, r, exact), _walk(node.right, r, exact)
    return {"+": a.__add__, "-": a.__sub__, "*": a.__mul__, "/": a.__truediv__}[node.op](b)


def _power(base: Interval, e: Fraction) -> Interval:
    if base.lo < 0 < base.hi and e.denominator != 1:
        raise ValueError("fractional power of a range that spans zero")
    ends = [n.power(base.lo, e), n.power(base.hi, e)]
    if base.lo < 0 < base.hi and e > 0 and e.numerator % 2 == 0:
        ends.append(Fraction(0))
    return Interval(min(ends), max(ends))


def _call(func: str, args: list[Interval]) -> Interval:
    return n.FUNCTIONS[func].interval(args)
