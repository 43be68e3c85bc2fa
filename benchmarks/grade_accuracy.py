"""How well the grader marks what people write: prints the figures the grader's issue asks for.

1. Agreement with the hand-marked corpus of realistic workings (tests/grade/corpus), and every disagreement;
   for the held-out workings (tests/grade/holdout), which the grader was never changed to fit, the figure
   alone: their disagreements are not printed, so that nobody fits the grader to them. Likewise the spoken
   transcripts (tests/grade/spoken), numbers said in words, which the grader does not read yet.
2. Self-consistency: every worked question's own step texts, exactly as ``bank show --json`` gives them,
   graded against the same variant, for the default variant and N seeds; how many score 1.00.

    python benchmarks/grade_accuracy.py [--seeds 50] [--quiet]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()

    from bank.load import load
    from tests.grade.corpus_check import CORPUS, HOLDOUT, SPOKEN, agreement, workings
    from tests.grade.self_check import self_consistency

    library = load()
    for name, folder in (("corpus", CORPUS), ("holdout", HOLDOUT), ("spoken", SPOKEN)):
        if not workings(folder):
            continue
        agree, total, wrong = agreement(library, folder)
        print(f"{name} agreement: {agree}/{total} checks = {agree / total:.1%} ({len(workings(folder))} workings)")
        if not args.quiet and folder == CORPUS:
            for c in wrong:
                print(f"  {c.working} {c.where}: tutor {c.expected}; grader {c.got}")
    full, runs, failures = self_consistency(library, args.seeds)
    print(f"self-consistency: {full}/{runs} worked answers grade 1.00 (default + {args.seeds} seeds each)")
    if not args.quiet:
        for f in failures[:40]:
            print(f"  {f}")


if __name__ == "__main__":
    main()
