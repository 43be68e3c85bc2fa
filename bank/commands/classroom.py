"""Instructor commands: ``bank variants`` and ``bank mark``."""

from __future__ import annotations

import contextlib
import sys

import click

from ._options import questions_option

#: Runs with at least this many units of work show a progress bar.
PROGRESS_FROM = 400

FORMAT_NAMES = ("md", "html", "json", "csv", "moodle", "gift", "anki")


@contextlib.contextmanager
def progress_bar(total: int, label: str):
    """A progress callback: a bar on stderr for large runs, nothing for small ones."""
    if total < PROGRESS_FROM:
        yield None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        yield bar.update


@click.command()
@click.argument("ids", nargs=-1, metavar="ID...")
@click.option("--count", "-n", type=int, default=None, metavar="N",
              help="Number of anonymous students (s001, s002, …).")
@click.option("--roster", type=click.Path(dir_okay=False), default=None, metavar="CSV",
              help="Class list: a CSV with id and name columns (others ignored).")
@click.option("--seed", metavar="S", default=None,
              help="Class seed (any text); the same seed gives the same variants. [default: 0]")
@click.option("--format", "fmt", type=click.Choice(FORMAT_NAMES), default="md", show_default=True,
              help="What to write besides manifest.csv.")
@click.option("--out", "out", type=click.Path(file_okay=False), default="variants", show_default=True, metavar="DIR",
              help="Folder to write into.")
@questions_option
def variants(ids, count, roster, seed, fmt, out, questions) -> None:
    """Give each student their own variant of questions ID..., with an answer key and exports.

    Writes DIR/manifest.csv (student, question, seed, expected answer) for
    `bank mark`, and the chosen format: md (worksheets/ and answer-key.md),
    html (worksheets.html and answer-key.html), json or csv (the full answer
    key), moodle (calculated questions), gift (numerical questions) or anki
    (deck.apkg).
    """
    from ..classroom import formats
    from ..classroom.variants import build, students_for, work

    students = students_for(count, roster)
    with progress_bar(work(len(students), len(set(ids))), "Solving variants") as tick:
        export = build(ids, students, seed=seed, fmt=fmt, questions=questions, progress=tick)
    for shortfall in export.handout.shortfalls:
        click.echo(f"warning: {shortfall.message()}", err=True)
    written = formats.write(out, export.files)
    handout = export.handout
    click.echo(f"{plural(len(handout.students), 'student')} × {plural(len(handout.questions), 'question')}, "
               f"class seed `{handout.seed}`: wrote {plural(len(written), 'file')} to {out}/ "
               f"({', '.join(_summary(export.files))})")


def plural(n: int, word: str) -> str:
    """``plural(1, "file") == "1 file"``, ``plural(2, "file") == "2 files"``."""
    return f"{n} {word}{'s' * (n != 1)}"


def _summary(files) -> list[str]:
    """Top-level names written: files, and folders with a trailing slash."""
    return sorted({name.split("/")[0] + ("/" if "/" in name else "") for name in files})


@click.command()
@click.option("--manifest", "manifest_path", required=True, type=click.Path(dir_okay=False), metavar="CSV",
              help="The manifest.csv that `bank variants` wrote.")
@click.argument("submissions", metavar="SUBMISSIONS_DIR", type=click.Path(exists=True, file_okay=False))
@click.option("--out", "out", type=click.Path(dir_okay=False), default="marks.csv", show_default=True,
              metavar="CSV", help="Where to write the marks; feedback/ goes beside it.")
@questions_option
def mark(manifest_path, submissions, out, questions) -> None:
    """Mark every student's working in SUBMISSIONS_DIR against their own variant.

    Each student hands in <student-id>/<question-id>.txt per question, or one
    <student-id>.txt with a line `## <question-id>` before each question's
    working. Writes marks.csv (student, question, score, final, submission,
    note) and feedback/<student-id>.txt with line-by-line verdicts. Missing,
    empty, unreadable and undecodable submissions are recorded as such, with a
    warning; the batch always finishes.
    """
    from ..classroom import manifest
    from ..classroom.mark import mark as run_mark
    from ..classroom.mark import write

    rows = len(manifest.read(manifest_path))
    with progress_bar(rows * MARK_WEIGHT, "Marking") as tick:
        step = (lambda n: tick(n * MARK_WEIGHT)) if tick else None
        marking = run_mark(manifest_path, submissions, questions, progress=step)
    for warning in marking.warnings:
        click.echo(f"warning: {warning}", err=True)
    written = write(marking, out)
    counts = marking.counts()
    graded = [m.score for m in marking.marks]
    mean = sum(graded) / len(graded) if graded else 0.0
    problems = ", ".join(f"{n} {state}" for state, n in sorted(counts.items()) if state != "ok")
    students = len({m.student for m in marking.marks})
    click.echo(f"Marked {plural(len(marking.marks), 'submission')} from {plural(students, 'student')}: "
               f"mean score {mean:.2f}" + (f"; {problems}" if problems else "") +
               f". Wrote {out} and {plural(len(written) - 1, 'feedback file')}.")


#: One marking is worth this many units of progress (grading costs more than drawing a variant).
MARK_WEIGHT = 8
