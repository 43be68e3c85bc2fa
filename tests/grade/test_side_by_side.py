"""Rounds thirty-nine, forty-one and forty-three: values side by side in tuples and between bars, a unit written as a line's
label, an inequality solved for an unknown, a wrong answer stated under the name of its part; a rate said again per
day, month and year; algebra on a page (a working, then ``= value`` on the next line), subscripted names, ``p.a.``;
round forty-three: a unit in brackets after a name (``W16 [GB] := …``), numbered headings.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s26-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line, part

INVERSE = ("$/h: 1 x 2.50 = 2.50\n"
           "tok/h: 3000 x 3600 = 10.8M\n"
           "Mtok per $: 10.8 / 2.50 = 4.32\n"
           "$/Mtok full: 1 / 4.32 = 0.231\n"
           "at 60% load only 60% of the tokens, Mtok per $: 4.32 x 0.6 = 2.59\n"
           "so $2.59 per Mtok at avg load")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("quantisation-trade-off", None, "(8-bit, 4-bit) = (70, 35) GB", 1, "correct", "w4"),
    ("weight-memory-precision", None, "70B params x (2, 1, 0.5) B = (140, 70, 35) GB for (16-bit, 8-bit, 4-bit)", 1,
     "correct", "w4"),
    ("replica-boot-gap", None, "load | init = 70/6 | 20 = 11.7 | 20 s\ngap = 11.7 + 20 = 31.7 s", 2, "correct",
     "boot_time"),
    ("quantisation-trade-off", None, "lone tok/s 8-bit | 4-bit = 4800/70 | 4800/35 = 68.6 | 137 tok/s", 1, "correct",
     "speed4"),
    ("quantisation-trade-off", None, "(8-bit, 4-bit) = 70e9 x (1, 0.5) B = (70, 53) GB", 1, "slip", "w4"),
    ("weight-memory-precision", None, "140 / 80 = 1.75 -> 2 cards (rounded up, can't rent 3/4 of a card)", 1,
     "correct", "cards16"),
], ids=["a-tuple-of-values", "a-tuple-inside-the-working", "bars-then-the-sum", "bars-with-a-shared-label-and-unit",
        "one-value-of-a-pair-wrong", "a-remark-in-brackets-is-no-tuple"])
def test_side_by_side(qid, seed, working, line, status, step):
    """``(8-bit, 4-bit) = (70, 35) GB``: a claim for each position."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("decode-bandwidth-bound", None, "ms: 16 / 3.35 = 4.78 per token alone", 1, "correct", "t_one"),
    ("tensor-parallel-overhead", None, "GB/card: 70 x 2 / 4 = 35", 1, "correct", "w_card"),
    ("token-cost-from-card-price", None, INVERSE, 3, "unmatched", None),
    ("token-cost-from-card-price", None, INVERSE, 6, "slip", "cost_real"),
    ("replica-throughput-and-cost", None, "bytes/step 140 + 55*2.684 = 287.6", 1, "correct", "bytes_step"),
], ids=["ms-as-the-label", "a-rate-as-the-label", "tokens-per-dollar-is-no-price",
        "a-price-misread-from-the-inverse", "a-quantity-spelled-out-is-a-name"])
def test_unit_label(qid, seed, working, line, status, step):
    """``ms: 16 / 3.35 = 4.78``: a label that is a unit symbol gives it to a bare result; ``bytes/step`` names a
    quantity."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-capacity", None, "n <= 56 / 0.537 = 104.3, so n = 104 sequences", 1, "correct", "sequences"),
    ("quantisation-trade-off", None, "8-bit: n × 2.684 ≤ 126.9 − 70 = 56.9 → n ≤ 21.2", 1, "correct",
     "batch8_exact"),
    ("draining", None, "need t such that 24t ≥ 500 → t ≥ 500/24 ≈ 20.8 s", 1, "correct", "drain_time"),
    ("replica-boot-gap", None, "70 / 6 = 11.7 s > 10 s", 1, "correct", "read_time"),
], ids=["a-bound-then-a-whole-count", "a-condition-then-its-bound", "solving-24t", "two-values-compared"])
def test_inequality(qid, seed, working, line, status, step):
    """``n ≤ 56 / 0.537 = 104.3``: the bound an inequality gives for its unknown is the value it claims."""
    assert_line(qid, seed, working, line, status, step)


def test_a_tuple_answers_every_part():
    """``(140, 70, 35) GB``, then the cards: each weight part is answered."""
    working = "(16-bit, 8-bit, 4-bit) = 70e9 x (2, 1, 0.5) B = (140, 70, 35) GB\n140 / 80 = 1.75 -> 2 cards"
    assert [part("weight-memory-precision", None, working, step).status for step in ("w16", "w8", "w4")] \
        == ["correct"] * 3


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("spot-capacity", None, "On demand: 12 × $2.50 = $30/hr ≈ $720/day ≈ $21.9k/mo", 1, "correct",
     "on_demand_bill"),
    ("spot-capacity", None, "12 cards × $2.50 = $30/hr ≈ $720/day ≈ $21.9k/mo ≈ $263k/yr", 1, "correct",
     "on_demand_bill"),
    ("warm-pool-size", None, "Per replica: $2.50 × 8,760 = $21,900/yr ≈ $1.8k/mo", 1, "correct", "yearly_rent"),
    ("spot-capacity", None, "On demand: 12 × $2.50 = $30/hr ≈ $72/day", 1, "slip", "on_demand_bill"),
], ids=["a-rate-said-again-per-day-and-month", "and-per-year", "a-year-said-per-month", "a-wrong-restatement"])
def test_said_again_per_period(qid, seed, working, line, status, step):
    """``$30/hr ≈ $720/day ≈ $21.9k/mo``: each value says the one before it again, in another period."""
    assert_line(qid, seed, working, line, status, step)


ALGEBRA = ("W₁₆ = 70 × 10⁹ × 2 B\n"
           "    = 140 × 10⁹ B = 140 GB\n"
           "W₈ = 70 × 10⁹ × 1 B = 70 GB")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, ALGEBRA, 1, "unmatched", None),
    ("weight-memory-precision", None, ALGEBRA, 2, "correct", "w16"),
    ("weight-memory-precision", None, ALGEBRA, 3, "correct", "w8"),
    ("weight-memory-precision", None, "W₁₆ = 70 × 10⁹ × 2 B", 1, "correct", "w16"),
    ("cache-aware-routing", None, "affinity: 30M × $0.30/M = $9/day ≈ $3.3k p.a.", 1, "correct", "affinity_bill"),
], ids=["the-working-waits-for-its-value", "the-value-on-the-next-line", "a-subscripted-name",
        "a-working-alone-is-still-credited", "per-annum"])
def test_algebra_on_a_page(qid, seed, working, line, status, step):
    """A working whose value the next line gives (``= 140 GB``) is marked there; ``W₁₆`` is a name."""
    assert_line(qid, seed, working, line, status, step)


HEADINGS = ("1. Replicas\n"
            "   - 7,200 × 1.25 = 9,000 tok/s\n"
            "   - 9,000 / 3,000 = 3 replicas\n"
            "2. Load at forecast\n"
            "   - 7,200 / 9,000 = 80%")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, "W16 [GB] := 70e9 × 2 B = 140", 1, "correct", "w16"),
    ("replica-boot-gap", None, "t_read [s] := 70 / 6 ≈ 11.7", 1, "correct", "read_time"),
    ("launch-sizing", None, HEADINGS, 1, "unmatched", None),
    ("launch-sizing", None, HEADINGS, 4, "unmatched", None),
    ("launch-sizing", None, HEADINGS, 5, "correct", "utilisation"),
], ids=["a-unit-in-brackets-after-the-name", "seconds-in-brackets", "a-numbered-heading-is-no-value",
        "another-heading", "the-working-under-it"])
def test_labels_and_headings(qid, seed, working, line, status, step):
    """``W16 [GB] := … = 140`` is 140 GB; ``2. Load at forecast`` is a heading, its 2 no value."""
    assert_line(qid, seed, working, line, status, step)
