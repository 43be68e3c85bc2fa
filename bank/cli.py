"""The command line: parse options, call ``bank.*``, turn a BankError into a message.

Commands live in ``bank/commands/<area>.py`` and are imported only when
run (or when ``--help`` lists them), so ``bank --help`` never imports sympy.
Each command module exposes a click command named like the command.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util

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

#: One-line help for each command, so listing them needs no imports.
SUMMARIES = {
    "list": "List banks and questions.",
    "show": "Show one question for one variant.",
    "check": "Lint every bank and the glossary.",
    "grade": "Mark a learner's working line by line.",
    "quiz": "Practise at the terminal with spaced repetition.",
    "stats": "Show review history and what is due.",
    "build": "Build the static site.",
    "serve": "Preview the site, rebuilding on change.",
    "variants": "Make per-student variants, answer keys and exports.",
    "mark": "Mark a class's submitted working in bulk.",
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if _available(name)]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS or not _available(name):
            return None
        module, attr = COMMANDS[name].split(":")
        return getattr(importlib.import_module(module), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, SUMMARIES[name]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@functools.lru_cache(maxsize=None)
def _available(name: str) -> bool:
    """A command is listed once its module exists (areas land one by one)."""
    module = COMMANDS[name].split(":")[0]
    return importlib.util.find_spec(module) is not None


class BankGroup(LazyGroup):
    """Maps every :class:`BankError` to a clean message and its exit code."""

    def invoke(self, ctx: click.Context):
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
