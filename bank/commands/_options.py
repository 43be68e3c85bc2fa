"""Options and helpers shared by every command module."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from ..model import Library

questions_option = click.option(
    "--questions", "questions", metavar="DIR", envvar="BANK_QUESTIONS",
    type=click.Path(file_okay=False, path_type=str), default=None,
    help="Folder of banks to use instead of the bundled one [env: BANK_QUESTIONS].")

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")

seed_option = click.option("--seed", metavar="S", default=None,
                           help="Variant seed (any text); omit for the default numbers.")


def echo_json(data: object) -> None:
    """Print JSON with stable key order and exact-looking numbers. Characters a terminal acts on (C1
    controls, bidi overrides) are written as ``\\u`` escapes, so the data is kept and the screen is safe."""
    import json  # only for --json: `bank list` starts faster without it
    import re

    text = json.dumps(data, indent=2, ensure_ascii=False)
    click.echo(re.sub("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]", lambda m: f"\\u{ord(m.group()):04x}", text))


def load_library(questions: str | None) -> Library:
    """Load the banks for a read-only command; files with problems are left out, with a warning.

    Authors working on one file can still list and show the others. ``bank check``
    and every command that writes output use the strict :func:`bank.load.load`.
    """
    from ..formatting import counted
    from ..load import gather

    library, problems = gather(questions, cached=True)
    errors = [p for p in problems if p.is_error]
    if errors:
        click.echo(f"warning: {counted(len(errors), 'problem')} in the questions folder; files with problems "
                   f"are left out (first: {errors[0]}). Run `bank check` for all of them.", err=True)
    return library
