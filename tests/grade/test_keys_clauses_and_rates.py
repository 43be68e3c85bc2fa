"""Round one hundred and thirty-seven: a config file's key that ends with its unit (``w_int8_gb: 70``) but not with
a period (``bare_cost_hr``); a label after the value (``= 10 rps backlog growth``, ``141G usable``) or in a clause
(``…, so the usable memory is 141 GB``); a per-second rate never taken for a count (``10 rps`` is not 10 requests);
``G`` as a billion where gigabytes would cancel (``16G/16G = 1 FLOP/B``); a label with a "per" part before the
times sign (``2 all-reduces/layer × 80 layers``); a time factor that cannot convert (``$5.50 per hour / 60`` is no
price per second); a given taken for a step's value, then used as the learner's own (``Rent: $1.00/hr for the
replica``, one card's price, then ``$1.00 / 10.8M``); a heading that is a step's title (``**Intensity at batch
1**``); and a formula in names, which states no value (``KV per token = 2 × layers × kv_heads × head_dim × bytes``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s37-*``); each failed on
the grader as the session found it, but the guards, which keep what the round must not break.
"""

from __future__ import annotations

import pytest

from bank.notation import read_line

from .lines_check import assert_line

#: The default variant of autoscaling-signal at seed eh11: 20 req/s, 0.5 s each, 10% headroom, a 50% rise.
EH11 = "20 rps x 0.5 s = 10 in system\ncap: 20 x 1.1 = 22 rps\nsurge: 20 x 1.5 = 30 rps\n"


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("quantisation-trade-off", None, "w_int8_gb: 70  # 70e9 * 1 B", 1, "correct", "w8"),
    ("quantisation-trade-off", None, "w_int4_gb: 35  # 70e9 * 0.5 B", 1, "correct", "w4"),
    ("launch-sizing", None, "bare_cost_hr: 6  # 2.4 * 2.50", 1, "correct", "bare_cost"),
    ("warm-pool-size", None, "hours_per_year: 24 * 365 = 8760", 1, "correct", "hours_per_year"),
], ids=["a-key-in-gigabytes", "another", "a-key-per-hour-is-no-duration", "per-year-is-what-it-is-per"])
def test_key_units(qid, seed, working, line, status, step):
    """``w_int8_gb: 70``: the key's last word is the value's unit; ``_hr`` and ``per_year`` say what it is per."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("autoscaling-signal", "eh11", EH11 + "30 - 20 = 10 rps backlog growth", 4, "slip", "backlog_growth"),
    ("autoscaling-signal", "eh11", EH11 + "30 rps - 20 rps = 10 rps", 4, "slip", "backlog_growth"),
    ("autoscaling-signal", "eh11", EH11 + "30 - 22 = 8 rps backlog growth", 4, "correct", "backlog_growth"),
    ("quantisation-trade-off", None, "hbm 141G usable", 1, "slip", "usable"),
    ("quantisation-trade-off", None, "The card has 141 GB of memory, so the usable memory is 141 GB.", 1, "slip",
     "usable"),
    ("quantisation-trade-off", None, "The card has 141 GB, so the usable memory is 0.9 × 141 = 126.9 GB.", 1,
     "correct", "usable"),
], ids=["a-label-after-the-value", "a-rate-is-no-count", "right-with-the-label-after", "a-given-for-a-step-named-after",
        "a-given-for-a-step-named-in-a-clause", "right-in-a-clause"])
def test_labels_after_and_rates(qid, seed, working, line, status, step):
    """A few words ending the line, or a clause opened by ``so``, name the value; ``10 rps`` is never 10 requests."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("decode-roofline-batch", None, "AI 16G/16G = 1 FLOP/B", 1, "correct", "intensity"),
    ("draining", None, "rent per second: $2.50 per hour / 60 = $0.0417 per second", 1, "slip", None),
    ("draining", None, "rent per second: $2.50 per hour / 3600 = $0.000694 per second", 1, "unmatched", None),
    ("decode-roofline-batch", None, "**Intensity at batch 1**\nintensity = 16 GFLOP / 16 GB = 1 FLOP/B", 1,
     "unmatched", None),
    ("decode-roofline-batch", None, "**Intensity at batch 1**\nintensity = 16 GFLOP / 16 GB = 1 FLOP/B", 2,
     "correct", "intensity"),
    ("kv-cache-per-token", None, "KV per token = 2 (K and V) × layers × kv_heads × head_dim × bytes", 1,
     "unmatched", None),
], ids=["giga-where-gigabytes-cancel", "sixty-makes-no-second", "thirty-six-hundred-does", "a-title-as-heading",
        "then-the-step", "a-formula-in-names"])
def test_factors_headings_and_formulas(qid, seed, working, line, status, step):
    """``16G/16G`` is a ratio of billions; ÷60 turns hours into minutes; a title and a formula state no value."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("text,first", [
    ("total = 2 allreduce/layer x 80 layers x 98.304 MB = 15,728.64 MB", "2 allreduce/layer x 80 layers x 98.304 MB"),
    ("t = 2 syncs per layer x 80 layers x 98.304 MB = 15,728.64 MB", "2 syncs per layer x 80 layers x 98.304 MB"),
], ids=["slash", "per"])
def test_label_with_a_per_part(text, first):
    """``2 all-reduces/layer × 80 layers``: the words and their "per" part name the 2; the product goes on."""
    chain = read_line(text).claims[0]
    assert text[chain.segments[0].start:chain.segments[0].end] == first


#: One card's price taken for the replica's rent (a slip), then used as the learner's own rent.
ONE_CARD = "Rent: $1.00/hr for the replica\nTokens/hr: 3,000 tok/s × 3,600 = 10.8M tok/hr\n"


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("token-cost-from-card-price", "uv3", ONE_CARD + "Full load: $1.00 / 10.8M = $0.0926/Mtok", 1, "slip",
     "replica_cost"),
    ("token-cost-from-card-price", "uv3", ONE_CARD + "Full load: $1.00 / 10.8M = $0.0926/Mtok", 3, "carried",
     "cost_full"),
    ("token-cost-from-card-price", "uv3", ONE_CARD + "Full load: $1.00 / 10.8M = $0.0962/Mtok", 3, "slip",
     "cost_full"),
], ids=["the-given-for-the-step", "then-used-as-theirs", "a-slip-on-it"])
def test_given_taken_for_a_step(qid, seed, working, line, status, step):
    """``$1.00`` is the card's price and the learner's rent alike: after the rent line, it is their rent."""
    assert_line(qid, seed, working, line, status, step)
