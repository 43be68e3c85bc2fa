"""What ``bank list`` shows: every bank and its questions, as JSON-ready data or as text.

Nothing here imports YAML, the schema validator or sympy: ``bank list`` reads a
cached library and prints it.

>>> from bank.load import load
>>> text = as_text(load())
>>> print(text.splitlines()[0])
Inference Serving Arithmetic (inference-serving-arithmetic, 10 questions)
>>> as_dict(load())["questions"][0]["worked"]
True
"""

from __future__ import annotations

from typing import Any

from .model import LEVELS, Bank, Library, Question

_LEVEL_WIDTH = max(map(len, LEVELS))


def question_summary(question: Question) -> dict[str, Any]:
    """One question in a listing: id, bank, level, title, and whether it has a worked answer."""
    return {"id": question.id, "bank": question.bank, "level": question.level, "title": question.title,
            "worked": question.worked is not None}


def as_dict(library: Library) -> dict[str, Any]:
    """The banks (slug, title, how many questions) and every question, for ``bank list --json``."""
    return {"banks": [{"slug": b.slug, "title": b.title, "questions": len(b.questions)} for b in library.banks],
            "questions": [question_summary(q) for q in library.questions()]}


def as_text(library: Library) -> str:
    """Each bank's title, then a row per question: id, level, worked or prose, title."""
    return "".join(_bank_text(bank) + "\n" for bank in library.banks)


def _bank_text(bank: Bank) -> str:
    width = max((len(q.id) for q in bank.questions), default=0)
    lines = [f"{bank.title} ({bank.slug}, {len(bank.questions)} questions)"]
    for q in bank.questions:
        kind = "worked" if q.worked is not None else "prose "
        lines.append(f"  {q.id:<{width}}  {q.level:<{_LEVEL_WIDTH}}  {kind}  {q.title}")
    return "".join(line + "\n" for line in lines)


__all__ = ["as_dict", "as_text", "question_summary"]
