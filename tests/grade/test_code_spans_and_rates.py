"""Round one hundred and twenty-six: ordinary writing that broke a line. Sums in Markdown's code spans with the
unit after them (```287.4 / 3.35 = 85.8` ms``), a price per second said as plain dollars (``$0.000694 × 20.83 s``),
a rate worked out after ``at`` (``= 5.6e14 FLOP at 4 * 989 * 0.5 = 1978 TFLOP/s``), a rough value said again in
another unit (``~67 crore bytes ≈ 0.671 GB``), and the whole that a share is taken from (``5.50 × (1 − 0.40)``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s36-*``); each
failed on the grader as the session found it, but the hourly price put to seconds, which must stay a slip.
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

ONE_CARD = ("Memory: `4 * 80 * 0.9 = 288` GB usable, minus `70 * 2 = 140` GB weights leaves 148 GB for KV.\n"
            "KV per seq at 8k: `327680 * 8192 / 1e9 = 2.68` GB → `148 / 2.68 = 55.2` → 55 seqs.\n"
            "Bytes per step: `140 + 55 * 2.68 = 287.4` GB.\nStep time: `287.4 / 3.35 = 85.8` ms\n")
ONE_PHASE = ("buffer `4000 * 8192 * 2 = 65.5` MB, chunk `65.5 / 4 = 16.4` MB\n"
             "Ring sends all chunks but one: `65.5 - 16.4 = 49.1` MB per card per all-reduce.\n")


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("replica-throughput-and-cost", ONE_CARD, 3, "correct", "bytes_step"),
    ("replica-throughput-and-cost", ONE_CARD, 4, "slip", "mem_time"),
    ("tensor-parallel-overhead", ONE_PHASE, 2, "slip", "per_allreduce"),
], ids=["a-unit-after-the-span", "one-card-bandwidth", "one-phase-of-the-ring"])
def test_code_spans(qid, working, line, status, step):
    """A unit after a code span is the unit of the value inside it, so a wrong method on the step shows."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("working,line,status", [
    ("500 / 24 = 20.83 s\nrent per second = 2.50 / 3600 = $0.000694\ncost = $0.000694 × 20.83 s = $0.0145", 3,
     "correct"),
    ("500 / 24 = 20.83 s\ncard rent per second 2.50 / 3600 = $0.000694, times 20.83 s = $0.0145", 2, "correct"),
    ("500 / 24 = 20.83 s\ncost = $2.50 × 20.83 s = $52.08", 2, "slip"),
], ids=["a-price-per-second-said-plain", "said-then-times", "an-hourly-price-put-to-seconds"])
def test_price_per_second(working, line, status):
    """Plain dollars that are the rent per second, times seconds, are dollars; the hourly rent times seconds is not."""
    assert_line("draining", None, working, line, status, "drain_cost")


@pytest.mark.parametrize("qid,working,line,status,step,params", [
    ("tensor-parallel-overhead", "Compute: 2 * 70e9 * 4000 = 5.6e14 FLOP at 4 * 989 * 0.5 = 1978 TFLOP/s → "
     "5.6e14 / 1978e12 = 0.283 s", 1, "correct", "compute_time", None),
    ("kv-cache-per-token", "KV per token = 2 × 40 × 8 × 128 × 2 bytes = 1,63,840 bytes/token\n"
     "For 4096 tokens: 1,63,840 × 4096 = 67,10,88,640 bytes i.e. ~67 crore bytes ≈ 0.671 GB", 2, "correct",
     "kv_seq", dict(layers=40, kv_heads=8, head_dim=128, key_and_value=2, bytes_per_value=2, context=4096)),
    ("spot-capacity", "Spot rate = 5.50 × (1 - 0.40) = $3.30/hr per card", 1, "correct", "spot_price",
     dict(fleet_cards=20, on_demand_price=5.5, discount=40, boot_share=5)),
], ids=["a-rate-worked-after-at", "a-rough-value-in-other-units", "the-whole-is-no-card"])
def test_values_said_again(qid, working, line, status, step, params):
    """A rate worked out after ``at`` is a claim of its own; a rough value may be said again more precisely in
    another unit; the 1 a share is taken from stands for no step (here, not the one card still booting)."""
    assert_line(qid, None, working, line, status, step, params)
