"""Round twenty-three: the words around the arithmetic. A value the words lead to, a label written after the
value, a count left out of a step's working, a check of the learner's own numbers, and the last word on an
answer that is really a remark.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s24-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line, part

ONE_CACHE = ("So first for one sequence alone, a step reads the 16 GB of weights at 3.35 TB/s, which means "
             "16 / 3350 = 0.00478 s, so 4.78 ms per step.\n"
             "Now with the batch, each sequence has 2,048 tokens of context, so the cache read is "
             "2,048 × 131,072 = 268,435,456 bytes, about 0.268 GB.\n"
             "So the step reads 16 + 0.268 = 16.268 GB, which means 16.268 / 3350 = 4.86 ms per step.\n"
             "Each sequence gets 1 token per step, so 1 / 0.00486 = 206 tokens/s per sequence.")
FULL_LOAD = ("in an hour it makes 3,000 × 3,600 = 10,800,000 tokens, so 10.8 million\n"
             "At full load a million tokens costs 2.50 / 10.8 = $0.231, I think.\n"
             "So that's $0.231 per million tokens at full load.\n"
             "At the average load it only runs at 60%, so the cost is 0.231 × 0.6 = $0.139 per million tokens.")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, "At 8-bit it is 1 byte each, so I think that's just 70 GB.", 1, "correct",
     "w8"),
    ("weight-memory-precision", None, "And 4-bit is a quarter of a byte I think, so 70 × 0.25 = 17.5 GB for the "
     "4-bit weights.", 1, "slip", "w4"),
    ("token-cost-from-card-price", None, FULL_LOAD, 3, "correct", "cost_full"),
    ("token-cost-from-card-price", None, FULL_LOAD, 4, "slip", "cost_real"),
    ("launch-sizing", None, "forecast 7,200 tok/s + 25% = 9,000 tok/s to provision", 1, "correct", "needed"),
    ("decode-bandwidth-bound", None, "alone: 16 GB / 3.35 TB/s = 4.78 ms\nthe speed is 1 / 4.78 ms = 209 tokens per "
     "second for one sequence", 2, "correct", "rate_one"),
    ("decode-bandwidth-bound", None, ONE_CACHE, 3, "carried", "t_batch"),
    ("decode-bandwidth-bound", None, ONE_CACHE, 4, "carried", "per_seq"),
    ("spot-capacity", "cc24b", "spot: $2.50 × 50% = $1.25/card-hr → 16 × $1.25 = $20/hr\n"
     "booting ≈ 15% × 16 = 2.4 cards → 16 − 2.4 = 13.6 actually serving\n"
     "$20/hr ÷ 13.6 serving cards ≈ $1.47 per serving card-hr", 3, "correct", "effective_price"),
    ("kv-cache-per-token", None, "per token: 2 x 80 x 8 x 128 x 2 bytes = 327,680 bytes\n"
     "per sequence: 327,680 x 8,192 ≈ 268 million bytes\ncall it 0.27 GB per 8k sequence.", 3, "carried",
     "kv_seq"),
], ids=["the-value-the-words-lead-to", "a-label-after-the-value", "a-value-said-again-under-a-label-after-it",
        "then-the-wrong-operation", "a-label-after-of-the-claims-own-kind", "words-after-a-right-value-name-nothing", "a-step-is-not-worked-from-its-own-value",
        "and-the-error-carries-on", "per-serving-card", "a-sequence-of-8k-tokens-is-no-divisor"])
def test_words_around_the_value(qid, seed, working, line, status, step):
    """``…, so I think that's just 70 GB`` claims the 70 GB; ``= 17.5 GB for the 4-bit weights`` names its step
    after it, as ``to provision`` does a 9,000 tok/s a label before it would give the bare forecast, but words
    after a value that is right for one step (``209 tokens per second for one sequence``) do not make it another;
    ``the step
    reads 16 + 0.268`` adds to the learner's own cache read, so it is not that step again but the batched step
    on it; ``per serving card-hr`` and ``per 8k sequence`` say what the value counts, neither divides it."""
    assert_line(qid, seed, working, line, status, step)


FORGETS_HITS = ("So every day it's 90,000 requests × 5,000 tokens, which means 450,000,000 prefix tokens.\n"
                "With affinity all of them are cached, so the bill is 450 × $0.30 = $135 a day.\n"
                "With random spreading only 20% hit, so 80% miss, which means 0.8 × 450 = 360 million tokens.\n"
                "The misses cost 360 × $5.00 = $1,800 a day.\n"
                "So the random spreading bill is the misses, $1,800 a day.\n"
                "Which means random spreading is 1,800 / 135 = 13.3 times bigger.")
TWO_BYTES = ("KV/token = 2 (K+V) × 40 layers × 8 kv heads × 128 dim × 2 B = 163,840 B/token\n"
             "per seq: 163,840 B/token × 16,384 tok ≈ 2.68e9 B ≈ 2.68 GB\n"
             "check: 2.68 GB / 16,384 tok ≈ 164 KB/token ✓")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("tensor-parallel-overhead", None, "Buffer per all-reduce: 4,000 x 8,192 x 2 bytes ≈ 65.5 MB.\n"
     "Ring sends all but one chunk: 65.5 x 3/4 ≈ 49 MB per card per all-reduce.", 2, "slip", "per_allreduce"),
    ("tensor-parallel-overhead", None, "Buffer: 4,000 × 8,192 × 2 bytes = 65.5 MB.\n"
     "So 0.75 × 65.5 = 49.1 MB per all-reduce.", 2, "slip", "per_allreduce"),
    ("cache-aware-routing", "cb8", FORGETS_HITS, 5, "slip", "random_bill"),
    ("cache-aware-routing", "cb8", FORGETS_HITS, 6, "carried", "bill_ratio"),
    ("kv-cache-per-token", "cc24a", TWO_BYTES, 3, "unmatched", None),
    ("prefill-time-to-first-token", "jay", "prefill FLOPs = 2 × params × tokens = 2 × 8e9 × 6,500 = 1.04e14 FLOP",
     1, "correct", "prefill_flop"),
], ids=["one-ring-phase", "one-ring-phase-from-rounded-inputs", "the-misses-said-as-the-whole-bill",
        "and-the-ratio-carries-it", "a-check-of-the-learners-own-numbers", "a-formula-in-words-is-no-factor-left-out"])
def test_slips_and_checks(qid, seed, working, line, status, step):
    """A count the step's working multiplies by, left out (the ring's 2 phases), is a slip on that step even from
    rounded inputs; ``the random bill is the misses, $1,800`` states the misses' exact $1,800, not a rounding of
    $1,827; ``check: …`` only says the learner's numbers again; and ``2 × params`` is the working, not a step
    less its 8e9 parameters."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,step", [
    ("replica-boot-gap", "cc24a", "load: 30 GB ÷ 12 GB/s = 2.5 s\n+ 50 s init → ~52.5 s launch-to-first-token\n"
     "(init dominates: 50 / 52.5 ≈ 95% of the gap)", "boot_time"),
    ("weight-memory-precision", "cc24c", "16-bit: 8B params × 2 bytes = 16 GB\n8-bit: 8B × 1 B = 8 GB\n"
     "4-bit: 8B × 0.5 B = 4 GB\ncards @16-bit: 16 GB / 141 GB per card ≈ 0.11 → 1 card\n"
     "headroom check: 141 − 16 = 125 GB left on the card for KV cache", "w16"),
], ids=["a-share-is-no-time", "a-value-worked-from-the-answer-is-no-answer"])
def test_a_remark_after_the_answer(qid, seed, working, step):
    """The last line is no last word on an answer already given plainly: ``95% of the gap`` is a share, not the
    boot time, and ``141 − 16 = 125 GB left`` works something new from the 16 GB."""
    assert str(part(qid, seed, working, step).status) == "correct"


# ----------------------------------------------------------------------------- round twenty-four

@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-per-token", None, "KV per token = 2 (K and V) × layers × kv_heads × head_dim × bytes = "
     "2 × 80 × 8 × 128 × 2 = 327,680 B", 1, "correct", "kv_token"),
    ("spot-capacity", None, "booting = 5% × 12 = 0.6 cards → serving = 12 − 0.6 = 11.4 cards", 1, "correct",
     "serving_cards"),
    ("kv-cache-per-token", "ch24", "2) Per token: 2 x 40 x 8 x 128 x 2 bytes = 163,840 bytes.\n"
     "3) Per sequence: 163,840 bytes x 32,768 tokens = 5,368,709,120 bytes.\n"
     "4) In gigabytes: 5,368,709,120 / 1,000,000 = 5,369 gigabytes per sequence.", 3, "slip", "kv_seq"),
    ("prefill-time-to-first-token", None, "3) Prefill: 16 billion x 4,000 = 6.4 x 10^13 FLOPs.\n"
     "4) Time to first token: 6.4 x 10^13 FLOPs / 989 x 10^12 FLOPs per second = 0.0647 seconds, so about "
     "65 milliseconds.", 2, "slip", "ttft"),
    ("quantisation-trade-off", None, "usable mem = 141 GB", 1, "slip", "usable"),
    ("decode-bandwidth-bound", "ch24", "1) Given: 15.2 gigabytes of weights, 4.8 terabytes per second, "
     "57,344 bytes per token of cache.", 1, "unmatched", None),
    ("token-cost-from-card-price", "ch24", "2) Rent: 2 x 3.50 = 7.00 dollars per hour.\n"
     "3) Tokens in an hour: 1,500 x 3,600 seconds = 5,400,000 tokens, that is 5.4 million.", 2, "correct",
     "tokens_hour"),
    ("tensor-parallel-overhead", None, "P = 70e9, tp = 4\nw_card = P * 2 / tp = 140 / 4 = 35 GB", 2, "correct",
     "w_card"),
    ("cache-aware-routing", None, "A = 30 × 0.30 = $9/day with affinity\nmiss cost = 27 × 3.00 = $81\n"
     "Rnd = 81 + 0 = $81/day (hits basically free)\nratio = Rnd/A = 81/9 = 9x", 4, "carried", "bill_ratio"),
], ids=["a-formula-in-names-then-numbers", "an-arrow-then-a-label-starts-a-claim", "a-change-of-units-off-by-1000",
        "the-peak-for-the-sustained-rate-then-about", "a-short-form-in-a-label", "a-given-said-with-words-after-it",
        "a-result-said-again-bare", "notebook-names-then-numbers-in-other-units", "names-that-agree-carry-the-error"])
def test_whiteboard_forms(qid, seed, working, line, status, step):
    """``= 2 × layers × kv_heads × … = 2 × 80 × 8 × …``: the names say what the numbers are, and only the numbers
    are checked (``P * 2 / tp = 140 / 4`` too, the prefix changed in the head), unless the names agree with the
    numbers, when they say which of the learner's values were used (``Rnd/A = 81/9``, their wrong $81); ``→ serving = …`` begins a claim of its own; ``/ 1,000,000`` for gigabytes is a conversion off by
    a power of ten; dividing by the peak and then rounding ("so about 65 ms") is one input swapped; ``mem`` is
    memory; a given stays a given whatever words follow it; ``that is 5.4 million`` keeps the tokens."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line", [
    ("decode-roofline-batch", None, "6) Crossover: 295.2 / 1 = 295.2, so about 295 sequences in the batch.\n"
     "7) check: at batch 295 a step does 295 x 16 = 4,720 billion FLOPs on 16 gigabytes, and 4,720 / 16 = 295 "
     "FLOPs per byte. Matches.", 2),
], ids=["a-numbered-check"])
def test_a_numbered_check_restates(qid, seed, working, line):
    """``7) check: …`` is a check, numbered like the steps: the learner's own numbers again, not a step."""
    assert_line(qid, seed, working, line, "unmatched", None)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("weight-memory-precision", r"$W = 70 \times 10^{9} \times 2\,\text{B} = 1.4 \times 10^{11}\,\text{B} = "
     r"140\,\text{GB}$", 1, "correct", "w16"),
    ("weight-memory-precision", "$W = 70 \\times 2 = 140\\,\\text{GB}$\n"
     r"$\text{cards} = \frac{140}{80} = 1.75 \Rightarrow \lceil 1.75 \rceil = 2$", 2, "correct", "cards16"),
    ("replica-boot-gap", r"$t = \frac{70\,\text{GB}}{6\,\text{GB/s}} \approx 11.7\,\text{s}$", 1, "correct",
     "read_time"),
    ("warm-pool-size", r"rent: \$2.50 \times 24 \times 365 = \$21,900", 1, "correct", "yearly_rent"),
    ("replica-boot-gap", r"$t = \frac{70}{6} \approx 12.7\,\text{s}$", 1, "slip", "read_time"),
], ids=["times-and-text", "frac-then-ceiling", "frac-with-units", "escaped-dollars-are-money", "a-slip-in-latex"])
def test_latex(qid, working, line, status, step):
    """A working typed in LaTeX reads as the notation it stands for: ``\\times``, ``\\frac{a}{b}``, ``\\text{GB}``,
    ``\\lceil … \\rceil``, ``\\approx``; ``$`` around maths is no dollar, ``\\$`` is."""
    assert_line(qid, None, working, line, status, step)


def test_a_value_said_in_passing_carries_an_error():
    """``= 12.1 ms, 82.9 tok/s each``: the speed per sequence, said in passing, follows from the learner's own wrong
    step time (worked from 12.06 ms, so a little off 1 / 12.1 ms); it is carried, and so is ``x32`` after it."""
    working = ("alone: 15.2/2.039 = 7.45 ms -> 134 tok/s\nkv 32*512*57344 = 9.4 GB\n"
               "step (15.2+9.4)/2.039 = 12.1 ms, 82.9 tok/s each\nx32 = 2650 tok/s")
    assert_line("decode-bandwidth-bound", "as1", working, 4, "carried", "aggregate")
    assert str(part("decode-bandwidth-bound", "as1", working, "per_seq").status) == "wrong"
