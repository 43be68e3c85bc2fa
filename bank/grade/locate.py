"""Rule 2, matching a line to the reference step it computes.

Directly by value and unit (in any order, steps not yet covered first); with
carried values (rule 3, :mod:`bank.grade.carry`); or, for a line whose own
arithmetic is right but matches nothing, one slip away from an open step
(``70 × 6`` where the step is ``70 ÷ 6``), or made only of the step's own
inputs and off by a standard unit conversion (``3,600 × 2`` requests an hour
for seconds). A line that computes a later step directly also credits the
steps it subsumes.
"""

from __future__ import annotations

from .. import notation as n
from ..errors import NotationError
from . import diagnose as dx
from .arithmetic import Arithmetic
from .carry import carry, carry_through
from .leaves import Leaf, Stand, analyse
from .matching import UNITS, YES, Claim, fits, same_kind
from .reading import Scope, amount, has_operation
from .reference import RefStep
from .state import Outcome, State


def locate(state: State, line: n.Line, arith: Arithmetic) -> Outcome:
    """Where a line lands: correct, carried, slip (with the step meant) or unmatched."""
    claim = arith.claim
    first = line.segments[0].node
    computes = has_operation(first)
    found = analyse(first, state.scope(), state.ref, state.learner, state.history, line.text) if computes else []
    if not arith.ok:
        implied = _implied(state, line, arith, found, computes)
        return implied or _slipped(state, line, arith, found)
    used = frozenset(name for leaf in found for name in leaf.uses)
    direct = best(state, claim, line.label, YES, used)
    if direct is not None:
        return Outcome("correct", direct, credits=credits(state, direct, found, (), computes))
    carried = carry(state, claim, found) or (carry_through(state, line, claim) if computes else None)
    if carried is not None:
        step, stands = carried
        rounding = all(s.rounded for s in stands)
        return Outcome("carried", step, dx.ROUNDING if rounding else None, stands,
                       credits(state, step, found, stands, True))
    kind = best(state, claim, line.label, UNITS)  # the right number, but another kind of unit
    if kind is not None:
        return Outcome("slip", kind, dx.UNITS)
    return _step_slip(state, line, claim, found) or _converted(state, line, claim, found) or Outcome("unmatched")


def _implied(state: State, line: n.Line, arith: Arithmetic, found: list[Leaf], computes: bool) -> Outcome | None:
    """``8 billion x 2 = 16`` with no units anywhere: right if 16 is a step's value in its declared unit (GB)."""
    if not arith.prefix:
        return None
    g = arith.given
    step = best(state, Claim(g.written, g.written, None), line.label, YES)
    if step is None:
        return None
    return Outcome("correct", step, credits=credits(state, step, found, (), computes))


def _slipped(state: State, line: n.Line, arith: Arithmetic, found: list[Leaf]) -> Outcome:
    """A line whose own arithmetic is wrong: which step was it computing?"""
    claim = arith.claim
    step = best(state, claim, line.label, YES) or best(state, arith.stated, line.label, YES)
    if step is not None:
        return Outcome("slip", step, arith.diagnosis)
    carried = carry(state, claim, found)
    if carried is not None:
        return Outcome("slip", carried[0], arith.diagnosis, carried[1])
    return Outcome("slip", best(state, claim, line.label, UNITS), arith.diagnosis)


def best(state: State, claim: Claim, label: str, verdict: str, used: frozenset[str] = frozenset()) -> RefStep | None:
    """The step a claim matches with this verdict, when several steps share its value.

    Preference: steps not yet covered; steps that build on the values the line
    uses (``295 / 1`` uses the ridge point, so it computes the step after it);
    the same kind of unit; the result step for a line labelled ``Answer``;
    the label's words; the order of the working.
    """
    words = _words(label)
    found = [s for s in state.ref.steps if fits(claim, s.unit, s.base, s.shown) == verdict]
    if not found:
        return None
    kind = claim.unit.dims if claim.unit is not None else None
    result = state.ref.result.name if words & _ANSWER else None  # "Answer: 4" means the result step
    return min(found, key=lambda s: (s.name in state.coverage, bool(used) and not used & set(s.ancestors),
                                     kind is not None and not same_kind(s.unit.dims, kind), s.name != result,
                                     -len(words & s.words), s.index))


_ANSWER = frozenset({"answer", "final", "result"})


def _words(label: str) -> frozenset[str]:
    return frozenset(w for w in "".join(c if c.isalnum() else " " for c in label.lower()).split() if len(w) > 2)


def credits(state: State, step: RefStep, found: list[Leaf], stands: tuple[Stand, ...],
            computes: bool) -> tuple[str, ...]:
    """The matched step plus, for a line that computes it, the earlier steps it subsumes.

    Steps whose values the line uses (``4 x $21,900`` uses the yearly rent)
    are not subsumed: the line does not compute them.
    """
    if not computes:
        return (step.name,)
    used = {s.step for s in stands} | {name for leaf in found for name in leaf.uses}
    used |= {a for u in used for a in state.ref.step(u).ancestors}
    return (step.name,) + tuple(a for a in step.ancestors if a not in used)


def _step_slip(state: State, line: n.Line, claim: Claim, found: list[Leaf]) -> Outcome | None:
    """A right-looking line one slip away from a step not yet covered (``70 × 6`` for ``70 ÷ 6``)."""
    first = line.segments[0].node
    if not has_operation(first) or state.restates_given(claim):
        return None
    # Only steps of the kind the line claims to compute: 70 GB / 4.8 TB/s = 14.6 ms is a time, not a speed.
    open_steps = [s for s in state.ref.steps if s.name not in state.coverage and _same_kind(claim, s)]
    if not open_steps:
        return None
    scope = state.scope()
    changed = [c for c in (_changed(t, scope, line.text) for t in dx.one_change(first)) if c is not None]
    for step in open_steps:
        if any(fits(c, step.unit, step.base, step.shown) == YES for c in changed):
            return Outcome("slip", step, dx.OPERATION)
    givens = {p for leaf in found for p in leaf.given}
    for step in open_steps:
        # Only where the line works from this step's own givens: 700 / 6 for 70 / 6, not any stray number.
        if givens and givens <= set(step.params):
            diagnosis = dx.diagnose(step.shown, claim.written, conversions=False)  # stray numbers: see _converted
            if diagnosis is not None:
                return Outcome("slip", step, diagnosis)
    return None


def _converted(state: State, line: n.Line, claim: Claim, found: list[Leaf]) -> Outcome | None:
    """A line of only the problem's own values, off from an open step by a unit conversion.

    ``3,600 x 2 = 7,200`` for 2 requests in flight (arrivals an hour, seconds
    each). A line with a number of the learner's own (``2.50 x 24 = 60``, the
    rent for a day) may be a sound intermediate, so it is left unmatched.
    """
    if not has_operation(line.segments[0].node) or not found or state.restates_given(claim):
        return None
    sources = [set(leaf.given) | leaf.uses for leaf in found]  # a given, or a step's value (maybe rounded)
    for step in state.ref.steps:
        if step.name in state.coverage or not _same_kind(claim, step):
            continue
        inputs, constants = set(step.params) | set(step.ancestors), _constants(state, step.name)
        if all(inputs & s or leaf.value.written in constants for leaf, s in zip(found, sources)) \
                and _off_by_conversion(claim, step):
            return Outcome("slip", step, dx.UNITS)
    return None


def _constants(state: State, step: str) -> set:
    """The plain numbers in a step's own expression (the 2 of ``2 * params``, the 1 of ``1 token``)."""
    found: set = set()
    n._walk(state.ref.plan.trees[step], lambda x: found.add(x.value) if isinstance(x, n.Num) else None)
    return found


def _off_by_conversion(claim: Claim, step: RefStep) -> bool:
    return any(fits(claim.scaled(1 / k), step.unit, step.base, step.shown) == YES
               for f in dx.CONVERSIONS for k in (f, 1 / f))


def _same_kind(claim: Claim, step: RefStep) -> bool:
    unit = claim.unit
    return unit is None or unit.dimensionless or same_kind(unit.dims, step.unit.dims)


def _changed(tree: n.Node, scope: Scope, text: str) -> Claim | None:
    try:
        a = amount(tree, scope, text)
    except NotationError:
        return None
    return Claim.exact(a.base, a.written, a.unit)
