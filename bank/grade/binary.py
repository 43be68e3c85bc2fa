"""Binary prefixes taken for decimal ones: ``1.25 GiB``, then ``so 1.25 GB``; bytes divided by 2^30 and called GB.

The bank counts a GB as 10^9 bytes; a learner who works in GiB and writes GB is 7% out at the giga scale. A tutor
marks that a slip in units on the step it was for, not a wrong method.

>>> from bank.notation import parse
>>> by_a_binary_power(parse("32 * 2048 * 131072 / 2^30")), by_a_binary_power(parse("32 * 2048 / 1000"))
(True, False)
"""

from __future__ import annotations

from fractions import Fraction

from .. import notation as n
from ..units import DIMENSIONS
from . import diagnose as dx
from .matching import Claim, same_kind
from .report import Status
from .state import Outcome, State

#: Where a unit counts bytes.
DATA = DIMENSIONS.index("data")
#: 1024, 1024^2 ...: what a binary prefix multiplies by.
_POWERS = frozenset(1024**k for k in (1, 2, 3, 4))


def said_binary(said: n.Node | None) -> bool:
    """Whether a value was said with a binary prefix (``1.25 GiB``)."""
    return isinstance(said, n.Quantity) and "iB" in said.unit_text


def by_a_binary_power(tree: n.Node) -> bool:
    """Whether a working multiplies or divides by 1024, 2^20, 1024^3 or the like."""
    for x in n.walk(tree):
        if isinstance(x, n.Num) and x.value in _POWERS:
            return True
        if isinstance(x, n.BinOp) and x.op == "^" and isinstance(x.left, n.Num) and isinstance(x.right, n.Num) \
                and (x.left.value == 2 and x.right.value in (10, 20, 30, 40) or x.left.value == 1024):
            return True
    return False


def restated(claim: Claim, base: Fraction, last: n.Node | None) -> bool:
    """``so 1.25 GB`` after ``= 1.25 GiB``: the value said last (``base``, in bytes), its binary prefix read as
    decimal."""
    return claim.unit is not None and bool(claim.unit.dims[DATA]) and said_binary(last) \
        and dx.binary_for_decimal(base, claim.base)


def worked(state: State, line: n.Chain, claim: Claim) -> Outcome | None:
    """``32 × 2048 × 131072 / 2^30 = 8.00`` under ``GB``: a step's bytes counted in GiB and called GB (its bytes
    worked on the line before, perhaps)."""
    if claim.unit is None or not claim.unit.dims[DATA] or not by_a_binary_power(line.segments[0].node):
        return None
    steps = sorted(state.ref.steps, key=lambda s: state.covered(s.name))  # an open step first
    step = next((s for s in steps if same_kind(claim.unit.dims, s.unit.dims)
                 and dx.binary_for_decimal(s.base, claim.base)), None)
    return Outcome(Status.SLIP, step, dx.Slip.UNITS) if step is not None else None
