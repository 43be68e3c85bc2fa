"""Tree -> sympy, built directly from sympy classes (no string ever reaches sympy's parser).

Only the symbolic work that needs sympy uses this (Moodle formulas, the
cross-check of the compiled evaluator); sympy is imported when called.

>>> import sympy
>>> from bank.notation import parse
>>> to_sympy(parse("a / 6 GB/s"), {"a": sympy.Symbol("a")})
a/6000000000
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any, Mapping

from .functions import FUNCTIONS
from .nodes import BinOp, Call, Name, Neg, Node, Num, Quantity

if TYPE_CHECKING:
    import sympy


def _builders(sympy: ModuleType) -> dict[str, Any]:
    """The sympy form of every registered function (a test checks none is missing)."""
    return {"ceil": sympy.ceiling, "floor": sympy.floor, "sqrt": sympy.sqrt, "abs": sympy.Abs,
            "min": sympy.Min, "max": sympy.Max,
            "round": lambda x: sympy.floor(x + sympy.Rational(1, 2))}  # halves up, as FUNCTIONS rounds


def to_sympy(node: Node, symbols: Mapping[str, object]) -> sympy.Expr:
    """A sympy expression (in base units) for the tree; ``symbols`` maps names to sympy symbols."""
    import sympy

    functions = _builders(sympy)
    missing = set(FUNCTIONS) - set(functions)
    if missing:
        raise KeyError(f"no sympy form for {sorted(missing)}")

    def build(n: Node) -> sympy.Expr:
        if isinstance(n, Num):
            return sympy.Rational(n.value.numerator, n.value.denominator)
        if isinstance(n, Name):
            return symbols[n.id]
        if isinstance(n, Quantity):
            s = n.unit.scale
            return build(n.operand) * sympy.Rational(s.numerator, s.denominator)
        if isinstance(n, Neg):
            return -build(n.operand)
        if isinstance(n, BinOp):
            a, b = build(n.left), build(n.right)
            return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                    "/": lambda: a / b, "^": lambda: a ** b}[n.op]()
        if isinstance(n, Call):
            return functions[n.func](*[build(a) for a in n.args])
        raise ValueError(type(n).__name__)

    return build(node)
