"""Chinese and Japanese in a working: a numeral before a counter word (``两张卡``, two cards) is its digit, and the
counter word after a number that an operator follows (``4 张卡 × 989``) is no gap between two sums, column for
column. Numerals and counters come from :data:`bank.vocabulary.CJK_DIGITS` and
:data:`~bank.vocabulary.CJK_COUNTERS`.

>>> cjk("所以 1.75 → 两张卡"), cjk("4 张卡 × 989 × 50%")
('所以 1.75 → 2张卡', '4    × 989 × 50%')
"""

from __future__ import annotations

import re

from ..vocabulary import CJK_COUNTERS, CJK_DIGITS

#: One numeral before a counter (``两张``, ``三个``); ``十`` and larger make numbers of several characters, left alone.
_NUMERAL = re.compile(rf"(?<![{''.join(CJK_DIGITS)}十百千万])[{''.join(CJK_DIGITS)}](?=[{CJK_COUNTERS}])")
#: A counter and its noun after a number, before an operator: ``4 张卡 ×``.
_COUNTED = re.compile(rf"(?<=\d)(\s*[{CJK_COUNTERS}][\u4e00-\u9fff]{{0,3}})(?=\s*[×x*/÷])")


def cjk(text: str) -> str:
    """``text`` with numerals before counters as digits and counters before an operator blanked."""
    if text.isascii():
        return text
    text = _NUMERAL.sub(lambda m: CJK_DIGITS[m.group()], text)
    return _COUNTED.sub(lambda m: " " * len(m.group(1)), text)
