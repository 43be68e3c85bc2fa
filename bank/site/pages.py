"""The site's pages: which template renders which path with which context.

A :class:`Page` is pure data; :mod:`bank.site.render` turns each into text.
Every page gets ``url(target)``, which makes a site path relative to it.

>>> [p.path for p in site_pages(SiteData(None, [], [], 1), base_url=None)]
['glossary.html', 'index.html', 'search.html', '404.html']
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Callable

from markupsafe import Markup

from . import paths
from .gather import BankView, QuestionView, SiteData, back_links

SITE_TITLE = "Question banks"


@dataclass(frozen=True)
class Page:
    """One output file: its site path, template name and template context."""

    path: str
    template: str
    context: dict = field(default_factory=dict)
    #: Whether Pagefind indexes the page (the part marked ``data-pagefind-body``).
    searchable: bool = False
    #: (every bank, the bank whose questions the sidebar opens) for pages with a sidebar.
    nav: tuple | None = None
    #: Context made only when the page renders (a question's practice data: every variant's HTML),
    #: so a large site never holds all of it at once.
    later: Callable[[], dict] | None = None
    #: The question whose variants the page renders (question pages only).
    question: QuestionView | None = None
    #: Called once the page is written: lets go of what only this page needed.
    done: Callable[[], None] | None = None


def site_pages(site: SiteData, base_url: str | None, step_marking: bool = False) -> list[Page]:
    """Every page of the site in the order they render (``step_marking`` adds the working box: Pyodide is
    shipped). Each bank's question pages come before the bank's own page: each renders its question's
    variants and keeps the default, which the bank page shows and then lets go, and the terms it
    mentions, for the glossary's back-links (so the glossary follows the last question page)."""
    banks = tuple(site.banks)
    pages = []
    for bank in site.banks:
        pages += [_question_page(bank, i, step_marking, banks) for i in range(len(bank.questions))]
        pages.append(Page(bank.page, "bank.html", {"bank": bank, "title": bank.bank.title}, nav=(banks, bank),
                          done=functools.partial(_release, bank)))
    glossary = Page(paths.GLOSSARY, "glossary.html",
                    {"terms": site.terms, "letters": letters(site), "title": "Glossary"}, searchable=True,
                    nav=(banks, None), later=functools.partial(_glossary, site))
    # The glossary, the last page searched, comes as soon as every question has been rendered, so that
    # Pagefind builds the index while the last bank page and the rest are written.
    pages.insert(len(pages) - 1 if banks else len(pages), glossary)
    pages.append(Page(paths.INDEX, "index.html", {"banks": site.banks, "terms": site.terms,
                                                  "title": "All question banks"}, nav=(banks, None)))
    pages.append(Page(paths.SEARCH, "search.html", {"title": "Search"}))
    pages.append(Page(paths.NOT_FOUND, "404.html", {"title": "Page not found", "inline_css": stylesheet()}))
    if base_url:
        listed = [paths.INDEX, *(p for b in site.banks for p in (b.page, *(q.page for q in b.questions))),
                  paths.GLOSSARY]
        pages.append(Page(paths.SITEMAP, "sitemap.xml", {"urls": [absolute(base_url, p) for p in listed]}))
    return pages


def _release(bank: BankView) -> None:
    for view in bank.questions:
        view.release()


def _glossary(site: SiteData) -> dict:
    back_links(site)
    return {}


def _question_page(bank: BankView, index: int, step_marking: bool = False, banks: tuple = ()) -> Page:
    view = bank.questions[index]
    before = bank.questions[index - 1] if index > 0 else None
    after = bank.questions[index + 1] if index + 1 < len(bank.questions) else None
    context = {"bank": bank, "view": view, "number": index + 1, "previous": before, "next": after,
               "title": view.title}
    later = functools.partial(_practice, view, step_marking)
    return Page(view.page, "question.html", context, searchable=True, nav=(banks, bank), later=later, question=view)


def _practice(view: QuestionView, step_marking: bool) -> dict:
    return {"practice": practice_payload(view, step_marking) if view.question.worked else None}


def practice_payload(view: QuestionView, step_marking: bool = False) -> dict:
    """What the practice block embeds: every variant's HTML (as shapes and digits where it can), answer parts
    and param values, each part's unit, and (with step marking) the worked question as data for the grader
    in the page."""
    from .fragments import Shapes
    from .grader import worked_payload

    grader = worked_payload(view.question) if step_marking else None
    shapes = Shapes()
    variants = [f.as_json(shapes) for f in view.fragments()]
    return {"question": view.question.id, "units": list(view.units), "grader": grader, "shapes": shapes.forms,
            "variants": variants}


def stylesheet() -> Markup:
    """The site's CSS, for pages that must be styled wherever they are served (the 404 page)."""
    from ..load import templates_dir

    css = (templates_dir() / paths.STATIC / "style.css").read_text(encoding="utf-8")
    return Markup(css.replace("</", "<\\/"))  # cannot close the <style> element


def letters(site: SiteData) -> list[tuple[str, bool]]:
    """A-Z (plus ``#`` when a term starts with a digit or symbol), each with whether any term starts with it."""
    used = {t.letter for t in site.terms}
    alphabet = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + (["#"] if "#" in used else [])
    return [(letter, letter in used) for letter in alphabet]


def letter_id(letter: str) -> str:
    return "letter-" + ("other" if letter == "#" else letter.lower())


def absolute(base_url: str, path: str) -> str:
    """A site path under ``--base-url`` (``index.html`` becomes the folder URL)."""
    base = base_url.rstrip("/") + "/"
    if path.endswith("index.html"):
        path = path[: -len("index.html")]
    return base + path


def vocabulary_script() -> str:
    """``static/vocabulary.js``: :func:`bank.vocabulary.export`, so the browser reads answers with the
    same words as Python; with the function spellings and reserved words the reader also needs."""
    from ..notation.functions import ALIASES
    from ..vocabulary import LINK_WORDS, RESERVED, export

    data = export()
    data.setdefault("function_aliases", dict(sorted(ALIASES.items())))
    data.setdefault("reserved", sorted(RESERVED))
    data.setdefault("link_words", sorted(LINK_WORDS))
    return "// Generated by `bank build` from bank.vocabulary.\nwindow.BANK_VOCABULARY = " \
        + json.dumps(data, ensure_ascii=False) + ";\n"  # in order: the reader tries phrases as listed
