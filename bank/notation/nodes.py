"""The syntax tree: small frozen nodes that know their source span, and ways to walk them.

>>> from bank.notation import parse
>>> [type(x).__name__ for x in walk(parse("2 * (a + 1)"))]
['BinOp', 'Num', 'BinOp', 'Name', 'Num']
>>> [n.id for n in names(parse("rent * 4 + max(a, b)"))]
['rent', 'a', 'b']
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Callable, Generic, Iterator, TypeVar, Union

from ..units import Unit


@dataclass(frozen=True)
class Node:
    start: int
    end: int


@dataclass(frozen=True)
class Num(Node):
    """A written number. ``resolution`` is the place value of its last digit."""

    value: Fraction
    text: str
    resolution: Fraction


@dataclass(frozen=True)
class Name(Node):
    id: str


@dataclass(frozen=True)
class Quantity(Node):
    """A number with a unit attached: ``6 GB/s``, ``$2.50``, ``10%``, ``(16 + 8.6) GB``."""

    operand: Node
    unit: Unit
    unit_text: str


@dataclass(frozen=True)
class Neg(Node):
    operand: Node


@dataclass(frozen=True)
class BinOp(Node):
    op: str  # one of + - * / ^
    left: Node
    right: Node
    op_start: int = 0


@dataclass(frozen=True)
class Call(Node):
    func: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Compare(Node):
    op: str  # < <= > >= == !=
    left: Node
    right: Node


Expr = Union[Num, Name, Quantity, Neg, BinOp, Call, Compare]


def children(node: Node) -> tuple[Node, ...]:
    """The direct subtrees of a node, left to right.

    >>> from bank.notation import parse
    >>> [type(c).__name__ for c in children(parse("a / 6 GB/s"))]
    ['Name', 'Quantity']
    """
    if isinstance(node, (BinOp, Compare)):
        return (node.left, node.right)
    if isinstance(node, (Neg, Quantity)):
        return (node.operand,)
    if isinstance(node, Call):
        return node.args
    return ()


def walk(node: Node) -> Iterator[Node]:
    """Every node of a tree, parents before children, left to right (no recursion limit to hit)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))


def names(node: Node) -> list[Name]:
    """Every name the tree uses, in source order."""
    return [x for x in walk(node) if isinstance(x, Name)]


def bare(node: Node) -> Node:
    """The node under a unit (``70`` of ``70 GB``); any other node as it is.

    >>> from bank.notation import parse
    >>> bare(parse("70 GB")).text, bare(parse("2 x 3")) == parse("2 x 3")
    ('70', True)
    """
    return node.operand if isinstance(node, Quantity) else node


def numbers(node: Node) -> list[Num]:
    """Every written number, in source order.

    >>> from bank.notation import parse
    >>> [x.text for x in numbers(parse("2 x 8 billion + a"))]
    ['2', '8 billion']
    """
    return [x for x in walk(node) if isinstance(x, Num)]


def swap(node: Node, old: Node, new: Node) -> Node:
    """A copy of ``node`` with the subtree ``old`` (by identity) replaced by ``new``.

    >>> from bank.notation import parse
    >>> tree = parse("2 * 3"); str(swap(tree, tree.right, Num(4, 5, Fraction(5), "5", Fraction(1))).right.value)
    '5'
    """
    if node is old:
        return new
    changes: dict[str, Node | tuple[Node, ...]] = {}
    for f in fields(node):
        value = getattr(node, f.name)
        if isinstance(value, Node):
            swapped = swap(value, old, new)
            if swapped is not value:
                changes[f.name] = swapped
        elif isinstance(value, tuple) and value and isinstance(value[0], Node):
            swapped_args = tuple(swap(v, old, new) for v in value)
            if any(a is not b for a, b in zip(swapped_args, value)):
                changes[f.name] = swapped_args
    return replace(node, **changes) if changes else node  # type: ignore[arg-type]  # fields by name


def respan(node: Node, start: int, end: int) -> Node:
    """The same node, spanning its parentheses too."""
    return replace(node, start=start, end=end)


def moved(node: Node, start: int, end: int) -> Node:
    """A value from elsewhere (the line before, or ``it``) placed at ``start:end`` of this line, every
    part of it spanning there, so nothing reads another line's columns.

    >>> from bank.notation import parse
    >>> tree = moved(parse("64.7 ms * 2"), 3, 5); (tree.start, tree.left.start, tree.right.end)
    (3, 3, 5)
    """
    changes: dict = {"start": start, "end": end}
    for f in fields(node):
        value = getattr(node, f.name)
        if isinstance(value, Node):
            changes[f.name] = moved(value, start, end)
        elif isinstance(value, tuple) and value and isinstance(value[0], Node):
            changes[f.name] = tuple(moved(v, start, end) for v in value)
    if isinstance(node, BinOp):
        changes["op_start"] = start
    return replace(node, **changes)


T = TypeVar("T")


class Visitor(Generic[T]):
    """Dispatch on node type: subclass and define ``num``, ``name``, ``quantity``, ``neg``, ``binop``,
    ``call`` and ``compare`` (each takes the node). A missing method is an error, never a silent default.

    >>> class Count(Visitor[int]):
    ...     def num(self, node): return 1
    ...     def binop(self, node): return self(node.left) + self(node.right)
    >>> from bank.notation import parse
    >>> Count()(parse("1 + 2 * 3"))
    3
    """

    def __call__(self, node: Node) -> T:
        method: Callable[[Node], T] | None = getattr(self, _METHOD[type(node)], None)
        if method is None:
            raise TypeError(f"{type(self).__name__} cannot visit {type(node).__name__}")
        return method(node)


_METHOD = {Num: "num", Name: "name", Quantity: "quantity", Neg: "neg", BinOp: "binop", Call: "call",
           Compare: "compare"}
