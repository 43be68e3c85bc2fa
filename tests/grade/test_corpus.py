"""The grader agrees with a careful human tutor on the hand-marked corpus of realistic workings.

The corpus (tests/grade/corpus) was written and marked by hand before the grader
was run on it. The bar is the issue's: at least 95% of checks (line verdicts and
final answers) agree. ``python benchmarks/grade_accuracy.py`` prints the figure and
every disagreement.
"""

from __future__ import annotations

import pytest

from .corpus_check import HOLDOUT, SPOKEN, agreement, load_working, workings

MIN_AGREEMENT = 0.95


def test_corpus_is_large_and_spans_both_banks(library):
    paths = workings()
    assert len(paths) >= 80
    banks = {library.question(load_working(p)["question"]).bank for p in paths}
    assert banks == {b.slug for b in library.banks}


@pytest.mark.parametrize("path", workings() + workings(HOLDOUT) + workings(SPOKEN),
                         ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.stem}")
def test_working_is_well_formed(path, library):
    data = load_working(path)
    lines = data["working"].splitlines()
    marked = [m["line"] for m in data["marks"]]
    assert marked == [i for i, text in enumerate(lines, 1) if text.strip()], "one mark per non-blank line"
    q = library.question(data["question"])
    names = {s.name for s in q.worked.steps}
    for m in data["marks"]:
        assert m["status"] in ("correct", "carried", "slip", "unmatched", "error")
        assert set(m.get("steps") or ()) <= names, m
    finals = data["final"] if isinstance(data["final"], list) else [data["final"]]
    assert len(finals) == len(q.worked.parts)


def test_grader_agrees_with_the_tutor(library):
    agree, total, wrong = agreement(library)
    shown = "\n".join(f"{c.working} {c.where}: tutor {c.expected}; grader {c.got}" for c in wrong)
    assert agree / total >= MIN_AGREEMENT, f"{agree}/{total} = {agree / total:.1%}\n{shown}"
