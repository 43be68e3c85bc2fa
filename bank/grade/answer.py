"""The final-answer rule on its own: does a typed answer state a value at the precision written?

For a single answer box (the site's Check, a quiz's final answer): the same
reading and matching as the grader's rule 5, without a working.

>>> from fractions import Fraction
>>> from bank.model import Value
>>> accepts("about 32 s", Value(Fraction(95, 3), "s"))
True
>>> accepts("31.6", Value(Fraction(95, 3), "s")), accepts("0.53 min", Value(Fraction(95, 3), "s"))
(False, True)
>>> accepts("$21,900", Value(Fraction(21900), "USD")), accepts("90%", Value(Fraction(90), "percent"))
(True, True)
>>> accepts("2 + )", Value(Fraction(1)))
False
>>> accepts("so 2 cards.", Value(Fraction(2), "card")), accepts("11.7 + 20 = 31.7 s", Value(Fraction(95, 3), "s"))
(True, True)
"""

from __future__ import annotations

from fractions import Fraction

from .. import notation as n
from ..errors import NotationError
from ..model import Value
from ..units import parse_unit
from .arithmetic import check
from .matching import YES, fits
from .reading import Scope


def accepts(text: str, value: Value) -> bool:
    """True when ``text`` (one number or expression, learner notation) states ``value``."""
    try:
        reading = n.read_line(text)
        chains = reading.claims or reading.chains  # "two cards" is said in words, not claimed
        if not chains:
            return False
        arith = check(chains[-1], Scope({}, {}, {}))  # "11.7 + 20 = 31.7": the value it ends on, if right
        if not arith.ok:
            return False
        claim = arith.claim
    except NotationError:
        return False
    unit = parse_unit(value.unit)
    shown = Fraction(value.magnitude)
    return fits(claim, unit, shown * unit.scale, shown) == YES
