"""Chinese and Japanese in a working: a numeral before a counter word (``两张卡``, two cards) is its digit, the
counter word after a number that an operator follows (``4 张卡 × 989``) is no gap between two sums, ``約`` is about,
and ``1トークン 327,680 B`` is per token, not a count of one, column for column. Numerals and counters come from
:data:`bank.vocabulary.CJK_DIGITS` and :data:`~bank.vocabulary.CJK_COUNTERS`.

>>> cjk("所以 1.75 → 两张卡"), cjk("4 张卡 × 989 × 50%"), cjk("1トークン 327,680 B、1シーケンス 約42.9 GB")
('所以 1.75 → 2张卡', '4    × 989 × 50%', ' トークン 327,680 B、 シーケンス ~42.9 GB')
"""

from __future__ import annotations

import re

from ..vocabulary import CJK_COUNTERS, CJK_DIGITS

#: One numeral before a counter (``两张``, ``三个``); ``十`` and larger make numbers of several characters, left alone.
_NUMERAL = re.compile(rf"(?<![{''.join(CJK_DIGITS)}十百千万])[{''.join(CJK_DIGITS)}](?=[{CJK_COUNTERS}])")
#: ``1トークン 327,680 B``: one of a thing named in katakana, then its value: "per token", a label, not a count of
#: one (``一张卡跑 64 个``, one card runs 64, is a count).
_PER_ONE = re.compile(r"(?<![\d.,])1(?=[\u30a0-\u30ff]+\s*[$~≈]?\d)")
#: ``約42.9 GB``, ``约 3 张``: about.
_ABOUT = re.compile(r"[約约](?=\s*[$]?\d)")
#: A counter and its noun after a number, before an operator: ``4 张卡 ×``.
_COUNTED = re.compile(rf"(?<=\d)(\s*[{CJK_COUNTERS}][\u4e00-\u9fff]{{0,3}})(?=\s*[×x*/÷])")


def cjk(text: str) -> str:
    """``text`` with numerals before counters as digits and counters before an operator blanked."""
    if text.isascii():
        return text
    text = _PER_ONE.sub(" ", _ABOUT.sub("~", text))
    text = _NUMERAL.sub(lambda m: CJK_DIGITS[m.group()], text)
    return _COUNTED.sub(lambda m: " " * len(m.group(1)), text)
