"""Numbers said aloud, as dictation software writes them down: ``6.4 times 10 to the 13`` and
``twenty six point two five``, read as the digits they stand for, column for column (a number starts
where its words did, and blanks fill the rest).

One number word alone (``two cards``, ``half that``) is left to the prose reader, which knows it from
:data:`bank.vocabulary.NUMBER_WORDS`; a run of them, or one with ``point``, is a number here.

>>> spoken("so 6.4 times 10 to the 13 flops")
'so 6.4 × 10^13            flops'
>>> spoken("which gives twenty six point two five seconds")
'which gives 26.25                     seconds'
"""

from __future__ import annotations

import re

from ..vocabulary import NUMBER_WORDS

#: ``times 10 to the 13``, ``x 10 to the power of 15``, ``times ten to the minus 3``, ``10 to the 12th``.
_POWER = re.compile(r"(?<=\d)\s+(?:times|x|×)\s+(?:10|ten)\s+to\s+the\s+(?:power\s+(?:of\s+)?)?"
                    r"(?P<sign>minus\s+|negative\s+|-)?(?P<exp>\d{1,3})(?:st|nd|rd|th)?(?:\s+power)?\b", re.IGNORECASE)

_UNITS = {w: int(v) for w, v in NUMBER_WORDS.items() if v.denominator == 1 and v < 20}
_TENS = {w: int(v) for w, v in NUMBER_WORDS.items() if v.denominator == 1 and 20 <= v < 100}
_SCALES = {"hundred": 100, "thousand": 1000}
_WORD = "|".join(sorted([*_UNITS, *_TENS, *_SCALES], key=len, reverse=True))
#: A run of number words (``twenty six``, ``one hundred and five``, ``eleven point seven``).
_RUN = re.compile(rf"\b(?:{_WORD})(?:(?:\s+and\s+|[\s-]+)(?:{_WORD}))*(?:\s+point(?:\s+(?:{_WORD}))+)?\b",
                  re.IGNORECASE)


def spoken(text: str) -> str:
    """``text`` with powers of ten said aloud, and numbers said in words, as digits, column for column."""
    lowered = text.lower()
    if " to the " in lowered:
        text = _POWER.sub(_power, text)
    if any(w in lowered for w in _TENS) or " point " in lowered or "hundred" in lowered or "thousand" in lowered:
        text = _RUN.sub(_number, text)
    return text


def _power(m: re.Match[str]) -> str:
    sign = "-" if m.group("sign") else ""
    return f" × 10^{sign}{m.group('exp')}".ljust(len(m.group()))


def _number(m: re.Match[str]) -> str:
    """A run of number words as its digits, or the words unchanged when they are no one number (``one two``)."""
    whole, _, fraction = m.group().lower().partition(" point ")
    words = [w for w in re.split(r"[\s-]+", whole.strip()) if w != "and"]
    value = _whole(words)
    digits = [_UNITS.get(w) for w in fraction.split()]
    if value is None or any(d is None or d > 9 for d in digits) or (len(words) == 1 and not fraction):
        return m.group()
    text = str(value) + ("." + "".join(str(d) for d in digits) if digits else "")
    return text.ljust(len(m.group()))


def _whole(words: list[str]) -> int | None:
    """``twenty six`` is 26, ``two thousand five hundred`` 2,500; None for words that make no one number."""
    total = current = 0
    last = None  # the kind of the last word: unit, ten or scale
    for word in words:
        if word in _SCALES:
            if last is None or last == "scale" and _SCALES[word] < 1000:
                return None
            current = (current or 1) * _SCALES[word]
            if _SCALES[word] == 1000:
                total, current = total + current, 0
            last = "scale"
        elif word in _TENS:
            if last in ("unit", "ten") or current % 100:
                return None
            current += _TENS[word]
            last = "ten"
        elif word in _UNITS:
            if last == "unit" or (last == "ten" and _UNITS[word] >= 10) or (last == "ten" and current % 10):
                return None
            current += _UNITS[word]
            last = "unit"
        else:
            return None
    return total + current
