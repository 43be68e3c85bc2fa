"""Round one hundred and twenty-eight: spreadsheets copied with tabs, and sizes in GiB called GB.

A sheet copied (not exported) has tabs between its cells; its headings end with the column's unit
(``weights GB``), say more in brackets (``capacity (+20%)``), and its formulas round with ``ROUNDUP(B3/4000,0)``
(whose ``,0`` is an argument, not a decimal comma) and take shares with ``12*(1-5%)`` (a subtraction, not the
range 1–5%). A cell's value is the number it shows, as the sheet's formulas use it. A learner who counts bytes in
GiB and writes GB is 7% out: a slip in units on the step, whether said again (``1.25 GiB``, then ``so 1.25 GB``)
or worked (``/2^30`` under ``GB``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s36-*``); each
failed on the grader as the session found it, but three that guard what the round must not break: a cell's
value without its heading's unit, a GB worked rightly from GiB, and a size said roughly.
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

#: A sheet copied with tabs, its rounding's digits after a comma.
TABBED = ("item\tformula\tvalue\nforecast tok/s\t20000\t20,000\nprovision (+20%)\t=B2*1.2\t24,000\n"
          "replicas\t=ROUNDUP(B3/4000,0)\t6\nfleet incl 2 spares\t=B4+2\t8\n")
LAUNCH = dict(forecast=20000, per_replica=4000, headroom=20, spare=2, price=6)
SPOT = dict(fleet_cards=12, on_demand_price=4.5, discount=60, boot_share=5)
KV_READ = dict(weights=16, kv_token=131072, bandwidth=3.35, token_per_step=1, batch=32, context=2048)
KV = dict(layers=80, kv_heads=8, head_dim=128, key_and_value=2, bytes_per_value=2, context=4096)


@pytest.mark.parametrize("qid,working,line,status,step,params", [
    ("launch-sizing", TABBED, 3, "correct", "needed", LAUNCH),
    ("launch-sizing", TABBED, 4, "correct", "serving", LAUNCH),
    ("spot-capacity", "on-demand $/hr | =12*4.5 | 54.00\nserving cards | =12*(1-5%) | 11.4", 2, "correct",
     "serving_cards", SPOT),
    ("token-cost-from-card-price", "$/hr (2 cards) | =2*2.25 | 4.50\nMtok/hr | =1250*3600/1E6 | 4.5\n"
     "$/Mtok full | =B1/B2 | $1.00", 3, "correct", "cost_full",
     dict(card_count=2, price=2.25, throughput=1250, an_hour=3600, load=80)),
    ("decode-bandwidth-bound", "weights GB | 16 | 16\nHBM GB/s | 3350 | 3350\n"
     "kv read/step GB | =32*2048*131072/1E9 | 8.59\nstep @ batch 32 (ms) | =(B1+B3)/B2*1000 | 7.34\n"
     "tok/s per seq | =1000/B4 | 136.2", 5, "correct", "per_seq", KV_READ),
    ("kv-cache-capacity", "weights GB | =8*2 | 16\nfree for KV GB | =80-B1 | 64", 2, "slip", "free",
     dict(params=8000000000, bytes_per_param=2, card_memory=80, usable_share=90, layers=32, kv_heads=8, head_dim=128,
          key_and_value=2, bytes_per_value=2, context=4096)),
], ids=["a-heading-with-a-share-in-brackets", "roundup-digits-are-no-decimal-comma", "one-less-a-share",
        "a-price-under-its-heading", "a-cell-is-the-number-shown", "less-a-cell-is-no-word"])
def test_sheet_rows(qid, working, line, status, step, params):
    """Rows copied from a sheet read as the sheet computed them."""
    assert_line(qid, None, working, line, status, step, params)


@pytest.mark.parametrize("qid,working,line,status,step,params", [
    ("kv-cache-per-token", "per token: 2 × 80 × 8 × 128 × 2 = 327 680 B\n"
     "per sequence: 327 680 × 4096 = 1 342 177 280 B = 1.25 GiB\nso ~1.25 GB of KV cache per 4k-token sequence.",
     3, "slip", "kv_seq", KV),
    ("kv-cache-per-token", "per token: 2 × 80 × 8 × 128 × 2 = 327 680 B\n"
     "per sequence: 327 680 × 4096 = 1 342 177 280 B = 1.25 GiB\nso ~1.34 GB of KV cache per 4k-token sequence.",
     3, "correct", "kv_seq", KV),
    ("decode-bandwidth-bound", "kv read/step GB | =32*2048*131072/2^30 | 8.00", 1, "slip", "kv_read", KV_READ),
    ("kv-cache-per-token", "per token: 2 x 80 x 8 x 128 x 2 bytes = 327,680 bytes, so a bit over 320 KB.", 1,
     "correct", "kv_token", KV),
], ids=["gib-said-again-as-gb", "gib-then-gb-rightly", "divided-by-2-to-the-30-under-gb",
        "roughly-without-binary-prefixes"])
def test_binary_prefixes(qid, working, line, status, step, params):
    """GiB called GB is a slip in units; a GB worked from GiB rightly, or a size said roughly, is not."""
    assert_line(qid, None, working, line, status, step, params)


def test_a_rate_said_under_its_label():
    """``Cost per hr = $2.25`` is $2.25 an hour: here one card's rent taken for the replica's (two cards)."""
    working = ("Tokens per hr = 6000 × 3600 = 2,16,00,000 i.e. 21.6M tok/hr\nCost per hr = $2.25\n"
               "Full load: 2.25 / 21.6 = $0.104 per M tokens")
    params = dict(card_count=2, price=2.25, throughput=6000, an_hour=3600, load=45)
    assert_line("token-cost-from-card-price", None, working, 2, "slip", "replica_cost", params)
    assert_line("token-cost-from-card-price", None, working, 3, "carried", "cost_full", params)


def test_bucks_are_dollars():
    """``50 bucks an hour`` is $50 an hour (the raw saving, rounded)."""
    working = ("On-demand: 28 cards x $3/hr = $84/hr\n"
               "Spot is 60% off, so $1.20 per card-hour -> 28 x 1.20 = $33.60/hr\nSaves ~50 bucks an hour on paper.")
    assert_line("spot-capacity", None, working, 3, "correct", "raw_saving",
                dict(fleet_cards=28, on_demand_price=3, discount=60, boot_share=10))
