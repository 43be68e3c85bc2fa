"""Splitting a chain into the claims a careful reader sees, before rule 1 checks each one.

:func:`pieces` splits a running chain (``70 / 6 = 11.7 + 20 = 31.7 s`` is two
claims), a sub-result inside a side (``1,015 GB over 8 × 4.8 = 38.4 TB/s →
26.4 ms``), and a new value after ``so`` (``= 72 GB → 56 GB left``).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from .. import notation as n
from ..errors import NotationError
from . import diagnose as dx
from .arithmetic import check
from .matching import same_kind
from .precision import is_number
from .reading import Scope


def pieces(chain: n.Chain, scope: Scope) -> list[n.Chain]:
    """The claims a careful reader sees in one chain (see the module docstring), in order."""
    segs = list(chain.segments)
    if len(segs) < 2 or _plain_pair(segs):
        return [chain]  # "70 / 6 = 11.7": one claim, whatever its arithmetic (check() says if it holds)
    segs = _parallel(chain, _rewritten(chain, scope), scope)
    out: list[n.Chain] = []
    run = [segs[0]]
    for seg in segs[1:]:
        if not seg.link:  # a side that starts over (see _parallel)
            out.append(replace(chain, segments=tuple(run), comment="", rounding=None))
            run = [seg]
            continue
        head = replace(chain, segments=tuple(run + [seg]))
        lone = len(run) == 1 and not n.has_operation(run[0].node)
        if lone and seg.link in ("=", "≈") and _holds(head, scope):
            run.append(seg)  # "11.7 s = 70 / 6": read as written, one claim
            continue
        if _holds(head, scope):
            run.append(seg)
            continue
        if lone and not (seg.link in ("=", "≈") and _same_quantity(run[0].node, seg.node)):
            if isinstance(run[0].node, n.Name):  # "M = usable memory = 141 GB": the name says what the value is
                chain = replace(chain, label=_named(chain.label, run[0].node.id))
            run = [replace(seg, link="")]  # "bs=1 ≈ 26 GB / 864 GBps", "2 bytes each → 327,680 B": a mention
            continue
        split = _running(run, seg, scope, chain.text) or _embedded(run, seg, scope, chain.text)
        if split is not None:
            done, run = split
            if done:
                out.append(replace(chain, segments=tuple(done), comment="", rounding=None))
            continue
        if seg.link in (n.chains.IMPLIES_LINK, n.chains.SAYS_LINK, n.chains.ROUGHLY) and (
                len(run) > 1 or _worked_on(run[0], seg, segs[-1], scope, chain.text)):
            out.append(replace(chain, segments=tuple(run), comment="", rounding=None))
            run = [replace(seg, link="")]  # "= 72 GB → 56 GB left": a new value, a claim of its own
            continue
        run.append(seg)  # a real disagreement: the claim is a slip, and check() will say so
    out.append(replace(chain, segments=tuple(run)))
    return [c for c in out if c.segments]


def _worked_on(first: n.Segment, seg: n.Segment, last: n.Segment, scope: Scope, text: str) -> bool:
    """What is to be worked out, a colon, then its working in pieces, which ends on its value but need not equal it
    piece by piece (``2 x 32 x 8 x 128 x 2: 64 x 8 = 512, x 128 = 65,536, x 2 = 131,072 B``). Not a working said
    again wrongly (``(16 + 64 × 0.134) GB over 0.864 TB/s: 22.58 / 0.864 = 26.1 ms``)."""
    if seg.link != n.chains.SAYS_LINK or not n.has_operation(first.node) or not n.has_operation(seg.node) \
            or last is seg:
        return False
    return _holds(n.Chain(text, "", (first, replace(last, link=n.chains.EQUAL))), scope)


def _named(label: str, name: str) -> str:
    """A label with the name a chain's first side gave, as ``symbol = name`` (:func:`label_words` reads the name)."""
    return f"{label} = {name}" if label else name


def _same_quantity(a: n.Node, b: n.Node) -> bool:
    """Two lone values with units of the same kind (``16,384 MiB = 16.4 GB``): a conversion, right or wrong."""
    ua = a.unit if isinstance(a, n.Quantity) else None
    ub = b.unit if isinstance(b, n.Quantity) else None
    if ua is None or ub is None or ua.dimensionless or not same_kind(ua.dims, ub.dims):
        return False
    try:  # "8 bit = 70 GB" is a label ("at 8 bit: 70 GB"); a slip converting is a power of ten or a byte off
        ratio = n.evaluate(b) / n.evaluate(a)
    except (ArithmeticError, ValueError, KeyError):
        return True
    return any(abs(ratio / (f * Fraction(10) ** k) - 1) < Fraction(1, 10)
               for f in _SLIPS for k in range(-12, 13))


#: What a conversion, right or wrong, may be off by besides a power of ten: bits, and binary prefixes.
_SLIPS = (Fraction(1), Fraction(8), Fraction(1, 8), *dx.BINARY_PREFIXES)


def _plain_pair(segs: list[n.Segment]) -> bool:
    """A working and one stated value, with no sub-result inside it to split out (see :func:`_embedded`)."""
    if len(segs) != 2 or not n.has_operation(segs[0].node) or n.has_operation(segs[1].node):
        return False
    first = segs[0].node
    return not (isinstance(first, n.BinOp) and n.has_operation(first.right))


def _rewritten(chain: n.Chain, scope: Scope) -> list[n.Segment]:
    """The chain without a middle side that rewrites the sum with its units in the learner's head
    (``… / 3.35 TB/s = 16.537/3350 s = 4.936 ms``): the first and last sides agree, and so does
    the middle with the last, though not with the first as written."""
    segs = list(chain.segments)
    if len(segs) < 3 or not any(n.has_operation(s.node) for s in segs[1:-1]):
        return segs
    last = segs[-1]
    if not _holds(replace(chain, segments=(segs[0], last)), scope):
        return segs
    keep = [segs[0]]
    for seg in segs[1:-1]:
        if n.has_operation(seg.node) and not _holds(replace(chain, segments=(segs[0], seg)), scope) \
                and _holds(replace(chain, segments=(replace(seg, link=""), last)), scope):
            continue
        keep.append(seg)
    return keep + [last]


def _parallel(chain: n.Chain, segs: list[n.Segment], scope: Scope) -> list[n.Segment]:
    """``70B x 2 B = 140 GB, x1 = 70 GB, x0.5 = 35 GB``: a factor after a comma that is wrong on the
    value before it but right on the chain's first operand is that operand again, times the new factor."""
    first = segs[0].node
    if len(segs) < 4 or not isinstance(first, n.BinOp) or first.op not in ("*", "/"):
        return segs
    out = list(segs)
    for i in range(2, len(segs) - 1):
        node, before = segs[i].node, segs[i - 1].node
        if not isinstance(node, n.BinOp) or node.op != first.op or (node.left.start, node.left.end) != (
                before.start, before.end):
            continue
        nxt = segs[i + 1]
        if _holds(replace(chain, segments=(replace(segs[i], link=""), nxt)), scope):
            continue
        again = replace(segs[i], link="", node=replace(node, left=first.left))
        if _holds(replace(chain, segments=(again, nxt)), scope):
            out[i] = again  # with no link: a claim of its own
    return out


def _holds(chain: n.Chain, scope: Scope) -> bool:
    try:
        return check(chain, scope).ok
    except NotationError:
        return False


#: A chain split in two: the claims done so far, and the run that goes on.
_Split = tuple[list[n.Segment], list[n.Segment]]


def _running(run: list[n.Segment], seg: n.Segment, scope: Scope, text: str) -> _Split | None:
    """``70 / 6 = 11.7 + 20 = 31.7 s``: a side that starts from the value so far continues from it."""
    if not n.has_operation(seg.node) or _reciprocal(seg.node):
        return None
    first = _leftmost(seg.node)
    if first is None:
        return None
    stated_seg = n.Segment(first, seg.approx, first.start, first.end, seg.link)
    if not _holds(n.Chain(text, "", tuple(run + [stated_seg])), scope):
        return None
    if len(run) > 1:  # the run already states its value: "= 7M -> 7 * 0.20", "= $10/hr → 10 / 9.25" says it again
        return run, [replace(seg, link="")]
    return run + [stated_seg], [replace(seg, link="")]


def _reciprocal(node: n.Node) -> bool:
    """``→ 1/4.78 ms = 209 tok/s``: one over a value is a new working, not the 1 that 0.00478 rounds up to."""
    return isinstance(node, n.BinOp) and node.op == "/" and isinstance(node.left, n.Num) and node.left.value == 1


def _number(node: n.Node) -> object:
    """The number a lone side is written as (7M is 7,000,000; 7 is 7), or None for a working."""
    inner = n.bare(node)
    return inner.value if isinstance(inner, n.Num) else None


def _leftmost(node: n.Node) -> n.Node | None:
    """The first operand of a side (``11.7`` of ``11.7 + 20``, ``5.6 × 10¹⁴ FLOP`` of ``5.6 × 10¹⁴ FLOP ÷ …``),
    with its unit if it has one."""
    while isinstance(node, n.BinOp) and node.op != "^" and not _scientific(node):
        node = node.left
    return node if is_number(node) else None


def _scientific(node: n.Node) -> bool:
    """``5.6 × 10¹⁴`` (with its unit, if any): one number in scientific notation, not a product."""
    while isinstance(node, n.Quantity):
        node = node.operand
    if not isinstance(node, n.BinOp) or node.op != "*" or not isinstance(node.left, n.Num):
        return False
    power = n.bare(node.right)  # 10¹⁴ FLOP
    return isinstance(power, n.BinOp) and power.op == "^" and isinstance(power.left, n.Num) \
        and power.left.value == 10


def _embedded(run: list[n.Segment], seg: n.Segment, scope: Scope, text: str) -> _Split | None:
    """``1,015 GB over 8 × 4.8 = 38.4 TB/s → 26.4 ms``: the stated side is the last operand's value.

    The sub-result becomes a claim of its own, and the working goes on with the stated
    value (and its unit) in place of that operand.
    """
    last = run[-1].node
    if len(run) != 1 or not isinstance(last, n.BinOp) or last.op not in ("*", "/", "+", "-"):
        return None
    operand = last.right
    if not n.has_operation(operand) or not is_number(seg.node):
        return None
    sub = n.Chain(text, "", (n.Segment(operand, False, operand.start, operand.end), replace(seg, link="=")))
    if not _holds(sub, scope):
        return None
    rebuilt = n.swap(last, operand, seg.node)
    rest = n.Segment(rebuilt, run[-1].approx, run[-1].start, seg.end, run[-1].link)
    return list(sub.segments), [rest]


__all__ = ["pieces"]
