"""Variant -> solution: every step evaluated exactly by code compiled once per question.

Each step's tree becomes a closure over ``Fraction`` arithmetic
(:func:`bank.notation.compile_tree`), built once per question, so exact
inputs give exact answers and nothing here imports sympy; a square root
that is not rational comes back rounded. Bulk work (:func:`solve_many`)
reuses the compiled steps for every variant.

>>> from bank.load import load
>>> from bank.variant import variant
>>> q = load().question("replica-boot-gap")
>>> s = solve(q, variant(q))
>>> str(s.result)
'32'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from .errors import BankError
from .model import Question, Step, Term, Value, Variant, Worked, worked_of
from .plan import Plan, plan


class SolveError(BankError):
    """A step that cannot be evaluated for a variant (division by zero, NaN, ...)."""

    def __init__(self, message: str, step: str | None = None):
        super().__init__(message)
        self.step = step


@dataclass(frozen=True)
class Solution:
    """The evaluated worked answer for one variant."""

    owner: Question | Term
    variant: Variant
    values: Mapping[str, Value]

    @property
    def worked(self) -> Worked:
        return worked_of(self.owner)

    @property
    def result(self) -> Value:
        """The first (or only) answer part."""
        return self.values[self.worked.result]

    @property
    def parts(self) -> tuple[Value, ...]:
        """Every answer part, in the order the problem asks for them."""
        return tuple(self.values[name] for name in self.worked.parts)

    def steps(self) -> list[tuple[Step, Value]]:
        return [(s, self.values[s.name]) for s in self.worked.steps]

    def context(self) -> dict[str, Value]:
        """The template context: every param and step by name."""
        return dict(self.values)


@dataclass(frozen=True)
class Compiled:
    """A plan whose steps are compiled closures (built once per question; no sympy)."""

    plan: Plan

    @functools.cached_property
    def formats(self) -> dict[str, tuple[str, str | None]]:
        """Each param's and step's (unit, format), for its :class:`~bank.model.Value`."""
        worked = self.plan.worked
        return {**{p.name: (p.unit, p.format) for p in worked.params},
                **{s.name: (s.unit, s.format) for s in worked.steps}}

    def run(self, values: Mapping[str, Fraction]) -> dict[str, Fraction]:
        """Every param and step in base units; a step that cannot be computed is a :class:`SolveError`."""
        env: dict[str, Fraction] = self.plan.to_base(values)
        for name, fn in self.plan.compiled:
            try:
                env[name] = fn(env)
            except ZeroDivisionError:
                raise SolveError(f"step `{name}` divides by zero{_inputs(self.plan, name, env)}", name) from None
            except (OverflowError, ValueError, ArithmeticError) as exc:
                raise SolveError(f"step `{name}` cannot be evaluated{_inputs(self.plan, name, env)}: {exc}",
                                 name) from None
        return env


def _inputs(plan_: Plan, name: str, env: Mapping[str, Fraction]) -> str:
    """`` (`a / b` with a = 6, b = 0)``: the step's expression and the values it met, in declared units."""
    from .notation import names

    used = dict.fromkeys(n.id for n in names(plan_.trees[name]))
    shown = ", ".join(f"{k} = {_plain(plan_.display(k, env[k]))}" for k in used if k in env)
    return f" (`{plan_.worked.step(name).expr}` with {shown})" if shown else ""


def _plain(x: Fraction | float) -> str:
    if isinstance(x, Fraction) and x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):.6g}"


@functools.lru_cache(maxsize=512)
def compiled(worked: Worked) -> Compiled:
    """The worked calculation ready to run for many variants (its plan compiles each step once)."""
    return Compiled(plan(worked))


def solve(owner: Question | Term, variant: Variant) -> Solution:
    """Evaluate every step for a variant; values come back in declared units."""
    worked = worked_of(owner)
    return _solution(owner, worked, compiled(worked), variant)


def _solution(owner: Question | Term, worked: Worked, program: Compiled, variant: Variant) -> Solution:
    base = program.run(variant.as_dict())
    display, formats = program.plan.display, program.formats
    values = {name: Value(display(name, base[name]), *formats[name]) for name in worked.names}
    return Solution(owner, variant, values)


def solve_many(owner: Question | Term, variants: Iterable[Variant]) -> list[Solution]:
    """Solve many variants of one question with a single compilation."""
    worked = worked_of(owner)
    program = compiled(worked)
    return [_solution(owner, worked, program, v) for v in variants]


def result_values(owner: Question | Term, variants: Sequence[Variant]) -> list[Fraction | float]:
    """Just the final answers (declared unit) of many variants: the fast path for answer keys."""
    worked = worked_of(owner)
    program = compiled(worked)
    name = worked.result
    return [program.plan.display(name, program.run(v.as_dict())[name]) for v in variants]
