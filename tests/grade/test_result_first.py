"""Rounds twenty-nine to thirty-four: a result written first, then a dash and where it comes from; ``G`` as a
billion where the units say so; a working in brackets after a value and a few words; a bare number over a rate;
European numbers; digits cut off with an ellipsis; SI's ``s⁻¹``; R's ``<-`` and ``[1]``.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s25-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

RESULT_FIRST = ("72 GB usable - 90% of the 80 GB card\n"
                "56 GB left for the caches - 72 minus 16\n"
                "131,072 bytes per token - 2 x 32 layers x 8 KV heads x 128 x 2 bytes\n"
                "0.537 GB per sequence - 131,072 x 4,096 tokens\n"
                "104 sequences - 56 / 0.537 = 104.3, rounded down")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, "140 GB - 70 billion params x 2 bytes each at 16-bit", 1, "correct", "w16"),
    ("weight-memory-precision", None, "140 GB — 70B × 2 bytes", 1, "correct", "w16"),
    ("replica-boot-gap", None, "11.7 seconds to read the weights - 70 GB / 6 GB per second", 1, "correct",
     "read_time"),
    ("kv-cache-capacity", None, RESULT_FIRST, 2, "correct", "free"),
    ("kv-cache-capacity", None, RESULT_FIRST, 5, "correct", "sequences"),
    ("kv-cache-capacity", None, RESULT_FIRST.replace("131,072 bytes per token - 2 x", "65,536 bytes per token - 1 x"),
     3, "slip", "kv_token"),
    ("decode-roofline-batch", None, "1 FLOP/byte at batch 1 - 16 GFLOP / 16 GB", 1, "correct", "intensity"),
    ("kv-cache-capacity", None, "72 GB - 16 GB = 56 GB", 1, "correct", "free"),
], ids=["dash-after-the-result", "em-dash", "words-between-the-result-and-the-dash", "a-minus-in-words-after-it",
        "a-rounding-after-it", "a-slip-after-the-dash", "a-number-among-the-words", "a-minus-stays-a-minus"])
def test_result_first(qid, seed, working, line, status, step):
    """``140 GB - 70 billion × 2 bytes``: the result first, the dash a separator, when the working after it comes
    to the result; ``72 GB - 16 GB = 56 GB`` is still a subtraction."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("tensor-parallel-overhead", None, "F = 2 × 70G × 4k = 5.6e14 FLOP", 1, "correct", "prefill_flop"),
    ("weight-memory-precision", None, "W16 = 70G × 2B = 140 GB", 1, "correct", "w16"),
    ("weight-memory-precision", None, "140 GB / 80G per card = 1.75 cards", 1, "correct", "cards16_exact"),
], ids=["a-billion-flops", "a-billion-params-times-bytes", "80G-is-a-card-of-80-GB"])
def test_giga(qid, seed, working, line, status, step):
    """``70G`` is slang for 70 GB, or seventy billion where the units of the line say so."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("cache-aware-routing", "dc6", "- random: 18M tokens hit (20% of 90M) and 72M miss (90 - 18)", 1, "correct",
     "miss_tokens"),
    ("cache-aware-routing", "dc6", "- hits cost $27 (18 * 1.50), misses cost $360 (72 * 5)", 1, "correct",
     "miss_bill"),
    ("launch-sizing", None, "- with 25% headroom we need 9,000 tok/s (7,200 * 1.25)", 1, "correct", "needed"),
    ("quantisation-trade-off", None, "- 8-bit weights are 70 GB (70e9 * 1 byte), 4-bit are 35 GB (70e9 * 0.5)", 1,
     "correct", "w4"),
    ("throughput-vs-concurrency", None, "- a step at batch 16 reads 18.14 GB (16 + 16 * 0.134), which takes 21 ms "
     "(18.14 / 864 GB/s)", 1, "correct", "step_small"),
], ids=["words-between-the-value-and-its-bracket", "a-comma-ends-the-working", "only-the-value-before-the-bracket",
        "two-results-a-line", "a-bare-number-over-a-rate"])
def test_working_in_brackets(qid, seed, working, line, status, step):
    """``18M tokens hit (20% of 90M)``: a working in brackets after a value and a few words gives that value; the
    working ends at the comma after it, and a bare number over a rate is in the rate's unit (18.14 GB)."""
    assert_line(qid, seed, working, line, status, step)


EUROPEAN = ("KV per seq: 131.072 B × 4.096 = 0,537 GB\n"
            "usable 0,9 × 80 = 72 GB, free 72 − 16 = 56 GB\n"
            "56 / 0,537 = 104,3 → 104 sequences")
RENT = ("hours: 24 × 365 = 8 760 h\n"
        "one replica: 2,50 $ × 8 760 = 21 900,00 $")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-capacity", None, EUROPEAN, 1, "correct", "kv_seq"),
    ("kv-cache-capacity", None, EUROPEAN, 3, "correct", "sequences"),
    ("warm-pool-size", None, RENT, 2, "correct", "yearly_rent"),
    ("tail-latency", None, "3,36 PFLOP per miss; 3,36e15 / 1,978e15 = 1,7 s", 1, "correct", "miss_time"),
], ids=["dots-for-thousands", "and-a-comma-for-decimals", "spaces-for-thousands-then-a-decimal-comma",
        "a-decimal-comma-before-an-exponent"])
def test_european_numbers(qid, seed, working, line, status, step):
    """A working with decimal commas (``0,537 GB``) sets thousands off with dots or spaces (``131.072 B``,
    ``21 900,00 $``), and ``7,912e15`` is 7.912 × 10^15."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-boot-gap", None, "load time = 70 GB / 6 GB/s = 11.666... s", 1, "correct", "read_time"),
    ("replica-boot-gap", None, "load time = 70 GB / 6 GB/s = 11.666…", 1, "correct", "read_time"),
    ("replica-boot-gap", None, "load time = 70 GB / 6 GB/s = 11.7... s", 1, "slip", "read_time"),
    ("replica-throughput-and-cost", None, "free =4*80*0.9-140 → 148 GB", 1, "correct", "free"),
    ("quantisation-trade-off", None, "so 4800 GB/s / 70 GB = 68.6 tok/s at 8-bit then 4800 / 35 = 137 tok/s at 4-bit",
     1, "correct", "speed4"),
], ids=["digits-cut-off", "an-ellipsis-character", "cut-off-digits-that-overshoot", "a-hyphen-before-an-arrow-subtracts",
        "at-a-precision-then-the-next-working"])
def test_digits_and_words(qid, seed, working, line, status, step):
    """``11.666... s`` stands for 11.666 to 11.667 (cut off, not rounded), so it is right where ``11.666`` alone
    is not; ``0.9-140 →`` subtracts (no range from 0.9 to 140); ``at 8-bit then`` is no factor."""
    assert_line(qid, seed, working, line, status, step)


R_CONSOLE = ("load <- 70 / 6   # GB over GB/s\n"
             "[1] 11.66667\n"
             "load + 20\n"
             "[1] 31.66667")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("decode-bandwidth-bound", None, "t = 16 × 10⁹ B / 3.35 × 10¹² B·s⁻¹ = 4.78 ms", 1, "correct", "t_one"),
    ("decode-bandwidth-bound", None, "1 / 4.78 ms ≈ 209 tok·s⁻¹", 1, "correct", "rate_one"),
    ("kv-cache-per-token", None, "2 × 80 × 8 × 128 × 2 B = 327\u2009680 B per token", 1, "correct", "kv_token"),
    ("replica-boot-gap", None, R_CONSOLE, 1, "unmatched", None),
    ("replica-boot-gap", None, R_CONSOLE, 2, "correct", "read_time"),
    ("replica-boot-gap", None, R_CONSOLE, 4, "correct", "boot_time"),
], ids=["a-unit-to-the-minus-one", "tokens-a-second-in-si", "thin-space-thousands", "r-code-typed",
        "r-prints-its-value", "r-goes-on-from-a-name"])
def test_si_and_r(qid, seed, working, line, status, step):
    """SI's ``B·s⁻¹`` is B/s, and a thin space sets thousands off; R's ``load <- 70 / 6`` assigns (no arrow back),
    and ``[1] 11.66667`` on the next line is its value."""
    assert_line(qid, seed, working, line, status, step)
