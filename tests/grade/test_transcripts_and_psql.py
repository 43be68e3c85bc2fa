"""Round ninety-four: a mock interview kept as a transcript (``Interviewer: and the card?``, ``Me: 989 / 3.35``), an
answer sent by email (the question quoted with ``> ``, a signature after ``-- ``), a psql session (``analytics=>
select 70/6.0 as read_s;`` and the table psql prints under it), and a Chinese speaker's labels and counters
(``两张卡``, two cards; ``4 张卡 × 989``). Also a claim in a
later sentence of a line, which takes that sentence's words as its label, not the line's.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s32-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line, part

PSQL = ("analytics=> select 70/6.0 as read_s, 70/6.0 + 20 as boot_s;\n"
        "       read_s        |       boot_s\n"
        "---------------------+---------------------\n"
        " 11.6666666666666667 | 31.6666666666666667\n"
        "(1 row)\n")
EXPANDED = ("analytics=> \\x\nExpanded display is on.\n"
            "analytics=> select 2*8e9 as flop, 8e9*2 as bytes, round(989/3.35, 1) as ridge;\n"
            "-[ RECORD 1 ]-------\nflop  | 16000000000\nbytes | 16000000000\nridge | 295.2\n")
CTE = ("analytics=> with t as (select 500 as tok)\n"
       "analytics-> select tok/24.0 as drain_s,\n"
       "analytics->        round(2.50/3600*tok/24.0, 4) as cost\n"
       "analytics-> from t;\n"
       "      drain_s       |  cost\n--------------------+--------\n 20.8333333333333333 | 0.0145\n(1 row)\n")
TRANSCRIPT = ("Interviewer: 8B params at 2 bytes each, 989 TFLOP/s, 3.35 TB/s. Start with batch one.\n"
              "Me: Per step we do 2 × 8B = 16 GFLOP and read 8B × 2 bytes = 16 GB of weights.\n"
              "Interviewer: And the card?\n"
              "Me: The ridge point is 989e12 / 3.35e12 ≈ 295 FLOP/byte.\n")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-boot-gap", None, PSQL, 1, "unmatched", None),
    ("replica-boot-gap", None, PSQL, 2, "unmatched", None),
    ("replica-boot-gap", None, PSQL, 3, "unmatched", None),
    ("replica-boot-gap", None, PSQL, 4, "correct", "boot_time"),
    ("replica-boot-gap", None, PSQL, 5, "unmatched", None),
    ("replica-boot-gap", None, PSQL.replace("70/6.0 + 20", "70/6.0 + 2"), 4, "slip", "boot_time"),
    ("decode-roofline-batch", None, EXPANDED, 5, "correct", "flop_step"),
    ("decode-roofline-batch", None, EXPANDED, 7, "correct", "ridge"),
    ("decode-roofline-batch", None, EXPANDED, 4, "unmatched", None),
    ("draining", None, CTE, 7, "correct", "drain_cost"),
    ("replica-boot-gap", None, "select 70/6.0 as read_s;\n read_s\n--------\n 11.7\n(1 row)", 4, "correct",
     "read_time"),
    ("replica-boot-gap", None, "With a 6 GB/s disk, 70 / 6 = 11.7 s to read\nthen 11.7 + 20 = 31.7 s", 1,
     "correct", "read_time"),
], ids=["a-query-shows-no-value", "psql-header", "psql-rule", "the-row-carries-each-column", "row-count",
        "a-wrong-column", "expanded-display-by-name", "expanded-display-round-digits", "the-record-heading",
        "a-cte-names-a-value", "a-bare-query-and-one-column", "a-sentence-opening-with-with"])
def test_psql_sessions(qid, seed, working, line, status, step):
    """A psql query shows no value; the values psql prints under it carry its columns' workings."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("decode-roofline-batch", None, TRANSCRIPT, 1, "unmatched", None),
    ("decode-roofline-batch", None, TRANSCRIPT, 2, "correct", "bytes_step"),
    ("decode-roofline-batch", None, TRANSCRIPT, 4, "correct", "ridge"),
    ("kv-cache-per-token", None, "Q: 80 layers, 8 KV heads, head dim 128, fp16. Bytes per token?\n"
     "A: 2 × 80 × 8 × 128 × 2 = 327,680 B", 1, "unmatched", None),
    ("kv-cache-per-token", None, "Me: K and V, so 2 × 80 × 8 × 128 × 2 bytes\nMe: = 327,680 bytes per token", 2,
     "correct", "kv_token"),
    ("replica-boot-gap", None, "> A replica loads 70 GB at 6 GB/s, then starts up for 20 s.\n\nHi Dana,\n"
     "Read: 70 / 6 = 11.7 s, and 11.7 + 20 ≈ 32 s to the first token.\n\nBest,\nSam\n-- \nSam Okafor · +44 7700 900461",
     9, "unmatched", None),
    ("launch-sizing", None, "> The rule provisions 25% more than the forecast, plus 1 spare\n"
     "9000 / 3000 = 3 serving, 4 with the spare", 1, "unmatched", None),
    ("autoscaling-signal", None, "capacity is 10% over: 11 rps. During the rise 10 × 1.2 = 12 rps.", 1, "correct",
     "burst_rate"),
    ("weight-memory-precision", None, "权重：70B × 2 B = 140 GB，所以 140 / 80 = 1.75 → 两张卡", 1, "correct",
     "cards16"),
    ("tail-latency", None, "一个 miss：2 × 70e9 × 24000 = 3.36e15 FLOP\n4 张卡 × 989 × 50% = 1978 TFLOP/s", 2,
     "correct", "prefill_rate"),
], ids=["the-interviewer-speaks", "me-and-two-workings", "me-and-a-ridge", "q-then-a", "me-then-me-equals",
        "a-signature-after-dashes", "a-quoted-question", "a-later-sentence-has-its-own-label", "chinese-labels",
        "a-chinese-counter-before-times"])
def test_transcripts_and_emails(qid, seed, working, line, status, step):
    """What the interviewer says, what an email quotes and its signature are not the candidate's working."""
    assert_line(qid, seed, working, line, status, step)


def test_a_quoted_working_is_still_working():
    """A Markdown quote of the learner's own working (``> 12 − 11 = 1 req/s``) is marked: only a quote with no
    working is the question's."""
    working = "capacity 10 × 1.1 = 11 rps, rise 10 × 1.2 = 12 rps\n> 12 − 11 = 1 req/s of backlog growth"
    assert_line("autoscaling-signal", None, working, 2, "correct", "backlog_growth")


def test_a_psql_answer_is_the_answer():
    assert part("replica-boot-gap", None, PSQL, "boot_time").status == "correct"


NOTEBOOK = ("In [1]: P, prompt = 8e9, 4000\n"
            "   ...: prefill = 2 * P * prompt\n"
            "   ...: prefill\n"
            "Out[1]: 64000000000000.0\n"
            "In [2]: eff = 0.5 * 989e12   # 50% MFU\n"
            "In [3]: prefill / eff * 1e3   # ms\n"
            "Out[3]: 129.42366026289181\n")
BATCH = ("In [1]: w = 140; kv = 327680 * 8192 / 1e9\n"
         "   ...: B = int((4 * 80 * 0.9 - w) / kv); B\n"
         "Out[1]: 55\n")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("prefill-time-to-first-token", None, NOTEBOOK, 3, "unmatched", None),
    ("prefill-time-to-first-token", None, NOTEBOOK, 4, "correct", "prefill_flop"),
    ("prefill-time-to-first-token", None, NOTEBOOK, 5, "unmatched", None),
    ("prefill-time-to-first-token", None, NOTEBOOK, 7, "correct", "ttft"),
    ("prefill-time-to-first-token", None, NOTEBOOK.replace("eff * 1e3", "eff * 1e4").replace("129.42", "1294.2"),
     7, "slip", "ttft"),
    ("replica-throughput-and-cost", None, BATCH, 2, "unmatched", None),
    ("replica-throughput-and-cost", None, BATCH, 3, "correct", "batch"),
    ("throughput-vs-concurrency", None, "In [1]: step = lambda b: (16e9 + b * 134e6) / 864e9\n"
     "   ...: 1 / step(16), 4 * 16 / step(16)", 2, "unmatched", None),
    ("prefill-time-to-first-token", None, ">>> eff = 0.5 * 989e12  # 494.5 TFLOP/s", 1, "correct", "effective"),
    ("tensor-parallel-overhead", None, "compute: 2 × 70e9 × 4000 = 5.6e14 FLOP / (4 × 494.5e12) = 283 ms", 1,
     "correct", "compute_time"),
    ("tensor-parallel-overhead", None, "compute: 2 × 70e9 × 4000 = 5.6e14 FLOP / (4 × 494.5e12) = 566 ms", 1,
     "slip", "compute_time"),
    ("kv-cache-per-token", None, "2*80*8*128*2 = 327680\n327680*8192/1e9 = 2.68\n"
     "→ 1トークン 327,680 B、1シーケンス 約2.68 GB", 3, "correct", "kv_token"),
], ids=["an-ipython-cell-shows-no-value", "its-out-line-carries-it", "a-comment-that-repeats-a-factor",
        "a-name-from-an-earlier-cell", "a-wrong-cell-is-a-slip", "int-of-a-sum-at-the-prompt", "int-is-floor", "code-this-reader-cannot-run",
        "a-comment-that-gives-the-value", "a-bare-divisor-is-a-rate", "a-bare-divisor-and-a-slip",
        "japanese-per-one-and-about"])
def test_notebooks_rates_and_japanese(qid, seed, working, line, status, step):
    """Round ninety-six: IPython's ``In [n]:``/``...:``/``Out[n]:`` read as Python's prompt; ``5.6e14 FLOP / (4 ×
    494.5e12) = 283 ms``, a bare divisor the amount's rate per second; ``1トークン``, per token, and ``約``, about."""
    assert_line(qid, seed, working, line, status, step)


SHEET = ("nutzbar GB | =0,9*80 | 72\n"
         "Gewichte GB | =8*2 | 16\n"
         "frei GB | =B1-B2 | 56\n"
         "KV B/Token | =2*32*8*128*2 | 131072\n"
         "KV je Seq GB | =B4*4096/1E9 | 0,537\n"
         "Seq roh | =B3/B5 | 104,31\n"
         "Seq | =ABRUNDEN(B6;0) | 104\n")
NUMBERED = ("Zeile | Bezeichnung | Formel | Wert\n"
            "2 | Ankünfte req/s | 10\n"
            "3 | Verweildauer s | 0,5\n"
            "4 | im System | =B2*B3 | 5\n")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-capacity", None, SHEET, 1, "correct", "usable"),
    ("kv-cache-capacity", None, SHEET, 3, "correct", "free"),
    ("kv-cache-capacity", None, SHEET, 5, "correct", "kv_seq"),
    ("kv-cache-capacity", None, SHEET, 7, "correct", "sequences"),
    ("kv-cache-capacity", None, SHEET.replace("| 104\n", "| 105\n"), 7, "slip", "sequences"),
    ("kv-cache-capacity", None, SHEET.replace("=B3/B5 |", "=RUNDEN(B3/B5;2) |"), 6, "correct", "sequences_exact"),
    ("kv-cache-capacity", None, SHEET.replace("=0,9*80 | 72", "=0,9*80 | 70").replace("| 56", "| 54"), 3, "carried",
     "free"),
    ("autoscaling-signal", None, NUMBERED, 4, "correct", "resident"),
    ("tail-latency", None, "0,4 mais 2 × 1,7 = 3,8 s", 1, "correct", "tail_ttft"),
    ("warm-pool-size", None, "8 menos 2 = 6 replicas a mais", 1, "unmatched", None),
], ids=["a-formula-row", "cell-references", "a-cell-with-a-decimal-comma", "a-locale-rounding-function",
        "rounded-the-wrong-way", "a-rounding-to-digits-only-shows-them",
        "a-cell-carries-its-own-value", "numbered-rows", "portuguese-mais", "menos-between-givens"])
def test_spreadsheets_and_said_operators(qid, seed, working, line, status, step):
    """Round ninety-eight: a spreadsheet pasted with its formulas (``frei GB | =B1-B2 | 56``, ``=ABRUNDEN(B6;0)``),
    its rows the cells ``B<row>``; Portuguese ``mais`` and ``menos`` between numbers."""
    assert_line(qid, seed, working, line, status, step)


SCREEN = ("70/6\n"
          "          11.66666667\n"
          "Ans+20\n"
          "          31.66666667\n")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-boot-gap", None, SCREEN, 1, "unmatched", None),
    ("replica-boot-gap", None, SCREEN, 2, "correct", "read_time"),
    ("replica-boot-gap", None, SCREEN, 4, "correct", "boot_time"),
    ("replica-boot-gap", None, SCREEN.replace("Ans+20", "Ans+2").replace("31.666", "13.666"), 4, "slip",
     "boot_time"),
    ("replica-boot-gap", None, "70/6\n11.7 s, then + 20", 1, "correct", "read_time"),
    ("cache-aware-routing", None, "токенов в день: 20 000 × 1500 = 30 млн\n"
     "affinity: 30 млн × $0,30/Mtok = $9/день", 1, "correct", "daily_tokens"),
    ("tensor-parallel-overhead", None, "связь: 15,73 ГБ / 450 ГБ/с = 35 мс", 1, "correct", "comm_time"),
], ids=["a-keyed-sum-shows-no-value", "the-screen-shows-it", "ans-is-the-last-result", "a-wrong-key",
        "no-screen-a-sum-is-credited-as-ever", "russian-millions", "russian-units"])
def test_calculator_screens_and_russian(qid, seed, working, line, status, step):
    """Round one hundred: a graphing calculator's screen typed up (``Ans+20``, then the result pushed right), and
    Russian scale words and units (``30 млн``, ``35 ГБ``, ``17,5 мс``)."""
    assert_line(qid, seed, working, line, status, step)


GHCI = ("ghci> 70 / 6\n"
        "11.666666666666666\n"
        "ghci> it + 20\n"
        "31.666666666666664\n")
IRB = ("irb(main):001:0> w = 70e9 * 2 / 1e9\n"
       "=> 140.0\n")


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("replica-boot-gap", None, GHCI, 1, "unmatched", None),
    ("replica-boot-gap", None, GHCI, 4, "correct", "boot_time"),
    ("replica-boot-gap", None, GHCI.replace("it + 20", "it + 2").replace("31.666666666666664", "13.666666666666666"),
     4, "slip", "boot_time"),
    ("replica-boot-gap", None, "julia> 70 / 6\n11.666666666666666", 2, "correct", "read_time"),
    ("weight-memory-precision", None, IRB, 2, "correct", "w16"),
    ("weight-memory-precision", None, "w16 = 70 × 2 = 140 GB\n=> 140 / 80 = 1.75 cards", 2, "correct",
     "cards16_exact"),
    ("launch-sizing", None, "item | formula | value\nforecast tok/s | 7200 | 7200\nper replica | 3000 | 3000\n"
     "bare | =B2/B3 | 2.4", 4, "correct", "bare"),
], ids=["ghci-shows-no-value", "it-is-the-last-value", "a-wrong-sum-at-ghci", "julia", "irb-prints-after-an-arrow",
        "an-arrow-is-still-so", "a-typed-value-shown-again"])
def test_other_repls_and_typed_cells(qid, seed, working, line, status, step):
    """Round one hundred and two: Julia's, Haskell's, Ruby's and Node's prompts read as Python's (``it``, ``ans``:
    the last value; irb's ``=> 140.0``), and a spreadsheet's typed values shown beside themselves."""
    assert_line(qid, seed, working, line, status, step)
