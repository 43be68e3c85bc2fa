"""A tiny evaluator for Moodle calculated-question formulas, for checking our exports.

Only the syntax our exporter emits is accepted (numbers, + - * /, unary
minus, and Moodle's pow, ceil, floor, abs, sqrt, min, max, round); anything
else raises. The formula is parsed with :mod:`ast` and walked by hand, never
evaluated by Python.
"""

from __future__ import annotations

import ast
import math
import re
from fractions import Fraction

WILDCARD = re.compile(r"\{([A-Za-z_]\w*)\}")

FUNCTIONS = {"pow": lambda a, b: a ** b, "ceil": math.ceil, "floor": math.floor, "abs": abs,
             "sqrt": lambda a: Fraction(math.sqrt(a)), "min": min, "max": max,
             "round": lambda a, d=0: round(Fraction(a), int(d))}


def evaluate(formula: str, values: dict[str, Fraction]) -> Fraction:
    """The formula's value with each ``{name}`` replaced by ``values[name]``."""
    names = {}

    def slot(m):
        names[f"w_{m.group(1)}"] = Fraction(values[m.group(1)])
        return f"w_{m.group(1)}"

    tree = ast.parse(WILDCARD.sub(slot, formula), mode="eval")
    return Fraction(_walk(tree.body, names))


def _walk(node, names):
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return Fraction(str(node.value))
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_walk(node.operand, names)
    if isinstance(node, ast.BinOp):
        a, b = _walk(node.left, names), _walk(node.right, names)
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b, ast.Div: lambda: a / b}
        return ops[type(node.op)]()
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS:
        return FUNCTIONS[node.func.id](*[_walk(a, names) for a in node.args])
    raise ValueError(f"not Moodle formula syntax: {ast.dump(node)}")
