"""Rule 1, the arithmetic of each claim: is every stated side the first side, rounded as written?

The first side of ``a = b = c`` is computed exactly; each later side states a
value, and is right when the exact value lies in the range it stands for
(:mod:`bank.grade.precision`), or, after ``so``, ``→`` or ``rounded up to``,
when it is that value rounded as the words say. A side written from an
unrounded earlier value is right too (``20.8 s × $2.50/h = $0.0145``, where
20.8 s stands for 20.83 s). Units are compared strictly where the learner
wrote them everywhere, and as written where plain numbers stand in for units.
A failing side is a slip, named by :mod:`bank.grade.diagnose`. The claims come
split as a reader splits them (:mod:`bank.grade.splitting`).

>>> from bank.notation import parse_line
>>> from bank.grade.reading import Scope
>>> check(parse_line("70 GB / 6 GB/s = 11.7 GB"), Scope({}, {}, {})).diagnosis.value
'units'
>>> check(parse_line("4 x 21,900 = 86,700"), Scope({}, {}, {})).diagnosis.value
'transposed-digits'
>>> check(parse_line("7,200 / 3,000 = 2.4, rounded up to 3"), Scope({}, {}, {})).ok
True
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Callable, Literal

from .. import notation as n
from ..errors import NotationError
from ..units import DIMENSIONLESS, DIMENSIONS, Unit, UnitError, parse_unit, period
from ..vocabulary import AMBIGUOUS_SUFFIXES, COUNTED, SUFFIXES
from . import diagnose as dx
from . import unsaid
from .matching import Claim, compatible, decimal, same_kind
from .precision import Interval, Leaf, is_number, stated
from .reading import Amount, Scope, amount, implied, in_problem_units


@dataclass(frozen=True)
class Context:
    """What the marker knows about a claim beyond the names in scope.

    ``rounded``: whole numbers that stand for a rounding of one of the working's values (32 for
    31.67), so they count as rounded. ``unrounded``: the first side recomputed with each rounded
    number replaced by the exact value it stands for, or None.
    """

    scope: Scope
    rounded: frozenset[Fraction] = frozenset()
    unrounded: Callable[[n.Node], Amount | None] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Side:
    """One stated side: its value, and the ranges it stands for (base units and as written)."""

    segment: n.Segment
    value: Amount
    base: Interval
    written: Interval


@dataclass(frozen=True)
class Arithmetic:
    """The verdict on one claim's own arithmetic."""

    computed: Amount | None
    given: Side | None
    ok: bool
    diagnosis: dx.Slip | None = None
    failed: Side | None = None
    unit: Unit | None = DIMENSIONLESS
    first: n.Node | None = None
    #: With no units written anywhere, the stated side is the computed one times 10^prefix (a multiple
    #: of 3): the learner may have changed unit prefix in their head (8 billion x 2 B = 16, in GB).
    prefix: int = 0
    #: "up"/"down"/"nearest": the stated value is the computed one rounded that way, words unsaid.
    rounded: str | None = None
    #: The exact ranges the claim pins down (the stated side, narrowed by an exact first side).
    narrowed: tuple[Interval, Interval] | None = None
    #: The rounding went unsaid (``26 / 192 = 1``): right only for a step that rounds; else this slip.
    unsaid: dx.Slip | Literal["none"] | None = None
    #: The first side's own ranges (base units, as written), reading rounded numbers as rounded.
    left: tuple[Interval, Interval] | None = None
    #: The claim said again roughly in brackets after it (``273 tok/s (~270)``): the learner's value too.
    aside: Side | None = None

    def as_slip(self) -> Arithmetic:
        """The same claim read strictly, with no unsaid rounding: a slip."""
        return replace(self, ok=False, diagnosis=self.unsaid if self.unsaid != "none" else None,
                       failed=self.given, unit=None, rounded=None, unsaid=None, narrowed=None)

    @property
    def claim(self) -> Claim:
        """What the claim asserts: the stated value when right, else what the working computes."""
        if self.given is not None and (self.ok or self.computed is None):
            base, written = self.narrowed or (self.given.base, self.given.written)
            return Claim(base, written, self.unit)
        c = self.computed
        assert c is not None
        return Claim.exact(c.base, c.written, c.unit)

    @property
    def stated(self) -> Claim:
        """What the learner wrote as the claim's value (the wrong value, for a slip)."""
        g = self.given
        if g is None:
            return self.claim
        return Claim(g.base, g.written, self.unit if self.ok else g.value.unit)

    @property
    def work(self) -> Claim | None:
        """The computed side as a point, when there is one."""
        c = self.computed
        return None if c is None else Claim.exact(c.base, c.written, c.unit)


def check(line: n.Chain, ctx: Context | Scope) -> Arithmetic:
    """Evaluate every side of a claim and check each stated side against the first."""
    ctx = ctx if isinstance(ctx, Context) else Context(ctx)
    scope, text = ctx.scope, line.text
    sides = [_side(seg, scope, text) for seg in line.segments]
    first = line.segments[0]
    if len(sides) == 1 and is_number(first.node):
        return Arithmetic(None, sides[0], ok=True, unit=sides[0].value.unit, first=first.node)
    computed = sides[0].value
    given = sides[-1] if len(sides) > 1 else None
    if computed.clash is not None:
        return Arithmetic(computed, given, False, dx.Slip.UNITS, unit=None, first=first.node)
    unit, rounded = computed.unit, None
    unsaid: dx.Slip | Literal["none"] | None = None
    # the last stated side that followed from the working; a plain first value is one ("~67 crore bytes ≈ 0.671 GB")
    said: Side | None = None if n.has_operation(first.node) else sides[0]
    aside: Side | None = None
    for side in sides[1:]:
        verdict, how, reading = _follows(computed, side, line, ctx)
        if verdict in _AGREED and said is not None and side is sides[-1] and _rough_aside(said, side, text):
            given, aside = said, side  # "1 / 3.66 ms = 273 tok/s (~270)": the claim is 273, said again roughly
            continue
        if verdict not in _AGREED and said is not None and _restates(said, side):
            if side is sides[-1]:
                given = said  # "12 × $2.50 = $30/hr ≈ $720/day ≈ $21.9k/mo": the claim is $30/hr, said again
            continue
        if verdict not in _AGREED:
            diagnosis = dx.Slip(verdict) if verdict else _diagnose(computed, side, first.node, scope, text)
            return Arithmetic(computed, given, False, diagnosis, side, unit=None, first=first.node,
                              prefix=_prefix(computed, side) if diagnosis == dx.Slip.POWER else 0,
                              left=_left(first, ctx))
        if how is not None and side.segment.link not in n.chains.ROUND_LINKS and side.segment.link != "so" \
                and not line.rounding:
            unsaid = _diagnose(computed, side, first.node, scope, text) or "none"
        unit, rounded = _claim_unit(verdict, reading, side.value), how or rounded
        said = side
    left = _left(first, ctx)
    narrowed = None if given is None or rounded or left is None else _narrow(given, _widened(left))
    if rounded and given is not None and given.segment.link == n.chains.IMPLIES_LINK and _counts(given):
        whole = given.written.mid  # "9.87, so about 10": the count the learner chose, exactly
        narrowed = (Interval.point(given.base.mid), Interval.point(whole))
    return Arithmetic(computed, given, True, unit=unit, first=first.node, rounded=rounded, narrowed=narrowed,
                      unsaid=unsaid, left=left, aside=aside)


_AGREED = ("ok", "inherit", "lenient")


def _rough_aside(said: Side, side: Side, text: str) -> bool:
    """Whether ``side`` says a plain value again, roughly (``~``, ``≈``), in brackets of its own after it."""
    spans = n.asides(text) if "(" in text else []
    inside = [any(a <= s.segment.start < b for a, b in spans) for s in (said, side)]
    return side.segment.approx and inside == [False, True] \
        and not n.has_operation(said.segment.node) and not n.has_operation(side.segment.node)


def _restates(said: Side, side: Side) -> bool:
    """Whether a side says an earlier one again in another unit of the same kind, at the precision each is
    written (``$30/hr ≈ $720/day ≈ $21.9k/mo``; ``$13.1k/mo ≈ $158k/yr``)."""
    a, b = said.value.unit, side.value.unit
    return a is not None and b is not None and not a.dimensionless and same_kind(a.dims, b.dims) \
        and a.scale != b.scale and not n.has_operation(said.segment.node) and not n.has_operation(side.segment.node) \
        and side.segment.link not in n.chains.ROUND_LINKS and said.base.overlaps(side.base)


def _follows(c: Amount, side: Side, line: n.Chain, ctx: Context) -> tuple[str | None, str | None, Amount]:
    """(verdict, rounding, the reading that agreed): does a stated side follow from the computed one,
    as its link says?"""
    link = side.segment.link
    if link in n.chains.ROUND_LINKS:
        rounded = _rounded(c, link, side)
        return _agree(rounded, side), link, rounded
    count = _count(side)
    if link == n.chains.IMPLIES_LINK and count is not None and c.written.denominator != 1:
        for how in ("down", "up"):  # 21.2, so 21 sequences; 9.87, so about 10 sequences: the learner's count
            rounded = _rounded(c, how, side)
            if _agree(rounded, side) in _AGREED and count == rounded.written:
                return "ok", how, rounded
    first = line.segments[0].node
    readings = implied(first, ctx.scope, line.text) if c.bare else []
    strict = next((a for a in readings if _agree(a, side) == "ok"), None) if side.value.annotated else None
    if strict is not None:
        return "ok", None, strict  # 295 ÷ 1 FLOP/B per sequence = 295 sequences: 295 is the ridge, in FLOP/B
    verdict = _agree(c, side)
    if verdict == "lenient" and _periods_apart(c, side) and unsaid.time_factors(first):
        verdict = dx.Slip.UNITS  # $5.50 per hour / 60 = $0.0917 per second: unless a reading below converts
    if verdict in _AGREED:
        return verdict, None, c
    inner = _rounding_argument(first, ctx.scope, line.text)
    if inner is not None and _agree(inner, side) in _AGREED:
        return "ok", None, inner  # floor(56 / 5.37) = 10.4 -> 10: the value inside the rounding, shown first
    if _units_in_mind(c, first, ctx.scope, line.text, side):
        return "lenient", None, c  # 70 / 4.8 = 14.6 ms: 70 GB and 4.8 TB/s, as the problem gives them
    if not c.bare and any(_agree(a, side) == "ok" for a in implied(first, ctx.scope, line.text)):
        return "ok", None, c  # 5.6e14 FLOP / (4 x 989e12 x 0.5) = 283 ms: 989e12 FLOP/s, as the problem has it
    for whole in (unsaid.unit_on_whole(first, ctx.scope, line.text),
                  unsaid.numerator_unsaid(first, ctx.scope, line.text),
                  unsaid.rate_of_numerator(first, ctx.scope, line.text),
                  unsaid.divisor_unsaid(first, ctx.scope, line.text),
                  unsaid.price_per_second(first, ctx.scope, line.text)):
        if whole is not None and _agree(whole, side) == "ok":
            return "ok", None, whole  # 16/3350 s = 4.78 ms: the unit written last is the answer's
    exact = ctx.unrounded(first) if ctx.unrounded is not None else None
    if exact is not None and _agree(exact, side) in _AGREED:
        return "ok", None, exact  # 20.8 s x $2.50/h = $0.0145: written from the unrounded 20.83 s
    millions = unsaid.in_millions(first, ctx.scope, line.text)
    if millions is not None and _agree(millions, side) in _AGREED:
        return "lenient", None, millions  # 27M × $3 = $81: the M counted as a unit, as in $3 per million
    millions = unsaid.stated_in_millions(c, side)
    if millions is not None and _agree(millions, side) in _AGREED:
        # 0.55 × 30.6 = 16.83M tok/h: the working was in millions all along; 65.5/4 = 16.4M is 16.4 million, plainly
        return "lenient" if side.value.annotated else "ok", None, millions
    per = unsaid.count_as_factor(first, ctx.scope, line.text, side)
    if per is not None and _agree(per, side) in _AGREED:
        return "ok", None, per  # $10/h ÷ 2,560 tok/s × 1e6 = $1.08 per million tokens: the million as a factor
    said = (side.base, side.written)
    for a in unsaid.converted(first, ctx.scope, line.text):  # the numbers as written must agree too: × or ÷
        if _agree(a, side) == "ok" and any(x.contains(c.written) for x in said):
            return "ok", None, a  # $10/hr ÷ (2,562 × 3,600) = $1.08 per Mtok: 3,600 seconds in an hour
    grouped = unsaid.divisor_grouped(first, ctx.scope, line.text) if side.value.annotated else []
    agreed = next((a for a in grouped if _agree(a, side) == "ok"), None)
    if agreed is not None:
        return "ok", None, agreed  # 2 × 70e9 × 55 / 4 × 989 TFLOP/s = 1.95 ms: four cards' compute, the divisor
    if unsaid.count_per_period(c, side, first, ctx.scope, line.text):
        return "ok", None, c  # $10/hr ÷ 9.22M tok = $1.08 per Mtok: the 9.22M tokens are the hour's
    kept = next((a for a in readings if _agree(a, side) == "inherit"), None)
    if kept is not None:
        return "inherit", None, kept
    for how in _ROUNDINGS if _whole(side) else ():
        if how != "nearest" and _agree(_rounded(c, how, side), side) in _AGREED:
            # 26 / 192 = 1 card, 2.4 so 3 replicas: a rounding only a step that rounds may make
            return "ok", how, _rounded(c, how, side)
    return verdict, None, c


_ROUNDINGS = ("up", "down", "nearest")


def _rounding_argument(node: n.Node, scope: Scope, text: str) -> Amount | None:
    """The value a rounding call rounds (``56 / 5.37`` in ``floor(56 / 5.37)``), or None for anything else."""
    if not (isinstance(node, n.Call) and node.func in ("ceil", "floor", "round") and len(node.args) == 1):
        return None
    try:
        return amount(node.args[0], scope, text)
    except (NotationError, ArithmeticError, ValueError):
        return None


def _count(side: Side) -> Fraction | None:
    """The whole number a side states, "about" or not, where it is a count (``10 sequences``; a share, ``about
    6%``, is a rounding)."""
    if not side.segment.approx:
        return side.written.mid if _whole(side) else None
    node = side.segment.node
    if not (isinstance(node, n.Quantity) and isinstance(node.operand, n.Num) and node.unit.name) or node.unit.share:
        return None
    value = node.operand.value
    return value if value.denominator == 1 else None


def _counts(side: Side) -> bool:
    """Whether a side is a number of things (``10 sequences``, ``2``), which a learner chooses when rounding, not a
    measure (``→ 32 s``, ``so about 6%``), which is only rounded."""
    unit = side.value.unit
    return unit is None or (unit.dimensionless and not unit.share) \
        or all(d in COUNTED for d, power in zip(DIMENSIONS, unit.dims) if power)


def _whole(side: Side) -> bool:
    return side.written.lo == side.written.hi == int(side.written.lo) or \
        (side.written.mid.denominator == 1 and is_number(side.segment.node))


def _rounded(c: Amount, how: str, side: Side | None = None) -> Amount:
    """The computed amount rounded as ``how`` says, in the stated side's unit where the kinds agree
    (``436 GB / 671 MB`` is 649.8 sequences, not 0.65 as written)."""
    f = {"up": math.ceil, "down": math.floor, "nearest": lambda x: math.floor(x + Fraction(1, 2))}[how]
    unit = side.value.unit if side is not None else None
    if unit is not None and c.unit is not None and same_kind(c.unit.dims, unit.dims):
        whole = Fraction(f(c.base / unit.scale))
        return replace(c, base=whole * unit.scale, written=whole)
    scale = c.base / c.written if c.written else Fraction(1)
    written = Fraction(f(c.written))
    return replace(c, base=written * scale, written=written)


def _left(first: n.Segment, ctx: Context) -> tuple[Interval, Interval] | None:
    """The first side's ranges, with rounded numbers (decimals, roundings of the working's values) as ranges."""
    def work() -> tuple[Interval, Interval] | None:
        try:
            leaf = _names(ctx.scope)
            return (stated(first.node, False, leaf("base"), rounded=ctx.rounded),
                    stated(first.node, False, leaf("written"), written=True, rounded=ctx.rounded))
        except (ZeroDivisionError, ValueError, OverflowError, ArithmeticError):
            return None

    return ctx.scope.remembered(("left", ctx.rounded), first.node, work)  # a claim is checked twice


#: How far a working's own range is trusted to pin a stated value (its rounded inputs may be rounded a hair off).
NARROW_SLACK = Fraction(1, 200)


def _widened(left: tuple[Interval, Interval]) -> tuple[Interval, Interval]:
    def widen(x: Interval) -> Interval:
        if x.lo == x.hi:
            return x  # an exact working pins its value exactly
        pad = NARROW_SLACK * max(abs(x.lo), abs(x.hi))
        return Interval(x.lo - pad, x.hi + pad)
    return widen(left[0]), widen(left[1])


def _narrow(given: Side, left: tuple[Interval, Interval]) -> tuple[Interval, Interval] | None:
    """The stated ranges, narrowed by the first side's own range: an exact working pins the value
    (``ceil(5,760 / 3,000) = 2`` is exactly 2, not anything that rounds to 2)."""
    base, written = left
    b, w = _meet(given.base, base), _meet(given.written, written)
    if b is not None and w is None and given.base.mid:  # 128 KiB × 4096 = 0.5 GiB: units differ as written
        w = b.scale(given.written.mid / given.base.mid)
    return (b, w) if b is not None and w is not None else None


def _meet(a: Interval, b: Interval) -> Interval | None:
    lo, hi = max(a.lo, b.lo), min(a.hi, b.hi)
    if lo <= hi:
        return Interval(lo, hi)
    return None


def _claim_unit(verdict: str, c: Amount, s: Amount) -> Unit | None:
    """The unit a right claim states: the one written, else the computed one when they agree strictly."""
    if s.annotated:
        return s.unit
    return c.unit if verdict in ("ok", "inherit") else None


def _side(seg: n.Segment, scope: Scope, text: str) -> Side:
    return scope.remembered(("side", seg.approx, seg.link, text), seg, lambda: _evaluate_side(seg, scope, text))


def _evaluate_side(seg: n.Segment, scope: Scope, text: str) -> Side:
    value = amount(seg.node, scope, text)
    leaf = _names(scope)
    try:
        base = stated(seg.node, seg.approx, leaf("base"))
        written = stated(seg.node, seg.approx, leaf("written"), written=True)
    except (ZeroDivisionError, ValueError, OverflowError, ArithmeticError):
        base, written = Interval.point(value.base), Interval.point(value.written)
    return Side(seg, value, base, written)


def _names(scope: Scope) -> Callable[[str], Leaf]:
    def leaf(reading: str) -> Leaf:
        values = scope.base if reading == "base" else scope.shown
        return lambda node: Interval.point(values[node.id]) if isinstance(node, n.Name) else None
    return leaf


def _agree(c: Amount, side: Side) -> str | None:
    """``ok`` (strictly), ``inherit`` (a plain number equal to the value in base units),
    ``lenient`` (equal as written), ``units``, or None for a plain wrong value."""
    s = side.value
    if s.clash is not None:
        return dx.Slip.UNITS
    strict = c.unit is not None and s.unit is not None
    if strict and same_kind(c.unit.dims, s.unit.dims) and side.base.contains(c.base):  # type: ignore[union-attr]
        return "ok"
    if strict and compatible(c.unit.dims, s.unit.dims) and side.base.contains(c.base):  # type: ignore[union-attr]
        return "lenient"  # 3 million x $0.30/Mtoken = $0.90: the tokens go unsaid
    period = unsaid.period_of(side)  # 0 when the rate names none ("22 rps"): no year to scale by
    if (strict and period and unsaid.per_time(c.unit.dims, s.unit.dims)  # type: ignore[union-attr]
            and side.base.scale(period).contains(c.base)):
        return "lenient"  # … x 8,760 hours = $21,900 a year: the yearly total, said as a rate
    if unsaid.rate_unsaid(c, side):
        return "lenient"  # 8,760 h × $2.50 = $21,900: the price per hour, its "per hour" unsaid
    if c.unit is not None and not s.annotated and side.base.contains(c.base):
        return "inherit"
    if _plain_left(c, s) and side.base.contains(c.base):
        return "ok"  # 2 x 8 billion = 16 GFLOP; 500 / 24 = 0.35 min
    if _in_base(c, s):  # 140 / 8 = 17.5 GB: plain numbers read in the unit the learner states
        return "lenient" if side.written.contains(c.written) else None
    lenient = (c.bare or s.bare or not strict or not c.annotated or not s.annotated)
    if lenient:
        return "lenient" if side.written.contains(c.written) else None
    if not same_kind(c.unit.dims, s.unit.dims) or side.written.contains(c.written):  # type: ignore[union-attr]
        return dx.Slip.UNITS
    return None


def _periods_apart(c: Amount, side: Side) -> bool:
    """Both sides rates per a named time, not the same one, and apart in size: a time factor written plain on the
    left must convert the one into the other (``$5.50 per hour / 60`` is no price per second)."""
    s = side.value
    if c.unit is None or s.unit is None or c.unit.dims != s.unit.dims or not (c.annotated and s.annotated):
        return False
    mine, said = period(c.unit.name), period(s.unit.name)
    return bool(mine) and bool(said) and mine != said and not side.base.contains(c.base)


def _plain_left(c: Amount, s: Amount) -> bool:
    """A left side of plain numbers only, against a stated amount with a unit."""
    return (c.unit is not None and c.unit.dimensionless and not c.annotated and s.annotated
            and s.unit is not None and not s.unit.dimensionless)


def _in_base(c: Amount, s: Amount) -> bool:
    """A plain left side against a stated amount with a unit, equal only in base units.

    A decimal prefix is part of a number's size (16 GFLOP is 1.6e10 FLOP, and
    a plain 16 is not that), so ``2 x 8 = 16 GFLOP`` is a units slip. The
    value as written in the stated unit still counts where the learner is
    visibly working in the problem's units, with a number on the left that is
    a given's or a step's value with a unit, as the problem shows it
    (``70 / 4.8 = 14.6 ms``, from 70 GB and 4.8 TB/s: :func:`_units_in_mind`),
    and with units of time, which a plain number cannot say
    (``12 x 2.50 = $30/hour``: that unit is not :func:`~bank.grade.matching.decimal`).
    """
    return _plain_left(c, s) and decimal(s.unit)  # type: ignore[arg-type]


def _units_in_mind(c: Amount, tree: n.Node, scope: Scope, text: str, side: Side) -> bool:
    """A plain left side against a stated amount, right in the problem's units.

    Either it equals the amount as written and one of its numbers is a given's
    or a step's value with a unit, as the problem shows it (``10 / 10.8 =
    $0.926/Mtoken``); or giving such numbers their units makes it equal in base
    units (``1 / 14.58 = 68.6 tokens/s``, with 14.58 ms).
    """
    if not _in_base(c, side.value):
        return False
    if side.written.contains(c.written) and in_problem_units(tree, scope):
        return True
    want = side.value.unit
    assert want is not None
    if in_problem_units(tree, scope) and any(same_kind(u.dims, want.dims) and not u.share  # a share is no count's unit
                                             and side.base.scale(1 / u.scale).contains(c.written)
                                             for u in scope.units.values()):
        return True  # 13 / 21.6 = 60 cents per million: $0.60/Mtoken, in the problem's own unit
    return any(a.unit is not None and same_kind(a.unit.dims, want.dims) and side.base.contains(a.base)
               for a in implied(tree, scope, text))


def _diagnose(c: Amount, side: Side, tree: n.Node, scope: Scope, text: str) -> dx.Slip | None:
    strict = c.unit is not None and side.value.unit is not None and c.annotated and side.value.annotated
    written = not strict and not _in_base(c, side.value)
    right = c.written if written else c.base
    target = side.written if written else side.base

    def recompute(changed: n.Node) -> Fraction | None:
        try:
            a = amount(changed, scope, text)
        except NotationError:
            return None
        return a.written if written else a.base

    return dx.diagnose(right, target, tree, recompute)


def _prefix(c: Amount, side: Side) -> int:
    if c.annotated or side.value.annotated or c.written == 0:
        return 0
    return next((k for k in (3, -3, 6, -6, 9, -9, 12, -12, 15, -15)
                 if side.written.contains(c.written * Fraction(10) ** k)), 0)


__all__ = ["Arithmetic", "Context", "Side", "check"]
