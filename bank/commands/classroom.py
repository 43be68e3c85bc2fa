"""Instructor commands: ``bank variants`` and ``bank mark``.

Each parses its options, calls :mod:`bank.classroom`, and prints what the
library reports (warnings, then its one-line summary).
"""

from __future__ import annotations

import contextlib
import sys
from typing import Iterable, Iterator

import click

from ..classroom import formats
from ._options import questions_option

#: Runs with at least this many units of work show a progress bar.
PROGRESS_FROM = 400


@contextlib.contextmanager
def progress_bar(total: int, label: str) -> Iterator:
    """A progress callback: a bar on stderr for large runs, nothing for small ones."""
    if total < PROGRESS_FROM:
        yield None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        yield bar.update


def _warn(warnings: Iterable[str]) -> None:
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)


@click.command()
@click.argument("ids", nargs=-1, metavar="ID...")
@click.option("--count", "-n", type=int, default=None, metavar="N",
              help="Number of anonymous students (s001, s002, …).")
@click.option("--roster", type=click.Path(dir_okay=False), default=None, metavar="CSV",
              help="Class list: a CSV with id and name columns (others ignored).")
@click.option("--seed", metavar="S", default=None,
              help="Class seed (any text); the same seed gives the same variants. [default: 0]")
@click.option("--format", "fmt", type=click.Choice(list(formats.FORMATS)), default=formats.DEFAULT,
              show_default=True, help=f"What to write besides manifest.csv: {formats.describe()}.")
@click.option("--out", "out", type=click.Path(file_okay=False), default=formats.VARIANTS_OUT, show_default=True,
              metavar="DIR",
              help="Folder to write into.")
@questions_option
def variants(ids: tuple[str, ...], count: int | None, roster: str | None, seed: str | None, fmt: str, out: str,
             questions: str | None) -> None:
    """Give each student their own variant of questions ID..., with an answer key and exports.

    Writes DIR/manifest.csv (student, question, part, seed, expected answer)
    for `bank mark`, and the chosen --format.
    """
    from ..classroom.variants import run

    export = run(ids, count=count, roster=roster, seed=seed, fmt=fmt, out=out, questions=questions,
                 progress=progress_bar)
    _warn(export.warnings)
    click.echo(export.summary())


@click.command()
@click.option("--manifest", "manifest_path", required=True, type=click.Path(dir_okay=False), metavar="CSV",
              help="The manifest.csv that `bank variants` wrote.")
@click.argument("submissions", metavar="SUBMISSIONS_DIR", type=click.Path(exists=True, file_okay=False))
@click.option("--out", "out", type=click.Path(dir_okay=False), default=formats.MARKS_OUT, show_default=True,
              metavar="CSV", help="Where to write the marks; feedback/ goes beside it.")
@questions_option
def mark(manifest_path: str, submissions: str, out: str, questions: str | None) -> None:
    """Mark every student's working in SUBMISSIONS_DIR against their own variant.

    Each student hands in <student-id>/<question-id>.txt per question, or one
    <student-id>.txt with a line `## <question-id>` before each question's
    working. Writes marks.csv (a row per student and question: score, final,
    each answer part's verdict, submission state, note) and
    feedback/<student-id>.txt with line-by-line verdicts. Missing, empty,
    unreadable and undecodable submissions are recorded as such, with a
    warning; the batch always finishes.
    """
    from ..classroom.mark import run

    marking = run(manifest_path, submissions, out, questions, progress=progress_bar)
    _warn(marking.warnings)
    click.echo(marking.summary())
