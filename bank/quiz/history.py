"""Review history: one SQLite file holding every review and each question's card.

The file lives in the platformdirs user data folder unless ``--db`` or
``BANK_DB`` names another. Its schema version is ``PRAGMA user_version``;
a file from a newer bank, or one that is not a bank history at all, raises
:class:`HistoryError` with a way out instead of a traceback. Only a file
that is really damaged (or someone else's) gets the advice to move it
aside; a locked, read-only or full one is named as such
(:func:`what_failed`), and ``--db /dev/null`` or a folder is refused as not
a file.

Each review is committed in its own transaction the moment it is rated, so
Ctrl-C or a killed process loses nothing already rated. A write that fails
raises :class:`HistoryWriteError`, which the quiz catches: it keeps the
rating and tries again. Question ids are the identity: editing a question's
prose keeps its history. A damaged row (bad JSON, a bad date, a card without
``due``) is skipped and counted in :attr:`History.skipped`, never a crash.

>>> import tempfile, os
>>> h = History.open(os.path.join(tempfile.mkdtemp(), "h.sqlite3"))
>>> h.reviews(), h.cards()
([], {})
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import stat
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from .._files import kind
from ..errors import BankError

#: Seconds to wait for another program's lock before a write fails.
LOCK_WAIT = 10

#: The schema this bank writes; MIGRATIONS[v] upgrades a file from version v to v + 1.
SCHEMA_VERSION = 1

MIGRATIONS = (
    """
    CREATE TABLE reviews (
        id       INTEGER PRIMARY KEY,
        question TEXT NOT NULL,      -- question id: the identity, stable across prose edits
        bank     TEXT NOT NULL,      -- bank, level and tags as they were when reviewed
        level    TEXT NOT NULL,
        tags     TEXT NOT NULL,      -- JSON list
        seed     TEXT,               -- variant seed; NULL for a question without numbers
        started  TEXT NOT NULL,      -- ISO 8601, UTC
        ended    TEXT NOT NULL,      -- ISO 8601, UTC
        duration REAL NOT NULL,      -- seconds
        answer   TEXT NOT NULL,      -- the learner's short answer, if any
        lines    TEXT NOT NULL,      -- JSON: the grader's verdict for each working line
        score    REAL,               -- 0..1; NULL when there was nothing to grade
        rating   INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
        hints    INTEGER NOT NULL DEFAULT 0,
        revealed INTEGER NOT NULL DEFAULT 0  -- 1 when the learner typed `show`
    );
    CREATE INDEX reviews_question ON reviews (question);
    CREATE TABLE cards (
        question TEXT PRIMARY KEY,
        card     TEXT NOT NULL,      -- JSON from fsrs.Card.to_dict()
        due      TEXT NOT NULL,      -- copy of the card's due time, for ordering
        updated  TEXT NOT NULL
    );
    """,
)


class HistoryError(BankError):
    """The history file cannot be used; the message says how to get going again."""


class HistoryWriteError(HistoryError):
    """A review could not be saved; the message says plainly why (locked, full, read-only, damaged)."""


@dataclass(frozen=True)
class Review:
    """One rated question, as stored."""

    question: str
    bank: str
    level: str
    started: datetime
    ended: datetime
    rating: int
    tags: tuple[str, ...] = ()
    seed: str | None = None
    answer: str = ""
    lines: tuple[dict, ...] = ()
    score: float | None = None
    hints: int = 0
    revealed: bool = False
    id: int | None = field(default=None, compare=False)

    @property
    def duration(self) -> float:
        """Seconds from showing the question to the rating."""
        return (self.ended - self.started).total_seconds()


def default_path() -> Path:
    """``$BANK_DB`` if set, else ``history.sqlite3`` in the user data folder."""
    if os.environ.get("BANK_DB"):
        return Path(os.environ["BANK_DB"])
    import platformdirs

    return platformdirs.user_data_path("bank") / "history.sqlite3"


def _way_out(path: Path) -> str:
    return (f"Move it aside to start a fresh history (mv '{path}' '{path}.old'), "
            "or use --db PATH (or BANK_DB) to choose another file.")


#: SQLite result codes (primary) -> what failed, in words; only CORRUPT and NOTADB mean a damaged file.
_CODES = {"SQLITE_BUSY": "is locked by another program (another `bank quiz`?) and stayed locked for 10 s",
          "SQLITE_LOCKED": "is locked by another program (another `bank quiz`?) and stayed locked for 10 s",
          "SQLITE_FULL": "cannot grow: the disk is full",
          "SQLITE_READONLY": "is read-only",
          "SQLITE_PERM": "is read-only",
          "SQLITE_CANTOPEN": "cannot be opened",
          "SQLITE_IOERR": "cannot be written (an input/output error)",
          "SQLITE_CORRUPT": "is damaged",
          "SQLITE_NOTADB": "is not an SQLite database"}
_MESSAGES = {"database is locked": "SQLITE_BUSY", "disk is full": "SQLITE_FULL", "readonly": "SQLITE_READONLY",
             "malformed": "SQLITE_CORRUPT", "not a database": "SQLITE_NOTADB", "disk I/O": "SQLITE_IOERR",
             "unable to open": "SQLITE_CANTOPEN"}


def what_failed(exc: sqlite3.Error) -> tuple[str, bool]:
    """(what is wrong with the file, in words; whether the file itself is damaged).

    >>> what_failed(sqlite3.OperationalError("database is locked"))
    ('is locked by another program (another `bank quiz`?) and stayed locked for 10 s', False)
    >>> what_failed(sqlite3.DatabaseError("file is not a database"))[1]
    True
    """
    name = getattr(exc, "sqlite_errorname", "") or next(
        (code for text, code in _MESSAGES.items() if text in str(exc)), "")
    primary = "_".join(name.split("_")[:2])
    words = _CODES.get(primary, f"cannot be used ({exc})")
    return words, primary in ("SQLITE_CORRUPT", "SQLITE_NOTADB")


def _not_a_file(path: Path) -> str | None:
    """Why ``path`` cannot hold a history (a device, a FIFO, a folder), or None."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    return (f"cannot keep the history in {path}: it is {kind(mode)}. Use --db PATH (or BANK_DB) "
            f"to name a file, for example --db history.sqlite3")


class History:
    """An open history file. Use :meth:`open`; close with :meth:`close` or ``with``."""

    def __init__(self, path: Path, conn: sqlite3.Connection):
        self.path, self._conn = path, conn
        self.skipped = 0  # damaged rows left out of reviews() and cards()

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, create: bool = True) -> History:
        """Open (and create or upgrade) the history at ``path`` (default: :func:`default_path`)."""
        path = Path(path) if path else default_path()
        refused = _not_a_file(path)
        if refused:
            raise HistoryError(refused)
        try:
            if create:
                path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, timeout=LOCK_WAIT, isolation_level=None)
        except OSError as exc:
            raise HistoryError(f"cannot open the history {path}: {exc.strerror or exc}. "
                               "Use --db PATH (or BANK_DB) to choose another file.") from None
        except sqlite3.Error as exc:
            raise HistoryError(f"the history {path} {what_failed(exc)[0]}. "
                               "Use --db PATH (or BANK_DB) to choose another file.") from None
        history = cls(path, conn)
        history._guard(history._prepare)
        return history

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._conn.close()

    def _guard(self, action: Callable, *args: Any, error: type[HistoryError] = HistoryError) -> Any:
        """Run ``action``, turning SQLite failures into ``error``; only a damaged file gets the way out."""
        try:
            return action(*args)
        except sqlite3.Error as exc:
            words, damaged = what_failed(exc)
            advice = _way_out(self.path) if damaged else "Use --db PATH (or BANK_DB) to choose another file."
            raise error(f"the history {self.path} {words}. {advice}") from None

    def _prepare(self) -> None:
        version = self._conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise HistoryError(
                f"{self.path} was written by a newer bank (history schema {version}; this bank reads up to "
                f"{SCHEMA_VERSION}). Upgrade bank, or use --db PATH (or BANK_DB) for a separate history.")
        if version == 0 and self._tables() - {"sqlite_sequence"}:
            raise HistoryError(f"{self.path} is an SQLite file but not a bank history, so it is left untouched. "
                               "Use --db PATH (or BANK_DB) to keep your history in another file.")
        for step in range(version, SCHEMA_VERSION):
            self._conn.executescript(f"BEGIN; {MIGRATIONS[step]}; PRAGMA user_version = {step + 1}; COMMIT;")

    def _tables(self) -> set[str]:
        return {r[0] for r in self._conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    # ------------------------------------------------------------------ writing

    def record(self, review: Review, card: dict) -> int:
        """Store a rated review and the question's new card state in one transaction; return its id.

        SQLite retries a locked file for up to :data:`LOCK_WAIT` seconds; after that, or on a
        full disk or a read-only file, it raises :class:`HistoryWriteError` saying what failed,
        and the caller keeps the rating to try again (:class:`bank.quiz.run.Keeper`).
        """
        return self._guard(self._record, review, card, error=HistoryWriteError)

    def _record(self, review: Review, card: dict) -> int:
        row = (review.question, review.bank, review.level, json.dumps(list(review.tags)), review.seed,
               review.started.isoformat(), review.ended.isoformat(), review.duration, review.answer,
               json.dumps(list(review.lines), ensure_ascii=False), review.score, review.rating,
               review.hints, int(review.revealed))
        conn = self._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            cur = conn.execute(
                "INSERT INTO reviews (question, bank, level, tags, seed, started, ended, duration, answer,"
                " lines, score, rating, hints, revealed) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", row)
            conn.execute("INSERT INTO cards (question, card, due, updated) VALUES (?,?,?,?)"
                         " ON CONFLICT (question) DO UPDATE SET card = excluded.card, due = excluded.due,"
                         " updated = excluded.updated",
                         (review.question, json.dumps(card), card["due"], review.ended.isoformat()))
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # SQLite may already have rolled back (a full disk does)
                conn.execute("ROLLBACK")
            raise
        return int(cur.lastrowid or 0)

    # ------------------------------------------------------------------ reading

    def reviews(self) -> list[Review]:
        """Every review, oldest first."""
        return self._guard(self._reviews)

    def _reviews(self) -> list[Review]:
        rows = self._conn.execute(
            "SELECT id, question, bank, level, tags, seed, started, ended, answer, lines, score, rating,"
            " hints, revealed FROM reviews ORDER BY started, id").fetchall()
        reviews = [r for r in map(_review, rows) if r is not None]
        self.skipped += len(rows) - len(reviews)
        return reviews

    def cards(self) -> dict[str, dict]:
        """question id -> card state (``fsrs.Card.to_dict()`` form); damaged cards are left out."""
        rows = self._guard(lambda: self._conn.execute("SELECT question, card FROM cards").fetchall())
        cards = {q: c for q, c in ((q, _card(c)) for q, c in rows) if c is not None}
        self.skipped += len(rows) - len(cards)
        return cards


def _review(r: tuple) -> Review | None:
    """A stored row as a :class:`Review`, or None when a date or the rating is unreadable.

    Damaged JSON in ``tags`` or ``lines`` only loses that field.
    """
    try:
        rating = int(r[11])
        if not 1 <= rating <= 4 or not isinstance(r[1], str):
            return None
        return Review(id=r[0], question=r[1], bank=str(r[2]), level=str(r[3]), tags=_strings(r[4]), seed=r[5],
                      started=parse_time(r[6]), ended=parse_time(r[7]), answer=str(r[8] or ""),
                      lines=_dicts(r[9]), score=_score(r[10]), rating=rating, hints=int(r[12] or 0),
                      revealed=bool(r[13]))
    except (TypeError, ValueError, OverflowError):
        return None


def _card(text: object) -> dict | None:
    """A stored card, or None when it is not a JSON object with a readable ``due``."""
    try:
        card = json.loads(str(text))
        if not isinstance(card, dict):
            return None
        card["due"] = parse_time(card["due"]).isoformat()
        return card
    except (TypeError, ValueError, KeyError, OverflowError):
        return None


def parse_time(text: object) -> datetime:
    """An ISO 8601 time; one without a zone is taken as UTC (the history writes UTC).

    >>> parse_time("2025-03-01T12:00:00").tzinfo
    datetime.timezone.utc
    """
    when = datetime.fromisoformat(str(text))
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def _strings(text: object) -> tuple[str, ...]:
    try:
        value = json.loads(str(text))
    except ValueError:
        return ()
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def _dicts(text: object) -> tuple[dict, ...]:
    try:
        value = json.loads(str(text))
    except ValueError:
        return ()
    return tuple(v for v in value if isinstance(v, dict)) if isinstance(value, list) else ()


def _score(value: object) -> float | None:
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return min(max(float(value), 0.0), 1.0)


__all__ = ["History", "HistoryError", "HistoryWriteError", "Review", "default_path", "parse_time", "what_failed",
           "SCHEMA_VERSION"]
