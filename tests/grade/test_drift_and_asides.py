"""Round fifty-nine: weak candidates, wrong methods carried through, aggressive rounding and other routes. What a
factor is for, said before the next operator (``× 2 for key and value = 268 MB``); a value a shortcut covered,
then said by another route from the learner's rounded values (``8,460 / 32 ≈ 264``); a count reached before the
rounding step (``52 / 2 = 26 seqs``) answering the rounded part; ``+1 spare`` going on from the serving replicas
two lines up rather than from the load between.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s29-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line, part

THROUGHPUT = "kv per user: 131,072 B x 1,024 tokens"
DECODE = ("cache per step = 32 seqs × 2,048 tok × 131,072 B = 8.59 GB, so each step reads 24.59 GB\n"
          "step = 24.59 / 3350 s = 7.34 ms\ncard total: 32 tokens per step / 7.34 ms ≈ 4,360 tok/s\n")
LAUNCH = "need 7,200 x 1.25 = 9,000 tok/s\n9,000 / 3,000 = 3 replicas serving\nload 2.4 / 3 = 80%\n"
CAPACITY = "weights 8B × 2 = 16 GB\nusable 0.9 × 80 = 72 GB → free 56 GB\n"


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("throughput-vs-concurrency", None, THROUGHPUT + " x 2 for key and value = 268 MB", 1, "slip", "kv_seq"),
    ("throughput-vs-concurrency", None, THROUGHPUT + " for one user = 134 MB", 1, "correct", "kv_seq"),
    ("prefill-time-to-first-token", None, "6.4e13 FLOP for prefill - 16 GFLOP x 4,000 tokens", 1, "correct",
     "prefill_flop"),
    ("decode-bandwidth-bound", None, DECODE + "per sequence that's 4,360 / 32 ≈ 136 tok/s", 4, "correct", "per_seq"),
    ("launch-sizing", None, LAUNCH + "+1 spare → 4 replicas", 4, "correct", "fleet"),
    ("replica-boot-gap", None, "read 70 / 6 = 11.7 s\n+ 20 s init = 31.7 s", 2, "correct", "boot_time"),
], ids=["what-a-factor-is-for", "what-a-value-is-for-at-the-end", "result-first-stays", "said-by-another-route",
        "spare-on-the-serving-replicas", "the-line-before-first"])
def test_drift_and_asides(qid, seed, working, line, status, step):
    """A phrase saying what a factor is for is an aside before ``=``; a value a shortcut covered may be said later
    from the learner's rounded values; ``+1`` goes on from the value it makes right."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("working,verdict", [
    (CAPACITY + "kv/seq ≈ 0.5 GB\n56 / 0.5 = 112 seqs", "wrong"),
    (CAPACITY + "kv/seq = 0.537 GB\n56 / 0.537 = 104 seqs", "correct"),
    (CAPACITY + "kv/seq = 0.537 GB\n56 / 0.537 ≈ 104.3 = 105 seqs", "wrong"),
], ids=["count-before-rounding-is-the-answer", "right-count", "rounded-the-wrong-way"])
def test_a_count_before_the_rounding_answers_it(working, verdict):
    """A whole number stated for the value a rounding part rounds is the learner's count: wrong, not missing."""
    assert str(part("kv-cache-capacity", None, working, "sequences").status) == verdict
