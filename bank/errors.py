"""Errors that know how to show themselves.

Every error a user can meet derives from :class:`BankError`, carries an exit
code, and renders itself with :meth:`BankError.show`. The CLI prints that text
and exits; it never prints a traceback.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Iterable, Sequence


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

    >>> str(Problem("questions/a/b.yaml", 12, 7, "unknown key `unti`"))
    'questions/a/b.yaml:12:7: unknown key `unti`'
    """

    path: str
    line: int
    col: int
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.col}" if self.line else self.path
        tag = "" if self.severity == "error" else f"{self.severity}: "
        return f"{where}: {tag}{self.message}"

    def as_dict(self) -> dict:
        return {"path": self.path, "line": self.line, "col": self.col,
                "message": self.message, "severity": self.severity}


class ProblemsFound(BankError):
    """A bank failed to load or check; carries every problem, not just the first."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = sorted(problems)
        super().__init__(f"{len(self.problems)} problem(s)")

    def show(self) -> str:
        count = sum(p.severity == "error" for p in self.problems)
        lines = [str(p) for p in self.problems]
        lines.append(f"{count} error{'s' if count != 1 else ''} found")
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
        start = max(0, self.offset - width // 2)
        shown = self.text[start:start + width]
        marks = "^" * max(1, min(self.end - self.offset, len(shown) - (self.offset - start)))
        return f"{shown}\n{' ' * (self.offset - start)}{marks}"

    def show(self) -> str:
        return f"{self.caret()}\n{self}"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A ``did you mean`` hint for a near miss, or an empty string.

    >>> did_you_mean("unti", ["unit", "min", "max"])
    ' (did you mean `unit`?)'
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean `{close[0]}`?)" if close else ""
