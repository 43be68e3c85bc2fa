"""Practice commands: ``bank quiz`` and ``bank stats``."""

from __future__ import annotations

import click

from ..model import LEVELS
from ..quiz.schedule import DEFAULT_COUNT
from ._options import echo_json, json_option, questions_option

db_option = click.option(
    "--db", metavar="PATH", envvar="BANK_DB", type=click.Path(dir_okay=False, path_type=str), default=None,
    help="History database [env: BANK_DB; default: history.sqlite3 in your user data folder].")


@click.command()
@click.option("--bank", "bank_slug", metavar="SLUG", help="Only questions from this bank.")
@click.option("--level", type=click.Choice(LEVELS), help="Only questions of this level.")
@click.option("--tag", "tags", metavar="T", multiple=True, help="Only questions with this tag (repeatable).")
@click.option("-n", "count", type=click.IntRange(1, 1000), default=DEFAULT_COUNT, show_default=True, metavar="COUNT",
              help="Ask at most COUNT questions.")
@click.option("--seed", metavar="S", default=None,
              help="Variant seed (any text): the same numbers every time. Omit for fresh numbers.")
@click.option("--new", "mode", flag_value="new", help="Only questions you have never reviewed.")
@click.option("--due", "mode", flag_value="due",
              help="Due questions first, soonest first, then new ones; nothing not yet due.")
@db_option
@questions_option
def quiz(bank_slug: str | None, level: str | None, tags: tuple[str, ...], count: int, seed: str | None,
         mode: str | None, db: str | None, questions: str | None) -> None:
    """Practise at the terminal: fresh numbers, each line of working marked as you type it,
    and questions brought back on a spaced-repetition schedule.

    At any prompt: `?` for a hint, `show` to reveal the answer, `skip`, `quit`.
    """
    from ..quiz.run import Filters, practise

    try:
        practise(questions, Filters(bank_slug, level, tuple(tags)), count, seed, mode, db)
    except KeyboardInterrupt:  # the summary is shown and every rating is saved: leave quietly
        raise SystemExit(130) from None


@click.command()
@json_option
@db_option
@questions_option
def stats(as_json: bool, db: str | None, questions: str | None) -> None:
    """Reviews and average score per bank, level and tag; what falls due this week; streak; retention."""
    from ..quiz.run import statistics

    figures = statistics(db, questions=questions)
    if as_json:
        echo_json(figures.as_dict())
        return
    from ..quiz.terminal import show_stats

    show_stats(figures)
