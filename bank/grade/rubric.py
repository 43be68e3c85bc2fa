"""The score: a number from 0 to 1, half for the steps credited and half for the final answer.

- **Steps (50%).** Each reference step is worth the same. A step is credited
  when a line matches it (``done``), when a line that computes a later step
  directly subsumes it (``done``), or when a line applies the right method to
  the learner's own earlier value (``carried``: error carried forward earns
  full method credit). A slip earns nothing for its step (except one only
  rounded too soon, which keeps its method credit), but the learner's wrong
  value carries forward, so later steps are not punished again.
- **Final answer (50%).** Shared equally by the answer's parts. A part correct
  at the precision written: full credit. Off only because an intermediate
  value was rounded too early (premature rounding): half credit (each
  diagnosis in :data:`bank.grade.diagnose.DIAGNOSES` says what it keeps).
  Wrong or missing: none.
- Unmatched lines (right arithmetic, no step) and lines that cannot be read
  cost nothing by themselves; they simply earn nothing.

>>> score(["done", "done"], [1.0])
1.0
>>> score(["done", "carried", "missing"], [0.0])
0.3333
>>> score(["done", "carried"], [0.5])
0.75
>>> score(["done", "done"], [1.0, 0.0])
0.75
"""

from __future__ import annotations

from typing import Sequence

STEP_WEIGHT = 0.5
FINAL_WEIGHT = 0.5


def score(steps: Sequence[str], parts: Sequence[float]) -> float:
    """Weighted score, rounded to four places: ``steps`` are coverages, ``parts`` each answer part's credit
    (:attr:`bank.grade.report.Final.credit`)."""
    credited = sum(str(s) in ("done", "carried") for s in steps) / len(steps) if steps else 0.0
    final_credit = sum(parts) / len(parts) if parts else 0.0
    return round(STEP_WEIGHT * credited + FINAL_WEIGHT * final_credit, 4)
