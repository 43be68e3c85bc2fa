"""``bank mark``: grade a class's submissions, each against the student's own variant.

The manifest (written by ``bank variants``) gives every student's seed per
question; ``variant(question, seed)`` rebuilds their numbers and
:func:`bank.grade.grade` marks the working line by line. Keep "I can't read
this" apart from "this is wrong": a submission that is missing, empty,
unreadable or undecodable scores 0 with its state in the ``submission``
column and a warning; a working that was read is scored by the grader.
The batch never stops early, and every row of the manifest gets a mark.

Outputs: ``marks.csv`` (``student, question, score, final, submission,
note``) and ``feedback/<student-id>.txt`` beside it, with the grader's
line-by-line verdicts for each question.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from . import manifest
from .key import shown
from .submissions import Submission, collect

Progress = Callable[[int], None]

COLUMNS = ("student", "question", "score", "final", "submission", "note")
FEEDBACK = "feedback"


@dataclass(frozen=True)
class Mark:
    """One row of marks.csv, with the grader's report when the working was graded."""

    student: str
    question: str
    seed: str
    score: float
    final: str
    submission: Submission
    state: str
    note: str = ""
    report: object | None = None


@dataclass
class Marking:
    """A marked class: one mark per manifest row, and every warning raised on the way."""

    marks: list[Mark]
    warnings: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """How many submissions are in each state (``ok``, ``missing``, …, ``error``)."""
        out: dict[str, int] = {}
        for m in self.marks:
            out[m.state] = out.get(m.state, 0) + 1
        return out

    def marks_csv(self) -> bytes:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(COLUMNS)
        for m in self.marks:
            writer.writerow([m.student, m.question, f"{m.score:.4f}", m.final, m.state, m.note])
        return buffer.getvalue().encode("utf-8")

    def feedback(self) -> dict[str, bytes]:
        """``feedback/<student-id>.txt`` for every student, in manifest order."""
        students = list(dict.fromkeys(m.student for m in self.marks))
        return {f"{FEEDBACK}/{s}.txt": feedback_text(s, [m for m in self.marks if m.student == s]).encode("utf-8")
                for s in students}


def mark(manifest_path: str | Path, folder: str | Path, questions: str | None = None,
         progress: Progress | None = None) -> Marking:
    """Mark every manifest row against the submissions in ``folder``."""
    from ..load import load

    entries = manifest.read(manifest_path)
    library = load(questions)
    wanted: dict[str, list[str]] = {}
    for e in entries:
        wanted.setdefault(e.student, []).append(e.question)
    submissions, warnings = collect(Path(folder), wanted)
    marking = Marking([], warnings)
    checker = _Expectations(library)
    for entry in entries:
        marking.marks.append(_mark_one(entry, submissions[(entry.student, entry.question)], checker))
        if progress:
            progress(1)
    marking.warnings += checker.summary()
    marking.warnings += [f"{m.student}/{m.question}: {m.state}: {m.note}" for m in marking.marks
                         if m.state != "ok"]
    return marking


def _mark_one(entry: manifest.Entry, submission: Submission, checker: _Expectations) -> Mark:
    base = dict(student=entry.student, question=entry.question, seed=entry.seed, submission=submission)
    if submission.state != "ok":
        return Mark(score=0.0, final="missing", state=submission.state, note=submission.note, **base)
    try:
        question, student_variant = checker.variant(entry)
        from ..grade import grade

        report = grade(question, student_variant, submission.text)
    except Exception as exc:  # noqa: BLE001 - one bad row must not stop the class being marked
        note = exc.show() if hasattr(exc, "show") else f"{type(exc).__name__}: {exc}"
        return Mark(score=0.0, final="missing", state="error", note=note.replace("\n", "; "), **base)
    return Mark(score=report.score, final=report.final.status, state="ok", report=report, **base)


class _Expectations:
    """Rebuilds variants from the manifest and notices when a question changed since it was written."""

    def __init__(self, library):
        self.library = library
        self.changed: dict[str, int] = {}

    def variant(self, entry: manifest.Entry):
        from ..solve import solve
        from ..variant import variant

        question = self.library.question(entry.question)
        drawn = variant(question, entry.seed)
        if entry.expected and shown(solve(question, drawn).result) != entry.expected:
            self.changed[entry.question] = self.changed.get(entry.question, 0) + 1
        return question, drawn

    def summary(self) -> list[str]:
        return [f"`{q}` changed since the manifest was written: {n} expected "
                f"answer{'s differ' if n != 1 else ' differs'}; marked against the question as it is now"
                for q, n in sorted(self.changed.items())]


def feedback_text(student: str, marks: Sequence[Mark]) -> str:
    """A student's feedback: per question, the score and the grader's line-by-line verdicts."""
    lines = [f"Feedback for {student}", "=" * len(f"Feedback for {student}"), ""]
    for m in marks:
        title = f"{m.question} (seed {m.seed}): score {m.score:.2f}"
        lines += [title, "-" * len(title)]
        if m.submission.source:
            lines.append(f"Marked from {m.submission.source}")
        if m.report is not None:
            lines += ["", m.report.as_text()]
        else:
            lines.append(f"Not marked ({m.state}): {m.note}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def write(marking: Marking, out: str | Path) -> list[Path]:
    """Write marks.csv to ``out`` and the feedback files in a ``feedback`` folder beside it."""
    from .formats import write as write_files

    target = Path(out)
    files = {target.name: marking.marks_csv(), **marking.feedback()}
    return write_files(target.parent, files)
