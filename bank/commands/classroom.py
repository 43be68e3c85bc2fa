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
@click.option("--count", "-n", type=int, default=None, metavar="N", help="Number of anonymous students (s001, s002, …).")
@click.option("--roster", type=click.Path(dir_okay=False), default=None, metavar="CSV",
              help="Class list: a CSV with id and name columns (others ignored).")
@click.option("--seed", metavar="S", default=None, help="Class seed (any text); the same seed gives the same variants. [default: 0]")
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
