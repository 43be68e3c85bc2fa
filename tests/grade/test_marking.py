"""Whole workings: coverage, combined steps, order, the final answer and the score rubric."""

from __future__ import annotations

import pytest

from bank.grade import rubric
from bank.grade.diagnose import Slip

from .lines_check import assert_line


def statuses(report):
    return [x.status for x in report.lines], {s.name: s.status for s in report.steps}


def test_full_working_scores_one(mark):
    report = mark("rent", "2.50 x 24 x 365 = 21,900", "4 x 21,900 = 87,600", "87,600 - 21,900 = 65,700")
    assert report.score == 1.0 and report.final.status == "correct"
    assert report.final.given == 65700 and report.final.expected == 65700


def test_order_does_not_matter(mark):
    forward = mark("rent", "2.50 x 24 x 365 = 21,900", "4 x 21,900 = 87,600", "87,600 - 21,900 = 65,700")
    backward = mark("rent", "87,600 - 21,900 = 65,700", "4 x 21,900 = 87,600", "2.50 x 24 x 365 = 21,900")
    assert backward.score == forward.score == 1.0
    assert [x.step for x in backward.lines] == ["saving", "pool_rent", "yearly"]


def test_combined_line_credits_subsumed_steps(mark):
    report = mark("rent", "(4 - 1) x 2.50 x 24 x 365 = $65,700")
    line = report.lines[0]
    assert line.step == "saving" and set(line.credits) == {"saving", "pool_rent", "yearly"}
    assert report.score == 1.0


def test_a_used_value_is_credited_only_when_right(mark):
    # 4 x $21,900 uses the yearly rent: the learner knew it. A wrong yearly rent used is not credited.
    report = mark("rent", "4 x $21,900 = $87,600")
    assert statuses(report)[1] == {"yearly": "done", "pool_rent": "done", "saving": "missing"}
    report = mark("rent", "2.50 x 24 x 365 = 21,600", "4 x 21,600 = 86,400")
    assert statuses(report)[1] == {"yearly": "missing", "pool_rent": "carried", "saving": "missing"}


def test_stated_answer_alone_credits_only_its_step(mark):
    report = mark("boot", "32 s")
    assert statuses(report)[1] == {"read_time": "missing", "boot_time": "done"}
    assert report.final.status == "correct"
    assert report.score == 0.75


def test_unmatched_lines_cost_nothing(mark):
    plain = mark("boot", "70 / 6 = 11.7", "11.7 + 20 = 31.7")
    extra = mark("boot", "24 x 365 = 8,760", "70 / 6 = 11.7", "2 + 2 = 4", "11.7 + 20 = 31.7")
    assert plain.score == extra.score == 1.0
    assert [x.status for x in extra.lines] == ["unmatched", "correct", "unmatched", "correct"]


def test_errors_are_kept_apart_from_wrong_lines(mark):
    report = mark("boot", "70 / 6 = 11.7", "11.7 + = 31.7", "11.7 + 20 = 31.7")
    assert [x.status for x in report.lines] == ["correct", "error", "correct"]
    assert report.score == 1.0


def test_partial_working_reports_missing(mark):
    report = mark("rent", "2.50 x 24 x 365 = 21,900")
    assert report.final.status == "missing" and report.final.given is None
    assert statuses(report)[1] == {"yearly": "done", "pool_rent": "missing", "saving": "missing"}
    assert report.score == pytest.approx(0.5 / 3, abs=1e-4)


def test_final_wrong_with_slip_diagnosis(mark):
    report = mark("rent", "2.50 x 24 x 365 = 21,900", "4 x 21,900 = 87,600", "87,600 - 21,900 = 56,700")
    assert report.final.status == "wrong"
    assert report.final.diagnosis == Slip.TRANSPOSED
    assert report.final.given == 56700


def test_final_premature_rounding(mark):
    report = mark("boot", "70 / 6 = 12", "12 + 20 = 32.0")
    assert report.lines[1].status == "slip" and report.lines[1].diagnosis == Slip.ROUNDING
    assert {s.name: s.status for s in report.steps}["boot_time"] == "carried"  # the method is right
    assert report.final.status == "wrong" and report.final.diagnosis == Slip.ROUNDING
    assert "rounded too soon" in report.final.message
    assert report.score == 0.75


def test_rounding_kept_to_the_end_is_fine(mark):
    report = mark("boot", "70 / 6 = 11.7", "11.7 + 20 = 31.7")
    assert report.final.status == "correct" and report.score == 1.0


def test_error_carried_forward_names_the_value(mark):
    report = mark("rent", "2.50 x 24 x 365 = 21,600", "4 x 21,600 = 86,400", "86,400 - 21,600 = 64,800")
    assert [x.status for x in report.lines] == ["slip", "carried", "carried"]
    carry = report.lines[1].carried[0]
    assert (carry.step, carry.value, carry.line, carry.rounded) == ("yearly", 21600.0, 1, False)
    assert "your $21,600 for the yearly (line 1)" in report.lines[1].message
    assert report.final.status == "wrong" and report.final.diagnosis is None
    assert statuses(report)[1] == {"yearly": "missing", "pool_rent": "carried", "saving": "carried"}
    assert report.score == pytest.approx(0.5 * 2 / 3, abs=1e-4)


def test_carried_method_needs_the_right_method(mark):
    report = mark("rent", "2.50 x 24 x 365 = 21,600", "5 x 21,600 = 108,000")
    assert report.lines[1].status == "unmatched"
    # 3 x yearly is the saving (4 x yearly - yearly) done in one line: the right method, combined.
    report = mark("rent", "2.50 x 24 x 365 = 21,600", "3 x 21,600 = 64,800")
    assert (report.lines[1].status, report.lines[1].step) == ("carried", "saving")


def test_last_unmatched_line_is_a_wrong_final(mark):
    report = mark("drain", "500 / 24 = 2")
    assert report.lines[0].status == "slip"
    report = mark("drain", "20 s")
    assert report.final.status == "wrong" and report.final.given == 20


def test_a_restated_given_is_not_a_final(mark):
    report = mark("boot", "70 GB")
    assert report.final.status == "missing"


def test_given_and_computed_in_the_step_unit(mark):
    line = mark("boot", "70 GB / 6 GB/s = 11,667 ms").lines[0]
    assert line.given == pytest.approx(11.667) and line.computed == pytest.approx(35 / 3)
    line = mark("cache", "1 - 10% = 90%").lines[0]
    assert line.given == pytest.approx(90) and line.computed == pytest.approx(90)


def test_seeded_variant_grades_against_its_own_numbers(mark, fixtures):
    from bank.variant import variant

    v = variant(fixtures.question("boot"), "s1")
    w, r, i = (v.as_dict()[k] for k in ("weights", "read_rate", "init_time"))
    working = f"{w} / {r} = {float(w / r):.3f}\n{float(w / r):.3f} + {i} = {float(w / r + i):.3f}"
    report = mark("boot", *working.splitlines(), seed="s1")
    assert report.score == 1.0, report.as_text()
    assert report.seed == "s1"


@pytest.mark.parametrize("steps,parts,expected", [
    (["done", "done"], [1.0], 1.0),
    (["done", "carried"], [0.0], 0.5),
    (["done", "carried"], [0.5], 0.75),
    (["missing", "done"], [1.0], 0.75),
    (["missing", "missing"], [0.0], 0.0),
    ([], [0.0], 0.0),
    (["done", "done", "done"], [1.0, 0.0], 0.75),
    (["done"], [], 0.5),
], ids=["all", "carried-wrong-final", "premature-rounding", "answer-only", "nothing", "no-steps", "one-part-of-two",
        "no-parts"])
def test_rubric(steps, parts, expected):
    assert rubric.score(steps, parts) == expected


def test_report_api_contract(mark):
    report = mark("boot", "70 / 6 = 11.7", "11.7 + 20 = 31.7")
    assert isinstance(report.score, float)
    assert {"status", "expected", "given", "diagnosis"} <= set(vars(report.final))
    for line in report.lines:
        assert {"n", "text", "status", "step", "given", "computed", "diagnosis", "message", "column"} <= set(vars(line))
    assert [(s.name, s.status) for s in report.steps] == [("read_time", "done"), ("boot_time", "done")]
    assert report.as_dict()["lines"][0]["step"] == "read_time"


def test_bank_grade_is_callable_as_the_contract_says(fixtures):
    import bank
    import bank.grade  # binds bank.grade to the package: it must still be callable
    from bank.variant import variant

    q = fixtures.question("boot")
    assert bank.grade(q, variant(q), "70 / 6 = 11.7").lines[0].status == "correct"


@pytest.mark.parametrize("qid,lines,words", [
    ("queue", ["3,600 x 2 = 7,200"], "this step is 2 requests, a factor of 3,600 (seconds in an hour) away"),
    ("drain", ["500 / 24 = 0.35"], "the left side is 20.83, not 0.35, a factor of 60 (seconds in a minute"),
    ("flops", ["2 x 8 = 16 TFLOP"], "this step is 16 GFLOP/token, a factor of 1,000 (a unit prefix) away"),
    ("speed", ["4.8 TB/s / 70 GB = 6.86 tokens/s"], "the left side is 68.57 tokens/s, not 6.86 tokens/s"),
    ("queue", ["ceil(2 / 0.75) = 3 replicas (rounded up)"], "fleet = 3 replicas"),
    ("boot", ["70 GB"], "a value from the problem (no penalty)"),
    ("drain", ["20 s"], "not a value of this working (no penalty)"),
    ("batch", ["Step time: 24.59 GB / 3.35 TB/s = 7.34 ms"], "the arithmetic is right, but the step time is 3.67 ms"),
    ("boot", ["Read time: 70 / 7 = 10"], "the arithmetic is right, but the read time is 11.67 s"),
    ("boot", ["24 x 365 = 8,760"], "it is not a step of this working (no penalty)"),
    ("rent", ["2.50 x 24 x 365 = 21,900", "4 x 21,900 = 87,600", "(4 - 1) x 21,900 = 65,700"], "saving = $65,700"),
], ids=["conversion-to-step", "conversion-in-line", "plain-against-prefix", "count-label", "plural-count",
        "given", "lone-value", "label-names-step", "label-prefix-words", "no-label", "only-new-credits"])
def test_messages_say_what_is_wrong(mark, qid, lines, words):
    assert words in mark(qid, *lines).lines[-1].message


def test_only_newly_covered_steps_are_also_covered(mark):
    report = mark("rent", "2.50 x 24 x 365 = 21,900", "(4 - 1) x 2.50 x 24 x 365 = 65,700")
    assert report.lines[1].message == "saving = $65,700 (also covers pool rent)"


def test_final_says_exactly_only_when_rounded(mark):
    assert mark("boot", "70 / 6 + 20 = 32").final.message == "32 s (line 1) is right (exactly 31.67 s)"
    assert mark("spot", "$15 - $30 = -$15").final.message == "-$15/hour (line 1) is right"


def test_count_labels_report_the_computed_value_in_the_step_unit(mark):
    line = mark("speed", "4.8 TB/s / 70 GB = 68.6 tokens/s").lines[0]
    assert line.given == pytest.approx(68.6) and line.computed == pytest.approx(68.571, abs=1e-3)


def test_a_plain_value_in_base_units_carries_forward_in_the_step_unit(mark):
    # 16 billion is flop_token in base units: the learner's value is 16 GFLOP/token, not 16 billion of them.
    report = mark("flops", "2 x 8 billion = 16 billion", "16 billion x 4,000 = 6.4e13")
    assert [x.status for x in report.lines] == ["correct", "correct"]
    assert report.lines[0].given == 16 and report.score == 1.0


def test_an_unmatched_final_answer_points_at_the_method(mark):
    report = mark("boot", "70 / 6 = 11.7", "11.7 + 25 = 36.7")  # the wrong start-up time: right sums
    assert report.lines[1].status == "slip" and report.final.status == "wrong"
    assert "check the method" in report.lines[1].message
    report = mark("boot", "70 / 6 = 11.7", "11.7 x 3 = 35.1")  # matches no step at all
    assert report.lines[1].status == "unmatched" and report.final.status == "wrong"
    assert "check the method" in report.final.message
    report = mark("boot", "70 / 6 = 11.7", "11.7 x 3 = 35.1 s")  # the next step's kind, from its own input
    assert report.lines[1].status == "slip" and report.final.status == "wrong"
    assert "check the method" in report.lines[1].message


def test_comment_is_kept_apart_from_the_value(mark):
    from bank.notation import parse_line

    line = parse_line("Affinity: 30 x $0.30 = $9.00 (cached, so cheap)")
    assert (line.label, line.comment, len(line.segments)) == ("Affinity", "cached, so cheap", 2)
    assert parse_line("70 / 6 = max(a, b)").comment == ""


@pytest.mark.parametrize("text,step", [("Answer: 2", "fleet"), ("Final: 2 replicas", "fleet"), ("2", "in_flight")],
                         ids=["answer", "final", "no-label"])
def test_answer_label_means_the_result_step(fixtures, text, step):
    # With 1.5 requests a replica, 2 requests in flight need 2 replicas: two steps share the value 2.
    from fractions import Fraction

    from bank.grade import grade
    from bank.variant import variant

    q = fixtures.question("queue")
    v = variant(q, params={"per_replica": Fraction(3, 2)})
    assert grade(q, v, text).lines[0].step == step


def test_no_message_names_an_internal_step_name(library):
    """Learners read the author's labels ("16-bit weights"), never ``w16``: over the corpus and the workings."""
    import re

    from bank.grade import grade
    from bank.variant import variant

    from .corpus_check import load_working, workings

    seen = 0
    for path in workings():
        data = load_working(path)
        q = library.question(data["question"])
        internal = {s.name for s in q.worked.steps if re.search(r"[_\d]", s.name)}  # w16, kv_seq: not words
        report = grade(q, variant(q), data["working"])
        text = report.as_text() + " ".join(p.message for p in report.parts)
        for line in report.lines:  # the learner's own text may use a name; the grader's words may not
            text = text.replace(line.text, "")
        named = {name for name in internal if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)}
        assert not named, f"{path.name}: {sorted(named)}"
        seen += 1
    assert seen >= 80


@pytest.mark.parametrize("qid, working, line, step", [
    ("decode-roofline-batch", "AI = 1 flop/byte\nridge = 989/3.35 = 295\nso batch ~295 before compute bound", 2, "ridge"),
    ("decode-roofline-batch", "AI = 1 flop/byte\n989/3.35 = 295\nso batch ~295 before compute bound", 2, "ridge"),
    ("throughput-vs-concurrency", "cache per seq = 131072 * 1024 = 134 MB\nbatch 64 step: (16+64*.134)/864 = 28.5 ms",
     2, "step_big"),
    ("throughput-vs-concurrency", "cache per seq = 131072 * 1024 = 134 MB\nbatch 64 step: (16+64*0.134)/864 = 28.5 ms",
     2, "step_big"),
], ids=["bare-ridge-labelled", "bare-ridge", "dot-134-own-rounding", "zero-point-134"])
def test_whiteboard_lines_a_tutor_accepts(qid, working, line, step):
    """A bare number is no claim about its unit (``989/3.35 = 295`` is the ridge point in FLOP/B, not the
    unitless crossover batch of the same value), and ``.134`` is a rounding of the 0.1342 GB per sequence as
    surely as ``0.134`` is, so the 28.44 it gives against 28.5 ms is rounding noise, not a slip."""
    from bank.grade import grade
    from bank.load import load
    from bank.variant import variant

    q = load().question(qid)
    report = grade(q, variant(q), working + "\n")
    got = next(x for x in report.lines if x.n == line)
    assert (got.status, got.step) == ("correct", step), got.message


TVC = ("cache per sequence is 0.134 GB\nstep at 16: (16 + 16 x 0.134) GB / 864 GB/s = 21 ms\n1 / 0.021 = 47.6 tokens per second\n"
       "A replica gives 16 x 47.6 = 762 tok/s, and 4 replicas give about 3,050 tok/s.\n"
       "Put all 64 on one replica and each user still gets 47.6 tokens per second.\n")


@pytest.mark.parametrize("qid, seed, working, line, status, step", [
    ("autoscaling-signal", None, "cap 10*1.1 = 11 qps\nburst 10*1.2 = 12 qps\n12-11 => +1 qps into the queue",
     3, "correct", "backlog_growth"),
    ("launch-sizing", None, "9,000 / 3,000 = 3, so 3 replicas.\nAt the forecast they run at 7,200 / 9,000 = 80%.\n"
     "The bare forecast is 2.4 replicas.", 3, "correct", "bare"),
    ("throughput-vs-concurrency", None, TVC + "The replica would then produce 64 x 47.6 ≈ 3,050 tokens per second.",
     6, "carried", "replica_rate_big"),
    ("decode-bandwidth-bound", None, "16 / 3350 GB/s = 4.78 ms, so one sequence gets 209 tok/s", 1, "correct",
     "t_one"),
    ("replica-throughput-and-cost", "42", "thruput 220 / 21.5 ms ≈ 10,230 tok/s\n"
     "cost $9/hr / (10,230*3600 tok/hr) = $0.244/Mtok", 2, "correct", "cost"),
    ("tensor-parallel-overhead", None, "compute 2 × 70e9 × 4000 = 5.6e14 FLOP / (4 × 989 × 0.5 = 1,978 TFLOP/s) "
     "= 283 ms", 1, "correct", "compute_time"),
    ("tensor-parallel-overhead", "7", "compute: 2*70e9*12000 = 1.68e15 flop, at 4 * 312 * 0.55 = 686.4 TFLOPS -> 2.45 s",
     1, "correct", "compute_time"),
    ("tensor-parallel-overhead", "7", "each card holds 140/4 = 35 GB of weights, so 45 GB free\n"
     "buffer = 12k tokens * 8192 * 2 bytes = 196.6 MB, chunk = 49.2 MB\n"
     "ring all-reduce: each card sends everything but its own chunk, 196.6 - 49.2 = 147.4 MB\n"
     "2 per layer * 80 layers = 160 all-reduces", 4, "unmatched", None),
    ("throughput-vs-concurrency", None, "one replica 16*47.6 = 762 tok/s\n4 replicas -> 3048 tok/s for 64 users", 2,
     "correct", "fleet_rate"),
    ("launch-sizing", None, "4 x 2.50 = $10/hr vs 2.4 x 2.50 = $6/hr\nso we pay $4/hr extra (67% more)", 2,
     "correct", "premium_share"),
    ("quantisation-trade-off", None, "Usable memory is ninety percent of 141 GB = 126.9 GB.", 1, "correct", "usable"),
    ("kv-cache-per-token", None, "per token = 2 (k,v) times 80 layers times 8 heads times 128 dim times 2 bytes "
     "= 327,680 bytes", 1, "correct", "kv_token"),
    ("quantisation-trade-off", None, "4.8 TB/s divided by 70 GB = 68.6 tok/s; divided by 35 GB = 137 tok/s.", 1,
     "correct", "speed4"),
    ("tensor-parallel-overhead", "99", "sends 2 phases x (114.7 - 28.7) = 172 MB", 1, "correct", "per_allreduce"),
    ("tensor-parallel-overhead", "dave", "compute 1.26e15 FLOP / 4747 TFLOP/s = 265 ms", 1, "correct",
     "compute_time"),
    ("weight-memory-precision", None, "140 GB\n* 140 GB / 80 GB per card = 1.75 cards", 2, "correct",
     "cards16_exact"),
    ("launch-sizing", None, "need 7,200 x 1.25 = 9,000 tok/s -> 9000/3000 = 3 replicas\nload: 7.2k is 80% of 9k", 2,
     "correct", "utilisation"),
    ("tail-latency", None, "- rate: 4 × 989 = 3956 TFLOP/s peak, half of that at 50% = 1978 TFLOP/s", 1, "correct",
     "prefill_rate"),
    ("tail-latency", None, "- one miss: 3.36e15 / 1.978e15 = 1.7 s\n- behind 2 of them: 0.4 + 2 × 2 = 4.4 s\n"
     "- ratio 4.4 / 0.4 = 11x\nA: about 4.4 s, 11x the typical", 2, "slip", "tail_ttft"),
    ("warm-pool-size", "11", "saving 107,310 - 15,330 = 91,980\nA: ~$92k a month saved", 2, "slip", "saving"),
    ("kv-cache-per-token", None, "per token = 2 (k,v) times 80 layers times 8 heads times 128 dim times 2 bytes "
     "= 327,680 bytes\nthat's 320 KiB per token, which is a lot", 2, "correct", "kv_token"),
    ("warm-pool-size", None, "hours/yr = 24 × 365 = 8 760 h\none replica for a year: 8 760 h × $2.50 = $21 900", 2,
     "correct", "yearly_rent"),
    ("autoscaling-signal", None, "**backlog**: 1 × 60 = **60 requests**", 1, "correct", "backlog"),
    ("tail-latency", None, "3.36 × 10¹⁵ ÷ 1.978 × 10¹⁵ ≈ 1.7 s", 1, "correct", "miss_time"),
    ("throughput-vs-concurrency", "7", "1 TB/s = 1000 GB/s so bw = 2039 GB/s", 1, "unmatched", None),
    ("autoscaling-signal", "eve", "L = λ x W = 30 x 0.25 = 7.5 req in system\ncap = 30 x 1.1 = 33 rps\n"
     "during rise λ' = 30 x 1.2 = 36 rps\nqueue grow 36 - 33 = 3 rps\nafter 120 s: 3 x 120 = 360 req waiting\n"
     "Final: 7.5 req, +3 req/s, 360 req", 6, "correct", "backlog_growth"),
    ("spot-capacity", "frank", "on-demand bill: 36 cards x 2.00 = 72.00/hr", 1, "correct", "on_demand_bill"),
    ("replica-boot-gap", None, "70 / 6 = 11.7 s, + 20 s init\nFinal: about 31-32 s", 2, "correct", "boot_time"),
    ("kv-cache-per-token", "zed", "per token: 2 x 32 x 8 x 128 x 16 bit = 1,048,576 bit = 131,072 bytes\n"
     "per seq: 1,048,576 x 32,768 = 3.44e10 B\n1 GB = 1e9 B so 34.4 GB per sequence", 3, "carried", "kv_seq"),
    ("token-cost-from-card-price", "omar", "The replica costs 4 × $3.25 = $13 an hour.\n"
     "At full load it makes 9,250 × 3,600 = 33.3 million tokens an hour.\n"
     "So at full load a million tokens costs 13 / 33.3 = 39 cents.", 3, "correct", "cost_full"),
    ("token-cost-from-card-price", "omar", "The replica costs 4 × $3.25 = $13 an hour.\n"
     "At 65% load it only makes about 21.6 million an hour, so 13 / 21.6 = 60 cents per million.", 2, "correct",
     "cost_real"),
    ("prefill-time-to-first-token", "hal", "FLOPs/token = 2 × 14e9 = 2.8e10\nprefill = 2.8e10 × 12,500 = 3.5e14 FLOP\n"
     "sustained = 0.35 × 989 TFLOPS = 364 TFLOPS\nTTFT = 3.5e14 / 3.64e14 = 0.962 s ≈ 962 msec", 4, "carried", "ttft"),
    ("replica-boot-gap", "9000", "load: 50 GB / 4 GBps = 12.5 s\n12.5 + 25 s init = 37.5 s => ~38 s before it serves",
     2, "correct", "boot_time"),
    ("tail-latency", "11", "work: 36,000 × 140 GFLOP = 5.04e15 FLOP\nrate: 4 × 989 × 0.4 = 1582.4 TFLOP/s\n"
     "time = 5.04e15 / 1582.4e9 = 3185 s ?? 53 min, no way\nTFLOP is 1e12 → 5.04e15 / 1.5824e15 = 3.19 s", 3, "slip",
     "miss_time"),
], ids=["signed-result", "restated-by-name", "carried-not-coincidence", "one-sequence-gets", "own-rounding-other-route",
        "bracketed-equation", "at-rate-worked-out", "a-count-is-no-try-at-bytes",
        "value-for-a-count", "second-result-in-brackets", "ninety-percent-of", "remark-between-factors",
        "divided-by-again", "count-word-that-is-a-param", "own-rounded-peak", "star-bullet", "is-a-share-of",
        "factor-said-again", "attempt-said-again", "a-month-is-not-a-year",
        "per-token-said-again", "thousands-with-spaces-and-an-unsaid-per-hour", "markdown-bold",
        "scientific-divisor", "so-a-name-equals", "signed-value-in-a-list", "dollar-sign-unsaid",
        "a-range", "a-slip-said-again", "cents-for-a-million", "cents-per-million",
        "a-slip-carried-not-a-rounding", "about-after-the-value", "a-slip-said-again-on-its-line"])
def test_whiteboard_lines_marked_as_a_tutor_would(qid, seed, working, line, status, step):
    """Lines from this session's hand-marked workings (tests/grade/corpus/*/s21-*): a signed result after
    ``=>``; a value restated under its own label; a value that equals a covered step but carries the learner's
    own wrong one into an open step; ``one sequence`` as a subject, not a value; a route the reference does
    not take, from the learner's rounded value; an equation in brackets; a rate worked out after ``at``; a count
    that is no try at a step in bytes; ``3048 tok/s for 64 users`` says what the value is for; ``(67% more)`` after a result is a second one; numbers in words to ninety; a remark in brackets
    between factors; ``divided by 35 GB`` again; ``2 phases`` where ``phases`` is a param; a rate rounded by
    the learner; a ``*`` bullet; ``7.2k is 80% of 9k``; ``half of that at 50%``; an attempt said again in an
    answer line stays the attempt; ``$92k a month`` for a yearly saving; ``320 KiB per token`` is the
    per-token value again, not the next step's; ``8 760 h × $2.50 = $21 900``; ``**60 requests**``;
    ``÷ 1.978 × 10¹⁵`` divides by one number; ``so bw = 2039 GB/s`` starts a claim; ``+3 req/s`` in a list;
    ``72.00/hr`` for a bill; ``about 31-32 s`` is a range; a slip said again is not marked twice; a price per million said in cents; 3.64e14
    is no rounding of 346 TFLOP/s; ``= 37.5 s => ~38 s`` states 37.5 s."""
    assert_line(qid, seed, working, line, status, step)


def test_a_value_left_over_is_no_link():
    """``45 GB left of the 80`` states what is left; it does not say 45 GB is 80."""
    from bank.grade import grade
    from bank.load import load
    from bank.variant import variant

    q = load().question("tensor-parallel-overhead")
    report = grade(q, variant(q), "Step 1: 140 GB / 4 = 35 GB per card, 45 GB left of the 80.\n")
    assert {p.step: p.status for p in report.parts}["room"] == "correct"


def test_a_marked_line_does_not_also_say_no_penalty():
    """A line with a marked claim and a side remark speaks of the claim alone: "correct: step time … = 21 ms",
    not "the arithmetic is right, but it is not a step of this working (no penalty); step time …"."""
    from bank.grade import grade
    from bank.load import load
    from bank.variant import variant

    q = load().question("throughput-vs-concurrency")
    line = "One step at batch 16 reads (16 + 16 × 0.134) GB = 18.1 GB, which at 864 GB/s takes about 21 msec."
    got = grade(q, variant(q), line + "\n").lines[0]
    assert got.status == "correct" and len(got.claims) == 2
    assert "no penalty" not in got.message and "21 ms" in got.message, got.message


def test_cards_of_a_size_count_cards():
    """``so 5 x 80GB cards`` is five cards (of 80 GB), not a 400 GB answer for the weights."""
    from bank.grade import grade
    from bank.load import load
    from bank.variant import variant

    q = load().question("weight-memory-precision")
    working = "180B x 2 bytes = 360 GB\n8-bit 180 GB, 4-bit 90 GB\ncards: 360/80 = 4.5 so 5 x 80GB cards (round up)\n"
    parts = {p.step: p.status for p in grade(q, variant(q, "11"), working).parts}
    assert parts == {"w16": "correct", "w8": "correct", "w4": "correct", "cards16": "correct"}, parts


@pytest.mark.parametrize("qid, seed, working, line, status, step", [
    ("decode-bandwidth-bound", None, "t1 = 16e9/3.35e12 = 4.78e-3 s -> 1/t1 = 209 tok/s", 1, "correct", "rate_one"),
    ("decode-bandwidth-bound", None, "(a) alone: t1 = 16e9/3.35e12 = 4.87e-3 s\nkv = 32*2048*131072 = 8.59e9 B\n"
     "rate = 1/t1 = 205 tok/s", 3, "carried", "rate_one"),
    ("replica-boot-gap", None, "(a) read: t = 70 GB @ 6 GB/s = 11.7 s\nw = 70 GB\nboot = 2 x t + 20 = 43.4 s", 3,
     "slip", "boot_time"),
    ("decode-bandwidth-bound", None, "16e9/3.35e12 = 4.78 ms -> 1/4.78 ms = 209 tok/s", 1, "correct", "rate_one"),
    ("replica-boot-gap", None, "read 70 / 6 = 11,7 s", 1, "correct", "read_time"),
    ("tensor-parallel-overhead", None, "buffer 4000 x 8192 x 2 B = 65,54 MB, chunk 65,54/4 = 16,38 MB\n"
     "per allreduce 2 x (65,54 - 16,38) = 98,3 MB", 2, "correct", "per_allreduce"),
    ("tail-latency", None, "rate 4 x 989 x 0,5 = 1978 TFLOPS\n3,36e15 / 1978e12 = 1,699 s", 2, "correct",
     "miss_time"),
    ("cache-aware-routing", None, "tokens/day 20000 x 1500 = 30 Mio", 1, "correct", "daily_tokens"),
    ("cache-aware-routing", None, "T = 2e4 × 1500 = 3e7 tok/day = 30 Mtok", 1, "correct", "daily_tokens"),
    ("cache-aware-routing", None, "hits 0.1 × 30 = 3 Mtok -> $0.90; misses 27 Mtok × $3 = $81", 1, "correct",
     "miss_bill"),
    ("token-cost-from-card-price", None, "per hour 8500 x 3600 = 30.6M\nat 55% 0.55 x 30.6 = 16.83M tok/h\n"
     "cost 2.5 / 16.83 = 0.149 $/Mtok", 2, "unmatched", None),
    ("decode-roofline-batch", None, "ridge = 989e12 / 3.35e12 ≈ 295 FLOP/B\n-> B* = 295 / 1 ≈ 295", 2, "correct",
     "crossover"),
    ("replica-boot-gap", None, "1 / 155.4 = 0.00643", 1, "unmatched", None),
    ("spot-capacity", None, "spot 12 x 1.25 = 15 $/h\nbooting 5% -> 1.25 x 1.05 = $1.3125 per serving card", 2,
     "slip", "effective_price"),
    ("spot-capacity", None, "spot 12 x 1.25 = 15 $/h\n5% booting so add 5%: 1.25 x 1.05 = 1.3125 ≈ 1.31 $/hr", 2,
     "slip", "effective_price"),
    ("autoscaling-signal", None, "capacity 10 x 1.1 = 11 rps\nrise 10 x 1.2 = 12 rps", 2, "correct", "burst_rate"),
    ("weight-memory-precision", None, "fp16: 70e9 * 2 bytes = 140 GB\n140 / 80 = 1.75 cards\nso 1 card?", 3, "slip",
     "cards16"),
    ("autoscaling-signal", None, "backlog grows 12 - 11 = 1 req/s\nafter 60 s -> 1 × 60 = 60 reqs queued", 2,
     "correct", "backlog"),
    ("warm-pool-size", None, "R = 2.5 x 8760 = 21,900\nbig: 4R = 87,600\nsave = 87,600 - 2 x 21,900 ≈ $43.8k/yr", 3,
     "slip", "saving"),
    ("kv-cache-capacity", None, "free 56 GB / 0.537 GB = 104.3 → at most 104 sequences", 1, "correct", "sequences"),
    ("replica-boot-gap", "k5", "Gap ≈ 100 s.\nread 130 GB / 2 GB/s = 65 s", 1, "correct", "boot_time"),
    ("autoscaling-signal", None, "surge = 10 * 1.2      # 12 req/s\ngrowth = surge - 10   # 2 req/s piling up\n"
     "backlog = growth * 60 # 120 requests", 3, "carried", "backlog"),
    ("kv-cache-capacity", None, "w = 8e9 * 2 / 1e9     # 16 GB\nfree = 80 - w         # 64 GB left\n"
     "kv = 2*32*8*128*2*4096 / 1e9   # 0.537 GB\n>>> free / kv\n119.20929628", 5, "carried", "sequences_exact"),
    ("draining", None, "drain = 500 / 24            # 20.83 s\n>>> drain * 2.50 / 3600\n0.014467592592592593", 2,
     "unmatched", None),
    ("kv-cache-per-token", None, "kv_tok = 2 * 80 * 8 * 128 * 2   # = 327680 bytes\n>>> kv_tok * 8192 / 1e9\n"
     "2.68435456", 3, "correct", "kv_seq"),
    ("throughput-vs-concurrency", None, "16 x 47.6 = 762 tok/s, x 4 = 3,050 tok/s\n"
     "big batch: (16 + 64 × 0.1342) / 864 = 28.5 ms\n1 / 28.5 ms = 35.1 tok/s\n"
     "Finally, in summary: 47.6 tokens per second per user, about 3,050 tokens per second from the four "
     "replicas, and about 35.1 tokens per second per user on the big batch.", 4, "correct", "fleet_rate"),
    ("token-cost-from-card-price", None, "rent 1 x 2.50 = $2.50/h\nfull load: 2.50 / 10.8 = $0.231 per Mtok\n"
     "average: 0.231 x 0.6 = $0.139\nso a million tokens costs about $0.231 at full load", 4, "correct",
     "cost_full"),
    ("replica-boot-gap", None, "it reads 70 GB of weights at 6 GB/s and then spends 20 s initialising", 1,
     "unmatched", None),
    ("throughput-vs-concurrency", None, "big batch: 16 + 64 × 0.1342 = 25.6 GB, / 864 GB/s = 29.6 ms", 1, "slip",
     "step_big"),
    ("quantisation-trade-off", None, "lone speed 8-bit = 70 GB / 4.8 TB/s = 14.6 tok/s\n"
     "4-bit reads half the bytes, so twice as fast: 2 × 14.6 = 29.2 tok/s", 2, "carried", "speed4"),
    ("autoscaling-signal", None, "capacity w/ 10% headroom = 11 rps", 1, "correct", "capacity"),
    ("cache-aware-routing", None, "tokens/day = 20k * 1500 = 30M\nhits: 10% of 30M = 3M -> 3 * 0.30 = 0.90", 2,
     "correct", "hit_bill"),
    ("warm-pool-size", "k6", "1.75 x 24 = 42/day x 365 = 15330/yr", 1, "correct", "yearly_rent"),
    ("warm-pool-size", "k6", "rent 1.75 x 8760 = 15,330\nbig 8 x 15,330 = 122,640\nsmall 2 x 15,330 = 30,660\n"
     "saves approx 92k a yr", 4, "correct", "saving"),
    ("warm-pool-size", "k6", "$1.75 x 8760 = $1.53×10^4 per year", 1, "correct", "yearly_rent"),
    ("tensor-parallel-overhead", None, "buffer 4000 x 8192 x 2 = 65.5mb, chunk /4 = 16.4mb", 1, "correct", "chunk"),
    ("decode-roofline-batch", None, "ridge -> 989 TFLOP/s / 3.35 TB/s = 295 FLOP/B\n-> crossover at 295/1 = 295 seqs", 2,
     "correct", "crossover"),
    ("prefill-time-to-first-token", None, "flops/tok = 2 x 8b = 16gflop\nx 4000 tok = 64tflop = 6.4e13", 2,
     "correct", "prefill_flop"),
    ("kv-cache-per-token", None, "per tok 2x80x8x128x2bytes = 327680 bytes\nseq 327680 x 8192 = 2.68b bytes", 2,
     "correct", "kv_seq"),
    ("quantisation-trade-off", None, "lone speed: 4.8 TB/s ÷ 70 GB ~ 68.6 tok/s (8b), ÷ 35 GB ~ 137 tok/s (4b)", 1,
     "correct", "speed4"),
    ("cache-aware-routing", None, "tok = 20_000 * 1_500   # 30M prefix tokens/day", 1, "correct", "daily_tokens"),
    ("weight-memory-precision", None, ">>> P = 70e9\n>>> P * 2 / 1e9\n140.0", 3, "correct", "w16"),
], ids=["own-name-same-line", "own-name-carried", "own-name-after-a-label", "one-over-is-no-rounding",
        "decimal-comma", "decimal-comma-in-brackets", "three-decimals-in-a-comma-working", "mio",
        "mtok-for-tokens-a-day", "mtok-times-price-per-million", "stated-in-millions", "b-star",
        "half-way-either-way", "marked-up-not-divided", "marked-up-about-right", "a-markup-that-is-right",
        "a-count-rounded-the-other-way", "a-value-before-an-arrow-is-no-side", "save-names-the-yearly-saving",
        "at-most-rounds-down", "about-a-value-means-the-nearest-step", "code-with-its-values-in-comments",
        "printed-after-a-prompt", "a-prompt-line-waits-for-its-value", "a-prompt-dividing-by-1e9-means-giga",
        "a-summary-says-values-again", "a-value-said-again-after-the-next-step-was-tried",
        "a-given-after-so-is-no-result", "a-slip-in-part-of-a-step", "a-label-names-the-step-a-unit-slip-meant",
        "a-share-beside-a-rate-is-no-side", "the-same-value-in-millions-goes-on", "a-yearly-total-per-yr",
        "a-bare-number-a-yr", "per-year-on-a-power-of-ten", "a-step-named-before-its-working",
        "a-step-at-a-value", "lower-case-units", "a-billion-in-lower-case", "8b-in-brackets-is-8-bit",
        "python-digit-underscores", "a-name-set-at-a-prompt"])
def test_own_names_decimal_commas_and_millions(qid, seed, working, line, status, step):
    """Round six's notations: a learner's own names (``t1 = … → 1/t1``), read as the values they were given;
    ``→ 1/4.78 ms`` is a new working, not 4.78 ms rounded up to 1; decimal commas (``11,7 s``, and
    ``1,699 s`` in a working that writes them); ``Mio``; ``27 Mtok × $3`` with the $3 per million, and
    ``30 Mtok`` for 30 million tokens a day; ``= 16.83M`` from a working in millions; ``B* = 295``; a value a
    hair past half way (6.43 for 6.4350) is right; ``× 1.05`` for the ``÷ 0.95`` that 5% booting cards ask is
    the wrong operation on the price per serving card, even where it comes out about right, while ``× 1.2`` for a
    20% rise is the method; ``so 1 card?`` after 1.75 cards' worth is the card count rounded the wrong way;
    ``after 60 s -> 1 × 60 = 60`` does not claim 60 s is 60 requests; ``save = … $/yr`` names the yearly
    saving (``save``, ``saving`` and ``savings`` are one word to a label); ``→ at most 104`` rounds down
    (``at least`` up); ``≈ 100 s`` is the step worth 100 s before one worth 65 s. Code: ``growth = surge - 10
    # 2 req/s`` states its value in the comment, and a longer name is a variable where arithmetic uses it;
    a ``>>>`` line's value is printed on the next line, read to three figures, and ``/ 1e9`` there means
    giga-. A summary line says values again, as does a value said again once the next step was tried; a
    given after ``then`` (``… at 6 GB/s and then spends 20 s``) is no result. A slip in part of a step's
    working (the bytes a big-batch step reads) is that step's; a label names the step a units slip meant
    (``lone speed 8-bit = 70 GB / 4.8 TB/s = 14.6 tok/s``, a time), so twice it is carried. ``w/ 10% headroom
    = 11 rps`` does not claim 10% is 11 rps rounded down from nothing; ``= 3M -> 3 * 0.30`` goes on from 3M.
    A yearly total said per year is the total, with its $ unsaid (``21900/yr``), a bare number ``a yr``, or
    the year on a power of ten (``$2.19×10^4 per year``). An open step's own name before its working labels it
    (``chunk /4``, ``crossover at 295/1``); units typed in lower case (``65.5mb``, ``28gflop``, ``tflops``), and
    a billion (``2.68b bytes``), where ``(8b)`` alone stays 8-bit; Python's ``20_000``, and a name set at a
    prompt (``>>> P = 70e9``)."""
    assert_line(qid, seed, working, line, status, step)
