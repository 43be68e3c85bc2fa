"""The reference working for one variant: every step's exact value, unit and ancestry.

Values come from :meth:`bank.plan.Plan.evaluate` (exact ``Fraction`` tree
walk, no sympy), so matching a line costs microseconds. Only error carried
forward re-evaluates a step with the learner's own values substituted: that
runs the sympy-built functions of :func:`bank.solve.compiled` (each step's
tree turned into a sympy expression by :func:`bank.notation.to_sympy`, then
compiled once per question).

>>> from bank.load import load
>>> from bank.variant import variant
>>> q = load().question("replica-boot-gap")
>>> ref = reference(q, variant(q))
>>> ref.step("boot_time").shown, ref.step("boot_time").ancestors
(Fraction(95, 3), ('read_time',))
>>> ref.reevaluate("boot_time", {"read_time": Fraction(12)})
Fraction(32, 1)
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from .. import notation
from ..errors import BankError
from ..model import Question, Term, Variant, Worked
from ..plan import Plan, plan
from ..units import Unit
from .reading import Scope


@dataclass(frozen=True)
class RefStep:
    """One step of the reference working, evaluated."""

    name: str
    index: int
    unit: Unit
    unit_text: str
    base: Fraction
    shown: Fraction
    ancestors: tuple[str, ...]
    params: tuple[str, ...]
    words: frozenset[str]


@dataclass(frozen=True)
class Reference:
    """A worked question solved for one variant, ready for marking."""

    owner: Question | Term
    variant: Variant
    plan: Plan
    steps: tuple[RefStep, ...]
    params: Mapping[str, Fraction]
    env: Mapping[str, Fraction]

    @property
    def worked(self) -> Worked:
        return self.plan.worked

    @property
    def result(self) -> RefStep:
        return self.step(self.worked.result)

    def step(self, name: str) -> RefStep:
        return next(s for s in self.steps if s.name == name)

    def scope(self, learner: Mapping[str, Fraction] | None = None) -> Scope:
        """Names a learner may use; ``learner`` overrides step values with their own (base units)."""
        base = dict(self.env)
        base.update(learner or {})
        shown = {k: self.plan.display(k, v) for k, v in base.items()}
        return Scope(base, shown, self.plan.units)

    def reevaluate(self, name: str, substituted: Mapping[str, Fraction]) -> Fraction | None:
        """Step ``name`` recomputed with some earlier steps replaced (base units), or None.

        Runs the sympy-compiled step functions in order, holding the
        substituted steps at the learner's values.
        """
        from ..solve import compiled

        env: dict[str, Fraction] = dict(self.params)
        try:
            for step, fn, args in compiled(self.worked).functions:
                env[step] = substituted[step] if step in substituted else Fraction(fn(*[env[a] for a in args]))
                if step == name:
                    return env[step]
        except (ZeroDivisionError, ValueError, OverflowError, TypeError, ArithmeticError):
            return None
        return None


def reference(owner: Question | Term, variant: Variant) -> Reference:
    """The reference working of ``owner`` for ``variant`` (cached)."""
    worked = owner.worked
    if worked is None:
        raise BankError(f"`{owner.id}` has no worked answer to grade against")
    return _build(owner, variant)


@functools.lru_cache(maxsize=256)
def _build(owner: Question | Term, variant: Variant) -> Reference:
    planned = plan(owner.worked)
    try:
        env = planned.evaluate(variant.as_dict())
    except (ZeroDivisionError, ValueError, ArithmeticError) as exc:
        raise BankError(f"`{owner.id}` cannot be evaluated for this variant: {exc}") from None
    parents = {s.name: [x.id for x in notation.names(planned.trees[s.name])] for s in planned.worked.steps}
    steps = tuple(_step(planned, i, s.name, s.unit, env, parents) for i, s in enumerate(planned.worked.steps))
    params = {p.name: env[p.name] for p in planned.worked.params}
    return Reference(owner, variant, planned, steps, params, env)


def _step(planned: Plan, index: int, name: str, unit_text: str, env, parents) -> RefStep:
    above = _ancestors(name, parents)
    steps = tuple(a for a in above if a in parents)
    params = tuple(a for a in above if a not in parents)
    words = frozenset(w for w in re.split(r"[_\W]+", name.lower()) if w)
    return RefStep(name, index, planned.units[name], unit_text, env[name], planned.display(name, env[name]),
                   steps, params, words)


def _ancestors(name: str, parents: Mapping[str, list[str]]) -> list[str]:
    """Every name a step depends on, directly or through earlier steps, in first-seen order."""
    seen: dict[str, None] = {}
    stack = list(reversed(parents.get(name, [])))
    while stack:
        x = stack.pop()
        if x not in seen:
            seen[x] = None
            stack.extend(reversed(parents.get(x, [])))
    return list(seen)
