"""A share marked up where it should divide: ``10% are booting, so 3.50 × 1.1 = $3.85 per serving card``.

Paying for 10% of cards that do not serve makes each serving card cost ``÷ 0.9``, not ``× 1.1``. The two
are close, so the learner's value lands near the step and matches nothing exactly; a tutor sees at once
which step it was meant for, and that the method is wrong. :func:`marked_up` finds that step.

>>> from bank.load import load
>>> from bank.variant import variant
>>> from bank.grade.reference import reference
>>> from bank.grade.matching import Claim
>>> ref = reference(load().question("spot-capacity"), variant(load().question("spot-capacity")))
>>> tree = n.parse("1.25 * 1.05")
>>> marked_up(tree, Claim.exact(Fraction(13125, 10000) / 3600, Fraction(13125, 10000), None), ref.steps,
...           ref.params, ref.plan.units).name
'effective_price'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Mapping

from .. import notation as n
from ..units import Unit
from .matching import YES, Claim, fits
from .reference import RefStep


def marked_up(tree: n.Node, claim: Claim, steps: Iterable[RefStep], params: Mapping[str, Fraction],
              units: Mapping[str, Unit]) -> RefStep | None:
    """The step of ``steps`` that ``tree`` meant, had its factor ``1 + share`` been ``÷ (1 − share)``, for a
    share that is one of the problem's percentages; or None."""
    for factor, share in _factors(tree, params, units):
        fixed = claim.scaled(1 / (factor * (1 - share)))
        for step in steps:
            if fits(fixed, step.unit, step.base, step.shown) == YES:
                return step
    return None


def marks_up(tree: n.Node, work: Claim, step: RefStep, params: Mapping[str, Fraction],
             units: Mapping[str, Unit]) -> bool:
    """Whether ``tree`` (worth ``work``) lands near ``step`` only because ``× 1.05`` is close to ``÷ 0.95``:
    with the division it would be the step's value exactly, as it is not now.

    ``1.25 × 1.05 ≈ 1.31`` is near enough to 1.25 ÷ 0.95 = 1.316 for "about"; a tutor still marks the method.
    """
    value = work.shown(step.unit, step.shown)
    if value == step.shown:
        return False
    return any(value / (factor * (1 - share)) == step.shown for factor, share in _factors(tree, params, units))


def _factors(tree: n.Node, params: Mapping[str, Fraction], units: Mapping[str, Unit]) -> list[tuple[Fraction, Fraction]]:
    """The factors ``1 + share`` written in ``tree``, for each share that is one of the problem's percentages."""
    shares = {v for k, v in params.items() if units[k].share and 0 < v < 1}
    return [(x.value, x.value - 1) for x in n.numbers(tree) if x.value - 1 in shares]
