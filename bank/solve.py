"""Variant -> solution: every step evaluated by sympy-compiled code.

Each step's tree becomes a sympy expression (built directly, never parsed
from text) and is compiled once per question with ``lambdify``. The printer
emits ``Fraction`` for rationals, so exact inputs give exact answers; a
square root or fractional power falls back to float. Bulk work
(:func:`solve_many`) reuses the compiled functions for every variant.

>>> from bank.load import load
>>> from bank.variant import variant
>>> q = load().question("replica-boot-gap")
>>> s = solve(q, variant(q))
>>> str(s.result)
'32'
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Mapping, Sequence

from .errors import BankError
from .model import Question, Step, Term, Value, Variant, Worked
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
        return self.owner.worked

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
    """A plan with one compiled function per step."""

    plan: Plan
    functions: tuple[tuple[str, Callable, tuple[str, ...]], ...]

    def run(self, values: Mapping[str, Fraction]) -> dict[str, Fraction | float]:
        """Every param and step in base units."""
        env: dict[str, Fraction | float] = self.plan.to_base(values)
        for name, fn, args in self.functions:
            try:
                out = fn(*[env[a] for a in args])
            except ZeroDivisionError:
                raise SolveError(f"step `{name}` divides by zero", name) from None
            except (OverflowError, ValueError) as exc:
                raise SolveError(f"step `{name}` cannot be evaluated: {exc}", name) from None
            env[name] = _clean(name, out)
        return env


def _clean(name: str, out) -> Fraction | float:
    if isinstance(out, int):
        return Fraction(out)
    if isinstance(out, float):
        if math.isnan(out) or math.isinf(out):
            raise SolveError(f"step `{name}` is {'NaN' if math.isnan(out) else 'infinite'}", name)
        return out
    if isinstance(out, Fraction):
        return out
    raise SolveError(f"step `{name}` did not give a real number ({out!r})", name)


@functools.lru_cache(maxsize=512)
def compiled(worked: Worked) -> Compiled:
    """Compile a worked calculation once; later calls reuse the functions."""
    import sympy

    planned = plan(worked)
    symbols = {name: sympy.Symbol(name) for name in worked.names}
    printer = _fraction_printer()
    functions = []
    for step in worked.steps:
        from .notation import names, to_sympy

        args = tuple(dict.fromkeys(n.id for n in names(planned.trees[step.name])))
        expr = to_sympy(planned.trees[step.name], symbols)
        fn = sympy.lambdify([symbols[a] for a in args], expr,
                            modules=[{"Fraction": Fraction, "ceiling": math.ceil, "floor": math.floor}, "math"],
                            printer=printer)
        functions.append((step.name, fn, args))
    return Compiled(planned, tuple(functions))


@functools.lru_cache(maxsize=1)
def _fraction_printer():
    from sympy.printing.pycode import PythonCodePrinter

    class FractionPrinter(PythonCodePrinter):
        """Prints rationals as ``Fraction(p, q)`` so that arithmetic stays exact."""

        def _print_Rational(self, expr):
            return f"Fraction({expr.p}, {expr.q})"

        _print_Half = _print_Rational

        def _print_Integer(self, expr):
            return str(expr.p)

        def _print_ceiling(self, expr):
            return f"ceiling({self._print(expr.args[0])})"

        def _print_floor(self, expr):
            return f"floor({self._print(expr.args[0])})"

    return FractionPrinter({"fully_qualified_modules": False, "inline": True, "allow_unknown_functions": True})


def solve(owner: Question | Term, variant: Variant) -> Solution:
    """Evaluate every step for a variant; values come back in declared units."""
    worked = owner.worked
    if worked is None:
        raise BankError(f"`{owner.id}` has no worked answer")
    program = compiled(worked)
    return _solution(owner, worked, program, variant)


def _solution(owner, worked: Worked, program: Compiled, variant: Variant) -> Solution:
    base = program.run(variant.as_dict())
    formats = {p.name: (p.unit, p.format) for p in worked.params}
    formats.update({s.name: (s.unit, s.format) for s in worked.steps})
    values = {name: Value(program.plan.display(name, base[name]), *formats[name]) for name in worked.names}
    return Solution(owner, variant, values)


def solve_many(owner: Question | Term, variants: Iterable[Variant]) -> list[Solution]:
    """Solve many variants of one question with a single compilation."""
    worked = owner.worked
    program = compiled(worked)
    return [_solution(owner, worked, program, v) for v in variants]


def result_values(owner: Question | Term, variants: Sequence[Variant]) -> list[Fraction | float]:
    """Just the final answers (declared unit) of many variants: the fast path for answer keys."""
    worked = owner.worked
    program = compiled(worked)
    name = worked.result
    return [program.plan.display(name, program.run(v.as_dict())[name]) for v in variants]
