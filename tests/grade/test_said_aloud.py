"""Rounds one hundred and thirty-two and -four: workings said aloud and typed up word for word, and a calculator's
tape. Figures are said in groups (``one forty gigs``, ``nine eighty-nine teraflops``, ``eighty-one ninety-two``),
decimals alone (``point two five``), exponents after a number (``eight point nine six e fifteen``), scales after a
word (``thirty million``), ``take away`` for minus, and a result said after a comma with no word to link it (``eight
billion times two bytes, sixteen gigabytes``), which is a result only where the working comes to it.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s36-uc-*``,
``s36-ui-*``); each failed on the grader as the session found it, but the remark after a comma and the words that are
no figure, which must stay as they were.
"""

from __future__ import annotations

import pytest

from bank.notation import read_line
from bank.notation.spoken import spoken

from .lines_check import assert_line

ROOFLINE = dict(params=8000000000, bytes_per_param=2, flop_per_param=2, peak=989, bandwidth=3.35)
REPLICA = dict(params=70000000000, bytes_per_param=2, flop_per_param=2, token_per_step=1, card_count=4,
               card_memory=80, usable_share=90, bandwidth=3.35, peak=989, price=2.5, kv_token=327680, context=8192,
               an_hour=3600)


@pytest.mark.parametrize("said,digits", [
    ("one forty gigs", "140"), ("nine eighty-nine teraflops", "989"), ("eighty-one ninety-two tokens", "8192"),
    ("three twenty-seven six eighty bytes", "327680"), ("one thirty-one thousand and seventy-two bytes", "131072"),
    ("times point two five seconds", "0.25"), ("eight point nine six e fifteen flops", "8.96e15"),
    ("twelve and a quarter seconds", "12.25"), ("thirty million tokens", "30 "),
    ("three hundred over twenty is fifteen seconds", "300           over 20     is 15"),
], ids=["one-forty", "nine-eighty-nine", "eighty-one-ninety-two", "in-three-groups", "grouped-thousands",
        "point-alone", "an-exponent-said", "and-a-quarter", "a-word-before-its-scale", "operands-said"])
def test_figures_said_aloud(said, digits):
    """A figure said aloud reads as its digits, column for column."""
    out = spoken(said)
    assert digits in out and len(out) == len(said)


@pytest.mark.parametrize("said", ["at this point two cards", "two three", "one two cards", "is two of the cards",
                                  "ten twelve"],
                         ids=["a-point-in-time", "a-list", "small-numbers", "a-count-of-what-follows", "no-tens"])
def test_words_that_are_no_figure(said):
    """Words that only look like a figure stay words."""
    assert spoken(said) == said


def test_a_remark_after_a_comma_is_no_result():
    """``2 x 80 layers, 128 dims`` works to 160: the 128 after the comma is a remark, not a slip."""
    assert [len(c.segments) for c in read_line("2 x 80 layers, 128 dims").chains] == [1, 1]


@pytest.mark.parametrize("qid,working,line,status,step,params", [
    ("decode-roofline-batch", "and it reads eight billion times two bytes, sixteen gigabytes", 1,
     "correct", "bytes_step", ROOFLINE),
    ("decode-roofline-batch", "ridge point, nine eighty-nine teraflops divided by three point three five terabytes a "
     "second, um, about two ninety-five flops per byte", 1, "correct", "ridge", ROOFLINE),
    ("replica-throughput-and-cost", "seventy billion times two bytes, one forty gigs of weights", 1, "correct",
     "weights", REPLICA),
], ids=["a-result-after-a-comma", "a-ridge-said-aloud", "one-forty-gigs"])
def test_workings_said_aloud(qid, working, line, status, step, params):
    """Each line reads as a tutor hears it."""
    assert_line(qid, None, working, line, status, step, params)


@pytest.mark.parametrize("working,line,status,step", [
    ("140 ÷ 6 =\n23.33333333\n+ 20 =\n43.33333333\nLaunch to first token: about 43 s", 2, "correct", "read_time"),
    ("140 ÷ 6 =\n23.33333333\n+ 20 =\n43.33333333\nLaunch to first token: about 43 s", 4, "correct", "boot_time"),
    ("140 ÷ 6 =\n23.33333333", 1, "unmatched", None),
], ids=["the-display-under-the-keys", "a-sum-going-on", "the-keys-alone"])
def test_a_calculator_tape(working, line, status, step):
    """A printing calculator's tape: the keys of a sum on one line, ending ``=``, and the display on the next, which
    carries the value (round 134, ``s36-ui-*``)."""
    params = dict(weights=140, read_rate=6, init_time=20)
    assert_line("replica-boot-gap", None, working, line, status, step, params)
