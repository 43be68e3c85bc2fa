"""Round forty-five: what a learner strikes out (``~~4.282~~ 4.228 ms``), a precision stated after a value
(``(3 s.f.)``, ``to 1 d.p.``), a stopwatch's seconds (``0:13.75``), and the value a line ends on for a next line that
opens with an operator.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s27-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line, part

BOOT = "read: 70 GB / 6 GB/s = 11.7 s\n"
RING = ("weights per card: 70B x 2 bytes = 140 GB / 4 = 35 GB, so 80 - 35 = 45 GB free on each card.\n"
        "all-reduce buffer = 4000 x 8192 x 2 bytes = 65.5 MB, chunk = 65.5 / 4 = 16.4 MB.\n"
        "ring sends 2 x (65.5 - 16.4) = 98.2 MB per card per all-reduce.\n"
        "over 80 layers: 80 x 98.2 MB = 7.86 GB.\n"
        "comm time = 7.86 GB / 450 GB/s = 17.5 ms\n"
        "compute: 2 x 70e9 x 4000 = 5.6e14 flop, over 4 x 989 x 0.5 = 1978 TFLOPS → 283 ms\n")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, "4-bit: 70B × 0.5 = ~~17.5 GB~~ 35 GB, it's half a byte", 1, "correct", "w4"),
    ("replica-boot-gap", None, BOOT + "boot: 11.7 + 20 = ~~30.7~~ 31.7 s", 2, "correct", "boot_time"),
    ("weight-memory-precision", None, "4-bit: 70B × 0.5 = ~~35 GB~~ 17.5 GB", 1, "slip", "w4"),
], ids=["struck-value-withdrawn", "struck-slip-put-right", "what-stands-is-marked"])
def test_struck_out(qid, seed, working, line, status, step):
    """``~~17.5 GB~~ 35 GB``: what the learner struck out is withdrawn; the line claims what stands."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-boot-gap", None, BOOT + "boot: 11.7 + 20 = 31.7 s (3 s.f.)", 2, "correct", "boot_time"),
    ("replica-boot-gap", None, "read: 70 GB / 6 GB/s = 11.7 s to 1 d.p.\nboot: 11.7 + 20 = 31.7 s", 1, "correct",
     "read_time"),
    ("replica-boot-gap", None, "read: 70 GB / 6 GB/s = 11.67 s (2 decimal places)\n+ 20 s = 31.67 s", 2,
     "correct", "boot_time"),
], ids=["three-sig-figs", "to-one-decimal-place", "decimal-places-in-words"])
def test_precision_stated(qid, seed, working, line, status, step):
    """``(3 s.f.)`` says how the value was rounded; it is not 3 seconds."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-boot-gap", None, "load: 70 GB / 6 GB/s = 11.67 s → 0:11.67\ninit 0:20\n"
                               "total 0:11.67 + 0:20 = 0:31.67, call it ~32 s", 3, "correct", "boot_time"),
    ("replica-boot-gap", None, "total 0:11.67 + 0:20 = 0:41.67", 1, "slip", "boot_time"),
], ids=["stopwatch-seconds", "a-slip-on-the-stopwatch"])
def test_stopwatch(qid, seed, working, line, status, step):
    """``0:13.75`` is 13.75 seconds (a ratio never opens with 0)."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-boot-gap", None, "70 GB / 6 GB/s ≈ 11.7 s of reading (≈ 65 GiB, but the rate is GB/s)\n"
                               "+ 20 s init → ≈ 32 s to first token", 2, "correct", "boot_time"),
    ("launch-sizing", "fn10", "provision 8,400 × 1.5 = 12,600 tok/s\n"
                              "12,600 / 4,000 = 3.15 → 4 serving, 3.15 has to round up\n+ 1 spare = 5 replicas", 3,
     "correct", "fleet"),
    ("replica-boot-gap", "ct7", "read time = 100 GB divided by 3 GB per second = 33.3 seconds\n"
                                "plus 45 s of init gives 78.3 s, so roughly 78 seconds to the first token", 2,
     "correct", "boot_time"),
    ("launch-sizing", None, "need 7.2k x 1.25 = 9k tok/s\n9k / 3k = 3 replicas serving\n"
                            "bare = 7.2/3 = 2.4 replicas, so load = 2.4/3 = 0.8\nplus 1 spare = 4 replicas total", 4,
     "correct", "fleet"),
], ids=["not-from-a-bracketed-aside", "not-from-a-result-said-again", "plus-opens-a-line",
        "plus-a-count-is-not-onto-a-load"])
def test_ends_on(qid, seed, working, line, status, step):
    """A line that opens with an operator goes on from the value the line before ended on: its result, not an aside
    in brackets nor the result said again in a remark."""
    assert_line(qid, seed, working, line, status, step)


def test_share_rounded_in_words_carries():
    """``6.2%, so about 6%``: a share rounded, not a count chosen; the error carried from line 4 stays carried."""
    assert_line("tensor-parallel-overhead", None, RING + "overhead = 17.5 / 283 = 6.2%, so comm adds ~6% on top.", 7,
                "carried", "overhead")
    assert str(part("tensor-parallel-overhead", None, RING + "overhead = 17.5 / 283 = 6.2%", "overhead").status) \
        == "wrong"


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-boot-gap", None, BOOT + "+ 20 s init → 32 s to first token", 2, "correct", "boot_time"),
    ("launch-sizing", None, "need 7.2k x 1.25 = 9k tok/s\n9k / 3k = 3 replicas serving\n"
                            "bare = 7.2/3 = 2.4 replicas → 3 replicas", 3, "slip", "bare"),
], ids=["a-measure-rounded-with-an-arrow", "a-count-chosen-with-an-arrow"])
def test_arrow_rounding(qid, seed, working, line, status, step):
    """``→ 32 s`` rounds a measure, which is checked against the step at the precision shown; ``→ 3 replicas`` is a
    count the learner chose, checked exactly."""
    assert_line(qid, seed, working, line, status, step)


def test_a_given_beside_the_value_said_again():
    """``so keeping only 2 warm saves about $1.3k a year``: the 2 is a given; the line says the learner's own saving
    again (carried from the 24 hours left out)."""
    working = ("one replica a year: 3.50 x 365 = $1,277.50\n"
               "big pool 3 x 1277.5 = $3,832.50, small pool 2 x 1277.5 = $2,555\n"
               "saving = 3832.5 - 2555 = $1,277.50 a year.\n"
               "so keeping only 2 warm saves about $1.3k a year.")
    params = {"hourly_rent": 3.5, "hours_per_day": 24, "days_per_year": 365, "boot_time": 95, "big_pool": 3,
              "small_pool": 2}
    assert_line("warm-pool-size", None, working, 4, "carried", "saving", params)
