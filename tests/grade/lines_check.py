"""Grade a working on a bank question and look at one line or one answer part: the helpers tables of cases share."""

from __future__ import annotations

from fractions import Fraction

from bank.grade.report import Final, Report


def report(qid: str, seed: str | None, working: str, params: dict | None = None) -> Report:
    """The grader's report on ``working`` for one variant of a question of the bank (``params`` pins values)."""
    from bank.grade import grade
    from bank.load import load
    from bank.variant import variant

    q = load().question(qid)
    pinned = {k: Fraction(str(x)) for k, x in params.items()} if params else None
    return grade(q, variant(q, seed, params=pinned) if pinned else variant(q, seed), working + "\n")


def assert_line(qid: str, seed: str | None, working: str, line: int, status: str, step: str | None,
                params: dict | None = None) -> None:
    """Line ``line`` of ``working`` is marked ``status``, for ``step`` (by its lead claim or one of that status)."""
    got = next(x for x in report(qid, seed, working, params).lines if x.n == line)
    steps = {got.step} | {c.step for c in got.claims if c.status == status}
    assert (str(got.status), step in steps) == (status, True), got.message


def part(qid: str, seed: str | None, working: str, step: str) -> Final:
    """The verdict on the answer part that is ``step``."""
    return next(p for p in report(qid, seed, working).parts if p.step == step)
