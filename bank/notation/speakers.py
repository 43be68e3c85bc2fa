"""Who is speaking, and where an email's signature begins: the parts of a pasted conversation that are not the
candidate's working.

A mock interview kept as a transcript opens each line with its speaker (``Interviewer: 8B params at 2 bytes
each``, ``Me: 2 × 8B = 16 GFLOP``); an answer sent by email quotes the question (``> A replica loads 70 GB``) and
ends with a signature after ``-- ``. The tags come from :data:`bank.vocabulary.INTERVIEWER_TAGS` and
:data:`~bank.vocabulary.CANDIDATE_TAGS`.

>>> speaker("Interviewer: and the card?"), speaker("Me: 989 / 3.35 = 295"), speaker("read: 70 / 6 = 11.7")
('interviewer', 'candidate', None)
>>> untagged("Me: = 516,096 bytes")
'    = 516,096 bytes'
"""

from __future__ import annotations

import re

from ..vocabulary import CANDIDATE_TAGS, INTERVIEWER_TAGS

#: A speaker's tag: one word and a colon opening the line (``Q:``, ``Candidate :``).
_TAG = re.compile(r"^\s*([A-Za-z]+)\s*:(?=\s|$)")
#: An email's signature separator (``-- ``, the trailing space often lost).
SIGNATURE = "--"


def speaker(text: str) -> str | None:
    """``"interviewer"`` or ``"candidate"`` when ``text`` opens with a speaker's tag, else None."""
    m = _TAG.match(text)
    word = m.group(1).lower() if m else ""
    return "interviewer" if word in INTERVIEWER_TAGS else "candidate" if word in CANDIDATE_TAGS else None


def untagged(text: str) -> str:
    """``text`` with a candidate's tag blanked, column for column: what they say is their working."""
    m = _TAG.match(text)
    return " " * m.end() + text[m.end():] if m and m.group(1).lower() in CANDIDATE_TAGS else text


def quoted(text: str) -> bool:
    """Whether ``text`` is a line quoted in an email reply (``> …``, ``>> …``; Python's ``>>>`` prompt is not).

    >>> quoted("> The replica runs on one card"), quoted(">>> 70 * 2"), quoted("70 > 60")
    (True, False, False)
    """
    stripped = text.lstrip()
    return stripped.startswith(">") and not stripped.startswith(">>>")
