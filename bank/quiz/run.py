"""Wire a session to the terminal and the history: what ``bank quiz`` and ``bank stats`` run.

The order matters for speed: load the banks, open the history, choose the
questions, draw their variants and show the first problem, all without
sympy; only then start the background import of the grader.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timezone, tzinfo
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Sequence

from ..errors import NotFound, UsageError, did_you_mean
from ..model import Library, Question
from . import schedule
from .history import History, HistoryWriteError
from .session import Item, Rated, Session, Summary, Unsaved
from .terminal import Terminal, when

if TYPE_CHECKING:
    from .stats import Stats


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class Filters:
    """Which questions a session may ask."""

    bank: str | None = None
    level: str | None = None
    tags: tuple[str, ...] = ()

    def describe(self) -> str:
        parts = [f"--bank {self.bank}" if self.bank else "", f"--level {self.level}" if self.level else ""]
        parts += [f"--tag {t}" for t in self.tags]
        return " ".join(p for p in parts if p)


def select(library: Library, filters: Filters) -> list[Question]:
    """The questions matching ``filters``, in bank order; unknown banks and tags are errors.

    >>> from bank.load import load
    >>> [q.id for q in select(load(), Filters(level="core", tags=("cold-start",)))][:1]
    ['replica-boot-gap']
    """
    slugs = [b.slug for b in library.banks]
    if filters.bank and filters.bank not in slugs:
        raise NotFound(f"no bank `{filters.bank}`" + did_you_mean(filters.bank, slugs)
                       + f"; the banks are: {', '.join(slugs)}")
    pool = list(library.bank(filters.bank).questions if filters.bank else library.questions())
    known_tags = {t for q in library.questions() for t in q.tags}
    for tag in filters.tags:
        if tag not in known_tags:
            raise NotFound(f"no question has the tag `{tag}`" + did_you_mean(tag, known_tags))
    pool = [q for q in pool if (not filters.level or q.level == filters.level)
            and (not filters.tags or set(filters.tags) & set(q.tags))]
    if not pool:
        raise NotFound(f"no question matches {filters.describe()}")
    return pool


def make_item(library: Library, question: Question, seed: str | None, card: dict | None,
              names: Mapping[str, str]) -> Item:
    """A question ready to show: a fresh variant (or the one ``seed`` gives) and plain-text prose."""
    from ..render import render_problem
    from ..text import plain_links
    from ..variant import variant

    shown = (plain_links(question.title, names), library.bank(question.bank).title)
    if question.worked is None:
        return Item(question, None, "", card, *shown)
    v = variant(question, seed if seed is not None else secrets.token_hex(4))
    return Item(question, v, plain_links(render_problem(question, v), names), card, *shown)


def practise(questions: str | None = None, filters: Filters = Filters(), count: int = schedule.DEFAULT_COUNT,
             seed: str | None = None, mode: str | None = None, db: str | None = None,
             terminal: Terminal | None = None, clock: Callable[[], datetime] = utc_now) -> Summary | None:
    """Run one sitting of ``bank quiz``; return its summary (None when nothing was due)."""
    from ..render import glossary_names
    from .cache import load_cached

    if mode not in (None, *schedule.MODES):
        raise UsageError(f"unknown mode `{mode}`")
    library = load_cached(questions)
    pool = select(library, filters)
    term = terminal or Terminal()
    with History.open(db) as history:
        cards = history.cards()
        picked = schedule.choose(pool, cards, clock(), mode, count)
        if not picked:
            term.console.print(_nothing(mode, cards, clock()))
            return None
        names = glossary_names(library)
        items = [make_item(library, q, seed, cards.get(q.id), names) for q in picked]
        return _sit(items, history, cards, names, term, clock)


def _sit(items: Sequence[Item], history: History, cards: dict[str, dict], names: Mapping[str, str], term: Terminal,
         clock: Callable[[], datetime]) -> Summary | None:
    from .warm import Warm

    warm = Warm(items, names)
    session = Session(items, grade=warm.grade, render=warm.render, clock=clock, cards=cards, names=names)
    keeper = Keeper(history)
    summary = _play(session.start(), keeper, term)
    warm.start()
    try:
        while not session.done:
            summary = _play(session.feed(term.read(session.phase, session.asking)), keeper, term) or summary
    except KeyboardInterrupt:
        _play(session.feed(None), keeper, term)
        raise
    finally:
        keeper.last_try(term)
    return summary


class Keeper:
    """Commits each rating at once; one that cannot be saved stays in memory and is tried again.

    A locked, full or read-only history must not cost the learner the rating
    they just gave: it waits in :attr:`pending`, goes in before the next one,
    and the sitting ends by saying plainly which ratings were not saved and why.
    """

    def __init__(self, history: History):
        self.history = history
        self.pending: list[Rated] = []
        self.failure = ""

    def save(self, rated: Rated) -> bool:
        """Queue ``rated`` and write everything queued; False when something is still unsaved."""
        self.pending.append(rated)
        while self.pending:
            first = self.pending[0]
            try:
                self.history.record(first.review, first.card)
            except HistoryWriteError as exc:
                self.failure = exc.show()
                return False
            self.pending.pop(0)
        return True

    def last_try(self, term: Terminal) -> None:
        """At the end of a sitting: one more try, then name every rating that was not saved."""
        if self.pending and not self.save(self.pending.pop()):
            term.show([Unsaved(tuple(self.pending), self.failure, final=True)])


def _play(events: Iterable[object], keeper: Keeper, term: Terminal) -> Summary | None:
    """Commit each rated review before anything else is shown, then show the events."""
    summary = None
    for event in events:
        if isinstance(event, Rated) and not keeper.save(event):
            event = Unsaved(tuple(keeper.pending), keeper.failure)
        summary = event if isinstance(event, Summary) else summary
        term.show([event])
    return summary


def _nothing(mode: str | None, cards: Mapping[str, Mapping], now: datetime) -> str:
    soonest = schedule.next_due(cards)
    then = f" Next due: {when(soonest, now)}." if soonest and soonest > now else ""
    if mode == "new":
        return "No new questions left: you have seen them all." + then
    return "Nothing is due and there are no new questions." + then


def statistics(db: str | None = None, now: datetime | None = None, tz: tzinfo | None = None,
               questions: str | None = None) -> Stats:
    """The figures for ``bank stats`` from the history at ``db`` (no file: no reviews).

    The banks under ``questions`` (default: the bundled ones) give the count of
    questions never reviewed.
    """
    from pathlib import Path

    from ..load import gather
    from .history import default_path
    from .stats import summarise

    now = now or utc_now()
    library, _ = gather(questions)  # a broken file elsewhere should not hide the history
    known = [q.id for q in library.questions()]
    path = Path(db) if db else default_path()
    if not path.exists():
        return summarise([], {}, now, tz, known)
    with History.open(path, create=False) as history:
        reviews, cards = history.reviews(), history.cards()
        return summarise(reviews, cards, now, tz, known, damaged=history.skipped)


__all__ = ["practise", "statistics", "select", "make_item", "Filters"]
