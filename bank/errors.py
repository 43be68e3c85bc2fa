"""Errors that know how to show themselves.

Every error a user can meet derives from :class:`BankError`, carries an exit
code, and renders itself with :meth:`BankError.show`. The CLI prints that text
and exits; it never prints a traceback. A located error keeps its place as
fields (``path``, ``line``, ``col``, ``source``) and shows the source line with
a caret under the fault, as jinja's ``TemplateSyntaxError`` does.

Text from a file is shown with its control characters made visible, so a
question file cannot send escape sequences to the terminal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .formatting import counted


class BankError(Exception):
    """Base class for every error shown to a user.

    >>> BankError("no such question: `x`").show()
    'no such question: `x`'
    """

    exit_code = 1

    def show(self) -> str:
        return str(self)


class UsageError(BankError):
    """The command line asked for something impossible (exit code 2)."""

    exit_code = 2


class NotFound(BankError):
    """A question, bank, term or file named by the user does not exist."""


@dataclass(frozen=True, order=True)
class Problem:
    """One problem found in an author's file, with its location.

    ``line`` and ``col`` are 1-based (0 when the problem is the whole file);
    ``source`` is the text of that line when known.

    >>> p = Problem("questions/a/b.yaml", 12, 5, "unknown key `unti`", source="    unti: GB")
    >>> str(p)
    'questions/a/b.yaml:12:5: unknown key `unti`'
    >>> print(p.show())
    questions/a/b.yaml:12:5: unknown key `unti`
          unti: GB
          ^
    """

    path: str
    line: int
    col: int
    message: str
    severity: str = "error"
    source: str = field(default="", compare=False, repr=False)

    @property
    def is_error(self) -> bool:
        """An error stops a load or fails ``bank check``; a warning only informs."""
        return self.severity == "error"

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.col}" if self.line else self.path
        tag = "" if self.is_error else f"{self.severity}: "
        return visible(f"{where}: {tag}{self.message}")

    def show(self) -> str:
        """The one-line form, then the source line with a caret under the column."""
        if not (self.source and self.line and self.col):
            return str(self)
        return f"{self}\n{caret(self.source, self.col - 1, indent=2)}"

    def as_dict(self) -> dict:
        return {"path": self.path, "line": self.line, "col": self.col,
                "message": self.message, "severity": self.severity}


class ProblemsFound(BankError):
    """A bank failed to load or check; carries every problem, not just the first."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = sorted(problems)
        super().__init__(counted(len(self.problems), "problem"))

    def show(self) -> str:
        lines = [p.show() for p in self.problems]
        lines.append(counted(sum(p.is_error for p in self.problems), "error") + " found")
        return "\n".join(lines)


class NotationError(BankError):
    """Text that the notation parser cannot read, located by column.

    >>> print(NotationError("unexpected `)`", "2 + )", 4).show())
    2 + )
        ^
    unexpected `)` (column 5)
    """

    def __init__(self, message: str, text: str, offset: int, end: int | None = None):
        self.message = message
        self.text = text
        self.offset = max(0, min(offset, len(text)))
        self.end = self.offset + 1 if end is None else max(end, self.offset + 1)
        super().__init__(f"{message} (column {self.offset + 1})")

    @property
    def column(self) -> int:
        """1-based column of the fault."""
        return self.offset + 1

    def caret(self, width: int = 120) -> str:
        """The source line (clipped around the fault) with a caret under it."""
        return caret(self.text, self.offset, self.end, width)

    def show(self) -> str:
        return f"{self.caret()}\n{self}"


def caret(text: str, offset: int, end: int | None = None, width: int = 120, indent: int = 0) -> str:
    """A line of text (clipped to ``width`` around ``offset``) with carets under ``offset:end``.

    Tabs stay tabs under the caret, so it lines up in any terminal.

    >>> print(caret("rate: 2 +", 8))
    rate: 2 +
            ^
    """
    start = max(0, offset - width // 2)
    shown = visible(text[start:start + width])
    end = offset + 1 if end is None else max(end, offset + 1)
    marks = "^" * max(1, min(end - offset, len(shown) - (offset - start)))
    pad = "".join("\t" if c == "\t" else " " for c in shown[:offset - start])
    margin = " " * indent
    return f"{margin}{shown}\n{margin}{pad}{marks}"


_INVISIBLE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """Text safe for a terminal: control characters become visible, one column each.

    >>> visible("a\x1b]0;title\x07b")
    'a␛]0;title␇b'
    """
    return _INVISIBLE.sub(_picture, text)


def _picture(m: re.Match) -> str:
    code = ord(m.group())
    if code < 0x20:
        return chr(0x2400 + code)
    return "␡" if code == 0x7F else "�"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A ``did you mean`` hint for a near miss, or an empty string.

    >>> did_you_mean("unti", ["unit", "min", "max"])
    ' (did you mean `unit`?)'
    """
    import difflib  # only when a word is missing: keeps start-up light

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean `{close[0]}`?)" if close else ""
