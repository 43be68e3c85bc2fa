"""The scaling bank's default variants reproduce the source page's figures.

Every row was worked by hand from the page (the arithmetic is in the comment
beside it). Each pins a question's key steps twice: the exact value in the
step's declared unit, and how it prints, which is where the page's rounded
figures (11.7, 32, $1.32, 0.57) show. Where our figure departs from the page,
the row says so and the question's YAML carries a `# Departs from the page`
comment explaining why.
"""

from __future__ import annotations

import shutil
from fractions import Fraction as F

import pytest

from bank.check import check
from bank.load import gather
from bank.solve import solve
from bank.variant import variant
from tests.banks.workings import WORKINGS, final_number, lines
from tests.conftest import QUESTIONS

BANK = "scaling-load-balancing"

#: question id -> {step: (exact default value in the step's unit, printed)}; the result is included.
EXPECTED = {
    "autoscaling-signal": {
        "resident": (F(5), "5"),                        # 10 req/s x 0.5 s
        "burst_resident": (F(6), "6"),                  # 12 req/s x 0.5 s
        "backlog_growth": (F(2), "2"),                  # 12 - 10 req/s
    },
    "replica-boot-gap": {
        "read_time": (F(35, 3), "11.7"),                # 70 GB / 6 GB/s
        "boot_time": (F(95, 3), "32"),                  # 11.67 + 20 s
    },
    "warm-pool-size": {
        "hours_per_year": (F(8760), "8,760"),           # 24 x 365
        "yearly_rent": (F(21900), "$21,900"),           # $2.50 x 8,760
        "big_pool_rent": (F(87600), "$87,600"),         # 4 x $21,900
        "small_pool_rent": (F(21900), "$21,900"),       # 1 x $21,900
        "saving": (F(65700), "$65,700"),                # $87,600 - $21,900
    },
    "cache-aware-routing": {
        "daily_tokens": (F(30_000_000), "30 million"),  # 20,000 x 1,500
        "affinity_bill": (F(9), "$9.00"),               # 30M x $0.30/M
        "hit_bill": (F(9, 10), "$0.90"),                # 10% x 30M x $0.30/M
        "miss_bill": (F(81), "$81.00"),                 # 90% x 30M x $3.00/M
        "random_bill": (F(819, 10), "$81.90"),          # $0.90 + $81.00
        "bill_ratio": (F(91, 10), "9.1"),               # $81.90 / $9.00
    },
    "spot-capacity": {
        "on_demand_bill": (F(30), "$30.00"),            # 12 x $2.50
        "spot_price": (F(5, 4), "$1.25"),               # $2.50 x (1 - 50%)
        "spot_bill": (F(15), "$15.00"),                 # 12 x $1.25
        "raw_saving": (F(15), "$15.00"),                # $30 - $15 (departs: page's step 4 is muddled)
        "effective_cards": (F(57, 5), "11.4"),          # 12 x 95%
        "eviction_cost": (F(3, 4), "$0.75"),            # $15 - 11.4 x $1.25 = $15 - $14.25
        "effective_price": (F(25, 19), "$1.32"),        # $15 / 11.4
    },
    "draining": {
        "drain_time": (F(125, 6), "21"),                # 500 / 24 tokens/s = 20.8 s
        "drain_cost": (F(25, 1728), "$0.014"),          # $2.50/h x 20.83 s / 3600 (departs: added)
    },
    "launch-sizing": {
        "needed": (F(9000), "9,000"),                   # 7,200 x 1.25
        "serving": (F(3), "3"),                         # ceil(9,000 / 3,000)
        "bare": (F(12, 5), "2.4"),                      # 7,200 / 3,000
        "utilisation": (F(80), "80%"),                  # 2.4 / 3
        "fleet": (F(4), "4"),                           # 3 + 1 spare
        "fleet_cost": (F(10), "$10.00"),                # 4 x $2.50
        "bare_cost": (F(6), "$6.00"),                   # 2.4 x $2.50 (departs: page has 3.84 x = $9.60)
        "premium": (F(4), "$4.00"),                     # $10 - $6 (departs: page has $0.40)
    },
    "throughput-vs-concurrency": {
        "replica_rate": (F(768), "768"),                # 16 x 48 (departs: page has 766)
        "fleet_rate": (F(3072), "3,072"),               # 4 x 768 (departs: page has 3,064)
        "concurrency": (F(64), "64"),                   # 4 x 16 users
        "squeezed_speed": (F(12), "12"),                # 768 / 64 users
    },
    "tail-latency": {
        "reply_time": (F(637, 30), "21.2"),             # 0.4 + 500/24 = 21.23 (departs: page has 21.3)
        "miss_flops": (F(560 * 10**12), "5.6e14"),      # 4,000 x 140 GFLOP
        "miss_time": (F(560, 989), "0.57"),             # 5.6e14 / 989 TFLOP/s (rate stated by us)
        "queued_reply": (F(663593, 29670), "22.4"),     # 21.23 + 2 x 0.566 (departs: page has 22.5)
    },
}

RESULTS = {
    "autoscaling-signal": "backlog_growth", "replica-boot-gap": "boot_time", "warm-pool-size": "saving",
    "cache-aware-routing": "bill_ratio", "spot-capacity": "effective_price", "draining": "drain_cost",
    "launch-sizing": "premium", "throughput-vs-concurrency": "squeezed_speed", "tail-latency": "queued_reply",
}


@pytest.fixture(scope="module")
def scaling():
    """The scaling bank's questions by id (other banks' problems do not concern these tests)."""
    library, _ = gather(QUESTIONS)
    return {q.id: q for q in library.questions() if q.bank == BANK}


@pytest.mark.parametrize(("qid", "expected"), list(EXPECTED.items()), ids=list(EXPECTED))
def test_default_variant_reproduces_the_page(scaling, qid, expected):
    question = scaling[qid]
    solution = solve(question, variant(question))
    got = {name: (solution.values[name].magnitude, str(solution.values[name])) for name in expected}
    assert got == expected
    assert question.worked.result == RESULTS[qid]


def test_every_worked_question_is_pinned(scaling):
    worked = {qid for qid, q in scaling.items() if q.worked is not None}
    assert worked == set(EXPECTED)
    assert scaling["slow-replica"].worked is None
    assert len(scaling) == 10



@pytest.mark.parametrize("qid", list(EXPECTED), ids=list(EXPECTED))
def test_reference_working_ends_with_the_result(scaling, qid):
    """The whiteboard working's last line states the default result, to the precision written."""
    question = scaling[qid]
    exact = solve(question, variant(question)).result.magnitude
    reference = lines(qid, "reference")
    wrong = lines(qid, "wrong")
    given, half = final_number(reference[-1])
    assert abs(given - exact) <= half
    assert len(reference) >= 2 and wrong and wrong != reference


def test_scaling_bank_checks_clean(tmp_path):
    """The bank alone (with the glossary it links to) passes `bank check` over 200 variants."""
    shutil.copytree(QUESTIONS / BANK, tmp_path / BANK)
    shutil.copytree(QUESTIONS / "glossary", tmp_path / "glossary")
    report = check(tmp_path, variants=200)
    assert [str(p) for p in report.problems if BANK in str(p.path)] == []
    assert report.questions == 10
