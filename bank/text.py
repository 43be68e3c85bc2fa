"""Prose: jinja2 templates rendered against a variant, number filters, glossary links.

Prose fields are templates with ``StrictUndefined``: a misspelt name fails
loudly instead of printing nothing. The context holds exactly the params and
steps of the variant, as :class:`bank.model.Value` objects.

A question file is untrusted, so prose is a small language, checked before it
is compiled: text, ``{{ name }}``, ``{{ name | filter(arg) }}`` with the
number filters and whole-number or word arguments, ``{% if %}`` over
comparisons of names and numbers, and comments. No other statements
(``{% for %}``, ``{% set %}``), attributes, calls, indexing or arithmetic, so
rendering is linear in the template's length. It then runs in
jinja's :class:`~jinja2.sandbox.ImmutableSandboxedEnvironment` with no
globals and only the number filters, in case anything slips past the check.

Authors link a glossary term explicitly with ``[[term-id]]`` or
``[[term-id|shown text]]``.

>>> from fractions import Fraction
>>> from bank.model import Value
>>> render("{{ rent | money }} a year", {"rent": Value(Fraction(21900), "USD")})
'$21,900 a year'
>>> plain_links("See [[littles-law|Little's law]] and [[kv-cache]].", {"kv-cache": "KV cache"})
"See Little's law and KV cache."
>>> render("{{ lipsum.__globals__ }}", {})
Traceback (most recent call last):
...
bank.text.TemplateError: attribute `.__globals__` is not allowed in prose: print a name, as in {{ rent | money }}
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterator, Mapping, Union

import jinja2
import jinja2.meta
from jinja2 import nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment

from .errors import BankError, did_you_mean
from .formatting import FILTERS, WORD_FILTERS

LINK = re.compile(r"\[\[([^\]|]+?)(?:\|([^\]]+))?\]\]")

#: Standalone numbers typed into prose (not p99, 8-bit or 3x).
NUMBER_LITERAL = re.compile(r"(?<![\w.$-])\$?\d[\d,]*(?:\.\d+)?(?![\w-]|\.\d)")

#: The largest whole-number filter argument: ``fixed(20)`` places, ``sig(20)`` figures.
MAX_ARGUMENT = 20

_HINT = "print a name, as in {{ rent | money }}"


class TemplateError(BankError):
    """A prose template that cannot render; ``offset`` locates the fault in the template when known."""

    def __init__(self, message: str, offset: int | None = None):
        super().__init__(message)
        self.message, self.offset = message, offset


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The shared sandbox for prose templates: no globals, only the number filters, no autoescape
    (prose is Markdown)."""
    env = ImmutableSandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False,
                                        keep_trailing_newline=False, trim_blocks=True, lstrip_blocks=True)
    env.globals.clear()
    env.filters = dict(FILTERS)
    env.tests = {}
    return env


@functools.lru_cache(maxsize=4096)
def compile_template(source: str) -> jinja2.Template:
    """Check and compile once; raise :class:`TemplateError` with the place of the fault."""
    return environment().from_string(parse(source))


def parse(source: str) -> nodes.Template:
    """The template's syntax tree, once it is known to use only what prose may.

    >>> parse("{% for i in range(9) %}x{% endfor %}")
    Traceback (most recent call last):
    ...
    bank.text.TemplateError: `{% for %}` is not allowed in prose: print a name, as in {{ rent | money }}
    """
    try:
        tree = environment().parse(source)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"template syntax: {exc.message}", _line_start(source, exc.lineno)) from None
    faults = [(_find(source, node.lineno, fault[1]), fault[0])
               for node in tree.find_all(nodes.Node) for fault in [_fault(node)] if fault]
    if faults:  # the first in reading order: the outermost node (a call) may start far to the right
        offset, message = min(faults)
        raise TemplateError(message, offset)
    return tree


def render(source: str, context: Mapping[str, object]) -> str:
    """Render a prose template; undefined names and filter misuse raise :class:`TemplateError`."""
    template = compile_template(source)
    try:
        return template.render(context)
    except jinja2.UndefinedError as exc:
        raise TemplateError(f"template: {exc.message}") from None
    except jinja2.TemplateError as exc:  # the sandbox refused something the check let through
        raise TemplateError(f"template: {exc}") from None
    except (TypeError, ValueError, KeyError, ArithmeticError) as exc:
        raise TemplateError(f"template: {exc}") from None


def undeclared(source: str) -> set[str]:
    """Names a template uses, for checking against the params and steps."""
    return set(jinja2.meta.find_undeclared_variables(parse(source)))


# ----------------------------------------------------------------------------- rendering once per question

@dataclass(frozen=True)
class Hole:
    """One printed name in a template: ``{{ name }}`` or ``{{ name | f(args) | g }}``.

    ``filters`` holds (filter, args, keyword args) in the order they apply.
    """

    name: str
    filters: tuple[tuple[str, tuple, tuple[tuple[str, object], ...]], ...] = ()

    def text(self, context: Mapping[str, object]) -> str:
        """What jinja prints for this hole (the same calls, so the same text or the same exception)."""
        value = context[self.name]
        for name, args, kwargs in self.filters:
            value = FILTERS[name](value, *args, **dict(kwargs))
        return str(value)


Piece = Union[str, Hole]


@functools.lru_cache(maxsize=4096)
def pieces(source: str) -> tuple[Piece, ...] | None:
    """A template as literal text and :class:`Hole` s, when that is all it is; None when it has a
    condition (whose output depends on the values) or anything else. Raises :class:`TemplateError`
    as :func:`render` does for a template prose may not use.

    A site prints one question's prose for many variants: the literal text, and so the Markdown
    around the numbers, is the same in each, and only the holes change.

    >>> pieces("Read {{ weights }} GB at {{ rate | fixed(1) }} GB/s.{# why #}")
    ('Read ', Hole(name='weights', filters=()), ' GB at ', Hole(name='rate', filters=(('fixed', (1,), ()),)), ' GB/s.')
    >>> pieces("{% if share > 100 %}more{% endif %}") is None
    True
    """
    out: list[Piece] = []
    for node in parse(source).body:
        if not isinstance(node, nodes.Output):
            return None
        for child in node.nodes:
            piece = _piece(child)
            if piece is None:
                return None
            out.append(piece)
    return tuple(out)


def _piece(node: nodes.Node) -> Piece | None:
    if isinstance(node, nodes.TemplateData):
        return node.data
    constant = _constant(node)
    if constant is not None:
        return str(constant)
    filters: list[tuple[str, tuple, tuple[tuple[str, object], ...]]] = []
    while isinstance(node, nodes.Filter) and node.node is not None:
        args = tuple(_constant(a) for a in node.args)
        kwargs = tuple((str(k.key), _constant(k.value)) for k in node.kwargs)
        filters.append((node.name, args, kwargs))
        node = node.node
    if isinstance(node, nodes.Name) and node.name not in _SPECIAL:
        return Hole(node.name, tuple(reversed(filters)))
    return None


def fill(source: str, context: Mapping[str, object]) -> str:
    """:func:`render`, by way of :func:`pieces` when the template is plain text and holes.

    >>> from fractions import Fraction
    >>> from bank.model import Value
    >>> fill("{{ rent | money }} a year", {"rent": Value(Fraction(21900), "USD")})
    '$21,900 a year'
    """
    found = pieces(source)
    if found is None:
        return render(source, context)
    try:
        return "".join(p if isinstance(p, str) else p.text(context) for p in found)
    except Exception:  # noqa: BLE001 - render raises the same fault as a located TemplateError
        return render(source, context)


# ----------------------------------------------------------------------------- the allowed language

#: Names jinja itself defines in every template.
_SPECIAL = {"self", "loop", "super", "caller", "varargs", "kwargs"}

_PLAIN = (nodes.Template, nodes.Output, nodes.TemplateData, nodes.Const, nodes.Keyword)
#: What a condition may hold, so a claim can follow the numbers: {% if share > 100 %}…{% else %}…{% endif %}.
_CONDITIONS = (nodes.If, nodes.Compare, nodes.Operand, nodes.And, nodes.Or, nodes.Not)

#: Statement -> its keyword, to name it and find it.
_STATEMENTS = {nodes.For: "for", nodes.If: "if", nodes.Assign: "set", nodes.AssignBlock: "set",
               nodes.Macro: "macro", nodes.CallBlock: "call", nodes.FilterBlock: "filter", nodes.With: "with",
               nodes.Include: "include", nodes.Import: "import", nodes.FromImport: "from",
               nodes.Extends: "extends", nodes.Block: "block"}


def _fault(node: nodes.Node) -> tuple[str, str] | None:
    """(message, regex that finds the fault on its line) for a node prose may not use, else None."""
    if isinstance(node, nodes.Name):  # a stored name belongs to a statement, which is the fault
        if node.name in _SPECIAL and node.ctx == "load":
            return f"`{node.name}` is a reserved name in templates", r"\b" + node.name + r"\b"
        return None
    if isinstance(node, _PLAIN) or isinstance(node, _CONDITIONS):
        return None
    if isinstance(node, nodes.Filter):
        return _filter_fault(node)
    if isinstance(node, nodes.Neg) and isinstance(node.node, nodes.Const):  # fixed(-1): a filter argument
        return None
    if isinstance(node, nodes.Stmt):
        word = _STATEMENTS.get(type(node), type(node).__name__.lower())
        return f"`{{% {word} %}}` is not allowed in prose: {_HINT}", r"\{%[-+]?\s*" + re.escape(word)
    if isinstance(node, nodes.Getattr):
        return f"attribute `.{node.attr}` is not allowed in prose: {_HINT}", r"\.\s*" + re.escape(node.attr)
    if isinstance(node, nodes.Getitem):
        return f"indexing `[...]` is not allowed in prose: {_HINT}", r"\["
    if isinstance(node, nodes.Call):
        return f"calling a function is not allowed in prose: {_HINT}", r"\("
    if isinstance(node, (nodes.BinExpr, nodes.UnaryExpr, nodes.Concat)):
        return "arithmetic is not allowed in prose: add a step and print it", r"[-+*/%~]"
    return f"`{type(node).__name__}` is not allowed in prose: {_HINT}", r"\{[{%]"


def _filter_fault(node: nodes.Filter) -> tuple[str, str] | None:
    where = r"\|\s*" + re.escape(node.name)
    if node.name not in FILTERS:
        return f"unknown filter `{node.name}`" + did_you_mean(node.name, FILTERS), where
    if node.dyn_args is not None or node.dyn_kwargs is not None:
        return f"`{node.name}` takes plain arguments, not `*args`", where
    words = node.name in WORD_FILTERS
    for arg in [*node.args, *(k.value for k in node.kwargs)]:
        value = _constant(arg)
        if words and not isinstance(value, str):
            return f"`{node.name}` takes quoted words, as in {node.name}(\"replica\")", where
        if words:
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            return f"`{node.name}` takes a whole number, as in {node.name}(2)", where
        if abs(value) > MAX_ARGUMENT:
            return f"`{node.name}({value})` is out of range: at most {MAX_ARGUMENT}", where
    return None


def _constant(node: nodes.Node) -> object:
    if isinstance(node, nodes.Neg) and isinstance(node.node, nodes.Const):
        value = node.node.value
        return -value if isinstance(value, int) else None
    return node.value if isinstance(node, nodes.Const) else None


def _line_start(source: str, lineno: int | None) -> int:
    offset = 0
    for _ in range((lineno or 1) - 1):
        found = source.find("\n", offset)
        if found < 0:
            break
        offset = found + 1
    return offset


def _find(source: str, lineno: int, pattern: str) -> int:
    """Offset of ``pattern`` inside a tag on template line ``lineno`` (else the line's start)."""
    start = _line_start(source, lineno)
    end = source.find("\n", start)
    line = source[start:] if end < 0 else source[start:end]
    for tag in re.finditer(r"\{\{.*?(?:\}\}|$)|\{%.*?(?:%\}|$)", line):
        found = re.compile(pattern).search(line, tag.start(), tag.end())
        if found:
            return start + found.start()
    return start


def tag_at(source: str, offset: int) -> tuple[str, int]:
    """The ``{{ }}`` or ``{% %}`` tag around ``offset`` (else the rest of its line), and where
    ``offset`` falls inside it: text to find in the file, and a column to add.

    >>> tag_at("a {{ x.y }} b", 6)
    ('{{ x.y }}', 4)
    """
    opened = max(source.rfind("{{", 0, offset + 1), source.rfind("{%", 0, offset + 1))
    line_start = source.rfind("\n", 0, offset) + 1
    start = opened if opened >= line_start else offset
    closed = [i for i in (source.find("}}", offset), source.find("%}", offset)) if i >= 0]
    line_end = source.find("\n", offset)
    end = min(closed) + 2 if closed else len(source)
    if line_end >= 0:
        end = min(end, line_end)
    return source[start:end].rstrip() or source[start:start + 1], offset - start


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


def _literal_chunks(source: str) -> Iterator[tuple[int, str]]:
    """(offset, text) of each stretch of prose outside template tags and glossary links."""
    pos = 0
    for m in re.finditer(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|\[\[.*?\]\]", source, re.S):
        yield pos, source[pos:m.start()]
        pos = m.end()
    yield pos, source[pos:]
