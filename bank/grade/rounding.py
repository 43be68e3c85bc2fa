"""Rounding, right and wrong: a working whose stated whole number is a rounding step's value, and a
count rounded the other way from the step's (``21.2 → 22`` for a step that rounds down; ``5.8 cards``, then
``so 5 cards?`` for one that rounds up).
"""

from __future__ import annotations

import math

from .. import notation as n
from . import diagnose as dx
from .arithmetic import Arithmetic
from .matching import Claim, same_kind
from .precision import Interval
from .reference import RefStep
from .report import Status
from .state import Outcome, State


def rounding_step(state: State, arith: Arithmetic) -> RefStep | None:
    """``56 GB / 537 MB ≈ 104 seqs`` for a step that rounds down: the working gives the step's value
    before rounding, and the stated whole number is the step's value."""
    if arith.left is None or arith.given is None or not arith.first or not n.has_operation(arith.first):
        return None
    base, _ = arith.left
    stated = arith.claim if arith.rounded else arith.stated  # "9.87, so about 10": the 10 chosen, exactly
    for step in state.ref.steps:
        if step.rounds and step.inner is not None and base.contains(step.inner) \
                and stated.written.contains(step.shown) and step.shown.denominator == 1:
            return step
    return None


def rounded_wrong_way(state: State, arith: Arithmetic) -> Outcome | None:
    """``(126.9 − 70) ÷ 2.68 = 21.2 → 22`` for a step that rounds down: the working is that step's."""
    c = arith.computed
    if c is None or arith.first is None or not n.has_operation(arith.first):
        return None
    base = arith.left[0] if arith.left is not None else Interval.point(c.base)
    stated = arith.claim if arith.rounded else arith.stated
    for step in state.ref.steps:
        if step.rounds and step.inner is not None and not state.covered(step.name) and base.contains(step.inner) \
                and not stated.written.contains(step.shown):
            return Outcome(Status.SLIP, step, dx.Slip.DIRECTION)
    return None


def other_way(state: State, claim: Claim) -> Outcome | None:
    """A lone count after the value it rounds (``5.8 cards``, then ``so 5 cards?``), rounded the other way
    from a step that rounds: the learner's answer for that step, and a slip."""
    count = claim.written.mid
    unit = claim.unit
    if count.denominator != 1:
        return None
    for step in state.ref.steps:
        if not step.rounds or step.inner is None or state.covered(step.name) \
                or not any(state.covered(a) for a in step.ancestors):
            continue
        inner = step.inner / step.unit.scale
        other = math.floor(inner) if step.rounds == "up" else math.ceil(inner)
        kind = unit is None or unit.dimensionless or same_kind(unit.dims, step.unit.dims)
        if kind and count == other != step.shown:
            return Outcome(Status.SLIP, step, dx.Slip.DIRECTION)
    return None


def counted_other_way(state: State, direct: RefStep, claim: Claim) -> RefStep | None:
    """``= 23.9 → ~24`` where only 23 whole caches fit: the value (``direct``) is right, and the count it is
    rounded to is the other way from the step that rounds it down (or up, for ``5.2 → 5 cards``): that step."""
    count = claim.written.mid
    step = next((s for s in state.ref.steps if s.rounds in ("up", "down") and s.inner == direct.base
                 and not state.covered(s.name)), None)
    if step is None or count.denominator != 1 or count * step.unit.scale == step.base:
        return None
    inner = direct.base / step.unit.scale
    return step if count == (math.floor(inner) if step.rounds == "up" else math.ceil(inner)) else None
