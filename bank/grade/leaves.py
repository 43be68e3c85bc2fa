"""What each number in a line stands for: a given, a reference step, or an earlier result.

Error carried forward and combined steps both need to know where the
numbers of a line came from. A :class:`Leaf` is one written number (or
name) of the line's first side, with every step value it could be standing
in for: the learner's own earlier result for that step, a rounding of the
reference value, or exactly the reference value.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .. import notation as n
from .matching import Claim, compatible, read_as
from .precision import Interval, resolution
from .reading import Amount, Scope, amount, leaves
from .reference import Reference, RefStep


@dataclass(frozen=True)
class Entry:
    """An earlier line: what it stated, and the step it was attributed to."""

    n: int
    claim: Claim
    step: str | None
    status: str
    tree: n.Node | None = None  # the working behind an unmatched result, for chains of intermediates


class History(list):
    """Earlier lines, indexed by the number each stated (so a long working stays fast)."""

    def __init__(self):
        super().__init__()
        self.by_number: dict[Fraction, list[Entry]] = {}

    def append(self, entry: Entry) -> None:
        super().append(entry)
        for key in {entry.claim.written.mid, entry.claim.base.mid}:
            self.by_number.setdefault(key, []).append(entry)

    def stating(self, value: Amount) -> list[Entry]:
        """Earlier lines that stated this number (as written, or the same quantity in base units)."""
        found = {id(e): e for key in (value.written, value.base) for e in self.by_number.get(key, ())}
        return sorted((e for e in found.values() if _same_number(value, e.claim)), key=lambda e: e.n)


@dataclass(frozen=True)
class Stand:
    """A leaf standing in for step ``step`` with value ``base`` (base units)."""

    step: str
    base: Fraction
    line: int | None
    rounded: bool
    sure: bool = True  # False: an earlier line that matched no step, so any step is a guess


@dataclass(frozen=True)
class Leaf:
    node: n.Node
    value: Amount
    given: tuple[str, ...]  # the params it equals: a number from the problem
    exact_steps: tuple[str, ...]  # reference steps it equals exactly
    stands: tuple[Stand, ...]  # carried-forward candidates

    @property
    def uses(self) -> set[str]:
        """Steps this number surely stands for: the line uses them rather than computing them."""
        return set(self.exact_steps) | {s.step for s in self.stands if s.sure}


def analyse(node: n.Node, scope: Scope, ref: Reference, learner: dict[str, Fraction],
            history: History, text: str) -> list[Leaf]:
    """Every leaf of ``node`` with what it may stand for."""
    out = []
    for leaf in leaves(node)[:_MAX_LEAVES]:
        value = amount(leaf, scope, text)
        if isinstance(leaf, n.Name):
            out.append(_name_leaf(leaf, value, ref, learner, history))
        else:
            out.append(_number_leaf(leaf, value, ref, history))
    return out


_MAX_LEAVES = 24


def _name_leaf(leaf: n.Name, value: Amount, ref: Reference, learner, history) -> Leaf:
    if leaf.id in ref.params:
        return Leaf(leaf, value, (leaf.id,), (), ())
    own = learner.get(leaf.id)
    if own is None or own == ref.env[leaf.id]:
        return Leaf(leaf, value, (), (leaf.id,), ())
    entry = next((e for e in reversed(history) if e.step == leaf.id), None)
    stand = Stand(leaf.id, own, entry.n if entry else None, bool(entry and entry.status == "correct"))
    return Leaf(leaf, value, (), (), (stand,))


def _number_leaf(leaf: n.Node, value: Amount, ref: Reference, history) -> Leaf:
    given = _givens(value, ref)
    if given:
        return Leaf(leaf, value, given, (), ())
    exact = tuple(s.name for s in ref.steps if _equals(value, s))
    stands = [] if exact else _from_history(value, ref, history) + _roundings(leaf, value, ref)
    return Leaf(leaf, value, (), exact, tuple(stands))


def _givens(value: Amount, ref: Reference) -> tuple[str, ...]:
    units = ref.plan.units
    return tuple(k for k, v in ref.params.items()
                 if (value.base == v or value.written == ref.plan.display(k, v))
                 and (value.unit is None or value.unit.dimensionless or compatible(value.unit.dims, units[k].dims)))


def _equals(value: Amount, step: RefStep) -> bool:
    if value.unit is not None and value.annotated and value.unit.dims == step.unit.dims:
        return value.base == step.base
    return value.written == step.shown or (step.unit.dimensionless and value.base == step.base)


def as_step_value(value: Amount, step: RefStep) -> Fraction:
    """A learner's value read as a value of ``step``, in base units."""
    return read_as(value.base, value.written, value.unit, step.unit, step.shown) * step.unit.scale


def _from_history(value: Amount, ref: Reference, history: History) -> list[Stand]:
    stands = []
    for entry in history.stating(value):
        targets = [ref.step(entry.step)] if entry.step else [t for t in ref.steps if _could_be(value, t)]
        stands += [Stand(t.name, as_step_value(value, t), entry.n, entry.status == "correct", bool(entry.step))
                   for t in targets]
    return stands


def _could_be(value: Amount, step: RefStep) -> bool:
    """Whether a value from a line that matched no step could stand for ``step``: 85.86 ms for a time."""
    unit = value.unit
    return unit is None or not value.annotated or compatible(unit.dims, step.unit.dims)


def _same_number(value: Amount, claim: Claim) -> bool:
    if value.written == claim.written.mid:
        return True
    return claim.unit is not None and value.unit is not None and value.unit.dims == claim.unit.dims \
        and value.base == claim.base.mid


def _roundings(leaf: n.Node, value: Amount, ref: Reference) -> list[Stand]:
    num = leaf
    while isinstance(num, (n.Neg, n.Quantity)):
        num = num.operand
    if not isinstance(num, n.Num):
        return []
    half = resolution(num, False) / 2
    near = Interval(value.written - half, value.written + half)
    return [Stand(s.name, as_step_value(value, s), None, True) for s in ref.steps if near.contains(s.shown)]


def expand(node: n.Node, scope: Scope, history: History, text: str) -> n.Node:
    """``node`` with each number that is the learner's own unmatched intermediate result
    replaced by the working that produced it, so a carried error can be traced through it.

    (``1 token / 3.646 ms`` after ``17.5 GB / 4.8 TB/s = 3.646 ms`` reads as
    ``1 token / (17.5 GB / 4.8 TB/s)``.)
    """
    from .diagnose import _swap

    out = node
    for leaf in leaves(node)[:_MAX_LEAVES]:
        if isinstance(leaf, n.Name):
            continue
        sources = [e for e in history.stating(amount(leaf, scope, text)) if e.tree is not None]
        if sources:
            out = _swap(out, leaf, sources[-1].tree)
    return out
