"""Rule 1, the arithmetic of each line: is every stated side the first side, rounded as written?

The first side of ``a = b = c`` is computed exactly; each later side states
a value, and is right when the exact value lies in the range it stands for
(:mod:`bank.grade.precision`). Units are compared strictly where the learner
wrote them everywhere, and as written where plain numbers stand in for units.
A failing side is a slip, named by :mod:`bank.grade.diagnose`.

>>> from bank.notation import parse_line
>>> from bank.grade.reading import Scope
>>> check(parse_line("70 GB / 6 GB/s = 11.7 GB"), Scope({}, {}, {})).diagnosis
'units'
>>> check(parse_line("4 x 21,900 = 86,700"), Scope({}, {}, {})).diagnosis
'transposed-digits'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .. import notation as n
from ..errors import NotationError
from ..units import DIMENSIONLESS, Unit
from . import diagnose as dx
from .matching import Claim, compatible, decimal, same_kind
from .precision import Interval, is_number, stated
from .reading import Amount, Scope, amount, implied, in_problem_units


@dataclass(frozen=True)
class Side:
    """One stated side: its value, and the ranges it stands for (base units and as written)."""

    segment: n.Segment
    value: Amount
    base: Interval
    written: Interval


@dataclass(frozen=True)
class Arithmetic:
    """The verdict on one line's own arithmetic."""

    computed: Amount | None
    given: Side | None
    ok: bool
    diagnosis: str | None = None
    failed: Side | None = None
    unit: Unit | None = DIMENSIONLESS
    first: n.Node | None = None
    #: With no units written anywhere, the stated side is the computed one times 10^prefix (a multiple
    #: of 3): the learner may have changed unit prefix in their head (8 billion x 2 B = 16, in GB).
    prefix: int = 0

    @property
    def claim(self) -> Claim:
        """What the line asserts: the stated value when right, else what the working computes."""
        if self.given is not None and (self.ok or self.computed is None):
            return Claim(self.given.base, self.given.written, self.unit)
        c = self.computed
        return Claim.exact(c.base, c.written, c.unit)

    @property
    def stated(self) -> Claim:
        """What the learner wrote as the line's value (the wrong value, for a slip)."""
        g = self.given
        if g is None:
            return self.claim
        return Claim(g.base, g.written, self.unit if self.ok else g.value.unit)

    @property
    def work(self) -> Claim | None:
        """The computed side as a point, when there is one."""
        c = self.computed
        return None if c is None else Claim.exact(c.base, c.written, c.unit)


def check(line: n.Line, scope: Scope) -> Arithmetic:
    """Evaluate every side of a line and check each stated side against the first."""
    text = line.text
    sides = [_side(seg, scope, text) for seg in line.segments]
    first = line.segments[0]
    if len(sides) == 1 and is_number(first.node):
        return Arithmetic(None, sides[0], ok=True, unit=sides[0].value.unit, first=first.node)
    computed = sides[0].value
    given = sides[-1] if len(sides) > 1 else None
    if computed.clash is not None:
        return Arithmetic(computed, given, False, dx.UNITS, unit=None, first=first.node)
    unit = computed.unit
    for side in sides[1:]:
        verdict = _agree(computed, side)
        if verdict not in _AGREED and _units_in_mind(computed, first.node, scope, text, side):
            verdict = "lenient"  # 70 / 4.8 = 14.6 ms: 70 GB and 4.8 TB/s, as the problem gives them
        if verdict not in _AGREED:
            diagnosis = verdict or _diagnose(computed, side, first.node, scope, text)
            return Arithmetic(computed, given, False, diagnosis, side, unit=None, first=first.node,
                              prefix=_prefix(computed, side) if diagnosis == dx.POWER else 0)
        unit = _claim_unit(verdict, computed, side.value)
    return Arithmetic(computed, given, True, unit=unit, first=first.node)


_AGREED = ("ok", "inherit", "lenient")


def _claim_unit(verdict: str, c: Amount, s: Amount) -> Unit | None:
    """The unit a right line claims: the one written, else the computed one when they agree strictly."""
    if s.annotated:
        return s.unit
    return c.unit if verdict in ("ok", "inherit") else None


def _side(seg: n.Segment, scope: Scope, text: str) -> Side:
    value = amount(seg.node, scope, text)
    leaf = _names(scope)
    try:
        base = stated(seg.node, seg.approx, leaf("base"))
        written = stated(seg.node, seg.approx, leaf("written"), written=True)
    except (ZeroDivisionError, ValueError, OverflowError, ArithmeticError):
        base, written = Interval.point(value.base), Interval.point(value.written)
    return Side(seg, value, base, written)


def _names(scope: Scope):
    def leaf(reading: str):
        values = scope.base if reading == "base" else scope.shown
        return lambda node: Interval.point(values[node.id])
    return leaf


def _agree(c: Amount, side: Side) -> str | None:
    """``ok`` (strictly), ``inherit`` (a plain number equal to the value in base units),
    ``lenient`` (equal as written), ``units``, or None for a plain wrong value."""
    s = side.value
    if s.clash is not None:
        return dx.UNITS
    strict = c.unit is not None and s.unit is not None
    if strict and same_kind(c.unit.dims, s.unit.dims) and side.base.contains(c.base):
        return "ok"
    if strict and compatible(c.unit.dims, s.unit.dims) and side.base.contains(c.base):
        return "lenient"  # 3 million x $0.30/Mtoken = $0.90: the tokens go unsaid
    if c.unit is not None and not s.annotated and side.base.contains(c.base):
        return "inherit"
    if _plain_left(c, s) and side.base.contains(c.base):
        return "ok"  # 2 x 8 billion = 16 GFLOP; 500 / 24 = 0.35 min
    if _in_base(c, s):
        return dx.UNITS if side.written.contains(c.written) else None  # 2 x 8 = 16 GFLOP
    lenient = (c.bare or s.bare or not strict or not c.annotated or not s.annotated)
    if lenient:
        return "lenient" if side.written.contains(c.written) else None
    if not same_kind(c.unit.dims, s.unit.dims) or side.written.contains(c.written):
        return dx.UNITS
    return None


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
    return _plain_left(c, s) and decimal(s.unit)


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
    return any(a.unit is not None and same_kind(a.unit.dims, want.dims) and side.base.contains(a.base)
               for a in implied(tree, scope, text))


def _diagnose(c: Amount, side: Side, tree: n.Node, scope: Scope, text: str) -> str | None:
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


__all__ = ["Arithmetic", "Side", "check"]
