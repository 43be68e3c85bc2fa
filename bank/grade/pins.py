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

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Iterable

from .. import notation
from ..errors import NotationError, NotFound, UsageError, did_you_mean
from ..model import Param, Question, Term, Variant, worked_of
from ..units import parse_unit
from .words import show

if TYPE_CHECKING:
    from .report import Report


def grade_pinned(owner: Question | Term, text: str, seed: object = None, pairs: Iterable[str] = ()) -> Report:
    """``bank grade``: the variant for ``seed`` with ``NAME=VALUE`` pins (refused if it breaks a
    constraint), the working marked against it, and the pins named in the report's header.

    >>> from bank.load import load
    >>> report = grade_pinned(load().question("replica-boot-gap"), "100 / 6 = 16.7", pairs=["weights=100"])
    >>> report.pinned, report.steps[0].status.value
    ((('weights', '100 GB'),), 'done')
    """
    from ..variant import variant
    from .marker import grade

    values = pins(owner, pairs)
    chosen = variant(owner, seed, params=values)
    if values:
        check_pins(owner, chosen)
    return replace(grade(owner, chosen, text), pinned=pinned(owner, values))


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
        param = worked_of(owner).param(name)
        out[name] = _in_range(param, _value(text, param.unit, name))
    return out


def _in_range(param: Param, value: Fraction) -> Fraction:
    """Refuse a value outside the range the author checked the question for (between grid points or
    choices is fine: the constraints still apply)."""
    low, high = (min(param.choices), max(param.choices)) if param.choices else (param.min, param.max)
    if low is not None and high is not None and not low <= value <= high:
        what = "the range of its choices" if param.choices else "its range"
        raise UsageError(f"--param {param.name}: {show(value, param.unit)} is outside {what} "
                         f"{show(low, param.unit)} to {show(high, param.unit)}")
    return value


def pinned(owner: Question | Term, values: dict[str, Fraction]) -> tuple[tuple[str, str], ...]:
    """The pinned params as the report's header shows them.

    >>> from bank.load import load
    >>> pinned(load().question("replica-boot-gap"), {"weights": Fraction(100)})
    (('weights', '100 GB'),)
    """
    worked = owner.worked
    assert worked is not None
    return tuple((name, show(value, worked.param(name).unit)) for name, value in values.items())


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
