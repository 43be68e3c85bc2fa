"""Gather: load, validate and prepare what every page shares; each question is rendered with its page.

The first stage of ``gather -> render -> write``. It loads the banks and
glossary, checks every explicit glossary link, renders each question's title
(for the sidebar and the pager) and every glossary entry. A question's
variants are drawn, solved and rendered when its page renders
(:meth:`QuestionView.fragments`), which keeps its default variant for the bank
page and the terms it mentions for the glossary's back-links; a large site
never holds the rest. Every problem is collected and located (``path:line:col``,
as ``bank check`` prints it) and raised as :class:`ProblemsFound`.

>>> site = gather(variants=3)                       # the bundled banks
>>> worked = next(q for q in site.questions() if q.question.worked)
>>> [f.seed for f in worked.fragments()]
[None, '1', '2']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, ParamSpec, TypeVar

from markupsafe import Markup

from .. import load as loader
from ..errors import Problem, ProblemsFound, did_you_mean
from ..locations import Locator
from ..model import LEVELS, Bank, Library, Question, Term, prose_fields
from ..text import TemplateError, links, render
from . import paths
from .fragments import Fragment, href_from, question_fragments, question_title, term_fragments, unit_info
from .linking import Glossary, Scope
from .markdown import plain_text, to_html
from .progress import NO_PROGRESS, Progress

if TYPE_CHECKING:
    from os import PathLike

_P = ParamSpec("_P")
_T = TypeVar("_T")


@dataclass
class QuestionView:
    """A question ready for the pages: its title, and its variants rendered when asked for.

    :meth:`fragments` renders up to ``wanted`` variants for the question's page and keeps the default
    (:attr:`default`, for the bank page) and the terms it mentions (:attr:`mentions`, for the
    glossary's back-links); either renders the default alone if asked for first.
    """

    question: Question
    title: str
    glossary: Glossary = field(repr=False)
    #: How many variants the page offers (up to this many: a question may have fewer).
    wanted: int = 1
    units: tuple[dict, ...] = ()
    #: How many variants :meth:`fragments` gave (the default alone until it has run).
    count: int = 1
    _default: Fragment | None = field(default=None, repr=False)
    _mentions: frozenset[str] = field(default=frozenset(), repr=False)
    _rendered: bool = field(default=False, repr=False)

    def fragments(self) -> list[Fragment]:
        """The default variant, then up to ``wanted - 1`` seeded ones, drawn, solved and rendered now."""
        return self._render(self.wanted)

    def _render(self, count: int) -> list[Fragment]:
        out, mentions = question_fragments(self.question, self.glossary, count, self.title)
        self._default, self._mentions, self.count = out[0], mentions, max(self.count, len(out))
        self._rendered = True
        return out

    def kept(self) -> tuple:
        """What rendering kept (the default, its mentions, the count), to hand to another process."""
        return self._default, self._mentions, self.count

    def keep(self, kept: tuple) -> None:
        """Keep what :meth:`kept` gave, from the process that rendered the page."""
        self._default, self._mentions, self.count = kept
        self._rendered = True

    def release(self) -> None:
        """Let go of the default variant (its bank page is written); it renders again if asked for."""
        self._default = None

    @property
    def default(self) -> Fragment:
        """The default variant (the source page's numbers)."""
        if self._default is None:
            self._render(1)
        assert self._default is not None
        return self._default

    @property
    def mentions(self) -> frozenset[str]:
        """The glossary terms the default variant mentions (linked or not)."""
        if not self._rendered:
            self.default  # noqa: B018 - rendered on first use
        return self._mentions

    @property
    def page(self) -> str:
        return paths.question_page(self.question.bank, self.question.id)


@dataclass
class TermView:
    """A glossary entry ready for the glossary page."""

    term: Term
    definition: Markup
    explanation: Markup
    example: Fragment
    used_in: list[QuestionView] = field(default_factory=list)

    @property
    def letter(self) -> str:
        first = self.term.term[:1].upper()
        return first if first.isalpha() else "#"


@dataclass
class BankView:
    """A bank with its questions in order, level counts and tags."""

    bank: Bank
    intro: Markup          # for the bank's own page
    summary: Markup        # the same intro, linked from the index page
    questions: list[QuestionView]

    @property
    def counts(self) -> list[tuple[str, int]]:
        found = Counter(q.question.level for q in self.questions)
        return [(level, found[level]) for level in LEVELS if found[level]]

    @property
    def tags(self) -> list[tuple[str, int]]:
        found = Counter(tag for q in self.questions for tag in q.question.tags)
        return sorted(found.items())

    @property
    def page(self) -> str:
        return paths.bank_page(self.bank.slug)

    @property
    def toc(self) -> list[tuple[str, str]]:
        """(anchor, title) of every question, for the page's table of contents."""
        return [(q.question.id, q.title) for q in self.questions]


@dataclass
class SiteData:
    """Everything the render stage needs; built only when no problem was found."""

    library: Library
    banks: list[BankView]
    terms: list[TermView]
    variants: int

    def questions(self) -> Iterable[QuestionView]:
        for bank in self.banks:
            yield from bank.questions


def gather(questions: str | PathLike | None = None, variants: int = 20, progress: Progress = NO_PROGRESS,
           loaded: tuple[Library, list[Problem]] | None = None) -> SiteData:
    """Load (or take ``loaded``: a library and the loader's problems), validate and prepare;
    raise :class:`ProblemsFound` listing every problem."""
    library, found = loaded or loader.gather(questions)
    problems = [p for p in found if p.severity == "error"]
    problems += _reserved_slugs(library)
    glossary = Glossary(library.glossary, _definitions(library.glossary))
    problems += _unknown_links(library, glossary)
    progress.start("Reading questions", sum(1 for _ in library.questions()) + len(library.glossary))
    banks = [bank_view(bank, glossary, variants, problems, progress) for bank in library.banks]
    terms = []
    for term in library.glossary:
        view = _collect(problems, term_view, term, glossary)
        if view is not None:  # else its problems are recorded
            terms.append(view)
        progress.advance()
    if problems:
        raise ProblemsFound(problems)
    terms.sort(key=lambda t: (t.term.term.casefold(), t.term.id))
    return SiteData(library, banks, terms, variants)


def bank_view(bank: Bank, glossary: Glossary, variants: int, problems: list[Problem],
              progress: Progress = NO_PROGRESS) -> BankView:
    """A bank's questions, each with its title; problems are added to ``problems``."""
    views = []
    for q in bank.questions:
        views.append(_collect(problems, question_view, q, glossary, variants))
        progress.advance()
    # The intro shows on the index and on the bank's page: glossary links differ by folder.
    intro = to_html(bank.intro, Scope(glossary, href_from(paths.bank_page(bank.slug)), prefix="_intro"))
    summary = to_html(bank.intro, Scope(glossary, href_from(paths.INDEX), prefix=bank.slug))
    return BankView(bank, intro, summary, [v for v in views if v is not None])


def question_view(q: Question, glossary: Glossary, count: int) -> QuestionView:
    """A question with its title; its variants (up to ``count``) render when its page asks."""
    units = tuple(unit_info(q.worked, part) for part in q.worked.parts) if q.worked else ()
    return QuestionView(q, question_title(q), glossary, count, units)


def _collect(problems: list[Problem], fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T | None:
    """Run one gathering step; a located failure is recorded, not raised."""
    try:
        return fn(*args, **kwargs)
    except ProblemsFound as exc:
        problems.extend(exc.problems)
        return None


# ----------------------------------------------------------------------------- validation

def _reserved_slugs(library: Library) -> list[Problem]:
    return [Problem(b.path, 0, 0, f"bank folder name `{b.slug}` is reserved by the site "
                    f"({', '.join(sorted(paths.RESERVED))}); rename the folder")
            for b in library.banks if b.slug in paths.RESERVED]


def _unknown_links(library: Library, glossary: Glossary) -> list[Problem]:
    """Explicit ``[[id]]`` links to terms that do not exist, located as ``bank check`` does."""
    out = []
    owners: list[Question | Term] = [*library.questions(), *library.glossary]
    for owner in owners:
        for where, source in prose_fields(owner):
            for link in links(source):
                if link.term in glossary.terms:
                    continue
                needle = source[link.start:source.index("]]", link.start) + 2]
                out.append(Locator(owner).problem(where, f"link to unknown glossary term `{link.term}`"
                                                  + did_you_mean(link.term, glossary.terms), needle=needle))
    return out


# ----------------------------------------------------------------------------- glossary

def _definitions(terms: Iterable[Term]) -> dict[str, str]:
    """Each term's one-sentence definition as inline HTML (for tooltips); links made plain."""
    out = {}
    for term in terms:
        try:
            out[term.id] = str(to_html(plain_text(render(term.definition, {})), inline=True))
        except TemplateError:
            out[term.id] = str(to_html(plain_text(term.definition), inline=True))
    return out


def term_view(term: Term, glossary: Glossary) -> TermView:
    """A glossary entry: definition, explanation (other terms linked) and its worked example."""
    return TermView(term, *term_fragments(term, glossary))


def back_links(site: SiteData) -> None:
    """"Used in": every question that mentions a term, in bank order (once the questions have rendered)."""
    questions = list(site.questions())
    for view in site.terms:
        view.used_in = [q for q in questions if view.term.id in q.mentions]
