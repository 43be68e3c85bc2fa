"""Round one hundred and nineteen: ordinary writing that broke a line. An unknown named by a word in an inequality
(``compute-bound when batch > 295``), a precision that ends a line (``so 34 seqs at 4bit``), a count in words before
the size of what it counts (``so two 80 GB cards``), a label with a contraction (``At 4-bit it's …``), a given said
again under its own name (``cards = 4``, ``kv = 131072 B/token``), and a label whose first words name the step a
given is taken for (``usable memory is the card, 141 GB``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s35-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

CACHES = "usable = 141 × 0.9 = 126.9 GB\nKV per seq = 327680 × 8192 = 2.68 GB\n4bit: (126.9 − 35) / 2.68 = 34.3\n"
WHOLE_CARD = ("8-bit weights 70 GB, 4-bit 35 GB\nusable memory is the card, 141 GB\nKV per seq = 2.684 GB\n"
              "At 8-bit that leaves 141 − 70 = 71 GB, and 71 / 2.684 ≈ 26.5, so 26 sequences.\n"
              "At 4-bit it's 141 − 35 = 106 GB, and 106 / 2.684 ≈ 39.5, so 39 sequences.\n")


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("decode-roofline-batch", "ridge = 989 / 3.35 = 295 FLOP/B\nso compute-bound when batch > 295", 2, "correct",
     "crossover"),
    ("decode-roofline-batch", "ridge = 989 / 3.35 = 295 FLOP/B\ncompute-bound for batch ≥ 295", 2, "correct",
     "crossover"),
    ("decode-roofline-batch", "ridge = 989 / 3.53 = 280 FLOP/B\nso compute-bound when batch > 280", 2, "carried",
     "crossover"),
], ids=["a-word-for-the-unknown", "at-least", "carried-bound"])
def test_bounds(qid, working, line, status, step):
    """``batch > 295`` gives the bound it solves for, as ``n > 295`` does."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("quantisation-trade-off", CACHES + "So 34 seqs at 4bit", 4, "correct", "batch4"),
    ("quantisation-trade-off", CACHES + "so 34 at 4 bits.", 4, "correct", "batch4"),
    ("quantisation-trade-off", "70B at 4 bits = 35 GB", 1, "correct", "w4"),
    ("weight-memory-precision", "The 16-bit copy needs 140 / 80 = 1.75 cards, so two 80 GB cards.", 1, "correct",
     "cards16"),
    ("weight-memory-precision", "The 16-bit copy needs 140 / 80 = 1.75 cards, so two cards.", 1, "correct",
     "cards16"),
], ids=["precision-ends-the-line", "precision-in-bits", "precision-as-a-factor", "count-in-words-then-size",
        "count-in-words"])
def test_counts_and_precisions(qid, working, line, status, step):
    """A precision at a line's end says which case it is on; a count in words may come before each thing's size."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("tail-latency", "cards = 4, peak = 989 TFLOP/s each, mfu = 50%", 1, "unmatched", None),
    ("decode-bandwidth-bound", "W = 16 GB\nkv = 131072 B/token", 2, "unmatched", None),
    ("quantisation-trade-off", WHOLE_CARD, 2, "slip", "usable"),
    ("quantisation-trade-off", WHOLE_CARD, 4, "carried", "batch8"),
    ("quantisation-trade-off", WHOLE_CARD, 5, "carried", "batch4"),
    ("draining", "drain = 400 / 30 = 13.3 s\ncost is a few seconds of a $2.50/hr card, basically nothing", 2,
     "unmatched", None),
], ids=["a-count-under-its-name", "a-given-under-its-short-name", "the-card-for-usable-memory",
        "carried-from-the-card", "its-is-no-word", "a-price-in-a-sentence"])
def test_givens_and_labels(qid, working, line, status, step):
    """A given said again under its own name is no step's value; under a label naming a step, it is a slip there."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("tail-latency", "One miss: 24,000 tokens times 140 GFLOP = 3.36e15 FLOPs.\n"
     "Four cards at 989 TFLOP/s each is 3,956 TFLOP/s.", 2, "slip", "prefill_rate"),
    ("tail-latency", "One miss: 24,000 tokens times 140 GFLOP = 3.36e15 FLOPs.\n"
     "Four cards at 989 TFLOP/s each is 3,956 TFLOP/s.\n3.36e15 / 3.956e15 = 0.85 seconds per long prefill.", 3,
     "carried", "miss_time"),
    ("kv-cache-per-token", "Per token it's 2 for key and value, times 80 layers, times 8 heads, times 128 dims, "
     "times 2 bytes = 327,680 bytes per token.", 1, "correct", "kv_token"),
    ("kv-cache-per-token", "per token 2 x 80 x 8 x 128 x 2: 160 x 8 = 1,280, x 128 = 163,840, x 2 = 327,680 B", 1,
     "correct", "kv_token"),
    ("launch-sizing", "Forecast + 25%: 7,200 × 1.25 = 9,000 tok/s", 1, "correct", "needed"),
    ("warm-pool-size", "Stunden pro Jahr: 24 × 365 = 8.760 h", 1, "correct", "hours_per_year"),
    ("warm-pool-size", "1 year = 24 × 365 = 8.760 h\nper replica: $2.50 × 8.760 = $21.900/year", 2, "correct",
     "yearly_rent"),
    ("warm-pool-size", "1 year = 24 × 365 = 8.76 h", 1, "slip", "hours_per_year"),
], ids=["a-sentence-opens-on-a-count-in-words", "carried-from-the-share-left-out", "a-product-said-in-pieces",
        "a-product-worked-in-pieces", "a-label-that-is-a-name", "dotted-thousands", "dotted-thousands-go-on",
        "a-decimal-is-a-decimal"])
def test_words_pieces_and_dots(qid, working, line, status, step):
    """``Four cards at …`` counts; a product said or worked in pieces is one; ``8.760`` after ``24 × 365`` is 8,760."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("tail-latency", "miss = 24,000 × 140 GFLOP = 3.36e15 FLOP\nrate = 4 × 989 × 0,5 = 1978 TFLOP/s\n"
     "t = 3,36e15 / 1,978e15 = 1,70 s\nTTFT = 0,4 + 2 × 1,70 = 3,8 s\nratio: 3,8 / 0,4 = 9,5, aprox. 9 veces", 5,
     "correct", "tail_ratio"),
    ("weight-memory-precision", "16-bit : 70 Md x 2 B = 140 GB", 1, "correct", "w16"),
    ("weight-memory-precision", "70 Mds params", 1, "unmatched", None),
    ("throughput-vs-concurrency", "step = (16 + 64 × 0.1342) GB / 0.864 TB/s = 28.5 ms\n"
     "per user = 1 / 28.5 ms = 35.1 tok/s, total = (64 × 35.1) ≈ 2250 tok/s", 2, "correct", "replica_rate_big"),
    ("launch-sizing", "Capacité : 7 200 x 1,25 = 9 000 tok/s\n9 000 / 3 000 = 3 → 3 replicas serving\n"
     "+ 1 spare = 4 replicas\nLoad : 9 000 / (3 x 3 000) = 100 %", 4, "slip", "utilisation"),
], ids=["spanish-about", "french-milliards", "french-milliards-said-again", "total-labels-its-own-sum",
        "a-label-names-the-step-worked-wrongly"])
def test_other_languages_and_labels(qid, working, line, status, step):
    """``aprox.`` is about; ``Md`` a billion; ``total =`` labels the sum after it, not "in total"."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("launch-sizing", "16,400 × 1.25 = 20,500 tokens/s\n20,500 ÷ 4,000 = 5.125, so 5 serving replicas.\n"
     "Plus 1 spare gives us 6 replicas.", 3, "carried", "fleet"),
    ("weight-memory-precision", "70B × 2 B = 140 GB\nint4: 70B × 0.5 B = 17.5 GB", 2, "slip", "w4"),
    ("weight-memory-precision", "that gives us 140 GB for the 16-bit weights", 1, "correct", "w16"),
], ids=["plus-a-spare-opens-a-sentence", "int4-names-the-4-bit-case", "gives-us"])
def test_openers_and_types(qid, working, line, status, step):
    """``Plus 1 spare gives us …`` goes on from the serving replicas; ``int4`` names the 4-bit step."""
    assert_line(qid, None, working, line, status, step, params=SIZING if qid == "launch-sizing" else None)


SIZING = {"forecast": 16400, "per_replica": 4000, "headroom": 25, "spare": 1, "price": 6}
