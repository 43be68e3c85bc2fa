"""Markdown to HTML with markdown-it-py, raw HTML escaped, glossary links woven in.

HTML in content is never passed through (``html: False``), images are off
(a page must make no request to another host), and text tokens are handed to
a :class:`bank.site.linking.Scope`, which links glossary terms outside
headings, code and links.

>>> str(to_html("Hi <script>alert(1)</script> *there*"))
'<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; <em>there</em></p>\\n'
>>> str(to_html("`[[x]]` stays code", inline=True))
'<code>[[x]]</code> stays code'
"""

from __future__ import annotations

import functools
import re

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup, escape

from ..text import LINK
from .linking import Scope


@functools.lru_cache(maxsize=1)
def parser() -> MarkdownIt:
    """CommonMark plus tables and strikethrough; no raw HTML, no images, HTML5 output."""
    md = MarkdownIt("commonmark", {"html": False, "xhtmlOut": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.disable("image")
    return md


#: Anything that may make Markdown differ from escaped text (checked after removing ``[[links]]``).
_INLINE_SYNTAX = re.compile(r"[\\`*_!<&~\[\]\t\r\x00|]| {2,}\n")
#: Lines that may start a block other than a paragraph, blank lines, and indented code.
_BLOCK_SYNTAX = re.compile(r"^(?: {0,3}(?:[#>+=*_-]|\d+[.)]|```|~~~)| {4}| *$)", re.M)
_NEWLINE = re.compile(r" *\n *")


def plain_paragraph(text: str, inline: bool) -> str | None:
    """``text`` ready for :func:`_text` when it has no Markdown syntax at all, else None.

    Most prose (a step, a problem) is one plain paragraph; skipping the parser
    for it halves the build. The result equals markdown-it's (a property test
    holds the two together): newlines lose the spaces around them, and a block
    is stripped.
    """
    if "]](" in text or _INLINE_SYNTAX.search(LINK.sub("x", text)):
        return None
    if not inline:
        if _BLOCK_SYNTAX.search(text.strip("\n")):  # keep the first line's indent: 4 spaces is code
            return None
        text = text.strip()
    return _NEWLINE.sub("\n", text)


def to_html(text: str, scope: Scope | None = None, *, inline: bool = False) -> Markup:
    """Render Markdown; with a ``scope``, link glossary terms (first occurrence, explicit links)."""
    plain = plain_paragraph(text, inline)
    if plain is not None:
        body = _text(plain, scope, auto=True, links=True)
        return Markup(body if inline else f"<p>{body}</p>\n")
    return parsed(text, scope, inline=inline)


def parsed(text: str, scope: Scope | None = None, *, inline: bool = False) -> Markup:
    """The full Markdown path (what :func:`to_html` does when the text has any syntax)."""
    md = parser()
    tokens = md.parseInline(text) if inline else md.parse(text)
    in_heading = False
    for token in tokens:
        if token.type == "heading_open":
            in_heading = True
        elif token.type == "heading_close":
            in_heading = False
        elif token.type == "inline" and token.children:
            token.children = _weave(token.children, scope, auto=not in_heading)
    render = md.renderer.render
    return Markup(render(tokens, md.options, {}))


def _weave(children: list[Token], scope: Scope | None, auto: bool) -> list[Token]:
    """Replace text tokens outside links with escaped HTML holding the glossary links."""
    out, depth = [], 0
    for token in children:
        if token.type == "link_open":
            depth += 1
        elif token.type == "link_close":
            depth -= 1
        if token.type != "text":
            out.append(token)
            continue
        html = _text(token.content, scope, auto and depth == 0, links=depth == 0)
        out.append(Token("html_inline", "", 0, content=html))
    return out


def _text(text: str, scope: Scope | None, auto: bool, links: bool) -> str:
    """Escaped text with explicit ``[[links]]`` resolved and (if ``auto``) terms linked."""
    out, pos = [], 0
    for m in LINK.finditer(text):
        out.append(_plain(text[pos:m.start()], scope, auto))
        out.append(_explicit(m.group(1).strip(), m.group(2), scope, links))
        pos = m.end()
    out.append(_plain(text[pos:], scope, auto))
    return "".join(out)


def _plain(text: str, scope: Scope | None, auto: bool) -> str:
    if scope is None:
        return str(escape(text))
    return scope.auto(text, allowed=auto)


def _explicit(term_id: str, shown: str | None, scope: Scope | None, links: bool) -> str:
    if scope is None or term_id not in scope.glossary.terms:
        # Unknown ids are reported by gather (and `bank check`); show the words.
        return str(escape(shown or term_id))
    words = shown or scope.glossary.words(term_id)
    if not links:
        scope.mentioned.add(term_id)
        return str(escape(words))
    return scope.link(term_id, words)


def plain_text(html_or_text: str) -> str:
    """Text with explicit links reduced to their words (for titles and search records)."""
    return LINK.sub(lambda m: m.group(2) or m.group(1), html_or_text)
