"""Rule 3, error carried forward: the right method applied to the learner's own earlier values.

A line that matches no step directly may still compute one, once some of
its numbers are read as the learner's own earlier results (wrong or
rounded). Each such reading substitutes those values into the reference
step and re-evaluates it with the plan's compiled steps
(:meth:`bank.grade.reference.Reference.reevaluate`). Intermediate lines
that matched no step are inlined, so an error can be traced through them.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Iterable

from .. import notation as n
from ..errors import NotationError
from .leaves import Leaf, Stand, analyse, expand
from .matching import YES, Claim, fits, priced
from .reference import RefStep
from .state import State

#: Bounds on the search per line: options per number, and substitutions tried per step.
MAX_OPTIONS, MAX_TRIES = 4, 64
#: How many levels of the learner's own intermediate lines a carried error is traced through.
MAX_INLINE = 3


def carry(state: State, claim: Claim, found: list[Leaf],
          only: tuple[RefStep, ...] | None = None) -> tuple[RefStep, tuple[Stand, ...]] | None:
    """A step (of ``only``, if given) that the line computes once some of its numbers stand for the
    learner's earlier values."""
    if not any(leaf.stands for leaf in found):
        return None
    whole = claim.written.mid.denominator == 1  # 57.1 is the share before rounding, 57 the whole count
    targets = sorted(only or state.ref.steps,
                     key=lambda s: (s.name in state.coverage, (s.rounds is None) == whole, s.index))
    for step in targets:
        for stands in assignments(found, set(step.ancestors)):
            value = state.ref.reevaluate(step.name, {s.step: s.base for s in stands})
            if value is not None and (fits(claim, step.unit, value, value / step.unit.scale) == YES
                                      or (whole or step.rounds is None) and not priced(claim, step)
                                      and _close(claim, step, value)):
                return step, stands
    return None


#: A value worked from the learner's own rounded numbers may differ by this share from the same working
#: done without rounding (833 / 0.6 = $1,389 from 833.33).
NOISE = Fraction(1, 200)


def _close(claim: Claim, step: RefStep, value: Fraction) -> bool:
    mine = claim.shown(step.unit, value / step.unit.scale) * step.unit.scale
    return value != 0 and abs(mine - value) <= NOISE * abs(value)


def carry_through(state: State, line: n.Line, claim: Claim) -> tuple[RefStep, tuple[Stand, ...]] | None:
    """Error carried forward through the learner's own unmatched intermediate lines, one level at a time."""
    tree = line.segments[0].node
    scope = state.scope()
    try:
        for _ in range(MAX_INLINE):
            expanded = expand(tree, scope, state.history, line.text)
            if expanded is tree:
                return None
            tree = expanded
            carried = carry(state, claim, analyse(tree, scope, state.ref, state.learner, state.history, line.text))
            if carried is not None:
                return carried
    except NotationError:  # an inlined line that no longer evaluates: nothing to trace
        return None
    return None


def assignments(found: list[Leaf], allowed: set[str]) -> Iterable[tuple[Stand, ...]]:
    """Ways to read some numbers as earlier steps: fewest substitutions first, each step once."""
    options = [[s for s in leaf.stands if s.step in allowed][:MAX_OPTIONS] for leaf in found]
    options = [o for o in options if o]
    combos = []
    for choice in itertools.islice(itertools.product(*[[None] + o for o in options]), MAX_TRIES * 4):
        picked = tuple(s for s in choice if s is not None)
        if picked and len({s.step for s in picked}) == len(picked):
            combos.append(picked)
    combos.sort(key=len)
    return combos[:MAX_TRIES]
