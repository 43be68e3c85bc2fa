"""bank: interview practice question banks with a step-by-step arithmetic grader.

The pipeline, one module per stage::

    load -> model -> variant -> plan/solve (and grade) -> text/render -> write

>>> from bank import load, variant, solve
>>> q = load().question("replica-boot-gap")
>>> str(solve(q, variant(q)).result)
'32'
"""

from __future__ import annotations

__version__ = "0.1.0"

_EXPORTS = {
    "load": "bank.load", "gather": "bank.load",
    "variant": "bank.variant", "derive_seed": "bank.variant",
    "solve": "bank.solve", "solve_many": "bank.solve",
    "plan": "bank.plan",
    "render": "bank.text",
    "parse": "bank.notation",
    "grade": "bank.grade",
    "BankError": "bank.errors", "Problem": "bank.errors", "ProblemsFound": "bank.errors",
    "NotationError": "bank.errors",
}


def __getattr__(name: str):
    # Lazy re-exports keep `import bank` (and so `bank --help`) light.
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'bank' has no attribute {name!r}")


__all__ = sorted(_EXPORTS)
