"""A given said again on a line that computes nothing: plainly (no penalty), in another unit of its kind (no claim),
or under a label that names a step, where it is a slip on that step (``usable memory = 192 GB``, the card's size;
``rent = 4.75``, one card's price for the replica's rent).

>>> from bank.load import load
>>> from bank.variant import variant
>>> from bank.grade.reference import reference
>>> from bank.grade.state import State
>>> from bank.grade.matching import Claim
>>> from bank.units import parse_unit
>>> question = load().question("quantisation-trade-off")
>>> state = State(reference(question, variant(question)))
>>> card = Fraction(141)
>>> said(state, Claim.exact(card * 10**9, card, parse_unit("GB"))), said(state, Claim.exact(card, card, None))
(True, False)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterator

from .. import notation as n
from ..units import UnitError, parse_unit
from . import diagnose as dx
from .arithmetic import Arithmetic
from .matching import YES, Claim, fits, same_kind
from .naming import named_step
from .reference import RefStep, label_words
from .report import Status
from .state import Outcome, State


def restated(state: State, line: n.Chain, arith: Arithmetic, label: str, named: RefStep | None) -> Outcome | None:
    """What a line that computes nothing gets for saying a given again; None when it says none."""
    if arith.rounded:
        return None
    claim = arith.claim
    if _converted(state, line, arith):
        return Outcome(Status.UNMATCHED)  # "the rise lasts 60 s = 1 min": a given, said in another unit
    step = named or _loosely_named(state, label, claim)
    if step is not None and not state.covered(step.name) and fits(claim, step.unit, step.base, step.shown) != YES \
            and (said(state, claim) and not _names_a_given(state, label, claim, wholly=True)
                 or said(state, claim, plain=True) and not _names_a_given(state, label, claim)):
        return named_slip(step, claim)  # the card's size or price, taken for the step the label names
    if said(state, claim) or said(state, claim, plain=True) and _names_a_given(state, label, claim):
        return Outcome(Status.UNMATCHED)  # "34B params", "cards = 4": the problem's own number, said again
    return None


def named_slip(step: RefStep, claim: Claim) -> Outcome:
    """A slip on the step a label names, diagnosed against the value written."""
    return Outcome(Status.SLIP, step, dx.diagnose(step.shown, claim.written, conversions=False))


def said(state: State, claim: Claim, plain: bool = False) -> bool:
    """A bare value that is one of the problem's givens, of the given's own kind (or, with ``plain``, a plain
    number: the given's unit unsaid)."""
    for name in _written_as(state, claim):
        unit, mine = state.ref.plan.units[name], claim.unit
        if unit.dimensionless and unit.scale == 1:
            if mine is None or mine.dimensionless:
                return True  # "34B params": a plain given, said plainly
        elif mine is not None and not mine.dimensionless and same_kind(mine.dims, unit.dims):
            return True  # "70 GB": a given with its unit
        elif plain and (mine is None or mine.dimensionless):
            return True  # "rent = 4.75": a given's number, its unit unsaid
    return False


def _converted(state: State, line: n.Chain, arith: Arithmetic) -> bool:
    """``60 s = 1 min``: a given said again in another unit of its kind, which claims no step."""
    work, claim = arith.work, arith.claim
    return len(line.segments) > 1 and work is not None and work.unit is not None \
        and claim.unit is not None and state.restates_given(work) and claim.base.contains(work.base.mid) \
        and same_kind(work.unit.dims, claim.unit.dims) and work.unit.scale != claim.unit.scale


def _loosely_named(state: State, label: str, claim: Claim) -> RefStep | None:
    """The step a label's first word names, the words after it saying more (``usable: whole card``, ``usable memory
    is the card,``), where the value is of the step's own kind; not an opening word (``First, restating the setup``).
    """
    words, unit = label.split(), claim.unit
    if not 1 < len(label_words(label)) <= 3 or words[0].endswith(",") or unit is None or unit.dimensionless:
        return None  # a sentence, or a plain number or share that fits any step
    step = named_step(state, words[0], claim)
    return step if step is not None and step.unit.dims == unit.dims else None  # not "cost is … of a $4/hr card"


def _names_a_given(state: State, label: str, claim: Claim, wholly: bool = False) -> bool:
    """Whether a label names the given whose value the claim is (``arrivals = 30``, ``kv = 131072``): shares a word
    with its name, or, ``wholly``, has no word the name lacks (``kv = 131072 B/token`` for ``kv_token``, where
    ``usable memory = 141 GB`` does not name ``memory``)."""
    words = label_words(_unit_aside(label))
    names = (label_words(name.replace("_", " ")) for name in _written_as(state, claim))
    return any(words <= name if wholly else words & name for name in names) and bool(words)


def _unit_aside(label: str) -> str:
    """A label without the unit symbol it ends with, as a sheet's heading does (``arrivals req/s``).

    >>> _unit_aside("arrivals req/s"), _unit_aside("prompt tokens")
    ('arrivals', 'prompt tokens')
    """
    words = label.split()
    if len(words) < 2 or not ("/" in words[-1] or len(words[-1]) <= 3):
        return label
    try:
        parse_unit(words[-1])
    except UnitError:
        return label
    return " ".join(words[:-1])


def _written_as(state: State, claim: Claim) -> Iterator[str]:
    """The givens the problem shows as the number the claim writes."""
    return (name for name, value in state.ref.params.items()
            if claim.written.mid == state.ref.plan.display(name, value))
