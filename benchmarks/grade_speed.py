"""Grading speed: a 5-line working, warm, against a naive ``parse_expr`` + ``simplify`` marker.

Target: 20 ms or less (median) once the process is warm.

The naive marker is here only to measure against; the product never uses
it (it hands learner text to sympy's parser, which the project forbids). It
does the least a line marker must: strip labels, units and separators,
parse each side with ``parse_expr``, check the line with ``simplify``, and
find its reference step by ``simplify(value - step) == 0`` (with a numeric
fallback for rounded values). It knows nothing of units, rounding to the
precision written, diagnoses or carried errors.

Usage: python benchmarks/grade_speed.py [--runs 30]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parent.parent
QUESTION = "tail-latency"
#: The question's reference working (tests/banks/workings), five lines as a learner writes them.
WORKING = (ROOT / "tests" / "banks" / "workings" / QUESTION / "reference.txt").read_text(encoding="utf-8")
#: The same working with a slip on line 1 carried through every later line (the error-carried-forward path).
CARRIED = """\
One miss: 24,000 tokens x 140 GFLOP = 3.36e16 FLOP
Prefill rate: 4 x 989 TFLOP/s x 50% = 1,978 TFLOP/s
Miss time: 3.36e16 FLOP / 1,978 TFLOP/s = 17.0 s
Tail TTFT: 0.4 s + 2 x 17.0 s = 34.4 s
Tail over median: 34.4 s / 0.4 s = about 86
"""


def median_ms(fn, runs: int) -> float:
    fn()  # warm
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


# --------------------------------------------------------------------------- naive marker (benchmark only)

_UNITS = r"\b(?:GFLOP|TFLOP|FLOP|tokens?|GB|TB|ms|s|min|hours?|token)\b(?:/(?:token|s))?"


def naive_grade(text: str, step_values: list) -> list:
    """parse_expr + simplify, line by line: (line ok, matched step index) pairs."""
    import sympy
    from sympy.parsing.sympy_parser import parse_expr

    out = []
    for raw in text.splitlines():
        body = raw.split(":", 1)[-1]
        body = re.sub(_UNITS, "", body).replace(",", "").replace("$", "")
        body = body.replace("×", "*").replace(" x ", "*").replace("%", "/100").replace("about", "")
        body = re.sub(r"e(\d+)", r"*10**\1", body)
        sides = [parse_expr(s) for s in body.split("=")]
        left, right = sides[0], sides[-1]
        ok = sympy.simplify(left - right) == 0 or abs(sympy.N(left - right)) <= abs(sympy.N(right)) * 0.005
        match = next((i for i, v in enumerate(step_values)
                      if sympy.simplify(right - v) == 0 or abs(sympy.N(right - v)) <= abs(v) * 0.005), None)
        out.append((bool(ok), match))
    return out


COLD = """
import time
start = time.perf_counter()
from bank.grade import grade
from bank.load import load
from bank.variant import variant
q = load().question({q!r})
grade(q, variant(q), {text!r})
import sys
assert "sympy" not in sys.modules, "the grader imported sympy"
print((time.perf_counter() - start) * 1000)
"""


def cold_ms(text: str) -> float:
    """A fresh process's first grade: imports and loading the bank (the grader never imports sympy)."""
    import subprocess

    code = COLD.format(q=QUESTION, text=text)
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(3)]
    return statistics.median(runs)


#: Four lines as a learner writes them: a label, a sentence, a count, an answer line.
SHORT = "Read: 70 GB / 6 GB/s = 11.7 s\nBoot: 11.7 + 20 = 31.7 s\nTwo replicas: 2 x 31.7 = 63.4 s\nAnswer: 31.7 s"


# --------------------------------------------------------------------------- main

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()

    import sympy

    from bank.grade import grade
    from bank.grade.reference import _build
    from bank.load import load
    from bank.solve import solve
    from bank.variant import variant

    question = load().question(QUESTION)
    base = variant(question)
    report = grade(question, base, WORKING)
    carried = grade(question, base, CARRIED)
    seeds = iter(range(10**6))

    def fresh_variant():
        _build.cache_clear()  # a new learner's numbers: nothing cached but the compiled question
        grade(question, variant(question, next(seeds)), WORKING)

    # The naive marker needs the reference values; it gets them free (not timed).
    values = [sympy.nsimplify(float(v.magnitude)) for v in solve(question, base).values.values()]
    naive = naive_grade(WORKING, values)

    boot = load().question("replica-boot-gap")
    boot_variant = variant(boot)
    rows = [
        ("bank grade, 4 lines (replica-boot-gap), warm", median_ms(lambda: grade(boot, boot_variant, SHORT), args.runs),
         "issue 10's target: 2 ms"),
        ("bank grade, 5 lines, warm", median_ms(lambda: grade(question, base, WORKING), args.runs),
         f"score {report.score}, lines {[x.status.value for x in report.lines]}"),
        ("bank grade, 5 lines, error carried forward", median_ms(lambda: grade(question, base, CARRIED), args.runs),
         f"score {carried.score}, lines {[x.status.value for x in carried.lines]}"),
        ("bank grade, 5 lines, a new variant each time", median_ms(fresh_variant, args.runs), "reference rebuilt"),
        ("naive parse_expr + simplify, 5 lines", median_ms(lambda: naive_grade(WORKING, values), max(5, args.runs // 3)),
         f"lines ok/matched {naive}"),
    ]
    rows += [
        ("first grade in a fresh process (no carry)", cold_ms(WORKING), "imports and loads the bank; no sympy"),
        ("first grade in a fresh process (with carry)", cold_ms(CARRIED), "the same, no sympy either"),
    ]
    width = max(len(name) for name, _, _ in rows)
    print(f"Grading speed ({QUESTION}, median of {args.runs} runs; target 20 ms)")
    for name, ms, note in rows:
        print(f"  {name:<{width}}  {ms:8.2f} ms   {note}")
    fast = rows[1][1]
    print(f"  naive / bank: {rows[4][1] / fast:.1f}x")
    return 0 if fast <= 20 else 1


if __name__ == "__main__":
    sys.exit(main())
