"""A learner's own names for values: ``t1 = 16e9 / 3.35e12 = 4.78 ms`` … ``1 / t1 = 209 tok/s``.

On a whiteboard a candidate names a value once and uses the name later. A tutor reads the name as the
value it was given, so the marker does too: the value's node is put where the name stands, exactly as if
the learner had written the number again (so a slip in it is carried, not marked twice).

Any name before ``=`` at the start of a line is remembered, but only a short one (three characters or
fewer) or one with a digit or an underscore (``t_read``, ``per_seq``) is *looked for* in later prose
(:func:`spotted`): ``total = …`` and ``read = …`` are labels too, and words like them turn up in sentences.
A longer name is read as its value only where the arithmetic itself uses it (``backlog = growth * 60``).
A name that is a unit (``s``, ``B``) or a function is never a variable.

>>> from bank.notation import read_line
>>> defined("t1 = 70 / 6 = 11.7 s", read_line("t1 = 70 / 6 = 11.7 s"))
't1'
>>> spotted({"t1": None, "total": None})
frozenset({'t1'})
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Mapping

from .. import notation as n
from ..notation.chains import IMPLIES_LINK
from ..notation.code import TYPES
from ..notation.functions import ALIASES, FUNCTIONS
from ..errors import NotationError
from ..notation.nodes import moved
from ..units import UnitError, parse_unit

#: ``t1 =``, ``- per_seq =`` or ``(a) alone: t =`` at the start of a line, as the notation reads it (so JavaScript's
#: ``const t =`` too; ``==`` compares, not defines).
#: A name ending in a digit may have words after it (``B2 free = …``, ``t1 read time = …``: a spreadsheet's cell).
_DEFINES = re.compile(r"\s*(?:[^=:]*:\s*)?(?:[-*•]\s+)?([A-Za-z_][A-Za-z0-9_]*)"
                      r"(?:(?<=\d)\s+[a-z][-a-z/ ]*?)?\s*=(?!=)")
#: A type or Go's colon after a name, ending a label as it was written (``let t: f64``, ``w :``).
_TYPE_TAIL = re.compile(r"\s*:?\s*(?:%s)?\s*:?\s*$" % "|".join(TYPES))
#: A learner's names are kept for one working; a working is a handful of lines.
MAX_VARIABLES = 32
#: A name stands for at most this many nodes: ``b = a + a + 0``, ``c = b + b + 0``, … would otherwise double
#: the tree with every line.
MAX_NODES = 64


def defined(raw: str, reading: n.Reading) -> str | None:
    """The variable a line defines (``t1`` in ``t1 = 70 / 6 = 11.7 s``), or None."""
    m = _DEFINES.match(raw)
    if m is None or not reading.claims:
        return None
    name, words = m.group(1), _TYPE_TAIL.sub("", reading.label).split()
    described = m.group().rstrip("=").split()[-1] != name  # "B2 free =": words after the name describe it
    if (words[:1] if described else words[-1:]) != [name]:
        return None
    return None if _reserved(name) else name


#: ``mem -= w``, ``t += 20``, ``w /= 2``: a name updated by an operator, as code does, perhaps after ``q = 0;``.
_COMPOUND = re.compile(r"\s*(?:(?P<first>[A-Za-z_]\w*)\s*=\s*(?P<start>[^;=]+?)\s*;\s*)?"
                       r"(?P<name>[A-Za-z_]\w*)\s*(?P<op>[-+*/×÷])=(?!=)")


def compound(raw: str, variables: Mapping[str, n.Node]) -> tuple[str, str, n.Node] | None:
    """``mem -= w → 58 GB``: the name a line updates, the line as the operator and what follows it (column for
    column), and the name's value before it (where the name stands), or None.

    >>> compound("t += 20 → 31.7 s", {"t": n.parse("11.7")})[:2]
    ('t', '  +  20 → 31.7 s')
    >>> compound("q = 0; q += 1 * 60 → 60 requests", {})[1]
    '         +  1 * 60 → 60 requests'
    """
    m = _COMPOUND.match(raw)
    if m is None or _reserved(m["name"]) or m["first"] not in (None, m["name"]):
        return None
    try:
        before = n.parse(m["start"]) if m["first"] else variables.get(m["name"])
    except NotationError:
        return None
    if before is None:
        return None
    text = " " * m.start("op") + m["op"] + " " + raw[m.end():]
    return m["name"], text, moved(before, m.start("name"), m.end("name"))


def small(node: n.Node) -> bool:
    """Whether a value is small enough to stand for a name (see :data:`MAX_NODES`)."""
    return sum(1 for _ in zip(n.walk(node), range(MAX_NODES + 1))) <= MAX_NODES


def spotted(variables: Mapping[str, object]) -> frozenset[str]:
    """The variables a reader should take for names wherever they turn up (see the module docstring)."""
    return frozenset(v for v in variables if len(v) <= 3 or "_" in v or any(ch.isdigit() for ch in v))


def keep(variables: dict[str, n.Node], name: str, value: n.Node, typed: bool = False) -> bool:
    """Remember ``name`` as ``value`` where there is room and the value is small; whether it was kept.
    ``typed``: the name was assigned in code at a prompt, where a unit's symbol is a name too (``>> tb = …``).

    >>> kept = {}
    >>> keep(kept, "t1", n.parse("70 / 6")), list(kept)
    (True, ['t1'])
    """
    if not small(value) or name not in variables and len(variables) >= MAX_VARIABLES \
            or _reserved(name, typed):
        return False
    variables[name] = value
    return True


def value_of(reading: n.Reading) -> n.Node:
    """The value a definition gives its name: the last side before any ``so`` that goes on to new working
    (``t1 = 70/6 = 11.7 s -> 1/t1 = …`` gives 11.7 s; ``t = 130 GB @ 2 GB/s = 65 s`` gives 65 s;
    ``n = ceil(x)  # 5.46 -> 6`` gives 6, the value rounded)."""
    claims = reading.claims
    segments = next((c.segments for c in claims if len(c.segments) > 1), claims[0].segments)
    k = next((i for i, s in enumerate(segments)
              if i and s.link == IMPLIES_LINK and not _rounded(segments[i - 1].node, s.node)), len(segments))
    return segments[k - 1].node


def _rounded(before: n.Node, after: n.Node) -> bool:
    """``5.46 -> 6``: the side after an arrow is the one before it rounded, not new working."""
    a, b = (n.bare(x) for x in (before, after))
    same_unit = not isinstance(before, n.Quantity) or isinstance(after, n.Quantity) and before.unit == after.unit
    return isinstance(a, n.Num) and isinstance(b, n.Num) and same_unit and abs(a.value - b.value) <= b.resolution


def uses(raw: str, name: str) -> bool:
    """Whether ``name`` turns up again on the line that defines it (``… -> 1/t1 = 209 tok/s``)."""
    m = _DEFINES.match(raw)
    return _named_in(raw[m.end():] if m else raw, name)


def used(raw: str, variables: Mapping[str, object]) -> frozenset[str]:
    """The variables a line names (as whole words), for a second reading where arithmetic uses them."""
    return frozenset(v for v in variables if _named_in(raw, v))


def in_arithmetic(raw: str, variables: Mapping[str, object]) -> frozenset[str]:
    """The variables a line uses beside an operator (``surge - capacity``, ``arrivals * 1.5``): read as their
    values from the first, even where the name is also one of the problem's own (``surge``, ``capacity``).

    >>> sorted(in_arithmetic("growth = surge - capacity = 9", {"surge": 1, "capacity": 2, "growth": 3}))
    ['capacity', 'surge']
    """
    ops = r"[-+*/×÷·^]"
    return frozenset(v for v in variables
                     if re.search(rf"(?<![A-Za-z0-9_]){re.escape(v)}\s*{ops}|{ops}\s*{re.escape(v)}(?![A-Za-z0-9_])",
                                  raw))


def _named_in(text: str, name: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", text) is not None


def substitute(reading: n.Reading, values: Mapping[str, n.Node]) -> n.Reading:
    """The reading with each variable's name replaced by the value it was given, placed where the name is."""
    if not values:
        return reading
    return replace(reading, chains=tuple(_chain(c, values) for c in reading.chains))


def _chain(chain: n.Chain, values: Mapping[str, n.Node]) -> n.Chain:
    segments = tuple(replace(s, node=substitute_node(s.node, values)) for s in chain.segments)
    return replace(chain, segments=segments)


def substitute_node(node: n.Node, values: Mapping[str, n.Node]) -> n.Node:
    """``node`` with each variable's name replaced by the value it was given."""
    for name in [x for x in n.walk(node) if isinstance(x, n.Name) and x.id in values]:
        node = n.swap(node, name, moved(values[name.id], name.start, name.end))
    return node


def _reserved(name: str, typed: bool = False) -> bool:
    """A function, the times sign, or a unit symbol: never a learner's variable. A lower-case unit word of
    three letters or more is a name once a line defines it (``hits = 0.1 * 30``, ``tps = 55 / t_mem``); after
    a number it is still the unit (``2,562 tps``). ``s``, ``ms`` and ``GB`` are always units."""
    if name.lower() in FUNCTIONS or name.lower() in ALIASES or name.lower() == "x":
        return True
    if typed or len(name) >= 3 and name.isascii() and name.isalpha() and name.islower():
        return False
    try:
        parse_unit(name)
    except UnitError:
        return False
    return True
