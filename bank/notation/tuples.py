"""Values side by side: ``(16-bit, 8-bit) = (140, 70) GB`` and ``load | init = 40/3 | 25 = 13.3 | 25 s``.

A line that writes several values as a tuple in brackets, or as a run of items between bars, says several
claims at once, one per position. :func:`spread` gives each claim's line: every tuple (and every bar run) of
the line replaced by its item at that position, padded with spaces to the tuple's width so that every other
column stays where it was (a caret still points at what the learner typed). A line is spread only where all
its tuples and bar runs have the same number of items, two to four, and at least one item holds a digit.

>>> spread("weights (8-bit, 4-bit) = (34, 17) GB")
['weights 8-bit          = 34       GB', 'weights 4-bit          = 17       GB']
>>> spread("load | init = 40/3 | 25 = 13.3 | 25 s")
['load        = 40/3      = 13.3 s     ', 'init        = 25        = 25 s       ']
>>> spread("12 x (1 - 0.3) = 8.4"), spread("max(10.45, 1.95) = 10.45 ms"), spread("| a | b |")
(None, None, None)
>>> spread("1.75 -> 2 cards (rounded up, can't rent 3/4 of a card)"), spread("(0,9 x 80) = 72")
(None, None)
>>> spread("3.36e15 / 1.978e15 (lines 1, 2) = 1.70 s")
>>> spread("8-bit | 70B × 1 B = 70 GB | 4.8 TB/s ÷ 70 GB = 68.6 tok/s | 126.9 / 2.684 = 21.2")
"""

from __future__ import annotations

import re

#: Items a line may set side by side.
MOST = 4
#: Lines longer than this are not spread: a tuple is a short thing, and each is scanned once per position.
LONGEST = 400

#: A comma between items: before a space, or not between digits ("5,300" and "0,9" are numbers).
_SEPARATOR = re.compile(r",\s+|(?<!\d),|,(?!\d)")
#: A note of where numbers came from (``(lines 1, 2)``), not values side by side.
_NOTE = re.compile(r"\(\s*(?:from\s+)?(?:lines?|steps?|eqs?\.?|rows?)\s*\d", re.IGNORECASE)
#: Alphabetic words an item may hold (``3.43 s``, ``tail TTFT``): more, and the brackets hold a remark.
_WORDS = 2


def spread(text: str) -> list[str] | None:
    """Each position's line (see the module docstring), or None where the line sets no values side by side."""
    if len(text) > LONGEST or ("(" not in text and "|" not in text) or text.lstrip().startswith("|"):
        return None
    spans = _bracketed(text) + _barred(text)
    sizes = {len(items) for _, _, items in spans}
    if not spans or len(sizes) != 1 or not 2 <= sizes.pop() <= MOST \
            or not any(re.search(r"\d", item) for _, _, items in spans for item in items):
        return None
    spans.sort()
    if any(a[1] > b[0] for a, b in zip(spans, spans[1:])):
        return None  # a bar run holding a bracketed tuple: the line is not a plain row of values
    out = []
    for i in range(len(spans[0][2])):
        line, at = [], 0
        for start, end, items in spans:
            line += [text[at:start], items[i].ljust(end - start)]
            at = end
        out.append("".join(line) + text[at:])
    return out


def _bracketed(text: str) -> list[tuple[int, int, list[str]]]:
    """``(34, 17)``: brackets whose top level holds commas (not a function's arguments: ``max(a, b)``)."""
    out, stack = [], []
    for i, ch in enumerate(text):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            start = stack.pop()
            if stack or (start and (text[start - 1].isalnum() or text[start - 1] == "_")):
                continue  # nested, or a call
            items = _top_level(text[start + 1:i])
            if len(items) > 1 and _alike(items) and not _NOTE.match(text, start):
                out.append((start, i + 1, items))
    return out


def _alike(items: list[str]) -> bool:
    """Items of one tuple: all numbers or all names, short, none a claim of its own (not a remark in brackets:
    ``(rounded up, can't rent 3/4 of a card)``, ``(10 rps * 0.5 s, Little's law)``, ``(9.6 / 12, since … = 9.6)``)."""
    digits = {bool(re.search(r"\d", x)) for x in items}
    return len(digits) == 1 and not any(re.search(r"=|→|->", x) for x in items) \
        and all(len(re.findall(r"[A-Za-z][A-Za-z'-]*", x)) <= _WORDS for x in items)


def _top_level(inside: str) -> list[str]:
    """The comma-separated items at the top level of a bracket's contents."""
    items, depth, at = [], 0, 0
    for m in re.finditer(r"[()]|" + _SEPARATOR.pattern, inside):
        if m.group() == "(":
            depth += 1
        elif m.group() == ")":
            depth -= 1
        elif depth == 0:
            items.append(inside[at:m.start()].strip())
            at = m.end()
    items.append(inside[at:].strip())
    return [x for x in items if x] if len(items) > 1 else []


def _barred(text: str) -> list[tuple[int, int, list[str]]]:
    """``40/3 | 25``: each side of ``=`` (and the label before it) that holds bars is a run of items."""
    out, at = [], 0
    parts = re.split(r"(=|:\s)", text)
    if not all("|" in part for part in parts[::2]):
        return []  # "8-bit | 70B × 1 B = 70 GB | 4.8 TB/s ÷ 70 GB = …": a table's columns, not values side by side
    for part in parts:
        if "|" in part:
            items = [x.strip() for x in part.split("|")]
            lead = len(part) - len(part.lstrip())
            end = len(part.rstrip())
            if all(items):
                out.append((at + lead, at + end, _shared(items)))
        at += len(part)
    return out


def _shared(items: list[str]) -> list[str]:
    """Words the first item opens with, or the last ends with, beyond the others' length, belong to all: ``lone
    tok/s 8-bit | 4-bit`` is two speeds, ``156 | 312 tok/s`` two in tok/s.

    >>> _shared(["lone tok/s 8-bit", "4-bit"]), _shared(["13.3", "25 s"])
    (['lone tok/s 8-bit', 'lone tok/s 4-bit'], ['13.3 s', '25 s'])
    """
    words = [x.split() for x in items]
    if len(words) < 2:
        return items
    first, last = words[0], words[-1]
    head = first[:max(0, len(first) - min(len(w) for w in words[1:]))]
    tail = last[min(len(w) for w in words[:-1]):] if len(last) > min(len(w) for w in words[:-1]) else []
    return [" ".join((head if i else []) + w + (tail if i < len(words) - 1 else [])) for i, w in enumerate(words)]
