"""Round fifty-five: digits grouped the Indian way (``3,27,680 B``, ``52,00,00,000``) and its words (``108 lakh``,
``52 crore``), and fractions written as Unicode's single characters (``× ½``, ``1¾ cards``) or as a share of a
value (``9/10 of 80 GB``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s28-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-per-token", None, "KV per token = 2 × 80 × 8 × 128 × 2 bytes = 3,27,680 B", 1, "correct", "kv_token"),
    ("kv-cache-per-token", None, "per seq: 3,27,680 × 8,192 = 2,68,43,54,560 B", 1, "correct", "kv_seq"),
    ("kv-cache-per-token", None, "per seq: 3,27,680 × 8,192 = 2,86,43,54,560 B", 1, "slip", "kv_seq"),
    ("token-cost-from-card-price", None, "Tokens/hr = 3,000 × 3,600 = 1,08,00,000 = 108 lakh tokens", 1, "correct",
     "tokens_hour"),
    ("weight-memory-precision", None, "70B params = 7,000 crore params\n7,000 crore × 2 B = 140 GB", 2, "correct",
     "w16"),
    ("kv-cache-per-token", None, "per seq: 327,680 × 8,192 = 2,684,354,560 B", 1, "correct", "kv_seq"),
], ids=["lakh-grouping", "crore-grouping", "a-slip-in-it", "lakh", "crore", "western-grouping-still"])
def test_indian_numbers(qid, seed, working, line, status, step):
    """``2,68,43,54,560``: two-digit groups above the thousands, as India writes them; ``lakh`` is 10⁵ and
    ``crore`` 10⁷."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, "4-bit: 70e9 × ½ B = 35 GB", 1, "correct", "w4"),
    ("weight-memory-precision", None, "140 / 80 = 1¾ cards", 1, "correct", "cards16_exact"),
    ("weight-memory-precision", None, "4-bit: 70e9 × ¼ B = 35 GB", 1, "slip", "w4"),
    ("kv-cache-capacity", None, "usable: 9/10 of 80 GB = 72 GB", 1, "correct", "usable"),
    ("kv-cache-capacity", None, "usable: 9/10 of 80 GB = 62 GB", 1, "slip", "usable"),
], ids=["half-glyph", "mixed-number-glyph", "a-quarter-is-a-slip", "share-of", "share-of-slip"])
def test_fractions(qid, seed, working, line, status, step):
    """``½``, ``1¾``: fractions in one character, exact; ``9/10 of 80 GB`` takes that share of it."""
    assert_line(qid, seed, working, line, status, step)
