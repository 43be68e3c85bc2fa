"""Round fifty-three: a value said again roughly in brackets (``273 tok/s (~270)``), a signed value after a word
that is also a step's name (``backlog +1 req/s``), and French units (``16 Go``, ``65,5 Mo``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s28-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

#: The cache read ten times too big, so the speed per sequence carries it; then that speed said roughly again.
TEN_TIMES = ("alone: 16 GB / 3.35 TB/s = 4.78 ms\n"
             "KV read: 32 × 2,048 × 131,072 B = 85.9 GB\n"
             "step: (16 + 85.9) GB / 3.35 TB/s = 30.4 ms\n"
             "per seq: 1 / 30.4 ms ≈ 32.9 tok/s (~30)\n")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("decode-bandwidth-bound", None, TEN_TIMES + "card: 32 × 32.9 = 1,053 tok/s", 5, "carried", "aggregate"),
    ("decode-bandwidth-bound", None, TEN_TIMES + "card: 32 × 30 = 960 tok/s", 5, "carried", "aggregate"),
    ("decode-bandwidth-bound", None, TEN_TIMES + "card: 32 × 32.9 = 1,153 tok/s", 5, "slip", "aggregate"),
], ids=["the-exact-value-carries", "the-rough-one-too", "a-slip-on-it"])
def test_rough_aside(qid, seed, working, line, status, step):
    """``≈ 32.9 tok/s (~30)``: the line's value is 32.9, said again roughly; a later line built on either is carried."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("autoscaling-signal", None, "12 − 11 = 1 req/s\n1 × 60 = 60 requests\n"
     "Answer: 5 in the system, backlog +1 req/s, 60 waiting", 3, "correct", "backlog_growth"),
    ("launch-sizing", None, "fleet = serving +1 = 4 replicas", 1, "correct", "fleet"),
], ids=["signed-after-a-step-name", "a-name-then-plus-one-with-a-result"])
def test_signed_after_a_word(qid, seed, working, line, status, step):
    """``backlog +1 req/s``: the word names the value, the sign is the value's own; ``serving +1 = 4`` still adds."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-capacity", None, "per sequence: 131 072 octets × 4 096 = 0,537 Go", 1, "correct", "kv_seq"),
    ("kv-cache-capacity", None, "per sequence: 131 072 octets × 4 096 = 536,9 Mo", 1, "correct", "kv_seq"),
    ("kv-cache-capacity", None, "per sequence: 131 072 octets × 4 096 = 5,37 Go", 1, "slip", "kv_seq"),
], ids=["octets-to-giga-octets", "mega-octets", "a-slip-in-octets"])
def test_french_units(qid, seed, working, line, status, step):
    """``Go``, ``Mo``, ``To``: gigaoctets, megaoctets, teraoctets, the French bytes."""
    assert_line(qid, seed, working, line, status, step)
