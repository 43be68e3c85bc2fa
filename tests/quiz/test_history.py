"""The SQLite history: schema version, one transaction per review, and clear errors for bad files."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from bank.quiz import schedule
from bank.quiz.history import SCHEMA_VERSION, History, HistoryError, Review, default_path

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)


def review(question="replica-boot-gap", rating=3, score=0.5, at=T0, **kw) -> Review:
    return Review(question=question, bank="scaling-load-balancing", level="core", started=at,
                  ended=at + timedelta(seconds=90), rating=rating, score=score, tags=("cold-start",), **kw)


def test_new_file_gets_the_current_schema_version(db):
    History.open(db).close()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"reviews", "cards"} <= tables


def test_a_review_round_trips_with_its_card(db):
    card = schedule.preview(None, T0)[2].card
    lines = ({"n": 1, "text": "70 GB / 6 GB/s = 11.7 s", "status": "correct", "step": "read_time"},)
    with History.open(db) as h:
        h.record(review(seed="ab12", answer="weights then init", lines=lines, hints=1), card)
    with History.open(db) as h:
        [got] = h.reviews()
        assert got == review(seed="ab12", answer="weights then init", lines=lines, hints=1)
        assert got.duration == 90
        assert h.cards() == {"replica-boot-gap": card}


def test_a_second_review_replaces_the_card_and_keeps_both_reviews(db):
    first = schedule.preview(None, T0)[2]
    second = schedule.preview(first.card, first.due)[3]
    with History.open(db) as h:
        h.record(review(), first.card)
        h.record(review(rating=4, at=first.due), second.card)
        assert [r.rating for r in h.reviews()] == [3, 4]
        assert h.cards()["replica-boot-gap"]["due"] == second.card["due"]


def test_each_review_is_committed_at_once(db):
    # A second connection sees the row while the first is still open: nothing waits for close().
    h = History.open(db)
    h.record(review(), schedule.preview(None, T0)[0].card)
    with sqlite3.connect(db) as other:
        assert other.execute("SELECT count(*) FROM reviews").fetchone()[0] == 1
    h.close()


@pytest.mark.parametrize("content", [b"this is not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 4000],
                         ids=["text-file", "damaged-header"])
def test_a_corrupt_file_gives_a_way_out(db, content):
    db.write_bytes(content)
    with pytest.raises(HistoryError) as info:
        History.open(db)
    message = info.value.show()
    assert str(db) in message and "Move it aside" in message and "--db" in message


def test_a_newer_schema_is_refused_with_a_way_out(db):
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(HistoryError, match="newer bank") as info:
        History.open(db)
    assert "--db" in info.value.show()


def test_someone_elses_sqlite_file_is_not_taken_over(db):
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
    with pytest.raises(HistoryError, match="not a bank history"):
        History.open(db)
    with sqlite3.connect(db) as conn:  # untouched
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0


def test_a_folder_in_the_way_is_a_clear_error(tmp_path):
    (tmp_path / "h").mkdir()
    with pytest.raises(HistoryError, match="it is a folder"):
        History.open(tmp_path / "h")


def test_the_default_path_honours_bank_db(monkeypatch, tmp_path):
    monkeypatch.setenv("BANK_DB", str(tmp_path / "x.sqlite3"))
    assert default_path() == tmp_path / "x.sqlite3"
    monkeypatch.delenv("BANK_DB")
    assert default_path().name == "history.sqlite3" and "bank" in str(default_path().parent)


@pytest.mark.parametrize("setup", ["corrupt", "newer"], ids=["corrupt", "newer-schema"])
def test_the_cli_shows_the_message_not_a_traceback(quiz, stats, db, setup):
    if setup == "corrupt":
        db.write_bytes(b"garbage" * 1000)
    else:
        with sqlite3.connect(db) as conn:
            conn.execute("PRAGMA user_version = 99")
    for result in (quiz(input="quit\n"), stats()):
        assert result.exit_code == 1
        assert "Traceback" not in result.output and "--db" in result.output
