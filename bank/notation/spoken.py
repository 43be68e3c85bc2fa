"""Numbers said aloud, as dictation software writes them down: ``6.4 times 10 to the 13`` and
``twenty six point two five``, read as the digits they stand for, column for column (a number starts
where its words did, and blanks fill the rest).

One number word alone (``two cards``, ``half that``) is left to the prose reader, which knows it from
:data:`bank.vocabulary.NUMBER_WORDS`; a run of them, one with ``point``, one before its scale (``thirty million``)
or one said as an operand or a result (``over twenty is fifteen``) is a number here.

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
_WORD = "|".join(sorted([*_UNITS, *_TENS, *_SCALES, "oh"], key=len, reverse=True))
_DIGIT = "|".join(sorted([*_UNITS, "oh"], key=len, reverse=True))
#: A run of number words (``twenty six``, ``one hundred and five``, ``eleven point seven``, ``nine eighty-nine``,
#: ``twelve and a quarter``), or decimals alone (``times point two five``; not ``at this point two …``).
_RUN = re.compile(rf"\b(?:{_WORD})(?:(?:\s+and\s+|[\s-]+)(?:{_WORD}))*(?:\s+point(?:\s+(?:{_DIGIT}))+)?"
                  rf"(?:\s+and\s+an?\s+(?:half|quarter))?\b"
                  rf"|(?<!this )(?<!that )(?<!the )(?<!a )\bpoint(?:\s+(?:{_DIGIT}))+\b",
                  re.IGNORECASE)
#: ``6.4 e thirteen``: an exponent said after a number, as a calculator shows it.
_SAID_EXPONENT = re.compile(rf"(?<=\d)\s+e (?:minus )?(?:{_WORD})(?:[\s-]+(?:{_WORD}))*\b", re.IGNORECASE)
#: A scale word after a number word: ``thirty million``.
_SCALED = re.compile(r"\s+(?:million|billion|trillion)\b", re.IGNORECASE)
#: A word said before an operand or a result: ``times two``, ``over twenty``, ``is fifteen``.
_SAYS = r"\b(?:times|over|by|plus|minus|away|is|equals|gives|that's|it's|was|about|around|roughly)\s+"
_OPERAND = re.compile(_SAYS + "$", re.IGNORECASE)
_SAID_OPERAND = re.compile(_SAYS + rf"(?:{_WORD})\b", re.IGNORECASE)
#: ``two of the cards``: a count of something named after it, left to the prose reader.
_OF = re.compile(r"\s+of\b", re.IGNORECASE)
#: What ``and a half`` and ``and a quarter`` add.
_PARTS = {"half": ".5", "quarter": ".25"}


def spoken(text: str) -> str:
    """``text`` with powers of ten said aloud, and numbers said in words, as digits, column for column."""
    lowered = text.lower()
    if " to the " in lowered:
        text = _POWER.sub(_power, text)
    if any(w in lowered for w in _TENS) or "point " in lowered or "hundred" in lowered or "thousand" in lowered \
            or " and a " in lowered or "illion" in lowered or _SAID_OPERAND.search(text):
        text = _RUN.sub(_number, text)
    if " e " in lowered:
        text = _SAID_EXPONENT.sub(_exponent, text)
    return text


def _exponent(m: re.Match[str]) -> str:
    words = m.group().lstrip()[2:].lower()
    sign = "-" if words.startswith("minus ") else ""
    value = _whole([w for w in re.split(r"[\s-]+", words.removeprefix("minus ")) if w])
    return m.group() if value is None else f"e{sign}{value}".ljust(len(m.group()))


def _power(m: re.Match[str]) -> str:
    sign = "-" if m.group("sign") else ""
    return f" × 10^{sign}{m.group('exp')}".ljust(len(m.group()))


def _number(m: re.Match[str]) -> str:
    """A run of number words as its digits, or the words unchanged when they are no one number (``one two``)."""
    said = m.group().lower()
    part = next((p for p in _PARTS if said.endswith(f" {p}")), None)
    if part is not None:  # "twelve and a quarter"
        said = re.sub(r"\s+and\s+an?\s+\w+$", "", said)
    whole, point, fraction = ("zero", " point ", said[6:]) if said.startswith("point ") else said.partition(" point ")
    words = [w for w in re.split(r"[\s-]+", whole.strip()) if w != "and"]
    value = _whole(words)
    value = _grouped(words) if value is None else value
    digits = [0 if w == "oh" else _UNITS.get(w) for w in fraction.split()]
    scaled = _SCALED.match(m.string, m.end()) is not None  # "thirty million": a number before its scale
    operand = _OPERAND.search(m.string, 0, m.start()) is not None and words != ["one"] \
        and _OF.match(m.string, m.end()) is None  # "over twenty is fifteen seconds"
    if value is None or any(d is None or d > 9 for d in digits) \
            or (len(words) == 1 and not point and not part and not scaled and not operand):
        return m.group()
    text = str(value) + ("." + "".join(str(d) for d in digits) if digits else _PARTS.get(part or "", ""))
    return text.ljust(len(m.group()))


def _grouped(words: list[str]) -> int | None:
    """Digits said in groups, as people say figures: ``one forty`` is 140, ``nine eighty-nine`` 989, ``eighty-one
    ninety-two`` 8192, ``one thirty-one oh seven two`` 131,072. None for words that are no such figure.

    >>> _grouped(["one", "forty"]), _grouped(["eighty", "one", "ninety", "two"]), _grouped(["two", "three"])
    (140, 8192, None)
    """
    if "thousand" in words and "hundred" not in words:  # "one thirty-one thousand and seventy-two"
        k = words.index("thousand")
        high = _grouped(words[:k])
        low = _whole(words[k + 1:]) if words[k + 1:] else 0
        return None if high is None or low is None or low >= 1000 else high * 1000 + low
    if len(words) < 2 or any(w in _SCALES for w in words):
        return None
    groups: list[str] = []
    for word in words:
        if word in _UNITS and groups and groups[-1].endswith("0") and len(groups[-1]) == 2 \
                and _UNITS[word] < 10 and groups[-1] != "10":
            groups[-1] = groups[-1][0] + str(_UNITS[word])  # "eighty one"
        elif word in _TENS or word in _UNITS and 10 <= _UNITS[word]:
            groups.append(str(_TENS.get(word, _UNITS.get(word))))
        else:
            groups.append("0" if word in ("oh", "zero") else str(_UNITS[word]))
    if not any(w in _TENS for w in words) or any(len(g) == 1 for g in groups[1:]) and len(groups) < 4:
        return None  # "two three", "ten twelve", "one forty two": small numbers in a list, not a figure
    return int("".join(groups))


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
