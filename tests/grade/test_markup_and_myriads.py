"""Round one hundred and twelve: maths typed in a notes app's markup (Typst's ``$ 70 times 2 = 140 "GB" $``,
``frac(140, 80)``; AsciiMath's ```70 xx 2 = 140 "GB"```), Korean counting in myriads (``700억``, ``3000만``),
Indonesian and Scandinavian scale words (``70 miliar``, ``22,5 juta``, ``70 mia.``, ``8 760 timmar``), a comma a
writer of decimal commas meant as one (``2,039 TB/s``), and two fixes the round's slips showed: a number the line
already uses as one given is not tried as another (``80 − 16`` for the memory left: the 80 is the card, not an
80% share), and a line a later one carries on from, as the learner's value for a step, was their go at that step.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s34-q[efgh]-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

#: The old arrival rate taken from the surge, not the capacity (44 req/s with its 10% headroom).
SURGE = "surge: 40 + 50% × 40 = 60 req/s\n60 - 40 = 20 req/s\n20 × 60 = 1200 requests"
RISE = {"arrival_rate": 40, "service_time": 1.5, "headroom": 10, "surge": 50, "burst_length": 60}
A100 = {"params": 70e9, "bytes_per_param": 2, "flop_per_param": 2, "peak": 312, "bandwidth": 2.039}


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("weight-memory-precision", '$ 70 times 10^9 times 2 "B" = 140 "GB" $ (16-bit)', 1, "correct", "w16"),
    ("weight-memory-precision", "$ frac(140, 80) = 1.75 $", 1, "correct", "cards16_exact"),
    ("weight-memory-precision", "$ ceil(140 / 80) = ceil(1.75) = 2 $ cards", 1, "correct", "cards16"),
    ("weight-memory-precision", '$ 140 "GB" / 80 "GB" approx 1.75 arrow.r 2 "cards" $', 1, "correct", "cards16"),
    ("weight-memory-precision", '`70 xx 2 = 140 "GB"`', 1, "correct", "w16"),
    ("replica-boot-gap", '`t = 70 / 6 ~~ 11.7 "s"` to read', 1, "correct", "read_time"),
    ("replica-boot-gap", '`70 / 6 ~~ 117 "s"`', 1, "slip", "read_time"),
    ("prefill-time-to-first-token",
     '$ "TTFT" = frac(2 times 8 times 10^9 times 4000, 989 times 10^12 times 0.5) approx 0.129 "s" $', 1,
     "correct", "ttft"),
], ids=["typst-display-maths", "typst-frac", "typst-opening-dollar-is-no-shell-prompt", "typst-arrow-and-quoted-units",
        "asciimath-xx", "asciimath-about", "asciimath-a-slip", "typst-nested-products-in-a-frac"])
def test_typst_and_asciimath(qid, working, line, status, step):
    """Maths in Typst's ``$ … $`` or AsciiMath's backticks reads as the sums it typesets."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("weight-memory-precision", "16-bit: 700억 × 2 B = 1400억 B = 140 GB", 1, "correct", "w16"),
    ("weight-memory-precision", "4-bit: 700억 × 0.5 = 350억 B = 3.5 GB", 1, "slip", "w4"),
    ("cache-aware-routing", "daily tokens = 2만 × 1500 = 3000만 tokens/일", 1, "correct", "daily_tokens"),
    ("weight-memory-precision", "16-bit: 70 miliar × 2 = 140 GB", 1, "correct", "w16"),
    ("weight-memory-precision", "vikter: 70 mia. × 2 B = 140 GB", 1, "correct", "w16"),
    ("warm-pool-size", "24 × 365 = 8 760 timmar", 1, "correct", "hours_per_year"),
    ("cache-aware-routing", "20 tusen req/dag × 1 500 tok = 30 mio tokens/dag", 1, "correct", "daily_tokens"),
], ids=["korean-eok", "korean-eok-power-slip", "korean-man", "indonesian-miliar", "swedish-mia-with-its-dot",
        "swedish-hours", "swedish-tusen-per-day"])
def test_scale_words(qid, working, line, status, step):
    """Myriads and other languages' scale words scale the number before them."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("working,status", [
    ("ridge = 312 TFLOP/s / 2,039 TB/s ≈ 153 FLOP/B", "correct"),
    ("ridge = 312 TFLOP/s / 2,039 TB/s ≈ 0.153 FLOP/B", "slip"),
], ids=["read-as-a-decimal-comma-where-the-sum-says-so", "a-decimal-point-on-the-line-keeps-thousands"])
def test_a_comma_before_three_digits(working, status):
    """``2,039`` is 2.039 where only that reading makes the line's sum come out, and no decimal point is near."""
    assert_line("decode-roofline-batch", None, working, 1, status, "ridge", params=A100)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("kv-cache-capacity", "weights: 8B × 2 bytes = 16 GB\nleft for KV: 80 − 16 = 64 GB", 2, "slip", "free"),
    ("autoscaling-signal", SURGE, 2, "slip", "backlog_growth"),
    ("autoscaling-signal", SURGE, 3, "carried", "backlog"),
], ids=["a-given-is-not-also-a-share", "the-value-a-later-line-goes-on-from", "that-later-line-is-carried"])
def test_slips_the_round_showed(qid, working, line, status, step):
    """The step a wrong line was meant for, as a tutor sees it."""
    assert_line(qid, None, working, line, status, step, params=RISE if qid == "autoscaling-signal" else None)
