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

import re

from dataclasses import replace
from fractions import Fraction

from .. import notation as n
from ..notation.respell import respell
from ..errors import NotationError
from . import binary, diagnose as dx
from . import givens
from .arithmetic import Arithmetic
from .carry import NOISE, carry, carry_through
from .inputs import as_share, input_slip
from .leaves import Leaf, Stand
from .markup import marked_up, marks_up
from .matching import UNITS, YES, Claim, counts_lost, fits, period_clash, same_kind
from .method import wrong_method
from .naming import _SUMMARY, answered_part, best, named_step, of_kind, only_open, opens_checking
from .parts import step_of_part
from .reading import Scope, amount
from .rounding import counted_other_way, other_way, rounded_wrong_way, rounding_step
from .reference import RefStep, label_words
from .report import Status
from .state import Outcome, State


def locate(state: State, line: n.Chain, arith: Arithmetic, found: list[Leaf], label: str = "") -> Outcome:
    """Where a claim lands: correct, carried, slip (with the step meant) or unmatched."""
    claim = arith.claim
    computes = n.has_operation(line.segments[0].node)
    used = frozenset(name for leaf in found for name in leaf.uses)
    own = frozenset(s.step for leaf in found for s in leaf.stands if s.line is not None and s.sure)
    named = named_step(state, label, claim) or (named_step(state, label, arith.stated) if not arith.ok else None)
    if named is not None and _copied(state, named, found):
        named = None  # "the step reads 16 + 0.268", their own cache read: a step is not worked from its own value
    if not arith.ok and arith.failed is not None and arith.failed.segment.link == n.chains.IMPLIES_LINK \
            and state.restates_given(arith.stated):
        return Outcome(Status.UNMATCHED)  # "reads 30 GB at 8 GB/s and then spends 30 s": a given, not a result
    if not arith.ok:
        slip = _implied(state, line, arith, found, computes, label) or _slipped(state, line, arith, found, named,
                                                                               label)
        if slip.step is None and slip.status == Status.SLIP and arith.left is not None:
            # "16 + 64 × 0.1342 = 25.6 GB": a slip in part of the big batch's step time
            slip = replace(slip, step=step_of_part(state.ref, _open(state), *arith.left), partial=True)
        return slip
    restated = None if computes else givens.restated(state, line, arith, label, named)
    if restated is not None:
        return restated
    if not computes and _ROUNDS_THE_LAST.match(line.text if line.text.isascii() else respell(line.text)):
        wrong_way = other_way(state, claim)  # "5.06 replicas", then "round → 5": a step that rounds up, the other way
        if wrong_way is not None:
            return wrong_way
    direct = rounding_step(state, arith) or best(state, claim, label, YES, used, own)
    if direct is None and arith.rounded is not None and line.segments[-1].approx and arith.work is not None:
        direct = best(state, arith.work, label, YES, used, own)  # "= 37.5 s => ~38 s": the value, then about it
    if direct is None and computes and _rescaled(line):
        direct = _in_other_units(state, claim, own)
    if direct is not None and not computes and not line.segments[-1].approx:
        direct = _exactly(state, claim, direct) or direct
    if direct is not None and _marks_up(state, line, arith, direct):
        return Outcome(Status.SLIP, direct, dx.Slip.OPERATION)  # 1.25 × 1.05 ≈ 1.31 for 1.25 ÷ 0.95
    other = counted_other_way(state, direct, arith.stated) if direct is not None and len(line.segments) > 2 else None
    if other is not None and direct is not None:  # "= 23.9 → ~24" where 23 fit: right, then rounded the wrong way
        return Outcome(Status.SLIP, other, dx.Slip.DIRECTION, credits=(direct.name,))
    if arith.unsaid is not None and (direct is None or direct.rounds is None):
        return _slipped(state, line, arith.as_slip(), found, named, label)  # 500 / 24 = 20: no step rounds here
    if direct is not None and named is not None and named is not direct and not state.covered(named.name) \
            and not (direct.rounds and named.name in direct.ancestors) and not _on_the_way(claim, direct, named) \
            and fits(claim, named.unit, named.base, named.shown) != YES and (computes or state.covered(direct.name)) \
            and not _per_what(claim, direct, named):
        carried = carry(state, claim, found, (named,))  # fleet = 5 + 1 = 6, on the learner's own 5 serving
        if carried is not None:
            return _carried(state, carried, found)
        return givens.named_slip(named, claim)
    if direct is not None and not computes and state.covered(direct.name) and named is not direct:
        # "The bare forecast is 2.4 replicas" names what it restates; a summary only says it again
        summary = label_words(label) & _SUMMARY or _conversion(line, claim, direct)
        later = None if summary else _restated(state, direct, claim)
        if later is not None:
            return later
        if _in_passing(line):
            return Outcome(Status.UNMATCHED)  # "with all 192 I would need …": a worked value, used in words
    if direct is not None and computes and state.covered(direct.name):
        again = carry(state, claim, found, _open(state))
        if again is not None and any(not s.rounded and not _right(state, s.step) for s in again[1]):
            return _carried(state, again, found)  # "64 × 47.6 ≈ 3,050": their own 47.6 a user at the big batch
    if direct is not None:
        return Outcome(Status.CORRECT, direct, credits=credits(state, direct, found, (), computes))
    if computes and len(line.segments) == 2 and not _uses_a_wrong_value(state, found):  # "287.6 / 13.4 = 21.46 ms"
        noisy = _from_rounded(state, claim, found, named, unsaid=not opens_checking(label))
        if noisy is not None and not _marks_up(state, line, arith, noisy):
            return Outcome(Status.CORRECT, noisy, credits=credits(state, noisy, found, (), computes))
    carried = carry(state, claim, found) or (carry_through(state, line, claim) if computes else None) \
        or carried_value(state, claim) or _carried_ratio(state, claim, found)
    if carried is not None and named is not None and computes and _elsewhere(state, carried[0], named):
        carried = None  # "Load : 14 040 / 16 000 = 87,75 %" is the load, worked wrongly, not a premium carried
    if carried is not None and _marks_up(state, line, arith, carried[0]):
        return Outcome(Status.SLIP, carried[0], dx.Slip.OPERATION)
    if carried is not None:
        return _carried(state, carried, found)
    own_value = (_misconverted(state, claim) if _rescaled(line) else None) if computes else (
        _own_value(state, claim) or _misconverted(state, claim) or other_way(state, claim))
    if own_value is not None:
        return own_value
    noisy = _from_rounded(state, claim, found, named) if computes else None
    if noisy is not None and _marks_up(state, line, arith, noisy):
        return Outcome(Status.SLIP, noisy, dx.Slip.OPERATION)
    if noisy is not None:
        return Outcome(Status.CORRECT, noisy, credits=credits(state, noisy, found, (), computes))
    kind = best(state, claim, label, UNITS) or next(  # the right number, but another kind of unit
        (s for s in state.ref.steps if period_clash(claim, s) and fits(claim, s.unit, s.base, s.shown) == YES), None)
    if kind is not None:
        return Outcome(Status.SLIP, kind, dx.Slip.UNITS)
    marked_up = _marked_up(state, line, claim)  # "booting 15%: 1.5 × 1.15" names booting; it means the price
    if marked_up is not None:
        return marked_up
    if named is not None and not state.covered(named.name) and computes:
        return givens.named_slip(named, claim)
    return rounded_wrong_way(state, arith) or _step_slip(state, line, claim, found) \
        or _converted(state, line, claim, found) or binary.worked(state, line, claim) \
        or _power_off(state, line, claim, found) \
        or input_slip(state, line, claim, found) or input_slip(state, line, _worked(line, arith), found) \
        or wrong_method(state, line, claim, found, label) or _answered(state, claim, label, computes, named) \
        or Outcome(Status.UNMATCHED)


#: A line that opens by rounding the value before it: ``→ 5``, ``round → 5``, ``so 5``, ``That rounds to 3``.
_ROUNDS_THE_LAST = re.compile(r"\s*(?:round(?:ed|ing)?(?:\s+(?:up|down))?\s*:?\s*)?(?:→|->|=>|⇒|so\b)"
                              r"|\s*(?:(?:that|this|which|it)\s+)?round(?:s|ed|ing)?(?:\s+(?:up|down))?\s+to\b",
                              re.IGNORECASE)


def _answered(state: State, claim: Claim, label: str, computes: bool, named: RefStep | None) -> Outcome | None:
    """``Answer: 54 sequences.``, ``so $2.59 per Mtok at avg load``, matching nothing: a slip on the part it answers
    (an open one its label names, the value in a unit of its kind)."""
    if computes:
        return None
    part = answered_part(state, claim, label)
    if part is None and named is not None and named.name in state.ref.worked.parts \
            and not state.covered(named.name) and claim.unit is not None and not claim.unit.dimensionless \
            and not _said_before(state, claim, named):
        part = named
    return None if part is None else Outcome(Status.SLIP, part, None)


def _said_before(state: State, claim: Claim, step: RefStep) -> bool:
    """Whether an earlier line stated the claim's value, read in the step's unit (``~$0.46`` after ``$0.457/Mtok``):
    the learner's own value, said again."""
    value = claim.shown(step.unit, step.shown)
    return any((e.claim.unit is None or e.claim.unit.dimensionless or same_kind(e.claim.unit.dims, step.unit.dims))
               and abs(e.claim.shown(step.unit, step.shown) - value) <= abs(value) / 50 for e in state.history)


def _elsewhere(state: State, step: RefStep, named: RefStep) -> bool:
    """Whether a label names an open step that has nothing to do with the one a value was carried to."""
    return step is not named and not state.covered(named.name) and step.name not in named.ancestors \
        and named.name not in step.ancestors


def _open(state: State) -> tuple[RefStep, ...]:
    return tuple(s for s in state.ref.steps if not state.covered(s.name))


def _on_the_way(claim: Claim, direct: RefStep, named: RefStep) -> bool:
    """``compute 2*70e9*15000 = 2.1e15; / (…) = 1.18 s``: a plain number on a line labelled for a later
    step is an input to it, worked on the way, not a slip on the step the label names."""
    bare = claim.unit is None or claim.unit.dimensionless
    return direct.name in named.ancestors and bare and not named.unit.dimensionless


def _per_what(claim: Claim, direct: RefStep, named: RefStep) -> bool:
    """Whether the claim's unit says what it counts as the step its value matches does and the named step does
    not (``… → $1.59 per serving card-hour`` on a line labelled ``booting``)."""
    unit = claim.unit
    return unit is not None and unit.dims == direct.unit.dims != named.unit.dims


def _copied(state: State, step: RefStep, found: list[Leaf]) -> bool:
    """Whether a working uses, copied as a value, the number of an earlier line marked for ``step`` (a working
    typed out again, ``2*80*8*128*16``, may be a new try at the step)."""
    now = max(state.claims, default=0)  # the line being marked: its own pieces are steps on the way
    lines = {m.line for m in state.marked if m.line < now and m.outcome.step is not None
             and m.outcome.step.name == step.name}
    return any(not n.has_operation(leaf.node) and any(s.step == step.name and s.line in lines for s in leaf.stands)
               for leaf in found)


def _in_passing(line: n.Chain) -> bool:
    """A bare number in the middle of a sentence, with no link and words going on after it."""
    seg = line.segments[0]
    before = [w for w in line.text[:seg.start].split() if w.isalpha()]
    return len(line.segments) == 1 and not seg.approx and isinstance(seg.node, n.Num) and bool(before) \
        and len(line.text[seg.end:].split()) >= 3


def _carried(state: State, carried: tuple[RefStep, tuple[Stand, ...]], found: list[Leaf]) -> Outcome:
    """The right method on the learner's own values; where those were right but rounded too soon,
    and that alone makes this value wrong, the rounding is the slip (``1 / 9 ms = 111/s`` for 9.26 ms)."""
    step, stands = carried
    if stands and all(s.rounded for s in stands):
        if _close(state, step, stands):  # 287.6 GB / 13.4 TB/s = 21.46 ms for 21.47: rounding noise
            return Outcome(Status.CORRECT, step, credits=credits(state, step, found, (), True))
        return Outcome(Status.SLIP, step, dx.Slip.ROUNDING, stands)
    return Outcome(Status.CARRIED, step, None, stands, credits(state, step, found, stands, True))


def _close(state: State, step: RefStep, stands: tuple[Stand, ...]) -> bool:
    value = state.ref.reevaluate(step.name, {s.step: s.base for s in stands})
    if value is None or not step.base:
        return value == step.base
    return abs(value - step.base) <= NOISE * abs(step.base)


def _from_rounded(state: State, claim: Claim, found: list[Leaf], named: RefStep | None,
                  unsaid: bool = False) -> RefStep | None:
    """``$9/hr / (10,230 × 3600 tok/hr) = $0.244/Mtok``: worked from the learner's own rounding of an earlier
    value (their 10,230 tokens/s for 10,249; 4747 TFLOP/s for 8 × 989 × 0.6), by a route the reference does
    not take, landing within rounding noise of an open step, or (``unsaid``, for a plain working and its value)
    of one a shortcut covered without saying its value (``32 / 3.78 ms ≈ 8,460 tok/s`` covers the speed per
    sequence; ``8,460 / 32 ≈ 264`` then says it)."""
    if not any(s.rounded and s.line is not None for leaf in found for s in leaf.stands) \
            and all(leaf.given or leaf.exact_steps for leaf in found):
        return None
    covered = tuple(s for s in state.ref.steps if unsaid and state.covered(s.name) and s.name not in state.learner
                    and s.rounds is None)  # a count rounded from a drifted value is one off, not noise
    near = [s for s in _open(state) + covered if of_kind(claim, s) and _near(claim, s)]
    return named if named in near else next(iter(near), None)


def _uses_a_wrong_value(state: State, found: list[Leaf]) -> bool:
    """Whether a number of the line is the learner's own wrong value of a step (so an error may be carried)."""
    return any(s.sure and s.line is not None and not s.rounded and not _right(state, s.step)
               for leaf in found for s in leaf.stands)


def _own_value(state: State, claim: Claim) -> Outcome | None:
    """``Answer: about 7 minutes`` after a carried 440 s: the learner's own value, said again. A value carried
    stays carried; a slip said again is carried from the line that made it, which keeps the mark: the tutor
    does not mark one mistake twice."""
    for name, base in reversed(list(state.learner.items())):
        step = state.ref.step(name)
        if fits(claim, step.unit, base, base / step.unit.scale) != YES or base == step.base:
            continue
        how = state.coverage.get(name, ("",))[0]
        if how == "carried":
            return Outcome(Status.CARRIED, step, None, ())
        if name in state.slipped:
            made = next((m.line for m in state.marked if m.outcome.status == Status.SLIP
                         and m.outcome.step is not None and m.outcome.step.name == name), None)
            return Outcome(Status.CARRIED, step, None, (Stand(name, base, made, False),))
    return None


def _misconverted(state: State, claim: Claim) -> Outcome | None:
    """``so about 1.69 GB per sequence`` after ``= 1.69e10 bytes``: the learner's last value said again in
    other units, off by a power of ten (or ``so 1.25 GB`` after ``= 1.25 GiB``, binary prefixes for decimal ones).
    A slip on the step it was for."""
    if not state.learner or claim.unit is None or claim.unit.dimensionless:
        return None
    name, base = next(reversed(state.learner.items()))  # the value said last
    step = state.ref.step(name)
    if not same_kind(claim.unit.dims, step.unit.dims):
        return None
    if dx.power_of_ten(base, claim.base):
        return Outcome(Status.SLIP, step, dx.Slip.POWER)
    if binary.restated(claim, base, state.last_value):
        return Outcome(Status.SLIP, step, dx.Slip.UNITS)
    return None


def _worked(line: n.Chain, arith: Arithmetic) -> Claim | None:
    """What a working gave, where the learner went on to say "about" its value (``= 0.0647 s, so about 65 ms``)."""
    return arith.work if line.segments[-1].approx else None


def _rescaled(line: n.Chain) -> bool:
    """Whether a working only moves a number by a power of ten (``5,368,709,120 / 1,000,000``): a change of
    units, in which a slip is the conversion's."""
    node = line.segments[0].node
    if isinstance(node, n.Call) and node.func in ("round", "ceil", "floor") and node.args:
        node = node.args[0]  # "=ARRONDI(B4*1000;0)": the seconds in ms, to the nearest one
    return isinstance(node, n.BinOp) and node.op in ("*", "/") and not n.has_operation(node.left) \
        and isinstance(node.right, n.Num) and node.right.value in _POWERS_OF_TEN


#: What a change of prefix multiplies or divides by (10 to 10^18).
_POWERS_OF_TEN = frozenset(Fraction(10) ** k for k in range(1, 19))


def _exactly(state: State, claim: Claim, direct: RefStep) -> RefStep | None:
    """A worked step whose value, as the learner had it, a bare claim states exactly, where the open step it
    matches it only rounds to (``the random bill is the misses, $1,800``: the misses' $1,800, not $1,827)."""
    if state.covered(direct.name) or claim.written.mid == direct.shown:
        return None
    return next((s for s in state.ref.steps if state.covered(s.name) and s is not direct and s.base != direct.base
                 and state.learner.get(s.name) == claim.base.mid and of_kind(claim, s)), None)


def _in_other_units(state: State, claim: Claim, own: frozenset[str]) -> RefStep | None:
    """A step worked right whose value the claim works from and states again in other units (``140e9 B``, then
    ``/ 1e9 = 140 GB``): the same step, said again."""
    return next((s for s in state.ref.steps if s.name in own and _right(state, s.name) and _in_step_unit(claim, s)
                 and fits(claim, s.unit, s.base, s.shown) == YES), None)


def _conversion(line: n.Chain, claim: Claim, step: RefStep) -> bool:
    """``140e9 B = 140 GB``: lone values only, one quantity put into the step's own unit."""
    first = line.segments[0].node
    return len(line.segments) > 1 and not any(n.has_operation(seg.node) for seg in line.segments) \
        and _in_step_unit(claim, step) and isinstance(first, n.Quantity) and first.unit.dims == step.unit.dims \
        and first.unit.scale != step.unit.scale


def _in_step_unit(claim: Claim, step: RefStep) -> bool:
    """Whether a claim is written in its step's own unit (GB for weights in GB; not minutes for a time in s)."""
    return claim.unit is not None and claim.unit.scale == step.unit.scale and claim.unit.dims == step.unit.dims


def _restated(state: State, step: RefStep, claim: Claim) -> Outcome | None:
    """``keep 1 warm → $45,990`` after the yearly rent was worked: a bare value already worked, said again
    where the working goes on, is the learner's value for the next open step of that kind, the next one built on it
    first (``so the rule calls for 8 replicas``, the 8 serving: the fleet, its spare left out)."""
    open_ = [s for s in state.ref.steps if s.index > step.index and not state.covered(s.name)
             and same_kind(s.unit.dims, step.unit.dims)
             and not (claim.unit is not None and counts_lost(claim.unit.dims, s.unit.dims))]
    later = next((s for s in open_ if step.name in s.ancestors), open_[0] if open_ else None)
    if later is None or later.name in state.slipped:
        return None  # the next step was tried already: this says an earlier value again, as a summary does
    carried = carried_value(state, claim, (later,))
    if carried is not None:
        return Outcome(Status.CARRIED, later, None, carried[1])
    return Outcome(Status.SLIP, later, dx.diagnose(later.shown, claim.written, conversions=False))


def carried_value(state: State, claim: Claim, only: tuple[RefStep, ...] | None = None,
                  slack: Fraction = Fraction(0)) -> tuple[RefStep, tuple[Stand, ...]] | None:
    """``premium ≈ $0.40/hr`` with no working: the value follows from the learner's own earlier values (within
    ``slack``, relatively, where those were rounded on the way)."""
    wrong = {k: v for k, v in state.learner.items() if v != state.ref.env.get(k)}  # wrong, or rounded
    if not wrong:
        return None
    for step in only or state.ref.steps:
        if state.covered(step.name) or not wrong.keys() & set(step.ancestors):
            continue
        held = {k: v for k, v in wrong.items() if k in step.ancestors}
        # the learner's rounded 0.249 for 4.25 / 17.1 may not be what they divide again: try their first values too
        roots = {k: v for k, v in held.items() if not held.keys() & set(state.ref.step(k).ancestors)}
        for values in (held, roots) if roots != held else (held,):
            value = state.ref.reevaluate(step.name, values)
            if value is not None and (fits(claim, step.unit, value, value / step.unit.scale) == YES
                                      or slack and value and abs(claim.base.mid - value) <= abs(value) * slack):
                return step, tuple(Stand(k, v, _line_of(state, k), _right(state, k)) for k, v in values.items())
    return None


def _right(state: State, step: str) -> bool:
    """Whether the learner's value for a step was right (their own rounding of it, perhaps)."""
    return state.coverage.get(step, ("",))[0] == "done" and step not in state.slipped


def _carried_ratio(state: State, claim: Claim, found: list[Leaf]) -> tuple[RefStep, tuple[Stand, ...]] | None:
    """``2 × 8.57 = 17.1 tok/s`` for the 4-bit speed: another way to the step, from the learner's own
    wrong value of an earlier one, kept in the true ratio (twice the 8-bit speed, as the working has it)."""
    for leaf in found:
        for stand in leaf.stands:
            if stand.line is None or stand.rounded or not stand.sure:
                continue
            source = state.ref.step(stand.step)
            if not source.base:
                continue
            for step in state.ref.steps:
                if state.covered(step.name) or step is source or not of_kind(claim, step):
                    continue
                value = stand.base * step.base / source.base
                if fits(claim, step.unit, value, value / step.unit.scale) == YES:
                    return step, (stand,)
    return None


def _line_of(state: State, step: str) -> int | None:
    return next((e.n for e in reversed(state.history) if e.step == step), None)


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
    wrong_way = rounded_wrong_way(state, arith)
    if wrong_way is not None:
        return Outcome(Status.SLIP, wrong_way.step, arith.diagnosis)
    return Outcome(Status.SLIP, best(state, claim, label, UNITS) or only_open(state, arith.stated), arith.diagnosis)


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


def _marks_up(state: State, line: n.Chain, arith: Arithmetic, step: RefStep) -> bool:
    first = line.segments[0].node
    return arith.work is not None and n.has_operation(first) and \
        marks_up(first, arith.work, step, state.ref.params, state.ref.plan.units)


def _marked_up(state: State, line: n.Chain, claim: Claim) -> Outcome | None:
    """``3.50 × 1.1`` for the price per serving card, which divides by 0.9: the wrong operation on that step."""
    first = line.segments[0].node
    open_steps = [s for s in state.ref.steps if not state.covered(s.name)]
    step = marked_up(first, claim, open_steps, state.ref.params, state.ref.plan.units) \
        if n.has_operation(first) else None
    return None if step is None else Outcome(Status.SLIP, step, dx.Slip.OPERATION)


def _step_slip(state: State, line: n.Chain, claim: Claim, found: list[Leaf]) -> Outcome | None:
    """A right-looking claim one slip away from a step not yet covered (``70 × 6`` for ``70 ÷ 6``)."""
    first = line.segments[0].node
    if not n.has_operation(first) or state.restates_given(claim):
        return None
    # Only steps of the kind the claim computes (70 GB / 4.8 TB/s = 14.6 ms is a time, not a speed), and
    # not a step whose value the claim uses (10% of 30 million works from the 30 million, not towards it).
    used = {name for leaf in found for name in leaf.uses}
    share = as_share(line.segments[-1].node)  # "= 0.60 → 60%" is a share: not one slip from 2.4 replicas
    open_steps = [s for s in state.ref.steps if s.name not in state.coverage and of_kind(claim, s)
                  and s.name not in used and (not share or s.unit.share)]
    if not open_steps:
        return None
    scope = state.scope()
    changed = [c for c in (_changed(t, scope, line.text) for t in dx.one_change(first)) if c is not None]
    for step in open_steps:
        if any(fits(c, step.unit, step.base, step.shown) == YES or _near(c, step) for c in changed):
            return Outcome(Status.SLIP, step, dx.Slip.OPERATION)
    for c in changed if _uses_a_wrong_value(state, found) else ():  # "0.202 × 0.65" on their own 0.202, for ÷
        carried = carry(state, c, found, tuple(open_steps))
        if carried is not None:
            return Outcome(Status.SLIP, carried[0], dx.Slip.OPERATION, carried[1])
    givens = {p for leaf in found for p in leaf.given}
    for step in open_steps:
        # Only where the claim works from this step's own givens: 700 / 6 for 70 / 6, not any stray number.
        if givens and givens <= set(step.params):
            diagnosis = dx.diagnose(step.shown, claim.written, conversions=False)  # stray numbers: see _converted
            if diagnosis is None and dx.bits_for_bytes(first, step.shown, claim.written):
                diagnosis = dx.Slip.UNITS
            if diagnosis is not None:
                return Outcome(Status.SLIP, step, diagnosis)
    return None


def _power_off(state: State, line: n.Chain, claim: Claim, found: list[Leaf]) -> Outcome | None:
    """``5.04e15 / 1582.4e9 = 3185 s`` (TFLOP/s taken as 1e9): worked from an open step's own earlier values and
    off from it by a power of ten; a slip on that step, not a stepping stone."""
    uses = {u for leaf in found for u in leaf.uses}
    if not uses or not n.has_operation(line.segments[0].node):
        return None
    return next((Outcome(Status.SLIP, step, dx.Slip.POWER) for step in _open(state)
                 if uses <= set(step.ancestors) and of_kind(claim, step)
                 and dx.diagnose(step.shown, claim.written, conversions=False) == dx.Slip.POWER), None)


def _near(claim: Claim, step: RefStep) -> bool:
    """A worked value within rounding noise of a step's (``6.67 / 0.75`` for 6.6667 / 0.75)."""
    value = claim.shown(step.unit, step.shown)
    return step.shown != 0 and abs(value - step.shown) <= NOISE * abs(step.shown)


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
        if step.name in state.coverage or not of_kind(claim, step):
            continue
        inputs, constants = set(step.params) | set(step.ancestors), _constants(state, step.name)
        unused = {state.ref.params[p] for p in step.params} - {leaf.value.base for leaf in found}
        if all(inputs & s or leaf.value.written in constants for leaf, s in zip(found, sources)) \
                and _off_by_conversion(claim, step, unused):
            # 2.50 x 24 = 60 on the way to a yearly rent: a conversion begun may be a stepping stone
            begun = any(leaf.value.written in dx.CONVERSIONS and not set(leaf.given) for leaf in found)
            return Outcome(Status.SLIP, step, dx.Slip.UNITS, tentative=begun)
    return None


def _constants(state: State, step: str) -> set:
    """The plain numbers in a step's own expression (the 2 of ``2 * params``, the 1 of ``1 token``), and the
    standard conversion factors a learner may bring (the 60 of ``$3.50/h / 60``)."""
    return {x.value for x in n.numbers(state.ref.plan.trees[step])} | set(dx.CONVERSIONS)


def _off_by_conversion(claim: Claim, step: RefStep, unused: set[Fraction]) -> bool:
    """Off by a conversion factor that is not one of the step's own givens left out (``0.6 × $3.50`` is off
    from the fleet's saving by its 60 cards, not by the minutes in an hour)."""
    return any(fits(claim.scaled(1 / k), step.unit, step.base, step.shown) == YES
               for f in dx.CONVERSIONS if f not in unused for k in (f, 1 / f))


def _changed(tree: n.Node, scope: Scope, text: str) -> Claim | None:
    try:
        a = amount(tree, scope, text)
    except NotationError:
        return None
    return Claim.exact(a.base, a.written, a.unit)
