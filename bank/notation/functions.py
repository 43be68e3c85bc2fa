"""The functions an expression may call, each defined once for every reader of a tree.

An entry knows its arity, its exact value on ``Fraction`` arguments, its range
on :class:`~bank.notation.intervals.Interval` arguments, the sympy function it
becomes, and the unit of its result. A walker looks a call up here and
nowhere else, so a new function is one entry, and an unknown name is an error
in every walker, never a silent default.

>>> FUNCTIONS["ceil"].exact([Fraction(12, 5)])
Fraction(3, 1)
>>> FUNCTIONS["round"].exact([Fraction(5, 2)]), FUNCTIONS["max"].arity
(Fraction(3, 1), -2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from ..errors import NotationError
from ..units import Unit
from .intervals import Interval

#: Exponent limits, shared by the parser and the exact evaluator.
MAX_POWER_DIGITS = 400
MAX_EXPONENT = 10**4


@dataclass(frozen=True)
class Function:
    """One callable name: ``arity`` is exact, or (negative) a minimum."""

    name: str
    arity: int
    exact: Callable[[Sequence[Fraction]], Fraction]
    interval: Callable[[Sequence[Interval]], Interval]
    sympy: str
    rounds: str | None = None  # "up", "down" or "nearest" for the rounding functions
    unit_rule: str = "same"  # same | count | root

    def check_arity(self, count: int, text: str, start: int, end: int) -> None:
        if (self.arity > 0 and count != self.arity) or (self.arity < 0 and count < -self.arity):
            want = f"{self.arity}" if self.arity > 0 else f"at least {-self.arity}"
            raise NotationError(f"`{self.name}` takes {want} argument(s), got {count}", text, start, end)

    def unit(self, args: Sequence[Unit], text: str, start: int, end: int) -> Unit:
        """The unit of the result, or a located :class:`NotationError` for arguments it cannot take."""
        first = args[0]
        if self.unit_rule == "count" and any(first.dims[:4]):
            # Rounding a count of things is meaningful; rounding 11.7 s depends on the unit.
            raise NotationError(f"`{self.name}` needs a count or a plain number, not {first.describe()}; "
                                "divide by a unit first", text, start, end)
        if self.unit_rule == "root":
            if any(d % 2 for d in first.dims):
                raise NotationError(f"cannot take the square root of {first.describe()}", text, start, end)
            return Unit(Fraction(1), tuple(d // 2 for d in first.dims))
        if any(a.dims != first.dims for a in args):
            raise NotationError(f"the arguments of `{self.name}` have different units", text, start, end)
        return Unit(Fraction(1), first.dims)


def power(a: Fraction, b: Fraction) -> Fraction:
    """``a ** b`` exactly where it is rational (irrational roots come back rounded), within limits.

    >>> power(Fraction(9, 4), Fraction(1, 2)), power(Fraction(2), Fraction(10))
    (Fraction(3, 2), Fraction(1024, 1))
    """
    if abs(b) > MAX_EXPONENT and a not in (0, 1, -1):
        raise ValueError("power too large")
    if b.denominator == 1:
        if a and abs(log10(abs(a))) * abs(int(b)) > MAX_POWER_DIGITS:
            raise ValueError("power too large")
        if a == 0 and b < 0:
            raise ZeroDivisionError("zero to a negative power")
        return a ** int(b)
    if a < 0:
        raise ValueError("negative base with a fractional exponent")
    exact = _exact_root(a, b)
    return exact if exact is not None else Fraction(float(a) ** float(b))


def log10(x: Fraction) -> float:
    """log10 of a positive Fraction of any size (no float overflow)."""
    return math.log10(x.numerator) - math.log10(x.denominator)


def _exact_root(a: Fraction, b: Fraction) -> Fraction | None:
    k = b.denominator
    num, den = round(a.numerator ** (1 / k)), round(a.denominator ** (1 / k))
    if num ** k == a.numerator and den ** k == a.denominator:
        return Fraction(num, den) ** b.numerator
    return None


def _sqrt(args: Sequence[Fraction]) -> Fraction:
    return power(args[0], Fraction(1, 2))


def _isqrt(args: Sequence[Interval]) -> Interval:
    a = args[0]
    if a.lo < 0:
        raise ValueError("square root of a negative number")
    return a.map(lambda x: power(x, Fraction(1, 2)))


def _nearest(x: Fraction) -> Fraction:
    return Fraction(math.floor(x + Fraction(1, 2)))  # halves round up, as people round


def _abs_interval(args: Sequence[Interval]) -> Interval:
    a = args[0]
    if a.lo <= 0 <= a.hi:
        return Interval(Fraction(0), max(-a.lo, a.hi))
    return Interval(min(abs(a.lo), abs(a.hi)), max(abs(a.lo), abs(a.hi)))


FUNCTIONS: dict[str, Function] = {f.name: f for f in (
    Function("ceil", 1, lambda a: Fraction(math.ceil(a[0])), lambda a: a[0].map(lambda x: Fraction(math.ceil(x))),
             "ceiling", rounds="up", unit_rule="count"),
    Function("floor", 1, lambda a: Fraction(math.floor(a[0])),
             lambda a: a[0].map(lambda x: Fraction(math.floor(x))), "floor", rounds="down", unit_rule="count"),
    Function("round", 1, lambda a: _nearest(a[0]), lambda a: a[0].map(_nearest), "round", rounds="nearest",
             unit_rule="count"),
    Function("sqrt", 1, _sqrt, _isqrt, "sqrt", unit_rule="root"),
    Function("abs", 1, lambda a: abs(a[0]), _abs_interval, "Abs"),
    Function("min", -2, min, lambda a: Interval(min(x.lo for x in a), min(x.hi for x in a)), "Min"),
    Function("max", -2, max, lambda a: Interval(max(x.lo for x in a), max(x.hi for x in a)), "Max"),
)}

#: Function spellings learners use for the registered names.
ALIASES = {"ceiling": "ceil", "roundup": "ceil", "rounddown": "floor", "Ceil": "ceil", "Floor": "floor",
           "Round": "round", "Max": "max", "Min": "min", "Sqrt": "sqrt", "Abs": "abs",
           "int": "floor"}  # Python's int() of a positive number


def function(name: str) -> Function:
    """The registered function for a name or alias; KeyError for anything else."""
    return FUNCTIONS[ALIASES.get(name, name)]
