"""Review history: one SQLite file holding every review and each question's card.

The file lives in the platformdirs user data folder unless ``--db`` or
``BANK_DB`` names another. Its schema version is ``PRAGMA user_version``;
a file from a newer bank, or one that is not a bank history at all, raises
:class:`HistoryError` with a way out instead of a traceback.

Each review is committed in its own transaction the moment it is rated, so
Ctrl-C or a killed process loses nothing already rated. Question ids are the
identity: editing a question's prose keeps its history.

>>> import tempfile, os
>>> h = History.open(os.path.join(tempfile.mkdtemp(), "h.sqlite3"))
>>> h.reviews(), h.cards()
([], {})
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from ..errors import BankError

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


class History:
    """An open history file. Use :meth:`open`; close with :meth:`close` or ``with``."""

    def __init__(self, path: Path, conn: sqlite3.Connection):
        self.path, self._conn = path, conn

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, create: bool = True) -> History:
        """Open (and create or upgrade) the history at ``path`` (default: :func:`default_path`)."""
        path = Path(path) if path else default_path()
        try:
            if create:
                path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, timeout=10, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise HistoryError(f"cannot open the history {path}: {exc}. {_way_out(path)}") from None
        history = cls(path, conn)
        history._guard(history._prepare)
        return history

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self._conn.close()

    def _guard(self, action, *args):
        """Run ``action``, turning SQLite failures into a :class:`HistoryError` with a way out."""
        try:
            return action(*args)
        except sqlite3.DatabaseError as exc:
            raise HistoryError(f"{self.path} is not a usable bank history ({exc}). {_way_out(self.path)}") from None

    def _prepare(self) -> None:
        version = self._conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise HistoryError(
                f"{self.path} was written by a newer bank (history schema {version}; this bank reads up to "
                f"{SCHEMA_VERSION}). Upgrade bank, or use --db PATH (or BANK_DB) for a separate history.")
        if version == 0 and self._tables() - {"sqlite_sequence"}:
            raise HistoryError(f"{self.path} is an SQLite file but not a bank history. {_way_out(self.path)}")
        for step in range(version, SCHEMA_VERSION):
            self._conn.executescript(f"BEGIN; {MIGRATIONS[step]}; PRAGMA user_version = {step + 1}; COMMIT;")

    def _tables(self) -> set[str]:
        return {r[0] for r in self._conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    # ------------------------------------------------------------------ writing

    def record(self, review: Review, card: dict) -> int:
        """Store a rated review and the question's new card state in one transaction; return its id."""
        return self._guard(self._record, review, card)

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
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return cur.lastrowid

    # ------------------------------------------------------------------ reading

    def reviews(self) -> list[Review]:
        """Every review, oldest first."""
        return self._guard(self._reviews)

    def _reviews(self) -> list[Review]:
        rows = self._conn.execute(
            "SELECT id, question, bank, level, tags, seed, started, ended, answer, lines, score, rating,"
            " hints, revealed FROM reviews ORDER BY started, id").fetchall()
        return [Review(id=r[0], question=r[1], bank=r[2], level=r[3], tags=tuple(json.loads(r[4])), seed=r[5],
                       started=datetime.fromisoformat(r[6]), ended=datetime.fromisoformat(r[7]), answer=r[8],
                       lines=tuple(json.loads(r[9])), score=r[10], rating=r[11], hints=r[12],
                       revealed=bool(r[13])) for r in rows]

    def cards(self) -> dict[str, dict]:
        """question id -> card state (``fsrs.Card.to_dict()`` form)."""
        return self._guard(lambda: {q: json.loads(c) for q, c in
                                    self._conn.execute("SELECT question, card FROM cards")})


__all__ = ["History", "HistoryError", "Review", "default_path", "SCHEMA_VERSION"]
