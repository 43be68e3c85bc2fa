"""bank: interview practice question banks with a step-by-step arithmetic grader.

The pipeline, one module per stage::

    load -> model -> variant -> plan/solve -> grade -> render/text -> site, quiz, classroom

Each stage's function lives in the module of the same name:

>>> from bank.load import load
>>> from bank.variant import variant
>>> from bank.solve import solve
>>> q = load().question("replica-boot-gap")
>>> str(solve(q, variant(q)).result)
'32'

``bank.grade(question, variant, text)`` marks a learner's working (see :mod:`bank.grade`).
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

# Lazy re-exports keep `import bank` (and so `bank --help`) light. Names that
# equal a submodule (load, variant, solve...) are not re-exported: importing the
# submodule would rebind them to the module.
_EXPORTS = {
    "gather": "bank.load", "derive_seed": "bank.variant", "solve_many": "bank.solve",
    "render_question": "bank.render", "parse": "bank.notation",
    "BankError": "bank.errors", "Problem": "bank.errors", "ProblemsFound": "bank.errors",
    "NotationError": "bank.errors",
}


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    if name == "grade":  # the package is callable: bank.grade(question, variant, text)
        import importlib

        return importlib.import_module("bank.grade")
    raise AttributeError(f"module 'bank' has no attribute {name!r}")


__all__ = sorted([*_EXPORTS, "grade"])
