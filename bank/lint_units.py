"""Suggest the unit a step should declare when its declared unit has the wrong dimension.

The suggestion keeps as much of what the author wrote as it can: it cancels
a factor of the declared unit that the expression does not produce, and
appends the factor it is missing, so ``GB`` for a rate becomes ``GB/s`` and
``USD/hour`` for a total becomes ``USD``.

>>> from bank.units import parse_unit
>>> suggest("GB", parse_unit("GB/s").dims)
'GB/s'
>>> suggest("USD/hour", parse_unit("USD").dims)
'USD'
>>> suggest("", parse_unit("token/s").dims)
'token/s'
>>> suggest("token/s", parse_unit("token/s/user").dims)
'token/s/user'
>>> suggest("percent", parse_unit("token/s").dims), suggest("s", parse_unit("").dims)
('token/s', '')
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Mapping

from .units import DIMENSIONS, Unit, UnitError, lookup, parse_unit

if TYPE_CHECKING:
    from .model import Step, Worked

#: The word to add for a missing base dimension (a prefix-free unit of each).
#: A unit is never suggested with a factor raised past this power (``(1 s)^(10^400)`` would loop for ever).
MAX_POWER = 64

_WORDS = {"time": "s", "data": "B", "compute": "FLOP", "money": "USD", "token": "token",
          "request": "request", "replica": "replica", "card": "card", "user": "user"}


def _factors(text: str) -> list[tuple[str, int]]:
    """``USD/hour/card`` -> [("USD", 1), ("hour", -1), ("card", -1)]; juxtaposed words multiply."""
    out, sign = [], 1
    for m in re.finditer(r"([/*·])|([A-Za-z%$]+)", text.strip().removeprefix("1/")):
        if m.group(1):
            sign = -1 if m.group(1) == "/" else 1
            continue
        out.append(("USD" if m.group(2) == "$" else m.group(2), sign))
        sign = 1
    if text.strip().startswith("1/"):
        out = [(w, -e) for w, e in out]
    return out


def _dim_of(word: str) -> int | None:
    """The index of the single base dimension a unit word measures, or None (also for ``percent``)."""
    unit = lookup(word)
    if unit is None or unit.dimensionless:
        return None
    nonzero = [i for i, d in enumerate(unit.dims) if d]
    return nonzero[0] if len(nonzero) == 1 and abs(unit.dims[nonzero[0]]) == 1 else None


def _word(d: int, near: tuple[str, ...]) -> str:
    """How to spell a factor of dimension ``d``: as a nearby unit does, else the base unit."""
    for text in near:
        try:
            found = next((w for w, _ in _factors(text) if _dim_of(w) == d), None)
        except UnitError:
            found = None
        if found:
            return found
    return _WORDS[DIMENSIONS[d]]


def _join(factors: list[tuple[str, int]]) -> str:
    top = [w for w, e in factors if e > 0]
    bottom = [w for w, e in factors if e < 0]
    head = "*".join(top) or ("1" if bottom else "")
    return head + "".join(f"/{w}" for w in bottom)


def suggest(declared: str, dims: tuple[int, ...], near: tuple[str, ...] = ()) -> str | None:
    """A unit with dimension ``dims`` built from ``declared`` (``""`` for a plain number), or None.

    A missing factor is spelt as in ``near`` (the units of the names the expression uses) when one
    of them measures it: ``hour`` rather than ``s`` for a price per hour.

    >>> suggest("USD", parse_unit("USD/hour").dims, near=("USD/hour/card", "card"))
    'USD/hour'
    """
    try:
        factors = _factors(declared)
        have = list(parse_unit(declared).dims)
    except UnitError:
        factors, have = [], [0] * len(DIMENSIONS)
    if any(dims):  # a percent or plain number has nothing to keep
        factors = [(w, e) for w, e in factors if _dim_of(w) is not None]
    missing = [g - h for g, h in zip(dims, have)]
    if any(abs(need) > MAX_POWER for need in missing):
        return None
    for d, need in enumerate(missing):
        while need:
            sign = 1 if need > 0 else -1
            cancel = next((i for i, (w, e) in enumerate(factors) if e == -sign and _dim_of(w) == d), None)
            if cancel is not None:
                factors.pop(cancel)
            else:
                factors.append((_word(d, near), sign))
            need -= sign
    text = _join(factors)
    try:
        return text if parse_unit(text).dims == tuple(dims) else None
    except UnitError:
        return None


def near_units(expr: str, units: Mapping[str, Unit | None]) -> tuple[str, ...]:
    """The declared unit texts of the names an expression uses, for :func:`suggest`."""
    found = (units.get(w) for w in re.findall(r"[A-Za-z_]\w*", expr))
    return tuple(u.name for u in found if u is not None and u.name)


def with_suggested_units(worked: Worked, units: dict[str, Unit]) -> Worked | None:
    """``worked`` with each step whose declared unit has the wrong dimension declaring the suggested
    one instead, or None when nothing needed (or could be given) a new unit.

    ``units`` holds the params' units; the steps' are added as they are read. A step whose
    expression cannot be read or typed keeps its unit.
    """
    from . import notation

    units = dict(units)
    steps: list[Step] = []
    changed = False
    for step in worked.steps:
        try:
            declared = parse_unit(step.unit)
        except UnitError:
            declared = None
        try:
            got = notation.infer_unit(notation.parse(step.expr, max_length=2000), units, step.expr)
        except Exception:  # a parse or unit error: planning reports it
            got = None
        if got is not None and (declared is None or got.dims != declared.dims):
            hint = suggest(step.unit if declared is not None else "", got.dims, near_units(step.expr, units))
            if hint is not None:
                step, declared, changed = replace(step, unit=hint), parse_unit(hint), True
        steps.append(step)
        units[step.name] = declared or parse_unit("")
    return replace(worked, steps=tuple(steps)) if changed else None


__all__ = ["suggest", "near_units", "with_suggested_units"]
