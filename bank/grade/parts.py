"""A slip in part of a step's working: ``16 + 64 × 0.1342 = 25.6 GB`` on the way to the step time at the big
batch, which divides that by the bandwidth.

The stated value is wrong, so it matches no step, and its unit (GB) is no step's; but its working is the
numerator of one, and a tutor marks the slip there.

>>> from bank.load import load
>>> from bank.variant import variant
>>> from bank.grade.reference import reference
>>> q = load().question("throughput-vs-concurrency")
>>> ref = reference(q, variant(q))
>>> big = [s for s in ref.steps if s.name == "step_big"]
>>> step_of_part(ref, big, Interval.point(Fraction(1)), Interval(Fraction(2454, 100), Fraction(2461, 100))).name
'step_big'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from .. import notation as n
from .precision import Interval
from .reference import RefStep, Reference

_THOUSAND = Fraction(1000)


def step_of_part(ref: Reference, steps: Iterable[RefStep], computed: Interval,
                 written: Interval | None = None) -> RefStep | None:
    """The first of ``steps`` with a part of its working (a sub-expression, not the whole) worth a value in
    ``computed`` (base units), or in ``written`` in some unit a power of 1,000 from base (24.59 for 24.59e9
    bytes, plain numbers in GB); or None."""
    for step in steps:
        tree = ref.plan.trees[step.name]
        for part in n.walk(tree):
            if part is tree or not n.has_operation(part):
                continue
            try:
                value = n.evaluate(part, ref.env)
            except (ArithmeticError, KeyError, ValueError):
                continue
            if value and (computed.contains(value) or written is not None and any(
                    written.contains(value / _THOUSAND ** k) for k in range(-4, 5))):
                return step
    return None


__all__ = ["step_of_part"]
