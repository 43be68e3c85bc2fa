"""Reading a learner's expression two ways: strictly with units, and as written.

Learners mix numbers that carry units with plain numbers that carry them
only in the learner's head: ``$2.50/hour x 24 x 365 = $21,900`` (the 24 is
hours a day). So every side of a line is evaluated twice:

- ``base``: exactly, in base units, with the units written (``0.35 min`` is 21);
- ``written``: exactly, with the units dropped (``0.35 min`` is 0.35), names
  at their value in the author's declared unit; percent still means /100.

``unit`` is the strict unit, or None when the units disagree (``0.4 s +
500/24``). ``bare`` says a plain number may carry an implied unit.

>>> from bank.notation import parse
>>> a = amount(parse("$2.50/hour x 24 x 365"), Scope({}, {}, {}))
>>> a.written, a.unit.describe(), a.bare
(Fraction(21900, 1), 'money/time', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Mapping, TypeVar

from .. import notation as n
from ..errors import NotationError, did_you_mean
from ..units import DIMENSIONLESS, Unit


@dataclass(frozen=True)
class Scope:
    """Names a learner may use: base value, value in the declared unit, and unit."""

    base: Mapping[str, Fraction]
    shown: Mapping[str, Fraction]
    units: Mapping[str, Unit]
    #: Sides already evaluated in this scope, by node identity (a claim is checked more than once).
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    def __contains__(self, name: str) -> bool:
        return name in self.base

    def remembered(self, key: object, node: object, work: Callable[[], T]) -> T:
        """``work()`` once per (key, node) while the node lives: the node is kept, so its id stays its own."""
        hit = self.memo.get((key, id(node)))
        if hit is not None and hit[0] is node:
            return hit[1]
        value = work()
        self.memo[(key, id(node))] = (node, value)
        return value


T = TypeVar("T")


@dataclass(frozen=True)
class Amount:
    """One side of a line, evaluated (see the module docstring)."""

    base: Fraction
    written: Fraction
    unit: Unit | None
    bare: bool = False
    annotated: bool = False
    clash: NotationError | None = field(default=None, compare=False)

    @property
    def dims(self) -> tuple[int, ...] | None:
        return None if self.unit is None else self.unit.dims


def amount(node: n.Node, scope: Scope, text: str = "") -> Amount:
    """Evaluate a learner's expression, or raise a located :class:`NotationError`.

    >>> from bank.notation import parse
    >>> amount(parse("0.35 min"), Scope({}, {}, {})).base
    Fraction(21, 1)
    """
    if isinstance(node, n.Num):
        return Amount(node.value, node.value, DIMENSIONLESS, bare=True)
    if isinstance(node, n.Name):
        return _name(node, scope, text)
    if isinstance(node, n.Quantity):
        return _quantity(node, scope, text)
    if isinstance(node, n.Neg):
        a = amount(node.operand, scope, text)
        return Amount(-a.base, -a.written, a.unit, a.bare, a.annotated, a.clash)
    if isinstance(node, n.BinOp):
        return _binop(node, scope, text)
    if isinstance(node, n.Call):
        return _call(node, scope, text)
    raise NotationError("a comparison cannot be part of a working line", text, node.start, node.end)


def _name(node: n.Name, scope: Scope, text: str) -> Amount:
    if node.id not in scope:
        hint = did_you_mean(node.id, list(scope.base))
        raise NotationError(f"unknown name `{node.id}`{hint}", text, node.start, node.end)
    unit = scope.units.get(node.id, DIMENSIONLESS)
    return Amount(scope.base[node.id], scope.shown[node.id], unit, annotated=not unit.dimensionless)


def _quantity(node: n.Quantity, scope: Scope, text: str) -> Amount:
    from .precision import scales_as_written

    a = amount(node.operand, scope, text)
    u = node.unit
    # 10% is 0.1 as written; 8,760 h/yr is still 8,760 (a ratio of like units keeps its number)
    written = a.written * u.scale if scales_as_written(node) else a.written
    unit = a.unit * u if a.unit is not None else None
    return Amount(a.base * u.scale, written, unit, False, a.annotated or not u.dimensionless, a.clash)


def _binop(node: n.BinOp, scope: Scope, text: str) -> Amount:
    a, b = amount(node.left, scope, text), amount(node.right, scope, text)
    bare, annotated = a.bare or b.bare, a.annotated or b.annotated
    clash = a.clash or b.clash
    try:
        base, written = _arith(node.op, a.base, b.base), _arith(node.op, a.written, b.written)
    except ZeroDivisionError:
        raise NotationError("division by zero", text, node.op_start, node.op_start + 1) from None
    except (ValueError, OverflowError) as exc:
        raise NotationError(f"cannot compute this: {exc}", text, node.start, node.end) from None
    unit, problem = _unit(node, a, b, text)
    return Amount(base, written, unit, bare if node.op != "^" else a.bare, annotated, clash or problem)


def _arith(op: str, x: Fraction, y: Fraction) -> Fraction:
    return n.binop(op, x, y)


def _unit(node: n.BinOp, a: Amount, b: Amount, text: str) -> tuple[Unit | None, NotationError | None]:
    if a.unit is None or b.unit is None:
        return None, None
    if node.op == "*":
        return a.unit * b.unit, None
    if node.op == "/":
        return a.unit / b.unit, None
    if node.op == "^":
        e = b.base
        if e.denominator == 1:
            return a.unit ** int(e), None
        return (DIMENSIONLESS, None) if a.unit.dimensionless else (None, None)
    if a.unit.same_dimension(b.unit):
        return Unit(Fraction(1), a.unit.dims), None
    if (a.bare and a.unit.dimensionless) or (b.bare and b.unit.dimensionless):
        return None, None  # 0.4 s + 500/24: the plain side carries its unit in the learner's head
    problem = NotationError(f"cannot add or subtract {a.unit.describe()} and {b.unit.describe()}",
                            text, node.op_start, node.op_start + 1)
    return None, problem


def _call(node: n.Call, scope: Scope, text: str) -> Amount:
    args = [amount(x, scope, text) for x in node.args]
    try:
        base = n.FUNCTIONS[node.func].exact([a.base for a in args])
        written = n.FUNCTIONS[node.func].exact([a.written for a in args])
    except (ValueError, OverflowError, ArithmeticError) as exc:
        raise NotationError(f"cannot compute `{node.func}`: {exc}", text, node.start, node.end) from None
    units = [a.unit for a in args]
    first = units[0]
    unit = first if first is not None and all(u is not None and u.dims == first.dims for u in units) else None
    if node.func == "sqrt" and unit is not None:
        unit = None if any(d % 2 for d in unit.dims) else Unit(Fraction(1), tuple(d // 2 for d in unit.dims))
    return Amount(base, written, unit, any(a.bare for a in args), any(a.annotated for a in args),
                  next((a.clash for a in args if a.clash), None))


def in_problem_units(node: n.Node, scope: Scope) -> bool:
    """Whether a plain expression has a number that is a given's or a step's value with a unit,
    as the problem shows it (the 70 of ``70 / 4.8`` for 70 GB), so the learner works in those units.

    >>> from bank.notation import parse
    >>> from bank.units import parse_unit
    >>> scope = Scope({"w": Fraction(7 * 10**10)}, {"w": Fraction(70)}, {"w": parse_unit("GB")})
    >>> in_problem_units(parse("70 / 2"), scope), in_problem_units(parse("2 x 8"), scope)
    (True, False)
    """
    return any(isinstance(x, n.Num) and _units_of(x.value, scope) for x in leaves(node))


#: Bounds the readings :func:`implied` tries (each number may carry one of a few units).
MAX_READINGS = 16


def implied(node: n.Node, scope: Scope, text: str = "") -> list[Amount]:
    """Readings of a plain expression in which each number that is a given's or a step's value,
    as the problem shows it, carries that value's unit (``1 / 14.58`` as ``1 / 14.58 ms``).

    >>> from bank.notation import parse
    >>> from bank.units import parse_unit
    >>> scope = Scope({"t": Fraction(1458, 10**5)}, {"t": Fraction(1458, 100)}, {"t": parse_unit("ms")})
    >>> [round(float(a.base), 2) for a in implied(parse("1 / 14.58"), scope)]
    [68.59]
    """
    import itertools

    nums = [x for x in leaves(node) if isinstance(x, n.Num)]
    options = [[None, *_units_of(x.value, scope, x.resolution / 2)] for x in nums]
    out = []
    choices = itertools.islice(itertools.product(*options), 1, MAX_READINGS + 1)  # the first is "none"
    for choice in sorted(choices, key=lambda c: -sum(u is not None for u in c)):  # the fullest reading first
        tree = node
        for num, unit in zip(nums, choice):
            if unit is not None:
                tree = n.swap(tree, num, n.Quantity(num.start, num.end, num, unit, unit.name))
        try:
            out.append(amount(tree, scope, text))
        except NotationError:
            continue
    return out


def _units_of(value: Fraction, scope: Scope, near: Fraction = Fraction(0)) -> list[Unit]:
    """The units of the names whose value, as the problem shows it, is ``value`` (within ``near``;
    at most two)."""
    found = {scope.units[k] for k, v in scope.shown.items() if abs(v - value) <= near and k in scope.units}
    found |= {Unit(Fraction(1), scope.units[k].dims) for k, v in scope.base.items()  # 989e12: FLOP/s, in base units
              if k in scope.units and scope.units[k].scale != 1 and abs(v - value) <= near}
    return sorted((u for u in found if not u.dimensionless), key=lambda u: u.name)[:2]


def leaves(node: n.Node) -> list[n.Node]:
    """The written numbers of an expression (with their units) and its names, in order.

    Numbers inside a power (``10^14``) are left out: they are notation, not data.

    >>> from bank.notation import parse
    >>> [type(x).__name__ for x in leaves(parse("4 x $21,900 + rent - 5.6 x 10^14 + -3"))]
    ['Num', 'Quantity', 'Name', 'Num', 'Neg']
    """
    if isinstance(node, (n.Num, n.Name)):
        return [node]
    if isinstance(node, n.Quantity) and isinstance(node.operand, (n.Num, n.Quantity)):
        return [node]
    if isinstance(node, n.Neg) and isinstance(node.operand, (n.Num, n.Quantity)):
        return [node]  # -1,112 GB is one number
    if isinstance(node, n.BinOp) and node.op == "^":
        return leaves(node.left) if not isinstance(node.left, n.Num) else []
    out: list[n.Node] = []
    for child in n.children(node):
        out.extend(leaves(child))
    return out


def has_operation(node: n.Node) -> bool:
    """Whether an expression computes anything (more than one number or name)."""
    return len(leaves(node)) > 1 or isinstance(node, n.Call)
