"""What each verdict says to the learner: the step, the value it should be, the value carried."""

from __future__ import annotations

from . import diagnose as dx
from .arithmetic import Arithmetic
from .state import Outcome, State
from .words import show

_WHY = {dx.UNITS: "check the units", dx.SIGN: "check the sign", dx.POWER: "off by a power of ten",
        dx.TRANSPOSED: "two digits are swapped", dx.OPERATION: "the wrong operation"}
_BASE_SYMBOLS = {"time": "s", "data": "B", "compute": "FLOP", "money": "USD"}


def message(state: State, arith: Arithmetic, o: Outcome, raw: str) -> str:
    """The message for one marked line."""
    if o.status == "correct":
        extra = [c for c in o.credits if c != o.step.name]
        also = f" (also covers {', '.join(extra)})" if extra else ""
        return f"{o.step.name} = {show(o.step.shown, o.step.unit_text)}{also}"
    if o.status == "carried":
        return _carried(state, o)
    if o.status == "slip":
        return _slip(arith, o, raw)
    return "the arithmetic is right, but it is not a step of this working (no penalty)"


def _carried(state: State, o: Outcome) -> str:
    plan = state.ref.plan
    used = "; ".join(f"your {show(plan.display(s.step, s.base), state.ref.step(s.step).unit_text)} for {s.step}"
                     + (f" (line {s.line})" if s.line else "") for s in o.stands)
    head = "right method, rounded too soon" if o.diagnosis == dx.ROUNDING else "right method"
    return f"{head}: {o.step.name} with {used}"


def _slip(arith: Arithmetic, o: Outcome, raw: str) -> str:
    why = _WHY.get(o.diagnosis, "an arithmetic slip")
    target = f" (for {o.step.name})" if o.step else ""
    c, side = arith.computed, arith.failed or arith.given
    if arith.ok or c is None or side is None:
        expected = show(o.step.shown, o.step.unit_text) if o.step else "?"
        return f"{why}{target}: this step is {expected}"
    g = side.value
    if c.unit is not None and g.unit is not None and g.annotated and c.unit.dims == g.unit.dims:
        exact = show(c.base / g.unit.scale, g.unit.name)
    elif c.unit is not None and c.annotated:
        exact = show(c.base, base_unit_text(c.unit.dims))
    else:
        exact = show(c.written)
    return f"{why}{target}: the left side is {exact}, not {raw[side.segment.start:side.segment.end].strip()}"


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
