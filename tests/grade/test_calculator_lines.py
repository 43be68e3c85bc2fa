"""Round thirty-seven: a search engine's ``… in GB =`` conversions, ``× 1e6`` for a price per million, an
adding-machine tape (``/ 1e9 = 140 GB`` after ``140e9 B``), and a running chain through a value no step names.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s26-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

TAPE = "70e9 x 2 bytes = 140e9 B\n/ 1e9 = 140 GB"
CAPACITY = ("usable: 141 x 0.9 = 126.9 GB\n"
            "kv/seq: 327,680 B x 8,192 = 2.684 GB\n"
            "126.9 - 70 = 56.9 ÷ 2.684 = 21.2 → 21 seqs @ 8-bit")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-per-token", None, "327680 bytes * 8192 in GB = 2.684 GB per sequence", 1, "correct", "kv_seq"),
    ("decode-bandwidth-bound", "eg26", "(a) 15.2 GB / 4.8 TB/s in ms = 3.17 ms", 1, "correct", "t_one"),
    ("launch-sizing", "eg26", "19800 / 1500 = 13.2, round up to 14 serving replicas\n"
                              "13200 / 1500 = 8.8 for the bare forecast\n8.8 / 14 in percent = 62.9% load", 3,
     "correct", "utilisation"),
    ("kv-cache-per-token", None, "327680 bytes * 8192 in GB = 26.84 GB per sequence", 1, "slip", "kv_seq"),
    ("weight-memory-precision", None, "weights in GB = 70 x 2 = 140", 1, "correct", "w16"),
], ids=["in-GB-before-the-result", "in-ms-after-a-rate", "in-percent", "a-slip-is-still-a-slip",
        "a-label-in-GB-stays"])
def test_converted(qid, seed, working, line, status, step):
    """``… in GB = 2.684 GB``: the conversion at the end of the arithmetic is the result's unit, said twice."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-throughput-and-cost", None, "$10/h / 2560 tok/s * 1e6 = $1.08 per million tokens", 1, "correct",
     "cost"),
    ("replica-throughput-and-cost", None, "10 dollars per hour / 2560 tokens per second * 1 million to USD = "
                                          "$1.085 per million tokens", 1, "correct", "cost"),
    ("replica-throughput-and-cost", None, "$10/h / 2560 tok/s * 1e3 = $1.08 per million tokens", 1, "slip", "cost"),
], ids=["times-1e6", "times-a-million-in-words", "a-thousand-is-not-a-million"])
def test_million_as_a_factor(qid, seed, working, line, status, step):
    """``× 1e6 = $1.08 per million tokens``: the million the price is per, written as a factor."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, TAPE, 2, "correct", "w16"),
    ("weight-memory-precision", None, "70e9 x 2 bytes = 140e9 B\n140e9 B = 140 GB", 2, "correct", "w16"),
    ("quantisation-trade-off", None, CAPACITY, 3, "correct", "batch8"),
    ("weight-memory-precision", None, "70e9 x 2 bytes = 150e9 B\n/ 1e9 = 150 GB", 1, "slip", "w16"),
    ("kv-cache-capacity", "ce2", "weights 12B * 2 = 24 GB\nleft for kv = 48 - 24 = 24 GB", 2, "slip", "free"),
], ids=["tape-divides-by-a-billion", "bytes-said-again-in-GB", "running-chain-through-free-memory",
        "the-slip-is-the-first-line", "a-sum-of-own-values-is-no-conversion"])
def test_said_again(qid, seed, working, line, status, step):
    """A value worked right, then put into its step's unit (``/ 1e9 = 140 GB``), is that step again, not the next
    step of its kind; a running chain's stepping stone (``= 56.9 ÷ 2.684``) is no attempt at the step after it."""
    assert_line(qid, seed, working, line, status, step)
