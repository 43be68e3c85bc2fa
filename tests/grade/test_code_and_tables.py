"""Round fifty-one: working written as code (``w16 = params * 2 / 1e9  # 140 GB``, a name that is also a count word,
a comment that names its value first), as a Markdown table whose first column numbers the steps, and in chat's
short forms (``135m`` for a million, ``$2.22 per m tok``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s28-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

TPS = "tps = 55 / 0.02147  # 2,562 tok/s\n"
SERVING = "need = 7_200 * 1.25  # 9_000 tok/s\nserving = ceil(need / 3_000)  # 3.0 -> 3 replicas\n"


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, "params = 70e9\nw16 = params * 2 / 1e9    # 140 GB", 2, "correct", "w16"),
    ("weight-memory-precision", None, "params = 70e9\nw16 = params * 3 / 1e9    # 210 GB", 2, "slip", "w16"),
    ("replica-throughput-and-cost", None, TPS + "cost = 4 * 2.50 / 3600 / tps * 1e6  # ~$1.08 per Mtok", 2, "correct",
     "cost"),
    ("launch-sizing", None, SERVING + "fleet = serving + 1  # 4 incl. the spare", 3, "correct", "fleet"),
    ("launch-sizing", None, "serving = ceil(9_000 / 3_000)  # 2.9 -> 3 replicas\nfleet = serving + 1  # 4", 2, "correct",
     "fleet"),
    ("autoscaling-signal", None, "L = 10 * 0.5   # Little's law -> 5 requests in flight", 1, "correct", "resident"),
    ("autoscaling-signal", None, "L = 10 * 0.5   # Little's law -> 6 requests in flight", 1, "slip", "resident"),
    ("kv-cache-capacity", None, "per_seq = 131_072 * 4_096  # 5.37 GB\nseqs = floor(56 / 5.37)  # 10.4 -> 10", 2,
     "carried", "sequences"),
], ids=["a-param-named-like-a-unit", "its-slip", "a-rate-unit-as-a-name", "a-count-word-as-a-name",
        "rounded-after-an-arrow", "comment-names-its-value", "its-slip-too", "floor-shows-what-it-rounds"])
def test_code(qid, seed, working, line, status, step):
    """Lines of code: a name the learner gives a value is that value, even one spelt like a unit (``params``,
    ``tps``, ``serving``); a comment that names the value before giving it gives it; ``floor(x)  # 10.4 -> 10``
    shows the value it rounds before rounding it."""
    assert_line(qid, seed, working, line, status, step)


TABLE = ("| step | working | result |\n"
         "|------|---------|--------|\n"
         "| 1 | 70B params × 2 bytes | 140 GB |\n"
         "| 2 | 70B × 1 byte | 70 GB |\n"
         "| 3 | 140 / 80 | 1.75 cards |")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, TABLE, 3, "correct", "w16"),
    ("weight-memory-precision", None, TABLE, 4, "correct", "w8"),
    ("weight-memory-precision", None, TABLE, 5, "correct", "cards16_exact"),
    ("autoscaling-signal", None, "| 3 | 10 × 1.2 | 12 rps in the rise |\n| 4 | 12 − 11 | +1 rps backlog growth |", 2,
     "correct", "backlog_growth"),
], ids=["numbered-row", "words-between-factors", "plain-division", "signed-result"])
def test_numbered_table(qid, seed, working, line, status, step):
    """A table whose first column numbers the steps: the number labels the row, and a working cell with words among
    its factors (``70B params × 2 bytes``) or a result with its sign (``+1 rps``) still gives the value beside it."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("token-cost-from-card-price", None, "toks/hr 3000 x 3600 = 10.8m", 1, "correct", "tokens_hour"),
    ("token-cost-from-card-price", None, "toks/hr 3000 x 3600 = 10.8m\nfull load $2.50 / 10.8m = $0.23 per m tok", 2,
     "correct", "cost_full"),
    ("token-cost-from-card-price", None, "toks/hr 3000 x 3600 = 1.08m", 1, "slip", "tokens_hour"),
], ids=["m-for-million", "per-m-tok", "power-of-ten-slip"])
def test_chat_million(qid, seed, working, line, status, step):
    """``10.8m``: chat's million (no value here is in metres), and ``per m tok`` is per million tokens."""
    assert_line(qid, seed, working, line, status, step)
