"""Number formatting for prose: money, percent, separators, significant figures.

All rounding is exact (on ``Fraction``) and half away from zero, so a value
prints the same on every platform.

>>> money(Fraction(21900)), money(Fraction(5, 2)), sig(Fraction(35, 3), 3)
('$21,900', '$2.50', '11.7')
>>> large(30_000_000), percent(10), duration(Fraction(95, 3))
('30 million', '10%', '31.7 s')
"""

from __future__ import annotations

import functools
from fractions import Fraction
from numbers import Rational, Real
from typing import TYPE_CHECKING, Callable, Union

if TYPE_CHECKING:
    from .model import Value

#: What a filter prints: a number, or a :class:`~bank.model.Value` (its magnitude, and for
#: ``duration`` its unit).
Numeric = Union[Fraction, float, int, "Value"]

__all__ = ["num", "thousands", "fixed", "sig", "money", "percent", "duration", "large", "sci",
           "counted", "FILTERS", "WORD_FILTERS", "NUMBER_FILTERS", "UNIT_FILTERS", "as_fraction"]


def as_fraction(x: object) -> Fraction:
    """Anything numeric (including a :class:`bank.model.Value`) as a Fraction."""
    magnitude = getattr(x, "magnitude", x)
    if isinstance(magnitude, Fraction):
        return magnitude
    if isinstance(magnitude, float):  # the decimal a float prints, not its binary expansion
        return Fraction(repr(magnitude))
    if isinstance(magnitude, (int, Rational)):  # and exact numbers from other libraries
        return Fraction(magnitude)
    if isinstance(magnitude, Real):
        return Fraction(repr(float(magnitude)))
    raise TypeError(f"not a number: {x!r}")


#: The most decimal places or significant figures a filter prints (a bound on the work any prose can ask for).
MAX_PLACES = 30


def _scaled(x: Fraction, places: int) -> int:
    """``|x| × 10^places`` rounded half up, as an integer (integer arithmetic only: this is hot)."""
    if abs(places) > MAX_PLACES + 60:
        raise ValueError(f"too many digits asked for (a format prints at most {MAX_PLACES} places)")
    n, d = abs(x.numerator), x.denominator
    if places >= 0:
        n *= 10 ** places
    else:
        d *= 10 ** -places
    return (2 * n + d) // (2 * d)


def _digits(x: Fraction, places: int) -> str:
    """Exact decimal text with exactly ``places`` decimals and thousands separators."""
    units = _scaled(x, places)
    sign = "-" if x < 0 and units else ""
    if places <= 0:
        return f"{sign}{units * 10 ** -places:,}"
    whole, frac = divmod(units, 10 ** places)
    return f"{sign}{whole:,}.{frac:0{places}d}"


def _magnitude(x: Fraction) -> int:
    """Digits before the point (``12.3`` → 2), or minus the zeros after it (``0.0012`` → -2)."""
    n, d = abs(x.numerator), x.denominator
    if n >= d:
        return len(str(n // d))
    zeros = 0
    while n * 10 < d:
        n *= 10
        zeros += 1
    return -zeros


def _places_for_sig(x: Fraction, figures: int) -> int:
    """Decimal places that keep ``figures`` significant figures, after any carry (9.99 → 10.0)."""
    if x == 0:
        return 0
    places = figures - _magnitude(x)
    if _scaled(x, places) >= 10 ** figures:
        places -= 1
    return places


def _trim(text: str) -> str:
    return text.rstrip("0").rstrip(".") if "." in text else text


def _bounded(count: int) -> int:
    if not 0 <= count <= MAX_PLACES:
        raise ValueError(f"{count} places or figures asked for; a format prints 0 to {MAX_PLACES}")
    return count


def fixed(x: Numeric, places: int = 2) -> str:
    """Exactly ``places`` decimals: ``fixed(11.666, 1) == '11.7'``."""
    return _digits(as_fraction(x), _bounded(places))


def sig(x: Numeric, figures: int = 3) -> str:
    """``figures`` significant figures, trailing zeros trimmed: ``sig(31.67, 2) == '32'``."""
    _bounded(figures)
    value = as_fraction(x)
    places = _places_for_sig(value, figures)
    return _trim(_digits(value, places)) if places > 0 else _digits(value, places)


def num(x: Numeric) -> str:
    """A sensible default: whole numbers with separators, others to 3 significant figures."""
    value = as_fraction(x)
    if value.denominator == 1:
        return f"{int(value):,}"
    return sig(value, 3)


def thousands(x: Numeric, places: int = 0) -> str:
    """Separators and ``places`` decimals: ``thousands(21900) == '21,900'``."""
    return _digits(as_fraction(x), _bounded(places))


def money(x: Numeric, places: int | None = None) -> str:
    """Dollars; cents shown unless the amount is whole: ``money(9) == '$9'``, ``money(9, 2) == '$9.00'``."""
    value = as_fraction(x)
    if places is None:
        places = 0 if value.denominator == 1 else 2
    text = _digits(abs(value), _bounded(places))
    return f"-${text}" if value < 0 and text.strip("0.,") else f"${text}"


def percent(x: Numeric, places: int | None = None) -> str:
    """A percent magnitude: ``percent(10) == '10%'``, ``percent(12.5) == '12.5%'``."""
    value = as_fraction(x)
    text = num(value) if places is None else fixed(value, places)
    return f"{text}%"


_DURATIONS = ((Fraction(1, 1000), "ms"), (1, "s"), (60, "min"), (3600, "hours"), (86400, "days"))


def duration(x: Numeric, figures: int = 3) -> str:
    """A time in the largest convenient unit; plain numbers are seconds.

    >>> duration(Fraction(1, 2)), duration(21), duration(5400), duration(172800)
    ('500 ms', '21 s', '90 min', '2 days')
    """
    seconds = as_fraction(x) * _seconds_per(x)
    limits = ((1, 0), (120, 1), (7200, 2), (172800, 3))
    index = next((i for limit, i in limits if abs(seconds) < limit), 4)
    scale, name = _DURATIONS[index]
    return f"{sig(seconds / Fraction(scale), figures)} {name}"


def _seconds_per(x: Numeric) -> Fraction:
    unit = getattr(x, "unit_obj", None)
    return unit.scale if unit is not None and unit.dims[0] == 1 and not any(unit.dims[1:]) else Fraction(1)


_LARGE = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"))


def large(x: Numeric, figures: int = 3) -> str:
    """Big counts in words: ``large(1_500_000_000) == '1.5 billion'``; smaller ones with separators."""
    value = as_fraction(x)
    for size, word in _LARGE:
        if abs(value) >= size:
            return f"{sig(value / size, figures)} {word}"
    return num(value)


def sci(x: Numeric, figures: int = 2) -> str:
    """Scientific notation as engineers write it: ``sci(5.6e14) == '5.6e14'``."""
    value = as_fraction(x)
    if value == 0:
        return "0"
    exponent = _magnitude(value) - 1
    mantissa = value / Fraction(10) ** exponent
    text = sig(mantissa, figures)
    if text.lstrip("-") == "10":  # rounding carried into the next power
        text, exponent = ("-1" if value < 0 else "1"), exponent + 1
    return f"{text}e{exponent}"


def plural(x: Numeric, word: str, many: str | None = None) -> str:
    """The word for a count: ``plural(1, 'replica') == 'replica'``, ``plural(3, 'replica') == 'replicas'``."""
    return word if as_fraction(x) == 1 else (many or word + "s")


def counted(n: int, word: str, many: str | None = None) -> str:
    """A count and the word for that many, for messages and summaries.

    >>> counted(1, "error"), counted(1402, "variant"), counted(2, "query", "queries")
    ('1 error', '1,402 variants', '2 queries')
    """
    return f"{n:,} {plural(n, word, many)}"


#: Every filter prose may use, by name (``{{ cost | money }}``); a step's ``format`` names one of them.
FILTERS: dict[str, Callable[..., str]] = {"plural": plural, "num": num, "thousands": thousands, "fixed": fixed, "sig": sig, "money": money,
           "percent": percent, "duration": duration, "large": large, "sci": sci}
#: Filters that take words and print words (``{{ n | plural("replica") }}``).
WORD_FILTERS = frozenset({"plural"})
#: Filters that print the number itself, taking at most a whole number (places or figures).
NUMBER_FILTERS = frozenset(FILTERS) - WORD_FILTERS
#: Number filters that print a unit of their own: ``$21,900``, ``10%``, ``31.7 s``.
UNIT_FILTERS = frozenset({"money", "percent", "duration"})


def with_unit(text: str, unit: str, magnitude: Fraction | float | int) -> str:
    """A formatted number with its unit, the one way the project prints a quantity.

    Money and percent read as ``$21,900`` and ``10%``; counted things take their plural
    (``3 replicas``, ``2 tokens/s``); ``1/s`` reads as ``/s``; other units follow a space.

    >>> with_unit("21,900", "USD", 21900), with_unit("3", "replica", 3), with_unit("68.6", "1/s", 68.6)
    ('$21,900', '3 replicas', '68.6/s')
    >>> with_unit("2.50", "USD/hour", 2.5), with_unit("10", "percent", 10), with_unit("1", "hour", 1)
    ('$2.50/hour', '10%', '1 hour')
    """
    from .vocabulary import plural as unit_plural

    if unit.startswith("USD") or unit.startswith("$"):
        rest = unit[3:] if unit.startswith("USD") else unit[1:]
        if text.startswith(("$", "-$")):
            return text + rest
        sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
        return f"{sign}${digits}{rest}"
    if unit in ("percent", "%"):
        return text if text.endswith("%") else f"{text}%"
    if unit.startswith("1/"):
        return f"{text}{unit[1:]}"
    if not unit:
        return text
    return f"{text} {unit_plural(unit, magnitude)}"


def apply_format(x: Numeric, spec: str | None) -> str:
    """Format with a spec such as ``money``, ``fixed(1)`` or ``sig(2)``; None means :func:`num`.

    >>> apply_format(Fraction(35, 3), "fixed(1)")
    '11.7'
    """
    return _formatter(spec)(x)


@functools.lru_cache(maxsize=None)
def _formatter(spec: str | None) -> Callable[[Numeric], str]:
    if not spec:
        return num
    name, _, arg = spec.partition("(")
    fn = FILTERS[name]
    if not arg:
        return fn
    count = int(arg.rstrip(")"))
    return lambda x: fn(x, count)
