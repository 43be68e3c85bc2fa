"""HTML: ``worksheets.html`` (one student per printed page) and a separate ``answer-key.html``.

Rendered with jinja2 and autoescape on: names and prose are escaped; only the
Markdown that markdown-it renders (with raw HTML disabled) is marked safe.
CSS ``break-after: page`` puts each student on their own sheet.
"""

from __future__ import annotations

import functools
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from .assign import Handout
from .key import KeyRow

if TYPE_CHECKING:
    import jinja2
    from markdown_it import MarkdownIt
    from markupsafe import Markup

WORKSHEETS = "worksheets.html"
KEY = "answer-key.html"
TEMPLATES = Path(__file__).parent / "templates"


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The jinja2 environment for HTML exports (autoescape on, a ``markdown`` filter)."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True)
    env.filters["markdown"] = markdown
    return env


def markdown(text: str) -> Markup:
    """Markdown to safe HTML (raw HTML in the source is escaped, not passed through).

    >>> str(markdown("a *b* <script>"))
    '<p>a <em>b</em> &lt;script&gt;</p>\\n'
    """
    from markupsafe import Markup

    return Markup(_parser().render(text))


@functools.lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False})


def render(handout: Handout, rows: Sequence[KeyRow]) -> dict[str, bytes]:
    """Both HTML files."""
    by_student = [(s, list(group)) for s, group in groupby(rows, key=lambda r: r.student)]
    context = {"handout": handout, "by_student": by_student}
    return {WORKSHEETS: environment().get_template("worksheets.html.j2").render(context).encode("utf-8"),
            KEY: environment().get_template("answer-key.html.j2").render(context).encode("utf-8")}
