"""Markdown: a worksheet per student (``worksheets/<id>.md``) and a separate ``answer-key.md``.

The worksheet tells students how to hand in their working, in the layout
``bank mark`` reads (see :mod:`bank.classroom.mark`).
"""

from __future__ import annotations

import re
from itertools import groupby
from typing import Sequence

from ..formatting import counted
from .assign import Handout
from .key import KeyRow
from .roster import Student

KEY = "answer-key.md"
FOLDER = "worksheets"

_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|!])")


def escape(text: str) -> str:
    """Backslash-escape Markdown punctuation in plain text such as a student's name.

    >>> escape("A_B [C]")
    'A\\\\_B \\\\[C\\\\]'
    """
    return _SPECIAL.sub(r"\\\1", text)


def who(student: Student) -> str:
    return f"{escape(student.name)} ({student.id})" if student.name else student.id


def render(handout: Handout, rows: Sequence[KeyRow]) -> dict[str, bytes]:
    """One worksheet per student plus the answer key."""
    files = {}
    by_student = [(s, list(group)) for s, group in groupby(rows, key=lambda r: r.student)]
    for student, mine in by_student:
        files[f"{FOLDER}/{student.id}.md"] = worksheet(student, mine).encode("utf-8")
    files[KEY] = answer_key(handout, by_student).encode("utf-8")
    return files


def worksheet(student: Student, rows: Sequence[KeyRow]) -> str:
    """A student's worksheet: each problem with their numbers, and room to work."""
    lines = [f"# Worksheet: {who(student)}", "",
             "Show your working one step per line, the way you would on a whiteboard, for example",
             "`Read time: 70 GB / 6 GB/s = 11.7 s`. Finish with the final answer and its unit.", "",
             f"Hand in `{student.id}/<question-id>.txt` for each question, or a single `{student.id}.txt` "
             "with a line `## <question-id>` before each question's working.", ""]
    for i, row in enumerate(rows, 1):
        lines += [f"## {i}. {escape(row.question.title)}", "", f"Question id: `{row.question.id}`", "",
                  row.problem(), ""]
        if len(row.parts) > 1:
            lines += [f"Give {len(row.parts)} answers: {escape('; '.join(p.label for p in row.parts))}.", ""]
        lines += ["Working:", "", ""]
    return "\n".join(lines).rstrip() + "\n"


def answer_key(handout: Handout, by_student: Sequence[tuple[Student, list[KeyRow]]]) -> str:
    """Every student's worked answers, with their numbers and seeds."""
    count = len(handout.students)
    lines = ["# Answer key", "",
             f"Class seed `{handout.seed}`, {counted(count, 'student')}, "
             f"{counted(len(handout.questions), 'question')}.", ""]
    lines += [f"> Note: {s.message()}." for s in handout.shortfalls]
    lines += [""] if handout.shortfalls else []
    for student, rows in by_student:
        lines += [f"## {who(student)}", ""]
        for row in rows:
            lines += _key_entry(row)
    return "\n".join(lines).rstrip() + "\n"


def _key_entry(row: KeyRow) -> list[str]:
    shared = " (shares its numbers with another student)" if row.assignment.shared else ""
    lines = [f"### {escape(row.question.title)}", "",
             f"Question `{row.question.id}`, seed `{row.seed}`{shared}.", "", row.problem(), ""]
    lines += [f"{i}. {text}" for i, text in enumerate(row.working(), 1)]
    finals = row.final_lines()
    if len(finals) == 1:
        return lines + ["", f"**Final answer: {escape(finals[0])}**", ""]
    return lines + ["", "**Final answers:**", ""] + [f"- {escape(f)}" for f in finals] + [""]
