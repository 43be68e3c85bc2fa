"""How a line is laid out, read as the working it holds, column for column: a Markdown table row, two workings
with a bar between them, and plain-text columns set apart by spaces (``hours/yr    24 × 365      8,670``).

>>> columns("hours/yr     24 × 365            8,670")
'hours/yr     24 × 365           =8,670'
"""

from __future__ import annotations

import csv
import re

#: What opens a value: ``12 req/s``, ``$3.06``, ``≈ 4``.
VALUE_FIRST = r"[$~≈]?\s*\d"
#: Two numbers with an operator between them (``70B params × 2 bytes`` too): a cell that works something out.
ARITHMETIC = re.compile(r"\d[A-Za-z% ]{0,20}?[-+*/×÷^·x−]\s*[$\d(]")


def opens_with_value(comment: str) -> bool:
    """Whether a code comment opens with a value (``# 12 req/s``, ``# $3.06``): the value of its line.

    >>> opens_with_value(" 12 req/s piling up"), opens_with_value(" seconds")
    (True, False)
    """
    return re.match(r"\s*" + VALUE_FIRST, comment) is not None


#: A first cell that only numbers the step (``| 3 | 12,000 / 400 | 30 |``): a label, like ``Step 3:``.
_STEP_NUMBER = re.compile(r"\s*\(?\d{1,2}[.)]?\s*")
#: A Markdown table's rule under its header: ``|---|:---:|``.
_TABLE_RULE = re.compile(r"^\s*\|?(?:\s*:?-{2,}:?\s*\|)+\s*:?-*:?\s*$")


def table_row(text: str) -> str:
    """A Markdown table row reads as the working it holds: ``| rent | $3.75 × 8,760 | $32,850 |`` as
    ``  rent : $3.75 × 8,760 = $32,850  ``: a label cell then ``:``, a working cell then ``=`` before the value
    beside it. The rule under the header is blank.

    >>> table_row("| rent | $3.75 × 8,760 | $32,850 |")
    '  rent : $3.75 × 8,760 = $32,850  '
    >>> table_row("|---|:---:|")
    '           '
    """
    if _TABLE_RULE.match(text):
        return " " * len(text)
    stripped = text.strip()
    if not (stripped.startswith("|") and stripped.endswith("|") and stripped.count("|") >= 3):
        return text
    bars = [i for i, ch in enumerate(text) if ch == "|"]
    out = list(text)
    out[bars[0]] = out[bars[-1]] = " "
    for left, bar, right in zip(bars, bars[1:], bars[2:]):
        cell, after = text[left + 1:bar], text[bar + 1:right]
        worked = ARITHMETIC.search(cell) is not None and opens_with_value(after.lstrip(" +−-"))  # "| +12 rps |"
        numbered = left == bars[0] and len(bars) > 3 and _STEP_NUMBER.fullmatch(cell) is not None
        label = numbered or not any(ch.isdigit() for ch in cell)
        out[bar] = "=" if worked else ":" if label else ";"
    return "".join(out)


def two_workings(text: str) -> str:
    """Workings side by side, a bar between them (``1 / 0.021 ≈ 47.6 tok/s | replica = 16 × 47.6 ≈ 762``), are
    two clauses, as if a ``;`` stood there; a bar between values alone is left to :mod:`~bank.notation.tuples`.

    >>> two_workings("a = 1 / 2 = 0.5 | b = 2 x 3 = 6")
    'a = 1 / 2 = 0.5 ; b = 2 x 3 = 6'
    """
    if " | " not in text or text.lstrip().startswith("|"):
        return text
    if not all("=" in part or "≈" in part for part in text.split(" | ")):
        return text
    return text.replace(" | ", " ; ")


#: Columns set apart by three spaces or more, or a tab.
_GAP = re.compile(r" {3,}|\t+")
#: A line that says how its values follow already.
LINKED = re.compile(r"=|≈|→|->|←|<-|⇒|=>")


def columns(text: str) -> str:
    """A working laid out in plain-text columns with no ``=``: a value in the cell after a working is its result
    (``24 × 365     8,670`` as ``24 × 365    =8,670``), and a value in the cell before one is the result written
    first (``5 req     10 rps × 0.5 s`` as ``5 req    ←10 rps × 0.5 s``). Label and comment cells stay.

    >>> columns("5 req        10 rps × 0.5 s           Little")
    '5 req       ←10 rps × 0.5 s           Little'
    >>> columns("hits = 10% of daily          3")  # a notepad calculator: the answer in the last column
    'hits = 10% of daily         =3'
    """
    named = _NAMED.match(text)
    if named is not None and not LINKED.search(text, named.end()) and not _worked(named.group()):
        return named.group() + _answered(text[named.end():])  # "hits = 10% of 30      3": a notepad calculator's
    body = text.lstrip()
    if LINKED.search(text) or not _GAP.search(body):
        return text
    indent = len(text) - len(body)
    gaps = [(indent + m.start(), indent + m.end()) for m in _GAP.finditer(body)]
    edges = [indent] + [b for _, b in gaps]
    ends = [a for a, _ in gaps] + [len(text)]
    cells = [text[a:b] for a, b in zip(edges, ends)]
    out = list(text)
    for k, cell in enumerate(cells):
        if not _worked(cell):
            continue
        if k + 1 < len(cells) and _value(cells[k + 1]):
            out[edges[k + 1] - 1] = "="
        elif k and _value(cells[k - 1]) and not (k > 1 and _worked(cells[k - 2])):
            out[edges[k] - 1] = "←"  # the value first; "4 warm   4 × 21,675   $86,700" gives the value after
    return "".join(out)


#: A name and its equals sign before a working (``hits = 10% of 30``), as a notepad calculator's line opens.
_NAMED = re.compile(r"^\s*[A-Za-z$#][\w $/.'()#-]{0,40}?\s=\s(?=\S)")


#: A cell that is one value and its unit, no working: ``20``, ``$2.50/hr``.
_ALONE = re.compile(r"^\s*[$~≈]?\s*[\d.,]+\s*[A-Za-z%$/]*\s*$")


def _answered(working: str) -> str:
    """``10% of 30      3``: a working, then its answer alone in the last column, as ``10% of 30     =3``."""
    gaps = list(_GAP.finditer(working))
    if not gaps or not _value(working[gaps[-1].end():]) or _ALONE.match(working[:gaps[-1].start()]):
        return working
    at = gaps[-1].end() - 1
    return working[:at] + "=" + working[at + 1:]


def _worked(cell: str) -> bool:
    return ARITHMETIC.search(cell) is not None


def _value(cell: str) -> bool:
    return opens_with_value(cell) and not _worked(cell)


#: A value, then the reason for it: ``55 seqs, as 148/2.684 = 55.1`` (``since``, ``because``, ``cos`` too), the
#: reason a working that comes to a result.
_REASON = re.compile(r"(?<=[\w%)])(,?\s+)(as|since|because|cos)(\s+)"
                     r"(?=[$(]?\d[^=;]*[-+*/×÷x][^=;]*=\s*[$~≈]?\s*\d)")
#: A value and up to three words after it, just before the reason.
_VALUE_BEFORE_REASON = re.compile(r"\d[\d,.]*\s*[A-Za-z%$/]*(?:\s+[A-Za-z'][\w'-]*){0,3}$")


def reason_after(text: str) -> str:
    """A value, then a reason that works it out, reads as the result written first: ``55 seqs ← 148/2.684 =
    55.1``, column for column.

    >>> reason_after("we'll fit 55 seqs, as 148/2.684 = 55.1")
    "we'll fit 55 seqs  ←  148/2.684 = 55.1"
    >>> reason_after("2 cards since 140 > 80"), reason_after("as 70 / 6 = 11.7 s")
    ('2 cards since 140 > 80', 'as 70 / 6 = 11.7 s')
    """
    if not any(w in text for w in (" as ", " since ", " because ", " cos ")):
        return text

    def arrow(m: re.Match[str]) -> str:
        if _VALUE_BEFORE_REASON.search(text[:m.start()]) is None:
            return m.group()
        width = len(m.group())
        return " " * (width // 2) + "←" + " " * (width - width // 2 - 1)
    return _REASON.sub(arrow, text)


#: A spreadsheet's row pasted as CSV: a label, a formula, its value (and perhaps a unit): ``weights (GB),70*2,140``.
_CSV_VALUE = re.compile(r"\s*[$~≈]?\s*-?\d[\d.]*(?:[eE][-+]?\d+)?\s*[A-Za-z%/$]*\s*")


def csv_row(text: str) -> str:
    """A CSV row of label, formula and value reads as ``label: formula = value``, its two commas respelled, column
    for column (quotes around a field blanked); a header row, or a line that is no such row, as it is.

    >>> csv_row("16-bit weights (GB),7*2,14"), csv_row('"weights, 16-bit",70*2,140 GB')
    ('16-bit weights (GB):7*2=14', ' weights, 16-bit :70*2=140 GB')
    >>> csv_row("step,formula,value"), csv_row("30M × $0.30/M = $9.00, so 9.1 x"), csv_row("1,500,000")
    ('step,formula,value', '30M × $0.30/M = $9.00, so 9.1 x', '1,500,000')
    """
    if text.count(",") < 2 or any(mark in text for mark in ("=", "≈", "→", "->")):
        return text
    try:
        fields = next(csv.reader([text]))
    except csv.Error:  # a stray line break or NUL inside the line: no spreadsheet's row
        return text
    if len(fields) != 3 or not ARITHMETIC.search(fields[1]) or not _CSV_VALUE.fullmatch(fields[2]) \
            or not re.search(r"[A-Za-z]", fields[0]):
        return text
    out, quoted, seps = list(text), False, []
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
            out[i] = " "
        elif ch == "," and not quoted:
            seps.append(i)
    if len(seps) != 2 or text[seps[0] - 1].isdigit() or any(text[i + 1:i + 2].isspace() for i in seps):
        return text  # "tokens 20,000 × 1,500", "35.1 tok/s, so …": a thousands comma, or a clause's
    out[seps[0]], out[seps[1]] = ":", "="
    return "".join(out)
