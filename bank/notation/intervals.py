"""Closed ranges of exact values: what a rounded number stands for, carried through arithmetic.

A learner who writes ``11.7`` claims the exact value lies in [11.65, 11.75];
intervals propagate through ``+ - × ÷``, powers and the registered functions.

>>> Interval(Fraction(1), Fraction(2)) * Interval(Fraction(-1), Fraction(3))
Interval(lo=Fraction(-2, 1), hi=Fraction(6, 1))
>>> Interval(Fraction(1165, 100), Fraction(1175, 100)).contains(Fraction(35, 3))
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

#: Relative slack (one part in SLACK) for comparing with values that came from floats (square roots).
SLACK = 10**9


@dataclass(frozen=True)
class Interval:
    """A closed range of exact values."""

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

    def overlaps(self, other: Interval) -> bool:
        """Whether the two ranges share a value (with the same slack as :meth:`contains`)."""
        return self.contains(other.lo) or self.contains(other.hi) or other.contains(self.lo)

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

    @property
    def width(self) -> Fraction:
        return self.hi - self.lo

    def __add__(self, o: Interval) -> Interval:
        return Interval(self.lo + o.lo, self.hi + o.hi)

    def __sub__(self, o: Interval) -> Interval:
        return Interval(self.lo - o.hi, self.hi - o.lo)

    def __mul__(self, o: Interval) -> Interval:
        if o.lo == o.hi:  # most factors are exact (a unit's scale, a whole number): two products, not four
            a, b = self.lo * o.lo, self.hi * o.lo
            return Interval(a, b) if a <= b else Interval(b, a)
        if self.lo == self.hi:
            return o * self
        ends = (self.lo * o.lo, self.lo * o.hi, self.hi * o.lo, self.hi * o.hi)
        return Interval(min(ends), max(ends))

    def __truediv__(self, o: Interval) -> Interval:
        if o.lo <= 0 <= o.hi:
            raise ZeroDivisionError("interval divisor spans zero")
        return self * Interval(1 / o.hi, 1 / o.lo)

    def __neg__(self) -> Interval:
        return Interval(-self.hi, -self.lo)

    def scale(self, k: Fraction) -> Interval:
        if k == 1:
            return self
        a, b = self.lo * k, self.hi * k
        return Interval(a, b) if a <= b else Interval(b, a)

    def map(self, f: Callable[[Fraction], Fraction]) -> Interval:
        """The range of a monotone non-decreasing function ``f`` over this range."""
        return Interval(f(self.lo), f(self.hi))
