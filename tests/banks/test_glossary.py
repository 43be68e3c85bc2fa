"""The scaling glossary: every term exists, reads as one sentence, and its example is right.

The expected results were worked by hand from each example's defaults (the
arithmetic is in the comment beside each row), so a change to a default, a
formula or a unit conversion shows up here as a wrong number.
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction

import pytest

from bank.check import check
from bank.load import gather
from bank.render import render_example
from bank.solve import solve
from bank.variant import variant
from tests.conftest import QUESTIONS

GLOSSARY = QUESTIONS / "glossary"
SCHEMA_LINE = "# yaml-language-server: $schema=../../bank/schema/term.schema.json"

#: term id -> (exact default result in the declared unit, how the result prints).
EXPECTED = {
    "littles-law": (Fraction(4), "4"),                      # 6/s x 21 s = 126 in system; ceil(126/32) = 4
    "queue-depth": (Fraction(15, 2), "7.5"),                # (10-8)/s x 30 s = 60 queued; 60 / 8/s = 7.5 s
    "replica": (Fraction(15), "$15.00"),                    # ceil(9000/3000) = 3 replicas x 2 cards x $2.50/h
    "warm-pool": (Fraction(43800), "$43,800"),              # ceil(4000/3000) = 2 x $2.50 x 8760 h
    "cold-start": (Fraction(152), "152"),                   # 140/2.5 = 56 s + 20 s = 76 s; x 2/s
    "kv-cache": (Fraction(7), "7"),                         # 2x80x8x128x2 B = 0.32768 MB; x4096 = 1.342 GB; 10 // 1.342
    "prefix-cache": (Fraction(3, 10), "300 ms"),            # 2000/5000 - 500/5000 = 0.3 s
    "cache-affinity": (Fraction(35, 2), "17.5"),            # 30M x 7/8 = 26.25M vs 30M x 5% = 1.5M
    "spot-capacity": (Fraction(55, 4), "$13.75"),           # 12 x $2.50 - ceil(12/0.95) = 13 x $1.25
    "eviction": (Fraction(96, 625), "0.154%"),              # 40/20 h = 48/day x 16 = 768 of 500,000
    "draining": (Fraction(25, 36), "$0.69"),                # 2000/24 s x $2.50/h = $0.0579 x 12 a day
    "health-check": (Fraction(60), "60"),                   # 3 x 10 s = 30 s; 20/s / 10 x 30 s
    "canary": (Fraction(150), "150"),                       # 50/s x 600 s x 10% = 3,000; x 1/20
    "slo": (Fraction(250, 3), "83.3%"),                     # 6/s x 1800 s x 20% = 2160 of 518,400 x 0.5% = 2592
    "headroom": (Fraction(15, 2), "$7.50"),                 # 7200 x 1.25 = 9000; ceil(9000/3000) = 3 x $2.50
    "load-shedding": (Fraction(125, 2), "62.5%"),           # (12000-9000) / (12000 x 40%)
    "throughput": (Fraction(3125, 3456), "$0.90"),          # 32 x 24 x 4 = 3072 tok/s; $10/h / 11.0592 Mtok/h
    "concurrency": (Fraction(768, 125), "6.14"),            # 4 x 32 = 128; 500/24 s; 128 / 20.83 s
    "batch-size": (Fraction(134000, 187), "717"),           # 16 / ((70 + 16 x 0.3) GB / 3.35 TB/s) = 716.6
    "prefill": (Fraction(1400, 2967), "472 ms"),            # 2000 x 140 GFLOP / (989 TFLOP/s x 60%)
    "decode": (Fraction(62500, 637), "98.1%"),              # (500/24) / (2000/5000 + 500/24)
    "ttft": (Fraction(440), "440 ms"),                      # 150 + 2000/8000 s + 40 ms
    "tail-latency": (Fraction(16), "16"),                   # (16000/5000) / (1000/5000)
    "autoscaling": (Fraction(4), "4"),                      # ceil(40/5) = 8 - 4
    "round-robin": (Fraction(140), "140"),                  # (12/3 - 5/3) x 60 s
    "rollback": (Fraction(53, 12), "4.42 min"),             # ceil(20/4) = 5 waves x (21 + 32) s = 265 s
    "memory-bandwidth": (Fraction(335, 7), "47.9"),         # 1 / (70 GB / 3.35 TB/s) = 47.86 tok/s
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
    exact, shown = EXPECTED[tid]
    result = solve(term, variant(term)).result
    assert result.magnitude == exact
    assert str(result) == shown


@pytest.mark.parametrize("tid", IDS)
def test_default_example_renders(terms, tid):
    problem, steps, result = render_example(terms[tid])
    assert problem and len(steps) == len(terms[tid].example.steps)
    assert str(result) in steps[-1].text or terms[tid].example.result != steps[-1].name
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
