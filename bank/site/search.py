"""Search: a Pagefind index built from Python (the ``pagefind`` package and its binary wheel).

The index is built from the written staging folder in one request
(``add_directory``): the Python service answers one message per 0.1 s, so
adding pages one by one would cost minutes on a large site. Only the parts
marked ``data-pagefind-body`` are indexed: each question page, and the
glossary, whose entries come back as sub-results anchored at
``glossary.html#<term-id>``. Result URLs are root paths; ``search.js``
makes them relative.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from ..errors import BankError

BUNDLE = "pagefind"


class SearchIndexError(BankError):
    """Pagefind could not build the index."""


def build_index(folder: Path) -> int:
    """Index the site in ``folder`` and write the bundle to ``folder/pagefind``; returns pages indexed."""
    from concurrent.futures import ThreadPoolExecutor

    try:
        # A thread of its own: the caller may already run an event loop (Playwright, a notebook).
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(asyncio.run, _index(Path(folder))).result()
    except (OSError, AssertionError, RuntimeError) as exc:
        raise SearchIndexError(f"search index: {exc}") from None


async def _index(folder: Path) -> int:
    from pagefind.index import IndexConfig, PagefindIndex

    config = IndexConfig(force_language="en", output_path=str(folder / BUNDLE))
    async with PagefindIndex(config) as index:
        found = await index.add_directory(str(folder), glob="**/*.html")
    return int(found.get("page_count", 0))
