"""The line table: learner lines with the status and diagnosis a careful marker gives them.

Each case marks ``context`` lines first (earlier working the line may build
on), then the line itself, and checks the verdict on that last line. The
fixture bank (tests/grade/questions) holds the reference values:

- boot: read_time = 70 GB / 6 GB/s = 11.67 s; boot_time = read_time + 20 s = 31.67 s
- rent: yearly = $2.50/hour x 1 year = $21,900; pool_rent = 4 x yearly = $87,600; saving = $65,700
- cache: daily_tokens = 20,000 x 1,500 = 30 million; miss_share = 90%; hit_bill = $0.90
- drain: drain_time = 500 tokens / 24 tokens/s = 20.83 s
- prefill: miss_flops = 4,000 x 140 GFLOP = 5.6e14 FLOP; miss_time = 5.6e14 / 989 TFLOP/s = 0.5662 s
- spot: on_demand = 12 x $2.50 = $30; spot_bill = $15; change = spot_bill - on_demand = -$15
- flops: flop_token = 2 FLOP/token x 8 billion = 16 GFLOP/token; prompt_flop = 16 GFLOP x 4,000 = 6.4e13 FLOP
- speed: step_time = 70 GB / 4.8 TB/s = 14.58 ms; speed = 1 token / step_time = 68.57 tokens/s
- queue: in_flight = 3,600 requests/hour x 2 s = 2 requests; fleet = ceil(2 / 0.75) = 3 replicas
- idle: cost = $2.50/hour x 30 s = $0.02083
- batch: weights_bytes 16 GB + kv_bytes 8.59 GB = bytes_step 24.59 GB; / (2 x 3.35 TB/s) = step_time 3.67 ms;
  rate = 32 tokens / step_time = 8,719 tokens/s
"""

from __future__ import annotations

import pytest

from bank.grade.diagnose import Slip

C, CA, S, U, E = "correct", "carried", "slip", "unmatched", "error"
TRANS, POW, OP, SIGN, UNITS, ROUND = (Slip.TRANSPOSED, Slip.POWER, Slip.OPERATION, Slip.SIGN, Slip.UNITS,
                                      Slip.ROUNDING)
RENT = "2.50 x 24 x 365 = 21,600"  # a slip: the right value is 21,900

# (id, question, context lines, line, status, diagnosis, step)
CASES = [
    # --- prose, as candidates write it (issue 10): units and words, sentences, links, rounding said
    ("prose-rps", "queue", [], "1 rps x 2 s = 2 requests", C, None, "in_flight"),
    ("prose-qps", "queue", [], "1 qps × 2 s = 2", C, None, "in_flight"),
    ("prose-tok-per-s", "speed", [], "1 token / 14.58 ms = 68.6 tok/s", C, None, "speed"),
    ("prose-gigabytes-gbps", "boot", [], "70 gigabytes / 6 GBps = 11.7 s", C, None, "read_time"),
    ("prose-gib", "boot", [], "65.19 GiB / 6 GB/s = 11.7 s", C, None, "read_time"),
    ("prose-bits-for-bytes", "boot", [], "70 Gb / 6 GB/s = 1.46 s", S, UNITS, "read_time"),
    ("prose-per-million-tokens", "cache", [], "3 million tokens x $0.30 per million tokens = $0.90", C, None,
     "hit_bill"),
    ("prose-unit-after-bracket", "batch", [], "(16 + 8.59) GB / (2 x 3.35 TB/s) = 3.67 ms", C, None, "step_time"),
    ("prose-so-count", "queue", [], "2 / 0.75 = 2.67, so 3 replicas", C, None, "fleet"),
    ("prose-rounded-wrong-way", "queue", [], "2 / 0.75 = 2.67, so 2 replicas", S, Slip.DIRECTION, "fleet"),
    ("prose-ceiling-unsaid", "queue", [], "2 / 0.75 = 3 replicas", C, None, "fleet"),
    ("prose-aside", "boot", ["70 / 6 = 11.7"], "11.7 + 20 = 31.7 s (I added 20)", C, None, "boot_time"),
    ("prose-running-equals", "boot", [], "70 / 6 = 11.7 + 20 = 31.7 s", C, None, "boot_time"),
    ("prose-full-stop", "boot", [], "Read the weights: 70 GB ÷ 6 GB/s = 11.7 s.", C, None, "read_time"),
    ("prose-sentence", "boot", [], "Reading 70 GB at 6 GB/s takes 11.7 s, then it initialises.", C, None, "read_time"),
    ("prose-words-link", "drain", [], "500 tokens at 24 tokens/s is about 21 s", C, None, "drain_time"),
    ("prose-arrow", "drain", [], "500 / 24 → 20.8 s", C, None, "drain_time"),
    ("prose-rate-against-day", "cache", [], "10% x 30M/day x $0.30/M = $0.90/day", C, None, "hit_bill"),
    ("prose-chatter", "drain", [], "um so I think 500 / 24 = 20.8 s?", C, None, "drain_time"),
    # --- prose from the held-out workings (corpora e and f): rules a tutor uses without thinking
    ("prose-aside-in-product", "flops", [], "2 (multiply and add) x 8 billion = 16 GFLOP", C, None, "flop_token"),
    ("prose-per-count-unsaid", "flops", [], "2 x 8 = 16 GFLOP", C, None, "flop_token"),
    ("prose-goes-on-past-words", "boot", [], "70 / 6 = 11.7 seconds of reading, plus 20 s = 31.7 s", C, None,
     "boot_time"),
    ("prose-precision-is-a-label", "boot", [], "16 bit = 70 GB", U, None, None),
    ("prose-unit-on-the-whole", "boot", [], "70/6 s = 11.7 s", C, None, "read_time"),
    ("prose-middle-rewritten", "speed", [], "70 GB / 4.8 TB/s = 70/4800 s = 14.6 ms", C, None, "step_time"),
    ("prose-factor-on-the-first", "spot", [], "12 x $2.50 = $30/hr, x $1.25 = $15/hr", C, None, "spot_bill"),
    ("prose-label-after-so", "rent", [], "2.50 x 24 x 365 = 21,900, so pool_rent = 4 x 21,900 = 87,600", C, None,
     "pool_rent"),
    ("prose-half-of-that", "spot", ["12 x 2.50 = $30"], "half of that, which is $15", C, None, "spot_bill"),
    ("prose-said-again-ten-times-off", "boot", ["70 / 6 = 11.7 s"], "That is 1,170 ms.", S, POW, "read_time"),
    ("prose-right-sums-wrong-method", "boot", ["70 / 6 = 11.7"], "11.7 x 3 = 35.1 s", S, None, "boot_time"),
    ("prose-answer-in-words", "queue", ["1 rps x 2 s = 2 requests", "2 / 0.75 = 2.67"], "so we need three replicas.",
     C, None, "fleet"),
    # --- plain arithmetic and rounding to the precision written
    ("div-rounded", "boot", [], "70 / 6 = 11.7", C, None, "read_time"),
    ("div-no-spaces", "boot", [], "70/6=11.7", C, None, "read_time"),
    ("div-obelus", "boot", [], "70 ÷ 6 = 11.7", C, None, "read_time"),
    ("two-decimals", "boot", [], "70 / 6 = 11.67", C, None, "read_time"),
    ("whole-number", "boot", [], "70 / 6 = 12", C, None, "read_time"),
    ("truncated", "boot", [], "70 / 6 = 11.6", S, None, "read_time"),
    ("truncated-3dp", "boot", [], "70 / 6 = 11.666", S, None, "read_time"),
    ("expression-only", "boot", [], "70 / 6", C, None, "read_time"),
    ("stated-only", "boot", [], "11.7 s", C, None, "read_time"),
    ("chain-of-sides", "boot", [], "70 / 6 = 35 / 3 = 11.67", C, None, "read_time"),
    ("rounded-middle-side", "drain", [], "0 + 500 / 24 = 0 + 20.8 = 20.8", C, None, "drain_time"),
    # --- labels
    ("label-colon", "boot", [], "Read time: 70 GB / 6 GB/s = 11.7 s", C, None, "read_time"),
    ("label-words", "boot", [], "read time = 70 / 6 = 11.7", C, None, "read_time"),
    ("label-step-name", "boot", [], "read_time = 70 / 6 = 11.7", C, None, "read_time"),
    ("label-with-digits", "boot", [], "Step 1: 70 / 6 = 11.7", C, None, "read_time"),
    ("label-without-colon", "boot", [], "Read time 70 / 6 = 11.7", C, None, "read_time"),
    ("label-punctuation", "boot", [], "Boot (incl. load): 70/6 + 20 = 31.7", C, None, "boot_time"),
    # --- approximate results
    ("approx-sign", "boot", [], "70 GB / 6 GB/s ≈ 11.7 s", C, None, "read_time"),
    ("approx-tilde", "boot", [], "70 GB / 6 GB/s ~ 11.7 s", C, None, "read_time"),
    ("approx-about", "boot", [], "70 GB / 6 GB/s = about 12 s", C, None, "read_time"),
    ("approx-roughly", "boot", [], "70 GB / 6 GB/s = roughly 12 s", C, None, "read_time"),
    ("approx-equals-tilde", "boot", [], "70 / 6 = ~12", C, None, "read_time"),
    ("about-sig-figs", "drain", [], "500 / 24 = about 20", C, None, "drain_time"),
    ("plain-20-is-not-20.8", "drain", [], "500 / 24 = 20", S, None, "drain_time"),
    ("about-alone", "drain", [], "about 21 s", C, None, "drain_time"),
    ("about-32", "boot", [], "70/6 + 20 = about 32 s", C, None, "boot_time"),
    ("about-30-one-figure", "boot", [], "70/6 + 20 ≈ 30", C, None, "boot_time"),
    ("plain-30-is-wrong", "boot", [], "70/6 + 20 = 30", S, None, "boot_time"),
    # --- slips and their diagnoses
    ("power-of-ten-down", "boot", [], "70 / 6 = 1.17", S, POW, "read_time"),
    ("power-of-ten-up", "boot", [], "70 / 6 = 117", S, POW, "read_time"),
    ("sign", "boot", [], "70 / 6 = -11.7", S, SIGN, "read_time"),
    ("times-for-divide", "boot", [], "70 / 6 = 420", S, OP, "read_time"),
    ("plus-for-divide", "boot", [], "70 / 6 = 76", S, OP, "read_time"),
    ("minus-for-divide", "boot", [], "70 / 6 = 64", S, OP, "read_time"),
    ("divided-wrong-way", "boot", [], "6 / 70 = 11.7", S, OP, "read_time"),
    ("transposed", "rent", [], "4 x $21,900 = $86,700", S, TRANS, "pool_rent"),
    ("transposed-decimal", "prefill", [], "5.6e14 FLOP / 989 TFLOP/s = 0.656 s", S, TRANS, "miss_time"),
    ("power-of-ten-money", "rent", [], "4 x $21,900 = $8,760", S, POW, "pool_rent"),
    ("divide-for-times", "rent", [], "4 x $21,900 = $5,475", S, OP, "pool_rent"),
    ("sign-money", "rent", [], "$87,600 - $21,900 = -$65,700", S, SIGN, "saving"),
    ("sign-negative-result", "spot", [], "$15 - $30 = $15", S, SIGN, "change"),
    ("prefill-power", "prefill", [], "4,000 x 140 GFLOP = 5.6e13 FLOP", S, POW, "miss_flops"),
    ("million-power", "cache", [], "20,000 x 1,500 = 3 million", S, POW, "daily_tokens"),
    ("money-power", "spot", [], "$30 x 50% = $1.50", S, POW, "spot_bill"),
    ("no-name-for-it", "rent", [], "4 x $21,900 = $87,000", S, None, "pool_rent"),
    ("times-instead-of-divide-line", "boot", [], "70 x 6 = 420", S, OP, "read_time"),
    ("reversed-subtraction", "rent", [], "$21,900 - $87,600 = -$65,700", S, OP, "saving"),
    # --- units
    ("units-wrong-kind", "boot", [], "70 GB / 6 GB/s = 11.7 GB", S, UNITS, "read_time"),
    ("units-wrong-scale", "boot", [], "70 GB / 6 GB/s = 11.7 min", S, UNITS, "read_time"),
    ("units-minutes", "boot", [], "70 GB / 6 GB/s = 0.194 min", C, None, "read_time"),
    ("units-ms", "boot", [], "70 GB / 6 GB/s = 11,667 ms", C, None, "read_time"),
    ("units-mb", "boot", [], "70,000 MB / 6 GB/s = 11.7 s", C, None, "read_time"),
    ("units-tb", "boot", [], "0.07 TB / 6 GB/s = 11.7 s", C, None, "read_time"),
    ("units-clash-in-stated", "boot", [], "70 / 6 = 11.7 s + 1 GB", S, UNITS, None),
    ("units-add-clash", "boot", [], "11.7 s + 20 GB = 31.7 s", S, UNITS, "boot_time"),
    ("units-035-min", "drain", [], "0.35 min", C, None, "drain_time"),
    ("units-tokens-per-s", "drain", [], "500 tokens / 24 tokens/s = 0.35 min", C, None, "drain_time"),
    ("units-per-second", "drain", [], "500 tokens / 24 tokens per second = 21 s", C, None, "drain_time"),
    ("units-plain-then-min", "drain", [], "500 / 24 = 20.8 min", S, UNITS, "drain_time"),
    ("units-tokens-result", "drain", [], "500 tokens / 24 tokens/s = 20.8 tokens", S, UNITS, "drain_time"),
    ("units-plain-given", "drain", [], "500 tokens / 24 tokens/s = 20.8", C, None, "drain_time"),
    ("units-dimensionless-matches", "drain", [], "20.8", C, None, "drain_time"),
    ("units-seconds", "drain", [], "21 s", C, None, "drain_time"),
    ("units-stated-wrong-kind", "drain", [], "20.8 GB", S, UNITS, "drain_time"),
    ("units-tflops", "prefill", [], "5.6e14 FLOP / 989 TFLOPS = 0.566 s", C, None, "miss_time"),
    ("units-ms-result", "prefill", [], "5.6e14 FLOP / 989 TFLOP/s = 566 ms", C, None, "miss_time"),
    ("units-wrong-kind-tflop", "prefill", [], "5.6e14 FLOP / 989 TFLOP/s = 0.566 TFLOP", S, UNITS, "miss_time"),
    ("units-pflop", "prefill", [], "4,000 x 140 GFLOP = 0.56 PFLOP", C, None, "miss_flops"),
    ("units-tflop", "prefill", [], "4,000 x 140 GFLOP = 560 TFLOP", C, None, "miss_flops"),
    ("units-per-token", "prefill", [], "4,000 tokens x 140 GFLOP/token = 5.6 x 10^14 FLOP", C, None, "miss_flops"),
    ("units-per-million", "cache", [], "10% of 30 million x $0.30 per million = $0.90", C, None, "hit_bill"),
    ("units-mtoken", "cache", [], "3 million x $0.30/Mtoken = $0.90", C, None, "hit_bill"),
    ("units-mtoken-strict", "cache", [], "3 million tokens x $0.30/Mtoken = $0.90", C, None, "hit_bill"),
    ("units-per-year-said", "rent", [], "$2.50 per hour x 24 x 365 = $21,900 per year", C, None, "yearly"),
    ("units-implied-hours", "rent", [], "$2.50/hour x 24 x 365 = $21,900", C, None, "yearly"),
    ("units-strict-year", "rent", [], "$2.50/hour x 1 year = $21,900", C, None, "yearly"),
    ("units-strict-hours", "rent", [], "$2.50/hour x 8,760 hours = $21,900", C, None, "yearly"),
    ("units-hour-rate", "spot", [], "12 x $2.50/hour = $30/hour", C, None, "on_demand"),
    ("implied-prefix-giga", "prefill", [], "4,000 x 140 = 5.6e14", C, None, "miss_flops"),
    ("implied-prefix-tera", "prefill", [], "5.6e14 / 989 = 0.566", C, None, "miss_time"),
    ("implied-prefix-needs-a-step", "boot", [], "70 / 6 = 11,667", S, POW, "read_time"),
    # --- numbers
    ("commas", "rent", [], "2.50 x 24 x 365 = 21,900", C, None, "yearly"),
    ("no-commas", "rent", [], "$2.50 x 24 x 365 = $21900", C, None, "yearly"),
    ("dollars", "rent", [], "$2.50 x 24 x 365 = $21,900", C, None, "yearly"),
    ("cents", "rent", [], "$2.5 x 24 x 365 = $21,900.00", C, None, "yearly"),
    ("star", "rent", [], "2.5 * 24 * 365 = 21900", C, None, "yearly"),
    ("middle-dot", "rent", [], "2.50 · 24 · 365 = 21,900", C, None, "yearly"),
    ("k-suffix", "rent", [], "2.50 × 24 × 365 = $21.9k", C, None, "yearly"),
    ("thousand-word", "rent", [], "2.50 x 24 x 365 = 21.9 thousand", C, None, "yearly"),
    ("leading-dot", "spot", [], "$30 x .5 = $15", C, None, "spot_bill"),
    ("k-result", "rent", [], "4 x 21,900 = 87.6k", C, None, "pool_rent"),
    ("million-fraction", "rent", [], "4 x 21,900 = 0.0876 million", C, None, "pool_rent"),
    ("e-notation", "rent", [], "4 x 21,900 = 8.76e4", C, None, "pool_rent"),
    ("x-ten-power", "rent", [], "4 x 21,900 = 8.76 x 10^4", C, None, "pool_rent"),
    ("times-ten-power", "rent", [], "4 × 21,900 = 8.76 × 10^4", C, None, "pool_rent"),
    ("double-star-power", "rent", [], "4 x 21,900 = 8.76 x 10**4", C, None, "pool_rent"),
    ("million-word", "cache", [], "20,000 x 1,500 = 30 million", C, None, "daily_tokens"),
    ("M-suffix", "cache", [], "20,000 x 1,500 = 30M", C, None, "daily_tokens"),
    ("k-inputs", "cache", [], "20k x 1.5k = 30M", C, None, "daily_tokens"),
    ("full-digits", "cache", [], "20,000 x 1,500 = 30,000,000", C, None, "daily_tokens"),
    ("e7", "cache", [], "20,000 x 1,500 = 3e7", C, None, "daily_tokens"),
    ("x-10-7", "cache", [], "20,000 x 1,500 = 3 x 10^7", C, None, "daily_tokens"),
    ("bn-suffix", "cache", [], "20,000 x 1,500 = 0.03 bn", C, None, "daily_tokens"),
    ("billion-word", "cache", [], "20,000 x 1,500 = 0.03 billion", C, None, "daily_tokens"),
    ("e-inputs", "prefill", [], "4,000 x 140e9 = 5.6e14", C, None, "miss_flops"),
    ("ten-power-inputs", "prefill", [], "4,000 x 140 x 10^9 = 5.6 × 10^14", C, None, "miss_flops"),
    ("sci-division", "prefill", [], "5.6e14 / 989e12 = 0.57", C, None, "miss_time"),
    ("parentheses", "rent", [], "(4 - 1) x 2.50 x 24 x 365 = $65,700", C, None, "saving"),
    ("unary-minus", "spot", [], "-$30 + $15 = -$15", C, None, "change"),
    # --- percent and money
    ("percent-times", "spot", [], "$30 x 50% = $15", C, None, "spot_bill"),
    ("percent-of", "spot", [], "50% of $30 = $15", C, None, "spot_bill"),
    ("percent-word", "spot", [], "50 percent of $30 = $15", C, None, "spot_bill"),
    ("one-minus-percent", "spot", [], "$30 x (1 - 50%) = $15", C, None, "spot_bill"),
    ("decimal-half", "spot", [], "$30 x 0.5 = $15", C, None, "spot_bill"),
    ("negative-money", "spot", [], "$15 - $30 = -$15", C, None, "change"),
    ("negative-cents", "spot", [], "$15 - $30 = -$15.00", C, None, "change"),
    ("negative-stated", "spot", [], "-$15", C, None, "change"),
    ("percent-result", "cache", [], "100% - 10% = 90%", C, None, "miss_share"),
    ("one-minus-ten-percent", "cache", [], "1 - 10% = 90%", C, None, "miss_share"),
    ("fraction-result", "cache", [], "1 - 0.1 = 0.9", C, None, "miss_share"),
    ("plain-percent-points", "cache", [], "100 - 10 = 90", C, None, "miss_share"),
    ("percent-and-per-million", "cache", [], "10% x 30 x $0.30 = $0.90", C, None, "hit_bill"),
    # --- names of params and steps
    ("param-names", "boot", [], "weights / read_rate = 11.7 s", C, None, "read_time"),
    ("param-names-only", "boot", [], "weights / read_rate", U, None, None),  # a formula in words
    ("param-and-number", "boot", [], "weights / 6 = 11.7", C, None, "read_time"),
    ("step-name", "boot", ["70 / 6 = 11.7"], "read_time + 20 = 31.7", C, None, "boot_time"),
    ("names-everywhere", "rent", [], "pool * yearly = $87,600", C, None, "pool_rent"),
    ("name-after-line", "rent", ["2.50 x 24 x 365 = 21,900"], "yearly * 4 = 87,600", C, None, "pool_rent"),
    # --- order, matching, unmatched
    ("final-first", "boot", [], "11.7 + 20 = 31.7", C, None, "boot_time"),
    ("after-earlier", "boot", ["70 / 6 = 11.7"], "11.7 + 20 = 31.7", C, None, "boot_time"),
    ("out-of-order", "rent", ["$87,600 - $21,900 = $65,700"], "4 x $21,900 = $87,600", C, None, "pool_rent"),
    ("unmatched-hours", "boot", [], "24 x 365 = 8,760", U, None, None),
    ("unmatched-trivial", "boot", [], "2 + 2 = 4", U, None, None),
    ("unmatched-given", "boot", [], "70 GB", U, None, None),
    ("unmatched-wrong-value", "drain", [], "20 s", U, None, None),
    ("unmatched-intermediate", "cache", [], "10 percent of 30 million = 3 million", U, None, None),
    ("unmatched-other-percent", "spot", [], "$30 x 5% = $1.50", U, None, None),
    ("unmatched-rent-hours", "rent", [], "24 x 365 = 8,760", U, None, None),
    # --- error carried forward
    ("carried-slip", "boot", ["70 / 6 = 12.7"], "12.7 + 20 = 32.7", CA, None, "boot_time"),
    ("carried-by-name", "boot", ["70 / 6 = 12.7"], "read_time + 20 = 32.7", CA, None, "boot_time"),
    ("carried-wrong-method", "boot", ["70 x 6 = 420"], "420 + 20 = 440", CA, None, "boot_time"),
    ("carried-rounded", "boot", ["70 / 6 = 12"], "12 + 20 = 32.0", S, ROUND, "boot_time"),
    ("carried-with-units", "boot", ["70 GB / 6 GB/s = 1.17 s"], "1.17 s + 20 s = 21.2 s", CA, None, "boot_time"),
    ("carried-money", "rent", [RENT], "4 x 21,600 = 86,400", CA, None, "pool_rent"),
    ("carried-twice", "rent", [RENT, "4 x 21,600 = 86,400"], "86,400 - 21,600 = 64,800", CA, None, "saving"),
    ("carried-then-slip", "rent", [RENT], "4 x 21,600 = 84,600", S, TRANS, "pool_rent"),
    ("carried-through-intermediate", "rent", ["24 x 360 = 8,640", "2.50 x 8,640 = 21,600"],
     "4 x 21,600 = 86,400", CA, None, "pool_rent"),
    ("carried-through-unmatched-time", "batch", ["24.59 GB / 3.35 TB/s = 7.34 ms"],
     "32 tokens / 7.34 ms = 4,360 tokens/s", CA, None, "rate"),
    ("carried-percent", "cache", ["1 - 10% = 80%"], "30 million x 80% = 24 million", U, None, None),
    # --- a plain left side against a stated value with a unit: compared in base units
    ("plain-left-base-units", "flops", [], "2 x 8 billion = 16 GFLOP", C, None, "flop_token"),
    ("plain-left-per-token", "flops", [], "2 x 8 billion = 16 GFLOP/token", C, None, "flop_token"),
    ("plain-left-param-name", "flops", [], "params x 2 = 16 GFLOP", C, None, "flop_token"),
    ("plain-left-in-flop", "flops", [], "2 x 8 billion = 1.6e10 FLOP", C, None, "flop_token"),
    ("plain-left-billion-in-mind", "flops", [], "2 x 8 = 16 GFLOP", C, None, "flop_token"),
    ("plain-left-givens-units-in-mind", "speed", [], "70 / 4.8 = 14.6 ms", C, None, "step_time"),
    ("plain-left-steps-units-in-mind", "speed", ["70 GB / 4.8 TB/s = 14.58 ms"], "1 / 14.58 = 68.6 tokens/s", C,
     None, "speed"),
    ("plain-left-in-problem-units", "batch", [], "16 + 8.59 = 24.59 GB", C, None, "bytes_step"),
    ("plain-left-in-problem-units-2", "batch", [], "24.59 / (2 x 3.35) = 3.67 ms", C, None, "step_time"),
    ("plain-left-prefix-in-mind", "speed", [], "70,000 / 4,800 = 14.6 ms", C, None, "step_time"),
    ("plain-left-units-in-mind-wrong", "speed", [], "70 / 4.8 = 1.46 ms", S, POW, "step_time"),
    ("plain-left-hour-rate", "spot", [], "12 x 2.50 = $30/hour", C, None, "on_demand"),
    ("plain-left-minutes", "drain", [], "500 / 24 = 0.35 min", C, None, "drain_time"),
    ("plain-result-billion", "flops", [], "2 x 8 billion = 16 billion", C, None, "flop_token"),
    ("plain-result-e-notation", "flops", [], "2 x 8 billion = 1.6e10", C, None, "flop_token"),
    ("plain-stated-billion", "flops", [], "16 billion", C, None, "flop_token"),
    ("plain-result-seconds-for-ms", "speed", [], "70 / 4,800 = 0.0146", C, None, "step_time"),
    # --- counted things (tokens, requests, replicas, cards, users) a learner leaves unsaid
    ("count-unsaid", "speed", [], "4.8 TB/s / 70 GB = 68.6 tokens/s", C, None, "speed"),
    ("count-unsaid-power-slip", "speed", [], "4.8 TB/s / 70 GB = 6.86 tokens/s", S, POW, "speed"),
    ("count-unsaid-transposed", "speed", [], "4.8 TB/s / 70 GB = 86.6 tokens/s", S, TRANS, "speed"),
    ("count-unsaid-per-minute", "speed", [], "4.8 TB/s / 70 GB = 68.6 tokens/min", S, UNITS, "speed"),
    ("count-rate-slash-unit", "speed", [], "4.8 TB/s / 70 GB = 68.6/s", C, None, "speed"),
    ("count-rate-per-word", "speed", [], "4.8 TB/s / 70 GB = 68.6 per second", C, None, "speed"),
    ("count-rate-slash-wrong-unit", "speed", [], "4.8 TB/s / 70 GB = 68.6/min", S, UNITS, "speed"),
    ("count-said-on-left", "speed", [], "1 token / 14.58 ms = 6.86 tokens/s", S, POW, "speed"),
    # --- a missing unit conversion (60, 3,600, 24, 365, 1,000...)
    ("conversion-hours-seconds", "queue", [], "3,600 x 2 = 7,200", S, UNITS, "in_flight"),
    ("conversion-with-count", "queue", [], "3,600 x 2 = 7,200 requests", S, UNITS, "in_flight"),
    ("conversion-about", "queue", [], "3,600 x 2 = about 7,000", S, UNITS, "in_flight"),
    ("conversion-said-units", "queue", [], "3,600 requests/hour x 2 s = 7,200 requests", S, UNITS, "in_flight"),
    ("conversion-own-arithmetic", "drain", [], "500 / 24 = 0.35", S, UNITS, "drain_time"),
    ("conversion-own-arithmetic-s", "drain", [], "500 tokens / 24 tokens/s = 0.35 s", S, UNITS, "drain_time"),
    ("conversion-not-exact", "drain", [], "500 / 24 = 0.36", S, None, "drain_time"),
    ("conversion-given-without-per", "idle", [], "$2.50 x 30 = $75", S, UNITS, "cost"),
    ("conversion-rounded-step", "speed", [], "1 / 14.583 = 0.06857", S, UNITS, "speed"),
    ("conversion-partial-product", "rent", [], "2.50 x 24 = 60", S, UNITS, "yearly"),  # the x 365 never came
    ("conversion-partial-then-done", "rent", ["2.50 x 24 = 60"], "60 x 365 = 21,900", C, None, "yearly"),
    ("conversion-stray-number", "queue", [], "3,600 x 2 x 5 = 36,000", U, None, None),
    # --- a short comment in parentheses after the stated value
    ("comment-cached", "cache", [], "10% x 30 x $0.30 = $0.90 (cached)", C, None, "hit_bill"),
    ("comment-rounded-up", "queue", [], "ceil(2 / 0.75) = 3 replicas (rounded up)", C, None, "fleet"),
    ("comment-after-label", "cache", [], "Hits: 10% x 30 x $0.30 = $0.90 (hits only)", C, None, "hit_bill"),
    ("comment-after-unit-word", "drain", [], "500 / 24 = 0.35 min (rounded)", C, None, "drain_time"),
    ("comment-apostrophe", "cache", [], "10% x 30 x $0.30 = $0.90 (today's hits)", C, None, "hit_bill"),
    ("comment-on-a-slip", "cache", [], "10% x 30 x $0.30 = $9.00 (cached)", S, POW, "hit_bill"),
    ("comment-with-digits", "cache", [], "10% x 30 x $0.30 = $0.90 (10 percent)", C, None, "hit_bill"),
    ("comment-with-operator", "cache", [], "10% x 30 x $0.30 = $0.90 (hits + misses)", C, None, "hit_bill"),
    ("comment-mid-line", "spot", [], "$30 x 50% (spot) = $15", C, None, "spot_bill"),
    ("comment-empty", "spot", [], "$30 x 50% = $15 ()", C, None, "spot_bill"),
    # --- lines that cannot be read (format errors, not wrong lines)
    ("error-unbalanced", "boot", [], "2 + )", E, None, None),
    ("error-open-paren", "boot", [], "70 / ((6 = 11.7", E, None, None),
    ("open-paren-closed-at-its-result", "boot", [], "70 / (6 = 11.7", C, None, "read_time"),
    ("words-import", "boot", [], "__import__('os')", U, None, None),  # never evaluated: words
    ("error-power-tower", "boot", [], "9^9^9^9", E, None, None),
    ("error-huge-exponent", "boot", [], "1e999", E, None, None),
    ("words-nan", "boot", [], "nan", U, None, None),
    ("words-inf", "boot", [], "inf + 1", U, None, None),
    ("error-unicode-digit", "boot", [], "༣ + 4", E, None, None),  # Tibetan: a script the notation does not read
    ("trailing-word", "boot", [], "70 / 6 = 11.7 banana", C, None, "read_time"),
    ("error-unknown-name", "rent", [], "yerly * 4 = 87,600", E, None, None),
    ("error-divide-by-zero", "boot", [], "70 / 0 = 5", E, None, None),
    ("error-too-deep", "boot", [], "(" * 60 + "1" + ")" * 60, E, None, None),
    ("error-too-long", "boot", [], "1 + " * 130 + "1", E, None, None),
    ("nothing-before", "boot", [], "= 5", U, None, None),
    ("nothing-after", "boot", [], "70 / 6 =", C, None, "read_time"),
    ("plural-unit", "boot", [], "70 GBs / 6 = 11.7", C, None, "read_time"),
    ("words-call", "boot", [], "open('x')", U, None, None),
    ("error-mixed-commas", "boot", [], "1,500,5 + 2", E, None, None),
    ("error-trailing-operator-in-a-claim", "boot", [], "x = 70 /", E, None, None),
    ("prose-trailing-operator", "boot", [], "the weights are 70 GB, so 2×", U, None, None),
    ("decimal-comma", "boot", [], "70 / 6 = 11,7 s", C, None, "read_time"),
    ("decimal-comma-lone-zero", "boot", [], "0,07 TB / 6 GB/s = 11,67 s", C, None, "read_time"),
    ("error-big-power", "boot", [], "2 ** 3 ** 4 ** 5", E, None, None),
    ("words-about-alone", "boot", [], "about", U, None, None),
    ("words-lone-unit", "boot", [], "GB / s", U, None, None),
    ("comparison", "boot", [], "70 / 6 < 12", C, None, "read_time"),
]


@pytest.mark.parametrize("qid,context,line,status,diagnosis,step", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_line(mark, qid, context, line, status, diagnosis, step):
    report = mark(qid, *context, line)
    got = report.lines[-1]
    assert got.text == line
    assert (got.status, got.diagnosis, got.step) == (status, diagnosis, step), got.message
    assert got.message


def test_table_size_and_coverage():
    assert len(CASES) >= 140
    statuses = {c[4] for c in CASES}
    diagnoses = {c[5] for c in CASES}
    assert statuses == {C, CA, S, U, E}
    assert diagnoses >= {TRANS, POW, OP, SIGN, UNITS, ROUND}
    assert len({c[0] for c in CASES}) == len(CASES)


ERRORS = [c for c in CASES if c[4] == E]


@pytest.mark.parametrize("line,column", [
    ("2 + )", 3), ("70 / ((6 = 11.7", 6), ("9^9^9^9", 4), ("yerly * 4 = 87,600", 1), ("70 / 0 = 5", 4),
    ("Rent: 2 + )", 9), ("༣ + 4", 1), ("70 / = 11.7", 4),
], ids=["paren", "open-paren", "tower", "unknown-name", "zero", "after-label", "unicode", "stray-operator"])
def test_error_column_and_caret(mark, line, column):
    qid = "rent" if "yerly" in line else "boot"
    got = mark(qid, line).lines[-1]
    assert got.status == "error"
    assert got.column == column, got.message
    caret_row = got.caret.splitlines()[1]
    assert caret_row.index("^") == column - 1
    assert got.given is None and got.computed is None


def test_unknown_name_suggests(mark):
    got = mark("rent", "yerly * 4 = 87,600").lines[-1]
    assert "did you mean `yearly`" in got.message


def test_blank_lines_are_skipped_and_labels_alone_cost_nothing(mark):
    report = mark("boot", "Answer:", "", "   ", "70 / 6 = 11.7")
    assert [(x.n, x.status) for x in report.lines] == [(1, "unmatched"), (4, "correct")]
    assert "nothing to mark" in report.lines[0].message
    assert report.final.status == "missing"
