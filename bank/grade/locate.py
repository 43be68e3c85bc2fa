"""Rule 2, matching a claim to the reference step it computes.

Directly by value and unit (in any order, steps not yet covered first); with
carried values (rule 3, :mod:`bank.grade.carry`); or, for a claim whose own
arithmetic is right but matches nothing, one slip away from an open step
(``70 × 6`` where the step is ``70 ÷ 6``), rounded the wrong way (``9.87 → 10``
for a step that rounds down), or made only of the step's own inputs and off by
a standard unit conversion (``3,600 × 2`` requests an hour for seconds).

A label that clearly names one step outranks a value that merely equals
another (``misses: … = $9.00`` is the learner's attempt at the misses' bill,
not a second affinity bill). A claim that computes a step credits the steps it
subsumes, and the steps whose right values it uses: the learner knew them.
"""

from __future__ import annotations

from .. import notation as n
from ..errors import NotationError
from . import diagnose as dx
from .arithmetic import Arithmetic
from .carry import carry, carry_through
from .leaves import Leaf, Stand
from .matching import UNITS, YES, Claim, fits, same_kind
from .precision import Interval
from .reading import Scope, amount
from .reference import RefStep, label_words
from .report import Status
from .state import Outcome, State


def locate(state: State, line: n.Chain, arith: Arithmetic, found: list[Leaf], label: str = "") -> Outcome:
    """Where a claim lands: correct, carried, slip (with the step meant) or unmatched."""
    claim = arith.claim
    computes = n.has_operation(line.segments[0].node)
    named = named_step(state, label, claim)
    if not arith.ok:
        implied = _implied(state, line, arith, found, computes, label)
        return implied or _slipped(state, line, arith, found, named, label)
    used = frozenset(name for leaf in found for name in leaf.uses)
    own = frozenset(s.step for leaf in found for s in leaf.stands if s.line is not None and s.sure)
    direct = _rounding_step(state, arith) or best(state, claim, label, YES, used, own)
    if arith.unsaid is not None and (direct is None or direct.rounds is None):
        return _slipped(state, line, arith.as_slip(), found, named, label)  # 500 / 24 = 20: no step rounds here
    if direct is not None and named is not None and named is not direct and not state.covered(named.name) \
            and fits(claim, named.unit, named.base, named.shown) != YES and (computes or state.covered(direct.name)):
        carried = carry(state, claim, found, (named,))  # fleet = 5 + 1 = 6, on the learner's own 5 serving
        if carried is not None:
            return _carried(state, carried, found)
        return _named_slip(named, claim)
    if direct is not None:
        return Outcome(Status.CORRECT, direct, credits=credits(state, direct, found, (), computes))
    carried = carry(state, claim, found) or (carry_through(state, line, claim) if computes else None) \
        or (None if computes else _carried_value(state, claim))
    if carried is not None:
        return _carried(state, carried, found)
    kind = best(state, claim, label, UNITS)  # the right number, but another kind of unit
    if kind is not None:
        return Outcome(Status.SLIP, kind, dx.UNITS)
    if named is not None and not state.covered(named.name) and computes:
        return _named_slip(named, claim)
    return _rounded_wrong_way(state, arith) or _step_slip(state, line, claim, found) \
        or _wrong_input(state, line, claim, found) or _converted(state, line, claim, found) \
        or Outcome(Status.UNMATCHED)


def _carried(state: State, carried: tuple[RefStep, tuple[Stand, ...]], found: list[Leaf]) -> Outcome:
    step, stands = carried
    rounding = bool(stands) and all(s.rounded for s in stands)
    return Outcome(Status.CARRIED, step, dx.ROUNDING if rounding else None, stands,
                   credits(state, step, found, stands, True))


def _carried_value(state: State, claim: Claim) -> tuple[RefStep, tuple[Stand, ...]] | None:
    """``premium ≈ $0.40/hr`` with no working: the value follows from the learner's own earlier values."""
    wrong = {k: v for k, v in state.learner.items() if v != state.ref.env.get(k)}
    if not wrong:
        return None
    for step in state.ref.steps:
        if state.covered(step.name) or not wrong.keys() & set(step.ancestors):
            continue
        held = {k: v for k, v in wrong.items() if k in step.ancestors}
        value = state.ref.reevaluate(step.name, held)
        if value is not None and fits(claim, step.unit, value, value / step.unit.scale) == YES:
            return step, tuple(Stand(k, v, _line_of(state, k), False) for k, v in held.items())
    return None


def _line_of(state: State, step: str) -> int | None:
    return next((e.n for e in reversed(state.history) if e.step == step), None)


#: Bounds the search for a wrong input: numbers tried per claim, and inputs per step.
MAX_WRONG_LEAVES, MAX_WRONG_INPUTS = 6, 8


def _wrong_input(state: State, line: n.Chain, claim: Claim, found: list[Leaf]) -> Outcome | None:
    """``12 × $3.50 = $42`` for the fleet's cost: the step's own working with one input swapped for
    another of the working's values (12 serving replicas where the fleet is 13). A slip on that step."""
    if not n.has_operation(line.segments[0].node) or not found:
        return None
    values = [leaf.value for leaf in found[:MAX_WRONG_LEAVES]]
    for step in state.ref.steps:
        if state.covered(step.name) or not _same_kind(claim, step):
            continue
        inputs = [x.id for x in n.names(state.ref.plan.trees[step.name])][:MAX_WRONG_INPUTS]
        for name in dict.fromkeys(inputs):
            unit = state.ref.plan.units[name]
            for value in values:
                if value.unit is not None and not value.unit.dimensionless and not _fits_unit(value.unit, unit):
                    continue
                held = value.base if value.unit is not None and not value.unit.dimensionless \
                    else value.written * unit.scale
                if held == state.ref.env[name]:
                    continue
                got = state.ref.reevaluate(step.name, {name: held})
                if got is not None and fits(claim, step.unit, got, got / step.unit.scale) == YES:
                    return Outcome(Status.SLIP, step, None)
    return None


def _fits_unit(mine, theirs) -> bool:
    return same_kind(mine.dims, theirs.dims)


def _named_slip(step: RefStep, claim: Claim) -> Outcome:
    return Outcome(Status.SLIP, step, dx.diagnose(step.shown, claim.written, conversions=False))


def _implied(state: State, line: n.Chain, arith: Arithmetic, found: list[Leaf], computes: bool,
             label: str) -> Outcome | None:
    """``8 billion x 2 = 16`` with no units anywhere: right if 16 is a step's value in its declared unit (GB)."""
    if not arith.prefix or arith.given is None:
        return None
    g = arith.given
    step = best(state, Claim(g.written, g.written, None), label, YES)
    if step is None:
        return None
    return Outcome(Status.CORRECT, step, credits=credits(state, step, found, (), computes))


def _slipped(state: State, line: n.Chain, arith: Arithmetic, found: list[Leaf], named: RefStep | None,
             label: str) -> Outcome:
    """A claim whose own arithmetic is wrong: which step was it computing?"""
    claim = arith.claim
    if named is not None and not state.covered(named.name):
        return Outcome(Status.SLIP, named, arith.diagnosis)
    step = best(state, claim, label, YES) or best(state, arith.stated, label, YES)
    if step is not None:
        return Outcome(Status.SLIP, step, arith.diagnosis)
    carried = carry(state, claim, found)
    if carried is not None:
        return Outcome(Status.SLIP, carried[0], arith.diagnosis, carried[1])
    wrong_way = _rounded_wrong_way(state, arith)
    if wrong_way is not None:
        return Outcome(Status.SLIP, wrong_way.step, arith.diagnosis)
    return Outcome(Status.SLIP, best(state, claim, label, UNITS), arith.diagnosis)


def best(state: State, claim: Claim, label: str, verdict: str, used: frozenset[str] = frozenset(),
         own: frozenset[str] = frozenset()) -> RefStep | None:
    """The step a claim matches with this verdict, when several steps share its value.

    Preference: steps not yet covered; steps that build on the values the claim
    uses (``295 / 1`` uses the ridge point, so it computes the step after it), and never a step
    whose value, as the learner had it, the claim uses (``5 + 1`` on their 5 serving replicas);
    the same kind of unit; an answer part for a claim labelled ``Answer``;
    the label's words; the order of the working.
    """
    words = label_words(label)
    below = own | {a for u in own for a in state.ref.step(u).ancestors}  # a claim using the learner's value
    found = [s for s in state.ref.steps if fits(claim, s.unit, s.base, s.shown) == verdict and s.name not in below]
    if not found:
        return None
    kind = claim.unit.dims if claim.unit is not None else None
    answers = {p.name for p in state.ref.parts} if words & _ANSWER else set()  # "Answer: 4" means a part
    return min(found, key=lambda s: (s.name in state.coverage, bool(used) and not used & set(s.ancestors),
                                     kind is not None and not same_kind(s.unit.dims, kind), s.name not in answers,
                                     -len(words & s.words), s.index))


_ANSWER = frozenset({"answer", "final", "result"})


def named_step(state: State, label: str, claim: Claim | None = None) -> RefStep | None:
    """The one step of the claim's kind a label clearly names (all its words, or two or more of a
    step's words), or None.

    >>> from bank.load import load
    >>> from bank.variant import variant
    >>> from bank.grade.reference import reference
    >>> q = load().question("replica-boot-gap")
    >>> named_step(State(reference(q, variant(q))), "read time").name
    'read_time'
    """
    words = label_words(label) - _ANSWER
    if not words:
        return None
    steps = [s for s in state.ref.steps if claim is None or _same_kind(claim, s)]
    if not steps:
        return None
    scored = sorted(((len(words & s.words), s) for s in steps), key=lambda x: -x[0])
    top, step = scored[0]
    if top == 0 or (len(scored) > 1 and scored[1][0] == top):
        return None
    return step if top >= 2 or words <= step.words else None


def credits(state: State, step: RefStep, found: list[Leaf], stands: tuple[Stand, ...],
            computes: bool) -> tuple[str, ...]:
    """The matched step plus, for a claim that computes it, the earlier steps it subsumes or uses rightly.

    A step whose value the claim uses (``4 x $21,900`` uses the yearly rent) is
    credited when the value used is the step's own (the learner knew it), not
    when it is the learner's earlier wrong value carried forward.
    """
    if not computes:
        return (step.name,)
    wrong = {s.step for s in stands if not s.rounded} | {s.step for leaf in found for s in leaf.stands
                                                          if s.line is not None and not s.rounded and s.sure}
    return (step.name,) + tuple(a for a in step.ancestors if a not in wrong)


def _rounding_step(state: State, arith: Arithmetic) -> RefStep | None:
    """``56 GB / 537 MB ≈ 104 seqs`` for a step that rounds down: the working gives the step's value
    before rounding, and the stated whole number is the step's value."""
    if arith.left is None or arith.given is None or not arith.first or not n.has_operation(arith.first):
        return None
    base, _ = arith.left
    stated = arith.stated
    for step in state.ref.steps:
        if step.rounds and step.inner is not None and base.contains(step.inner) \
                and stated.written.contains(step.shown) and step.shown.denominator == 1:
            return step
    return None


def _rounded_wrong_way(state: State, arith: Arithmetic) -> Outcome | None:
    """``(126.9 − 70) ÷ 2.68 = 21.2 → 22`` for a step that rounds down: the working is that step's."""
    c = arith.computed
    if c is None or arith.first is None or not n.has_operation(arith.first):
        return None
    base = arith.left[0] if arith.left is not None else Interval.point(c.base)
    for step in state.ref.steps:
        if step.rounds and step.inner is not None and not state.covered(step.name) and base.contains(step.inner) \
                and not arith.stated.written.contains(step.shown):
            return Outcome(Status.SLIP, step, None)
    return None


def _step_slip(state: State, line: n.Chain, claim: Claim, found: list[Leaf]) -> Outcome | None:
    """A right-looking claim one slip away from a step not yet covered (``70 × 6`` for ``70 ÷ 6``)."""
    first = line.segments[0].node
    if not n.has_operation(first) or state.restates_given(claim):
        return None
    # Only steps of the kind the claim computes: 70 GB / 4.8 TB/s = 14.6 ms is a time, not a speed.
    open_steps = [s for s in state.ref.steps if s.name not in state.coverage and _same_kind(claim, s)]
    if not open_steps:
        return None
    scope = state.scope()
    changed = [c for c in (_changed(t, scope, line.text) for t in dx.one_change(first)) if c is not None]
    for step in open_steps:
        if any(fits(c, step.unit, step.base, step.shown) == YES for c in changed):
            return Outcome(Status.SLIP, step, dx.OPERATION)
    givens = {p for leaf in found for p in leaf.given}
    for step in open_steps:
        # Only where the claim works from this step's own givens: 700 / 6 for 70 / 6, not any stray number.
        if givens and givens <= set(step.params):
            diagnosis = dx.diagnose(step.shown, claim.written, conversions=False)  # stray numbers: see _converted
            if diagnosis is not None:
                return Outcome(Status.SLIP, step, diagnosis)
    return None


def _converted(state: State, line: n.Chain, claim: Claim, found: list[Leaf]) -> Outcome | None:
    """A claim of only the problem's own values, off from an open step by a unit conversion.

    ``3,600 x 2 = 7,200`` for 2 requests in flight (arrivals an hour, seconds
    each). A claim with a number of the learner's own (``2.50 x 24 = 60``, the
    rent for a day) may be a sound intermediate, so it is left unmatched.
    """
    if not n.has_operation(line.segments[0].node) or not found or state.restates_given(claim):
        return None
    sources = [set(leaf.given) | leaf.uses for leaf in found]  # a given, or a step's value (maybe rounded)
    for step in state.ref.steps:
        if step.name in state.coverage or not _same_kind(claim, step):
            continue
        inputs, constants = set(step.params) | set(step.ancestors), _constants(state, step.name)
        if all(inputs & s or leaf.value.written in constants for leaf, s in zip(found, sources)) \
                and _off_by_conversion(claim, step):
            return Outcome(Status.SLIP, step, dx.UNITS)
    return None


def _constants(state: State, step: str) -> set:
    """The plain numbers in a step's own expression (the 2 of ``2 * params``, the 1 of ``1 token``)."""
    return {x.value for x in n.numbers(state.ref.plan.trees[step])}


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
