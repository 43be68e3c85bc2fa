"""Does a value a learner stated match a reference value? Units decide how to compare.

A :class:`Claim` is what one line asserts: an interval of exact values in
base units, the same read as written, and the strict unit if known.

- Same dimension as the step: compare in base units, so ``0.35 min`` matches
  a step of ``21 s``. Counted things (tokens, requests, replicas, cards,
  users) are labels a learner may leave unsaid, so ``68.6/s`` is the same
  kind as ``68.6 tokens/s`` (:func:`same_kind`).
- No unit (or units the learner mixed with plain numbers): compare the value
  as written with the step in its declared unit, so ``21,900`` matches
  ``$21,900``. A plain number may also be the step in base units (rule 4):
  ``16 billion`` or ``1.6e10`` matches a step of ``16 GFLOP/token``.
- A rate written without its "per" (``$21,900`` for ``$21,900/year``):
  as written, no penalty.
- Any other dimension (``11.7 GB`` for a time): the value may match, but the
  verdict is ``units``.

>>> from bank.units import parse_unit
>>> minutes = Claim.exact(Fraction(21), Fraction(35, 100), parse_unit("min"))   # 0.35 min
>>> fits(minutes, parse_unit("s"), Fraction(21), Fraction(21))
'yes'
>>> gigabytes = Claim.exact(Fraction(117 * 10**8), Fraction(117, 10), parse_unit("GB"))
>>> fits(gigabytes, parse_unit("s"), Fraction(117, 10), Fraction(117, 10))
'units'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..units import DIMENSIONS, Unit, UnitError, lookup, parse_unit, period
from ..vocabulary import COUNTED
from .precision import Interval

if TYPE_CHECKING:
    from .reference import RefStep

YES, UNITS = "yes", "units"
#: Dimensions that count things; a learner may leave them unsaid (the vocabulary's list).
COUNTS = COUNTED


@dataclass(frozen=True)
class Claim:
    """What a line states: exact-value intervals in base units and as written, and the unit."""

    base: Interval
    written: Interval
    unit: Unit | None

    @classmethod
    def exact(cls, base: Fraction, written: Fraction, unit: Unit | None) -> Claim:
        return cls(Interval.point(base), Interval.point(written), unit)

    def scaled(self, k: Fraction) -> Claim:
        """The same claim times ``k`` (a unit conversion undone or applied)."""
        return Claim(self.base.scale(k), self.written.scale(k), self.unit)

    def shown(self, unit: Unit, near: Fraction) -> Fraction:
        """The claimed value (midpoint) in a step's declared unit; ``near`` is the step's value."""
        return read_as(self.base.mid, self.written.mid, self.unit, unit, near)


def read_as(base: Fraction, written: Fraction, mine: Unit | None, unit: Unit, near: Fraction) -> Fraction:
    """A learner's value in the unit ``unit``: converted when the dimensions agree, else as written.

    For a percent step either reading may be meant (``90%``, ``90`` or ``0.9``
    for 90 percent): the one nearer the step's value ``near`` wins.

    >>> from bank.units import parse_unit
    >>> read_as(Fraction(21), Fraction(35, 100), parse_unit("min"), parse_unit("s"), Fraction(21))
    Fraction(21, 1)
    >>> read_as(Fraction(9, 10), Fraction(9, 10), parse_unit(""), parse_unit("percent"), Fraction(90))
    Fraction(90, 1)
    """
    if mine is not None and not mine.dimensionless and same_kind(mine.dims, unit.dims):
        head = _head(unit)
        if head is not None and "/" not in mine.name and _per_count_unsaid(mine, unit, any_scale=True):
            return base / head.scale  # "39 cents" for a price per million tokens: $0.39 a million
        return base / unit.scale
    if unit.scale != 1 and (unit.dimensionless or plain(mine)):
        # 90 or 0.9 for 90%; 16 or 16 billion for 16 GFLOP: whichever reading is nearer the step
        inner = base if plain(mine) else written
        return min((written, inner / unit.scale), key=lambda x: _distance(x, near))
    head = _head(unit) if mine is not None and not mine.dimensionless and mine.scale != 1 else None
    if head is not None and same_kind(mine.dims, head.dims):  # type: ignore[union-attr]
        return base / head.scale  # "30 Mtok" for 30 million tokens a day: the "a day" unsaid
    return written


def decimal(unit: Unit) -> bool:
    """Whether a unit is base units times a power of ten (GB, ms, $/Mtoken; not min or $/hour).

    >>> from bank.units import parse_unit
    >>> decimal(parse_unit("GFLOP/token")), decimal(parse_unit("USD/hour"))
    (True, False)
    """
    return all(_power_of_ten(x) for x in (unit.scale.numerator, unit.scale.denominator))


def _power_of_ten(k: int) -> bool:
    while k % 10 == 0:
        k //= 10
    return k == 1


def plain(unit: Unit | None) -> bool:
    """A plain number's unit: dimensionless, scale one (not a percent)."""
    return unit is not None and unit.dimensionless and unit.scale == 1


def _distance(x: Fraction, near: Fraction) -> float:
    """How far apart two values are, as a ratio (so 10 is as far from 1 as 0.1 is)."""
    if near == 0 or x == 0:
        return float(abs(x - near))
    if (x < 0) != (near < 0):
        return math.inf
    return abs(_log(abs(x)) - _log(abs(near)))


def _log(x: Fraction) -> float:
    return math.log(x.numerator) - math.log(x.denominator)  # exact enough for any size


def fits(claim: Claim, unit: Unit, base: Fraction, shown: Fraction) -> str | None:
    """``yes``, ``units`` (right number, wrong kind of unit) or None, against a reference value."""
    mine = claim.unit
    if mine is not None and same_kind(mine.dims, unit.dims):
        if claim.base.contains(base):
            return YES
        head = _head(unit)  # "a million tokens costs 39 cents": $0.39, the step's price per million, in cents
        if head is not None and _per_count_unsaid(mine, unit, any_scale=True) \
                and claim.base.contains(shown * head.scale):
            return YES
        if mine.dimensionless or _per_count_unsaid(mine, unit):
            return YES if claim.written.contains(shown) else None
        return UNITS if mine.scale != 1 and claim.written.contains(shown) else None
    if mine is not None and compatible(mine.dims, unit.dims) and not _rate_for_count(mine, unit) \
            and claim.base.contains(base):
        return YES  # $21,900/year for $21,900: a "per" part goes unsaid
    if mine is not None and _per_time(unit.dims, mine.dims) and not _rate_for_count(mine, unit) \
            and claim.base.scale(period(mine.name)).contains(base):
        return YES  # 10.8M tok/hr for the 10.8 million tokens made in an hour
    if mine is not None and _per_time(mine.dims, unit.dims) and period(unit.name) >= _LONG_PERIOD \
            and claim.base.contains(base * period(unit.name)):
        return YES  # 30 Mtok for the 30 million tokens a day: the step's "a day" unsaid
    if plain(mine) and claim.base.contains(base):
        return YES  # 1.6e10 for 16 GFLOP/token: a plain number in base units (rule 4)
    if not claim.written.contains(shown) or mine is not None and _rate_for_count(mine, unit):
        return None
    if mine is None or mine.dimensionless or compatible(mine.dims, unit.dims) or _count_of(mine, unit):
        return YES  # "1.25 per card" for $1.25/hour/card: the step's own count names the plain number
    return UNITS


def _rate_for_count(mine: Unit, unit: Unit) -> bool:
    """A rate per second or shorter said for a total: ``10 rps`` is not 10 requests, as 2 TB/s is not 2 TB.
    Work is exempt: "16 gigaflops" is said of a count of FLOPs as often as of a rate."""
    return mine.dims[0] < 0 and unit.dims[0] == 0 and not mine.dims[_COMPUTE] and 0 < period(mine.name) <= 1


#: A count may stand for a rate per hour or longer (tokens a day); per second it must say so (2 TB is not 2 TB/s).
_LONG_PERIOD = Fraction(3600)


def _head(unit: Unit) -> Unit | None:
    """The part of a unit before its "per" (USD for ``USD/Mtoken``), or None when it has none."""
    top, per, _ = unit.name.partition("/")
    if not per or not top:
        return None
    try:
        return parse_unit(top)
    except UnitError:
        return None


def _count_of(mine: Unit, unit: Unit) -> bool:
    """A unit made only of counts the step's unit has, as it has them: ``per card`` for $/hour/card
    (not ``4 replicas`` for $4/hour)."""
    return mine.scale == 1 and any(mine.dims) and all(
        d == 0 or (name in COUNTS and d == theirs) for name, d, theirs in zip(DIMENSIONS, mine.dims, unit.dims))


def _per_count_unsaid(mine: Unit, unit: Unit, any_scale: bool = False) -> bool:
    """``$0.23`` for $0.23 per million tokens: the step's unit without its "per" count part.

    >>> from bank.units import parse_unit
    >>> _per_count_unsaid(parse_unit("USD"), parse_unit("USD/Mtoken"))
    True
    >>> _per_count_unsaid(parse_unit("TFLOP"), parse_unit("GFLOP/token"))
    False
    """
    said = _head(unit)
    if said is None or mine.dims == unit.dims:
        return False
    return said.dims == mine.dims and (any_scale or said.scale == mine.scale)


def _per_time(step: tuple[int, ...], mine: tuple[int, ...]) -> bool:
    """A claim that is the step's quantity "per" some time (a count said as a rate)."""
    if mine[0] != step[0] - 1:
        return False
    money = DIMENSIONS.index("money")
    said = tuple(step[money] if i == money and not k else k for i, k in enumerate(mine))  # "15330/yr": $ unsaid
    return compatible((0,) + said[1:], (0,) + step[1:])


def same_kind(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """The same dimensions, but for counted things (tokens, requests, ...), which are labels.

    ``4.8 TB/s / 70 GB`` is 1/s; written ``68.6 tokens/s`` it is the same
    kind of value, not a units slip.

    >>> from bank.units import parse_unit
    >>> same_kind(parse_unit("1/s").dims, parse_unit("tokens/s").dims)
    True
    >>> same_kind(parse_unit("s").dims, parse_unit("GB").dims), same_kind(parse_unit("1/s").dims, parse_unit("token").dims)
    (False, False)
    """
    return all(a == b or name in COUNTS for name, a, b in zip(DIMENSIONS, mine, theirs))


def labels_clash(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """Both sides name what they count, and name different things: ``2 replicas`` is not 2 requests.

    >>> from bank.units import parse_unit
    >>> labels_clash(parse_unit("replica").dims, parse_unit("request").dims)
    True
    >>> labels_clash(parse_unit("1/s").dims, parse_unit("token/s").dims)
    False
    """
    a = {name for name, x in zip(DIMENSIONS, mine) if name in COUNTS and x}
    b = {name for name, x in zip(DIMENSIONS, theirs) if name in COUNTS and x}
    return bool(a) and bool(b) and not a & b


def counts_lost(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """Whether ``mine`` counts something ``theirs`` does not (``320 KiB per token`` is no value of a step in GB).

    >>> from bank.units import parse_unit
    >>> counts_lost(parse_unit("KiB/token").dims, parse_unit("GB").dims)
    True
    """
    return any(x and name in COUNTS and not y for name, x, y in zip(DIMENSIONS, mine, theirs))


def compatible(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """The dimensions differ only by "per ..." parts or counted things that one side leaves unsaid
    ($21,900 for $21,900/year, $21,900/year for $21,900, 11.4 for 11.4 cards).

    >>> from bank.units import parse_unit
    >>> compatible(parse_unit("USD").dims, parse_unit("USD/year").dims)
    True
    >>> compatible(parse_unit("GB").dims, parse_unit("s").dims)
    False
    """
    if money_unsaid(mine, theirs):
        return True
    return all(a == b or _unsaid(name, a, b) or _unsaid(name, b, a) for name, a, b in zip(DIMENSIONS, mine, theirs))


def money_unsaid(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """``72.00/hr`` for $72/hour: the dollar sign unsaid, and perhaps a "per" part with it (``3.85 per card``
    for $3.85/hour/card), every other part the same.

    >>> from bank.units import parse_unit
    >>> money_unsaid(parse_unit("1/hour").dims, parse_unit("USD/hour").dims)
    True
    >>> money_unsaid(parse_unit("1/card").dims, parse_unit("USD/hour/card").dims)
    True
    >>> money_unsaid(parse_unit("token").dims, parse_unit("USD").dims)
    False
    """
    return (mine[_MONEY], theirs[_MONEY]) == (0, 1) and all(
        a == b or a == 0 and b < 0 for i, (a, b) in enumerate(zip(mine, theirs)) if i != _MONEY)


_MONEY, _COMPUTE = DIMENSIONS.index("money"), DIMENSIONS.index("compute")


def priced(claim: Claim, step: RefStep) -> bool:
    """A sum of money said for a step that is not one: ``4 × 1.50 = $6.00 an hour`` is no fleet of 6."""
    unit = claim.unit
    return unit is not None and unit.dims[_MONEY] != 0 and step.unit.dims[_MONEY] == 0


def _unsaid(name: str, a: int, b: int) -> bool:
    return a == 0 and (b < 0 or name in COUNTS)


#: Label words that name the period a step's total covers.
_PERIODS = {"yearly": "year", "annual": "year", "year": "year", "monthly": "month", "month": "month",
            "daily": "day", "day": "day", "hourly": "hour", "hour": "hour"}


def period_clash(claim: Claim, step: RefStep) -> bool:
    """``$92k a month`` for the yearly saving: a total said per one period where the step's own label names
    another (a "per" part left unsaid is fine: ``$21,900 a year`` for the yearly rent)."""
    unit = claim.unit
    if unit is None or unit.dims[0] != -1 or step.unit.dims[0] != 0:
        return False
    said = period(unit.name)
    named = {_PERIODS[w] for w in step.words if w in _PERIODS}
    return said != 0 and bool(named) and all(getattr(lookup(p), "scale", None) != said for p in named)
