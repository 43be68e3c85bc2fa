"""Rule 5, the answer: each answer part is the value of its step, by the same rounding rule.

A part's answer is the last claim that lands on its step. A claim after it, on
the working's last line, that matches no step but is of the part's kind is the
learner's last word on it (so a working that ends by stating a value is right
or wrong, never missing). An answer off only because an intermediate value was
rounded too early is diagnosed ``premature-rounding`` (the method is right).
"""

from __future__ import annotations

import re
from typing import Sequence

from . import diagnose as dx
from .matching import YES, compatible, fits, same_kind
from .reference import RefStep
from .report import Final, Status, Verdict, number
from .state import Marked, State
from .words import show


def finals(state: State) -> tuple[Final, ...]:
    """The verdict on every answer part, in the order the problem asks for them."""
    taken: set[int] = set()
    return tuple(_part(state, part, taken) for part in state.ref.parts)


def overall(parts: Sequence[Final]) -> Final:
    """One verdict for the whole answer: right only when every part is."""
    if len(parts) == 1:
        return parts[0]
    right = sum(p.status == Verdict.CORRECT for p in parts)
    status = Verdict.CORRECT if right == len(parts) else \
        Verdict.MISSING if all(p.status == Verdict.MISSING for p in parts) else Verdict.WRONG
    first = parts[0]
    return Final(status, first.expected, first.given, None, f"{right} of {len(parts)} parts right", first.step,
                 first.unit, first.line, first.label)


def _part(state: State, part: RefStep, taken: set[int]) -> Final:
    base = dict(step=part.name, unit=part.unit_text, expected=number(part.shown), label=part.label)
    hits = [i for i, m in enumerate(state.marked) if m.outcome.step is part and m.outcome.status != Status.UNMATCHED]
    if not hits and state.covered(part.name):  # "→ 21.4 ms": the memory time, and so the step time as well
        hits = [i for i, m in enumerate(state.marked) if m.outcome.status == Status.CORRECT and _states(m, part)]
    counts: list[int] = []
    if not hits and part.rounds:  # "52 / 2 = 26 seqs": a slip before the rounding, already a whole count
        hits = counts = [i for i, m in enumerate(state.marked) if _whole_before_rounding(m, part)]
    last = _last_word(state, part, hits[-1] if hits else -1, taken)
    index = last if last is not None else (hits[-1] if hits else _attempt(state, part, taken))
    if index is None:
        return _unstated(state, part, base)
    taken.add(index)
    m = state.marked[index]
    assert m.stated is not None
    given = m.stated.shown(part.unit, part.shown)
    mine, right = show(given, part.unit_text), show(part.shown, part.unit_text)
    if m.outcome.status == Status.CORRECT and not (index in counts and given != part.shown):
        # right at the precision written, or within rounding noise (a count is right only exactly)
        exactly = "" if mine == right else f" (exactly {right})"
        return Final(Verdict.CORRECT, given=number(given), message=f"{mine} (line {m.line}) is right{exactly}",
                     line=m.line, **base)  # type: ignore[arg-type]
    if mine == right:  # the same when printed short: show enough digits to see the difference
        mine, right = show(given, part.unit_text, figures=8), show(part.shown, part.unit_text, figures=8)
    return Final(Verdict.WRONG, given=number(given), diagnosis=m.outcome.diagnosis, line=m.line,
                 message=f"{mine} (line {m.line}); the {part.label} is {right}{_note(m)}", **base)  # type: ignore[arg-type]


def _unstated(state: State, part: RefStep, base: dict) -> Final:
    """A part no line states. A later line that worked from it says what the learner took it to be: right when
    that line is (``220 / 21.5 ms``: the largest batch, 220, inside the throughput), wrong when the line
    carried an error through it (``3 × $2.50``: a fleet of 3, the spare forgotten)."""
    right = show(part.shown, part.unit_text)
    kind, line = state.coverage.get(part.name, ("missing", None))
    if kind == "done":
        return Final(Verdict.CORRECT, message=f"{right}, inside line {line}'s working, is right", line=line,
                     **base)
    if kind == "carried":
        return Final(Verdict.WRONG, line=line, message=f"not stated, but line {line} worked from a value for it "
                     f"that is not right: the {part.label} is {right}", **base)
    return Final(Verdict.MISSING, message=f"no line gives the {part.label} ({right})", **base)


def _states(m: Marked, part: RefStep) -> bool:
    """A right claim for another step that states this part's value too, of its kind: ``→ 21.4 ms`` is the
    memory time and, the step being memory-bound, the step time as well."""
    unit = m.stated.unit if m.stated is not None else None
    return m.stated is not None and unit is not None and not unit.dimensionless \
        and same_kind(unit.dims, part.unit.dims) and fits(m.stated, part.unit, part.base, part.shown) == YES


def _whole_before_rounding(m: Marked, part: RefStep) -> bool:
    """A claim for the value a rounding part rounds (the caches that fit, for the whole sequences), stated as a
    whole number: the learner's count, so their answer for the part (``≈ 54.9 = 55 sequences`` where 54 fit is
    wrong)."""
    step = m.outcome.step
    return step is not None and step is not part and m.outcome.status != Status.UNMATCHED \
        and step.base == part.inner and m.stated is not None \
        and m.stated.shown(part.unit, part.shown).denominator == 1


def _last_word(state: State, part: RefStep, after: int, taken: set[int]) -> int | None:
    """The working's last claim, if it matched no step, is of the part's kind, and follows the part's
    last match: the learner's final statement of this part."""
    i = len(state.marked) - 1
    if i <= after:
        return None
    m = state.marked[i]  # the very last claim of the working: the learner's last word
    if i in taken or m.outcome.status != Status.UNMATCHED or m.stated is None or state.restates_given(m.stated) \
            or _REMARK.match(m.result.text) or _WHAT_IF.search(m.result.text):
        return None
    if any(x.line == m.line and x.outcome.step in state.ref.parts for x in state.marked):
        return None  # "≈ 2 cards, with only 20 GB spare": the line answers another part; the rest is a remark
    if m.result.computed is not None and after >= 0 and _plainly_right(state.marked[after], part):
        return None  # "headroom: 141 − 16 = 125 GB" works something new from the part; it does not answer it again
    unit = m.stated.unit
    if len(state.ref.parts) > 1:  # several answers: only a value of this part's own kind speaks for it
        ok = unit is not None and not unit.dimensionless and same_kind(unit.dims, part.unit.dims)
    else:
        plain = unit is None or unit.dimensionless  # the answer unsaid, or a share ("50 / 52.5 ≈ 95% of the gap")
        ok = plain and after < 0 or unit is not None and (same_kind(unit.dims, part.unit.dims)
                                                          or compatible(unit.dims, part.unit.dims))
    return i if ok else None


#: A line that opens as a remark (``Caveat: capping replies would halve that to ~31 s``, ``Note - …``): a what-if
#: beside the working, not the learner's answer.
_REMARK = re.compile(r"\s*(?:[-•*]\s*)?(?:caveat|note|n\.?b\.?|aside|side note|p\.?s\.?|fyi|bonus)\s*[:\-–—]",
                     re.IGNORECASE)
#: Words that make a line a what-if anywhere in it (``… ~518 ms, just as a side note``).
_WHAT_IF = re.compile(r"\b(?:what if|side note|as an aside|for comparison|hypothetically)\b", re.IGNORECASE)


def _plainly_right(m: Marked, part: RefStep) -> bool:
    """A right claim for the part that says its value to within a percent, not one a coarse rounding lets by."""
    return m.outcome.status == Status.CORRECT and m.stated is not None and part.shown != 0 \
        and abs(m.stated.shown(part.unit, part.shown) - part.shown) <= abs(part.shown) / 100


def _attempt(state: State, part: RefStep, taken: set[int]) -> int | None:
    """For a part no line landed on: the last claim of the part's kind, worked (not just said) after
    the learner began on what the part is made from: their answer for it, by a method that is not
    the step's (``0.23 × 0.6 = $0.14 per million tokens`` for the cost at 60% load)."""
    began = [m.line for m in state.marked if m.outcome.step is not None and m.outcome.step.name in part.ancestors]
    for i in range(len(state.marked) - 1, -1, -1):
        m = state.marked[i]
        if not began or m.line < min(began):
            return None
        unit = m.stated.unit if m.stated is not None else None
        if i in taken or m.outcome.status != Status.UNMATCHED or m.result.computed is None or unit is None \
                or unit.dimensionless or not same_kind(unit.dims, part.unit.dims):
            continue
        return i
    return None


def _note(m: Marked) -> str:
    outcome, line = m.outcome, m.result
    if outcome.status == Status.UNMATCHED and line.computed is not None:
        return " (the arithmetic of that line is right, so check the method)"
    if outcome.diagnosis == dx.Slip.ROUNDING:
        return " (off only because an earlier value was rounded too soon: the method is right)"
    if outcome.status == Status.CARRIED:
        return " (the method is right; an earlier error carried through)"
    if outcome.diagnosis is not None:
        return f" ({dx.why(outcome.diagnosis)})"
    return ""
