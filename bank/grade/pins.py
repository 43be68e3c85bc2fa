"""``--param NAME=VALUE``: pinning a question's params, in learner notation.

Values are read by the safe parser, so ``--param hourly_rent=$3/hour`` and
``--param weights=70`` both work; a value with a unit is converted to the
param's declared unit.

>>> from bank.load import load
>>> q = load().question("replica-boot-gap")
>>> pins(q, ["weights=0.1 TB", "read_rate=6"])
{'weights': Fraction(100, 1), 'read_rate': Fraction(6, 1)}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from .. import notation
from ..errors import NotationError, NotFound, UsageError, did_you_mean
from ..model import Question, Term, Variant
from ..units import parse_unit


def pins(owner: Question | Term, pairs: Iterable[str]) -> dict[str, Fraction]:
    """Read ``NAME=VALUE`` pairs against the owner's params (declared units)."""
    worked = owner.worked
    names = [p.name for p in worked.params] if worked else []
    out: dict[str, Fraction] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(f"--param takes NAME=VALUE, got `{pair}`")
        if name not in names:
            raise NotFound(f"`{owner.id}` has no param `{name}`" + did_you_mean(name, names))
        out[name] = _value(text, worked.param(name).unit, name)
    return out


def _value(text: str, unit_text: str, name: str) -> Fraction:
    try:
        node = notation.parse(text.strip())
        base = notation.evaluate(node)
        got = notation.infer_unit(node)
    except (NotationError, ZeroDivisionError, ValueError, ArithmeticError, KeyError) as exc:
        message = exc.show() if isinstance(exc, NotationError) else str(exc)
        raise UsageError(f"--param {name}: cannot read `{text}`:\n{message}") from None
    unit = parse_unit(unit_text)
    if got.dimensionless and not unit.dimensionless:
        return base  # a plain number is in the declared unit
    if got.dims != unit.dims:
        raise UsageError(f"--param {name}: `{text}` is {got.describe()}, but {name} is {unit.describe()}")
    return base / unit.scale


def check_pins(owner: Question | Term, variant: Variant) -> None:
    """Refuse a pinned variant that breaks the question's constraints (exit 1: no such variant)."""
    from ..plan import plan

    worked = owner.worked
    failing = plan(worked).failing(variant.as_dict())
    if failing:
        raise NotFound(f"no such variant of `{owner.id}`: it breaks the constraint `{failing[0]}`")
