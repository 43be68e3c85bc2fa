"""Author commands: ``bank list``, ``bank show`` and ``bank check``."""

from __future__ import annotations

import click

from ._options import echo_json, json_option, load_library, questions_option, seed_option


@click.command("list")
@questions_option
@json_option
def list_cmd(questions: str | None, as_json: bool) -> None:
    """List banks and questions: id, bank, level, title, and whether it has a worked answer."""
    library = load_library(questions)
    rows = [{"id": q.id, "bank": q.bank, "level": q.level, "title": q.title, "worked": q.worked is not None}
            for q in library.questions()]
    if as_json:
        echo_json({"banks": [{"slug": b.slug, "title": b.title, "questions": len(b.questions)}
                             for b in library.banks], "questions": rows})
        return
    for bank in library.banks:
        click.echo(f"{bank.title} ({bank.slug}, {len(bank.questions)} questions)")
        width = max((len(q.id) for q in bank.questions), default=0)
        for q in bank.questions:
            mark = "worked" if q.worked else "prose "
            click.echo(f"  {q.id:<{width}}  {q.level:<7}  {mark}  {q.title}")
        click.echo()


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
        for problem in report.problems:
            click.echo(str(problem))
        summary = (f"{report.questions} questions, {report.terms} glossary terms, "
                   f"{report.variants} variants evaluated: ")
        errors = len(report.errors)
        click.echo(summary + ("no problems" if report.ok else f"{errors} error{'s' * (errors != 1)}"))
    raise SystemExit(0 if report.ok else 1)
