"""``bank grade``: mark a learner's working, line by line."""

from __future__ import annotations

import click

from ._options import echo_json, json_option, questions_option, seed_option


@click.command()
@click.argument("question_id", metavar="ID")
@click.argument("file", metavar="[FILE]", required=False, default="-",
                type=click.Path(dir_okay=True, allow_dash=True))
@seed_option
@click.option("--param", "params", metavar="NAME=VALUE", multiple=True,
              help="Pin a param (repeatable), e.g. --param weights=70.")
@questions_option
@json_option
def grade(question_id: str, file: str, seed: str | None, params: tuple[str, ...], questions: str | None,
          as_json: bool) -> None:
    """Mark the working in FILE (or stdin) for question ID, one line per step.

    With no --seed and no --param, the default variant (the source page's numbers).
    Exit status: 0 when graded, 1 when the question, variant or input cannot be found or read.
    """
    from ..grade.pins import grade_pinned
    from ..grade.working import read_working
    from ..load import load

    question = load(questions, cached=True).question(question_id)  # no author errors to locate: the cache serves
    report = grade_pinned(question, read_working(file), seed, params)
    if as_json:
        echo_json(report.as_dict())
    else:
        click.echo(report.as_text())
