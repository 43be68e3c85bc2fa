"""Round eighty: a working dictated to speech-to-text (``6.4 times 10 to the 13``, ``twenty six point two five
seconds``, ``is 56.9 and divided by 2.68``, ``at 4 bit half that``), one typed in a word processor (``= 9.1 ×``), one
written as an email with the answer first (``Bottom line: 94 sequences.`` before the line that works it out, and a
``Caveat:`` line after it), and one that checks each result against a bound (``n ≥ 1.75 → n = 2 cards``,
``can't rent 0.4 of one, so bare = 3 × $2.50``). Also ``… / 4 × 989 TFLOP/s = 1.95 ms``, the factors after a
division read as its divisor, as a fraction bar puts them.

Cases come from unseen workings marked by hand before the grader ran (tests/grade/corpus, ``s31-*``).
"""

from __future__ import annotations

import pytest

from .lines_check import assert_line, part

SEQUENCES = ("The usable memory is 90 percent of 141 which is 126.9 gigabytes.\n"
             "One sequence's cache is 327,680 bytes times 8192 which is 2.68 gigabytes.\n")
REPLICA = ("weights = 70e9 × 2 B = 140 GB\nfree = 4 × 80 × 0.9 − 140 = 148 GB\nper seq = 327,680 × 8,192 = 2.68 GB\n"
           "batch = 148 / 2.68 = 55.2 → 55\nbytes = 140 + 55 × 2.68 = 287.4 GB\nmemory = 287.4 / 3.35 = 85.8 ms\n")
CAPACITY = ("weights: 8B × 2 bytes = 16 GB\nusable: 85% × 141 GB = 119.85 GB → minus weights = 103.85 GB for KV\n"
            "KV per token: 2 × 32 layers × 8 heads × 128 × 1 byte = 65,536 B\n"
            "per 16k sequence: 65,536 × 16,384 = 1.07 GB, call it 1.1 GB\n")
DRAIN = "Why:\n- longest reply: 500 tokens ÷ 24 tok/s = 20.8 s\n"


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("prefill-time-to-first-token", None,
     "Okay so each token costs 2 flops times 8 billion which is 16 gigaflops.\n"
     "Times 4000 tokens that gives 6.4 times 10 to the 13 flops for the prefill.", 2, "correct", "prefill_flop"),
    ("replica-boot-gap", "lc8",
     "Okay so 130 gigabytes divided by 8 gigabytes per second is 16.25 seconds to read the weights.\n"
     "Then add the 10 seconds of start up which gives twenty six point two five seconds.", 2, "correct", "boot_time"),
    ("quantisation-trade-off", None,
     SEQUENCES + "At 8 bit 126.9 minus 70 is 56.9 and divided by 2.68 that's 21.2 so 21 sequences.", 3, "correct",
     "batch8"),
    ("quantisation-trade-off", None,
     "Okay so at 8 bit the weights are 70 billion times 1 byte which is 70 gigabytes, and at 4 bit half that which "
     "is 35 gigabytes.", 1, "correct", "w4"),
    ("replica-throughput-and-cost", None, REPLICA + "compute = 2 × 70e9 × 55 / 4 × 989 TFLOP/s = 1.95 ms", 7,
     "correct", "compute_time"),
    ("replica-throughput-and-cost", None, REPLICA + "compute = 2 × 70e9 × 55 / 4 × 989 TFLOP/s = 1.85 ms", 7, "slip",
     "compute_time"),
    ("cache-aware-routing", None,
     "affinity: 30 M × $0.30/M = $9.00 a day\nrandom total: $0.90 + $81.00 = $81.90 a day\n"
     "ratio: 81.90 ÷ 9.00 = 9.1 ×", 3, "correct", "bill_ratio"),
    ("kv-cache-capacity", "le3", "Bottom line: 94 sequences per card.\n" + CAPACITY
     + "103.85 / 1.1 = 94.4 → 94 sequences (rounded down)", 1, "carried", "sequences"),
    ("replica-throughput-and-cost", None, "weights 70B × 2 B = 140 GB, over 4 cards = 320 GB total\n"
     "bytes/step = 140 + 67 × 2.684 = 319.8 GB", 1, "correct", "weights"),
    ("weight-memory-precision", None,
     "140 / 80 = 1.75 cards\nn ≥ 1.75 → n = 2 cards, check 2 × 80 = 160 GB ≥ 140 GB ✓", 2, "correct", "cards16"),
    ("launch-sizing", None,
     "rule costs 4 × $2.50 = $10/hr\nbare forecast: 7,200 / 3,000 = 2.4 replicas\n"
     "but you can't rent 0.4 of one, so bare = 3 × $2.50 = $7.50/hr", 3, "slip", "bare_cost"),
    ("launch-sizing", None,
     "25% on top of 7200 is 9000 tok/s and at 3000 each that's 3 replicas exactly then plus the 1 spare makes 4 "
     "replicas", 1, "correct", "fleet"),
    ("throughput-vs-concurrency", None, "kv/seq = 131072*1024 → 0.1342 GB\n"
     "big batch: 64 seqs → step = 4*21.0 = 84 ms", 2, "unmatched", None),
], ids=["ten-to-the-thirteen", "a-number-in-words", "and-divided-by", "half-that-after-a-precision",
        "a-divisor-after-the-division-sign", "a-divisor-after-the-division-sign-wrong", "a-multiple-then-a-spaced-times",
        "an-answer-said-ahead-carries", "a-working-begun-says-nothing-ahead", "an-arrow-then-a-name-and-its-value",
        "so-a-name-and-its-working", "and-at-is-no-operation", "an-arrow-then-a-name-and-its-working"])
def test_dictation_and_bottom_lines(qid, seed, working, line, status, step):
    """What a tutor reads in a dictated working, a bottom line said first and a result checked against a bound."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("remark", ["Caveat: capping replies at 250 tokens would halve that to ~10 s.",
                                    "Note - a reply capped at 250 tokens takes about 10 s.",
                                    "- aside: half the tokens would take ~10 s",
                                    "and a 250-token reply would take ~10 s, just as a side note"],
                         ids=["caveat", "note", "aside-in-a-list", "a-side-note-at-the-end"])
def test_a_remark_after_the_working_is_no_answer(remark):
    """A what-if after the working (``Caveat: … ~10 s``) is a remark: the answer is the working's 20.8 s."""
    assert part("draining", None, DRAIN + remark, "drain_time").status == "correct"


def test_a_last_value_without_a_remark_is_the_answer():
    """Without the remark's label, the last line's value is the learner's last word on the drain time."""
    assert part("draining", None, DRAIN + "so about 10 s", "drain_time").status == "wrong"


KV = "mem = 80 GB\nmem *= 0.9 → 72 GB usable\nw = 7 * 2 = 14 GB of weights\n"


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-capacity", "ll2", KV + "mem -= w → 58 GB free", 4, "carried", "free"),
    ("kv-cache-capacity", "ll2", KV, 2, "slip", "usable"),
    ("replica-boot-gap", None, "t = 70 / 6 = 11.7 s\nt += 20 → 31.7 s", 2, "correct", "boot_time"),
    ("tail-latency", None, "t = 3.36e15 / 1.978e15 = 1.70 s per miss\n"
     "ttft = 0; ttft += 2 * 1.70 → 3.4 s behind two misses", 2, "slip", "tail_ttft"),
    ("weight-memory-precision", None, "w = 70e9 * 2 B → 140 GB at 16-bit\nw /= 2 → 70 GB at 8-bit", 2, "correct",
     "w8"),
    ("tensor-parallel-overhead", None, "buf = 4000 * 8192 * 2 B = 65.54 MB per all-reduce\n"
     "sent = buf * 2 * 3/4 = 98.3 MB per card per all-reduce\nsent *= 2 * 80 → 15.73 GB over the prefill", 3,
     "correct", "comm_bytes"),
    ("autoscaling-signal", None, "1/ before: Little's law L = λW = 10 rps × 0.5 s = 5 requests in the system\n"
     "2/ surge +20% → 10 × 1.2 = 12 rps", 2, "correct", "burst_rate"),
    ("token-cost-from-card-price", "lk1", "1/ tokens/hr = 1,250 × 3,600 = 4.5M\n2/ rent = $4.50/hr", 2, "slip",
     "replica_cost"),
    ("warm-pool-size", None, "1/ standby bills 24/7: 24 × 365 = 8,760 h/yr", 1, "correct", "hours_per_year"),
    ("replica-throughput-and-cost", None, "weights are 70B × 2 = 140 GB, and we've 4 × 80 × 0.9 = 288 GB usable, "
     "so 148 GB's free\na full seq's cache is 327,680 × 8,192 = 2.684 GB\nwe'll fit 55 seqs, as 148/2.684 = 55.1",
     3, "correct", "batch"),
    ("quantisation-trade-off", None, "W = 8-bit weights = 70e9 x 1 B = 70 GB\nM = usable memory = 141 GB\n"
     "C = 327680 x 8192 = 2.684 GB\nn = (M - W) / C = 26.5", 4, "carried", "batch8_exact"),
], ids=["minus-equals-carries", "times-equals", "plus-equals", "a-start-then-plus-equals", "divide-equals",
        "times-equals-a-product", "a-threads-post-numbers", "a-threads-number-before-a-label", "round-the-clock",
        "a-value-then-the-reason", "a-symbol-set-to-a-steps-name"])
def test_code_updates_and_threads(qid, seed, working, line, status, step):
    """Round eighty-two: a name updated as code does (``mem -= w``), a thread's ``1/``, ``bills 24/7`` and a value
    given before the working that is its reason (``55 seqs, as 148/2.684 = 55.1``)."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-capacity", "lu7", "weights 8B × 2 B = 16 GB\nusable 0.95 × 80 = 76 GB, so free for KV = 76 − 16 = 60 GB\n"
     "kv/token = 2·32·8·128·2 = 131,072 B (128 KiB)\nper seq at 2,048 tok: 131,072 × 2,048 = 268 MB ≈ 0.27 GB\n"
     "60 / 0.2684 ≈ 223.5, so somewhere 223–224 → at most 223 seqs", 5, "correct", "sequences"),
    ("kv-cache-capacity", None, "usable = 72 GB\nleft for caches: 72 – 16 = 56 GB", 2, "correct", "free"),
    ("weight-memory-precision", None, "[10:02] priya: ok so 70B params\n"
     "[10:02] priya: fp16 = 70B x 2 bytes = 140 GB", 1, "unmatched", None),
    ("weight-memory-precision", None, "[10:02] priya: ok so 70B params\n"
     "[10:02] priya: fp16 = 70B x 2 bytes = 140 GB", 2, "correct", "w16"),
], ids=["an-en-dash-range-before-an-arrow", "a-spaced-en-dash-subtracts", "a-chat-logs-timestamp",
        "a-chat-logs-line"])
def test_ranges_and_chat_logs(qid, seed, working, line, status, step):
    """Round eighty-four: ``223–224`` is a range whatever follows it; a chat log's ``[10:02] priya:`` is no ratio."""
    assert_line(qid, seed, working, line, status, step)


SHELL = '$ python3 -c "print(8e9*2/1e9)"\n16.0\n$ python3 -c "print(0.9*80 - 16)"\n56.0\n'


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-capacity", None, SHELL, 1, "unmatched", None),
    ("kv-cache-capacity", None, SHELL, 2, "correct", "weights"),
    ("kv-cache-capacity", None, SHELL, 4, "correct", "free"),
    ("kv-cache-capacity", None, '$ echo "2*32*8*128*2" | bc\n131072', 2, "correct", "kv_token"),
    ("weight-memory-precision", None, "$ awk 'BEGIN{print 140/80}'\n1.75", 2, "correct", "cards16_exact"),
    ("weight-memory-precision", None,
     '$ python3 -c "print(70e9*2/1e9, 70e9*1/1e9, 70e9*0.5/1e9)"\n140.0 70.0 35.0', 2, "correct", "w16"),
    ("kv-cache-capacity", None, "$ echo $((2*32*8*128*2))\n131072", 2, "correct", "kv_token"),
    ("launch-sizing", None, "$ 2.50 x 4 = $10/hr", 1, "correct", "fleet_cost"),
    ("tail-latency", None, "one miss: 24,000 tok [given] × 140 GFLOP/tok [given] = 3.36e15 FLOP\n"
     "replica rate: 4 × 989 TFLOP/s × 50% [all given] = 1,978 TFLOP/s\n"
     "miss prefill: 3.36e15 / 1.978e15 (lines 1, 2) = 1.70 s", 3, "correct", "miss_time"),
    ("token-cost-from-card-price", None, "rent = 1 card [given] × $2.50 [given] = $2.50/hr\n"
     "tokens/hr = 3,000 tok/s [given] × 3,600 s [given] = 10.8M\n"
     "full load: $2.50 (line 1) / 10.8M (line 2) = $0.23 per Mtok", 3, "correct", "cost_full"),
], ids=["a-shell-command-shows-no-value", "python-c-prints-it", "python-c-a-subtraction", "echo-into-bc",
        "awk-begin-print", "python-c-prints-three", "the-shells-own-arithmetic", "a-price-is-no-prompt",
        "where-numbers-came-from", "line-numbers-after-values"])
def test_shell_sessions_and_sources(qid, seed, working, line, status, step):
    """Round eighty-six: a pasted shell session (``$ echo "70*2" | bc`` with ``140`` printed under it), read as
    Python's prompt is; and a note of where a number came from (``(line 3)``, ``(lines 1, 2)``)."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("weight-memory-precision", None, "✅ 16-bit: 70B × 2 B = *140 GB*", 1, "correct", "w16"),
    ("weight-memory-precision", None, "140/80 = 1.75 → *2 cards* just for the weights", 1, "correct", "cards16"),
    ("autoscaling-signal", None, "L = 10 × 0.5 = *5 requests*", 1, "correct", "resident"),
    ("prefill-time-to-first-token", None, "let flop_tok: f64 = 2.0 * 8e9;  // 16 GFLOP per token\n"
     "let prefill: f64 = flop_tok * 4_000.0;  // 6.4e13 FLOP", 2, "correct", "prefill_flop"),
    ("replica-boot-gap", None, "read := 70.0 / 6 // 11.7 s\nboot := read + 20 // 31.7 s", 2, "correct",
     "boot_time"),
    ("weight-memory-precision", None, "/* 16-bit weights */\ndouble w = 70e9 * 2 / 1e9;  // 140 GB\n"
     "int cards = (int)(w / 80) + 1;  // 2 cards", 2, "correct", "w16"),
], ids=["slack-bold-a-value", "slack-bold-a-count", "markdown-italic-a-result", "rust-typed-lets",
        "go-short-assignment", "c-with-a-block-comment"])
def test_emphasis_and_typed_code(qid, seed, working, line, status, step):
    """Round eighty-eight: Slack's ``*2 cards*`` marks a value, it multiplies nothing; Rust, Go and C read as
    JavaScript does (``let t: f64 = …; // 11.67 s``, ``w := …``, ``(int)(…)``)."""
    assert_line(qid, seed, working, line, status, step)


@pytest.mark.parametrize("qid,seed,working,line,status,step", [
    ("kv-cache-per-token", None, "In[1]:= 2 80 8 128 2\nOut[1]= 327680", 2, "correct", "kv_token"),
    ("weight-memory-precision", None, "In[1]:= N[70*10^9*2/10^9]\nOut[1]= 140.\nIn[2]:= Ceiling[140/80]\nOut[2]= 2",
     4, "correct", "cards16"),
    ("decode-bandwidth-bound", None, "In[1]:= t1 = N[16/3350]\nOut[1]= 0.00477612\nIn[2]:= 1/t1\nOut[2]= 209.375",
     4, "correct", "rate_one"),
    ("weight-memory-precision", None, "step,formula,value\n16-bit weights (GB),70*2,140", 2, "correct", "w16"),
    ("weight-memory-precision", None, "step,formula,value\n16-bit weights (GB),70*2,140", 1, "unmatched", None),
    ("warm-pool-size", None, "hours_per_year: 8670         # 24 * 365", 1, "slip", "hours_per_year"),
    ("warm-pool-size", None, "hours_per_year: 8760         # 24 * 365", 1, "correct", "hours_per_year"),
    ("replica-throughput-and-cost", None, "Throughput? 55 / 21.46 ms = 2,563 tok/s.\n"
     "Cost per Mtok? $10/hr / (2,563 × 3,600) = $1.08.", 2, "correct", "cost"),
    ("kv-cache-per-token", None, "kv/token = 2 * 0x50 * 2^3 * 2^7 * 2 = 327,680 B", 1, "correct", "kv_token"),
], ids=["mathematica-spaces-multiply", "mathematica-ceiling", "mathematica-assignment-prints", "a-csv-row",
        "a-csv-header", "a-key-then-its-working-wrong", "a-key-then-its-working", "a-question-says-per-what",
        "a-hex-number"])
def test_notebooks_sheets_and_keys(qid, seed, working, line, status, step):
    """Round ninety: Mathematica's ``In[1]:=`` and ``Out[1]=`` read as Python's prompt is; a CSV row of label,
    formula and value; ``key: value  # working``; a question that says what a price is per (``Cost per Mtok?``)."""
    assert_line(qid, seed, working, line, status, step)
