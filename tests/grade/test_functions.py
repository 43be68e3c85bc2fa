"""Functions live in one registry (issue 10): every walker looks a call up there, an unknown name is an error
in each of them (never a silent default, as the exact evaluator once computed a square root), and the
browser's copy of the exact forms covers the same names."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from bank import notation
from bank.notation.exact import compile_tree, evaluate, infer_unit
from bank.notation.functions import FUNCTIONS
from bank.notation.nodes import Call, Num
from bank.vocabulary import export

ROOT = Path(__file__).resolve().parents[2]


def _unknown() -> Call:
    return Call(0, 7, "cbrt", (Num(5, 6, Fraction(8), "8", Fraction(1)),))


@pytest.mark.parametrize("walk", [
    lambda: evaluate(_unknown()),
    lambda: compile_tree(_unknown())({}),
    lambda: infer_unit(_unknown(), {}, "cbrt(8)"),
], ids=["evaluate", "compiled", "unit"])
def test_an_unregistered_function_is_an_error_in_every_walker(walk):
    with pytest.raises((KeyError, notation.NotationError)):
        walk()


def test_the_parser_refuses_an_unknown_function_with_its_location():
    with pytest.raises(notation.NotationError) as caught:
        notation.parse("cbrt(8)")
    assert caught.value.offset == 0


def test_the_browser_reads_the_same_functions():
    assert set(export()["functions"]) == set(FUNCTIONS)
    script = (ROOT / "templates" / "static" / "notation.js").read_text(encoding="utf-8")
    exact = script[script.index("var EXACT = {"):]
    exact = exact[:exact.index("};")]
    assert set(re.findall(r"^\s*(\w+): function", exact, re.M)) == set(FUNCTIONS)


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_every_function_has_each_form(name):
    fn = FUNCTIONS[name]
    args = [Fraction(9, 4)] * max(1, abs(fn.arity))
    assert isinstance(fn.exact(args), Fraction)
    assert fn.sympy
