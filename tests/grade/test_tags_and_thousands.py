"""Round forty-seven: Swiss thousands (``327'680 B``), ``Given:`` and ``Find:`` blocks with a tag closing each line
(``= 140 GB   [weights]``), a multiple written ``9.5×``, and a calculator's words (``divide 148 by 2.684``, ``minus
16 GB → 56 GB``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s27-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

GIVEN = ("Given: P = 70e9 params; 2 / 1 / 0.5 B per param at 16 / 8 / 4 bit; cards of 80 GB\n"
         "Find: weight memory at each precision; cards for the 16-bit copy\n"
         "Solution:\n"
         "70e9 × 2 B = 140 GB   [16-bit weights]\n"
         "70e9 × 1 B = 70 GB   [8-bit weights]\n"
         "70e9 × 0.5 B = 35 GB   [4-bit weights]\n"
         "140 / 80 = 1.75 → 2   [cards]")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-per-token", None, "per token: 2 × 80 × 8 × 128 × 2 B = 327'680 B", 1, "correct", "kv_token"),
    ("kv-cache-per-token", None, "per sequence: 327’680 B × 8’192 = 2’684’354’560 B", 1, "correct", "kv_seq"),
    ("kv-cache-per-token", None, "per token: 2 × 80 × 8 × 128 × 2 B = 372'680 B", 1, "slip", "kv_token"),
], ids=["apostrophes", "curly-apostrophes", "a-slip-is-still-a-slip"])
def test_swiss_thousands(qid, seed, working, line, status, step):
    """``327'680``: thousands set off by apostrophes, the Swiss way."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, GIVEN, 1, "unmatched", None),
    ("weight-memory-precision", None, GIVEN, 4, "correct", "w16"),
    ("weight-memory-precision", None, GIVEN, 7, "correct", "cards16"),
    ("decode-roofline-batch", None, "AI = 16e9 / 16e9 = 1 FLOP/B   [AI at b = 1]", 1, "correct", "intensity"),
    ("kv-cache-capacity", None, "Given: usable = 0.9 × 80 = 72 GB", 1, "correct", "usable"),
], ids=["given-is-the-problem", "tagged-line", "tag-that-is-a-unit", "tag-with-an-equals", "given-with-working"])
def test_given_and_tags(qid, seed, working, line, status, step):
    """A ``Given:`` line sets out the problem (nothing to mark, unless it works a value out); a tag in square brackets
    closing a line names what it found, and is no part of its working."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("tail-latency", None, "3.8 / 0.4 = 9.5×", 1, "correct", "tail_ratio"),
    ("tail-latency", None, "3.8 s / 0.4 s ≈ 9.5×, a tail with no replica at fault", 1, "correct", "tail_ratio"),
    ("replica-boot-gap", None, "divide 70 GB by 6 GB/s → 11.7 s", 1, "correct", "read_time"),
    ("replica-boot-gap", None, "start with 70 GB\ndivide by 6 GB/s → 11.7 s", 2, "correct", "read_time"),
    ("kv-cache-capacity", None, "usable: 0.9 × 80 = 72 GB\nminus 16 GB of weights → 56 GB", 2, "correct", "free"),
    ("kv-cache-capacity", None, "usable: 0.9 × 80 = 72 GB\nminus 16 GB of weights → 66 GB", 2, "slip", "free"),
], ids=["times-sign-after", "times-sign-before-a-clause", "divide-a-by-b", "divide-by", "minus-opens-a-line",
        "minus-slip"])
def test_calculator_words(qid, seed, working, line, status, step):
    """``9.5×`` is a multiple, as ``9.5x`` is; ``divide 70 GB by 6 GB/s`` and a line opening ``minus 16 GB`` are the
    arithmetic a calculator's user says."""
    assert_line(qid, seed, working, line, status, step)
