"""The session state machine on its own: phases, events and timing, driven by a hand-set clock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from bank.load import load
from bank.quiz import session as s
from bank.quiz.warm import Warm

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture(scope="module")
def prose(questions_dir):
    return load(questions_dir).question("slow-replica")


def make(items, clock):
    warm = Warm(items, {})
    return s.Session(items, grade=warm.grade, render=warm.render, clock=clock)


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def test_a_prose_question_from_start_to_summary(prose):
    clock = Clock()
    session = make([s.Item(prose, None), s.Item(prose, None)], clock)
    assert kinds(session.start()) == ["Asked"] and session.phase is s.Phase.ANSWER
    assert session.feed("first thought") == [] and session.phase is s.Phase.ANSWER
    clock.wait(40)
    assert kinds(session.feed("")) == ["Revealed", "Choices"] and session.phase is s.Phase.RATING
    clock.wait(5)
    events = session.feed("3")
    assert kinds(events) == ["Rated", "Asked"]
    review = events[0].review
    assert (review.duration, review.answer, review.rating, review.score) == (45.0, "first thought", 3, None)
    assert events[0].card == events[0].choice.card and events[1].number == 2
    clock.wait(15)
    [summary] = session.feed("quit")
    assert isinstance(summary, s.Summary) and session.done
    assert (summary.asked, summary.rated, summary.skipped, summary.elapsed) == (2, 1, 0, 60.0)
    assert summary.next_due == events[0].choice.due
    assert session.feed("anything") == []


def test_the_previewed_due_date_is_the_one_kept(prose):
    session = make([s.Item(prose, None)], Clock())
    session.start()
    _, choices = session.feed("")
    rated = session.feed("4")[0]
    assert rated.choice == choices.choices[3] and rated.card["due"] == choices.choices[3].due.isoformat()


def test_show_then_skip_records_nothing(prose):
    session = make([s.Item(prose, None)], Clock())
    session.start()
    assert kinds(session.feed("show")) == ["Revealed", "Choices"]
    assert kinds(session.feed("skip")) == ["Skipped", "Summary"]
    assert session.rated == [] and session.skipped == 1


def test_end_of_input_is_quit(prose):
    session = make([s.Item(prose, None)], Clock())
    session.start()
    assert kinds(session.feed(None)) == ["Summary"] and session.done


def test_an_empty_session_is_just_a_summary():
    session = make([], Clock())
    [summary] = session.start()
    assert (summary.asked, summary.rated, summary.next_due) == (0, 0, None)
