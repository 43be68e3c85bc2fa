"""Sums set out in columns, as at school: the operands stacked, the operator before the last, a rule under them,
partial products perhaps, and the result under the last rule; or a long division's quotient written above
``divisor ) dividend``; or a calculator's query with its answer on the line under it (``60 - 40``, then ``= 20``).

A tutor marks such a sum where its result is: the operand lines, the rules and the partial products are parts
of it and show no value of their own. :func:`layout` finds the sums in a working's lines, and gives each result
line the one line it stands for (``1008 * 512 = 516096``), and each part None.

>>> rows = ["hours/yr:", "   365", "x   24", "------", "  1460", "  7300", "------", "  8760"]
>>> layout(rows)
{1: None, 2: None, 3: None, 4: None, 5: None, 6: None, 7: '365 * 24 = 8760'}
>>> layout(["   147.62", "+  140.00", "--------", "   287.62  GB"])[3]
'147.62 + 140.00 = 287.62  GB'
>>> sorted(layout(["      4.78", "3.35 ) 16.00      (ms)"]).items())
[(0, '16.00 / 3.35 = 4.78'), (1, None)]
"""

from __future__ import annotations

import re

from ..notation.layout import LINKED

_NUMBER = r"\$?\d[\d,]*(?:\.\d+)?"
#: A line that is one number, perhaps with its unit: an operand, a partial product, a result (``287.62  GB``).
_ALONE = re.compile(rf"^\s*({_NUMBER}(?:\s*[A-Za-z$%][A-Za-z/$%]{{0,7}})?)\s*$")
#: The operand written with its operator before it: ``x   512``, ``+ 7300``, ``-  65,160``.
_OPERATOR = re.compile(rf"^\s*([x×*+\-−])\s*({_NUMBER}(?:\s*[A-Za-z$%][A-Za-z/$%]{{0,7}})?)\s*$")
#: The rule under a sum: dashes, underscores or equals signs.
_RULE = re.compile(r"^\s*[-_=─━—–]{3,}\s*$")
#: A long division's bracket: ``3.35 ) 16.00``, the divisor before it.
_DIVISION = re.compile(rf"^\s*({_NUMBER})\s*\)\s*({_NUMBER})(?![\d,.])")
_SIGNS = {"x": "*", "×": "*", "*": "*", "+": "+", "-": "-", "−": "-"}


#: Why a part of such a sum is not marked.
PART = "part of a sum set out in columns: its result is marked"
QUERY = "a query: its answer, under it, is marked"


def layout(rows: list[str]) -> dict[int, str | None]:
    """For each line (by index) in a sum set out in columns: the sum its result line stands for, or None for a
    part of it (an operand, the operator's line, a rule, a partial product, a division's bracket); a query whose
    answer is under ``Result:`` maps to :data:`QUERY`."""
    out: dict[int, str | None] = {}
    i = 0
    while i < len(rows):
        found = _stack(rows, i) or _division(rows, i)
        if found is None:
            below = _answer_below(rows, i)
            if below is not None:  # "60 - 40", then "= 20" (or "Result:", then "20"): a query, its answer under it
                out[below[0]] = below[1]
                if below[0] == i + 2:
                    out[i] = QUERY
            i += 1
            continue
        parts, result, read_as = found
        out.update({k: None for k in parts})
        out[result] = read_as
        i = result + 1
    return out


def _stack(rows: list[str], i: int) -> tuple[list[int], int, str] | None:
    """The sum whose operands start at line ``i``: its parts, its result's line, the sum as one line."""
    j = i
    while j < len(rows) and _ALONE.match(rows[j]):
        j += 1
    if j == i or j + 2 >= len(rows) or not (m := _OPERATOR.match(rows[j])) or not _RULE.match(rows[j + 1]):
        return None
    sign, last = _SIGNS[m.group(1)], m.group(2)
    first = i if sign == "+" else j - 1  # only a sum adds every operand above it
    operands = [_ALONE.match(rows[k]).group(1) for k in range(first, j)] + [last]  # type: ignore[union-attr]
    k = j + 2
    while k < len(rows) and _ALONE.match(rows[k]):
        k += 1
    if k == j + 2:
        return None  # nothing under the rule
    if k + 1 < len(rows) and _RULE.match(rows[k]) and _ALONE.match(rows[k + 1]):
        result = k + 1  # partial products, a second rule, the result
    else:
        result = j + 2  # the result straight under the rule
    value = _ALONE.match(rows[result]).group(1)  # type: ignore[union-attr]
    return list(range(first, result)), result, f"{f' {sign} '.join(operands)} = {value}"


def _division(rows: list[str], i: int) -> tuple[list[int], int, str] | None:
    """A quotient at line ``i`` written above ``divisor ) dividend``."""
    if i + 1 >= len(rows) or not (q := _ALONE.match(rows[i])) or not (d := _DIVISION.match(rows[i + 1])):
        return None
    return [i + 1], i, f"{d.group(2)} / {d.group(1)} = {q.group(1)}"


#: A query's answer on the line under it: ``= 20``, ``≈ 4.776 ms``.
_ANSWER = re.compile(r"^\s*[=≈]\s*[$~]?-?\d")
#: A value in a column of its own after the working: the line has its answer already.
_ANSWERED = re.compile(r"\S\s{3,}[$~≈]?-?\d[\d,.]*\s*\S*\s*$")
#: Wolfram|Alpha's heading over its answer, and the answer: ``Result:``, then ``$15,330.00``.
_RESULT = re.compile(r"^\s*(?:Result|Exact result|Decimal approximation|Unit conversions?):\s*$", re.IGNORECASE)
_VALUE = re.compile(r"^\s*[$~≈]?-?\d[\d,.]*(?:\s*[A-Za-z$%/()][\w$%/() ]*)?$")
#: An operator with a number after it (searched once, not from every digit: a line may be a megabyte long).
_OPERATION = re.compile(r"[-+*/×÷x^]\s*[$(]?\d")


def _answer_below(rows: list[str], i: int) -> tuple[int, str] | None:
    """A bare working (``60 - 40``) with its answer on the next line (``= 20``), or under Wolfram|Alpha's
    ``Result:``: the answer's line, and the text it is read as (the working and its answer)."""
    operation = _OPERATION.search(rows[i])
    # a line that says how its values follow, or labels them, is no bare query (a label's working, ``per token: 2 x
    # 32 x 8``, then ``= 131,072 B``, is the marker's to read)
    if operation is None or not any(c.isdigit() for c in rows[i][:operation.start()]) or LINKED.search(rows[i]) \
            or ":" in rows[i] or _ANSWERED.search(rows[i]):
        return None
    if i + 1 < len(rows) and _ANSWER.match(rows[i + 1]):
        return i + 1, f"{rows[i].rstrip()} {rows[i + 1].strip()}"
    if i + 2 < len(rows) and _RESULT.match(rows[i + 1]) and _VALUE.match(rows[i + 2]):
        return i + 2, f"{rows[i].rstrip()} = {rows[i + 2].strip()}"
    return None
