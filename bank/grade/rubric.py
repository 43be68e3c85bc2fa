"""The score: a number from 0 to 1, half for the steps credited and half for the final answer.

- **Steps (50%).** Each reference step is worth the same. A step is credited
  when a line matches it (``done``), when a line that computes a later step
  directly subsumes it (``done``), or when a line applies the right method to
  the learner's own earlier value (``carried``: error carried forward earns
  full method credit). A slip earns nothing for its step, but the learner's
  wrong value carries forward, so later steps are not punished again.
- **Final answer (50%).** Correct at the precision written: full credit.
  Off only because an intermediate value was rounded too early
  (premature rounding): half credit. Wrong or missing: none.
- Unmatched lines (right arithmetic, no step) and lines that cannot be read
  cost nothing by themselves; they simply earn nothing.

>>> score(["done", "done"], "correct", None)
1.0
>>> score(["done", "carried", "missing"], "wrong", None)
0.3333
>>> score(["done", "carried"], "wrong", "premature-rounding")
0.75
"""

from __future__ import annotations

STEP_WEIGHT = 0.5
FINAL_WEIGHT = 0.5
FINAL_CREDIT = {"correct": 1.0, "wrong": 0.0, "missing": 0.0}
ROUNDING_CREDIT = 0.5


def score(steps: list[str], final: str, diagnosis: str | None) -> float:
    """Weighted score, rounded to four places."""
    credited = sum(s in ("done", "carried") for s in steps) / len(steps) if steps else 0.0
    final_credit = FINAL_CREDIT[final]
    if final == "wrong" and diagnosis == "premature-rounding":
        final_credit = ROUNDING_CREDIT
    return round(STEP_WEIGHT * credited + FINAL_WEIGHT * final_credit, 4)
