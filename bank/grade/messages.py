"""What each verdict says to the learner: the step (by its label), the value it should be, the value carried.

No message names a step by its internal name: learners read the labels the
question's author wrote ("16-bit weights"), never ``w16``.
"""

from __future__ import annotations

from . import diagnose as dx
from .arithmetic import Arithmetic, Side
from .matching import plain, same_kind
from .reading import Amount
from .reference import RefStep
from .state import Outcome, State
from .words import show

_BASE_SYMBOLS = {"time": "s", "data": "B", "compute": "FLOP", "money": "USD"}


def message(state: State, arith: Arithmetic, o: Outcome, raw: str, n: int = 0, label: str = "") -> str:
    """The message for one marked claim (on line ``n``, labelled ``label``)."""
    if o.status == "correct":
        assert o.step is not None
        # only steps this claim newly credits: not ones an earlier claim already did
        extra = [state.ref.step(c).label for c in state.fresh if c != o.step.name]
        also = f" (also covers {', '.join(extra)})" if extra else ""
        return f"{o.step.label} = {show(o.step.shown, o.step.unit_text)}{also}"
    if o.status == "carried":
        return _carried(state, o)
    if o.status == "slip":
        return _slip(arith, o, raw)
    if arith.computed is None:
        given = state.restates_given(arith.stated)
        return "a value from the problem (no penalty)" if given else "not a value of this working (no penalty)"
    named = _named(state, arith, label)
    if named is not None:
        return f"the arithmetic is right, but the {named.label} is {show(named.shown, named.unit_text)}"
    return "the arithmetic is right, but it is not a step of this working (no penalty)"


def _named(state: State, arith: Arithmetic, label: str) -> RefStep | None:
    """The open step an unmatched claim's label names, if it is of the claim's kind."""
    from .naming import named_step

    step = named_step(state, label)
    unit = arith.stated.unit
    if step is None or state.covered(step.name) or (unit is not None and not unit.dimensionless
                                                    and not same_kind(unit.dims, step.unit.dims)):
        return None
    return step


def _carried(state: State, o: Outcome) -> str:
    plan = state.ref.plan
    assert o.step is not None
    if o.said_again:
        own = o.stands[0]
        where = f" from line {own.line}" if own.line else ""
        return f"your {show(plan.display(own.step, own.base), o.step.unit_text)}{where}, said again " \
               f"(the {o.step.label} is {show(o.step.shown, o.step.unit_text)}; the mistake is marked there)"
    used = "; ".join(f"your {show(plan.display(s.step, s.base), state.ref.step(s.step).unit_text)} for the "
                     f"{state.ref.step(s.step).label}" + (f" (line {s.line})" if s.line else "") for s in o.stands)
    head = "right method, rounded too soon" if o.diagnosis == dx.Slip.ROUNDING else "right method"
    return f"{head}: the {o.step.label} from {used or 'your own earlier values'}"


def _slip(arith: Arithmetic, o: Outcome, raw: str) -> str:
    why = dx.why(o.diagnosis)
    target = f" (for the {o.step.label})" if o.step else ""
    c, side = arith.computed, arith.failed or arith.given
    if arith.ok or c is None or side is None:
        if o.step is None:
            return why
        value = show(o.step.shown, o.step.unit_text)
        how = arith.rounded
        if arith.ok and how in ("up", "down") and o.step.rounds in ("up", "down") and how != o.step.rounds:
            return f"rounded {how}, but the {o.step.label} rounds {o.step.rounds}: it is {value}"
        if arith.ok and c is not None and o.diagnosis is None:  # 24.59 GB / 3.35 TB/s = 7.34 ms is right as sums go
            return f"the arithmetic is right, but the {o.step.label} is {value}: check the method"
        return f"{why}{target}: this step is {value}{_off_from_step(arith, o)}"
    stated = raw[side.segment.start:side.segment.end].strip()
    return f"{why}{target}: the left side is {_left(c, side.value)}, not {stated}{_why_units(o, c, side, stated)}"


def _left(c: Amount, g: Amount) -> str:
    """The exact left side, in the stated unit where that is the same kind, else in base units."""
    if c.unit is not None and g.unit is not None and g.annotated and same_kind(c.unit.dims, g.unit.dims):
        return show(c.base / g.unit.scale, g.unit.name)
    if c.unit is not None and c.annotated:
        return show(c.base, base_unit_text(c.unit.dims))
    return show(c.written)


def _why_units(o: Outcome, c: Amount, side: Side, stated: str) -> str:
    """What makes a units slip: a missing conversion, or a plain number against a prefixed unit."""
    if o.diagnosis != dx.Slip.UNITS:
        return ""
    g = side.value
    if plain(c.unit) and not c.annotated and g.annotated and g.unit is not None and not g.unit.dimensionless:
        # 2 x 8 = 16 GFLOP: a plain 16 is not 16 billion
        return f" ({stated} is {show(g.base, base_unit_text(g.unit.dims))}); write the units on the left too"
    factor = dx.conversion(c.base, side.base) or dx.conversion(c.written, side.written)
    return "" if factor is None else f", a factor of {dx.conversion_words(factor)} apart"


def _off_from_step(arith: Arithmetic, o: Outcome) -> str:
    """For a units slip against a step: the conversion factor between the line and the step, if one."""
    if o.diagnosis != dx.Slip.UNITS or o.step is None:
        return ""
    claim, step = arith.stated, o.step
    factor = dx.conversion(step.base, claim.base) or dx.conversion(step.shown, claim.written) \
        or next((k for k in (dx.BITS, 1 / dx.BITS) if claim.written.contains(step.shown * k)), None)
    return "" if factor is None else f", a factor of {dx.conversion_words(factor)} away"


def base_unit_text(dims: tuple[int, ...]) -> str:
    """Base units for a dimension vector: ``s``, ``B/s``, ``USD/token``.

    >>> from bank.units import parse_unit
    >>> base_unit_text(parse_unit("GB/s").dims), base_unit_text(parse_unit("USD/token").dims)
    ('B/s', 'USD/token')
    """
    from ..units import DIMENSIONS

    names = [(_BASE_SYMBOLS.get(d, d), e) for d, e in zip(DIMENSIONS, dims) if e]
    top = "·".join(x if e == 1 else f"{x}^{e}" for x, e in names if e > 0)
    bottom = "".join(f"/{x}" if e == -1 else f"/{x}^{-e}" for x, e in names if e < 0)
    return (top or ("1" if bottom else "")) + bottom
