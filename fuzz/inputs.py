"""Random and adversarial learner input for the grader's safety checks.

``inputs(seed, count)`` yields ``count`` texts: every adversarial case
first, then a seeded mix of random printable text, random strings over the
learner's alphabet, random Unicode, and mutations of good working lines.
Used by tests/grade/test_safety.py (a subset) and fuzz/fuzz_grader.py (the
full 100,000).
"""

from __future__ import annotations

import random
from typing import Iterator

GOOD_LINES = [
    "Read time: 70 GB / 6 GB/s = 11.7 s",
    "Boot: 11.7 s + 20 s ≈ 32 s",
    "Rent per replica: $2.50/hour x 24 x 365 = $21,900",
    "4 x $21,900 = $87,600",
    "$87,600 - $21,900 = $65,700",
    "10% of 30 million x $0.30 per million = $0.90",
    "20,000 x 1,500 = 30 million",
    "4,000 tokens x 140 GFLOP/token = 5.6 x 10^14 FLOP",
    "5.6e14 FLOP / 989 TFLOP/s = about 0.57 s",
    "500 tokens / 24 tokens per second = 0.35 min",
    "$15 - $30 = -$15",
    "weights / read_rate = 11.7 s",
    "floor(56 GB / 0.537 GB) = 104",
    "max(21.47 ms, 1.95 ms) = 21.47 ms",
    "(4 - 1) x 2.50 x 24 x 365 = $65,700",
    "read time = 70/6 = 11.67",
    "30 x $0.30 = $9.00 (cached)",
    "4.8 TB/s / 70 GB = 68.6/s",
    "3,600 x 2 = 7,200 requests",
    "ceil(2 / 0.75) = 3 replicas (rounded up)",
]

ADVERSARIAL = [
    "__import__('os')", "__import__('os').system('echo pwned')", "eval('1+1')", "exec('x=1')",
    "().__class__.__bases__[0].__subclasses__()", "lambda: 0", "open('/etc/passwd').read()",
    "import os", "os.system('ls')", "globals()", "__builtins__", "${{7*7}}", "{{ 7*7 }}", "'; DROP TABLE x; --",
    "9^9^9^9", "9**9**9**9", "2^2^2^2^2^2", "10^400", "10^401", "(10^400)^2", "2^-9999", "0^-1", "0/0", "1/0",
    "1e309", "1e-400", "1e400 * 1e400 * 1e400 * 1e400", "10^400 * 10^400 * 10^400 * 10^400 * 10^400",
    "(-8)^(1/3)", "sqrt(-1)", "2^(1/3)", "2^0.5", "ceil(1e400)", "floor(-1e-400)", "abs(-0)",
    "max(" + "1, " * 150 + "1)", "min()", "sqrt(1, 2)", "ceil", "floor(", "sqrt(10^400)", "sqrt(1e400) + 1",
    "(" * 10_000, ")" * 10_000, "(" * 10_000 + "1" + ")" * 10_000, "(" * 49 + "1" + ")" * 49,
    "(" * 51 + "1" + ")" * 51, "-" * 400 + "1", "--------1", "1" + "^1" * 200, "+" * 499 + "1",
    "x" * (1 << 20), "1" * (1 << 20), "1 + " * 250_000, "9" * 499, "9" * 501, "0." + "0" * 490 + "1",
    "nan", "NaN", "inf", "-inf", "Infinity", "infinity", "1e1000", "NaN = NaN", "inf = inf",
    "١٢٣ + ٤", "１２３", "²", "½ + ⅓", "𝟙𝟚𝟛", "Ⅻ", "𝟏 + 𝟐", "٣", "߃", "三", "\u0663", "1\u0301",
    "\x00", "1\x00+2", "\u202e1 + 2", "1\u200b+2", "\ufeff1 + 2", "1 + 2\r", "\t1\t+\t2\t", "1\u00a0+\u00a02",
    "\ud800", "a\udfffb", "😀 = 1", "1 😀 2", "$", "%", "$$$", "%%%", "$-3", "-$", "$.", ".", "..", "1..2",
    "1,2,3", ",", ",,,", "1,", ",1", "1,000,00", "1e", "1e+", "e5", "E5", "1.2.3", "0x1F", "0b101", "1_000",
    "=", "==", "= = =", "≈", "~", "about", "about about 3", "roughly", "x", "X", "of", "per", "k", "M",
    "million", "bn", "1 x x 2", "1 of", "of 1", "10% of", "% of 3", "1 %%", "GB", "GB/s", "1 GB/", "1 GB/GB/",
    ":", "::", "a:", ":1", "label: ", "label: = 3", "a:b:c", "1:2", "Answer:",
    "\n" * 1000, "1\n" * 500, "\r\n".join(["1 + 1 = 2"] * 300),
    "weights / 0", "weights ^ weights", "weights ^ 64", "weights ^ 65", "read_rate ^ -64",
    "70 GB / 6 GB/s = 11.7 GB", "70 GB + 6 s", "1 GB ^ 0.5", "sqrt(1 GB)", "ceil(1 s)",
    # trailing comments, bare rates and labels without a colon
    "= 5 (cached)", "5 (cached)", "(cached)", "5 ()", "5 (" + "word " * 100 + ")", "5 (" * 200 + "a" + ")" * 200,
    "1 = 1 (a) (b)", "1 = 1 (don't)", "1 = 1 (a, b, c)", "max(a, b)", "1 = min (a)", "0.35 min (rounded)",
    "68.6/s", "68.6/s/s/s", "1/s/min", "68.6 per", "68.6 / s (x)", "1 / min(2, 3)", "per s", "/s",
    "Read time 70 / 6 = 11.7", "a b c d 1", "about 1 (about)", "x 1 (y)",
]

_ALPHABET = list("0123456789.,+-*/^()=:$% ") + [
    " x ", "×", "÷", "·", "≈", "~", "about ", "roughly ", "k", "M", " million", " bn", " billion", "e",
    " GB", " GB/s", " s", " ms", " min", " hour", " tokens", "/s", " per ", " of ", " (", ")", "cached", " GFLOP", "weights", "read_rate",
    "rent", "yearly", "pool", "ceil(", "floor(", "max(", "min(", "sqrt(", "abs(", "10^", "**",
]


def inputs(seed: int, count: int) -> Iterator[str]:
    """The adversarial cases, then seeded random ones, ``count`` in all."""
    rng = random.Random(seed)
    made = 0
    for text in ADVERSARIAL:
        if made >= count:
            return
        made += 1
        yield text
    makers = (_printable, _learner, _unicode, _mutated, _mutated, _learner, _multiline)
    while made < count:
        made += 1
        yield rng.choice(makers)(rng)


def _printable(rng: random.Random) -> str:
    return "".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(0, 80)))


def _learner(rng: random.Random) -> str:
    return "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(1, 40)))


def _unicode(rng: random.Random) -> str:
    pools = [(0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x3FF), (0x600, 0x6FF), (0x2000, 0x22FF), (0xFF00, 0xFFEF),
             (0x1D400, 0x1D7FF), (0x1F600, 0x1F64F)]
    out = []
    for _ in range(rng.randint(1, 30)):
        lo, hi = rng.choice(pools)
        out.append(chr(rng.randint(lo, hi)))
    return "".join(out)


def _mutated(rng: random.Random) -> str:
    text = list(rng.choice(GOOD_LINES))
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(3)
        pos = rng.randrange(len(text) + 1)
        piece = rng.choice(_ALPHABET)
        if op == 0:
            text.insert(pos, piece)
        elif op == 1 and text:
            del text[min(pos, len(text) - 1)]
        elif text:
            text[min(pos, len(text) - 1)] = piece
    return "".join(text)


def _multiline(rng: random.Random) -> str:
    makers = (_learner, _mutated, _printable)
    return "\n".join(rng.choice(makers)(rng) for _ in range(rng.randint(2, 6)))


STATUSES = {"correct", "carried", "slip", "unmatched", "error"}


def examine(text: str, owner, variant) -> None:
    """Parse and grade one input; raise AssertionError on any breach of the contract.

    The contract: a result or a located error, never an exception; JSON with
    no NaN or infinity; every error line has a column and a caret.
    """
    import json

    from bank.errors import NotationError
    from bank.grade import grade
    from bank.notation import parse_line

    try:
        parse_line(text)
    except NotationError as exc:
        assert exc.column >= 1 and exc.message and "^" in exc.caret(), repr(text[:80])
    report = grade(owner, variant, text)
    json.dumps(report.as_dict(), allow_nan=False)
    report.as_text()
    assert 0 <= report.score <= 1
    for line in report.lines:
        assert line.status in STATUSES, line
        if line.status == "error":
            assert line.column and line.column >= 1 and "^" in line.caret and line.message, line
