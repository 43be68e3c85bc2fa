"""The scaling glossary: every term exists, reads as one sentence, and its example is right.

The expected results were worked by hand from each example's defaults (the
arithmetic is in the comment beside each row), so a change to a default, a
formula or a unit conversion shows up here as a wrong number.
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction as F

import pytest

from bank.check import check
from bank.load import gather
from bank.render import render_example
from bank.solve import solve
from bank.variant import variant
from tests.conftest import QUESTIONS

GLOSSARY = QUESTIONS / "glossary"
SCHEMA_LINE = "# yaml-language-server: $schema=../../bank/schema/term.schema.json"

#: term id -> {answer part: (exact default value in the declared unit, how it prints)}.
EXPECTED = {
    "littles-law": {"in_system": (F(126), "126"),                   # 6/s x 21 s
                    "replicas_needed": (F(4), "4")},                 # 126 / 32 = 3.94, rounded up
    "queue-depth": {"depth": (F(60), "60"),                         # (10 - 8)/s x 30 s
                    "wait": (F(15, 2), "7.5")},                      # 60 / 8/s, first in, first out
    "replica": {"fleet_replicas": (F(3), "3"),                      # 9,000 / 3,000
                "fleet_cards": (F(6), "6"),                          # 3 x 2 cards
                "bill": (F(15), "$15.00")},                          # 6 x $2.50/h
    "warm-pool": {"warm": (F(2), "2"),                              # 4,000 / 3,000 = 1.33, rounded up
                  "rent": (F(43800), "$43,800")},                    # 2 x $2.50 x 8,760 h
    "cold-start": {"cold": (F(76), "76"),                           # 140 / 2.5 = 56 s + 20 s
                   "backlog": (F(152), "152")},                      # 2/s x 76 s
    "kv-cache": {"per_token": (F(327_680, 10**6), "0.32768"),       # 2 x 80 x 8 x 128 x 2 B, in MB
                 "per_sequence": (F(327_680 * 4096, 10**9), "1.342"),  # x 4,096 tokens
                 "sequences": (F(7), "7")},                          # 10 GB / 1.342 GB = 7.45, rounded down
    "prefix-cache": {"saved": (F(300), "300")},                     # 2,000/5,000 - 500/5,000 s, in ms
    "cache-affinity": {"random_recompute": (F(105, 4), "26.3"),     # 30M tokens x (1 - 1/8), in millions
                       "affinity_recompute": (F(3, 2), "1.5"),       # 30M x 5%
                       "ratio": (F(35, 2), "17.5")},                 # 26.25 / 1.5
    "spot-capacity": {"saving": (F(55, 4), "$13.75")},              # 12 x $2.50 - ceil(12/0.95) = 13 x $1.25
    "eviction": {"interrupted": (F(768), "768"),                    # 40 cards / 20 h = 48 a day x 16
                 "share": (F(96, 625), "0.154%")},                   # 768 of 500,000
    "draining": {"drain_time": (F(250, 3), "83.33"),                # 2,000 / 24 tokens/s
                 "daily": (F(25, 36), "$0.69")},                     # 83.3 s x $2.50/h x 12 a day
    "health-check": {"slow_requests": (F(60), "60")},               # 20/s / 10 x (3 x 10 s)
    "canary": {"full_failures": (F(3000), "3,000"),                 # 50/s x 600 s x 10%
               "canary_failures": (F(150), "150")},                  # x 1/20
    "slo": {"budget": (F(2592), "2,592"),                           # 6/s x 86,400 s x 0.5%
            "used": (F(250, 3), "83.3%")},                           # 6/s x 1,800 s x 20% = 2,160 of 2,592
    "headroom": {"fleet": (F(3), "3"),                              # 7,200 x 1.25 = 9,000; / 3,000
                 "cost": (F(15, 2), "$7.50")},                       # 3 x $2.50
    "load-shedding": {"shed_share": (F(25), "25%"),                 # 3,000 / 12,000
                      "free_shed": (F(125, 2), "62.5%")},            # 3,000 / (12,000 x 40%)
    "throughput": {"aggregate": (F(3072), "3,072"),                 # 32 x 24 x 4
                   "cost_per_mtok": (F(3125, 3456), "$0.90")},       # $10/h / 11.0592 Mtoken/h
    "concurrency": {"slots": (F(128), "128"),                       # 4 x 32
                    "sustainable": (F(768, 125), "6.14")},           # 128 / (500/24 s)
    "batch-size": {"per_user": (F(16750, 199), "84.2"),             # 1 / ((35 + 16 x 0.3) GB / 3.35 TB/s)
                   "aggregate": (F(268000, 199), "1,350")},          # 16 x 84.17
    "prefill": {"work": (F(32 * 10**12), "3.2e13"),                 # 2,000 x 16 GFLOP (an 8B model)
                "prefill_time": (F(160000, 2967), "53.9")},          # 3.2e13 / (989 TFLOP/s x 60%), in ms
    "decode": {"prefill_time": (F(2, 5), "0.4"),                    # 2,000 / 5,000
               "decode_time": (F(125, 6), "20.83"),                  # 500 / 24
               "decode_share": (F(62500, 637), "98.1%")},            # 20.83 / (0.4 + 20.83)
    "ttft": {"ttft_total": (F(440), "440")},                        # 150 + 2,000/8,000 s + 40 ms network
    "tail-latency": {"ratio": (F(16), "16")},                       # (16,000/5,000) / (1,000/5,000)
    "autoscaling": {"desired": (F(8), "8"),                         # 40 / 5
                    "launches": (F(4), "4")},                        # 8 - 4
    "round-robin": {"backlog": (F(140), "140")},                    # (12/3 - 5/3) x 60 s
    "rollback": {"total": (F(53, 12), "4.42")},                     # 5 waves x (21 + 32) s = 265 s, in min
    "memory-bandwidth": {"compute_time": (F(140, 989), "0.14"),     # 140 GFLOP / 989 TFLOP/s, in ms
                         "read_time": (F(1400, 67), "20.9"),         # 70 GB / 3.35 TB/s, in ms
                         "ceiling": (F(335, 7), "47.9")},            # 1 / 20.9 ms
}
IDS = sorted(EXPECTED)


@pytest.fixture(scope="module")
def terms():
    """The glossary as loaded (gathered, so problems elsewhere in the banks do not block it)."""
    library, _ = gather(QUESTIONS)
    return {t.id: t for t in library.glossary}


def test_every_scaling_term_exists(terms):
    missing = sorted(set(IDS) - set(terms))
    assert not missing, f"glossary terms missing or failing to load: {missing}"


@pytest.mark.parametrize("tid", IDS)
def test_file_starts_with_schema_line(tid):
    first = (GLOSSARY / f"{tid}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == SCHEMA_LINE


#: A sentence ends, then another begins: ". The", "! A", "? In".
SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-Z(\[]")


@pytest.mark.parametrize("tid", IDS)
def test_definition_is_one_sentence(terms, tid):
    definition = terms[tid].definition
    assert definition.endswith("."), definition
    assert not SENTENCE_BREAK.search(definition), definition
    assert "\n\n" not in definition


@pytest.mark.parametrize("tid", IDS)
def test_default_example_matches_hand_result(terms, tid):
    term = terms[tid]
    values = solve(term, variant(term)).values
    assert term.example.parts == tuple(EXPECTED[tid])
    assert {name: (values[name].magnitude, str(values[name])) for name in EXPECTED[tid]} == EXPECTED[tid]


@pytest.mark.parametrize("tid", IDS)
def test_default_example_renders(terms, tid):
    problem, steps, result = render_example(terms[tid])
    assert problem and len(steps) == len(terms[tid].example.steps)
    for step in steps:
        if step.name in terms[tid].example.parts:
            assert str(step.value) in step.text
    for text in (problem, *(s.text for s in steps)):
        assert "{{" not in text and "{%" not in text


@pytest.mark.parametrize("tid", IDS)
def test_aliases_name_one_term_only(terms, tid):
    mine = {s.lower() for s in terms[tid].spellings}
    for other in terms.values():
        if other.id != tid:
            shared = mine & {s.lower() for s in other.spellings}
            assert not shared, f"{tid} and {other.id} both claim {sorted(shared)}"


def test_scaling_glossary_passes_check(tmp_path):
    """`bank check` with 200 variants, on a folder holding just these terms."""
    (tmp_path / "glossary").mkdir()
    for tid in IDS:
        shutil.copy(GLOSSARY / f"{tid}.yaml", tmp_path / "glossary")
    report = check(tmp_path, variants=200)
    assert [str(p) for p in report.errors] == []
    assert report.terms == len(IDS)
    assert report.variants == len(IDS) * 201


# ----------------------------------------------------------------------------- the review's fixes, pinned

def _drawn(term, seeds=range(200)):
    return [dict(variant(term, seed).values) for seed in seeds]


def test_ttft_is_queueing_plus_prefill_plus_network(terms):
    """The first token comes out of the prefill pass: no decode step is part of TTFT."""
    term = terms["ttft"]
    assert "first_step" not in term.example.names
    for seed in range(40):
        v = solve(term, variant(term, seed)).values
        total = v["queue_wait"].magnitude + v["prefill_time"].magnitude + v["network"].magnitude
        assert v["ttft_total"].magnitude == total
    assert "[[decode]] only starts after it" in " ".join(term.explanation.split())


def test_prefill_uses_dense_figures_and_models_that_fit_one_card(terms):
    """1,979 TFLOP/s is the H100's sparse BF16 figure; a 405B model (810 GFLOP/token) fits no single card."""
    for values in _drawn(terms["prefill"]):
        assert values["peak"] in (312, 989)                         # dense BF16: A100, H100
        # 2 FLOPs and 2 bytes per parameter: GFLOP per token = GB of 16-bit weights, inside 90% of 80 GB
        assert values["flop_per_token"] <= 72


@pytest.mark.parametrize("seed", range(40))
def test_random_routing_hits_one_in_n_of_many_prefixes(terms, seed):
    term = terms["cache-affinity"]
    v = solve(term, variant(term, seed)).values
    assert v["random_hit"].magnitude == F(100) / v["fleet_size"].magnitude   # percent: one replica in N
    assert v["random_recompute"].magnitude > v["affinity_recompute"].magnitude
    assert "many distinct" in term.example.problem


def test_spot_example_bills_only_held_cards_like_the_question(terms):
    """The term's example and the scaling bank's question agree: reclaimed cards stop billing, and the
    cards paid for but not serving are replacements still booting."""
    problem = terms["spot-capacity"].example.problem
    assert "stops billing" in problem and "replacement bills" in problem
    library, _ = gather(QUESTIONS)
    question = library.question("spot-capacity").worked.problem
    assert "stops billing" in question and "bills from launch" in question


def test_queue_clearing_time_is_not_called_littles_law(terms):
    explanation = " ".join(terms["queue-depth"].explanation.split())
    assert "clearing time, not [[littles-law]]" in explanation


@pytest.mark.parametrize("cards", [2, 4, 8])
def test_ring_all_reduce_sends_two_n_minus_one_over_n(terms, cards):
    term = terms["all-reduce"]
    v = solve(term, variant(term, params={"card_count": F(cards)})).values
    assert v["sent"].magnitude / v["buffer"].magnitude == F(2 * (cards - 1), cards)   # 1, 1.5, 1.75
    assert "close to twice it in a large ring" in " ".join(term.explanation.split())


def test_tensor_parallelism_replicates_kv_heads_past_the_head_count(terms):
    explanation = " ".join(terms["tensor-parallelism"].explanation.split())
    assert "replicate each KV head" in explanation and "cannot hold half a head" in explanation
