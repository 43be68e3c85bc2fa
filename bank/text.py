"""Prose: jinja2 templates rendered against a variant, number filters, glossary links.

Prose fields are templates with ``StrictUndefined``: a misspelt name fails
loudly instead of printing nothing. The context holds exactly the params and
steps of the variant, as :class:`bank.model.Value` objects.

Authors link a glossary term explicitly with ``[[term-id]]`` or
``[[term-id|shown text]]``.

>>> from fractions import Fraction
>>> from bank.model import Value
>>> render("{{ rent | money }} a year", {"rent": Value(Fraction(21900), "USD")})
'$21,900 a year'
>>> plain_links("See [[littles-law|Little's law]] and [[kv-cache]].", {"kv-cache": "KV cache"})
"See Little's law and KV cache."
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Mapping

import jinja2
import jinja2.meta

from .errors import BankError
from .formatting import FILTERS

LINK = re.compile(r"\[\[([^\]|]+?)(?:\|([^\]]+))?\]\]")

#: Standalone numbers typed into prose (not p99, 8-bit or 3x).
NUMBER_LITERAL = re.compile(r"(?<![\w.$-])\$?\d[\d,]*(?:\.\d+)?(?![\w-]|\.\d)")


class TemplateError(BankError):
    """A prose template that cannot render."""


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The shared environment for prose templates (no autoescape: prose is Markdown)."""
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False,
                             keep_trailing_newline=False, trim_blocks=True, lstrip_blocks=True)
    env.filters.update(FILTERS)
    return env


@functools.lru_cache(maxsize=4096)
def compile_template(source: str) -> jinja2.Template:
    """Compile once; raise :class:`TemplateError` with the line of a syntax error."""
    try:
        return environment().from_string(source)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"template syntax (line {exc.lineno}): {exc.message}") from None


def render(source: str, context: Mapping[str, object]) -> str:
    """Render a prose template; undefined names and filter misuse raise :class:`TemplateError`."""
    template = compile_template(source)
    try:
        return template.render(context)
    except jinja2.UndefinedError as exc:
        raise TemplateError(f"template: {exc.message}") from None
    except (TypeError, ValueError, KeyError, ArithmeticError) as exc:
        raise TemplateError(f"template: {exc}") from None


def undeclared(source: str) -> set[str]:
    """Names a template uses, for checking against the params and steps."""
    return set(jinja2.meta.find_undeclared_variables(environment().parse(source)))


@dataclass(frozen=True)
class Link:
    """An explicit glossary link found in prose."""

    term: str
    text: str | None
    start: int


def links(source: str) -> list[Link]:
    """Every ``[[term-id]]`` link in a text.

    >>> [l.term for l in links("a [[slo]] b [[kv-cache|KV]]")]
    ['slo', 'kv-cache']
    """
    return [Link(m.group(1).strip(), m.group(2), m.start()) for m in LINK.finditer(source)]


def plain_links(text: str, names: Mapping[str, str]) -> str:
    """Replace explicit links with their shown text (for terminals and plain exports)."""
    return LINK.sub(lambda m: m.group(2) or names.get(m.group(1).strip(), m.group(1)), text)


def typed_numbers(source: str) -> list[tuple[int, str]]:
    """Numbers typed into the literal text of a template (outside ``{{ }}`` and ``{% %}``).

    >>> typed_numbers("costs {{ rent }} over 24 hours at p99 with 8-bit weights")
    [(22, '24')]
    """
    found = []
    for start, text in _literal_chunks(source):
        for m in NUMBER_LITERAL.finditer(text):
            found.append((start + m.start(), m.group()))
    return found


def _literal_chunks(source: str):
    pos = 0
    for m in re.finditer(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|\[\[.*?\]\]", source, re.S):
        yield pos, source[pos:m.start()]
        pos = m.end()
    yield pos, source[pos:]
