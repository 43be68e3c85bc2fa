"""The static site: ``gather -> render -> write``.

:func:`build` runs the three stages in order. Gathering validates and
pre-renders everything (variants, Markdown, glossary links); rendering turns
pages into text in memory; only then is anything written, into a staging
folder that replaces the output folder in one rename.

>>> import pathlib, tempfile
>>> report = build(out=pathlib.Path(tempfile.mkdtemp()) / "site", variants=2, search=False)
>>> report.pages > 4 and report.out.joinpath("glossary.html").is_file()
True
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from pathlib import Path

from .progress import NO_PROGRESS, Progress


@dataclass(frozen=True)
class BuildReport:
    """What a build produced."""

    out: Path
    pages: int
    questions: int
    terms: int
    variants: int
    seconds: float
    step_marking: bool = False


def build(questions=None, out="site", base_url: str | None = None, variants: int = 20,
          progress: Progress = NO_PROGRESS, search: bool = True, pyodide=None) -> BuildReport:
    """Build the site from a questions folder into ``out``; raises ``BankError`` on any problem.

    ``pyodide`` is the folder of the npm ``pyodide`` package (default: ``$BANK_PYODIDE`` or
    ``./node_modules/pyodide``); with it, question pages mark working line by line in the browser.
    """
    from . import grader
    from .gather import gather
    from .pages import site_pages
    from .render import iter_pages, static_files
    from .write import write_site

    started = time.perf_counter()
    check_output(questions, Path(out))
    runtime = grader.find_runtime(pyodide)
    site = gather(questions, variants, progress)
    pages = site_pages(site, base_url, step_marking=runtime is not None)
    extra: dict = dict(static_files())
    if runtime is not None:
        extra.update(grader.runtime_files(runtime))
        extra[grader.BUNDLE] = grader.bundle()
    files = itertools.chain(extra.items(), iter_pages(pages, base_url, progress))  # pages stream to disk

    def finish(folder: Path) -> None:
        if search:
            from .search import build_index

            progress.start("Indexing search", 1)
            build_index(folder)
            progress.advance()

    written = write_site(Path(out), files, finish)
    count = sum(1 for v in site.questions() for _ in v.variants if v.question.worked)
    return BuildReport(written, len(pages), sum(1 for _ in site.questions()), len(site.terms), count,
                       time.perf_counter() - started, runtime is not None)


def check_output(questions, out: Path) -> None:
    """Refuse an output folder inside the questions folder (or one that holds it): a build replaces it."""
    from ..errors import UsageError
    from ..load import resolve_root

    root, target = resolve_root(questions).resolve(), out.resolve()
    if target == root or root in target.parents:
        raise UsageError(f"refusing to build into {out}: it is inside the questions folder {root}, "
                         "where the site's pages would be read as questions; choose an --out outside it")
    if target in root.parents:
        raise UsageError(f"refusing to build into {out}: it holds the questions folder {root}, "
                         "and a build replaces its output folder; choose another --out")
