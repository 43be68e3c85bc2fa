"""A step worked with one input wrong: swapped for another of the working's values, a share taken the wrong way
round, or a factor the working writes left out. Each is a slip on that step, tentative (a later line may show
the learner meant something else).

>>> from bank.load import load
>>> from bank.variant import variant
>>> from bank.grade.reference import reference
>>> from bank.grade.precision import Interval
>>> q = load().question("tensor-parallel-overhead")
>>> state = State(reference(q, variant(q)))
>>> sent = Claim(Interval(Fraction(485, 10) * 10**6, Fraction(495, 10) * 10**6), Interval(Fraction(485, 10),
...              Fraction(495, 10)), None)   # 65.5 × 3/4 ≈ 49 MB: one phase of the ring
>>> factor_left_out(state, sent).step.name
'per_allreduce'
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from .. import notation as n
from ..errors import NotationError
from ..units import DIMENSIONLESS, Unit
from .carry import NOISE
from .leaves import Leaf
from .matching import YES, Claim, fits, same_kind
from .naming import of_kind
from .reading import Amount, amount
from .reference import RefStep
from .report import Status
from .state import Outcome, State

#: Bounds the search for a wrong input: numbers tried per claim, and inputs per step.
MAX_WRONG_LEAVES, MAX_WRONG_INPUTS = 6, 8


def wrong_input(state: State, line: n.Chain, claim: Claim, found: list[Leaf]) -> Outcome | None:
    """``12 × $3.50 = $42`` for the fleet's cost: the step's own working with one input swapped for
    another of the working's values (12 serving replicas where the fleet is 13). A slip on that step."""
    if not n.has_operation(line.segments[0].node) or not found:
        return None
    parts = _parts(state, line)  # (2.684 / 2) too
    values = [leaf.value for leaf in found[:MAX_WRONG_LEAVES]] + parts
    values += _complements(values)
    neutral = [Amount(Fraction(v), Fraction(v), DIMENSIONLESS) for v in (0, 1)]  # a factor or a term left out
    values += neutral
    # the givens the line's own numbers are: its 80 GB is the card's memory, not also an 80% usable share (unless
    # two numbers are the one given: one of them is something else)
    counts = Counter(p for leaf in found for p in set(leaf.given))
    stands = [{p for p in leaf.given if counts[p] == 1} for leaf in found[:MAX_WRONG_LEAVES]]
    named = {p for leaf in found for p in leaf.given} | {u for leaf in found for u in leaf.uses}
    # a value written in scientific notation is one value, not its digits and its power: 6.4 × 10^13 FLOP
    named |= {s.name for s in state.ref.steps for v in parts if v.base == s.base}
    named |= {s for leaf in found for s in leaf.exact_steps}  # "6.4e13 FLOPs / 989e12": the prefill work, as shown
    # a step worked again inline from its givens counts as used (7200 / (4 × 3000) works the 2.4 replicas again)
    named |= {s.name for s in state.ref.steps if s.params and not s.ancestors and set(s.params) <= named}
    share = as_share(line.segments[-1].node)
    for step in state.ref.steps:
        if state.covered(step.name) or not of_kind(claim, step) or (share and not step.unit.share):
            continue
        inputs = list(dict.fromkeys(x.id for x in n.names(state.ref.plan.trees[step.name])))[:MAX_WRONG_INPUTS]
        for name in inputs:
            if not named & (set(inputs) - {name}) and not _works_from(state, step, name, found):
                continue  # the claim must work from the step's other inputs: it is that step's working
            unit = state.ref.plan.units[name]
            others = set(inputs) - {name}
            for k, value in enumerate(values):
                if k < len(stands) and stands[k] & others:
                    continue
                if value.unit is not None and not value.unit.dimensionless and not _fits_unit(value.unit, unit):
                    continue
                if value in neutral and not unit.dimensionless and (claim.unit is None or claim.unit.dimensionless):
                    continue  # leaving out $0.30/M changes what is computed: 3 million is tokens, not a bill
                plain = value.unit is None or value.unit.dimensionless
                for held in ([value.written * unit.scale, value.base] if plain else [value.base]):  # 362 or 362e12
                    if held == state.ref.env[name]:
                        continue
                    got = state.ref.reevaluate(step.name, {name: held})
                    if got is not None and fits(claim, step.unit, got, got / step.unit.scale) == YES:
                        return Outcome(Status.SLIP, step, None, tentative=True)
    return None


def as_share(node: n.Node) -> bool:
    """Whether a value is written as a share (``60%``)."""
    return isinstance(node, n.Quantity) and node.unit.share


def _complements(values: list[Amount]) -> list[Amount]:
    """The other side of each share a line uses: ``5.5 × 0.7`` pays the 70% discount where the spot price
    keeps 30%, and ``3/10 × 2.50`` the reverse (``× 0.3`` was the discount read as the share paid)."""
    return [Amount(1 - v.base, 1 - v.base, DIMENSIONLESS) for v in values
            if (v.unit is None or v.unit.dimensionless) and 0 < v.base < 1]


def _works_from(state: State, step: RefStep, name: str, found: list[Leaf]) -> bool:
    """Whether a leaf is the value of a part of the step's working without ``name``: the 160 of
    ``160 × 163.8 MB`` is the 2 × 80 all-reduces of ``2 × 80 × per_allreduce``."""
    from ..notation.exact import evaluate

    parts = state.parts.get((step.name, name))
    if parts is None:
        found_parts = set()
        for node in list(n.walk(state.ref.plan.trees[step.name]))[:MAX_WRONG_LEAVES * 2]:
            if isinstance(node, n.BinOp) and name not in {x.id for x in n.names(node)}:
                try:
                    found_parts.add(evaluate(node, state.ref.env))
                except (KeyError, ValueError, ArithmeticError):
                    continue
        parts = state.parts[(step.name, name)] = frozenset(found_parts)
    return any(leaf.value.base in parts for leaf in found)


def _parts(state: State, line: n.Chain) -> list:
    """The values of the bracketed or multiplied parts of a claim's working (``2.684 / 2``)."""
    out = []
    for node in list(n.walk(line.segments[0].node))[1:MAX_WRONG_LEAVES * 2]:
        if isinstance(node, n.BinOp) and node.op in ("*", "/"):
            try:
                out.append(amount(node, state.scope(), line.text))
            except NotationError:
                continue
    return out[:MAX_WRONG_LEAVES]


def _fits_unit(mine: Unit, theirs: Unit) -> bool:
    return same_kind(mine.dims, theirs.dims)


def input_slip(state: State, line: n.Chain, claim: Claim | None, found: list[Leaf]) -> Outcome | None:
    """A count left out of an open step's working, or one of its inputs swapped (None for no claim)."""
    if claim is None:
        return None
    return factor_left_out(state, claim) or wrong_input(state, line, claim, found)


def factor_left_out(state: State, claim: Claim) -> Outcome | None:
    """``65.5 × 3/4 ≈ 49 MB`` for the 98.3 MB sent per all-reduce: an open step's working with one of the counts
    it multiplies by (the ring's 2 phases, the 2 all-reduces a layer, a written 2) left out."""
    from ..notation.exact import evaluate

    for step in state.ref.steps:
        if state.covered(step.name) or not of_kind(claim, step):
            continue
        tree = state.ref.plan.trees[step.name]
        for node in list(n.walk(tree))[:MAX_WRONG_LEAVES * 2]:
            if not isinstance(node, n.BinOp) or node.op != "*":
                continue
            for factor, rest in ((node.left, node.right), (node.right, node.left)):
                less = n.swap(tree, node, rest)
                if not _count(state, factor) or not n.has_operation(less):
                    continue  # the working less a count, not a given alone ("2" is no 16 GFLOP less its 8e9)
                try:
                    got = evaluate(less, state.ref.env)
                except (KeyError, ValueError, ArithmeticError):
                    continue
                if fits(claim, step.unit, got, got / step.unit.scale) == YES or _near(claim, got):
                    return Outcome(Status.SLIP, step, None, tentative=True)
    return None


def _near(claim: Claim, value: Fraction) -> bool:
    """Within half a percent, as a value worked from rounded inputs is (``0.75 × 65.5 = 49.1`` for 49.15)."""
    unit = claim.unit
    return unit is not None and not unit.dimensionless and value != 0 \
        and abs(claim.base.mid - value) <= abs(value) * NOISE


def _count(state: State, node: n.Node) -> bool:
    """Whether a factor of a step's working is a plain count: a number written in it, or a given without units."""
    if isinstance(node, n.Num):
        return node.value not in (0, 1)
    return isinstance(node, n.Name) and node.id in state.ref.params and state.ref.plan.units[node.id].dimensionless \
        and not state.ref.plan.units[node.id].share and state.ref.env[node.id] not in (0, 1)
