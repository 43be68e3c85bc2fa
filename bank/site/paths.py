"""Where each page lives in the built site, and relative links between them.

Every link is relative, so the site works from ``file://`` and under any
subpath. Pages link to ``folder/index.html`` explicitly because a
``file://`` URL does not fall back to ``index.html``.

>>> relative("glossary.html#slo", "scaling/index.html")
'../glossary.html#slo'
>>> relative("scaling/index.html", "index.html")
'scaling/index.html'
"""

from __future__ import annotations

import functools
import posixpath

INDEX = "index.html"
GLOSSARY = "glossary.html"
SEARCH = "search.html"
NOT_FOUND = "404.html"
SITEMAP = "sitemap.xml"
STATIC = "static"
SEARCH_BUNDLE = "pagefind"

#: Top-level names a bank slug may not take, since the site uses them.
RESERVED = {STATIC, SEARCH_BUNDLE, "glossary", "index", "search", "404", "sitemap"}


def bank_page(slug: str) -> str:
    return f"{slug}/index.html"


def question_page(bank: str, qid: str) -> str:
    return f"{bank}/{qid}.html"


def term_anchor(term_id: str) -> str:
    """The glossary entry's anchor: ``glossary.html#<term-id>``."""
    return f"{GLOSSARY}#{term_id}"


def relative(target: str, page: str) -> str:
    """``target`` (a site path, maybe with ``#anchor``) as seen from ``page``.

    >>> relative("b/q.html", "b/p.html"), relative("b/q.html#x", "b/q.html"), relative("a/b/c.html", "a/d/e.html")
    ('q.html', '#x', '../b/c.html')
    """
    path, _, anchor = target.partition("#")
    if path == page:
        link = ""
    else:
        link = _relpath(path, page) if path else ""
    return f"{link}#{anchor}" if anchor else (link or posixpath.basename(page))


@functools.lru_cache(maxsize=4096)
def _folders(path: str) -> tuple[str, ...]:
    return tuple(path.split("/")[:-1])


def _relpath(path: str, page: str) -> str:
    """``posixpath.relpath(path, dirname(page))`` for site paths (relative, normalised): every page
    asks for a dozen links, and relpath makes each path absolute first."""
    there, here = _folders(path), _folders(page)
    common = 0
    for a, b in zip(there, here):
        if a != b:
            break
        common += 1
    up = "../" * (len(here) - common)
    return up + "/".join(path.split("/")[common:])


def depth_prefix(page: str) -> str:
    """``../`` once per folder level of ``page``: the way back to the site root."""
    return "../" * page.count("/")
