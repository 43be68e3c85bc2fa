"""Issue 11, items 5, 7 and 14 for the quiz: histories that cannot be written, damaged rows, odd --db paths,
and escape sequences in what a learner types.

Each case runs `bank quiz` or `bank stats` in a bounded child (tests/hostile/conftest.py).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest

from bank.quiz.history import History, Review
from tests.classroom.conftest import QUESTIONS

from .conftest import run_bank

#: One prose question (an empty answer, then rating 3): the smallest sitting that saves a rating.
SITTING = ["--questions", str(QUESTIONS), "--tag", "draining", "--level", "warm-up", "-n", "1", "--seed", "k"]
RATE = "\n3\n"


def quiz(db: Path | str, stdin: str = RATE, timeout: float = 30):
    return run_bank(["quiz", *SITTING, "--db", str(db)], stdin=stdin, timeout=timeout)


def said(done) -> str:
    """The output with rich's line wrapping undone (words joined by single spaces)."""
    return " ".join(done.output.split())


def stats(db: Path | str):
    return run_bank(["stats", "--json", "--questions", str(QUESTIONS), "--db", str(db)])


def saved(db: Path) -> list[Review]:
    with History.open(db, create=False) as history:
        return history.reviews()


@pytest.fixture
def history(tmp_path) -> Path:
    """A history with one review, so the schema exists."""
    db = tmp_path / "history.sqlite3"
    done = quiz(db)
    assert done.returncode == 0, done.output
    assert len(saved(db)) == 1
    return db


# ----------------------------------------------------------------------------- cannot write

def test_a_lock_held_past_ten_seconds_keeps_the_rating_and_saves_it_later(history):
    """Another writer takes the lock as the rating prompt shows and holds it for 16 s: the first try fails
    after 10 s, the end of the sitting saves it. (The lock is taken at the prompt, not before the child
    starts: on a loaded machine the child could take more than 6 s to start and never see the lock.)"""
    import sys

    from .conftest import MEMORY_MB, _limit

    child = subprocess.Popen([sys.executable, "-m", "bank", "quiz", *SITTING, "--db", str(history)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             env={**os.environ, "NO_COLOR": "1"}, preexec_fn=_limit(MEMORY_MB))
    assert child.stdin is not None and child.stdout is not None
    os.set_blocking(child.stdout.fileno(), False)
    child.stdin.write(b"\n")
    child.stdin.flush()
    seen, deadline = b"", time.monotonic() + 30
    while b"rating 1-4>" not in seen:
        assert time.monotonic() < deadline and child.poll() is None, seen.decode()
        seen += os.read(child.stdout.fileno(), 65536) if _readable(child.stdout.fileno()) else b""
    conn = sqlite3.connect(history, isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN IMMEDIATE")
    released = threading.Timer(16, lambda: conn.execute("ROLLBACK"))
    released.start()
    child.stdin.write(b"3\n")
    child.stdin.close()
    try:
        child.wait(timeout=60)
    finally:
        released.join()
        conn.close()
    os.set_blocking(child.stdout.fileno(), True)
    output = (seen + child.stdout.read()).decode("utf-8", "replace")
    text = " ".join(output.split())
    assert child.returncode == 0 and "Traceback" not in output, output
    assert "Not saved yet: the history" in text and "is locked by another program" in text
    assert "kept and will be saved" in text
    assert "mv " not in text and "Move it aside" not in text
    assert len(saved(history)) == 2   # the rating was kept in memory and saved once the lock went


def _readable(fd: int) -> bool:
    import select

    return bool(select.select([fd], [], [], 0.1)[0])


def test_a_lock_that_never_goes_says_plainly_which_ratings_were_lost(history):
    conn = sqlite3.connect(history, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        done = quiz(history, timeout=60)
    finally:
        conn.execute("ROLLBACK")
        conn.close()
    assert done.returncode == 0, done.output
    assert "Not saved: 1 rating (prose-only (Good))" in said(done)
    assert "is locked by another program" in said(done) and "Move it aside" not in said(done)


@pytest.fixture
def immutable(history):
    """The history made read-only in a way root cannot write through (chattr +i)."""
    if subprocess.run(["chattr", "+i", str(history)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available here")
    yield history
    subprocess.run(["chattr", "-i", str(history)], capture_output=True)


def test_a_read_only_history_is_named_read_only_not_corrupt(immutable):
    done = quiz(immutable)
    assert done.returncode == 0, done.output
    assert "is read-only" in said(done)
    assert "Move it aside" not in said(done) and "mv " not in said(done)
    assert "Not saved: 1 rating" in said(done)
    assert len(saved(immutable)) == 1


@pytest.fixture
def full_disk(tmp_path):
    """A 256 KB tmpfs holding a history, then filled to the last byte."""
    mount = tmp_path / "small"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    try:
        db = mount / "history.sqlite3"
        assert quiz(db).returncode == 0
        try:
            with open(mount / "filler", "wb") as filler:
                while True:
                    filler.write(b"\0" * 4096)
                    filler.flush()
        except OSError:
            pass   # full
        yield db
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_full_disk_is_named_and_the_rating_reported(full_disk):
    done = quiz(full_disk)
    assert done.returncode == 0, done.output
    assert "the disk is full" in said(done) or "cannot be written" in said(done), done.output
    assert "Move it aside" not in said(done)
    assert "Not saved: 1 rating" in said(done)


@pytest.mark.parametrize("path", ["/dev/null", "/dev/zero", "DIR"], ids=["dev-null", "dev-zero", "folder"])
def test_a_db_that_is_not_a_file_gets_no_mv_advice(tmp_path, path):
    folder = path == "DIR"
    path = str(tmp_path) if folder else path
    for done in (quiz(path), stats(path)):
        if folder:   # click refuses it as a usage error before bank sees it
            assert done.returncode == 2 and "is a directory" in said(done)
        else:
            assert done.returncode == 1
            assert f"cannot keep the history in {path}" in said(done)
        assert "mv " not in said(done) and "Move it aside" not in said(done)


def test_a_fifo_as_db_does_not_hang(tmp_path):
    fifo = tmp_path / "h.sqlite3"
    os.mkfifo(fifo)
    done = quiz(fifo, timeout=20)
    assert done.returncode == 1 and "it is a FIFO" in said(done)


def test_a_really_corrupt_history_still_gets_the_way_out(tmp_path):
    db = tmp_path / "history.sqlite3"
    db.write_bytes(b"not a database, just text " * 200)
    done = quiz(db)
    assert done.returncode == 1 and "Move it aside" in said(done) and "--db" in said(done)


# ----------------------------------------------------------------------------- damaged rows

DAMAGE = [
    ("bad tags JSON", "UPDATE reviews SET tags = '[not json'"),
    ("bad lines JSON", "UPDATE reviews SET lines = '{{{'"),
    ("bad started date", "UPDATE reviews SET started = 'yesterday-ish'"),
    ("bad ended date", "UPDATE reviews SET ended = '2025-13-45T99:00:00'"),
    ("naive dates", "UPDATE reviews SET started = '2025-03-01T09:00:00', ended = '2025-03-01T09:01:00'"),
    ("card without due", "UPDATE cards SET card = '{\"card_id\": 1, \"state\": 2}'"),
    ("card not JSON", "UPDATE cards SET card = 'garbage'"),
    ("card due not a date", "UPDATE cards SET card = '{\"due\": \"soon\"}'"),
    ("card with damaged fsrs fields", "UPDATE cards SET card = json_set(card, '$.stability', 'x', '$.state', 9)"),
    ("naive card due", "UPDATE cards SET card = json_set(card, '$.due', '2025-03-01T09:00:00'),"
                       " due = '2025-03-01T09:00:00'"),
    ("score not a number", "UPDATE reviews SET score = 'lots'"),
]


@pytest.mark.parametrize("sql", [sql for _, sql in DAMAGE], ids=[i for i, _ in DAMAGE])
def test_damaged_rows_crash_neither_stats_nor_quiz(history, sql):
    with sqlite3.connect(history) as conn:
        conn.execute(sql)
    shown = stats(history)
    assert shown.returncode == 0, shown.output
    figures = json.loads(shown.stdout)
    assert figures["reviews"] + figures["damaged_rows"] >= 1
    plain = run_bank(["stats", "--questions", str(QUESTIONS), "--db", str(history)])
    assert plain.returncode == 0, plain.output
    again = quiz(history)
    assert again.returncode == 0, again.output
    assert "Saved: Good" in said(again)


# ----------------------------------------------------------------------------- escape sequences

def test_escape_sequences_typed_at_the_quiz_are_never_echoed(tmp_path):
    evil = "my answer\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e\r"
    done = quiz(tmp_path / "h.sqlite3", stdin=f"{evil}\n\n3\n")
    assert done.returncode == 0, done.output
    assert "my answer" in said(done)
    assert not any(c in done.output for c in "\x1b\x07\x9b\u202e"), repr(done.output)
    [review] = saved(tmp_path / "h.sqlite3")
    assert review.answer == "my answer"
