"""A line read with what the working said before it, as a tutor reads it.

- The learner's own names for values (``t1 = … = 4.78 ms`` … ``1/t1``), read as the values they were given
  (:mod:`.variables`).
- A Python prompt: ``>>> ridge / ai`` computes, and the number printed on the next line is its value; so does
  R's ``load <- 70 / 6`` for the ``[1] 11.66667`` after it (:mod:`.console`).
- A step's own name before its working, while the step is open, labels it (``chunk /8 = 18.4 MB``).
- A result written first, then a dash and its working (``26 GB - 13B × 2 bytes``), where the two agree.
- ``70G`` as seventy billion, not 70 GB, where gigabytes would leave a claim's units apart.
- Values side by side (``(16-bit, 8-bit) = (140, 70) GB``, ``load | init = 13.3 | 25 s``): a claim for each.
- A label that is a unit (``ms: 16 / 3.35 = 4.78``), or ends with one in brackets (``W16 [GB] := …``) or as a
  key's last word (``w_int8_gb: 70``), gives it to a bare result (:mod:`.label_units`).

>>> from bank.load import load
>>> from bank.variant import variant
>>> from bank.grade.reference import reference
>>> q = load().question("replica-boot-gap")
>>> state = State(reference(q, variant(q)))
>>> read(state, "t = 70 / 6 = 11.7 s") is not None, read(state, ">>> t + 20")
(True, None)
>>> [s.link for s in read(state, "31.7").claims[0].segments]
['', '=']
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from fractions import Fraction

from .. import notation as n
from ..errors import NotationError
from ..notation.layout import opens_with_value
from ..notation.respell import dash_after_result, respell
from ..notation.nodes import moved
from ..notation.tuples import spread
from . import console, naming, prompts, rpn, sheet, sql, variables
from .label_units import label_unit
from .reading import amount
from .state import State


def read(state: State, raw: str) -> n.Reading | None:
    """The claims of one line (see the module docstring); None for a line typed at a prompt, whose value is
    on the next line. A line numbered ``(3)`` gives its value to later lines that name it so (``(3) ÷ (5)``)."""
    if len(raw) > _LONGEST:  # no reading of it fits the parser's limit; refused before any of them is tried
        raise NotationError(f"line is {len(raw):,} characters long; the limit is {n.MAX_LENGTH:,}", raw,
                            n.MAX_LENGTH, len(raw))
    number = _NUMBERED.match(raw)
    raw = _referenced(state, raw, number.end() if number else 0)
    reading = _read_any(state, raw)
    if number is not None and reading is not None and reading.claims:
        variables.keep(state.variables, _reference(number.group(1)),
                       variables.value_of(variables.substitute(reading, state.variables)))
    return reading


#: The longest line read (a table's row or a console's tuple may be split into parts within the parser's limit).
_LONGEST = 8 * n.MAX_LENGTH

#: A line that numbers its step: ``(3) free = …``.
_NUMBERED = re.compile(r"^\s*\((\d{1,2})\)\s")
#: A step referred to by its number: ``(2) − (1)``, ``= (3) ÷ (5) =``.
_REFERENCE = re.compile(r"(?<![\w)])\((\d{1,2})\)(?!\s*[(\d])")


def _reference(number: str) -> str:
    """The name a numbered line's value goes by, as long as ``(n)`` is (so columns stay): ``L3_``."""
    return f"L{number}_"


def _referenced(state: State, raw: str, start: int) -> str:
    """The line with each ``(n)`` that names an earlier numbered line read as that line's value."""
    def name(m: re.Match[str]) -> str:
        return _reference(m.group(1)) if _reference(m.group(1)) in state.variables else m.group()
    return raw[:start] + _REFERENCE.sub(name, raw[start:]) if "(" in raw[start:] else raw


def _read_any(state: State, raw: str) -> n.Reading | None:
    prompt, state.prompt = state.prompt, ()
    shown, state.shown = state.shown, ""
    if state.printing:  # ">>> 3 * r; 2 * r": the line after the first value prints the second
        queued = state.printing if console.is_printed(state.next_line) else ((),)
        state.prompt, state.printing = queued[0], queued[1:]
    code, state.code = state.code, None
    if sql.typed(state, raw):  # "analytics=> select 70*2 as w_gb;": its values are in the table under it
        return None
    if sql.frame(state, raw):  # " w_gb", "------", "(1 row)"
        return n.Reading(raw, "")
    cells = sql.row(state, raw)
    if cells is not None:  # "  140 | 41.8": each column's value, for its working
        readings = [console.answered(_read(state, text), node) for text, node in cells]
        return replace(readings[0], chains=tuple(chain for reading in readings for chain in reading.chains))
    state.table = None
    row = sheet.formula_row(raw)
    if row is not None:  # "usable GB | =0,9*80 | 72": a spreadsheet's row, its value the cell B<row>
        reading = _read(state, row, heading=True)
        sheet.keep(state, raw, state.row, reading)
        return reading
    if prompts.heading(raw, bool(prompt)):  # MATLAB's "ans =": the value is on a line below
        state.prompt, state.shown = prompt, shown
        return None
    if prompt and prompts.units_want(state, raw, prompt) or prompts.session(state, raw):  # "You want: s", "scale=2"
        return None
    if state.calculator is not None and prompt:  # "display: 5.97 ms": what an RPN calculator showed
        raw = rpn.display(state.calculator, raw)
    keys = rpn.keyed(state.calculator, raw, state.calculator is not None)  # "14400 ENTER 25 % +"
    if keys is not None:
        state.calculator, raw = keys
    typed_in = prompts.bc_typed(raw, state.next_line) if state.session else None  # "700/40" typed into bc
    shown = prompts.printed_name(raw, bool(prompt)) or shown  # "val res0: Double = 104.3": res0 is that value
    raw = typed_in or prompts.at_prompt(raw, state.next_line, bool(prompt))  # each console's lines as at ">>>"
    if raw.lstrip().startswith(console.PROMPT):
        if console.typed(state, raw):
            return None
        typed_code, _, comment = raw.partition("#")
        if not console.gives_value(typed_code, comment) and "=" not in typed_code.replace("==", "").split(";")[-1]:
            return None  # ">>> 1 / step(16), 4 * 16 / step(16)": code this reader cannot run shows no value
        raw = raw.replace(console.PROMPT, " " * len(console.PROMPT), 1)  # ">>> P = 405e9": code, the prompt aside
    rows = console.printed_tuple(raw, len(prompt))
    if rows is not None:  # "(35.13, 2248.7)": a value for each of "1 / t, 64 / t"
        readings = [console.answered(_read(state, row), asked) for row, asked in zip(rows, prompt)]
        return replace(readings[0], chains=tuple(chain for reading in readings for chain in reading.chains))
    asked = prompt[0] if len(prompt) == 1 else None
    printed = console.R_PRINTED.match(raw)
    if printed is not None:  # "[1] 11.66667": what R printed for the line before
        return console.answered(_read(state, " " * printed.end() + raw[printed.end():]), asked or code)
    printed_line = console.printed_line(raw)
    if printed_line is not None:  # 'print(f"{kv:.0f} B")  # 81920 B': what the script printed
        return _read(state, printed_line)
    assigned = console.NAMED.match(raw)
    if assigned is not None and not opens_with_value(raw.partition("#")[2]) \
            and console.prints(state.next_line, assigned.group().strip(" =")):
        _read(state, raw)  # "kv = 2 * 40 * 8 * 128", printed on the next line: the name's value, shown there
        return None
    raw = console.R_ASSIGN.sub(r"\1= ", raw, count=1)  # "load <- 70 / 6": R's assignment, not an arrow back
    if console.R_PRINTED.match(state.next_line):
        state.code = console.code(state, console.NAMED.sub("", raw, count=1))  # "load = 70 / 6": what is named
        if state.code is not None:
            _read(state, raw)  # for the name it may give the value
            return None
    if naming.titles_a_step(state, raw):  # "**Intensity at batch 1**": the step's name, its number a word
        return n.Reading(raw, "")
    reading = _side_by_side(state, raw) or _read(state, raw)
    if shown and asked is not None:
        console.name_printed(state, shown, reading)
    return console.answered(reading, asked)


def _side_by_side(state: State, raw: str) -> n.Reading | None:
    """``(16-bit, 8-bit) = (140, 70) GB``: one claim for each position of the line's tuples (see
    :mod:`bank.notation.tuples`), or None where it sets no values side by side."""
    rows = spread(raw)
    if rows is None:
        return None
    try:
        readings = [_read(state, row) for row in rows]
    except NotationError:
        return None  # read as written, and located there
    return replace(readings[0], chains=tuple(chain for reading in readings for chain in reading.chains))


def _read(state: State, raw: str, heading: bool = False) -> n.Reading:
    """The line's claims, with the learner's own variables read as the values they were given (a sheet's row,
    ``heading``, may end its label with the unit its column is in)."""
    names = state.ref.names | variables.spotted(state.variables) | variables.in_arithmetic(raw, state.variables)
    updated = variables.compound(raw, state.variables)
    if updated is not None:
        return _updated(state, names, *updated)
    raw = _result_first(state, raw, names)
    try:
        reading = _read_line(state, raw, names)
    except NotationError:
        used = variables.used(raw, state.variables)  # "backlog = growth * 30": a longer name, in arithmetic
        if not used:
            raise
        names |= used
        reading = _read_line(state, raw, names)
    reading = _dots(state, raw, names, _commas(state, raw, names, _giga(state, raw, names, reading)))
    reading = _goes_on(state, raw, names, reading)
    name = variables.defined(respell(raw), reading)
    value = variables.value_of(variables.substitute(reading, state.variables)) if name is not None else None
    if name is not None and value is not None and variables.keep(state.variables, name, value):
        if variables.uses(raw, name) and name in variables.spotted(state.variables):  # "… -> 1/t1 = 209 tok/s"
            reading = _read_line(state, raw, names | {name})
    substituted = variables.substitute(reading, state.variables)
    return label_unit(_itself(_plain_again(_formula_in_words(reading, substituted, state)), state), heading)


def _updated(state: State, names: frozenset[str], name: str, text: str, before: n.Node) -> n.Reading:
    """``mem -= w → 58 GB``: the operator goes on from the name's value, and the name keeps the result."""
    reading = variables.substitute(_read_line(state, text, names | {name}, previous=before, goes_on=True),
                                   state.variables)
    if reading.claims:  # the value the line comes to: "mem *= 0.9 → 72 GB" makes mem 72 GB
        variables.keep(state.variables, name, reading.claims[0].segments[-1].node)
    return label_unit(reading)


def _read_line(state: State, raw: str, names: frozenset[str], previous: n.Node | None = None,
               giga: bool = False, goes_on: bool = False, commas: bool = False) -> n.Reading:
    """The notation's reading of a line in this working's terms (its units, decimal commas, and the value the line
    before ended on, or ``previous``)."""
    return n.read_line(raw, names, state.ref.plan.units, previous=previous if previous is not None
                       else state.last_value, commas=state.commas or commas, giga=giga, goes_on=goes_on)


def _goes_on(state: State, raw: str, names: frozenset[str], reading: n.Reading) -> n.Reading:
    """``+1 spare → 6 replicas`` after a line on the load: a line that opens by adding to or taking from a value
    goes on from the value the line before ended on, or, where that does not come to its result and an earlier
    line's value does (the 5 serving replicas two lines up), from that one."""
    chain = reading.claims[0] if reading.claims else None
    if chain is None or len(chain.segments) < 2 or not isinstance(chain.segments[0].node, n.BinOp) \
            or chain.segments[0].node.op not in ("+", "-") or not _opens_on_before(chain.segments[0].node) \
            or _agree(chain.segments[0].node, chain.segments[-1].node, state, raw):
        return reading
    for earlier in reversed(state.earlier[:-1]):
        again = _read_line(state, raw, names, previous=earlier)
        first = again.claims[0] if again.claims else None
        if first is not None and len(first.segments) > 1 \
                and _agree(first.segments[0].node, first.segments[-1].node, state, raw):
            return again
    return reading


def _opens_on_before(node: n.BinOp) -> bool:
    """Whether a working opens with the value the line before ended on (placed at no column of this line)."""
    lead = node.left
    while isinstance(lead, n.BinOp):
        lead = lead.left
    return lead.start == lead.end == 0


def _result_first(state: State, raw: str, names: frozenset[str]) -> str:
    """``26 GB - 13B params × 2 bytes``: a result, then a dash and where it comes from, reads as
    ``13B params × 2 bytes = 26 GB`` when the working after the dash comes to the result (to a few percent, a
    power of ten, or a whole number rounded); ``141 GB - 16 GB = 125 GB`` stays a subtraction."""
    found = dash_after_result(raw)
    if found is None:
        return raw
    dashed, column = found
    try:
        reading = variables.substitute(_read_line(state, dashed, names), state.variables)
    except NotationError:
        return raw
    for chain in reading.chains:
        segs = chain.segments
        if len(segs) > 1 and segs[-1].start == column and n.has_operation(segs[0].node) \
                and _comes_to(segs[0].node, segs[-1].node, state, dashed):
            return dashed
    return raw


#: A number with ``G`` after it: slang for gigabytes (``80G``), or a billion (``2 × 70G × 4k = 5.6e14 FLOP``).
_G_AFTER_NUMBER = re.compile(r"\d\s?G\b")


def _giga(state: State, raw: str, names: frozenset[str], reading: n.Reading) -> n.Reading:
    """The line with ``G`` as a billion where, read as gigabytes, it leaves a claim's sides in different units
    and, read as a billion, they meet."""
    if not _G_AFTER_NUMBER.search(raw) or not _units_apart(reading, state, cancelled=True):
        return reading
    try:
        again = _read_line(state, raw, names, giga=True)
    except NotationError:
        return reading
    return reading if _units_apart(again, state) else again


#: A comma before three digits, ending the number: thousands (``2,039`` is 2039) or a decimal comma (2.039).
_ONE_COMMA = re.compile(r"(?<![\d,.])\d{1,3},\d{3}(?![\d,.])")
_DOT_DECIMAL = re.compile(r"\d\.\d")


def _commas(state: State, raw: str, names: frozenset[str], reading: n.Reading) -> n.Reading:
    """The line with ``2,039`` as 2.039 where its claims come to their results only that way (``312 TFLOP/s /
    2,039 TB/s ≈ 153 FLOP/B``), as a tutor reads a writer of decimal commas who wrote none plainer."""
    if state.commas or not _ONE_COMMA.search(raw) or _DOT_DECIMAL.search(raw):
        return reading  # a line with a decimal point writes its decimals so, not with a comma
    worked = [m.start() for m in _ONE_COMMA.finditer(reading.text)]
    if not any(len(c.segments) > 1 and any(at < c.segments[-1].start for at in worked) for c in reading.claims):
        return reading  # only in a result ("70 / 6 = 11,667"): a value said, which the reading must not excuse
    return _with_commas(state, raw, names, reading) or reading


#: A dot before three digits ending in a nought (``8.760``, ``45.990``), as no one writes a decimal: thousands, in
#: the dotted style of German, Spanish or Italian.
_THOUSANDS_DOT = re.compile(r"(?<![\d,.])[1-9]\d{0,2}\.\d\d0(?![\d,.])")
_OTHER_DOT = re.compile(r"\d\.(?!\d\d0(?![\d,.]))\d")


def _dots(state: State, raw: str, names: frozenset[str], reading: n.Reading) -> n.Reading:
    """The line with ``8.760`` as 8,760 where its claims hold only that way (``24 × 365 = 8.760 h``), as a tutor
    reads a writer of dotted thousands who, elsewhere, typed a decimal point at a prompt.

    >>> bool(_THOUSANDS_DOT.search("= 8.760 h")), bool(_THOUSANDS_DOT.search("= 8.76 h")), bool(_OTHER_DOT.search("8.760"))
    (True, False, False)
    """
    if state.commas or not _THOUSANDS_DOT.search(raw) or _OTHER_DOT.search(raw) or "," in raw:
        return reading
    again = _with_commas(state, raw, names, reading)
    if again is None:
        return reading
    state.commas = True  # the working's other dotted numbers are thousands too ("$6 × 8.760 = $52.560")
    return again


def _with_commas(state: State, raw: str, names: frozenset[str], reading: n.Reading) -> n.Reading | None:
    """The line read in the decimal-comma style (a comma the decimal point, a dot between thousands), where more of
    its claims come to their results that way and none that did stops; else None."""
    held = _holding(reading, state)
    if held is None or all(held):
        return None
    try:
        again = _read_line(state, raw, names, commas=True)
    except NotationError:
        return None
    now = _holding(again, state)
    better = now is not None and len(now) == len(held) and all(a or not b for a, b in zip(now, held)) \
        and sum(now) > sum(held)
    return again if better else None


def _holding(reading: n.Reading, state: State) -> list[bool] | None:
    """For each claim with a working and a result, whether they meet (to 3%); None when a side cannot be worked
    out."""
    out = []
    for chain in variables.substitute(reading, state.variables).claims:
        if len(chain.segments) < 2:
            continue
        try:
            x, y = (amount(s.node, state.scope(), reading.text) for s in (chain.segments[0], chain.segments[-1]))
        except (NotationError, ArithmeticError, ValueError):
            return None
        unsaid = x.unit is None or y.unit is None or x.unit.dimensionless != y.unit.dimensionless
        a, b = (x.written, y.written) if unsaid else (x.base, y.base)  # "24 × 365 = 8.760 h": the unit said once
        out.append(a == b or b != 0 and abs(a - b) <= abs(b) * Fraction(3, 100))
    return out


def _units_apart(reading: n.Reading, state: State, cancelled: bool = False) -> bool:
    """Whether some claim's first and last sides have units of different kinds; with ``cancelled``, also where
    the first side's units cancel out and the last side has some (``16G/16G = 1 FLOP/B``)."""
    for chain in variables.substitute(reading, state.variables).claims:
        if len(chain.segments) < 2:
            continue
        try:
            a, b = (amount(s.node, state.scope(), reading.text) for s in (chain.segments[0], chain.segments[-1]))
        except (NotationError, ArithmeticError, ValueError):
            continue
        if a.dims is None or b.dims is None or not any(b.dims) or a.dims == b.dims:
            continue
        if any(a.dims) or cancelled and not a.bare:
            return True
    return False


def _comes_to(working: n.Node, result: n.Node, state: State, text: str) -> bool:
    """Whether a working comes to the result written before it: to 3% (in its units or as written, a power of ten
    apart), or a whole number within one of it (``4 replicas - 3.08, rounded up``)."""
    try:
        got, said = amount(working, state.scope(), text), amount(result, state.scope(), text)
    except (NotationError, ArithmeticError, ValueError):
        return False
    if said.written >= 1 and said.written.denominator == 1 and abs(got.written - said.written) < 1:
        return True
    pairs = [(x, y) for x in (got.base, got.written) for y in (said.base, said.written) if x and y]
    return any(_near_power_of_ten(x / y) for x, y in pairs)


def _near_power_of_ten(ratio: Fraction) -> bool:
    """Whether a ratio is 1, or 10 to a whole power, to 3%: ``8,760 hours`` from ``24 × 365``."""
    if ratio <= 0:
        return False
    exponent = round(math.log10(ratio))
    return abs(exponent) <= 12 and abs(ratio / Fraction(10) ** exponent - 1) <= Fraction(3, 100)


def _plain_again(reading: n.Reading) -> n.Reading:
    """``… = 5,400,000 tokens, that is 5.4 million``: a result said again as a bare number, its unit left unsaid;
    the claim is the value with its unit."""
    chains = []
    for chain in reading.chains:
        segs = chain.segments
        if len(segs) >= 3 and _bare(segs[-1].node) and not _bare(segs[-2].node) \
                and _magnitude(segs[-1].node) == _magnitude(segs[-2].node) is not None:
            chain = replace(chain, segments=segs[:-1])
        chains.append(chain)
    return replace(reading, chains=tuple(chains))


def _bare(node: n.Node) -> bool:
    """A number with no unit (a suffix such as ``million`` aside)."""
    return isinstance(node, n.Num) or isinstance(node, n.Quantity) and isinstance(node.operand, n.Num) \
        and node.unit.dimensionless and not node.unit.share


def _magnitude(node: n.Node) -> Fraction | None:
    """A lone number's size, its prefix or suffix applied and a counted unit's name ignored."""
    if isinstance(node, n.Num):
        return node.value
    if isinstance(node, n.Quantity) and isinstance(node.operand, n.Num):
        return node.operand.value * node.unit.scale
    return None


def _formula_in_words(written: n.Reading, reading: n.Reading, state: State) -> n.Reading:
    """``buffer = tokens × hidden × 2 B = 13,000 × 8,192 × 2 = 213 MB``: a side in names, then the same side in
    numbers (or the formula's symbols read as words, ``s = p × (1 − 0.6) = 3.50 × 0.4``). Where the two agree, the
    names say which values were used (``ratio = Rnd/A = 81/9``); where they do not, the names were only saying
    what the numbers are (words read as units, ``tokens``; a side cut short at a word, ``layers``; ``P * 2 / tp``
    with the prefix changed in the head), and only the numbers are checked."""
    if len(written.chains) != len(reading.chains):
        return reading
    chains = []
    for before, chain in zip(written.chains, reading.chains):
        segs = chain.segments
        cut = bool(segs) and reading.text[:segs[0].start].rstrip()[-1:] in _OPERATORS  # "s = p × (1 − 0.6) = …"
        if len(segs) >= 2 and (before.segments and n.names(before.segments[0].node) or cut) \
                and n.has_operation(segs[1].node) and not n.names(segs[1].node) \
                and not _agree(segs[0].node, segs[1].node, state, reading.text):
            chain = replace(chain, segments=(replace(segs[1], link=""), *segs[2:]))
        chains.append(chain)
    return replace(reading, chains=tuple(chains))


#: An operator just before a chain's first side: a formula's symbols went before it, read as words.
_OPERATORS = frozenset("×*/+-−÷·")


def _agree(names: n.Node, numbers: n.Node, state: State, text: str) -> bool:
    """Whether a side in names and the side in numbers after it come to the same value (to a percent)."""
    try:
        a, b = amount(names, state.scope(), text).base, amount(numbers, state.scope(), text).base
    except (NotationError, ArithmeticError, ValueError):
        return False
    return a == b or b != 0 and abs(a - b) <= abs(b) / 100


def _itself(reading: n.Reading, state: State) -> n.Reading:
    """``buffer … = 245.8 MB, chunk /8 = 30.7 MB``: a step's own name before its working, while the step is
    open, labels it; the working goes on from the value before it (on this line, or the line before), or
    from the value after ``at`` (``crossover at 206/2 = 103``)."""
    chains, before = list(reading.chains), state.last_value
    for k, chain in enumerate(chains):
        if not chain.segments:
            continue
        node = _named_for_itself(reading.text, chain.segments[0].node, before, state)
        if node is not None:
            chains[k] = replace(chain, segments=(replace(chain.segments[0], node=node), *chain.segments[1:]))
        before = chain.segments[-1].node
    return replace(reading, chains=tuple(chains))


def _named_for_itself(text: str, first: n.Node, before: n.Node | None, state: State) -> n.Node | None:
    lead: n.Node = first
    parent: n.BinOp | None = None
    while isinstance(lead, n.BinOp):
        parent = lead
        lead = lead.left
    if parent is None or not isinstance(lead, n.Name) or lead.id not in state.ref.plan.trees \
            or state.covered(lead.id):
        return None
    if text[parent.op_start:parent.op_start + 2].strip().lower() in ("at", "@"):
        return n.swap(first, parent, parent.right)  # "crossover at 206/2 = 103": the step is at that value
    return None if before is None else n.swap(first, lead, moved(before, lead.start, lead.end))
