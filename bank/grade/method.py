"""A wrong method: right sums on an open step's own inputs that give a value of its kind, but not its value.

``0.23 × 0.6 = $0.14 per million tokens`` for the cost at 60% load (which divides) is a try at that
step, not an unmatched line: the lines after it are carried from it. :func:`wrong_method` is one of
the last things :func:`bank.grade.locate.locate` tries, after every reading that credits the line.
"""

from __future__ import annotations

from .. import notation as n
from .inputs import as_share
from .leaves import Leaf
from .matching import Claim
from .naming import of_kind
from .reference import label_words
from .report import Status
from .state import Outcome, State


def wrong_method(state: State, line: n.Chain, claim: Claim, found: list[Leaf], label: str = "") -> Outcome | None:
    """``0.23 × 0.6 = $0.14 per million tokens`` for the cost at 60% load (which divides): right sums on
    the next open step's own inputs, giving a value of its kind. A slip on that step, until a later
    claim for it shows this was a stepping stone. A label whose words the next step lacks and a later one
    has (``At 4-bit it's …`` while the 8-bit count is open) passes over it."""
    unit = claim.unit
    words = label_words(label)
    if not n.has_operation(line.segments[0].node):
        return None
    plain = unit is None or (unit.dimensionless and not unit.name)  # "72 / 0.537 = 134": needs a worked input
    counted = unit is None or unit.dimensionless
    steps = {u for leaf in found for u in leaf.uses}
    used = steps | {p for leaf in found for p in leaf.given}
    share = as_share(line.segments[-1].node)
    for step in state.ref.steps:
        if state.covered(step.name) or not of_kind(claim, step) or (plain and not step.unit.dimensionless) \
                or (share and not step.unit.share):
            continue
        if counted and not step.unit.dimensionless:
            return None  # "= 160 all-reduces" counts something: not a wrong try at the next step's 294.9 MB
        if words and not words <= step.words and any(
                words <= later.words and of_kind(claim, later) and not state.covered(later.name)
                for later in state.ref.steps[step.index + 1:]):
            continue
        inputs = {x.id for x in n.names(state.ref.plan.trees[step.name])}
        began = any(state.covered(a) for a in step.ancestors) or _share_left_out(state, used, inputs)
        if (used & inputs and began or used >= inputs) and (not plain or steps & set(step.ancestors) and began):
            if claim.written.mid.denominator == 1 and step.rounds is None:  # "= 134 sequences": the whole count
                step = next((s for s in state.ref.steps if s.rounds and step.name in s.ancestors
                             and not state.covered(s.name)), step)
            return Outcome(Status.SLIP, step, None, tentative=True)
        return None
    return None



def _share_left_out(state: State, used: set[str], inputs: set[str]) -> bool:
    """Whether a working uses every input of a step but its shares (``4 × 989 = 3,956 TFLOP/s``, the 50% the
    kernels reach left out): the step's own sum, short of the factor most often forgotten."""
    units = state.ref.plan.units
    left = inputs - used
    return bool(left) and len(used & inputs) > 1 and all(name in units and units[name].share for name in left)
