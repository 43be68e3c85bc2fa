"""Round sixty-eight: an hour left unsaid, spreadsheet cells, ``@`` and bars. A conversion factor written plain
(``$10/hr ÷ (2,562 × 3,600)``, 3,600 seconds in an hour) or a count whose "per hour" goes unsaid (``$10/hr ÷ 9.22M
tok``); a cell named with words after it (``B2 free = … - B1``); ``at batch 64`` naming a batch, not multiplying
by it; ``split four ways``; a plan that opens with an operator (``then × 8,192 for the sequence``); ``@`` before a
price; two workings on a line with a bar between.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s30-*`` and earlier
``replica-throughput-and-cost`` workings).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

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
], ids=["conversion-factor-plain", "conversion-factor-then-the-hours-tokens", "count-per-hour-unsaid",
        "conversion-factor-in-words", "conversion-the-wrong-way", "the-hour-forgotten", "cell-at-batch-64",
        "cell-with-words-after-it", "split-four-ways", "a-plan-opening-with-an-operator", "two-workings-a-bar-between",
        "at-sign-before-a-price", "at-sign-restating-givens"])
def test_periods_and_cells(qid, seed, working, line, status, step):
    """What a tutor reads into a conversion factor, a cell's name, ``@`` and a bar."""
    assert_line(qid, seed, working, line, status, step)
