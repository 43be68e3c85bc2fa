"""The static site: ``gather -> render -> write``.

:func:`build` runs the three stages in order. Gathering validates everything and
renders what every page shares (each question's default variant); rendering
turns pages into text one at a time, a question's other variants with it; the
writer puts each page into a staging folder as it comes, and only when every
page (and the search index) is there does the folder replace the output folder,
in one rename. A problem anywhere, every one of them located, leaves the old
site as it was.

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
from typing import TYPE_CHECKING, Iterable, Iterator

from ..errors import ProblemsFound
from . import paths
from .progress import NO_PROGRESS, Progress

if TYPE_CHECKING:
    from os import PathLike

    from ..errors import Problem
    from ..model import Library, Question, Term
    from .search import Index
    from .write import Content


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

    def summary(self) -> str:
        """One line for the person who built the site.

        >>> BuildReport(Path("site"), 1, 1, 0, 20, 0.25).summary()
        'Built 1 page (1 question, 0 glossary terms, 20 variants) into site in 0.2 s'
        """
        from ..formatting import counted

        return (f"Built {counted(self.pages, 'page')} ({counted(self.questions, 'question')}, "
                f"{counted(self.terms, 'glossary term')}, {counted(self.variants, 'variant')}) "
                f"into {self.out} in {self.seconds:.1f} s")

    @property
    def warnings(self) -> list[str]:
        """What the site lacks that its builder may want."""
        if self.step_marking:
            return []
        return ["Working is not marked in the browser: Pyodide was not found "
                "(npm install pyodide, or pass --pyodide DIR)."]


def build(questions: str | PathLike | None = None, out: str | PathLike = "site", base_url: str | None = None,
          variants: int = 20, progress: Progress = NO_PROGRESS, search: bool = True,
          pyodide: str | PathLike | None = None, workers: int | None = None) -> BuildReport:
    """Build the site from a questions folder into ``out``; raises ``BankError`` on any problem.

    ``pyodide`` is the folder of the npm ``pyodide`` package (default: ``$BANK_PYODIDE`` or
    ``./node_modules/pyodide``); with it, question pages mark working line by line in the browser.
    ``workers`` processes render the question pages (default: as many as suit the site and the
    machine, :func:`bank.site.workers.workers_for`).

    The banks come from the loader's cache when no file changed since it was filled; the cache
    keeps no source marks, so a build that finds a problem loads the files again to locate it.
    """
    from .. import load as loader
    from . import grader, workers as pool

    started = time.perf_counter()
    check_output(questions, Path(out))
    if workers is None or workers > 1:
        pool.warm_up(_question_files(questions))
    runtime = grader.find_runtime(pyodide)
    loaded = loader.gather(questions, cached=True)
    try:
        return _build(loaded, Path(out), base_url, variants, progress, search, runtime, workers, started)
    except ProblemsFound:
        if _located(loaded[0]):
            raise
        return _build(loader.gather(questions), Path(out), base_url, variants, progress, search, runtime, workers,
                      started)


def _build(loaded: tuple[Library, list[Problem]], out: Path, base_url: str | None, variants: int,
           progress: Progress, search: bool, runtime: Path | None, workers: int | None,
           started: float) -> BuildReport:
    from . import grader
    from .gather import gather
    from .pages import site_pages
    from .render import iter_pages, static_files
    from .search import Index
    from .workers import workers_for
    from .write import write_site

    site = gather(None, variants, progress, loaded)
    pages = site_pages(site, base_url, step_marking=runtime is not None)
    extra: dict[str, Content] = dict(static_files())
    if runtime is not None:
        extra.update(grader.runtime_files(runtime))
        extra[grader.BUNDLE] = grader.bundle()
    searchable = {p.path for p in pages if p.searchable}
    with Index() as index:
        if workers is None:
            workers = workers_for(sum(1 for p in pages if p.question is not None))
        stream = iter_pages(pages, base_url, progress, workers=workers)  # to disk as they come, light copies to the index
        # Static files last: they are written while Pagefind builds the bundle.
        files = itertools.chain(_indexing(stream, searchable if search else set(), index), extra.items())

        def finish(folder: Path) -> None:
            if search:
                progress.start("Indexing search", 1)
                index.build(folder / paths.SEARCH_BUNDLE)
                progress.advance()

        written = write_site(out, files, finish)
    views = list(site.questions())
    return BuildReport(written, len(pages), len(views), len(site.terms),
                       sum(v.count for v in views if v.question.worked), time.perf_counter() - started,
                       runtime is not None)


def _indexing(files: Iterable[tuple[str, bytes]], searchable: set[str],
              index: Index) -> Iterator[tuple[str, bytes]]:
    """The files, each searchable page sent to the index on its way; once the last is in, the index is
    sealed, and Pagefind builds the bundle while the rest are written."""
    left = len(searchable)
    for rel, content in files:
        if rel in searchable:
            index.add(rel, content)
            left -= 1
            if left == 0:
                index.seal()
        yield rel, content


def _question_files(questions: str | PathLike | None) -> int:
    """About how many questions a folder holds (its banks' YAML files), before loading any."""
    from ..load import resolve_root

    try:
        return sum(1 for bank in resolve_root(questions).iterdir() if bank.is_dir() for _ in bank.glob("*.yaml"))
    except OSError:
        return 0


def _located(library: Library) -> bool:
    """Whether the library carries source marks (a fresh load) rather than coming from the cache."""
    owners: list[Question | Term] = [*library.questions(), *library.glossary]
    return not owners or any(o.marks for o in owners)


def check_output(questions: str | PathLike | None, out: Path) -> None:
    """Refuse an output folder inside the questions folder (or one that holds it): a build replaces it."""
    from ..errors import UsageError
    from ..load import resolve_root

    root, target = resolve_root(questions).resolve(), out.resolve()
    inside = root if target == root or root in target.parents else _questions_above(target)
    if inside is not None:
        raise UsageError(f"refusing to build into {out}: it is inside the questions folder {inside}, "
                         "where the site's pages would be read as questions; choose an --out outside it")
    if target in root.parents:
        raise UsageError(f"refusing to build into {out}: it holds the questions folder {root}, "
                         "and a build replaces its output folder; choose another --out")


def _questions_above(target: Path) -> Path | None:
    """The nearest folder above ``target`` that holds a bank (``*/bank.yaml``), even one this build does not
    read: ``bank build --out questions/site`` with the bundled questions must not break ``--questions questions``."""
    for folder in target.parents:
        try:
            if next(folder.glob("*/bank.yaml"), None) is not None:
                return folder
        except OSError:
            continue
    return None
