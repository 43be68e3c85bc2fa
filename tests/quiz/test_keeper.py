"""The quiz keeps a rating it could not save, saves it with the next one, and names what it gave up on."""

from __future__ import annotations

import io
from datetime import datetime, timezone

from rich.console import Console

from bank.quiz import schedule
from bank.quiz.history import HistoryWriteError, Review
from bank.quiz.run import Keeper
from bank.quiz.session import Rated
from bank.quiz.terminal import Terminal

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)


class Flaky:
    """A history whose first ``failures`` writes fail the way a locked file does."""

    def __init__(self, failures: int):
        self.failures, self.saved = failures, []

    def record(self, review, card):
        if self.failures:
            self.failures -= 1
            raise HistoryWriteError("the history h.sqlite3 is locked by another program. Use --db PATH.")
        self.saved.append(review.question)
        return len(self.saved)


def rated(question: str) -> Rated:
    choice = schedule.preview(None, T0)[2]
    review = Review(question=question, bank="b", level="core", started=T0, ended=T0, rating=3)
    return Rated(review, choice.card, choice)


def test_a_failed_rating_is_kept_and_goes_in_before_the_next_one():
    history = Flaky(failures=1)
    keeper = Keeper(history)  # type: ignore[arg-type]
    assert keeper.save(rated("a")) is False and [r.review.question for r in keeper.pending] == ["a"]
    assert "locked by another program" in keeper.failure
    assert keeper.save(rated("b")) is True
    assert history.saved == ["a", "b"] and keeper.pending == []


def test_what_could_not_be_saved_is_named_at_the_end():
    history = Flaky(failures=99)
    keeper = Keeper(history)  # type: ignore[arg-type]
    keeper.save(rated("a"))
    keeper.save(rated("b"))
    console = Console(file=io.StringIO(), width=200, color_system=None)
    keeper.last_try(Terminal(console))
    out = console.file.getvalue()
    assert "Not saved: 2 ratings (a (Good), b (Good))." in out and "locked by another program" in out
    assert history.saved == []


def test_nothing_is_said_when_everything_was_saved():
    keeper = Keeper(Flaky(failures=0))  # type: ignore[arg-type]
    keeper.save(rated("a"))
    console = Console(file=io.StringIO(), width=200, color_system=None)
    keeper.last_try(Terminal(console))
    assert console.file.getvalue() == ""
