"""Figures from the review history: what ``bank stats`` shows.

- reviews, average score and retention per bank, level and tag;
- the due forecast for the next 7 days (anything overdue counts today);
- the streak: consecutive days with at least one review, up to today
  (a streak survives until a whole day passes without a review);
- true retention: the share of reviews rated above Again.

Days are calendar days in ``tz`` (the local time zone by default).

>>> from datetime import datetime, timezone
>>> s = summarise([], {}, datetime(2025, 3, 1, tzinfo=timezone.utc), timezone.utc)
>>> s.reviews, s.retention, [d["due"] for d in s.forecast]
(0, None, [0, 0, 0, 0, 0, 0, 0])
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo
from typing import Callable, Iterable, Mapping, Sequence

from .history import Review
from .schedule import due

FORECAST_DAYS = 7


@dataclass(frozen=True)
class Group:
    """Figures for one bank, level or tag."""

    reviews: int
    average_score: float | None
    retention: float | None

    def as_dict(self) -> dict:
        return {"reviews": self.reviews, "average_score": _round(self.average_score),
                "retention": _round(self.retention)}


@dataclass(frozen=True)
class Stats:
    reviews: int
    questions: int
    average_score: float | None
    retention: float | None
    streak: int
    longest_streak: int
    due_now: int
    forecast: tuple[dict, ...]
    by_bank: Mapping[str, Group]
    by_level: Mapping[str, Group]
    by_tag: Mapping[str, Group]
    last_review: datetime | None
    unseen: int | None = None  # questions in the banks never reviewed (None: banks not given)
    damaged: int = 0           # rows of the history that could not be read and were left out

    def as_dict(self) -> dict:
        """The JSON shape of ``bank stats --json``."""
        return {"reviews": self.reviews, "questions": self.questions,
                "average_score": _round(self.average_score), "retention": _round(self.retention),
                "streak": {"current": self.streak, "longest": self.longest_streak},
                "due_now": self.due_now, "forecast": list(self.forecast),
                "by_bank": _groups(self.by_bank), "by_level": _groups(self.by_level),
                "by_tag": _groups(self.by_tag),
                "last_review": self.last_review.isoformat() if self.last_review else None,
                "unseen": self.unseen, "damaged_rows": self.damaged}


def summarise(reviews: Sequence[Review], cards: Mapping[str, Mapping], now: datetime,
              tz: tzinfo | None = None, known: Iterable[str] | None = None, damaged: int = 0) -> Stats:
    """Every figure ``bank stats`` shows, from the stored reviews and cards at ``now``.

    ``known`` are the question ids in the banks, to count those never reviewed;
    ``damaged`` the history rows that could not be read.
    """
    tz = tz or now.astimezone().tzinfo or timezone.utc
    today = now.astimezone(tz).date()
    days = {r.ended.astimezone(tz).date() for r in reviews}
    overall = group(reviews)
    return Stats(reviews=len(reviews), questions=len({r.question for r in reviews}),
                 average_score=overall.average_score, retention=overall.retention,
                 streak=streak(days, today), longest_streak=longest_streak(days),
                 due_now=sum(due(c) <= now for c in cards.values()),
                 forecast=forecast(cards.values(), today, tz),
                 by_bank=_by(reviews, lambda r: [r.bank]), by_level=_by(reviews, lambda r: [r.level]),
                 by_tag=_by(reviews, lambda r: r.tags),
                 last_review=max((r.ended for r in reviews), default=None),
                 unseen=None if known is None else len(set(known) - {r.question for r in reviews}),
                 damaged=damaged)


def group(reviews: Sequence[Review]) -> Group:
    """Count, average score (of scored reviews) and retention (share rated above Again).

    >>> from datetime import datetime, timezone
    >>> t = datetime(2025, 1, 1, tzinfo=timezone.utc)
    >>> group([Review("q", "b", "core", t, t, 1, score=0.5), Review("q", "b", "core", t, t, 3, score=1.0)])
    Group(reviews=2, average_score=0.75, retention=0.5)
    """
    scores = [r.score for r in reviews if r.score is not None]
    return Group(len(reviews), sum(scores) / len(scores) if scores else None,
                 sum(r.rating > 1 for r in reviews) / len(reviews) if reviews else None)


def _by(reviews: Iterable[Review], keys: Callable[[Review], Iterable[str]]) -> dict[str, Group]:
    buckets: dict[str, list[Review]] = defaultdict(list)
    for r in reviews:
        for key in keys(r):
            buckets[key].append(r)
    return {key: group(buckets[key]) for key in sorted(buckets)}


def forecast(cards: Iterable[Mapping], today: date, tz: tzinfo, days: int = FORECAST_DAYS) -> tuple[dict, ...]:
    """Cards falling due on each of the next ``days`` days; overdue ones count today.

    >>> from datetime import timezone
    >>> cards = [{"due": "2025-02-20T08:00:00+00:00"}, {"due": "2025-03-02T08:00:00+00:00"}]
    >>> [d["due"] for d in forecast(cards, date(2025, 3, 1), timezone.utc, days=3)]
    [1, 1, 0]
    """
    counts = [0] * days
    for card in cards:
        offset = max(0, (due(card).astimezone(tz).date() - today).days)
        if offset < days:
            counts[offset] += 1
    return tuple({"date": (today + timedelta(d)).isoformat(), "due": n} for d, n in enumerate(counts))


def streak(days: set[date], today: date) -> int:
    """Consecutive review days ending today, or yesterday when today has none yet.

    >>> from datetime import date
    >>> streak({date(2025, 3, 1), date(2025, 2, 28), date(2025, 2, 26)}, date(2025, 3, 2))
    2
    """
    day = today if today in days else today - timedelta(1)
    count = 0
    while day in days:
        count, day = count + 1, day - timedelta(1)
    return count


def longest_streak(days: set[date]) -> int:
    """The longest run of consecutive review days."""
    return max((streak(days, d) for d in days if d + timedelta(1) not in days), default=0)


def _groups(groups: Mapping[str, Group]) -> dict:
    return {k: g.as_dict() for k, g in groups.items()}


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


__all__ = ["Stats", "Group", "summarise", "group", "forecast", "streak", "longest_streak"]
