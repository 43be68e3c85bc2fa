"""Spaced repetition: which questions to ask, and when each rating brings one back.

Card states are ``fsrs.Card.to_dict()`` dicts as stored in the history.
:func:`preview` runs the real ``fsrs.Scheduler.review_card`` once per rating;
the quiz shows each outcome's due date and stores the card the learner picks,
so the date shown is the date kept. Choosing questions needs only each
card's due time, so it works without importing fsrs.

>>> from datetime import datetime, timezone
>>> now = datetime(2025, 3, 1, 12, tzinfo=timezone.utc)
>>> [c.name for c in preview(None, now)]
['Again', 'Hard', 'Good', 'Easy']
>>> preview(None, now)[2].due - now
datetime.timedelta(seconds=600)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from ..model import Question

if TYPE_CHECKING:
    import fsrs

RATINGS = {1: "Again", 2: "Hard", 3: "Good", 4: "Easy"}

#: How many questions a session asks unless ``-n`` says otherwise.
DEFAULT_COUNT = 10

MODES = ("due", "new")


@dataclass(frozen=True)
class Choice:
    """What one rating would do: the card it leaves and when that card is due."""

    rating: int
    name: str
    card: dict
    due: datetime


@functools.lru_cache(maxsize=1)
def scheduler() -> fsrs.Scheduler:
    """The fsrs scheduler with its published default parameters."""
    import fsrs

    return fsrs.Scheduler()


def preview(card: Mapping | None, now: datetime) -> tuple[Choice, ...]:
    """The outcome of each rating (Again, Hard, Good, Easy) for ``card`` reviewed at ``now`` (UTC)."""
    import fsrs

    fresh = fsrs.Card(card_id=int(now.timestamp() * 1000), due=now)
    if card:
        try:
            return _outcomes(fsrs.Card.from_dict(dict(card)), now)  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError):
            pass  # a damaged card in the history: the question starts afresh
    return _outcomes(fresh, now)


def _outcomes(current: fsrs.Card, now: datetime) -> tuple[Choice, ...]:
    import fsrs

    choices = []
    for rating in fsrs.Rating:
        after, _log = scheduler().review_card(current, rating, now)
        choices.append(Choice(int(rating), RATINGS[int(rating)], dict(after.to_dict()), after.due))
    return tuple(choices)


def due(card: Mapping) -> datetime:
    """When a stored card is next due (UTC; a time without a zone is UTC).

    >>> due({"due": "2025-03-01T12:00:00+00:00"}).hour, due({"due": "2025-03-01T12:00:00"}).tzinfo
    (12, datetime.timezone.utc)
    """
    from .history import parse_time

    return parse_time(card["due"])


def choose(questions: Iterable[Question], cards: Mapping[str, Mapping], now: datetime,
           mode: str | None = None, count: int = DEFAULT_COUNT) -> list[Question]:
    """The questions for a session, in the order to ask them, at most ``count``.

    - ``mode="due"``: due questions, soonest (most overdue) first, then new ones;
    - ``mode="new"``: only questions never reviewed, in bank order;
    - no mode: due, then new, then the rest by when they fall due.

    >>> from datetime import timedelta, timezone
    >>> now = datetime(2025, 3, 1, tzinfo=timezone.utc)
    >>> qs = [Question(q, "b", "core", q, "", "") for q in ("a", "b", "c")]
    >>> cards = {"a": {"due": str(now + timedelta(days=1))}, "c": {"due": str(now - timedelta(hours=2))}}
    >>> [q.id for q in choose(qs, cards, now, "due")], [q.id for q in choose(qs, cards, now)]
    (['c', 'b'], ['c', 'b', 'a'])
    """
    questions = list(questions)
    seen = [q for q in questions if q.id in cards]
    fresh = [q for q in questions if q.id not in cards]
    by_due = sorted(seen, key=lambda q: due(cards[q.id]))  # stable: bank order breaks ties
    overdue = [q for q in by_due if due(cards[q.id]) <= now]
    later = [q for q in by_due if due(cards[q.id]) > now]
    picked: Sequence[Question] = {"due": overdue + fresh, "new": fresh}.get(mode or "", overdue + fresh + later)
    return list(picked[:count])


def next_due(cards: Mapping[str, Mapping]) -> datetime | None:
    """The soonest due time over all cards, or None when there are none.

    >>> next_due({}) is None, next_due({"q": {"due": "2025-03-01T12:00:00+00:00"}}).day
    (True, 1)
    """
    return min((due(c) for c in cards.values()), default=None)


__all__ = ["Choice", "preview", "choose", "due", "next_due", "scheduler", "RATINGS", "DEFAULT_COUNT", "MODES"]
