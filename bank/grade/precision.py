"""Precision: what range of exact values a number, as the learner wrote it, stands for.

A learner who writes ``11.7`` claims the exact value rounds to 11.7 at one
decimal place, so it lies in [11.65, 11.75]. ``about 30`` claims one
significant figure, so [25, 35]. Written values become :class:`Interval`
objects; intervals propagate through the arithmetic of a stated expression
(``0.4 + 20.8``), where decimals count as rounded and whole numbers as exact.

>>> from bank.notation import parse
>>> stated(parse("11.7")).contains(Fraction(35, 3))
True
>>> stated(parse("30"), approx=True)
Interval(lo=Fraction(25, 1), hi=Fraction(35, 1))
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Optional

from .. import notation as n

#: Relative slack (one part in SLACK) for comparing with values that came from floats (square roots).
SLACK = 10**9


@dataclass(frozen=True)
class Interval:
    """A closed range of exact values.

    >>> Interval(Fraction(1), Fraction(2)) * Interval(Fraction(-1), Fraction(3))
    Interval(lo=Fraction(-2, 1), hi=Fraction(6, 1))
    """

    lo: Fraction
    hi: Fraction

    @classmethod
    def point(cls, x: Fraction) -> Interval:
        return cls(x, x)

    def contains(self, x: Fraction | float) -> bool:
        """Whether ``x`` lies inside, with a hair of slack (one part in 10^9) for float-derived values."""
        if not isinstance(x, Fraction):
            x = Fraction(x)
        quick = self._quick(x)
        if quick is not None:
            return quick
        lo, hi = self.lo, self.hi
        if lo <= x <= hi:
            return True
        gap = lo - x if x < lo else x - hi
        return gap * SLACK <= max(abs(lo), abs(hi), abs(x))

    def _quick(self, x: Fraction) -> bool | None:
        """A float answer when ``x`` is clearly inside or clearly outside (most calls), else None."""
        ends = self._floats
        if ends is None:
            return None
        try:
            xf = x.numerator / x.denominator
        except OverflowError:
            return None
        lo, hi = ends
        margin = 1e-7 * max(abs(lo), abs(hi), abs(xf))
        if margin == 0.0 or margin != margin:
            return None
        if xf < lo - margin or xf > hi + margin:
            return False
        if lo + margin < xf < hi - margin:
            return True
        return None

    @functools.cached_property
    def _floats(self) -> tuple[float, float] | None:
        try:
            return self.lo.numerator / self.lo.denominator, self.hi.numerator / self.hi.denominator
        except OverflowError:
            return None

    @functools.cached_property
    def mid(self) -> Fraction:
        return self.lo if self.lo == self.hi else (self.lo + self.hi) / 2

    def __add__(self, o: Interval) -> Interval:
        return Interval(self.lo + o.lo, self.hi + o.hi)

    def __sub__(self, o: Interval) -> Interval:
        return Interval(self.lo - o.hi, self.hi - o.lo)

    def __mul__(self, o: Interval) -> Interval:
        ends = (self.lo * o.lo, self.lo * o.hi, self.hi * o.lo, self.hi * o.hi)
        return Interval(min(ends), max(ends))

    def __truediv__(self, o: Interval) -> Interval:
        if o.lo <= 0 <= o.hi:
            raise ZeroDivisionError("interval divisor spans zero")
        return self * Interval(1 / o.hi, 1 / o.lo)

    def __neg__(self) -> Interval:
        return Interval(-self.hi, -self.lo)

    def scale(self, k: Fraction) -> Interval:
        return self * Interval.point(k)


def resolution(num: n.Num, approx: bool) -> Fraction:
    """The place value a written number was rounded to.

    Plain: its last written digit (``21,900`` -> 1, ``11.7`` -> 0.1). With
    ``about``, trailing zeros of a whole number are not significant
    (``about 30`` -> 10, ``about 21,000`` -> 1,000).

    >>> from bank.notation import parse
    >>> resolution(parse("30 million"), True), resolution(parse("2.50"), True)
    (Fraction(10000000, 1), Fraction(1, 100))
    """
    res = num.resolution
    mantissa = num.text.split("e")[0].split("E")[0]
    digits = "".join(ch for ch in mantissa if ch.isdigit() or ch == ".")
    if approx and "." not in digits and digits.strip("0"):
        res *= 10 ** (len(digits) - len(digits.rstrip("0")))
    return res


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


def stated(node: n.Node, approx: bool = False, leaf: Leaf | None = None, written: bool = False) -> Interval:
    """The interval of exact values a stated side stands for.

    A lone number is rounded at its last digit; in a longer expression only
    decimals count as rounded. ``leaf`` values names (and may override other
    leaves); ``written`` reads units as written (``0.35 min`` is 0.35).
    Raises ZeroDivisionError, ValueError or OverflowError for values that
    cannot be bounded.
    """
    loose = is_number(node)
    return _walk(node, _Rules(approx, loose, leaf, written), exact=False)


@dataclass(frozen=True)
class _Rules:
    approx: bool
    loose: bool
    leaf: Leaf | None
    written: bool


def _walk(node: n.Node, r: _Rules, exact: bool) -> Interval:
    if r.leaf is not None and isinstance(node, n.Name):
        got = r.leaf(node)
        if got is not None:
            return got
    if isinstance(node, n.Num):
        res = resolution(node, r.approx)
        if exact or not (r.loose or res < 1):
            return Interval.point(node.value)
        return Interval(node.value - res / 2, node.value + res / 2)
    if isinstance(node, n.Quantity):
        inner = _walk(node.operand, r, exact)
        keep = not r.written or node.unit.dimensionless
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
    ends = [n._power(base.lo, e), n._power(base.hi, e)]
    if base.lo < 0 < base.hi and e > 0 and e.numerator % 2 == 0:
        ends.append(Fraction(0))
    return Interval(min(ends), max(ends))


def _call(func: str, args: list[Interval]) -> Interval:
    if func in ("ceil", "floor"):
        f = math.ceil if func == "ceil" else math.floor
        return Interval(Fraction(f(args[0].lo)), Fraction(f(args[0].hi)))
    if func == "min":
        return Interval(min(a.lo for a in args), min(a.hi for a in args))
    if func == "max":
        return Interval(max(a.lo for a in args), max(a.hi for a in args))
    if func == "abs":
        a = args[0]
        if a.lo <= 0 <= a.hi:
            return Interval(Fraction(0), max(-a.lo, a.hi))
        return Interval(min(abs(a.lo), abs(a.hi)), max(abs(a.lo), abs(a.hi)))
    return _power(args[0], Fraction(1, 2))
