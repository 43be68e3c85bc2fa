"""Chains: what a line of working claims, as sides joined by links (``70 GB / 6 GB/s = 11.7 s``).

:func:`bank.notation.read_line` finds them in prose; the grader marks each.

>>> from bank.notation import read_line
>>> [s.link for s in read_line("70 / 6 = 11.7, so 12").chains[0].segments]
['', '=', 'so']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .nodes import BinOp, Call, Neg, Node, Num, Quantity, bare

#: How a side relates to the side before it.
EQUAL, APPROXIMATE, SAYS_LINK, IMPLIES_LINK = "=", "≈", "says", "so"
#: ``…, roughly 30,200``: a value said again about, after a comma; like ``says``, it may be a new value.
ROUGHLY = "roughly"
ROUND_LINKS = ("up", "down", "nearest")


@dataclass(frozen=True)
class Segment:
    """One side of a chain: ``70 GB / 6 GB/s`` or ``about 12 s``, and how it follows the side before.

    ``link`` is ``""`` for the first side; ``=``, ``≈``, ``says`` (``is``, ``that's``), ``so`` (``→``,
    ``so``: equal, or a rounding of it), or ``up``/``down``/``nearest`` (``rounded up to``).
    """

    node: Node
    approx: bool
    start: int
    end: int
    link: str = ""


@dataclass(frozen=True)
class Chain:
    """One claim: sides joined by links, the words before it (``label``) and after it (``comment``).

    ``rounding`` is a rounding the words ask for with no value after them (``= 2.4 (rounded up)``).
    ``claim`` is False for a lone number mentioned in passing in a line that claims something else.
    """

    text: str
    label: str
    segments: tuple[Segment, ...]
    comment: str = ""
    rounding: str | None = None
    claim: bool = True

    @property
    def empty(self) -> bool:
        return not self.segments

    @property
    def start(self) -> int:
        """Where the claim begins in the line (its result may come first: ``11.7 s <- 70 / 6``)."""
        return min(s.start for s in self.segments) if self.segments else 0


#: The old name: a chain is what a learner's line used to be.
Line = Chain


@dataclass(frozen=True)
class Reading:
    """Everything read from one line: its label and its chains (claims and passing mentions)."""

    text: str
    label: str
    chains: tuple[Chain, ...] = ()

    @property
    def claims(self) -> tuple[Chain, ...]:
        return tuple(c for c in self.chains if c.claim)


def split_weak(chains: list[Chain]) -> list[Chain]:
    """A ``says`` link joins a working to its value (``… ÷ 2.68 GB is 21``); between a lone value and a
    working (``989 TFLOP/s that is 5.6e14 FLOP ÷ …``) it does not, so the chain splits there; nor does
    ``→`` after a line's first value (``after 60 s -> 1 × 60 = 60 reqs``)."""
    out: list[Chain] = []
    for chain in chains:
        segs = _share_of(list(chain.segments))
        k = 1
        while k < len(segs):
            says = segs[k].link in (SAYS_LINK, ROUGHLY)
            opens = k == 1 and segs[k].link == IMPLIES_LINK and has_operation(segs[k].node)
            if (says or opens) and not has_operation(segs[k - 1].node) and (
                    has_operation(segs[k].node) or (k == 1 and _kinds_differ(segs[0].node, segs[1].node))):
                out.append(replace(chain, segments=tuple(segs[:k]), claim=k > 1, rounding=None, comment=""))
                segs = [replace(segs[k], link="")] + segs[k + 1:]
                k = 1
                continue
            k += 1
        out.append(replace(chain, segments=tuple(segs), claim=chain.claim or len(segs) > 1))
    if any(c.claim for c in out):  # lone numbers beside a real claim (or a stated result) are mentions
        return out
    return [replace(c, claim=True) for c in out]


def _share_of(segs: list[Segment]) -> list[Segment]:
    """``7.2k is 80% of 9k`` claims the share: ``7.2k / 9k = 80%``."""
    if len(segs) != 2 or segs[1].link != SAYS_LINK or has_operation(segs[0].node):
        return segs
    of = segs[1].node
    if not (isinstance(of, BinOp) and of.op == "*" and isinstance(of.left, Quantity) and of.left.unit_text == "%"
            and not has_operation(of.right)):
        return segs
    a = segs[0].node
    share = BinOp(a.start, of.right.end, "/", a, of.right, of.start)
    return [Segment(share, segs[0].approx, a.start, of.right.end), Segment(of.left, segs[1].approx, of.left.start,
                                                                            of.left.end, EQUAL)]


def _kinds_differ(a: Node, b: Node) -> bool:
    """``8 bit is 70 GB``: two lone values of different kinds are not one claim."""
    ua = a.unit if isinstance(a, Quantity) else None
    ub = b.unit if isinstance(b, Quantity) else None
    return ua is not None and ub is not None and ua.dims != ub.dims


def has_operation(node: Node) -> bool:
    """Whether an expression computes anything (an operator or a call), beyond one number with its unit."""
    while isinstance(node, (Quantity, Neg)):
        node = node.operand
    if isinstance(node, BinOp):
        return not (node.op == "^" and isinstance(node.left, Num)) and not _scientific(node)
    return isinstance(node, Call)


def _scientific(node: BinOp) -> bool:
    """``5.6 x 10^14``: one number in scientific notation, not a product."""
    right = bare(node.right)
    return node.op == "*" and isinstance(node.left, Num) and isinstance(right, BinOp) and right.op == "^" \
        and isinstance(right.left, Num) and right.left.value == 10
