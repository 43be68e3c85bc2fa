"""Marking a whole working, line by line, the way a careful human marker would.

For each line: read it (a format error stops there), check its own
arithmetic (rule 1), then find the reference step it computes (rule 2):
directly by value and unit, or with the learner's own earlier values carried
forward (rule 3). A line that computes a later step directly also credits
the steps it subsumes. A right line that matches nothing is ``unmatched``
and costs nothing. Then the final answer (rule 5) and the score (rule 6).

>>> from bank.load import load
>>> from bank.variant import variant
>>> q = load().question("replica-boot-gap")
>>> r = grade(q, variant(q), "Read: 70 GB / 6 GB/s = 11.7 s\\nBoot: 11.7 s + 20 s = about 32 s")
>>> [x.status for x in r.lines], r.final.status, r.score
(['correct', 'correct'], 'correct', 1.0)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable

from .. import notation as n
from ..errors import NotationError
from ..model import Question, Term, Variant
from . import diagnose as dx
from . import rubric
from .arithmetic import Arithmetic, check
from .leaves import Entry, History, Leaf, Stand, analyse, expand
from .matching import UNITS, YES, Claim, fits
from .reading import Scope, amount, has_operation
from .reference import RefStep, Reference, reference
from .report import Carry, Final, LineResult, Report, StepCoverage, number
from .words import show

#: Lines beyond this are not read (a working is a handful of lines).
MAX_LINES = 100
#: Bounds on the error-carried-forward search per line.
MAX_OPTIONS, MAX_TRIES = 4, 64
#: How many levels of the learner's own intermediate lines carried errors are traced through.
MAX_INLINE = 3


@dataclass
class Outcome:
    """Where one line landed, before it becomes a :class:`LineResult`."""

    status: str
    step: RefStep | None = None
    diagnosis: str | None = None
    stands: tuple[Stand, ...] = ()
    credits: tuple[str, ...] = ()


@dataclass
class State:
    """What the marker knows after the lines so far."""

    ref: Reference
    learner: dict[str, Fraction] = field(default_factory=dict)
    history: History = field(default_factory=History)
    coverage: dict[str, tuple[str, int]] = field(default_factory=dict)
    slipped: set[str] = field(default_factory=set)
    _scope: Scope | None = None

    def scope(self) -> Scope:
        """Names the learner may use, with their own values for steps (rebuilt when those change)."""
        if self._scope is None:
            self._scope = self.ref.scope(self.learner)
        return self._scope

    def learned(self, step: str, value: Fraction) -> None:
        self.learner[step] = value
        self._scope = None
    marked: list[tuple[LineResult, Outcome, Claim | None]] = field(default_factory=list)


def grade(owner: Question | Term, variant: Variant, text: str) -> "Report":
    """Mark a working (one line per step) against the reference working for ``variant``."""
    state = State(reference(owner, variant))
    for number_, raw in enumerate(text.splitlines(), 1):
        if raw.strip():
            _mark(state, number_, raw)
        if number_ > MAX_LINES:
            break  # one located error says so; the rest is not read
    final = _final(state)
    steps = tuple(StepCoverage(s.name, *state.coverage.get(s.name, ("missing", None)))
                  for s in state.ref.steps)
    score = rubric.score([s.status for s in steps], final.status, final.diagnosis)
    return Report(owner.id, variant.seed, score, final, tuple(r for r, _, _ in state.marked), steps)


# --------------------------------------------------------------------------- one line

def _mark(state: State, n_: int, raw: str) -> None:
    ref = state.ref
    try:
        if n_ > MAX_LINES:
            raise NotationError(f"a working is limited to {MAX_LINES} lines", raw, 0, len(raw))
        line = n.parse_line(raw, keep=frozenset(ref.params))
        if line.empty:  # "Answer:" alone: nothing to mark, and nothing lost
            result = LineResult(n_, raw, "unmatched", message="a label with no working after it: nothing to mark")
            state.marked.append((result, Outcome("unmatched"), None))
            return
        arith = check(line, state.scope())
        outcome = _locate(state, line, arith)
    except NotationError as exc:
        result = LineResult(n_, raw, "error", message=exc.message + f" (column {exc.column})",
                            column=exc.column, caret=exc.caret())
        state.marked.append((result, Outcome("error"), None))
        return
    _record(state, n_, raw, arith, outcome)


def _locate(state: State, line: n.Line, arith: Arithmetic) -> Outcome:
    """Rules 2 and 3: the step a line computes, directly, with carried values, or one slip away."""
    claim = arith.claim
    first = line.segments[0].node
    computes = has_operation(first)
    found = _leaves(state, line, first) if computes else []
    if not arith.ok and arith.prefix:
        # 8 billion x 2 = 16: right if 16 is a step's value in its declared unit (GB), the prefix implied.
        step = _best(state, _implied(arith), line.label, YES)
        if step is not None:
            return Outcome("correct", step, credits=_credits(state, step, found, (), computes))
    if not arith.ok:
        return _slipped(state, line, arith, found)
    used = frozenset(name for leaf in found for name in leaf.uses)
    direct = _best(state, claim, line.label, YES, used)
    if direct is not None:
        return Outcome("correct", direct, credits=_credits(state, direct, found, (), computes))
    carried = _carry(state, claim, found) or _carry_through(state, line, claim, computes)
    if carried is not None:
        step, stands = carried
        rounding = all(s.rounded for s in stands)
        return Outcome("carried", step, dx.ROUNDING if rounding else None, stands,
                       _credits(state, step, found, stands, True))
    kind = _best(state, claim, line.label, UNITS)  # the right number, but another kind of unit
    if kind is not None:
        return Outcome("slip", kind, dx.UNITS)
    return _step_slip(state, line, claim, found) or Outcome("unmatched")


def _implied(arith: Arithmetic) -> Claim:
    """The stated value with no unit of its own: it is read in the step's declared unit."""
    g = arith.given
    return Claim(g.written, g.written, None)


def _slipped(state: State, line: n.Line, arith: Arithmetic, found: list[Leaf]) -> Outcome:
    """A line whose own arithmetic is wrong: which step was it computing?"""
    claim = arith.claim
    step = _best(state, claim, line.label, YES) or _best(state, _stated(arith), line.label, YES)
    if step is not None:
        return Outcome("slip", step, arith.diagnosis)
    carried = _carry(state, claim, found)
    if carried is not None:
        return Outcome("slip", carried[0], arith.diagnosis, carried[1])
    step = _best(state, claim, line.label, UNITS)
    return Outcome("slip", step, arith.diagnosis)


def _leaves(state: State, line: n.Line, first: n.Node) -> list[Leaf]:
    return analyse(first, state.scope(), state.ref, state.learner, state.history, line.text)


def _best(state: State, claim: Claim, label: str, verdict: str, used: frozenset[str] = frozenset()) -> RefStep | None:
    """The step a claim matches with this verdict, when several steps share its value.

    Preference: steps not yet covered; steps that build on the values the line
    uses (``295 / 1`` uses the ridge point, so it computes the step after it);
    the same kind of unit; the label's words; the order of the working.
    """
    words = _words(label)
    found = [s for s in state.ref.steps if fits(claim, s.unit, s.base, s.shown) == verdict]
    if not found:
        return None
    kind = claim.unit.dims if claim.unit is not None else None
    return min(found, key=lambda s: (s.name in state.coverage, bool(used) and not used & set(s.ancestors),
                                     kind is not None and s.unit.dims != kind, -len(words & s.words), s.index))


def _words(label: str) -> frozenset[str]:
    return frozenset(w for w in "".join(c if c.isalnum() else " " for c in label.lower()).split() if len(w) > 2)


# --------------------------------------------------------------------------- error carried forward

def _carry(state: State, claim: Claim, found: list[Leaf]) -> tuple[RefStep, tuple[Stand, ...]] | None:
    """A step that the line computes once some of its numbers stand for the learner's earlier values."""
    if not any(leaf.stands for leaf in found):
        return None
    targets = sorted(state.ref.steps, key=lambda s: (s.name in state.coverage, s.index))
    for step in targets:
        for stands in _assignments(found, set(step.ancestors)):
            value = state.ref.reevaluate(step.name, {s.step: s.base for s in stands})
            if value is not None and fits(claim, step.unit, value, value / step.unit.scale) == YES:
                return step, stands
    return None


def _carry_through(state: State, line: n.Line, claim: Claim, computes: bool):
    """Error carried forward through the learner's own intermediate results (lines that matched no step),
    inlining them one level at a time."""
    if not computes:
        return None
    tree = line.segments[0].node
    scope = state.scope()
    try:
        for _ in range(MAX_INLINE):
            expanded = expand(tree, scope, state.history, line.text)
            if expanded is tree:
                return None
            tree = expanded
            found = analyse(tree, scope, state.ref, state.learner, state.history, line.text)
            carried = _carry(state, claim, found)
            if carried is not None:
                return carried
    except NotationError:  # an inlined line that no longer evaluates: nothing to trace
        return None
    return None


def _assignments(found: list[Leaf], allowed: set[str]) -> Iterable[tuple[Stand, ...]]:
    """Ways to read some leaves as earlier steps: fewest substitutions first, each step once."""
    options = [[s for s in leaf.stands if s.step in allowed][:MAX_OPTIONS] for leaf in found]
    options = [o for o in options if o]
    combos = []
    for choice in itertools.islice(itertools.product(*[[None] + o for o in options]), MAX_TRIES * 4):
        picked = tuple(s for s in choice if s is not None)
        if picked and len({s.step for s in picked}) == len(picked):
            combos.append(picked)
    combos.sort(key=len)
    return combos[:MAX_TRIES]


def _credits(state: State, step: RefStep, found: list[Leaf], stands: tuple[Stand, ...],
             computes: bool) -> tuple[str, ...]:
    """The matched step plus, for a line that computes it, the earlier steps it subsumes."""
    if not computes:
        return (step.name,)
    used = {s.step for s in stands} | {name for leaf in found for name in leaf.uses}
    used |= {a for u in used for a in state.ref.step(u).ancestors}
    return (step.name,) + tuple(a for a in step.ancestors if a not in used)


def _step_slip(state: State, line: n.Line, claim: Claim, found: list[Leaf]) -> Outcome | None:
    """A right-looking line one slip away from a step not yet covered (``70 × 6`` for ``70 ÷ 6``)."""
    first = line.segments[0].node
    if not has_operation(first) or _restates_given(state, claim):
        return None
    scope = state.scope()
    # Only steps of the kind the line claims to compute: 70 GB / 4.8 TB/s = 14.6 ms is a time, not a speed.
    open_steps = [s for s in state.ref.steps if s.name not in state.coverage and _same_kind(claim, s)]
    if not open_steps:
        return None
    changed = [c for c in (_changed(t, scope, line.text) for t in dx._one_change(first)) if c is not None]
    for step in open_steps:
        if any(fits(c, step.unit, step.base, step.shown) == YES for c in changed):
            return Outcome("slip", step, dx.OPERATION)
    givens = {p for leaf in found for p in leaf.given}
    for step in open_steps:
        # Only where the line works from this step's own givens: 700 / 6 for 70 / 6, not any stray number.
        if givens and givens <= set(step.params):
            diagnosis = dx.diagnose(step.shown, claim.written)
            if diagnosis is not None:
                return Outcome("slip", step, diagnosis)
    return None


def _same_kind(claim: Claim, step: RefStep) -> bool:
    unit = claim.unit
    return unit is None or unit.dimensionless or unit.dims == step.unit.dims


def _changed(tree: n.Node, scope, text: str) -> Claim | None:
    try:
        a = amount(tree, scope, text)
    except NotationError:
        return None
    return Claim.exact(a.base, a.written, a.unit)


def _restates_given(state: State, claim: Claim) -> bool:
    return any(claim.written.mid == state.ref.plan.display(k, v) for k, v in state.ref.params.items())


# --------------------------------------------------------------------------- recording

def _record(state: State, n_: int, raw: str, arith: Arithmetic, outcome: Outcome) -> None:
    stated = _stated(arith)
    step = outcome.step
    if step is not None:
        state.learned(step.name, _value_for(stated, arith, step))
    if outcome.status == "slip" and step is not None:
        state.slipped.add(step.name)
    for name in outcome.credits:
        kind = "done" if outcome.status == "correct" else "carried"
        if name in state.slipped and name != outcome.credits[0]:
            continue  # a step the learner got wrong is not credited by a later line that only subsumes it
        if state.coverage.get(name, ("",))[0] != "done":
            state.coverage[name] = (kind, n_)
    state.history.append(Entry(n_, stated, step.name if step else None, outcome.status, _tree(arith, step)))
    result = LineResult(n_, raw, outcome.status, step.name if step else None,
                        *_numbers(arith, stated, step), outcome.diagnosis, _message(state, arith, outcome, raw),
                        carried=tuple(Carry(s.step, number(state.ref.plan.display(s.step, s.base)), s.line, s.rounded)
                                      for s in outcome.stands), credits=outcome.credits)
    state.marked.append((result, outcome, stated))


def _tree(arith: Arithmetic, step: RefStep | None) -> n.Node | None:
    """The working behind an unmatched line's result, for tracing carried errors through it."""
    if step is not None or arith.computed is None or not arith.ok or not has_operation(arith.first):
        return None
    return arith.first


def _stated(arith: Arithmetic) -> Claim:
    """What the learner wrote as the line's value (the wrong value, for a slip)."""
    g = arith.given
    if g is None:
        return arith.claim
    return Claim(g.base, g.written, arith.unit if arith.ok else g.value.unit)


def _value_for(stated: Claim, arith: Arithmetic, step: RefStep) -> Fraction:
    return stated.shown(step.unit, step.shown) * step.unit.scale


def _numbers(arith: Arithmetic, stated: Claim, step: RefStep | None) -> tuple[float | None, float | None]:
    given = None if arith.given is None else _in_step(stated, step)
    c = arith.computed
    computed = None if c is None else _in_step(Claim.exact(c.base, c.written, c.unit), step)
    return number(given), number(computed)


def _in_step(claim: Claim, step: RefStep | None) -> Fraction:
    return claim.written.mid if step is None else claim.shown(step.unit, step.shown)


# --------------------------------------------------------------------------- final answer

def _final(state: State) -> Final:
    result = state.ref.result
    expected = number(result.shown)
    base = dict(step=result.name, unit=result.unit_text, expected=expected)
    lines = [(r, o, c) for r, o, c in state.marked if o.step is result and o.status != "unmatched"]
    if not lines:
        lines = _last_unmatched(state, result)
    if not lines:
        return Final("missing", message=f"no line gives {result.name} ({show(result.shown, result.unit_text)})",
                     **base)
    line, outcome, stated = lines[-1]
    given = _in_step(stated, result)
    mine, right = show(given, result.unit_text), show(result.shown, result.unit_text)
    if fits(stated, result.unit, result.base, result.shown) == YES and outcome.status == "correct":
        return Final("correct", given=number(given), message=f"{mine} (line {line.n}) is right: {right}",
                     line=line.n, **base)
    text = f"{mine} (line {line.n}); the answer is {right}"
    return Final("wrong", given=number(given), diagnosis=_final_diagnosis(outcome), line=line.n,
                 message=text + _final_note(outcome), **base)


def _last_unmatched(state: State, result: RefStep):
    """A last line that matches nothing is the learner's (wrong) final answer, if it is of the right kind."""
    if not state.marked:
        return []
    line, outcome, stated = state.marked[-1]
    if outcome.status != "unmatched" or stated is None or _restates_given(state, stated):
        return []
    unit = stated.unit
    if unit is not None and not unit.dimensionless and unit.dims != result.unit.dims:
        return []
    return [state.marked[-1]]


def _final_diagnosis(outcome: Outcome) -> str | None:
    return outcome.diagnosis


def _final_note(outcome: Outcome) -> str:
    if outcome.diagnosis == dx.ROUNDING:
        return " (off only because an earlier value was rounded too soon: the method is right)"
    if outcome.status == "carried":
        return " (the method is right; an earlier error carried through)"
    return ""


# --------------------------------------------------------------------------- messages

def _message(state: State, arith: Arithmetic, o: Outcome, raw: str) -> str:
    step = o.step
    name = step.name if step else ""
    if o.status == "correct":
        extra = [c for c in o.credits if c != name]
        also = f" (also covers {', '.join(extra)})" if extra else ""
        return f"{name} = {show(step.shown, step.unit_text)}{also}"
    if o.status == "carried":
        used = "; ".join(f"your {show(state.ref.plan.display(s.step, s.base), state.ref.step(s.step).unit_text)} "
                         f"for {s.step}" + (f" (line {s.line})" if s.line else "") for s in o.stands)
        head = "right method, rounded too soon" if o.diagnosis == dx.ROUNDING else "right method"
        return f"{head}: {name} with {used}"
    if o.status == "slip":
        return _slip_message(arith, o, raw)
    return "the arithmetic is right, but it is not a step of this working (no penalty)"


_WHY = {dx.UNITS: "check the units", dx.SIGN: "check the sign", dx.POWER: "off by a power of ten",
        dx.TRANSPOSED: "two digits are swapped", dx.OPERATION: "the wrong operation"}


def _slip_message(arith: Arithmetic, o: Outcome, raw: str) -> str:
    why = _WHY.get(o.diagnosis, "an arithmetic slip")
    target = f" (for {o.step.name})" if o.step else ""
    c, side = arith.computed, arith.failed or arith.given
    if arith.ok or c is None or side is None:
        expected = show(o.step.shown, o.step.unit_text) if o.step else "?"
        return f"{why}{target}: this step is {expected}"
    g = side.value
    if c.unit is not None and g.unit is not None and g.annotated and c.unit.dims == g.unit.dims:
        exact = show(c.base / g.unit.scale, g.unit.name)
    elif c.unit is not None and c.annotated:
        exact = show(c.base, base_unit_text(c.unit.dims))
    else:
        exact = show(c.written)
    return f"{why}{target}: the left side is {exact}, not {raw[side.segment.start:side.segment.end].strip()}"


_BASE_SYMBOLS = {"time": "s", "data": "B", "compute": "FLOP", "money": "USD"}


def base_unit_text(dims: tuple[int, ...]) -> str:
    """Base units for a dimension vector: ``s``, ``B/s``, ``USD/token``.

    >>> from bank.units import parse_unit
    >>> base_unit_text(parse_unit("GB/s").dims), base_unit_text(parse_unit("USD").dims)
    ('B/s', 'USD')
    """
    from ..units import DIMENSIONS
    names = [(_BASE_SYMBOLS.get(d, d), e) for d, e in zip(DIMENSIONS, dims) if e]
    top = "·".join(x if e == 1 else f"{x}^{e}" for x, e in names if e > 0)
    bottom = "".join(f"/{x}" if e == -1 else f"/{x}^{-e}" for x, e in names if e < 0)
    if top.startswith("USD") and not names[0][0] == "USD":
        return top + bottom
    return (top or ("1" if bottom else "")) + bottom
