"""Choosing questions (due soonest first, then new) and the fsrs previews behind the rating prompt."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import fsrs
import pytest

from bank.model import Question
from bank.quiz import schedule

NOW = datetime(2025, 3, 10, 12, 0, tzinfo=timezone.utc)


def question(qid: str) -> Question:
    return Question(id=qid, bank="b", level="core", title=qid, answer="a", takeaway="t")


def card(due: datetime) -> dict:
    return fsrs.Card(card_id=1, state=fsrs.State.Review, stability=3.0, difficulty=5.0, due=due,
                     last_review=due - timedelta(days=3)).to_dict()


POOL = [question(q) for q in ("a", "b", "c", "d", "e", "f")]
CARDS = {"a": card(NOW + timedelta(days=2)),      # not yet due
         "b": card(NOW - timedelta(hours=1)),     # due an hour ago
         "c": card(NOW - timedelta(days=3)),      # most overdue
         "e": card(NOW + timedelta(hours=5))}     # due later today
# d and f are new


@pytest.mark.parametrize("mode, count, expected", [
    ("due", 10, ["c", "b", "d", "f"]),
    ("due", 3, ["c", "b", "d"]),
    ("due", 1, ["c"]),
    ("new", 10, ["d", "f"]),
    (None, 10, ["c", "b", "d", "f", "e", "a"]),
    (None, 4, ["c", "b", "d", "f"]),
], ids=["due-then-new", "due-capped", "due-only-first", "new-only", "default-everything", "default-capped"])
def test_choose_orders_due_soonest_first_then_new(mode, count, expected):
    assert [q.id for q in schedule.choose(POOL, CARDS, NOW, mode, count)] == expected


def test_nothing_due_and_nothing_new_is_empty():
    seen = {q.id: card(NOW + timedelta(days=1)) for q in POOL}
    assert schedule.choose(POOL, seen, NOW, "due") == []
    assert [q.id for q in schedule.choose(POOL, seen, NOW)] == [q.id for q in POOL]


def test_preview_is_the_real_scheduler_for_every_rating():
    # fsrs fuzzes long intervals with the random module: the same state must give the same cards.
    random.seed(7)
    choices = schedule.preview(None, NOW)
    random.seed(7)
    new = fsrs.Card(card_id=int(NOW.timestamp() * 1000), due=NOW)
    expected = [fsrs.Scheduler().review_card(new, rating, NOW)[0] for rating in fsrs.Rating]
    assert [c.rating for c in choices] == [1, 2, 3, 4]
    assert [c.card for c in choices] == [e.to_dict() for e in expected]
    assert [c.due for c in choices] == [e.due for e in expected]
    assert choices[0].due < choices[1].due < choices[2].due < choices[3].due


def test_preview_of_a_reviewed_card_moves_later_with_a_better_rating():
    random.seed(1)
    choices = schedule.preview(CARDS["b"], NOW)
    assert choices[0].due < choices[1].due <= choices[2].due <= choices[3].due
    assert choices[2].due - NOW > timedelta(days=1)
    assert all(c.card["last_review"] == NOW.isoformat() for c in choices)
