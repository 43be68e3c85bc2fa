"""Round one hundred and fourteen: a chat's emoji (``70B ✖️ 2 ➗ 4 = 35 GB ✅``, ``💰9.60/hr``), numpy 2 at a prompt
(``np.float64(20.0)``, ``array([140.,  70.,  35.])``, ``np.float64(1200) / 60``), Hindi's scale words in Devanagari
(``3 करोड़``, ``8 अरब``) and Italian's (``70 mld``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s34-q[qrst]-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

NUMPY = ">>> t = np.float64(500) / 24; t\nnp.float64(20.833333333333332)\n>>> 2.50 * t / 3600\nnp.float64(0.014467592592592593)\n"
ARRAY = ">>> w = 70e9 * np.array([2, 1, 0.5]) / 1e9; w\narray([140.,  70.,  35.])\n"


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("tensor-parallel-overhead", "70B ✖️ 2 ➗ 4 = 35 GB/card ➡️ 80 ➖ 35 = 45 GB left ✅", 1, "correct", "w_card"),
    ("tensor-parallel-overhead", "70B ✖️ 2 ➗ 4 = 35 GB/card ➡️ 80 ➖ 35 = 45 GB left ✅", 1, "correct", "room"),
    ("launch-sizing", "💰 4 ✖️ 2.50 = 💰10/hr 🤔", 1, "correct", "fleet_cost"),
    ("replica-boot-gap", "70 ➗ 6 = 11.7 s ⏱️", 1, "correct", "read_time"),
    ("replica-boot-gap", "70 ➗ 6 = 117 s ❌", 1, "slip", "read_time"),
    ("replica-boot-gap", "1/2 🧵 70 ➗ 6 = 11.7 s", 1, "correct", "read_time"),
], ids=["times-and-divide", "minus-after-an-arrow", "money-bags-are-dollars", "a-clock-says-nothing",
        "a-cross-is-no-withdrawal", "a-pictograph-ends-a-clause"])
def test_emoji(qid, working, line, status, step):
    """Emoji operators are the marks they stand for; other pictographs end a clause."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("draining", NUMPY, 2, "correct", "drain_time"),
    ("draining", NUMPY, 4, "correct", "drain_cost"),
    ("draining", NUMPY.replace("3600", "60").replace("0.014467592592592593", "0.8680555555555556"), 4, "slip", "drain_cost"),
    ("weight-memory-precision", ARRAY, 2, "correct", "w16"),
    ("weight-memory-precision", ARRAY, 2, "correct", "w4"),
    ("weight-memory-precision", ">>> np.ceil(140 / 80)\nnp.float64(2.0)", 2, "correct", "cards16"),
], ids=["a-cast-keeps-its-value", "a-scalar-printed", "a-scalar-printed-wrong", "an-array-printed",
        "an-arrays-last-value", "ceil-printed"])
def test_numpy(qid, working, line, status, step):
    """numpy 2 prints a scalar with its type (``np.float64(…)``) and an array as ``array([…])``: the values."""
    assert_line(qid, None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step", [
    ("cache-aware-routing", "Daily prefix tokens = 20,000 × 1,500 = 3 करोड़ tokens", 1, "correct", "daily_tokens"),
    ("cache-aware-routing", "Daily prefix tokens = 20,000 × 1,500 = 300 लाख", 1, "correct", "daily_tokens"),
    ("cache-aware-routing", "Daily prefix tokens = 20,000 × 1,500 = 3 लाख tokens", 1, "slip", "daily_tokens"),
    ("decode-roofline-batch", "bytes/step = 8 अरब × 2 B = 1.6 GB", 1, "slip", "bytes_step"),
    ("decode-roofline-batch", "bytes/step = 8 अरब × 2 B = 16 GB", 1, "correct", "bytes_step"),
    ("weight-memory-precision", "16-bit: 70 mld × 2 = 140 GB", 1, "correct", "w16"),
], ids=["crore", "lakh", "lakh-for-crore-no-percent-unit-excuses", "arab-a-power-slip", "arab-a-billion",
        "italian-mld"])
def test_scale_words_in_other_scripts(qid, working, line, status, step):
    """Hindi's scale words in Devanagari scale the number before them, as ``crore`` in Latin letters does."""
    assert_line(qid, None, working, line, status, step)


SIZING = {"forecast": 9200, "per_replica": 2000, "headroom": 10, "spare": 2, "price": 4}


@pytest.mark.parametrize("working,status", [
    ("10120 / 2000 = 5.06 replicas\nround ➡️ 5", "slip"),
    ("10120 / 2000 = 5.06 replicas\n→ 5", "slip"),
    ("10120 / 2000 = 5.06 replicas\n→ 6", "correct"),
], ids=["rounded-down-after-an-emoji-arrow", "rounded-down-after-an-arrow", "rounded-up"])
def test_a_line_that_rounds_the_value_before_it(working, status):
    """``→ 5`` after ``5.06 replicas`` rounds that value: down, for serving replicas that round up, is a slip on
    them, though 5 also fits the bare forecast's 4.6."""
    assert_line("launch-sizing", None, working, 2, status, "serving", params=SIZING)
