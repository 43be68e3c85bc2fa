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
from ..notation import Node  # the field ``n`` below shadows the module inside the class
from ..errors import NotationError
from .matching import Claim, compatible, money_unsaid, read_as, same_kind
from .precision import resolution
from .reading import Amount, Scope, amount, leaves
from .reference import Reference, RefStep


@dataclass(frozen=True)
class Entry:
    """An earlier line: what it stated, and the step it was attributed to."""

    n: int
    claim: Claim
    step: str | None
    status: str
    tree: Node | None = None  # the working behind an unmatched result, for chains of intermediates


class History(list[Entry]):
    """Earlier lines, indexed by the number each stated (so a long working stays fast)."""

    def __init__(self) -> None:
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
    whole = _complements(node)
    for leaf in leaves(node)[:_MAX_LEAVES]:
        value = amount(leaf, scope, text)
        if id(leaf) in whole:
            out.append(Leaf(leaf, value, (), (), ()))  # the 1 of "(1 - 0.40)" is the whole, not a step's 1 card
        elif isinstance(leaf, n.Name):
            out.append(_name_leaf(leaf, value, ref, learner, history))
        else:
            out.append(_number_leaf(leaf, value, ref, history))
    return out


_MAX_LEAVES = 24


def _complements(node: n.Node) -> set[int]:
    """The plain 1 of each ``1 - x`` or ``1 + x`` in a tree (by identity): the whole a share is taken from or
    added to, which stands for no step.

    >>> from bank.notation import parse
    >>> tree = parse("5.50 * (1 - 0.40)"); [x.value for x in n.walk(tree) if id(x) in _complements(tree)]
    [Fraction(1, 1)]
    """
    return {id(x.left) for x in n.walk(node) if isinstance(x, n.BinOp) and x.op in "+-"
            and isinstance(x.left, n.Num) and x.left.value == 1 and not n.has_operation(x.right)}


def _name_leaf(leaf: n.Name, value: Amount, ref: Reference, learner: dict[str, Fraction],
               history: History) -> Leaf:
    if leaf.id in ref.params:
        return Leaf(leaf, value, (leaf.id,), (), ())
    own = learner.get(leaf.id)
    if own is None or own == ref.env[leaf.id]:
        return Leaf(leaf, value, (), (leaf.id,), ())
    entry = next((e for e in reversed(history) if e.step == leaf.id), None)
    stand = Stand(leaf.id, own, entry.n if entry else None, bool(entry and entry.status == "correct"))
    return Leaf(leaf, value, (), (), (stand,))


def _number_leaf(leaf: n.Node, value: Amount, ref: Reference, history: History) -> Leaf:
    given = _givens(value, ref)
    if given:  # a given, unless the learner took it for a step's value ("rent: $1.00/hr", one card's price)
        return Leaf(leaf, value, given, (), tuple(_adopted(value, ref, history, given)))
    exact = tuple(s.name for s in ref.steps if _equals(value, s))
    stands = _from_history(value, ref, history) + [s for s in _roundings(leaf, value, ref) if s.step not in exact]
    return Leaf(leaf, value, (), exact, tuple(stands))


def _adopted(value: Amount, ref: Reference, history: History, given: tuple[str, ...]) -> list[Stand]:
    """The steps an earlier line gave this number to, as a slip, saying it as the given it is (``$1.00/hr``, the
    price of a card): a given the learner took for the step's value. Not the same number of another kind (4
    replicas where a card costs $4.00 an hour)."""
    units, out = ref.plan.units, []
    for e in history.stating(value):
        if e.step is None or e.status != "slip":
            continue
        said = e.claim.unit if e.claim.unit is not None and not e.claim.unit.dimensionless else ref.step(e.step).unit
        if any(compatible(said.dims, units[g].dims) for g in given):  # "rent = 4.75": the step's kind, unsaid
            out.append(Stand(e.step, as_step_value(value, ref.step(e.step)), e.n, False))
    return out


def _givens(value: Amount, ref: Reference) -> tuple[str, ...]:
    units = ref.plan.units
    return tuple(k for k, v in ref.params.items()
                 if (value.base == v or value.written == ref.plan.display(k, v))
                 and (value.unit is None or value.unit.dimensionless or compatible(value.unit.dims, units[k].dims)))


def _equals(value: Amount, step: RefStep) -> bool:
    if value.unit is not None and value.annotated and value.unit.dims == step.unit.dims:
        return value.base == step.base
    unit = value.unit
    if unit is not None and value.annotated and not unit.dimensionless and not same_kind(unit.dims, step.unit.dims):
        return False  # 35 ms is not the 35 GB of weights; 112 tokens/s is not 112 users
    return value.written == step.shown or (step.unit.dimensionless and value.base == step.base)


def _kind_ok(value: Amount, step: RefStep) -> bool:
    """A number written with a unit can only stand for a step of a compatible kind."""
    unit = value.unit
    return unit is None or not value.annotated or unit.dimensionless or compatible(unit.dims, step.unit.dims)


def as_step_value(value: Amount, step: RefStep) -> Fraction:
    """A learner's value read as a value of ``step``, in base units."""
    return read_as(value.base, value.written, value.unit, step.unit, step.shown) * step.unit.scale


def _from_history(value: Amount, ref: Reference, history: History) -> list[Stand]:
    stands = []
    for entry in history.stating(value):
        targets = [ref.step(entry.step)] if entry.step else \
            sorted((t for t in ref.steps if _could_be(value, t)), key=lambda t: not _could_be_said(entry.claim, t))
        stands += [Stand(t.name, as_step_value(value, t), entry.n, entry.status == "correct", bool(entry.step))
                   for t in targets]
    return stands


def _could_be(value: Amount, step: RefStep) -> bool:
    """Whether a value from a line that matched no step could stand for ``step``: 85.86 ms for a time."""
    unit = value.unit
    return unit is None or not value.annotated or compatible(unit.dims, step.unit.dims)


def _could_be_said(claim: Claim, step: RefStep) -> bool:
    """Whether the line that stated the value said it in a unit ``step`` could have: ``$90.00 per day``, used
    later as a plain ``90``, is likelier a bill than a count of tokens (``3.85 per card``, a price)."""
    unit = claim.unit
    return unit is None or unit.dimensionless or compatible(unit.dims, step.unit.dims) \
        or money_unsaid(unit.dims, step.unit.dims)


def _same_number(value: Amount, claim: Claim) -> bool:
    if value.written == claim.written.mid:
        return True
    return claim.unit is not None and value.unit is not None and value.unit.dims == claim.unit.dims \
        and value.base == claim.base.mid


def _roundings(leaf: n.Node, value: Amount, ref: Reference) -> list[Stand]:
    num = leaf
    while isinstance(num, (n.Neg, n.Quantity)):
        num = num.operand
    if not isinstance(num, n.Num) or not num.text.removeprefix(".")[:1].isdigit() or num.value in ref.constants:
        return []  # "two", or the 2 of "2 × 8 billion": a constant of the working, never a rounding (".134" is)
    half = resolution(num, False) / 2
    return [Stand(s.name, as_step_value(value, s), None, True) for s in ref.steps
            if _kind_ok(value, s) and _near(value, s, half, _scale(leaf))]


def _near(value: Amount, step: RefStep, half: Fraction, scale: Fraction) -> bool:
    """Whether a number written to within ``half`` (in its own unit) is the step's value, read in the
    step's unit: 537 MB for 0.5369 GB, 137 million tokens for 136.5 million a day."""
    mine = read_as(value.base, value.written, value.unit, step.unit, step.shown)
    unit = value.unit
    if unit is not None and not unit.dimensionless and same_kind(unit.dims, step.unit.dims):
        half = half * scale / step.unit.scale
    elif mine != value.written:
        half = half / step.unit.scale  # 3.64e14 read as 364 TFLOP/s: its half-unit of 1e12 is 0.5 TFLOP/s
    return abs(mine - step.shown) <= half


def expand(node: n.Node, scope: Scope, history: History, text: str) -> n.Node:
    """``node`` with each number that is the learner's own unmatched intermediate result
    replaced by the working that produced it, so a carried error can be traced through it.

    (``1 token / 3.646 ms`` after ``17.5 GB / 4.8 TB/s = 3.646 ms`` reads as
    ``1 token / (17.5 GB / 4.8 TB/s)``.)
    """
    out = node
    for leaf in leaves(node)[:_MAX_LEAVES]:
        if isinstance(leaf, n.Name):
            continue
        trees = [e.tree for e in history.stating(amount(leaf, scope, text)) if e.tree is not None]
        if trees:
            out = n.swap(out, leaf, trees[-1])
    return out


def whole_roundings(found: list[Leaf]) -> frozenset[Fraction]:
    """Whole numbers a line wrote for a rounding of one of the working's values (32 for 31.67)."""
    return frozenset(leaf.value.written for leaf in found
                     if leaf.value.written.denominator == 1 and any(s.line is None for s in leaf.stands))


def unrounded(node: n.Node, found: list[Leaf], scope: Scope, ref: Reference, text: str) -> Amount | None:
    """The expression with each number that rounds a reference step's value replaced by that exact value,
    as the learner would have it on a calculator (``20.8 s`` for 20.833 s), or None when nothing rounds."""
    out = node
    for leaf in found:
        stand = None if leaf.exact_steps else next((s for s in leaf.stands if s.line is None), None)
        num = _number(leaf.node)
        if stand is None or num is None:
            continue
        step = ref.step(stand.step)
        unit = leaf.value.unit
        if unit is not None and leaf.value.annotated and not unit.dimensionless \
                and same_kind(unit.dims, step.unit.dims):
            exact = step.base / _scale(leaf.node)  # 20.8 s for 20.833 s; 0.35 min for 0.3472 min
        elif unit is not None and leaf.value.annotated and not unit.dimensionless:
            exact = step.shown  # 137 million tokens for 136.5 million tokens a day: the number as shown
        else:  # a plain number in the step's unit (90 for 90%) or in base units (0.9)
            exact = min((step.shown, step.base), key=lambda x: abs(abs(x) - num.value))
        out = n.swap(out, num, n.Num(num.start, num.end, abs(exact), num.text, Fraction(0)))
    if out is node:
        return None
    try:
        return amount(out, scope, text)
    except NotationError:
        return None


def _number(node: n.Node) -> n.Num | None:
    while isinstance(node, (n.Neg, n.Quantity)):
        node = node.operand
    return node if isinstance(node, n.Num) else None


def _scale(node: n.Node) -> Fraction:
    """The scale of the unit written with a number (1 for a plain number)."""
    scale = Fraction(1)
    while isinstance(node, (n.Neg, n.Quantity)):
        if isinstance(node, n.Quantity):
            scale *= node.unit.scale
        node = node.operand
    return scale
