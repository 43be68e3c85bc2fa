"""``bank mark``: grade a class's submissions, each against the student's own variant.

The manifest (written by ``bank variants``) gives every student's seed per
question; ``variant(question, seed)`` rebuilds their numbers and
:func:`bank.grade.grade` marks the working line by line, with a verdict on
every answer part. Keep "I can't read this" apart from "this is wrong": a
submission that is missing, empty, unreadable or undecodable scores 0 with
its state in the ``submission`` column and a warning; a working that was
read is scored by the grader. The batch never stops early, and every
student's question gets a mark.

Outputs: ``marks.csv`` (:data:`COLUMNS`, spreadsheet-safe, one row per
student and question) and ``feedback/<student-id>.txt`` beside it, with the
grader's line-by-line verdicts for each question.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..formatting import counted
from ..model import Library, Question, Variant, Worked
from ..printable import printable
from ..quiz.parts import PartVerdict, correct_count, part_verdicts
from . import manifest, spreadsheet
from .formats import MARKS_OUT
from .progress import Progress, Tick, silent
from .submissions import Submission, collect

#: ``final`` is the grader's aggregate (correct only when every part is); ``parts_correct`` of
#: ``parts_total`` are right, and ``parts`` names each part's verdict in the order the problem asks.
COLUMNS = ("student", "question", "score", "final", "parts_correct", "parts_total", "parts", "submission", "note")
FEEDBACK = "feedback"

#: One marking is worth this many units of progress (grading costs more than drawing a variant).
MARK_WEIGHT = 8


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
    report: Any = None
    parts: tuple[PartVerdict, ...] = ()
    total_parts: int = 1

    def row(self) -> list[object]:
        """The marks.csv cells, in :data:`COLUMNS` order."""
        named = "; ".join(f"{v.label}: {v.status}" for v in self.parts)
        return [self.student, self.question, f"{self.score:.4f}", self.final, correct_count(self.parts),
                self.total_parts, named, self.state, self.note]


@dataclass
class Marking:
    """A marked class: one mark per student's question, every warning raised, and the files written."""

    marks: list[Mark]
    warnings: list[str] = field(default_factory=list)
    out: str = ""
    written: list[Path] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """How many submissions are in each state (``ok``, ``missing``, …, ``error``)."""
        out: dict[str, int] = {}
        for m in self.marks:
            out[m.state] = out.get(m.state, 0) + 1
        return out

    def mean(self) -> float:
        """The mean score over every mark (a submission that was not marked counts 0)."""
        return sum(m.score for m in self.marks) / len(self.marks) if self.marks else 0.0

    def summary(self) -> str:
        """One line for the instructor: how many, the mean, what went wrong, what was written."""
        problems = ", ".join(f"{n} {state}" for state, n in sorted(self.counts().items()) if state != "ok")
        students = len({m.student for m in self.marks})
        feedback = counted(max(len(self.written) - 1, 0), "feedback file")
        return (f"Marked {counted(len(self.marks), 'submission')} from {counted(students, 'student')}: "
                f"mean score {self.mean():.2f}" + (f"; {problems}" if problems else "")
                + f". Wrote {self.out} and {feedback}.")

    def marks_csv(self) -> bytes:
        return spreadsheet.write(COLUMNS, (m.row() for m in self.marks))

    def feedback(self) -> dict[str, bytes]:
        """``feedback/<student-id>.txt`` for every student, in manifest order."""
        students = list(dict.fromkeys(m.student for m in self.marks))
        return {f"{FEEDBACK}/{s}.txt": feedback_text(s, [m for m in self.marks if m.student == s]).encode("utf-8")
                for s in students}


def run(manifest_path: str | Path, folder: str | Path, out: str | Path = MARKS_OUT,
        questions: str | None = None, progress: Progress = silent) -> Marking:
    """``bank mark``: mark the class, then write marks.csv and the feedback files."""
    marking = mark(manifest_path, folder, questions, progress)
    marking.written = write(marking, out)
    marking.out = str(out)
    return marking


def mark(manifest_path: str | Path, folder: str | Path, questions: str | None = None,
         progress: Progress = silent) -> Marking:
    """Mark every manifest entry against the submissions in ``folder`` (nothing is written)."""
    from ..load import load

    entries = manifest.read(manifest_path)
    library = load(questions)
    wanted: dict[str, list[str]] = {}
    for e in entries:
        wanted.setdefault(e.student, []).append(e.question)
    submissions, warnings = collect(Path(folder), wanted)
    marking = Marking([], warnings)
    checker = _Expectations(library)
    with progress(len(entries) * MARK_WEIGHT, "Marking") as tick:
        for entry in entries:
            marking.marks.append(_mark_one(entry, submissions[(entry.student, entry.question)], checker))
            _tick(tick)
    marking.warnings += checker.summary()
    marking.warnings += [f"{m.student}/{m.question}: {m.state}: {m.note}" for m in marking.marks
                         if m.state != "ok"]
    return marking


def _tick(tick: Tick | None) -> None:
    if tick:
        tick(MARK_WEIGHT)


def _mark_one(entry: manifest.Entry, submission: Submission, checker: _Expectations) -> Mark:
    parts = max(len(entry.expected), 1)
    if submission.state != "ok":
        return Mark(entry.student, entry.question, entry.seed, 0.0, "missing", submission, submission.state,
                    submission.note, total_parts=parts)
    try:
        question, worked, student_variant = checker.variant(entry)
        from ..grade import grade

        report = grade(question, student_variant, submission.text)
        verdicts = part_verdicts(report, worked)
    except Exception as exc:  # noqa: BLE001 - one bad row must not stop the class being marked
        note = exc.show() if hasattr(exc, "show") else f"{type(exc).__name__}: {exc}"
        return Mark(entry.student, entry.question, entry.seed, 0.0, "missing", submission, "error",
                    printable(note).replace("\n", "; "), total_parts=parts)
    return Mark(entry.student, entry.question, entry.seed, float(report.score), str(report.final.status),
                submission, "ok", report=report, parts=verdicts, total_parts=len(worked.parts))


class _Expectations:
    """Rebuilds variants from the manifest and notices when a question changed since it was written."""

    def __init__(self, library: Library):
        self.library = library
        self.changed: dict[str, int] = {}

    def variant(self, entry: manifest.Entry) -> tuple[Question, Worked, Variant]:
        """The question, its worked answer and the student's variant; counts a changed expected answer."""
        from ..render import answer_parts
        from ..solve import solve
        from ..variant import variant

        question = self.library.question(entry.question)
        worked = question.worked
        if worked is None:
            raise ValueError(f"`{entry.question}` has no worked answer to mark")
        drawn = variant(question, entry.seed)
        now = {p.name: p.text for p in answer_parts(solve(question, drawn))}
        was = {e.part or worked.parts[0]: e.text for e in entry.expected if e.text}
        if was and (set(was) != set(now) or any(now[name] != text for name, text in was.items())):
            self.changed[entry.question] = self.changed.get(entry.question, 0) + 1
        return question, worked, drawn

    def summary(self) -> list[str]:
        return [f"`{q}` changed since the manifest was written: {n} expected "
                f"answer{'s differ' if n != 1 else ' differs'}; marked against the question as it is now"
                for q, n in sorted(self.changed.items())]


def feedback_text(student: str, marks: Sequence[Mark]) -> str:
    """A student's feedback: per question, the score, each part's verdict and the line-by-line marking."""
    lines = [f"Feedback for {student}", "=" * len(f"Feedback for {student}"), ""]
    for m in marks:
        title = f"{m.question} (seed {m.seed}): score {m.score:.2f}"
        lines += [title, "-" * len(title)]
        if m.submission.source:
            lines.append(f"Marked from {m.submission.source}")
        if m.report is not None:
            lines += ["", m.report.as_text()]  # its answers, part by part
        else:
            lines.append(f"Not marked ({m.state}): {m.note}")
        lines.append("")
    return printable("\n".join(lines).rstrip() + "\n")



def write(marking: Marking, out: str | Path) -> list[Path]:
    """Write marks.csv to ``out`` and the feedback files in a ``feedback`` folder beside it."""
    from .formats import write as write_files

    target = Path(out)
    files = {target.name: marking.marks_csv(), **marking.feedback()}
    return write_files(target.parent, files)
