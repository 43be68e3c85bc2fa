"""Model -> plan: parse every expression of a worked calculation once, and check it.

A :class:`Plan` holds the syntax tree of each step and constraint, the unit
of every name, and the order of evaluation. Building it finds unknown names,
steps that use later steps (and cycles), units that do not parse, mixed
dimensions, and declared units that disagree with what the expression yields.
Each problem keeps the path of the field and the column within it, so
``bank check`` can print ``path:line:col``.

Plans evaluate exactly with ``Fraction`` through closures compiled once per
step (:func:`bank.notation.compile_tree`), with no sympy.

>>> from bank.load import load
>>> p = plan(load().question("replica-boot-gap").worked)
>>> p.units["read_time"].describe()
'time'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping

from . import notation
from .errors import BankError, NotationError, did_you_mean
from .model import Worked
from .units import Unit, UnitError, describe_dims, is_unit_word, parse_unit

#: Author expressions may be longer than a learner's line.
AUTHOR_MAX_LENGTH = 2000


@dataclass(frozen=True)
class PlanProblem:
    """A problem in one field of a worked calculation (``where`` is a marks path)."""

    where: tuple
    message: str
    offset: int | None = None


class PlanError(BankError):
    """A worked calculation that cannot be planned; carries every problem."""

    def __init__(self, problems: list[PlanProblem]):
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


@dataclass(frozen=True)
class Plan:
    """Parsed and unit-checked steps, ready to evaluate."""

    worked: Worked
    units: Mapping[str, Unit]
    trees: Mapping[str, notation.Node]
    constraints: tuple[tuple[str, notation.Compare], ...] = ()
    order: tuple[str, ...] = field(default=())

    def to_base(self, values: Mapping[str, Fraction]) -> dict[str, Fraction]:
        """Param values (declared units) in base units."""
        out = {}
        for p in self.worked.params:
            scale = self.units[p.name].scale
            value = values[p.name]
            out[p.name] = value if scale == 1 else value * scale  # most scales are 1: skip the Fraction work
        return out

    @functools.cached_property
    def compiled(self) -> tuple[tuple[str, notation.exact.Compiled], ...]:
        """Each step's tree as a closure, compiled once (no sympy), in evaluation order."""
        return tuple((name, notation.compile_tree(self.trees[name])) for name in self.order)

    def evaluate(self, values: Mapping[str, Fraction], held: Mapping[str, Fraction] | None = None,
                 until: str | None = None) -> dict[str, Fraction]:
        """Every param and step in base units, exactly.

        ``held`` keeps some steps at given base values (a learner's own, for error carried
        forward); ``until`` stops after that step.
        """
        env = self.to_base(values)
        if held:
            env.update((k, v) for k, v in held.items() if k in env)  # a param held at another value
        for name, fn in self.compiled:
            env[name] = held[name] if held and name in held else fn(env)
            if name == until:
                break
        return env

    def display(self, name: str, base: Fraction | float) -> Fraction | float:
        """A base-unit value in the unit the author declared for ``name``."""
        scale = self.units[name].scale
        if scale == 1:
            return base
        return base / scale if isinstance(base, Fraction) else base / float(scale)

    def failing(self, values: Mapping[str, Fraction]) -> list[str]:
        """The constraints that ``values`` break (an error in evaluation counts as breaking)."""
        if not self.constraints:
            return []
        try:
            env = self.evaluate(values)
        except (ZeroDivisionError, ValueError, ArithmeticError):
            return [text for text, _ in self.constraints]
        return [text for text, tree in self.constraints if not holds(tree, env)]

    def satisfied(self, values: Mapping[str, Fraction]) -> bool:
        return not self.failing(values)


def holds(tree: notation.Compare, env: Mapping[str, Fraction]) -> bool:
    """Whether a comparison holds for base-unit values."""
    a, b = notation.evaluate(tree.left, env), notation.evaluate(tree.right, env)  # constraints are few
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[tree.op]


@functools.lru_cache(maxsize=512)
def plan(worked: Worked) -> Plan:
    """The plan of a worked calculation, or :class:`PlanError` listing every problem."""
    built, problems = build(worked)
    if problems:
        raise PlanError(problems)
    return built


def build(worked: Worked) -> tuple[Plan | None, list[PlanProblem]]:
    """Plan a worked calculation, collecting every problem instead of stopping at one."""
    problems: list[PlanProblem] = []
    units = _param_units(worked, problems)
    unsure = {name for name, unit in units.items() if unit is None}  # unit failed to parse: skip dim checks
    trees: dict[str, notation.Node] = {}
    step_names = [s.name for s in worked.steps]
    parsed = [_parse(s.expr, ("steps", i, "expr"), problems) for i, s in enumerate(worked.steps)]
    refs = {s.name: [n.id for n in notation.names(t)] for s, t in zip(worked.steps, parsed) if t is not None}
    known = list(units)
    for i, (step, tree) in enumerate(zip(worked.steps, parsed)):
        where = ("steps", i)
        if step.name in known:
            problems.append(PlanProblem(where + ("name",), f"`{step.name}` is already defined"))
            continue
        if _reserved(step.name):
            problems.append(PlanProblem(where + ("name",), f"`{step.name}` is a reserved word or unit; rename it"))
        declared = _unit(step.unit, where + ("unit",), problems)
        got = None
        if tree is not None and _names_ok(tree, step.name, known, refs, where + ("expr",), problems):
            if not unsure & set(refs[step.name]):
                got = _check_dims(tree, units, declared, step, where, problems)
        if declared is None or (got is not None and got.dims != declared.dims):
            unsure.add(step.name)  # later steps would only repeat this problem
        units[step.name] = declared or parse_unit("")
        known.append(step.name)
        if tree is not None:
            trees[step.name] = tree
    units = {name: unit or parse_unit("") for name, unit in units.items()}
    constraints = _constraints(worked, units, known, problems)
    for i, part in enumerate(worked.parts):
        if part not in step_names:
            where = ("result",) if len(worked.parts) == 1 else ("result", i)
            problems.append(PlanProblem(where, f"result `{part}` is not a step" + did_you_mean(part, step_names)))
    if problems:
        return None, problems
    return Plan(worked, units, trees, tuple(constraints), tuple(step_names)), []


def _param_units(worked: Worked, problems: list[PlanProblem]) -> dict[str, Unit]:
    units = {}
    for p in worked.params:
        where = ("params", p.name)
        if _reserved(p.name):
            problems.append(PlanProblem(where + ("<key>",), f"`{p.name}` is a reserved word or unit; rename it"))
        units[p.name] = _unit(p.unit, where + ("unit",), problems)
        if p.choices and p.default not in p.choices:
            problems.append(PlanProblem(where + ("default",), f"default {p.default} is not among the choices"))
        if p.min is not None:
            _check_range(p, where, problems)
    return units


def _reserved(name: str) -> bool:
    return name in notation.RESERVED or name in notation.FUNCTIONS or is_unit_word(name)


def _check_range(p, where: tuple, problems: list[PlanProblem]) -> None:
    if p.min > p.max:
        problems.append(PlanProblem(where + ("min",), f"min {p.min} is above max {p.max}"))
    elif not p.min <= p.default <= p.max:
        problems.append(PlanProblem(where + ("default",), f"default {p.default} is outside {p.min}..{p.max}"))
    elif (p.default - p.min) % p.step:
        problems.append(PlanProblem(where + ("default",),
                                    f"default {p.default} is not on the grid {p.min}, {p.min + p.step}, …"))
    elif p.size() > 10**6:
        problems.append(PlanProblem(where + ("step",), f"the grid has {p.size():,} values; use a coarser step"))


def _unit(text: str, where: tuple, problems: list[PlanProblem]) -> Unit | None:
    try:
        return parse_unit(text)
    except UnitError as exc:
        problems.append(PlanProblem(where, str(exc)))
        return None


def _parse(text: str, where: tuple, problems: list[PlanProblem]) -> notation.Node | None:
    try:
        return notation.parse(text, max_length=AUTHOR_MAX_LENGTH)
    except NotationError as exc:
        problems.append(PlanProblem(where, exc.message, exc.offset))
        return None


def _names_ok(tree, owner: str, known: list[str], refs: Mapping[str, list[str]], where: tuple,
              problems: list[PlanProblem]) -> bool:
    ok = True
    for name in notation.names(tree):
        if name.id in known:
            continue
        ok = False
        if name.id == owner:
            message = f"step `{owner}` uses itself"
        elif name.id in refs:
            message = f"`{name.id}` is a later step; steps may use only params and earlier steps"
            cycle = _cycle(owner, name.id, refs)
            if cycle:
                message = "steps form a cycle: " + " → ".join(cycle)
        else:
            message = f"unknown name `{name.id}`" + did_you_mean(name.id, known)
        problems.append(PlanProblem(where, message, name.start))
    return ok


def _cycle(start: str, first: str, refs: Mapping[str, list[str]]) -> list[str] | None:
    """The path ``start → first → … → start`` if following references comes back, else None."""
    stack, seen = [[start, first]], {first}
    while stack:
        path = stack.pop()
        for nxt in refs.get(path[-1], ()):
            if nxt == start:
                return path + [start]
            if nxt in refs and nxt not in seen:
                seen.add(nxt)
                stack.append(path + [nxt])
    return None


def _check_dims(tree, units, declared: Unit | None, step, where: tuple,
                problems: list[PlanProblem]) -> Unit | None:
    try:
        got = notation.infer_unit(tree, units, step.expr)
    except NotationError as exc:
        problems.append(PlanProblem(where + ("expr",), exc.message, exc.offset))
        return None
    if declared is not None and got.dims != declared.dims:
        from .lint_units import near_units, suggest

        shown = f"`{step.unit}`" if step.unit else "no unit"
        hint = suggest(step.unit, got.dims, near_units(step.expr, units))
        fix = "" if hint is None else "; leave `unit` out" if not hint else f"; declare `unit: {hint}`"
        problems.append(PlanProblem(where + ("unit",), f"step `{step.name}` computes {describe_dims(got.dims)} "
                                    f"but declares {shown} ({describe_dims(declared.dims)}){fix}"))
    return got


def _constraints(worked: Worked, units, known: list[str], problems: list[PlanProblem]):
    out = []
    for i, text in enumerate(worked.constraints):
        where = ("constraints", i)
        try:
            tree = notation.parse_condition(text, max_length=AUTHOR_MAX_LENGTH)
            unknown = [n for n in notation.names(tree) if n.id not in known]
            for n in unknown:
                problems.append(PlanProblem(where, f"unknown name `{n.id}`" + did_you_mean(n.id, known), n.start))
            if not unknown:
                notation.infer_unit(tree, units, text)
                out.append((text, tree))
        except NotationError as exc:
            problems.append(PlanProblem(where, exc.message, exc.offset))
    return out
