"""Readings of a working in which the learner leaves something unsaid, as people do on paper.

A unit on the whole (``16/3350 s``), the numerator's unit (``18.14 / 864 GB/s``), the rate's (``15.2G /
2.039T/s``) or the divisor's (``5.6e14 FLOP / 494.5e12 = 1.13 s``), a scaling word kept in the head (``27M × $3 =
$81``), the million a price is per (``× 1e6``), the hour a price is per (``8,760 h × $2.50 = $21,900``), the hour
a count of tokens is per (``$10/hr ÷ 9.22M tok``), and what a conversion factor converts (the 3,600 of ``$10/hr ÷ (2,562 × 3,600)``, seconds in an hour).
:mod:`bank.grade.arithmetic` tries each when the strict reading fails; each returns the reading, or None or
False when it does not apply.

>>> from bank.notation import parse
>>> from bank.units import parse_unit
>>> scope = Scope({"tps": Fraction(2562)}, {"tps": Fraction(2562)}, {"tps": parse_unit("token/s")})
>>> [(round(float(a.base) * 1e6, 3), a.unit.describe()) for a in converted(parse("$10/hr / (2,562 x 3,600)"), scope)]
[(1.084, 'money/time'), (1.084, 'money/token')]
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from .. import notation as n
from ..errors import NotationError
from ..units import DIMENSIONS, Unit, UnitError, parse_unit, period
from ..vocabulary import AMBIGUOUS_SUFFIXES, COUNTED, SUFFIXES
from . import diagnose as dx
from .matching import same_kind
from .reading import Amount, Scope, amount, implied, leaves

if TYPE_CHECKING:
    from .arithmetic import Side


def unit_on_whole(node: n.Node, scope: Scope, text: str) -> Amount | None:
    """``16/3350 s`` read as (16/3350) s: plain numbers with one unit, written last, on a divisor."""
    if not isinstance(node, n.BinOp) or node.op != "/" or not isinstance(node.right, n.Quantity) \
            or any(isinstance(x, (n.Quantity, n.Name)) for x in n.walk(node.left)):
        return None
    q = node.right
    whole = n.Quantity(node.start, node.end, replace(node, right=q.operand, end=q.operand.end), q.unit, q.unit_text)
    try:
        return amount(whole, scope, text)
    except (NotationError, ArithmeticError, ValueError):
        return None


def numerator_unsaid(node: n.Node, scope: Scope, text: str) -> Amount | None:
    """``18.14 / 864 GB/s``: plain numbers over a rate, in the unit the rate is of (18.14 GB)."""
    if not isinstance(node, n.BinOp) or node.op != "/" or not isinstance(node.right, n.Quantity) \
            or any(isinstance(x, (n.Quantity, n.Name)) for x in n.walk(node.left)):
        return None
    top = node.right.unit_text.partition("/")[0].strip()
    try:
        unit = parse_unit(top) if "/" in node.right.unit_text and top else None
    except UnitError:
        return None
    if unit is None or unit.dimensionless:
        return None
    left = node.left
    try:
        return amount(replace(node, left=n.Quantity(left.start, left.end, left, unit, top)), scope, text)
    except (NotationError, ArithmeticError, ValueError):
        return None


def rate_of_numerator(node: n.Node, scope: Scope, text: str) -> Amount | None:
    """``15.2G / 2.039T/s``: an amount over a bare rate per second, the rate of the amount's own unit (2.039 TB/s)."""
    if not isinstance(node, n.BinOp) or node.op != "/" or not isinstance(node.right, n.Quantity):
        return None
    rate = node.right.unit
    if rate.dims[0] != -1 or any(rate.dims[1:]):
        return None
    try:
        top = amount(node.left, scope, text).unit
        if top is None or top.dims[0] or not any(top.dims):
            return None
        unit = Unit(rate.scale, tuple(a + b for a, b in zip(top.dims, rate.dims)))
        return amount(replace(node, right=replace(node.right, unit=unit)), scope, text)
    except (NotationError, ArithmeticError, ValueError):
        return None


def divisor_unsaid(node: n.Node, scope: Scope, text: str) -> Amount | None:
    """``5.6e14 FLOP / (4 × 494.5e12) = 283 ms``: an amount over bare numbers, a rate of that amount per second (the
    494.5e12 is FLOP/s, in base units)."""
    if not isinstance(node, n.BinOp) or node.op != "/" \
            or any(isinstance(x, (n.Quantity, n.Name)) for x in n.walk(node.right)):
        return None
    try:
        top = amount(node.left, scope, text).unit
        if top is None or top.dims[0] or not any(top.dims):
            return None
        rate = Unit(Fraction(1), (-1, *top.dims[1:]))
        right = node.right
        return amount(replace(node, right=n.Quantity(right.start, right.end, right, rate, "")), scope, text)
    except (NotationError, ArithmeticError, ValueError):
        return None


def per_time(computed: tuple[int, ...], stated: tuple[int, ...]) -> bool:
    """The stated unit is the computed one "per" some time (``$21,900`` said as ``$21,900 a year``).

    >>> from bank.units import parse_unit
    >>> per_time(parse_unit("USD").dims, parse_unit("USD/year").dims)
    True
    """
    return stated[0] == computed[0] - 1 and same_kind(computed[1:] and (0,) + computed[1:], (0,) + stated[1:])


#: A scaling word at the end of a written number (``27M``, ``30 Mio``): what ``in_millions`` drops.
_SCALES = SUFFIXES | AMBIGUOUS_SUFFIXES
_SUFFIX = re.compile(r"\s*(?:%s)$" % "|".join(sorted(map(re.escape, _SCALES), key=len, reverse=True)))


def in_millions(tree: n.Node, scope: Scope, text: str) -> Amount | None:
    """The working with each suffixed number read as written (``27M`` as 27), the suffix kept in the head;
    likewise a count in a prefixed unit (``27 Mtok × $3 = $81``, the $3 being per million)."""
    out = tree
    for q in [x for x in n.walk(tree) if isinstance(x, n.Quantity) and _counted_multiple(x.unit)]:
        out = n.swap(out, q, replace(q, unit=replace(q.unit, scale=Fraction(1))))
    for num in n.numbers(out):
        suffix = _SUFFIX.search(num.text)
        if suffix is None or suffix.start() == 0 or not num.value:
            continue  # "0M" is 0 either way
        scale = _SCALES[suffix.group().strip()]
        out = n.swap(out, num, replace(num, value=num.value / scale, resolution=num.resolution / scale))
    if out is tree:
        return None
    try:
        a = amount(out, scope, text)
    except NotationError:
        return None
    return replace(a, base=a.written)


def stated_in_millions(c: Amount, side: Side) -> Amount | None:
    """A plain working whose stated side has a scaling word (``= 16.83M``), read in that scale."""
    node = side.segment.node
    number = n.bare(node)
    suffix = _SUFFIX.search(number.text) if isinstance(number, n.Num) else None
    if suffix is None or suffix.start() == 0 or (c.unit is not None and not c.unit.dimensionless):
        return None
    scale = _SCALES[suffix.group().strip()]
    return replace(c, base=c.base * scale, written=c.written * scale)


def count_as_factor(tree: n.Node, scope: Scope, text: str, side: Side) -> Amount | None:
    """The working without a bare factor that is the count its side's unit is per (the million of ``$1.08 per
    million tokens`` written as ``× 1e6`` or ``× 1 million``), or None when it has no such factor."""
    unit = side.value.unit
    if unit is None or not 0 < unit.scale <= Fraction(1, 1000) or (1 / unit.scale).denominator != 1 \
            or not any(k < 0 and d in COUNTED for d, k in zip(DIMENSIONS, unit.dims)):
        return None
    per = 1 / unit.scale
    counted = {id(q.operand) for q in n.walk(tree) if isinstance(q, n.Quantity)}  # "1e6 tokens" is no factor
    factor = next((x for x in n.numbers(tree) if x.value == per and id(x) not in counted), None)
    if factor is None:
        return None
    try:
        return amount(n.swap(tree, factor, replace(factor, value=Fraction(1), resolution=factor.resolution / per)),
                      scope, text)
    except NotationError:
        return None


def _counted_multiple(unit: Unit) -> bool:
    """``Mtok``, ``ktok``: a thousand or more of a thing counted, and nothing else."""
    kinds = [d for d, k in zip(DIMENSIONS, unit.dims) if k]
    return unit.scale >= 1000 and len(kinds) == 1 and kinds[0] in COUNTED and unit.dims[DIMENSIONS.index(kinds[0])] == 1


#: Periods a rate's "per" may leave unsaid (``$2.50`` for $2.50 an hour): a minute, an hour, a day.
_UNSAID_PERIODS = (Fraction(60), Fraction(3600), Fraction(86400))


def rate_unsaid(c: Amount, side: Side) -> bool:
    """A money total worked from a price whose "per minute/hour/day" goes unsaid (``8,760 h × $2.50 = $21,900``),
    the total said plain or per a period of its own (``8,760 h × $5.50 = $48,180 a year``)."""
    s, per = side.value, period_of(side)
    if c.unit is None or s.unit is None or dict(zip(DIMENSIONS, s.unit.dims))["money"] != 1:
        return False
    if not per:
        return per_time(c.unit.dims, s.unit.dims) and any(side.base.scale(k).contains(c.base) for k in _UNSAID_PERIODS)
    time = DIMENSIONS.index("time")
    less = c.unit.dims[:time] + (c.unit.dims[time] - 1,) + c.unit.dims[time + 1:]  # the hour the price is per
    return per_time(less, s.unit.dims) and any(side.base.scale(per).contains(c.base / k) for k in _UNSAID_PERIODS)


def price_per_second(node: n.Node, scope: Scope, text: str) -> Amount | None:
    """``$0.000694 × 20.83 s = $0.0145``: a plain money figure that is, at its precision, a price the working knows
    in dollars a second (the rent's $2.50 an hour is $0.000694 a second) read as that price, "per second" unsaid.
    An hourly price put to seconds (``$2.50 × 20.83 s``) is no such figure, and stays a slip in the units."""
    rates = [v for name, v in scope.base.items()
             if (u := scope.units.get(name)) is not None and per_time(_MONEY, u.dims)]
    for q in n.walk(node):
        if not (isinstance(q, n.Quantity) and isinstance(q.operand, n.Num) and q.unit.dims == _MONEY):
            continue
        written = q.operand.value * q.unit.scale
        half = q.operand.resolution * q.unit.scale / 2
        if any(abs(rate - written) <= half for rate in rates):
            try:
                return amount(n.swap(node, q, replace(q, unit=q.unit / _SECOND, unit_text=f"{q.unit_text}/s")),
                              scope, text)
            except (NotationError, ArithmeticError, ValueError):
                return None
    return None


_SECOND = parse_unit("s")
#: The dimensions of a sum of money.
_MONEY = tuple(int(d == "money") for d in DIMENSIONS)


def period_of(side: Side) -> Fraction:
    """The time a stated rate is "per" (a day for ``$9.00 a day``), in seconds; 0 when there is none."""
    periods = [period(q.unit_text) for q in n.walk(side.segment.node) if isinstance(q, n.Quantity)]
    return next((p for p in periods if p), Fraction(0))  # "$3.50×10^4 per year": the year is on the power


#: Ratios of units of time (60, 3,600, 24, 8,760...): a plain factor of one of these converts a time.
TIME_FACTORS = frozenset(k for k, what in dx.CONVERSIONS.items() if "unit prefix" not in what)
#: Conversion factors tried in one working, each alone and then all together.
MAX_FACTORS = 4


def converted(tree: n.Node, scope: Scope, text: str = "") -> list[Amount]:
    """Readings in which a time conversion factor written plain, or with one unit of time (``3,600 s``, the ``24 h``
    of ``365 days × 24 h``), converts as 3,600 s/h does, changing no size (it is 1 in base units): each factor
    alone, then all together; for each, the other plain numbers read plain, then in the units the problem shows
    them with (:func:`implied`). Empty when the working has no such factor.
    """
    factors = time_factors(tree)
    choices = [[x] for x in factors] + ([factors] if len(factors) > 1 else [])  # "365 days × 24 h": the 24 converts
    readings = []
    for choice in choices:
        out = tree
        for x in choice:
            num = n.bare(x)
            assert isinstance(num, n.Num)
            out = n.swap(out, x, replace(num, value=Fraction(1), resolution=num.resolution / num.value))
        try:
            readings += [amount(out, scope, text), *implied(out, scope, text)]
        except NotationError:
            continue
    return readings


def time_factors(tree: n.Node) -> list[n.Node]:
    """The time conversion factors in a working (``60``, ``3,600 s``, ``24 h``), at most :data:`MAX_FACTORS`."""
    return [x for x in leaves(tree) if _time_factor(x)][:MAX_FACTORS]


def _time_factor(x: n.Node) -> bool:
    num = n.bare(x)
    if not isinstance(num, n.Num) or num.value not in TIME_FACTORS:
        return False
    return x is num or (isinstance(x, n.Quantity) and x.operand is num and x.unit.dims[0] == 1
                        and not any(x.unit.dims[1:]))


def count_per_period(c: Amount, side: Side, tree: n.Node, scope: Scope, text: str = "") -> bool:
    """A price per period over a count in that period, the count's "per period" unsaid (``$10/hr ÷ 9.22M tok =
    $1.08 per Mtok``, the 9.22M tokens being the hour's). Not when the count is a rate the problem knows
    (``$10/hr ÷ 2,562``, at 2,562 tok/s, is off by the hour's 3,600 seconds)."""
    s = side.value
    if c.unit is None or s.unit is None or not per_time(s.unit.dims, c.unit.dims):
        return False
    periods = {period(q.unit_text) for q in n.walk(tree) if isinstance(q, n.Quantity)} - {Fraction(0)}
    return len(periods) == 1 and side.base.contains(c.base * periods.pop()) \
        and not any(a.unit is not None and same_kind(a.unit.dims, s.unit.dims) for a in implied(tree, scope, text))


def divisor_grouped(tree: n.Node, scope: Scope, text: str) -> list[Amount]:
    """``2 × 70e9 × 55 / 4 × 989 TFLOP/s``: the factors after a division read as its divisor, the bracket around
    them unsaid, as a whiteboard's fraction bar puts them (``/ 4 × 3.35 TB/s``: four cards' bandwidth)."""
    factors: list[n.Node] = []
    node = tree
    while isinstance(node, n.BinOp) and node.op == "*" and text[node.start:node.start + 1] != "(":
        factors.insert(0, node.right)
        node = node.left
    if not factors or not isinstance(node, n.BinOp) or node.op != "/" or text[node.start:node.start + 1] == "(":
        return []
    divisor = node.right
    for x in factors:
        divisor = n.BinOp(divisor.start, x.end, "*", divisor, x, x.start)
    grouped = replace(node, right=divisor, end=tree.end)
    try:
        return [amount(grouped, scope, text), *implied(grouped, scope, text)]
    except (NotationError, ArithmeticError, ValueError):
        return []
