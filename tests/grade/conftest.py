"""Fixtures for the grader's tests: a small fixed bank, and a helper that marks a working."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "questions"


@pytest.fixture(scope="session")
def fixtures():
    """The grader's own fixed questions (tests/grade/questions): their numbers never move."""
    from bank.load import load

    return load(FIXTURES)


@pytest.fixture(scope="session")
def mark(fixtures):
    """mark(question_id, *lines, seed=None) -> Report, against the fixture bank."""
    from bank.grade import grade
    from bank.variant import variant

    def run(qid: str, *lines: str, seed=None):
        q = fixtures.question(qid)
        return grade(q, variant(q, seed), "\n".join(lines))

    return run
