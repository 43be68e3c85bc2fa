"""Where in a file a value came from: a field path (and a place in its text) -> ``path:line:col``.

The loader keeps, for every question and term, the line and column of each
value (``marks``). :class:`Locator` turns a field path such as
``("steps", 0, "expr")``, plus an offset into a one-line field or a piece of
text to find in a prose block, into a :class:`~bank.errors.Problem` that
carries its source line. ``bank check`` and the site both locate with it.

>>> from bank.model import Question
>>> q = Question("q", "demo", "core", "T", "", "", marks={("title",): (3, 8, None, 0)})
>>> Locator(q).problem(("title",), "too short", offset=2)
Problem(path='', line=3, col=10, message='too short', severity='error')
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from ._files import Unreadable, read_regular
from .errors import Problem
from .model import Question, Term


class Locator:
    """Turns a field path (and a position within the field's text) into ``path:line:col``."""

    def __init__(self, owner: Question | Term, prefix: tuple = ()):
        self.owner, self.prefix = owner, prefix

    def problem(self, where: tuple, message: str, offset: int | None = None, needle: str | None = None,
                severity: str = "error", within: int = 0) -> Problem:
        """Locate by ``offset`` into a one-line field, or by the ``needle`` text inside a prose block
        (``within`` columns into the needle, when it is found)."""
        line, col, style, _ = self._mark(self.prefix + tuple(where))
        lines = source_lines(self.owner.path)
        if needle is not None:
            found = self._find(lines, needle, line, col)
            if found:
                line, col = found[0], found[1] + within
        elif offset is not None:
            col += offset + (1 if style in ("'", '"') else 0)
        source = lines[line - 1] if 0 < line <= len(lines) else ""
        return Problem(self.owner.path, line, col, message, severity, source)

    def in_template(self, where: tuple, template: str, message: str, offset: int | None) -> Problem:
        """Locate a fault at ``offset`` in a prose template (None: the template's first line)."""
        from .text import tag_at

        if offset is None:
            first = next((s.strip() for s in template.splitlines() if s.strip()), "")
            return self.problem(where, message, needle=first[:30] or None)
        tag, within = tag_at(template, offset)
        return self.problem(where, message, needle=tag, within=within)

    def _mark(self, where: tuple) -> tuple:
        marks = self.owner.marks
        while where and where not in marks:
            where = where[:-1]
        return marks.get(where, (1, 1, None, 0))

    @staticmethod
    def _find(lines: list[str], needle: str, line: int, col: int) -> tuple[int, int] | None:
        """The first place at or after (line, col) where ``needle`` appears in the file."""
        for number in range(line, len(lines) + 1):
            start = col - 1 if number == line else 0
            found = lines[number - 1].find(needle, start)
            if found >= 0:
                return number, found + 1
        return None


def source_lines(path: str) -> list[str]:
    """The lines of an author's file, read as the loader reads it (a regular file, bounded), or []."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return []
    return _lines(path, st.st_size, st.st_mtime_ns)


@functools.lru_cache(maxsize=16)
def _lines(path: str, size: int, mtime_ns: int) -> list[str]:
    """Read once per version of the file: a check may locate many problems in one file."""
    try:
        return read_regular(Path(path)).decode("utf-8-sig", "replace").splitlines()
    except Unreadable:
        return []


__all__ = ["Locator", "source_lines"]
