"""Round forty-nine: footnote marks (``2 cards¹``, ``0.54 GB*``) and the footnotes they point to, British ``p/s``
and ``c. 13.4``, a casual ``12ish s``, and a value said again where the step built on it was expected (``so the rule
calls for 8 replicas``: the fleet, its spare left out).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s27-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line

FOOTNOTED = ("16-bit: 70B × 2 bytes* = 140 GB\n"
             "cards for the 16-bit copy: 140 / 80 = 1.75 → 2 cards¹\n"
             "\n"
             "* 2 bytes/param at fp16 or bf16\n"
             "¹ rounded up, can't rent three quarters of a card")
SPARE = {"forecast": 11600, "per_replica": 2000, "headroom": 25, "spare": 1, "price": 3}
NO_SPARE = ("w/ headroom: 11,600 x 1.25 = 14,500 tok/s\n"
            "replicas: 14,500 / 2,000 = 7.25 → 8\n"
            "so the rule calls for 8 replicas\n"
            "load at forecast: 11,600 / (8 x 2,000) = 72.5%\n"
            "rule cost: 8 x $3/hr = $24/hr")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, FOOTNOTED, 1, "correct", "w16"),
    ("weight-memory-precision", None, FOOTNOTED, 2, "correct", "cards16"),
    ("weight-memory-precision", None, FOOTNOTED, 5, "unmatched", None),
    ("kv-cache-capacity", None, "per seq: 131,072 × 4,096 ≈ 0.54 GB*", 1, "correct", "kv_seq"),
    ("weight-memory-precision", None, "16-bit: 70B × 2 bytes = 1.4e11 B = 140 GB\n10⁹ × 70 × 2 = 140 GB", 2,
     "correct", "w16"),
], ids=["asterisk-after-a-unit", "superscript-after-a-count", "the-footnote-itself", "asterisk-ending-a-line",
        "a-power-stays"])
def test_footnotes(qid, seed, working, line, status, step):
    """A footnote mark after a value, and the footnote it points to, are no arithmetic (``10⁹`` is a power)."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("working,line,status,step", [
    ("Load: 70 GB @ 6 GB p/s = 11.7 s\n+ 20 s init => c. 32 s launch to first token", 2, "correct", "boot_time"),
    ("70 GB at 6 GB/s is 11.7 s-ish just to read the weights\nplus 20 s of init → ~31.7 s, so call it 32ish seconds",
     2, "correct", "boot_time"),
    ("70 GB at 6 GB/s is 11.7 s-ish just to read the weights\nplus 20 s of init → 41.7ish seconds", 2, "slip",
     "boot_time"),
], ids=["per-second-and-circa", "ish", "a-slip-said-roughly-is-still-a-slip"])
def test_casual_and_british(working, line, status, step):
    """``6 GB p/s`` is 6 GB/s; ``c. 32 s``, ``11.7 s-ish`` and ``32ish s`` are rough values."""
    assert_line("replica-boot-gap", None, working, line, status, step)


@pytest.mark.parametrize("working,line,status,step", [
    (NO_SPARE, 3, "slip", "fleet"),
    (NO_SPARE, 5, "carried", "fleet_cost"),
], ids=["said-again-for-the-step-built-on-it", "its-cost-carries"])
def test_value_said_again_for_the_step_built_on_it(working, line, status, step):
    """``so the rule calls for 8 replicas`` after 8 serving: the fleet (serving + spare), its spare left out, not the
    bare forecast that happens to come next."""
    assert_line("launch-sizing", None, working, line, status, step, SPARE)
