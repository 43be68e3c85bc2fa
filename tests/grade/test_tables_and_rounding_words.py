"""Round one hundred and thirty: a multiple with the times sign after it ending a Markdown table's row
(``| ratio | 81.90 / 9.00 | ≈ 9.1× |``), a count glued to its noun with thousands in it (``per 2,048-token
sequence``), a rounding said in words (``That rounds to 3 replicas``), which rounds the wrong way here, and
``over`` going on from a value: dividing by a rate (``7.7e12 FLOPs, and over 4 × 989 TFLOP/s``), not over a span of
time (``and over 60 s that's 60 requests``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s36-*``); each failed on
the grader as the session found it, but the span of time, which guards what the round must not break.
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

ROUTING = dict(requests_per_day=20000, shared_prompt=1500, cached_price=0.3, full_price=3, hit_rate=10)
KV = dict(layers=60, kv_heads=8, head_dim=128, key_and_value=2, bytes_per_value=2, context=2048)
LAUNCH = dict(forecast=10000, per_replica=4000, headroom=30, spare=1, price=3)


@pytest.mark.parametrize("qid,working,line,status,step,params", [
    ("cache-aware-routing", "| step | calc | result |\n|---|---|---|\n"
     "| affinity bill | 30 Mtok × $0.30/Mtok | $9.00/day |\n| random bill | $0.90 + $81.00 | $81.90/day |\n"
     "| ratio | 81.90 / 9.00 | ≈ 9.1× |", 5, "correct", "bill_ratio",
     ROUTING),
    ("kv-cache-per-token", "KV per token = 2 × 60 × 8 × 128 × 2 B = 245,760 B\n"
     "Answer: 245,760 bytes per token, ~0.50 GB per 2,048-token sequence", 2, "correct", "kv_seq", KV),
    ("launch-sizing", "we need 10,000 × 1.3 = 13,000 tokens per second\nthat's 13,000 / 4,000 = 3.25 replicas.\n"
     "That rounds to 3 replicas serving, since a quarter of a replica isn't much.", 3, "slip", "serving", LAUNCH),
    ("replica-throughput-and-cost", "Compute is 2 × 70 billion × 55 = 7.7e12 FLOPs, and over 4 × 989 TFLOP/s "
     "that's about 1.95 ms, so basically nothing.", 1, "correct", "compute_time", None),
    ("autoscaling-signal", "so 12 req/s arriving and only 11 get done so the backlog grows 1 req/s and over 60 s "
     "that's 60 requests waiting extra", 1, "correct", "backlog",
     dict(arrival_rate=10, service_time=0.5, headroom=10, surge=20, burst_length=60)),
], ids=["a-multiple-ending-a-table-row", "a-count-with-thousands-glued-to-its-noun", "rounds-to-in-words",
        "over-a-rate-divides", "over-a-span-of-time-multiplies"])
def test_round_130(qid, working, line, status, step, params):
    """Each line reads as a tutor reads it."""
    assert_line(qid, None, working, line, status, step, params)
