"""Prose for the site: an owner's prose fields as HTML, for each of its variants, the Markdown done once.

A question's variants differ in their numbers only. Each prose field is a template of literal text
and holes (:func:`bank.text.pieces`); a hole's text splits into its digit runs and the rest, its
*skeleton* (``$2.50`` is ``$□.□``). Variants whose holes have the same skeletons share a *shape*:
every field's Markdown, glossary links and tooltips worked out once on the skeleton, with a
placeholder for each digit run. The shape is checked once against a full rendering of the first
variant that has it, then only filled in: a variant costs its number formatting, and comes back as
:class:`Filled` (the field's shape and its digits), which the page's script fills in itself, so a
page carries each shape once rather than every variant's HTML.

Digits can change Markdown in two places, so a shape is never used there: a digit run that starts a
line or a list item (``1.`` starts a list at any length up to nine digits, also inside ``1. ``) and a
character reference (``&#65;``).
Nor where a glossary spelling with digits could take a variant's digits (``p{{ n }}`` may print
``p99``). Everything else a digit does (a word character beside a term, a letter-like character in
emphasis rules) it does for every digit run alike, so the first check holds for every variant of
the shape.

>>> from bank.model import Term
>>> from bank.site.linking import Glossary
>>> fields = [Field(("problem",), "Load {{ size }} GB of weights on a replica.")]
>>> replica = Term("replica", "replica", "A copy.", "", None)
>>> prose = Prose(replica, fields, Glossary([replica]), lambda t: "#" + t)
>>> html, _ = prose.first({"size": 70})
>>> filled = prose.render({"size": 140})[0]
>>> filled.digits, str(filled) == html[0].replace("70", "140")
(('140',), True)
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from markupsafe import Markup

from ..errors import ProblemsFound
from ..locations import Locator
from ..text import Hole, Piece, TemplateError, pieces, render
from .linking import Glossary, Scope
from .markdown import to_html

if TYPE_CHECKING:
    from ..model import FieldPath, Question, Term

#: A number as prose prints it (``21,900``, ``11.7``, ``2``), and the character that stands for one.
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
HOLE = "\ue000"
#: Where a digit run changes the Markdown: in the digits that start a line (after any quote or list
#: markers, numbered ones too) before a ``.`` or ``)``, a list marker up to nine digits long; or in a
#: character reference.
_UNSAFE = re.compile(r"(?m)^(?:[ \t>*+\-]|[0-9\ue000]{1,9}[.)][ \t])*[0-9\ue000]*\ue000[0-9\ue000]*[.)]|&#")


@dataclass(frozen=True)
class Field:
    """One prose field: where it is in the file (to locate errors), its template, and whether it is
    inline Markdown (a step, a key point) or a block (a problem, an answer)."""

    where: FieldPath
    source: str
    inline: bool = False


@functools.lru_cache(maxsize=65536)
def split(text: str) -> tuple[str, tuple[str, ...]]:
    """A text's skeleton and its digit runs: ``("$□.□ an hour", ("2", "50"))`` (□ is :data:`HOLE`)."""
    return NUMBER.sub(HOLE, text), tuple(NUMBER.findall(text))


class _Full:
    """The memo's mark for a skeleton whose variants are each rendered in full."""


FULL = _Full()


@dataclass(frozen=True)
class _Shape:
    """Every field's HTML with :data:`HOLE` for each digit run."""

    forms: tuple[str, ...]


@dataclass(frozen=True)
class Filled:
    """A field's HTML as a shape (:data:`HOLE` for each digit run) and the digits that fill it: what a page
    ships for a variant, once per shape (``practice.js`` fills it in the same way).

    >>> str(Filled("<p>\ue000 GB at \ue000.\ue000 GB/s</p>", ("70", "6", "5")))
    '<p>70 GB at 6.5 GB/s</p>'
    """

    shape: str
    digits: tuple[str, ...]

    def __str__(self) -> str:
        parts = self.shape.split(HOLE)
        return "".join(part + digit for part, digit in zip(parts, (*self.digits, "")))

    def __html__(self) -> str:  # already escaped, like the Markup it stands for
        return str(self)


class Prose:
    """One owner's prose fields, rendered for any variant; Markdown and linking once per shape.

    ``href`` maps a term id to its link from the owner's page; ``prefix`` keeps tooltip ids unique on a
    page holding several owners; ``skip`` names terms never linked here (a glossary entry's own term).
    Template faults are raised as :class:`ProblemsFound`, located in the owner's file.
    """

    def __init__(self, owner: Question | Term, fields: Sequence[Field], glossary: Glossary,
                 href: Callable[[str], str], prefix: str = "t", skip: frozenset[str] = frozenset()) -> None:
        self.owner, self.fields, self.glossary = owner, tuple(fields), glossary
        self.href, self.prefix, self.skip = href, prefix, skip
        self._pieces = [self._parse(f) for f in self.fields]
        holes: dict[Hole, int] = {}
        for found in self._pieces:
            for piece in found or ():
                if isinstance(piece, Hole):
                    holes.setdefault(piece, len(holes))
        self._holes = tuple(holes)
        self._index = holes
        #: For each field: the index of each hole it prints, in order (None: rendered by jinja).
        self._uses = [None if found is None else tuple(holes[p] for p in found if isinstance(p, Hole))
                      for found in self._pieces]
        self._memo: dict[tuple, _Shape | _Full] = {}

    def scope(self) -> Scope:
        return Scope(self.glossary, self.href, self.prefix, self.skip)

    # -- text

    def _parse(self, field: Field) -> tuple[Piece, ...] | None:
        try:
            return pieces(field.source)
        except TemplateError as exc:
            raise located(self.owner, field, exc) from None

    def text_of(self, field: Field, context: Mapping[str, object]) -> str:
        return field_text(self.owner, field, context)

    def _hole_texts(self, context: Mapping[str, object]) -> list[str]:
        """Each hole's text; a fault in one is raised, located, by rendering the field that prints it."""
        try:
            return [hole.text(context) for hole in self._holes]
        except Exception:  # noqa: BLE001 - the field that prints it raises the located fault
            for field in self.fields:
                self.text_of(field, context)
            raise

    def _jinja_texts(self, context: Mapping[str, object]) -> dict[int, str]:
        """The text of each field that is more than literal text and holes (it has a condition)."""
        return {i: self.text_of(self.fields[i], context) for i, uses in enumerate(self._uses) if uses is None}

    def _texts(self, holes: list[str], rendered: dict[int, str]) -> list[str]:
        texts = []
        for i, found in enumerate(self._pieces):
            if found is None:
                texts.append(rendered[i])
            else:
                uses = iter(self._uses[i])  # type: ignore[arg-type]
                texts.append("".join(p if isinstance(p, str) else holes[next(uses)] for p in found))
        return texts

    # -- HTML

    def first(self, context: Mapping[str, object], mention: str = "") -> tuple[list[Markup], frozenset[str]]:
        """Every field as HTML, rendered in full (and learnt as a shape), with the terms it mentions
        (``mention``: text that is never linked, such as the title)."""
        holes, rendered = self._hole_texts(context), self._jinja_texts(context)
        return self._full(self._key(holes, rendered), holes, rendered, mention)

    def render(self, context: Mapping[str, object]) -> list[Markup | Filled]:
        """Every field as HTML, or as its shape and digits (:class:`Filled`) when the shape is known."""
        holes, rendered = self._hole_texts(context), self._jinja_texts(context)
        key = self._key(holes, rendered)
        shape = self._memo.get(key)
        if not isinstance(shape, _Shape):
            return list(self._full(key, holes, rendered)[0])
        numbers = [split(h)[1] for h in holes]
        out: list[Markup | Filled] = []
        for i, (form, uses) in enumerate(zip(shape.forms, self._uses)):
            digits = split(rendered[i])[1] if uses is None else tuple(d for u in uses for d in numbers[u])
            out.append(Filled(form, digits))
        return out

    def _full(self, key: tuple, holes: list[str], rendered: dict[int, str],
              mention: str = "") -> tuple[list[Markup], frozenset[str]]:
        texts = self._texts(holes, rendered)
        scope = self.scope()
        scope.mention(mention)
        html = [to_html(t, scope, inline=f.inline) for t, f in zip(texts, self.fields)]
        if key not in self._memo:
            self._memo[key] = self._learn(holes, texts, html)
        return html, frozenset(scope.mentioned)

    def _key(self, holes: list[str], rendered: dict[int, str]) -> tuple:
        """What two variants must share to share a shape: each hole's skeleton, and the skeleton of
        each field that jinja renders."""
        return tuple(split(h)[0] for h in holes), tuple(split(t)[0] for t in rendered.values())

    def _learn(self, holes: list[str], texts: list[str], html: list[Markup]) -> _Shape | _Full:
        """The shape of these texts, if filling it in gives exactly ``html``; else :data:`FULL`."""
        skeletons = [self._skeleton(i, text, holes) for i, text in enumerate(texts)]
        if any(self._unsafe(s) for s, _ in skeletons):
            return FULL
        probe = self.scope()
        forms = []
        for (skeleton, digits), field, want in zip(skeletons, self.fields, html):
            form = str(to_html(skeleton, probe, inline=field.inline))
            if form.count(HOLE) != len(digits) or str(Filled(form, digits)) != want:
                return FULL
            forms.append(form)
        return _Shape(tuple(forms))

    def _skeleton(self, index: int, text: str, holes: list[str]) -> tuple[str, tuple[str, ...]]:
        """A field's text with the digits of its holes taken out (of all of it, for a field jinja
        renders), and those digits: what :meth:`render` fills in."""
        found = self._pieces[index]
        if found is None:
            return split(text)
        parts: list[str] = []
        digits: list[str] = []
        for piece in found:
            if isinstance(piece, str):
                parts.append(piece)
            else:
                skeleton, runs = split(holes[self._index[piece]])
                parts.append(skeleton)
                digits += runs
        return "".join(parts), tuple(digits)

    def _unsafe(self, skeleton: str) -> bool:
        """Whether a variant's digits could change this skeleton's Markdown or glossary links."""
        if _UNSAFE.search(skeleton):
            return True
        digits = self.glossary.digits
        return digits is not None and any(HOLE in m.group() for m in digits.finditer(skeleton))


def field_text(owner: Question | Term, field: Field, context: Mapping[str, object]) -> str:
    """A field of ``owner`` rendered as text (jinja's result exactly), or a located :class:`ProblemsFound`."""
    if "{" not in field.source:  # no template syntax: jinja would only drop one trailing newline
        return field.source[:-1] if field.source.endswith("\n") else field.source
    try:
        return render(field.source, context)
    except TemplateError as exc:
        raise located(owner, field, exc) from None


def located(owner: Question | Term, field: Field, exc: TemplateError) -> ProblemsFound:
    """A template fault in ``field`` as a problem located in the owner's file."""
    return ProblemsFound([Locator(owner).problem(field.where, str(exc), needle=_needle(field.source, exc))])


def _needle(source: str, exc: TemplateError) -> str | None:
    """Text to find the template error by in the file: the undefined name, else the field's first line."""
    m = re.search(r"'([^']+)' is undefined", str(exc))
    if m and m.group(1) in source:
        return m.group(1)
    first = next((line.strip() for line in source.splitlines() if line.strip()), "")
    return first[:30] or None
