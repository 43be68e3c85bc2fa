"""Every worked question's reference working scores 1.0; its wrong working scores less.

The workings live in tests/banks/workings/<question-id>/ (reference.txt and
wrong.txt, written by each question's author for the default variant). This
test discovers them, and requires one pair for every worked question in the
bundled library, so a question without its workings fails here.

For each worked question it also derives, from the reference working, a
working with one slip (a stated value ten times too big, later lines left as
they were) and a working with an error carried forward (the same slip, with
every later line redone by hand from the wrong value), and checks that the
grader marks them as a careful marker would.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from bank.grade import grade
from bank.grade.diagnose import Slip
from bank.grade.precision import is_number
from bank.grade.reading import amount
from bank.load import load
from bank.notation import Num, names, parse_line
from bank.plan import plan
from bank.variant import variant

from ..conftest import QUESTIONS, ROOT

WORKINGS = ROOT / "tests" / "banks" / "workings"
LIBRARY = load(QUESTIONS)
WORKED = sorted(q.id for q in LIBRARY.questions() if q.worked is not None)
FOUND = sorted(p.parent.name for p in WORKINGS.glob("*/reference.txt"))


def _grade(qid: str, text: str):
    q = LIBRARY.question(qid)
    return grade(q, variant(q), text)


def _reference(qid: str) -> str:
    path = WORKINGS / qid / "reference.txt"
    assert path.is_file(), f"{qid} has no reference working at {path.relative_to(ROOT)}"
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("qid", WORKED)
def test_every_worked_question_has_workings(qid):
    for name in ("reference.txt", "wrong.txt"):
        path = WORKINGS / qid / name
        assert path.is_file(), f"missing {path.relative_to(ROOT)}"
        assert path.read_text(encoding="utf-8").strip(), f"{path.relative_to(ROOT)} is empty"


@pytest.mark.parametrize("qid", FOUND)
def test_reference_working_scores_one(qid):
    report = _grade(qid, _reference(qid))
    problems = [f"line {x.n}: {x.status}: {x.message}" for x in report.lines if x.status not in ("correct",)]
    assert report.score == 1.0, "\n".join([report.as_text()] + problems)
    assert report.final.status == "correct"
    assert all(s.status == "done" for s in report.steps)
    assert not [x for x in report.lines if x.status in ("slip", "error")]


@pytest.mark.parametrize("qid", sorted(p.parent.name for p in WORKINGS.glob("*/wrong.txt")))
def test_wrong_working_scores_less(qid):
    report = _grade(qid, (WORKINGS / qid / "wrong.txt").read_text(encoding="utf-8"))
    assert report.score < 1.0, report.as_text()
    assert report.final.status != "correct" or any(s.status != "done" for s in report.steps)


def test_workings_belong_to_questions():
    unknown = sorted(set(p.name for p in WORKINGS.iterdir() if p.is_dir()) - set(WORKED))
    assert not unknown, f"workings for questions that are not worked questions: {unknown}"


# --------------------------------------------------------------------------- derived workings

NUMBER = r"(?<![\w.,]){}(?![\w]|[.,]\d)"


def _stated(line):
    """(the stated side's segment, its written number), or None when the line states no single number."""
    if len(line.segments) < 2 or not is_number(line.segments[-1].node):
        return None
    node = line.segments[-1].node
    while not isinstance(node, Num):
        node = node.operand if hasattr(node, "operand") else node.left
    return line.segments[-1], node


def _sig_text(value: Fraction, like: str) -> str:
    """``value`` with as many significant figures as ``like`` (at least 3), never coarser than units."""
    from bank.formatting import sig, thousands

    digits = re.sub(r"[^0-9]", "", like.split("e")[0]).lstrip("0")
    text = sig(value, max(3, len(digits)))
    if "." not in text and abs(value) >= 10 ** max(3, len(digits)):
        text = thousands(value)
    return text


def _span(raw: str, segment) -> str:
    return raw[segment.start:segment.end]


def _respelled(raw: str, segment, num: Num, value: Fraction) -> str:
    """The stated side's text (``16 GFLOP``, ``$21,900``) with its number replaced."""
    return raw[segment.start:num.start] + _sig_text(value, num.text) + raw[num.end:segment.end]


FACTORS = (Fraction(10), Fraction(1, 10), Fraction(100))


def _slip_plan(qid: str, skip: int = 0, reused: bool = True):
    """(lines, index of the line to slip, its stated side, its number, factor): the first stated value
    that a later line reuses, scaled by a power of ten that no reference value happens to equal."""
    from bank.solve import solve

    q = LIBRARY.question(qid)
    shown = [Fraction(v.magnitude) for v in solve(q, variant(q)).values.values()]
    lines = _reference(qid).splitlines()
    for i, raw in enumerate(lines):
        found = _stated(parse_line(raw)) if raw.strip() else None
        if found is None:
            continue
        segment, num = found
        pattern = NUMBER.format(re.escape(_span(raw, segment)))
        if reused and not any(re.search(pattern, later.split(":", 1)[-1]) for later in lines[i + 1:]):
            continue
        factors = [f for f in FACTORS if all(abs(num.value * f - v) > abs(v) / 1000 for v in shown)]
        if len(factors) > skip:
            return lines, i, segment, num, factors[skip]
    return None


def _slipped(raw: str, segment, num: Num, factor: Fraction) -> str:
    return raw[:segment.start] + _respelled(raw, segment, num, num.value * factor) + raw[segment.end:]


def _carry_forward(qid: str, lines: list[str], i: int, segment, num: Num, factor: Fraction) -> list[str]:
    """Redo every later line by hand from the wrong value: swap the number in, recompute the result."""
    from bank.grade.reference import reference

    q = LIBRARY.question(qid)
    scope = reference(q, variant(q)).scope()
    out = list(lines)
    out[i] = _slipped(lines[i], segment, num, factor)
    swaps = {_span(lines[i], segment): _respelled(lines[i], segment, num, num.value * factor)}
    for j in range(i + 1, len(lines)):
        head, sep, body = lines[j].rpartition(":") if ":" in lines[j] else ("", "", lines[j])
        left_text, eq, rest = body.partition("=")
        changed = left_text
        for old, new in swaps.items():
            changed = re.sub(NUMBER.format(re.escape(old)), lambda m, new=new: new, changed)
        if changed == left_text:
            continue
        raw = head + sep + changed + eq + rest
        line = parse_line(raw)
        found = _stated(line)
        if found is None:
            out[j] = raw
            continue
        seg, stated = found
        left = amount(line.segments[0].node, scope, raw)
        side = amount(seg.node, scope, raw)
        if not side.written:
            continue
        same = side.annotated and left.unit is not None and left.unit.dims == side.unit.dims
        exact = left.base / (side.base / side.written) if same else left.written
        value = exact * stated.value / side.written  # back to the written number (80 for 80%)
        out[j] = raw[:seg.start] + _respelled(raw, seg, stated, value) + raw[seg.end:]
        swaps[_span(lines[j], _stated(parse_line(lines[j]))[0])] = _respelled(raw, seg, stated, value)
    return out


def _builds_on_steps(qid: str) -> bool:
    """Whether some step of the question uses an earlier step (so an error can carry forward)."""
    worked = LIBRARY.question(qid).worked
    steps = {s.name for s in worked.steps}
    trees = plan(worked).trees
    return any(x.id in steps for s in worked.steps for x in names(trees[s.name]))


@pytest.mark.parametrize("qid", FOUND)
def test_derived_slip(qid):
    lines, i, segment, num, factor = _slip_plan(qid) or _slip_plan(qid, reused=False)
    slipped = list(lines)
    slipped[i] = _slipped(lines[i], segment, num, factor)
    report = _grade(qid, "\n".join(slipped))
    line = next(x for x in report.lines if x.n == i + 1)
    assert line.status == "slip", report.as_text()
    assert line.diagnosis == Slip.POWER, report.as_text()
    assert line.step is not None
    assert report.score < 1.0
    later = [x for x in report.lines if x.n > i + 1]
    assert all(x.status in ("correct", "unmatched") for x in later), report.as_text()


def test_every_working_has_something_to_carry():
    """Every worked question has a step that builds on an earlier one, so an error can be carried."""
    assert [qid for qid in FOUND if not _builds_on_steps(qid)] == []


@pytest.mark.parametrize("qid", FOUND)
def test_derived_error_carried_forward(qid):
    assert _slip_plan(qid) is not None, "the reference working never reuses a value it states"
    for skip in range(len(FACTORS)):  # a learner's slip that leaves every later value sensible (no negatives)
        plan = _slip_plan(qid, skip)
        if plan is None:
            pytest.skip("no slip keeps this working's later values positive")
        lines, i, segment, num, factor = plan
        working = _carry_forward(qid, lines, i, segment, num, factor)
        if not any("-" in w and "-" not in r for w, r in zip(working, lines)):
            break
    report = _grade(qid, "\n".join(working))
    slip = next(x for x in report.lines if x.n == i + 1)
    assert slip.status == "slip" and slip.diagnosis == Slip.POWER, report.as_text()
    changed = [x for x in report.lines if x.n > i + 1 and working[x.n - 1] != lines[x.n - 1]]
    marked = [x for x in changed if x.status != "unmatched"]  # intermediates that are no step are fine
    assert marked, report.as_text()
    assert marked[0].status == "carried", report.as_text()
    assert any(c.step == slip.step for x in marked for c in x.carried), report.as_text()
    assert all(x.status in ("carried", "correct", "unmatched") for x in changed), report.as_text()
    assert report.score < 1.0
    if any(x.step == report.final.step for x in changed):
        assert report.final.status == "wrong"
        assert report.final.diagnosis is None
