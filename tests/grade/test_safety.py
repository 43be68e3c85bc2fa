"""Safety: random and adversarial input gives a result or a located error, never an exception or a hang.

This runs a seeded subset (every adversarial case plus a few thousand random
inputs) against the fixture bank. ``fuzz/fuzz_grader.py`` runs the full
100,000 against the bundled banks and checks 100 ms per input; here a
generous alarm only guards against a hang, since timing belongs to the
benchmarks, not to tests.
"""

from __future__ import annotations

import importlib.util
import signal
from contextlib import contextmanager

import pytest

from ..conftest import ROOT

_spec = importlib.util.spec_from_file_location("fuzz_inputs", ROOT / "fuzz" / "inputs.py")
fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz)

#: A single input taking this long is a hang, not slowness (the fuzz script checks 100 ms).
HANG_SECONDS = 5
RANDOM_COUNT = 9000


class Hang(Exception):
    pass


@contextmanager
def no_hang(seconds: float):
    def alarm(signum, frame):
        raise Hang(f"no result within {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="module")
def targets(fixtures):
    from bank.variant import variant

    return [(q, variant(q)) for q in fixtures.questions()]


@pytest.mark.parametrize("index", range(len(fuzz.ADVERSARIAL)),
                         ids=[repr(t[:24]) + (f"…{len(t)}" if len(t) > 24 else "") for t in fuzz.ADVERSARIAL])
def test_adversarial(targets, index):
    text = fuzz.ADVERSARIAL[index]
    for owner, var in targets:
        with no_hang(HANG_SECONDS):
            fuzz.examine(text, owner, var)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_subset(targets, seed):
    texts = list(fuzz.inputs(seed, len(fuzz.ADVERSARIAL) + RANDOM_COUNT // 3))[len(fuzz.ADVERSARIAL):]
    for i, text in enumerate(texts):
        owner, var = targets[i % len(targets)]
        with no_hang(HANG_SECONDS):
            fuzz.examine(text, owner, var)


def test_code_injection_is_just_words(mark):
    for text in ("__import__('os').system('touch /tmp/bank-pwned')", "eval('2+2')", "exec('import os')",
                 "__import__('os').system('touch /tmp/bank-pwned') = 4"):
        line = mark("boot", text).lines[-1]
        assert line.status in ("unmatched", "error") and line.step is None and line.computed is None
    import os
    assert not os.path.exists("/tmp/bank-pwned")


def test_huge_line_is_refused_at_the_limit(mark):
    line = mark("boot", "1" * (1 << 20)).lines[-1]
    assert line.status == "error"
    assert "limit is 500" in line.message
    assert line.column == 501


def test_many_lines_stop_with_one_error(mark):
    report = mark("boot", *["70 / 6 = 11.7"] * 150)
    assert len(report.lines) == 101
    assert report.lines[-1].status == "error" and "100 lines" in report.lines[-1].message


def test_parser_never_calls_eval(monkeypatch):
    import builtins

    from bank.notation import parse_line

    def refuse(*args, **kwargs):
        raise AssertionError("eval/exec called")

    monkeypatch.setattr(builtins, "eval", refuse)
    monkeypatch.setattr(builtins, "exec", refuse)
    for text in fuzz.ADVERSARIAL[:40] + fuzz.GOOD_LINES:
        try:
            parse_line(text)
        except Exception as exc:  # noqa: BLE001
            assert type(exc).__name__ == "NotationError"


def test_no_text_reaches_sympy_parsers(monkeypatch, mark):
    """Error carried forward uses sympy, but builds expressions from trees: no string is ever parsed."""
    import importlib
    import sys

    import sympy
    import sympy.parsing.sympy_parser as parser

    importlib.import_module("sympy.core.sympify")
    core = sys.modules["sympy.core.sympify"]

    real = core.sympify

    def guarded(a, *args, **kwargs):
        assert not isinstance(a, str), f"sympify called on text {a!r}"
        return real(a, *args, **kwargs)

    def refuse(*args, **kwargs):
        raise AssertionError("parse_expr called")

    monkeypatch.setattr(core, "sympify", guarded)
    monkeypatch.setattr(sympy, "sympify", guarded)
    monkeypatch.setattr(parser, "parse_expr", refuse)
    from bank.plan import plan

    plan.cache_clear()
    report = mark("rent", "2.50 x 24 x 365 = 21,600", "4 x 21,600 = 86,400", "86,400 - 21,600 = 64,800")
    assert [x.status for x in report.lines] == ["slip", "carried", "carried"]
