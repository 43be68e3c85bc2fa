"""A spreadsheet pasted with its formulas showing: ``usable GB | =0,9*80 | 72``, one row a line.

Each row is a label, the formula (``=B1-B2``, where the sheet's locale may spell ``ROUNDUP(B4;0)`` as
``AUFRUNDEN(B4;0)`` or ``ARRONDI.SUP(B4;0)``) and the value the cell shows; a row with no formula is a value typed
in (``arrivals req/s | 10``). The row reads as ``label: formula = value``, column for column, and its value is
kept as the cell ``B<row>`` for the formulas below it: the row is the line's number in the paste, or the number
the row opens with (``2 | FLOP per miss | =24000*140E9 | 3,36E+15``). Copied rather than exported, a row has tabs
between its cells.

>>> formula_row("usable GB | =0,9*80 | 72")
'usable GB :  0,9*80 = 72'
>>> formula_row("seqs | =AUFRUNDEN(B6;0) | 105"), formula_row("a = 1 | b = 2"), formula_row("rate | 8800 | 8800")
('seqs :       ceil(B6  ) = 105', None, 'rate :        8800')
"""

from __future__ import annotations

import re

from .. import notation as n
from . import console, variables
from .state import State

#: A row: an optional row number, a label, an optional formula, and the value shown.
_ROW = re.compile(r"^(?P<row>\s*\d{1,4}\s*\|)?(?P<label>[^|=]+)\|(?:(?P<formula>\s*=[^|]+)\||(?P<typed>[^|=]+)\|)?"
                  r"(?P<value>[^|]*\d[^|]*)$")
#: Rounding functions in the locales people paste from, as the notation spells them.
_FUNCTIONS = {"AUFRUNDEN": "ceil", "ABRUNDEN": "floor", "RUNDEN": "round", "ARRONDI.SUP": "ceil",
              "ARRONDI.INF": "floor", "ARRONDI": "round", "ROUNDUP": "ceil", "ROUNDDOWN": "floor", "ROUND": "round",
              "REDONDEAR.MAS": "ceil", "REDONDEAR.MENOS": "floor"}
_FUNCTION = re.compile(r"\b(%s)\(" % "|".join(re.escape(f) for f in sorted(_FUNCTIONS, key=len, reverse=True)))
#: A value typed into a cell: a number, perhaps with its unit.
_TYPED = re.compile(r"\s*[$]?\s*[\d.,  ]*\d(?:[eE][+-]?\d+)?\s*%?\s*[A-Za-z$/]*\s*")


def formula_row(raw: str) -> str | None:
    """``raw`` read as ``label: formula = value`` where it is such a row; None for any other line."""
    raw = _columns(raw)
    m = _ROW.match(_aside(raw)) if 1 <= raw.count("|") <= 3 else None
    if m is None or not any(c.isalpha() for c in m["label"]) or any(sign in m["label"] for sign in "≈~×*+") \
            or m["formula"] is None and _TYPED.fullmatch(m["value"]) is None \
            or m["typed"] is not None and _TYPED.fullmatch(m["typed"]) is None:
        return None
    out = list(raw)
    if m["row"]:
        out[m.start("row"):m.end("row")] = " " * (m.end("row") - m.start("row"))
    out[m.end("label")] = ":"
    if m["typed"] is not None:  # "forecast tok/s | 8800 | 8800": the value typed in, shown again
        out[m.start("typed"):m.end("typed") + 1] = " " * (m.end("typed") + 1 - m.start("typed"))
    if m["formula"] is not None:
        start, end = m.start("formula"), m.end("formula")
        formula = _spelled(raw[start:end]).replace("=", " ", 1)
        out[start:end] = formula
        out[end] = "="
    return "".join(out)


def cell(raw: str, line: int) -> str:
    """The cell a row's value is in, ``B<row>``: the number the row opens with, or its line in the paste."""
    m = _ROW.match(_columns(raw))
    number = m["row"].strip(" |") if m is not None and m["row"] else str(line)
    return f"B{number}"


def keep(state: State, raw: str, line: int, reading: n.Reading) -> None:
    """Keep the value a row shows as its cell, for the formulas below it."""
    chains = [c for c in reading.chains if c.segments]
    if chains:
        variables.keep(state.variables, cell(raw, line), _number(chains[-1].segments[-1].node))


def _number(node: n.Node) -> n.Node:
    """The number a cell shows, without the unit its label gives it (``=1000/B7`` turns the step's ms into
    tokens a second), but a share as a share (``62.5%`` is 0.625)."""
    return n.bare(node) if isinstance(node, n.Quantity) and not node.unit.dimensionless else node


#: Tabs between a row's cells, as a sheet copies them (not those that indent it).
_TABS = re.compile(r"(?<=\S)[ ]*\t[\t ]*(?=\S)")


def _columns(raw: str) -> str:
    """A row copied with tabs between its cells as it would be pasted with bars, column for column.

    >>> _columns("tok/s\\t=B3/B7*1000\\t2562")
    'tok/s|=B3/B7*1000|2562'
    """
    if "|" in raw or "\t" not in raw:
        return raw
    return _TABS.sub(lambda m: "|" + " " * (len(m.group()) - 1), raw)


def _aside(raw: str) -> str:
    """A row with what its label says in brackets blanked out (``capacity (+20%)``, ``in system (L = λW)``), so the
    label's own signs do not read as a formula.

    >>> _aside("capacity (+20%) | =B2*1.2 | 24")
    'capacity (____) | =B2*1.2 | 24'
    """
    bar = raw.find("|")
    return _BRACKETED.sub(lambda m: "(" + "_" * (len(m.group()) - 2) + ")", raw[:bar]) + raw[bar:]


#: A bracketed aside in a label.
_BRACKETED = re.compile(r"\([^()|]*\)")


def _spelled(formula: str) -> str:
    """A formula's functions as the notation spells them, each padded to its length, and its roundings' digits
    aside (:func:`.console.digits_aside`)."""
    formula = _FUNCTION.sub(lambda m: _FUNCTIONS[m[1]].rjust(len(m[1])) + "(", formula)
    return console.digits_aside(formula).replace(";", ",")  # MAX(B6;B7)
