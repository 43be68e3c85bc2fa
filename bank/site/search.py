"""Search: a Pagefind index built from Python (the ``pagefind`` package and its binary wheel).

Question pages are indexed from their rendered HTML (the part marked
``data-pagefind-body``); each glossary entry is its own record pointing at
``glossary.html#<term-id>``. URLs are stored relative to the site root so
results work under any subpath.
"""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

from ..errors import BankError
from .gather import SiteData
from .pages import Page

_TAGS = re.compile(r"<[^>]+>")
_TIPS = re.compile(r'<span class="tip"[^>]*>.*?</span>', re.S)


class SearchIndexError(BankError):
    """Pagefind could not build the index."""


def build_index(site: SiteData, pages: list[Page], rendered: dict[str, str], folder: Path) -> None:
    """Write the Pagefind bundle into ``folder`` (normally ``<site>/pagefind``)."""
    records = [(p.path, rendered[p.path]) for p in pages if p.searchable]
    try:
        asyncio.run(_index(site, records, folder))
    except (OSError, AssertionError, RuntimeError) as exc:
        raise SearchIndexError(f"search index: {exc}") from None


async def _index(site: SiteData, records: list[tuple[str, str]], folder: Path) -> None:
    from pagefind.index import IndexConfig, PagefindIndex

    config = IndexConfig(force_language="en", output_path=str(folder))
    async with PagefindIndex(config) as index:
        for url, html in records:
            await index.add_html_file(content=html, url=url)
        for view in site.terms:
            await index.add_custom_record(url=f"glossary.html#{view.term.id}", language="en",
                                          content=term_text(view),
                                          meta={"title": f"{view.term.term} (glossary)"})


def term_text(view) -> str:
    """A glossary entry as plain text for the index."""
    words = [view.term.term, *view.term.aliases, str(view.definition), str(view.explanation)]
    return " ".join(html.unescape(_TAGS.sub(" ", _TIPS.sub(" ", w))) for w in words)
