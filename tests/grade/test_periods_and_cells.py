"""Round sixty-eight: an hour left unsaid, spreadsheet cells, ``@`` and bars. A conversion factor written plain
(``$10/hr ÷ (2,562 × 3,600)``, 3,600 seconds in an hour) or a count whose "per hour" goes unsaid (``$10/hr ÷ 9.22M
tok``); a cell named with words after it (``B2 free = … - B1``); ``at batch 64`` naming a batch, not multiplying
by it; ``split four ways``; a plan that opens with an operator (``then × 8,192 for the sequence``); ``@`` before a
price; two workings on a line with a bar between (round sixty-eight). Round seventy: a given's number under a step's
label (``rent = 4.75``, the card's price taken for the replica's rent), ``15.2G / 2.039T/s`` (the rate's bytes
unsaid), ``65.5/4 = 16.4M`` (the working in millions), plain-text columns with no ``=``, and a value carried from
the learner's first wrong value rather than their rounding of a later one (``4.25 / 8.55`` after ``4.25 / 17.1 =
0.249``). Round seventy-two: a formula's symbols before its numbers (``s = p × (1 − 0.6) = 3.50 × 0.4``), a phone's
``mtok``, and a bracket left open before its result. Round seventy-four: a script's ``print(x)  # value``, which shows
the value the assignment before it did not (the console convention); ``365 days × 24 h`` (the 24 h converts); a
given said again in another unit (``60 s = 1 min``). Round seventy-six: steps numbered ``(1)``, ``(2)`` and named so later
(``(3) free = (2) − (1) = …``). Round seventy-eight: ``div`` and ``mult``.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s30-*`` and earlier
``replica-throughput-and-cost`` workings).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

COLUMNS = "hours/yr     24 × 365            8,760\nper replica  8,760 × 2.50        $21,900\n"
STEPS = "(1) weights = 7B × 2 B = 14 GB\n(2) usable = 0.85 × 141 = 119.85 GB\n(3) free = (2) − (1) = 119.85 − 14 = 105.85 GB\n"
RATE = "throughput = 2,562 tok/s\n"
CELLS = "B3 = 64*1024*131072/1e9 = 8.59 GB of KV read per step\nB4 = (16 + B3)/4.8 = 5.12 ms per step at batch 64\n"


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-throughput-and-cost", None, RATE + "cost = $10/hr / (2,562 × 3,600) = $1.08 per Mtok", 2, "correct",
     "cost"),
    ("replica-throughput-and-cost", None, RATE + "cost: $10/hr / (2,563 x 3600) = $10 / 9.23M tok = $1.08/Mtok", 2,
     "correct", "cost"),
    ("replica-throughput-and-cost", None, RATE + "cost = $10/hr / 9.22M tok = $1.08 per Mtok", 2, "correct", "cost"),
    ("replica-throughput-and-cost", None,
     RATE + "$10 an hour, divide by 3,600 s, divide by 2,562 tokens/s → $1.08 per million tokens", 2, "correct",
     "cost"),
    ("replica-throughput-and-cost", None, RATE + "cost = $10/hr × 3,600 / 2,562 = $1.08 per Mtok", 2, "slip", "cost"),
    ("replica-throughput-and-cost", None, RATE + "cost = $10/hr / 2,562 = $0.0039 per tok", 2, "slip", "cost"),
    ("decode-bandwidth-bound", "je3", CELLS + "C4 = 1000/B4 = 195.2 tok/s per sequence", 3, "correct", "per_seq"),
    ("replica-throughput-and-cost", None,
     "B1 weights = 70e9*2/1e9 = 140 GB\nB2 free = 4*80*0.9 - B1 = 148 GB", 2, "correct", "free"),
    ("tensor-parallel-overhead", None,
     "Weights are 70 billion × 2 bytes = 140 gigabytes split four ways so each card holds 35 gigabytes, which "
     "leaves 80 - 35 = 45 gigabytes per card.", 1,
     "correct", "w_card"),
    ("kv-cache-per-token", None, "Need bytes per token first, then × 8,192 for the sequence.", 1, "unmatched",
     None),
    ("throughput-vs-concurrency", None, "KV/seq = 131,072 × 1,024 ≈ 0.1342 GB\n"
     "step = (16 + 16 × 0.1342) / 864 GB/s = 18.15 / 864 ≈ 21.0 ms\n"
     "→ per user = 1 / 0.021 ≈ 47.6 tok/s | replica = 16 × 47.6 ≈ 762 tok/s", 3, "correct", "replica_rate"),
    ("launch-sizing", None, "bare = 7,200 / 3,000 = 2.4\nbare cost = 2.4 @ $2.50/h = $6.00/h", 2, "correct",
     "bare_cost"),
    ("draining", None, "longest reply 500 tok @ 24 tok/s\ndrain = 500/24 = 20.8 s", 1, "unmatched", None),
    ("token-cost-from-card-price", "gl3", "rent = 4.75                          # $/hr for the replica", 1, "slip",
     "replica_cost"),
    ("autoscaling-signal", None, "arrivals = 10\nin_system = arrivals * 0.5 = 5 requests", 1, "unmatched", None),
    ("decode-bandwidth-bound", None, "alone: 16G / 3.35T/s = 4.78ms -> 209/s", 1, "correct", "t_one"),
    ("tensor-parallel-overhead", None, "buffer 4000 x 8192 x 2 = 65.5M, chunk 65.5/4 = 16.4M", 1, "correct", "chunk"),
    ("warm-pool-size", None, "hours/yr     24 × 365            8,670", 1, "slip", "hours_per_year"),
    ("warm-pool-size", None, COLUMNS + "4 warm       4 × 21,900          $87,600", 3, "correct", "big_pool_rent"),
    ("autoscaling-signal", None, "5 req        10 rps × 0.5 s           Little, before the rise", 1, "correct",
     "resident"),
    ("token-cost-from-card-price", "er1", "rent for the replica: $4.25/hr\ntokens/hr = 4,750 x 3,600 = 17.1M\n"
     "full load: 4.25 / 17.1 = $0.249/Mtok\navg (50%): 4.25 / 8.55 = $0.497/Mtok", 4, "carried", "cost_real"),
    ("spot-capacity", "ju15", "s = p × (1 − 0.6) = 3.50 × 0.4 = $1.40 per card-hr", 1, "correct", "spot_price"),
    ("replica-throughput-and-cost", "jx10", "thruput 126/24.9ms = 5060 tok/s\n"
     "cost 4x2.25 = $9/hr / (5060x3600 = 18.2m tok/hr) = $0.49/mtok", 2, "correct", "cost"),
    ("tensor-parallel-overhead", None, "compute 2x70e9x4000 = 5.6e14 /(4x989e12x0.5 = 283ms", 1, "correct",
     "compute_time"),
    ("kv-cache-per-token", "ke7", "layers, kv_heads, head_dim = 64, 8, 128\n"
     "kv_per_token = 2 * layers * kv_heads * head_dim * 2   # key+value, 2 bytes each\n"
     "print(kv_per_token)  # 262144", 2, "unmatched", None),
    ("kv-cache-per-token", "ke7", "layers, kv_heads, head_dim = 64, 8, 128\n"
     "kv_per_token = 2 * layers * kv_heads * head_dim * 2   # key+value, 2 bytes each\n"
     "print(kv_per_token)  # 262144", 3, "correct", "kv_token"),
    ("prefill-time-to-first-token", None, "prefill_flops = 2 * 8e9 * 4000\n"
     'print(f"{prefill_flops:.1e} FLOPs")  # 6.4e+13 FLOPs', 2, "correct", "prefill_flop"),
    ("warm-pool-size", None, "1 year = 365 days × 24 h = 8,760 h", 1, "correct", "hours_per_year"),
    ("autoscaling-signal", None, "growth = 12 - 11 = 1 req/s\nthe rise lasts 60 s = 1 min", 2, "unmatched", None),
    ("kv-cache-capacity", "kp1", STEPS, 3, "correct", "free"),
    ("kv-cache-capacity", "kp1", STEPS + "(4) KV per token = 32 layers × 8 heads × 128 × 2 bytes = 65,536 B\n"
     "(5) per sequence = (4) × 4096 = 268,435,456 B = 0.2684 GB", 5, "carried", "kv_seq"),
    ("kv-cache-capacity", "kp1", "(1) weights = 7B × 2 B = 14 GB\n(2) then (1) + (1) = 28 GB", 2, "unmatched", None),
    ("replica-boot-gap", None, "read 70 GB div 6 GB/s = 11.7 s\nboot 11.7 plus 20 = 31.7 s", 1, "correct", "read_time"),
    ("launch-sizing", None, "needed 7200 plus 25% = 9000 tok/s\nrule cost 4 mult $2.50 = $10/hr", 2, "correct",
     "fleet_cost"),
], ids=["conversion-factor-plain", "conversion-factor-then-the-hours-tokens", "count-per-hour-unsaid",
        "conversion-factor-in-words", "conversion-the-wrong-way", "the-hour-forgotten", "cell-at-batch-64",
        "cell-with-words-after-it", "split-four-ways", "a-plan-opening-with-an-operator", "two-workings-a-bar-between",
        "at-sign-before-a-price", "at-sign-restating-givens", "a-given-under-a-steps-label", "a-given-named",
        "the-rates-bytes-unsaid", "a-working-in-millions", "columns-value-after", "columns-a-count-then-working",
        "columns-value-first", "carried-from-the-first-wrong-value", "a-formulas-symbols-then-numbers",
        "a-phones-lower-case-mtok", "a-bracket-left-open-before-its-result", "a-scripts-assignment-shows-no-value",
        "a-scripts-print-shows-it", "an-f-string-printed", "days-times-hours-a-day", "a-given-said-in-other-units",
        "steps-named-by-number", "a-wrong-step-named-by-number-carries", "a-side-sum-of-numbered-steps",
        "div-divides", "mult-multiplies"])
def test_periods_and_cells(qid, seed, working, line, status, step):
    """What a tutor reads into a conversion factor, a cell's name, ``@`` and a bar."""
    assert_line(qid, seed, working, line, status, step)
