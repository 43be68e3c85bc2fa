"""Items -> chains: the second half of reading a line (:mod:`.lines` scans a line into items).

A line's items (values, links, words, punctuation, asides) join into chains: sides linked by ``=``, ``is``,
``so`` or ``rounded up to``; a few words may sit between a value and its link (``1 spare = 4``), a result may
come first (``11.7 s  <- 70 / 6``), and a sentence or clause ends a claim.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .chains import APPROXIMATE, EQUAL, IMPLIES_LINK, ROUGHLY, SAYS_LINK, Chain, Segment, has_operation, split_weak
from .lexer import Token
from .nodes import BinOp, Neg, Node, Quantity

#: The link of a result written first, then where it comes from (``11.7 s  <- 70 GB / 6 GB/s``).
FROM = "from"
#: The link of a working done again on another value (``… = 68.6 tok/s, ÷ 35 GB = 137 tok/s``).
AGAIN = "again"
#: Marks that compare a value with a bound (``70 / 6 < 12``): the bound is no side of the claim.
COMPARISONS = ("<", ">", "≤", "≥", "<=", ">=")


@dataclass
class Item:
    """One piece of a scanned line: a value (``expr``), a link, a word, punctuation, an aside …"""

    kind: str  # expr, link, approx, word, punct, op, aside, break, also
    start: int  # token index
    end: int  # token index after
    node: Node | None = None
    link: str = ""
    rounding: str | None = None


@dataclass
class _Draft:
    segments: list[Segment] = field(default_factory=list)
    rounding: str | None = None
    claim: bool = False
    comment: str = ""
    result: list[Segment] = field(default_factory=list)  # a result written before its working


def assemble(items: list[Item], tokens: list[Token], text: str) -> list[Chain]:
    """Items -> chains: sides joined by links; a few label words may sit before a link (``1 spare = 4``)."""
    drafts: list[_Draft] = []
    current: _Draft | None = None
    link, approx, conclusion, gap = "", False, False, 0
    bound = False
    for k, item in enumerate(items):
        if item.kind == "expr" and item.link == "earlier":
            continue  # the last line's value, which this line goes on from: not a side of its own
        if item.kind == "expr" and bound:
            bound = False
            continue  # "70 / 6 < 12": a bound the value is compared with, not a value claimed
        if item.kind == "punct" and tokens[item.start].text in COMPARISONS:
            current, link, approx, gap, bound = None, "", False, 0, True
            continue
        if item.kind == "expr" and item.link == AGAIN:
            current, link, approx, gap = None, "", False, 0  # "…, ÷ 35 GB = 137 tok/s" starts a claim
        if item.kind == "expr":
            node = item.node
            assert node is not None
            joined = current is not None and (link or item.link == "continues")
            seg = Segment(node, approx or (joined and link in (APPROXIMATE, ROUGHLY)), node.start, node.end,
                          (link or EQUAL) if joined and link != FROM else "")
            if joined and _grows(current, item, link) and _stated_later(items, tokens, k):
                current.segments[-1] = replace(seg, approx=current.segments[-1].approx, link="")  # type: ignore[union-attr]
            elif joined:
                current.segments.append(seg)  # type: ignore[union-attr]
            else:
                current = _Draft([seg], claim=conclusion or bool(link))
                drafts.append(current)
            link, approx, conclusion, gap = "", False, False, 0
        elif item.kind == "link" and item.link == FROM and (arrowed := _before_arrow(current, drafts)) is not None:
            current = arrowed
            if len(current.segments) > 1:  # "we need 23,040 tok/s <- 19,200 × 1.2": the value before the arrow
                current = _Draft([replace(current.segments.pop(), link="")], claim=True)
                drafts.append(current)
            current.result, current.segments = current.segments, []  # the working comes next, its value last
            link = FROM
        elif item.kind == "link":
            if item.rounding and current is not None and not _value_follows(items, k):
                current.rounding = item.rounding  # "= 2.4 (rounded up)": a rounding with no value after it
            # "1.75 → n = 2 cards": the arrow's "so", the name it gives said before the value
            link = link if link == IMPLIES_LINK and gap and item.link == EQUAL else _merge(link, item.link)
            if current is None or not current.segments:
                conclusion = True
        elif item.kind == "approx":
            approx = True
        elif item.kind == "aside":
            if current is not None and item.rounding and not link:
                current.rounding = item.rounding  # "= 2.4 (rounded up)"
            if current is not None and not link:
                current.comment = text[tokens[item.start].end:tokens[item.end - 1].start].strip()
        elif _ends_clause(item, tokens):
            current, link, approx, gap = None, "", False, 0  # a sentence or clause ends the claim
            conclusion = item.kind == "also"
        elif item.kind == "punct" and tokens[item.start].text == "," and current is not None and current.result \
                and current.segments and _another_claim(items, k + 1):
            current, link, approx, gap = None, "", False, 0  # "288 GB <- 4 × 80 × 0.9, so 148 GB left …"
        elif item.kind == "punct" and tokens[item.start].text in (",", "(", ")"):
            continue
        elif current is not None:  # words (or marks) after a chain: a few may label it, more end it
            gap += 1
            if _labels_next(items, tokens, k, current):
                current, link, approx, gap = None, "", False, 0  # "8-bit => 70 GB, 4-bit => 35 GB"
                continue
            if link and gap <= 2 and _value_follows(items, k + 1):
                continue  # "so only 4 sequences", "gives us 649": a word or two before the value
            if link or gap > 2 or not _link_follows(items, k):
                conclusion = bool(link)  # "…, so I think that's just 70 GB": the value the words lead to is claimed
                current, link, approx, gap = None, "", False, 0
    chains = [_finish(d, text) for d in drafts if any(_numbers(s.node) for s in d.segments + d.result)]
    return [c if len(c.segments) > 1 or _stated(c.segments[0].node, text) else replace(c, claim=False)
            for c in split_weak(chains)]  # a chain of names alone is a formula in words, not a claim


def _stated(node: Node, text: str) -> bool:
    """Whether a lone side states a value: not "one minute", not "1,100 tokens at 16 tokens a second"
    (givens joined in words are a restatement, not a working)."""
    from .nodes import numbers

    if all(not x.text.lstrip(".")[:1].isdigit() for x in numbers(node)):
        return False  # number words only
    while isinstance(node, (Quantity, Neg)):
        node = node.operand
    if isinstance(node, BinOp) and node.op != "^" and text[node.op_start:node.op_start + 1].isalpha() \
            and text[node.op_start:node.op_start + 1] not in "xX":
        return False
    return True


def _labels_next(items: list[Item], tokens: list[Token], k: int, current: _Draft) -> bool:
    """Whether words after a comma label the next claim: a stated result, a comma, then ``4-bit =>``."""
    after_so = k > 0 and items[k - 1].kind == "link" and tokens[items[k - 1].start].text in _THEN_MARKS
    j = k - 2 if after_so and k > 1 else k - 1
    if after_so and k + 1 < len(items) and items[k + 1].kind == "link" and tokens[items[k + 1].start].text == "=" \
            and (len(current.segments) > 1 or items[j].kind == "punct" and tokens[items[j].start].text == ","
                 or _working_follows(items, k + 2)):
        # "1 TB/s = 1000 GB/s so bw = 2039 GB/s", "= 0.6 cards → serving = 12 − 0.6",
        # "rent 0.4, so bare = 3 × …", "64 seqs → step = 4 × 21.0 = 84 ms"
        return True
    if not (current.claim or len(current.segments) > 1) or j < 0 or items[j].kind != "punct" \
            or tokens[items[j].start].text != ",":  # "= 21,900, so pool_rent = 4 x 21,900" too
        return False
    ahead = [it for it in items[k + 1:k + 4] if it.kind != "punct"][:2]
    nxt = next((it for it in [items[k]] + ahead if it.kind == "link"), None)
    return nxt is not None and tokens[nxt.start].text in ("=", "=>", "→", "->", "⇒", "≈")


def _working_follows(items: list[Item], k: int) -> bool:
    """Whether the next item is arithmetic (``4 × 21.0``), not a value alone (``2 cards``)."""
    node = items[k].node if k < len(items) and items[k].kind == "expr" else None
    return node is not None and has_operation(node)


#: Words or arrows after a result that go on to the next one (``so bw = …``, ``→ serving = …``).
_THEN_MARKS = frozenset({"so", "→", "->", "=>", "⇒"})


def _link_follows(items: list[Item], k: int) -> bool:
    """Whether a link comes within the next two words (``1 spare = 4``, ``288 GB usable, which leaves``)."""
    ahead = [it for it in items[k + 1:k + 5] if it.kind != "punct"][:2]
    return any(it.kind == "link" for it in ahead)


def _before_arrow(current: _Draft | None, drafts: list[_Draft]) -> _Draft | None:
    """The claim a back arrow gives its working to: the one open, or the one a few words closed (``11.7 s to load
    <- 70 / 6``); None where that claim has its working already."""
    draft = current if current is not None else drafts[-1] if drafts else None
    return draft if draft is not None and not draft.result else None


def _another_claim(items: list[Item], k: int) -> bool:
    """Whether a value comes before the clause ends, and no rounding of the last one first (``, rounded down``)."""
    for it in items[k:]:
        if it.kind == "link" and it.rounding or it.kind in ("break", "also"):
            return False
        if it.kind == "expr":
            return True
    return False


def _numbers(node: Node) -> bool:
    from .nodes import numbers

    return bool(numbers(node))


def _value_follows(items: list[Item], k: int) -> bool:
    """Whether a value comes within the next two items (approx words aside)."""
    return any(it.kind == "expr" for it in [it for it in items[k:k + 3] if it.kind != "approx"][:2])


def _stated_later(items: list[Item], tokens: list[Token], k: int) -> bool:
    """Whether a value is stated for the side at ``k`` before its clause ends (``… times 2 bytes = 131,072``), so
    that the side is a working and not words that describe it (``2 per head, 32 heads a layer, times 32 layers.``)."""
    for it in items[k + 1:]:
        if _ends_clause(it, tokens):
            return False
        if it.kind == "link":
            return True
    return False


def _ends_clause(item: Item, tokens: list[Token]) -> bool:
    """Whether an item ends a clause, and the claim in it: a sentence's mark, or a break (``for 64 users``)."""
    return item.kind in ("break", "also") or item.kind == "punct" and tokens[item.start].text in (";", ".", "!", "?")


def _grows(current: _Draft | None, item: Item, link: str) -> bool:
    """Whether an operator going on from a lone side, with no value stated yet, makes that side longer: ``2 for key
    and value, times 32 layers, times 8 heads`` is one product, where ``= 258,048 numbers, times 2 bytes`` goes on
    from a value said."""
    if current is None or link or item.link != "continues" or len(current.segments) != 1 or current.result:
        return False
    node = item.node
    return isinstance(node, BinOp) and node.left is current.segments[0].node


def _merge(a: str, b: str) -> str:
    """Links in a row: ``rounded down, is`` rounds; ``= about`` approximates; the strongest wins."""
    order = {"": 0, SAYS_LINK: 1, ROUGHLY: 1, IMPLIES_LINK: 2, EQUAL: 3, APPROXIMATE: 4, "nearest": 5, "down": 6,
             "up": 6}
    return a if order.get(a, 0) >= order.get(b, 0) else b


def _finish(d: _Draft, text: str) -> Chain:
    segments = d.segments + [replace(s, link=(APPROXIMATE if s.approx else EQUAL) if d.segments else "")
                             for s in d.result]  # "11.7 s <- 70 / 6" reads as "70 / 6 = 11.7 s"
    return Chain(text, "", tuple(segments), d.comment, d.rounding, d.claim or len(segments) > 1)
