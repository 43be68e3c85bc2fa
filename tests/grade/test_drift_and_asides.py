"""Rounds fifty-nine, sixty-one, sixty-four and sixty-six: weak candidates, wrong methods carried through, aggressive rounding and other routes. What a
factor is for, said before the next operator (``× 2 for key and value = 268 MB``); a value a shortcut covered,
then said by another route from the learner's rounded values (``8,460 / 32 ≈ 264``); a count reached before the
rounding step (``52 / 2 = 26 seqs``) answering the rounded part; ``+1 spare`` going on from the serving replicas
two lines up rather than from the load between; a value taken back as it is written (``= 16.3 s, sorry, 16.7 s``)
and a calculator's exponent typed with spaces (``1.69 E 10``); a margin in brackets after a result (``≈ 134 tok/s
(133–135)``), ``10 pc``, Spanish ``millones`` and Portuguese ``milhões`` (round sixty-six).

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


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-boot-gap", None, "load: 70 / 6 = 11.3 s, sorry, 11.7 s", 1, "correct", "read_time"),
    ("weight-memory-precision", None, "4-bit: 70B × 0.5 = 3.5 GB, no wait, 35 GB", 1, "correct", "w4"),
    ("autoscaling-signal", None, "before: L = λW = 10 × 0.5 = 50, no, 5 requests", 1, "correct", "resident"),
    ("replica-boot-gap", None, "load: 70 / 6 = 11.7 s, sorry, 13.1 s", 1, "slip", "read_time"),
    ("launch-sizing", None, "need 9,000 tok/s, no more", 1, "correct", "needed"),
], ids=["sorry", "no-wait", "no", "a-correction-into-a-slip", "no-with-no-value-after"])
def test_a_value_taken_back(qid, seed, working, line, status, step):
    """``= 16.3 s, sorry, 16.7 s``: the value taken back is withdrawn, as if struck out; the one after it counts."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-per-token", None, "per sequence = 327680 * 8192 = 2.68 E 9 bytes", 1, "correct", "kv_seq"),
    ("kv-cache-per-token", None, "per sequence = 327680 * 8192 = 2.68 E 10 bytes", 1, "slip", "kv_seq"),
    ("prefill-time-to-first-token", None, "prefill = 16 GFLOP × 4,000 = 6.4 e+13 FLOP", 1, "correct",
     "prefill_flop"),
], ids=["spaced-e", "spaced-e-slip", "spaced-e-plus"])
def test_a_calculators_spaced_exponent(qid, seed, working, line, status, step):
    """``1.69 E 10``, ``6 E-1``, ``3.956 e+15``: a calculator's exponent, typed with spaces, is one number."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("decode-bandwidth-bound", None, "alone: 16 GB / 3.35 TB/s = 4.78 ms → 1 / 4.78 ms ≈ 209 tok/s (205–210 given my "
     "rounding)", 1, "correct", "rate_one"),
    ("replica-boot-gap", None, "read: 70 / 6 = 11.7 s (11.6 ± 0.1)", 1, "correct", "read_time"),
    ("launch-sizing", None, "7,200 + 25 pc = 9,000 tok/s to provision", 1, "correct", "needed"),
    ("weight-memory-precision", None, "16-bit: 70 mil millones × 2 bytes = 140 GB", 1, "correct", "w16"),
    ("weight-memory-precision", None, "16-bit: 70.000 millones × 2 bytes = 140 GB", 1, "correct", "w16"),
    ("weight-memory-precision", None, "16-bit: 70 bilhões × 2 bytes = 140 GB", 1, "correct", "w16"),
    ("cache-aware-routing", None, "tokens/dia = 10.000 × 3.000 = 30 milhões", 1, "correct", "daily_tokens"),
], ids=["a-range-after-a-result", "a-margin-after-a-result", "british-pc", "mil-millones", "millones", "bilhoes",
        "milhoes"])
def test_margins_and_scale_words(qid, seed, working, line, status, step):
    """A range or margin in brackets after a result is its uncertainty, not a second result; ``pc`` is per cent;
    Spanish ``millones`` is millions and ``mil millones`` a billion; Portuguese ``milhões`` and ``bilhões`` are
    millions and billions (an accented letter reads as its letter)."""
    assert_line(qid, seed, working, line, status, step)
