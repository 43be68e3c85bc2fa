"""A label that says a bare result's unit, as a tutor reads it: a unit opening it (``ms: 16 / 3.35 = 4.78``,
``GB sent: …``), in brackets (``W16 [GB] := …``), ending a sheet's row heading (``weights GB``) or a config file's key
(``w_int8_gb: 70``); and a label saying what a sum of money is per (``Cost per Mtok? … = $1.08``).

>>> from bank.notation import read_line
>>> reading = label_unit(read_line("ms: 16 / 3.35 = 4.78"))
>>> reading.claims[0].segments[-1].node.unit.name
'ms'
"""

from __future__ import annotations

import re
from dataclasses import replace

from .. import notation as n
from ..units import DIMENSIONS, Unit, UnitError, parse_unit
from ..vocabulary import COUNTED, UNITS


def label_unit(reading: n.Reading, heading: bool = False) -> n.Reading:
    """``ms: 16 / 3.35 = 4.78``, ``GB sent: 2 x 80 x 49.2 MB = 7.87``: a label that opens with a unit gives it to
    a bare result (``Mtok per $: 10.8 / 2.50 = 4.32`` is tokens per dollar, not a price)."""
    clause = re.split(r"[,;]", reading.label)[-1]  # its last clause
    key = _KEY.fullmatch(clause.strip(" :="))
    unit = _key_unit(key.group()) if key is not None else _bracketed_unit(reading.label) or _label_unit(clause) \
        or (_trailing_unit(clause) if heading else None)
    if unit is None:
        return _per_label(reading)
    chains = []
    for chain in reading.chains:
        last = chain.segments[-1].node if chain.claim and chain.segments else None
        labelled = _labelled(last, *unit) if last is not None else None
        if labelled is not None:
            chain = replace(chain, segments=(*chain.segments[:-1], replace(chain.segments[-1], node=labelled)))
        chains.append(chain)
    return replace(reading, chains=tuple(chains))


#: A key in snake case (``kv_seq_gb``), as a config file or a script names a value.
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")

#: A label that ends by saying what a price is per: ``Cost per Mtok?``, ``price per card-hour:``.
_PER_LABEL = re.compile(r"\bper\s+([A-Za-z][\w-]*)\s*[?:]?\s*$")


def _per_label(reading: n.Reading) -> n.Reading:
    """``Cost per Mtok? $10/hr / (2,563 × 3,600) = $1.08``, ``Cost per hr = $2.25``: a sum of money under a label
    that says what it is per is a price per that (``$1.08 per Mtok``, ``$2.25 an hour``)."""
    m = _PER_LABEL.search(reading.label)
    per_text = m.group(1) if m is not None else ""
    try:
        per = parse_unit(per_text) if per_text else None
    except UnitError:
        per = None
    if per is None or per.dimensionless or per.dims[DIMENSIONS.index("money")]:
        return reading
    # "rent per year: 2.50 × 365 = $912.50": a period's total worked may say its period, or not; "Cost per hr =
    # $2.25", a sum only said, is the rate
    sizes = (1,) if per.dims[DIMENSIONS.index("time")] else (1, 2)
    chains = list(reading.chains)
    claims = [i for i, c in enumerate(chains) if c.claim and c.segments]
    # one claim of a working and its value, the label's ("$4.50 div 60 = $0.075, mult 36.7 s = $2.75" goes on past it)
    k = claims[0] if len(claims) == 1 and len(chains[claims[0]].segments) in sizes else None
    last = chains[k].segments[-1].node if k is not None else None
    if k is None or not isinstance(last, n.Quantity) or last.unit.name != "USD" or not isinstance(last.operand, n.Num):
        return reading
    text = f"{last.unit_text}/{per_text}"
    priced = replace(last, unit=parse_unit(text), unit_text=text)
    chains[k] = replace(chains[k], segments=(*chains[k].segments[:-1], replace(chains[k].segments[-1], node=priced)))
    return replace(reading, chains=tuple(chains))


def _labelled(node: n.Node, unit: Unit, text: str) -> n.Quantity | None:
    """A result in its label's unit: a plain number (``= 30M`` says its own scale), one counted per something
    (``4.78 per token`` under ``ms:``, 4.78 ms per token), or a sum the label says what it is per (``$1.00`` under
    ``$/Mtok:``)."""
    number = n.bare(node)
    if not isinstance(number, n.Num) or not _PLAIN_NUMBER.fullmatch(number.text.strip()):
        return None
    if number is node:
        return n.Quantity(node.start, node.end, number, unit, text)
    assert isinstance(node, n.Quantity)
    if node.unit_text and text.startswith(f"{node.unit_text}/"):  # "$/Mtok full: … = $1.00": a price, per Mtok
        return replace(node, unit=unit, unit_text=text)
    if not node.unit_text.startswith("/") or any(k > 0 for k in node.unit.dims):
        return None
    try:
        return replace(node, unit=parse_unit(text + node.unit_text), unit_text=text + node.unit_text)
    except UnitError:
        return None


_PLAIN_NUMBER = re.compile(r"[\d,.]+(?:[eE][-+]?\d+)?")


def _bracketed_unit(label: str) -> tuple[Unit, str] | None:
    """The unit a label ends with in brackets (``W16 [GB] := …``, ``t_read [s]``, ``read time (s)``), spelled out or
    not."""
    m = re.search(r"\[([^\[\]]+)\]\s*$|\(([^()]+)\)\s*$", label)
    if m is None:
        return None
    text = (m.group(1) or m.group(2)).strip()
    try:
        unit = parse_unit(text)
    except UnitError:
        return None
    return None if unit.dimensionless else (unit, text)


def _label_unit(label: str) -> tuple[Unit, str] | None:
    """The unit a short label opens with, written as a symbol (``ms``, ``GB sent``, ``tok/s per seq``, ``Mtok per
    $``), if any. Words spelled out name a quantity (``bytes/step``, ``replica rent``), and a bare count is a
    heading (``cards:``)."""
    words = label.split()
    if not 0 < len(words) <= 3 or len(words[0]) < 2 or _period(words[0]):
        return None
    for k in range(min(3, len(words)), 0, -1):
        text = " ".join(words[:k]).replace(" per ", "/")
        try:
            unit = parse_unit(text)
        except UnitError:
            continue
        counted = all(d in COUNTED for d, power in zip(DIMENSIONS, unit.dims) if power)
        spelled = any(len(word) > 4 for word in re.findall(r"[A-Za-z]+", text))
        return None if unit.dimensionless or spelled or (counted and unit.scale == 1) else (unit, text)
    return None


def _key_unit(key: str) -> tuple[Unit, str] | None:
    """The unit a config file's key ends with (``w_int8_gb``, ``ttft_ms``); not a period, which says what it is
    per (``bare_cost_hr``, ``usd_day``), nor what follows ``per`` (``hours_per_year``)."""
    found = _trailing_unit(key.replace("_", " "))
    if found is None:
        return None
    unit = found[0]
    return None if unit.dims[0] == 1 and not any(unit.dims[1:]) and unit.scale >= 3600 else found


def _trailing_unit(label: str) -> tuple[Unit, str] | None:
    """The unit a sheet's row heading ends with (``weights GB``, ``mem time ms``), written as a symbol of two
    letters or more, not what it is per (``tokens per day``)."""
    words = label.split()
    if not 2 <= len(words) <= 5 or len(words[-1]) < 2 or words[-2].lower() == "per":
        return None
    found = _label_unit(words[-1])
    return found if found is not None and not found[0].dims[DIMENSIONS.index("money")] else None


def _period(word: str) -> bool:
    """A period spelled as a word (``year: 24 × 365 = 8,760`` counts hours in a year): what a line works over,
    not its unit (``h:`` and ``ms:`` are units)."""
    unit = UNITS.get(word.lower())
    return unit is not None and unit.dimension == "time" and unit.scale >= 3600 and len(word) > 3
