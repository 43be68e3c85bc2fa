"""Fuzz the learner parser and the grader: 100,000 random and adversarial inputs, 100 ms each at most.

Usage: python fuzz/fuzz_grader.py [--count 100000] [--seed 0] [--limit-ms 100]

Every input is parsed and graded against one of the bundled worked
questions (in turn). Each must give a result or a located error, with no
exception, within the time limit (an input over the limit is timed again,
best of four, so that a pause of a busy machine is not blamed on it).
Prints a summary and exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from inputs import examine, inputs  # noqa: E402


#: Timing retries for an input over the limit; the best of them counts.
RETRIES = 3


def _timed(text: str, owner, var) -> float:
    start = time.perf_counter()
    examine(text, owner, var)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit-ms", type=float, default=100.0)
    args = parser.parse_args()

    from bank.grade.reference import reference
    from bank.load import load
    from bank.variant import variant

    owners = [q for q in load().questions() if q.worked is not None]
    targets = [(q, variant(q)) for q in owners]
    for q, v in targets:  # warm: plans and compiled functions, as in a running quiz
        ref = reference(q, v)
        ref.reevaluate(ref.result.name, {})
        examine("1 + 1 = 2", q, v)

    times, failures, slow = [], [], []
    for i, text in enumerate(inputs(args.seed, args.count)):
        owner, var = targets[i % len(targets)]
        try:
            elapsed = _timed(text, owner, var)
            if elapsed > args.limit_ms:  # on a shared machine a pause is not the input's fault: retry
                elapsed = min([elapsed] + [_timed(text, owner, var) for _ in range(RETRIES)])
        except Exception as exc:  # noqa: BLE001 - the point is to catch anything
            failures.append((i, repr(text[:120]), f"{type(exc).__name__}: {exc}"))
            continue
        times.append(elapsed)
        if elapsed > args.limit_ms:
            slow.append((i, repr(text[:120]), elapsed))

    times.sort()
    print(f"inputs: {len(times):,} (seed {args.seed}) over {len(targets)} questions")
    print(f"time per input: median {statistics.median(times):.2f} ms, p99 {times[int(len(times) * 0.99)]:.2f} ms, "
          f"max {times[-1]:.2f} ms (limit {args.limit_ms:.0f} ms)")
    print(f"exceptions: {len(failures)}, over the limit: {len(slow)}")
    for i, text, why in failures[:20]:
        print(f"  FAIL #{i} {text}: {why}")
    for i, text, ms in slow[:20]:
        print(f"  SLOW #{i} {text}: {ms:.1f} ms")
    return 1 if failures or slow else 0


if __name__ == "__main__":
    sys.exit(main())
