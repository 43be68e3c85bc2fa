"""Sums set out in columns, as at school: the operands stacked, the operator before the last, a rule under them,
partial products perhaps, and the result under the last rule; or a long division's quotient written above
``divisor ) dividend``.

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


def layout(rows: list[str]) -> dict[int, str | None]:
    """For each line (by index) in a sum set out in columns: the sum its result line stands for, or None for a
    part of it (an operand, the operator's line, a rule, a partial product, a division's bracket)."""
    out: dict[int, str | None] = {}
    i = 0
    while i < len(rows):
        found = _stack(rows, i) or _division(rows, i)
        if found is None:
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
