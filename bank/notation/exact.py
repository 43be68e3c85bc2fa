"""Exact walkers over a tree, with no sympy: values, units, and compiled step functions.

:func:`evaluate` computes a tree exactly with ``Fraction`` (base units);
:func:`infer_unit` finds its unit; :func:`compile_tree` turns a tree into a
Python closure once, so a step evaluates for many variants without walking
its tree again (this replaces sympy's ``lambdify`` on every path a learner
waits for).

>>> from bank.notation import parse
>>> evaluate(parse("70 GB / 6 GB/s")) == Fraction(35, 3)
True
>>> infer_unit(parse("$2.50/hour * 1 year")).describe()
'money'
>>> compile_tree(parse("ceil(a / 3)"))({"a": Fraction(7)})
Fraction(3, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Mapping

from ..errors import NotationError
from ..units import DIMENSIONLESS, Unit, describe_dims
from .functions import FUNCTIONS, power
from .nodes import BinOp, Call, Compare, Name, Neg, Node, Num, Quantity, Visitor


def evaluate(node: Node, env: Mapping[str, Fraction] | None = None) -> Fraction:
    """Exact value of a tree in base units; ``env`` maps names to base values.

    Raises KeyError for an unknown name, ZeroDivisionError, and ValueError for
    results that are not real rationals (irrational powers come back rounded).

    >>> from bank.notation import parse
    >>> evaluate(parse("$2.50/hour * 1 year"))
    Fraction(21900, 1)
    """
    return compile_tree(node)(env or {})


def constant(node: Node) -> Fraction | None:
    """The exact value of a tree with no names, or None.

    >>> from bank.notation import parse
    >>> constant(parse("2 ^ 10")), constant(parse("a + 1"))
    (Fraction(1024, 1), None)
    """
    try:
        return evaluate(node, {})
    except (KeyError, ValueError, ZeroDivisionError, ArithmeticError):
        return None


def binop(op: str, a: Fraction, b: Fraction) -> Fraction:
    """One arithmetic operation, exactly (``^`` within the power limits)."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return a / b
    if op == "^":
        return power(a, b)
    raise ValueError(f"unknown operator `{op}`")


Compiled = Callable[[Mapping[str, Fraction]], Fraction]


class _Compiler(Visitor[Compiled]):
    """Tree -> closure. Each closure takes the environment (names -> base values)."""

    def num(self, node: Num) -> Compiled:
        value = node.value
        return lambda env: value

    def name(self, node: Name) -> Compiled:
        key = node.id
        return lambda env: env[key]

    def quantity(self, node: Quantity) -> Compiled:
        inner, scale = self(node.operand), node.unit.scale
        if scale == 1:
            return inner
        return lambda env: inner(env) * scale

    def neg(self, node: Neg) -> Compiled:
        inner = self(node.operand)
        return lambda env: -inner(env)

    def binop(self, node: BinOp) -> Compiled:
        left, right, op = self(node.left), self(node.right), node.op
        if op == "+":
            return lambda env: left(env) + right(env)
        if op == "-":
            return lambda env: left(env) - right(env)
        if op == "*":
            return lambda env: left(env) * right(env)
        if op == "/":
            return lambda env: left(env) / right(env)
        if op == "^":
            return lambda env: power(left(env), right(env))
        raise ValueError(f"unknown operator `{op}`")

    def call(self, node: Call) -> Compiled:
        fn = FUNCTIONS[node.func].exact  # KeyError for a name no one registered: never a silent default
        args = [self(a) for a in node.args]
        return lambda env: fn([a(env) for a in args])


def compile_tree(node: Node) -> Compiled:
    """A closure computing the tree exactly from an environment of base values (built once, called often)."""
    return _Compiler()(node)


class UnitMismatch(NotationError):
    """An expression whose units do not agree."""


def infer_unit(node: Node, units: Mapping[str, Unit] | None = None, text: str = "") -> Unit:
    """The unit of a tree (its scale is relative to base units).

    ``units`` maps names to their units. Adding or comparing different
    dimensions raises :class:`UnitMismatch` located at the operator.
    """
    return _Units(units or {}, text)(node)


class _Units(Visitor[Unit]):
    def __init__(self, units: Mapping[str, Unit], text: str):
        self.units, self.text = units, text

    def num(self, node: Num) -> Unit:
        return DIMENSIONLESS

    def name(self, node: Name) -> Unit:
        return self.units.get(node.id, DIMENSIONLESS)

    def quantity(self, node: Quantity) -> Unit:
        return self(node.operand) * node.unit

    def neg(self, node: Neg) -> Unit:
        return self(node.operand)

    def binop(self, node: BinOp) -> Unit:
        left = self(node.left)
        if node.op == "^":
            exponent = constant(node.right) or Fraction(0)
            if exponent.denominator != 1 and not left.dimensionless:
                raise UnitMismatch(f"cannot take a fractional power of {left.describe()}",
                                   self.text, node.start, node.end)
            return left ** int(exponent) if exponent.denominator == 1 else left
        right = self(node.right)
        if node.op == "*":
            return left * right
        if node.op == "/":
            return left / right
        return self._same(left, right, node.op_start, "add or subtract")

    def compare(self, node: Compare) -> Unit:
        return self._same(self(node.left), self(node.right), node.left.end, "compare")

    def _same(self, left: Unit, right: Unit, where: int, verb: str) -> Unit:
        if not left.same_dimension(right):
            raise UnitMismatch(f"cannot {verb} {describe_dims(left.dims)} and {describe_dims(right.dims)}",
                               self.text, where, where + 1)
        return Unit(Fraction(1), left.dims, left.name)

    def call(self, node: Call) -> Unit:
        args = [self(a) for a in node.args]
        try:
            return FUNCTIONS[node.func].unit(args, self.text, node.start, node.end)
        except NotationError as exc:
            raise UnitMismatch(exc.message, self.text, node.start, node.end) from None
