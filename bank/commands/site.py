"""Site commands: ``bank build`` and ``bank serve``."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ._options import questions_option

variants_option = click.option("--variants", "-k", "variants", default=20, show_default=True, metavar="K",
                               type=click.IntRange(1, 1000),
                               help="Variants precomputed per worked question for practice.")
out_option = click.option("--out", "out", default="site", show_default=True, metavar="DIR",
                          type=click.Path(path_type=Path), help="Output folder (replaced on every build).")
pyodide_option = click.option("--pyodide", "pyodide", default=None, metavar="DIR",
                               type=click.Path(file_okay=False, path_type=Path),
                               help="The npm `pyodide` package folder, for marking working in the browser "
                                    "[default: $BANK_PYODIDE, else ./node_modules/pyodide if present].")
base_url_option = click.option("--base-url", "base_url", default=None, metavar="URL",
                               help="Where the site will be published; writes sitemap.xml.")


@click.command()
@out_option
@base_url_option
@variants_option
@pyodide_option
@questions_option
@click.option("--progress/--no-progress", default=None, help="Show a progress bar [default: on a terminal].")
def build(out: Path, base_url: str | None, variants: int, pyodide: Path | None, questions: str | None,
          progress: bool | None) -> None:
    """Build the static site: banks, question pages with practice, glossary, search."""
    from ..site import build as run_build
    from ..site.progress import RichProgress

    _check_base_url(base_url)
    enabled = sys.stderr.isatty() if progress is None else progress
    with RichProgress(enabled) as bar:
        report = run_build(questions, out, base_url, variants, bar, pyodide=pyodide)
    click.echo(report.summary())
    for warning in report.warnings:
        click.echo(warning, err=True)


@click.command()
@click.option("--port", "-p", default=8000, show_default=True, metavar="P", type=click.IntRange(0, 65535),
              help="Port on 127.0.0.1 (0 picks a free one).")
@out_option
@variants_option
@pyodide_option
@questions_option
def serve(port: int, out: Path, variants: int, pyodide: Path | None, questions: str | None) -> None:
    """Serve the site on 127.0.0.1 and rebuild whenever questions or templates change."""
    from ..load import resolve_root, templates_dir
    from ..site import build as run_build
    from ..site.serve import serve as run_serve

    root = resolve_root(questions)
    out = out.resolve()
    try:
        run_serve(lambda: run_build(root, out, None, variants, pyodide=pyodide), out, [root, templates_dir()], port,
                  lambda message: click.echo(message, err=True))
    except OSError as exc:
        from ..errors import UsageError

        raise UsageError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        click.echo("stopped", err=True)


def _check_base_url(base_url: str | None) -> None:
    if base_url and not base_url.startswith(("http://", "https://")):
        from ..errors import UsageError

        raise UsageError(f"--base-url must start with http:// or https:// (got `{base_url}`)")
