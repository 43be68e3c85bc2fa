"""Rounds ten to twelve: a result written before its working, units in brackets, answers never stated,
full-width forms, mixed numbers, a share's other side, values from lines that matched no step, an answer
given first, one working done again on another value, JavaScript, numbered steps, and round fourteen's
ordinary writers.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s23-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line, part


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-boot-gap", None, "read   11.7 s  <- 70 GB / 6 GB/s", 1, "correct", "read_time"),
    ("replica-boot-gap", None, "11.7 s  ← 70 GB ÷ 6 GB/s", 1, "correct", "read_time"),
    ("warm-pool-size", None, "hrs/yr       8,670        <- 24 × 365", 1, "slip", "hours_per_year"),
    ("warm-pool-size", None, "hrs/yr       8,670        <- 24 × 365\nper replica  $21,675/yr   <- 2.50 × 8,670", 2,
     "carried", "yearly_rent"),
    ("replica-throughput-and-cost", None, "batch       55            <- 148 / 2.6844 = 55.1, round down", 1,
     "correct", "batch"),
    ("launch-sizing", None, "premium    $4/hr         <- 10 − 6   (+67%)", 1, "correct", "premium"),
    ("weight-memory-precision", None, "fp16: 70e9 × 2 B = 140 [GB]", 1, "correct", "w16"),
    ("replica-boot-gap", None, "read: 70 GB / 6 GB/s = 11.7 (s)", 1, "correct", "read_time"),
    ("weight-memory-precision", None, "fp16: 70e9 × 2 B = 140 (16-bit)", 1, "slip", "w16"),
], ids=["result-first-arrow", "result-first-unicode-arrow", "result-first-slip", "result-first-carried",
        "result-first-then-rounded", "result-first-with-an-aside", "unit-in-square-brackets", "unit-in-parentheses",
        "an-aside-in-brackets-is-no-unit"])
def test_result_first_and_units_in_brackets(qid, seed, working, line, status, step):
    """``11.7 s <- 70 GB / 6 GB/s`` (or ``←``) reads as ``70 GB / 6 GB/s = 11.7 s``, a slip or a carried error in
    it included, and what follows the working goes on from it (``= 55.1, round down`` to the 55 written first);
    ``140 [GB]`` and ``11.7 (s)`` are units, ``(16-bit)`` an aside (so 140 is off by a power of ten)."""
    assert_line(qid, seed, working, line, status, step)


RULE_FORGETS_SPARE = ("needed 7,200 × 1.25 = 9,000 tok/s\n9,000 / 3,000 = 3 replicas\n"
                      "the rule: 3 × $2.50 = $7.50/hr\nbare 7,200 / 3,000 = 2.4 → 2.4 × 2.50 = $6.00\n"
                      "premium 7.50 − 6.00 = $1.50/hr")
BATCH_INSIDE = ("weights 70e9 × 2 = 140 GB, 4 × 80 × 0.9 = 288 GB usable, 148 GB left\n"
                "per seq 327,680 × 8,192 = 2.684 GB; 148 / 2.684 = 55.1\n"
                "step reads 140 + 55 × 2.684 = 287.6 GB")


@pytest.mark.parametrize("qid,working,step,status", [
    ("launch-sizing", RULE_FORGETS_SPARE, "fleet", "wrong"),
    ("replica-throughput-and-cost", BATCH_INSIDE, "batch", "correct"),
    ("launch-sizing", "needed 7,200 × 1.25 = 9,000 tok/s", "fleet", "missing"),
    ("weight-memory-precision", "fp16: 70e9 × 2 B = 140 GB\n140 / 80 = 1.75\n"
     "≈ 2 cards, with only 20 GB spare across the pair", "w16", "correct"),
], ids=["used-but-wrong", "used-and-right", "never-reached", "a-remark-beside-another-answer"])
def test_an_answer_part_read_from_how_it_was_used(qid, working, step, status):
    """A part no line states is judged by the line that worked from it: ``3 × $2.50`` prices a fleet of 3 (the
    spare forgotten), so the fleet is wrong; ``140 + 55 × 2.684`` uses the right batch. A part the working never
    reached is missing, and ``20 GB spare`` beside the card count is no last word on the 16-bit weights."""
    assert str(part(qid, None, working, step).status) == status


SPOT_70 = {"fleet_cards": 36, "on_demand_price": 5.5, "discount": 70, "boot_share": 20}
SPOT_30 = {"fleet_cards": 16, "on_demand_price": 2.5, "discount": 30, "boot_share": 5}
ALL_MISSES = ("20,000 × 1,500 = 30 million prefix tokens a day\n30 × $0.30 = $9.00 per day\n"
              "random: every token a miss, 30 × $3.00 = $90.00 per day\nAffinity is 90 / 9 = 10 times cheaper")


@pytest.mark.parametrize("qid,working,line,status,step,params", [
    ("weight-memory-precision", "16bit：70B×2 byte＝１４０ GB", 1, "correct", "w16", None),
    ("weight-memory-precision", "8bit 70×1=70GB，4bit 70×0.5=35GB", 1, "correct", "w4", None),
    ("weight-memory-precision", "cards: 140/80 = 7/4 = 1 3/4 cards", 1, "correct", "cards16_exact", None),
    ("weight-memory-precision", "cards: 140/80 = 7/4\n1 3/4 → 2 cards", 2, "correct", "cards16", None),
    ("spot-capacity", "spot 5.5 x 0.7 = 3.85 per card", 1, "slip", "spot_price", SPOT_70),
    ("spot-capacity", "on demand: 16 × 2.50 = $40/hr\nspot at 30% discount: 3/10 × 2.50 = $0.75 per card-hr", 2,
     "slip", "spot_price", SPOT_30),
    ("spot-capacity", "on demand 36 x 5.5 = 198/hr", 1, "correct", "on_demand_bill", SPOT_70),
    ("cache-aware-routing", ALL_MISSES, 4, "carried", "bill_ratio", None),
    ("decode-bandwidth-bound", "decode is bandwidth-bound: step time = bytes read / 3.35 TB/s", 1, "unmatched",
     None, None),
    ("replica-boot-gap", "read: 70/6 = 11 2/3 s\nthen + 20 s init → 11 2/3 + 20 = 31 2/3 s ≈ 32 s", 2, "correct",
     "boot_time", None),
], ids=["full-width-digits-and-marks", "full-width-comma-ends-a-clause", "a-mixed-number", "a-mixed-number-rounded",
        "a-discount-paid-as-the-price", "the-price-paid-as-a-discount", "dollars-and-hours-unsaid",
        "a-value-from-a-line-that-matched-nothing", "a-word-inside-a-name-is-no-typo",
        "then-and-an-operator-go-on"])
def test_full_width_fractions_and_shares(qid, working, line, status, step, params):
    """An input method's ``＝``, ``：``, ``１４０`` and ``，`` are ``=``, ``:``, 140 and a clause break; ``1 3/4`` is
    1.75; ``5.5 × 0.7`` where the spot price keeps 30% (and ``3/10 × 2.50`` where it keeps 70%) is a slip on
    the spot price, said ``per card`` with its $ and hour unsaid; a ratio of ``$90.00 per day`` (a bill the
    grader could not place) is carried from it; ``bytes read`` is prose, not a typo of a step's name; ``then +
    20 s`` goes on from the line before."""
    assert_line(qid, None, working, line, status, step, params)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("kv-cache-capacity", "Answer: 54 sequences.", 1, "slip", "sequences"),
    ("kv-cache-capacity", "Answer: 104 sequences.", 1, "correct", "sequences"),
    ("replica-throughput-and-cost", "2,570 × 3,600 = 9.25M tok/hr; 4 cards × $2.50 = $10/hr → 10 / 9.25 = $1.18 per "
     "Mtok", 1, "slip", "cost"),
    ("quantisation-trade-off", "8-bit 70 GB, 4-bit 35 GB → 4.8 TB/s ÷ 70 GB = 68.6 tok/s, ÷ 35 GB = 137 tok/s", 1,
     "correct", "speed4"),
], ids=["a-wrong-answer-given-first", "a-right-answer-given-first", "a-slip-on-the-one-open-step-of-its-kind",
        "the-same-division-again"])
def test_answers_first_and_workings_again(qid, working, line, status, step):
    """``Answer: 54 sequences.`` before any working is a slip on the part it answers (a tutor marks the guess);
    ``$10/hr → 10 / 9.25 = $1.18 per Mtok`` is a slip on the cost, the one open step in $ per million tokens, and
    its ``$10/hr`` keeps its unit; ``…, ÷ 35 GB = 137 tok/s`` divides the 4.8 TB/s again."""
    assert_line(qid, None, working, line, status, step)


SPOT_60 = {"fleet_cards": 44, "on_demand_price": 3.5, "discount": 60, "boot_share": 20}
KV_8B = {"params": 8e9, "bytes_per_param": 2, "card_memory": 80, "usable_share": 90, "layers": 32, "kv_heads": 8,
         "head_dim": 128, "key_and_value": 2, "bytes_per_value": 1, "context": 8192}


@pytest.mark.parametrize("qid,working,line,status,step,params", [
    ("weight-memory-precision", "const params = 70e9;\nconst w16 = params * 2; // 140e9 bytes = 140 GB", 2, "correct",
     "w16", None),
    ("weight-memory-precision", "const cards = 140 / 80; // 1.75\nMath.ceil(cards) // 2 cards, fits", 2, "correct",
     "cards16", None),
    ("weight-memory-precision", "let w8 = 70e9 * 1; // fits easily", 1, "correct", "w8", None),
    ("spot-capacity", "Step 2 — spot price: 60% × $3.50 = $2.10 per card-hour.\n"
     "Step 3 — spot bill: 44 × $2.10 = **$92.40/hour**.", 2, "carried", "spot_bill", SPOT_60),
    ("tensor-parallel-overhead", "Step 5 — compute: 2 × 70B × 4,000 = 5.6 × 10¹⁴ FLOP ÷ (4 × 989 × 0.5 = 1,978 "
     "TFLOP/s) ≈ **283 ms**.", 1, "correct", "compute_time", None),
    ("kv-cache-capacity", "let kvPerToken = 2 * 32 * 8 * 128 * 1; // 65536 B\n"
     "let kvPerSeq = kvPerToken * 8192 / 1e9; // 0.537 GB", 2, "correct", "kv_seq", KV_8B),
], ids=["a-javascript-comment-gives-the-value", "math-ceil", "a-comment-of-words-is-an-aside", "let-names-a-value",
        "a-numbered-step-names-its-step", "scientific-notation-goes-on"])
def test_javascript_and_numbered_steps(qid, working, line, status, step, params):
    """``const w16 = params * 2; // 140 GB`` is ``w16 = params * 2 = 140 GB`` (a ``//`` is a comment, as in
    JavaScript, not Python's floor division); ``let`` and ``const`` name values; ``Math.ceil`` is ``ceil``;
    ``Step 3 — spot bill:`` names the spot bill, not the raw saving its value happens to equal;
    ``= 5.6 × 10¹⁴ FLOP ÷ (…)`` goes on from 5.6e14."""
    assert_line(qid, None, working, line, status, step, params)


SPOT_60_OFF = {"fleet_cards": 60, "on_demand_price": 3.5, "discount": 60, "boot_share": 10}
LAUNCH_2_SPARES = {"forecast": 6000, "headroom": 40, "per_replica": 2500, "spare": 2, "price": 1.5}
LAUNCH_RULE = ("With 40% headroom the rule provisions 6,000 × 1.4 = 8,400 tokens per second.\n"
               "That needs 8,400 / 2,500 = 3.36 replicas, which rounds up to 4.\n"
               "At the forecast the load is 6,000 / (4 × 2,500) = 60%.\nSo the rule calls for 4 replicas.\n"
               "At $1.50 an hour each that is 4 × 1.50 = $6.00 an hour.")
ROUNDED_ON = ("wts = 70 bil x 2 = 140 gigs; usable 4 x 80 x 0.9 = 288, so 148 gigs free for kv\n"
              "per seq kv = 327,680 x 8192 ≈ 2.684 gigs\n148 / 2.684 = 55.1 → 55 seqs\n"
              "bytes per step = 140 + 55 x 2.684 = 287.6 gb\nmem time = 287.6 / (4 x 3.35 = 13.4 tb/s) = 21.46 ms")
TWICE_A_SLIP = "8-bit 4.8 TB/s / 70 GB = 86.6 tok/s\n4-bit twice that, 173 tok/s"


@pytest.mark.parametrize("qid,working,line,status,step,params", [
    ("spot-capacity", "On demand the fleet costs 60 × $3.50 = $210 an hour.\n"
     "With the 60% discount a spot card costs 0.6 × $3.50 = $2.10 an hour.", 2, "slip", "spot_price", SPOT_60_OFF),
    ("prefill-time-to-first-token", "2 × 8 billion = 16 billion FLOPs per token\n16 billion × 4,000 = 6.4 × 10^13\n"
     "The card does 989 TFLOP/s, so prefill takes 6.4 × 10^13 / (989 × 10^12) = 0.0647 s.", 3, "slip", "ttft",
     None),
    ("launch-sizing", LAUNCH_RULE, 5, "carried", "fleet_cost", LAUNCH_2_SPARES),
    ("quantisation-trade-off", TWICE_A_SLIP, 2, "carried", "speed4", None),
    ("decode-bandwidth-bound", "alone: 16/3.35 = 4.78 ms -> 209 tok/s\nkv 32*2048*131072 = 85.9 GB\n"
     "step (16+85.9)/3.35 = 30.4 ms, 32.9 tok/s each\nx32 = 1053 tok/s", 4, "carried", "aggregate", None),
    ("quantisation-trade-off", "usable 126.9 GB, 2.684 GB per seq\n8b: (126.9 - 70) / 2.684 = 21.2 → ~22 seqs", 2,
     "slip", "batch8", None),
    ("weight-memory-precision", "16-bit -> 7B x 2 bytes = 1.4 GB\n8-bit is half that -> 0.7 GB\n"
     "4-bit half again -> 0.35 GB", 3, "carried", "w4", {"params": 7e9, "card_memory": 48}),
    ("quantisation-trade-off", "8-bit: 4.8×10^12 B/s / 7×10^10 B ≈ 6.86 tok/s   [B/s]/[B] = [1/s]\n"
     "4-bit ≈ 2 × 6.86 ≈ 13.7 tok/s", 2, "carried", "speed4", None),
    ("weight-memory-precision", "70 bil params x 2 bytes = 140 gigs at 16-bit", 1, "correct", "w16", None),
    ("tensor-parallel-overhead", "allreduce buffer = 4000 tok x 8192 x 2 bytes = 65.5 megs", 1, "correct", "buffer",
     None),
    ("replica-throughput-and-cost", ROUNDED_ON, 5, "correct", "mem_time", None),
    ("autoscaling-signal", "arrivals = 10\nsurge = arrivals * 1.2 = 12 req/s\ncapacity = arrivals * 1.1 = 11 req/s\n"
     "backlog_growth = surge - capacity = 1 req/s", 4, "correct", "backlog_growth", None),
], ids=["a-given-left-out-is-no-conversion", "scientific-notation-names-its-step", "a-bill-is-no-count",
        "twice-that", "times-the-value-said-in-passing", "a-count-rounded-up-where-it-rounds-down", "half-again",
        "a-dimensional-check-in-brackets-is-an-aside", "bil-and-gigs", "megs", "right-from-its-own-roundings",
        "a-learner-name-that-is-also-the-problems"])
def test_ordinary_writers(qid, working, line, status, step, params):
    """``0.6 × $3.50`` where the spot price keeps 40% is a slip on it, not a minutes-for-hours slip on a saving
    60 cards away; ``6.4 × 10^13 / (989 × 10^12)`` uses the prefill work and the peak, so it is the time to first
    token with the utilisation left out; ``$6.00 an hour`` is never a fleet of 6; ``twice that`` doubles the
    value before it, a wrong one carried (``half again`` too); ``x32`` goes on from a value said in passing;
    ``21.2 → ~22`` rounds a count the wrong way; ``[B/s]/[B] = [1/s]`` checks units and states no rate of 1 a
    second; ``bil``, ``gigs`` and ``megs`` are a billion, GB and MB; ``287.6 / 13.4 = 21.46 ms`` is the memory
    time (21.47 ms) worked from roundings, not an error carried from a number of the line's own; a learner's
    ``surge`` and ``capacity``, beside an operator, are the values they were given, not the problem's own."""
    assert_line(qid, None, working, line, status, step, params)


WARM_5_50 = {"hourly_rent": 5.5, "hours_per_day": 24, "days_per_year": 365, "boot_time": 49, "big_pool": 4,
             "small_pool": 1}
TABLE = ("| step | working | value |\n|---|---|---|\n| hours/yr | 24 × 365 | 8,760 h |\n"
         "| rent/replica/yr | $2.50 × 8,760 | $21,900 |")


@pytest.mark.parametrize("qid,working,line,status,step,params", [
    ("warm-pool-size", TABLE, 4, "correct", "yearly_rent", None),
    ("warm-pool-size", TABLE, 2, "unmatched", None, None),
    ("replica-throughput-and-cost", "cost = $10 / (2,560 × 60 tokens) = $65.1 per M tokens, roughly 65 ± 1 $/M", 1,
     "slip", "cost", None),
    ("token-cost-from-card-price", "cost per hour = $4\ntokens/hr = 5500 x 3600 = 19.8M\n"
     "full load: 4 / 19.8 = $0.202 per Mtok\navg load: 0.202 x 0.65 = $0.131 per Mtok", 4, "slip", "cost_real",
     {"card_count": 4, "price": 4, "throughput": 5500, "an_hour": 3600, "load": 65}),
    ("warm-pool-size", "24 x 365 = 8760 hrs, x $5.50 = $48,180 a year per replica", 1, "correct", "yearly_rent",
     WARM_5_50),
], ids=["a-markdown-table-row", "a-table-header-and-rule", "plus-or-minus-is-a-margin",
        "the-wrong-operation-on-a-carried-value", "a-price-per-hour-unsaid-a-total-per-year"])
def test_tables_margins_and_prices(qid, working, line, status, step, params):
    """``| rent | $2.50 × 8,760 | $21,900 |`` is the working and its value (the header and the rule under it mark
    nothing); ``65 ± 1 $/M`` is 65 give or take 1, never a cost of $1; ``0.202 × 0.65`` on the learner's own 0.202
    is the wrong operation on the cost at average load (which divides); ``8760 hrs × $5.50 = $48,180 a year``
    leaves the price's "per hour" unsaid and says the total per year."""
    assert_line(qid, None, working, line, status, step, params)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("replica-throughput-and-cost", "weights 70(2) = 140 GB\nfree = 4(80)(0.9) - 140 = 288 - 140 = 148 GB", 2,
     "correct", "free"),
    ("tensor-parallel-overhead", "buffer = 4000(8192)(2) = 65.5 MB\n(3/4)(65.5) = 49.2 MB", 2, "slip",
     "per_allreduce"),
    ("weight-memory-precision", "70B x 2 = 140 GB (weights), 140 / 80 = 1.75 → ceil(1.75) = 2 cards", 1, "correct",
     "cards16"),
    ("launch-sizing", "7,200 × 1.25 = 9,000 tok/s → / 3,000 = 3 → 3 replicas serving + 1 spare = 4", 1, "correct",
     "fleet"),
], ids=["implicit-multiplication", "a-bracket-times-a-bracket", "an-aside-and-a-call-stay-as-they-are",
        "a-step-name-as-a-word"])
def test_handwritten_multiplication(qid, working, line, status, step):
    """``4(80)(0.9)`` and ``(3/4)(65.5)`` multiply, as on paper (the second is one ring phase where the step
    sends 2 × 3/4 of the buffer); ``140 GB (weights)`` is an aside and ``ceil(1.75)`` a call; ``3 replicas
    serving + 1 spare`` uses a step's own name as a word, which is no unknown name."""
    assert_line(qid, None, working, line, status, step)


CALCULATOR = "70e9 × 2 = 1.4e11\nans / 1e9 = 140 GB\nans / 80 = 1.75\nceil(ans) = 2 cards\nans: 2 cards"


@pytest.mark.parametrize("line,status,step", [(3, "correct", "cards16_exact"), (4, "correct", "cards16"),
                                              (5, "correct", "cards16")],
                         ids=["ans-divided", "ceil-of-ans", "ans-colon-is-an-answer"])
def test_a_calculators_ans(line, status, step):
    """``ans`` beside an operator or in a call is the calculator's last answer (``ans / 80``, ``ceil(ans)``);
    ``ans: 2 cards`` is a learner's answer, as in a phone's shorthand."""
    assert_line("weight-memory-precision", None, CALCULATOR, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("warm-pool-size", "- hours/yr: 8,670 (24 × 365)", 1, "slip", "hours_per_year"),
    ("weight-memory-precision", "- weights: 140 GB (70B × 2 B)", 1, "correct", "w16"),
    ("launch-sizing", "Utilisation at forecast: 7,200 / (4 x 3,000) = 60%.", 1, "slip", "utilisation"),
    ("weight-memory-precision", "140 / 80 = 1.75 → 2 cards (rounded up, can't rent 3/4 of a card)", 1, "correct",
     "cards16"),
], ids=["a-value-then-its-working-in-brackets", "with-units", "a-bracket-after-an-operator-is-its-operand",
        "a-remark-in-brackets-stays-a-remark"])
def test_a_value_then_its_working(qid, working, line, status, step):
    """``8,670 (24 × 365)`` is the working and the value it gave (a transposed 8,760 here), like a result written
    first; a bracket after an operator is an operand, and a bracket of words a remark."""
    assert_line(qid, None, working, line, status, step)
