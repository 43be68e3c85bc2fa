"""How long until the first quiz question is on screen, next to `import sympy`.

Each run starts `bank quiz` in a real pseudo-terminal (pexpect), as a
learner pressing Enter would, and stops the clock when the first prompt
(after the problem text) appears. The same is done for
`python -c "import sympy"` (until it exits). Target: the quiz's median under
0.3 s, well below the sympy import it must not wait for.

The quiz is timed twice: as learners meet it (the loaded banks come from the
quiz's cache, rebuilt whenever a file changes) and with no cache at all
(every file read and schema-checked, as on the first run after an edit).
The runs are interleaved so machine load affects all three alike.

It also checks the import order: with `-X importtime`, no sympy module may be
imported before the first question is printed.

    .venv/bin/python benchmarks/quiz_first_question.py [--runs 15] [--questions DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

BIN = Path(sys.executable).parent


def spawn_time(argv: list[str], until, env: dict, after=None) -> float:
    """Seconds from spawning ``argv`` in a pty to seeing ``until`` (a pattern or pexpect.EOF)."""
    start = time.perf_counter()
    child = pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", timeout=30, dimensions=(40, 100))
    child.expect(until)
    elapsed = time.perf_counter() - start
    if after:
        after(child)
    child.close(force=True)
    return elapsed


def quiz_argv(db: str, questions: str | None) -> list[str]:
    argv = [str(BIN / "bank"), "quiz", "--db", db, "--seed", "bench", "-n", "1"]
    return argv + (["--questions", questions] if questions else [])


def first_question(db: str, questions: str | None, env: dict) -> float:
    """Seconds to the first question's prompt."""
    def leave(child):
        child.sendline("quit")
        child.expect(pexpect.EOF)

    return spawn_time(quiz_argv(db, questions), "answer> ", env, leave)


def sympy_import(env: dict) -> float:
    return spawn_time([sys.executable, "-c", "import sympy"], pexpect.EOF, env)


def sympy_before_question(db: str, questions: str | None, env: dict) -> list[str]:
    """Modules named *sympy* that `-X importtime` reports before the first question's prompt."""
    argv = [sys.executable, "-X", "importtime", "-m", "bank"] + quiz_argv(db, questions)[1:]
    child = pexpect.spawn(argv[0], argv[1:], env={**env, "PYTHONUNBUFFERED": "1"}, encoding="utf-8",
                          timeout=30, dimensions=(40, 100))
    child.expect("answer> ")
    before = child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    return [line for line in before.splitlines() if "import time" in line and "sympy" in line]


def describe(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (f"{name:<28} first {times[0] * 1000:6.0f} ms   median {statistics.median(ms):6.0f} ms   "
            f"min {ms[0]:6.0f} ms   max {ms[-1]:6.0f} ms   ({len(ms)} runs)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--questions", default=os.environ.get("BANK_QUESTIONS"))
    args = parser.parse_args()
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm"}
    env.pop("BANK_DB", None)
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.sqlite3")
        cached = {**env, "BANK_CACHE": str(Path(tmp) / "cache")}
        uncached = {**env, "BANK_CACHE": os.devnull + "/no-cache"}  # cannot be created: never cached
        first_question(db, args.questions, cached)  # fill the cache
        quiz, fresh, sympy = [], [], []
        for _ in range(args.runs):
            quiz.append(first_question(db, args.questions, cached))
            fresh.append(first_question(db, args.questions, uncached))
            sympy.append(sympy_import(env))
        early = sympy_before_question(db, args.questions, uncached)
    print(describe("bank quiz: first question", quiz))
    print(describe("  ... with no library cache", fresh))
    print(describe('python -c "import sympy"', sympy))
    print(f"sympy modules imported before the first question: {len(early)}")
    for line in early[:5]:
        print("   ", line)
    target = statistics.median(quiz) < 0.3 and not early
    print("target (median < 300 ms, no sympy before the question):", "met" if target else "MISSED")
    return 0 if target else 1


if __name__ == "__main__":
    sys.exit(main())
