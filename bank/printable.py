"""Text from learners, made safe to show on a terminal or in a file someone will ``cat``.

A learner's working (typed at the quiz, or handed in for ``bank mark``) may
hold terminal escape sequences, by accident (a paste from a coloured
terminal) or not (``ESC ] 0 ; title BEL`` renames the instructor's window;
``ESC [ 2 J`` clears it). :func:`printable` removes every ECMA-48 escape or
control sequence, every other C0 and C1 control character except the line
break and the tab, and the Unicode bidirectional overrides that can make a
line read differently from what it holds ("Trojan Source").

>>> printable("70 / 6 = 11.7\\x1b]0;pwned\\x07 s\\x1b[2J\\r\\n\\u202eok")
'70 / 6 = 11.7 s\\nok'
"""

from __future__ import annotations

import re

#: ESC-introduced sequences: CSI (``ESC [ … final``), OSC/DCS/SOS/PM/APC strings (up to BEL or ST),
#: and two-character escapes; then the same introducers as single C1 bytes.
_SEQUENCES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b[\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]?"
    r"|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
)

#: Any control character left (C0 but tab and line feed, DEL, C1) and the bidi embeddings, overrides, isolates.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` without escape sequences or control characters; line breaks become ``\\n``."""
    text = text.replace("\r\n", "\n")
    return _CONTROLS.sub("", _SEQUENCES.sub("", text))


__all__ = ["printable"]
