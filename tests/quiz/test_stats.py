"""`bank stats` figures on a seeded history: groups, forecast, streak and true retention."""

from __future__ import annotations

import json
import shutil
from datetime import date, datetime, timedelta, timezone

import fsrs
import pytest

from bank.quiz.history import History, Review
from bank.quiz.stats import longest_streak, streak, summarise

SCALING = "scaling-load-balancing"
QUESTIONS = {  # id -> (bank, level, tags)
    "replica-boot-gap": (SCALING, "core", ("autoscaling", "cold-start")),
    "warm-pool-size": (SCALING, "hard", ("warm-pool", "autoscaling", "cost")),
    "slow-replica": (SCALING, "core", ("health-check", "canary", "rollback")),
    "kv-cache-per-token": ("inference-serving-arithmetic", "warm-up", ("kv-cache",)),
}
# (question, days before now, score, rating)
HISTORY = [("kv-cache-per-token", 5, 0.0, 1), ("replica-boot-gap", 2, 0.5, 1), ("replica-boot-gap", 1, 1.0, 3),
           ("warm-pool-size", 1, 0.25, 2), ("slow-replica", 0, None, 4)]
# question -> when its card is due, relative to now
DUE = {"replica-boot-gap": timedelta(days=1), "warm-pool-size": -timedelta(hours=1),
       "slow-replica": timedelta(days=3), "kv-cache-per-token": timedelta(days=10)}


def seed(path, now: datetime) -> None:
    with History.open(path) as h:
        for qid, days, score, rating in HISTORY:
            bank, level, tags = QUESTIONS[qid]
            ended = now - timedelta(days=days)
            card = fsrs.Card(card_id=1, state=fsrs.State.Review, stability=2.0, difficulty=5.0,
                             due=now + DUE[qid], last_review=ended).to_dict()
            h.record(Review(qid, bank, level, ended - timedelta(minutes=3), ended, rating, tags, "s", score=score),
                     card)


EXPECTED = {
    "reviews": 5, "questions": 4, "average_score": 0.4375, "retention": 0.6,
    "streak": {"current": 3, "longest": 3}, "due_now": 1,
    "by_bank": {"inference-serving-arithmetic": {"reviews": 1, "average_score": 0.0, "retention": 0.0},
                SCALING: {"reviews": 4, "average_score": 0.5833, "retention": 0.75}},
    "by_level": {"core": {"reviews": 3, "average_score": 0.75, "retention": 0.6667},
                 "hard": {"reviews": 1, "average_score": 0.25, "retention": 1.0},
                 "warm-up": {"reviews": 1, "average_score": 0.0, "retention": 0.0}},
}
FORECAST = [1, 1, 0, 1, 0, 0, 0]  # overdue counts today; the 10-day card falls outside the week


def test_summarise_a_seeded_history(db):
    now = datetime(2025, 3, 10, 12, 0, tzinfo=timezone.utc)
    seed(db, now)
    with History.open(db) as h:
        figures = summarise(h.reviews(), h.cards(), now, timezone.utc).as_dict()
    assert {k: figures[k] for k in EXPECTED} == EXPECTED
    assert figures["forecast"][0] == {"date": "2025-03-10", "due": 1}
    assert [d["due"] for d in figures["forecast"]] == FORECAST
    assert figures["by_tag"]["autoscaling"] == {"reviews": 3, "average_score": 0.5833, "retention": 0.6667}
    assert figures["by_tag"]["canary"] == {"reviews": 1, "average_score": None, "retention": 1.0}
    assert set(figures["by_tag"]) == {t for _, _, tags in QUESTIONS.values() for t in tags}


def test_stats_json_on_a_seeded_history(stats, db):
    seed(db, datetime.now(timezone.utc))
    result = stats("--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert {k: figures[k] for k in EXPECTED} == EXPECTED
    assert [d["due"] for d in figures["forecast"]] == FORECAST
    assert date.fromisoformat(figures["forecast"][0]["date"]) == datetime.now().astimezone().date()


def test_stats_text_on_a_seeded_history(stats, db):
    seed(db, datetime.now(timezone.utc))
    out = stats().output
    assert "5 reviews of 4 questions" in out and "average score 44%" in out and "true retention 60%" in out
    assert "Streak: 3 days (longest 3 days)" in out and "due now: 1" in out
    for name in ("scaling-load-balancing", "warm-up", "cold-start", "Due in the next 7 days"):
        assert name in out


def test_stats_counts_questions_never_reviewed(stats, db, tmp_path):
    from bank.load import load
    from tests.conftest import QUESTIONS as BUNDLED

    seed(db, datetime.now(timezone.utc))
    total = sum(1 for _ in load(BUNDLED).questions())
    assert json.loads(stats("--json").output)["unseen"] == total - len(QUESTIONS)
    assert f"{total - len(QUESTIONS)} questions not yet seen" in stats().output
    only_inference = tmp_path / "banks"
    only_inference.mkdir()
    for name in ("inference-serving-arithmetic", "glossary"):
        shutil.copytree(BUNDLED / name, only_inference / name)
    figures = json.loads(stats("--json", "--questions", str(only_inference)).output)
    assert figures["unseen"] == sum(1 for _ in load(only_inference).questions()) - 1  # kv-cache-per-token seen


def test_stats_without_a_history_says_so_and_creates_nothing(stats, db):
    result = stats()
    assert result.exit_code == 0 and "No reviews yet" in result.output
    assert json.loads(stats("--json").output)["reviews"] == 0
    assert not db.exists()


@pytest.mark.parametrize("days, today, current", [
    ({0, 1, 2}, 0, 3), ({1, 2}, 0, 2), ({2, 3}, 0, 0), (set(), 0, 0), ({0, 2, 3, 4}, 0, 1),
], ids=["through-today", "today-not-yet", "broken", "empty", "gap"])
def test_streak_counts_consecutive_days(days, today, current):
    base = date(2025, 3, 10)
    as_dates = {base - timedelta(d) for d in days}
    assert streak(as_dates, base - timedelta(today)) == current


def test_longest_streak():
    base = date(2025, 3, 10)
    assert longest_streak({base - timedelta(d) for d in (0, 2, 3, 4, 9)}) == 3
