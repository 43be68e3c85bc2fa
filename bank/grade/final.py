"""Rule 5, the final answer: the value of the result step, by the same rounding rule.

The learner's final answer is the last line that lands on the result step;
failing that, a last line that matches nothing but is of the right kind. An
answer off only because an intermediate value was rounded too early is
diagnosed ``premature-rounding`` (the method is right).
"""

from __future__ import annotations

from . import diagnose as dx
from .matching import YES, fits
from .reference import RefStep
from .report import Final, LineResult, number
from .state import Outcome, State
from .words import show


def final(state: State) -> Final:
    """The verdict on the final answer."""
    result = state.ref.result
    base = dict(step=result.name, unit=result.unit_text, expected=number(result.shown))
    lines = [m for m in state.marked if m[1].step is result and m[1].status != "unmatched"]
    lines = lines or _last_unmatched(state, result)
    if not lines:
        return Final("missing", message=f"no line gives {result.name} ({show(result.shown, result.unit_text)})",
                     **base)
    line, outcome, stated = lines[-1]
    given = stated.shown(result.unit, result.shown)
    mine, right = show(given, result.unit_text), show(result.shown, result.unit_text)
    if outcome.status == "correct" and fits(stated, result.unit, result.base, result.shown) == YES:
        exactly = "" if mine == right else f" (exactly {right})"
        return Final("correct", given=number(given), message=f"{mine} (line {line.n}) is right{exactly}",
                     line=line.n, **base)
    return Final("wrong", given=number(given), diagnosis=outcome.diagnosis, line=line.n,
                 message=f"{mine} (line {line.n}); the answer is {right}{_note(outcome, line)}", **base)


def _last_unmatched(state: State, result: RefStep) -> list:
    """A last line that matches nothing is the learner's (wrong) final answer, if it is of the right kind."""
    if not state.marked:
        return []
    line, outcome, stated = state.marked[-1]
    if outcome.status != "unmatched" or stated is None or state.restates_given(stated):
        return []
    unit = stated.unit
    if unit is not None and not unit.dimensionless and unit.dims != result.unit.dims:
        return []
    return [state.marked[-1]]


def _note(outcome: Outcome, line: LineResult) -> str:
    if outcome.status == "unmatched" and line.computed is not None:
        return " (the arithmetic of that line is right, so check the method)"
    if outcome.diagnosis == dx.ROUNDING:
        return " (off only because an earlier value was rounded too soon: the method is right)"
    if outcome.status == "carried":
        return " (the method is right; an earlier error carried through)"
    return ""
