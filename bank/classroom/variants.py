"""``bank variants`` as a library call: validate, assign, solve, render, then write.

:func:`build` does everything but write; :func:`run` also writes the files
and is what the command calls.

>>> from bank.classroom.variants import build, students_for
>>> export = build(["replica-boot-gap"], students_for(3, None), seed="spring", fmt="json")
>>> sorted(export.files)
['answer-key.json', 'manifest.csv']
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from ..errors import BankError, NotFound, UsageError
from ..formatting import counted
from ..model import Question
from . import formats
from .assign import Handout, assign
from .key import KeyRow, answer_key
from .progress import Progress, silent
from .roster import Student, numbered, read_roster

DEFAULT_SEED = "0"


@dataclass(frozen=True)
class Export:
    """A rendered export: the files (path -> bytes), the handout, the key rows, and where they went."""

    files: dict[str, bytes]
    handout: Handout
    rows: tuple[KeyRow, ...]
    out: str = ""
    written: tuple[Path, ...] = ()

    @property
    def warnings(self) -> list[str]:
        """Questions whose distinct variants ran out before the students did."""
        return [s.message() for s in self.handout.shortfalls]

    def summary(self) -> str:
        """One line for the instructor: who, what, and the files written."""
        h = self.handout
        return (f"{counted(len(h.students), 'student')} × {counted(len(h.questions), 'question')}, "
                f"class seed `{h.seed}`: wrote {counted(len(self.written), 'file')} to {self.out}/ "
                f"({', '.join(formats.summary(self.files))})")


def students_for(count: int | None, roster: str | None) -> tuple[Student, ...]:
    """The class: a roster file, else ``count`` numbered students (default one)."""
    if count is not None and roster is not None:
        raise UsageError("give either --count or --roster, not both")
    if roster is not None:
        return read_roster(roster)
    if count is not None and count < 1:
        raise UsageError("--count must be at least 1")
    return numbered(count or 1)


def select(ids: Sequence[str], questions: str | None = None) -> tuple[tuple[Question, ...], dict[str, str]]:
    """The questions named, checked up front (every problem at once), and the glossary names."""
    from ..load import load
    from ..render import glossary_names

    library = load(questions)
    if not ids:
        raise UsageError("name at least one question id (`bank list` shows them)")
    found, problems = [], []
    for qid in dict.fromkeys(ids):
        try:
            question = library.question(qid)
        except NotFound as exc:
            problems.append(str(exc))
            continue
        if question.worked is None:
            problems.append(f"`{qid}` has no worked answer, so it has no variants")
        found.append(question)
    if problems:
        raise BankError("\n".join(problems))
    return tuple(found), glossary_names(library)


def work(students: int, questions: int) -> int:
    """Units of progress a run reports: one per assignment drawn and one per key row solved."""
    return 2 * students * questions


def build(ids: Sequence[str], students: Sequence[Student], *, seed: str | None = None, fmt: str = formats.DEFAULT,
          questions: str | None = None, progress: Progress = silent) -> Export:
    """Gather and check everything, assign variants, solve the key and render ``fmt`` in memory."""
    if fmt not in formats.FORMATS:
        raise UsageError(f"unknown format `{fmt}`; choose from {', '.join(formats.FORMATS)}")
    chosen, names = select(ids, questions)
    with progress(work(len(students), len(chosen)), "Solving variants") as tick:
        handout = assign(chosen, students, seed if seed is not None else DEFAULT_SEED, tick)
        rows = answer_key(handout, names, tick)
    return Export(formats.render(fmt, handout, rows), handout, rows)


def run(ids: Sequence[str], *, count: int | None = None, roster: str | None = None, seed: str | None = None,
        fmt: str = formats.DEFAULT, out: str = formats.VARIANTS_OUT, questions: str | None = None,
        progress: Progress = silent) -> Export:
    """``bank variants``: the class, the export, and the files written under ``out``."""
    export = build(ids, students_for(count, roster), seed=seed, fmt=fmt, questions=questions, progress=progress)
    return replace(export, out=str(out), written=tuple(formats.write(out, export.files)))
