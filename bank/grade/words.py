"""Numbers and messages as the learner reads them.

>>> show(Fraction(35, 3), "s"), show(Fraction(21900), "USD"), show(Fraction(90), "percent")
('11.67 s', '$21,900', '90%')
>>> show(Fraction(10) ** 500), show(Fraction(64 * 10**12), "FLOP"), show(Fraction(3), "replica")
('1e500', '6.4e13 FLOP', '3 replicas')
>>> show(Fraction(343, 5), "1/s")
'68.6/s'
"""

from __future__ import annotations

import math
from enum import Enum
from fractions import Fraction

from ..formatting import fixed, sig, thousands, with_unit

#: Beyond these sizes numbers print in scientific notation (never as digit strings too long to read).
_LARGE, _SMALL = Fraction(10) ** 10, Fraction(1, 10**6)


class Word(str, Enum):
    """An enum that prints (and goes into JSON) as its plain word."""

    def __str__(self) -> str:
        return self.value


def number_text(x: Fraction | float, figures: int = 4) -> str:
    """A value to four significant figures (whole digits at least), with separators.

    >>> number_text(Fraction(35, 3)), number_text(Fraction(43750, 3)), number_text(Fraction(21900))
    ('11.67', '14,583', '21,900')
    """
    x = Fraction(x)
    if x != 0 and (abs(x) >= _LARGE or abs(x) < _SMALL):
        return _scientific(x, figures)
    if x.denominator == 1 or (abs(x) >= 1000 and figures <= 4):
        return thousands(round(x))  # 14,583, not 14,580: at least every whole digit
    return sig(x, figures)


def _scientific(x: Fraction, figures: int = 4) -> str:
    exponent = math.floor(math.log10(abs(x.numerator)) - math.log10(x.denominator))
    mantissa = float(x / Fraction(10) ** exponent)
    if abs(mantissa) >= 9.9995:
        mantissa, exponent = mantissa / 10, exponent + 1
    head = f"{mantissa:.{figures}g}"
    return f"{head}e{exponent}"  # 6.4e13, as learners and the bank's own sci format write it


def show(x: Fraction | float, unit: str = "", figures: int = 4) -> str:
    """A value with its unit the way people write it: ``$21,900``, ``11.67 s``, ``90%``."""
    text = number_text(x, figures)
    if unit.startswith("USD") and figures <= 4 and Fraction(x).denominator in (2, 4, 5, 10, 20, 25, 50, 100):
        text = fixed(Fraction(x), 2)  # cents: $2.50, not $2.5
    return with_unit(text, unit, x)
