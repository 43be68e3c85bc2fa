"""Author commands: ``bank list``, ``bank show`` and ``bank check``."""

from __future__ import annotations

import click

from ._options import echo_json, json_option, load_library, questions_option, seed_option


@click.command("list")
@questions_option
@json_option
def list_cmd(questions: str | None, as_json: bool) -> None:
    """List banks and questions: id, bank, level, title, and whether it has a worked answer."""
    from .. import listing

    library = load_library(questions)
    if as_json:
        echo_json(listing.as_dict(library))
    else:
        click.echo(listing.as_text(library), nl=False)


@click.command()
@click.argument("question_id", metavar="ID")
@seed_option
@questions_option
@json_option
def show(question_id: str, seed: str | None, questions: str | None, as_json: bool) -> None:
    """Show question ID for one variant: problem, worked steps, result and answer."""
    from ..render import present

    view = present(load_library(questions), question_id, seed)
    if as_json:
        echo_json(view.as_dict())
    else:
        click.echo(view.as_text())


@click.command()
@click.option("--variants", "-n", default=200, show_default=True, metavar="N",
              type=click.IntRange(0, 100_000), help="Seeded variants to evaluate per question.")
@questions_option
@json_option
def check(variants: int, questions: str | None, as_json: bool) -> None:
    """Lint every bank and the glossary; print each problem as path:line:col: message."""
    from ..check import check as run_check

    report = run_check(questions, variants)
    if as_json:
        echo_json(report.as_dict())
    else:
        click.echo(report.as_text())
    raise SystemExit(0 if report.ok else 1)
