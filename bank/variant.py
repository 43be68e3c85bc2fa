"""Seeded variants: a pure function of (question, seed, student).

Every draw comes from SHA-256 of its inputs, never from ``hash()`` or global
random state, so the same inputs give the same numbers in every process and
on every platform. Values are drawn from the param's ``step``-aligned grid or
its ``choices``, and redrawn (rejection sampling) until every constraint holds.

This module needs no sympy: constraints are checked with the exact tree
evaluator, so a quiz can show its first problem before sympy has loaded.

>>> from bank.load import load
>>> q = load().question("replica-boot-gap")
>>> variant(q).seed is None                       # the default variant
True
>>> variant(q, 7) == variant(q, 7) != variant(q, 8)
True
"""

from __future__ import annotations

import functools
import hashlib
from collections import Counter
from fractions import Fraction
from typing import Callable, Mapping, Union

from .errors import BankError
from .model import Question, Term, Variant, Worked
from .plan import plan

MAX_TRIES = 1000
#: Grids up to this size are listed once per calculation; larger ones compute each value drawn.
_GRID_KEPT = 4096

Owner = Union[Question, Term]


class ConstraintsUnsatisfiable(BankError):
    """No draw satisfied the constraints within :data:`MAX_TRIES` tries."""


def derive_seed(*parts: object) -> str:
    """A stable seed from any parts, e.g. (class seed, student id).

    >>> derive_seed("spring", "s001")
    '9cfab7a7b31d4ac3'
    """
    joined = "\x1f".join(str(p) for p in parts)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:16]


def _attempt(key: str, seed: str, student: str | None, attempt: int) -> hashlib._Hash:
    """SHA-256 fed with what one attempt's draws share, to be copied for each param."""
    return hashlib.sha256(f"{key}\x1f{seed}\x1f{student or ''}\x1f{attempt}\x1f".encode("utf-8"))


def _draw(attempt: hashlib._Hash, name: str, size: int) -> int:
    h = attempt.copy()
    h.update(name.encode("utf-8"))
    return int.from_bytes(h.digest(), "big") % size


@functools.lru_cache(maxsize=1024)
def _grids(worked: Worked) -> tuple[tuple[str, int, Callable[[int], Fraction]], ...]:
    """Each param's name, grid size and value at an index, worked out once per calculation (a site
    draws about thirty variants of each question)."""
    out = []
    for p in worked.params:
        size = p.size()
        grid = p.choices or (tuple(p.at(i) for i in range(size)) if size <= _GRID_KEPT else ())
        out.append((p.name, size, grid.__getitem__ if grid else p.at))
    return tuple(out)


def variant(owner: Owner, seed: object = None, student: str | None = None,
            params: Mapping[str, Fraction] | None = None) -> Variant:
    """The variant of a question (or glossary example) for ``seed`` and ``student``.

    With no seed and no student, the defaults. ``params`` pins named values
    (as in ``bank grade --param rate=12``); the rest are drawn.
    """
    worked = _worked(owner)
    pinned = dict(params or {})
    if seed is None and student is None:
        values = {p.name: pinned.get(p.name, p.default) for p in worked.params}
        return Variant(owner.key, None, tuple(values.items()))
    seed_text = str(seed if seed is not None else "")
    planned = plan(worked)
    grids = _grids(worked)
    failures: Counter[str] = Counter()
    for attempt in range(MAX_TRIES):
        shared = _attempt(owner.key, seed_text, student, attempt)
        values = {name: pinned[name] if name in pinned else at(_draw(shared, name, size))
                  for name, size, at in grids}
        failing = planned.failing(values) if planned.constraints else ()
        if not failing:
            return Variant(owner.key, seed_text, tuple(values.items()), student)
        failures.update(failing)
    worst = failures.most_common(1)[0][0]
    raise ConstraintsUnsatisfiable(f"{owner.key}: no variant met the constraints in {MAX_TRIES} draws; "
                                   f"`{worst}` failed most often")


def _worked(owner: Owner) -> Worked:
    worked = owner.worked
    if worked is None:
        raise BankError(f"`{owner.id}` has no worked answer, so it has no variants")
    return worked


def default(owner: Owner) -> Variant:
    """The default variant: the author's numbers, as on the source page."""
    return variant(owner)


__all__ = ["variant", "default", "derive_seed", "ConstraintsUnsatisfiable", "MAX_TRIES"]
