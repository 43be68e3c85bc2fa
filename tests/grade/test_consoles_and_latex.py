"""Round fifty-seven: a pasted Python session (``>>> kv = …; kv`` and the value printed under it), LaTeX typed
into Markdown (``819{,}200``, ``13\\text{B params}``, ``$…$`` around maths in a sentence), Indian English's
``into`` for times and ``by`` for divided by (``2 into 80 into 8``, ``140 by 80``), and an input method's full-width
comma between thousands (``$21，360``).

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s29-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-per-token", None, ">>> kv = 2 * 80 * 8 * 128 * 2\n>>> kv\n327680", 3, "correct", "kv_token"),
    ("kv-cache-per-token", None, ">>> kv = 2 * 80 * 8 * 128 * 2\n>>> kv\n327680", 1, "unmatched", None),
    ("kv-cache-per-token", None, ">>> kv = 2 * 80 * 8 * 128 * 1\n>>> kv\n163840", 3, "slip", "kv_token"),
    ("decode-roofline-batch", None, ">>> flop = 2 * 8e9; byts = 8e9 * 2\n>>> flop / byts\n1.0", 3, "correct",
     "intensity"),
    ("decode-roofline-batch", None, ">>> ridge = 989e12 / 3.35e12; ridge\n295.2238805970149", 2, "correct", "ridge"),
    ("weight-memory-precision", None, ">>> p = 70e9\n>>> p * 2 / 1e9      # 16-bit, 2 bytes each\n140.0", 3,
     "correct", "w16"),
    ("weight-memory-precision", None, ">>> p = 70e9\n>>> p * 2 / 1e9, p * 1 / 1e9\n(140.0, 70.0)", 3, "correct",
     "w8"),
    ("autoscaling-signal", None, ">>> cap, burst = 10 * 1.1, 10 * 1.2\n>>> burst - cap\n1.0\n>>> _ * 60\n60.0", 5,
     "correct", "backlog"),
    ("launch-sizing", None, ">>> import math\n>>> need = 7200 * 1.25 / 3000; need\n3.0\n"
     ">>> serving = math.ceil(need); serving + 1\n4", 5, "correct", "fleet"),
], ids=["echoed-name", "assignment-shows-nothing", "echoed-slip", "two-statements", "assign-then-echo",
        "comment-opening-with-a-number", "printed-tuple", "tuple-assignment-and-underscore", "math-module"])
def test_python_sessions(qid, seed, working, line, status, step):
    """A ``>>>`` line shows no value: its names take their values, and the number printed under it is what its
    last statement computes."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-per-token", None, r"KV per token: $2 \times 80 \times 8 \times 128 \times 2 = 327{,}680\,\text{B}$", 1,
     "correct", "kv_token"),
    ("weight-memory-precision", None, r"Weights: $70\text{B params} \times 2\,\text{bytes} = 140\,\text{GB}$", 1,
     "correct", "w16"),
    ("decode-roofline-batch", None, r"A step does $2 \times 8 \times 10^9 = 16\,\text{GFLOP}$ and reads "
     r"$8 \times 10^9 \times 2\,\text{B} = 16\,\text{GB}$.", 1, "correct", "bytes_step"),
    ("warm-pool-size", None, r"One replica: $\$2.50 \times 24 \times 365 = \$21{,}900$.", 1, "correct",
     "yearly_rent"),
    ("warm-pool-size", None, r"One replica: $\$2.50 \times 24 \times 365 = \$21{,}600$.", 1, "slip", "yearly_rent"),
    ("replica-boot-gap", None, r"$$t_{\text{load}} = \frac{70}{6} = 11.7\,\mathrm{s}$$", 1, "correct", "read_time"),
], ids=["braced-thousands", "text-after-a-digit", "maths-in-a-sentence", "escaped-money", "escaped-money-slip",
        "subscript-and-display"])
def test_latex(qid, seed, working, line, status, step):
    """``{,}`` between thousands, ``\\text{…}`` as its words, ``$`` only around maths where the line pairs them."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-per-token", None, "KV per token = 2 into 80 into 8 into 128 into 2 = 327,680 bytes", 1, "correct",
     "kv_token"),
    ("weight-memory-precision", None, "Cards = 140 by 80 = 1.75, hence 2 nos.", 1, "correct", "cards16"),
    ("weight-memory-precision", None, "Cards = 140 by 80 = 1.57", 1, "slip", "cards16_exact"),
    ("launch-sizing", None, "Capacity = 7,200 into 1.25 = 9,000 tok/s\nthat is 7,200 grown by 25%", 1, "correct",
     "needed"),
    ("warm-pool-size", None, "one replica：2.5 × 8760 ＝ $21，900", 1, "correct", "yearly_rent"),
    ("kv-cache-capacity", None, "caches：55.1，so 55", 1, "unmatched", None),
], ids=["into-multiplies", "by-divides", "by-slip", "by-a-percent-does-not-divide", "full-width-thousands",
        "full-width-clause-comma"])
def test_indian_english_and_wide_commas(qid, seed, working, line, status, step):
    """``into`` multiplies and ``by`` divides between two numbers (not ``by 25%``); ``，`` between thousands is a
    digits' comma, and elsewhere a clause break."""
    assert_line(qid, seed, working, line, status, step)
