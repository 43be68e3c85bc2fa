"""The command line: parse options, call ``bank.*``, turn a BankError into a message.

Commands live in ``bank/commands/<area>.py`` and are imported only when run
(or when ``--help`` lists them, with the first line of each command's own
docstring). Those modules import the library inside each command, so neither
``bank --help`` nor ``bank list`` imports sympy, YAML or the schema validator.
"""

from __future__ import annotations

import functools
import importlib
import re
from typing import Any

import click

from .errors import BankError

#: command name -> "module:attribute", in the order ``--help`` lists them.
COMMANDS = {
    "list": "bank.commands.author:list_cmd",
    "show": "bank.commands.author:show",
    "check": "bank.commands.author:check",
    "grade": "bank.commands.grade:grade",
    "quiz": "bank.commands.quiz:quiz",
    "stats": "bank.commands.quiz:stats",
    "build": "bank.commands.site:build",
    "serve": "bank.commands.site:serve",
    "variants": "bank.commands.classroom:variants",
    "mark": "bank.commands.classroom:mark",
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use; a command whose module is absent is not listed."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if command(name) is not None]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return command(name) if name in COMMANDS else None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command with its ``short_help``, else its docstring's first clause."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names), default=0)
        rows = []
        for name in names:
            cmd = command(name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.short_help or summary(cmd.help or "", limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def summary(text: str, limit: int = 60) -> str:
    """A docstring's first clause, to list a command in ``bank --help``.

    >>> summary("List banks and questions: id, bank, level and title.")
    'List banks and questions.'
    """
    clause = re.split(r"[:;]\s|\.(?:\s|$)", text.strip(), maxsplit=1)[0].strip() + "."
    if len(clause) <= limit:
        return clause
    return clause[:limit - 3].rsplit(" ", 1)[0].rstrip(",;") + "..."


@functools.lru_cache(maxsize=None)
def command(name: str) -> click.Command | None:
    """The click command for ``name``, or None while its area has not landed."""
    module, attr = COMMANDS[name].split(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except ModuleNotFoundError as exc:
        if exc.name != module:  # the module exists but something it imports does not: a real error
            raise
        return None


class BankGroup(LazyGroup):
    """Maps every :class:`BankError` to a clean message and its exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BankError as exc:
            click.echo(exc.show(), err=True)
            ctx.exit(exc.exit_code)
        except KeyboardInterrupt:  # click would say "Aborted!" and exit 1
            click.echo("\ninterrupted", err=True)
            ctx.exit(130)


@click.group(cls=BankGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--questions", metavar="DIR", default=None,
              help="Folder of banks for every command (same as the command's own --questions).")
@click.version_option(package_name="bank")
@click.pass_context
def cli(ctx: click.Context, questions: str | None) -> None:
    """Interview practice question banks, with a grader that marks working line by line."""
    if questions:  # `bank --questions DIR show ID` means the same as `bank show ID --questions DIR`
        ctx.default_map = {name: {"questions": questions} for name in COMMANDS}


def main() -> None:
    """Console entry point."""
    cli.main(prog_name="bank")
