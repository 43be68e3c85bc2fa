"""Hostile learner lines for the readings added in session 21: thousands set off by spaces, hyphenated ranges,
Markdown bold, equations and remarks in brackets, bullets. Each runs `bank grade` in a process of its own with
bounded time and memory, and must end in a verdict or a located error, never a traceback."""

from __future__ import annotations

import pytest

from .conftest import questions_folder, run_bank

LINES = {
    "spaced-thousands": "t = " + "1 000 " * 80,
    "spaced-thousands-no-end": "1 000 000 000 000 000 000 000 000 000 000 000 000 000 000 000 000 = 1e45",
    "ranges": "t = " + "1-2-" * 100 + "3",
    "range-then-result": "70-80 = -10, 70-80 s, 9-10 =",
    "bold": "**" * 200,
    "bold-words": "** a ** b " * 40 + "= 2",
    "bracket-equations": "t = 1 " + "/ (2 = 2) " * 45 + "= 0.5",
    "nested-bracket-equation": "t = 1 / (2 = (3 = 3)) = 0.5",
    "bracket-remarks": "t = 2 " + "(k,v) x 2 " * 45 + "= 4",
    "bullet-then-nothing": "* ",
    "bullets": "* " * 150 + "2 * 3 = 6",
    "share-of": "7.2k is 80% of 9k is 80% of 9k is 80% of " * 5,
    "scientific-divisor": "t = 1 " + "÷ 2 × 10^3 " * 40 + "= 5",
}


@pytest.mark.parametrize("line", list(LINES.values()), ids=list(LINES))
def test_a_hostile_line_gets_a_verdict_or_a_located_error(line, tmp_path, home):
    questions_folder(tmp_path)
    done = run_bank(["grade", "q", "--questions", "questions"], cwd=tmp_path, env=home, stdin=line + "\n",
                    timeout=20, memory_mb=512)
    assert done.returncode == 0, done.output
    assert "Traceback" not in done.output and "Score:" in done.output
