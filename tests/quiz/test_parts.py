"""Answer parts in the quiz: each part the working did not give is asked for, marked, and judged on reveal.

The session is driven with the real grader for a single-part question, and
with a stand-in grader that reports ``Report.parts`` (one ``Final`` per part,
the lead's API) for the two-part demo question, so the flow is pinned
whatever the grader's own multi-part rules are.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone

import pytest
from rich.console import Console

from bank.grade import Final, LineResult
from bank.load import load
from bank.quiz import session as s
from bank.quiz.terminal import Terminal
from bank.quiz.warm import Warm
from bank.variant import variant
from tests.classroom.conftest import QUESTIONS

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


@pytest.fixture(scope="module")
def library():
    return load(QUESTIONS)


@dataclass
class PartsReport:
    """What the grader returns once ``Report.parts`` lands: a verdict per part, the aggregate, the lines."""

    parts: tuple
    lines: tuple
    score: float
    steps: tuple = ()
    final: Final = field(init=False)

    def __post_init__(self):
        worst = next((p for p in self.parts if p.status != "correct"), self.parts[0])
        self.final = worst


class StandIn:
    """Grades drain-bill: a line mentioning a part's label is that part, right when it holds the right number."""

    def __init__(self, right: dict[str, str]):
        self.right, self.texts = right, []

    def __call__(self, question, v, text):
        self.texts.append(text)
        lines = [line for line in text.splitlines() if line.strip()]
        parts, results = [], []
        for n, line in enumerate(lines, 1):
            results.append(LineResult(n, line, "correct" if any(r in line for r in self.right.values()) else "slip"))
        for step, label in (("drain_time", "drain time"), ("drain_cost", "drain cost")):
            mine = [line for line in lines if line.startswith(label)]
            status = "missing" if not mine else "correct" if self.right[step] in mine[-1] else "wrong"
            parts.append(Final(status, 1.0, step=step, message=f"{label} {status}"))
        return PartsReport(tuple(parts), tuple(results), sum(p.status == "correct" for p in parts) / 2)


def two_part_session(library, grade):
    question = library.question("drain-bill")
    item = s.Item(question, variant(question, "k"), "problem")
    warm = Warm([item], {})
    return s.Session([item], grade=grade, render=warm.render, clock=lambda: T0)


def test_items_know_their_parts_without_sympy(library):
    item = s.Item(library.question("drain-bill"), None)
    assert item.parts == (("drain_time", "drain time"), ("drain_cost", "drain cost"))
    assert s.Item(library.question("prose-only"), None).parts == ()


def test_each_part_the_working_left_out_is_asked_for_by_label(library):
    grade = StandIn({"drain_time": "21", "drain_cost": "0.0146"})
    session = two_part_session(library, grade)
    session.start()
    session.feed("")                                   # no short answer
    assert kinds(session.feed("drain time: 21 s")) == ["Verdict"]
    events = session.feed("")                          # working ends: the cost is missing
    assert kinds(events) == ["AskPart"] and events[0].label == "drain cost" and events[0].first
    assert session.phase is s.Phase.PARTS and session.asking == "drain cost"
    events = session.feed("$0.0146")
    assert kinds(events) == ["Verdict", "Revealed", "Choices"]
    assert grade.texts[-1].splitlines()[-1] == "drain cost: $0.0146"   # marked as a labelled working line
    assert events[1].score == 1.0 and session.asking is None


def test_an_empty_line_leaves_a_part_blank_and_every_part_is_asked_in_order(library):
    session = two_part_session(library, StandIn({"drain_time": "21", "drain_cost": "0.0146"}))
    session.start()
    session.feed("")
    first = session.feed("")                           # no working at all: both parts asked, time first
    assert [e.label for e in first] == ["drain time"]
    second = session.feed("")
    assert kinds(second) == ["AskPart"] and second[0].label == "drain cost" and not second[0].first
    revealed = session.feed("")
    assert kinds(revealed) == ["Revealed", "Choices"] and revealed[0].score == 0.0


def test_commands_still_work_at_a_part_prompt(library):
    session = two_part_session(library, StandIn({"drain_time": "21", "drain_cost": "0.0146"}))
    session.start()
    session.feed("")
    session.feed("")
    assert kinds(session.feed("show")) == ["Revealed", "Choices"] and session.phase is s.Phase.RATING


def test_the_reveal_judges_every_part(library):
    session = two_part_session(library, StandIn({"drain_time": "21", "drain_cost": "0.0146"}))
    session.start()
    session.feed("")
    session.feed("drain time: 21 s")
    session.feed("drain cost: $9")
    revealed, choices = session.feed("")
    console = Console(file=io.StringIO(), width=120, color_system=None)
    Terminal(console).show([revealed])
    out = console.file.getvalue()
    assert "✓ drain time correct" in out and "✗ drain cost wrong" in out
    assert re.search(r"Final answers:\n    drain time: \d", out) and re.search(r"\n    drain cost: \$", out)


def test_the_first_question_lists_the_parts_it_asks_for(library):
    question = library.question("drain-bill")
    console = Console(file=io.StringIO(), width=120, color_system=None)
    Terminal(console).show([s.Asked(1, 1, s.Item(question, variant(question, "k"), "problem"))])
    assert "It asks for 2 answers: drain time, drain cost." in console.file.getvalue()


def test_a_single_part_left_out_is_asked_for_and_marked_by_the_real_grader(questions_dir):
    library = load(questions_dir)
    question = library.question("replica-boot-gap")
    v = variant(question, "s1")
    item = s.Item(question, v, "problem")
    warm = Warm([item], {})
    session = s.Session([item], grade=warm.grade, render=warm.render, clock=lambda: T0)
    session.start()
    session.feed("")
    [ask] = session.feed("")
    assert ask.label == question.worked.step(question.worked.result).title
    from bank.render import render_question

    answer = render_question(question, v).result_text
    verdict, revealed, _ = session.feed(answer)
    assert verdict.line.status == "correct" and revealed.report.final.status == "correct"


def test_answer_line_keeps_a_label_the_learner_typed():
    assert s.answer_line("drain cost", "$0.0146") == "drain cost: $0.0146"
    assert s.answer_line("a: b", "3") == "a  b: 3"
    assert s.answer_line("drain cost", "cost: $1") == "cost: $1"
