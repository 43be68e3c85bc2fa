"""Naming a slip: why a stated value differs from the value it should be.

:class:`Slip` names the diagnoses; :data:`DIAGNOSES` is the registry: each
diagnosis owns its name, the words a learner reads, the share of an answer's
marks it keeps, and its detector. The detectors run in the order a marker
would think of them: the sign, a power of ten, two transposed digits, the
wrong operation (``a ÷ b`` where ``a × b`` was written, or the operands of
``÷`` and ``−`` swapped), then a missing unit conversion (off by exactly 60,
3,600, 24, 365, 8 bits, ... at the precision written, named ``units``). Other
unit slips, and premature rounding, are named by the callers that know what
the learner wrote. A new slip is one :class:`Slip` member and one entry.

>>> from bank.grade.precision import Interval
>>> near = lambda x: Interval(Fraction(x) - Fraction(1, 2), Fraction(x) + Fraction(1, 2))
>>> diagnose(Fraction(87600), near(86700)).value
'transposed-digits'
>>> diagnose(Fraction(35, 3), Interval(Fraction(1165, 10), Fraction(1175, 10))).value
'power-of-ten'
>>> diagnose(Fraction(2), near(7200)).value   # 3,600 x 2 for 2 requests: hours and seconds
'units'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable, Iterator

from .. import notation as n
from ..units import lookup
from .precision import Interval
from .words import Word


class Slip(Word):
    """A diagnosis's name, as reports and their JSON spell it."""

    SIGN = "sign"
    POWER = "power-of-ten"
    TRANSPOSED = "transposed-digits"
    OPERATION = "wrong-operation"
    UNITS = "units"
    ROUNDING = "premature-rounding"  # named by callers only, as are some unit slips
    DIRECTION = "rounded-wrong-way"  # named by callers only: 5.8 cards, so 5, where a card more is needed


@dataclass(frozen=True)
class Diagnosis:
    """One kind of slip: its name, what a learner reads, the answer credit it keeps, and its detector.

    ``detect(right, stated, tree, recompute, conversions)`` says whether this slip turns the right
    value into the stated one; None for a diagnosis only callers can make.
    """

    name: Slip
    why: str
    final_credit: float = 0.0
    detect: Callable[..., bool] | None = None

#: Powers of ten tried, either way.
MAX_SHIFT = 12
#: Operators tried when looking for a wrong operation (bounds the work per line).
MAX_OPERATORS = 12
_ALTERNATIVES = {"*": "/+-", "/": "*-+", "+": "-*", "-": "+/"}
#: Units of time people convert between; their ratios (60, 3,600, 24, 365, 8,760...) are conversions.
_TIMES = {"s": "seconds", "min": "minutes", "hour": "hours", "day": "days", "year": "years"}
_ONE = {"min": "a minute", "hour": "an hour", "day": "a day", "year": "a year"}


def _conversions() -> dict[Fraction, str]:
    """Each standard conversion factor, with what it converts (``3600: 'seconds in an hour'``)."""
    found: dict[Fraction, list[str]] = {Fraction(1000) ** k: ["a unit prefix"] for k in (1, 2, 3, 4)}
    scales = {u: _scale(u) for u in _TIMES}
    for small, a in scales.items():
        for big, b in scales.items():
            if b > a:
                found.setdefault(b / a, []).append(f"{_TIMES[small]} in {_ONE[big]}")
    return {k: ", or ".join(v) for k, v in sorted(found.items())}


def _scale(unit: str) -> Fraction:
    found = lookup(unit)
    assert found is not None
    return found.scale


#: Standard conversion factors and what each converts.
CONVERSIONS = _conversions()


def diagnose(right: Fraction, stated: Interval, tree: n.Node | None = None,
             recompute: Callable[[n.Node], Fraction | None] | None = None,
             conversions: bool = True) -> Slip | None:
    """The slip that turns ``right`` into a value inside ``stated``, or None.

    ``tree`` and ``recompute`` (tree -> value read the same way as ``right``)
    enable the wrong-operation test; ``conversions`` the missing-conversion test.
    """
    for d in DIAGNOSES.values():
        if d.detect is not None and d.detect(right, stated, tree, recompute, conversions):
            return d.name
    return None


def why(name: Slip | None) -> str:
    """What a learner reads for a diagnosis (``off by a power of ten``)."""
    return DIAGNOSES[name].why if name in DIAGNOSES else "an arithmetic slip"


def conversion(right: Fraction, stated: Interval) -> Fraction | None:
    """The factor ``k`` (a standard conversion or its inverse) with ``right × k`` inside ``stated``.

    Only a factor that explains the stated value at the precision written counts.

    >>> conversion(Fraction(2), Interval(Fraction(7199), Fraction(7201)))
    Fraction(3600, 1)
    >>> conversion(Fraction(125, 6), Interval(Fraction(355, 1000), Fraction(365, 1000))) is None  # 0.36 for 20.83
    True
    """
    if right == 0:
        return None
    for factor in CONVERSIONS:
        for k in (factor, 1 / factor):
            if stated.contains(right * k):
                return k
    return None


#: Bits for bytes: a slip only where the working wrote a bit unit (8 is too common a factor otherwise).
BITS = Fraction(8)


def bits_for_bytes(tree: n.Node, right: Fraction, stated: Interval) -> bool:
    """``70 Gb / 6 GB/s = 1.46 s`` for 11.67 s: a size in bits read as bytes, or the other way.

    >>> from bank.notation import parse
    >>> bits_for_bytes(parse("70 Gb / 6 GB/s"), Fraction(35, 3), Interval(Fraction(1455, 1000), Fraction(1465, 1000)))
    True
    """
    written_bits = any(isinstance(x, n.Quantity) and x.unit.dims[1] == 1
                       and (x.unit.name == "bit" or x.unit.name.endswith("b")) for x in n.walk(tree))
    return written_bits and any(stated.contains(right * k) for k in (BITS, 1 / BITS))


#: What a binary prefix read as the decimal one multiplies by, and the other way: (1024/1000)^k, k = 1 … 4.
BINARY_PREFIXES = (*(Fraction(1024, 1000) ** j for j in (1, 2, 3, 4)),
                   *(Fraction(1000, 1024) ** j for j in (1, 2, 3, 4)))


def binary_for_decimal(right: Fraction, stated: Interval) -> bool:
    """``1.25 GiB``, then ``so 1.25 GB``: a size's binary prefix (2^30) read as the decimal one (10^9), or the
    other way.

    >>> binary_for_decimal(Fraction(1342177280), Interval(Fraction(1245 * 10**6), Fraction(1255 * 10**6)))
    True
    """
    return right != 0 and any(stated.contains(right * k) for k in BINARY_PREFIXES)


def conversion_words(k: Fraction) -> str:
    """What a conversion factor converts: ``3,600 (seconds in an hour)``.

    >>> conversion_words(Fraction(1, 60))
    '60 (seconds in a minute, or minutes in an hour)'
    """
    factor = k if k > 1 else 1 / k
    return f"{int(factor):,} ({CONVERSIONS.get(factor, 'bits in a byte')})"


def power_of_ten(right: Fraction, stated: Interval) -> bool:
    """``stated`` holds ``right`` times 10^k for some k ≠ 0."""
    if right == 0:
        return False
    return any(stated.contains(right * Fraction(10) ** k) for k in range(-MAX_SHIFT, MAX_SHIFT + 1) if k)


def transposed(right: Fraction, stated: Interval) -> bool:
    """``stated`` is ``right`` (at the precision written) with two digits swapped."""
    width = stated.hi - stated.lo
    if width <= 0 or right == 0 or abs(right / width) > 10**30:
        return False
    # the place of the last digit written (logs of the integer parts: a float of 1e400 would overflow)
    step = Fraction(10) ** round(math.log10(width.numerator) - math.log10(width.denominator))
    mine, theirs = _digits(stated.mid / step), _digits(right / step)
    if len(mine) != len(theirs) or mine == theirs:
        return False
    diff = [i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b]
    return len(diff) == 2 and mine[diff[0]] == theirs[diff[1]] and mine[diff[1]] == theirs[diff[0]]


def _digits(x: Fraction) -> str:
    return str(abs(int(x + Fraction(1, 2) if x >= 0 else x - Fraction(1, 2))))


def wrong_operation(tree: n.Node, stated: Interval, recompute: Callable[[n.Node], Fraction | None]) -> bool:
    """Changing one operator of ``tree`` (or swapping the sides of ``÷``/``−``) gives ``stated``."""
    for changed in one_change(tree):
        value = recompute(changed)
        if value is not None and stated.contains(value):
            return True
    return False


def one_change(tree: n.Node) -> Iterator[n.Node]:
    ops = [x for x in _binops(tree) if x.op in _ALTERNATIVES][:MAX_OPERATORS]
    for op in ops:
        for alt in _ALTERNATIVES[op.op]:
            yield n.swap(tree, op, replace(op, op=alt))
            if alt in "/-":  # b ÷ a as well as a ÷ b
                yield n.swap(tree, op, replace(op, op=alt, left=op.right, right=op.left))
        if op.op in "/-":
            yield n.swap(tree, op, replace(op, left=op.right, right=op.left))


def _binops(node: n.Node) -> list[n.BinOp]:
    return [x for x in n.walk(node) if isinstance(x, n.BinOp)]


#: Every diagnosis, in the order the detectors are tried.
DIAGNOSES: dict[Slip, Diagnosis] = {d.name: d for d in (
    Diagnosis(Slip.SIGN, "check the sign", detect=lambda r, s, *_: r != 0 and s.contains(-r)),
    Diagnosis(Slip.POWER, "off by a power of ten", detect=lambda r, s, *_: power_of_ten(r, s)),
    Diagnosis(Slip.TRANSPOSED, "two digits are swapped", detect=lambda r, s, *_: transposed(r, s)),
    Diagnosis(Slip.OPERATION, "the wrong operation",
              detect=lambda r, s, tree, recompute, _: tree is not None and recompute is not None
              and wrong_operation(tree, s, recompute)),
    Diagnosis(Slip.UNITS, "check the units", detect=lambda r, s, _t, _r, conversions: conversions
              and conversion(r, s) is not None),
    Diagnosis(Slip.ROUNDING, "rounded too soon", final_credit=0.5),
    Diagnosis(Slip.DIRECTION, "rounded the wrong way"),
)}
