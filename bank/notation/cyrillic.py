"""Russian in a working: the scale words and unit symbols written in Cyrillic (``30 млн``, ``70 млрд``, ``35 ГБ``,
``17,5 мс``, ``$/ч``) as their Latin forms, padded to the same length, column for column. Only after a number or a
``/``: ``с`` is also "with", and ``Б`` a letter of words.

>>> cyrillic("20 000 × 1500 = 30 млн"), cyrillic("7,86 ГБ / 450 = 17,5 мс"), cyrillic("$2,50/ч")
('20 000 × 1500 = 30 mn ', '7,86 GB / 450 = 17,5 ms', '$2,50/h')
"""

from __future__ import annotations

import re

#: Cyrillic spellings, longest first, and the Latin forms the notation reads.
_LATIN = {"млрд": "Mrd", "трлн": "tn", "млн": "mn", "тыс": "k", "ГБ": "GB", "МБ": "MB", "ТБ": "TB", "КБ": "KB",
          "Гб": "Gb", "мс": "ms", "мин": "min", "ток": "tok", "Б": "B", "с": "s", "ч": "h"}
_WORD = re.compile(r"(?:(?<=\d)|(?<=\d )|(?<=/))(%s)(?![А-Яа-яЁё])"
                   % "|".join(sorted(_LATIN, key=len, reverse=True)))


def cyrillic(text: str) -> str:
    """``text`` with Cyrillic scale words and unit symbols after numbers in their Latin forms."""
    if text.isascii() or not re.search("[А-Яа-яЁё]", text):
        return text
    return _WORD.sub(lambda m: _LATIN[m[1]].ljust(len(m[1])), text)
