"""Variants are pure functions of (question, seed, student); the solver is exact and compiled once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bank.errors import BankError
from bank.load import build_worked, load
from bank.model import Question
from bank.plan import plan
from bank.solve import compiled, result_values, solve, solve_many
from bank.variant import ConstraintsUnsatisfiable, derive_seed, variant
from tests.conftest import QUESTIONS, ROOT

LIBRARY = load(QUESTIONS)
WORKED = [q for q in LIBRARY.questions() if q.worked] + [t for t in LIBRARY.glossary]
IDS = [getattr(o, "key", o.id) for o in WORKED]
seeds = st.one_of(st.integers(min_value=-10**12, max_value=10**12), st.text(max_size=20))


def toy(constraints=(), **extra) -> Question:
    worked = build_worked({
        "problem": "p",
        "params": {"a": {"default": 6, "min": 1, "max": 9, "step": 1, "unit": "GB"},
                   "b": {"default": 2, "choices": [1, 2, 3], "unit": "GB/s"}},
        "constraints": list(constraints),
        "steps": [{"name": "wait", "expr": "a / b", "unit": "s", "text": "x"},
                  {"name": "m", "expr": "wait + 1 min", "unit": "min", "text": "x"}],
        "result": "m", **extra})
    return Question("toy", "demo", "core", "t", "a", "k", worked=worked)


@pytest.mark.parametrize("owner", WORKED, ids=IDS)
@settings(max_examples=25, deadline=None)
@given(seed=seeds, student=st.one_of(st.none(), st.text(max_size=8)))
def test_variant_is_deterministic_on_grid_and_constrained(owner, seed, student):
    worked = owner.worked
    v = variant(owner, seed, student)
    assert v == variant(owner, seed, student)
    for p in worked.params:
        assert v.as_dict()[p.name] in p.grid()
    assert plan(worked).satisfied(v.as_dict())


@pytest.mark.parametrize("owner", WORKED, ids=IDS)
@settings(max_examples=15, deadline=None)
@given(seed=seeds)
def test_compiled_solver_agrees_with_sympy(owner, seed):
    """The compiled closures against an independent evaluation: the same trees built as sympy and substituted."""
    import sympy

    from bank.notation import to_sympy

    worked = owner.worked
    v = variant(owner, seed)
    fast = compiled(worked).run(v.as_dict())
    planned = plan(worked)
    symbols = {name: sympy.Symbol(name) for name in worked.names}
    env = {symbols[k]: sympy.Rational(x.numerator, x.denominator) for k, x in planned.to_base(v.as_dict()).items()}
    for step in worked.steps:
        value = to_sympy(planned.trees[step.name], symbols).subs(env)
        env[symbols[step.name]] = value
        if value.is_Rational:
            assert fast[step.name] == Fraction(int(value.p), int(value.q)), step.name
        else:
            assert float(fast[step.name]) == pytest.approx(float(value), rel=1e-9), step.name


def test_default_variant_uses_defaults():
    q = toy()
    assert variant(q).as_dict() == {"a": 6, "b": 2}
    assert variant(q).seed is None


def test_exact_rationals():
    q = toy()
    s = solve(q, variant(q, params={"a": Fraction(7), "b": Fraction(3)}))
    assert s.values["wait"].magnitude == Fraction(7, 3)
    assert s.values["m"].magnitude == Fraction(7, 180) + 1
    assert s.result.unit == "min"


def test_pinned_params_are_kept_in_seeded_variants():
    q = toy()
    assert all(variant(q, seed, params={"b": Fraction(3)}).as_dict()["b"] == 3 for seed in range(20))


def test_seeds_spread_over_the_grid():
    q = toy()
    assert len({variant(q, seed).values for seed in range(60)}) >= 15


def test_unsatisfiable_constraints_stop_with_a_clear_error():
    q = toy(constraints=["wait > 1 hour"])
    with pytest.raises(ConstraintsUnsatisfiable, match=r"toy: no variant met the constraints in 1000 draws; `wait > 1 hour`"):
        variant(q, 1)


def test_constraints_filter_draws():
    q = toy(constraints=["a >= 3 * b * 1 s"])
    assert all(v.as_dict()["a"] >= 3 * v.as_dict()["b"] for v in (variant(q, s) for s in range(50)))


def test_derive_seed_is_stable_text():
    assert derive_seed("spring", "s001") == derive_seed("spring", "s001") != derive_seed("spring", "s002")
    assert len(derive_seed(1, 2, 3)) == 16


def test_solve_many_and_result_values_match_solve():
    q = toy()
    vs = [variant(q, s) for s in range(30)]
    assert [s.result for s in solve_many(q, vs)] == [solve(q, v).result for v in vs]
    assert result_values(q, vs) == [solve(q, v).result.magnitude for v in vs]


def test_each_step_is_compiled_once_per_question(monkeypatch):
    """Issue 14: drawing, solving and answer keys for many variants compile each step's tree once."""
    from bank import notation

    real, seen = notation.compile_tree, []
    monkeypatch.setattr(notation, "compile_tree", lambda tree: seen.append(tree) or real(tree))
    plan.cache_clear()
    compiled.cache_clear()
    q = toy(constraints=["a >= 2 GB"])
    vs = [variant(q, s) for s in range(30)]
    solve_many(q, vs), result_values(q, vs), [solve(q, v) for v in vs]
    assert len(seen) == len(q.worked.steps) == 2


def test_division_by_zero_is_a_bank_error():
    worked = build_worked({"problem": "p", "params": {"a": {"default": 0, "choices": [0, 1]}},
                           "steps": [{"name": "r", "expr": "1 / a", "text": "x"}], "result": "r"})
    q = Question("z", "demo", "core", "t", "a", "k", worked=worked)
    with pytest.raises(BankError, match="step `r` divides by zero"):
        solve(q, variant(q))


def test_same_variant_in_other_processes():
    """Byte-identical JSON across processes with different hash seeds."""
    qid = "replica-boot-gap"
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, BANK_QUESTIONS=str(QUESTIONS))
        out = subprocess.run([sys.executable, "-m", "bank", "show", qid, "--seed", "s-42", "--json"],
                             capture_output=True, env=env, cwd=ROOT, check=True).stdout
        outputs.add(out)
    assert len(outputs) == 1
    assert json.loads(outputs.pop())["seed"] == "s-42"
