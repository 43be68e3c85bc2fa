"""The unit registry: exact conversions and dimension checks.

A :class:`Unit` is an exact scale to base units plus a vector of dimension
exponents. Base units are the second, the byte, the FLOP, the US dollar and one
of each counted thing (token, request, replica, card, user). Percent is
dimensionless with scale 1/100. The spellings come from :mod:`bank.vocabulary`.
Nothing here imports sympy.

>>> (parse_unit("GB") / parse_unit("GB/s")).dims == parse_unit("s").dims
True
>>> parse_unit("min").scale
Fraction(60, 1)
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from fractions import Fraction

from . import vocabulary
from .errors import BankError, did_you_mean
from .vocabulary import DIMENSIONS


@dataclass(frozen=True)
class Unit:
    """An exact multiple of a product of base units.

    >>> hour = parse_unit("hour"); hour.scale, hour.dims[0]
    (Fraction(3600, 1), 1)
    """

    scale: Fraction
    dims: tuple[int, ...]
    name: str = ""

    def __mul__(self, other: Unit) -> Unit:
        dims = tuple(a + b for a, b in zip(self.dims, other.dims))
        return Unit(self.scale * other.scale, dims, _join(self.name, "·", other.name))

    def __truediv__(self, other: Unit) -> Unit:
        dims = tuple(a - b for a, b in zip(self.dims, other.dims))
        return Unit(self.scale / other.scale, dims, _join(self.name, "/", other.name))

    def __pow__(self, n: int) -> Unit:
        return Unit(self.scale ** n, tuple(d * n for d in self.dims), f"({self.name})^{n}")

    @property
    def dimensionless(self) -> bool:
        return not any(self.dims)

    @property
    def share(self) -> bool:
        """A percentage: no dimension, a hundredth (``%``, ``percent``, ``pct``)."""
        return self.dimensionless and self.scale == Fraction(1, 100)

    def same_dimension(self, other: Unit) -> bool:
        return self.dims == other.dims

    def describe(self) -> str:
        """The dimension in words, e.g. ``data/time``."""
        return describe_dims(self.dims)


def _join(a: str, op: str, b: str) -> str:
    if not a:
        return f"1{op}{b}" if op == "/" and b else b
    return f"{a}{op}{b}" if b else a


def describe_dims(dims: tuple[int, ...]) -> str:
    """Readable dimension names.

    >>> describe_dims(parse_unit("GB/s").dims)
    'data/time'
    """
    top = [_power(n, e) for n, e in zip(DIMENSIONS, dims) if e > 0]
    bottom = [_power(n, -e) for n, e in zip(DIMENSIONS, dims) if e < 0]
    text = "·".join(top) or ("1" if bottom else "dimensionless")
    return text + "".join(f"/{b}" for b in bottom)


def _power(name: str, e: int) -> str:
    return name if e == 1 else f"{name}^{e}"


def _base(dim: str | None, scale: Fraction | int = 1, name: str = "") -> Unit:
    dims = tuple(1 if d == dim else 0 for d in DIMENSIONS)
    return Unit(Fraction(scale), dims, name)


DIMENSIONLESS = _base(None, 1, "")
PERCENT = _base(None, Fraction(1, 100), "%")


def _build_registry() -> dict[str, Unit]:
    """Every single-word spelling of :data:`bank.vocabulary.UNITS` as a :class:`Unit` (compounds aside)."""
    reg: dict[str, Unit] = {}
    for spelling, word in vocabulary.UNITS.items():
        if word.expands is None:
            reg[spelling] = _base(word.dimension, word.scale, "%" if spelling == "%" else word.name)
    return reg


REGISTRY: dict[str, Unit] = _build_registry()
#: Single words that stand for a compound unit (``rps`` is ``request/s``).
_COMPOUNDS = {spelling: word.expands for spelling, word in vocabulary.UNITS.items() if word.expands}


def lookup(word: str) -> Unit | None:
    """The unit a single word names, or None.

    >>> lookup("hours").name, lookup("banana"), lookup("rps").describe()
    ('hour', None, 'request/time')
    """
    if word in _COMPOUNDS:
        return parse_unit(_COMPOUNDS[word])
    return REGISTRY.get(word)


def is_unit_word(word: str) -> bool:
    """True if ``word`` names a unit, so it cannot be a parameter name (count labels such as
    ``layers`` may be names: they only label a number in a learner's prose)."""
    return (word in REGISTRY or word in _COMPOUNDS) and word not in vocabulary.LABELS


def period(name: str) -> Fraction:
    """The time a rate is "per", in seconds (``$9.00 a day``, ``10.8M tok/hr``), or 0 when none is named.

    >>> period("token/hour"), period("USD/day"), period("GB"), period("rps")
    (Fraction(3600, 1), Fraction(86400, 1), Fraction(0, 1), Fraction(1, 1))
    """
    for word in reversed(name.replace("/", " ").replace("·", " ").replace("$", " ").split()):
        if word in _COMPOUNDS:  # rps: request/s
            return period(_COMPOUNDS[word])
        unit = lookup(word)
        if unit is not None and unit.dims[0] == 1 and not any(unit.dims[1:]):
            return unit.scale
    return Fraction(0)


_UNIT_TOKEN = re.compile(r"\s*(?:([A-Za-z%$µμ¢]+)(?:\^(-?\d+))?|([/*·]))\s*")


class UnitError(BankError):
    """A unit string that the registry cannot read. The near miss to an ``unknown`` word is looked up only when
    the error is shown: the grader tries many words that are no unit, and never shows why.

    >>> str(UnitError("unknown unit `hourz`", "hourz"))
    'unknown unit `hourz` (did you mean `hour`?)'
    """

    def __init__(self, message: str, unknown: str = ""):
        super().__init__(message)
        self.unknown = unknown

    def __str__(self) -> str:
        return super().__str__() + (did_you_mean(self.unknown, REGISTRY) if self.unknown else "")


def parse_unit(text: str) -> Unit:
    """Parse a unit string such as ``GB/s``, ``USD/hour/card`` or ``token``.

    An empty string is dimensionless. ``$`` is an alias for ``USD``.

    >>> parse_unit("USD/hour/card").describe()
    'money/time/card'
    >>> parse_unit("").dimensionless
    True
    >>> parse_unit("1/s").describe()
    '1/time'

    """
    parsed = _parse(text.strip())
    if isinstance(parsed, tuple):
        raise UnitError(*parsed)
    return parsed


@functools.lru_cache(maxsize=4096)
def _parse(text: str) -> Unit | tuple[str, str]:
    """The unit, or why it cannot be read (and the unknown word): cached, as the grader asks of the same few
    words on every line."""
    if not text:
        return DIMENSIONLESS
    if text.startswith("1/"):  # "1/s": a rate of events
        rest = _parse(text[2:].strip())
        if isinstance(rest, tuple):
            return rest
        inverse = DIMENSIONLESS / rest
        return Unit(inverse.scale, inverse.dims, text)
    result, op, pos = None, None, 0
    while pos < len(text):
        m = _UNIT_TOKEN.match(text, pos)
        if not m or m.end() == pos:
            return f"cannot read unit `{text}` at column {pos + 1}", ""
        pos = m.end()
        if m.group(3):
            if op is not None or result is None:
                return (f"cannot read unit `{text}`: `{m.group(3)}` at column {m.start(3) + 1} needs a unit "
                        "before it", "")
            op = m.group(3)
            continue
        word = "USD" if m.group(1) == "$" else m.group(1)
        unit = lookup(word)
        if unit is None:
            return f"unknown unit `{word}`", word
        if m.group(2):
            unit = unit ** int(m.group(2))
        if result is not None and op is None:
            op = "*"  # "token user" reads as token·user
        result = unit if result is None else (result / unit if op == "/" else result * unit)
        op = None
    if op is not None:
        return f"cannot read unit `{text}`: it ends with `{op}`", ""
    result = result or DIMENSIONLESS
    return Unit(result.scale, result.dims, text)
