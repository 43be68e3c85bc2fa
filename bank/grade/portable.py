"""The grader as plain data in, plain data out: what the browser's working box runs under Pyodide.

Two functions take and return JSON-able data:

- ``worked_data(owner) -> dict``: a worked question as data (params, steps, parts, constraints);
- ``grade_data(data, values, text) -> dict``: the dict of ``bank grade --json`` for that variant.

This module imports nothing but the standard library and the pure-Python grader (it runs in
Pyodide, where there is no sympy, jinja2, yaml, click or jsonschema), so the page's verdicts are
``bank grade --json``'s, computed by the same code.

>>> from bank.load import load
>>> q = load().question("replica-boot-gap")
>>> data = worked_data(q)
>>> values = {p["name"]: p["default"] for p in data["params"]}
>>> report = grade_data(data, values, "70 / 6 = 11.7\\n11.7 + 20 = 31.7")
>>> report["score"], [line["status"] for line in report["lines"]]
(1.0, ['correct', 'correct'])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ..model import Param, Question, Step, Term, Variant, Worked


def _ratio(x: Fraction | None) -> str | None:
    return None if x is None else f"{x.numerator}/{x.denominator}"


def _fraction(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(text)


def worked_data(owner: Question | Term) -> dict[str, Any]:
    """A worked question (or glossary example) as JSON-able data, exact numbers as ``"n/d"``."""
    worked = owner.worked
    if worked is None:
        raise ValueError(f"`{owner.id}` has no worked answer")
    params = [{"name": p.name, "default": _ratio(p.default), "unit": p.unit, "min": _ratio(p.min),
               "max": _ratio(p.max), "step": _ratio(p.step), "choices": [_ratio(c) for c in p.choices],
               "format": p.format} for p in worked.params]
    steps = [{"name": s.name, "expr": s.expr, "unit": s.unit, "format": s.format, "label": s.label}
             for s in worked.steps]
    return {"id": owner.id, "kind": "term" if isinstance(owner, Term) else "question",
            "params": params, "steps": steps, "parts": list(worked.parts), "constraints": list(worked.constraints)}


def owner_from(data: Mapping[str, Any]) -> Question:
    """The question (a stand-in owner with just its worked answer) that ``data`` describes."""
    params = tuple(Param(p["name"], Fraction(p["default"]), p["unit"], _fraction(p["min"]), _fraction(p["max"]),
                         _fraction(p["step"]), tuple(Fraction(c) for c in p["choices"]), p["format"])
                   for p in data["params"])
    steps = tuple(Step(s["name"], s["expr"], s["unit"], "", s["format"], s["label"]) for s in data["steps"])
    worked = Worked("", params, steps, tuple(data["parts"]), tuple(data["constraints"]))
    return Question(data["id"], "", "core", "", "", "", worked=worked)


_OWNERS: dict[str, Question] = {}


def grade_data(data: Mapping[str, Any], values: Mapping[str, str], text: str,
               seed: str | None = None) -> dict[str, Any]:
    """Mark ``text`` for the variant with param ``values`` (``"n/d"`` strings); the JSON of ``bank grade``."""
    from .marker import grade

    key = repr(sorted(data.items(), key=lambda kv: kv[0]))
    owner = _OWNERS.get(key) or _OWNERS.setdefault(key, owner_from(data))
    assert owner.worked is not None
    chosen = tuple((p.name, Fraction(values[p.name])) for p in owner.worked.params)
    return grade(owner, Variant(owner.key, seed, chosen), text).as_dict()
