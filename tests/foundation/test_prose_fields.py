"""`bank.model.prose_fields` is the one list of prose: nothing a template may hold is left out of it,
and every path it gives is one the loader marked, so a fault in any field is located."""

from __future__ import annotations

from dataclasses import fields

import pytest

from bank.load import load
from bank.model import Question, Step, Term, Worked, prose_fields

LIBRARY = load()
OWNERS = [*LIBRARY.questions(), *LIBRARY.glossary]

#: Text fields that are not prose templates: identities, names, units, formats, and labels
#: (plain words, linted on their own).
NOT_PROSE = {
    Question: {"id", "bank", "level", "path", "tags"},
    Term: {"id", "term", "path", "aliases"},
    Worked: {"parts", "constraints"},
    Step: {"name", "expr", "unit", "format", "label"},
}


def _text_fields(cls: type) -> set[str]:
    return {f.name for f in fields(cls) if f.type in ("str", "tuple[str, ...]")} - NOT_PROSE[cls]


def _field(owner: Question | Term, path: tuple) -> str:
    """The owner's or its worked answer's field a path starts in."""
    base = owner.worked_path
    return path[len(base)] if path[:len(base)] == base else path[0]


WITH_KEY_POINTS = next(q for q in LIBRARY.questions() if q.key_points and q.worked)


@pytest.mark.parametrize("cls, owner", [(Question, WITH_KEY_POINTS), (Term, LIBRARY.glossary[0])],
                         ids=["question", "term"])
def test_every_text_field_is_listed(cls, owner):
    listed = {_field(owner, path) for path, _ in prose_fields(owner)}
    assert listed == _text_fields(cls) | _text_fields(Worked) | {"steps"}
    assert _text_fields(Step) == {"text"}  # the one prose field of a step


@pytest.mark.parametrize("owner", OWNERS, ids=[o.key for o in OWNERS])
def test_every_path_is_marked_by_the_loader(owner):
    missing = [path for path, _ in prose_fields(owner) if path not in owner.marks]
    assert not missing


def test_the_texts_are_the_fields():
    q = LIBRARY.question("replica-boot-gap")
    texts = dict(prose_fields(q))
    assert texts[("title",)] == q.title and texts[("takeaway",)] == q.takeaway
    assert texts[("steps", 0, "text")] == q.worked.steps[0].text
