"""The step grader: mark a learner's working line by line against the reference working.

``grade(question, variant, text) -> Report``. One module per concept:

- :mod:`.precision`: what a written number stands for (rounding to the precision written);
- :mod:`.reading`: a learner's expression, strictly with units and as written;
- :mod:`.splitting`: a chain's claims, split as a careful reader splits them;
- :mod:`.arithmetic`: rule 1, each line's own arithmetic, and its slips;
- :mod:`.diagnose`: naming a slip (sign, power of ten, transposed digits, wrong operation,
  a missing unit conversion);
- :mod:`.reference`: the reference working for the variant;
- :mod:`.matching`: a stated value against a reference value, units deciding how;
- :mod:`.leaves`: what each number of a line stands for (for error carried forward);
- :mod:`.marker`: the whole working: matching, carry, coverage, the final answer;
- :mod:`.rubric`: the score; :mod:`.report`: the result and its JSON;
- :mod:`.answer`: the final-answer rule alone, for a single answer box (``accepts``).

>>> from bank.load import load
>>> from bank.variant import variant
>>> q = load().question("replica-boot-gap")
>>> report = grade(q, variant(q), "Read time: 70 GB / 6 GB/s = 11.7 s.\\nSo boot takes 11.7 + 20 = 31.7 s")
>>> report.score, report.final.status.value
(1.0, 'correct')
"""

from __future__ import annotations

import sys
import types

from ..model import Question, Term, Variant

from .answer import accepts
from .marker import grade
from .report import Carry, Final, LineResult, Report, StepCoverage

__all__ = ["grade", "accepts", "Report", "LineResult", "StepCoverage", "Final", "Carry"]


class _CallablePackage(types.ModuleType):
    """``bank.grade(question, variant, text)`` works even where ``bank.grade`` is this package.

    Importing the package binds ``bank.grade`` to it, shadowing the lazy
    re-export of the function of the same name; calling the package calls
    the function.
    """

    def __call__(self, owner: Question | Term, variant: Variant, text: str) -> Report:
        return grade(owner, variant, text)


sys.modules[__name__].__class__ = _CallablePackage
