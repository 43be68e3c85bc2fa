"""The inference-serving-arithmetic bank: its shape, its default figures, and a second source for each formula.

Every expected number below is worked by hand from the question's stated
givens, written out as the arithmetic a reviewer would do on paper (the
comment beside each row says it in words). Each formula the bank uses is
also checked against a second source: a published worked example (the vLLM
paper's 800 KB per token for OPT-13B), a parameter count done matrix by
matrix, a brute-force search instead of the roofline's closed form, and a
simulated ring all-reduce that counts the bytes it sends.
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction as F

import pytest

from bank.check import check
from bank.load import gather
from bank.solve import solve
from bank.text import links
from bank.variant import variant
from tests.banks.workings import WORKINGS, lines, states
from tests.conftest import QUESTIONS

BANK = "inference-serving-arithmetic"
GB, MB, TB, T = 10**9, 10**6, 10**12, 10**12

# Hardware and model figures as the problems state them (sources in each question's YAML comments).
H100_BW, H100_PEAK, H100_MEM = F(335, 100) * TB, 989 * T, 80 * GB      # B/s, FLOP/s, B
H200_BW, H200_MEM = F(48, 10) * TB, 141 * GB
LLAMA3_70B_KV = 2 * 80 * 8 * 128 * 2                                  # B per token = 327,680
LLAMA3_8B_KV = 2 * 32 * 8 * 128 * 2                                   # B per token = 131,072


def ms(seconds: F) -> F:
    return seconds * 1000


#: question id -> {step: (exact default value in the step's declared unit, how it prints)}.
EXPECTED = {
    "weight-memory-precision": {
        "w16": (F(70 * GB * 2, GB), "140"),                          # 70e9 params x 2 B
        "w8": (F(70 * GB * 1, GB), "70"),                            # 70e9 x 1 B
        "w4": (F(70 * GB, 2 * GB), "35"),                            # 70e9 x 0.5 B
        "cards16_exact": (F(140, 80), "1.75"),                       # 140 GB / 80 GB
        "cards16": (F(2), "2"),                                      # 1.75, rounded up
    },
    "kv-cache-per-token": {
        "kv_token": (F(327_680), "327,680"),                         # 2 x 80 x 8 x 128 x 2 B
        "kv_seq": (F(327_680 * 8192, GB), "2.68"),                   # x 8,192 tokens = 2.684 GB
    },
    "kv-cache-capacity": {
        "weights": (F(16), "16"),                                    # 8e9 x 2 B
        "usable": (F(72), "72"),                                     # 90% of 80 GB
        "free": (F(56), "56"),                                       # 72 - 16 GB
        "kv_token": (F(131_072), "131,072"),                         # 2 x 32 x 8 x 128 x 2 B
        "kv_seq": (F(131_072 * 4096, GB), "0.537"),                  # x 4,096 tokens
        "sequences_exact": (F(56 * GB, 131_072 * 4096), "104.3"),    # 56e9 / 536,870,912
        "sequences": (F(104), "104"),                                # rounded down
    },
    "decode-bandwidth-bound": {
        "t_one": (ms(16 * GB / H100_BW), "4.78"),                    # 16 GB / 3.35 TB/s
        "rate_one": (H100_BW / (16 * GB), "209"),                    # 1 token per 4.776 ms = 209.4
        "kv_read": (F(32 * 2048 * 131_072, GB), "8.59"),             # 32 seqs x 2,048 tokens x 131,072 B
        "t_batch": (ms((16 * GB + 32 * 2048 * 131_072) / H100_BW), "7.34"),
        "per_seq": (H100_BW / (16 * GB + 32 * 2048 * 131_072), "136.2"),
        "aggregate": (32 * H100_BW / (16 * GB + 32 * 2048 * 131_072), "4,360"),  # 4,359.5
    },
    "prefill-time-to-first-token": {
        "flop_token": (F(16), "16"),                                 # 2 x 8e9 FLOP = 16 GFLOP per token
        "prefill_flop": (F(2 * 8 * GB * 4000), "6.4e13"),            # x 4,000 tokens
        "effective": (F(989, 2), "494.5"),                           # 50% of 989 TFLOP/s
        "ttft": (ms(F(64 * T, 1) / (F(989, 2) * T)), "129"),         # 6.4e13 / 4.945e14 s = 129.4 ms
    },
    "decode-roofline-batch": {
        "flop_step": (F(16), "16"),                                  # 2 FLOP x 8e9 = 16 GFLOP
        "bytes_step": (F(16), "16"),                                 # 8e9 x 2 B = 16 GB
        "intensity": (F(1), "1"),                                    # 16 GFLOP / 16 GB
        "ridge": (H100_PEAK / H100_BW, "295"),                       # 989 / 3.35 = 295.2 FLOP/B
        "crossover": (H100_PEAK / H100_BW, "295"),                   # ridge / 1 FLOP/B per sequence
    },
    "token-cost-from-card-price": {
        "replica_cost": (F(5, 2), "$2.50"),                          # 1 card x $2.50/h: the scaling bank's replica
        "tokens_hour": (F(3000 * 3600, 10**6), "10.8"),              # 3,000/s x 3,600 s = 10.8 M
        "cost_full": (F(5, 2) / F(108, 10), "$0.231"),               # $2.50 / 10.8 Mtoken
        "cost_real": (F(5, 2) / F(108, 10) / F(6, 10), "$0.386"),    # / 60% load
    },
    "quantisation-trade-off": {
        "w8": (F(70), "70"),                                         # 70e9 x 1 B
        "w4": (F(35), "35"),                                         # 70e9 x 0.5 B
        "speed8": (H200_BW / (70 * GB), "68.6"),                     # 4.8 TB/s / 70 GB
        "speed4": (H200_BW / (35 * GB), "137"),                      # 4.8 TB/s / 35 GB
        "usable": (F(1269, 10), "126.9"),                            # 90% of 141 GB
        "kv_seq": (F(LLAMA3_70B_KV * 8192, GB), "2.684"),            # 327,680 B x 8,192
        "batch8": (F(21), "21"),                                     # (126.9 - 70) / 2.684 = 21.2
        "batch4": (F(34), "34"),                                     # (126.9 - 35) / 2.684 = 34.2
    },
    "tensor-parallel-overhead": {
        "w_card": (F(35), "35"),                                     # 70e9 x 2 B / 4 cards
        "room": (F(45), "45"),                                       # 80 - 35 GB
        "buffer": (F(4000 * 8192 * 2, MB), "65.54"),                 # 4,000 tokens x 8,192 x 2 B
        "chunk": (F(4000 * 8192 * 2, 4 * MB), "16.38"),              # / 4 cards
        "per_allreduce": (F(3, 2) * F(4000 * 8192 * 2, MB), "98.3"),  # 2 phases x 3 of 4 chunks = 1.5 buffers
        "comm_bytes": (F(2 * 80 * 3 * 4000 * 8192 * 2, 2 * GB), "15.73"),   # 160 all-reduces
        "comm_time": (ms(F(2 * 80 * 3 * 4000 * 8192 * 2, 2) / (450 * GB)), "35.0"),
        "prefill_flop": (F(2 * 70 * GB * 4000), "5.6e14"),
        "compute_time": (ms(F(56 * 10**13) / F(4 * 989 * T, 2)), "283.1"),   # 5.6e14 / 1,978 TFLOP/s
        "overhead": (100 * F(2 * 80 * 3 * 4000 * 8192 * 2, 2 * 450 * GB) / (F(56 * 10**13) / (2 * 989 * T)),
                     "12%"),
    },
    "replica-throughput-and-cost": {
        "weights": (F(140), "140"),                                  # 70e9 x 2 B
        "free": (F(148), "148"),                                     # 4 x 80 GB x 90% - 140 GB
        "kv_seq": (F(LLAMA3_70B_KV * 8192, GB), "2.6844"),
        "batch": (F(55), "55"),                                      # 148 / 2.684 = 55.1
        "bytes_step": (F(140 * GB + 55 * LLAMA3_70B_KV * 8192, GB), "287.64"),
        "mem_time": (ms((140 * GB + 55 * LLAMA3_70B_KV * 8192) / (4 * H100_BW)), "21.47"),
        "compute_time": (ms(F(2 * 70 * GB * 55) / (4 * H100_PEAK)), "1.95"),
        "step_time": (ms((140 * GB + 55 * LLAMA3_70B_KV * 8192) / (4 * H100_BW)), "21.47"),
        "throughput": (55 * 4 * H100_BW / (140 * GB + 55 * LLAMA3_70B_KV * 8192), "2,560"),
        "cost": (F(10, 3600) * (140 * GB + 55 * LLAMA3_70B_KV * 8192) / (55 * 4 * H100_BW) * 10**6, "$1.08"),
    },
}

#: The answer parts, in the order each problem asks for them.
PARTS = {
    "weight-memory-precision": ("w16", "w8", "w4", "cards16"), "kv-cache-per-token": ("kv_token", "kv_seq"),
    "kv-cache-capacity": ("sequences",), "decode-bandwidth-bound": ("rate_one", "t_batch", "per_seq", "aggregate"),
    "prefill-time-to-first-token": ("prefill_flop", "ttft"),
    "decode-roofline-batch": ("intensity", "ridge", "crossover"),
    "token-cost-from-card-price": ("cost_full", "cost_real"),
    "quantisation-trade-off": ("speed8", "speed4", "batch8", "batch4"),
    "tensor-parallel-overhead": ("w_card", "room", "compute_time", "comm_time", "overhead"),
    "replica-throughput-and-cost": ("batch", "step_time", "throughput", "cost"),
}

LEVELS = {"warm-up": 2, "core": 5, "hard": 3}

#: The terms this bank added to the glossary: id -> {answer part: (exact default value, how it prints)}.
TERMS = {
    "arithmetic-intensity": {"intensity": (F(16), "16")},                 # 2 x 8192^2 x 16 FLOP / (8192^2 x 2 B)
    "roofline": {"ridge": (H100_PEAK / H100_BW, "295"),                   # 989 / 3.35
                 "attainable": (F(201), "201")},                          # min(989, 60 FLOP/B x 3.35 TB/s)
    "hbm-bandwidth": {"ceiling": (F(2039, 35), "58.3")},                  # 1 token / (35 GB / 2.039 TB/s)
    "quantisation": {"freed": (F(12), "12"),                              # 16 GB - 4 GB
                     "speed4": (F(1675, 2), "838")},                      # 3.35 TB/s / (8e9 x 0.5 B = 4 GB)
    "tensor-parallelism": {"per_card": (F(35), "35"),                     # 70e9 x 2 B / 4
                           "heads_per_card": (F(2), "2")},                # 8 KV heads / 4 cards
    "compute-bound": {"compute_time": (ms(F(2 * 8 * GB * 2000) / H100_PEAK), "32.4"),
                      "read_time": (ms(16 * GB / H100_BW), "4.78"),
                      "ratio": (F(2 * 8 * GB * 2000, 989 * T) / (16 * GB / H100_BW), "6.8")},  # 32.4 / 4.78 ms
    "all-reduce": {"sent": (F(2 * 7 * 64, 8), "112"),                     # 2 phases x 7 of 8 chunks of 64 MB
                   "time": (F(2 * 7 * 64, 8 * 450), "0.249")},            # / 450 GB/s, in ms
    "grouped-query-attention": {"kv_mha": (F(2 * 80 * 64 * 128 * 2), "2,621,440"),
                                "kv_gqa": (F(2 * 80 * 8 * 128 * 2), "327,680"),
                                "saving": (F(64, 8), "8")},                # 64 query heads / 8 KV heads
    "cost-per-million-tokens": {"cost": (F(2 * 10**6, 1500 * 3600), "$0.370")},  # $2/h / 5.4 Mtoken/h
    "model-weights": {"weights": (F(16), "16"),                           # 8e9 x 2 B
                      "share": (F(16 * 100, 80), "20.0%")},               # 16 GB of 80 GB
    "model-flops-utilisation": {"achieved": (F(320), "320"),              # 2 x 8e9 x 20,000 = 320 TFLOP/s
                                "mfu": (F(320 * 100, 989), "32.4%")},     # of 989
}

#: The scaling glossary's ids: this bank links to them and must never define them.
SCALING_TERMS = {
    "littles-law", "queue-depth", "replica", "warm-pool", "cold-start", "kv-cache", "prefix-cache",
    "cache-affinity", "spot-capacity", "eviction", "draining", "health-check", "canary", "slo", "headroom",
    "load-shedding", "throughput", "concurrency", "batch-size", "prefill", "decode", "ttft", "tail-latency",
    "autoscaling", "round-robin", "rollback", "memory-bandwidth",
}


@pytest.fixture(scope="module")
def library():
    """Everything gathered (problems in other banks do not block these tests)."""
    lib, _ = gather(QUESTIONS)
    return lib


@pytest.fixture(scope="module")
def bank(library):
    return {q.id: q for q in library.questions() if q.bank == BANK}


# ----------------------------------------------------------------------------- shape

def test_bank_shape(library, bank):
    order = [q.id for q in library.bank(BANK).questions]
    assert order == list(EXPECTED)
    levels = {level: sum(q.level == level for q in bank.values()) for level in LEVELS}
    assert levels == LEVELS
    assert sum(q.worked is not None for q in bank.values()) >= 8
    assert len(bank) >= 10


def test_every_topic_of_the_issue_is_covered(bank):
    tags = {tag for q in bank.values() for tag in q.tags}
    topics = {"kv-cache", "memory-bandwidth", "batch-size", "prefill", "ttft", "roofline",
              "arithmetic-intensity", "quantisation", "tensor-parallelism", "all-reduce", "cost-per-million-tokens"}
    assert topics <= tags


def test_new_terms_are_linked_and_shared_terms_not_redefined(library, bank):
    linked = {link.term for q in bank.values() for text in (q.answer, *q.key_points, q.takeaway)
              for link in links(text)}
    defined = {t.id for t in library.glossary}
    assert set(TERMS) <= defined
    assert not set(TERMS) & SCALING_TERMS
    assert {"arithmetic-intensity", "roofline", "hbm-bandwidth", "quantisation", "tensor-parallelism"} <= linked
    assert {"kv-cache", "prefill", "decode", "batch-size", "ttft", "throughput", "memory-bandwidth",
            "replica", "concurrency"} <= linked


# ----------------------------------------------------------------------------- defaults pinned by hand

@pytest.mark.parametrize(("qid", "expected"), list(EXPECTED.items()), ids=list(EXPECTED))
def test_default_variant_matches_hand_working(bank, qid, expected):
    question = bank[qid]
    solution = solve(question, variant(question))
    got = {name: (solution.values[name].magnitude, str(solution.values[name])) for name in expected}
    assert got == expected
    assert question.worked.parts == PARTS[qid]


@pytest.mark.parametrize(("tid", "expected"), list(TERMS.items()), ids=list(TERMS))
def test_glossary_example_matches_hand_working(library, tid, expected):
    term = library.term(tid)
    values = solve(term, variant(term)).values
    assert term.example.parts == tuple(expected)
    assert {name: (values[name].magnitude, str(values[name])) for name in expected} == expected


#: A sentence ends, then another begins: ". The", "! A", "? In".
SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-Z(\[]")


@pytest.mark.parametrize("tid", list(TERMS), ids=list(TERMS))
def test_term_file_is_tidy(library, tid):
    """Schema line for the editor, a one-sentence definition, and spellings no other term claims."""
    path = QUESTIONS / "glossary" / f"{tid}.yaml"
    assert path.read_text(encoding="utf-8").splitlines()[0] == \
        "# yaml-language-server: $schema=../../bank/schema/term.schema.json"
    term = library.term(tid)
    assert term.definition.endswith(".") and not SENTENCE_BREAK.search(term.definition)
    mine = {s.lower() for s in term.spellings}
    for other in library.glossary:
        if other.id != tid:
            assert not mine & {s.lower() for s in other.spellings}, other.id


@pytest.mark.parametrize("qid", list(EXPECTED), ids=list(EXPECTED))
def test_question_file_points_the_editor_at_the_schema(qid):
    first = (QUESTIONS / BANK / f"{qid}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../bank/schema/question.schema.json"


# ----------------------------------------------------------------------------- second sources

def _solve_with(question, **pinned):
    return solve(question, variant(question, params={k: F(v) for k, v in pinned.items()})).values


def test_kv_formula_reproduces_the_vllm_papers_opt13b_figure(bank):
    """Kwon et al. (SOSP 2023): OPT-13B's KV cache is 2 x 5,120 x 40 layers x 2 B = 800 KB per token."""
    values = _solve_with(bank["kv-cache-per-token"], layers=40, kv_heads=40, head_dim=128, bytes_per_value=2)
    assert values["kv_token"].magnitude == 800 * 1024 == 2 * 5120 * 40 * 2


def test_kv_formula_gives_half_a_mebibyte_for_llama2_7b(bank):
    """Llama-2-7B (32 layers, 32 heads of 128, no GQA) is the often-quoted 0.5 MiB per token at 16-bit."""
    values = _solve_with(bank["kv-cache-per-token"], layers=32, kv_heads=32, head_dim=128, bytes_per_value=2)
    assert values["kv_token"].magnitude == 2**19


def test_grouped_query_attention_divides_the_cache_by_the_group(bank, library):
    """Llama-3-70B has 64 query heads sharing 8 KV heads: its cache is one eighth of full multi-head."""
    full = _solve_with(bank["kv-cache-per-token"], kv_heads=64)["kv_token"].magnitude
    assert full / EXPECTED["kv-cache-per-token"]["kv_token"][0] == 8


def _llama3_8b_matmuls() -> list[tuple[int, int]]:
    """(in, out) of every matrix multiply one token goes through in Llama-3-8B (HF config.json)."""
    hidden, heads_kv, head_dim, ffn, vocab, layers = 4096, 8, 128, 14336, 128256, 32
    kv = heads_kv * head_dim
    per_layer = [(hidden, hidden), (hidden, kv), (hidden, kv), (hidden, hidden),   # q, k, v, o
                 (hidden, ffn), (hidden, ffn), (ffn, hidden)]                       # gate, up, down
    return per_layer * layers + [(hidden, vocab)]                                   # + LM head


def test_two_flops_per_parameter_by_counting_matrix_multiplies():
    """Kaplan et al.'s C ~ 2N, re-derived: each weight in a matmul is one multiply and one add per token."""
    matmuls = _llama3_8b_matmuls()
    flops = sum(2 * i * o for i, o in matmuls)                 # a (1 x in)(in x out) product costs 2 in out
    weights_in_matmuls = sum(i * o for i, o in matmuls)
    assert flops == 2 * weights_in_matmuls
    embedding, norms = 128256 * 4096, 4096 * (2 * 32 + 1)
    assert weights_in_matmuls + embedding + norms == 8_030_261_248    # the published 8.03B parameters
    assert abs(F(flops, 2 * 8 * GB) - 1) < F(7, 100)                   # "2 x 8 billion" is within 7%


def _memory_bound(batch: int, flop_per_seq: int, bytes_read: int, peak, bandwidth) -> bool:
    return batch * flop_per_seq / peak < bytes_read / bandwidth


@pytest.mark.parametrize(("peak", "bandwidth"), [(989, F(335, 100)), (312, F(2039, 1000)), (362, F(864, 1000))],
                         ids=["H100", "A100", "L40S"])
def test_roofline_crossover_matches_a_brute_force_search(bank, peak, bandwidth):
    """The first batch whose compute time reaches its memory time, found by trying batches one by one."""
    params = 8 * GB
    first = next(b for b in range(1, 10_000)
                 if not _memory_bound(b, 2 * params, 2 * params, peak * T, bandwidth * TB))
    crossover = _solve_with(bank["decode-roofline-batch"], peak=peak, bandwidth=bandwidth)["crossover"].magnitude
    assert first - 1 < crossover <= first


def test_decode_defaults_really_are_bandwidth_bound(bank):
    """The premise of decode-bandwidth-bound: at batch 32 the FLOPs take a small part of the read time."""
    values = solve(bank["decode-bandwidth-bound"], variant(bank["decode-bandwidth-bound"])).values
    compute = ms(F(2 * 8 * GB * 32) / H100_PEAK)                   # 0.52 ms for 32 sequences
    assert compute < values["t_batch"].magnitude / 10


def _ring_allreduce(buffers: list[list[int]]) -> tuple[list[list[int]], list[int]]:
    """Reduce-scatter then all-gather around a ring; returns each rank's result and elements it sent."""
    n, size = len(buffers), len(buffers[0])
    chunk = size // n
    data = [list(b) for b in buffers]
    sent = [0] * n
    span = lambda c: range(c * chunk, (c + 1) * chunk)  # noqa: E731
    for step in range(n - 1):                          # reduce-scatter: rank r passes chunk r - step
        moves = [(r, (r - step) % n) for r in range(n)]
        payload = {r: [data[r][i] for i in span(c)] for r, c in moves}
        for r, c in moves:
            dst = (r + 1) % n
            for i, v in zip(span(c), payload[r]):
                data[dst][i] += v
            sent[r] += chunk
    for step in range(n - 1):                          # all-gather: rank r passes its finished chunk
        moves = [(r, (r + 1 - step) % n) for r in range(n)]
        payload = {r: [data[r][i] for i in span(c)] for r, c in moves}
        for r, c in moves:
            dst = (r + 1) % n
            for i, v in zip(span(c), payload[r]):
                data[dst][i] = v
            sent[r] += chunk
    return data, sent


@pytest.mark.parametrize("cards", [2, 4, 8])
def test_ring_factor_matches_a_simulated_ring(bank, cards):
    """Simulate the ring: every rank ends with the full sum, having sent 2 (N - 1) / N of the buffer."""
    size = 8 * 3 * 5 * 7
    buffers = [[(r + 1) * (i + 1) for i in range(size)] for r in range(cards)]
    result, sent = _ring_allreduce(buffers)
    total = [sum(col) for col in zip(*buffers)]
    assert all(row == total for row in result)
    values = _solve_with(bank["tensor-parallel-overhead"], card_count=cards)
    factor = values["per_allreduce"].magnitude / values["buffer"].magnitude
    assert all(F(s, size) == factor == F(2 * (cards - 1), cards) for s in sent)


def test_communication_overhead_grows_with_the_split(bank):
    """More cards shrink compute per card but not the all-reduce traffic per card."""
    q = bank["tensor-parallel-overhead"]
    overheads = [_solve_with(q, card_count=c)["overhead"].magnitude for c in (4, 8)]
    assert overheads[0] < overheads[1]


def test_cost_per_million_tokens_two_ways(bank):
    """USD per token from the per-second price, times a million, equals the question's per-hour working."""
    per_second = F(25, 10) / 3600                                  # 1 card x $2.50 an hour
    per_token = per_second / 3000                                   # 3,000 tokens a second
    values = solve(bank["token-cost-from-card-price"], variant(bank["token-cost-from-card-price"])).values
    assert values["cost_full"].magnitude == per_token * 10**6


@pytest.mark.parametrize("seed", range(40))
def test_quantisation_doubles_speed_but_not_batch(bank, seed):
    """For any variant: half the weight bytes is twice the lone-sequence speed, but the batch gains only
    as many sequences as the freed memory holds."""
    q = bank["quantisation-trade-off"]
    values = solve(q, variant(q, seed)).values
    assert values["speed4"].magnitude == 2 * values["speed8"].magnitude
    gained = values["batch4"].magnitude - values["batch8"].magnitude
    freed_seqs = (values["w8"].magnitude - values["w4"].magnitude) // values["kv_seq"].magnitude
    assert freed_seqs <= gained <= freed_seqs + 1                  # only the freed memory's worth of caches


@pytest.mark.parametrize("seed", range(40))
def test_replica_step_follows_the_roofline(bank, seed):
    """For any variant: step time is the larger of the memory and compute times, and it stays memory-bound."""
    q = bank["replica-throughput-and-cost"]
    v = solve(q, variant(q, seed)).values
    assert v["step_time"].magnitude == max(v["mem_time"].magnitude, v["compute_time"].magnitude)
    assert v["step_time"].magnitude == v["mem_time"].magnitude


# ----------------------------------------------------------------------------- every variant is real

def _allowed(question, names: tuple[str, ...]) -> set[tuple]:
    """Every combination of ``names`` that some drawn variant uses (over many seeds)."""
    seen = set()
    for seed in range(400):
        values = dict(variant(question, seed).values)
        seen.add(tuple(values[n] for n in names))
    return seen


#: Real models, as (params, layers, KV heads): Mistral-7B, Llama-2-7B, Llama-3-8B, Mistral-NeMo-12B,
#: Llama-2-13B (Hugging Face config.json of each).
REAL_CAPACITY_MODELS = {(7 * GB, 32, 8), (7 * GB, 32, 32), (8 * GB, 32, 8), (12 * GB, 40, 8), (13 * GB, 40, 40)}
#: Real (layers, KV heads) with 128-wide heads: Llama-3.1-8B/Mistral-7B, Mistral-NeMo-12B, Yi-34B, Qwen2.5-32B,
#: Llama-3.1-70B, Llama-3.1-405B, Llama-2-7B and Llama-2-13B.
REAL_KV_SHAPES = {(32, 8), (40, 8), (60, 8), (64, 8), (80, 8), (126, 8), (32, 32), (40, 40)}


def test_kv_capacity_draws_only_real_models(bank):
    assert _allowed(bank["kv-cache-capacity"], ("params", "layers", "kv_heads")) <= REAL_CAPACITY_MODELS


def test_kv_per_token_draws_only_real_shapes(bank):
    shapes = _allowed(bank["kv-cache-per-token"], ("layers", "kv_heads", "context"))
    assert {(layers, heads) for layers, heads, _ in shapes} <= REAL_KV_SHAPES
    assert all(context <= 4096 for layers, heads, context in shapes if heads != 8)   # Llama-2's window


@pytest.mark.parametrize(("qid", "names", "real"), [
    ("decode-bandwidth-bound", ("weights", "kv_token"), {(16, 131_072), (F(152, 10), 57_344)}),
    ("quantisation-trade-off", ("params", "kv_token"), {(70 * GB, 327_680), (34 * GB, 245_760)}),
    ("quantisation-trade-off", ("card_memory", "bandwidth"), {(141, F(48, 10)), (192, F(53, 10))}),
    ("decode-roofline-batch", ("peak", "bandwidth"), {(989, F(335, 100)), (989, F(48, 10)), (312, F(2039, 1000))}),
    ("replica-throughput-and-cost", ("card_memory", "bandwidth"), {(80, F(335, 100)), (141, F(48, 10))}),
    ("tensor-parallel-overhead", ("peak", "link_bw"), {(989, 450), (312, 300)}),
], ids=["decode-model", "quantisation-model", "quantisation-card", "roofline-card", "replica-card", "tp-card"])
def test_variants_pair_figures_as_real_hardware_does(bank, qid, names, real):
    """Model shapes and card figures are drawn together, never mixed into hardware no one sells."""
    assert _allowed(bank[qid], names) <= real


@pytest.mark.parametrize("seed", range(40))
def test_weights_need_at_most_a_node_and_the_count_is_rounded_up(bank, seed):
    q = bank["weight-memory-precision"]
    v = {k: x.magnitude for k, x in solve(q, variant(q, seed)).values.items()}
    assert v["cards16"] - 1 < v["w16"] / v["card_memory"] <= v["cards16"] <= 8


@pytest.mark.parametrize("seed", range(40))
def test_first_token_is_all_prefill(bank, seed):
    """TTFT at an idle card is the prefill time: no decode step is added."""
    q = bank["prefill-time-to-first-token"]
    v = {k: x.magnitude for k, x in solve(q, variant(q, seed)).values.items()}
    assert v["ttft"] == v["prefill_flop"] / (v["peak"] * v["mfu"] / 100 * T) * 1000


@pytest.mark.parametrize("cards", [4, 8])
def test_ring_sends_less_than_twice_the_buffer_and_more_with_more_cards(bank, cards):
    values = _solve_with(bank["tensor-parallel-overhead"], card_count=cards)
    assert values["per_allreduce"].magnitude / values["buffer"].magnitude == F(2 * (cards - 1), cards)


def test_token_cost_prices_the_scaling_banks_replica(bank, library):
    """One card at $2.50 an hour and 3,000 tokens/s: the replica of launch-sizing and warm-pool-size."""
    q = bank["token-cost-from-card-price"]
    defaults = dict(variant(q).values)
    scaling = {x.id: x for x in library.questions()}
    assert defaults["card_count"] == 1
    assert defaults["price"] == scaling["warm-pool-size"].worked.param("hourly_rent").default
    assert defaults["throughput"] == scaling["launch-sizing"].worked.param("per_replica").default


# ----------------------------------------------------------------------------- workings


@pytest.mark.parametrize("qid", list(EXPECTED), ids=list(EXPECTED))
def test_reference_working_states_every_part(bank, qid):
    question = bank[qid]
    values = solve(question, variant(question)).values
    reference, wrong = lines(qid, "reference"), lines(qid, "wrong")
    for part in question.worked.parts:
        assert states(reference, values[part].magnitude), f"{qid}: no line states {part}"
    assert not all(states(wrong, values[p].magnitude) for p in question.worked.parts), \
        "the wrong working must reach a wrong answer"


@pytest.mark.parametrize("qid", list(EXPECTED), ids=list(EXPECTED))
def test_workings_grade_as_intended(bank, qid):
    grading = pytest.importorskip("bank.grade", reason="the grader (issue 3) is not in this checkout yet")
    question = bank[qid]
    v = variant(question)
    reference = grading.grade(question, v, (WORKINGS / qid / "reference.txt").read_text())
    wrong = grading.grade(question, v, (WORKINGS / qid / "wrong.txt").read_text())
    assert reference.score == 1.0, [(line.text, line.status, line.message) for line in reference.lines]
    assert wrong.score < 1.0


# ----------------------------------------------------------------------------- check

def test_bank_and_its_terms_check_clean(tmp_path):
    """`bank check` with 200 variants: no problem in this bank's files or the terms it added."""
    shutil.copytree(QUESTIONS / BANK, tmp_path / BANK)
    shutil.copytree(QUESTIONS / "glossary", tmp_path / "glossary")
    report = check(tmp_path, variants=200)
    mine = [str(p) for p in report.problems
            if BANK in str(p.path) or any(f"glossary/{tid}.yaml" in str(p.path) for tid in TERMS)]
    assert mine == []
    assert report.questions == len(EXPECTED)
