"""Markdown rendering: the plain-paragraph fast path gives exactly what markdown-it gives."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bank.model import Term
from bank.site.linking import Glossary, Scope
from bank.site.markdown import parsed, plain_paragraph, to_html

GLOSSARY = Glossary([Term("replica", "replica", "One serving copy.", "", None),
                     Term("kv-cache", "KV cache", "Per-token keys and values.", "", None, aliases=("cache",))])

PIECES = ["replica", "replicas", "KV cache", "cache", "the", "70 GB", "2.5", "1.", "$21,900", "10%", "x", "-",
          "#", "*", "_", "`", "[[replica]]", "[[kv-cache|the cache]]", "[", "]", "(", ")", "<b>", "&amp;", "&",
          ">", "|", "~", "!", "\\", '"', "'", "÷", "×", "≈", "1)", "=", "```", "    ", "  ", " ", "\n", "\n\n", "\t"]


def scope() -> Scope:
    return Scope(GLOSSARY, lambda tid: f"g.html#{tid}", prefix="p")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join), st.booleans())
@example("Read: 70 GB ÷ 6 GB/s = 11.7 s.", True)
@example("  A replica\n  then   \n a cache  ", False)
@example("    replica in code", False)
@example("[[replica]](https://example.com)", True)
def test_fast_path_matches_markdown_it(text, inline):
    a, b = scope(), scope()
    assert to_html(text, a, inline=inline) == parsed(text, b, inline=inline)
    assert (a.linked, a.mentioned, a.tips) == (b.linked, b.mentioned, b.tips)


def test_plain_prose_takes_the_fast_path():
    assert plain_paragraph("Read: 70 GB ÷ 6 GB/s = 11.7 s.", inline=True) is not None
    assert plain_paragraph("A [[replica]] and a cache\nover two lines.", inline=False) is not None
    assert plain_paragraph("Some *emphasis*.", inline=True) is None
    assert plain_paragraph("- a list", inline=False) is None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(list("ab \n\t}%#-*") + ["÷", "  ", "\n\n"]), max_size=30).map("".join))
def test_text_without_template_syntax_skips_jinja_and_reads_the_same(source):
    """Prose with no `{` renders to itself (less one trailing newline), exactly as jinja renders it."""
    from bank.site.prose import Field, field_text
    from bank.text import render

    assert field_text(None, Field(("answer",), source), {}) == render(source, {})
