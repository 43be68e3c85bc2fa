"""Round one hundred and four: a MATLAB or Octave command window (``>> t = 70/6``, then ``t = 11.6667``, or ``t =``
with the value lines below; ``ans``; a closing ``;`` that prints nothing), the shell's calculators (an interactive
``bc`` session, GNU ``units`` with its ``You have:`` and ``You want:``), Polish and Turkish scale words (``20 tys.``,
``30 mln``, ``70 milyar``), a share after ``at`` that only says under what load a value holds (``$0.386 per Mtok at
60% load``), and a claim in brackets after the line's own (``8 replicas (0.096 is negligible)``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s33-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

COMPACT = ">> t = 70/6\nt = 11.6667\n>> t + 20\nans = 31.6667\n"
LOOSE = ">> t = 70/6\n\nt =\n\n   11.6667\n\n>> t + 20;\n>> ans\nans = 31.6667\n"
BC = "$ bc -l\nscale=4\n70/6\n11.6666\nlast+20\n31.6666\nquit\n$ echo done\n"
UNITS = ("$ units -1\nYou have: 70 GB / (6 GB/s)\nYou want: s\n        * 11.666667\n"
         "You have: 11.666667 s + 20 s\nYou want: min\n        * 0.52777778\n")
#: An Octave user who leaves out the headroom: the growth is worked from the 7.5 the window printed.
OCTAVE = ">> arr = 5 + 0.5*5\narr = 7.5000\n>> grow = arr - 5\ngrow = 2.5000\n>> grow*300\nans = 750\n"
SURGE = {"arrival_rate": 5, "service_time": 1.5, "headroom": 10, "surge": 50, "burst_length": 300}
ROUNDS_DOWN = ("needed = 18400 × 1.1 = 20,240 tok/s\nreplicas = 20240/2500 = 8.096\n"
               "=> 8 replicas serving (0.096 is negligible)\n+1 spare => 9 total\n")
LAUNCH = {"forecast": 18400, "per_replica": 2500, "headroom": 10, "spare": 1}


@pytest.mark.parametrize("working,line,status,step", [
    (COMPACT, 1, "unmatched", None),
    (COMPACT, 2, "correct", "read_time"),
    (COMPACT, 4, "correct", "boot_time"),
    (COMPACT.replace("t + 20", "t + 2").replace("31.6667", "13.6667"), 4, "slip", "boot_time"),
    (LOOSE, 3, "unmatched", None),
    (LOOSE, 5, "correct", "read_time"),
    (LOOSE, 7, "unmatched", None),
    (LOOSE, 9, "correct", "boot_time"),
    (COMPACT.replace("t", "tb"), 4, "correct", "boot_time"),
    (">> t = 70/6   % seconds to read\nt = 11.6667\n", 2, "correct", "read_time"),
    (">> How long until its first token?\n70 / 6 = 11.7 s\n", 1, "unmatched", None),
], ids=["typed-shows-no-value", "name-equals-value", "ans-equals-value", "a-wrong-sum", "a-heading",
        "the-value-below-its-heading", "a-semicolon-prints-nothing", "ans-is-the-last-value",
        "a-unit-symbol-is-a-name-at-a-prompt", "a-percent-comment", "an-email-quote-is-no-prompt"])
def test_matlab_and_octave(working, line, status, step):
    """A line typed at ``>>`` shows no value; the value the window prints for it carries its working."""
    assert_line("replica-boot-gap", None, working, line, status, step)


def test_a_printed_value_is_the_names_from_then_on():
    """``grow = arr - 5`` works from the 7.5 the window printed for ``arr``, as prose would: a slip in the growth
    (the headroom left out), and the backlog carried from it."""
    assert_line("autoscaling-signal", None, OCTAVE, 4, "slip", "backlog_growth", SURGE)
    assert_line("autoscaling-signal", None, OCTAVE, 6, "carried", "backlog", SURGE)


@pytest.mark.parametrize("working,line,status,step", [
    (BC, 1, "unmatched", None),
    (BC, 2, "unmatched", None),
    (BC, 3, "unmatched", None),
    (BC, 4, "correct", "read_time"),
    (BC, 6, "correct", "boot_time"),
    (BC, 7, "unmatched", None),
    (UNITS, 2, "unmatched", None),
    (UNITS, 3, "unmatched", None),
    (UNITS, 4, "correct", "read_time"),
    (UNITS, 7, "correct", "boot_time"),
], ids=["bc-starts", "bc-scale", "typed-into-bc", "bc-prints", "last-is-the-last-value", "bc-quits",
        "units-you-have", "units-you-want", "units-answers-in-the-unit-wanted", "units-in-minutes"])
def test_shell_calculators(working, line, status, step):
    """What is typed into ``bc`` or ``units`` shows no value; what they print carries its working."""
    assert_line("replica-boot-gap", None, working, line, status, step)


@pytest.mark.parametrize("qid,working,line,status,step,params", [
    ("cache-aware-routing", "tokens/day: 20 tys. × 1 500 = 30 mln tokenów", 1, "correct", "daily_tokens", None),
    ("cache-aware-routing", "günlük: 20.000 × 1.500 = 30 milyon token", 1, "correct", "daily_tokens", None),
    ("token-cost-from-card-price", "full: 2.5 / 10.8 = $0.2315/Mtok\n/ 0.6 = $0.386/Mtok\n"
     "so $0.386 per Mtok at 60% load", 3, "correct", "cost_real", None),
    ("launch-sizing", ROUNDS_DOWN, 3, "slip", "serving", LAUNCH),
    ("launch-sizing", ROUNDS_DOWN, 4, "carried", "fleet", LAUNCH),
], ids=["polish-tys-and-mln", "turkish-milyon", "a-share-after-at-is-a-condition", "a-claim-before-an-aside",
        "carried-from-it"])
def test_scale_words_conditions_and_asides(qid, working, line, status, step, params):
    """``tys.``, ``mln`` and ``milyon`` scale; ``at 60% load`` with no result after it qualifies the value said;
    a value in brackets after the line's claim does not make that claim a step on the way."""
    assert_line(qid, None, working, line, status, step, params)
