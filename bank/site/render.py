"""Render: every page through jinja2 (autoescape on, StrictUndefined), all in memory.

The second stage of ``gather -> render -> write``. Nothing touches the
output folder here; a template error stops the build before any file exists.

>>> env = environment()
>>> env.autoescape
True
"""

from __future__ import annotations

import functools
import posixpath
from pathlib import Path
from typing import Generator, Iterator

import jinja2
from markupsafe import Markup

from ..errors import BankError, ProblemsFound
from ..load import templates_dir
from . import paths
from .pages import SITE_TITLE, Page, letter_id, vocabulary_script
from .progress import NO_PROGRESS, Progress


class TemplateProblem(BankError):
    """A site template that fails to render, located in the template file."""


@functools.lru_cache(maxsize=4)
def environment(folder: str | None = None) -> jinja2.Environment:
    """The page environment: HTML autoescaping everywhere, undefined names are errors."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(folder or str(templates_dir())),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    env.globals.update(site_title=SITE_TITLE, letter_id=letter_id, paths=paths)
    env.filters["level_name"] = lambda level: level.capitalize()
    return env


def render_pages(pages: list[Page], base_url: str | None = None, progress: Progress = NO_PROGRESS,
                 templates: str | None = None) -> dict[str, bytes]:
    """Every page rendered, in memory: site path -> UTF-8 bytes (see :func:`iter_pages`)."""
    return dict(iter_pages(pages, base_url, progress, templates))


def iter_pages(pages: list[Page], base_url: str | None = None, progress: Progress = NO_PROGRESS,
               templates: str | None = None, workers: int = 1) -> Iterator[tuple[str, bytes]]:
    """(site path, UTF-8 bytes) of each page, rendered as the writer asks for it.

    A stream, not a dict: the build writes each page into its staging folder as soon as it is
    rendered, and a page's ``done`` then lets go of what only it needed, so a large site never sits
    in memory. A site template error stops the stream, and the writer throws the staging folder
    away. A question whose variants cannot be rendered (a located
    :class:`~bank.errors.ProblemsFound`) is left out while the stream goes on, and every problem is
    raised together at its end. With ``workers`` > 1, question pages are rendered by that many
    processes (:mod:`bank.site.workers`) and come back in order; the other pages render here.
    """
    env = environment(templates)
    progress.start("Rendering pages", len(pages))
    sidebars: dict = {}
    problems: list = []
    questions = [i for i, page in enumerate(pages) if page.question is not None]
    rendered: Generator | None = None
    if workers > 1 and questions:
        from . import workers as pool

        rendered = pool.render(pages, questions, base_url, templates, workers)
    try:
        for i, page in enumerate(pages):
            data = _from_workers(rendered, i, page, problems) if rendered is not None and page.question is not None \
                else _here(env, page, base_url, sidebars, problems)
            if data is None:
                continue
            yield page.path, data
            if page.done is not None:
                page.done()
            progress.advance()
    finally:
        if rendered is not None:
            rendered.close()
    if problems:
        raise ProblemsFound(list(dict.fromkeys(problems)))  # a question's problem may come from its bank page too
    yield f"{paths.STATIC}/vocabulary.js", vocabulary_script().encode("utf-8")


def _here(env: jinja2.Environment, page: Page, base_url: str | None, sidebars: dict, problems: list) -> bytes | None:
    try:
        return render_page(env, page, base_url, sidebars).encode("utf-8")
    except ProblemsFound as exc:
        problems.extend(exc.problems)
        return None


def _from_workers(rendered: Iterator, index: int, page: Page, problems: list) -> bytes | None:
    """The next page from the workers (they come back in the pages' order), its question's keepings kept."""
    i, data, kept, found = next(rendered)
    assert i == index, "pages come back from the workers in order"
    problems.extend(found)
    if data is not None and page.question is not None:
        page.question.keep(kept)
    return data


def render_page(env: jinja2.Environment, page: Page, base_url: str | None, sidebars: dict | None = None) -> str:
    """One page, with ``url()`` relative to it, the way back to the root, and its sidebar."""
    url = functools.partial(_relative_to, page=page.path)
    context = dict(page.context, **(page.later() if page.later else {}), page=page.path,
                   root=paths.depth_prefix(page.path), url=url,
                   base_url=base_url or "", searchable=page.searchable)
    try:
        if page.nav is not None:
            context["sidebar"] = sidebar(env, page, {} if sidebars is None else sidebars)
        return env.get_template(page.template).render(context)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateProblem(f"{exc.filename or exc.name}:{exc.lineno}: {exc.message}") from None
    except (jinja2.UndefinedError, TypeError, AttributeError) as exc:
        where = _template_frame(exc) or f"templates/{page.template}"
        raise TemplateProblem(f"{where}: {exc} (rendering {page.path})") from None


def _relative_to(target: str, page: str) -> str:
    return paths.relative(target, page)


def sidebar(env: jinja2.Environment, page: Page, cache: dict) -> Markup:
    """The banks-and-questions sidebar for ``page``, its own link marked ``aria-current``.

    Every page in one folder sees the same relative links, so the HTML is rendered once per
    (expanded bank, folder) and only the current link differs.
    """
    banks, expanded = page.nav or ((), None)
    folder = posixpath.dirname(page.path)
    key = (getattr(expanded, "page", None), folder)
    if key not in cache:
        url = functools.partial(_relative_to, page=page.path)
        cache[key] = env.get_template("_sidebar.html").render(banks=banks, expanded=expanded, url=url)
    own = f'<a href="{posixpath.basename(page.path)}">'
    return Markup(cache[key].replace(own, own[:-1] + ' aria-current="page">', 1))


def _template_frame(exc: BaseException) -> str | None:
    """``path:line`` of the innermost template frame (jinja maps its frames to template lines)."""
    found, tb = None, exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.endswith((".html", ".xml")):
            found = f"{name}:{tb.tb_lineno}"
        tb = tb.tb_next
    return found


def static_files(templates: str | None = None) -> dict[str, Path]:
    """site path -> source file for everything under ``templates/static``."""
    root = Path(templates or templates_dir()) / paths.STATIC
    return {f"{paths.STATIC}/{p.relative_to(root).as_posix()}": p for p in sorted(root.rglob("*")) if p.is_file()}
